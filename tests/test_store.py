import errno
import os
import shutil
import stat
import subprocess
import sys
import time
import zlib
from pathlib import Path

import orjson
import platformdirs
import pytest
from filelock import FileLock

import scorepad
from scorepad import store as stores
from scorepad.errors import Changed, NotFound, StoreError
from scorepad.store import BACKUP_SUFFIX, BUCKET, ENV_VAR, SCHEMA_VERSION, Store, default_path

REPO = Path(scorepad.__file__).resolve().parents[1]
# A database written by scorepad 0.1 (layout 1: every session in one file), made with that release's code:
# the five games imported, a Lost Cities match stopped in game 2, one played to the end, a Chinatown game
# not yet answered.
V1_DATABASE = Path(__file__).parent / "data" / "v1-database.json"


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
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*.tmp"))


def snapshot(db):
    """Every file of the database (its file, its folder), by path, with its bytes."""
    files = [db] + sorted(db.with_name(db.name + ".d").rglob("*"))
    return {str(p): p.read_bytes() for p in files if p.is_file()}


def by_game(doc):
    return {"game": doc.get("game"), "status": doc.get("status")}


by_game.version = 7


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
    assert store.summaries() == {1: {"game": "azul", "players": ["Ann", "Bo"]}, 2: {"game": "chinatown"}}

    def add_round(doc):
        doc["log"].append({"round": 1})
        del doc["players"]  # a field the change removes must really disappear

    assert store.update(1, add_round) == {"game": "azul", "log": [{"round": 1}], "schema": 1}
    assert Store(db).get(1) == {"game": "azul", "log": [{"round": 1}], "schema": 1}
    assert store.summaries()[1] == {"game": "azul"}  # the summary follows the session

    store.remove(2)
    assert [doc_id for doc_id, _ in store.all()] == [1] and list(store.summaries()) == [1]
    with pytest.raises(NotFound, match=r"^no session 2 in .*scorepad\.json$"):
        store.get(2)
    with pytest.raises(NotFound):
        store.remove(2)
    with pytest.raises(NotFound):
        store.update(2, lambda doc: None)
    assert store.insert({"game": "azul"}) == 3  # an id is never handed out twice, even after a delete


def test_one_file_per_session_and_an_index_of_summaries(db):
    store = Store(db, summarize=by_game)
    ids = store.insert_many([{"game": f"g{n}", "status": "playing"} for n in range(BUCKET + 5)])
    assert ids == list(range(1, BUCKET + 6))
    folder = db.with_name("scorepad.json.d")
    assert orjson.loads(db.read_bytes()) == {"meta": {"1": {"layout": 2, "next_id": BUCKET + 6, "summary_version": 7}}}
    session = {"game": f"g{BUCKET}", "status": "playing", "schema": SCHEMA_VERSION}
    assert orjson.loads((folder / "sessions" / "0001" / f"{BUCKET + 1}.json").read_bytes()) == {
        "session": {str(BUCKET + 1): session},
        # what the index holds of it, and of which session as written (an answer that keeps it reads no index file);
        # of an index file not known yet (an import writes it after its session files: compared by the first answer)
        "meta": {"1": {"summary_version": 7, "summary": {"game": f"g{BUCKET}", "status": "playing"},
                       "session": zlib.crc32(orjson.dumps(session)), "index": None}}}
    index = orjson.loads((folder / "index" / "0000.json").read_bytes())["summaries"]
    assert len(index) == BUCKET - 1 and index["1"] == {"game": "g0", "status": "playing"}
    assert Store(db, summarize=by_game).summaries()[BUCKET + 5] == {"game": f"g{BUCKET + 4}", "status": "playing"}


def test_an_answer_that_leaves_the_summary_alone_writes_only_the_session_file(db, monkeypatch):
    store = Store(db, summarize=by_game)
    store.insert({"game": "azul", "status": "playing", "log": []})
    written = []  # every file of the store is written whole: a temp file, renamed over it
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: (written.append(Path(dst).name), real(src, dst))[1])
    store.update(1, lambda doc: doc["log"].append(1))
    assert written == ["1.json"]
    written.clear()
    store.update(1, lambda doc: doc.update(status="finished"))
    assert written == ["0000.json", "1.json"]  # the session file (the truth) last: a failed write changes nothing


