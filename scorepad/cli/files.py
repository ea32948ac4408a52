"""The commands that write files and take them in: `export` sessions (table files, CSV, BG Stats), `import` table
files, `sheet` (a PDF score sheet, blank or filled)."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import typer

from calculators.core import InvalidInput, check_players, check_variants
from scorepad import exports, history
from scorepad.cli.output import WARNING_LINE, echo, echo_json, fail, handles_errors
from scorepad.cli.printing import bgstats_code, render, show_code, write_session_sheet
from scorepad.cli.root import app
from scorepad.cli.shared import (FORCE_HELP, SESSION_ID, WROTE, load_session, names_given, open_store,
                                 protected_files, table_file_text)
from scorepad.errors import ScorepadError
from scorepad.files import TABLE, write_file
from scorepad.games import by_slug, of_table
from scorepad.table import session_of
from scorepad.grid import json_text
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.table.changes import check_options, planned_rounds
from scorepad.table.session import Session
from scorepad.table.tablefile import json_line, load_table_file, load_table_files
from scorepad.table.travel import doc_from_file, doc_from_session, doc_from_table, export_doc, identities, score_table
from scorepad.table.summary import order

ID_OR_ALL = N_("give a session ID or --all (one of them)")
ALREADY_STORED = N_("already stored as session {id} (--again stores a copy)")
SAME_GAME = N_("the same game as {where}")
AN_EARLIER_ONE = N_("an earlier one")
# TRANSLATORS: a table file refused on import: {where} is the file (and the line or item in it), {reason} why.
IN_FILE = N_("{where}: {reason}")
BLANK_PLAYERS = N_("A blank pad's players: their names (printed on the pad), or a number of blank columns "
                   "(default: the usual table, 4; Lost Cities 2; Chinatown 5, a ledger each).")
BLANK_NEEDS_GAME = N_("a blank pad needs the game: scorepad sheet GAME --blank")
BLANK_ONLY = N_("--players, --rounds and --variant are for blank pads (--blank)")
BLANK_COUNT = NP_("{count} player; {title} takes {counts}", "{count} players; {title} takes {counts}")
UNEXPECTED = N_("unexpected {extra!r}")
ID_AND_TABLE = N_("give a session ID or --table FILE, not both")
SHEET_WHAT = N_("give a session ID, --table FILE, or GAME --blank")

EXPORT_HELP = N_(
    "Write a session as a table file, or finished games for other programs.\n\nWith --all: every session (a "
    "backup). The table file holds the whole game: the table that `score --table` reads, and the session's "
    "every answer, so that `import` gives back the same session, in progress or finished. --format csv (for "
    "spreadsheets) and bgstats (a file BG Stats imports) write finished games, --all every finished one; "
    "bgstats-url prints the link that adds one game to BG Stats on a phone.")
QR_HELP = N_("With --format bgstats-url: draw the link as a QR code in the terminal, for a phone to scan.")
QR_ONLY = N_("--qr draws one game's link in the terminal: scorepad export ID --format bgstats-url --qr")
FORMAT_HELP = N_("table (default), csv, bgstats or bgstats-url.")
FORMATS = ("table", "csv", "bgstats", "bgstats-url")
UNKNOWN_FORMAT = N_("--format takes table, csv, bgstats or bgstats-url, not {format!r}")
# TRANSLATORS: {problem} is why one session cannot be read ("session 3 in the database is damaged (…)").
LEFT_OUT = N_("left out of the backup: {problem}")
# TRANSLATORS: {ids} lists the session ids left out ("3, 7").
INCOMPLETE_BACKUP = NP_("the backup holds every other session; {count} damaged session is left out: {ids}",
                        "the backup holds every other session; {count} damaged sessions are left out: {ids}")
URL_NEEDS_ONE = N_("--format bgstats-url is the link of one game: give its session ID, not --all")
# TRANSLATORS: {format} is csv, bgstats or bgstats-url (kept as typed).
NOT_FINISHED_EXPORT = N_("session {id} is not finished: --format {format} writes finished games only "
                         "(carry on with: scorepad resume {id})")


@app.command(help=EXPORT_HELP)
@handles_errors
def export(ctx: typer.Context,
           session_id: Optional[int] = typer.Argument(None, metavar=N_("[ID]"), help=SESSION_ID),
           every: bool = typer.Option(False, "--all", help=N_("Every session, one table file a line (JSON Lines).")),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar=N_("FILE"),
                                                 help=N_("Write here instead of to stdout.")),
           force: bool = typer.Option(False, "--force", help=FORCE_HELP),
           format: str = typer.Option("table", "--format", "-f", metavar=N_("FORMAT"), help=FORMAT_HELP,
                                      show_default=False),
           code: bool = typer.Option(False, "--qr", help=QR_HELP)) -> None:
    if (session_id is None) == (not every):
        raise fail(_(ID_OR_ALL), code=2)
    if format not in FORMATS:
        raise fail(_(UNKNOWN_FORMAT).format(format=format), code=2)
    if code and (format != "bgstats-url" or output is not None or session_id is None):
        raise fail(_(QR_ONLY), code=2)
    if code:
        session = load_session(ctx, session_id)
        if not session.finished:
            raise ScorepadError(_(NOT_FINISHED_EXPORT).format(id=session_id, format=format))
        show_code(session, asked=True)
        return
    if format != "table":
        _export_plays(ctx, session_id, format, output, force)
        return
    skipped: list[tuple[int, str]] = []
    if every:
        text = "".join(_backup_lines(open_store(ctx), skipped))
    else:
        text = table_file_text(load_session(ctx, session_id))
    if output is None:
        echo_json(text, nl=False)
    else:
        write_file(output, text.encode("utf-8"), TABLE, force=force, protected=protected_files(ctx))
        echo(_(WROTE).format(path=output), err=True)
    if skipped:  # every other session is in the backup; a script must still see that it is not whole
        for _id, problem in skipped:
            echo(_(WARNING_LINE).format(message=_(LEFT_OUT).format(problem=problem)), err=True)
        ids = pgettext("list separator", ", ").join(str(doc_id) for doc_id, _problem in skipped)
        raise fail(plural(INCOMPLETE_BACKUP, len(skipped)).format(count=len(skipped), ids=ids))


def _backup_lines(store: Any, skipped: list[tuple[int, str]]) -> Iterator[str]:
    """`export --all`: every session that can be read, one JSON line each; each that cannot goes to `skipped`
    (its id and why), so that one damaged session never keeps the others out of a backup."""
    for doc_id, doc in store.all(skipped):
        try:
            line = json_line(export_doc(session_of(doc, doc_id)))
        except (ScorepadError, InvalidInput) as error:
            skipped.append((doc_id, str(error)))
            continue
        yield line
    skipped.sort()


def _export_plays(ctx: typer.Context, session_id: Optional[int], format: str, output: Optional[Path],
                  force: bool) -> None:
    """`export --format csv|bgstats|bgstats-url`: finished games for spreadsheets and BG Stats (scorepad/exports.py)."""
    if format == "bgstats-url" and session_id is None:
        raise fail(_(URL_NEEDS_ONE), code=2)
    if session_id is not None:
        session = load_session(ctx, session_id)
        if not session.finished:
            raise ScorepadError(_(NOT_FINISHED_EXPORT).format(id=session_id, format=format))
        plays = [exports.play_of(session)]
    elif format == "csv":  # from the index alone: the summaries hold every finished session's totals and ranks
        plays = history.played(open_store(ctx), facts=False)
    else:
        store = open_store(ctx)
        every = store.all()  # first: a session file put back from a copy has its summary made again
        summaries = store.summaries()
        finished = {doc_id for doc_id, summary in summaries.items()
                    if summary.get("status") == "finished" and not summary.get("damaged")}
        docs = {doc_id: doc for doc_id, doc in every if doc_id in finished}  # read in one pass
        plays = [exports.play_of(session_of(docs[doc_id], doc_id), summaries[doc_id])
                 for doc_id in sorted(docs, key=lambda doc_id: order(doc_id, summaries[doc_id]))]
    if format == "csv":
        text = exports.csv_text(plays)
    elif format == "bgstats":
        text = json_text(exports.bgstats_doc(plays), separators=(",", ":")) + "\n"  # one line, as the app writes
    else:
        text = exports.push_url(plays[0]) + "\n"
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_file(output, text.encode("utf-8"), exports.kind(format), force=force, protected=protected_files(ctx))
        echo(_(WROTE).format(path=output), err=True)


IMPORT_HELP = N_(
    "Store table files as sessions, all or none; prints each new id, one a line.\n\nA file holds a table "
    "file, a JSON array of them, or JSON Lines (what `export --all` writes).")


@app.command("import", help=IMPORT_HELP)
@handles_errors
def import_(ctx: typer.Context,
            files: list[Path] = typer.Argument(..., metavar=N_("FILE…"),
                                               help=N_("Table files (or arrays, JSON Lines).")),
            again: bool = typer.Option(False, "--again",
                                       help=N_("Store a copy of a game that is stored already."))) -> None:
    store = open_store(ctx)
    # Marks of what this import has stored so far, each with where it came from: a game given twice by two
    # files is refused. The items of one file are not compared with each other: a backup holds the copies
    # that --again made.
    seen: dict[str, tuple[str, int]] = {}

    def docs() -> Iterator[dict[str, Any]]:
        """Each table made a session, one at a time, under the store's lock (store.insert_many): a game
        stored already is refused by the store's index of identities, which reads only these marks' files."""
        for number, path in enumerate(files):
            for where, table in load_table_files(path):
                label = "" if len(files) == 1 and where is None else f"{path}{' ' + where if where else ''}"

                def refused(reason: Any, label: str = label) -> ScorepadError:
                    return ScorepadError(_(IN_FILE).format(where=label, reason=reason) if label else str(reason))

                try:
                    doc = doc_from_file(table, of_table(table))
                except (InvalidInput, ScorepadError) as error:
                    raise refused(error) from None
                if not again:
                    marks = identities(doc)
                    stored = store.find(marks)
                    if stored:
                        raise refused(_(ALREADY_STORED).format(id=next(iter(stored.values()))))
                    earlier = next((seen[mark] for mark in marks if mark in seen and seen[mark][1] != number), None)
                    if earlier is not None:
                        raise refused(_(SAME_GAME).format(where=earlier[0]))
                    for mark in marks:
                        seen.setdefault(mark, (label or _(AN_EARLIER_ONE), number))
                yield doc

    for doc_id in store.insert_many(docs()):
        typer.echo(doc_id)


# --- sheets ---------------------------------------------------------------------------------------------

SHEET_HELP = N_(
    "Write a PDF score sheet, blank or filled.\n\nA blank pad to print before a game (GAME --blank), or the "
    "filled sheet of a session (ID) or of a table file (--table FILE).")


@app.command(help=SHEET_HELP, context_settings={"allow_extra_args": True})
@handles_errors
def sheet(ctx: typer.Context,
          target: Optional[str] = typer.Argument(None, metavar=N_("[ID | GAME]"),
                                                 help=N_("A session id, or a game's slug with --blank.")),
          blank: bool = typer.Option(False, "--blank", help=N_("A blank pad to print before a game.")),
          players: Optional[list[str]] = typer.Option(None, "--players", "-p", metavar=N_("NAME NAME… | N"),
                                                      help=BLANK_PLAYERS),
          rounds: Optional[int] = typer.Option(None, "--rounds", "-r", metavar=N_("N"),
                                               help=N_("Rounds (games) on a blank pad.")),
          variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", metavar=N_("NAME"),
                                                      help=N_("A variant for a blank pad.")),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar=N_("FILE"),
                                               help=N_("Fill from a table file.")),
          output: Optional[Path] = typer.Option(None, "--output", "-o", metavar=N_("FILE"),
                                                help=N_("The PDF to write.")),
          force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    if blank:
        if target is None or table is not None:
            raise fail(_(BLANK_NEEDS_GAME), code=2)
        game = by_slug(target)
        names = names_given(ctx, players)
        if len(names) == 1 and names[0].strip().isdecimal() and names[0].strip().isascii():
            count, names = int(names[0]), []  # `--players 3`: three columns with no name, to write in
            if count not in game.players:
                raise InvalidInput(plural(BLANK_COUNT, count).format(count=count, title=_(game.title),
                                                                     counts=game.player_counts()), field="players")
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
        render(game, data, path, force=force, protected=protected_files(ctx), wrote=echo)
        return
    if players or rounds or variant:
        raise fail(_(BLANK_ONLY), code=2)
    if ctx.args:
        raise fail(_(UNEXPECTED).format(extra=" ".join(ctx.args)), code=2)
    if table is not None:
        if target is not None:
            raise fail(_(ID_AND_TABLE), code=2)
        raw = load_table_file(table)
        game = of_table(raw)
        if "session" in raw:  # a game in progress prints as one, as `sheet ID` does
            session = Session(doc_from_session(raw, game), game)
            path = str(output or table.with_suffix(".pdf"))
            write_session_sheet(session, path, force=force, protected=protected_files(ctx, table), mine=True,
                                wrote=echo)
            return
        result = score_table(raw, game)
        session = Session(doc_from_table(raw, game), game)  # a table file is a finished game, played on its date
        data = game.sheet(result, players=[s.strip() for s in raw["players"]], date=(session.date or "")[:10])
        data["qr"] = bgstats_code(session)
        path = output or table.with_suffix(".pdf")
        render(game, data, path, force=force, protected=protected_files(ctx, table), wrote=echo)
        return
    if target is None or not target.isdigit():
        raise fail(_(SHEET_WHAT), code=2)
    session = load_session(ctx, int(target))
    path = str(output or f"{session.game.slug}-{target}.pdf")
    write_session_sheet(session, path, force=force, protected=protected_files(ctx), wrote=echo)
