"""The commands about people: `players` (everyone who has played, and `players rename`) and `stats` (the
statistics of the finished games, as text, JSON or a PDF report)."""

import datetime
import io
import re
from pathlib import Path
from typing import Any, Optional

import typer

import scorepad.players
from calculators.core import InvalidInput, check_name
from scorepad import history, report
from scorepad.cli.prompt_words import prompt_word_in
from scorepad.cli.output import WARNING_LINE, echo, echo_json, fail, handles_errors, stopped
from scorepad.cli.root import app
from scorepad.cli.shared import FORCE_HELP, NO_SESSIONS, UNKNOWN_DATE, WROTE, open_store, protected_files_of
from scorepad.files import PDF, check_target, write_atomically
from scorepad.games import SLUGS, by_slug
from scorepad.grid import fitting, grid, json_text, width
from scorepad.i18n import N_, NP_, _, pgettext, plural, western_digits
from scorepad.stats import NO_MATCH, NOTHING_YET
from scorepad.stats import text as stats_text
from scorepad.words import quoted

PLAYERS_HELP = N_(
    "Everyone who has played, across every stored session, the latest first.\n\n"
    "For each: their finished sessions and those being played, the games they finished, the day they last "
    "played and their latest sessions. A player is the same person whatever the case and spaces of the name "
    "(Ana = ana); the name shown is the spelling of their most recent finished game.\n\n"
    "--json prints a list, one object per person:\n\n"
    "\b\n"
    '{"name": "Ana", "finished": 12, "playing": 1,\n'
    ' "games": {"lost-cities": 10, "chinatown": 2},\n'
    ' "last_played": "2026-11-29", "latest": [31, 30, 27]}\n\n'
    "`finished` and `playing` count sessions; `games` counts finished sessions per game slug (as stats does); "
    "`last_played` (`YYYY-MM-DD`, or `null` when unknown) and `latest` (session ids, newest first, at most 3) take "
    "games in progress too. Every session of a player: scorepad list --player NAME.")
PLAYERS_JSON_HELP = N_("Print the list as JSON (the shape above).")
PLAYERS_HEADINGS = (N_("Player"), N_("Finished"), N_("Playing"), N_("Last played"), N_("Latest sessions"))
# The `players` table has a column per game someone finished, in the games' order, headed by its short name
# (Game.column_heading); a line under it says which is which.
# TRANSLATORS: under the `players` table, one for each game column: {short} is its heading, {title} the game.
PLAYERS_GAME_KEY = N_("{short} = {title}")
PLAYERS_KEY_WIDTH = 100  # the line naming the game columns wraps before this many columns (or the terminal's)
# TRANSLATORS: under the `players` table; `scorepad list --player NAME` is a command, kept as written.
PLAYERS_FOOTER = N_("Every session of a player: scorepad list --player NAME")
RENAME_HELP = N_(
    "Rename a player in every stored session, or merge two spellings of one (ANA and Ana): every session whose "
    "players include OLD (whatever its case and spaces) then names NEW, wherever the game keeps a name (the "
    "players, every answer, who was oldest or paid whom). Nothing is changed if a session has both OLD and NEW as "
    "two different players. Each session is rewritten whole, one at a time: if the command is stopped, run it "
    "again to finish.")
OLD_METAVAR, NEW_METAVAR = N_("OLD"), N_("NEW")
OLD_HELP = N_("The name as the sessions have it (case and spaces do not matter).")
NEW_HELP = N_("The name it becomes.")
RENAMED = NP_("Renamed {old} to {new} in {count} session.", "Renamed {old} to {new} in {count} sessions.")
NOTHING_TO_RENAME = N_("Every session already names {old} as {new}; nothing was changed.")
# TRANSLATORS: Ctrl-C (or a stopping signal) during `players rename`.
STOPPED_RENAMING = NP_("Stopped: {done} of {count} session renamed, each session whole; run the same command again "
                       "to finish.",
                       "Stopped: {done} of {count} sessions renamed, each session whole; run the same command again "
                       "to finish.")

players_app = typer.Typer(help=PLAYERS_HELP, rich_markup_mode=None, add_completion=False)
app.add_typer(players_app, name="players")


@players_app.callback(invoke_without_command=True)
@handles_errors
def players(ctx: typer.Context,
            as_json: bool = typer.Option(False, "--json", help=PLAYERS_JSON_HELP)) -> None:
    if ctx.invoked_subcommand is not None:
        return
    found = scorepad.players.people(open_store(ctx).summaries())
    if as_json:
        echo_json(json_text(found))
        return
    if not found:
        typer.echo(_(NO_SESSIONS))
        return
    between = pgettext("between names", ", ")
    played = {slug for person in found for slug in person["games"]}
    games = [slug for slug in SLUGS if slug in played] + sorted(played.difference(SLUGS))  # the same on every row
    player, finished, playing, last, latest = (_(heading) for heading in PLAYERS_HEADINGS)
    headings = [player, finished, playing, *(_column_heading(slug) for slug in games),
                last, latest]
    rows = [[person["name"], person["finished"], person["playing"],
             *(person["games"].get(slug) or "—" for slug in games),
             person["last_played"] or UNKNOWN_DATE,
             between.join(map(str, person["latest"])) + ("…" if person["finished"] + person["playing"]
                                                         > len(person["latest"]) else "")]
            for person in found]
    echo(grid(headings, rows, indent="", text=(len(headings) - 2, len(headings) - 1)))
    if games:  # nobody has finished a game yet: no game column to name
        echo(_players_key(games, headings[3:3 + len(games)]))
    typer.echo(_(PLAYERS_FOOTER))


