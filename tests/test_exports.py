"""export --format csv|bgstats|bgstats-url, and BG Stats' QR code on the filled sheet and in the terminal (issue 12).

tests/data/bgstats-export.json is one game, two players, one location and one play cut from a real BG Stats export
(the app's Settings → Backup / Export → JSON): Deniedpluto/BoardGamePlays, BGStatsExport.json at commit 38e301f
(app v6.14.2, Android), with the players' and the location's names replaced and a game copy's notes emptied. Two
other real exports have the same shape field for field where we write them: gz97/board-games-analysis
BGStatsExport.json (v5.3.1, 2024) and michaelgao8/board-game-stats-shiny BGStatsExport.json (2021).
"""

import csv
import io
import json
import re
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import LC11, LC11_TYPED, TABLES, invoke, ok, run
from scorepad.errors import ScorepadError
from scorepad import exports, qr
from scorepad.cli import printing
from scorepad.games import by_slug
from scorepad.store import Store
from scorepad.table import session_of
from scorepad.cli.prompter import Aborted
from scorepad.table.changes import new_doc
from scorepad.table.session import Session
from scorepad.table.travel import doc_from_table

REAL = json.loads((Path(__file__).parent / "data" / "bgstats-export.json").read_text(encoding="utf-8"))
NEEDS_ZBAR = pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools) not installed")
NEEDS_PDFTOPPM = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
DATED = {**LC11, "date": "2026-11-29T20:15:00+01:00"}
# Chinatown's tie-break (most shop tiles in the last year) separates two players level on cash.
LEVEL = {"game": "chinatown", "variants": [], "players": ["Ava", "Ben", "Cai"], "date": "2026-11-30",
         "rounds": [{"Ava": {"businesses": [{"type": "jewelry", "tiles": 3}]},  # $40,000, 3 tiles
                     "Ben": {"businesses": [{"type": "tea-house", "tiles": 2}, {"type": "seafood", "tiles": 2}]},
                     "Cai": {"businesses": [{"type": "florist", "tiles": 1}]}}]}


def stored(tmp_path, *tables):
    """Import table files; their ids."""
    paths = []
    for n, table in enumerate(tables):
        path = tmp_path / f"t{n}.json"
        path.write_text(json.dumps(table))
        paths.append(path)
    return [int(line) for line in ok("import", *paths).split()]


def decoded(url):
    assert url.startswith(exports.PUSH_URL)
    return json.loads(parse_qs(urlsplit(url).query, strict_parsing=True)["data"][0])


def zbar(png):
    done = subprocess.run(["zbarimg", "--raw", "-q", str(png)], capture_output=True, text=True)
    return done.returncode, done.stdout.strip()


# --- csv ---------------------------------------------------------------------------------------------------

def test_csv_of_one_session_is_the_spec_header_and_a_row_per_player(database, tmp_path):
    (sid,) = stored(tmp_path, DATED)
    rows = list(csv.reader(io.StringIO(ok("export", sid, "--format", "csv"))))
    # LC-11: Ben 136 wins, Ana 66 (shared/rules/lost-cities-and-next-station-london.md); seats in `players` order
    assert rows == [["session", "date", "game", "bgg_id", "player", "seat", "score", "rank", "winner"],
                    [str(sid), "2026-11-29", "lost-cities", "50", "Ana", "1", "66", "2", "0"],
                    [str(sid), "2026-11-29", "lost-cities", "50", "Ben", "2", "136", "1", "1"]]


def test_csv_all_is_every_finished_session_oldest_first_chinatown_in_dollars(database, tmp_path, store):
    ids = stored(tmp_path, {**TABLES["chinatown"], "date": "2026-11-30"}, DATED)
    store.insert(new_doc(by_slug("lost-cities"), ["Cy", "Di"], [], 3))  # in progress: not a play yet
    rows = list(csv.DictReader(io.StringIO(ok("export", "--all", "--format", "csv"))))
    assert [(r["session"], r["player"]) for r in rows] == [(str(ids[1]), "Ana"), (str(ids[1]), "Ben"),
                                                           (str(ids[0]), "Ava"), (str(ids[0]), "Ben"),
                                                           (str(ids[0]), "Cai")]
    chinatown = {r["player"]: (r["score"], r["rank"], r["winner"], r["bgg_id"])
                 for r in rows if r["game"] == "chinatown"}
    assert chinatown == {"Ava": ("95000", "1", "1", "47"), "Ben": ("55000", "3", "0", "47"),
                         "Cai": ("70000", "2", "0", "47")}


