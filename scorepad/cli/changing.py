"""The commands that change what a session recorded: `undo` to take back its last answer, `edit` to put one right,
`delete` to take a session away (a copy kept to import). Apart from `play`'s module: they need no play loop."""

import os
from pathlib import Path
from typing import Any, Optional

import typer

from scorepad.cli import fixing, terminal
from scorepad.cli.output import echo, fail, handles_errors, players_line, stopped
from scorepad.cli.prompter import Aborted
from scorepad.cli.root import app, speak_session
from scorepad.cli.shared import SessionId, load_session, open_store, protected_files, status_word, table_file_text
from scorepad.cli.terminal import STOPPED_NOTHING
from scorepad.errors import ScorepadError, StoreError
from scorepad.files import write_atomically
from scorepad.i18n import N_, _
from scorepad.store.disk import LINKED_FOLDER
from scorepad.table import Table, changes
from scorepad.table import session as sessions
from scorepad.table.edit import edit_one
from scorepad.table.session import Session

UNDO_FINISHED_ASK = N_("Session {id} ({title} — {players}) is finished. Reopen it and take back its last answer?")
UNDO_FINISHED_NEEDS_YES = N_("session {id} is finished: undo reopens it, so it asks first; "
                             "without a terminal, say so with: scorepad undo {id} --yes")
UNDO_FINISHED_KEPT = N_("Session {id} stays finished; nothing was taken back.")
UNDO_IMPORTED = N_("session {id} was imported from a table file: it has no answers to take back one by one; "
                   "change the file and import it again (scorepad export {id} -o FILE writes it)")
EDIT_NEEDS_VALUE = N_("give the answer and its new value: scorepad edit ID [--round N] [--player NAME] --field FIELD "
                      "VALUE")
DELETE_ASK = N_("Delete session {id} ({title} — {players}, {status})? A copy is kept in {folder}")
DELETE_NEEDS_YES = N_("delete asks first: without a terminal, say so with: scorepad delete {id} --yes")
DELETE_KEPT = N_("Session {id} is kept.")
# TRANSLATORS: keep the line breaks and the indentation: each path on a line of its own, whole, to copy.
DELETED = N_("Deleted session {id}. Its copy:\n  {path}\nTo restore it:\n  scorepad import {path}")
# TRANSLATORS: {problem} says why the session cannot be read; keep the line break and the indentation.
DELETE_DAMAGED_ASK = N_("Session {id} cannot be read: {problem}\nDelete it? Its file is kept as it is in {folder}")
# TRANSLATORS: keep the line break and the indentation: the path on a line of its own, whole, to copy.
DELETED_DAMAGED = N_("Deleted session {id}. Its file, as it was:\n  {path}")
DELETED_FOLDER = "deleted"  # beside the database
CANNOT_MAKE_FOLDER = N_("cannot make the folder {folder}: {reason}")


UNDO_HELP = N_(
    "Take back the last answer of a session (or the edit just made).\n\nThe removed answer is asked again "
    "when the session is resumed. A finished session is reopened only after a yes (asked, or --yes). "
    "Right after `edit`, the old answer is put back and the session keeps its status.")


@app.command(help=UNDO_HELP)
@handles_errors
def undo(ctx: typer.Context, session_id: SessionId,
         yes: bool = typer.Option(False, "--yes", "-y", help=N_("Reopen a finished session without asking."))) -> None:
    before = load_session(ctx, session_id)
    speak_session(before.doc)
    edited = bool(before.doc.get(sessions.EDIT))  # undo right after an edit puts the old answers back, status too
    if before.doc.get(sessions.IMPORTED) and not edited:
        raise ScorepadError(_(UNDO_IMPORTED).format(id=session_id))
    if before.finished and not edited and not yes and not terminal.confirmed(
            _(UNDO_FINISHED_ASK).format(id=session_id, title=before.game.title, players=players_line(before.players)),
            refusal=_(UNDO_FINISHED_NEEDS_YES).format(id=session_id)):
        typer.echo(_(UNDO_FINISHED_KEPT).format(id=session_id))
        return

    def finished_meanwhile(doc: dict[str, Any]) -> None:
        reopens = doc.get("status") == sessions.FINISHED and not doc.get(sessions.EDIT)
        if reopens and not (yes or before.finished):
            raise ScorepadError(_(UNDO_FINISHED_NEEDS_YES).format(id=session_id))

    table = Table(open_store(ctx), session_id)
    echo(table.undo(table.version, guided=False, check=finished_meanwhile))


