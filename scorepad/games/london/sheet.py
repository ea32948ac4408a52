"""The data London fills templates/london.toml with: the edition's reckoning, place and tie-breaks, and the
poverty table, a column per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import london as rules
from calculators.core import Result, say
from scorepad import words
from scorepad.games.london.report import reckoning_table
from scorepad.games.london.words import (FLAT_FIELD, POVERTY_OVER, POVERTY_OVER_VALUE, POVERTY_ROW, RANK_LABEL,
                                         RANKING_TITLE, RANKING_TITLE_FLAT, SEPARATOR, SHEET_NOTES, SHEET_NOTES_FLAT,
                                         SHEET_TITLE, TIEBREAK_ROWS, TITLES, poverty_bands, rows_for, rule_text)
from scorepad.grid import names_text
from scorepad.i18n import _

PRINTED_ROW_MM = 5.8  # a row of printed figures (the template's 6.5 and 7 mm rows are to write in)


def sheet_for(r: rules.Rules):
    def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = 0,
              variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
        """Data for templates/london.toml: the edition's title, notes and rows; a column per player."""
        is_flat = rules.FLAT_PENALTIES in (result.variants if result else variants)
        if result is None:
            rows = [{"label": label} for label, _key in rows_for(r, is_flat)]
            ranking = [{"label": _(RANK_LABEL)}, *({"label": _(label)} for label, _key in
                                                   (() if is_flat else TIEBREAK_ROWS[r.slug]))]
            total = None
            fields = {"variants": _(FLAT_FIELD)} if is_flat else {}
        else:
            steps_, total_row, ranks, ties = reckoning_table(result, players)

            def by_player(row: Sequence[Any]) -> dict[str, Any]:
                return {"label": row[0], **{f"p{n}": v for n, v in enumerate(row[1:], start=1)}}

            rows = [by_player(row) for row in steps_]
            ranking = [by_player(row) for row in (ranks, *ties)]
            total = {f"p{n}": v for n, v in enumerate(total_row[1:], start=1)}
            fields = {"players": _(SEPARATOR).join(players), "date": date, "winner": names_text(result.winners),
                      "variants": _(FLAT_FIELD if is_flat else words.OFFICIAL_RULES)}
        # The place and tie-break figures come after the final score, in a grid of their own.
        reckoning = {"vars": {}, "rows": rows, **({"total": total} if total else {})}
        title = _(RANKING_TITLE_FLAT if is_flat else RANKING_TITLE)
        data: dict[str, Any] = {"title": _(SHEET_TITLE).format(title=_(TITLES[r.slug])), "player_names": list(players),
                                "fields": fields,
                                "notes": [rule_text(note) for note in (SHEET_NOTES_FLAT if is_flat
                                                                       else SHEET_NOTES[r.slug])],
                                "grids": {"reckoning": [reckoning], "ranking": [{"vars": {"title": title},
                                                                                 "rows": ranking}]}}
        if not is_flat:  # the variant has no poverty table
            bands = poverty_bands()
            data["poverty_bands"] = [label for label, _penalty in bands]
            data["poverty_over"] = [_(POVERTY_OVER).format(top=len(rules.POVERTY_PENALTY) - 1)]
            data["grids"]["poverty"] = [{"vars": {}, "rows": [
                {"label": _(POVERTY_ROW), **{f"band{n}": -penalty for n, (_band, penalty) in enumerate(bands, start=1)},
                 "over1": _(POVERTY_OVER_VALUE).format(n=rules.POVERTY_PENALTY_OVER_10)}]}]
        if result is not None:  # printed figures: lower rows than the pad's handwriting, a page with the QR code
            data["row_heights"] = {"reckoning": PRINTED_ROW_MM, "ranking": PRINTED_ROW_MM}
        if result is not None and result.tiebreaks:
            data["grids"]["tiebreaks"] = [{"vars": {}, "rows": [{"label": say(line)} for line in result.tiebreaks]}]
        return data
    return sheet
