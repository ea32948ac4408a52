"""The guided Chinatown game: the setup, each year's (or season's) guide, trades and notes, businesses (or
auctions and shops built), the year's summary, and the final standings with every ledger."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from calculators import chinatown as rules
from calculators.core import InvalidInput
from scorepad.games.base import Ask, Say, Session, Step
from scorepad.games.chinatown.board import placed_before
from scorepad.games.chinatown.boardsteps import board_hint, income_questions
from scorepad.games.chinatown.names import none_words, short_name, types_text
from scorepad.games.chinatown.words import (ASK_BUILT, ASK_FIRST, BUILT_HINT, FIRST_HINT, NONE, NOTE_HINT, SPENT_HINT,
                                            TRADE_HINT, TRADING_DONE, ASK_FIRST_SEASONS, ASK_NOTE, ASK_SPENT,
                                            BUILT_NOTHING, ECHO_BUILT, INCOME_START, NEW_TYPE, NOTE_EXAMPLE,
                                            NOTE_EXAMPLE_SEASONS, NOTE_LABEL, NO_MORE_TRADES, OPEN, OPEN_CASH, PRIVATE,
                                            SEASONS_SETUP, SEASON_START, SEASON_START_SHORT, SETUP, SHOW_NO_NOTE,
                                            SHOW_TRADING_DONE, TRADE_HELP, TRADE_LABEL, YEARS_PLAYED, YEAR_START,
                                            YEAR_START_SHORT, example, listed)
from scorepad.games.chinatown.notation import (format_built, format_trade, parse_built, parse_money, parse_trade,
                                               player_named, trade_line)
from scorepad.games.chinatown.report import command_word, final_text, year_summary
from scorepad.games.chinatown.state import label, next_trade_index, periods, probe, starter, trades_of
from scorepad.i18n import _, pgettext, plural
from scorepad.words import money, names_text


def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    def privacy() -> str:
        if OPEN_CASH in session.modules:
            return _(OPEN)
        return _(PRIVATE).format(cash=command_word("cash"), help=pgettext("typed word", "help"))

    if r.seasons:
        out: list[Step] = [Say(lambda: _(SEASONS_SETUP).format(
                               players=listed(session.players), count=len(session.players),
                               spaces=rules.SHOP_SPACES, cash=money(rules.FOUR_SEASONS_START_CASH),
                               note=money(rules.FOUR_SEASONS_NOTE), board=rules.SHOP_CARDS_ON_BOARD,
                               privacy=privacy())),
                           Ask(("setup", "first"), _(ASK_FIRST_SEASONS),
                               parse=lambda t: player_named(t, session.players), choices=tuple(session.players))]
    else:
        out = [Say(lambda: setup_text(session, privacy())),
               Ask(("setup", "first"), _(ASK_FIRST), parse=lambda t: player_named(t, session.players),
                   choices=tuple(session.players), hint=_(FIRST_HINT))]
    for number in range(periods(session)):
        if r.seasons:
            out += season_steps(session, number)
        else:
            out += year_steps(session, number)
    out.append(Say(lambda: final_text(session), kind="score"))
    return out


def setup_text(session: Session, privacy: str) -> str:
    years = periods(session)
    span = f"{rules.YEARS[0]}–{rules.YEARS[years - 1]}" if years > 1 else str(rules.YEARS[0])
    return _(SETUP).format(players=listed(session.players), count=len(session.players),
                           years=plural(YEARS_PLAYED, years).format(n=years, span=span), first_year=rules.YEARS[0],
                           markers=rules.MARKERS, cash=money(rules.START_CASH), tiles=sum(rules.SUPPLY.values()),
                           cards=rules.BUILDING_CARDS, privacy=privacy)


def year_steps(session: Session, number: int) -> list[Step]:
    year = label(session, number)
    dealt, kept, tiles = rules.cards_and_tiles(len(session.players), number + 1)

    def guide() -> str:  # the whole year once, then a reminder
        text = _(YEAR_START_SHORT) if number else _(YEAR_START) + "\n" + _(TRADE_HELP)
        return text.format(year=year, number=number + 1, years=periods(session), starter=starter(session, number),
                           dealt=dealt, kept=kept, returned=rules.CARDS_RETURNED, tiles=tiles,
                           smallest=min(rules.COMPLETE_SIZE.values()), largest=max(rules.COMPLETE_SIZE.values()),
                           payer=session.players[0], payee=session.players[1])

    out: list[Step] = [Say(guide)]
    if not _trading(session, number, out):
        return out
    out.append(Say(lambda: income_text(year) + "\n" + board_hint()))
    placed = placed_before(session, number)
    for player in session.players:  # once the year's trades are done, everyone lists their businesses at once
        out += [replace(ask, together=("businesses", number))
                for ask in income_questions(session, number, player, placed)]
    out.append(Say(lambda: year_summary(session, number), kind="score"))
    return out


def income_text(year: str) -> str:
    """How the players list their businesses (before the first of them): the notation and the types."""
    photo = short_name("photo")
    return _(INCOME_START).format(year=year, example=example(), types=types_text(), larger=f"{photo} 4",
                                  size=rules.COMPLETE_SIZE["photo"], none=none_words()[-1])


def season_steps(session: Session, number: int) -> list[Step]:
    def guide() -> str:
        text = _(SEASON_START_SHORT) if number else _(SEASON_START) + "\n" + _(TRADE_HELP)
        return text.format(number=number + 1, seasons=periods(session), starter=starter(session, number),
                           count=len(session.players), payer=session.players[0], payee=session.players[1],
                           zero=money(0), **{"raise": money(rules.MIN_RAISE)}, builds=rules.BUILDS_PER_SEASON,
                           spaces=rules.SHOP_SPACES, shop=money(rules.SHOP_INCOME), cap=rules.SAME_TYPE_CAP,
                           bonus=money(rules.END_BONUS_PER_SHOP), last=rules.SEASONS)

    out: list[Step] = [Say(guide)]
    for player in session.players:
        out.append(replace(_spent_question(session, number, player), together=("spent", number)))
    if not _trading(session, number, out):
        return out
    for player in session.players:
        out.append(replace(_built_question(session, number, player), together=("built", number)))
    out.append(Say(lambda: year_summary(session, number), kind="score"))
    return out


def _trading(session: Session, number: int, out: list[Step]) -> bool:
    """The round's trade questions so far and the next one; True once the round's trading is done."""
    # Each trade's place in its round (from 1) is counted here, in one pass: counting it again for each trade made
    # an import of 5,000 trades quadratic (docs/performance.md).
    place = 0
    for place, (index, trade) in enumerate(trades_of(session, number), start=1):
        out.append(_trade_question(session, number, index, place))
        if trade is None:
            return True
        out.append(_note_question(session, trade, index, place))
    if any(at[0] == "rounds" and at[1] == number and at[-1] != "spent" for at in session.answers):
        return True  # an imported table has no end-of-trading answers: the round's inputs are there
    out.append(_trade_question(session, number, next_trade_index(session), place + 1))
    return False


def _trade_question(session: Session, number: int, index: int, place: int) -> Ask:
    """The question of the trade recorded at ("trades", index), the `place`th of round `number` (from 1)."""
    year = label(session, number)

    def parse(text: str) -> dict[str, Any] | None:
        trade = parse_trade(text, session.players, number + 1)
        if trade is not None:
            probe(session, number, trade=trade, index=index)  # below $0 is refused with the calculator's message
        return trade

    def echo(trade: dict[str, Any] | None) -> str:
        return trade_line(trade) if trade else _(NO_MORE_TRADES).format(year=year)

    return Ask(("trades", index), _(TRADE_LABEL).format(year=year, n=place), parse=parse,
               read=lambda text: parse_trade(text, session.players, number + 1),  # without the cash: a phone's
               show=lambda trade: format_trade(trade) or _(SHOW_TRADING_DONE), echo=echo,
               part=("round", number),  # the recap on resume: a trade is its year's (its path names no year)
               hint=_(TRADE_HINT).format(payer=session.players[0], payee=session.players[1]), empty=_(TRADING_DONE))


def _note_question(session: Session, trade: Mapping[str, Any], index: int, place: int) -> Ask:
    example = _(NOTE_EXAMPLE_SEASONS if rules.rules_for(session.variants).seasons else NOTE_EXAMPLE)
    number = trade["round"] - 1
    return Ask(("setup", "note", index), _(ASK_NOTE).format(payer=trade["from"], amount=money(trade["amount"])),
               parse=_note_parse(session, trade["round"]), show=lambda note: note or _(SHOW_NO_NOTE),
               part=("round", trade["round"] - 1), hint=_(NOTE_HINT).format(example=example), empty=_(NONE),
               name=_(NOTE_LABEL).format(year=label(session, number), n=place))


# What parse_trade says of a trade's figure once its payer and payee are read.
AMOUNT_REFUSALS = ("chinatown.under-a-thousand", "chinatown.not-whole-dollars", "chinatown.too-much-money",
                   "chinatown.no-amount")


def _note_parse(session: Session, round: int) -> Any:
    """A trade's note, refused when it reads as a trade: the next trade typed one question early (`Ben Cy 12.5k`)
    was kept as a note, and the payment was lost."""
    def parse(text: str) -> str:
        note = _note(text)
        try:
            trade = parse_trade(note, session.players, round) if note else None
        except InvalidInput as error:  # a payer, a payee and a figure no amount can be (`Ben Cy 0.5`) read as a trade
            trade = {} if error.code in AMOUNT_REFUSALS else None
        if trade is not None:
            raise InvalidInput("chinatown.note-is-a-trade", text=note, field="note")
        return note

    return parse


def _note(text: str) -> str:
    """A trade's note as typed; "(no note)", as the question shows an empty one (an edit offers it), is none."""
    text = text.strip()
    return "" if text == _(SHOW_NO_NOTE) else text


