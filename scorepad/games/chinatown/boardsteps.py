"""A Chinatown player's questions at a year's income: their businesses typed (`rest 4, photo 3`), or the board
form beside it: their lots (`lots 12 13 40`; `-12` for a lot traded away) and new shops (`photo 12 13, florist
40`), from which the calculator derives the businesses (calculators/chinatown_board.py). Either question takes
the other form typed at it (base.Elsewhere); a player who gave the board last year is asked for it first."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from calculators.core import InvalidInput
from calculators import chinatown as rules
from scorepad.games.base import Ask, Elsewhere, Session, keeping
from scorepad.games.chinatown.board import businesses_of, inherited, placed_before
from scorepad.games.chinatown.words import ASK_BUSINESSES, BUSINESSES_HINT, BUSINESSES_KEPT, NONE, example
from scorepad.games.chinatown.boardwords import (BOARD_HINT, ECHO_LOTS, LOTS_KEPT, LOTS_LABEL, NEW_SHOPS_LABEL,
                                                 NO_LOTS, NONE_NEW, ON_THE_BOARD, SHOPS_LABEL, TYPED_EXAMPLE,
                                                 board_word, lots_example, lots_word, shops_example)
from scorepad.games.chinatown.names import none_words, separator_words, short_name
from scorepad.games.chinatown.notation import (business_type, format_businesses, income_lines,
                                               parse_businesses)
from scorepad.games.chinatown.report import command_word
from scorepad.games.chinatown.state import label, probe
from scorepad.games.chinatown.words import listed
from scorepad.i18n import _, western_digits

BOARD_FIELDS = ("lots", "shops")


def fields(session: Session, number: int, player: str) -> tuple[str, ...]:
    """What `player` is asked in round `number`: what is recorded (an imported table may hold both forms); else
    the board when they gave it the year before, else their businesses (`lots 12 13 40` turns to the board)."""
    recorded = tuple(f for f in (*BOARD_FIELDS, "businesses") if ("rounds", number, player, f) in session.answers)
    if any(f in BOARD_FIELDS for f in recorded):
        return tuple(dict.fromkeys((*BOARD_FIELDS, *recorded)))
    if recorded:
        return recorded
    if number and ("rounds", number - 1, player, "lots") in session.answers:
        return BOARD_FIELDS
    return ("businesses",)


def board_hint() -> str:
    return _(BOARD_HINT).format(lots=f"{lots_word()} {lots_example()}", shops=shops_example(), board=board_word())


def looks_like_lots(text: str) -> bool:
    """`lots 12 13`, `12 13 40`, `-12 17`: lots typed (a businesses' `0` or `-` is none)."""
    compact = western_digits(text).strip().casefold()
    if any(compact.startswith(word) for word in {"lots", lots_word()}):
        return True
    return compact not in none_words() and re.fullmatch(r"[+-]?\d+(?:[\s,;،、，；]+[+-]?\d+)*", compact) is not None


# --- the notation ------------------------------------------------------------------------------------------

def parse_lots(text: str, before: Sequence[int], **where: Any) -> list[int]:
    """`12 13 40` (or `lots 12 13 40`) → the lots before and these; `-12` takes one away; Enter: no change.

    >>> parse_lots("lots 17, 22 -12", [12, 13])
    [13, 17, 22]
    """
    compact = text.strip().casefold()
    for word in sorted({"lots", lots_word()}, key=len, reverse=True):
        if compact.startswith(word):
            compact = compact[len(word):].lstrip(" :")
            break
    lots = list(before)
    if compact in none_words():
        return lots
    for token in re.split(r"[\s,;،、，；]+", compact):
        if not token:
            continue
        match = re.fullmatch(r"([+-]?)(\d{1,3})", token, flags=re.ASCII)
        if not match:
            raise InvalidInput("chinatown.not-lot-word", token=token, **where)
        sign, lot = match.group(1), int(match.group(2))
        if sign == "-":
            if lot in lots:
                lots.remove(lot)
        elif lot not in lots:
            lots.append(lot)
    return lots


def format_lots(lots: Sequence[int] | None, before: Sequence[int] = ()) -> str:
    """The lots as typed after `before`: `17 22 -12` (the new ones, then those given away)."""
    if lots is None:
        return ""
    new = [str(lot) for lot in lots if lot not in before]
    gone = [f"-{lot}" for lot in before if lot not in lots]
    return " ".join(new + gone)


def parse_shops(text: str, **where: Any) -> dict[int, str]:
    """`photo 12 13, florist 40` → {12: "photo", 13: "photo", 40: "florist"}; Enter or `none`: no shop."""
    compact = text.strip().casefold()
    if compact in none_words():
        return {}
    separators = separator_words()
    shops: dict[int, str] = {}
    name: list[str] = []
    kind: str | None = None
    for token in re.findall(r"[^\W\d_]+(?:[-'\u200c][^\W\d_]+)*|\d+|\S", compact):
        if token.isdecimal():
            if name:
                kind, name = business_type(" ".join(name), **where), []
            if kind is None:
                raise InvalidInput("chinatown.of-what", number=token, **where)
            shops[int(token[:4])] = kind
        elif token in separators:
            if name:
                raise InvalidInput("chinatown.shop-lots", name=" ".join(name), **where)
        elif token[0].isalpha():
            if kind is not None and not name:
                kind = None
            name.append(token)
        else:
            raise InvalidInput("chinatown.not-part", token=token, **where)
    if name:
        raise InvalidInput("chinatown.shop-lots", name=" ".join(name), **where)
    return shops


def format_shops(shops: Mapping[Any, str] | None) -> str:
    """Shops as typed: `photo 12 13, flor 40` (by type, in the order of their first lot)."""
    if not shops:
        return ""
    by_type: dict[str, list[int]] = {}
    for lot in sorted(int(key) for key in shops):
        by_type.setdefault(shops[str(lot)] if str(lot) in shops else shops[lot], []).append(lot)
    return listed([f"{short_name(kind)} " + " ".join(map(str, lots)) for kind, lots in by_type.items()])


# --- the questions --------------------------------------------------------------------------------------------

def income_questions(session: Session, number: int, player: str, placed: Mapping[int, str] | None = None
                     ) -> list[Ask]:
    """`player`'s questions at round `number`'s income (0-based): their businesses, or their lots and shops.
    `placed`: the shops on the board before this year (board.placed_before; given once for a whole year)."""
    wanted = fields(session, number, player)
    if placed is None:
        placed = placed_before(session, number)
    asks = board_questions(session, number, player, placed) if set(wanted) & set(BOARD_FIELDS) else []
    if "businesses" in wanted:
        asks.append(businesses_question(session, number, player))
    return asks


def _lots_parse(session: Session, number: int, player: str) -> Callable[[str], list[int]]:
    before = _lots(session, number - 1, player) if number else []

    def parse(text: str) -> list[int]:
        lots = parse_lots(text, before, round=number + 1, player=player, field="lots")
        shops = {str(lot): kind for lot, kind in inherited(session, number, lots).items()}
        probe(session, number, player, inputs={"lots": lots, "shops": shops})  # every check of the board
        return lots

    return parse


def _businesses_parse(session: Session, number: int, player: str) -> Callable[[str], list[dict[str, Any]]]:
    where = {"round": number + 1, "player": player, "field": "businesses"}

    def parse(text: str) -> list[dict[str, Any]]:
        owned = rules.check_businesses(parse_businesses(text, **where), **where)
        probe(session, number, player, "businesses", owned)  # the tile supply, across everyone this year
        return owned

    previous = session.get("rounds", number - 1, player, "businesses") if number else None
    if previous is not None:  # last year's businesses, kept by Enter alone (typed out, they read back the same)
        return keeping(parse, format_businesses(previous))
    return parse


def businesses_question(session: Session, number: int, player: str) -> Ask:
    """The businesses typed (`rest 4, photo 3`); `lots 12 13 40` gives the player's lots instead (the board form),
    while no businesses of theirs are recorded this year (an edit keeps the form it has)."""
    year = label(session, number)
    at = ("rounds", number, player, "businesses")
    businesses = _businesses_parse(session, number, player)

    def parse(text: str) -> Any:
        if at not in session.answers and looks_like_lots(text):
            return Elsewhere(("rounds", number, player, "lots"), _lots_parse(session, number, player)(text))
        return businesses(text)

    def echo(owned: Any) -> str:
        if isinstance(owned, Elsewhere):
            return _lots_echo(player, owned.value)
        return income_lines(owned, player, year)

    previous = session.get("rounds", number - 1, player, "businesses") if number else None
    hint, kept = _(BUSINESSES_HINT).format(example=example(), types=command_word("types")), ""
    if previous is not None:  # last year's businesses, kept by an empty answer (_businesses_parse)
        kept = format_businesses(previous)
        hint = _(BUSINESSES_KEPT).format(last=kept, previous=label(session, number - 1))
    return Ask(at, _(ASK_BUSINESSES).format(year=year, player=player), parse=parse, show=format_businesses,
               echo=echo, hint=hint, default=kept)


def _lots_echo(player: str, lots: Sequence[int]) -> str:
    shown = " ".join(map(str, sorted(lots))) or _(NO_LOTS)
    return _(ECHO_LOTS).format(player=player, lots=shown, count=len(lots))


def board_questions(session: Session, number: int, player: str, placed: Mapping[int, str]) -> list[Ask]:
    """`player`'s lots (`12 13 40`, `-12` for a lot traded away) and new shops (`photo 12 13, florist 40`) in
    round `number`; at the lots question, businesses typed (`rest 4`) give the businesses form instead."""
    year = label(session, number)
    before = _lots(session, number - 1, player) if number else []
    lots_at = ("rounds", number, player, "lots")
    lots_parse = _lots_parse(session, number, player)

    def parse_lots_answer(text: str) -> Any:
        if text.strip() and not looks_like_lots(text) and lots_at not in session.answers:
            businesses = _businesses_parse(session, number, player)
            return Elsewhere(("rounds", number, player, "businesses"), businesses(text))
        return lots_parse(text)

    def echo_lots(lots: Any) -> str:
        if isinstance(lots, Elsewhere):
            return income_lines(lots.value, player, year)
        return _lots_echo(player, lots)

    def parse_shops_answer(text: str) -> dict[str, str]:
        lots = _lots(session, number, player)
        shops = {**{str(lot): kind for lot, kind in inherited(session, number, lots).items()},
                 **{str(lot): kind for lot, kind in parse_shops(text, round=number + 1, player=player,
                                                                 field="shops").items()}}
        probe(session, number, player, inputs={"lots": lots, "shops": shops})
        return dict(sorted(shops.items(), key=lambda item: int(item[0])))

    def echo_shops(shops: dict[str, str]) -> str:
        owned = businesses_of(_lots(session, number, player), {int(lot): kind for lot, kind in shops.items()})
        return income_lines(owned, player, year)

    kept = {lot: placed[lot] for lot in _lots(session, number, player) if lot in placed}

    def show_shops(shops: Mapping[str, str] | None) -> str:
        return format_shops({lot: kind for lot, kind in (shops or {}).items() if int(lot) not in kept})

    # Last year's lots are kept by an empty answer (typed again, they read back the same: parse_lots adds none twice).
    last = " ".join(map(str, before))
    lots_hint = (_(LOTS_KEPT).format(previous=label(session, number - 1), last=last) if before
                 else _(TYPED_EXAMPLE).format(example=lots_example()))
    shops_label = NEW_SHOPS_LABEL if kept else SHOPS_LABEL
    shops_hint = (_(ON_THE_BOARD).format(last=format_shops(kept)) if kept
                  else _(TYPED_EXAMPLE).format(example=shops_example()))
    return [Ask(lots_at, _(LOTS_LABEL).format(year=year, player=player), parse=parse_lots_answer,
                show=lambda lots: format_lots(lots, before), echo=echo_lots, hint=lots_hint, default=last),
            Ask(("rounds", number, player, "shops"), _(shops_label).format(year=year, player=player),
                parse=parse_shops_answer, show=show_shops, echo=echo_shops, hint=shops_hint,
                empty=_(NONE_NEW if kept else NONE))]


def _lots(session: Session, number: int, player: str) -> list[int]:
    lots = session.get("rounds", number, player, "lots")
    return list(lots) if isinstance(lots, list) else []