def test_csv_all_scores_a_session_whose_totals_are_level(database, tmp_path):
    (sid,) = stored(tmp_path, LEVEL)
    expected = ok("score", sid, "--json")
    ranks = {s["player"]: s["rank"] for s in json.loads(expected)["standings"]}
    rows = list(csv.DictReader(io.StringIO(ok("export", "--all", "--format", "csv"))))
    assert {r["player"]: int(r["rank"]) for r in rows} == ranks
    assert ranks["Ava"] != ranks["Ben"]  # both $90,000: Ben's 4 tiles to Ava's 3 decided


# --- bgstats ---------------------------------------------------------------------------------------------

def _json_type(value):
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "array", dict: "object",
            type(None): "null"}[type(value)]


def test_bgstats_file_matches_the_apps_own_export_field_by_field(database, tmp_path):
    ids = stored(tmp_path, DATED, {**TABLES["chinatown"], "date": "2026-11-30"})
    doc = json.loads(ok("export", "--all", "--format", "bgstats"))
    assert set(doc) == {"games", "players", "locations", "plays", "userInfo"} <= set(REAL)
    pairs = [(doc["games"], REAL["games"][0]), (doc["players"], REAL["players"][0]),
             (doc["plays"], REAL["plays"][0]),
             ([s for p in doc["plays"] for s in p["playerScores"]], REAL["plays"][0]["playerScores"][0]),
             ([doc["userInfo"]], REAL["userInfo"])]
    for ours, real in pairs:
        for item in ours:
            for key, value in item.items():
                assert key in real, key
                assert _json_type(value) == _json_type(real[key]), (key, value, real[key])
    # The spec's fields, values as it gives them
    assert [g["bggId"] for g in doc["games"]] == [50, 47] and [g["name"] for g in doc["games"]] == ["Lost Cities",
                                                                                                 "Chinatown"]
    for game in doc["games"]:
        assert (game["highestWins"], game["noPoints"], game["cooperative"], game["usesTeams"]) == (True, False, False,
                                                                                                   False)
    assert all(p["isAnonymous"] is False for p in doc["players"])
    ben = next(p["id"] for p in doc["players"] if p["name"] == "Ben")  # in both games: one player
    assert [p["name"] for p in doc["players"]] == ["Ana", "Ben", "Ava", "Cai"]
    first, second = doc["plays"]
    assert first["playDate"] == "2026-11-29 20:15:00" and second["playDate"] == "2026-11-30 12:00:00"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", REAL["plays"][0]["playDate"])
    assert first["gameRefId"] == doc["games"][0]["id"] and second["gameRefId"] == doc["games"][1]["id"]
    assert (first["ignored"], first["manualWinner"], first["usesTeams"], first["rounds"], first["durationMin"]) == \
        (False, False, False, 3, 0)  # imported from a table file: no time played is known
    assert first["playerScores"] == [
        {"playerRefId": 1, "score": "66", "winner": False, "rank": 2, "seatOrder": 1, "startPlayer": False,
         "newPlayer": False},
        {"playerRefId": ben, "score": "136", "winner": True, "rank": 1, "seatOrder": 2, "startPlayer": False,
         "newPlayer": False}]
    assert [s["score"] for s in second["playerScores"]] == ["95000", "55000", "70000"]
    assert len({p["uuid"] for p in doc["plays"]}) == 2 and ids


def test_the_same_session_has_the_same_uuids_in_every_export_and_after_a_restore(database, tmp_path, monkeypatch):
    (sid,) = stored(tmp_path, DATED)
    once, twice = (json.loads(ok("export", sid, "--format", "bgstats")) for _n in range(2))
    assert once == twice
    backup = tmp_path / "backup.jsonl"
    ok("export", "--all", "-o", backup)
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "other.json"))
    (restored,) = [int(n) for n in ok("import", backup).split()]
    again = json.loads(ok("export", restored, "--format", "bgstats"))
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in once["plays"]]
    assert [p["uuid"] for p in again["players"]] == [p["uuid"] for p in once["players"]]
    assert decoded(ok("export", restored, "--format", "bgstats-url").strip())["sourcePlayId"] == \
        once["plays"][0]["uuid"]


