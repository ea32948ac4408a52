"""What the commands ask of the terminal: whether stdin and stdout are one, a prompter, a yes or no.

Tests replace stdin_is_tty, stdout_is_tty and make_prompter here (tests/conftest.py's `terminal` fixture), so the
commands call them through this module (`terminal.make_prompter()`), never by a name imported from it.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import typer

from scorepad.cli.output import ERROR_LINE, fail, stopped
from scorepad.cli.plain import PlainPrompter
from scorepad.cli.prompter import Aborted
from scorepad.i18n import N_, _

if TYPE_CHECKING:
    from scorepad.cli.prompter import Prompter

NEEDS_TERMINAL = N_("'{command}' is interactive and needs a terminal (stdin is not one).")
STOPPED_NOTHING = N_("Stopped; nothing was changed.")


def stdin_is_tty() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def stdout_is_tty() -> bool:  # the end of a game offers BG Stats' QR code only on a terminal
    return sys.stdout.isatty()


def is_dumb() -> bool:
    """TERM=dumb: a terminal that shows text and nothing else (no cursor moves, no colours), as prompt_toolkit
    reads TERM (prompt_toolkit.utils.is_dumb_terminal, not imported here: a command that asks nothing)."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def colours() -> bool:
    """Whether standard output takes our own colours (the QR code's black on white): a terminal, not a dumb one,
    and no NO_COLOR (no-color.org)."""
    return stdout_is_tty() and not is_dumb() and not os.environ.get("NO_COLOR")


def make_prompter() -> Prompter:
    if is_dumb():
        return PlainPrompter()  # plain lines: no prompt_toolkit at all
    from scorepad.cli.prompts import QuestionaryPrompter  # questionary: only a command that asks pays for it

    return QuestionaryPrompter()


def need_terminal(command: str) -> None:
    if not stdin_is_tty():
        typer.echo(_(ERROR_LINE).format(message=_(NEEDS_TERMINAL).format(command=command)), err=True)
        raise typer.Exit(2)


def confirmed(question: str, *, refusal: str, enter: bool = False) -> bool:
    """A yes at the terminal; without one, `refusal` (a usage error, exit 2: the command needs --yes). `enter`: the
    letter waits for Enter (a question that comes before the game's own: that Enter must not answer them)."""
    if not stdin_is_tty():
        raise fail(refusal, code=2)

    try:
        return make_prompter().confirm(question, default=False, enter=enter)
    except (Aborted, KeyboardInterrupt):
        raise stopped("\n" + _(STOPPED_NOTHING)) from None
