"""What `stats` keeps of a finished London game (Game.facts) and makes of them (Game.figures): the points each
player lost to poverty and to unpaid loans, as means per game, and the most poverty a player ended a game with."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.figures import PLAYER, SESSIONS, Figures, Played, ratio, sums_of
from scorepad.games.london.words import LOAN_PENALTY, POVERTY, POVERTY_PENALTY, POVERTY_WORST, UNPAID_LOANS
from scorepad.grid import grid
from scorepad.i18n import _
from scorepad.words import decimal


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [points lost to poverty, unpaid loans, points they cost, poverty at the end (hand
    cards added: what the table compares, before the least is dropped)]; the flat-penalties variant records its
    poverty (one point each), no count of loans (None) and its debt points."""
    detail = result.detail
    if detail.flat:
        return {"players": {p: [inputs["poverty"], None, inputs["debt"], inputs["poverty"]]
                            for p, inputs in detail.flat_inputs.items()}}
    return {"players": {p: [r.penalty, r.unpaid, r.loan_penalty, r.poverty] for p, r in detail.reckonings.items()}}


def add(figures: dict[str, Any], session: Played, facts: Mapping[str, Any]) -> None:
    for name, (lost, unpaid, penalty, *held) in facts["players"].items():
        poverty = held[0] if held else 0  # facts of an older scorepad (before their summaries are made again)
        # [sessions, points lost to poverty, worst poverty, loan penalty, sessions counting loans, unpaid loans]
        mine = sums_of(figures, name, lambda: [0, 0, poverty, 0, 0, 0])
        mine[0] += 1
        mine[1] += lost
        mine[2] = max(mine[2], poverty)
        mine[3] += penalty
        if unpaid is not None:
            mine[4] += 1
            mine[5] += unpaid


def merge(into: dict[str, Any], other: Mapping[str, Any]) -> None:
    for k, figure in other.items():
        held = into.get(k)
        into[k] = list(figure) if held is None else [held[0] + figure[0], held[1] + figure[1],
                                                     max(held[2], figure[2]), held[3] + figure[3],
                                                     held[4] + figure[4], held[5] + figure[5]]


def finish(figures: Mapping[str, Any], keys: Iterable[str], shown: Callable[[str], str]) -> dict[str, Any]:
    """`players`: name -> {"sessions", "poverty": mean points lost to poverty, "poverty_worst": the most poverty
    ended a game with, "loan_penalty": mean points lost to unpaid loans, "unpaid_loans": mean unpaid loans (None:
    only the flat-penalties variant was played, which does not count them)}."""
    return {"players": {shown(k): {"sessions": n, "poverty": ratio(poverty, n), "poverty_worst": worst,
                                   "loan_penalty": ratio(penalty, n), "unpaid_loans": ratio(loans, counted)}
                        for k in keys if k in figures
                        for n, poverty, worst, penalty, counted, loans in [figures[k]]}}


def text(figures: Mapping[str, Any]) -> str:
    players = figures.get("players")
    if not players:
        return ""
    rows = [[name, row["sessions"], decimal(row["poverty"]), row["poverty_worst"], decimal(row["unpaid_loans"]),
             decimal(row["loan_penalty"])] for name, row in players.items()]
    headers = [_(h) for h in (PLAYER, SESSIONS, POVERTY_PENALTY, POVERTY_WORST, UNPAID_LOANS, LOAN_PENALTY)]
    return _(POVERTY) + "\n" + grid(headers, rows)


FIGURES = Figures(add=add, merge=merge, finish=finish, text=text)
