"""What `stats` keeps of a finished Lost Cities match (Game.facts) and makes of them (Game.figures): how often each
colour was started, the mean points of a started expedition, and what each number of wagers returned."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from calculators import lost_cities as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.figures import MEAN, Figures, Played, merged_of, ratio, sums_of
from scorepad.games.lost_cities.words import COLOUR, EXPEDITIONS, MEAN_OF, NO_WAGER, STARTED, WAGERS, colour_name
from scorepad.grid import grid
from scorepad.i18n import _, plural
from scorepad.words import decimal, percent


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


def add(figures: dict[str, Any], session: Played, facts: Mapping[str, Any]) -> None:
    colours = facts["colours"]
    for name, values in facts["players"].items():
        mine = sums_of(figures, name, dict)  # colour -> [chances, started, points, {wagers: [count, points]}]
        order = [mine.setdefault(colour, [0, 0, 0, {}]) for colour in colours]
        for n in range(0, len(values) - 1, 2):
            figure = order[(n // 2) % len(order)]
            figure[0] += 1
            points = values[n]
            if points is not None:
                figure[1] += 1
                figure[2] += points
                wagered = figure[3].setdefault(str(values[n + 1]), [0, 0])
                wagered[0] += 1
                wagered[1] += points


def merge(into: dict[str, Any], other: Mapping[str, Any]) -> None:
    for k, colours in other.items():
        mine = into.setdefault(k, {})
        for colour, (chances, started, points, wagers) in colours.items():
            held = mine.setdefault(colour, [0, 0, 0, {}])
            held[0] += chances
            held[1] += started
            held[2] += points
            for n, (count, total) in wagers.items():
                got = held[3].setdefault(n, [0, 0])
                got[0] += count
                got[1] += total


def finish(figures: Mapping[str, Any], keys: Iterable[str], shown: Callable[[str], str]) -> dict[str, Any]:
    """`colours`: colour -> {"chances": expeditions that could have been started (player × game), "started",
    "mean": mean points of a started one, "wagers": {"0".."3": {"count", "mean"}}} (what wagers returned: the mean
    points of the expeditions started with that many), over the expeditions of these players."""
    summed = merged_of(figures, keys, merge)
    return {"colours": {colour: {"chances": chances, "started": started, "mean": ratio(points, started),
                                 "wagers": {n: {"count": count, "mean": ratio(total, count)}
                                            for n, (count, total) in sorted(wagers.items(), key=lambda i: int(i[0]))}}
                        for colour, (chances, started, points, wagers) in summed.items() if chances}}


def text(figures: Mapping[str, Any]) -> str:
    colours = figures.get("colours")
    if not colours:
        return ""
    most = max((int(n) for figure in colours.values() for n in figure["wagers"]), default=0)
    headers = [_(COLOUR), _(STARTED), _(MEAN), _(NO_WAGER),
               *(plural(WAGERS, n).format(n=n) for n in range(1, most + 1))]
    rows = []
    for colour, figure in colours.items():
        wagers = figure["wagers"]
        cells = [_(MEAN_OF).format(mean=decimal(wagers[str(n)]["mean"]), count=wagers[str(n)]["count"])
                 if str(n) in wagers else "—" for n in range(most + 1)]
        started = percent(figure["started"] / figure["chances"]) if figure["chances"] else "—"
        rows.append([colour_name(colour), started, decimal(figure["mean"]), *cells])
    return _(EXPEDITIONS) + "\n" + grid(headers, rows)


FIGURES = Figures(add=add, merge=merge, finish=finish, text=text)
