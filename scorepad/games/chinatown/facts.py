"""What `stats` keeps of a finished Chinatown game (Game.facts) and makes of them (Game.figures): each player's
final cash and the income of each year (or season), as means per game."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from calculators import chinatown as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.chinatown.words import CASH, FINAL_CASH, SEASON_INCOME
from scorepad.games.figures import PLAYER, SESSIONS, Figures, Played, ratio, sums_of
from scorepad.grid import grid
from scorepad.i18n import _
from scorepad.words import money


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [final cash, income of year 1, year 2, …] (four-seasons: of each season), dollars."""
    return {"rounds": "seasons" if rules.FOUR_SEASONS in result.variants else "years",
            "players": {s.player: [s.total, *s.rounds] for s in result.standings}}


def add(figures: dict[str, Any], session: Played, facts: Mapping[str, Any]) -> None:
    kind = "seasons" if facts.get("rounds") == "seasons" else "years"
    for name, values in facts["players"].items():
        mine = sums_of(figures, name, lambda: {"sessions": 0, "cash": 0, "years": [], "seasons": []})
        mine["sessions"] += 1
        mine["cash"] += values[0]
        by_round = mine[kind]
        for n, income in enumerate(values[1:]):
            if n == len(by_round):
                by_round.append([0, 0])
            by_round[n][0] += 1
            by_round[n][1] += income


def merge(into: dict[str, Any], other: Mapping[str, Any]) -> None:
    for k, figure in other.items():
        mine = into.setdefault(k, {"sessions": 0, "cash": 0, "years": [], "seasons": []})
        mine["sessions"] += figure["sessions"]
        mine["cash"] += figure["cash"]
        for kind in ("years", "seasons"):
            for n, (count, total) in enumerate(figure[kind]):
                if n == len(mine[kind]):
                    mine[kind].append([0, 0])
                mine[kind][n] = [mine[kind][n][0] + count, mine[kind][n][1] + total]


def finish(figures: Mapping[str, Any], keys: Iterable[str], shown: Callable[[str], str]) -> dict[str, Any]:
    """`players`: name -> {"sessions", "cash": mean final cash, "years": [mean income of 1965, …], "seasons": [mean
    income of season 1, …]} (as long as the longest game; each mean over the games that got that far)."""
    return {"players": {shown(k): {"sessions": f["sessions"], "cash": ratio(f["cash"], f["sessions"]),
                                   "years": [ratio(total, count) for count, total in f["years"]],
                                   "seasons": [ratio(total, count) for count, total in f["seasons"]]}
                        for k in keys if k in figures for f in [figures[k]]}}


def text(figures: Mapping[str, Any]) -> str:
    players = figures.get("players")
    if not players:
        return ""

    def dollars(value: float | None) -> str:
        return "—" if value is None else money(round(value))

    years = max((len(row["years"]) for row in players.values()), default=0)
    seasons = max((len(row["seasons"]) for row in players.values()), default=0)
    headers = [_(PLAYER), _(SESSIONS), _(FINAL_CASH), *(str(year) for year in rules.YEARS[:years]),
               *(_(SEASON_INCOME).format(n=n) for n in range(1, seasons + 1))]
    rows = [[name, row["sessions"], dollars(row["cash"]),
             *(dollars(v) for v in _padded(row["years"], years)),
             *(dollars(v) for v in _padded(row["seasons"], seasons))] for name, row in players.items()]
    return _(CASH) + "\n" + grid(headers, rows)


def _padded(values: Sequence[float | None], length: int) -> list[float | None]:
    return [*values, *([None] * (length - len(values)))]


FIGURES = Figures(add=add, merge=merge, finish=finish, text=text)
