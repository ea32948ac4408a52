"""Issue 23: a session file changed by a hand — a field of the wrong type, a file put back from a copy. Every command
says so in one line or works; none ends in a traceback, and one damaged session never stops `list` for the others."""

import json
import os
import time

import pytest
from conftest import LC11, TABLES, invoke

from scorepad.store import Store
from scorepad.table.summary import summarize


def session_file(database, doc_id=1):
    return database.with_name("scorepad.json.d") / "sessions" / f"{doc_id // 256:04d}" / f"{doc_id}.json"


def hand_edit(database, doc_id, **fields):
    path = session_file(database, doc_id)
    held = json.loads(path.read_text())
    held["session"][str(doc_id)].update(fields)
    path.write_text(json.dumps(held))


def works_or_says_why(*args):
    result = invoke(*args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code:
        assert result.exit_code == 1 and result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, \
            result.stderr
    return result


@pytest.fixture
def two_sessions(tmp_path, database):
    for slug in ("lost-cities", "chinatown"):
        path = tmp_path / f"{slug}.json"
        path.write_text(json.dumps({**TABLES[slug], "date": "2026-11-29"}))
        assert invoke("import", path).exit_code == 0
    return database


# --- 5. hand-edited fields of the wrong type ----------------------------------------------------------------------

WRONG = [("created", -1), ("created", [None]), ("created", "x"), ("created", "0001-01-01T00:00:00+23:59"),
         ("date", True), ("updated", {}), ("variants", [None]), ("variants", -1), ("players", [None]),
         ("modules", [1]), ("seed", "x"), ("rounds_planned", "x"), ("edit", -1), ("edit", {"at": ["rounds"]})]
COMMANDS = [["show", 1], ["score", 1], ["export", 1], ["export", 1, "--format", "bgstats-url"], ["list"],
            ["list", "--json"], ["stats"], ["players"], ["export", "--all", "--format", "bgstats"],
            ["export", "--all", "--format", "csv"], ["undo", 1, "--yes"]]


@pytest.mark.no_travel
@pytest.mark.parametrize("field, value", WRONG, ids=[f"{field}={value!r}" for field, value in WRONG])
def test_a_field_of_the_wrong_type_is_named_and_the_rest_still_lists(two_sessions, tmp_path, field, value):
    hand_edit(two_sessions, 1, **{field: value})
    shown = works_or_says_why("show", 1)
    assert shown.exit_code == 1 and shown.stderr.startswith(f"Error: session 1 in the database is damaged ({field}")
    renamed = works_or_says_why("players", "rename", "Ben", "Benny")  # every session checked before any is written
    assert renamed.exit_code == 1 and renamed.stderr == shown.stderr
    assert works_or_says_why("sheet", 1, "-o", tmp_path / "s.pdf").exit_code == 1
    for args in COMMANDS:
        works_or_says_why(*args)
    Store(two_sessions, summarize=summarize).update(1, lambda doc: None)  # one write to it: made into its summary
    for args in COMMANDS:
        works_or_says_why(*args)
    listed = works_or_says_why("list")
    assert listed.exit_code == 0 and "chinatown" in listed.stdout and "?" in listed.stdout, listed.stdout
    assert [row["id"] for row in json.loads(works_or_says_why("list", "--json").stdout)] == [2, 1]


# --- 5. a session file put back from a copy ------------------------------------------------------------------------

@pytest.mark.no_travel
@pytest.mark.parametrize("first", [["export", "--all", "--format", "bgstats"], ["export", "--all"]])
def test_a_session_file_put_back_after_a_rename_is_read_as_it_is(tmp_path, database, first):
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(LC11))
    assert invoke("import", table).exit_code == 0
    copy = session_file(database).read_bytes()
    assert invoke("players", "rename", "Ana", "Anna").exit_code == 0
    session_file(database).write_bytes(copy)  # put back from the copy: Ana again, the index says Anna
    done = works_or_says_why(*first)
    assert done.exit_code == 0 and '"Ana"' in done.stdout and "Anna" not in done.stdout
    played = json.loads(works_or_says_why("export", "--all", "--format", "bgstats").stdout)
    assert [p["name"] for p in played["players"]] == ["Ana", "Ben"]
    assert [(s["score"], s["winner"]) for s in played["plays"][0]["playerScores"]] == [("66", False), ("136", True)]
    assert json.loads(works_or_says_why("list", "--json").stdout)[0]["players"] == ["Ana", "Ben"]
    assert "Anna" not in works_or_says_why("players").stdout
    assert Store(database, summarize=summarize).summaries()[1]["players"] == ["Ana", "Ben"]


