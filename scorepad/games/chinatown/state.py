"""Where a Chinatown game stands: its years or seasons, the start player, whose cash shows, the trades of a
round, everyone's cash now, and the game scored with one more answer in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculators import chinatown as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.chinatown.board import board
from scorepad.games.chinatown.words import (CASH_WHEN_NOW, CASH_WHEN_SEASON_NOW, CASH_WHEN_SEASON_TRADES,
                                            CASH_WHEN_START, CASH_WHEN_TRADES, CASH_WHEN_YEAR, OPEN_CASH, SEASON_LABEL)
from scorepad.i18n import _


def periods(session: Session) -> int:
    """Years (or seasons) this session plays: the variant's length unless fewer were asked for."""
    return min(session.rounds_planned or rules.DEFAULT_ROUNDS, rules.rules_for(session.variants).rounds)


def label(session: Session, number: int) -> str:
    """`1965` or `Season 1` for the 0-based round `number`."""
    if rules.rules_for(session.variants).seasons:
        return _(SEASON_LABEL).format(number=number + 1)
    return str(rules.YEARS[number])


def starter(session: Session, number: int) -> str:
    """The start player of round `number`: the First Player card passes clockwise each year (§2.6)."""
    first = session.get("setup", "first", default=session.players[0])
    index = session.players.index(first) if first in session.players else 0
    return session.players[(index + number) % len(session.players)]


def open_cash(session: Session) -> bool:
    return OPEN_CASH in session.modules or session.finished


def probe(session: Session, number: int, player: str | None = None, field: str | None = None, value: Any = None,
          trade: Mapping[str, Any] | None = None, index: int | None = None,
          inputs: Mapping[str, Any] | None = None) -> Result:
    """Score the game through round `number` (0-based) as entered so far, with one more answer in it.

    The prompts refuse exactly what scoring refuses: the calculator sees the table as it would be.
    """
    table = session.table(number + 1)
    # Trades recorded for this round are in; a round not complete yet holds whatever was answered.
    if player is not None and field is not None:
        table["rounds"][number][player][field] = value
    if player is not None and inputs is not None:  # several fields at once (a year's lots and shops)
        table["rounds"][number][player].update(inputs)
    if trade is not None:
        trades = table.setdefault("trades", [])
        recorded = session.get("trades", index) if index is not None else None
        if recorded in trades:  # an answer being edited: checked in its place, not counted twice
            trades[trades.index(recorded)] = dict(trade)
        else:
            trades.append(dict(trade))
    return rules.score(table, board())


def trades_of(session: Session, number: int) -> list[tuple[int, dict[str, Any] | None]]:
    """(index, trade or None) of round `number` (0-based) in the order recorded; None ends its trading.

    An end-of-trading answer names no round: it closes the round that is open when it is given.
    """
    found = sorted((at[1], value) for at, value in session.answers.items()
                   if at[0] == "trades" and len(at) == 2 and isinstance(at[1], int))
    out = []
    current = 1
    for index, value in found:
        if value is None:
            if current == number + 1:
                out.append((index, None))
            current += 1
        elif isinstance(value, dict):
            current = max(current, value.get("round", current))
            if value.get("round") == number + 1:
                out.append((index, value))
    return out


def next_trade_index(session: Session) -> int:
    return 1 + max((at[1] for at in session.answers if at[0] == "trades" and len(at) == 2
                    and isinstance(at[1], int)), default=-1)


def cash_now(session: Session) -> tuple[dict[str, int], str]:
    """Every player's cash now: after the complete rounds' income, this round's auctions and payments."""
    r = rules.rules_for(session.variants)
    done = min(session.complete_rounds(), periods(session))
    if done:
        result = session.score(done)
        cash = {p: result.detail.lines[-1][p].cash for p in session.players}
    else:
        cash = {p: r.start_cash for p in session.players}
    if done >= periods(session):
        return cash, _(CASH_WHEN_YEAR).format(label=label(session, done - 1))
    moved = False
    for p in session.players:
        spent = session.get("rounds", done, p, "spent")
        if isinstance(spent, int) and spent:
            cash[p] -= spent
            moved = True
    for _index, trade in trades_of(session, done):
        if trade:
            cash[trade["from"]] -= trade["amount"]
            cash[trade["to"]] += trade["amount"]
            moved = True
    if not done:
        return cash, _((CASH_WHEN_SEASON_NOW if r.seasons else CASH_WHEN_NOW) if moved else CASH_WHEN_START)
    last = label(session, done - 1)
    if moved:
        return cash, _(CASH_WHEN_SEASON_TRADES if r.seasons else CASH_WHEN_TRADES).format(label=last)
    return cash, _(CASH_WHEN_YEAR).format(label=last)
