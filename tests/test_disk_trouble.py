"""Issue 23: an unlucky machine — a nearly full disk, links planted where scorepad writes, folders an ordinary user
may not read. A command that says it failed has changed nothing; a link is replaced, never written through; an
unreadable folder is one line naming it."""

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import LC11, invoke

from scorepad.store import Store
from scorepad.table.summary import summarize

# A bucket of 300 sessions: its index and facts files (some 70 KB each) are far larger than a session file, so a
# disk with a few KB left takes a session file and not the index file written with it.
SESSIONS = 300
FREE_KB = (4, 16, 64)


@pytest.fixture(scope="module")
def many_sessions(tmp_path_factory):
    folder = tmp_path_factory.mktemp("many")
    lines = folder / "many.jsonl"
    lines.write_text("".join(json.dumps(LC11) + "\n" for _ in range(SESSIONS)))
    database = folder / "db" / "scorepad.json"
    assert invoke("--db", database, "import", "--again", lines).exit_code == 0
    return database.parent


@pytest.fixture
def small_disk():
    """A filesystem of its own (tmpfs), so that it can be filled; needs root."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-full-"))
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                                                   capture_output=True).returncode == 0
    if not mounted:
        folder.rmdir()
        pytest.skip("needs root and mount, for a filesystem of its own to fill")
    yield folder
    subprocess.run(["umount", str(folder)], check=False)
    folder.rmdir()


def fill(folder, leave_kb):
    """Fill the filesystem of `folder` until `leave_kb` KB are left (removed again by `filler.unlink()`)."""
    filler = folder / "filler"
    stat = os.statvfs(folder)
    with open(filler, "wb") as f:
        f.write(b"\0" * max(0, stat.f_bavail * stat.f_frsize - leave_kb * 1024))
    return filler


def one_error_line(result):
    assert (result.exit_code, result.stdout) == (1, ""), (result.stdout, result.stderr)
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# --- 3. a command that says it failed has changed nothing ----------------------------------------------------------

CHANGES = {"edit": ["edit", 1, "--round", 1, "--player", "Ana", "--field", "blue", "2 5 7"],
           "rename": ["players", "rename", "Ana", "Anna"],
           "delete": ["delete", 1, "--yes"]}


@pytest.mark.no_travel
@pytest.mark.parametrize("leave", FREE_KB)
@pytest.mark.parametrize("change", CHANGES)
def test_a_change_refused_by_a_full_disk_changed_nothing(small_disk, many_sessions, change, leave):
    shutil.copytree(many_sessions, small_disk / "db")
    database = small_disk / "db" / "scorepad.json"
    before = invoke("--db", database, "export", 1).stdout
    filler = fill(small_disk, leave)
    done = invoke("--db", database, *CHANGES[change])
    if done.exit_code == 0:  # room enough after all: then it is all there
        assert change == "delete" or invoke("--db", database, "export", 1).stdout != before
        return
    assert "No space left on device" in one_error_line(done)
    assert invoke("--db", database, "export", 1).stdout == before
    filler.unlink()
    listed = {s["id"]: s for s in json.loads(invoke("--db", database, "list", "--all", "--json").stdout)}
    assert len(listed) == SESSIONS and listed[1]["players"] == ["Ana", "Ben"]
    assert not [name for name in os.listdir(small_disk / "db" / "scorepad.json.d") if name.startswith("pending-")]
    summary = Store(database, summarize=summarize).summaries()[1]  # what list and stats read: the session as it is
    assert (summary["players"], summary["totals"]) == (["Ana", "Ben"], {"Ana": 66, "Ben": 136})


# --- 4. a link planted where scorepad writes is replaced, never written through -----------------------------------

def plant_links(folder, victims):
    """Each file under `folder` (but the database file itself, a link to which is the person's own choice) moved to
    `victims` and replaced by a link to it; what each victim holds."""
    held = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "scorepad.json"):
        victim = victims / f"{len(held)}-{path.name}"
        path.rename(victim)
        path.symlink_to(victim)
        held[victim] = victim.read_bytes()
    return held


@pytest.mark.no_travel
def test_links_planted_in_the_database_folder_are_replaced_not_written_through(tmp_path, database):
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(LC11))
    assert invoke("import", table).exit_code == 0 and invoke("stats").exit_code == 0
    victims = tmp_path / "victims"
    victims.mkdir()
    held = plant_links(database.parent, victims)
    folder = database.with_name("scorepad.json.d")
    (folder / "pending-9").symlink_to(victims / "made-by-a-marker")  # dangling: a marker made there makes it
    (database.parent / "scorepad.json.lock").unlink(missing_ok=True)
    (database.parent / "scorepad.json.lock").symlink_to(victims / "lock")
    for args in (["players", "rename", "Ben", "Benny"], ["import", table, "--again"], ["stats"], ["delete", 2, "--yes"]):
        done = invoke(*args)
        assert done.exit_code == 0, (args, done.output)
    assert {victim: victim.read_bytes() for victim in held} == held
    assert sorted(p.name for p in victims.iterdir()) == sorted(v.name for v in held)
    assert Store(database).get(1)["players"] == ["Ana", "Benny"]


@pytest.mark.no_travel
def test_a_link_planted_in_the_font_cache_is_replaced_not_written_through(tmp_path, monkeypatch):
    from scorepad.sheets import fonts

    if fonts.cjk_source() is None:
        pytest.skip("needs the CJK font package")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    chars = "分局"
    assert fonts.cjk_font(chars) is not None
    [cached] = fonts.cache_folder().iterdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("not a font: a file of someone else's")
    cached.unlink()
    cached.symlink_to(victim)
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    assert fonts.cjk_font(chars) is not None
    assert victim.read_text() == "not a font: a file of someone else's"
    assert not cached.is_symlink() and cached.read_bytes()[:4] == b"\0\1\0\0"  # a TrueType font, in its place