def test_a_player_is_one_person_across_spellings():
    plays = [{"id": 1, "game": "lost-cities", "date": "2026-11-01", "players": ["Ana", "Ben"],
              "totals": {"Ana": 1, "Ben": 2}, "ranks": {"Ana": 2, "Ben": 1}},
             {"id": 2, "game": "lost-cities", "date": "2026-11-02", "players": [" ana", "Ben"],
              "totals": {" ana": 3, "Ben": 2}, "ranks": {" ana": 1, "Ben": 2}}]
    doc = exports.bgstats_doc(plays)
    assert [p["name"] for p in doc["players"]] == ["Ana", "Ben"]
    assert doc["players"][0]["uuid"] == exports.uuid_of("player", "ana")
    assert [s["playerRefId"] for p in doc["plays"] for s in p["playerScores"]] == [1, 2, 1, 2]


def timed(doc, start="2026-11-29T20:15:00+01:00", pause_after=None):
    """The session document with its answers given a minute apart from `start`, and a pause of 45 minutes after
    the answer `pause_after` (0-based)."""
    moment = datetime.fromisoformat(start)
    entries = []
    for n, entry in enumerate(doc["entries"]):
        entries.append({**entry, "time": moment.isoformat()})
        moment += timedelta(minutes=46 if n == pause_after else 1)
    return {**doc, "entries": entries}


def test_start_player_and_minutes_of_a_guided_game(store):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    session, _prompter, _text = run(store, session_id, ["Ben"] + [a for game in LC11_TYPED for a in game])
    doc = timed(session.doc)
    play = exports.play_of(Session(doc, session.game, session_id))
    assert (play["start"], play["minutes"], play["rounds"]) == ("Ben", len(doc["entries"]) - 1, 3)
    data = exports.push_data(play)
    assert [(p["name"], p.get("startPlayer", False)) for p in data["players"]] == [("Ana", False), ("Ben", True)]
    assert data["durationMin"] == play["minutes"] > 0  # a length known: written (left out, BG Stats takes 0)
    assert exports.bgstats_doc([play])["plays"][0]["playerScores"][1]["startPlayer"] is True


def test_the_plays_length_leaves_out_pauses_of_over_half_an_hour(store):
    # issue 22: durationMin was always 0; the first answer's time is the play's date
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    session, _prompter, _text = run(store, session_id, ["Ben"] + [a for game in LC11_TYPED for a in game])
    doc = timed(session.doc, pause_after=10)  # a 46-minute pause (dinner): not play
    minutes = len(doc["entries"]) - 2
    play = exports.play_of(Session(doc, session.game, session_id))
    assert play["minutes"] == minutes
    assert exports.push_data(play)["durationMin"] == minutes
    assert exports.bgstats_doc([play])["plays"][0]["durationMin"] == minutes
    untimed = {**doc, "entries": [{k: e[k] for k in ("at", "value")} for e in doc["entries"]]}
    assert exports.play_of(Session(untimed, session.game, session_id))["minutes"] == 0  # not known


def test_show_says_how_long_the_game_was_played(store, tmp_path):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    session, _prompter, _text = run(store, session_id, ["Ben"] + [a for game in LC11_TYPED for a in game])
    assert "; played for under a minute\n" in ok("show", session_id)  # a game typed by a script: seconds
    last = len(session.doc["entries"]) - 1

    def spread(minutes, pause_after=None):  # the answers spread evenly over `minutes`, and a pause of an hour
        def change(doc):
            start = datetime.fromisoformat("2026-11-29T20:00:00+01:00")
            for n, entry in enumerate(doc["entries"]):
                late = timedelta(hours=1) if pause_after is not None and n > pause_after else timedelta()
                entry["time"] = (start + late + timedelta(minutes=round(minutes * n / last))).isoformat()
        store.update(session_id, change)

    spread(85)
    assert "; 3 games planned; played for 1 h 25 min\n" in ok("show", session_id)
    spread(30, pause_after=10)  # the gap of the pause (an hour and a minute) is not play
    assert f"; played for {round(30 - 30 / last)} min\n" in ok("show", session_id)
    spread(120)
    assert "; played for 2 h\n" in ok("show", session_id)
    (imported,) = stored(tmp_path, DATED)
    assert "played for" not in ok("show", imported)  # a table file: when its answers came is not known


