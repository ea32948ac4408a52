"""An index file (PATH.d/index/NNNN.json) missing, emptied or damaged is made again from its bucket's session files,
the truth (issue 10, scorepad/store/index.py): it hid every session of its bucket from list, stats, players and export
--all, a damaged one stopped every write to them ("Move it aside"), and the next write began a new index file
holding only its own session, so the others stayed hidden for good."""

import json

import orjson
import pytest
from filelock import FileLock

from conftest import TABLES, invoke
from scorepad.store import BUCKET, Store
from test_readonly import disk  # noqa: F401 - a read-only filesystem of its own (root only)

READS = [("list",), ("list", "--all", "--json"), ("stats", "--json"), ("stats",), ("players", "--json"),
         ("export", "--all")]
TRUNCATED = object()  # the index file cut short, as a crash before its data reached the disk leaves it
DAMAGES = [None, b"", TRUNCATED, b"\x00\x00garbage", b'{"sessions": {}}']  # None: moved aside, as the error said


def imported(db, tmp_path, *games):
    for game in games:
        table = tmp_path / f"{game}.json"
        table.write_text(json.dumps(TABLES[game]))
        result = invoke("--db", db, "import", table)
        assert (result.exit_code, result.stderr) == (0, ""), result.output


def answers(db):
    found = {}
    for args in READS:
        result = invoke("--db", db, *args)
        assert (result.exit_code, result.stderr) == (0, ""), (args, result.output)
        found[args] = result.stdout
    return found


def damage(path, how):
    if how is None:
        path.unlink()
    else:
        path.write_bytes(path.read_bytes()[:60] if how is TRUNCATED else how)


def index_of(db, bucket=0):
    return orjson.loads((db.with_name(db.name + ".d") / "index" / f"{bucket:04d}.json").read_bytes())["summaries"]


def snapshot(folder):
    """The files of the database, but the stats kept by readers (Store.derived: made from what they read)."""
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and p.parent.name != "stats"}


@pytest.mark.parametrize("how", DAMAGES, ids=["deleted", "emptied", "truncated", "garbage", "other-shape"])
def test_a_missing_or_damaged_index_file_is_read_from_the_session_files_and_made_again(database, tmp_path, how):
    imported(database, tmp_path, "lost-cities", "next-station-london", "chinatown")
    folder = database.with_name(database.name + ".d")
    index, newest = folder / "index" / "0000.json", folder / "newest.json"
    expected, summaries, briefs = answers(database), index_of(database), newest.read_bytes()
    assert "won by Ava ($95,000)" in expected[("list",)] and expected[("export", "--all")].count("\n") == 3
    damage(index, how)
    with FileLock(f"{database}.lock"):  # a writer at work: each answer made from the session files, nothing written
        before = snapshot(folder)
        assert answers(database) == expected
        assert snapshot(folder) == before
    assert answers(database) == expected  # the lock is free: the first reader makes the file again
    assert index_of(database) == summaries and newest.read_bytes() == briefs
    assert answers(database) == expected  # the stats kept per index file (Store.derived) agree with it

    damage(index, how)  # a write to a session of that bucket: no longer refused, and the index file made whole
    edited = invoke("--db", database, "edit", 1, "--round", 1, "--player", "Ana", "--field", "yellow", "2")
    assert (edited.exit_code, edited.stderr) == (0, ""), edited.output
    assert sorted(index_of(database)) == ["1", "2", "3"] and index_of(database)["2"] == summaries["2"]
    assert index_of(database)["1"]["totals"] == {"Ben": 136, "Ana": 28}  # Ana's yellow now the 2 alone: -18, not 20
    assert answers(database)[("stats", "--json")] != expected[("stats", "--json")]  # and stats says so
    refused = invoke("--db", database, "import", tmp_path / "chinatown.json")  # the marks still find it
    assert (refused.exit_code, refused.stderr) == (1, "Error: already stored as session 3 (--again stores a copy)\n")


