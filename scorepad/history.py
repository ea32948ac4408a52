"""The history of finished games, for `stats` (and the report, the exports and `players`): data, never text.

- `played(store, game=, player=, since=)`: the finished sessions, oldest first, each a Played dict
  `{"id", "game", "date", "players", "totals", "ranks", "winners", "facts"}` read from the store's index of
  summaries (scorepad/summary.py) and its facts files: no session file is opened, no game module imported.
- `people(played)`: every person, key -> the name shown. A player is the same player across sessions when the
  names match after strip() + casefold() (spec, "History and exports"); the name shown is the spelling of the
  most recent session (the summaries' order: date, then id).
- `stats(played)`: the spec's `stats --json` object under its own keys ("sessions", "games"; `as_json` gives exactly
  that) and, under other keys, what the terminal and the PDF show besides: `names`, `records`, `figures`.

Only finished sessions count. Totals are as the games count them (Chinatown: dollars).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Played = dict[str, Any]

JSON_KEYS = ("sessions", "games")  # the spec's object: everything else stats() returns stays out of --json
GAME_JSON_KEYS = ("sessions", "players", "head_to_head")


def key(name: Any) -> str:
    """Who a name is: the same person for `Ana`, `ana` and ` Ana ` (spec: trimmed, case-folded)."""
    return str(name).strip().casefold()


def _day(date: Any) -> str | None:
    return date[:10] if isinstance(date, str) and len(date) >= 10 else None


def played(store: Any, *, game: str | None = None, player: str | None = None,
           since: str | None = None) -> list[Played]:
    """The finished sessions, oldest first (by date, then id; a session of unknown date before every dated one),
    chosen as `select` chooses. A session whose summary could not be made (damaged) is left out."""
    from scorepad.summary import order

    chosen: list[tuple[int, dict]] = []
    for doc_id, summary in store.summaries().items():
        totals, ranks = summary.get("totals"), summary.get("ranks")
        if (summary.get("status") == "finished" and not summary.get("damaged") and isinstance(totals, dict)
                and totals and isinstance(ranks, dict)):
            chosen.append((doc_id, summary))
    chosen.sort(key=lambda item: order(*item))
    facts = store.facts(dict(chosen)) if chosen else {}
    return select([_played(doc_id, summary, facts.get(doc_id)) for doc_id, summary in chosen],
                  game=game, player=player, since=since)


def select(played_list: Iterable[Played], *, game: str | None = None, player: str | None = None,
           since: str | None = None) -> list[Played]:
    """The sessions of one game (a slug), of one player (matched as `key` matches), from one day on (`since`:
    `YYYY-MM-DD`, compared with the day a session was played; a session of unknown date is left out)."""
    wanted = key(player) if player is not None else None
    return [session for session in played_list
            if (game is None or session["game"] == game)
            and (since is None or (_day(session["date"]) is not None and _day(session["date"]) >= since))
            and (wanted is None or wanted in (key(name) for name in session["players"]))]


def _played(doc_id: int, summary: dict, facts: dict | None) -> Played:
    totals = summary["totals"]
    # The names as the standings give them (trimmed): the keys of totals and ranks, in the table's order.
    shown = {key(name): name for name in totals}
    players = [shown.get(key(name), str(name).strip()) for name in summary.get("players", [])]
    players = [name for name in players if name in totals] or list(totals)
    return {"id": doc_id, "game": summary.get("game"), "date": summary.get("date"), "players": players,
            "totals": dict(totals), "ranks": dict(summary["ranks"]),
            "winners": [name for name in players if summary["ranks"].get(name) == 1], "facts": facts or {}}


def people(played_list: Iterable[Played]) -> dict[str, str]:
    """Every person of these sessions: key -> the name as written in the most recent of them (they come oldest
    first, as `played` gives them)."""
    found: dict[str, str] = {}
    for session in played_list:
        for name in session["players"]:
            found.pop(key(name), None)  # re-inserted: the dict keeps the order people last played in
            found[key(name)] = name
    return found


def as_json(result: Mapping[str, Any]) -> dict[str, Any]:
    """`stats --json`: exactly the spec's object (table-format.md, "History and exports")."""
    return {"sessions": result["sessions"],
            "games": {slug: {k: game[k] for k in GAME_JSON_KEYS} for slug, game in result["games"].items()}}


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def stats(played_list: Sequence[Played], *, names: Mapping[str, str] | None = None,
          player: str | None = None) -> dict[str, Any]:
    """Statistics of these sessions (as `played` gives them), per game in the registry's order.

    `names`: key -> the name to show (default: `people(played_list)`; the CLI gives the whole history's, so a
    filtered view shows everyone as they last wrote their name anywhere). `player`: the rows, head-to-head,
    records and figures are that person's alone (the sessions are the ones given: `played(player=…)`).

    Returned: the spec's "sessions" and "games" (per game "sessions", "players": shown name -> sessions, wins,
    win_rate, mean, best, worst; "head_to_head": A -> B -> won, lost, level), and for the screens `names`,
    `records` (per game: `highest`, `margin`, `streak`, each {"player", ...} or None) and `figures` (per game,
    from the games' facts: see `_figures`).
    """
    from scorepad.games import SLUGS

    names = dict(people(played_list)) if names is None else dict(names)
    only = key(player) if player is not None else None

    def shown(name: str) -> str:
        return names.get(key(name), name)

    by_game: dict[str, list[Played]] = {}
    for session in played_list:
        by_game.setdefault(session["game"], []).append(session)
    slugs = [slug for slug in SLUGS if slug in by_game] + sorted(slug for slug in by_game if slug not in SLUGS)
    games: dict[str, Any] = {}
    records: dict[str, Any] = {}
    figures: dict[str, Any] = {}
    for slug in slugs:
        sessions = by_game[slug]
        rows = _players(sessions, only)
        order = sorted(rows, key=lambda k: (-rows[k]["wins"], -rows[k]["win_rate"], -(rows[k]["mean"] or 0),
                                            shown(k).casefold()))
        games[slug] = {"sessions": len(sessions),
                       "players": {shown(k): rows[k] for k in order},
                       "head_to_head": {shown(a): {shown(b): record for b, record in against.items()}
                                        for a, against in _head_to_head(sessions, order, only).items()}}
        records[slug] = {name: (None if found is None else {**found, "player": shown(found["player"])})
                         for name, found in _records(sessions, only).items()}
        figures[slug] = _figures(slug, sessions, only, shown)
    return {"sessions": len(played_list), "games": games, "names": names, "records": records, "figures": figures}


