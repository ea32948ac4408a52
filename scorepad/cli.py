"""The command line: the only module that prints, exits or makes a prompter. Heavy libraries load lazily."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from calculators.core import InvalidInput
from scorepad import __version__
from scorepad.errors import ScorepadError

if TYPE_CHECKING:
    from scorepad.games.base import Game
    from scorepad.prompts import Prompter
    from scorepad.session import Session
    from scorepad.store import Store

# --- text for people ----------------------------------------------------------------------------------

HELP = "A scoring companion and score pad for board games at a real table."
SESSION_ID = "A session's id (`scorepad list` shows them)."
TABLE_FILE = "A table file (docs/table-format.md)."
BLANK_PLAYERS = ("A blank pad's players: their names (printed on the pad), or a number of blank columns "
                 "(default: the usual table, 4; Lost Cities 2).")
NEEDS_TERMINAL = "Error: '{command}' is interactive and needs a terminal (stdin is not one)."
STARTED = "Session {id}: {title} — {players}. Every answer is saved as it is given."
RESUMING = "Resuming session {id}: {title} — {players}."
STOPPED = "\nStopped. Session {id} is saved; carry on with: scorepad resume {id}"
STOPPED_FINISHED = "\nStopped. Session {id} is finished and saved; its sheet: scorepad sheet {id}"
STOPPED_BEFORE = "\nStopped; nothing was recorded."
SHEET_IN_PROGRESS = "(in progress)"  # the sheet's Winner field before the end
IN_PROGRESS = "(in progress: the file's session is still being played)"
ALREADY_STORED = "already stored as session {id} (--again stores a copy)"
SAME_GAME = "the same game as {where}"
UNKNOWN_DATE = "—"  # `list` of a game imported from a table file without a date
NAME_IS_A_WORD = "{name!r} starts with {word!r}, a word scorepad takes at its prompts: add an initial or a nickname"
PRIVATE_TOTALS = ("session {id} is a {title} game in progress, and cash stays private until it ends: "
                  "`cash NAME` at the prompt shows one balance (or play with --open-cash)")
NOTHING_TO_RESUME = "no unfinished session to resume; start one with: scorepad play GAME --players NAME NAME"
ALREADY_FINISHED = "session {id} is finished; see it with: scorepad show {id}"
ASK_NAME = "Player {n} name{optional}:"
# Another scorepad process is playing the session (its claim file, scorepad/claims.py): said, and asked first.
CLAIMED_HERE = "Session {id} is open in another scorepad: process {pid} on this computer ({host}), since {since}."
CLAIMED_THERE = ("Session {id} was opened on another computer: process {pid} on {host}, since {since}; "
                 "scorepad cannot check from here whether it is still playing.")
PLAY_HERE_TOO = "Play it here too? (when both answer a question, the first answer counts)"
CLAIMED_NEEDS_TERMINAL = ("session {id} is open in another scorepad (process {pid} on {host}); resume it at a "
                          "terminal to choose whether to play it here too, or end that one first")
LEFT_TO_OTHER = "Session {id} is left to the other scorepad; nothing was changed."
LIST_LATEST = 20  # `list` shows the latest sessions; --all shows every one
NO_SESSIONS = "No sessions yet. Start one: scorepad play GAME --players NAME NAME"
NO_MATCH = "No session matches."
MORE_SESSIONS = "(the latest {shown} of {count}; --all lists every one)"
UNDO_FINISHED_ASK = "Session {id} ({title} — {players}) is finished. Reopen it and take back its last answer?"
UNDO_FINISHED_NEEDS_YES = ("session {id} is finished: undo reopens it, so it asks first; "
                           "without a terminal, say so with: scorepad undo {id} --yes")
UNDO_FINISHED_KEPT = "Session {id} stays finished; nothing was taken back."
STOPPED_NOTHING = "\nStopped; nothing was changed."
STOPPED_COMMAND = "\nStopped."  # Ctrl-C (or SIGTERM, SIGHUP) during a command that asks nothing
DELETE_ASK = "Delete session {id} ({title} — {players}, {status})? A copy is kept in {folder}"
DELETE_NEEDS_YES = "delete asks first: without a terminal, say so with: scorepad delete {id} --yes"
DELETE_KEPT = "Session {id} is kept."
DELETED = "Deleted session {id}. Its copy: {path}\nTo restore it: scorepad import {path}"
DELETED_FOLDER = "deleted"  # beside the database
UNDO_IMPORTED = ("session {id} was imported from a table file: it has no answers to take back one by one; "
                 "change the file and import it again (scorepad export {id} -o FILE writes it)")

FORCE_HELP = "Replace FILE even if it is not what scorepad writes there (never the database or the input)."

# typer's rich help and tracebacks cost ~75 ms on every call and print boxes; plain text is what we want.
app = typer.Typer(help=HELP, no_args_is_help=True, rich_markup_mode=None, pretty_exceptions_enable=False,
                  add_completion=False)


def main() -> None:
    from scorepad import signals

    signals.install()  # Ctrl-C, SIGTERM, SIGHUP: see scorepad/signals.py
    try:
        app(prog_name="scorepad")
    except SystemExit as done:
        signals.taken()  # nothing raises from here on
        raise SystemExit(done.code if signals.pending() is None else signals.exit_code()) from None
    except KeyboardInterrupt:  # a signal outside any command (while the arguments were read)
        raise SystemExit(signals.taken()) from None


# --- plumbing -------------------------------------------------------------------------------------------

def fail(message: str, code: int = 1) -> typer.Exit:
    # Always one line: a name or key from a table file may hold a newline or a terminal control character.
    shown = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in message)
    typer.echo(f"Error: {shown}", err=True)
    return typer.Exit(code)


def echo(text: Any = "", **options: Any) -> None:
    """Print text that holds data (names and notes, perhaps from a database older than the rules that refuse
    control characters): nothing in it may drive the terminal. Our own text keeps its newlines."""
    from scorepad.grid import safe

    typer.echo(safe(text, keep="\n"), **options)


def _names(players: Iterable[str]) -> str:
    """The players for one of our lines: each name escaped whole (an older name's newline stays on the line)."""
    from scorepad.grid import safe

    return ", ".join(safe(name) for name in players)


def json_text(value: Any, **options: Any) -> str:
    from scorepad.grid import json_text

    return json_text(value, **options)


def handles_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Expected errors become one line `Error: …` on stderr and exit 1; anything else is a bug."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (ScorepadError, InvalidInput) as error:
            raise fail(str(error)) from None
        except KeyboardInterrupt:  # what it was writing is whole or not there (files.replace_file, the store)
            raise _stopped(STOPPED_COMMAND) from None

    return wrapper


def _stopped(message: str) -> typer.Exit:
    """Ctrl-C, or a stopping signal: the last line (there may be no terminal left to print it on) and the
    exit code, 128 + the signal (130 for Ctrl-C typed at a prompt)."""
    from scorepad import signals

    code = signals.taken()
    signals.say(message, lambda text: typer.echo(text, err=True))
    return typer.Exit(code)


def stdin_is_tty() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


def make_prompter() -> Prompter:  # tests replace this with a scripted prompter
    from scorepad.prompts import QuestionaryPrompter

    return QuestionaryPrompter()


def open_store(ctx: typer.Context) -> Store:
    from scorepad.session import identities, upgraded
    from scorepad.store import Store, default_path
    from scorepad.summary import summarize

    return Store((ctx.find_root().obj or {}).get("db") or default_path(), summarize=summarize, upgrade=upgraded,
                 identify=identities, notify=lambda message: typer.echo(message, err=True))


def protected_files(ctx: typer.Context, *inputs: Path) -> list[Any]:
    """What no output may replace: the database (with its lock and temporary files) and the command's input."""
    return protected_files_of(open_store(ctx).path, *inputs)


def protected_files_of(database: Path, *inputs: Path) -> list[Any]:
    from scorepad.files import INPUT, Protected, database_files

    return database_files(database) + [Protected(path, INPUT) for path in inputs]


def load_session(ctx: typer.Context, session_id: int) -> Session:
    from scorepad.games import session_of

    return session_of(open_store(ctx).get(session_id), session_id)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"scorepad {__version__}")
        raise typer.Exit()