# --- bgstats-url -------------------------------------------------------------------------------------------

def test_push_link_decodes_back_to_the_spec_json(database, tmp_path):
    (sid,) = stored(tmp_path, DATED)
    url = ok("export", sid, "--format", "bgstats-url").strip()
    assert " " not in url and '"' not in url
    data = decoded(url)
    assert list(data) == ["sourceName", "sourcePlayId", "playDate", "game", "players"]  # no duration known: none
    assert data["sourceName"] == "scorepad" and data["playDate"] == "2026-11-29 19:15:00"
    assert data["game"] == {"name": "Lost Cities", "bggId": 50, "sourceGameId": "lost-cities"}
    assert data["players"] == [{"name": "Ana", "score": 66}, {"name": "Ben", "score": 136, "winner": True}]


# What BG Stats takes for a field left out: its exports write a play's ranks as 0 (tests/data/bgstats-export.json),
# the places its scores give; a new game's highest score wins and it has points; nobody won or started.
@pytest.mark.parametrize("table, players", [
    (DATED, [{"name": "Ana", "score": 66}, {"name": "Ben", "score": 136, "winner": True}]),
    # Ava and Ben level on $90,000: Ben's 4 shop tiles to Ava's 3 place him first, which the scores do not say
    (LEVEL, [{"name": "Ava", "score": 90000, "rank": 2}, {"name": "Ben", "score": 90000, "rank": 1, "winner": True},
             {"name": "Cai", "score": 60000, "rank": 3}]),
    # level on every figure the rules look at: the place is shared, as the scores say
    ({**LEVEL, "rounds": [{p: {"businesses": [{"type": "photo", "tiles": 1}]} for p in ("Ava", "Ben", "Cai")}]},
     [{"name": p, "score": 60000, "winner": True} for p in ("Ava", "Ben", "Cai")]),
])
def test_push_link_leaves_out_what_bg_stats_takes_by_default(database, tmp_path, table, players):
    (sid,) = stored(tmp_path, table)
    data = decoded(ok("export", sid, "--format", "bgstats-url").strip())
    assert "durationMin" not in data and data["game"] == {"name": by_slug(table["game"]).bgg_name,
                                                          "bggId": by_slug(table["game"]).bgg_id,
                                                          "sourceGameId": table["game"]}
    assert data["players"] == players


def test_push_link_keeps_persian_names_whole(database, tmp_path):
    table = {**DATED, "players": ["علی‌رضا", "Ben"],
             "rounds": [{"علی‌رضا": r["Ana"], "Ben": r["Ben"]} for r in LC11["rounds"]]}
    (sid,) = stored(tmp_path, table)
    assert decoded(ok("export", sid, "--format", "bgstats-url").strip())["players"][0]["name"] == "علی‌رضا"


@pytest.mark.parametrize("args, code, message", [
    (["--all", "--format", "bgstats-url"], 2, "--format bgstats-url is the link of one game"),
    (["1", "--format", "xml"], 2, "--format takes table, csv, bgstats or bgstats-url, not 'xml'"),
    (["1", "--format", "csv", "--qr"], 2, "--qr draws one game's link in the terminal"),
])
def test_refusals(database, tmp_path, args, code, message):
    stored(tmp_path, DATED)
    result = invoke("export", *args)
    assert result.exit_code == code and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("format", ["csv", "bgstats", "bgstats-url"])
def test_a_game_in_progress_is_not_exported_for_other_programs(store, format):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    result = invoke("export", session_id, "--format", format)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (f"Error: session {session_id} is not finished: --format {format} writes finished games "
                             f"only (carry on with: scorepad resume {session_id})\n")