def _players(sessions: Sequence[Played], only: str | None) -> dict[str, dict[str, Any]]:
    totals: dict[str, list[int]] = {}
    wins: dict[str, int] = {}
    for session in sessions:
        for name in session["players"]:
            k = key(name)
            if only is not None and k != only:
                continue
            totals.setdefault(k, []).append(session["totals"][name])
            wins[k] = wins.get(k, 0) + (session["ranks"][name] == 1)
    return {k: {"sessions": len(scores), "wins": wins[k], "win_rate": round(wins[k] / len(scores), 4),
                "mean": _mean(scores), "best": max(scores), "worst": min(scores)} for k, scores in totals.items()}


def _head_to_head(sessions: Sequence[Played], order: Sequence[str],
                  only: str | None) -> dict[str, dict[str, dict[str, int]]]:
    """A -> B -> how often A ranked above B, below B, or level, over the sessions both played."""
    found: dict[str, dict[str, dict[str, int]]] = {}
    for session in sessions:
        ranks = {key(name): session["ranks"][name] for name in session["players"]}
        for a, rank_a in ranks.items():
            if only is not None and a != only:
                continue
            for b, rank_b in ranks.items():
                if a == b:
                    continue
                record = found.setdefault(a, {}).setdefault(b, {"won": 0, "lost": 0, "level": 0})
                record["won" if rank_a < rank_b else "lost" if rank_a > rank_b else "level"] += 1
    place = {k: n for n, k in enumerate(order)}
    ahead = sorted(found, key=lambda k: place.get(k, len(place)))
    return {a: dict(sorted(found[a].items(), key=lambda item: place.get(item[0], len(place)))) for a in ahead}


def _records(sessions: Sequence[Played], only: str | None) -> dict[str, dict[str, Any] | None]:
    """The highest score, the biggest winning margin (the winner's total − the next best; a game won alone, by
    two or more players) and the longest winning streak (consecutive sessions of the game the player played and
    won, a shared win too). A record once set is kept by whoever set it first."""
    highest = margin = None
    streaks: dict[str, dict[str, Any]] = {}
    streak = None
    for session in sessions:
        ranks, totals = session["ranks"], session["totals"]
        for name in session["players"]:
            if only is not None and key(name) != only:
                continue
            if highest is None or totals[name] > highest["total"]:
                highest = {"player": name, "total": totals[name], "id": session["id"], "date": session["date"]}
            k = key(name)
            if ranks[name] == 1:
                run = streaks.get(k)
                run = {"player": name, "length": 1, "first": session["id"], "last": session["id"]} \
                    if run is None else {**run, "player": name, "length": run["length"] + 1, "last": session["id"]}
                streaks[k] = run
                if streak is None or run["length"] > streak["length"]:
                    streak = run
            else:
                streaks.pop(k, None)
        winners = session["winners"]
        if len(winners) == 1 and len(session["players"]) > 1 and (only is None or key(winners[0]) == only):
            won = totals[winners[0]] - max(totals[name] for name in session["players"] if name != winners[0])
            if won > 0 and (margin is None or won > margin["margin"]):  # 0: a tie-break decided it
                margin = {"player": winners[0], "margin": won, "total": totals[winners[0]], "id": session["id"],
                          "date": session["date"]}
    return {"highest": highest, "margin": margin, "streak": streak}


# --- the games' own figures, from their facts (Game.facts in scorepad/games/*.py) ---------------------------

