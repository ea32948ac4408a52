import errno
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import orjson
import platformdirs
import pytest
from filelock import FileLock

import scorepad
from scorepad.errors import NotFound, StoreError
from scorepad.store import ENV_VAR, SCHEMA_VERSION, Store, default_path

REPO = Path(scorepad.__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _no_real_home(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "default-db.json"))


@pytest.fixture
def db(tmp_path):
    return tmp_path / "scorepad.json"


def run_child(code, *args, timeout=60):
    """Start a Python child that can import scorepad, whatever the test runner's sys.path."""
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def tmp_files(directory):
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


# --- the round trip -----------------------------------------------------------------------------


def test_insert_get_all_update_remove_round_trip(db):
    store = Store(db)
    original = {"game": "azul", "players": ["Ann", "Bo"], "log": []}
    assert store.insert(original) == 1
    assert store.insert({"game": "chinatown"}) == 2
    assert original == {"game": "azul", "players": ["Ann", "Bo"], "log": []}  # stored a copy

    assert store.get(1) == {**original, "schema": SCHEMA_VERSION}
    assert [doc_id for doc_id, _ in store.all()] == [1, 2]
    assert store.all()[1] == (2, {"game": "chinatown", "schema": SCHEMA_VERSION})

    def add_round(doc):
        doc["log"].append({"round": 1})
        del doc["players"]  # a field the change removes must really disappear

    assert store.update(1, add_round) == {"game": "azul", "log": [{"round": 1}], "schema": 1}
    assert store.get(1) == {"game": "azul", "log": [{"round": 1}], "schema": 1}
    assert orjson.loads(db.read_bytes())["sessions"]["1"] == store.get(1)

    store.remove(2)
    assert [doc_id for doc_id, _ in store.all()] == [1]
    with pytest.raises(NotFound, match=r"^no session 2 in .*scorepad\.json$"):
        store.get(2)
    with pytest.raises(NotFound):
        store.remove(2)
    with pytest.raises(NotFound):
        store.update(2, lambda doc: None)


def test_update_with_a_change_that_returns_a_new_dict(db):
    store = Store(db)
    store.insert({"game": "azul", "notes": "old"})
    assert store.update(1, lambda doc: {"game": doc["game"], "winner": "Ann"}) == {
        "game": "azul", "winner": "Ann", "schema": SCHEMA_VERSION,
    }
    assert store.get(1) == {"game": "azul", "winner": "Ann", "schema": SCHEMA_VERSION}


def test_update_whose_change_raises_writes_nothing(db):
    store = Store(db)
    store.insert({"game": "azul", "log": [1]})
    before = db.read_bytes()

    class Boom(Exception):
        pass

    boom = Boom("no")

    def change(doc):
        doc["log"].append(2)  # mutates first, then fails
        doc.clear()
        raise boom

    with pytest.raises(Boom) as caught:
        store.update(1, change)
    assert caught.value is boom  # propagated unchanged, not wrapped
    assert db.read_bytes() == before
    assert tmp_files(db.parent) == []


def test_a_failed_operation_does_not_rewrite_the_file(db):
    # Hand-formatted, so any rewrite (even of the same data) would change the bytes.
    db.write_bytes(b'{\n  "sessions": {\n    "1": {"game": "azul", "schema": 1}\n  }\n}\n')
    before = db.read_bytes()
    store = Store(db)
    with pytest.raises(NotFound):
        store.remove(7)
    with pytest.raises(NotFound):
        store.update(7, lambda doc: None)
    store.get(1)
    store.all()
    assert db.read_bytes() == before


def test_reading_a_missing_database_creates_nothing(tmp_path):
    store = Store(tmp_path / "sub" / "scorepad.json")
    assert store.all() == []
    with pytest.raises(NotFound):
        store.get(1)
    with pytest.raises(NotFound):
        store.update(1, lambda doc: None)
    with pytest.raises(NotFound):
        store.remove(1)
    assert not (tmp_path / "sub").exists()

    store = Store(tmp_path / "scorepad.json")
    assert store.all() == []
    assert list(tmp_path.iterdir()) == []  # neither the database nor its lock file


def test_the_first_insert_creates_the_parent_directory(tmp_path):
    store = Store(tmp_path / "a" / "b" / "scorepad.json")
    assert store.insert({"game": "azul"}) == 1
    assert Store(tmp_path / "a" / "b" / "scorepad.json").get(1)["game"] == "azul"


def test_writing_through_a_symlink_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    Store(real).insert({"game": "azul"})
    link.symlink_to(real)
    Store(link).insert({"game": "chinatown"})
    assert link.is_symlink()
    assert [doc["game"] for _, doc in Store(real).all()] == ["azul", "chinatown"]


# --- concurrency and crashes --------------------------------------------------------------------

WORKER = """
import sys, time
from pathlib import Path
from scorepad.store import Store
db, mode, tag, count, ready, go = sys.argv[1:]
store = Store(db, lock_timeout=30)
Path(ready).touch()
while not Path(go).exists():  # start together, so the writers really overlap
    time.sleep(0.001)
for i in range(int(count)):
    if mode == "append":
        store.update(1, lambda doc: doc["log"].append(f"{tag}-{i}"))
    else:
        store.insert({"by": tag, "n": i})
"""