@app.callback()
def root(ctx: typer.Context,
         db: Optional[Path] = typer.Option(None, "--db", metavar="PATH",
                                           help="The database file (default: $SCOREPAD_DB, else your data folder); "
                                                "its sessions live in the folder PATH.d beside it."),
         version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help="Show the version and exit.")) -> None:
    """A scoring companion and score pad for board games at a real table."""
    ctx.obj = {"db": db}


# --- games ----------------------------------------------------------------------------------------------

@app.command()
@handles_errors
def games() -> None:
    """List the games, their players and variants."""
    from scorepad.games import GAMES

    for game in GAMES:
        typer.echo(f"{game.slug}  {game.title}  ({game.player_counts()} players)")
        if game.blurb:
            typer.echo(f"    {game.blurb}")
        for name, explanation in game.variants.items():
            typer.echo(f"    --variant {name}: {explanation}")
        for name, explanation in game.modules.items():
            typer.echo(f"    --module {name}: {explanation}")


# --- play, resume, undo ---------------------------------------------------------------------------------

@app.command(context_settings={"allow_extra_args": True})
@handles_errors
def play(ctx: typer.Context,
         game: Optional[str] = typer.Argument(None, metavar="[GAME]", help="The game's slug (see `scorepad games`). "
                                                          "Leave out to resume the latest unfinished session."),
         players: Optional[list[str]] = typer.Option(None, "--players", "-p", metavar="NAME NAME…",
                                                     help="The players, in seating order."),
         variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", metavar="NAME",
                                                     help="A variant (repeatable; see `scorepad games`)."),
         rounds: Optional[int] = typer.Option(None, "--rounds", "-r", metavar="N",
                                                help="Rounds (games) to play."),
         module: Optional[list[str]] = typer.Option(None, "--module", "-m", metavar="NAME",
                                                    help="A game module (repeatable; see `scorepad games`)."),
         open_cash: bool = typer.Option(False, "--open-cash",
                                        help="Chinatown: show every player's cash on screen."),
         objectives: Optional[tuple[str, str]] = typer.Option(
             None, "--objectives", metavar="CARD CARD",
             help="Next Station: London: the two objective cards your table drew (interchanges, districts, "
                  "tourist, central, thames) instead of scorepad drawing."),
         powers: Optional[tuple[str, str, str, str]] = typer.Option(
             None, "--powers", metavar="POWER×4",
             help="Next Station: London: the power your table dealt to each pencil, pink green blue purple in "
                  "order (double, joker, switch, circle), or as colour=power.")) -> None:
    """Play a guided game (or resume the latest).

    scorepad guides the setup and every round, and saves every answer the moment it is given.
    """
    names = _names_given(ctx, players)
    modules = list(module or []) + (["open-cash"] if open_cash else [])
    drawn = {name: list(cards) for name, cards in (("objectives", objectives), ("powers", powers)) if cards}
    if game is None:
        if names or variant or rounds or modules or drawn:
            raise fail("name the game: scorepad play GAME --players NAME NAME", code=2)
        store = open_store(ctx)
        # The index says which sessions are unfinished (a few); only those are opened, to find the one
        # answered last.
        unfinished = [(store.get(doc_id).get("updated") or "", doc_id)
                      for doc_id, summary in store.summaries().items() if summary.get("status") != "finished"]
        if not unfinished:
            raise ScorepadError(NOTHING_TO_RESUME)
        _need_terminal("play")
        _run(ctx, max(unfinished)[1], resumed=True)
        return
    from scorepad.games import by_slug
    from scorepad.session import check_options, new_doc

    chosen = by_slug(game)
    check_options(chosen, variant or [], rounds, modules, drawn)  # refuse bad options before asking anything
    if names:
        _check_names(new_doc(chosen, names, variant or [], rounds, modules, drawn=drawn))
    _need_terminal("play")
    if not names:
        names = _ask_names(chosen)
    doc = _check_names(new_doc(chosen, names, variant or [], rounds, modules, drawn=drawn))
    session_id = open_store(ctx).insert(doc)
    echo(STARTED.format(id=session_id, title=chosen.title, players=_names(doc["players"])))
    _run(ctx, session_id, resumed=False)


