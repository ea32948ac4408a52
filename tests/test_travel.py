"""The whole game travels: `export` writes the session, `import` gives back the same one (issue 9, point 3).

Every other test's sessions also go through `export --all` and `import` (conftest's `travels` fixture);
here: the refusals, bulk import, duplicates, dates, and games in progress resumed after the trip.
"""

import copy
import json
import shutil
from datetime import datetime

import pytest
from typer.testing import CliRunner

from conftest import LC11, LC11_TYPED, TABLES, run, table_part
from scorepad import cli
from scorepad.games import by_slug
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc
from scorepad.store import Store
from test_chinatown import E8, E8_TYPED, typed_year


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def error(*args):
    """Exit 1, nothing on stdout, one line on stderr."""
    result = invoke(*args)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == "" and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr


def write(path, value):
    path.write_text(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))
    return path


def stopped(store, session_id, answers):
    """Play the answers, then Ctrl-C at the next prompt: (everything printed, the prompts asked)."""
    lines = []
    prompter = ScriptedPrompter([*answers, Aborted()])
    with pytest.raises(Aborted):
        play(store, session_id, prompter, lines.append)
    return "\n".join(lines), prompter.asked


def same_session(a, b):
    for key in sorted(set(a) | set(b)):
        # The engine's count of changes, when each question moved, the phones' seats: an import starts afresh.
        if key not in ("schema", "source", "version", "moved", "phones"):
            assert a.get(key) == b.get(key), key


def lc11_in_progress(store, answers=13):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None, seed=5))
    stopped(store, session_id, ["Ben"] + [a for game in LC11_TYPED for a in game][:answers])
    return session_id


# --- a game in progress comes back in progress, at the same question ------------------------------------------

def test_a_chinatown_game_two_years_in_comes_back_two_years_in(tmp_path, database):
    here, there = Store(database), Store(tmp_path / "there.json")
    session_id = here.insert(new_doc(by_slug("chinatown"), E8[0], [], None, seed=7))
    two_years = 1 + sum(len(typed_year(E8[0], deals, owned)) for deals, owned in E8[1][:2])
    stopped(here, session_id, E8_TYPED[:two_years])
    ok("export", session_id, "-o", tmp_path / "game.json")
    exported = json.loads((tmp_path / "game.json").read_text())
    assert exported["session"]["status"] == "playing" and len(exported["rounds"]) == 2
    assert ok("--db", there.path, "import", tmp_path / "game.json") == "1\n"
    same_session(here.get(session_id), there.get(1))
    listed = ok("--db", there.path, "list")
    assert "playing" in listed and "won by" not in listed and "year 2 done (totals private)" in listed
    assert "; playing;" in ok("--db", there.path, "show", "1")
    scored = ok("score", "--table", tmp_path / "game.json")
    assert "(in progress" in scored and "Fay leads with $164,000." in scored and "wins" not in scored
    assert json.loads(ok("score", "--table", tmp_path / "game.json", "--json"))["finished"] is False
    assert stopped(here, session_id, []) == stopped(there, 1, [])  # the same guide and question, 1967


def test_a_next_station_london_game_in_progress_shows_the_same_next_card(tmp_path, database):
    here, there = Store(database), Store(tmp_path / "there.json")
    session_id = here.insert(new_doc(by_slug("next-station-london"), ["Ana", "Ben"], [], None,
                                     modules=["objectives", "powers"], seed=22))
    stopped(here, session_id, ["scorepad draws", "Ana", "Digital deck", "", ""])  # two cards turned in round 1
    ok("export", session_id, "-o", tmp_path / "game.json")
    assert ok("--db", there.path, "import", tmp_path / "game.json") == "1\n"
    assert json.loads((tmp_path / "game.json").read_text())["modules"] == ["objectives", "powers"]
    text, asked = stopped(there, 1, [])
    assert (text, asked) == stopped(here, session_id, [])
    assert "Turn 2: " in text  # the card last shown, then the question about the third


def test_a_solo_game_keeps_its_modules_and_so_its_rating(tmp_path, database):
    here = Store(database)
    session_id = here.insert(new_doc(by_slug("next-station-london"), ["Solo"], [], 1, modules=["objectives"]))
    run(here, session_id, ["scorepad draws", None, "Physical cards", "13", "9", "6", "0", "", "", False])
    rating = "Solo rating: 129 − 10 (1 module) = 119 → band 106–120."
    assert rating in ok("show", session_id)
    ok("export", session_id, "-o", tmp_path / "solo.json")
    assert ok("--db", tmp_path / "there.json", "import", tmp_path / "solo.json") == "1\n"
    assert rating in ok("--db", tmp_path / "there.json", "show", "1")