def test_bytes_read_and_written_per_answer_do_not_grow_with_the_store(tmp_path, monkeypatch):
    """An answer to session 300 (a full index file in both stores) costs the same bytes at 600 and at 2,000, and
    looks at as many files: a stat for each index file (the writer's check for a missing one) was 4 ms of every
    answer at 50,000 sessions."""
    import os

    costs = []
    for count in (600, 2000):
        store = Store(tmp_path / f"{count}.json", summarize=by_game)
        store.insert_many([{"game": "azul", "status": "playing", "log": [], "n": n} for n in range(count)])
        moved = {"read": 0, "written": 0, "stats": 0}
        read, replace, stat = Path.read_bytes, os.replace, os.stat

        def counting_stat(*args, moved=moved, stat=stat, **kw):
            moved["stats"] += 1
            return stat(*args, **kw)

        def counting_read(path, moved=moved, read=read):
            data = read(path)
            moved["read"] += len(data)
            return data

        def counting_write(src, dst, moved=moved, replace=replace):  # a temp file, renamed over the file written
            moved["written"] += os.path.getsize(src)
            return replace(src, dst)

        monkeypatch.setattr(Path, "read_bytes", counting_read)
        monkeypatch.setattr(os, "replace", counting_write)
        monkeypatch.setattr(os, "stat", counting_stat)
        store.update(300, lambda doc: doc["log"].append(1))  # a plain answer
        store.update(300, lambda doc: doc.update(status="finished"))  # one that changes the summary
        monkeypatch.undo()
        costs.append(moved)
    # The same to a few bytes: the meta record's next id has one more digit.
    assert abs(costs[0]["read"] - costs[1]["read"]) <= 8 and costs[0]["written"] == costs[1]["written"]
    assert costs[0]["stats"] == costs[1]["stats"]
    assert costs[0]["read"] < 60_000 and costs[0]["written"] < 60_000


def test_a_plain_answer_reads_its_session_file_and_lists_no_folder_that_grows(tmp_path, monkeypatch):
    """What an answer that keeps the summary reads: the database file and its session file, no index file (the
    session file's stamp says what the index holds of it), and it lists only PATH.d and the folder above it,
    not index/, sessions/ or the session's own folder (196, 196 and up to 256 names at 50,000 sessions)."""
    store = Store(tmp_path / "scorepad.json", summarize=by_game)
    store.insert_many([{"game": "azul", "status": "playing", "log": []} for n in range(BUCKET + 50)])
    store.update(BUCKET + 10, lambda doc: doc["log"].append(0))  # the first answer compares its stamp with the index
    folder = tmp_path / "scorepad.json.d"
    read, listed = [], []
    real_read, real_listdir = Path.read_bytes, os.listdir
    monkeypatch.setattr(Path, "read_bytes", lambda path: (read.append(path.name), real_read(path))[1])
    monkeypatch.setattr(os, "listdir", lambda path=".": (listed.append(Path(path)), real_listdir(path))[1])
    store.update(BUCKET + 10, lambda doc: doc["log"].append(1))
    assert read == ["scorepad.json", f"{BUCKET + 10}.json"]
    assert sorted(listed) == [tmp_path, folder, folder]  # the two temp-file sweeps and the pending markers
    read.clear()
    store.update(BUCKET + 10, lambda doc: doc.update(status="finished"))  # the summary changes: its index file too
    assert read[:3] == ["scorepad.json", f"{BUCKET + 10}.json", "0001.json"]
    assert Store(tmp_path / "scorepad.json", summarize=by_game).summaries()[BUCKET + 10]["status"] == "finished"


PLAYING = {"game": "azul", "status": "playing"}
FINISHED = {"game": "azul", "status": "finished", "log": [], "schema": SCHEMA_VERSION}


@pytest.mark.parametrize("stamp", [None, {"summary_version": 6, "summary": PLAYING},
                                   {"summary_version": 7, "summary": PLAYING, "session": 12345},
                                   {"summary_version": 7, "summary": "playing",
                                    "session": zlib.crc32(orjson.dumps(FINISHED))}],
                         ids=["no-stamp", "another-version", "another-session", "not-a-summary"])
def test_an_answer_to_a_session_whose_stamp_cannot_be_trusted_checks_the_index(db, stamp):
    # A session file written before stamps, stamped before every summary was made again, or changed by hand (its
    # digest is of another session): its summary is compared with the index, which is brought up to date (here
    # the index says "playing", the file "finished").
    store = Store(db, summarize=by_game)
    store.insert({"game": "azul", "status": "playing", "log": []})
    path = db.with_name("scorepad.json.d") / "sessions" / "0000" / "1.json"
    held = {"session": {"1": FINISHED}}
    path.write_bytes(orjson.dumps(held if stamp is None else {**held, "meta": {"1": stamp}}))
    store.update(1, lambda doc: doc["log"].append(1))
    index = orjson.loads((db.with_name("scorepad.json.d") / "index" / "0000.json").read_bytes())["summaries"]
    assert index["1"] == {"game": "azul", "status": "finished"}
    held = os.stat(db.with_name("scorepad.json.d") / "index" / "0000.json")
    assert orjson.loads(path.read_bytes())["meta"] == {"1": {
        "summary_version": 7, "summary": index["1"], "session": zlib.crc32(orjson.dumps({**FINISHED, "log": [1]})),
        "index": [held.st_ino, held.st_size, held.st_mtime_ns]}}  # the index file as rewritten before it


