"""Issue 29, "Records and the store": a hand-damaged log, a damaged session among good ones, limits held when a
session is read. Every command says what is wrong in one line, or works; none ends in a traceback."""

import json
import os

import pytest
from conftest import TABLES, invoke

from scorepad.table import session_of


def session_file(database, doc_id=1):
    return database.with_name("scorepad.json.d") / "sessions" / f"{doc_id // 256:04d}" / f"{doc_id}.json"


def damage(database, doc_id, change):
    path = session_file(database, doc_id)
    held = json.loads(path.read_text())
    change(held["session"][str(doc_id)])
    path.write_text(json.dumps(held))


def one_error_line(*args, **kw):
    result = invoke(*args, **kw)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


@pytest.fixture
def two_sessions(tmp_path, database):
    for slug in ("lost-cities", "chinatown"):
        path = tmp_path / f"{slug}.json"
        path.write_text(json.dumps({**TABLES[slug], "date": "2026-11-29"}))
        assert invoke("import", path).exit_code == 0
    return database


def _set_at(at):
    return lambda doc: doc["entries"][0].__setitem__("at", at)


# --- 1. a hand-damaged log ---------------------------------------------------------------------------------------

LOGS = {"at too short": _set_at(["rounds", 0]), "an unknown player": _set_at(["rounds", 0, "Zed", "yellow"]),
        "a round as a string": _set_at(["rounds", "0", "Ana", "yellow"]),
        "final without a field": lambda doc: doc["entries"].append({"at": ["final", "Ana"], "value": 3}),
        "a round as true": _set_at(["rounds", True, "Ana", "yellow"]), "at empty": _set_at([]),
        "a round past the game's": _set_at(["rounds", 10**9, "Ana", "yellow"]),
        "no value": lambda doc: doc["entries"][0].pop("value"), "an entry not an object": _set_at(None)}
ONE_SESSION = [["show", 1], ["score", 1], ["export", 1], ["sheet", 1, "-o", "{tmp}/s.pdf"], ["undo", 1, "--yes"],
               ["edit", 1, "--round", 1, "--player", "Ana", "--field", "blue", "2"]]


@pytest.mark.no_travel
@pytest.mark.parametrize("case", LOGS)
def test_a_damaged_log_is_one_line_in_every_command(two_sessions, tmp_path, terminal, case):
    damage(two_sessions, 1, LOGS[case])
    for args in ONE_SESSION:
        said = one_error_line(*[str(a).format(tmp=tmp_path) for a in args])
        assert said.startswith("Error: session 1 in the database is damaged ("), (args, said)
    terminal()
    assert one_error_line("edit", 1).startswith("Error: session 1 in the database is damaged (")


# --- 6. the table format's limits, held when a session is read ----------------------------------------------------

FIELDS = {"rounds_planned 1,000,000": ("rounds_planned", 10**6, "rounds_planned"),
          "a name of 201 characters": ("players", ["A" * 201, "Ben"], "players"),
          "three players at a game of two": ("players", ["Ana", "Ben", "Cai"], "players"),
          "an unknown variant": ("variants", ["zzz"], "variants"), "an unknown module": ("modules", ["zzz"], "modules")}


@pytest.mark.no_travel
@pytest.mark.parametrize("case", FIELDS)
def test_a_stored_field_beyond_the_table_formats_limits_is_damage(two_sessions, case):
    key, value, field = FIELDS[case]
    damage(two_sessions, 1, lambda doc: doc.__setitem__(key, value))
    for args in (["show", 1], ["score", 1], ["export", 1]):
        assert one_error_line(*args).startswith(f"Error: session 1 in the database is damaged ({field}: ")
    listed = invoke("list", "--json")
    assert listed.exit_code == 0 and [row["id"] for row in json.loads(listed.stdout)] == [2, 1]


def test_a_session_read_makes_no_more_rounds_than_the_game_has(two_sessions):
    from scorepad.errors import StoreError
    from scorepad.store import Store

    doc = Store(two_sessions).get(1)
    doc["rounds_planned"] = 21  # Lost Cities: at most 20
    with pytest.raises(StoreError, match="rounds_planned"):
        session_of(doc, 1)