def test_undo_after_the_trip_takes_back_the_same_answer(tmp_path, database):
    session_id = lc11_in_progress(Store(database))
    ok("export", session_id, "-o", tmp_path / "game.json")
    ok("--db", tmp_path / "there.json", "import", tmp_path / "game.json")
    assert ok("--db", tmp_path / "there.json", "undo", "1") == ok("undo", session_id).replace(
        f"resume {session_id}", "resume 1")


def test_a_session_with_no_answer_yet_travels_too(tmp_path, database):
    Store(database).insert(new_doc(by_slug("london-2e"), ["Ana", "Ben"], [], None, seed=1))
    exported = json.loads(ok("export", "1"))
    assert exported["session"]["log"] == [] and exported["session"]["rounds_planned"] is None
    ok("--db", tmp_path / "there.json", "import", write(tmp_path / "g.json", exported))
    same_session(Store(database).get(1), Store(tmp_path / "there.json").get(1))


# --- when each answer was given travels with it (issue 22, point 12) ---------------------------------------------

def test_each_answer_keeps_the_time_it_was_given_through_export_and_import(tmp_path, database):
    session_id = lc11_in_progress(Store(database))
    entries = Store(database).get(session_id)["entries"]
    assert entries and all(datetime.fromisoformat(e["time"]).tzinfo is not None for e in entries)
    exported = json.loads(ok("export", session_id))
    assert [e["time"] for e in exported["session"]["log"]] == [e["time"] for e in entries]
    ok("--db", tmp_path / "there.json", "import", write(tmp_path / "g.json", exported))
    assert Store(tmp_path / "there.json").get(1)["entries"] == entries


def test_a_log_without_times_still_imports(tmp_path, database):
    session_id = lc11_in_progress(Store(database))
    exported = json.loads(ok("export", session_id))
    for entry in exported["session"]["log"]:
        del entry["time"]  # a file written before the times were kept
    ok("--db", tmp_path / "there.json", "import", write(tmp_path / "g.json", exported))
    assert all("time" not in e for e in Store(tmp_path / "there.json").get(1)["entries"])


# --- what a file without a session block is ---------------------------------------------------------------------

def test_a_table_file_is_a_finished_game_played_on_its_date(tmp_path):
    ok("import", write(tmp_path / "dated.json", {**LC11, "date": "2026-11-29T20:15:00+01:00"}))
    ok("import", write(tmp_path / "undated.json", LC11))
    rows = ok("list").splitlines()
    assert "2026-11-29 20:15" in rows[2] and "finished" in rows[2]
    assert " — " in rows[3]  # no date: not the day of the import
    assert "Started on an unknown date; finished;" in ok("show", "2")
    assert json.loads(ok("export", "1"))["date"] == "2026-11-29T20:15:00+01:00"
    assert "date" not in json.loads(ok("export", "2")) and json.loads(ok("export", "2"))["session"]["created"] is None


def test_score_table_of_a_game_in_progress_leads(tmp_path, database):
    lc11_in_progress(Store(database))  # game 1 complete, game 2 under way
    path = tmp_path / "game.json"
    ok("export", "1", "-o", path)
    out = json.loads(ok("score", "--table", path, "--json"))
    assert out["finished"] is False and out["winners"] == ["Ben"] and len(out["standings"][0]["rounds"]) == 1
    assert ok("score", "--table", path).endswith("\nBen leads with 44.\n")
    assert json.loads(ok("score", "1", "--json")) == out
    ok("sheet", "--table", path, "-o", tmp_path / "game.pdf")
    from pypdf import PdfReader

    assert "(in progress)" in PdfReader(tmp_path / "game.pdf").pages[0].extract_text()


# --- refusals: nothing is stored ---------------------------------------------------------------------------------

@pytest.fixture
def exported(tmp_path, database):
    lc11_in_progress(Store(database))
    doc = json.loads(ok("export", "1"))
    database.unlink()  # the file is imported into an empty database
    shutil.rmtree(database.with_name(database.name + ".d"))
    return doc