def _column_heading(slug: str) -> str:
    """A game's short heading (Game.column_heading), or its slug for a game this release does not know."""
    try:
        heading = by_slug(slug).column_heading
    except InvalidInput:
        return slug
    return heading() if heading else slug


def _players_key(games: list[str], headings: list[str]) -> str:
    """The lines under `players` naming each game column ("LC = Lost Cities"), wrapped before PLAYERS_KEY_WIDTH.
    The titles are the games' own (by_slug), asked only for the games shown."""
    items = [_(PLAYERS_GAME_KEY).format(short=heading, title=_(by_slug(slug).title))
             for slug, heading in zip(games, headings) if slug in SLUGS]
    lines: list[str] = []
    for item in items:
        if lines and width(lines[-1] + "   " + item) < min(fitting() or PLAYERS_KEY_WIDTH, PLAYERS_KEY_WIDTH):  # spaces: a title may hold a comma
            lines[-1] += "   " + item
        else:
            lines.append(item)
    return "\n".join(lines)


@players_app.command("rename", help=RENAME_HELP)
@handles_errors
def players_rename(ctx: typer.Context,
                   old: str = typer.Argument(..., metavar=OLD_METAVAR, help=OLD_HELP),
                   new: str = typer.Argument(..., metavar=NEW_METAVAR, help=NEW_HELP)) -> None:
    if not old.strip():  # no session has a player of no name ("no player  in any session" said nothing)
        raise InvalidInput("name.empty", field=_(OLD_METAVAR))
    try:  # the spec's rules for a name: trimmed, printable, at most 40 characters
        new = check_name(new)
    except InvalidInput as error:  # named as the argument, not as a table file's `players`
        raise InvalidInput(error.code, **error.values, field=_(NEW_METAVAR)) from None
    store = open_store(ctx)
    ids = scorepad.players.plan(store, old, new, prompt_word_in)
    if not ids:
        echo(_(NOTHING_TO_RENAME).format(old=old.strip(), new=new))
        return
    done: list[int] = []
    try:
        changed = scorepad.players.rename(store, ids, old, new, done=done.append)
    except KeyboardInterrupt:  # each session is whole (Store.update): the rest waits for the same command again
        raise stopped("\n" + plural(STOPPED_RENAMING, len(ids)).format(done=len(done), count=len(ids))) from None
    echo(plural(RENAMED, changed).format(old=old.strip(), new=new, count=changed))


STATS_HELP = N_(
    "Statistics of the finished games.\n\nPer game: each player's sessions, wins, win rate, mean, best and worst; "
    "head to head; records; and the game's own figures. A player is the same across sessions when the names match "
    "ignoring case and spaces around them; the name shown is the latest spelling. It reads the database's index "
    "alone.")
STATS_GAME_HELP = N_("Only this game's sessions.")
STATS_PLAYER_HELP = N_("Only this player's sessions and figures (case does not matter).")
STATS_SINCE_HELP = N_("Only sessions played on or after this day (YYYY-MM-DD); sessions of unknown date are left "
                     "out.")
STATS_JSON_HELP = N_("Print the statistics as JSON (the spec's shape).")
STATS_PDF_HELP = N_("Write the statistics as a PDF report instead, with charts: a page for each game.")
# TRANSLATORS: --pdf and --json are options, kept as they are.
PDF_OR_JSON = N_("--pdf writes a PDF and --json prints JSON: give one of them")
# TRANSLATORS: `stats --pdf FILE` when no finished session matches; {path} is the FILE.
NOTHING_TO_REPORT = N_("no finished session to put in the report: {path} is not written")
# TRANSLATORS: --since and YYYY-MM-DD are kept as they are; {given} is what was typed.
BAD_SINCE = N_("--since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not {given!r}")
# TRANSLATORS: a day typed in another calendar (a Persian 1405-09-10, a Hijri 1448-06-10) reads as a Gregorian
# year centuries ago and would count every game: say that --since takes the Gregorian (Western) calendar's day.
# {given!r} is what was typed, {year} its year read as Gregorian.
SINCE_CALENDAR = N_("--since takes a day of the Gregorian calendar (YYYY-MM-DD, e.g. 2026-11-29): {given!r} would be "
                    "the year {year}")
