"""What `stats` keeps of a finished Next Station: London game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from calculators import next_station_london as rules
from calculators.core import Result

if TYPE_CHECKING:
    from scorepad.session import Session


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: one flat list per player (a history of 10,000 games is read at once): the points of each
    part in the order of `parts` (the calculator's keys), then each line, round by round, as `line` orders its
    figures (districts, stations, Thames crossings, tourist sites, the line's points); and, alone at the table,
    the solo rating (`rating`: player -> rated score)."""
    parts = list(rules.PART_LABELS)
    players: dict[str, list[int]] = {}
    rating: dict[str, int] = {}
    for standing in result.standings:
        found = [standing.parts.get(part, 0) for part in parts]
        for line in result.detail[standing.player].lines:
            found.extend(getattr(line, name) for name in LINE_FIGURES)
        players[standing.player] = found
        if "rating" in standing.extra:
            rating[standing.player] = standing.extra["rating"]
    return {"parts": parts, "line": list(LINE_FIGURES), "players": players, **({"rating": rating} if rating else {})}


LINE_FIGURES = ("districts", "stations", "thames", "tourist", "score")  # of calculators' Line, in facts' order