# --- 3. one damaged session never blocks the others ---------------------------------------------------------------

DAMAGES = {"a damaged log": lambda database: damage(database, 1, _set_at(["rounds", 0])),
           "a file that is not JSON": lambda database: session_file(database).write_text("garbage"),
           "a newer scorepad's": lambda database: damage(database, 1, lambda doc: doc.__setitem__("schema", 99))}


@pytest.mark.no_travel
@pytest.mark.parametrize("case", DAMAGES)
def test_a_backup_takes_every_readable_session_and_names_the_damaged(two_sessions, tmp_path, case):
    DAMAGES[case](two_sessions)
    backup = tmp_path / "backup.jsonl"
    result = invoke("export", "--all", "-o", backup)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[-1] == "Error: the backup holds every other session; 1 damaged session is left out: 1", lines
    assert any(line.startswith("Warning: left out of the backup: ") and "1" in line for line in lines), lines
    assert [json.loads(line)["game"] for line in backup.read_text().splitlines()] == ["chinatown"]
    printed = invoke("export", "--all")
    assert [json.loads(line)["game"] for line in printed.stdout.splitlines()] == ["chinatown"]


@pytest.mark.no_travel
@pytest.mark.parametrize("case", DAMAGES)
def test_a_damaged_session_can_be_deleted_its_file_kept_as_it_is(two_sessions, case):
    DAMAGES[case](two_sessions)
    held = session_file(two_sessions).read_bytes()
    refused = invoke("delete", 1)  # no terminal: it asks first
    assert refused.exit_code == 2 and session_file(two_sessions).exists()
    done = invoke("delete", 1, "--yes")
    assert done.exit_code == 0, done.stderr
    assert not session_file(two_sessions).exists()
    [copy] = (two_sessions.parent / "deleted").iterdir()
    assert copy.read_bytes() == held and copy.stat().st_mode & 0o777 == 0o600
    assert copy.name.startswith("damaged-1-") and str(copy.name) in done.stdout
    assert [row["id"] for row in json.loads(invoke("list", "--json").stdout)] == [2]
    assert invoke("export", "--all").exit_code == 0


# --- 7. links: nothing written through one; deleted copies private -------------------------------------------------

