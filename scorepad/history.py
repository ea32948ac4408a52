"""The history of finished games, for `stats` (and the report, the exports and `players`): data, never text.

- `played(store, game=, player=, since=)`: the finished sessions, oldest first, each a Played dict
  `{"id", "game", "date", "players", "totals", "ranks", "winners", "facts"}` read from the store's index of
  summaries (scorepad/table/summary.py) and its facts files: no session file is opened, no game module imported.
  The games' own figures are added up through each game's Figures (Game.figures, scorepad/games/figures.py).
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

from calculators.core import InvalidInput
from scorepad.games import SLUGS, by_slug
from scorepad.games.figures import Figures, Played, key
from scorepad.table.summary import order

JSON_KEYS = ("sessions", "games")  # the spec's object: everything else stats() returns stays out of --json
GAME_JSON_KEYS = ("sessions", "players", "head_to_head")


def _day(date: Any) -> str | None:
    return date[:10] if isinstance(date, str) and len(date) >= 10 else None


def played(store: Any, *, game: str | None = None, player: str | None = None, since: str | None = None,
           facts: bool = True) -> list[Played]:
    """The finished sessions, oldest first (by date, then id; a session of unknown date before every dated one),
    chosen as `select` chooses. A session whose summary could not be made (damaged) is left out. `facts=False`:
    each Played's "facts" stays {} and the facts files are not read (`stats --json` needs none)."""
    summaries = store.summaries()
    chosen = sorted(((doc_id, summary) for doc_id, summary in summaries.items() if _counts(summary)),
                    key=lambda item: order(*item))
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
    """Statistics of these sessions (oldest first, as `played` gives them), per game in the registry's order.

    `names`: key -> the name to show (default: `people(played_list)`; the CLI gives the whole history's, so a
    filtered view shows everyone as they last wrote their name anywhere). `player`: the rows, head to head,
    records and figures are that person's alone (the sessions are the ones given: `played(player=…)`).
    `figures=False`: without the games' figures (`stats --json` has none).

    Returned: the spec's "sessions" and "games" (per game "sessions", "players": shown name -> sessions, wins,
    win_rate, mean, best, worst; "head_to_head": A -> B -> won, lost, level), and for the screens `names`,
    `records` (per game: `highest`, the total and its "holders"; `margin` and `streak`, each a dict naming its
    "player"; None when there is none) and `figures`
    (per game, what its Figures finish of its facts: scorepad/games/<game>/facts.py). Players are listed by wins,
    win rate, mean, then name;
    head to head in the same order.
    """
    return finish(partial(played_list), names=people(played_list) if names is None else names, player=player,
                  figures=figures)


def stats_of(store: Any, *, game: str | None = None, player: str | None = None,
             figures: bool = True) -> tuple[dict[str, Any], dict[str, str]] | None:
    """`stats(played(store, game=game), player=player)` and the whole history's names (key -> name shown), from
    the store's cache of each index file's `partial` (Store.derived): after a game only the index file it changed
    is read again. None when the store cannot vouch for its cache this instant (a write under way, a database of
    an older layout, summaries being made again): then ask `played` and `stats`."""
    parts = store.derived("stats", PARTIAL_VERSION, _bucket_partial)
    if parts is None:
        return None
    try:
        whole = merge(parts, figures=figures)
        if game is not None:
            whole["games"] = {slug: found for slug, found in whole["games"].items() if slug == game}
        names = {k: name for k, (_date, _id, name) in sorted(whole["names"].items(), key=lambda item: item[1][:2])}
        return finish(whole, names=names, player=player, figures=figures), names
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # a kept file edited by hand
        return None


def _bucket_partial(summaries: Mapping[int, dict], facts: Any) -> dict[str, Any]:
    """The partial of one index file's finished sessions (Store.derived's `make`); `facts(ids)` reads theirs."""
    chosen = sorted(((doc_id, summary) for doc_id, summary in summaries.items() if _counts(summary)),
                    key=lambda item: order(*item))
    found = [_played(doc_id, summary) for doc_id, summary in chosen]
    held = facts({doc_id: summary for doc_id, summary in chosen}) if chosen else {}
    for session in found:
        session["facts"] = held.get(session["id"]) or {}
    return partial(found)