@app.command()
@handles_errors
def resume(ctx: typer.Context, session_id: int = typer.Argument(..., metavar="ID", help=SESSION_ID)) -> None:
    """Carry on with a session exactly where it stopped."""
    _run(ctx, session_id, resumed=True)


def _names_given(ctx: typer.Context, players: Optional[list[str]]) -> list[str]:
    """The names after --players: `-p Ana Ben` (the rest arrive as extra arguments) or `-p Ana,Ben`."""
    if ctx.args and not players:
        raise fail(f"unexpected {' '.join(ctx.args)!r}; names go after --players", code=2)
    # A blank name stays, to be refused as "empty name"; a comma list's empty pieces ('Ana,Ben,') do not.
    return [n for value in (players or []) + ctx.args for n in (value.split(",") if value.strip() else [value])
            if n.strip() or not value.strip()]


def _need_terminal(command: str) -> None:
    if not stdin_is_tty():
        typer.echo(NEEDS_TERMINAL.format(command=command), err=True)
        raise typer.Exit(2)


def _check_names(doc: dict[str, Any]) -> dict[str, Any]:
    """A name that starts with a prompt word (`undo`, `help`, Chinatown's `cash`) could never be typed as an answer."""
    from scorepad.play import prompt_word_in

    name = next((n for n in doc["players"] if prompt_word_in(doc, n)), None)
    if name is not None:
        raise InvalidInput(NAME_IS_A_WORD.format(name=name, word=prompt_word_in(doc, name)), field="players")
    return doc


def _ask_names(game: Game) -> list[str]:
    from calculators.core import check_name
    from scorepad.play import prompt_word_in
    from scorepad.prompts import Aborted
    from scorepad.session import new_doc

    prompter = make_prompter()
    names: list[str] = []
    placeholder = new_doc(game, [f"P{n}" for n in range(1, game.players[0] + 1)], [], None)
    try:
        while len(names) < game.players[-1]:
            optional = " (Enter when everyone is in)" if len(names) >= game.players[0] else ""

            def check(text: str, optional: str = optional) -> str | None:
                if not text.strip() and optional:
                    return None
                try:  # exactly what a table file's `players` refuses
                    check_name(text, names)
                except InvalidInput as refused:
                    return refused.message
                word = prompt_word_in(placeholder, text.strip())
                return NAME_IS_A_WORD.format(name=text.strip(), word=word) if word else None

            name = prompter.text(ASK_NAME.format(n=len(names) + 1, optional=optional), validate=check).strip()
            if not name:
                break
            names.append(name)
    except (Aborted, KeyboardInterrupt):
        raise _stopped(STOPPED_BEFORE) from None
    return names


