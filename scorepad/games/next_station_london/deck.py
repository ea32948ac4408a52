"""The station deck scorepad turns for a Next Station: London table: what each card and turn says."""

from __future__ import annotations


from calculators import next_station_london as rules
from scorepad.games.base import Session
from scorepad.games.next_station_london.words import (CARD_LINE, FACE_NAMES, KIND_NAMES, ROUND_OVER, SWITCH_BRANCH,
                                                      SWITCH_IGNORED)
from scorepad.i18n import _


def card_text(card: rules.Card) -> str:
    return f"{_(FACE_NAMES[card.face])} — {KIND_NAMES[card.kind]()}"


def turn_text(session: Session, number: int, turn: int) -> str:
    played = rules.round_turns(session.seed, number)
    underground = sum(c.underground for t in played[:turn + 1] for c in t)
    lines = [_(CARD_LINE).format(turn=turn + 1, cards="  +  ".join(card_text(c) for c in played[turn]),
                                 underground=underground, of=rules.UNDERGROUND_TO_END)]
    if played[turn][0].face == "switch":
        ignored = turn < rules.SWITCH_IGNORED_TURNS
        lines.append(_(SWITCH_IGNORED).format(turn=turn + 1) if ignored else _(SWITCH_BRANCH))
    if turn == len(played) - 1:
        lines.append(_(ROUND_OVER).format(n=rules.UNDERGROUND_TO_END, number=number + 1))
    return "\n".join(lines)