def test_export_o_writes_and_replaces_only_its_own_kind(database, tmp_path):
    (sid,) = stored(tmp_path, DATED)
    target = tmp_path / "plays.json"
    ok("export", sid, "--format", "bgstats", "-o", target)
    ok("export", sid, "--format", "bgstats", "-o", target)  # ours: replaced
    real = tmp_path / "BGStatsExport.json"
    real.write_text(json.dumps(REAL))
    result = invoke("export", sid, "--format", "bgstats", "-o", real)  # a player's own backup: never without --force
    assert result.exit_code == 1 and "is not a scorepad BG Stats file" in result.stderr
    assert json.loads(real.read_text()) == REAL
    sheet = tmp_path / "plays.csv"
    ok("export", "--all", "--format", "csv", "-o", sheet)
    assert sheet.read_text().startswith("session,date,game,bgg_id,")
    ok("export", "--all", "--format", "csv", "-o", sheet)


# --- QR codes ------------------------------------------------------------------------------------------------

def terminal_png(lines, path, scale=4):
    """The half-block picture as a terminal shows it (black ink on white), one module = scale × scale pixels."""
    from PIL import Image

    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
    width = len(plain[0])
    image = Image.new("L", (width * scale, len(plain) * 2 * scale), 255)
    for y, line in enumerate(plain):
        assert len(line) == width and set(line) <= set("▀▄█ ")
        for x, ch in enumerate(line):
            for half, dark in ((0, ch in "▀█"), (1, ch in "▄█")):
                if dark:
                    image.paste(0, (x * scale, (2 * y + half) * scale, (x + 1) * scale, (2 * y + half + 1) * scale))
    image.save(path)
    return path


@NEEDS_ZBAR
@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ava", "Ben", "Cai", "Dee", "Eve"]])
def test_the_terminal_picture_decodes_to_the_link(tmp_path, players):
    play = {"id": 1, "game": "chinatown", "date": "2026-11-29T20:15:00+01:00", "players": players,
            "totals": {p: 10000 * n for n, p in enumerate(players)}, "ranks": {p: len(players) - n
                                                                            for n, p in enumerate(players)}}
    url = exports.push_url(play)
    lines = qr.lines(qr.modules(url))
    # black ink (30, 256-colour 16) on white (47, 231) on every line, whatever the terminal's theme, then reset
    assert all(line.startswith(qr.COLOURS) and line.endswith(qr.RESET) for line in lines)
    assert "30;47" in qr.COLOURS and "38;5;16;48;5;231" in qr.COLOURS
    assert zbar(terminal_png(lines, tmp_path / "code.png")) == (0, url)
    assert len(lines[0].replace(qr.COLOURS, "").replace(qr.RESET, "")) == qr.width(qr.modules(url))