def _run(ctx: typer.Context, session_id: int, *, resumed: bool) -> None:
    from scorepad import claims
    from scorepad.play import play as play_loop
    from scorepad.prompts import Aborted

    store = open_store(ctx)
    session = load_session(ctx, session_id)
    if resumed:
        if session.finished:
            raise ScorepadError(ALREADY_FINISHED.format(id=session_id))
        if not _play_claimed(store, session_id):
            typer.echo(LEFT_TO_OTHER.format(id=session_id))
            return
        _need_terminal("resume")  # no-op when play already checked
        echo(RESUMING.format(id=session_id, title=session.game.title, players=_names(session.players)))
    with claims.claimed(store, session_id):  # removed at the end, at Ctrl-C, SIGTERM and SIGHUP too
        try:
            protected = protected_files(ctx)
            play_loop(store, session_id, make_prompter(), echo,
                      write_sheet=functools.partial(_write_session_sheet, protected=protected),
                      check_sheet_path=functools.partial(_sheet_path_problem, protected=protected), resumed=resumed)
        except BaseException as error:  # Ctrl-C at a prompt or between two, SIGTERM, SIGHUP (signals.py)
            from scorepad import signals

            if not isinstance(error, (Aborted, KeyboardInterrupt)) and signals.pending() is None:
                raise
            signals.taken()  # after SIGHUP, printing the echo of the last answer may have failed: stopping still
            finished = load_session(ctx, session_id).finished  # e.g. Ctrl-C at the offer of a PDF
            raise _stopped((STOPPED_FINISHED if finished else STOPPED).format(id=session_id)) from None


def _play_claimed(store: Store, session_id: int) -> bool:
    """Go on with a session another live scorepad is playing? Said (who, where, since when) and asked."""
    from scorepad import claims

    others = claims.others(store.claims_folder, session_id)
    if not others:
        return True
    if stdin_is_tty():
        for claim in others:
            text = CLAIMED_HERE if claim.here else CLAIMED_THERE
            echo(text.format(id=session_id, pid=claim.pid, host=claim.host, since=_when(claim.since)))
    refusal = CLAIMED_NEEDS_TERMINAL.format(id=session_id, pid=others[0].pid, host=others[0].host)
    return _confirmed(PLAY_HERE_TOO, refusal=refusal)


def _when(stamp: str) -> str:
    """An ISO 8601 time as a person reads it: `2026-12-01 10:57`."""
    return stamp[:16].replace("T", " ") or UNKNOWN_DATE


@app.command()
@handles_errors
def undo(ctx: typer.Context, session_id: int = typer.Argument(..., metavar="ID", help=SESSION_ID),
         yes: bool = typer.Option(False, "--yes", "-y", help="Reopen a finished session without asking.")) -> None:
    """Take back the last answer of a session (or the edit just made).

    The removed answer is asked again when the session is resumed. A finished session is reopened
    only after a yes (asked, or --yes). Right after `edit`, the old answer is put back and the session
    keeps its status.
    """
    from scorepad import progress
    from scorepad import session as sessions

    before = load_session(ctx, session_id)
    edited = bool(before.doc.get(sessions.EDIT))  # undo right after an edit puts the old answers back, status too
    if before.doc.get(sessions.IMPORTED) and not edited:
        raise ScorepadError(UNDO_IMPORTED.format(id=session_id))
    if before.finished and not edited and not yes and not _confirmed(
            UNDO_FINISHED_ASK.format(id=session_id, title=before.game.title, players=_names(before.players)),
            refusal=UNDO_FINISHED_NEEDS_YES.format(id=session_id)):
        typer.echo(UNDO_FINISHED_KEPT.format(id=session_id))
        return

    def finished_meanwhile(doc: dict[str, Any]) -> None:
        reopens = doc.get("status") == sessions.FINISHED and not doc.get(sessions.EDIT)
        if reopens and not (yes or before.finished):
            raise ScorepadError(UNDO_FINISHED_NEEDS_YES.format(id=session_id))

    message, _ = progress.undo(open_store(ctx), session_id, guided=False, check=finished_meanwhile)
    echo(message)


