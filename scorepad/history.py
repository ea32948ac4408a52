"""The history of finished games, for `stats` (and the report, the exports and `players`): data, never text.

- `played(store, game=, player=, since=)`: the finished sessions, oldest first, each a Played dict
  `{"id", "game", "date", "players", "totals", "ranks", "winners", "facts"}` read from the store's index of
  summaries (scorepad/summary.py) and its facts files: no session file is opened, no game module imported.
  `select(played_list, game=, player=, since=)` filters a list the same way.
- `people(played)`: every person, key -> the name shown. A player is the same player across sessions when the
  names match after strip() + casefold() (`key`; spec, "History and exports"); the name shown is the spelling of
  the most recent session (the summaries' order: date, then id).
- `stats(played)`: the spec's `stats --json` object under its own keys ("sessions", "games"; `as_json` gives exactly
  that) and, under other keys, what the terminal and the PDF show besides: `names`, `records`, `figures`.

Only finished sessions count. Totals are as the games count them (Chinatown: dollars). Played dicts share their
`totals` and `ranks` with the summaries read: treat them as read-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Played = dict[str, Any]

JSON_KEYS = ("sessions", "games")  # the spec's object: everything else stats() returns stays out of --json
GAME_JSON_KEYS = ("sessions", "players", "head_to_head")
# What Next Station: London's figures give of a line (its facts name their own order: "line").
LINE_FACTS = ("districts", "stations", "thames", "tourist", "score")

_KEYS: dict[str, str] = {}  # name -> key, computed once (a history repeats the same few names)


def key(name: Any) -> str:
    """Who a name is: the same person for `Ana`, `ana` and ` Ana ` (spec: trimmed, case-folded)."""
    found = _KEYS.get(name)
    if found is None:
        found = _KEYS[name] = str(name).strip().casefold()
    return found


def _day(date: Any) -> str | None:
    return date[:10] if isinstance(date, str) and len(date) >= 10 else None


def played(store: Any, *, game: str | None = None, player: str | None = None, since: str | None = None,
           facts: bool = True) -> list[Played]:
    """The finished sessions, oldest first (by date, then id; a session of unknown date before every dated one),
    chosen as `select` chooses. A session whose summary could not be made (damaged) is left out. `facts=False`:
    each Played's "facts" stays {} and the facts files are not read (`stats --json` needs none)."""
    from scorepad.summary import order

    summaries = store.summaries()
    chosen: list[tuple[int, dict]] = []
    for doc_id, summary in summaries.items():
        totals, ranks = summary.get("totals"), summary.get("ranks")
        if (summary.get("status") == "finished" and not summary.get("damaged") and isinstance(totals, dict)
                and totals and isinstance(ranks, dict)):
            chosen.append((doc_id, summary))
    chosen.sort(key=lambda item: order(*item))
    found = select([_played(doc_id, summary) for doc_id, summary in chosen], game=game, player=player, since=since)
    if facts and found:
        held = store.facts({session["id"]: summaries[session["id"]] for session in found})
        for session in found:
            session["facts"] = held.get(session["id"]) or {}
    return found


def select(played_list: Iterable[Played], *, game: str | None = None, player: str | None = None,
           since: str | None = None) -> list[Played]:
    """The sessions of one game (a slug), of one player (matched as `key` matches), from one day on (`since`:
    `YYYY-MM-DD`, compared with the day a session was played; a session of unknown date is left out)."""
    wanted = key(player) if player is not None else None
    return [session for session in played_list
            if (game is None or session["game"] == game)
            and (since is None or (_day(session["date"]) or "") >= since)
            and (wanted is None or wanted in (key(name) for name in session["players"]))]


def _played(doc_id: int, summary: dict) -> Played:
    totals, ranks = summary["totals"], summary["ranks"]
    players = summary.get("players")
    # The names as the standings give them (trimmed: the keys of totals and ranks), in the table's order.
    if not isinstance(players, list) or len(players) != len(totals) or not all(p in totals for p in players):
        shown = {key(name): name for name in totals}
        players = [shown[key(p)] for p in players or () if key(p) in shown] or list(totals)
    return {"id": doc_id, "game": summary.get("game"), "date": summary.get("date"), "players": players,
            "totals": totals, "ranks": ranks, "winners": [name for name in players if ranks.get(name) == 1],
            "facts": {}}


