"""`scorepad stats` on the terminal: history.stats() as readable tables, one section per game (its players, head
to head, records and the game's own figures), every word through the catalogues and every name as written."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.games import by_slug
from scorepad.games.figures import MEAN, PLAYER, SESSIONS
from scorepad.grid import grid, safe
from scorepad.i18n import N_, NP_, _, plural
from scorepad.words import decimal, names_text, number, percent

# TRANSLATORS: the heading of one game's section of `scorepad stats`: its title and how many finished sessions.
GAME_HEADING = NP_("{title} — {n} session", "{title} — {n} sessions")
WINS = N_("Wins")
# TRANSLATORS: a column of `stats`: wins / sessions, as a percentage.
WIN_RATE = N_("Win rate")
# TRANSLATORS: a column of `stats`: a player's highest total.
BEST = N_("Best")
# TRANSLATORS: a column of `stats`: a player's lowest total.
WORST = N_("Worst")
HEAD_TO_HEAD = N_("Head to head:")
# TRANSLATORS: one pair's record: {a} and {b} are names; {won} is how often {a} ranked above {b}, {lost} below.
PAIR = N_("{a}–{b} {won}–{lost}")
# TRANSLATORS: as the line above, with {level}: how often they ranked level ("Ana–Ben 7–4, 1 level").
PAIR_LEVEL = NP_("{a}–{b} {won}–{lost}, {level} level", "{a}–{b} {won}–{lost}, {level} level")
RECORDS = N_("Records:")
# TRANSLATORS: {where} is SESSION_AT or SESSION_ONLY below, e.g. "session 3, 2026-11-29"; {name} may be several
# names ("Ana and Ben"), level on it in that session.
HIGHEST = N_("Highest score: {name}, {total} ({where})")
# TRANSLATORS: the highest score, reached in several sessions: {holders} is HOLDER for each, joined by "; ".
HIGHEST_MANY = N_("Highest score: {total}, by {holders}")
# TRANSLATORS: who reached the highest score in one session: "Ana (session 3, 2026-11-29)".
HOLDER = N_("{name} ({where})")
HOLDERS_JOIN = N_("; ")
# TRANSLATORS: the winner's total − the second's; {margin} is a number of points (or dollars).
MARGIN = N_("Biggest winning margin: {name}, by {margin} ({where})")
# TRANSLATORS: {n} consecutive sessions of the game the player played and won; {where}: SESSIONS_FROM_TO or
# SESSION_ONLY.
STREAK = NP_("Longest winning streak: {name}, {n} win in a row ({where})",
             "Longest winning streak: {name}, {n} wins in a row ({where})")
# TRANSLATORS: the longest winning streak, held by players level on it in different sessions: {holders} is HOLDER
# for each, joined by "; ".
STREAK_MANY = NP_("Longest winning streak: {n} win in a row, by {holders}",
                  "Longest winning streak: {n} wins in a row, by {holders}")
SESSION_AT = N_("session {id}, {date}")
SESSION_ONLY = N_("session {id}")
# TRANSLATORS: {first} and {last} are session ids (in the order played, not by number: 12 may come before 7).
SESSIONS_FROM_TO = N_("from session {first} to session {last}")
NOTHING_YET = N_("No finished games yet. Play one: scorepad play GAME --players NAME NAME")
NO_MATCH = N_("No finished game matches.")


def text(result: Mapping[str, Any]) -> str:
    """Every game's section (result: history.stats())."""
    sections = []
    for slug, game_stats in result["games"].items():
        game = by_slug(slug)
        sections.append(_section(game, game_stats, result["records"].get(slug, {}),
                                 result["figures"].get(slug, {})))
    return "\n\n".join(sections)


