"""What a London table tells scorepad during play (loans, runs of a city, poverty, points), replayed into each
player's figures; the summary and turn guide a player may ask for at any prompt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calculators import london as rules
from scorepad.games.base import Commands, Session
from scorepad.games.london.words import (ASK_WHO, BOROUGHS, EVENT_GAIN, EVENT_LOAN, EVENT_POINTS, EVENT_RELIEF,
                                         EVENT_REPAY, EVENT_RUN, EVENT_TEXTS, FLOOR, FORMULA_1E, FORMULA_2E, GUIDE_1E,
                                         GUIDE_2E, GUIDE_FLAT, GUIDE_HELP, LOANS, LOANS_HELD, STACKS, SUMMARY_BOROUGHS,
                                         SUMMARY_HEADERS, SUMMARY_HELP, SUMMARY_POINTS, SUMMARY_TITLE, counted,
                                         rule_text)
from scorepad.grid import grid
from scorepad.i18n import _, plural


@dataclass
class Tracked:
    """What the table told scorepad during play, per player."""

    loans: int = 0
    poverty: int = 0
    points: int = 0
    boroughs: int | None = None
    changed_poverty: bool = False  # a tracked event changed it (else it is the setup's figure)


def edition(session: Session) -> rules.Rules:
    return rules.EDITIONS[session.game.slug]


def flat(session: Session) -> bool:
    return rules.FLAT_PENALTIES in session.variants


VIEWS = ("summary", "guide")  # display choices of the event menu: shown, never stored (issue 9, point 4)


def event_keys(r: rules.Rules) -> list[str]:
    """The event menu's answers (the display choices are not among them)."""
    return [k for k in (*EVENT_TEXTS, "undo") if k not in VIEWS and (k != "repay" or r.repay_during_play)]


def track(session: Session, upto: int | None = None) -> dict[str, Tracked]:
    """Replay the tracked events (all of them, or the first `upto`): loans, poverty, points per player."""
    return _replay(session, upto)[0]


def event_lines(session: Session) -> list[str]:
    """What was tracked, in the order it happened."""
    return _replay(session)[1]


def _replay(session: Session, upto: int | None = None) -> tuple[dict[str, Tracked], list[str]]:
    r = edition(session)
    state = {p: Tracked(poverty=r.starting_poverty) for p in session.players}
    lines = []
    k = 0
    while (upto is None or k < upto) and session.get("setup", "track", k, "event") is not None:
        line = apply_event(session, k, state, r)
        if line:
            lines.append(line)
        k += 1
    return state, lines


def apply_event(session: Session, k: int, state: dict[str, Tracked], r: rules.Rules) -> str | None:
    """Apply event k to `state` if all its answers are in; the line that says what happened."""
    def get(name: str) -> Any:
        return session.get("setup", "track", k, name)

    kind, player = get("event"), get("player")
    if kind not in ASK_WHO or player is None:
        return None
    s = state[player]
    if kind == "run":
        stacks, hand, extra = get("stacks"), get("hand"), get("boroughs" if r.boroughs_reduce_poverty else "loans")
        if None in (stacks, hand, extra):
            return None
        if r.boroughs_reduce_poverty:
            change = rules.run_city_poverty(r, stacks=stacks, hand=hand, boroughs=extra)
            formula = _(FORMULA_1E).format(stacks=counted(STACKS, stacks), hand=hand, boroughs=counted(BOROUGHS, extra))
            s.boroughs = extra
        else:
            change = rules.run_city_poverty(r, stacks=stacks, hand=hand, loans=extra)
            formula = _(FORMULA_2E).format(stacks=counted(STACKS, stacks), loans=counted(LOANS, extra), hand=hand)
            s.loans = extra
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, change), True
        return _(EVENT_RUN).format(player=player, formula=formula, change=_signed(change), before=before,
                                   after=s.poverty, floor=_(FLOOR) if before + change < 0 else "")
    n = get("count")
    if n is None:
        return None
    if kind == "loan":
        s.loans += n
        return plural(EVENT_LOAN, n).format(player=player, n=n, money=rules.LOAN_VALUE * n,
                                            held=counted(LOANS_HELD, s.loans))
    if kind == "repay":
        s.loans -= n
        return plural(EVENT_REPAY, n).format(player=player, n=n, money=rules.LOAN_REPAYMENT * n,
                                             held=counted(LOANS_HELD, s.loans))
    if kind == "relief":
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, -n), True
        return plural(EVENT_RELIEF, n).format(player=player, n=n, before=before, after=s.poverty,
                                              floor=_(FLOOR) if before - n < 0 else "")
    if kind == "gain":
        before, s.poverty, s.changed_poverty = s.poverty, s.poverty + n, True
        return plural(EVENT_GAIN, n).format(player=player, n=n, before=before, after=s.poverty)
    before, s.points = s.points, s.points + n
    return plural(EVENT_POINTS, n).format(player=player, n=n, before=before, after=s.points)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def summary_text(session: Session) -> str:
    state = track(session)
    r = edition(session)
    headers = [*map(_, SUMMARY_HEADERS), _(SUMMARY_POINTS[r.slug])]
    if r.boroughs_reduce_poverty:
        headers.append(_(SUMMARY_BOROUGHS))
    rows = []
    for p in session.players:
        s = state[p]
        row: list[Any] = [p, s.loans, s.poverty, s.points]
        if r.boroughs_reduce_poverty:
            row.append("" if s.boroughs is None else s.boroughs)
        rows.append(row)
    return _(SUMMARY_TITLE) + "\n" + grid(headers, rows)


def guide_text(session: Session) -> str:
    if flat(session):
        return rule_text(GUIDE_FLAT)
    return rule_text(GUIDE_1E if edition(session) is rules.FIRST_EDITION else GUIDE_2E)


def commands(session: Session) -> Commands:
    """The words typed for the summary and the guide, in English: the play loop takes the language's too."""
    guide = {"guide": (_(GUIDE_HELP), lambda rest: guide_text(session))}
    if flat(session):  # nothing is tracked: a summary of loans and poverty would show only the official setup
        return guide
    return {"summary": (_(SUMMARY_HELP), lambda rest: summary_text(session)), **guide}


def recap_totals(session: Session) -> str:
    return "" if flat(session) else summary_text(session)  # the flat variant tracks nothing
