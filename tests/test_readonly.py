"""A database scorepad may read but not write (a read-only disk, a folder of someone else's) is readable;
a hand-edited one is refused with one line naming the session, and left as it is."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

import scorepad
from conftest import TABLES
from scorepad.cli import app
from scorepad.store import Store

REPO = Path(scorepad.__file__).resolve().parents[1]
V1_DATABASE = Path(__file__).parent / "data" / "v1-database.json"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def disk():
    """A small filesystem of its own (tmpfs), which `freeze()` makes read-only: EROFS holds for root too."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-readonly-"))
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
                                                   capture_output=True).returncode == 0
    if not mounted:
        folder.rmdir()
        pytest.skip("needs root and mount, for a read-only filesystem")

    def freeze():
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)

    yield folder, freeze
    subprocess.run(["umount", str(folder)], check=False)
    folder.rmdir()


def files_of(folder):
    return {str(p): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_database_on_a_read_only_disk_is_read_whole_and_only_writes_fail(disk, tmp_path):
    folder, freeze = disk
    db = folder / "scorepad.json"
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("--db", db, "import", table).exit_code == 0
    freeze()
    before = files_of(folder)

    listed = invoke("--db", db, "list")
    assert listed.exit_code == 0 and "won by Ben (136)" in listed.stdout, listed.output
    for args in (["show", 1], ["score", 1, "--json"], ["export", 1], ["list", "--json"],
                 ["sheet", 1, "-o", tmp_path / "sheet.pdf"]):
        done = invoke("--db", db, *args)
        assert done.exit_code == 0 and done.stderr == "", (args, done.output)
    for args in (["import", table, "--again"], ["delete", 1, "--yes"],
                 ["edit", 1, "--round", 1, "--player", "Ana", "--field", "yellow", "2"]):
        done = invoke("--db", db, *args)
        assert done.exit_code == 1 and done.stderr.count("\n") == 1, (args, done.output)
        assert done.stderr.startswith("Error: ") and "Read-only file system" in done.stderr
    assert files_of(folder) == before


def test_a_v1_database_that_cannot_be_moved_over_is_read_where_it_lies(disk):
    folder, freeze = disk
    db = folder / "scorepad.json"
    shutil.copy(V1_DATABASE, db)
    freeze()
    listed = invoke("--db", db, "list", "--all")
    assert listed.exit_code == 0 and listed.stderr == "", listed.output
    assert "won by Ben (136)" in listed.stdout
    assert invoke("--db", db, "show", 6).exit_code == 0
    assert db.read_bytes() == V1_DATABASE.read_bytes() and sorted(p.name for p in folder.iterdir()) == [
        "scorepad.json"]


# --- hand-edited databases ----------------------------------------------------------------------


def session_file(database, doc_id=1):
    return database.with_name(database.name + ".d") / "sessions" / "0000" / f"{doc_id}.json"


@pytest.fixture
def one_session(database, tmp_path):
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("import", table).exit_code == 0
    return session_file(database)


@pytest.mark.no_travel
@pytest.mark.parametrize("edit, problem", [
    (lambda text: text.replace('"seed":', '"seed":123456789012345678901234567890,"was":'),
     "seed is 1.2345678901234568e+29, a number JSON cannot keep exactly (scorepad writes whole numbers only)"),
    (lambda text: text.replace('{"session":{"1"', '{"session":{"2"'), "its file 1.json holds session 2"),
    (lambda text: text.replace('"rounds_planned":3', '"rounds_planned":3.0'),
     "rounds_planned is 3.0, a number JSON cannot keep exactly (scorepad writes whole numbers only)"),
])
def test_a_hand_edited_session_is_refused_with_one_line_and_left_untouched(database, one_session, edit, problem):
    one_session.write_text(edit(one_session.read_text()))
    before = one_session.read_bytes()
    for args in (["show", 1], ["score", 1], ["export", 1], ["undo", 1, "--yes"]):
        result = invoke(*args)
        assert result.exit_code == 1, args
        assert result.stderr == f"Error: session 1 in {database} is damaged: {problem}; it was left as it is\n"
    assert one_session.read_bytes() == before


@pytest.mark.no_travel  # a session made damaged on purpose cannot go through export and import
@pytest.mark.parametrize("remove", ["entries", "players", "game"])
def test_a_session_missing_its_parts_gives_one_line_naming_it(database, one_session, remove):
    data = json.loads(one_session.read_text())
    del data["session"]["1"][remove]
    one_session.write_text(json.dumps(data))
    for args in (["show", 1], ["undo", 1, "--yes"], ["resume", 1], ["export", 1]):
        result = invoke(*args)
        assert result.exit_code == 1 and result.stderr.startswith("Error: session 1 in the database is damaged")
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_two_ids_that_read_as_one_number_are_refused(database, tmp_path):
    database.parent.mkdir(parents=True)
    data = json.loads(V1_DATABASE.read_text())
    data["sessions"]["01"] = data["sessions"]["1"]
    database.write_text(json.dumps(data))
    result = invoke("list")
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: cannot read the database {database}: "
                                                              "not a scorepad database")
    assert json.loads(database.read_text()) == data  # untouched, not moved over
    assert not Store(database).path.with_name("scorepad.json.d").exists()


def test_host_on_a_read_only_database_refuses_before_it_prints_the_join_link(disk, tmp_path):
    """Issue 29, point 10: no phone is told to join a game that could record nothing."""
    folder, freeze = disk
    db = folder / "scorepad.json"
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("--db", db, "import", table).exit_code == 0
    freeze()
    hosted = invoke("--db", db, "host", 1, "--address", "127.0.0.1", "--no-qr")
    assert hosted.exit_code == 1, hosted.output
    assert "http://" not in hosted.stdout, hosted.stdout
    assert hosted.stderr.startswith("Error: the database ") and hosted.stderr.count("\n") == 1, hosted.stderr