def _section(game: Any, stats: Mapping[str, Any], records: Mapping[str, Any], figures: Mapping[str, Any]) -> str:
    f = game.figure or number  # Chinatown's totals are dollars
    heading = plural(GAME_HEADING, stats["sessions"]).format(title=game.title, n=stats["sessions"])
    rows = [[name, row["sessions"], row["wins"], percent(row["win_rate"]),
             _mean(row["mean"], game.figure), f(row["best"]), f(row["worst"])]
            for name, row in stats["players"].items()]
    lines = [heading, grid([_(h) for h in (PLAYER, SESSIONS, WINS, WIN_RATE, MEAN, BEST, WORST)], rows)]
    pairs = _pairs(stats["head_to_head"])
    if pairs:
        lines += ["", _(HEAD_TO_HEAD), *("  " + pair for pair in pairs)]
    told = _records(records, f)
    if told:
        lines += ["", _(RECORDS), *("  " + line for line in told)]
    own = _figures(game, figures)
    if own:
        lines += ["", own]
    return "\n".join(lines)


def _mean(value: float | None, figure: Callable[[int], str] | None) -> str:
    if figure is not None and value is not None:
        return figure(round(value))  # money: whole dollars
    return decimal(value)


def _pairs(head_to_head: Mapping[str, Mapping[str, Mapping[str, int]]]) -> list[str]:
    """Each pair once, in the order of the table above (the first named is the one placed higher)."""
    seen: set[frozenset[str]] = set()
    lines = []
    for a, against in head_to_head.items():
        for b, record in against.items():
            if frozenset((a, b)) in seen:
                continue
            seen.add(frozenset((a, b)))
            values = {"a": safe(a), "b": safe(b), "won": record["won"], "lost": record["lost"]}
            if record["level"]:
                lines.append(plural(PAIR_LEVEL, record["level"]).format(level=record["level"], **values))
            else:
                lines.append(_(PAIR).format(**values))
    return lines


def _where(session_id: int, date: str | None) -> str:
    if date:
        return _(SESSION_AT).format(id=session_id, date=date[:10])
    return _(SESSION_ONLY).format(id=session_id)


def _records(records: Mapping[str, Any], f: Callable[[int], str]) -> list[str]:
    lines = []
    if records.get("highest"):
        found = records["highest"]
        sessions: dict[int, list[Mapping[str, Any]]] = {}
        for holder in found["holders"]:  # oldest first: those of one session together
            sessions.setdefault(holder["id"], []).append(holder)
        groups = [(names_text([safe(h["player"]) for h in held]), _where(held[0]["id"], held[0]["date"]))
                  for held in sessions.values()]
        if len(groups) == 1:
            lines.append(_(HIGHEST).format(name=groups[0][0], total=f(found["total"]), where=groups[0][1]))
        else:
            holders = _(HOLDERS_JOIN).join(_(HOLDER).format(name=name, where=where) for name, where in groups)
            lines.append(_(HIGHEST_MANY).format(total=f(found["total"]), holders=holders))
    if records.get("margin"):
        found = records["margin"]
        lines.append(_(MARGIN).format(name=safe(found["player"]), margin=f(found["margin"]),
                                      where=_where(found["id"], found["date"])))
    if records.get("streak"):
        found = records["streak"]
        runs: dict[tuple[int, int], list[str]] = {}  # the holders of one run of sessions together
        for holder in found["holders"]:
            runs.setdefault((holder["first"], holder["last"]), []).append(safe(holder["player"]))
        groups = [(names_text(names), _(SESSION_ONLY).format(id=first) if first == last
                   else _(SESSIONS_FROM_TO).format(first=first, last=last)) for (first, last), names in runs.items()]
        if len(groups) == 1:
            lines.append(plural(STREAK, found["length"]).format(name=groups[0][0], n=found["length"],
                                                                where=groups[0][1]))
        else:
            holders = _(HOLDERS_JOIN).join(_(HOLDER).format(name=name, where=where) for name, where in groups)
            lines.append(plural(STREAK_MANY, found["length"]).format(n=found["length"], holders=holders))
    return lines


def _figures(game: Any, figures: Mapping[str, Any]) -> str:
    """The game's own figures (Game.figures), as it prints them."""
    return game.figures.text(figures) if game.figures is not None and figures else ""
