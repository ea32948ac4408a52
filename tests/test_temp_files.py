"""A killed writer's temp file goes with the next writer of that place, at once, when its owner is provably gone
(issue 13, point 7): its lock is free (the database's files), or its pid is not running on this host (exports,
sheets, deleted copies, the font cache, claims). A live writer's temp file is never touched."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock

import scorepad
from conftest import ok
from scorepad import files
from scorepad.store.claims import claimed
from scorepad.store import Store

REPO = Path(scorepad.__file__).resolve().parents[1]

# The real CLI in a child that SIGKILLs itself at its N-th fsync (argv[1]): the temp file of that write is
# whole or half-written, never renamed, and nothing of the process is left to clean up after it.
KILLED_AT_FSYNC = """
import os, signal, sys
calls, real, die_at = [0], os.fsync, int(sys.argv[1])
def fsync(fd):
    calls[0] += 1
    if calls[0] == die_at:
        os.kill(os.getpid(), signal.SIGKILL)
    real(fd)
os.fsync = fsync
from scorepad import cli
sys.argv = ["scorepad", *sys.argv[2:]]
cli.main()
"""

# A store write in a child that SIGKILLs itself at its N-th rename (argv[2]): session 1's status changes, so its
# session file, then its index file are written (the second rename is the index file's).
KILLED_AT_RENAME = """
import os, signal, sys
calls, real = [0], os.replace
def replace(src, dst):
    calls[0] += 1
    if calls[0] == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)
    real(src, dst)
os.replace = replace
from scorepad.store import Store
Store(sys.argv[1], summarize=lambda doc: {"status": doc.get("status")}).update(1, lambda doc: doc.update(status="x"))
"""


def child(code, *args):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], env=env, capture_output=True, text=True,
                          timeout=60)


def temps(folder):
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob(f"*{files.TEMP_SUFFIX}"))


@pytest.fixture
def gone_pid():
    """The pid of a process that has ended (and been reaped): provably not a writer any more."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.fixture
def live_pid():
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield process.pid
    process.kill()
    process.wait()


def temp_name(target, pid, tag=None):
    return f".{target}.{pid}@{tag or files.host_tag()}.k2j4x9ab{files.TEMP_SUFFIX}"


def test_a_temp_file_names_its_writer():
    owned = temp_name("out.json", 4242)
    assert files.temp_owner(owned) == (4242, files.host_tag())
    assert files.is_temp_of(owned, "out.json")  # still refused as the database's temp file (files._protection)
    for other in (".notes.tmp", "notes.4242@00000000.k2j4x9ab.tmp", ".out.json.tmp", ".out.json.k2j4x9ab.tmp"):
        assert files.temp_owner(other) is None, other


@pytest.mark.parametrize("command", [["export", "1", "-o"], ["sheet", "1", "-o"]])
def test_a_killed_export_or_sheet_leaves_a_temp_file_that_the_next_write_there_removes_at_once(
        command, lc11_file, database, tmp_path):
    ok("import", lc11_file)
    out = tmp_path / "out"
    out.mkdir()
    name = "game.pdf" if command[0] == "sheet" else "game.json"
    ok(*command, tmp_path / f"warm-{name}")  # a first sheet writes the font and template caches: fsyncs of their own
    killed = child(KILLED_AT_FSYNC, 1, "--db", database, *command, out / name)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    left = temps(out)
    assert len(left) == 1 and left[0].startswith(f".{name}.{_pid_of(left[0])}@{files.host_tag()}.")
    assert not (out / name).exists()  # never renamed: the file is not there, not even half of it

    ok(*command, out / f"other-{name}")  # another file, the same folder: the dead writer's temp file goes
    assert temps(out) == []


def _pid_of(name):
    return files.temp_owner(name)[0]


