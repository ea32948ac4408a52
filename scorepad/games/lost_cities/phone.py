"""What a phone shows of a Lost Cities hand (scorepad.web): an expedition as a grid of cards to tap."""

from __future__ import annotations

from typing import Any

from calculators import lost_cities as rules
from scorepad.games.base import Ask
from scorepad.games.lost_cities.words import colour_name, wager_words


def control(session: Any, ask: Ask) -> dict[str, Any] | None:
    """An expedition's cards: three wagers and 2–10, less what the other player's expedition of the colour holds
    this hand (a card is in the deck once; the parser refuses it anyway, the phone greys it out as it happens)."""
    if ask.at[0] != "rounds" or len(ask.at) != 4:
        return None
    _rounds, number, player, colour = ask.at
    others = [session.get("rounds", number, p, colour) or [] for p in session.players if p != player]
    held = [card for cards in others for card in cards]
    return {"kind": "cards", "colour": colour, "name": colour_name(colour), "wager": wager_words()[-1].upper(),
            "typed_wager": wager_words()[0], "wagers": rules.WAGERS_PER_COLOUR - held.count(rules.WAGER),
            "numbers": list(rules.NUMBERS), "taken": sorted(card for card in held if card != rules.WAGER)}