def _spent_question(session: Session, number: int, player: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": "spent"}

    def parse(text: str) -> int:
        spent = parse_money(text or "0", **where)
        probe(session, number, player, "spent", spent)  # cash cannot drop below $0
        return spent

    return Ask(("rounds", number, player, "spent"), _(ASK_SPENT).format(number=number + 1, player=player),
               parse=parse, show=str, hint=_(SPENT_HINT), empty=_(NONE))


def _built_question(session: Session, number: int, player: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": "built"}

    known = built_types(session, number, player)

    def parse(text: str) -> list[str]:
        built, seen = [], dict(known)
        for name in parse_built(text, **where):  # `Restaurant, rest` in one answer is one type too
            built.append(same_type(name, seen))
            seen.setdefault(rules.shop_key(built[-1]), built[-1])
        probe(session, number, player, "built", built)  # 2 a season, 6 spaces
        return built

    def echo(built: list[str]) -> str:
        if not built:
            return _(ECHO_BUILT).format(player=player, shops=_(BUILT_NOTHING))
        shops, seen = [], set(known)
        for name in built:
            shops.append(name if rules.shop_key(name) in seen else _(NEW_TYPE).format(name=name))
            seen.add(rules.shop_key(name))
        return _(ECHO_BUILT).format(player=player, shops=names_text(shops))

    return Ask(("rounds", number, player, "built"), _(ASK_BUILT).format(number=number + 1, player=player),
               parse=parse, show=format_built, echo=echo, hint=_(BUILT_HINT), empty=_(NONE))


def built_types(session: Session, number: int, player: str) -> dict[str, str]:
    """Shop types built before this answer (earlier seasons, and this season's earlier answers): key -> name."""
    known: dict[str, str] = {}
    for season in range(number + 1):
        for p in session.players:
            if (season, p) == (number, player):
                continue
            built = session.get("rounds", season, p, "built")
            for name in built if isinstance(built, list) else []:
                known.setdefault(rules.shop_key(name), name)
    return known


def same_type(name: str, known: Mapping[str, str]) -> str:
    """A type already built, when the name is its start or one of its words (`rest`, `B` for `Type B`).

    Types are free names in the four-season game, so `B` after `Type B` would otherwise start a second type.
    >>> same_type("rest", {"restaurant": "Restaurant", "type b": "Type B"}), same_type("b", {"type b": "Type B"})
    ('Restaurant', 'Type B')
    """
    key = rules.shop_key(name)
    if key in known:
        return known[key]
    found = [known[k] for k in known if k.startswith(key) or key in k.split()]
    return found[0] if len(found) == 1 else name
