"""How Next Station: London's answers are typed and shown back: cards and colours by name or first letters, a
line's figures and the interchanges as whole numbers, and the cards play's options name."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from calculators import next_station_london as rules
from calculators.core import InvalidInput
from scorepad.games.next_station_london.words import (CARD_AMBIGUOUS, CARD_TWICE, CARDS_NEED_MODULE, COLOURS_COUNT,
                                                      ECHO_MAX, NO_NUMBER, NONE_WORDS, NOT_A_COLOUR, NOT_A_NUMBER,
                                                      NOT_A_POWER, NOT_AN_OBJECTIVE, NOT_ONE_COLOUR,
                                                      OBJECTIVE_COUNT, OBJECTIVE_NOT_IN_PLAY,
                                                      OBJECTIVES_NOT_A_COUNT, OR, OR_MORE, POWER_COUNT, POWER_PAIRS,
                                                      THREE_NUMBERS, WE_DREW, as_typed, typed_words)
from scorepad.i18n import _, plural, western_digits
from scorepad.words import listed


def _card(word: str, cards: Sequence[str], not_one: str, field: str) -> str:
    """A card's name (English, or the chosen language's typed word), or the first letters of exactly one."""
    words = typed_words(cards)
    if word in words:
        return words[word]
    matches = list(dict.fromkeys(key for typed, key in words.items() if typed.startswith(word)))
    if len(matches) != 1:
        if matches:
            raise InvalidInput(_(CARD_AMBIGUOUS).format(word=word, matches=_(OR).join(map(as_typed, matches))),
                               field=field)
        raise InvalidInput(_(not_one).format(word=word, names=listed([as_typed(c) for c in cards])), field=field)
    return matches[0]


def parse_objective_cards(text: str) -> list[str]:
    """`tourist central`, `to c` → the two objective cards in play, each once (NSL-RB: 2 of the 5)."""
    chosen: list[str] = []
    for word in answer_words(text):
        name = _card(word, rules.OBJECTIVES, NOT_AN_OBJECTIVE, "objectives")
        if name in chosen:
            raise InvalidInput(_(CARD_TWICE).format(name=as_typed(name)), field="objectives")
        chosen.append(name)
    if len(chosen) != rules.OBJECTIVES_IN_PLAY:
        raise InvalidInput(plural(OBJECTIVE_COUNT, len(chosen)).format(count=len(chosen),
                                                                       wanted=rules.OBJECTIVES_IN_PLAY),
                           field="objectives")
    return chosen


def parse_power_cards(text: str) -> dict[str, str]:
    """`circle joker double switch` (pink green blue purple in order) or `pu=circle pi=joker …` → colour → power,
    one power on each of the 4 pencils (NSL-RB)."""
    words = answer_words(text)
    colours = " ".join(map(as_typed, rules.PENCILS))  # as the player types them
    if len(words) != len(rules.PENCILS):
        raise InvalidInput(plural(POWER_COUNT, len(words)).format(count=len(words), wanted=len(rules.PENCILS),
                                                                  colours=colours), field="powers")
    paired = any("=" in word for word in words)
    dealt: dict[str, str] = {}
    for place, word in enumerate(words):
        colour, sep, name = word.partition("=")
        if sep != ("=" if paired else ""):
            raise InvalidInput(_(POWER_PAIRS).format(word=word, colours=colours), field="powers")
        colour = _colour(colour, "powers") if paired else rules.PENCILS[place]
        if colour in dealt:
            raise InvalidInput(_(CARD_TWICE).format(name=as_typed(colour)), field="powers")
        power = _card(name if paired else word, rules.POWERS, NOT_A_POWER, "powers")
        if power in dealt.values():
            raise InvalidInput(_(CARD_TWICE).format(name=as_typed(power)), field="powers")
        dealt[colour] = power
    return {colour: dealt[colour] for colour in rules.PENCILS}


def answer_words(text: str) -> list[str]:
    """The words of an answer, lower case; the Arabic comma separates as a comma does."""
    return western_digits(text).replace(",", " ").lower().split()


def _colour(word: str, field: str) -> str:
    """A pencil colour: its name (English, or the chosen language's typed word) or its first letters."""
    words = typed_words(rules.PENCILS)
    if word in words:
        return words[word]
    matches = list(dict.fromkeys(key for typed, key in words.items() if typed.startswith(word))) if word else []
    if len(matches) != 1:
        text = NOT_ONE_COLOUR if len(matches) > 1 else NOT_A_COLOUR
        raise InvalidInput(_(text).format(word=word, colours=listed([as_typed(c) for c in rules.PENCILS])), field=field)
    return matches[0]


# What play's --objectives and --powers name, by module: (the question's path, the cards' path, parse).
CARD_OPTIONS = {"objectives": (("setup", "objective-cards"), ("setup", "objectives"), parse_objective_cards),
                "powers": (("setup", "power-cards"), ("setup", "powers"), parse_power_cards)}


def preset(drawn: Any, modules: Sequence[str]) -> list[tuple[tuple, Any]]:
    """The setup answers for cards the table drew itself, named on the command line; refused like the prompt."""
    entries: list[tuple[tuple, Any]] = []
    for module, (question, cards, parse) in CARD_OPTIONS.items():
        if module not in drawn:
            continue
        if module not in modules:
            raise InvalidInput(_(CARDS_NEED_MODULE).format(module=module), field=module)
        entries += [(question, WE_DREW), (cards, parse(" ".join(drawn[module])))]
    return entries


def show_words(value: Sequence[str]) -> str:
    """Cards or colours as the player types them in the chosen language (`tourist central`): they parse back."""
    return " ".join(map(as_typed, value))


def show_powers(value: dict[str, str]) -> str:
    """`pink=circle green=joker …` in the chosen language's typed words: it parses back."""
    return " ".join(f"{as_typed(colour)}={as_typed(power)}" for colour, power in value.items())


def parse_order(text: str) -> list[str]:
    """`pink green blue purple`, `pi g b pu`, `pink, blue, ...` → the four colours, each once."""
    order = []
    for word in answer_words(text):
        colour = _colour(word, "order")
        if colour in order:
            raise InvalidInput(_(CARD_TWICE).format(name=as_typed(colour)), field="order")
        order.append(colour)
    if len(order) != len(rules.PENCILS):
        raise InvalidInput(plural(COLOURS_COUNT, len(order)).format(count=len(order)), field="order")
    return order


def whole_number(text: str) -> int | None:
    """`12` or `-3` as typed (`۱۲` and `١٢` too), else None: not `--5`, `²` or `3.0`, nor more digits than Python
    converts."""
    text = western_digits(text)
    if not re.fullmatch(r"-?[0-9]+", text.strip()):
        return None
    try:
        return int(text)
    except ValueError:  # over 4,300 digits (sys.get_int_max_str_digits)
        return None


def not_a_number(text: str, span: str) -> str:
    if not text:
        return _(NO_NUMBER).format(span=span)
    shown = text if len(text) <= ECHO_MAX else text[:ECHO_MAX - 1] + "…"  # a slip on the keyboard, not a page
    return _(NOT_A_NUMBER).format(text=shown, span=span)


def field_span(name: str) -> str:
    low, high = rules.FIELD_RANGES[name]
    return f"{low}–{high}" if high is not None else _(OR_MORE).format(low=low)


def parse_interchanges(text: str, player: str) -> dict[str, int]:
    """`5 2 1`: interchange stations on 2, 3 and 4 lines; fewer numbers leave the rest 0 (`5 2`: none on 4 lines,
    Enter alone: none at all)."""
    words = answer_words(text)
    numbers = [whole_number(word) for word in words]
    if len(words) > len(rules.INTERCHANGE_POINTS) or None in numbers:
        raise InvalidInput(_(THREE_NUMBERS), player=player, field="interchanges")
    numbers += [0] * (len(rules.INTERCHANGE_POINTS) - len(numbers))
    return rules.check_interchanges(dict(zip(rules.INTERCHANGE_POINTS, numbers)), player=player)


def parse_completed(text: str, in_play: Sequence[str], player: str, modules: Sequence[str]) -> list[str]:
    """`thames central`, `th c`, Enter or `none` → the objective cards a player completed, each once, of those in
    play. A number is refused: the cards decide what the figures can check, a count does not."""
    where = {"player": player, "field": "objectives"}
    words = answer_words(text)
    if len(words) == 1 and words[0] in (*NONE_WORDS, as_typed("none").casefold()):
        words = []
    done: list[str] = []
    for word in words:
        if re.fullmatch(r"[-+]?[0-9]+", word):  # however long: a count, not a card
            raise InvalidInput(_(OBJECTIVES_NOT_A_COUNT).format(cards=show_words(in_play)), **where)
        try:
            name = _card(word, in_play, OBJECTIVE_NOT_IN_PLAY, "objectives")
        except InvalidInput as error:  # worded without the player, whose answer this is
            raise InvalidInput(error.message, **where) from None
        if name in done:
            raise InvalidInput(_(CARD_TWICE).format(name=as_typed(name)), **where)
        done.append(name)
    return rules.check_objectives(done, modules, player=player)


def show_completed(value: Any) -> str:
    """The cards completed as typed (`thames central`, or the typed `none`); a count of an older session as it is."""
    if isinstance(value, list):
        return show_words(value) if value else as_typed("none")
    return str(value)


def show_interchanges(value: dict[str, int]) -> str:
    return " ".join(str(value.get(k, 0)) for k in rules.INTERCHANGE_POINTS)