def test_a_missing_index_file_is_made_again_by_a_write_to_its_bucket_not_to_another(db):
    store = Store(db, summarize=by_game)
    store.insert_many([{"game": "azul", "status": "playing"} for n in range(BUCKET + 3)])
    index = db.with_name("scorepad.json.d") / "index"
    kept = (index / "0000.json").read_bytes()
    (index / "0000.json").unlink()
    store.update(BUCKET + 1, lambda doc: doc.update(status="finished"))  # bucket 1: bucket 0 is not looked for
    assert not (index / "0000.json").exists()
    store.update(2, lambda doc: doc.update(status="finished"))  # bucket 0: made again, then changed
    summaries = orjson.loads((index / "0000.json").read_bytes())["summaries"]
    assert len(summaries) == BUCKET - 1 and summaries["2"]["status"] == "finished"
    assert {key: value for key, value in summaries.items() if key != "2"} == {
        key: value for key, value in orjson.loads(kept)["summaries"].items() if key != "2"}


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
    before = snapshot(db)

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
    assert snapshot(db) == before
    assert tmp_files(db.parent) == []


def test_a_failed_operation_does_not_rewrite_anything(db):
    store = Store(db)
    store.insert({"game": "azul"})
    before = snapshot(db)
    with pytest.raises(NotFound):
        store.remove(7)
    with pytest.raises(NotFound):
        store.update(7, lambda doc: None)
    store.get(1)
    store.all()
    store.summaries()
    assert snapshot(db) == before


def test_reading_a_missing_database_creates_nothing(tmp_path):
    store = Store(tmp_path / "sub" / "scorepad.json")
    assert store.all() == [] and store.summaries() == {}
    with pytest.raises(NotFound):
        store.get(1)
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
    assert not (tmp_path / "link.json.d").exists()  # the folder belongs to the real file


# --- concurrency and crashes --------------------------------------------------------------------

WORKER = """
import sys, time
from pathlib import Path
from scorepad.store import Store
db, mode, tag, count, ready, go = sys.argv[1:]
store = Store(db, lock_timeout=60)
Path(ready).touch()
while not Path(go).exists():  # start together, so the writers really overlap
    time.sleep(0.001)
for i in range(int(count)):
    if mode == "append":
        store.update(1, lambda doc: doc["log"].append(f"{tag}-{i}"))
    elif mode == "insert":
        store.insert({"by": tag, "n": i})
    else:  # a reader looping while the others write: it must never fail nor see a torn file
        assert len(store.get(1)["log"]) >= 0 and store.summaries()
"""


def test_eight_writers_and_readers_at_once_lose_nothing(db, tmp_path):
    Store(db).insert({"log": []})
    jobs = [("append", t, 100) for t in "abcdef"] + [("insert", t, 50) for t in "gh"] + [("read", "r", 200)]
    go = tmp_path / "go"
    ready = [tmp_path / f"ready-{tag}" for _, tag, _ in jobs]
    children = [run_child(WORKER, db, mode, tag, n, r, go) for (mode, tag, n), r in zip(jobs, ready)]
    deadline = time.monotonic() + 60
    while not all(r.exists() for r in ready) and time.monotonic() < deadline:
        time.sleep(0.005)
    go.touch()
    for child in children:
        _, err = child.communicate(timeout=240)
        assert child.returncode == 0, err

    docs = dict(Store(db).all())
    assert sorted(docs) == list(range(1, 102)) == sorted(Store(db).summaries())
    log = docs[1]["log"]
    assert len(log) == 600
    for tag in "abcdef":
        assert [entry for entry in log if entry.startswith(tag)] == [f"{tag}-{i}" for i in range(100)]
    inserted = sorted((doc["by"], doc["n"]) for doc_id, doc in docs.items() if doc_id != 1)
    assert inserted == sorted((tag, i) for tag in "gh" for i in range(50))


KILLED_WRITER = """
import os, sys
from scorepad import store as stores
calls = 0
real = os.replace

def die(tmp, target):
    global calls
    calls += 1
    if calls == int(sys.argv[2]):
        with open(tmp, "r+b") as f:  # leave a half-written temp file, as a crash mid-write would
            f.truncate(os.path.getsize(tmp) // 2)
        os._exit(1)
    real(tmp, target)

os.replace = die
store = stores.Store(sys.argv[1], summarize=lambda doc: {"status": doc.get("status")})
store.update(1, lambda doc: doc.update(status="finished", notes="x" * 5000))
"""


IMPORTER = """
import sys, time
from pathlib import Path
from scorepad.store import Store
db, tag, ready, go = sys.argv[1:]
store = Store(db, lock_timeout=60)
Path(ready).touch()
while not Path(go).exists():
    time.sleep(0.001)
for batch in range(5):
    print(*store.insert_many({"by": tag, "batch": batch, "n": n} for n in range(20)), flush=True)
"""


