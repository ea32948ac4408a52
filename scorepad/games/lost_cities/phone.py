"""What a phone shows of a Lost Cities hand (scorepad.web): an expedition as a grid of cards to tap, in the
expedition's colour; the cards tapped become the expedition as typed (`W W 3 5`) here, not on the page."""

from __future__ import annotations

from typing import Any

from calculators import lost_cities as rules
from scorepad.games.base import Ask
from scorepad.games.controls import Control, Option, grid
from scorepad.games.lost_cities.notation import format_cards
from scorepad.games.lost_cities.words import colour_name, wager_words

# Each expedition's colour on a screen (the cards' own colours, as CSS takes them).
COLOURS = {"yellow": "#d8a400", "blue": "#2465c7", "white": "#9a9a9a", "green": "#2e8b3e", "red": "#c62828",
           "purple": "#7b3fa0"}
WAGER = "W"  # a wager's value in the grid (whatever the language's letter, which the notation writes)


def control(session: Any, ask: Ask) -> Control | None:
    """An expedition's cards: three wagers and 2–10, less what the other player's expedition of the colour holds
    this hand (a card is in the deck once; the parser refuses it anyway, the phone greys it out as it happens)."""
    if ask.at[0] != "rounds" or len(ask.at) != 4:
        return None
    _rounds, number, player, colour = ask.at
    others = [session.get("rounds", number, p, colour) or [] for p in session.players if p != player]
    held = [card for cards in others for card in cards]
    wagers = rules.WAGERS_PER_COLOUR - held.count(rules.WAGER)
    taken = sorted(card for card in held if card != rules.WAGER)
    shade = COLOURS.get(colour, "")
    letter = wager_words()[-1].upper()
    options = [Option(WAGER, letter, taken=n >= wagers, colour=shade) for n in range(rules.WAGERS_PER_COLOUR)]
    options += [Option(str(n), str(n), taken=n in taken, colour=shade) for n in rules.NUMBERS]
    return grid(options, notation=lambda values: format_cards(sorted(values, key=_order)),
                # what the page draws today (scorepad/web/templates/pad.html): the grid's look, in this game's words
                colour=colour, name=colour_name(colour), wager=letter, typed_wager=wager_words()[0], wagers=wagers,
                numbers=list(rules.NUMBERS), taken=taken)


def _order(value: str) -> int:
    return 0 if value == WAGER else int(value)
