"""The data Next Station: London fills templates/next-station-london.toml with: each player's lines, the end of
the game's reckoning and the tourist track, under the rules' notes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import next_station_london as rules
from calculators.core import InvalidInput, Phrase, Result, say
from scorepad.games.next_station_london.report import rating_text
from scorepad.games.next_station_london.words import (END_INTERCHANGES, END_LINES, END_OBJECTIVES,
                                                      END_OBJECTIVES_CARDS, END_TOTAL, as_typed,
                                                      END_TOURIST, LINE_ROWS, NOTES_LINE, PAD_ROUNDS, POINTS_ROW,
                                                      RATING_ROW, SHEET_END_NOTE, SHEET_INTERCHANGE_NOTE,
                                                      SHEET_LINE_NOTE, SHEET_RATING, SHEET_SOLO_NOTE,
                                                      SHEET_TOURIST_NOTE, band_text)
from scorepad.grid import names_text
from scorepad.i18n import _
from scorepad.words import listed, variants_text


def end_rows(solo: bool) -> list[str]:
    """The rows of the end-of-game reckoning, in the chosen language."""
    rows = [_(END_LINES), _(END_TOURIST),
            *[_(END_INTERCHANGES).format(lines=k, points=v) for k, v in rules.INTERCHANGE_POINTS.items()],
            _(END_OBJECTIVES).format(points=rules.OBJECTIVE_POINTS), _(END_TOTAL)]
    return rows + ([_(RATING_ROW).format(penalty=rules.SOLO_MODULE_PENALTY)] if solo else [])


def sheet(result: Result | None = None, *, players: Sequence[str] = ("",), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/next-station-london.toml: filled from a scored table, or a blank pad; every text in the
    chosen language."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.standings[0].rounds)
    elif rounds not in rules.ROUNDS:  # a pad of 7 rounds drew 7 columns for a 4-round game
        raise InvalidInput(_(PAD_ROUNDS).format(rounds=rounds, low=rules.ROUNDS[0], high=rules.ROUNDS[-1]),
                           field="rounds")
    by = {s.player: s for s in result.standings} if result else {}
    shown = [(k, _(label).format(points=rules.THAMES_POINTS)) for k, label in LINE_ROWS
             if k != "sections" or r.additive_lines]
    total_row = len(end_rows(False)) - 1
    line_grids, end_grids, track_rows = [], [], []
    for player in players:
        summary: rules.Summary | None = result.detail[player] if result else None
        rows = []
        for key, label in shown:
            row: dict[str, Any] = {"label": label}
            if summary:
                for n, line in enumerate(summary.lines, start=1):
                    value = getattr(line, key)
                    row[f"r{n}"] = rules.THAMES_POINTS * value if key == "thames" else value
            rows.append(row)
        instance: dict[str, Any] = {"vars": {"player": player}, "rows": rows}
        if summary:
            instance["total"] = {f"r{n}": line.score for n, line in enumerate(summary.lines, start=1)}
        line_grids.append(instance)
        end = [{"label": label} for label in end_rows(len(players) == 1)]
        if summary and not r.interchanges_score:
            for row in end[2:5]:
                row["count"] = "—"
        if summary:
            s = by[player]
            counts = summary.interchange_counts
            values = [("", s.parts["lines"]), (summary.crossed, s.parts["tourist"])]
            values += [(counts.get(k, 0), rules.INTERCHANGE_POINTS[k] * counts.get(k, 0) if r.interchanges_score else 0)
                       for k in rules.INTERCHANGE_POINTS]
            values += [(summary.objectives_done, s.parts["objectives"]), ("", s.total)]
            if "rating" in s.extra:
                values.append(((s.total - s.extra["rating"]) // rules.SOLO_MODULE_PENALTY, s.extra["rating"]))
            for row, (count, points) in zip(end, values):
                row.setdefault("count", count)
                row["points"] = points
            if summary.objective_cards:  # which cards, beside how many (a file of an older scorepad has a count)
                end[total_row - 1]["label"] = _(END_OBJECTIVES_CARDS).format(
                    points=rules.OBJECTIVE_POINTS, cards=", ".join(map(as_typed, summary.objective_cards)))
            end[total_row]["mark"] = s.rank == 1 and len(players) > 1  # solo has a rating, not a winner
        end_grids.append({"vars": {"player": player}, "rows": end})
        track = {"label": player}
        if summary:
            track.update({f"c{n}": "X" for n in range(1, summary.crossed + 1)})
            track["points"] = summary.tourist
        track_rows.append(track)
    points_row = {"label": _(POINTS_ROW),
                  **{f"c{n}": rules.TOURIST_TRACK[n] for n in range(1, rules.TOURIST_CAP + 1)}}
    fields: dict[str, Any] = {}
    chosen = result.variants if result else variants
    variant_text = variants_text(chosen) if result or chosen else ""
    if result is not None:
        fields = {"players": listed(players), "date": date, "variants": variant_text,
                  "winner": names_text(result.winners) if len(players) > 1 else "",
                  "tiebreak": " ".join(say(line) if isinstance(line, Phrase) else line for line in result.tiebreaks)}
    elif variants:
        fields = {"variants": variant_text}
    data: dict[str, Any] = {"rounds": rounds, "fields": fields,
                            "grids": {"lines": line_grids, "end": end_grids,
                                      "track": [{"vars": {}, "rows": [points_row, *track_rows]}]},
                            "notes": sheet_notes(r, solo=len(players) == 1)}
    if result is not None and len(result.standings) == 1 and "rating" in result.standings[0].extra:
        data["notes"] = [rating_text(result.standings[0], SHEET_RATING), *data["notes"]]
    return data


def sheet_notes(r: rules.Rules, solo: bool) -> list[str]:
    """The rules' reminder under the sheet's title, for these variants (and the solo bands)."""
    interchanges = {f"p{k}": v for k, v in rules.INTERCHANGE_POINTS.items()}
    line = _(SHEET_LINE_NOTE[r.additive_lines]).format(points=rules.THAMES_POINTS)
    tourist = _(SHEET_TOURIST_NOTE).format(cap=rules.TOURIST_CAP, most=rules.TOURIST_TRACK[rules.TOURIST_CAP])
    inter = _(SHEET_INTERCHANGE_NOTE[r.interchanges_score]).format(**interchanges)
    end = _(SHEET_END_NOTE).format(points=rules.OBJECTIVE_POINTS)
    notes = [_(NOTES_LINE).format(first=line, second=tourist), _(NOTES_LINE).format(first=inter, second=end)]
    if solo:
        bands = " · ".join(band_text(band) for band in rules.SOLO_BANDS)
        notes.append(_(SHEET_SOLO_NOTE).format(penalty=rules.SOLO_MODULE_PENALTY, bands=bands))
    return notes
