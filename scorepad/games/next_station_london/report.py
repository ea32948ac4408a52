"""What Next Station: London shows of a game: each line's reckoning, the lines so far, the breakdown and the solo
rating under the standings, and `show`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from calculators import next_station_london as rules
from calculators.core import Result
from scorepad.games.base import Session
from scorepad.games.next_station_london.guide import setup_text
from scorepad.games.next_station_london.notation import show_completed
from scorepad.games.next_station_london.seats import pencils, pencils_known
from scorepad.games.next_station_london.words import (CROSSED, FIRST_CONTROLLER, LINE_RESULT, LINE_RESULT_COLOUR,
                                                      NOTHING_YET, OBJECTIVES_DONE, OBJECTIVES_DONE_LINE, PART_NAMES,
                                                      PLAYER_HEADING, ROUND_COLUMN, ROUND_REPORT, ROUNDS_HEADING, SO_FAR_COLUMN, SOLO_MINUS,
                                                      SOLO_NO_MODULES, SOLO_RATING, TOURIST_COLUMN, band_text,
                                                      colour_name)
from scorepad.grid import _parts, cell, grid, standings_text
from scorepad.i18n import _, plural


def entered_line(session: Session, r: rules.Rules, number: int, player: str) -> rules.Line | None:
    inputs = {name: session.get("rounds", number, player, name) for name in r.line_fields}
    return None if None in inputs.values() else rules.make_line(inputs, r)


def line_formula(line: rules.Line, r: rules.Rules) -> str:
    thames = f"{rules.THAMES_POINTS} × {line.thames}"
    if r.additive_lines:
        return f"{line.sections} + {line.districts} + {line.stations} + {thames} = {line.score}"
    return f"{line.districts} × {line.stations} + {thames} = {line.score}"


def line_result(session: Session, r: rules.Rules, number: int, player: str) -> str:
    line = entered_line(session, r, number, player)
    if line is None:
        return ""
    passes = sum(session.get("rounds", n, player, "tourist", default=0) for n in range(number + 1))
    crossed, points = rules.tourist_points(passes)
    values = {"player": player, "formula": line_formula(line, r), "crossed": crossed, "points": points}
    if not pencils_known(session):
        return _(LINE_RESULT).format(**values)
    colour = colour_name(pencils(session, number)[session.players.index(player)])
    return _(LINE_RESULT_COLOUR).format(colour=colour, **values)


def interchange_formula(counts: dict[str, int]) -> str:
    terms = " + ".join(f"{counts.get(k, 0)} × {v}" for k, v in rules.INTERCHANGE_POINTS.items())
    return f"{terms} = {rules.interchange_points(counts)}"


# --- scores ------------------------------------------------------------------------------------------

def summary_text(session: Session) -> str:
    """Each round's line per player, the tourist track and the running total (interchanges come at the end)."""
    r = rules.rules_for(session.variants)
    rows = []
    for player in session.players:
        lines = [entered_line(session, r, n, player) for n in range(session.rounds_planned)]
        done = [line for line in lines if line is not None]
        crossed, points = rules.tourist_points(sum(line.tourist for line in done))
        rows.append([player, *[line.score if line else "" for line in lines],
                     _(CROSSED).format(crossed=crossed, points=points), sum(line.score for line in done) + points])
    if not any(any(cell != "" for cell in row[1:-2]) for row in rows):
        return _(NOTHING_YET)
    headers = [_(PLAYER_HEADING), *[_(ROUND_COLUMN).format(number=n) for n in range(1, session.rounds_planned + 1)],
               _(TOURIST_COLUMN), _(SO_FAR_COLUMN)]
    return _(ROUNDS_HEADING) + "\n" + grid(headers, rows)


def breakdown(result: Result) -> str:
    """The breakdown under the standings: each part of the score (lines, tourist track…), worded."""
    worded = replace(result, standings=tuple(
        replace(s, parts={PART_NAMES[k]() if k in PART_NAMES else k: v for k, v in s.parts.items()})
        for s in result.standings))
    return _parts(worded, cell)


def result_notes(result: Result) -> list[str]:
    """Under the standings of a solo game: its rating and band, from the standing's `rating` (NSL-RB)."""
    if len(result.standings) != 1 or "rating" not in result.standings[0].extra:
        return []
    return [rating_text(result.standings[0])]


def rating_text(standing: Any, text: str = SOLO_RATING) -> str:
    rated = standing.extra["rating"]
    penalty = standing.total - rated  # 10 for each module in the table's `modules`
    used = penalty // rules.SOLO_MODULE_PENALTY
    reckoning = plural(SOLO_MINUS, used).format(total=standing.total, penalty=penalty, used=used, rated=rated) \
        if used else _(SOLO_NO_MODULES).format(total=standing.total)
    return _(text).format(reckoning=reckoning, band=band_text(rules.solo_band(rated)))


def objectives_text(session: Session) -> str:
    """The shared objective cards each player completed, once any is recorded."""
    lines = [_(OBJECTIVES_DONE_LINE).format(player=player, cards=show_completed(done),
                                            points=rules.OBJECTIVE_POINTS * rules.completed(done))
             for player in session.players
             for done in [session.get("final", player, "objectives")] if done is not None]
    return "\n".join([_(OBJECTIVES_DONE), *lines]) if lines else ""


def report(session: Session) -> str:
    """Everything recorded so far: setup, each line with its formula, then the standings once finished."""
    r = rules.rules_for(session.variants)
    parts = [setup_text(session)] if pencils_known(session) else []
    if session.get("setup", "controller"):
        parts.append(_(FIRST_CONTROLLER).format(controller=session.get("setup", "controller")))
    for number in range(session.rounds_planned):
        entered = [text for text in (line_result(session, r, number, p) for p in session.players) if text]
        if entered:
            parts.append(_(ROUND_REPORT).format(number=number + 1) + "\n" + "\n".join(entered))
    parts.append(summary_text(session))
    done = objectives_text(session)
    if done:
        parts.append(done)
    if session.finished and session.complete_rounds():
        parts.append(standings_text(session.score(session.complete_rounds()), session.game))
    return "\n\n".join(parts)
