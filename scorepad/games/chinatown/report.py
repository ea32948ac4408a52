"""What a Chinatown table reads: each year's incomes and trades, the ledgers, the tie lines, the words a player may
type at its prompts (`cash NAME`, `ledger NAME`, `types`), and `show`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import wraps
from typing import Any

from calculators import chinatown as rules
from calculators.core import InvalidInput, Phrase, Result
from scorepad.games.base import Commands, Session
from scorepad.games.chinatown.board import board, board_text, latest_round
from scorepad.games.chinatown.boardwords import BOARD_HELP, board_word
from scorepad.games.chinatown.names import types_explained
from scorepad.games.chinatown.words import (BUILT_NOTHING, BUILT_SO_FAR, CASH_HEADER, CASH_HELP, CASH_LINE, CASH_WHO,
                                            END_BONUS, FIRST_PLAYER, HEADERS_LEDGER, HEADERS_SEASON,
                                            HEADERS_SEASON_LEDGER, HEADERS_YEAR, LEDGER_EMPTY, LEDGER_EMPTY_SEASONS,
                                            LEDGER_HELP, LEDGER_PRIVATE, LEDGER_TITLE, NOTHING_YET, PLAYING,
                                            PRIVATE_FOOTER, SHEET_BONUS, SHEET_BONUS_RULE, SHEET_START, SO_FAR,
                                            TYPE_TYPED, TYPES_HEADING, TYPES_HELP, YEAR_END, listed)
from scorepad.games.chinatown.notation import (businesses_short, player_named, shops_text, trade_line)
from scorepad.games.chinatown.state import cash_now, label, open_cash, periods, trades_of
from scorepad.grid import grid, standings_text
from scorepad.i18n import _, pgettext
from scorepad.words import money


def year_summary(session: Session, number: int) -> str:
    """A round's incomes and payments; cash only with the open-cash module (or at the end)."""
    result = session.score(number + 1)
    lines = result.detail.lines[number]
    seasons = result.detail.rules.seasons
    headers = [_(header) for header in (HEADERS_SEASON if seasons else HEADERS_YEAR)]
    rows = []
    for p in session.players:
        line = lines[p]
        row = [p, shops_text(line) if seasons else businesses_short(line), money(line.income),
               money(line.paid) if line.paid else "", money(line.received) if line.received else ""]
        if seasons:
            row.insert(1, money(line.spent) if line.spent else "")
        if open_cash(session):
            row.append(money(line.cash))
        rows.append(row)
    if open_cash(session):
        headers.append(_(CASH_HEADER))
    text = _(YEAR_END).format(year=label(session, number)) + "\n" + grid(headers, rows)
    notes = trade_lines(session, number)
    if notes:
        text += "\n" + "\n".join(notes)
    if seasons:
        built: dict[str, tuple[str, int]] = {}
        for season in result.detail.lines:
            for p in session.players:
                for kind in season[p].built:
                    name, n = built.get(rules.shop_key(kind), (kind, 0))
                    built[rules.shop_key(kind)] = (name, n + 1)
        shops = listed([f"{name} {n}" for name, n in built.values()]) or _(BUILT_NOTHING)
        text += "\n" + _(BUILT_SO_FAR).format(shops=shops, shop=money(rules.SHOP_INCOME), cap=rules.SAME_TYPE_CAP)
    if not open_cash(session) and number + 1 < periods(session):  # after the last one the standings show all
        text += "\n" + _(PRIVATE_FOOTER).format(cash=command_word("cash"))
    return text


def trade_lines(session: Session, number: int) -> list[str]:
    return [trade_line(t, session.get("setup", "note", index)) for index, t in trades_of(session, number) if t]


def ledger_text(result: Result, player: str, labels: Sequence[str]) -> str:
    ledger = result.detail
    rows: list[list[Any]] = []
    title = _(LEDGER_TITLE).format(player=player)
    if ledger.rules.seasons:
        rows.append([_(SHEET_START), "", "", "", "", "", money(ledger.start)])
        for name, lines in zip(labels, ledger.lines):
            line = lines[player]
            rows.append([name, money(-line.spent) if line.spent else "", shops_text(line), money(line.income),
                         money(line.received) if line.received else "", money(-line.paid) if line.paid else "",
                         money(line.cash)])
        if ledger.bonus.get(player):
            rows.append([_(SHEET_BONUS), "", bonus_rule(), "", "", "",
                         "+" + money(ledger.bonus[player]) + " = " + money(ledger.lines[-1][player].cash
                                                                           + ledger.bonus[player])])
        return title + "\n" + grid([_(h) for h in HEADERS_SEASON_LEDGER], rows)
    rows.append([_(SHEET_START), "", "", "", "", money(ledger.start)])
    for name, lines in zip(labels, ledger.lines):
        line = lines[player]
        rows.append([name, businesses_short(line), money(line.income), money(line.received) if line.received else "",
                     money(-line.paid) if line.paid else "", money(line.cash)])
    return title + "\n" + grid([_(h) for h in HEADERS_LEDGER], rows)