def test_three_importers_a_writer_and_a_reader_at_once_lose_nothing(db, tmp_path):
    # Issue 10 point 4: three importers at once, with an answer being written and `list` reading meanwhile. Each
    # import is stored whole, under ids of its own in a row, and none is lost or stored twice.
    Store(db).insert({"log": []})
    go = tmp_path / "go"
    jobs = [(IMPORTER, tag, tmp_path / f"ready-{tag}", go) for tag in "abc"]
    jobs += [(WORKER, "append", "w", 30, tmp_path / "ready-w", go), (WORKER, "read", "r", 60, tmp_path / "ready-r", go)]
    children = [run_child(code, db, *args) for code, *args in jobs]
    deadline = time.monotonic() + 60
    while not all(job[-2].exists() for job in jobs) and time.monotonic() < deadline:
        time.sleep(0.005)
    go.touch()
    printed = []
    for child in children:
        out, err = child.communicate(timeout=240)
        assert child.returncode == 0, err
        printed.append(out)
    batches = [[int(n) for n in line.split()] for out in printed[:3] for line in out.splitlines()]
    assert len(batches) == 15 and all(ids == list(range(ids[0], ids[0] + 20)) for ids in batches)
    docs = dict(Store(db).all())
    assert sorted(docs) == list(range(1, 302)) == sorted(Store(db).summaries())
    for ids in batches:
        assert len({(docs[i]["by"], docs[i]["batch"]) for i in ids}) == 1
        assert [docs[i]["n"] for i in ids] == list(range(20))
    assert len(docs[1]["log"]) == 30


@pytest.mark.parametrize("dies_at", [1, 2])  # 1: the summary; 2: the session file, written last
def test_a_write_killed_midway_leaves_a_whole_database(db, dies_at):
    summarize = lambda doc: {"status": doc.get("status")}  # noqa: E731 - the same as the child's
    store = Store(db, summarize=summarize)
    for game in ("azul", "chinatown", "lost-cities"):
        store.insert({"game": game, "status": "playing"})

    child = run_child(KILLED_WRITER, db, dies_at)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 1, err
    assert len(tmp_files(db.parent)) == 1

    store = Store(db, summarize=summarize)
    expected = "playing"  # the session file is the truth, and a write that did not reach it changed nothing
    assert store.get(1)["status"] == expected
    assert store.summaries()[1] == {"status": expected}  # a reader already sees the summary right
    # The dead process's lock is gone with it; the next writer removes its temp file at once.
    store.update(2, lambda doc: doc.update(score=1))
    assert tmp_files(db.parent) == []
    assert [doc["game"] for _, doc in store.all()] == ["azul", "chinatown", "lost-cities"]
    assert not list(db.with_name("scorepad.json.d").glob("pending-*"))


KILLED_IMPORT = """
import os, sys
from scorepad import store as stores
calls = 0
real = os.replace

def die(tmp, target):  # each file of the store is written as a temp file, renamed over it
    global calls
    calls += 1
    if calls == int(sys.argv[2]):
        os._exit(1)
    real(tmp, target)

os.replace = die
stores.Store(sys.argv[1]).insert_many([{"game": "azul", "n": n} for n in range(300)])
"""


@pytest.mark.parametrize("dies_at", [2, 50, 301, 302])
def test_an_import_killed_midway_stores_none_of_it(db, dies_at):
    Store(db).insert({"game": "chinatown"})
    child = run_child(KILLED_IMPORT, db, dies_at)
    child.communicate(timeout=60)
    assert child.returncode == 1
    store = Store(db)
    assert list(store.summaries()) == [1]
    assert [doc_id for doc_id, _ in store.all()] == [1]
    new = store.insert({"game": "azul"})  # none of its ids was ever handed out (printed), so they may be
    assert sorted(int(p.stem) for p in db.with_name("scorepad.json.d").rglob("sessions/*/*.json")) == [1, new]
    assert list(store.summaries()) == [1, new]


def test_an_os_error_while_writing_becomes_a_store_error(db, monkeypatch):
    store = Store(db)
    store.insert({"game": "azul"})
    before = store.get(1)

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied", str(dst))

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StoreError) as caught:
        store.update(1, lambda doc: doc.update(x=1))
    assert str(caught.value) == f"cannot write the database {db}: Permission denied"
    monkeypatch.undo()
    assert store.get(1) == before
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
    (b'{"sessions": {"1": {"game": "azul"}, "01": {"game": "lost"}}}', "not a scorepad database"),  # one id twice
    (b'{"notes": {}}', "not a scorepad database"),
]


