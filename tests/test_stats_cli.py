"""`scorepad stats` through the command line: the tables, the filters, --json's exact shape, the errors."""

import json

import pytest

from conftest import LC11, TABLES, invoke, ok
from scorepad.games import by_slug
from scorepad.table.travel import doc_from_table
from scorepad.store import Store
from scorepad.table.summary import summarize
from test_history import HISTORY


@pytest.fixture
def history(database):
    store = Store(database, summarize=summarize)
    store.insert_many([doc_from_table(table, by_slug(table["game"])) for table in HISTORY])
    store.insert(doc_from_table({**LC11, "date": "2026-04-01"}, by_slug("lost-cities")))
    return store


def test_nothing_played_yet_is_one_friendly_line():
    assert ok("stats") == "No finished games yet. Play one: scorepad play GAME --players NAME NAME\n"
    assert json.loads(ok("stats", "--json")) == {"sessions": 0, "games": {}}


def test_a_game_in_progress_is_not_counted(database, terminal):
    from scorepad.table.changes import new_doc

    Store(database, summarize=summarize).insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    assert ok("stats") == "No finished games yet. Play one: scorepad play GAME --players NAME NAME\n"
    # Ana has a game in progress: she is known, with nothing finished yet
    assert ok("stats", "--player", "ana") == "No finished game matches.\n"


def test_the_json_is_exactly_the_spec_object(history):
    found = json.loads(ok("stats", "--json"))
    assert found["sessions"] == 6 and list(found["games"]) == ["lost-cities", "london-2e"]  # the registry's order
    assert found["games"]["lost-cities"] == {
        "sessions": 1,
        "players": {"Ben": {"sessions": 1, "wins": 1, "win_rate": 1.0, "mean": 136.0, "best": 136, "worst": 136},
                    "Ana": {"sessions": 1, "wins": 0, "win_rate": 0.0, "mean": 66.0, "best": 66, "worst": 66}},
        "head_to_head": {"Ben": {"Ana": {"won": 1, "lost": 0, "level": 0}},
                         "Ana": {"Ben": {"won": 0, "lost": 1, "level": 0}}}}
    london = found["games"]["london-2e"]
    # by wins, then win rate, then mean; Ana as she wrote her name last (the Lost Cities match of April)
    assert list(london["players"]) == ["Ben", "Ana", "Cy"]
    assert london["players"]["Ana"] == {"sessions": 4, "wins": 3, "win_rate": 0.75, "mean": 26.25, "best": 35,
                                        "worst": 15}
    assert london["head_to_head"]["Ana"] == {"Ben": {"won": 1, "lost": 1, "level": 1},
                                             "Cy": {"won": 2, "lost": 0, "level": 0}}


def test_json_never_changes_with_the_language(history):
    assert ok("--lang", "fa", "stats", "--json") == ok("stats", "--json") == ok("--lang", "zh-Hant", "stats",
                                                                                  "--json")


@pytest.mark.parametrize("args, sessions", [
    (["--game", "london-2e"], 5),
    (["--game", "lost-cities"], 1),
    (["--player", "ana"], 5),           # 4 London games and the Lost Cities match
    (["--player", "CY"], 3),
    (["--since", "2026-02-01"], 3),     # London s3 (a time and an offset) and s4, the match of 2026-04-01
    (["--since", "۲۰۲۶-۰۲-۰۱"], 3),     # Persian digits, as a Persian keyboard types them
    (["--since", "1900-01-01"], 5),     # the earliest year --since takes: every game of known date
    (["--since", "2026-03-02", "--game", "london-2e"], 0),
])
def test_filters(history, args, sessions):
    assert json.loads(ok("stats", *args, "--json"))["sessions"] == sessions