def _sheet_code(tmp_path, *args):
    """What zbarimg reads on the sheet's pages printed at 150 dpi, a cheap printer's or a phone photo's detail: the
    first page (the code beside the header) and the last (the code under the tables)."""
    import pypdf

    pdf = tmp_path / "sheet.pdf"
    ok("sheet", *args, "-o", pdf, "--force")
    last = len(pypdf.PdfReader(pdf).pages)
    for page in sorted({1, last}):
        subprocess.run(["pdftoppm", "-png", "-r", "150", "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                        str(tmp_path / "page")], check=True)
        code = zbar(tmp_path / "page.png")
        if code[0] != 4:  # 4: no code there
            return code
    return code


# The longest link a table makes: five players of long names in three scripts, a Chinatown game's dollars.
LONGEST = {"game": "chinatown", "players": ["Александра Петрова", "Bartholomew Fitzgerald", "علی‌رضا محمدی",
                                            "王小明", "Константин Попов"],
           "rounds": [{p: {"businesses": [{"type": kind, "tiles": 2}]} for p, kind in
                       zip(["Александра Петрова", "Bartholomew Fitzgerald", "علی‌رضا محمدی", "王小明", "Константин Попов"],
                           ["photo", "seafood", "florist", "laundry", "factory"])}]}
# The sheets a variant or a module lays out otherwise (docs/table-format.md's examples): London without its poverty
# table, Chinatown's four seasons, a sixth expedition, a solo line with its objectives and powers.
VARIED = {
    "flat-penalties": {"game": "london-2e", "variants": ["flat-penalties"], "players": ["Ana", "Ben"], "final": {
        "Ana": {"card_vp": 15, "bonus": 0, "debt": 4, "poverty": 2},
        "Ben": {"card_vp": 12, "bonus": 3, "debt": 0, "poverty": 5}}},
    "four-seasons": {"game": "chinatown", "variants": ["four-seasons"], "players": ["Ana", "Ben", "Cy"], "rounds": [
        {"Ana": {"spent": 12000, "built": ["restaurant", "laundry"]}, "Ben": {"spent": 0, "built": ["restaurant"]},
         "Cy": {"spent": 5000, "built": []}}]},
    "purple": {"game": "lost-cities", "variants": ["purple"], "players": ["Ana", "Ben"], "rounds": [
        {"Ana": {"purple": ["W", 4, 6, 7, 9], "red": [2, 5, 8]},
         "Ben": {"purple": [2, 3, 5], "yellow": ["W", 6, 7, 8, 10]}}]},
    "solo": {"game": "next-station-london", "players": ["Solo"], "modules": ["objectives", "powers"], "rounds": [
        {"Solo": {"districts": 6, "stations": 4, "thames": 0, "tourist": 2}},
        {"Solo": {"districts": 5, "stations": 5, "thames": 1, "tourist": 2}},
        {"Solo": {"districts": 5, "stations": 3, "thames": 3, "tourist": 2}},
        {"Solo": {"districts": 6, "stations": 5, "thames": 0, "tourist": 2}}],
        "final": {"Solo": {"interchanges": {"2": 4, "3": 1, "4": 1}, "objectives": 1}}},
}


@NEEDS_ZBAR
@NEEDS_PDFTOPPM
# Each template (London's two editions on one), each language: the mirrored sheets put the code at the left, and
# the code is at the top of the first page or, where the tables leave room, at the bottom of the last.
@pytest.mark.parametrize("lang", ["en", "fa", "ar", "zh-Hant", "ru"])
@pytest.mark.parametrize("slug", [*sorted(TABLES), "longest", *VARIED])
def test_the_filled_sheet_carries_the_link_as_a_qr_code(database, tmp_path, monkeypatch, slug, lang):
    monkeypatch.setenv("SCOREPAD_LANG", lang)
    played = LONGEST if slug == "longest" else VARIED.get(slug) or TABLES[slug]
    (sid,) = stored(tmp_path, {**played, "date": "2026-11-29"})
    url = ok("export", sid, "--format", "bgstats-url").strip()
    if slug == "lost-cities" and lang == "en":
        assert _sheet_code(tmp_path, sid) == (0, url)
    table = tmp_path / "t0.json"  # the file it was imported from: the same play, the same link
    assert _sheet_code(tmp_path, "--table", table) == (0, url)


@NEEDS_ZBAR
@NEEDS_PDFTOPPM
def test_a_blank_pad_and_a_game_in_progress_have_no_code(database, tmp_path, store):
    assert _sheet_code(tmp_path, "lost-cities", "--blank")[0] == 4  # zbarimg: no symbol found
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    with pytest.raises(Aborted):  # stopped after game 1: a session in progress
        run(store, session_id, ["Ana"] + LC11_TYPED[0] + [Aborted])
    assert _sheet_code(tmp_path, session_id)[0] == 4


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_the_code_leaves_every_box_of_the_sheet_alone(slug, monkeypatch):
    """Top corner: the header beside it is narrower and the first table starts below it; bottom corner of the
    last page (where the tables leave room for it): below the last table."""
    from scorepad import sheets
    from scorepad.sheets import sheet as layout

    seen = {"tables": []}
    draw_section, draw_qr = layout.Sheet.draw_section, layout.Sheet.draw_qr

    def section(self, grid):
        if self.pen.dry:  # the layout without the code that tells where it fits (nothing drawn)
            return draw_section(self, grid)
        if (self.data.get("grids") or {}).get(grid.get("key")):
            seen["tables"].append((self.pages, self.y))
        draw_section(self, grid)
        seen["end"] = (self.pages, self.y)

    def code(self, top):
        draw_qr(self, top)
        seen["code"] = (top, self.pages, self.qr_bottom, self.qr_side(), self.qr_room)

    monkeypatch.setattr(layout.Sheet, "draw_section", section)
    monkeypatch.setattr(layout.Sheet, "draw_qr", code)
    game = by_slug(slug)
    session = Session(doc_from_table(TABLES[slug], game), game)
    data = game.sheet(session.score(), players=session.players)
    data["qr"] = {"modules": qr.modules(exports.push_url(exports.play_of(session))), "caption": "Scan"}
    sheets.render(sheets.load_template(game.template), data, io.BytesIO())
    top, page, bottom, side, room = seen["code"]
    assert side / (len(data["qr"]["modules"]) + 8) >= 0.5 * layout.MM - 1e-6  # a module: half a millimetre or more
    if top:  # top corner of page 1
        assert page == 1 and room == pytest.approx(side + layout.QR_GAP_MM * layout.MM, abs=side * 0.2)
        assert seen["tables"][0][0] > 1 or seen["tables"][0][1] <= bottom
    else:  # bottom corner of the last page, under its last table
        assert page == seen["end"][0] and room == 0
        code_top = layout.MM * 10 + side  # margin (at most 10 mm) + caption below the code
        assert seen["end"][1] > code_top


@pytest.mark.parametrize("answer, drawn", [(True, True), (False, False), (None, False)])  # None: Enter, no
def test_end_of_game_on_a_terminal_offers_the_code_default_no(store, answer, drawn):
    shown = []
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    answers = ["Ben"] + [a for game in LC11_TYPED for a in game] + [answer]
    _session, prompter, _text = run(store, session_id, answers, show_code=shown.append)
    assert prompter.asked[-1] == "Show a QR code that adds this play to BG Stats on a phone?"
    assert [s.id for s in shown] == ([session_id] if drawn else [])


def test_a_terminal_too_small_for_the_code_is_told_once_not_offered_it(store):
    # issue 29, point 12: at 80×24 the end of a game offered the code, then only said the size it needs
    shown = []
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    answers = ["Ben"] + [a for game in LC11_TYPED for a in game]
    _session, prompter, text = run(store, session_id, answers, show_code=shown.append,
                                   code_refusal=lambda session: "The QR code needs a terminal of 77 × 42")
    assert "Show a QR code that adds this play to BG Stats on a phone?" not in prompter.asked and not shown
    assert text.count("The QR code needs a terminal of 77 × 42") == 1


def test_no_code_offered_off_a_terminal(store):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    _session, prompter, _text = run(store, session_id, ["Ben"] + [a for game in LC11_TYPED for a in game])
    assert prompter.asked[-1] == "Game 3 · Ben · Red:"


def test_the_code_drawn_in_the_terminal_is_the_link(database, tmp_path, monkeypatch):
    (sid,) = stored(tmp_path, DATED)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: __import__("os").terminal_size((120, 60)))
    result = invoke("export", sid, "--format", "bgstats-url", "--qr")
    url = ok("export", sid, "--format", "bgstats-url").strip()
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and lines[-1].startswith("Scan it with a phone that has BG Stats")
    if shutil.which("zbarimg"):
        assert zbar(terminal_png([line for line in lines if line and set(line) <= set("▀▄█ ")],
                                 tmp_path / "cli.png")) == (0, url)


def test_show_code_in_a_narrow_terminal_says_so(database, tmp_path, monkeypatch, capsys):
    (sid,) = stored(tmp_path, DATED)
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback=None: __import__("os").terminal_size((60, 80)))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # a terminal 60 columns wide (and tall enough)
    printing.show_code(session_of(__import__("scorepad.store", fromlist=["Store"]).Store(database).get(sid), sid))
    out = capsys.readouterr().out
    assert re.fullmatch(r"The QR code needs a terminal \d+ columns wide \(this one has 60\): widen it and run "
                        rf"scorepad export {sid} --format bgstats-url --qr\n", out)


