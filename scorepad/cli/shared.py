"""What several commands share: the database a command opens and the sessions it reads from it, the files no
output may replace, the names given after --players, and the words more than one command says."""

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from scorepad.cli.output import fail
from scorepad.cli.root import speak_session
from scorepad.files import INPUT, Protected, database_files
from scorepad.table import session_of
from scorepad.grid import json_text
from scorepad.i18n import N_, _
from scorepad.table.session import Session
from scorepad.table.travel import export_doc, identities, upgraded
from scorepad.store import Store, default_path
from scorepad.table.summary import summarize

# The options of a new session, shared by `play` and `host` (which starts a game as `play` does).
PlayersOption = Annotated[Optional[list[str]], typer.Option(
    "--players", "-p", metavar=N_("NAME NAME…"), help=N_("The players of a new session, in seating order."))]
VariantOption = Annotated[Optional[list[str]], typer.Option(
    "--variant", "-v", metavar=N_("NAME"), help=N_("A variant (repeatable; see `scorepad games`)."))]
RoundsOption = Annotated[Optional[int], typer.Option(
    "--rounds", "-r", metavar=N_("N"), help=N_("Rounds (games) to play."))]
ModuleOption = Annotated[Optional[list[str]], typer.Option(
    "--module", "-m", metavar=N_("NAME"), help=N_("A game module (repeatable; see `scorepad games`)."))]
OpenCashOption = Annotated[bool, typer.Option(
    "--open-cash", help=N_("Chinatown: show every player's cash on screen."))]
ObjectivesOption = Annotated[Optional[tuple[str, str]], typer.Option(
    "--objectives", metavar=N_("CARD CARD"),
    help=N_("Next Station: London: the two objective cards your table drew (interchanges, districts, tourist, "
            "central, thames) instead of scorepad drawing."))]
PowersOption = Annotated[Optional[tuple[str, str, str, str]], typer.Option(
    "--powers", metavar=N_("POWER×4"),
    help=N_("Next Station: London: the power your table dealt to each pencil, pink green blue purple in order "
            "(double, joker, switch, circle), or as colour=power."))]

SESSION_ID = N_("A session's id (`scorepad list` shows them).")
SessionId = Annotated[int, typer.Argument(metavar=N_("ID"), help=SESSION_ID)]  # a command's session
FORCE_HELP = N_("Replace FILE even if it is not what scorepad writes there (never the database or the input).")
WROTE = N_("Wrote {path}")
NO_SESSIONS = N_("No sessions yet. Start one: scorepad play GAME --players NAME NAME")
UNKNOWN_DATE = "—"  # `list` of a game imported from a table file without a date
STATUS_WORDS = {"playing": N_("playing"), "finished": N_("finished")}
# TRANSLATORS: {cash} is the word typed at Chinatown's prompts for a player's cash (your language's).
PRIVATE_TOTALS = N_("session {id} is a {title} game in progress, and cash stays private until it ends: "
                    "`{cash} NAME` at the prompt shows one balance (or play with --open-cash)")
NOT_SCORED_YET = N_("session {id} has not reached its final scoring yet")
# TRANSLATORS: {round} is the game's word for a round (Round, Game, Year).
NO_COMPLETE_ROUND = {"Game": N_("session {id} has no complete game yet"),
                     "Round": N_("session {id} has no complete round yet"),
                     "Year": N_("session {id} has no complete year yet"),
                     "Season": N_("session {id} has no complete season yet")}
NAMES_AFTER_PLAYERS = N_("unexpected {extra!r}; names go after --players")


def open_store(ctx: typer.Context) -> Store:
    return Store((ctx.find_root().obj or {}).get("db") or default_path(), summarize=summarize, upgrade=upgraded,
                 identify=identities, notify=lambda message: typer.echo(message, err=True))


def load_session(ctx: typer.Context, session_id: int) -> Session:
    """A stored session; from here on the command speaks its language (`show`, `sheet`, `score`, `export`, `undo`…:
    every command about one session), unless --lang or SCOREPAD_LANG chose one."""
    session = session_of(open_store(ctx).get(session_id), session_id)
    speak_session(session.doc)
    return session


def protected_files(ctx: typer.Context, *inputs: Path) -> list[Any]:
    """What no output may replace: the database (with its lock and temporary files) and the command's input."""
    return protected_files_of(open_store(ctx).path, *inputs)


def protected_files_of(database: Path, *inputs: Path) -> list[Any]:
    return database_files(database) + [Protected(path, INPUT) for path in inputs]


def table_file_text(session: Session) -> str:
    """The table file of one session with its `session` block, as `export ID` writes it (and `delete` keeps)."""
    return json_text(export_doc(session), indent=2) + "\n"



def chosen_modules(module: Optional[list[str]], open_cash: bool) -> list[str]:
    return list(module or []) + (["open-cash"] if open_cash else [])


def drawn_cards(objectives: Optional[tuple[str, ...]], powers: Optional[tuple[str, ...]]) -> dict[str, list[str]]:
    """The cards the table drew itself (Next Station: London's --objectives and --powers), by the setup's name."""
    return {name: list(cards) for name, cards in (("objectives", objectives), ("powers", powers)) if cards}

def names_given(ctx: typer.Context, players: Optional[list[str]]) -> list[str]:
    """The names after --players: `-p Ana Ben` (the rest arrive as extra arguments) or `-p Ana,Ben`."""
    if ctx.args and not players:
        raise fail(_(NAMES_AFTER_PLAYERS).format(extra=" ".join(ctx.args)), code=2)
    # A blank name stays, to be refused as "empty name"; a comma list's empty pieces ('Ana,Ben,') do not.
    return [n for value in (players or []) + ctx.args for n in (value.split(",") if value.strip() else [value])
            if n.strip() or not value.strip()]


def when(stamp: str) -> str:
    """An ISO 8601 time as a person reads it: `2026-12-01 10:57`."""
    return stamp[:16].replace("T", " ") or UNKNOWN_DATE


def status_word(status: Any) -> str:
    """A session's status as `show` and `delete` say it (one of ours translated, another as it is)."""
    return _(STATUS_WORDS.get(status, "{status}")).format(status=status)


def nothing_to_score(session: Session) -> str:
    if session.game.default_rounds is None:
        return _(NOT_SCORED_YET).format(id=session.id)
    return _(by_label(NO_COMPLETE_ROUND, session.game.label_key_for(session.variants))).format(id=session.id)


def by_label(sentences: dict[str, str], label: str) -> str:
    """The sentence for a game's word for a round; a word we have no sentence for reads as a round."""
    return sentences.get(label, sentences["Round"])