def refused(tmp_path, database, doc, message):
    assert error("import", write(tmp_path / "bad.json", doc)) == f"Error: {message}\n"
    assert not database.exists()


def test_a_table_part_that_is_not_what_the_log_builds_is_refused(tmp_path, database, exported):
    doc = copy.deepcopy(exported)
    doc["rounds"][0]["Ben"]["red"] = [2, 3, 6]
    refused(tmp_path, database, doc, "round 1, player Ben, red: the table holds [2, 3, 6] but the session's log "
                                     "builds [2, 3, 5]")
    doc = copy.deepcopy(exported)
    doc["rounds"].append(doc["rounds"][0])
    assert error("import", write(tmp_path / "bad.json", doc)).startswith(
        'Error: round 2: the table holds {"Ana": {"yellow": ["W", 3, 4, 6, 8, 9], ')
    assert error("import", tmp_path / "bad.json").endswith("but the session's log builds nothing\n")
    assert not database.exists()
    doc = copy.deepcopy(exported)
    doc["final"] = {"Ana": {"bonus": 20}}
    refused(tmp_path, database, doc, 'final: the table holds {"Ana": {"bonus": 20}} but the session\'s log builds '
                                     'nothing')


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(notes="x"), "session: unknown key 'notes' (a session holds: status, rounds_planned, "
                                    "created, updated, seed, lang, log)"),
    (lambda s: s.update(status="paused"), "session status: 'paused' is not 'playing' or 'finished'"),
    (lambda s: s.update(seed="7"), "session seed: '7' is not a whole number 0 or more"),
    (lambda s: s.update(created="yesterday"), "session created: 'yesterday' is not an ISO 8601 date (e.g. "
                                              "2026-11-29 or 2026-11-29T20:15:00+01:00)"),
    (lambda s: s.update(rounds_planned=None), "session rounds_planned: missing: the number of rounds planned"),
    (lambda s: s["log"][1].update(time="yesterday"), "session log 2 time: 'yesterday' is not an ISO 8601 date (e.g. "
                                                     "2026-11-29 or 2026-11-29T20:15:00+01:00)"),
    (lambda s: s["log"][1].update(when="2026-11-29"), 'session log 2: must be {"at": [where], "value": answer}'),
    (lambda s: s.update(rounds_planned=0), "rounds: 0 rounds; Lost Cities takes 1–20"),
    (lambda s: s["log"].append({"at": ["rounds", 1, "Zoë", "red"], "value": [3]}),
     'session log 15: ["rounds", 1, "Zoë", "red"] is not a place in a Lost Cities table'),
    (lambda s: s["log"].append({"at": ["rounds", 1, "Ben", "red"]}),
     'session log 15: must be {"at": [where], "value": answer}'),
    (lambda s: s["log"].append(dict(s["log"][-1])),
     'session log 15: ["rounds", 1, "Ana", "white"] is answered twice'),
    (lambda s: s["log"].append({"at": ["rounds", 2, "Ben", "purple"], "value": [3]}),
     'session log 15: ["rounds", 2, "Ben", "purple"] is not a question of this Lost Cities game'),
    (lambda s: s.update(log={}), "session log: must be the list of answers in the order given"),
    # answers of the game being played, which no scoring checks yet: the shape their question gives
    (lambda s: s["log"].append({"at": ["rounds", 1, "Ana", "red"], "value": 42}),
     "session log 15: 42 is not an answer to 'Game 2 · Ana · Red'"),
    (lambda s: s["log"].append({"at": ["rounds", 1, "Ana", "red"], "value": "4 5"}),
     "session log 15: \"4 5\" is not an answer to 'Game 2 · Ana · Red'"),
    (lambda s: s["log"].__setitem__(0, {"at": ["setup", "oldest"], "value": ["Ben"]}),
     "session log 1: [\"Ben\"] is not an answer to 'Who is the oldest player?'"),
])
def test_a_session_block_that_does_not_hold_is_refused(tmp_path, database, exported, change, message):
    doc = copy.deepcopy(exported)
    change(doc["session"])
    refused(tmp_path, database, doc, message)


