"""What a phone shows of Next Station: London (scorepad.web): the station card just turned, big, on every screen;
a button that turns the next one; a number for each figure of a line."""

from __future__ import annotations

from typing import Any

from calculators import next_station_london as rules
from scorepad.games.base import Ask
from scorepad.games.controls import Control, Field, Option, card, number, numbers, pick
from scorepad.games.next_station_london.deck import turn_text
from scorepad.games.next_station_london.flow import cards_in_play
from scorepad.games.next_station_london.words import (BOARD_LEFT, BOARD_NONE, BOARD_OVER, BOARD_TITLE,
                                                      BOARD_UNDERGROUND, DIGITAL, FACE_NAMES, INTERCHANGE_FIELD,
                                                      KIND_NAMES,
                                                      as_typed, objective_text)
from scorepad.i18n import _


def control(session: Any, ask: Ask) -> Control | None:
    if ask.at[:2] == ("setup", "deck"):  # one button, saying what it does (the question's `empty`)
        return card(ask.empty)
    if ask.at[0] == "rounds" and len(ask.at) == 4 and ask.at[3] in rules.FIELD_RANGES:
        low, high = rules.FIELD_RANGES[ask.at[3]]
        return number(low, high)
    if ask.at[0] == "final" and ask.at[-1] == "interchanges":
        return numbers([Field(str(lines), _(INTERCHANGE_FIELD).format(lines=lines)) for lines in (2, 3, 4)])
    if ask.at[0] == "final" and ask.at[-1] == "objectives":  # a tap on each card completed, not card names typed
        return pick([Option(as_typed(card), objective_text(card)) for card in cards_in_play(session)],
                    none=as_typed("none"))
    return None


def board(session: Any) -> dict[str, Any] | None:
    """The station cards of the round being played with scorepad's deck: each turn so far, the Underground cards
    of the five that end the round, the cards left in the deck."""
    rounds = [n for n in range(session.rounds_planned) if session.get("setup", "deck-mode", n) == DIGITAL]
    if not rounds:
        return None
    number = rounds[-1]
    played = rules.round_turns(session.seed, number)
    turned = [turn for index, turn in enumerate(played) if session.get("setup", "deck", number, index) is not None]
    cards = [card for turn in turned for card in turn]
    counts = (f"{_(BOARD_UNDERGROUND).format(count=sum(card.underground for card in cards), of=rules.UNDERGROUND_TO_END)}"
              f" · {_(BOARD_LEFT).format(count=len(rules.DECK) - len(cards))}") if turned else _(BOARD_NONE)
    return {"kind": "station-cards", "round": number + 1, "title": _(BOARD_TITLE).format(number=number + 1),
            "counts": counts, "over_text": _(BOARD_OVER),
            "turns": [[{"face": card.face, "kind": card.kind, "name": _(FACE_NAMES[card.face]),
                        "deck": KIND_NAMES[card.kind]()} for card in turn] for turn in turned],
            "underground": sum(card.underground for card in cards), "of": rules.UNDERGROUND_TO_END,
            "left": len(rules.DECK) - len(cards), "over": len(turned) == len(played),
            "text": turn_text(session, number, len(turned) - 1).strip() if turned else ""}
