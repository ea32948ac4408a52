"""How Chinatown's answers are typed and shown back: amounts of money, a trade (payer, payee, amount), the
businesses a player owns, the shops built in the four-season game."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from calculators import chinatown as rules
from calculators.core import InvalidInput
from scorepad.games.chinatown.names import (ALIASES, ENGLISH_SHORT, none_words, pays_words, separator_words,
                                            short_name, thousand_words, thousands, type_name)
from scorepad.games.chinatown.words import (ECHO_BUSINESS, ECHO_COMPLETE, ECHO_INCOME, ECHO_TRADE, ECHO_TRADE_NOTE,
                                            MONEY_DIGITS, THOUSAND, listed)
from scorepad.i18n import _, western_digits
from scorepad.words import money


def parse_money(text: str, **where: Any) -> int:
    """`10000`, `10k`, `10`, `10,000`, `$10,000`, `12.5k`, `12.5` → dollars (a whole number, 0 or more); Persian and
    Arabic-Indic digits and marks too (`۱۰k`, `١٠٬٠٠٠`, `۱٫۵k`), and the chosen language's word for k. A bare number
    under a thousand is thousands; an amount under $1,000 (`$5`, `0.5k`) is refused.

    >>> parse_money("10k"), parse_money("$12,500"), parse_money("7.5K"), parse_money("۱٫۵k"), parse_money("5")
    (10000, 12500, 7500, 1500, 5000)
    """
    shown = text.strip()[:20]
    compact = western_digits(text).strip().replace(",", "").replace("_", "").casefold()
    dollars = compact.startswith("$")
    number, scale = compact.removeprefix("$"), 1
    for word in sorted(thousand_words(), key=len, reverse=True):  # the longest first
        if number.endswith(word) and len(number) > len(word):
            number, scale = number[:-len(word)].rstrip(), THOUSAND
            break
    if not re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", number, flags=re.ASCII):
        raise InvalidInput("chinatown.not-an-amount", text=shown, **where)
    if len(number.lstrip("0").partition(".")[0]) > MONEY_DIGITS:  # float() of it overflowed
        raise InvalidInput("chinatown.too-much-money", text=shown, **where)
    value = Decimal(number) * scale  # exact, unlike a float
    if scale == 1 and not dollars and value < THOUSAND:
        value *= THOUSAND
    if value != int(value):
        raise InvalidInput("chinatown.not-whole-dollars", text=text.strip(), **where)
    if 0 < value < THOUSAND:
        raise InvalidInput("chinatown.under-a-thousand", text=shown, **where)
    return int(value)


def player_named(word: str, players: Sequence[str], **where: Any) -> str:
    """A player by name (the exact case first: `A` and `a` may both play), or by a start only one name has."""
    found = ([p for p in players if p == word] or [p for p in players if p.lower() == word.lower()]
             or [p for p in players if p.lower().startswith(word.lower())])
    if len(found) > 1:
        raise InvalidInput("chinatown.ambiguous-player", word=word, names=tuple(found), **where)
    if not found:
        raise InvalidInput("chinatown.not-a-player", word=word, players=tuple(players), **where)
    return found[0]


def _names_a_player(text: str, players: Sequence[str]) -> bool:
    return any(text.lower().startswith(name.lower()) and (len(text) == len(name) or not text[len(name)].isalnum())
               for name in players)


def _take_player(text: str, players: Sequence[str], **where: Any) -> tuple[str, str]:
    """The player a text starts with (names may hold spaces), and the rest of the text."""
    by_length = sorted(players, key=len, reverse=True)
    for same in (str, str.lower):  # the exact case first, then case aside
        for name in by_length:
            if same(text).startswith(same(name)) and (len(text) == len(name) or not text[len(name)].isalnum()):
                return name, text[len(name):].strip()
    word, _sep, rest = text.partition(" ")
    return player_named(word, players, **where), rest.strip()


# --- trades ---------------------------------------------------------------------------------------------

def parse_trade(text: str, players: Sequence[str], round: int) -> dict[str, Any] | None:
    """`Ana Ben 10k` → the spec's trade; "" → None (the round's trading is done).

    The spec's trade has no note, so a note is its own answer, kept in the session (never the table file).
    >>> parse_trade("ana > Ben $12,000", ["Ana", "Ben", "Cy"], 1)
    {'round': 1, 'from': 'Ana', 'to': 'Ben', 'amount': 12000}
    """
    text = text.strip()
    if not text:
        return None
    where = {"round": round, "field": "trade"}
    payer, rest = _take_player(text, players, **where)
    if not _names_a_player(rest, players):  # a player called Tom is no "to" + "m"
        words = "|".join(re.escape(word) for word in sorted(pays_words(), key=len, reverse=True))
        rest = re.sub(rf"^(?:[,;:،]|->|→|>|(?:{words})\b)\s*", "", rest, flags=re.IGNORECASE)
    if not rest:
        other = next(p for p in players if p != payer)
        raise InvalidInput("chinatown.ask-payee", payer=payer, payee=other, **where)
    payee, rest = _take_player(rest, players, **where)
    rest = re.sub(r"^[,;:،]\s*", "", rest)
    ks = "|".join(re.escape(word) for word in sorted(thousand_words(), key=len, reverse=True))
    rest = re.sub(rf"^(\$?[\d.,_٫٬]+)\s+({ks})(?=\s|$)", r"\1\2", rest, flags=re.IGNORECASE)  # `5 k` is 5k
    amount_text, _sep, note = rest.partition(" ")
    if not amount_text:
        raise InvalidInput("chinatown.ask-amount", payer=payer, payee=payee, **where)
    amount = parse_money(amount_text, **where)
    if amount < 1:
        raise InvalidInput("chinatown.no-amount", payer=payer, payee=payee, **where)
    if note.strip():
        raise InvalidInput("chinatown.extra-words", words=note.strip(), **where)
    trade = {"round": round, "from": payer, "to": payee, "amount": amount}
    rules.check_trades([trade], players, round)  # the calculator's own checks (self-payment, amount > 0)
    return trade


def format_trade(trade: Mapping[str, Any] | None) -> str:
    if not trade:
        return ""
    return f"{trade['from']} {trade['to']} {trade['amount']}"


def trade_line(trade: Mapping[str, Any], note: str | None = None) -> str:
    return _(ECHO_TRADE_NOTE if note else ECHO_TRADE).format(payer=trade["from"], payee=trade["to"],
                                                             amount=money(trade["amount"]), note=note)


# --- the business notation --------------------------------------------------------------------------------

def _key(word: str) -> str:
    """A business type's name or a typed word, compared: case, spaces, hyphens and ZWNJ aside."""
    return re.sub(r"[\s\-\u200c]", "", word.casefold())