@pytest.mark.parametrize("columns", [60, 120])
def test_show_code_in_a_short_terminal_says_the_height_it_needs(database, tmp_path, monkeypatch, capsys, columns):
    (sid,) = stored(tmp_path, DATED)
    side = qr.width(qr.modules(ok("export", sid, "--format", "bgstats-url").strip()))
    session = session_of(Store(database).get(sid), sid)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    caption = f"Scan it with a phone that has BG Stats: the play opens there, ready to save. The link: " \
              f"scorepad export {sid} --format bgstats-url"
    # two module rows a line, the caption's lines, and the shell prompt's line under them
    needed = (side + 1) // 2 + -(-len(caption) // columns) + 1
    for lines, drawn in ((needed - 1, False), (needed, columns >= side)):
        monkeypatch.setattr(shutil, "get_terminal_size",
                            lambda fallback=None, size=(columns, lines): __import__("os").terminal_size(size))
        printing.show_code(session)
        out = capsys.readouterr().out
        if drawn:
            assert out.count("\n") == (side + 1) // 2 + 1 and out.endswith(caption + "\n")
        elif lines < needed:
            assert out == (f"The QR code needs a terminal of {side} × {needed} (columns × lines; this one has "
                           f"{columns} × {lines}): enlarge it and run scorepad export {sid} "
                           "--format bgstats-url --qr\n")
        else:
            assert out.startswith(f"The QR code needs a terminal {side} columns wide (this one has {columns})")
        if not drawn:  # what `export --qr` was asked for alone: an error, not a note
            with pytest.raises(ScorepadError, match="^The QR code needs a terminal"):
                printing.show_code(session, asked=True)