def _counts(summary: Mapping[str, Any]) -> bool:
    totals, ranks = summary.get("totals"), summary.get("ranks")
    return (summary.get("status") == "finished" and not summary.get("damaged") and isinstance(totals, dict)
            and bool(totals) and isinstance(ranks, dict))


# --- partials: what stats() adds up, in a form that adds up across parts of the history ---------------------
#
# partial(played) -> {"names": {key: [date, id, name]}, "games": {slug: game}}, a game being
#   {"sessions": n, "players": {key: [sessions, wins, sum of totals, best, worst]},
#    "pairs": {a: {b: [won, lost, level]}}, "highest": {key: [total, date, id, name, date as stored, rank]},
#    "margin": {winner's key: [margin, date, id, name, winner's total, date as stored]},
#    "seq": [[keys, [[date, id, players' bits, winners' bits], …]], …] (for the streaks: bit n is keys[n]; one
#    chunk a part; sessions of two or more players), "figures": {...} (the sums of the game's Figures)}
# where `date` is the day-and-time order key ("" for an unknown date): every "first" is the least (date, id). A
# player's highest is their best total, at the best rank they reached with it (a tie-break won), then the first.
# Wins count sessions of two or more players: a solo game is won over nobody.
# JSON data throughout: the store keeps one per index file (Store.derived).

PARTIAL_VERSION = 5  # bump when a partial's shape or meaning changes: every cached one is made again


def partial(played_list: Iterable[Played]) -> dict[str, Any]:
    games: dict[str, dict[str, Any]] = {}
    names: dict[str, list[Any]] = {}
    bits: dict[tuple[str, str], int] = {}  # (game, key) -> its bit in the game's streak chunk
    for session in played_list:
        slug = session["game"]
        found = games.get(slug)
        if found is None:
            found = games[slug] = {"sessions": 0, "players": {}, "pairs": {}, "highest": {}, "margin": {},
                                   "seq": [[[], []]], "figures": {}}
        date, doc_id = session["date"] or "", session["id"]
        totals, ranks = session["totals"], session["ranks"]
        seated = [(name, key(name), totals[name], ranks[name]) for name in session["players"]]
        found["sessions"] += 1
        rows, pairs, highest = found["players"], found["pairs"], found["highest"]
        for name, k, total, rank in seated:
            spelt = names.get(k)
            if spelt is None or [date, doc_id] > spelt[:2]:
                names[k] = [date, doc_id, name]
            row = rows.get(k)
            won = rank == 1 and len(seated) > 1
            if row is None:
                rows[k] = [1, int(won), total, total, total]
            else:
                row[0] += 1
                row[1] += won
                row[2] += total
                if total > row[3]:
                    row[3] = total
                elif total < row[4]:
                    row[4] = total
            record = [total, date, doc_id, name, session["date"], rank]
            best = highest.get(k)
            if best is None or _beats_highest(record, best):
                highest[k] = record
            against = pairs.get(k)
            if against is None:
                against = pairs[k] = {}
            for _other, other_key, _total, other_rank in seated:
                if other_key != k:
                    record = against.get(other_key)
                    if record is None:
                        record = against[other_key] = [0, 0, 0]
                    record[0 if rank < other_rank else 1 if rank > other_rank else 2] += 1
        if len(seated) > 1:  # a solo game is won over nobody: it neither makes a winning streak nor breaks one
            table, entries = found["seq"][0]
            seats = won = 0
            for _name, k, _total, rank in seated:
                bit = bits.get((slug, k))
                if bit is None:
                    bit = bits[(slug, k)] = 1 << len(table)
                    table.append(k)
                seats |= bit
                if rank == 1:
                    won |= bit
            entries.append([date, doc_id, seats, won])
        winners = session["winners"]
        if len(winners) == 1 and len(seated) > 1:
            top = totals[winners[0]]
            won = top - max(total for name, _k, total, _rank in seated if name != winners[0])
            held = found["margin"].get(key(winners[0]))
            if won > 0 and (held is None or won > held[0] or (won == held[0] and [date, doc_id] < held[1:3])):
                found["margin"][key(winners[0])] = [won, date, doc_id, winners[0], top, session["date"]]
        facts = session.get("facts")
        own = _figures_of(slug) if facts else None
        if own is not None:
            try:
                own.add(found["figures"], session, facts)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # facts edited by hand
                found["figures"]["damaged"] = True
    return {"names": names, "games": games}