def test_two_processes_writing_at_once_lose_nothing(db, tmp_path):
    Store(db).insert({"log": []})
    jobs = [("append", "a", 100), ("append", "b", 100), ("insert", "c", 50), ("insert", "d", 50)]
    go = tmp_path / "go"
    ready = [tmp_path / f"ready-{tag}" for _, tag, _ in jobs]
    children = [run_child(WORKER, db, mode, tag, n, r, go) for (mode, tag, n), r in zip(jobs, ready)]
    deadline = time.monotonic() + 30
    while not all(r.exists() for r in ready) and time.monotonic() < deadline:
        time.sleep(0.005)
    go.touch()
    for child in children:
        _, err = child.communicate(timeout=60)
        assert child.returncode == 0, err

    data = orjson.loads(db.read_bytes())  # the file parses
    docs = dict(Store(db).all())
    assert len(data["sessions"]) == len(docs) == 101
    log = docs[1]["log"]
    assert len(log) == 200
    for tag in "ab":
        assert [entry for entry in log if entry.startswith(tag)] == [f"{tag}-{i}" for i in range(100)]
    assert sorted(docs) == list(range(1, 102))
    inserted = sorted((doc["by"], doc["n"]) for doc_id, doc in docs.items() if doc_id != 1)
    assert inserted == sorted((tag, i) for tag in "cd" for i in range(50))


KILLED_WRITER = """
import os, sys
from scorepad.store import Store

def die_midway(tmp, target):
    with open(tmp, "r+b") as f:  # leave a half-written temp file, as a crash mid-write would
        f.truncate(os.path.getsize(tmp) // 2)
    os._exit(1)

os.replace = die_midway
Store(sys.argv[1]).update(1, lambda doc: doc.update(score=99, notes="x" * 5000))
"""


def test_a_write_killed_midway_leaves_a_readable_database(db):
    store = Store(db)
    for game in ("azul", "chinatown", "lost-cities"):
        store.insert({"game": game})
    before = db.read_bytes()

    child = run_child(KILLED_WRITER, db)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 1, err

    assert db.read_bytes() == before
    assert [doc["game"] for _, doc in Store(db).all()] == ["azul", "chinatown", "lost-cities"]
    strays = tmp_files(db.parent)
    assert len(strays) == 1 and strays[0].startswith(".scorepad.json.")
    # The dead process's lock is gone with it, and its fresh temp file is left alone.
    Store(db, lock_timeout=2).update(1, lambda doc: doc.update(score=1))
    assert Store(db).get(1) == {"game": "azul", "score": 1, "schema": SCHEMA_VERSION}
    assert tmp_files(db.parent) == strays


def test_a_write_sweeps_old_stray_temp_files_but_keeps_fresh_ones(db, tmp_path):
    old = tmp_path / ".scorepad.json.dead1234.tmp"
    fresh = tmp_path / ".scorepad.json.live5678.tmp"
    unrelated = tmp_path / "notes.tmp"
    for path in (old, fresh, unrelated):
        path.write_bytes(b'{"sessions": {"1"')
    an_hour_ago = time.time() - 3600
    for path in (old, unrelated):
        os.utime(path, (an_hour_ago, an_hour_ago))

    Store(db).all()  # a read sweeps nothing
    assert old.exists()
    Store(db).insert({"game": "azul"})
    assert not old.exists()
    assert fresh.exists() and unrelated.exists()


def test_an_os_error_while_writing_becomes_a_store_error(db, monkeypatch):
    store = Store(db)
    store.insert({"game": "azul"})
    before = db.read_bytes()

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied", str(dst))

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StoreError) as caught:
        store.insert({"game": "chinatown"})
    assert str(caught.value) == f"cannot write the database {db}: Permission denied"
    monkeypatch.undo()
    assert db.read_bytes() == before
    assert tmp_files(db.parent) == []  # the temp file is cleaned up


def test_a_database_that_is_a_directory_gives_a_store_error(db):
    db.mkdir()
    for operation in (Store(db).all, lambda: Store(db).insert({"game": "azul"})):
        with pytest.raises(StoreError) as caught:
            operation()
        assert str(caught.value) == (f"the database {db} is a directory, not a file: "
                                     "name a file with --db PATH or $SCOREPAD_DB")
    assert list(db.iterdir()) == [] and not Path(f"{db}.lock").exists()


def test_a_database_that_is_a_fifo_is_refused_at_once(db):
    os.mkfifo(db)  # reading it would wait for a writer forever
    for operation in (Store(db).all, lambda: Store(db).get(1), lambda: Store(db).insert({"game": "azul"})):
        with pytest.raises(StoreError, match=r"is a FIFO \(named pipe\), not a file: name a file with --db"):
            operation()
    assert stat.S_ISFIFO(os.lstat(db).st_mode) and not Path(f"{db}.lock").exists()


