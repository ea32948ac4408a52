"""The data Chinatown fills templates/chinatown.toml with: the standings with the shop tiles that break a tie, why
the level players rank as they do, under the rules' notes (the income table, the sizes, the deal of each year); and
a ledger per player, each with the notes its player reckons with alone (it is cut off and kept: cash is private)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from calculators import chinatown as rules
from calculators.core import Result, say
from scorepad.games.chinatown.board import sheet_map
from scorepad.games.chinatown.names import by_size, money_k, type_name
from scorepad.games.chinatown.words import (SEASON_LABEL, SHEET_BONUS, SHEET_CASH, SHEET_DEAL, SHEET_DEAL_YEARS,
                                            SHEET_INCOME, SHEET_INCOME_FIRST, SHEET_INCOME_NEXT, SHEET_NOTES_SEASONS,
                                            SHEET_SIZES, SHEET_START, SHEET_TIES, SHEET_TIES_SEASONS, listed,
                                            variant_text)
from scorepad.games.chinatown.notation import businesses_short, format_built, shops_text
from scorepad.games.chinatown.report import bonus_rule, tie_lines
from scorepad.i18n import _, plural
from scorepad.words import money, names_text


def sheet(result: Result | None = None, *, players: Sequence[str] = ("", "", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/chinatown.toml: a ledger per player (filled, or blank for paper), and the standings. A
    blank pad without names tells the deal of every player count (whoever sits down, the pad serves)."""
    r = rules.rules_for(result.variants if result else variants)
    count = len(result.detail.lines) if result else min(rounds, r.rounds)
    names = [_(SEASON_LABEL).format(number=n + 1) if r.seasons else str(rules.YEARS[n]) for n in range(count)]
    key = "seasons" if r.seasons else "ledger"
    by = {s.player: s for s in result.standings} if result else {}

    def cash(amount: int) -> str:  # "" for nothing moved: an empty cell reads quicker than $0
        return money(amount) if amount else ""

    ledgers = []
    reckoning = seasons_notes() if r.seasons else sheet_notes()  # under each ledger: its player reckons alone
    for player in players:
        rows: list[dict[str, Any]] = [{"label": _(SHEET_START), "cash": money(r.start_cash)}]
        if result is None:
            rows += [{"label": name} for name in names]
            if r.seasons:
                rows.append({"label": _(SHEET_BONUS), "shops": bonus_rule()})
            ledgers.append({"vars": {"player": player}, "rows": rows, "notes": reckoning})
            continue
        for name, lines in zip(names, result.detail.lines):
            line = lines[player]
            row = {"label": name, "income": money(line.income), "in": cash(line.received), "out": cash(-line.paid),
                   "cash": money(line.cash)}
            if r.seasons:
                row.update(spent=cash(-line.spent), built=format_built(line.built), shops=shops_text(line))
            else:
                row["businesses"] = businesses_short(line)
            rows.append(row)
        if r.seasons:
            bonus = result.detail.bonus[player]
            ended = len(result.detail.lines) == r.rounds  # the bonus is paid after season 4, not "+$0" before it
            rows.append({"label": _(SHEET_BONUS), "shops": bonus_rule(), "cash": "+" + money(bonus) if ended else ""})
        ledgers.append({"vars": {"player": player}, "rows": rows, "total": {"cash": money(by[player].total)},
                        "notes": reckoning})
    summary = []
    for player in players:
        row: dict[str, Any] = {"label": player, "start": money(r.start_cash)}
        if result is not None:
            s = by[player]
            row.update(rank=s.rank, start=money(s.parts[rules.PART_START]), received=cash(s.parts[rules.PART_IN]),
                       paid=cash(s.parts[rules.PART_OUT]), total=money(s.total), mark=s.rank == 1,
                       spent=cash(s.parts.get(rules.PART_AUCTIONS, 0)), bonus=cash(s.parts.get(rules.PART_SHOPS, 0)))
            row.update({f"round{n + 1}": money(income) for n, income in enumerate(s.rounds)})
            if not r.seasons:  # the tie-break: shop tiles on the board in the last year (§2.9)
                row["tiles"] = rules.board_tiles(result.detail.lines[-1][player])
        summary.append(row)
    if result is not None:  # the summary lists players by rank
        summary.sort(key=lambda row: (row["rank"], players.index(row["label"])))
    fields: dict[str, Any] = {}
    if result is not None:
        fields = {"players": listed(players), "date": date, "variants": variant_text(result.variants),
                  "winner": names_text(result.winners)}
    elif variants:
        fields = {"variants": variant_text(variants)}
    data = {"rounds": count, "round_names": names, "fields": fields,
            "grids": {key: ledgers, f"{key}_standings": [{"vars": {}, "rows": summary}]}}
    if result is not None and result.detail.ties:  # under the standings: why the level players rank as they do
        title = _(SHEET_TIES_SEASONS if r.seasons else SHEET_TIES)
        data["grids"]["ties"] = [{"vars": {"title": title},
                                  "rows": [{"label": say(line)} for line in tie_lines(result)]}]
    boards = result.detail.boards if result is not None else ()
    if boards and boards[-1].label == rules.YEARS[count - 1] and not r.seasons:  # the final board, as a small map
        data["maps"] = {"board": sheet_map(boards[-1], players)}
    counts = [len(players)] if result is not None or any(players) else list(rules.PLAYERS)
    data["notes"] = seasons_notes() if r.seasons else [*sheet_notes(), *(deal_text(n) for n in counts)]
    return data