@app.command()
@handles_errors
def edit(ctx: typer.Context, session_id: int = typer.Argument(..., metavar="ID", help=SESSION_ID),
         value: Optional[str] = typer.Argument(None, metavar="[VALUE]",
                                               help="The new answer, typed as at the prompt (e.g. ww359, 'rest 4, "
                                                    "photo 3', 17)."),
         round_: Optional[int] = typer.Option(None, "--round", "-r", metavar="N",
                                              help="The round (game, year) of the answer; leave out for end-of-game "
                                                   "fields."),
         player: Optional[str] = typer.Option(None, "--player", "-p", metavar="NAME", help="Whose answer."),
         field: Optional[str] = typer.Option(None, "--field", "-f", metavar="FIELD",
                                             help="The field as the table file names it (blue, businesses, money); "
                                                  "without --player, a session note (oldest, first).")) -> None:
    """Change one recorded answer, checked against the whole game.

    Without options: a menu of everything recorded (newest first, type to filter). It prints the score
    lines before → after and the new standings; `undo` right after puts the old answer back.
    """
    from scorepad import edit as edits

    if value is None and field is None and round_ is None and player is None:
        _need_terminal("edit")
        from scorepad.prompts import Aborted

        try:
            edits.interactive(open_store(ctx), session_id, make_prompter(), echo)
        except (Aborted, KeyboardInterrupt):
            raise _stopped(STOPPED_NOTHING) from None
        return
    if field is None or value is None:
        raise fail("give the answer and its new value: scorepad edit ID [--round N] [--player NAME] --field FIELD "
                   "VALUE", code=2)
    echo(edits.edit_one(open_store(ctx), session_id, round_, player, field, value))


@app.command()
@handles_errors
def delete(ctx: typer.Context, session_id: int = typer.Argument(..., metavar="ID", help=SESSION_ID),
           yes: bool = typer.Option(False, "--yes", "-y", help="Delete without asking.")) -> None:
    """Delete a session, keeping a copy to import.

    The session is first written as a table file into the `deleted` folder beside the database;
    `scorepad import` of that file gives it back.
    """
    store = open_store(ctx)
    session = load_session(ctx, session_id)
    folder = store.path.parent / DELETED_FOLDER
    question = DELETE_ASK.format(id=session_id, title=session.game.title, players=_names(session.players),
                                 status=session.doc.get("status"), folder=folder)
    if not yes and not _confirmed(question, refusal=DELETE_NEEDS_YES.format(id=session_id)):
        typer.echo(DELETE_KEPT.format(id=session_id))
        return
    copy = _keep_deleted_copy(ctx, session, folder)
    try:
        store.remove(session_id)
    except BaseException:  # still stored: a copy beside it would only be a second one
        copy.unlink(missing_ok=True)
        raise
    echo(DELETED.format(id=session_id, path=copy))


def _keep_deleted_copy(ctx: typer.Context, session: Session, folder: Path) -> Path:
    """The session as the table file `export` writes, in a new file of `folder`; returns its path."""
    from scorepad.files import write_atomically
    from scorepad.session import now

    text = _table_file_text(session)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ScorepadError(f"cannot make the folder {folder}: {error.strerror or error}") from None
    stamp = now()[:19].replace(":", "").replace("-", "")  # 20261201T101500: sorts by time, no ':' for Windows
    name = f"{session.game.slug}-{session.id}-{stamp}"
    path = folder / f"{name}.json"
    for n in range(2, 1000):  # the same id may be deleted twice in a second (ids are reused): never replace
        if not os.path.lexists(path):
            break
        path = folder / f"{name}-{n}.json"
    write_atomically(path, text.encode("utf-8"), protected=protected_files(ctx))
    return path


def _table_file_text(session: Session) -> str:
    """The table file of one session with its `session` block, as `export ID` writes it (and `delete` keeps)."""
    from scorepad.session import export_doc

    return json_text(export_doc(session), indent=2) + "\n"


def _confirmed(question: str, *, refusal: str) -> bool:
    """A yes at the terminal; without one, `refusal` (a usage error, exit 2: the command needs --yes)."""
    from scorepad.prompts import Aborted

    if not stdin_is_tty():
        raise fail(refusal, code=2)
    try:
        return make_prompter().confirm(question, default=False)
    except (Aborted, KeyboardInterrupt):
        raise _stopped(STOPPED_NOTHING) from None


# --- list, show, score ----------------------------------------------------------------------------------

