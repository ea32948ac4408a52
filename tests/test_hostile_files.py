"""Issue 23: what a table file, a backup or a hand may hold that scorepad must refuse in one line or keep whole —
line and paragraph separators in JSON Lines, a key twice in one object, dates at the calendar's edge, files too
large to read whole."""

import json

import pytest
from conftest import LC11, TABLES, invoke, ok

from scorepad.store import Store

SEPARATORS = ["\u2028", "\u2029"]


def one_error_line(result, code=1):
    assert (result.exit_code, result.stdout) == (code, ""), (result.stdout, result.stderr)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


def with_name(table, old, new):
    return json.loads(json.dumps(table).replace(json.dumps(old), json.dumps(new)))


# --- 1. JSON Lines split on "\n" alone, and written without a raw separator --------------------------------------

@pytest.mark.parametrize("separator", SEPARATORS)
def test_a_backup_of_names_holding_a_line_separator_restores(tmp_path, database, separator):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps(with_name(LC11, "Ana", f"An{separator}a"), ensure_ascii=False), encoding="utf-8")
    second.write_text(json.dumps(TABLES["chinatown"]), encoding="utf-8")
    assert ok("import", first, second).split() == ["1", "2"]
    backup = tmp_path / "backup.jsonl"
    ok("export", "--all", "-o", backup)
    lines = backup.read_bytes().split(b"\n")
    assert len(lines) == 3 and lines[2] == b""
    assert separator.encode("utf-8") not in backup.read_bytes()  # escaped: no reader can cut the line there
    fresh = tmp_path / "fresh.json"
    assert invoke("--db", fresh, "import", backup).stdout.split() == ["1", "2"]
    assert Store(fresh).get(1)["players"] == [f"An{separator}a", "Ben"]


@pytest.mark.parametrize("separator", SEPARATORS)
def test_json_lines_holding_a_raw_separator_are_read_at_newlines(tmp_path, database, separator):
    lines = [json.dumps(with_name(LC11, "Ana", f"An{separator}a"), ensure_ascii=False),
             json.dumps(TABLES["chinatown"])]
    path = tmp_path / "raw.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert ok("import", path).split() == ["1", "2"]
    assert Store(database).get(1)["players"] == [f"An{separator}a", "Ben"]


def test_a_backup_with_a_raw_separator_is_one_export_replaces(tmp_path, database):
    """A backup an earlier scorepad wrote (a raw separator in a name) is still known as an export: replaced
    without --force."""
    ok("import", write_lines(tmp_path, "An\u2028a"))
    backup = tmp_path / "old.jsonl"
    backup.write_text(export_line(LC11, "An\u2028a") + export_line(LC11, "Cy"), encoding="utf-8")
    ok("export", "--all", "-o", backup)
    assert backup.read_bytes().count(b"\n") == 1


