"""How scorepad asks, as the terminal's loop sees it: the Prompter protocol, the helpers that read what is typed at
a menu or a name prompt, and a scripted prompter for tests. The real one, questionary's, is scorepad.cli.prompts,
loaded only by a command that asks (docs/architecture.md, late imports)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from calculators.core import normal_name
from scorepad.grid import break_units, safe
from scorepad.i18n import N_, pgettext, western_digits

# A validator returns None when the text is acceptable, else the message to show under the prompt.
Validator = Callable[[str], "str | None"]
# TRANSLATORS: over a question asked again: {text} is the refused answer as typed, {problem} why it was refused.
REFUSED = N_("  ✗ {text}: {problem}")
REFUSED_EMPTY = N_("  ✗ {problem}")  # Enter alone was refused
# TRANSLATORS: beside a yes/no question whose Enter means yes; the English y and n keys work too.
YES_OR_NO = N_("(Y/n)")
# TRANSLATORS: beside a yes/no question whose Enter means no.
NO_OR_YES = N_("(y/N)")
REFUSED_INDENT = "    "  # a refusal's next lines start under its text


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

    def confirm(self, message: str, *, default: bool = True, enter: bool = False) -> bool: ...


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
    >>> completions(" ", ["Ben"]), completions("b", ["Ben\x1b[2J", "B\u202eob", "Bo\u200e"])
    ([], ['Bo'])
    """
    start = typed.strip().casefold()
    if not start:
        return []
    # A name as it would be taken (normalised, its LRM or zero-width space gone), and never one an older database
    # holds with a control character or a bidi override: what Tab puts on the input line is typed text.
    names = dict.fromkeys(normal_name(name) for name in known if safe(name) == name)
    return [name for name in names if name.casefold().startswith(start) or
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


def word_at(typed: str, choices: Sequence[str], words: Sequence[str]) -> bool:
    """A prompt word typed at a menu, unless it is also a choice's name."""
    return typed_word(typed, words) and typed.strip().casefold() not in (c.casefold() for c in choices)


def wrap_lines(text: str, columns: int, indent: str = REFUSED_INDENT,
               width: Callable[[str], int] = len) -> list[str]:
    """`text` cut into lines of at most `columns` (as `width` measures them: the terminal's cell count), where a
    line may break (at spaces, between Chinese characters), a word too long for a line cut where it must (a
    typed answer may be anything); the next lines start with `indent`.

    >>> wrap_lines("  ✗ 0: best card 26 is worth more than 25", 20)
    ['  ✗ 0: best card 26', '    is worth more', '    than 25']
    >>> wrap_lines("  ✗ /a/very/long/path.pdf: no", 12)
    ['  ✗ /a/very/', '    long/pat', '    h.pdf:', '    no']
    """
    columns = max(columns, width(indent) + 1)
    lines, line = [], text[:len(text) - len(text.lstrip(" "))]
    for word in re.findall("[^ ]+", text):  # a no-break space keeps its words together
        for k, unit in enumerate(break_units(word)):
            space = " " if k == 0 else ""
            joined = f"{line}{space}{unit}" if line.strip() else line + unit
            if width(joined) <= columns:
                line = joined
            elif width(indent + unit) <= columns:  # on the next line
                lines.append(line)
                line = indent + unit
            else:  # too long for any line: cut where a line is full
                line = f"{line}{space}" if line.strip() else line
                for ch in unit:
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
    if word_at(typed, choices, words):
        return typed.strip()
    kept = menu_kept(typed, choices)
    return kept[0] if kept else None


def question_mark() -> str:
    # TRANSLATORS: the mark questionary prints before every question; Persian and Arabic write ؟
    return pgettext("before a question", "?")


def yes_no(value: bool) -> str:
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

    def confirm(self, message: str, *, default: bool = True, enter: bool = False) -> bool:
        answer = self._next(message)
        return default if answer is None else bool(answer)