def test_a_deleted_copy_is_private_and_a_linked_deleted_folder_is_refused(two_sessions, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (two_sessions.parent / "deleted").symlink_to(elsewhere)
    refused = one_error_line("delete", 1, "--yes")
    assert "is a link to another folder" in refused and list(elsewhere.iterdir()) == []
    assert session_file(two_sessions).exists()
    (two_sessions.parent / "deleted").unlink()
    assert invoke("delete", 1, "--yes").exit_code == 0
    [copy] = (two_sessions.parent / "deleted").iterdir()
    assert copy.stat().st_mode & 0o777 == 0o600
    assert (two_sessions.parent / "deleted").stat().st_mode & 0o077 == 0


@pytest.mark.no_travel
def test_a_link_planted_at_the_migrations_folder_is_not_written_through(database, tmp_path):
    import pathlib
    import shutil

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    database.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(pathlib.Path(__file__).parent / "data" / "v1-database.json", database)
    database.with_name(database.name + ".d.migrating").symlink_to(elsewhere)
    listed = invoke("list", "--json")
    assert listed.exit_code == 0, listed.stderr
    assert len(json.loads(listed.stdout)) == 8
    assert list(elsewhere.iterdir()) == []
    folder = database.with_name(database.name + ".d")
    assert folder.is_dir() and not folder.is_symlink()
    assert not database.with_name(database.name + ".d.migrating").exists()


# --- 2. an empty last hand is a hand ----------------------------------------------------------------------------

EMPTY_HAND = {"Ana": {}, "Ben": {}}
HANDS = {"a 0-0 game": [EMPTY_HAND],
         "an empty last hand": [{"Ana": {"yellow": ["W", 3, 5]}, "Ben": {"blue": [2, 3, 4]}}, EMPTY_HAND]}


@pytest.mark.parametrize("case", HANDS)
def test_import_keeps_every_hand_as_score_table_reads_it(tmp_path, case):
    path = tmp_path / "lc.json"
    path.write_text(json.dumps({"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": HANDS[case]}))
    scored = json.loads(invoke("score", "--table", path, "--json").stdout)
    assert invoke("import", path).stdout == "1\n"
    stored = json.loads(invoke("score", 1, "--json").stdout)
    assert stored["standings"] == scored["standings"] and stored["winners"] == scored["winners"]
    assert len(stored["standings"][0]["rounds"]) == len(HANDS[case])
    assert json.loads(invoke("export", 1).stdout)["rounds"] == HANDS[case]
    [row] = json.loads(invoke("list", "--json").stdout)
    assert row["status"] == "finished" and row["winners"] == scored["winners"]


# --- 10. small ones -----------------------------------------------------------------------------------------------

def test_list_keeps_its_columns_for_a_name_holding_a_line_separator(tmp_path):
    path = tmp_path / "lc.json"
    table = {"game": "lost-cities", "players": ["An\u2028a", "Ben"],
             "rounds": [{"An\u2028a": {"yellow": ["W", 3, 5]}, "Ben": {"blue": [2, 3, 4]}}]}
    path.write_text(json.dumps(table))
    assert invoke("import", path).exit_code == 0
    lines = invoke("list").stdout.splitlines()
    assert "\u2028" not in "".join(lines) and "An\\u2028a, Ben" in lines[2]
    assert lines[2].index("—") == lines[0].index("Date")  # the columns after the name still line up


def test_a_sheet_warns_of_a_script_it_draws_unshaped_and_of_one_it_cannot_draw(tmp_path):
    path = tmp_path / "lc.json"
    names = ["\u0928\u092e\u0938\u094d\u0924\u0947", "\u05e9\u05dc\u05d5\u05dd"]  # नमस्ते, שלום
    path.write_text(json.dumps({"game": "lost-cities", "players": names,
                                "rounds": [{names[0]: {"yellow": ["W", 3, 5]}, names[1]: {"blue": [2, 3, 4]}}]}))
    made = invoke("sheet", "--table", path, "-o", tmp_path / "s.pdf")
    assert made.exit_code == 0, made.stderr
    warnings = [line for line in made.stderr.splitlines() if line.startswith("Warning: ")]
    assert any("HEBREW LETTER SHIN" in line and "a box with ?" in line for line in warnings), warnings
    assert any(f"Devanagari ({names[0]})" in line and "one by one" in line for line in warnings), warnings


# --- 8. a stored name is normalized when it is read ---------------------------------------------------------------

@pytest.mark.no_travel
def test_one_name_stored_in_two_unicode_forms_at_one_table_is_named_not_counted_twice(two_sessions):
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"

    def two_forms(doc):
        spelled = {"Ana": nfc, "Ben": nfd}
        doc["players"] = [spelled[p] for p in doc["players"]]
        for entry in doc["entries"]:
            entry["at"][2] = spelled[entry["at"][2]]

    damage(two_sessions, 1, two_forms)
    assert invoke("export", "--all").exit_code == 1  # the summary is made again from the file: it is damage
    said = one_error_line("show", 1)
    assert said == "Error: session 1 in the database is damaged (players: 'Zoë' appears twice)\n"
    stats = json.loads(invoke("stats", "--json").stdout)
    assert "lost-cities" not in stats["games"]  # not one player counted twice at one table
    assert one_error_line("players", "rename", nfc, "Zed") == said
    assert json.loads(session_file(two_sessions).read_text())["session"]["1"]["players"] == [nfc, nfd]


# --- 4. a long import takes the lock in turns -------------------------------------------------------------------

IMPORTER = """
import json, sys
from scorepad.games import by_slug
from scorepad.store import Store
from scorepad.table.summary import summarize
from scorepad.table.travel import doc_from_table

table, game = json.loads(sys.argv[2]), by_slug("lost-cities")

def docs():
    for n in range(150):
        if n == 70:  # the first turn is written; the next is being made: wait for the other terminal
            print("between turns", flush=True)
            sys.stdin.readline()
        yield doc_from_table(table, game)

print(len(Store(sys.argv[1], summarize=summarize).insert_many(docs())), flush=True)
"""


@pytest.mark.no_travel
def test_a_players_answer_gets_in_while_a_long_import_runs(database, tmp_path):
    """Issue 29, point 4: an import held the lock from its first table to its last; a player's answer in another
    terminal failed as busy. Two processes; the import waits at a point of its own, between two turns."""
    import subprocess
    import sys

    from scorepad.store import Store
    from scorepad.table.summary import summarize

    path = tmp_path / "lc.json"
    path.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("import", path).stdout == "1\n"
    importer = subprocess.Popen([sys.executable, "-c", IMPORTER, str(database), json.dumps(TABLES["lost-cities"])],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert importer.stdout.readline() == "between turns\n"
        player = Store(database, summarize=summarize, lock_timeout=5)
        player.update(1, lambda doc: doc.update(updated="2026-12-07T20:15:00+00:00"))  # the answer: stored
        assert list(player.summaries()) == [1]  # the import's first turn does not count yet
        importer.stdin.write("\n")
        importer.stdin.flush()
        assert importer.stdout.readline() == "150\n"
    finally:
        importer.stdin.close()
        assert importer.wait(timeout=120) == 0
    stored = Store(database, summarize=summarize)
    assert len(stored.summaries()) == 151 and stored.get(1)["updated"] == "2026-12-07T20:15:00+00:00"
    assert not [name for name in os.listdir(database.with_name(database.name + ".d")) if "import" in name]


@pytest.mark.no_travel
def test_an_import_that_fails_after_a_turn_stores_none_of_it_and_keeps_another_commands_session(database):
    from scorepad.games import by_slug
    from scorepad.store import Store
    from scorepad.table.summary import summarize
    from scorepad.table.travel import doc_from_table

    store = Store(database, summarize=summarize)
    game = by_slug("lost-cities")
    made = {}

    def docs():
        for n in range(100):
            if n == 70:  # between two turns: another command makes a session, then the import fails
                made["id"] = Store(database, summarize=summarize).insert(doc_from_table(TABLES["lost-cities"], game))
                raise ValueError("a refused table")
            yield doc_from_table(TABLES["lost-cities"], game)

    with pytest.raises(ValueError):
        store.insert_many(docs())
    assert list(store.summaries()) == [made["id"]] and made["id"] == 65  # after the import's first turn
    assert store.get(made["id"])["game"] == "lost-cities"
    folder = database.with_name(database.name + ".d")
    assert sorted(int(p.stem) for p in (folder / "sessions").rglob("*.json")) == [65]
    assert not [name for name in os.listdir(folder) if "import" in name]


@pytest.mark.no_travel
@pytest.mark.parametrize("case", ["at too short", "an unknown player", "a round as a string", "final without a field"])
def test_a_damaged_log_in_a_01_database_is_one_line_too(database, case):
    import pathlib

    held = json.loads((pathlib.Path(__file__).parent / "data" / "v1-database.json").read_text())
    LOGS[case](held["sessions"]["1"])
    database.parent.mkdir(parents=True, exist_ok=True)
    database.write_text(json.dumps(held))
    for args in (["show", 1], ["score", 1], ["export", 1], ["delete", 1, "--yes"]):
        said = invoke(*args)
        if args[0] == "delete":
            assert said.exit_code == 0 and "Its file, as it was" in said.stdout, said.output
        else:
            last = said.stderr.splitlines()[-1]  # (the first command says the database was moved over)
            assert said.exit_code == 1 and last.startswith("Error: session 1 in the database is damaged ("), said.output
            assert "Traceback" not in said.output
    assert invoke("list").exit_code == 0
