"""What `stats` keeps of a finished Next Station: London game (Game.facts) and makes of them (Game.figures): the
means of each player's lines and parts, and the solo ratings over time."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from calculators import next_station_london as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.figures import PLAYER, SESSIONS, Figures, Played, ratio, sums_of
from scorepad.games.next_station_london.words import (DATE, DISTRICTS, LINES, MEAN_LINE, RATING, SCORE, SOLO,
                                                      SOLO_LATEST, SOLO_SHOWN, STATIONS, THAMES, UNKNOWN_DATE,
                                                      part_label)
from scorepad.grid import grid
from scorepad.i18n import _
from scorepad.words import decimal

LINE_FIGURES = ("districts", "stations", "thames", "tourist", "score")  # of calculators' Line, in facts' order


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: one flat list per player (a history of 10,000 games is read at once): the points of each
    part in the order of `parts` (the calculator's keys), then each line, round by round, as `line` orders its
    figures (districts, stations, Thames crossings, tourist sites, the line's points); and, alone at the table,
    the solo rating (`rating`: player -> rated score)."""
    parts = list(rules.PART_LABELS)
    players: dict[str, list[int]] = {}
    rating: dict[str, int] = {}
    for standing in result.standings:
        found = [standing.parts.get(part, 0) for part in parts]
        for line in result.detail[standing.player].lines:
            found.extend(getattr(line, name) for name in LINE_FIGURES)
        players[standing.player] = found
        if "rating" in standing.extra:
            rating[standing.player] = standing.extra["rating"]
    return {"parts": parts, "line": list(LINE_FIGURES), "players": players, **({"rating": rating} if rating else {})}


def add(figures: dict[str, Any], session: Played, facts: Mapping[str, Any]) -> None:
    parts, line = facts["parts"], facts["line"]
    for name, values in facts["players"].items():
        mine = sums_of(figures, name, lambda: {"sessions": 0, "lines": 0, "parts": {}, "line": {}, "solo": []})
        mine["sessions"] += 1
        for part, points in zip(parts, values):
            mine["parts"][part] = mine["parts"].get(part, 0) + points
        drawn = values[len(parts):]
        if line:
            mine["lines"] += len(drawn) // len(line)
            for n, value in enumerate(drawn):
                field = line[n % len(line)]
                mine["line"][field] = mine["line"].get(field, 0) + value
        rating = facts.get("rating", {}).get(name)
        if rating is not None:
            mine["solo"].append([session["date"] or "", session["id"], session["totals"][name], rating,
                                 session["date"]])


def merge(into: dict[str, Any], other: Mapping[str, Any]) -> None:
    for k, figure in other.items():
        mine = into.setdefault(k, {"sessions": 0, "lines": 0, "parts": {}, "line": {}, "solo": []})
        mine["sessions"] += figure["sessions"]
        mine["lines"] += figure["lines"]
        for name in ("parts", "line"):
            for field, total in figure[name].items():
                mine[name][field] = mine[name].get(field, 0) + total
        mine["solo"] += figure["solo"]


def finish(figures: Mapping[str, Any], keys: Iterable[str], shown: Callable[[str], str]) -> dict[str, Any]:
    """`players`: name -> {"sessions", "lines": lines drawn, "line": mean points of a line, "districts",
    "stations", "thames", "tourist": means per line, "parts": the mean of each part per game (the calculator's
    keys: "lines", "tourist", "interchanges", "objectives")}; `solo`: [{"id", "date", "player", "total",
    "rating"}] oldest first (the solo ratings over time)."""
    players, solo = {}, []
    for k in keys:
        f = figures.get(k)
        if f is None:
            continue
        players[shown(k)] = {"sessions": f["sessions"], "lines": f["lines"],
                             "line": ratio(f["line"].get("score", 0), f["lines"]),
                             **{field: ratio(f["line"].get(field, 0), f["lines"]) for field in LINE_FIGURES[:-1]},
                             "parts": {part: ratio(points, f["sessions"]) for part, points in f["parts"].items()}}
        solo += [(entry, shown(k)) for entry in f["solo"]]
    solo.sort(key=lambda item: (item[0][0], item[0][1]))
    return {"players": players, "solo": [{"id": entry[1], "date": entry[4], "player": name, "total": entry[2],
                                          "rating": entry[3]} for entry, name in solo]}


def text(figures: Mapping[str, Any]) -> str:
    players = figures.get("players")
    if not players:
        return ""
    parts = list(dict.fromkeys(part for row in players.values() for part in row["parts"]))

    def label(part: str) -> str:
        named = part_label(part)
        return named[:1].upper() + named[1:]  # a column heading ("tourist" in a sentence)

    rows = [[name, row["sessions"], decimal(row["line"]), decimal(row["districts"]), decimal(row["stations"]),
             decimal(row["thames"]), *(decimal(row["parts"].get(part)) for part in parts)]
            for name, row in players.items()]
    headers = [_(PLAYER), _(SESSIONS), _(MEAN_LINE), _(DISTRICTS), _(STATIONS), _(THAMES), *map(label, parts)]
    lines = [_(LINES), grid(headers, rows)]
    solo = figures.get("solo") or []
    if solo:
        shown = solo[-SOLO_SHOWN:]
        rows = [[(entry["date"] or _(UNKNOWN_DATE))[:10], entry["player"], entry["total"], entry["rating"]]
                for entry in shown]
        lines += ["", _(SOLO), grid([_(DATE), _(PLAYER), _(SCORE), _(RATING)], rows)]
        if len(shown) < len(solo):
            lines.append(_(SOLO_LATEST).format(shown=len(shown), count=len(solo)))
    return "\n".join(lines)


FIGURES = Figures(add=add, merge=merge, finish=finish, text=text)
