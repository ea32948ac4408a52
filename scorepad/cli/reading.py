"""The commands that read what is stored: `list` the sessions (from the index of summaries alone), `show` one,
`score` one or a table file."""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Optional

import typer

from scorepad.cli.output import display_order, echo, echo_json, fail, handles_errors, players_line
from scorepad.cli.root import app
from scorepad.cli.shared import (NO_SESSIONS, PRIVATE_TOTALS, STATUS_WORDS, SessionId, UNKNOWN_DATE, by_label,
                                 load_session, nothing_to_score, open_store, status_word, when)
from scorepad.errors import ScorepadError
from scorepad.games import SLUGS, by_slug, of_table
from scorepad.grid import grid, json_text, standings_text
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.table import timing
from scorepad.table.tablefile import load_table_file
from scorepad.table.travel import score_table
from scorepad.store import gc_paused
from scorepad.table.summary import order
from scorepad.words import money, names_text, number, variants_text, won_by

LIST_LATEST = 20  # `list` shows the latest sessions; --all shows every one
NO_MATCH = N_("No session matches.")
MORE_SESSIONS = N_("(the latest {shown} of {count}; --all lists every one)")
STATUS_VALUES = N_("--status takes playing or finished, not {status!r}")
ID_OR_TABLE = N_("give a session ID or --table FILE (one of them)")
IN_PROGRESS = N_("(in progress: the file's session is still being played)")
# `list`: its columns, and the last one (a session's leader or winner, from its summary)
# "Game" here is the game played (a slug below it), not Lost Cities' word for a round: a context of its own.
LIST_HEADINGS = (lambda: _("ID"), lambda: pgettext("list heading", "Game"), lambda: _("Players"), lambda: _("Date"),
                 lambda: _("Status"), lambda: _("Leader / winner"))
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year), {n} how many are complete.
# Sentences about rounds, one whole sentence per word a game has for a round (Game.label_key_for): a language
# inflects the word in each.
LEADER_PRIVATE = {"Game": N_("game {n} done (totals private)"), "Round": N_("round {n} done (totals private)"),
                  "Year": N_("year {n} done (totals private)"), "Season": N_("season {n} done (totals private)")}
LEADER_SCORE = N_("{names} ({total})")
# TRANSLATORS: a game in progress: its leader, their total, and after which round (e.g. "after Game 2").
LEADER_AFTER = {"Game": N_("{names} ({total}) after game {n}"), "Round": N_("{names} ({total}) after round {n}"),
                "Year": N_("{names} ({total}) after year {n}"), "Season": N_("{names} ({total}) after season {n}")}
SHOW_TITLE = N_("Session {id}: {title} — {players}")
SHOW_STARTED = N_("Started {date}")
SHOW_UNKNOWN_DATE = N_("Started on an unknown date")
SHOW_VARIANTS = N_("variants: {variants}")
SHOW_MODULES = N_("modules: {modules}")
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year).
SHOW_PLANNED = N_("{rounds} planned")
# A count of rounds, by what the game calls a round (Game.round_label, Game.variant_labels).
ROUND_COUNTS = {"Game": NP_("{n} game", "{n} games"), "Round": NP_("{n} round", "{n} rounds"),
                "Year": NP_("{n} year", "{n} years"), "Season": NP_("{n} season", "{n} seasons")}
SHOW_NO_ROUNDS = N_("no rounds")
# TRANSLATORS: how long the game was played, from its answers' times, pauses of over half an hour left out;
# {length} is e.g. "1 h 25 min".
SHOW_LENGTH = N_("played for {length}")
HOURS = NP_("{n} h", "{n} h")
MINUTES = NP_("{n} min", "{n} min")
# TRANSLATORS: a length of play: {hours} is "1 h", {minutes} "25 min".
HOURS_AND_MINUTES = N_("{hours} {minutes}")
UNDER_A_MINUTE = N_("under a minute")
SHOW_SEPARATOR = N_("; ")
SCORE_IN_PROGRESS = N_("(in progress: {n} of {of} complete)")
SCORE_TITLE = N_("{title} ({variants})")

LIST_HELP = N_(
    "List sessions, newest first, with their leader or winner.\n\nIt reads the database's index of summaries"
    " alone, so it stays quick however many games are kept.")


