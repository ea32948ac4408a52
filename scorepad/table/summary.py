"""What the store's index keeps of each session, so that `list` (and later `stats`) never open a session file.

A summary is data, not text: who played what and when, how far the game got, who leads or won, every
player's total and rank (`ranks`: 1-based, shared after the tie-breaks, as `score --json` gives them) and, for a
finished session, the game's own `facts` for `stats` (Game.facts). The store keeps those facts in files of their
own (the store's facts files), with only their digest in the index: `list` never reads them. It is made again whenever
the session is written (store.py compares it and rewrites the index only when it changed), and all of them are
made again once when VERSION changes. It also holds what `list` needs to word its leader column without importing
the game's module (the game's word for a round, whether it has rounds, how its figures print).
"""

from __future__ import annotations

from typing import Any

from calculators.core import InvalidInput
from scorepad.errors import ScorepadError
from scorepad.table.session import session_of
from scorepad.words import money

VERSION = 7  # bump when a summary's fields or their meaning change: the store then rebuilds every summary


def summarize(doc: dict[str, Any]) -> dict[str, Any]:
    session = session_of(doc)
    summary: dict[str, Any] = {
        "game": session.game.slug, "players": list(session.players), "variants": list(session.variants),
        "date": session.date, "status": "finished" if session.finished else "playing",
        "rounds_planned": session.rounds_planned, "complete": 0, "private": False,
        "leaders": [], "winners": [], "totals": None,
    }
    # For `list`'s leader column (cli._leader), each kept only when it is not the usual (`list --all` reads 10,000
    # summaries: every key is parsed 10,000 times): the untranslated word for a round ("Game", "Year", "Season":
    # Game.label_key_for; else "Round"), False when the game is not played in rounds (else True), and how its
    # figures print (FIGURES; else plain numbers).
    if (word := session.game.label_key_for(session.variants)) != "Round":
        summary["round_word"] = word
    if session.game.default_rounds is None:
        summary["in_rounds"] = False
    if (figure := _figure(session.game.figure)) is not None:
        summary["figure"] = figure
    if not session.scorable():
        return summary
    complete = session.complete_rounds()
    summary["complete"] = complete
    summary["private"] = bool(session.game.private(session))
    try:
        result = session.score(complete)
    except (InvalidInput, ScorepadError):
        summary["damaged"] = True  # shown as '?' rather than stopping every `list`
        return summary
    summary["leaders"] = result.winners
    summary["winners"] = result.winners if session.finished else []
    summary["totals"] = {s.player: s.total for s in result.standings}
    summary["ranks"] = {s.player: s.rank for s in result.standings}
    if session.finished and session.game.facts is not None:
        summary["facts"] = session.game.facts(session, result)
    return summary


# How a game's figures print, by name, for a reader that does not import the game (cli._leader): None is a plain
# number (a real minus sign), "money" is words.money in dollars (Chinatown), "game" the game's own function.
FIGURES = ("money", "game")


def _figure(figure: Any) -> str | None:
    if figure is None:
        return None
    return "money" if figure is money else "game"


def order(doc_id: int, summary: dict[str, Any]) -> list:
    """Where a session stands in `list`, which shows the largest first: by the day played, then by id (a
    session without a known date sorts below every dated one). The store keeps, per index file, the largest
    of its sessions, so that `list` reads only the files that hold the latest."""
    date = summary.get("date")
    return [date if isinstance(date, str) else "", doc_id]


summarize.version = VERSION  # type: ignore[attr-defined]
summarize.order = order  # type: ignore[attr-defined]