def test_a_play_from_the_index_is_the_play_scored_again(database, tmp_path, store):
    ids = stored(tmp_path, *[{**table, "date": "2026-11-29"} for table in TABLES.values()])
    summaries = store.summaries()
    for sid in ids:
        session = session_of(store.get(sid), sid)
        assert exports.play_of(session, summaries[sid]) == exports.play_of(session)


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("slug, rounds", [(slug, None) for slug in sorted(TABLES)] + [("lost-cities", 14)])
def test_the_layout_without_the_code_ends_where_the_drawn_sheet_ends(slug, rounds, lang):
    """Where the code goes is decided by laying the sheet out with nothing drawn (Sheet.layout_end): its
    tables end on the page and at the height where those of the same sheet drawn without the code end (a blank
    pad of 14 games: on a later page), and the layout leaves the sheet as it found it."""
    from scorepad import i18n, sheets
    from scorepad.sheets.sheet import Sheet

    game = by_slug(slug)
    if rounds:
        data = game.sheet(None, players=["", ""], rounds=rounds)
    else:
        session = Session(doc_from_table(TABLES[slug], game), game)
        data = game.sheet(session.score(), players=session.players)
    template = sheets.load_template(game.template)
    i18n.use(lang)
    try:
        drawn = Sheet(template, {**data, "qr": {"caption": "Scan"}}, io.BytesIO(), True)
        drawn.draw_header()
        drawn.draw_fields()
        for grid in template.get("grids", []):
            drawn.draw_section(grid)
        data["qr"] = {"modules": qr.modules("https://example.com/" + "x" * 150), "caption": "Scan"}
        sheet = Sheet(template, data, io.BytesIO(), True)
        canvas, y = sheet.pen.c, sheet.y
        assert sheet.layout_end() == (drawn.pages, pytest.approx(drawn.y))
        assert (sheet.pen.c, sheet.y, sheet.pages, sheet.pen.dry, sheet.qr_room) == (canvas, y, 1, False, 0.0)
    finally:
        i18n.use(i18n.ENGLISH)
    assert rounds is None or drawn.pages > 1


def test_the_code_is_segnos():
    """qr.modules is segno.make's matrix: a QR code at level L, never boosted (the smallest code for a link)."""
    import segno

    url = "https://example.com/" + "x" * 150
    made = segno.make(url, error="L", micro=False, boost_error=False)
    assert qr.modules(url) == [[bool(c) for c in row] for row in made.matrix]


@pytest.mark.parametrize("kind, key, expected", [("play", "1", "f620833d-0385-5920-a621-bcec2966b928"),
                                                ("player", "آنا", "427cf18c-dd4c-5897-88df-c576b703fbbf"),
                                                ("player", "王小明", "d43b282f-9f8a-5117-b8e1-30637a315c90"),
                                                ("game", "lost-cities", "a3cf5897-437c-549f-aef4-a787339e944c")])
def test_the_uuids_stay_those_bg_stats_keeps(kind, key, expected):
    # BG Stats keeps a play's uuid: a new one would make a second import add the play again instead of updating it.
    assert str(exports.NAMESPACE) == "4ce841fd-a2e1-5c70-9ccc-97cd5af97115"
    assert exports.uuid_of(kind, key) == expected