# Before it, a --since day is another calendar's (the Persian year was 1405 and the Hijri 1448 in 2026): the
# oldest game scorepad scores, Lost Cities, was published in 1999, so no session played on a pad is older.
SINCE_EARLIEST_YEAR = 1900
# TRANSLATORS: {name} is the name asked for; `scorepad list` is a command, kept as it is.
UNKNOWN_STATS_PLAYER = N_("no player {name!r} in the database (scorepad list shows who played)")


def _since(given: Optional[str]) -> Optional[str]:
    """--since as the day it names (YYYY-MM-DD, Persian or Arabic digits too), or a usage error."""
    if given is None:
        return None
    day = western_digits(given.strip())
    try:
        found = datetime.date.fromisoformat(day) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", day, re.ASCII) else None
    except ValueError:
        found = None
    if found is None:
        raise fail(_(BAD_SINCE).format(given=given), code=2)
    if found.year < SINCE_EARLIEST_YEAR:
        raise fail(_(SINCE_CALENDAR).format(given=given.strip(), year=found.year), code=2)
    return found.isoformat()


@app.command(help=STATS_HELP)
@handles_errors
def stats(ctx: typer.Context,
          game: Optional[str] = typer.Option(None, "--game", "-g", metavar=N_("SLUG"), help=STATS_GAME_HELP),
          player: Optional[str] = typer.Option(None, "--player", metavar=N_("NAME"), help=STATS_PLAYER_HELP),
          since: Optional[str] = typer.Option(None, "--since", metavar=N_("DATE"), help=STATS_SINCE_HELP),
          as_json: bool = typer.Option(False, "--json", help=STATS_JSON_HELP),
          pdf: Optional[Path] = typer.Option(None, "--pdf", metavar=N_("FILE"), help=STATS_PDF_HELP),
          force: bool = typer.Option(False, "--force", help=FORCE_HELP)) -> None:
    if pdf is not None and as_json:
        raise fail(_(PDF_OR_JSON), code=2)
    day = _since(since)
    if game is not None:
        by_slug(game)  # an unknown slug is an error, as `list` says it
    store = open_store(ctx)
    if pdf is not None:
        echo(_(WROTE).format(path=_stats_pdf(store, pdf, game=game, player=player, since=day, force=force)))
        return
    # Without --since, from what the store keeps of each index file (history.stats_of: after a game, only the
    # file it changed is read again); with it, or when the store cannot vouch for that this instant, from the
    # summaries.
    kept = history.stats_of(store, game=game, player=player, figures=not as_json) if day is None else None
    if kept is not None:
        result, names = kept
        anything = bool(names)
    else:
        everything = history.played(store, facts=not as_json)  # the JSON has none of the games' own figures
        names, anything = history.people(everything), bool(everything)
        found = history.select(everything, game=game, player=player, since=day)
        result = history.stats(found, names=names, player=player, figures=not as_json)
    _check_player_known(store, player, names)
    if as_json:
        echo_json(json_text(history.as_json(result)))
        return
    if not result["sessions"]:
        typer.echo(_(NOTHING_YET) if not anything and not (game or player or since) else _(NO_MATCH))
        return
    echo(stats_text(result))


def _check_player_known(store: Any, player: Optional[str], names: dict[str, str]) -> None:
    """`stats --player NAME` (and --pdf) of a name no session has: an error. `names` are the people of the finished
    sessions; a player of games still being played is known too (nothing of theirs is finished yet)."""
    if player is None or history.key(player) in names:
        return
    known = {history.key(name) for summary in store.summaries().values() for name in summary.get("players", [])}
    if history.key(player) not in known:
        raise fail(_(UNKNOWN_STATS_PLAYER).format(name=quoted(player.strip())))


def _stats_pdf(store: Any, path: Path, *, game: Optional[str], player: Optional[str], since: Optional[str],
               force: bool) -> str:
    """`stats --pdf`: the report of the sessions the filters choose, written as `sheet -o` writes a sheet (never
    over the database, over a file of another kind only with --force, whole or not at all). The charts need every
    session in order, so it reads the summaries (not what `stats` keeps of them) and none of the games' facts."""
    protected = protected_files_of(store.path)
    check_target(path, PDF, force=force, protected=protected)  # a refusal before the history is read
    everything = history.played(store, facts=False)
    names = history.people(everything)
    _check_player_known(store, player, names)
    found = history.select(everything, game=game, player=player, since=since)
    if not found:
        raise fail(_(NOTHING_TO_REPORT).format(path=path))
    from scorepad import sheets  # reportlab: only --pdf pays for it

    pdf = io.BytesIO()
    warnings = sheets.render_report(report.build(found, names=names, player=player, since=since), pdf)
    write_atomically(path, pdf.getvalue(), protected=protected)
    for warning in warnings:
        echo(_(WARNING_LINE).format(message=warning), err=True)
    return str(path)