def people(played_list: Iterable[Played]) -> dict[str, str]:
    """Every person of these sessions: key -> the name as written in the most recent of them (they come oldest
    first, as `played` gives them); the dict is in the order people last played (the latest last)."""
    found: dict[str, str] = {}
    for session in played_list:
        for name in session["players"]:
            k = key(name)
            found.pop(k, None)
            found[k] = name
    return found


def as_json(result: Mapping[str, Any]) -> dict[str, Any]:
    """`stats --json`: exactly the spec's object (table-format.md, "History and exports")."""
    return {"sessions": result["sessions"],
            "games": {slug: {k: game[k] for k in GAME_JSON_KEYS} for slug, game in result["games"].items()}}


def stats(played_list: Sequence[Played], *, names: Mapping[str, str] | None = None, player: str | None = None,
          figures: bool = True) -> dict[str, Any]:
    """Statistics of these sessions (as `played` gives them), per game in the registry's order.

    `names`: key -> the name to show (default: `people(played_list)`; the CLI gives the whole history's, so a
    filtered view shows everyone as they last wrote their name anywhere). `player`: the rows, head to head,
    records and figures are that person's alone (the sessions are the ones given: `played(player=…)`).
    `figures=False`: without the games' figures (`stats --json` has none).

    Returned: the spec's "sessions" and "games" (per game "sessions", "players": shown name -> sessions, wins,
    win_rate, mean, best, worst; "head_to_head": A -> B -> won, lost, level), and for the screens `names`,
    `records` (per game: `highest`, `margin`, `streak`, each a dict naming its "player", or None) and `figures`
    (per game, from the games' facts: see `_figures`). Players are listed by wins, win rate, mean, then name;
    head to head in the same order.
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
    found_figures: dict[str, Any] = {}
    for slug in slugs:
        sessions = by_game[slug]
        rows, pairs, found = _tally(sessions, only)
        order = sorted(rows, key=lambda k: (-rows[k]["wins"], -rows[k]["win_rate"], -rows[k]["mean"],
                                            shown(k).casefold(), k))
        place = {k: n for n, k in enumerate(order)}
        against: dict[str, dict[str, dict[str, int]]] = {}
        for (a, b), (won, lost, level) in sorted(pairs.items(), key=lambda item: (place[item[0][0]],
                                                                                     place.get(item[0][1], -1),
                                                                                     item[0][1])):
            against.setdefault(shown(a), {})[shown(b)] = {"won": won, "lost": lost, "level": level}
        games[slug] = {"sessions": len(sessions), "players": {shown(k): rows[k] for k in order},
                       "head_to_head": against}
        records[slug] = {name: (None if record is None else {**record, "player": shown(record["player"])})
                         for name, record in found.items()}
        if figures:
            found_figures[slug] = _figures(slug, sessions, only, shown)
    return {"sessions": len(played_list), "games": games, "names": names, "records": records,
            "figures": found_figures}


def _tally(sessions: Sequence[Played], only: str | None) -> tuple[dict, dict, dict]:
    """One pass over one game's sessions: each player's row, every pair's record (A above B, below, level, over
    the sessions both played) and the records: the highest score, the biggest winning margin (the winner's
    total − the next best; a game won alone, by two or more players, by more than 0) and the longest winning
    streak (consecutive sessions of the game the player played and won, a shared win too). A record once set is
    kept by whoever set it first."""
    tally: dict[str, list[int]] = {}  # key -> [sessions, wins, sum of totals, best, worst]
    pairs: dict[tuple[str, str], list[int]] = {}  # (a, b) -> [won, lost, level]
    runs: dict[str, dict[str, Any]] = {}
    highest: dict[str, Any] | None = None
    margin: dict[str, Any] | None = None
    streak: dict[str, Any] | None = None
    for session in sessions:
        totals, ranks = session["totals"], session["ranks"]
        seated = [(name, key(name), totals[name], ranks[name]) for name in session["players"]]
        for name, k, total, rank in seated:
            if only is not None and k != only:
                continue
            row = tally.get(k)
            if row is None:
                tally[k] = [1, int(rank == 1), total, total, total]
            else:
                row[0] += 1
                row[1] += rank == 1
                row[2] += total
                if total > row[3]:
                    row[3] = total
                elif total < row[4]:
                    row[4] = total
            if highest is None or total > highest["total"]:
                highest = {"player": name, "total": total, "id": session["id"], "date": session["date"]}
            if rank == 1:
                run = runs.get(k)
                if run is None:
                    run = runs[k] = {"player": name, "length": 1, "first": session["id"], "last": session["id"]}
                else:
                    run.update(player=name, length=run["length"] + 1, last=session["id"])
                if streak is None or run["length"] > streak["length"]:
                    streak = dict(run)
            else:
                runs.pop(k, None)
            for other, other_key, _total, other_rank in seated:
                if other_key != k:
                    record = pairs.get((k, other_key))
                    if record is None:
                        record = pairs[(k, other_key)] = [0, 0, 0]
                    record[0 if rank < other_rank else 1 if rank > other_rank else 2] += 1
        winners = session["winners"]
        if len(winners) == 1 and len(seated) > 1 and (only is None or key(winners[0]) == only):
            top = totals[winners[0]]
            won = top - max(total for name, _k, total, _rank in seated if name != winners[0])
            if won > 0 and (margin is None or won > margin["margin"]):
                margin = {"player": winners[0], "margin": won, "total": top, "id": session["id"],
                          "date": session["date"]}
    rows = {k: {"sessions": n, "wins": wins, "win_rate": round(wins / n, 4), "mean": round(total / n, 2),
                "best": best, "worst": worst} for k, (n, wins, total, best, worst) in tally.items()}
    return rows, pairs, {"highest": highest, "margin": margin, "streak": streak}


# --- the games' own figures, from their facts (Game.facts in scorepad/games/*.py) ---------------------------

def _figures(slug: str, sessions: Sequence[Played], only: str | None, shown: Any) -> dict[str, Any]:
    """Per game, what its players care about (issue 12), over the sessions that carry facts:

    - lost-cities: `colours`: colour -> {"chances": expeditions that could have been started (player × game),
      "started", "mean": mean points of a started one, "wagers": {"0".."3": {"count", "mean"}}} (what wagers
      returned: the mean points of the expeditions started with that many);
    - next-station-london: `players`: name -> {"sessions", "lines": lines drawn, "line": mean points of a line,
      "districts", "stations", "thames", "tourist": means per line, "parts": the mean of each part per game
      (the calculator's keys: "lines", "tourist", "interchanges", "objectives")}; `solo`: [{"id", "date",
      "player", "total", "rating"}] oldest first (the solo ratings over time);
    - london-1e / london-2e: `players`: name -> {"sessions", "poverty": mean poverty points lost,
      "poverty_worst", "loan_penalty": mean points lost to unpaid loans, "unpaid_loans": mean unpaid loans (None:
      only the flat-penalties variant was played, which does not count them)};
    - chinatown: `players`: name -> {"sessions", "cash": mean final cash, "years": [mean income of 1965, …],
      "seasons": [mean income of season 1, …]} (as long as the longest game; each mean over the games that got
      that far).
    Names are as `shown` gives them; `only`: that person's alone.
    """
    rows: list[tuple[Played, dict, str, Any]] = []  # (session, its facts, the name shown, the player's facts)
    for session in sessions:
        facts = session.get("facts")
        if facts:
            for name, figures in facts.get("players", {}).items():
                if (only is None or key(name) == only) and isinstance(figures, list):
                    rows.append((session, facts, name, figures))
    try:
        if slug == "lost-cities":
            return {"colours": _lost_cities(rows)}
        if slug == "next-station-london":
            return _next_station(rows, shown)
        if slug in ("london-1e", "london-2e"):
            return {"players": _london(rows, shown)}
        if slug == "chinatown":
            return {"players": _chinatown(rows, shown)}
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # facts edited by hand: no figures
        pass
    return {}


def _ratio(total: float, count: int) -> float | None:
    return round(total / count, 2) if count else None


def _lost_cities(rows: Sequence[tuple[Played, dict, str, Any]]) -> dict[str, Any]:
    # colour -> [chances, started, points, {wagers: [count, points]}]
    colours: dict[str, list[Any]] = {}
    for _session, facts, _name, values in rows:
        order = [colours.setdefault(colour, [0, 0, 0, {}]) for colour in facts.get("colours", ())]
        if not order:
            continue
        for n in range(0, len(values) - 1, 2):
            figure = order[(n // 2) % len(order)]
            figure[0] += 1
            points = values[n]
            if points is not None:
                figure[1] += 1
                figure[2] += points
                wagered = figure[3].get(values[n + 1])
                if wagered is None:
                    wagered = figure[3][values[n + 1]] = [0, 0]
                wagered[0] += 1
                wagered[1] += points
    return {colour: {"chances": chances, "started": started, "mean": _ratio(points, started),
                     "wagers": {str(n): {"count": count, "mean": _ratio(total, count)}
                                for n, (count, total) in sorted(wagers.items())}}
            for colour, (chances, started, points, wagers) in colours.items() if chances}


def _next_station(rows: Sequence[tuple[Played, dict, str, Any]], shown: Any) -> dict[str, Any]:
    found: dict[str, dict[str, Any]] = {}
    solo = []
    for session, facts, name, values in rows:
        parts, line = facts.get("parts", []), facts.get("line", [])
        person = shown(name)
        figure = found.get(person)
        if figure is None:
            figure = found[person] = {"sessions": 0, "lines": 0, "parts": {}, "line": {}}
        figure["sessions"] += 1
        for part, points in zip(parts, values):
            figure["parts"][part] = figure["parts"].get(part, 0) + points
        drawn = values[len(parts):]
        if line:
            figure["lines"] += len(drawn) // len(line)
            for n, value in enumerate(drawn):
                field = line[n % len(line)]
                figure["line"][field] = figure["line"].get(field, 0) + value
        rating = facts.get("rating", {}).get(name)
        if rating is not None:
            solo.append({"id": session["id"], "date": session["date"], "player": person,
                         "total": session["totals"][name], "rating": rating})
    players = {person: {"sessions": f["sessions"], "lines": f["lines"],
                        "line": _ratio(f["line"].get("score", 0), f["lines"]),
                        **{field: _ratio(f["line"].get(field, 0), f["lines"]) for field in LINE_FACTS[:-1]},
                        "parts": {part: _ratio(points, f["sessions"]) for part, points in f["parts"].items()}}
               for person, f in found.items()}
    return {"players": players, "solo": solo}


def _london(rows: Sequence[tuple[Played, dict, str, Any]], shown: Any) -> dict[str, Any]:
    found: dict[str, list[Any]] = {}  # name -> [sessions, poverty, worst poverty, loan penalty, loans counted, loans]
    for _session, _facts, name, (poverty, unpaid, penalty) in rows:
        figure = found.get(shown(name))
        if figure is None:
            figure = found[shown(name)] = [0, 0, poverty, 0, 0, 0]
        figure[0] += 1
        figure[1] += poverty
        figure[2] = max(figure[2], poverty)
        figure[3] += penalty
        if unpaid is not None:
            figure[4] += 1
            figure[5] += unpaid
    return {name: {"sessions": n, "poverty": _ratio(poverty, n), "poverty_worst": worst,
                   "loan_penalty": _ratio(penalty, n), "unpaid_loans": _ratio(loans, counted)}
            for name, (n, poverty, worst, penalty, counted, loans) in found.items()}


def _chinatown(rows: Sequence[tuple[Played, dict, str, Any]], shown: Any) -> dict[str, Any]:
    found: dict[str, dict[str, Any]] = {}  # name -> sessions, cash, and per round [games, income]
    for _session, facts, name, values in rows:
        figure = found.get(shown(name))
        if figure is None:
            figure = found[shown(name)] = {"sessions": 0, "cash": 0, "years": [], "seasons": []}
        figure["sessions"] += 1
        figure["cash"] += values[0]
        by_round = figure["seasons" if facts.get("rounds") == "seasons" else "years"]
        for n, income in enumerate(values[1:]):
            if n == len(by_round):
                by_round.append([0, 0])
            by_round[n][0] += 1
            by_round[n][1] += income
    return {name: {"sessions": f["sessions"], "cash": _ratio(f["cash"], f["sessions"]),
                   "years": [_ratio(total, count) for count, total in f["years"]],
                   "seasons": [_ratio(total, count) for count, total in f["seasons"]]} for name, f in found.items()}