def merge(partials: Iterable[Mapping[str, Any]], *, figures: bool = True) -> dict[str, Any]:
    """One partial of several (of parts of the history that share no session); `figures=False`: without the games'
    own figures (`stats --json` has none: their games need not be loaded)."""
    names: dict[str, list[Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    for part in partials:
        for k, spelt in part["names"].items():
            if k not in names or spelt[:2] > names[k][:2]:
                names[k] = spelt
        for slug, game in part["games"].items():
            found = games.get(slug)
            if found is None:
                games[slug] = {"sessions": game["sessions"],
                               "players": {k: list(v) for k, v in game["players"].items()},
                               "pairs": {a: {b: list(r) for b, r in against.items()}
                                         for a, against in game["pairs"].items()},
                               "highest": dict(game["highest"]), "margin": dict(game["margin"]),
                               "seq": list(game["seq"]),
                               "figures": _merge_figures(slug, {}, game["figures"]) if figures else {}}  # copied
                continue
            found["sessions"] += game["sessions"]
            for k, row in game["players"].items():
                held = found["players"].get(k)
                if held is None:
                    found["players"][k] = list(row)
                else:
                    held[0] += row[0]
                    held[1] += row[1]
                    held[2] += row[2]
                    held[3] = max(held[3], row[3])
                    held[4] = min(held[4], row[4])
            for a, against in game["pairs"].items():
                mine = found["pairs"].get(a)
                if mine is None:
                    mine = found["pairs"][a] = {}
                for b, record in against.items():
                    held = mine.get(b)
                    if held is None:
                        mine[b] = list(record)
                    else:
                        held[0] += record[0]
                        held[1] += record[1]
                        held[2] += record[2]
            for name, beats in (("highest", _beats_highest), ("margin", _beats)):
                for k, record in game[name].items():
                    held = found[name].get(k)
                    if held is None or beats(record, held):
                        found[name][k] = record
            found["seq"] += game["seq"]
            if figures:
                found["figures"] = _merge_figures(slug, found["figures"], game["figures"])
    return {"names": names, "games": games}


def _beats(record: Sequence[Any], held: Sequence[Any]) -> bool:
    """Whether a record ([figure, date, id, name, …]) beats another: a higher figure, or the same set first (in
    one session, by the name's key: the same answer however the history was cut into parts)."""
    return record[0] > held[0] or (record[0] == held[0] and (record[1], record[2], key(record[3]))
                                   < (held[1], held[2], key(held[3])))


def _beats_highest(record: Sequence[Any], held: Sequence[Any]) -> bool:
    """Whether a player's highest ([total, date, id, name, date as stored, rank]) beats another of theirs: a higher
    total, or the same at a better rank (a tie-break won), or the same set first."""
    return record[0] > held[0] or (record[0] == held[0] and (record[5], record[1], record[2])
                                   < (held[5], held[1], held[2]))


def finish(whole: Mapping[str, Any], *, names: Mapping[str, str], player: str | None = None,
           figures: bool = True) -> dict[str, Any]:
    """stats() of a (merged) partial; see stats()."""
    names = dict(names)
    only = key(player) if player is not None else None

    def shown(k: str) -> str:
        return names.get(k, k)

    slugs = [slug for slug in SLUGS if slug in whole["games"]] + sorted(s for s in whole["games"] if s not in SLUGS)
    games: dict[str, Any] = {}
    records: dict[str, Any] = {}
    found_figures: dict[str, Any] = {}
    count = 0
    for slug in slugs:
        game = whole["games"][slug]
        tally = game["players"] if only is None else {k: v for k, v in game["players"].items() if k == only}
        if not tally:
            continue
        rows = {k: {"sessions": n, "wins": wins, "win_rate": round(wins / n, 4), "mean": round(total / n, 2),
                    "best": best, "worst": worst} for k, (n, wins, total, best, worst) in tally.items()}
        sessions = game["sessions"] if only is None else rows[only]["sessions"]
        count += sessions
        order = sorted(rows, key=lambda k: (-rows[k]["wins"], -rows[k]["win_rate"], -rows[k]["mean"],
                                            shown(k).casefold(), k))
        place = {k: n for n, k in enumerate(order)}
        against = {shown(a): {shown(b): {"won": r[0], "lost": r[1], "level": r[2]}
                              for b, r in sorted(game["pairs"][a].items(),
                                                 key=lambda item: (place.get(item[0], len(place)), item[0]))}
                   for a in order if game["pairs"].get(a)}
        games[slug] = {"sessions": sessions, "players": {shown(k): rows[k] for k in order}, "head_to_head": against}
        records[slug] = _records(game, only, shown)
        if figures:
            found_figures[slug] = _finish_figures(slug, game, order, shown)
    return {"sessions": count, "games": games, "names": names, "records": records, "figures": found_figures}


def _records(game: Mapping[str, Any], only: str | None, shown: Any) -> dict[str, Any]:
    def first(table: Mapping[str, Sequence[Any]]) -> Sequence[Any] | None:
        best = None
        for k, record in table.items():
            if (only is None or k == only) and (best is None or _beats(record, best)):
                best = record
        return best

    margin = first(game["margin"])
    holders: list[list[Any]] = []  # the longest winning runs: [length, first id, last id, key], level ones all named
    runs: dict[str, list[Any]] = {}  # key -> [length, first id, last id, key]
    entries = sorted((entry[0], entry[1], entry[2], entry[3], table) for table, chunk in game["seq"] for entry in chunk)
    for _date, doc_id, seats, won, table in entries:
        reached = []  # the runs this session made longer
        while seats:
            bit = seats & -seats
            seats ^= bit
            k = table[bit.bit_length() - 1]
            if only is not None and k != only:
                continue
            if won & bit:
                run = runs.get(k)
                if run is None:
                    run = runs[k] = [1, doc_id, doc_id, k]
                else:
                    run[0] += 1
                    run[2] = doc_id
                reached.append(run)
            else:
                runs.pop(k, None)
        best = max((run[0] for run in reached), default=0)
        level = sorted((list(run) for run in reached if run[0] == best), key=lambda run: run[3])
        if best and (not holders or best > holders[0][0]):
            holders = level  # a longer run: its holders alone (a four-way tie: all four)
        elif best and best == holders[0][0]:
            holders += [run for run in level if run[3] not in {held[3] for held in holders}]
    return {"highest": _highest(game["highest"], only, shown),
            "margin": None if margin is None else {"player": shown(key(margin[3])), "margin": margin[0],
                                                    "total": margin[4], "id": margin[2], "date": margin[5]},
            "streak": None if not holders else {"length": holders[0][0], "holders": [
                {"player": shown(run[3]), "first": run[1], "last": run[2]} for run in holders]}}


def _highest(table: Mapping[str, Sequence[Any]], only: str | None, shown: Any) -> dict[str, Any] | None:
    """The highest total and every player who scored it (`holders`: player, id, date; oldest first, then by name),
    except one who lost that session's tie-break: the players level on it, its winner. With `only`: that player's."""
    chosen = [record for k, record in table.items() if only is None or k == only]
    if not chosen:
        return None
    top = max(record[0] for record in chosen)
    # Ranked below the highest total: only a player level on it ranks above, so a tie-break went the other way
    # (a player's own highest is at the best rank they reached with that total).
    level = sorted((record for record in chosen if record[0] == top and (only is not None or record[5] == 1)),
                   key=lambda record: (record[1], record[2], key(record[3])))
    return {"total": top, "holders": [{"player": shown(key(record[3])), "id": record[2], "date": record[4]}
                                      for record in level]}


# --- the games' own figures: each game adds a session's facts into its partial's "figures", merges two of them,
# and finishes them (Game.figures, in scorepad/games/<game>/facts.py)

def _figures_of(slug: Any) -> Figures | None:
    """A game's Figures (None: it keeps none, or the game is no longer known)."""
    try:
        return by_slug(slug).figures
    except InvalidInput:
        return None


def _merge_figures(slug: str, into: dict[str, Any], other: Mapping[str, Any]) -> dict[str, Any]:
    """`other`'s figures added into `into` (a fresh dict of merge's own: changed in place), returned."""
    if other.get("damaged") or into.get("damaged"):
        return {"damaged": True}
    own = _figures_of(slug)
    if own is not None:
        own.merge(into, other)
        return into
    return {}


def _finish_figures(slug: str, game: Mapping[str, Any], keys: Sequence[str], shown: Any) -> dict[str, Any]:
    """The game's figures of these players (keys, in the order the tables list them)."""
    figures = game["figures"]
    own = _figures_of(slug)
    if own is None or figures.get("damaged"):
        return {}
    return own.finish(figures, keys, shown)