@pytest.mark.parametrize("content, reason", UNREADABLE)
def test_an_unparseable_database_is_refused_and_left_untouched(db, content, reason):
    db.write_bytes(content)
    store = Store(db)
    operations = [
        lambda: store.insert({"game": "azul"}),
        lambda: store.get(1),
        lambda: store.all(),
        lambda: store.summaries(),
        lambda: store.update(1, lambda doc: None),
        lambda: store.remove(1),
    ]
    for operation in operations:
        with pytest.raises(StoreError) as caught:
            operation()
        assert str(caught.value) == (f"cannot read the database {db}: {reason}; it was left as it is. "
                                     "Move it aside or use --db PATH.")
    assert db.read_bytes() == content
    assert sorted(p.name for p in db.parent.iterdir()) in (["scorepad.json"], ["scorepad.json", "scorepad.json.lock"])


@pytest.mark.parametrize("content", [b"", b"\n", b"  \r\n"])
def test_an_empty_file_is_an_empty_database(db, content):
    # Nothing in it can be lost; TinyDB itself reads an empty file as empty, and `touch` makes one.
    db.write_bytes(content)
    store = Store(db)
    assert store.all() == []
    assert store.insert({"game": "azul"}) == 1
    assert Store(db).get(1) == {"game": "azul", "schema": SCHEMA_VERSION}


def test_a_session_from_a_newer_scorepad_is_refused(db):
    store = Store(db)
    store.insert({"game": "azul"})
    store.insert({"game": "azul"})
    path = db.with_name("scorepad.json.d") / "sessions" / "0000" / "2.json"
    path.write_bytes(orjson.dumps({"session": {"2": {"game": "azul", "schema": SCHEMA_VERSION + 1}}}))
    message = f"session 2 in {db} was written by a newer scorepad (schema {SCHEMA_VERSION + 1})"
    for operation in (lambda: store.get(2), store.all, lambda: store.update(2, lambda doc: None)):
        with pytest.raises(StoreError) as caught:
            operation()
        assert str(caught.value) == message
    assert store.get(1)["game"] == "azul"  # its neighbours stay usable
    store.remove(2)  # deleting cannot misread it, so it is allowed
    assert [doc_id for doc_id, _ in store.all()] == [1]


def test_a_database_of_a_newer_layout_is_refused_and_left_untouched(db):
    db.write_bytes(b'{"meta": {"1": {"layout": 3, "next_id": 1}}}')
    with pytest.raises(StoreError, match=r"written by a newer scorepad \(layout 3\)$"):
        Store(db).insert({"game": "azul"})
    assert db.read_bytes() == b'{"meta": {"1": {"layout": 3, "next_id": 1}}}'


def test_a_lock_that_cannot_be_had_gives_a_store_error_to_writers_only(db):
    Store(db).insert({"game": "azul"})
    store = Store(db, lock_timeout=0.2)
    with FileLock(f"{db}.lock"):
        started = time.monotonic()
        with pytest.raises(StoreError) as caught:
            store.insert({"game": "chinatown"})
        assert time.monotonic() - started < 2
        assert str(caught.value) == (
            f"the database {db} is busy: could not take the lock {db}.lock within 0.2 s"
            " (is another scorepad running?)"
        )
        assert store.get(1)["game"] == "azul"  # a reader needs no lock: a long game never blocks `list`
    assert store.insert({"game": "chinatown"}) == 2  # free again


# --- moving a scorepad 0.1 database over --------------------------------------------------------


def test_a_v1_database_is_moved_over_losslessly_once(tmp_path):
    db = tmp_path / "scorepad.json"
    shutil.copy(V1_DATABASE, db)
    old = orjson.loads(V1_DATABASE.read_bytes())["sessions"]
    told = []
    store = Store(db, summarize=by_game, notify=told.append)
    assert dict(store.all()) == {int(key): doc for key, doc in old.items()}
    assert told == [f"Moved {len(old)} sessions of {db} to the new storage layout (one file per session, beside it "
                    f"in scorepad.json.d); the old file is kept as scorepad.json{BACKUP_SUFFIX}."]
    assert (tmp_path / f"scorepad.json{BACKUP_SUFFIX}").read_bytes() == V1_DATABASE.read_bytes()
    assert store.summaries()[6] == {"game": "lost-cities", "status": "playing"}
    assert store.insert({"game": "azul"}) == len(old) + 1
    Store(db, notify=told.append).get(1)
    assert len(told) == 1  # once


MIGRATION_KILLED = """
import os, sys, tempfile
from scorepad import store as stores
calls = 0
real_mkstemp, real_replace, real_sync = tempfile.mkstemp, os.replace, os.sync

def count():
    global calls
    calls += 1
    if calls == int(sys.argv[2]):
        os._exit(3)

tempfile.mkstemp = lambda *a, **k: (count(), real_mkstemp(*a, **k))[1]  # the start of a file's write
os.replace = lambda *a: (count(), real_replace(*a))
os.sync = lambda: (count(), real_sync())
stores.Store(sys.argv[1]).get(1)
print("done", calls)
"""