def business_type(word: str, **where: Any) -> str:
    """`rest`, `Restaurant`, `tea house`, `takeout`, `fish` → the spec's type name.

    The English words and names always work; the chosen language's typed words and names (or their start) too.
    A typed word or a whole name decides first; then a start that only one type's name has.
    """
    key = _key(word)
    words = {kind: {_key(kind), _key(ENGLISH_SHORT[kind]), _key(short_name(kind)), _key(type_name(kind))}
             for kind in rules.COMPLETE_SIZE}
    found = [ALIASES[key]] if key in ALIASES else [kind for kind, typed in words.items() if key in typed]
    if not found and key:
        found = [kind for kind in rules.COMPLETE_SIZE
                 if any(name.startswith(key) for name in (_key(kind), _key(type_name(kind))))]
    if len(found) != 1:
        if found:
            raise InvalidInput("chinatown.ambiguous-type", word=word, kinds=tuple(found), **where)
        raise InvalidInput("chinatown.not-a-type", word=word, **where)
    return found[0]


def parse_businesses(text: str, **where: Any) -> list[dict[str, Any]]:
    """`rest 4, photo 3` → [{"type": "restaurant", "tiles": 4}, {"type": "photo", "tiles": 3}].

    A group larger than complete is complete + the rest (rules §2.8): `photo 4` → photo 3 and photo 1.
    Persian and Arabic-Indic digits are numbers (`rest ۴`); a name may hold a ZWNJ (Persian).
    >>> parse_businesses("tea house 3, fish4 photo 4")   # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'tea-house', 'tiles': 3}, {'type': 'tropical-fish', 'tiles': 4},
     {'type': 'photo', 'tiles': 3}, {'type': 'photo', 'tiles': 1}]
    """
    compact = western_digits(text).strip().casefold()
    if compact in none_words():
        return []
    if not compact:
        raise InvalidInput("chinatown.type-the-businesses", **where)
    compact = re.sub(r"[x×*]\s*(?=\d)", " ", compact)
    separators = separator_words()
    out: list[dict[str, Any]] = []
    name: list[str] = []
    for token in re.findall(r"[^\W\d_]+(?:[-'\u200c][^\W\d_]+)*|\d+|\S", compact):
        if token.isdecimal():  # not isdigit(): '²' passes it, and int() refuses it
            if not name:
                raise InvalidInput("chinatown.of-what", number=token, **where)
            kind = business_type(" ".join(name), **where)
            size, supply = rules.COMPLETE_SIZE[kind], rules.SUPPLY[kind]
            # A bound before int() and the split below: `rest 99999999999` would fill the memory.
            digits = token.lstrip("0") or "0"
            tiles = int(digits) if len(digits) <= len(str(supply)) else supply + 1
            if tiles < 1:
                raise InvalidInput("chinatown.zero-tiles", kind=kind, **where)
            if tiles > supply:
                shown = digits if len(digits) <= 6 else digits[:6] + "…"
                raise InvalidInput("chinatown.too-many-tiles", kind=kind, tiles=shown, supply=supply, **where)
            while tiles > size:
                out.append({"type": kind, "tiles": size})
                tiles -= size
            out.append({"type": kind, "tiles": tiles})
            name = []
        elif token in separators:
            if name:
                raise InvalidInput("chinatown.how-many", name=" ".join(name), **where)
        elif token[0].isalpha():
            name.append(token)
        else:
            raise InvalidInput("chinatown.not-part", token=token, **where)
    if name:
        raise InvalidInput("chinatown.how-many", name=" ".join(name), **where)
    return out