@app.command("list", help=LIST_HELP)
@handles_errors
def list_(ctx: typer.Context,
          all_: bool = typer.Option(False, "--all", help=N_("Every session (without it, only the latest ones: the "
                                                            "count is shown below the list).")),
          game: Optional[str] = typer.Option(None, "--game", "-g", metavar=N_("SLUG"),
                                             help=N_("Only this game's sessions.")),
          player: Optional[str] = typer.Option(None, "--player", metavar=N_("NAME"),
                                               help=N_("Only sessions this player played (case does not matter).")),
          status: Optional[str] = typer.Option(None, "--status", metavar="playing|finished",
                                               help=N_("Only sessions being played, or only finished ones.")),
          as_json: bool = typer.Option(False, "--json", help=N_("Print the list as JSON (the spec's shape)."))) -> None:
    if status not in (None, "playing", "finished"):
        raise fail(_(STATUS_VALUES).format(status=status), code=2)
    if game is not None:
        if game not in SLUGS:
            by_slug(game)  # an unknown slug is an error, not an empty list (a known one is not imported)
    with gc_paused():  # thousands of rows and no cycle among them
        _list(ctx, all_, game, player, status, as_json)


def _list(ctx: typer.Context, all_: bool, game: str | None, player: str | None, status: str | None,
          as_json: bool) -> None:
    wanted = player.strip().casefold() if player else None
    store = open_store(ctx)
    # The latest alone read only the index files that hold them (store.latest); a filter reads every summary.
    every = all_ or game is not None or player is not None or status is not None
    summaries, count = (store.summaries(), None) if every else store.latest(LIST_LATEST)
    found = [(doc_id, summary) for doc_id, summary in summaries.items()
             if (game is None or summary.get("game") == game)
             and (status is None or summary.get("status") == status)
             and (wanted is None or wanted in (str(p).strip().casefold() for p in summary.get("players", [])))]
    found.sort(key=lambda item: order(*item), reverse=True)  # newest first
    count = len(found) if count is None else count
    shown = found if all_ else found[:LIST_LATEST]
    if as_json:
        rows = [{"id": doc_id, "game": summary.get("game"), "players": summary.get("players"),
                 "date": (summary.get("date") or "")[:10] or None, "status": summary.get("status"),
                 "leaders": summary.get("leaders", []), "winners": summary.get("winners", [])}
                for doc_id, summary in shown]
        echo_json(json_text(rows))
        return
    if not shown:
        typer.echo(_(NO_SESSIONS) if not count and not (game or player or status) else _(NO_MATCH))
        return
    between = pgettext("between names", ", ")
    statuses = {key: _(word) for key, word in STATUS_WORDS.items()}
    leaders: dict[tuple, str] = {}  # the same leader cell is worded once (`list --all` of 10,000 sessions)
    rows = [[doc_id, summary.get("game", "?"), between.join(map(str, summary.get("players", []))),
             (summary.get("date") or UNKNOWN_DATE)[:16].replace("T", " "),
             statuses.get(summary.get("status", "")) or str(summary.get("status", "")),
             _leader(summary, leaders)] for doc_id, summary in shown]
    # Every cell is made safe to print by grid (its cell()): the 10,000 lines of `list --all` are not looked
    # at again as echo() would.
    # The Date column reads as text even when it holds only "—" (games imported without a date).
    typer.echo(display_order(grid([heading() for heading in LIST_HEADINGS], rows, indent="", text=(3,)), sys.stdout))
    if len(shown) < count:
        typer.echo(_(MORE_SESSIONS).format(shown=len(shown), count=count))


def _leader(summary: dict[str, Any], memo: dict[tuple, str] | None = None) -> str:
    """The list's last column, from a session's summary alone (store.py's index; scorepad/summary.py): the game's
    word for a round and how its figures print are in the summary, so `list` imports no game module. `memo`:
    cells worded already in this listing, by what they depend on."""
    if summary.get("damaged"):
        return "?"
    totals, leaders = summary.get("totals"), summary.get("leaders")
    if not totals or not leaders:
        return "—"
    key = (tuple(leaders), totals.get(leaders[0]), summary.get("status"), len(totals) == 1, summary.get("private"),
           summary.get("round_word"), summary.get("complete"), summary.get("in_rounds"), summary.get("figure"),
           summary.get("game"))
    found = None if memo is None else memo.get(key)
    if found is None:
        found = _leader_text(summary)
        if memo is not None:
            memo[key] = found
    return found