def test_a_migration_killed_at_any_step_leaves_the_old_file_whole_and_runs_again(tmp_path):
    old = orjson.loads(V1_DATABASE.read_bytes())["sessions"]
    step = 1
    while True:
        db = tmp_path / f"{step}" / "scorepad.json"
        db.parent.mkdir()
        shutil.copy(V1_DATABASE, db)
        child = run_child(MIGRATION_KILLED, db, step)
        out, err = child.communicate(timeout=60)
        if child.returncode == 0:
            break
        assert child.returncode == 3, err
        assert db.read_bytes() == V1_DATABASE.read_bytes() or b'"meta"' in db.read_bytes()
        assert dict(Store(db).all()) == {int(key): doc for key, doc in old.items()}  # migrated again, or done
        step += 1
    assert step > 5  # every write, rename and sync of the migration was a place to die


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
    before = snapshot(db)
    with pytest.raises(StoreError) as caught:
        store.update(1, lambda doc: doc.update(n=2**64))
    assert str(caught.value) == f"cannot write the database {db}: Integer exceeds 64-bit range"
    assert snapshot(db) == before and tmp_files(db.parent) == []


def test_a_database_file_deleted_by_hand_beside_its_folder_loses_nothing(db):
    store = Store(db, summarize=by_game)
    store.insert_many([{"game": "azul", "status": "finished"}, {"game": "lost", "status": "playing"}])
    db.unlink()
    assert Store(db, summarize=by_game).summaries() == {1: {"game": "azul", "status": "finished"},
                                                         2: {"game": "lost", "status": "playing"}}
    assert Store(db, summarize=by_game).insert({"game": "next"}) == 3  # the ids go on after the folder's
    assert [doc["game"] for _, doc in Store(db).all()] == ["azul", "lost", "next"]


@pytest.mark.parametrize("removed", [None, 4], ids=["in-a-row", "after-a-delete"])
def test_a_database_file_put_back_from_an_older_copy_loses_nothing(db, removed):
    # The database file (next_id 4) restored from a backup while its folder holds sessions 4 and 5 (or 5 alone,
    # 4 deleted): the next import used to write under 4 (or 5), fail with a traceback (TinyDB: "Document with ID
    # 5 already exists"), and its pending marker then removed every session from 4 on, as its own.
    store = Store(db, summarize=by_game)
    store.insert_many([{"game": "azul", "status": "finished"} for n in range(3)])
    older = db.read_bytes()
    store.insert_many([{"game": "lost", "status": "playing"}, {"game": "next", "status": "playing"}])
    if removed:
        store.remove(removed)
    db.write_bytes(older)
    kept = {doc_id: doc for doc_id, doc in Store(db).all()}
    assert Store(db, summarize=by_game).insert_many([{"game": "chinatown"}, {"game": "london"}]) == [6, 7]
    assert {doc_id: doc for doc_id, doc in Store(db).all() if doc_id < 6} == kept
    assert sorted(Store(db, summarize=by_game).summaries()) == sorted([*kept, 6, 7])
    assert Store(db, summarize=by_game).insert({"game": "azul"}) == 8


@pytest.mark.parametrize("stray", ["2 (copy).json", "notes.json", "\u0662.json", "2.json.d/3.json"])
def test_a_file_of_another_name_in_a_session_folder_is_not_taken_for_a_session(db, stray):
    # A copy a file manager made beside a session file ("2 (copy).json"), or any other file there: every summary
    # made again (an upgrade), the database file deleted, gave a traceback (int() of its name) at every command.
    store = Store(db, summarize=by_game)
    store.insert_many([{"game": "azul", "status": "finished"} for n in range(3)])
    folder = db.with_name("scorepad.json.d") / "sessions"
    (folder / "0000" / stray).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(folder / "0000" / "2.json", folder / "0000" / stray)
    (folder / "notes.txt").write_text("a file beside the session folders")

    def newer(doc):
        return {**by_game(doc), "v": 8}

    newer.version = by_game.version + 1
    assert Store(db, summarize=newer).summaries() == {n: {"game": "azul", "status": "finished", "v": 8}
                                                      for n in (1, 2, 3)}
    db.unlink()
    assert Store(db, summarize=newer).insert({"game": "next", "status": "playing"}) == 4


def test_the_marks_index_finds_a_stored_game_reading_only_its_files(db, monkeypatch):
    identify = lambda doc: [f"mark-{doc['n']}", "shared"] if "n" in doc else []  # noqa: E731
    store = Store(db, identify=identify)
    store.insert_many([{"n": n} for n in range(600)])
    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: (read.append(path.name), real(path))[1])
    assert store.find(["mark-7", "mark-599", "nothing"]) == {"mark-7": 8, "mark-599": 600}
    assert len(read) <= 3  # one small file a mark, not the 600 summaries
    monkeypatch.undo()
    store.remove(8)
    store.update(600, lambda doc: doc.update(n=1000))
    assert Store(db, identify=identify).find(["mark-7", "mark-599", "mark-1000"]) == {"mark-1000": 600}