def test_the_tables(history):
    text = ok("stats")
    london = text[text.index("London (second edition, 2017) — 5 sessions"):]
    assert london.splitlines()[1:5] == [
        "  Player  Sessions  Wins  Win rate   Mean  Best  Worst",
        "  ──────  ────────  ────  ────────  ─────  ────  ─────",
        "  Ben            4     3    75.00%  33.75    50     20",
        "  Ana            4     3    75.00%  26.25    35     15"]
    assert "  Ben–Ana 1–1, 1 level\n  Ben–Cy 2–0\n  Ana–Cy 2–0\n" in london
    assert "  Highest score: Ben, 50 (session 5)\n" in london  # s5 has no date
    assert "  Biggest winning margin: Ben, by 25 (session 3, 2026-02-01)\n" in london
    assert ("  Longest winning streak: 2 wins in a row, by Ana (from session 1 to session 2); Ben (from session 2 to "
            "session 3)\n") in london
    assert "Poverty and loans (means per game):" in london
    assert text.startswith("Lost Cities — 1 session\n")
    assert "  Yellow   66.67%   0.00   7.00 (2)  −7.00 (2)           —" in text  # LC-11: Ana 20, 14; Ben 0, −34


def test_player_filter_shows_that_player_alone(history):
    text = ok("stats", "--player", " ana ", "--game", "london-2e")
    assert "  Ana            4     3    75.00%  26.25    35     15" in text and "  Ben  " not in text
    assert "Ana–Ben 1–1, 1 level" in text and "Ben–Cy" not in text


def test_next_station_solo_ratings_and_chinatown_money(database):
    store = Store(database, summarize=summarize)
    solo = {"game": "next-station-london", "players": ["Ana"], "modules": ["objectives"], "date": "2026-05-01",
            "rounds": [{"Ana": {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}}],
            "final": {"Ana": {"objectives": 1}}}
    for table in (solo, TABLES["chinatown"]):
        store.insert(doc_from_table(table, by_slug(table["game"])))
    text = ok("stats")
    assert "Solo ratings over time:" in text and "  2026-05-01  Ana        32      22" in text
    # Chinatown: dollars everywhere (Ava: 50,000 − 5,000 + 50,000; the year's income 50,000)
    assert "  Ava            1     1   100.00%  $95,000  $95,000  $95,000" in text
    assert "$50,000" in text.split("Cash and income (means per game):")[1]


@pytest.mark.parametrize("args, code, line", [
    (["--game", "azul"], 1, "Error: game: unknown game 'azul' (games: lost-cities, next-station-london, london-1e, "
                            "london-2e, chinatown)"),
    (["--player", "Zed"], 1, "Error: no player 'Zed' in the database (scorepad list shows who played)"),
    (["--since", "2026-13-01"], 2, "Error: --since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not '2026-13-01'"),
    (["--since", "yesterday"], 2, "Error: --since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not 'yesterday'"),
    (["--since", "2026-2-1"], 2, "Error: --since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not '2026-2-1'"),
    (["--since", "2026-02-30"], 2, "Error: --since takes a day as YYYY-MM-DD (e.g. 2026-11-29), not '2026-02-30'"),
    # A Persian player types today's day in the Persian calendar (1405-09-10 is 2026-12-01), an Arabic one may in
    # the Hijri: read as Gregorian, year 1405 would count every game, silently. Refused, and said why.
    (["--since", "۱۴۰۵-۰۹-۱۰"], 2, "Error: --since takes a day of the Gregorian calendar (YYYY-MM-DD, e.g. "
                                   "2026-11-29): '۱۴۰۵-۰۹-۱۰' would be the year 1405"),
    (["--since", "1448-06-10"], 2, "Error: --since takes a day of the Gregorian calendar (YYYY-MM-DD, e.g. "
                                   "2026-11-29): '1448-06-10' would be the year 1448"),
    # A Persian name keeps its ZWNJ in the message (repr() wrote it as \u200c)
    (["--player", "علی\u200cرضا"], 1, "Error: no player 'علی\u200cرضا' in the database (scorepad list shows who "
                                     "played)"),
])
def test_errors(history, args, code, line):
    result = invoke("stats", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (code, "", line + "\n")


def test_persian_and_chinese_show_no_english(history):
    for lang in ("fa", "zh-Hant"):
        text = ok("--lang", lang, "stats")
        for english in ("Player", "Sessions", "Head to head", "Records", "Highest", "streak", "Poverty", "level",
                        "session"):
            assert english not in text, (lang, english)
        assert "Ana" in text and "Ben" in text  # names as written