def test_only_the_temp_files_of_writers_that_are_gone_are_removed(tmp_path, gone_pid, live_pid, lc11_file):
    ok("import", lc11_file)
    folder = tmp_path / "out"
    folder.mkdir()
    dead = folder / temp_name("a.json", gone_pid)
    kept = [folder / temp_name("b.json", live_pid),  # a writer at work in another process
            folder / temp_name("c.json", os.getpid()),  # this very process
            folder / temp_name("d.json", gone_pid, tag="0badc0de"),  # another host's: its pids cannot be checked
            folder / ".e.json.k2j4x9ab.tmp",  # names no writer (an older scorepad's, without its lock)
            folder / ".notes.tmp", folder / f"{gone_pid}@{files.host_tag()}.tmp"]  # not ours at all
    for path in [dead, *kept]:
        path.write_bytes(b"half a file")
    ok("export", "1", "-o", folder / "game.json")
    assert not dead.exists()
    assert all(path.read_bytes() == b"half a file" for path in kept)


def test_the_font_cache_and_any_atomic_write_sweep_their_folder(tmp_path, gone_pid, live_pid):
    dead, live = tmp_path / temp_name("font.ttf", gone_pid), tmp_path / temp_name("font.ttf", live_pid)
    dead.write_bytes(b"x")
    live.write_bytes(b"x")
    files.write_atomically(tmp_path / "font.ttf", b"font", new_mode=0o644)  # what sheets._cjk_font does
    assert not dead.exists() and live.exists() and (tmp_path / "font.ttf").read_bytes() == b"font"


def _store(db):
    store = Store(db, summarize=lambda doc: {"status": doc.get("status")})
    for n in range(3):
        store.insert({"game": "azul", "status": "playing", "n": n})
    return store


def test_a_killed_index_write_is_swept_by_a_write_that_touches_only_a_session_file(tmp_path):
    db = tmp_path / "scorepad.json"
    store = _store(db)
    killed = child(KILLED_AT_RENAME, db, 2)  # the index file renamed, the session file's (written last) temp file left
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    folder = db.with_name("scorepad.json.d")
    assert len(temps(tmp_path)) == 1 and temps(tmp_path)[0].startswith("scorepad.json.d/.1.json.")
    # Every file of PATH.d makes its temp file at the top of PATH.d, which every writer sweeps under the lock:
    # this write changes no summary (it writes session 2's file alone, never the index folder) and still sweeps.
    store.update(2, lambda doc: doc.update(n=5))
    assert temps(tmp_path) == [] and not list(folder.glob("pending-*"))
    assert store.get(1)["status"] == "playing" and store.summaries()[1] == {"status": "playing"}  # never written


def test_a_reader_tidies_up_when_the_lock_is_free_and_never_while_a_writer_holds_it(tmp_path):
    db = tmp_path / "scorepad.json"
    store = _store(db)
    killed = child(KILLED_AT_RENAME, db, 2)
    assert killed.returncode == -signal.SIGKILL
    lock = FileLock(f"{db}.lock")
    with lock:  # a writer at work: its temp file and pending marker are its own
        assert store.get(2)["n"] == 1
        assert len(temps(tmp_path)) == 1 and list(db.with_name("scorepad.json.d").glob("pending-*"))
    # Lock free: the killed writer is provably gone. `show`, or an `edit` that changes nothing, tidies up.
    assert store.get(2)["n"] == 1
    assert temps(tmp_path) == [] and not list(db.with_name("scorepad.json.d").glob("pending-*"))
    assert store.summaries()[1] == {"status": "playing"}  # the killed write never reached the session file


def test_an_import_killed_writing_the_database_file_leaves_a_temp_file_the_next_import_removes(tmp_path, lc11_file):
    db = tmp_path / "db.json"
    ok("--db", db, "import", lc11_file)
    killed = child(KILLED_AT_FSYNC, 3, "--db", db, "import", lc11_file, "--again")  # 1, 2: session file, folder
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert [name.split(".")[:3] for name in temps(tmp_path)] == [["", "db", "json"]]  # the meta record's
    ok("--db", db, "import", lc11_file, "--again")
    assert temps(tmp_path) == []
    assert ok("--db", db, "list").count("lost-cities") == 2  # the killed import stored nothing


