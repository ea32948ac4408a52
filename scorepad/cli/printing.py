"""A session printed: its PDF score sheet (with BG Stats' QR code once the game is finished) and that QR code in
the terminal, for `sheet`, `export --qr` and the end of a game."""

import io
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import typer

from scorepad import exports
from scorepad.cli import signals, terminal
from scorepad.cli.output import WARNING_LINE, echo
from scorepad.cli.shared import PRIVATE_TOTALS, WROTE, nothing_to_score
from scorepad.errors import ScorepadError
from scorepad.files import PDF, Refused, check_target, write_atomically
from scorepad.games.base import Game
from scorepad.grid import width
from scorepad.i18n import N_, _
from scorepad.table.session import Session

SHEET_IN_PROGRESS = N_("(in progress)")  # the sheet's Winner field before the end
# TRANSLATORS: under the QR code drawn in the terminal at the end of a game or by `export --qr`.
CODE_CAPTION = N_("Scan it with a phone that has BG Stats: the play opens there, ready to save. The link: "
                  "scorepad export {id} --format bgstats-url")
# TRANSLATORS: instead of the QR code when the terminal is too narrow; {needed} and {columns} are numbers.
CODE_TOO_NARROW = N_("The QR code needs a terminal {needed} columns wide (this one has {columns}): widen it and run "
                     "scorepad export {id} --format bgstats-url --qr")
# TRANSLATORS: instead of the QR code when the terminal is not tall enough for it (and perhaps not wide enough):
# {columns} × {lines} is the size it needs, {have_columns} × {have_lines} the terminal's; all are numbers.
CODE_TOO_SMALL = N_("The QR code needs a terminal of {columns} × {lines} (columns × lines; this one has "
                    "{have_columns} × {have_lines}): enlarge it and run scorepad export {id} --format bgstats-url --qr")
# TRANSLATORS: under the QR code in a corner of a finished game's score sheet (a few words: it is printed small).
QR_CAPTION = N_("Scan to add this play to BG Stats")


def write_session_sheet(session: Session, path: str, *, force: bool = False, protected: Iterable[Any] = (),
                        mine: bool = False, wrote: Callable[[str], None] | None = None) -> str:
    """The sheet of a session; `mine`: of a table file, whose reader holds every figure already (no private cash)."""
    if not session.scorable():
        raise ScorepadError(nothing_to_score(session))
    if session.game.private(session) and not mine:
        raise ScorepadError(_(PRIVATE_TOTALS).format(id=session.id, title=session.game.title))
    data = session.game.sheet(session.score_so_far(session.complete_rounds()), players=session.players,
                              date=(session.date or "")[:10])
    if session.finished:
        data["qr"] = bgstats_code(session)
    else:  # the leader of a game still being played has not won (yet)
        data.setdefault("fields", {})["winner"] = _(SHEET_IN_PROGRESS)
        for instances in data.get("grids", {}).values():
            for instance in instances:
                for row in instance.get("rows", []):
                    row["mark"] = False
    return render(session.game, data, Path(path), force=force, protected=protected, wrote=wrote)


def show_code(session: Session, *, asked: bool = False) -> None:
    """BG Stats' push link of a finished session as a QR code in the terminal (scorepad.qr: black on white, in
    half blocks), or, where the terminal is too narrow or too short to show it whole, one line saying so: an
    error where the code was all the command was `asked` for (`export --qr`), a note at the end of a game."""
    from scorepad import qr  # segno: only a QR code pays for it

    matrix = qr.modules(exports.push_url(exports.play_of(session)))
    refusal = _too_small(session, matrix)
    if refusal is not None and asked:
        raise ScorepadError(refusal)
    if refusal is not None:
        echo(refusal)
        return
    typer.echo("\n".join(qr.lines(matrix, colour=terminal.colours())))  # our own escapes: black on white
    echo(_(CODE_CAPTION).format(id=session.id))


def code_refusal(session: Session) -> str | None:
    """Why this terminal cannot show the session's QR code whole (the line said instead of offering it at the end
    of a game: said once, not asked and then refused), or None."""
    from scorepad import qr  # segno: only a QR code pays for it

    return _too_small(session, qr.modules(exports.push_url(exports.play_of(session))))


def _too_small(session: Session, matrix: list[list[bool]]) -> str | None:
    from scorepad import qr

    if not sys.stdout.isatty():  # into a file or a pipe: the picture whole
        return None
    size = shutil.get_terminal_size((80, 24))
    caption = _(CODE_CAPTION).format(id=session.id)
    # The picture, its caption and the line the shell's prompt then takes: a code whose top scrolled away is lost.
    lines = len(qr.lines(matrix, colour=False)) + -(-width(caption) // max(1, size.columns)) + 1
    if lines > size.lines:
        return _(CODE_TOO_SMALL).format(columns=qr.width(matrix), lines=lines, have_columns=size.columns,
                                        have_lines=size.lines, id=session.id)
    if qr.width(matrix) > size.columns:
        return _(CODE_TOO_NARROW).format(needed=qr.width(matrix), columns=size.columns, id=session.id)
    return None


def bgstats_code(session: Session) -> dict[str, Any]:
    """The sheet's QR code of BG Stats' push link (modules for sheets.py to draw) and its caption."""
    from scorepad import qr  # segno: only a QR code pays for it

    # the app's name is never split over two lines of the narrow caption
    caption = _(QR_CAPTION).replace("BG Stats", "BG\u00a0Stats")
    return {"modules": qr.modules(exports.push_url(exports.play_of(session))), "caption": caption}


def sheet_path_problem(path: str, *, protected: Iterable[Any]) -> str | None:
    """Why `sheet -o PATH` would refuse PATH (the end-of-game prompt asks again), or None."""
    try:
        check_target(Path(path), PDF, protected=protected)
    except Refused as refused:
        return refused.reason  # a prompt has no --force: the reason alone, and another name is asked
    return None


def render(game: Game, data: dict, path: Path, *, force: bool, protected: Iterable[Any],
           wrote: Callable[[str], None] | None = None) -> str:
    """The sheet of `data` written at `path`; `wrote`: where "Wrote PATH" is said, as soon as it is true.

    Ctrl-C while the sheet is drawn leaves nothing; once the file is being written it waits for the PDF to be
    whole on disk and said to be ("Wrote PATH", through `wrote`, else echo), then stops the command."""
    from scorepad import sheets  # reportlab: only this command pays for it

    protected = list(protected)
    check_target(path, PDF, force=force, protected=protected)  # before drawing: a refusal comes at once
    pdf = io.BytesIO()
    warnings = sheets.render(sheets.load_template(game.template), data, pdf)  # e.g. a character no font has
    for warning in warnings:
        echo(_(WARNING_LINE).format(message=warning), err=True)
    with signals.held():
        write_atomically(path, pdf.getvalue(), protected=protected)
        if wrote is not None or signals.pending() is not None:
            (wrote or echo)(_(WROTE).format(path=path))
    return str(path)