@app.command("list")
@handles_errors
def list_(ctx: typer.Context,
          all_: bool = typer.Option(False, "--all", help=f"Every session (default: the latest {LIST_LATEST})."),
          game: Optional[str] = typer.Option(None, "--game", "-g", metavar="SLUG", help="Only this game's sessions."),
          player: Optional[str] = typer.Option(None, "--player", metavar="NAME",
                                               help="Only sessions this player played (case does not matter)."),
          status: Optional[str] = typer.Option(None, "--status", metavar="playing|finished",
                                               help="Only sessions being played, or only finished ones."),
          as_json: bool = typer.Option(False, "--json", help="Print the list as JSON (the spec's shape).")) -> None:
    """List sessions, newest first, with their leader or winner.

    It reads the database's index of summaries alone, so it stays quick however many games are kept.
    """
    if status not in (None, "playing", "finished"):
        raise fail(f"--status takes playing or finished, not {status!r}", code=2)
    if game is not None:
        from scorepad.games import by_slug

        by_slug(game)  # an unknown slug is an error, not an empty list
    wanted = player.strip().casefold() if player else None
    found = [(doc_id, summary) for doc_id, summary in open_store(ctx).summaries().items()
             if (game is None or summary.get("game") == game)
             and (status is None or summary.get("status") == status)
             and (wanted is None or wanted in (str(p).strip().casefold() for p in summary.get("players", [])))]
    # Newest first: by the day played, then by id (a session without a known date comes last).
    found.sort(key=lambda item: (item[1].get("date") or "", item[0]), reverse=True)
    shown = found if all_ else found[:LIST_LATEST]
    if as_json:
        rows = [{"id": doc_id, "game": summary.get("game"), "players": summary.get("players"),
                 "date": (summary.get("date") or "")[:10] or None, "status": summary.get("status"),
                 "leaders": summary.get("leaders", []), "winners": summary.get("winners", [])}
                for doc_id, summary in shown]
        typer.echo(json_text(rows))
        return
    if not shown:
        typer.echo(NO_SESSIONS if not found and not (game or player or status) else NO_MATCH)
        return
    from scorepad.grid import grid

    rows = [[doc_id, summary.get("game", "?"), ", ".join(map(str, summary.get("players", []))),
             (summary.get("date") or UNKNOWN_DATE)[:16].replace("T", " "), summary.get("status", ""),
             _leader(summary)] for doc_id, summary in shown]
    echo(grid(["ID", "Game", "Players", "Date", "Status", "Leader / winner"], rows, indent=""))
    if len(shown) < len(found):
        typer.echo(MORE_SESSIONS.format(shown=len(shown), count=len(found)))


def _leader(summary: dict[str, Any]) -> str:
    """The list's last column, from a session's summary (store.py's index; scorepad/summary.py)."""
    from scorepad.games import by_slug

    if summary.get("damaged"):
        return "?"
    totals = summary.get("totals")
    if not totals or not summary.get("leaders"):
        return "—"
    game = by_slug(summary["game"])
    label = game.label_for(summary.get("variants", [])).lower()
    complete = summary.get("complete", 0)
    if summary.get("private"):
        return f"{label} {complete} done (totals private)"
    names = " and ".join(summary["leaders"])
    from scorepad.grid import cell

    top = (game.figure or cell)(totals[summary["leaders"][0]])  # a minus sign, as every other figure prints
    finished = summary.get("status") == "finished"
    if finished and len(totals) == 1:  # a solo game: a score, not a win
        return f"{names} ({top})"
    if finished:
        return f"won by {names} ({top})"
    if game.default_rounds is None:
        return f"{names} ({top})"
    return f"{names} ({top}) after {label} {complete}"


def _nothing_to_score(session: Session, purpose: str = "") -> str:
    if session.game.default_rounds is None:
        return f"session {session.id} has not reached its final scoring yet"
    return f"session {session.id} has no complete {session.game.label_for(session.variants).lower()}{purpose} yet"


@app.command()
@handles_errors
def show(ctx: typer.Context, session_id: int = typer.Argument(..., metavar="ID", help=SESSION_ID)) -> None:
    """Show all a session recorded, with breakdowns."""
    session = load_session(ctx, session_id)
    echo(f"Session {session_id}: {session.game.title} — {_names(session.players)}")
    echo(f"Started {session.date or 'on an unknown date'}; {session.doc.get('status')}; "
               f"variants: {', '.join(session.variants) or 'none (official rules)'}; "
               + (f"modules: {', '.join(session.modules)}; " if session.modules else "")
               + (f"{session.rounds_planned} {session.game.label_for(session.variants).lower()}"
                  f"{'' if session.rounds_planned == 1 else 's'} planned"
                  if session.rounds_planned else "no rounds"))
    echo("")
    echo(session.game.report(session))


@app.command()
@handles_errors
def score(ctx: typer.Context,
          session_id: Optional[int] = typer.Argument(None, metavar="[ID]", help="A stored session."),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar="FILE",
                                               help="Score a table file without touching the database."),
          as_json: bool = typer.Option(False, "--json", help="Print the result as JSON (the spec's shape).")) -> None:
    """Score a session or a table file.

    Standings, each player's breakdown and the winners; --json prints the table format's result.
    """
    from scorepad.grid import standings_text

    if (session_id is None) == (table is None):
        raise fail("give a session ID or --table FILE (one of them)", code=2)
    if table is not None:
        from scorepad.games import of_table
        from scorepad.session import load_table_file, score_table

        raw = load_table_file(table)
        game = of_table(raw)
        result = score_table(raw, game)
        note = "" if result.finished else f"{IN_PROGRESS}\n"
    else:
        session = load_session(ctx, session_id)
        if not session.scorable():
            raise ScorepadError(_nothing_to_score(session))
        if session.game.private(session):
            raise ScorepadError(PRIVATE_TOTALS.format(id=session_id, title=session.game.title))
        complete = session.complete_rounds()
        result, game = session.score_so_far(complete), session.game
        note = "" if session.finished else f"(in progress: {complete} of {session.rounds_planned} complete)\n"
    if as_json:
        typer.echo(json_text(result.to_json(), indent=2))
        return
    variants = ", ".join(result.variants) or "official rules"
    echo(f"{game.title} ({variants})\n{note}")
    echo(standings_text(result, game, finished=not note))