EDIT_HELP = N_(
    "Change one recorded answer, checked against the whole game.\n\nWithout options: a menu of everything "
    "recorded (newest first, type to filter). It prints the score lines before → after and the new "
    "standings; `undo` right after puts the old answer back.")


@app.command(help=EDIT_HELP)
@handles_errors
def edit(ctx: typer.Context, session_id: SessionId,
         value: Optional[str] = typer.Argument(None, metavar=N_("[VALUE]"),
                                               help=N_("The new answer, typed as at the prompt (e.g. ww359, 'rest 4, "
                                                       "photo 3', 17).")),
         round_: Optional[int] = typer.Option(None, "--round", "-r", metavar=N_("N"),
                                              help=N_("The round (game, year) of the answer; leave out for end-of-game "
                                                      "fields.")),
         player: Optional[str] = typer.Option(None, "--player", "-p", metavar=N_("NAME"), help=N_("Whose answer.")),
         field: Optional[str] = typer.Option(None, "--field", "-f", metavar=N_("FIELD"),
                                             help=N_("The field as the table file names it (blue, businesses, money); "
                                                     "without --player, a session note (oldest, first)."))) -> None:
    speak_session(load_session(ctx, session_id).doc)
    if value is None and field is None and round_ is None and player is None:
        terminal.need_terminal("edit")

        try:
            fixing.interactive(Table(open_store(ctx), session_id), terminal.make_prompter(), echo)
        except (Aborted, KeyboardInterrupt):
            raise stopped("\n" + _(STOPPED_NOTHING)) from None
        return
    if field is None or value is None:
        raise fail(_(EDIT_NEEDS_VALUE), code=2)
    echo(edit_one(Table(open_store(ctx), session_id), round_, player, field, value))


DELETE_HELP = N_(
    "Delete a session, keeping a copy to import.\n\nThe session is first written as a table file into the "
    "`deleted` folder beside the database; `scorepad import` of that file gives it back.")


@app.command(help=DELETE_HELP)
@handles_errors
def delete(ctx: typer.Context, session_id: SessionId,
           yes: bool = typer.Option(False, "--yes", "-y", help=N_("Delete without asking."))) -> None:
    store = open_store(ctx)
    folder = store.path.parent / DELETED_FOLDER
    try:
        session: Session | None = load_session(ctx, session_id)
    except StoreError as error:  # damaged: it can still go, its file kept as it is (a hand may mend it)
        session, problem = None, str(error)
    if session is not None:
        question = _(DELETE_ASK).format(id=session_id, title=session.game.title,
                                        players=players_line(session.players),
                                        status=status_word(session.doc.get("status")), folder=folder)
    else:
        question = _(DELETE_DAMAGED_ASK).format(id=session_id, problem=problem, folder=folder)
    if not yes and not terminal.confirmed(question, refusal=_(DELETE_NEEDS_YES).format(id=session_id)):
        typer.echo(_(DELETE_KEPT).format(id=session_id))
        return
    if session is not None:
        copy = _keep_deleted_copy(ctx, table_file_text(session).encode("utf-8"), folder,
                                  f"{session.game.slug}-{session_id}")
    else:
        copy = _keep_deleted_copy(ctx, store.stored_file(session_id), folder, f"damaged-{session_id}")
    try:
        store.remove(session_id)
    except BaseException:  # still stored: a copy beside it would only be a second one
        copy.unlink(missing_ok=True)
        raise
    echo(_(DELETED if session is not None else DELETED_DAMAGED).format(id=session_id, path=copy))


def _keep_deleted_copy(ctx: typer.Context, data: bytes, folder: Path, name: str) -> Path:
    """`data` (a session as the table file `export` writes, or a damaged session's file) in a new file of
    `folder`, private as the session files are; returns its path. A link planted at the folder is refused, and
    a link at a file's name is passed by: nothing is written through one."""
    try:
        if folder.is_symlink():
            raise ScorepadError(_(CANNOT_MAKE_FOLDER).format(folder=folder, reason=_(LINKED_FOLDER).format(
                folder=folder)))
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise ScorepadError(_(CANNOT_MAKE_FOLDER).format(folder=folder, reason=error.strerror or error)) from None
    # 20261201T101500: sorts by time, and no ':' for Windows
    stamp = changes.now()[:19].replace(":", "").replace("-", "")
    name = f"{name}-{stamp}"
    path = folder / f"{name}.json"
    for n in range(2, 1000):  # the same id may be deleted twice in a second (ids are reused): never replace
        if not os.path.lexists(path):
            break
        path = folder / f"{name}-{n}.json"
    write_atomically(path, data, protected=protected_files(ctx), new_mode=0o600)
    return path
