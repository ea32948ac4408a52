"""What Lost Cities shows of a match: each expedition's reckoning, a player's game, the games so far, `show`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from calculators import lost_cities as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.lost_cities.notation import format_cards
from scorepad.games.lost_cities.words import (BREAKDOWN_HEADERS, BREAKDOWN_TITLE, GAME_ROW, GAME_TOTAL,
                                              GAME_TOTAL_SO_FAR, NOT_ENTERED, NOT_STARTED, NOTHING_YET,
                                              OLDEST_PLAYER, RUNNING_TOTAL, SCORES_SO_FAR, WAGERS_ALONE, WITH_BONUS,
                                              colour_name, colour_word)
from scorepad.grid import _parts, cell, grid, standings_text
from scorepad.i18n import _


def expedition_line(e: rules.Expedition) -> str:
    """`W 3 4 6 8 9  (30 − 20) × 2 = 20`, with the bonus and the variants' zero spelled out."""
    if not e.started:
        return _(NOT_STARTED)
    if not e.numbers and e.score == 0:
        return _(WAGERS_ALONE).format(cards=format_cards(e.cards))
    formula = f"({e.card_sum} − {rules.EXPEDITION_COST})"
    if e.multiplier > 1:
        formula += f" × {e.multiplier}"
    if e.bonus:
        formula = _(WITH_BONUS).format(formula=formula, bonus=e.bonus)
    return f"{format_cards(e.cards)}   {formula} = {cell(e.score)}"


def breakdown_rows(expeditions: Sequence[rules.Expedition]) -> list[list[Any]]:
    rows = []
    for e in expeditions:
        if not e.started:
            rows.append([colour_name(e.colour), "—", "", "", "", "", 0])
            continue
        rows.append([colour_name(e.colour), format_cards(e.cards), e.card_sum, -rules.EXPEDITION_COST,
                     f"×{e.multiplier}", f"+{e.bonus}" if e.bonus else "", e.score])
    return rows


def player_breakdown(session: Session, number: int, player: str, r: rules.Rules) -> str:
    columns = {c: session.get("rounds", number, player, c) for c in r.colours}
    # check_expedition: an imported table may write a wager "w"; it scored, so it is a valid column
    expeditions = rules.score_player({c: list(rules.check_expedition(v)) for c, v in columns.items() if v is not None},
                                     r)
    # A colour missing from an imported table was not started; in a game being entered it is still to come.
    pending = not session.finished and number >= session.complete_rounds()
    rows = [row if columns[e.colour] is not None or not pending else [row[0], _(NOT_ENTERED)]
            for row, e in zip(breakdown_rows(expeditions), expeditions)]
    total = sum(e.score for e in expeditions)
    line = GAME_TOTAL_SO_FAR if pending and None in columns.values() else GAME_TOTAL
    return (_(BREAKDOWN_TITLE).format(player=player, number=number + 1) + "\n"
            + grid([_(h) for h in BREAKDOWN_HEADERS], rows)
            + "\n  " + _(line).format(number=number + 1, player=player, total=cell(total)))


def games_table(result: Result, players: Sequence[str]) -> str:
    """Game scores and running totals for every game so far, a column pair per player."""
    by = {s.player: s for s in result.standings}
    rows = []
    for number in range(len(by[players[0]].rounds)):
        row: list[Any] = [_(GAME_ROW).format(number=number + 1)]
        for p in players:
            row += [by[p].rounds[number], sum(by[p].rounds[:number + 1])]
        rows.append(row)
    return _(SCORES_SO_FAR) + "\n" + grid(["", *[h for p in players for h in (p, _(RUNNING_TOTAL))]], rows)


def breakdown(result: Result) -> str:
    """The breakdown under the standings: each expedition over the match, its colour worded (`parts` are keys)."""
    worded = replace(result, standings=tuple(
        replace(s, parts={colour_word(colour): points for colour, points in s.parts.items()})
        for s in result.standings))
    return _parts(worded, cell)


def report(session: Session) -> str:
    """Everything recorded so far: each game's breakdown per player, then the running totals."""
    r = rules.rules_for(session.variants)
    parts = []
    oldest = session.get("setup", "oldest")
    if oldest:
        parts.append(_(OLDEST_PLAYER).format(oldest=oldest))
    for number in range(session.rounds_planned):
        for player in session.players:
            if any(session.get("rounds", number, player, c) is not None for c in r.colours):
                parts.append(player_breakdown(session, number, player, r))
    complete = session.complete_rounds()
    if complete:
        result = session.score(complete)
        parts.append(games_table(result, session.players))
        if session.finished:
            parts.append(standings_text(result, session.game))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)
