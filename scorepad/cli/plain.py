"""How scorepad asks a dumb terminal (TERM=dumb: an editor's shell, a serial line): plain lines, nothing else.

Such a terminal shows text and cannot move its cursor, colour a word or take bracketed paste, so prompt_toolkit's
drawing (which questionary's prompts always use) reaches it as escape sequences. Here a question is one line,
a menu its numbered choices, and the answer a line the terminal itself edits (its cooked mode: Backspace and
Ctrl-C work as in any shell); what the answers mean is what the real prompts make of them (prompter.resolve_menu,
prompter.confirm_keys).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from calculators.core import excerpt
from scorepad.cli import prompter, signals
from scorepad.cli.output import echo
from scorepad.cli.prompter import Aborted, Known, Validator
from scorepad.grid import safe
from scorepad.i18n import N_, _, western_digits

# TRANSLATORS: beside a menu's question on a terminal that shows plain lines only (TERM=dumb): its choices are
# listed, numbered, under it.
LINE_MENU_HINT = N_("(type a number, or a few letters of a choice)")
# TRANSLATORS: under a menu on a plain terminal, when what was typed picks none of its choices.
NO_CHOICE = N_("none of the choices: type its number, or a few of its letters")


class PlainPrompter:
    """The Prompter of a dumb terminal: each question a line, each answer a line read as the terminal sends it."""

    def _read(self, prompt: str) -> str:
        try:
            signals.asking()
            echo(prompt, nl=False)
            sys.stdout.flush()
            line = sys.stdin.readline()
        except KeyboardInterrupt as error:
            raise Aborted from error
        if not line:  # Ctrl-D, or the end of what was piped in
            raise Aborted
        signals.accepted()
        return line.rstrip("\r\n")

    def _refused(self, shown: str, problem: str) -> None:
        shown = excerpt(shown)  # a pasted page is quoted as its start, as the real prompts quote it
        echo(_(prompter.REFUSED).format(text=shown, problem=problem) if shown
             else _(prompter.REFUSED_EMPTY).format(problem=problem))

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             complete: Known | None = None) -> str:
        offered = f" [{default}]" if default else ""  # Enter alone takes it, as the real prompt's pre-filled text
        while True:
            answer = self._read(f"{prompter.question_mark()} {message}{offered} ") or default
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            self._refused(answer.strip(), problem)
            offered, default = "", ""

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str:
        choices = list(choices)
        echo(f"{prompter.question_mark()} {message} {_(LINE_MENU_HINT)}")
        for number, choice in enumerate(choices, start=1):
            echo(f"  {number}. {safe(choice)}")
        first = default if default in choices else choices[0]
        while True:
            typed = self._read(f"[{choices.index(first) + 1}] ").strip()
            if not typed:
                return first  # Enter alone: the choice the real menu points at first
            number = western_digits(typed)
            if number.isdigit() and 1 <= int(number) <= len(choices):
                return choices[int(number) - 1]
            answer = prompter.resolve_menu(typed, choices, words)
            if answer is not None:
                return answer
            self._refused(typed, _(NO_CHOICE))

    def confirm(self, message: str, *, default: bool = True, enter: bool = False) -> bool:  # a line: Enter anyway
        hint = _(prompter.YES_OR_NO if default else prompter.NO_OR_YES)
        while True:
            typed = self._read(f"{prompter.question_mark()} {message} {hint} ").strip()
            if not typed:
                return default
            for value in (True, False):
                if typed[:1] in prompter.confirm_keys(value):
                    return value
