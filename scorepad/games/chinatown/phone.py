"""What a phone shows of Chinatown (scorepad.web): the player's own cash, on that player's phone alone while the
game keeps cash private; a trade, which both players agree to (the payer enters it, the payee confirms it)."""

from __future__ import annotations

from typing import Any

from scorepad.games.chinatown.state import cash_now, open_cash
from scorepad.games.base import Ask
from scorepad.games.chinatown.words import CASH_LINE
from scorepad.i18n import _
from scorepad.words import money


def own(session: Any, player: str) -> dict[str, Any] | None:
    """The cash `player` holds now, and as of when (the game's own words, as `cash NAME` says them)."""
    if open_cash(session) or player not in session.players:
        return None
    balances, when = cash_now(session)
    cash = money(balances[player])
    return {"cash": cash, "text": _(CASH_LINE).format(player=player, cash=cash, when=when)}


def control(session: Any, ask: Ask) -> dict[str, Any] | None:
    """A trade names its two players (`parties`: the keys of the trade that hold them): when one of them enters it
    on their phone, the other confirms it on theirs before it counts. Enter alone still ends the year's trading."""
    if ask.at[0] != "trades":
        return None
    return {"kind": "trade", "parties": ["from", "to"], "done": ask.empty}