def sheet_notes() -> list[str]:
    """The income table and the complete sizes, as the calculator has them, then how cash adds up."""
    def entries(table: Mapping[int, int]) -> str:
        return " · ".join(plural(SHEET_INCOME_FIRST, n).format(n=n, income=money_k(v)) if i == 0
                          else _(SHEET_INCOME_NEXT).format(n=n, income=money_k(v))
                          for i, (n, v) in enumerate(table.items()))

    sizes = " · ".join(f"{size} {listed(names)}" for size, names in by_size(type_name).items())
    income = _(SHEET_INCOME).format(incomplete=entries(rules.INCOMPLETE_INCOME),
                                    complete=entries(rules.COMPLETE_INCOME))
    return [income, _(SHEET_SIZES).format(sizes=sizes), _(SHEET_CASH)]


def seasons_notes() -> list[str]:
    """The four-season game's rules on its sheet, with the calculator's values."""
    values = {"cash": money(rules.FOUR_SEASONS_START_CASH), "builds": rules.BUILDS_PER_SEASON,
              "spaces": rules.SHOP_SPACES, "shop": money(rules.SHOP_INCOME), "cap": rules.SAME_TYPE_CAP,
              "bonus": money(rules.END_BONUS_PER_SHOP)}
    return [_(note).format(**values) for note in SHEET_NOTES_SEASONS]


def deal_text(players: int) -> str:
    """The cards and tiles of each year for a player count, years with the same deal together (§2.7).

    >>> deal_text(3)
    'Cards and tiles (3 players) — 1965: deal 7 keep 5, 7 tiles · 1966–70: deal 6 keep 4, 4 tiles.'
    """
    spans: list[tuple[list[int], tuple[int, int, int]]] = []
    for number, year in enumerate(rules.YEARS, start=1):
        deal = rules.cards_and_tiles(players, number)
        if spans and spans[-1][1] == deal:
            spans[-1][0].append(year)
        else:
            spans.append(([year], deal))
    years = [_(SHEET_DEAL_YEARS).format(span=f"{ys[0]}–{ys[-1] % 100}" if len(ys) > 1 else ys[0], dealt=d, kept=k,
                                        tiles=t) for ys, (d, k, t) in spans]
    return _(SHEET_DEAL).format(players=players, years=" · ".join(years))