# --- export, import -------------------------------------------------------------------------------------

@app.command()
@handles_errors
def export(ctx: typer.Context,
           session_id: Optional[int] = typer.Argument(None, metavar="[ID]", help=SESSION_ID),
           every: bool = typer.Option(False, "--all", help="Every session, one table file a line (JSON Lines)."),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE",
                                                 help="Write here instead of to stdout."),
           force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    """Write a session as a table file (or, with --all, every session: a backup).

    The file holds the whole game: the table that `score --table` reads, and the session's every answer,
    so that `import` gives back the same session, in progress or finished.
    """
    from scorepad.games import session_of
    from scorepad.session import export_doc

    if (session_id is None) == (not every):
        raise fail("give a session ID or --all (one of them)", code=2)
    if every:
        text = "".join(json_text(export_doc(session_of(doc, doc_id))) + "\n"
                       for doc_id, doc in open_store(ctx).all())
    else:
        text = _table_file_text(load_session(ctx, session_id))
    if output is None:
        typer.echo(text, nl=False)
    else:
        from scorepad.files import TABLE, write_file

        write_file(output, text.encode("utf-8"), TABLE, force=force, protected=protected_files(ctx))
        typer.echo(f"Wrote {output}", err=True)


@app.command("import")
@handles_errors
def import_(ctx: typer.Context,
            files: list[Path] = typer.Argument(..., metavar="FILE…", help="Table files (or arrays, JSON Lines)."),
            again: bool = typer.Option(False, "--again", help="Store a copy of a game that is stored already.")
            ) -> None:
    """Store table files as sessions, all or none; prints each new id, one a line.

    A file holds a table file, a JSON array of them, or JSON Lines (what `export --all` writes).
    """
    from scorepad import session as sessions
    from scorepad.games import of_table

    store = open_store(ctx)
    # Marks of what this import has stored so far, each with where it came from: a game given twice by two
    # files is refused. The items of one file are not compared with each other: a backup holds the copies
    # that --again made.
    seen: dict[str, tuple[str, int]] = {}

    def docs() -> Iterator[dict[str, Any]]:
        """Each table made a session, one at a time, under the store's lock (store.insert_many): a game
        stored already is refused by the store's index of identities, which reads only these marks' files."""
        for number, path in enumerate(files):
            for where, table in sessions.load_table_files(path):
                label = "" if len(files) == 1 and where is None else f"{path}{' ' + where if where else ''}: "
                try:
                    doc = sessions.doc_from_file(table, of_table(table))
                except (InvalidInput, ScorepadError) as error:
                    raise ScorepadError(f"{label}{error}") from None
                if not again:
                    marks = sessions.identities(doc)
                    stored = store.find(marks)
                    if stored:
                        raise ScorepadError(label + ALREADY_STORED.format(id=next(iter(stored.values()))))
                    earlier = next((seen[mark] for mark in marks if mark in seen and seen[mark][1] != number), None)
                    if earlier is not None:
                        raise ScorepadError(label + SAME_GAME.format(where=earlier[0]))
                    for mark in marks:
                        seen.setdefault(mark, (label.rstrip(": ") or "an earlier one", number))
                yield doc

    for doc_id in store.insert_many(docs()):
        typer.echo(doc_id)


# --- sheets ---------------------------------------------------------------------------------------------

