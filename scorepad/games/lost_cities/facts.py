"""What `stats` keeps of a finished Lost Cities match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from calculators import lost_cities as rules
from calculators.core import Result

if TYPE_CHECKING:
    from scorepad.session import Session


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: every expedition, one flat list per player (kept flat: a history of 10,000 matches is read
    at once), game by game and colour by colour in the order of `colours`: its points (None: not started) and
    its wager count. scorepad.history counts the starts, the mean points and what the wagers returned."""
    players: dict[str, list[Any]] = {}
    for game in result.detail:
        for player, expeditions in game.items():
            players.setdefault(player, []).extend(
                figure for e in expeditions for figure in (e.score if e.started else None, e.wagers))
    return {"colours": list(rules.rules_for(result.variants).colours), "players": players}
