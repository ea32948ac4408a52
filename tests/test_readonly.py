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
NOBODY = 65534


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def shared_folder():
    """A folder under /tmp that another user may enter (pytest's own tmp folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-readonly-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def as_nobody(*args):
    """scorepad run by another user, who may read the database but not write it."""
    if os.geteuid() != 0:
        pytest.skip("needs root, to run scorepad as another user")
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(REPO), "HOME": "/tmp", "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)], capture_output=True, text=True,
                          env=env, preexec_fn=lambda: os.setuid(NOBODY), timeout=60)


def readable_by_all(folder):
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)  # readable, and only root may write


def test_a_database_another_user_cannot_write_is_read_whole(shared_folder):
    db = shared_folder / "scorepad.json"
    table = shared_folder / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("--db", db, "import", table).exit_code == 0
    readable_by_all(shared_folder)
    before = {str(p): p.read_bytes() for p in shared_folder.rglob("*") if p.is_file()}

    listed = as_nobody("--db", db, "list")
    assert listed.returncode == 0 and "won by Ben (136)" in listed.stdout, listed.stderr
    for args in (["show", 1], ["score", 1, "--json"], ["export", 1], ["list", "--json"]):
        done = as_nobody("--db", db, *args)
        assert done.returncode == 0 and done.stderr == "", (args, done.stderr)
    sheet = as_nobody("--db", db, "sheet", 1, "-o", "/tmp/scorepad-readonly-sheet.pdf")
    assert sheet.returncode == 0, sheet.stderr
    os.unlink("/tmp/scorepad-readonly-sheet.pdf")
    for args in (["undo", 1, "--yes"], ["import", table, "--again"], ["delete", 1, "--yes"]):
        done = as_nobody("--db", db, *args)
        assert done.returncode == 1 and done.stderr.count("\n") == 1, (args, done.stderr)
        assert done.stderr.startswith(f"Error: the database {db} can be read but not changed (Permission denied)")
    assert {str(p): p.read_bytes() for p in shared_folder.rglob("*") if p.is_file()} == before


def test_a_v1_database_that_cannot_be_moved_over_is_read_where_it_lies(shared_folder):
    db = shared_folder / "scorepad.json"
    shutil.copy(V1_DATABASE, db)
    readable_by_all(shared_folder)
    listed = as_nobody("--db", db, "list", "--all")
    assert listed.returncode == 0, listed.stderr
    assert "won by Ben (136)" in listed.stdout and listed.stderr == ""
    assert as_nobody("--db", db, "show", 6).returncode == 0
    assert db.read_bytes() == V1_DATABASE.read_bytes() and sorted(p.name for p in shared_folder.iterdir()) == [
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


@pytest.mark.parametrize("edit, problem", [
    (lambda text: text.replace('"seed":', '"seed":123456789012345678901234567890,"was":'),
     "seed is 1.2345678901234568e+29, a number JSON cannot keep exactly"),
    (lambda text: text.replace('{"session":{"1"', '{"session":{"2"'), "its file 1.json holds session 2"),
    (lambda text: text.replace('"rounds_planned":3', '"rounds_planned":3.0'),
     "rounds_planned is 3.0, a number JSON cannot keep exactly"),
])
def test_a_hand_edited_session_is_refused_with_one_line_and_left_untouched(database, one_session, edit, problem):
    one_session.write_text(edit(one_session.read_text()))
    before = one_session.read_bytes()
    for args in (["show", 1], ["score", 1], ["export", 1], ["undo", 1, "--yes"]):
        result = invoke(*args)
        assert result.exit_code == 1, args
        assert result.stderr == f"Error: session 1 in {database} is damaged: {problem}; it was left as it is\n"
    assert one_session.read_bytes() == before


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
