"""Finished games for other programs: a CSV for spreadsheets, a BG Stats import file, BG Stats' "push a play" link.

The contract is the spec's "History and exports" section (shared/spec/table-format.md). Everything here is plain
data in, text out (no terminal, no reportlab): a *play* is a dict of what one finished session was

    {"id": 3, "game": "lost-cities", "date": "2026-11-29T20:15:00+01:00" or None, "players": ["Ana", "Ben"],
     "totals": {"Ana": 66, "Ben": 136}, "ranks": {"Ana": 2, "Ben": 1}, "winners": ["Ben"],
     # for BG Stats only (play_of a session fills them; a summary has none):
     "updated": ISO stamp or None, "minutes": 47, "rounds": 3, "start": "Ana" or None, "key": "lost-cities|…|…"}

— the Played dicts of scorepad/history.py plus what BG Stats asks for. `history.played` makes the first part
from the store's index alone (what `export --all --format csv` needs, fast at 10,000 sessions); `play_of` makes a
whole one from a session.

BG Stats' file (bgstats_doc) has the shape of the app's own JSON export, checked field by field against real
exports in public repositories (tests/data/bgstats-export.json says which): integer ids that the plays refer to
(`gameRefId`, `playerRefId`), and uuids that BG Stats keeps. Our uuids are uuid5 of a fixed namespace and what
identifies the thing, so the same session exported again (in any later export, from this database or from a
restored backup) carries the same uuids and a second import updates the play instead of adding a copy:
- a game: its slug;
- a player: the name trimmed and case-folded (the spec's "same player across sessions");
- a play: the session's own identity — game, start stamp and seed, what `import` already recognises a session by
  (session.identities), kept by export and import; a table file's game takes its seed from the table itself
  (session.doc_from_table), so `sheet --table FILE` and the session imported from FILE push the same play.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import quote

from scorepad.files import LARGEST_TABLE_FILE, Kind
from scorepad.games import by_slug
from scorepad.i18n import N_
from scorepad.table import timing
from scorepad.table.session import IMPORTED

# What `export -o FILE` replaces there without --force (files.NOT_OURS names it).
CSV_KIND = N_("a scorepad CSV export")
BGSTATS_KIND = N_("a scorepad BG Stats file")
URL_KIND = N_("a scorepad BG Stats link")

CSV_HEADER = ("session", "date", "game", "bgg_id", "player", "seat", "score", "rank", "winner")


# The fixed namespace of every uuid scorepad writes for BG Stats (uuid5 of the URL namespace and this name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://scorepad.invalid/bgstats")
SOURCE_NAME = "scorepad"  # the push link's `sourceName`: how BG Stats names where a pushed play came from
PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
# A play known by its day alone is put at noon: a reader a few time zones away still sees that day.
NOON = "12:00:00"

BGSTATS_KEYS = {"games", "players", "locations", "plays", "userInfo"}
# meRefId names the phone's owner among the players: 0 is none of them (ids start at 1), so an import makes no
# scorepad player "me" (the app's exports of 2021 hold just these two; later ones add the export's device).
USER_INFO = {"meRefId": 0, "bggUsername": ""}


def uuid_of(kind: str, key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}|{key}"))


def person(name: str) -> str:
    """Who a name is across sessions: trimmed and case-folded (`Ana` = ` ana `)."""
    return name.strip().casefold()


# --- plays: from the store's index, or from a session -----------------------------------------------------

def play_of(session: Any, summary: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A finished session as a play, with what BG Stats asks for (start player, minutes, rounds). With the
    session's `summary` (the store's index: totals, ranks and complete rounds), the session is not scored again."""
    doc = session.doc
    # The summary is of this session only if it names its players (a session file put back from a copy after
    # `players rename` may be read before its summary is made again).
    if summary and summary.get("ranks") and summary.get("totals") and summary.get("players") == list(session.players):
        totals, ranks, complete = dict(summary["totals"]), dict(summary["ranks"]), int(summary.get("complete") or 0)
    else:
        result = session.score()
        totals = {s.player: s.total for s in result.standings}
        ranks = {s.player: s.rank for s in result.standings}
        complete = session.complete_rounds()
    guided = not doc.get(IMPORTED)
    key = f"{session.game.slug}|{doc.get('created')}|{session.seed}"  # as session.identities marks a session
    return {"id": session.id, "game": session.game.slug, "date": session.date,
            "players": list(session.players), "totals": totals, "ranks": ranks,
            "winners": [p for p in session.players if ranks.get(p) == 1],
            "updated": doc.get("updated"), "minutes": timing.minutes(doc) or 0,  # 0: BG Stats' "not known"
            "rounds": complete if session.game.default_rounds is not None else 0,
            "start": session.game.start_player(session) if guided else None, "key": key}


def play_date(stamp: Any, *, utc: bool = False, now: datetime | None = None) -> str:
    """BG Stats' `YYYY-MM-DD HH:MM:SS`: the wall-clock time at the table (utc: in UTC, where the offset is known);
    a day alone at NOON; an unknown date (a table file without one): today at NOON (`now`), the day the play is
    sent — the same all day, so a sheet printed twice is the same sheet."""
    if not isinstance(stamp, str) or not stamp:
        return f"{(now or datetime.now().astimezone()).strftime('%Y-%m-%d')} {NOON}"
    if len(stamp) == 10:
        return f"{stamp} {NOON}"
    moment = datetime.fromisoformat(stamp)
    if utc and moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