def test_an_update_killed_before_its_marks_leaves_them_repaired(db):
    identify = lambda doc: [doc["mark"]]  # noqa: E731
    store = Store(db, identify=identify)
    store.insert({"mark": "a"})
    # As a killed writer leaves it: the session file changed, its pending marker still there.
    path = db.with_name("scorepad.json.d") / "sessions" / "0000" / "1.json"
    path.write_bytes(orjson.dumps({"session": {"1": {"mark": "b", "schema": SCHEMA_VERSION}}}))
    (db.with_name("scorepad.json.d") / "pending-1").touch()
    store.insert({"mark": "c"})  # the next writer repairs first
    assert store.find(["a", "b", "c"]) == {"b": 1, "c": 2}


# --- the store's words go through the catalogue (scorepad/i18n.py) ---------------------------------------------

def test_the_stores_refusals_are_sentences_of_the_catalogue(db):
    from pseudo import pseudo_language

    store = Store(db)
    doc_id = store.insert({"game": "azul"})
    with pseudo_language():
        with pytest.raises(NotFound) as missing:
            store.get(doc_id + 1)
        assert str(missing.value) == f"«no session {doc_id + 1} in {db}»"
        with pytest.raises(Changed) as changed:
            store.update(doc_id, lambda doc: None, expect=lambda doc: False)
        assert str(changed.value) == f"«session {doc_id} changed meanwhile; nothing was saved»"
        session_file = db.with_name("scorepad.json.d") / "sessions" / "0000" / f"{doc_id}.json"
        session_file.write_bytes(orjson.dumps({"session": {"9": {"game": "azul"}}}))
        with pytest.raises(StoreError) as damaged:
            store.get(doc_id)
        assert str(damaged.value) == (f"«session {doc_id} in {db} is damaged: «its file {session_file.name} holds "
                                      f"«session 9»»; it was left as it is»")
        db.write_bytes(b"{")
        with pytest.raises(StoreError) as unreadable:
            store.get(doc_id)
        assert str(unreadable.value) == (f"«cannot read the database {db}: «not valid JSON (line 1, column 2)»; "
                                         "it was left as it is. Move it aside or use --db PATH.»")
        db.write_bytes(orjson.dumps({"meta": {"1": {"layout": 9}}}))
        with pytest.raises(StoreError) as newer:
            store.insert({"game": "azul"})
        assert str(newer.value) == f"«the database {db} was written by a newer scorepad (layout 9)»"


@pytest.mark.parametrize("count, english", [(1, "Moved 1 session of"), (2, "Moved 2 sessions of")])
def test_the_migration_line_counts_in_the_languages_plural_forms(tmp_path, count, english):
    db = tmp_path / "old.json"
    db.write_bytes(orjson.dumps({"sessions": {str(n): {"game": "azul"} for n in range(1, count + 1)}}))
    said = []
    Store(db, notify=said.append).all()
    assert said[0].startswith(f"{english} {db} to the new storage layout")


# --- newest.json: `list` reads only the index files that hold the latest sessions ---------------------


def by_date(doc):
    return {"date": doc.get("date")}


def newest_first(doc_id, summary):
    return [summary.get("date") or "", doc_id]


by_date.order = newest_first


def briefs_of(db):
    return orjson.loads(db.with_name("scorepad.json.d").joinpath("newest.json").read_bytes())["buckets"]


def briefs_made_again(db):
    """newest.json as it would be made from the index files alone."""
    folder = db.with_name("scorepad.json.d") / "index"
    made = {}
    for path in sorted(folder.glob("*.json")):
        ranks = [newest_first(int(key), s) for key, s in orjson.loads(path.read_bytes())["summaries"].items()]
        made[str(int(path.stem))] = {"count": len(ranks), "newest": max(ranks, default=None)}
    return made


def expected_latest(store, count):
    every = store.summaries()
    ids = sorted(every, key=lambda doc_id: newest_first(doc_id, every[doc_id]), reverse=True)[:count]
    return {doc_id: every[doc_id] for doc_id in sorted(ids)}, len(every)


