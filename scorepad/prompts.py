"""How scorepad asks: the Prompter protocol, the terminal prompter (the only prompt_toolkit import), a scripted one.

The terminal prompter keeps one text prompt and one menu for a whole game: building a prompt_toolkit
prompt loads some 600 key bindings, which cost a player ~25 ms (a menu ~50 ms) between every two questions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

# A validator returns None when the text is acceptable, else the message to show under the prompt.
Validator = Callable[[str], "str | None"]

# --- text for people ----------------------------------------------------------------------------------

REFUSED = "  ✗ {text}: {problem}"  # over the question asked again, the refused answer cleared from it
REFUSED_EMPTY = "  ✗ {problem}"
REFUSED_INDENT = "    "  # a refusal's next lines start under its text
MENU_HINT = "(arrows, or type to pick)"
MENU_TYPED = "typed: {typed}"
MENU_NO_MATCH = "no choice matches {typed!r}: Backspace, or a word: {words}"
MENU_NO_MATCH_NO_WORDS = "no choice matches {typed!r}: Backspace to change it"
MENU_MORE = "  … {count} more"
CONFIRM_HINT = {True: "(Y/n)", False: "(y/N)"}
YES, NO = "Yes", "No"
MENU_ROWS = 12  # a menu longer than this scrolls (an edit menu lists every answer of a game)


class Aborted(Exception):
    """The player pressed Ctrl-C (or Ctrl-D) at a prompt."""


class Prompter(Protocol):
    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str: ...

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str: ...

    def confirm(self, message: str, *, default: bool = True) -> bool: ...


def menu_matches(typed: str, choices: Sequence[str]) -> list[str]:
    """The choices a typed text picks out, best first: those it starts (case aside), else those with a word it
    starts, else those holding it. The menu points at the first; Enter takes it.

    >>> menu_matches("b", ["Ana", "Ben", "Bo"]), menu_matches("loan", ["Take a loan", "Repay loans", "Run"])
    (['Ben', 'Bo'], ['Take a loan', 'Repay loans'])
    >>> menu_matches("ben gr 2", ["Game 1 · Ben · Green: 5 8", "Game 2 · Ben · Green: W W 3", "Game 2 · Ana · Red"])
    ['Game 2 · Ben · Green: W W 3']
    """
    key = typed.strip().casefold()
    if not key:
        return list(choices)
    folded = [(c, c.casefold()) for c in choices]
    words = key.split()
    return ([c for c, f in folded if f.startswith(key)]
            or [c for c, f in folded if any(w.startswith(key) for w in f.split())]
            or [c for c, f in folded if key in f]
            # several words, each starting one of the choice's (`ana green` for "Game 1 · Ana · Green: W W")
            or [c for c, f in folded if len(words) > 1 and all(any(w.startswith(t) for w in f.split()) for t in words)])


def typed_word(typed: str, words: Sequence[str]) -> bool:
    """Whether a text typed at a menu is one of the prompt words it takes (`undo`, `help`, `cash Ana`)."""
    first = typed.strip().split()[0].lower() if typed.strip() else ""
    return first in {w.lower() for w in words}


def wrap_lines(text: str, columns: int, indent: str = REFUSED_INDENT,
               width: Callable[[str], int] = len) -> list[str]:
    """`text` cut into lines of at most `columns` (as `width` measures them: the terminal's cell count), at
    spaces, a word too long for a line cut where it must; the next lines start with `indent`.

    >>> wrap_lines("  ✗ 0: best card 26 is worth more than 25", 20)
    ['  ✗ 0: best card 26', '    is worth more', '    than 25']
    >>> wrap_lines("  ✗ /a/very/long/path.pdf: no", 12)
    ['  ✗ /a/very/', '    long/pat', '    h.pdf:', '    no']
    """
    columns = max(columns, width(indent) + 1)
    lines, line = [], text[:len(text) - len(text.lstrip(" "))]
    for word in text.split():
        joined = f"{line} {word}" if line.strip() else line + word
        if width(joined) <= columns:
            line = joined
        elif width(indent + word) <= columns:  # on the next line
            lines.append(line)
            line = indent + word
        else:  # too long for any line: cut where a line is full
            line = f"{line} " if line.strip() else line
            for ch in word:
                if width(line + ch) > columns:
                    lines.append(line)
                    line = indent
                line += ch
    lines.append(line)
    return lines


def resolve_menu(typed: str, choices: Sequence[str], words: Sequence[str] = ()) -> str | None:
    """What Enter gives at a menu after typing `typed`: a prompt word as typed (unless it is also a choice's
    name), else the first matching choice, else None (Enter does nothing)."""
    if typed in choices:
        return typed
    matches = menu_matches(typed, choices)
    if typed_word(typed, words) and typed.strip().casefold() not in (c.casefold() for c in matches):
        return typed.strip()
    return matches[0] if matches else None


class TerminalPrompter:
    """The real prompts: a refused answer is cleared and its reason stays over the question; a menu takes the
    arrow keys or typed letters. `input`/`output` are prompt_toolkit's (tests pass a pipe, tech-notes §2)."""

    def __init__(self, **session: Any) -> None:
        self._io = session
        self._text: Any = None  # the one PromptSession, made at the first question
        self._menu: Any = None  # the one menu Application
        self._state: dict[str, Any] = {}  # what the question being asked shows

    # --- text ---------------------------------------------------------------------------------------------

    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str:
        session = self._text_session()
        self._state.update(validate=validate, refused=None)

        def prompt() -> list[tuple[str, str]]:
            # Above the question, in lines cut to the terminal's width: prompt_toolkit draws the lines before a
            # prompt's last without wrapping them (a refusal longer than the width lost its end), and a toolbar
            # would need the terminal's height.
            refused = self._state["refused"]
            if refused:
                from prompt_toolkit.utils import get_cwidth
                columns = session.app.output.get_size().columns
                refused = "\n".join(wrap_lines(refused, columns, width=get_cwidth))
            return ([("class:refused", refused + "\n")] if refused else []) + [
                ("class:qmark", "? "), ("class:question", message + " ")]

        return self._run(lambda: session.prompt(prompt, default=default))

    def _text_session(self) -> Any:
        if self._text is not None:
            return self._text
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import DummyHistory
        from prompt_toolkit.key_binding import KeyBindings

        keys = KeyBindings()

        @keys.add("enter", eager=True)
        def accept(event: Any) -> None:
            buffer = event.current_buffer
            check = self._state.get("validate")
            problem = check(buffer.text) if check else None
            if problem is None:
                buffer.validate_and_handle()
                return
            shown = buffer.text.strip()
            self._state["refused"] = (REFUSED.format(text=shown, problem=problem) if shown
                                      else REFUSED_EMPTY.format(problem=problem))
            buffer.reset()  # the next try starts from an empty line, not from "3-1"

        self._text = PromptSession(key_bindings=keys, style=_style(), history=DummyHistory(), **self._io)
        return self._text

    # --- menus --------------------------------------------------------------------------------------------

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str:
        app = self._menu_app()
        state = self._state
        state.update(message=message, choices=list(choices), words=list(words), typed="", answer=None,
                     pointer=list(choices).index(default) if default in choices else 0, keys={})
        return self._run(app.run)

    def _menu_app(self) -> Any:
        if self._menu is not None:
            return self._menu
        from prompt_toolkit.application import Application
        from prompt_toolkit.filters import Condition, is_done
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys
        from prompt_toolkit.layout import ConditionalContainer, HSplit, Layout, Window
        from prompt_toolkit.layout.controls import FormattedTextControl

        state = self._state

        def shown() -> list[str]:
            return menu_matches(state["typed"], state["choices"])

        def header() -> list[tuple[str, str]]:
            tokens = [("class:qmark", "? "), ("class:question", state["message"] + " ")]
            if state["answer"] is not None:
                return tokens + [("class:answer", state["answer"])]
            if state["keys"]:
                return tokens
            if state["typed"]:
                return tokens + [("class:instruction", MENU_TYPED.format(typed=state["typed"]))]
            return tokens + [("class:instruction", MENU_HINT)]

        def body() -> list[tuple[str, str]]:
            if state["keys"]:  # a yes-or-no question: one line
                return []
            matches = shown()
            if not matches:
                typed, words = state["typed"], state["words"]
                text = (MENU_NO_MATCH.format(typed=typed, words=", ".join(words)) if words
                        else MENU_NO_MATCH_NO_WORDS.format(typed=typed))
                if typed_word(typed, words):
                    return []
                return [("class:refused", "  " + text)]
            pointer = min(state["pointer"], len(matches) - 1)
            first = max(0, min(pointer - MENU_ROWS // 2, len(matches) - MENU_ROWS))
            tokens: list[tuple[str, str]] = []
            for index in range(first, min(first + MENU_ROWS, len(matches))):
                if index == pointer:
                    tokens += [("class:pointer", " » "), ("class:highlighted", matches[index]), ("", "\n")]
                else:
                    tokens += [("", "   " + matches[index] + "\n")]
            if len(matches) > first + MENU_ROWS:
                tokens.append(("class:instruction", MENU_MORE.format(count=len(matches) - first - MENU_ROWS)))
            elif tokens:
                tokens.pop()  # no newline after the last line
            return tokens

        keys = KeyBindings()

        @keys.add("c-c", eager=True)
        @keys.add("c-d", eager=True)
        def stop(event: Any) -> None:
            event.app.exit(exception=KeyboardInterrupt)

        @keys.add("down", eager=True)
        @keys.add("c-n", eager=True)
        @keys.add("tab", eager=True)
        def down(event: Any) -> None:
            count = len(shown())
            state["pointer"] = (min(state["pointer"], count - 1) + 1) % count if count else 0

        @keys.add("up", eager=True)
        @keys.add("c-p", eager=True)
        @keys.add("s-tab", eager=True)
        def up(event: Any) -> None:
            count = len(shown())
            state["pointer"] = (min(state["pointer"], count - 1) - 1) % count if count else 0

        @keys.add("backspace", eager=True)
        def erase(event: Any) -> None:
            state["typed"] = state["typed"][:-1]
            state["pointer"] = 0

        @keys.add("c-u", eager=True)
        def clear(event: Any) -> None:
            state["typed"], state["pointer"] = "", 0

        @keys.add(Keys.Any)
        def letter(event: Any) -> None:
            character = event.data
            if character.lower() in state["keys"]:
                state["answer"] = state["keys"][character.lower()]
                event.app.exit(result=state["answer"])
            elif not state["keys"] and character.isprintable() and (character != " " or state["typed"]):
                state["typed"] += character
                state["pointer"] = 0

        @keys.add("enter", eager=True)
        def accept(event: Any) -> None:
            answer = resolve_menu(state["typed"], state["choices"], state["words"])
            if answer is None:
                return  # nothing to take: the reason is on screen
            matches = shown()
            if answer in state["choices"] and state["pointer"] and matches:  # moved with the arrow keys
                answer = matches[min(state["pointer"], len(matches) - 1)]
            state["answer"] = answer
            event.app.exit(result=answer)

        layout = HSplit([Window(FormattedTextControl(header), dont_extend_height=True, wrap_lines=True),
                         ConditionalContainer(Window(FormattedTextControl(body), dont_extend_height=True),
                                              filter=~is_done & Condition(lambda: state["answer"] is None))])
        self._menu = Application(layout=Layout(layout), key_bindings=keys, style=_style(), **self._io)
        return self._menu

    # --- yes or no ----------------------------------------------------------------------------------------

    def confirm(self, message: str, *, default: bool = True) -> bool:
        """y or n at once, Enter for the default (as questionary's confirm, which players know)."""
        app = self._menu_app()
        self._state.update(message=f"{message} {CONFIRM_HINT[default]}", choices=[YES if default else NO], words=[],
                           typed="", answer=None, pointer=0, keys={"y": YES, "n": NO})
        return self._run(app.run) == YES

    def _run(self, ask: Callable[[], Any]) -> Any:
        try:
            return ask()
        except (KeyboardInterrupt, EOFError) as error:
            raise Aborted from error



def _style() -> Any:
    from prompt_toolkit.styles import Style

    # questionary's look, which players already know: a bold question, the answer in the accent colour.
    return Style.from_dict({"qmark": "fg:#5f819d bold", "question": "bold", "answer": "fg:#FF9D00 bold",
                            "pointer": "fg:#FF9D00 bold", "highlighted": "fg:#FF9D00 bold",
                            "instruction": "fg:#858585", "refused": "fg:ansired"})


class ScriptedPrompter:
    """Answers from a list, for tests, as the terminal prompter takes them. A text answer the validator refuses
    is recorded and the next one taken, as a player would retype. A menu answer is either a choice or text typed
    at the menu (`be` for Ben, `undo`), resolved as the terminal menu resolves it. An exception in the list
    (e.g. Aborted) is raised at that prompt."""

    def __init__(self, answers: Iterable[Any]) -> None:
        self.answers = deque(answers)
        self.asked: list[str] = []
        self.refused: list[tuple[str, str]] = []

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        if not self.answers:
            raise AssertionError(f"no scripted answer left for {message!r}")
        answer = self.answers.popleft()
        if isinstance(answer, BaseException) or (isinstance(answer, type) and issubclass(answer, BaseException)):
            raise answer
        return answer

    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str:
        while True:
            answer = self._next(message)
            answer = default if answer is None else answer
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            self.refused.append((answer, problem))

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str:
        answer = self._next(message)
        if answer is None and default in choices:  # Enter alone at the default
            return default
        resolved = resolve_menu(answer, choices, words) if isinstance(answer, str) else None
        if resolved is None:
            raise AssertionError(f"{answer!r} picks nothing at {message!r}: {list(choices)} (words: {list(words)})")
        return resolved

    def confirm(self, message: str, *, default: bool = True) -> bool:
        answer = self._next(message)
        return default if answer is None else bool(answer)
