"""How scorepad asks: the Prompter protocol, the questionary prompter (the only questionary import), a scripted one.

questionary builds each question afresh (a prompt_toolkit application, some 600 key bindings): measured with
bench/prompt_latency.py, a player waits some 20–30 ms from Enter to the next question, within issue 10's 60 ms.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from scorepad import signals
from scorepad.grid import safe  # a question or a choice names players, perhaps from an older database

# A validator returns None when the text is acceptable, else the message to show under the prompt.
Validator = Callable[[str], "str | None"]

# --- text for people ----------------------------------------------------------------------------------

REFUSED = "  ✗ {text}: {problem}"  # over the question asked again, the refused answer cleared from it
REFUSED_EMPTY = "  ✗ {problem}"
REFUSED_INDENT = "    "  # a refusal's next lines start under its text
MENU_HINT = "(arrows, or type to pick)"
REFUSED_STYLE = "fg:ansired"


class Aborted(Exception):
    """The player pressed Ctrl-C (or Ctrl-D) at a prompt."""


class Prompter(Protocol):
    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str: ...

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str: ...

    def confirm(self, message: str, *, default: bool = True) -> bool: ...


def menu_matches(typed: str, choices: Sequence[str]) -> list[str]:
    """The choices a text typed at a menu keeps, in the menu's order: those holding it, case aside (questionary's
    search filter). The menu points at the first; Enter takes it.

    >>> menu_matches("b", ["Ana", "Ben", "Bo"]), menu_matches("loan", ["Take a loan", "Repay loans", "Run"])
    (['Ben', 'Bo'], ['Take a loan', 'Repay loans'])
    """
    if not typed:
        return list(choices)
    return [choice for choice in choices if typed.lower() in choice.lower()]


def typed_word(typed: str, words: Sequence[str]) -> bool:
    """Whether a text typed at a menu is one of the prompt words it takes (`undo`, `help`, `cash Ana`)."""
    first = typed.strip().split()[0].lower() if typed.strip() else ""
    return first in {w.lower() for w in words}


def _word_at(typed: str, choices: Sequence[str], words: Sequence[str]) -> bool:
    """A prompt word typed at a menu, unless it is also a choice's name."""
    return typed_word(typed, words) and typed.strip().casefold() not in (c.casefold() for c in choices)


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


def several_words(typed: str, choices: Sequence[str]) -> list[str]:
    """The choices that several typed words pick out, each word starting one of the choice's, in the menu's order:
    an edit menu of every answer takes `ana green` for "Game 1 · Ana · Green: W W".

    >>> several_words("ben gr 2", ["Game 1 · Ben · Green: 5 8", "Game 2 · Ben · Green: W W", "Game 2 · Ana"])
    ['Game 2 · Ben · Green: W W']
    """
    typed_words = typed.casefold().split()
    if len(typed_words) < 2:
        return []
    return [c for c in choices if all(any(w.startswith(t) for w in c.casefold().split()) for t in typed_words)]


def resolve_menu(typed: str, choices: Sequence[str], words: Sequence[str] = ()) -> str | None:
    """What Enter gives at a menu after typing `typed` (the arrow keys untouched): a prompt word as typed (unless
    it is also a choice's name), else the first choice that holds the text (the one the menu points at), else the
    first that several typed words pick out, else None (Enter does nothing).

    >>> resolve_menu("be", ["Ana", "Ben"]), resolve_menu("undo", ["Ana", "Ben"], ["undo"]), resolve_menu("x", ["Ana"])
    ('Ben', 'undo', None)
    """
    if _word_at(typed, choices, words):
        return typed.strip()
    matches = menu_matches(typed, choices) or several_words(typed, choices)
    return matches[0] if matches else None


