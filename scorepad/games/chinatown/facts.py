"""What `stats` keeps of a finished Chinatown game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from calculators import chinatown as rules
from calculators.core import Result

if TYPE_CHECKING:
    from scorepad.session import Session


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [final cash, income of year 1, year 2, …] (four-seasons: of each season), dollars."""
    return {"rounds": "seasons" if rules.FOUR_SEASONS in result.variants else "years",
            "players": {s.player: [s.total, *s.rounds] for s in result.standings}}