def test_a_summary_of_other_players_is_not_taken_for_the_sessions(database, tmp_path):
    """Where the summary cannot be made again (a read-only disk, a busy lock), BG Stats' play is scored from the
    session, not read from a summary that names other players."""
    from scorepad import exports
    from scorepad.table import session_of

    table = tmp_path / "lc.json"
    table.write_text(json.dumps(LC11))
    assert invoke("import", table).exit_code == 0
    store = Store(database, summarize=summarize)
    stale = {**store.summaries()[1], "players": ["Anna", "Ben"], "totals": {"Anna": 1, "Ben": 2},
             "ranks": {"Anna": 2, "Ben": 1}}
    play = exports.play_of(session_of(store.get(1), 1), stale)
    assert (play["totals"], play["winners"]) == ({"Ana": 66, "Ben": 136}, ["Ben"])


@pytest.mark.no_travel
@pytest.mark.parametrize("edit", ["rename", "score"])
def test_a_session_file_edited_by_hand_is_read_as_it_is(tmp_path, database, edit):
    """Its stamp names the summary the index holds, but no longer its session: the summary is made again from the
    file, as for a file put back from a copy."""
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(LC11))
    assert invoke("import", table).exit_code == 0
    path = session_file(database)
    text = path.read_text()
    if edit == "rename":  # Ben becomes Bo, in the players and in every entry
        text, players, scores = text.replace('"Ben"', '"Bo"'), ["Ana", "Bo"], [("66", False), ("136", True)]
    else:  # Ben's white expedition of the first round taken out: 136 becomes 95
        text, players, scores = (text.replace('"value":["W","W",2,3,4,5,6,7]', '"value":[]'), ["Ana", "Ben"],
                                 [("66", False), ("95", True)])
    assert text != path.read_text()
    path.write_text(text)
    played = json.loads(works_or_says_why("export", "--all", "--format", "bgstats").stdout)
    assert [p["name"] for p in played["players"]] == players
    assert [(s["score"], s["winner"]) for s in played["plays"][0]["playerScores"]] == scores
    summary = Store(database, summarize=summarize).summaries()[1]
    assert summary["players"] == players and summary["totals"] == {players[0]: 66, players[1]: int(scores[1][0])}
    assert json.loads(works_or_says_why("list", "--json").stdout)[0]["players"] == players


EDGE_TIMES = ["0001-01-01T00:00:00", "9999-12-31T23:59:59", "0001-01-01T00:00:00+23:59", -1, None, "x"]


@pytest.fixture
def local_time():
    """Sets the local time zone (TZ) of this process for the test, as a person's machine has it."""
    before = os.environ.get("TZ")

    def to(zone):
        os.environ["TZ"] = zone
        time.tzset()

    yield to
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.no_travel
@pytest.mark.parametrize("zone", ["UTC", "Asia/Tehran", "America/New_York"])
@pytest.mark.parametrize("stamp", EDGE_TIMES, ids=map(repr, EDGE_TIMES))
def test_an_answers_time_edited_by_hand_is_left_out_of_the_plays_length(two_sessions, local_time, zone, stamp):
    """scorepad stamps each answer with its time (the play's length); one edited by hand to a date Python cannot
    bring into the local time is no time at all, as one that is no date."""
    path = session_file(two_sessions, 1)
    held = json.loads(path.read_text())
    for number, entry in enumerate(held["session"]["1"]["entries"]):
        entry["time"] = stamp if number == 0 else f"2026-11-29T20:{number:02d}:00+01:00"
    path.write_text(json.dumps(held))
    local_time(zone)
    assert works_or_says_why("show", 1).exit_code == 0
    assert works_or_says_why("export", "--all", "--format", "bgstats").exit_code == 0
    assert works_or_says_why("export", 1, "--format", "bgstats-url").exit_code == 0