def write_lines(tmp_path, name):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(with_name(LC11, "Ana", name), ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def export_line(table, name):
    """A line of an export as an earlier scorepad wrote it: its session block, and the separator raw."""
    session = {"status": "finished", "rounds_planned": 3, "created": None, "updated": None, "seed": 1, "log": []}
    return json.dumps({**with_name(table, "Ana", name), "session": session}, ensure_ascii=False) + "\n"


# --- 2. a key twice in one object is refused, naming it -----------------------------------------------------------

# The LC-11 table as text with one object naming a key twice, and where the error says it is.
LC11_TEXT = json.dumps(LC11)
TWICE = [
    (LC11_TEXT.replace('"blue": [2, 5, 7, 10]', '"blue": [2, 5, 7, 10], "blue": []', 1),
     "round 1, player Ana, blue: the key 'blue' is given twice"),
    (LC11_TEXT.replace('"Ben": {"white"', '"Ben": {}, "Ben": {"white"', 1),
     "round 1, player Ben: the key 'Ben' is given twice"),
    (LC11_TEXT.replace('{"game"', '{"players": ["Cy", "Dee"], "game"', 1), "players: the key 'players' is given twice"),
]


@pytest.mark.parametrize("text, said", TWICE)
@pytest.mark.parametrize("command", ["score", "sheet", "import"])
def test_a_key_twice_in_a_table_file_is_refused_naming_it(tmp_path, database, text, said, command):
    path = tmp_path / "twice.json"
    path.write_text(text)
    args = {"score": ["score", "--table", path], "sheet": ["sheet", "--table", path, "-o", tmp_path / "s.pdf"],
            "import": ["import", path]}[command]
    assert one_error_line(invoke(*args)) == f"Error: {path}: {said} in one object: which of its values counts would " \
                                           "be a guess\n"
    assert not (tmp_path / "s.pdf").exists() and not database.exists()


@pytest.mark.parametrize("text, said", TWICE[:1])
def test_a_key_twice_in_json_lines_or_an_array_names_the_line_or_item(tmp_path, database, text, said):
    lines, array = tmp_path / "b.jsonl", tmp_path / "b.json"
    lines.write_text(json.dumps(TABLES["chinatown"]) + "\n" + text + "\n")
    array.write_text(f"[{json.dumps(TABLES['chinatown'])}, {text}]")
    assert f"Error: {lines} line 2: {said}" in one_error_line(invoke("import", lines))
    assert f"Error: {array} item 2: {said}" in one_error_line(invoke("import", array))
    assert not database.exists()


# --- 5. dates at the calendar's edge are refused where the table is read ------------------------------------------

EDGES = ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59"]


@pytest.mark.parametrize("date", EDGES)
@pytest.mark.parametrize("command", ["score", "sheet", "import"])
def test_a_table_dated_at_the_calendars_edge_is_refused(tmp_path, database, date, command):
    path = tmp_path / "edge.json"
    path.write_text(json.dumps({**LC11, "date": date}))
    args = {"score": ["score", "--table", path], "sheet": ["sheet", "--table", path, "-o", tmp_path / "s.pdf"],
            "import": ["import", path]}[command]
    assert one_error_line(invoke(*args)).startswith(f"Error: date: {date!r} is not a day from the year 1900 to 9999")
    assert not (tmp_path / "s.pdf").exists() and not database.exists()


@pytest.mark.parametrize("date", EDGES)
def test_an_export_whose_session_began_at_the_calendars_edge_is_refused(tmp_path, database, date):
    ok("import", write_lines(tmp_path, "Ana"))
    exported = json.loads(ok("export", 1))
    exported["session"]["created"] = date
    path = tmp_path / "edge.json"
    path.write_text(json.dumps(exported))
    said = one_error_line(invoke("--db", tmp_path / "other.json", "import", path))
    assert said.startswith(f"Error: session created: {date!r} is not a day from the year 1900 to 9999"), said


# --- 6. every file scorepad reads has a size limit, refused before it is read whole -------------------------------

GiB = 2**30


@pytest.mark.parametrize("command", ["score", "sheet", "import"])
def test_a_huge_sparse_table_file_is_refused_before_it_is_read(tmp_path, database, command):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(3 * GiB)  # sparse: nothing on disk, 3 GB to a reader
    args = {"score": ["score", "--table", path], "sheet": ["sheet", "--table", path, "-o", tmp_path / "s.pdf"],
            "import": ["import", path]}[command]
    said = one_error_line(invoke(*args))
    assert said == f"Error: {path}: cannot read it (larger than 256 MiB, far more than any game or backup holds: " \
                   "not read)\n"
    assert not database.exists()


def test_an_endless_file_is_read_no_further_than_the_limit(database):
    said = one_error_line(invoke("import", "/dev/zero"))
    assert said.startswith("Error: /dev/zero: cannot read it (larger than 256 MiB")
    assert not database.exists()


def test_a_huge_session_file_is_refused_naming_it_and_a_huge_index_file_is_made_again(tmp_path, database):
    ok("import", write_lines(tmp_path, "Ana"))
    folder = database.with_name("scorepad.json.d")
    index = folder / "index" / "0000.json"
    with open(index, "r+b") as f:
        f.truncate(2 * GiB)
    assert "won by Ben (136)" in ok("list")  # made again from the session files
    assert index.stat().st_size < 2**20
    session = folder / "sessions" / "0000" / "1.json"
    with open(session, "r+b") as f:
        f.truncate(2 * GiB)
    said = one_error_line(invoke("show", 1))
    assert said == f"Error: cannot read the database {database} ({session}): larger than 16 MiB, far more than any " \
                   "game or backup holds: not read\n"
    session.unlink()  # (the backup the test's end makes could not read it either)