class QuestionaryPrompter:
    """The real prompts, questionary's: a refused answer is cleared and its reason stays over the question asked
    again; a menu takes the arrow keys or typed letters (questionary's search filter), several typed words, and
    the prompt words it is given. What `unsafe_ask` does, because `ask` swallows Ctrl-C and returns None
    (tech-notes §2).
    Tests pass prompt_toolkit's `input=`/`output=` (a pipe)."""

    def __init__(self, **session: Any) -> None:
        self._session = session
        # questionary builds a prompt_toolkit application for every question; the garbage collector then
        # walks every object the imports made, a full pass every few questions (45–90 ms, measured). What is
        # loaded by now lives as long as the process: freeze it out of the collector's passes.
        import gc

        import questionary  # noqa: F401 - loaded first, so that its objects are frozen too

        gc.freeze()

    def _ask(self, question: Any) -> Any:
        # unsafe_ask() is application.run(): run here with scorepad's signal handling (signals.prompt_options),
        # which prompt_toolkit's own would replace while the question is asked.
        app = question.application
        try:
            return app.run(**signals.prompt_options(app))
        except (KeyboardInterrupt, EOFError) as error:
            raise Aborted from error

    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str:
        import questionary  # ~120 ms: only commands that ask pay for it

        while True:
            answer = self._ask(questionary.text(safe(message, keep="\n"), default=default, **self._session))
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            # The question stays on screen with the refused answer; the reason under it; then the same
            # question again, from an empty line (not from "3-1").
            shown = answer.strip()
            refused = REFUSED.format(text=shown, problem=problem) if shown else REFUSED_EMPTY.format(problem=problem)
            self._say(refused)
            default = ""

    def _say(self, refused: str) -> None:
        """The reason, in lines cut to the terminal's width, each next one under the reason's text."""
        import questionary
        from prompt_toolkit.application.current import get_app_session
        from prompt_toolkit.utils import get_cwidth

        output = self._session.get("output") or get_app_session().output
        lines = wrap_lines(safe(refused), output.get_size().columns, width=get_cwidth)
        questionary.print("\n".join(lines), style=REFUSED_STYLE, output=output)

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str:
        import questionary
        from prompt_toolkit.filters import Condition
        from questionary.prompts.common import InquirerControl

        choices = list(choices)
        # A choice is drawn escaped (a name from an older database) and answered as it is stored.
        shown = [c if safe(c) == c else questionary.Choice(title=safe(c), value=c) for c in choices]
        question = questionary.select(safe(message, keep="\n"), choices=shown,
                                      default=default if default in choices else None,
                                      instruction=MENU_HINT, use_search_filter=True, use_jk_keys=False,
                                      **self._session)
        app = question.application
        menu = next(c for c in app.layout.find_all_controls() if isinstance(c, InquirerControl))

        def typed() -> str:
            return menu.search_filter or ""

        # When the typed text is a prompt word or no choice holds it, questionary's Enter would take the choice
        # pointed at in the whole list. A binding added after questionary's own is the one prompt_toolkit calls
        # while its filter holds: it takes the word, or the choice several words pick out, or waits.
        @Condition
        def a_word_or_no_match() -> bool:
            return bool(typed()) and (_word_at(typed(), choices, words) or not menu_matches(typed(), choices))

        @app.key_bindings.add("enter", eager=True, filter=a_word_or_no_match)
        def word_or_wait(event: Any) -> None:
            answer = resolve_menu(typed(), choices, words)
            if answer is not None:
                event.app.exit(result=answer)
            # else nothing to take: questionary shows the whole list with the text in red; Backspace mends it

        @app.key_bindings.add("c-d", eager=True)
        def end(event: Any) -> None:
            event.app.exit(exception=EOFError)

        return self._ask(question)

    def confirm(self, message: str, *, default: bool = True) -> bool:
        """y or n at once, Enter for the default."""
        import questionary

        return self._ask(questionary.confirm(safe(message, keep="\n"), default=default, **self._session))


class ScriptedPrompter:
    """Answers from a list, for tests, as the real prompter takes them. A text answer the validator refuses is
    recorded and the next one taken, as a player would retype. A menu answer is either a choice (picked with the
    arrows) or text typed at the menu (`be` for Ben, `undo`), resolved as the real menu resolves it. An exception
    in the list (e.g. Aborted) is raised at that prompt."""

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
        if answer in choices:  # a choice named in full: picked with the arrow keys
            return answer
        resolved = resolve_menu(answer, choices, words) if isinstance(answer, str) else None
        if resolved is None:
            raise AssertionError(f"{answer!r} picks nothing at {message!r}: {list(choices)} (words: {list(words)})")
        return resolved

    def confirm(self, message: str, *, default: bool = True) -> bool:
        answer = self._next(message)
        return default if answer is None else bool(answer)