def test_a_symlink_to_a_database_file_is_still_a_database(db, tmp_path):
    Store(db).insert({"game": "azul"})
    link = tmp_path / "link.json"
    link.symlink_to(db)
    assert Store(link).insert({"game": "chinatown"}) == 2
    assert link.is_symlink() and [i for i, _ in Store(db).all()] == [1, 2]


def test_a_database_path_under_a_regular_file_gives_a_store_error(tmp_path):
    (tmp_path / "plain").write_text("not a directory")
    with pytest.raises(StoreError, match=r"plain/scorepad\.json"):
        Store(tmp_path / "plain" / "scorepad.json").insert({"game": "azul"})


# --- files we refuse to touch -------------------------------------------------------------------

UNREADABLE = [
    (b'{"sessions": oops}', "not valid JSON (line 1, column 14)"),
    (b'{"sessions": {\n  "1": {"a": 1},\n', "not valid JSON (line 3, column 1)"),
    (b"\xff\xfe{}", "not valid JSON (line 1, column 1)"),
    (b"[1, 2, 3]", "not a scorepad database"),
    (b'{"sessions": [1, 2]}', "not a scorepad database"),
    (b'{"sessions": {"one": {"game": "azul"}}}', "not a scorepad database"),
    (b'{"sessions": {"1": "azul"}}', "not a scorepad database"),
]


@pytest.mark.parametrize("content, reason", UNREADABLE)
def test_an_unparseable_database_is_refused_and_left_untouched(db, content, reason):
    db.write_bytes(content)
    store = Store(db)
    operations = [
        lambda: store.insert({"game": "azul"}),
        lambda: store.get(1),
        lambda: store.all(),
        lambda: store.update(1, lambda doc: None),
        lambda: store.remove(1),
    ]
    for operation in operations:
        with pytest.raises(StoreError) as caught:
            operation()
        assert str(caught.value) == (
            f"cannot read the database {db}: {reason}"
            + ("" if reason.startswith("not valid") else ' (expected {"sessions": {"1": {...}}})')
            + "; it was left as it is. Move it aside or use --db PATH."
        )
        assert "\n" not in str(caught.value)
    assert db.read_bytes() == content
    assert tmp_files(db.parent) == []


@pytest.mark.parametrize("content", [b"", b"\n", b"  \r\n"])
def test_an_empty_file_is_an_empty_database(db, content):
    # Nothing in it can be lost; TinyDB itself reads an empty file as empty, and `touch` makes one.
    db.write_bytes(content)
    store = Store(db)
    assert store.all() == []
    assert store.insert({"game": "azul"}) == 1
    assert orjson.loads(db.read_bytes()) == {"sessions": {"1": {"game": "azul", "schema": SCHEMA_VERSION}}}


def test_a_session_from_a_newer_scorepad_is_refused(db):
    db.write_bytes(orjson.dumps({"sessions": {
        "1": {"game": "azul", "schema": SCHEMA_VERSION},
        "3": {"game": "azul", "schema": SCHEMA_VERSION + 1, "future": True},
    }}))
    before = db.read_bytes()
    store = Store(db)
    message = f"session 3 in {db} was written by a newer scorepad (schema {SCHEMA_VERSION + 1})"
    for operation in (lambda: store.get(3), store.all, lambda: store.update(3, lambda doc: None)):
        with pytest.raises(StoreError) as caught:
            operation()
        assert str(caught.value) == message
    assert db.read_bytes() == before
    assert store.get(1)["game"] == "azul"  # its neighbours stay usable
    store.remove(3)  # deleting cannot misread it, so it is allowed
    assert [doc_id for doc_id, _ in store.all()] == [1]


def test_a_lock_that_cannot_be_had_gives_a_store_error(db):
    Store(db).insert({"game": "azul"})
    store = Store(db, lock_timeout=0.2)
    with FileLock(f"{db}.lock"):
        for operation in (lambda: store.insert({"game": "chinatown"}), lambda: store.get(1)):
            started = time.monotonic()
            with pytest.raises(StoreError) as caught:
                operation()
            assert time.monotonic() - started < 2
            assert str(caught.value) == (
                f"the database {db} is busy: could not take the lock {db}.lock within 0.2 s"
                " (is another scorepad running?)"
            )
    assert store.insert({"game": "chinatown"}) == 2  # free again


# --- where the database lives -------------------------------------------------------------------


def test_default_path_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    platform_default = Path(platformdirs.user_data_dir("scorepad")) / "scorepad.json"
    monkeypatch.setenv(ENV_VAR, "")
    assert default_path() == platform_default
    monkeypatch.delenv(ENV_VAR)
    assert default_path() == platform_default


def test_a_value_orjson_cannot_write_is_a_store_error_and_writes_nothing(db):
    store = Store(db)
    store.insert({"game": "azul"})
    before = db.read_bytes()
    with pytest.raises(StoreError) as caught:
        store.update(1, lambda doc: doc.update(n=2**64))
    assert str(caught.value) == f"cannot write the database {db}: Integer exceeds 64-bit range"
    assert db.read_bytes() == before and tmp_files(db.parent) == []
