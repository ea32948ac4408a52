"""The statistics report (`scorepad stats --pdf FILE`) as plain data: pages, charts as series, every word translated.

No drawing here (reportlab lives in scorepad/sheets/: `sheets.render_report` draws what `build` makes): one page
per game, in the registry's order, each holding
- `table`: every player's sessions, wins, win rate, mean, best and worst (the figures of `stats`);
- `scores`: each player's totals over time, a line per player, the game's sessions in the order played, dates
  on the axis;
- `wins`: win rates as bars (a game of one player has none: a solo player always ranks first);
- `totals`: the distribution of every total scored, a histogram;
- `head_to_head`: won–lost–level of the player of each row against the player of each column.

Many sessions: a line of more than MAX_POINTS points is not thinned (thinning drops the games that stood out)
but aggregated: each point is the mean of a player's totals over a run of consecutive sessions, all runs of one
length, and the chart says so. Many players: the charts and tables keep the MOST_PLAYERS players with the most
sessions of the game (a line per player past eight colours is a tangle), and the page says how many it left
out; the figures of those kept still count every session.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorepad import history
from scorepad.games import SLUGS, by_slug
from scorepad.history import key
from scorepad.i18n import N_, NP_, _, plural, right_to_left
from scorepad.words import MINUS, number

MAX_POINTS = 50  # points per line at most: 2,000 sessions are 50 points of 40 sessions each (six lines of
# 100 points were a tangle at 70 dpi; means of runs of 40 show who is getting better)
MOST_PLAYERS = 8  # lines, table rows and bars: as many as the chart has clearly different colours and dashes
MOST_IN_MATRIX = 6  # head to head: a matrix of 6 × 6 cells fits the page's width with names as headings
BINS = 12  # bars of the histogram, about (the width is a round number)

# --- text for people ---------------------------------------------------------------------------------------
# TRANSLATORS: the title of the statistics report (a PDF), in its metadata and at the top of every page.
REPORT_TITLE = N_("scorepad statistics")
# TRANSLATORS: under a game's title in the statistics report; {sessions} is "12 sessions", {players} "3 players".
PAGE_LINE = N_("{sessions} · {players}")
SESSIONS = NP_("{n} session", "{n} sessions")
PLAYERS = NP_("{n} player", "{n} players")
# TRANSLATORS: the days a game's sessions were played, in the statistics report; {first} and {last} are dates.
PERIOD = N_("played from {first} to {last}")
# TRANSLATORS: what the report was asked for (stats --player NAME): only sessions {name} played.
ONLY_PLAYER = N_("sessions with {name}")
# TRANSLATORS: what the report was asked for (stats --since DATE): sessions on or after {date}.
ONLY_SINCE = N_("since {date}")
MORE_PLAYERS = NP_("The charts show the {shown} players with the most sessions; {n} other player is left out.",
                   "The charts show the {shown} players with the most sessions; {n} other players are left out.")
# Headings of the players' table (the figures of `scorepad stats`).
PLAYER = N_("Player")
# TRANSLATORS: a column of the statistics: how many sessions a player played.
SESSIONS_HEADING = N_("Sessions")
# TRANSLATORS: a column of the statistics: how many sessions a player won (ranked first, shared or not).
WINS_HEADING = N_("Wins")
WIN_RATE_HEADING = N_("Win rate")
# TRANSLATORS: a column of the statistics: a player's mean total.
MEAN_HEADING = N_("Mean")
# TRANSLATORS: a column of the statistics: a player's highest total.
BEST_HEADING = N_("Best")
# TRANSLATORS: a column of the statistics: a player's lowest total.
WORST_HEADING = N_("Worst")
# TRANSLATORS: a share of sessions as a percentage; {percent} is a whole number (58). Keep Western digits.
PERCENT = N_("{percent}%")
# TRANSLATORS: beside a win-rate bar: {wins} sessions won of {sessions} played.
WINS_OF = N_("{wins} of {sessions}")
# Chart titles and axes.
SCORES_TITLE = N_("Scores over time")
# TRANSLATORS: the horizontal axis of "Scores over time": the game's sessions in the order played, dated.
SESSION_AXIS = N_("Sessions, oldest first")
# TRANSLATORS: the vertical axis of "Scores over time", and the horizontal one of the histogram of totals.
TOTAL_AXIS = N_("Total")
MEAN_OF = NP_("Each point is a player's mean over {n} session in a row.",
              "Each point is a player's mean over {n} sessions in a row.")
WIN_RATES_TITLE = N_("Win rate")
TOTALS_TITLE = N_("Totals scored")
# TRANSLATORS: the vertical axis of the histogram of totals: how many totals fell in each range.
COUNT_AXIS = N_("How often")
HEAD_TO_HEAD_TITLE = N_("Head to head")
# TRANSLATORS: a cell of the head-to-head table: sessions the row's player ranked above, below and level with the
# column's. Keep the order (won, lost, level).
RECORD = N_("{won}–{lost}–{level}")
HEAD_TO_HEAD_NOTE = N_("Each cell: won–lost–level of the player of the row against the player of the column, "
                       "over the sessions both played.")
SOLO = N_("One player: no win rates and no head to head, only the scores.")


# --- the report ----------------------------------------------------------------------------------------------

def build(played: Sequence[Mapping[str, Any]], *, names: Mapping[str, str] | None = None,
          player: str | None = None, since: str | None = None) -> dict[str, Any]:
    """The report of `played` (finished sessions, oldest first, as scorepad.history.played gives them):
    {"title", "pages": [...]}, one page per game. `names`: key -> the name to show (default: the latest spelling
    in `played`; the CLI gives the whole history's). `player`, `since`: the filters the sessions were chosen by,
    printed under each title. With `player` the page still shows everyone who sat at those sessions: the charts
    of one line and one bar would say less than the terminal's row."""
    shown = dict(history.people(played)) if names is None else dict(names)
    stats = history.stats(played, names=shown, figures=False)  # (the games' own figures are the terminal's)
    asked = [text for text, value in ((ONLY_PLAYER, player), (ONLY_SINCE, since)) if value]
    who = shown.get(key(player), player.strip()) if player else player  # as the page writes the name
    filters = [_(text).format(name=who, date=iso(since) if since else since) for text in asked]
    by_game: dict[str, list[Mapping[str, Any]]] = {}
    for one in played:
        by_game.setdefault(one["game"], []).append(one)
    pages = [_page(by_slug(slug), by_game[slug], stats["games"][slug], filters, shown)
             for slug in SLUGS if slug in by_game]
    return {"title": _(REPORT_TITLE), "pages": pages}


def _page(game: Any, played: Sequence[Mapping[str, Any]], stats: Mapping[str, Any],
          filters: list[str], shown: Mapping[str, str]) -> dict[str, Any]:
    figure: Callable[[int], str] = game.figure or number
    rows = stats["players"]
    # Most sessions first, then most wins, then by name: the order of the table, the bars and the legend.
    order = sorted(rows, key=lambda n: (-rows[n]["sessions"], -rows[n]["wins"], key(n), n))
    kept = order[:MOST_PLAYERS]
    dates = [str(one["date"])[:10] for one in played if one.get("date")]
    lines = [_(PAGE_LINE).format(sessions=plural(SESSIONS, len(played)).format(n=len(played)),
                                 players=plural(PLAYERS, len(rows)).format(n=len(rows)))]
    if dates:
        lines.append(_(PERIOD).format(first=iso(min(dates)), last=iso(max(dates))))
    lines += filters
    notes = []
    if len(order) > len(kept):
        left = len(order) - len(kept)
        notes.append(plural(MORE_PLAYERS, left).format(shown=len(kept), n=left))
    solo = all(len(one["players"]) == 1 for one in played)  # (rows: one with --player in a game of two)
    if solo:
        notes.append(_(SOLO))
    page: dict[str, Any] = {
        "title": game.title, "heading": _(REPORT_TITLE), "lines": lines, "notes": notes,
        "table": _table(kept, rows, figure),
        "scores": _scores(played, [key(n) for n in kept], shown, figure),
        "wins": None if solo else _wins(kept, rows),
        "totals": _totals(played, figure),
        "head_to_head": None if solo else _matrix(kept[:MOST_IN_MATRIX], stats["head_to_head"]),
    }
    return page


def iso(date: str) -> str:
    """A date in a sentence. Right to left, a Persian or Arabic line would show 2026-11-29 as 29-11-2026 (in
    Arabic script the bidi algorithm makes its numbers Arabic numbers, and a hyphen between those does not join
    them): between left-to-right marks (LRM: sheets keep it, where an isolate is escaped as a control
    character), it reads as the dates on the charts."""
    return f"\u200e{date}\u200e" if right_to_left() else date


def percent(rate: float) -> str:
    return _(PERCENT).format(percent=round(rate * 100))


def decimal(value: float) -> str:
    """A mean as the statistics print it: at most two decimals, none when whole (41.5, 40, −3.25)."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return MINUS + text if value < 0 and text != "0" else text


def _table(kept: list[str], rows: Mapping[str, Any], figure: Callable[[int], str]) -> dict[str, Any]:
    def mean(value: float) -> str:
        return figure(round(value)) if figure is not number else decimal(value)

    return {"columns": [_(PLAYER), _(SESSIONS_HEADING), _(WINS_HEADING), _(WIN_RATE_HEADING), _(MEAN_HEADING),
                        _(BEST_HEADING), _(WORST_HEADING)],
            "rows": [[name, str(rows[name]["sessions"]), str(rows[name]["wins"]), percent(rows[name]["win_rate"]),
                      mean(rows[name]["mean"]), figure(rows[name]["best"]), figure(rows[name]["worst"])]
                     for name in kept]}


def nice_step(span: float, count: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `count` parts.

    >>> nice_step(100, 5), nice_step(7, 5), nice_step(0, 5), nice_step(988_000, 6)
    (20, 2, 1, 200000)
    """
    if span <= 0:
        return 1
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return int(step) if step >= 1 else step


def ticks(low: float, high: float, figure: Callable[[int], str], count: int = 5) -> dict[str, Any]:
    """An axis from `low` to `high` widened to round values: {"range": [a, b], "ticks": [[value, label], ...]}."""
    if high == low:  # one value (one session, or every total the same): not on the chart's frame
        low, high = low - 1, high + 1
    step = max(1, nice_step(high - low, count))
    start = math.floor(low / step) * step
    end = max(math.ceil(high / step) * step, start + step)
    values = list(range(int(start), int(end) + 1, int(step)))
    return {"range": [values[0], values[-1]], "ticks": [[v, figure(v)] for v in values]}


def _scores(played: Sequence[Mapping[str, Any]], keys: list[str], shown: Mapping[str, str],
            figure: Callable[[int], str]) -> dict[str, Any]:
    n = len(played)
    size = math.ceil(n / MAX_POINTS)  # sessions per point: 1 up to MAX_POINTS sessions
    series: dict[str, list[list[float]]] = {k: [] for k in keys}
    everything: list[int] = []
    for start in range(0, n, size):
        run = played[start:start + size]
        sums: dict[str, list[int]] = {}
        for one in run:
            for name in one["players"]:
                sums.setdefault(key(name), []).append(one["totals"][name])
        where = start + (len(run) - 1) / 2  # the middle of the run, in sessions from the first
        for k in keys:
            if k in sums:
                mean = sum(sums[k]) / len(sums[k])
                series[k].append([where, round(mean, 2)])
                everything.append(mean)
    axis = ticks(min(everything), max(everything), figure) if everything else ticks(0, 1, figure)
    # Dates under about six sessions, evenly spread, the first and the last among them.
    marks = sorted({round(i * (n - 1) / 5) for i in range(6)}) if n > 1 else [0]
    x_ticks = [[i, str(played[i].get("date") or "")[:10] or f"#{played[i]['id']}"] for i in marks]
    return {"title": _(SCORES_TITLE), "x_label": _(SESSION_AXIS), "y_label": _(TOTAL_AXIS),
            "x_range": [-0.5, n - 0.5],  # half a session either side: no point on the axis
            "x_ticks": x_ticks, "y_range": axis["range"], "y_ticks": axis["ticks"],
            "series": [{"name": shown[k], "points": series[k]} for k in keys],
            "note": plural(MEAN_OF, size).format(n=size) if size > 1 else ""}


def _wins(kept: list[str], rows: Mapping[str, Any]) -> dict[str, Any]:
    return {"title": _(WIN_RATES_TITLE), "ticks": [[v, percent(v / 100)] for v in (0, 25, 50, 75, 100)],
            "bars": [{"name": name, "value": rows[name]["win_rate"],
                      "label": f"{percent(rows[name]['win_rate'])} · "
                               + _(WINS_OF).format(wins=rows[name]["wins"], sessions=rows[name]["sessions"])}
                     for name in kept]}


def _totals(played: Sequence[Mapping[str, Any]], figure: Callable[[int], str]) -> dict[str, Any]:
    totals = [t for one in played for t in one["totals"].values()]
    low, high = min(totals), max(totals)
    width = max(1, nice_step(high - low + 1, BINS))
    start = math.floor(low / width) * width
    count = (high - start) // width + 1
    bins = [0] * int(count)
    for t in totals:
        bins[int((t - start) // width)] += 1
    edges = [int(start + k * width) for k in range(len(bins) + 1)]
    axis = ticks(0, max(bins), str, count=4)
    return {"title": _(TOTALS_TITLE), "x_label": _(TOTAL_AXIS), "y_label": _(COUNT_AXIS),
            "counts": bins, "edges": [[e, figure(e)] for e in edges],
            "y_range": axis["range"], "y_ticks": axis["ticks"]}


def _matrix(names: list[str], head_to_head: Mapping[str, Any]) -> dict[str, Any]:
    cells = []
    for a in names:
        row = []
        for b in names:
            record = head_to_head.get(a, {}).get(b) if a != b else None
            row.append(_(RECORD).format(**record) if record else "")
        cells.append(row)
    return {"title": _(HEAD_TO_HEAD_TITLE), "names": names, "cells": cells, "note": _(HEAD_TO_HEAD_NOTE)}