@app.command(context_settings={"allow_extra_args": True})
@handles_errors
def sheet(ctx: typer.Context,
          target: Optional[str] = typer.Argument(None, metavar="[ID | GAME]",
                                                 help="A session id, or a game's slug with --blank."),
          blank: bool = typer.Option(False, "--blank", help="A blank pad to print before a game."),
          players: Optional[list[str]] = typer.Option(None, "--players", "-p", metavar="NAME NAME… | N",
                                                      help=BLANK_PLAYERS),
          rounds: Optional[int] = typer.Option(None, "--rounds", "-r", metavar="N",
                                                     help="Rounds (games) on a blank pad."),
          variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", metavar="NAME",
                                                            help="A variant for a blank pad."),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar="FILE", help="Fill from a table file."),
          output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", help="The PDF to write."),
          force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    """Write a PDF score sheet, blank or filled.

    A blank pad to print before a game (GAME --blank), or the filled sheet of a session (ID)
    or of a table file (--table FILE).
    """
    if blank:
        if target is None or table is not None:
            raise fail("a blank pad needs the game: scorepad sheet GAME --blank", code=2)
        from calculators.core import check_players, check_variants
        from scorepad.games import by_slug
        from scorepad.session import check_options, planned_rounds

        game = by_slug(target)
        names = _names_given(ctx, players)
        if len(names) == 1 and names[0].strip().isdecimal() and names[0].strip().isascii():
            count, names = int(names[0]), []  # `--players 3`: three columns with no name, to write in
            if count not in game.players:
                noun = "player" if count == 1 else "players"
                raise InvalidInput(f"{count} {noun}; {game.title} takes {game.player_counts()}", field="players")
        else:  # the names on the pad follow the rules of a game's names (trimmed, unique ignoring case, …)
            names = list(check_players(names, game.players)) if names else []
            count = len(names) or game.usual_table()
        chosen = check_variants(variant or [], game.variants)
        path = output or Path(f"{game.slug}-blank.pdf")
        data = game.sheet(None, players=names or [""] * count, rounds=rounds or planned_rounds(game, chosen) or 1,
                          variants=chosen)  # first: a game's own refusal of a pad says more
        check_options(game, chosen, rounds)  # the round count a game with these variants takes, as `play` does
        if names:
            data.setdefault("fields", {})["players"] = ", ".join(names)
        echo(f"Wrote {_render(game, data, path, force=force, protected=protected_files(ctx))}")
        return
    if players or rounds or variant:
        raise fail("--players, --rounds and --variant are for blank pads (--blank)", code=2)
    if ctx.args:
        raise fail(f"unexpected {' '.join(ctx.args)!r}", code=2)
    if table is not None:
        if target is not None:
            raise fail("give a session ID or --table FILE, not both", code=2)
        from scorepad.games import of_table
        from scorepad.session import Session, doc_from_session, load_table_file, score_table

        raw = load_table_file(table)
        game = of_table(raw)
        if "session" in raw:  # a game in progress prints as one, as `sheet ID` does
            session = Session(doc_from_session(raw, game), game)
            path = str(output or table.with_suffix(".pdf"))
            written = _write_session_sheet(session, path, force=force, protected=protected_files(ctx, table),
                                           mine=True)
            echo(f"Wrote {written}")
            return
        result = score_table(raw, game)
        data = game.sheet(result, players=[s.strip() for s in raw["players"]])
        path = output or table.with_suffix(".pdf")
        echo(f"Wrote {_render(game, data, path, force=force, protected=protected_files(ctx, table))}")
        return
    if target is None or not target.isdigit():
        raise fail("give a session ID, --table FILE, or GAME --blank", code=2)
    session = load_session(ctx, int(target))
    path = str(output or f"{session.game.slug}-{target}.pdf")
    echo(f"Wrote {_write_session_sheet(session, path, force=force, protected=protected_files(ctx))}")


def _write_session_sheet(session: Session, path: str, *, force: bool = False, protected: Iterable[Any] = (),
                         mine: bool = False) -> str:
    """The sheet of a session; `mine`: of a table file, whose reader holds every figure already (no private cash)."""
    if not session.scorable():
        raise ScorepadError(_nothing_to_score(session))
    if session.game.private(session) and not mine:
        raise ScorepadError(PRIVATE_TOTALS.format(id=session.id, title=session.game.title))
    data = session.game.sheet(session.score_so_far(session.complete_rounds()), players=session.players,
                              date=(session.date or "")[:10])
    if not session.finished:  # the leader of a game still being played has not won (yet)
        data.setdefault("fields", {})["winner"] = SHEET_IN_PROGRESS
        for instances in data.get("grids", {}).values():
            for instance in instances:
                for row in instance.get("rows", []):
                    row["mark"] = False
    return _render(session.game, data, Path(path), force=force, protected=protected)


def _sheet_path_problem(path: str, *, protected: Iterable[Any]) -> str | None:
    """Why `sheet -o PATH` would refuse PATH (the end-of-game prompt asks again), or None."""
    from scorepad.files import PDF, Refused, check_target

    try:
        check_target(Path(path), PDF, protected=protected)
    except Refused as refused:
        return refused.reason  # a prompt has no --force: the reason alone, and another name is asked
    return None


def _render(game: Game, data: dict, path: Path, *, force: bool, protected: Iterable[Any]) -> str:
    import io

    from scorepad import sheets  # reportlab: only this command pays for it
    from scorepad.files import PDF, check_target, write_atomically

    protected = list(protected)
    check_target(path, PDF, force=force, protected=protected)  # before drawing: a refusal comes at once
    pdf = io.BytesIO()
    sheets.render(sheets.load_template(game.template), data, pdf)
    write_atomically(path, pdf.getvalue(), protected=protected)
    return str(path)
