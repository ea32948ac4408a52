"""How a Lost Cities expedition is typed at the prompt (`w w 3 5 9 10`) and shown back so that it parses again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import lost_cities as rules
from calculators.core import InvalidInput
from scorepad.games.lost_cities.words import wager_words
from scorepad.i18n import western_digits


def parse_cards(text: str, **where: Any) -> list[Any]:
    """`w w 3 5 9 10`, `ww35910`, `W,W,3,5,9,0` → ["W", "W", 3, 5, 9, 10]; "" or "-" → [].

    There is no card 1, so a 1 can only start a 10; a lone 0 is also ten, the easiest to type. Persian and
    Arabic-Indic digits are the same cards (`۳ ۵ ۹`, `٣٥٩`), and the chosen language's word for a wager is a wager.
    """
    compact = "".join(ch for ch in western_digits(text.strip()) if not ch.isspace() and ch != ",")
    if compact in ("", "-"):
        return []
    wagers = sorted(wager_words(), key=len, reverse=True)  # the longest first: "ст" before "с"
    cards: list[Any] = []
    i = 0
    while i < len(compact):
        ch = compact[i]
        word = next((w for w in wagers if compact[i:i + len(w)].casefold() == w), None)
        if word:
            cards.append(rules.WAGER)
            i += len(word) - 1
        elif ch == "1" and compact[i + 1:i + 2] == "0":
            cards.append(10)
            i += 1
        elif ch == "0":
            cards.append(10)
        elif ch in "23456789":
            cards.append(int(ch))
        elif ch == "1":
            raise InvalidInput("lost-cities.no-card-one", **where)
        else:
            raise InvalidInput("lost-cities.not-a-typed-card", char=ch, **where)
        i += 1
    return cards


def format_cards(cards: Sequence[Any], gap: str = " ") -> str:
    """`W 3 5 10`: a wager as the chosen language's letter for it (`ش 3 5 10` in Persian), so it parses back;
    `gap` between the cards."""
    wager = wager_words()[-1].upper()
    return gap.join(wager if str(card).upper() == rules.WAGER else str(card).upper() for card in cards)