def _leader_text(summary: dict[str, Any]) -> str:
    totals = summary["totals"]
    label = summary.get("round_word", "Round")
    complete = summary.get("complete", 0)
    if summary.get("private"):
        return _(by_label(LEADER_PRIVATE, label)).format(n=complete)
    leaders = summary["leaders"]
    names = names_text(leaders)
    top = _figure(summary)(totals[leaders[0]])  # a minus sign, as every other figure prints
    finished = summary.get("status") == "finished"
    if finished and len(totals) == 1:  # a solo game: a score, not a win
        return _(LEADER_SCORE).format(names=names, total=top)
    if finished:
        return won_by(leaders, top)
    if not summary.get("in_rounds", True):
        return _(LEADER_SCORE).format(names=names, total=top)
    return _(by_label(LEADER_AFTER, label)).format(names=names, total=top, n=complete)


def _figure(summary: dict[str, Any]) -> Callable[[int], str]:
    """How the summary's game prints a score (summary.FIGURES): money for Chinatown, else a number with a real
    minus sign; a game with a way of its own is asked (its module imported)."""
    figure = summary.get("figure")
    if figure == "money":
        return money
    if figure is not None:
        return by_slug(summary["game"]).figure or number
    return number


SHOW_HELP = N_(
    "Show all a session recorded, with breakdowns.")


@app.command(help=SHOW_HELP)
@handles_errors
def show(ctx: typer.Context, session_id: SessionId) -> None:
    session = load_session(ctx, session_id)
    game = session.game
    echo(_(SHOW_TITLE).format(id=session_id, title=_(game.title), players=players_line(session.players)))
    parts = [_(SHOW_STARTED).format(date=when(session.date)) if session.date else _(SHOW_UNKNOWN_DATE),
             status_word(session.doc.get("status")),
             _(SHOW_VARIANTS).format(variants=variants_text(session.variants)) if session.variants
             else variants_text(())]
    if session.modules:
        parts.append(_(SHOW_MODULES).format(modules=", ".join(session.modules)))
    label, planned = game.label_key_for(session.variants), session.rounds_planned
    parts.append(_(SHOW_PLANNED).format(rounds=plural(by_label(ROUND_COUNTS, label), planned).format(n=planned))
                 if planned else _(SHOW_NO_ROUNDS))
    length = timing.minutes(session.doc)
    if length is not None:
        parts.append(_(SHOW_LENGTH).format(length=length_text(length)))
    echo(_(SHOW_SEPARATOR).join(parts))
    echo("")
    echo(session.game.report(session))


def length_text(minutes: int) -> str:
    """A length of play as `show` words it: "25 min", "1 h 25 min", "2 h"."""
    if minutes < 1:
        return _(UNDER_A_MINUTE)
    hours, left = divmod(minutes, 60)
    shown_hours = plural(HOURS, hours).format(n=hours)
    shown_minutes = plural(MINUTES, left).format(n=left)
    if not hours:
        return shown_minutes
    return _(HOURS_AND_MINUTES).format(hours=shown_hours, minutes=shown_minutes) if left else shown_hours


SCORE_HELP = N_(
    "Score a session or a table file.\n\nStandings, each player's breakdown and the winners; --json prints "
    "the table format's result.")


@app.command(help=SCORE_HELP)
@handles_errors
def score(ctx: typer.Context,
          session_id: Optional[int] = typer.Argument(None, metavar=N_("[ID]"), help=N_("A stored session.")),
          table: Optional[Path] = typer.Option(None, "--table", "-t", metavar=N_("FILE"),
                                               help=N_("Score a table file without touching the database.")),
          as_json: bool = typer.Option(False, "--json",
                                       help=N_("Print the result as JSON (the spec's shape)."))) -> None:
    if (session_id is None) == (table is None):
        raise fail(_(ID_OR_TABLE), code=2)
    if table is not None:
        raw = load_table_file(table)
        game = of_table(raw)
        result = score_table(raw, game)
        note = "" if result.finished else f"{_(IN_PROGRESS)}\n"
    else:
        session = load_session(ctx, session_id)
        if not session.scorable():
            raise ScorepadError(nothing_to_score(session))
        if session.game.private(session):
            raise ScorepadError(_(PRIVATE_TOTALS).format(id=session_id, title=session.game.title,
                                                         cash=pgettext("typed word", "cash")))
        complete = session.complete_rounds()
        result, game = session.score_so_far(complete), session.game
        note = "" if session.finished else _(SCORE_IN_PROGRESS).format(n=complete, of=session.rounds_planned) + "\n"
    if as_json:
        echo_json(json_text(result.to_json(), indent=2))
        return
    variants = variants_text(result.variants)
    echo(_(SCORE_TITLE).format(title=_(game.title), variants=variants) + f"\n{note}")
    echo(standings_text(result, game, finished=not note))