def _figures(slug: str, sessions: Sequence[Played], only: str | None, shown: Any) -> dict[str, Any]:
    """Per game, what its players care about (issue 12), aggregated over the sessions that carry facts:

    - lost-cities: `colours`: colour -> {"chances": expeditions that could be started (player × game), "started",
      "mean": mean points of a started one, "wagers": {"0".."3": {"count", "mean"}}} (what wagers returned);
    - next-station-london: `players`: name -> {"sessions", "line": mean points of a line, and the mean of each
      part ("lines", "tourist", "interchanges", "objectives")}; `solo`: [{"id", "date", "player", "total",
      "rating"}] oldest first (solo ratings over time);
    - london-1e / london-2e: `players`: name -> {"sessions", "poverty": mean poverty points lost, "poverty_worst",
      "loan_penalty": mean points lost to unpaid loans, "unpaid_loans": mean unpaid loans (None: the variant does
      not count them)};
    - chinatown: `players`: name -> {"sessions", "cash": mean final cash, "years": [mean income of 1965, …],
      "seasons": [mean income of season 1, …]} (each list as long as the games that reached that year).
    """
    rows: list[tuple[Played, str, dict]] = []
    for session in sessions:
        for name, facts in (session.get("facts") or {}).get("players", {}).items():
            if only is None or key(name) == only:
                rows.append((session, name, facts))
    if slug == "lost-cities":
        return {"colours": _lost_cities(rows)}
    if slug == "next-station-london":
        return _next_station(rows, shown)
    if slug in ("london-1e", "london-2e"):
        return {"players": _london(rows, shown)}
    if slug == "chinatown":
        return {"players": _chinatown(rows, shown)}
    return {}


def _lost_cities(rows: Sequence[tuple[Played, str, dict]]) -> dict[str, Any]:
    colours: dict[str, dict[str, Any]] = {}
    for _session, _name, facts in rows:
        for colour, games in facts.get("expeditions", {}).items():
            figure = colours.setdefault(colour, {"chances": 0, "started": 0, "points": [], "wagers": {}})
            for entry in games:
                figure["chances"] += 1
                if entry is None:
                    continue
                points, wagers = entry
                figure["started"] += 1
                figure["points"].append(points)
                figure["wagers"].setdefault(wagers, []).append(points)
    return {colour: {"chances": f["chances"], "started": f["started"], "mean": _mean(f["points"]),
                     "wagers": {str(n): {"count": len(points), "mean": _mean(points)}
                                for n, points in sorted(f["wagers"].items())}}
            for colour, f in colours.items()}


def _next_station(rows: Sequence[tuple[Played, str, dict]], shown: Any) -> dict[str, Any]:
    parts: dict[str, dict[str, list[int]]] = {}
    lines: dict[str, list[int]] = {}
    solo = []
    for session, name, facts in rows:
        k = shown(name)
        for part, points in facts.get("parts", {}).items():
            parts.setdefault(k, {}).setdefault(part, []).append(points)
        lines.setdefault(k, []).extend(line["score"] for line in facts.get("lines", []))
        if "rating" in facts:
            solo.append({"id": session["id"], "date": session["date"], "player": k,
                         "total": session["totals"][name], "rating": facts["rating"]})
    players = {k: {"sessions": len(next(iter(by_part.values()), [])), "line": _mean(lines.get(k, [])),
                   **{part: _mean(points) for part, points in by_part.items()}} for k, by_part in parts.items()}
    return {"players": players, "solo": solo}


def _london(rows: Sequence[tuple[Played, str, dict]], shown: Any) -> dict[str, Any]:
    found: dict[str, dict[str, list[int]]] = {}
    for _session, name, facts in rows:
        lists = found.setdefault(shown(name), {"poverty": [], "loan_penalty": [], "unpaid_loans": []})
        lists["poverty"].append(facts["poverty"])
        lists["loan_penalty"].append(facts["loan_penalty"])
        if facts.get("unpaid_loans") is not None:
            lists["unpaid_loans"].append(facts["unpaid_loans"])
    return {k: {"sessions": len(lists["poverty"]), "poverty": _mean(lists["poverty"]),
                "poverty_worst": max(lists["poverty"]), "loan_penalty": _mean(lists["loan_penalty"]),
                "unpaid_loans": _mean(lists["unpaid_loans"])} for k, lists in found.items()}


def _chinatown(rows: Sequence[tuple[Played, str, dict]], shown: Any) -> dict[str, Any]:
    found: dict[str, dict[str, Any]] = {}
    for session, name, facts in rows:
        figure = found.setdefault(shown(name), {"cash": [], "years": [], "seasons": []})
        figure["cash"].append(facts["cash"])
        by_round = figure["seasons" if (session.get("facts") or {}).get("rounds") == "seasons" else "years"]
        for n, income in enumerate(facts.get("income", [])):
            if n == len(by_round):
                by_round.append([])
            by_round[n].append(income)
    return {k: {"sessions": len(f["cash"]), "cash": _mean(f["cash"]),
                "years": [_mean(incomes) for incomes in f["years"]],
                "seasons": [_mean(incomes) for incomes in f["seasons"]]} for k, f in found.items()}