def test_newest_json_is_kept_by_insert_update_remove_and_import(db):
    store = Store(db, summarize=by_date)
    # Dates out of id order, as an import of old games makes them: the newest day is in the first file.
    store.insert_many([{"date": f"2026-{1 + n % 12:02d}-01" if n % 7 else None} for n in range(3 * BUCKET)])
    assert briefs_of(db) == briefs_made_again(db) and len(briefs_of(db)) == 4
    store.insert({"date": "2027-01-01"})
    store.update(5, lambda doc: doc.update(date="2028-02-02"))  # an older session becomes the newest
    store.update(6, lambda doc: doc.update(notes="x"))  # the summary alone: newest.json is not written
    store.remove(3 * BUCKET)
    store.remove(5)
    assert briefs_of(db) == briefs_made_again(db)
    for count in (0, 1, 20, 300, 2000):
        assert store.latest(count) == expected_latest(store, count)
    assert list(store.latest(2)[0]) == [3 * BUCKET - 12, 3 * BUCKET + 1]  # the last 2026-12-01, then 2027-01-01


def test_the_latest_read_one_index_file_not_every_one(db, monkeypatch):
    store = Store(db, summarize=by_date)
    store.insert_many([{"date": "2026-01-01"} for _ in range(4 * BUCKET)])
    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda path: (read.append(path), real(path))[1])
    latest = store.latest(20)
    assert [path.name for path in read if path.parent.name == "index"] == ["0004.json", "0003.json"]  # ids 1024, 1005-1023
    monkeypatch.undo()
    assert latest == expected_latest(store, 20) and list(latest[0]) == list(range(4 * BUCKET - 19, 4 * BUCKET + 1))


@pytest.mark.parametrize("damage", [None, b"", b"{not json", b'{"buckets": {"0": 3}}', b'{"buckets": {}}'])
def test_newest_json_missing_or_damaged_is_read_around_and_made_again_by_the_next_writer(db, damage):
    store = Store(db, summarize=by_date)
    store.insert_many([{"date": f"2026-01-{1 + n % 28:02d}"} for n in range(BUCKET + 10)])
    newest = db.with_name("scorepad.json.d") / "newest.json"
    if damage is None:  # a layout-2 database written before newest.json existed
        newest.unlink()
    else:
        newest.write_bytes(damage)
    before = snapshot(db)
    with FileLock(f"{db}.lock"):  # another process is writing: every index file is read instead, nothing written
        assert store.latest(5) == expected_latest(store, 5)
    assert snapshot(db) == before
    assert store.latest(5) == expected_latest(store, 5)  # the lock is free: made again at once
    assert briefs_of(db) == briefs_made_again(db)
    assert {path: data for path, data in snapshot(db).items() if not path.endswith("newest.json")} == {
        path: data for path, data in before.items() if not path.endswith("newest.json")}
    newest.write_bytes(damage or b"")
    store.update(1, lambda doc: doc.update(notes="x"))  # a writer that changes no summary keeps it as it is
    store.insert({"date": "2030-01-01"})  # one that changes newest.json makes it again
    assert briefs_of(db) == briefs_made_again(db)
    assert store.latest(1) == expected_latest(store, 1)


def test_an_index_file_newer_than_newest_json_is_not_trusted(db):
    """A writer killed between an index file and newest.json leaves its marker; the reader and the next writer
    both put it right (here: the marker and an index file ahead of newest.json, as a kill there leaves them)."""
    store = Store(db, summarize=by_date)
    store.insert_many([{"date": "2026-01-01"} for _ in range(30)])
    folder = db.with_name("scorepad.json.d")
    stale = newest.read_bytes() if (newest := folder / "newest.json") else None
    store.update(3, lambda doc: doc.update(date="2027-05-05"))
    newest.write_bytes(stale)
    (folder / "pending-3").touch()
    assert list(store.latest(1)[0]) == [3]
    store.insert({"date": None})  # the next writer finishes the killed write first
    assert briefs_of(db) == briefs_made_again(db) and not (folder / "pending-3").exists()
    newest.write_bytes(stale)  # and without the marker (a hand edit): the count read does not match
    assert store.latest(1) == expected_latest(store, 1)


def test_a_summary_rebuild_of_many_sessions_is_said_once_before_the_wait(db, monkeypatch):
    from scorepad.store import repair

    monkeypatch.setattr(repair, "REBUILD_NOTICE", 3)
    told = []
    Store(db, summarize=by_game).insert_many([{"game": f"g{n}", "status": "playing"} for n in range(3)])

    def newer(doc):
        return {"game": doc.get("game")}

    newer.version = by_game.version + 1
    store = Store(db, summarize=newer, notify=told.append)
    assert store.summaries()[3] == {"game": "g2"}  # every summary made again, the new way
    assert told == ["Bringing up to date what this version of scorepad keeps of 3 stored sessions for lists and "
                    "statistics (once, after an upgrade)…"]
    store.summaries()
    assert len(told) == 1  # once
    few = []
    newer.version += 1
    monkeypatch.setattr(repair, "REBUILD_NOTICE", 4)
    assert Store(db, summarize=newer, notify=few.append).summaries()[1] == {"game": "g0"} and few == []