# --- the formats --------------------------------------------------------------------------------------------

def csv_text(plays: Iterable[Mapping[str, Any]]) -> str:
    """One row per player per session: CSV_HEADER; seat from 1 in the order of `players`, winner 1/0; the date as
    `YYYY-MM-DD` (empty when unknown); Chinatown's scores are dollars, as its totals are."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for play in plays:
        date, bgg_id = (play.get("date") or "")[:10], by_slug(play["game"]).bgg_id
        for seat, player in enumerate(play["players"], start=1):
            rank = play["ranks"][player]
            writer.writerow((play["id"], date, play["game"], bgg_id, player, seat,
                             play["totals"][player], rank, 1 if rank == 1 else 0))
    return out.getvalue()


def bgstats_doc(plays: Iterable[Mapping[str, Any]], *, now: datetime | None = None) -> dict[str, Any]:
    """A BG Stats import file: the app's export shape (top level games, players, locations, plays, userInfo)."""
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    out_plays = []
    for play in plays:
        slug = play["game"]
        if slug not in games:
            game = by_slug(slug)
            games[slug] = {"id": len(games) + 1, "uuid": uuid_of("game", slug), "name": game.bgg_name,
                           "bggId": game.bgg_id, "highestWins": True, "noPoints": False, "cooperative": False,
                           "usesTeams": False}
        scores = []
        for seat, name in enumerate(play["players"], start=1):
            key = person(name)
            if key not in players:  # the spelling of the first play that names this person
                players[key] = {"id": len(players) + 1, "uuid": uuid_of("player", key), "name": name.strip(),
                                "isAnonymous": False}
            rank = play["ranks"][name]
            scores.append({"playerRefId": players[key]["id"], "score": str(play["totals"][name]),
                           "winner": rank == 1, "rank": rank, "seatOrder": seat,
                           "startPlayer": name == play.get("start"), "newPlayer": False})
        out_plays.append({"uuid": uuid_of("play", str(play.get("key") or play["id"])), "gameRefId": games[slug]["id"],
                          "playDate": play_date(play.get("date"), now=now),
                          "durationMin": int(play.get("minutes") or 0),
                          "ignored": False, "manualWinner": False, "usesTeams": False,
                          "rounds": int(play.get("rounds") or 0), "playerScores": scores})
    return {"games": list(games.values()), "players": list(players.values()), "locations": [],
            "plays": out_plays,
            "userInfo": dict(USER_INFO)}


def push_data(play: Mapping[str, Any], *, now: datetime | None = None) -> dict[str, Any]:
    """The JSON of BG Stats' "push a play" link (the spec's fields, in its order)."""
    slug, game = play["game"], by_slug(play["game"])
    return {"sourceName": SOURCE_NAME, "sourcePlayId": uuid_of("play", str(play.get("key") or play["id"])),
            "playDate": play_date(play.get("date"), utc=True, now=now), "durationMin": int(play.get("minutes") or 0),
            "game": {"name": game.bgg_name, "bggId": game.bgg_id, "highestWins": True, "noPoints": False,
                     "sourceGameId": slug},
            "players": [{"name": name.strip(), "score": play["totals"][name], "rank": play["ranks"][name],
                         "winner": play["ranks"][name] == 1, "startPlayer": name == play.get("start")}
                        for name in play["players"]]}


def push_url(play: Mapping[str, Any], *, now: datetime | None = None) -> str:
    """https://app.bgstatsapp.com/createPlay.html?data= and the URL-encoded JSON (compact: the QR code stays small).

    `:` and `,` are left as they are (a query may hold them, RFC 3986 §3.4); everything else that is not a letter,
    digit or `-._~` is percent-encoded, names as UTF-8."""
    text = json.dumps(push_data(play, now=now), ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(text, safe=":,")


# --- what `export -o` replaces without --force -----------------------------------------------------------

def _is_csv(path: Path) -> bool:
    """A CSV that `export --format csv` wrote: it opens with our header line."""
    header = ",".join(CSV_HEADER).encode("ascii")
    with open(path, "rb") as f:
        first = f.readline(len(header) + 2)
    return first.rstrip(b"\r\n") == header


def _is_bgstats(path: Path) -> bool:
    """A BG Stats file that scorepad wrote: our five top-level keys alone (the app's own export has more: tags,
    groups, challenges… — a player's real backup is never replaced without --force)."""
    if path.stat().st_size > LARGEST_TABLE_FILE:
        return False
    try:
        whole = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(whole, dict) and set(whole) == BGSTATS_KEYS and whole["userInfo"] == USER_INFO


def kind(format: str) -> Any:
    return {"csv": Kind(CSV_KIND, _is_csv), "bgstats": Kind(BGSTATS_KIND, _is_bgstats),
            "bgstats-url": Kind(URL_KIND, _is_url)}[format]


def _is_url(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(len(PUSH_URL)) == PUSH_URL.encode("ascii")
