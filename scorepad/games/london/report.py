"""What London shows of a game: the reckoning step by step under the standings, and `show`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import london as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.london.tracking import event_lines, flat, summary_text
from scorepad.games.london.words import (EDITION_NAMES, FLAT_NAME, LEAST_LINE, NOTHING_YET, RANK_LABEL,
                                         RECKONING_TITLE, RECKONING_TITLE_FLAT, TIEBREAK_ROWS, TOTAL_LABEL,
                                         TRACKED_TITLE, rows_for)
from scorepad.grid import grid, names_text, standings_text
from scorepad.i18n import _


def value_of(row_key: str, source: Any) -> int:
    negative = row_key.startswith("-")
    key = row_key.lstrip("-")
    value = source.get(key, 0) if isinstance(source, dict) else getattr(source, key)
    return -value if negative and value else value


def reckoning_table(result: Result, players: Sequence[str]) -> tuple[list[list[Any]], list[Any], list[Any],
                                                                    list[list[Any]]]:
    """The reckoning as rows × players: the steps, the final scores, the ranks, the tie-break figures.

    The screen and the sheet print the same rows.
    """
    d: rules.Detail = result.detail
    by = {s.player: s for s in result.standings}
    sources = d.flat_inputs if d.flat else d.reckonings

    def rows(spec: Sequence[tuple[str, str]]) -> list[list[Any]]:
        return [[label, *[value_of(key, sources[p]) for p in players]] for label, key in spec]

    ties = tuple((_(label), key) for label, key in TIEBREAK_ROWS[d.rules.slug])
    return (rows(rows_for(d.rules, d.flat)), [_(TOTAL_LABEL), *[by[p].total for p in players]],
            [_(RANK_LABEL), *[by[p].rank for p in players]], [] if d.flat else rows(ties))


def reckoning_text(result: Result) -> str:
    """The breakdown under London's standings: the reckoning step by step, a column per player in seating order."""
    d: rules.Detail = result.detail
    players = list(d.flat_inputs if d.flat else d.reckonings)
    steps_, total, ranks, ties = reckoning_table(result, players)
    title = _(RECKONING_TITLE_FLAT).format(edition=_(FLAT_NAME)) if d.flat else \
        _(RECKONING_TITLE).format(edition=_(EDITION_NAMES[d.rules.slug]))
    ties = [row for row in ties if any(v is not None for v in row[1:])]  # a figure no tie reached: not asked
    text = (title + "\n"
            + grid(["", *players], [*steps_, total, ranks, *ties]))
    if not d.flat:
        text += "\n" + _(LEAST_LINE).format(names=names_text(d.least_players), least=d.least)
    return text


def report(session: Session) -> str:
    parts = []
    if not flat(session):
        lines = event_lines(session)
        if lines:
            parts.append(_(TRACKED_TITLE) + "\n" + "\n".join("  " + line for line in lines))
        parts.append(summary_text(session))
    if session.scorable():
        parts.append(standings_text(session.score(), session.game))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)