@pytest.mark.parametrize("how", DAMAGES, ids=["deleted", "emptied", "truncated", "garbage", "other-shape"])
def test_the_next_session_stored_keeps_the_others_of_its_index_file(database, tmp_path, how):
    # It began a fresh index file holding itself alone: the sessions before it were gone from every list for good.
    imported(database, tmp_path, "lost-cities", "next-station-london")
    damage(database.with_name(database.name + ".d") / "index" / "0000.json", how)
    imported(database, tmp_path, "chinatown")
    assert sorted(index_of(database)) == ["1", "2", "3"]
    listed = json.loads(invoke("--db", database, "list", "--all", "--json").stdout)
    assert sorted(entry["id"] for entry in listed) == [1, 2, 3]
    assert json.loads(invoke("--db", database, "stats", "--json").stdout)["sessions"] == 3


def by_date(doc):
    return {"date": doc.get("date")}


by_date.order = lambda doc_id, summary: [summary.get("date") or "", doc_id]


def test_one_index_file_of_several_is_made_again_and_newest_json_agrees(tmp_path):
    db = tmp_path / "scorepad.json"
    store = Store(db, summarize=by_date)
    store.insert_many([{"date": f"2026-01-{1 + n % 28:02d}"} for n in range(2 * BUCKET + 3)])
    every, latest = store.summaries(), store.latest(300)
    folder = db.with_name(db.name + ".d")
    kept = snapshot(folder / "index"), (folder / "newest.json").read_bytes()
    assert json.loads(kept[1])["buckets"]["0"]["count"] == BUCKET - 1
    (folder / "index" / "0001.json").unlink()
    (folder / "index" / "0000.json").write_bytes(b"")
    with FileLock(f"{db}.lock"):
        assert Store(db, summarize=by_date).summaries() == every
        assert Store(db, summarize=by_date).latest(300) == latest
    store.remove(2)  # a write repairs both before it changes one
    del every[2]
    assert store.summaries() == every and store.latest(5) == Store(db, summarize=by_date).latest(5)
    assert len(orjson.loads((folder / "index" / "0001.json").read_bytes())["summaries"]) == BUCKET
    assert orjson.loads((folder / "newest.json").read_bytes())["buckets"]["0"]["count"] == BUCKET - 2
    assert snapshot(folder / "index") != kept[0]  # (session 2 is gone from it)


def test_a_read_only_database_lists_the_sessions_of_a_damaged_index_file(disk, tmp_path):  # noqa: F811
    folder, freeze = disk
    db = folder / "scorepad.json"
    imported(db, tmp_path, "lost-cities", "next-station-london", "chinatown")
    expected = answers(db)
    (folder / "scorepad.json.d" / "index" / "0000.json").write_bytes(b"")
    (folder / "scorepad.json.d" / "stats" / "0000.json").unlink()
    freeze()
    before = snapshot(folder)
    assert answers(db) == expected
    assert snapshot(folder) == before and not (folder / "scorepad.json.d" / "stats" / "0000.json").exists()


def test_a_damaged_session_file_in_the_bucket_is_named_and_nothing_is_written(database, tmp_path):
    # What the lost index file said of it is gone, and the session file is the truth: rather than leave the session
    # out silently, the one line names it (moved aside, the others are listed and the index file made again).
    imported(database, tmp_path, "lost-cities", "next-station-london")
    folder = database.with_name(database.name + ".d")
    (folder / "index" / "0000.json").unlink()
    session = folder / "sessions" / "0000" / "2.json"
    session.write_bytes(session.read_bytes().replace(b'{"session":{"2"', b'{"session":{"7"'))
    before = snapshot(folder)
    for args in (("list",), ("stats", "--json"), ("export", "--all")):
        result = invoke("--db", database, *args)
        assert (result.exit_code, result.stderr) == (1, f"Error: session 2 in {database} is damaged: its file 2.json "
                                                        "holds session 7; it was left as it is\n"), args
    assert snapshot(folder) == before
    session.rename(tmp_path / "2.json")
    listed = invoke("--db", database, "list", "--all", "--json")
    assert [entry["id"] for entry in json.loads(listed.stdout)] == [1] and sorted(index_of(database)) == ["1"]