def test_the_meta_files_temp_is_swept_under_the_lock_and_another_databases_is_not(tmp_path, live_pid):
    db = tmp_path / "scorepad.json"
    store = _store(db)
    ours = tmp_path / temp_name("scorepad.json", live_pid)  # pid alive, yet the free lock proves its writer gone
    old = tmp_path / ".scorepad.json.k2j4x9ab.tmp"  # an older scorepad's name
    other = tmp_path / temp_name("other.json", live_pid)  # another database's writer, under another lock
    for path in (ours, old, other):
        path.write_bytes(b"{")
    store.insert({"game": "azul", "status": "playing"})
    assert not ours.exists() and not old.exists() and other.exists()


def test_a_claim_writers_temp_file_goes_when_its_process_is_gone(tmp_path, gone_pid, live_pid):
    store = _store(tmp_path / "scorepad.json")
    folder = store.claims_folder
    folder.mkdir(parents=True)
    dead = folder / temp_name(f"3.{gone_pid}@host.json", gone_pid)
    live = folder / temp_name(f"2.{live_pid}@host.json", live_pid)
    dead.write_bytes(b"{")
    live.write_bytes(b"{")
    with claimed(store, 1):
        assert not dead.exists() and live.exists()


# --- a full disk: what a failed import leaves (the campaign's disk-full trial counted its markers as partial)

def _no_room_from(monkeypatch, first_failing):
    """Every write of a database file fails with ENOSPC from the `first_failing`-th on (1: the first)."""
    import errno

    calls, real = [0], os.replace

    def replace(src, dst):  # each file is written as a temp file, renamed over it
        calls[0] += 1
        if calls[0] >= first_failing:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)


def _files(db):
    return {str(p): p.read_bytes() for p in [db, *sorted(db.with_name(db.name + ".d").rglob("*"))] if p.is_file()}


def test_an_import_that_finds_no_room_for_its_first_file_leaves_nothing_not_even_its_marker(tmp_path, monkeypatch):
    from scorepad.errors import StoreError

    db = tmp_path / "scorepad.json"
    store = Store(db, identify=lambda doc: [f"n{doc['n']}"])
    store.insert_many([{"game": "azul", "n": n} for n in range(3)])
    before = _files(db)
    _no_room_from(monkeypatch, 1)
    with pytest.raises(StoreError, match="No space left on device"):
        store.insert_many([{"game": "azul", "n": n} for n in range(3, 9)])
    # Undoing it wrote nothing (no marks file, no index file, no newest.json rewritten as it was): so it could end.
    assert _files(db) == before and temps(tmp_path) == []


def test_an_import_with_no_room_to_undo_keeps_its_marker_until_a_reader_with_room_finishes_it(tmp_path, monkeypatch):
    from scorepad.errors import StoreError

    db = tmp_path / "scorepad.json"
    store = Store(db, identify=lambda doc: [f"n{doc['n']}"])
    store.insert_many([{"game": "azul", "n": n} for n in range(3)])
    before = _files(db)
    _no_room_from(monkeypatch, 9)  # its marker, 6 session files and the index file written; no room for newest.json
    with pytest.raises(StoreError, match="No space left on device"):
        store.insert_many([{"game": "azul", "n": n} for n in range(3, 9)])
    assert list(db.with_name("scorepad.json.d").glob("pending-import-4-*"))  # the undo could not write the index
    assert list(store.summaries()) == [1, 2, 3] and store.find(["n5"]) == {}  # readers read around it
    monkeypatch.undo()  # room again: the first reader that finds the lock free finishes the undo
    assert store.get(1)["n"] == 0
    assert _files(db) == before and temps(tmp_path) == []
