"""How scorepad asks: the Prompter protocol, the questionary prompter (the only questionary import), a scripted one.

questionary builds each question afresh (a prompt_toolkit application, some 600 key bindings): measured with
bench/prompt_latency.py, a player waits some 20–30 ms from Enter to the next question, within issue 10's 60 ms.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from scorepad.cli import signals
from scorepad.grid import safe  # a question or a choice names players, perhaps from an older database
from scorepad.i18n import N_, _, pgettext, western_digits

# A validator returns None when the text is acceptable, else the message to show under the prompt.
Validator = Callable[[str], "str | None"]

# --- text for people ----------------------------------------------------------------------------------

# TRANSLATORS: over a question asked again: {text} is the refused answer as typed, {problem} why it was refused.
REFUSED = N_("  ✗ {text}: {problem}")
REFUSED_EMPTY = N_("  ✗ {problem}")  # Enter alone was refused
REFUSED_INDENT = "    "  # a refusal's next lines start under its text
# TRANSLATORS: beside a menu's question (questionary prints "(Use arrow keys)" there otherwise).
MENU_HINT = N_("(arrows, or type to pick)")
# TRANSLATORS: beside a yes/no question whose Enter means yes; the English y and n keys work too.
YES_OR_NO = N_("(Y/n)")
# TRANSLATORS: beside a yes/no question whose Enter means no.
NO_OR_YES = N_("(y/N)")
REFUSED_STYLE = "fg:ansired"


class Aborted(Exception):
    """The player pressed Ctrl-C (or Ctrl-D) at a prompt."""


# The names a text prompt offers as the player types (the name prompt: every person already known, the one who
# played last first), asked for only when a completion is wanted: reading them costs nothing before that.
Known = Callable[[], Sequence[str]]


class Prompter(Protocol):
    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             complete: Known | None = None) -> str: ...

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


def completions(typed: str, known: Sequence[str]) -> list[str]:
    """The known names a typed start completes, in their order (the one who played last first): a name that
    starts with it, or one of whose words does, case and spaces aside. Nothing typed: nothing offered.

    >>> completions("an", ["Ben", "Anna", "Mohammad Ali", "ana"]), completions("al", ["Ali Reza", "Mohammad Ali"])
    (['Anna', 'ana'], ['Ali Reza', 'Mohammad Ali'])
    >>> completions(" ", ["Ben"])
    []
    """
    start = typed.strip().casefold()
    if not start:
        return []
    return [name for name in known if name.casefold().startswith(start) or
            any(word.startswith(start) for word in name.casefold().split()[1:])]


def completed(typed: str, known: Sequence[str], tabs: int = 1) -> str:
    """What `tabs` presses of Tab make of a typed start: the first name it completes, the next at each press
    (round again after the last); the text as typed when it completes none.

    >>> completed("b", ["Bo", "Ben"]), completed("b", ["Bo", "Ben"], 2), completed("z", ["Bo"])
    ('Bo', 'Ben', 'z')
    """
    found = completions(typed, known)
    return found[(tabs - 1) % len(found)] if found else typed


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


def menu_kept(typed: str, choices: Sequence[str]) -> list[str]:
    """The choices a text typed at a menu keeps, in the menu's order (the menu shows them as it is typed, and
    points at the first): those holding the text, case aside; else those that several typed words pick out; else
    the same with the text in Western digits ("۳" at a menu of "3 players").

    >>> menu_kept("BEN gr", ["Game 1 · Ben · Green: 5 8", "Game 1 · Ana · Green: W"]), menu_kept("x", ["Ana"])
    (['Game 1 · Ben · Green: 5 8'], [])
    """
    matches = menu_matches(typed, choices) or several_words(typed, choices)
    if not matches and western_digits(typed) != typed:
        return menu_kept(western_digits(typed), choices)
    return matches


def resolve_menu(typed: str, choices: Sequence[str], words: Sequence[str] = ()) -> str | None:
    """What Enter gives at a menu after typing `typed` (the arrow keys untouched): a prompt word as typed (unless
    it is also a choice's name), else the first choice the text keeps (menu_kept: the one the menu points at),
    else None (Enter does nothing).

    >>> resolve_menu("be", ["Ana", "Ben"]), resolve_menu("undo", ["Ana", "Ben"], ["undo"]), resolve_menu("x", ["Ana"])
    ('Ben', 'undo', None)
    >>> resolve_menu("۳", ["2 players", "3 players"])
    '3 players'

    """
    if _word_at(typed, choices, words):
        return typed.strip()
    kept = menu_kept(typed, choices)
    return kept[0] if kept else None


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

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             complete: Known | None = None) -> str:
        import questionary  # ~120 ms: only commands that ask pay for it

        while True:
            offer = _name_completion(complete) if complete is not None else {}
            question = questionary.text(safe(message, keep="\n"), default=default, qmark=question_mark(), **offer,
                                        **self._session)
            if complete is not None:
                question.application.after_render += _read_once_drawn(complete)
            answer = self._ask(question)
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            # The question stays on screen with the refused answer; the reason under it; then the same
            # question again, from an empty line (not from "3-1").
            shown = answer.strip()
            refused = (_(REFUSED).format(text=shown, problem=problem) if shown
                       else _(REFUSED_EMPTY).format(problem=problem))
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
        from scorepad.cli.menu import menu  # questionary's select, filtered by several words too

        choices = list(choices)
        question = menu(safe(message, keep="\n"), choices, default=default if default in choices else None,
                        instruction=_(MENU_HINT), qmark=question_mark(), kept=menu_kept,
                        word=lambda typed: _word_at(typed, choices, words), shown=safe, **self._session)
        return self._ask(question)

    def confirm(self, message: str, *, default: bool = True) -> bool:
        """y or n at once (or the table's language's letters for yes and no), Enter for the default.

        questionary's confirm, in the table's language: its hint and its "Yes"/"No" are English, and it takes
        only y and n; this one is built as questionary builds it (the same look), with our words and keys."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.formatted_text import to_formatted_text
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys
        from questionary.question import Question
        from questionary.styles import merge_styles_default

        answer: list[bool] = []
        hint, yes_word, no_word = _(YES_OR_NO if default else NO_OR_YES), _yes_no(True), _yes_no(False)

        def tokens() -> Any:
            shown = [("class:qmark", question_mark()), ("class:question", f" {safe(message, keep=chr(10))} ")]
            if answer:
                shown.append(("class:answer", yes_word if answer[0] else no_word))
            else:
                shown.append(("class:instruction", f"{hint} "))
            return to_formatted_text(shown)

        bindings = KeyBindings()

        def answering(value: bool) -> Callable[[Any], None]:
            def take(event: Any) -> None:
                answer[:] = [value]
                event.app.exit(result=value)
            return take

        for value in (True, False):
            for key in confirm_keys(value):
                bindings.add(key)(answering(value))
        bindings.add(Keys.ControlM, eager=True)(lambda event: answering(default)(event))

        @bindings.add(Keys.ControlC, eager=True)
        @bindings.add(Keys.ControlQ, eager=True)
        def stop(event: Any) -> None:
            event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

        @bindings.add(Keys.ControlD, eager=True)
        def end(event: Any) -> None:
            event.app.exit(exception=EOFError)

        @bindings.add(Keys.Any)
        def other(event: Any) -> None:
            """Any other key types nothing."""

        session = PromptSession(tokens, key_bindings=bindings, style=merge_styles_default([None]), **self._session)
        return self._ask(Question(session.app))


def _name_completion(complete: Known) -> dict[str, Any]:
    """prompt_toolkit's options for a text prompt that offers known names: a menu of those the typed letters
    complete, shown as one types (the arrows pick from it); Tab takes the first at once, the next at each press."""
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.key_binding import KeyBindings

    class Names(Completer):
        def get_completions(self, document: Any, event: Any) -> Any:
            typed = document.text_before_cursor
            for name in completions(typed, complete()):
                yield Completion(name, start_position=-len(typed), display=safe(name))

    bindings = KeyBindings()

    # prompt_toolkit's own Tab starts a completion in the background: with keys typed ahead (or pasted), Enter
    # could take the letters before the name. This one completes at once; in an open menu it moves down it.
    @bindings.add("tab")
    def take_a_name(event: Any) -> None:
        buffer = event.current_buffer
        if buffer.complete_state:
            buffer.complete_next()
            return
        found = completions(buffer.text, complete())
        if found:
            buffer.text = found[0]
            buffer.cursor_position = len(buffer.text)

    return {"completer": Names(), "complete_while_typing": True, "key_bindings": bindings}


def _read_once_drawn(complete: Known) -> Callable[[Any], None]:
    """Once the prompt is drawn, the known names are read in the background (at 10,000 sessions, the index of
    summaries takes a tenth of a second or more): the first letter typed finds them ready, and the prompt itself
    never waits for them. `complete` keeps what it read (cli._ask_names), and a letter typed sooner waits for it."""
    started: list[bool] = []

    def on_render(app: Any) -> None:
        if not started:
            import threading

            started.append(True)
            threading.Thread(target=complete, daemon=True).start()

    return on_render


def question_mark() -> str:
    # TRANSLATORS: the mark questionary prints before every question; Persian and Arabic write ؟
    return pgettext("before a question", "?")


def _yes_no(value: bool) -> str:
    # TRANSLATORS: printed after a yes/no question once it is answered (questionary's "Yes" and "No").
    return pgettext("answer shown", "Yes") if value else pgettext("answer shown", "No")


def confirm_keys(value: bool) -> list[str]:
    """The keys that answer a yes/no question yes (or no) at once: y/Y (n/N), and the table's language's letter.

    >>> confirm_keys(True), confirm_keys(False)
    (['y', 'Y'], ['n', 'N'])
    """
    if value:
        # TRANSLATORS: the key that answers a yes/no question "yes" (one letter of your keyboard; y keeps working).
        own = pgettext("typed word", "y")[:1]
    else:
        # TRANSLATORS: the key that answers a yes/no question "no" (one letter of your keyboard; n keeps working).
        own = pgettext("typed word", "n")[:1]
    keys = ["y", "Y"] if value else ["n", "N"]
    return list(dict.fromkeys([*keys, *(k for k in (own.lower(), own.upper()) if k.strip())]))


class ScriptedPrompter:
    """Answers from a list, for tests, as the real prompter takes them. A text answer the validator refuses is
    recorded and the next one taken, as a player would retype. A menu answer is either a choice (picked with the
    arrows) or text typed at the menu (`be` for Ben, `undo`), resolved as the real menu resolves it. An exception
    in the list (e.g. Aborted) is raised at that prompt."""

    def __init__(self, answers: Iterable[Any]) -> None:
        self.answers = deque(answers)
        self.asked: list[str] = []
        self.refused: list[tuple[str, str]] = []
        self.offered: list[list[str]] = []  # the known names each completing prompt offered

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        if not self.answers:
            raise AssertionError(f"no scripted answer left for {message!r}")
        answer = self.answers.popleft()
        if isinstance(answer, BaseException) or (isinstance(answer, type) and issubclass(answer, BaseException)):
            raise answer
        return answer

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             complete: Known | None = None) -> str:
        """A text answer; at a prompt that offers names, "an\\t" is `an` then Tab (each more Tab the next name)."""
        while True:
            answer = self._next(message)
            answer = default if answer is None else answer
            if complete is not None:
                known = list(complete())
                self.offered.append(known)
                if isinstance(answer, str) and answer.endswith("\t"):
                    typed = answer.rstrip("\t")
                    answer = completed(typed, known, len(answer) - len(typed))
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