def format_businesses(businesses: Sequence[Mapping[str, Any]] | None) -> str:
    """The businesses as they are typed in the chosen language (`rest 4, photo 3`; `none`): they parse back."""
    if businesses is None:
        return ""
    if not businesses:
        return none_words()[-1]
    return listed([f"{short_name(b['type'])} {b['tiles']}" for b in businesses])


def business_text(b: rules.Business) -> str:
    form = ECHO_COMPLETE if b.complete else ECHO_BUSINESS
    return _(form).format(name=type_name(b.kind), tiles=b.tiles, size=rules.COMPLETE_SIZE[b.kind],
                          income=money(b.income))


def income_lines(owned: Sequence[Mapping[str, Any]], player: str, year: str) -> str:
    """A player's businesses as their income is paid, one a line, and the year's income."""
    scored = [rules.Business(b["type"], b["tiles"], rules.business_income(b["type"], b["tiles"]),
                             rules.is_complete(b["type"], b["tiles"])) for b in owned]
    lines = [business_text(b) for b in scored]
    total = sum(b.income for b in scored)
    return "\n".join(lines + [_(ECHO_INCOME).format(player=player, year=year, income=money(total))])


def businesses_short(line: rules.Line) -> str:
    return listed([f"{type_name(b.kind)} {b.tiles}" for b in line.businesses]) or "—"


# --- the four-season game's inputs ----------------------------------------------------------------------

def parse_built(text: str, **where: Any) -> list[str]:
    """`restaurant, Type B` → ["restaurant", "Type B"]; Enter → []."""
    return [name.strip() for name in re.split(r"[,;،、，；]", text) if name.strip()]


def format_built(built: Sequence[str] | None) -> str:
    return listed(built or [])


def shops_text(line: rules.Line) -> str:
    """`Restaurant 2 × 60k, Type C 2 × 20k`: shops of each type and what each earned this season."""
    return listed([f"{name} {n} × {thousands(each)}" for name, n, each in line.shops]) or "—"
