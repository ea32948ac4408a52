"""The data Lost Cities fills templates/lost-cities.toml with: a grid per game and player, and the match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import lost_cities as rules
from calculators.core import Result
from scorepad.games.lost_cities.notation import format_cards
from scorepad.games.lost_cities.report import breakdown_rows
from scorepad.games.lost_cities.words import COLOUR_KEYS, SHEET_NOTE, colour_name, variant_text
from scorepad.grid import names_text
from scorepad.i18n import _
from scorepad.words import listed

CARD_GAP = "\u2002"  # an en space between two cards: "4 6 7 8 9 10" never reads as one number on paper


def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/lost-cities.toml: filled from a scored table (players in table order), or a blank pad.
    Every text in it is in the chosen language; a row's `key` (its colour tab) stays English."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.detail)
    rounds = min(rounds, rules.MAX_ROUNDS)  # a pad of more is refused (`sheet --blank`), after no 100,000 grids
    by = {s.player: s for s in result.standings} if result else {}
    game_grids = []
    for number in range(rounds):
        for player in players:
            if result is None:
                rows = [{"label": colour_name(c), "key": COLOUR_KEYS[c]} for c in r.colours]
                total = None
            else:
                expeditions = result.detail[number][player]
                rows = [dict(zip(["label", "cards", "sum", "cost", "mult", "bonus", "score"], row))
                        for row in breakdown_rows(expeditions)]
                for row, e in zip(rows, expeditions):
                    row["key"] = COLOUR_KEYS[e.colour]
                    row["wagers"] = e.wagers if e.started else ""
                    if e.started:
                        row["cards"] = format_cards(e.cards, CARD_GAP)
                    else:
                        row.update(sum="", cost="", mult="")
                total = {"score": by[player].rounds[number]}
            game_grids.append({"vars": {"round": number + 1, "player": player}, "rows": rows,
                               **({"total": total} if total else {})})
    match_rows = []
    for player in players:
        row: dict[str, Any] = {"label": player}
        if result is not None:
            row.update({f"game{n + 1}": v for n, v in enumerate(by[player].rounds)}, total=by[player].total,
                       mark=by[player].rank == 1)
        match_rows.append(row)
    fields = {}
    chosen = result.variants if result is not None else variants
    if result is not None:
        fields = {"players": listed(players), "date": date, "variants": sheet_variants(chosen),
                  "winner": names_text(result.winners)}
    elif variants:
        fields = {"variants": sheet_variants(chosen)}
    data = {"rounds": rounds, "fields": fields, "notes": [sheet_note()],
            "grids": {"game": game_grids, "match": [{"vars": {}, "rows": match_rows}]}}
    if len(r.colours) > len(rules.CLASSIC_COLOURS):  # three games of six rows and the match on one page
        data["row_heights"] = {"game": SIX_COLOURS_PRINTED_MM if result is not None else SIX_COLOURS_MM}
    return data


# With purple the template's 8 mm rows took a second page for the match alone: a blank pad's rows a little lower
# (still room to write by hand), a filled sheet's as low as printed figures need (a finished game's sheet also
# carries the QR code and its caption above the tables).
SIX_COLOURS_MM = 7
SIX_COLOURS_PRINTED_MM = 6.2


def sheet_variants(variants: Sequence[str]) -> str:
    """The Variants field: the names alone (its label says what they are: "Variants: variants: purple"), or the
    official rules."""
    return listed(variants) if variants else variant_text(())


def sheet_note() -> str:
    return _(SHEET_NOTE).format(cost=rules.EXPEDITION_COST, bonus=rules.BONUS, cards=rules.BONUS_MIN_CARDS)