def test_the_same_game_is_not_stored_twice(tmp_path, database, exported):
    path = write(tmp_path / "game.json", exported)
    assert ok("import", path) == "1\n"
    assert error("import", path) == "Error: already stored as session 1 (--again stores a copy)\n"
    assert ok("import", path, "--again") == "2\n"
    same_session(Store(database).get(1), Store(database).get(2))
    plain = write(tmp_path / "plain.json", LC11)
    assert ok("import", plain) == "3\n"
    assert error("import", plain) == "Error: already stored as session 3 (--again stores a copy)\n"
    ok("export", "3", "-o", tmp_path / "three.json")  # its export, with the session block, is the same game
    assert error("import", tmp_path / "three.json") == "Error: already stored as session 3 (--again stores a copy)\n"
    assert ok("import", write(tmp_path / "dated.json", {**LC11, "date": "2026-11-29"})) == "4\n"  # another evening


def test_a_game_played_here_is_already_stored(tmp_path, database):
    lc11_in_progress(Store(database))
    ok("export", "1", "-o", tmp_path / "game.json")
    assert error("import", tmp_path / "game.json") == "Error: already stored as session 1 (--again stores a copy)\n"


# --- many files, all or none -------------------------------------------------------------------------------------

def test_many_files_arrays_and_json_lines_store_all_in_order(tmp_path, database):
    one = write(tmp_path / "one.json", TABLES["london-2e"])
    array = write(tmp_path / "array.json", [TABLES["chinatown"], TABLES["london-1e"]])
    lines = write(tmp_path / "lines.jsonl", json.dumps(TABLES["next-station-london"]) + "\n\n"
                  + json.dumps(LC11) + "\n")
    assert ok("import", one, array, lines) == "1\n2\n3\n4\n5\n"
    assert [doc["game"] for _, doc in Store(database).all()] == [
        "london-2e", "chinatown", "london-1e", "next-station-london", "lost-cities"]


@pytest.mark.parametrize("files, message", [
    (lambda good, bad_line, dup: [good, bad_line],
     "{bad_line} line 2: round 1, player Ana, red: 7 after 9: numbers must go up"),
    (lambda good, bad_line, dup: [dup, good, write(bad_line, LC11)], "{bad_line}: the same game as {dup} item 1"),
    (lambda good, bad_line, dup: [good, good], "{good}: the same game as {good}"),
])
def test_one_bad_item_among_many_stores_nothing(tmp_path, database, files, message):
    bad = copy.deepcopy(LC11)
    bad["rounds"][0]["Ana"]["red"] = [9, 7]
    good = write(tmp_path / "good.json", TABLES["chinatown"])
    bad_line = write(tmp_path / "backup.jsonl", json.dumps(TABLES["london-2e"]) + "\n" + json.dumps(bad) + "\n")
    dup = write(tmp_path / "dup.json", [LC11, LC11])
    paths = files(good, bad_line, dup)
    assert error("import", *paths) == "Error: " + message.format(good=good, bad_line=bad_line, dup=dup) + "\n"
    assert not database.exists()


def test_a_bad_line_of_json_lines_is_named(tmp_path, database):
    path = write(tmp_path / "b.jsonl", json.dumps(LC11) + "\n{oops\n")
    assert error("import", path) == (f"Error: {path} line 2: not valid JSON (Expecting property name enclosed in "
                                     "double quotes, line 1, column 2)\n")
    assert error("import", write(tmp_path / "e.json", "[]")) == f"Error: {tmp_path / 'e.json'}: an empty list, " \
                                                                 "no table in it\n"
    assert not database.exists()


def test_export_all_writes_one_session_a_line(tmp_path, database):
    store = Store(database)
    lc11_in_progress(store)
    ok("import", write(tmp_path / "t.json", TABLES["chinatown"]))
    ok("export", "--all", "-o", tmp_path / "backup.jsonl")
    lines = (tmp_path / "backup.jsonl").read_text().splitlines()
    assert [json.loads(line)["session"]["status"] for line in lines] == ["playing", "finished"]
    assert ok("export", "--all") == (tmp_path / "backup.jsonl").read_text()
    assert ok("--db", tmp_path / "new.json", "import", tmp_path / "backup.jsonl") == "1\n2\n"
    for n in (1, 2):
        same_session(store.get(n), Store(tmp_path / "new.json").get(n))
    assert table_part(json.loads(lines[1])) == {"variants": [], **TABLES["chinatown"]}


def test_export_takes_an_id_or_all():
    assert invoke("export").exit_code == 2
    assert invoke("export", "1", "--all").exit_code == 2