def bonus_rule() -> str:
    return _(SHEET_BONUS_RULE).format(bonus=money(rules.END_BONUS_PER_SHOP))


def tie_lines(result: Result, finished: bool | None = None) -> tuple[Phrase, ...]:
    """The calculator's phrase for each tie on cash (none when nobody is level); in a game still being played,
    nobody wins a tie yet: its leader is ahead on it."""
    done = result.finished if finished is None else finished
    return tuple(replace(line, code="chinatown.tie-won-so-far")
                 if not done and isinstance(line, Phrase) and line.code == "chinatown.tie-won" else line
                 for line in result.tiebreaks)


@wraps(rules.score, assigned=())  # only __wrapped__: the registry finds the calculator under the words
def score(table: Any) -> Result:
    """The calculator's result; a table file whose `session` is `playing` is a game in progress, and its tie
    phrases say who is ahead, not who wins."""
    result = rules.score(table, board())
    if not result.tiebreaks:
        return result
    block = table.get("session")
    playing = isinstance(block, dict) and block.get("status") == PLAYING
    return replace(result, tiebreaks=tie_lines(result, finished=result.finished and not playing))


def final_text(session: Session) -> str:
    result = session.score(periods(session))
    labels = [label(session, n) for n in range(periods(session))]
    parts = [standings_text(result, session.game)] + [ledger_text(result, p, labels) for p in session.players]
    if result.detail.rules.seasons:
        parts.insert(0, _(END_BONUS).format(bonus=money(rules.END_BONUS_PER_SHOP)))
    return "\n\n".join(parts)


def command_word(english: str) -> str:
    """The word typed for one of Chinatown's prompt words (`cash`, `ledger`, `types`) in the chosen language, as
    the play loop reads it (scorepad/play.py typed_word: the English word works too)."""
    # TRANSLATORS: words typed at any prompt of a Chinatown game: `cash Ana` shows one player's cash, `ledger Ana`
    # their ledger, `types` the business types. One short word each, no spaces; the English words work too.
    own = {"cash": pgettext("typed word", "cash"), "ledger": pgettext("typed word", "ledger"),
           "types": pgettext("typed word", "types")}[english]
    return own.strip().casefold() or english


def commands(session: Session) -> Commands:
    def cash(rest: str) -> str:
        balances, when = cash_now(session)
        if not rest:
            if open_cash(session):
                return "\n".join(_(CASH_LINE).format(player=p, cash=money(c), when=when) for p, c in balances.items())
            return _(CASH_WHO).format(cash=command_word("cash"), players=listed(session.players))
        try:
            player = player_named(rest, session.players)
        except InvalidInput as error:
            return error.message
        return _(CASH_LINE).format(player=player, cash=money(balances[player]), when=when)

    def ledger(rest: str) -> str:
        if not open_cash(session):
            return _(LEDGER_PRIVATE)
        done = min(session.complete_rounds(), periods(session))
        if not done:
            r = rules.rules_for(session.variants)
            return _(LEDGER_EMPTY_SEASONS if r.seasons else LEDGER_EMPTY).format(cash=money(r.start_cash),
                                                                                 word=command_word("cash"))
        result = session.score(done)
        labels = [label(session, n) for n in range(done)]
        try:
            chosen = [player_named(rest, session.players)] if rest else session.players
        except InvalidInput as error:
            return error.message
        return "\n\n".join(ledger_text(result, p, labels) for p in chosen)

    entries: dict[str, tuple[str, Callable[[str], str]]] = {
        "cash": (_(CASH_HELP).format(word=command_word("cash")), cash),
        "ledger": (_(LEDGER_HELP).format(word=command_word("ledger")), ledger)}
    if not rules.rules_for(session.variants).seasons:
        entries["types"] = (_(TYPES_HELP), lambda rest: types_explained(_(TYPES_HEADING), _(TYPE_TYPED)))
        entries["board"] = (_(BOARD_HELP).format(word=board_word()), lambda rest: board_text(session))
    return entries  # by the English word: the play loop takes the language's word too (play.typed_word)


def report(session: Session) -> str:
    """Everything recorded so far: each round's incomes and trades; cash when open (always at the end)."""
    parts = []
    first = session.get("setup", "first")
    if first:
        parts.append(_(FIRST_PLAYER).format(player=first))
    done = min(session.complete_rounds(), periods(session))
    for number in range(done):
        parts.append(year_summary(session, number))
    pending = trade_lines(session, done) if done < periods(session) else []
    if pending:
        parts.append(_(SO_FAR).format(label=label(session, done)) + "\n" + "\n".join(pending))
    if done and (session.finished or done == periods(session)):
        parts.append(final_text(session) if done == periods(session)
                     else standings_text(session.score(done), session.game, finished=session.finished))
    if done and latest_round(session) is not None:  # a game entered on the board: the board as it stands
        parts.append(board_text(session))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)
