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
from test_readonly import disk  # noqa: F401 - a fixture: a tmpfs of its own

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
def small_disk(disk):
    """A filesystem of its own (test_readonly's tmpfs), so that it can be filled; needs root."""
    return disk[0]


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
    for args in (["players", "rename", "Ben", "Benny"], ["import", table, "--again"], ["stats"],
                 ["delete", 2, "--yes"]):
        done = invoke(*args)
        assert done.exit_code == 0, (args, done.output)
    assert {victim: victim.read_bytes() for victim in held} == held
    assert sorted(p.name for p in victims.iterdir()) == sorted(v.name for v in held)
    assert Store(database).get(1)["players"] == ["Ana", "Benny"]


@pytest.fixture
def font_cache(tmp_path, monkeypatch):
    """scorepad.sheets.fonts with a user cache folder of the test's own and no font registered yet."""
    from scorepad.sheets import fonts

    if fonts.cjk_source() is None:
        pytest.skip("needs the CJK font package")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    return fonts


@pytest.mark.no_travel
def test_a_link_planted_in_the_font_cache_is_replaced_not_written_through(tmp_path, monkeypatch, font_cache):
    fonts = font_cache
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



@pytest.mark.no_travel
def test_a_folder_of_the_database_planted_as_a_link_is_refused_not_written_through(tmp_path, database):
    table = tmp_path / "lc.json"
    table.write_text(json.dumps(LC11))
    assert invoke("import", table).exit_code == 0
    index = database.with_name("scorepad.json.d") / "index"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for path in index.iterdir():
        path.unlink()
    index.rmdir()
    index.symlink_to(elsewhere)
    done = invoke("import", table, "--again")
    assert done.exit_code == 1 and done.output.startswith("Error: ") and "is a link to another folder" in done.output
    assert list(elsewhere.iterdir()) == []  # nothing written through it


@pytest.mark.no_travel
def test_a_font_cache_folder_planted_as_a_link_is_replaced_not_written_through(tmp_path, font_cache):
    fonts = font_cache
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    fonts.cache_folder().parent.mkdir(parents=True)
    fonts.cache_folder().symlink_to(elsewhere)
    assert fonts.cjk_font("分局") is not None
    assert list(elsewhere.iterdir()) == [] and not fonts.cache_folder().is_symlink()
    assert len(list(fonts.cache_folder().iterdir())) == 1

# --- 5. folders an ordinary user may not read: one line naming them, or a command that works ----------------------

REPO = Path(__file__).resolve().parents[1]
SYSTEM_PYTHON = Path("/usr/bin/python3")


@pytest.fixture
def ordinary_user(tmp_path):
    """scorepad run as `nobody` (root reads every file): the system's Python with this checkout and the libraries of
    the running one (the same minor version), in a folder of nobody's own holding LC-11 as a table file. Skipped
    where that cannot be done."""
    import pwd
    import sys
    import sysconfig

    runuser = shutil.which("runuser")
    if os.geteuid() != 0 or not runuser or not SYSTEM_PYTHON.exists():
        pytest.skip("needs root, runuser and /usr/bin/python3, to run scorepad as an ordinary user")
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("needs the user nobody")
    folder = Path(tempfile.mkdtemp(prefix="scorepad-user-"))
    os.chmod(folder, 0o755)
    os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    table = folder / "lc.json"
    table.write_text(json.dumps(LC11))
    os.chmod(table, 0o644)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(folder), "XDG_CACHE_HOME": str(folder / "cache"),
           "SCOREPAD_DB": str(folder / "db" / "scorepad.json"), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": os.pathsep.join([str(REPO), sysconfig.get_paths()["purelib"]])}

    def run(*args):
        return subprocess.run([runuser, "-u", "nobody", "--", str(SYSTEM_PYTHON), "-m", "scorepad", *map(str, args)],
                              env=env, cwd=folder, capture_output=True, text=True, timeout=120)

    probe = subprocess.run([runuser, "-u", "nobody", "--", str(SYSTEM_PYTHON), "-c",
                            "import sys; print(sys.version_info[:2])"], capture_output=True, text=True)
    if probe.stdout.strip() != str(sys.version_info[:2]) or run("--help").returncode != 0:
        shutil.rmtree(folder)
        pytest.skip("the system's Python cannot run this checkout as nobody")
    yield folder, run, table
    subprocess.run(["chmod", "-R", "u+rwX", str(folder)], check=False)
    shutil.rmtree(folder)


def works_or_one_line(done):
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0 or (done.returncode == 1 and done.stdout == "" and done.stderr.startswith("Error: ")
                                    and done.stderr.count("\n") == 1), (done.returncode, done.stdout, done.stderr)
    return done


@pytest.mark.no_travel
def test_an_unreadable_folder_of_the_database_is_one_line_naming_it(ordinary_user):
    folder, run, table = ordinary_user
    assert run("import", table).returncode == 0 and run("import", table, "--again").returncode == 0
    assert run("players", "rename", "Ana", "Anna").returncode == 0
    inside = folder / "db" / "scorepad.json.d"
    for name in ("index", "facts", "marks", "sessions/0000", "sessions"):
        os.chmod(inside / name, 0)
        said = [works_or_one_line(run(*args)) for args in (["list"], ["stats"], ["players"], ["show", 1],
                                                             ["delete", 2, "--yes"])]
        os.chmod(inside / name, 0o700)
        refused = [done.stderr for done in said if done.returncode]
        assert refused and all(str(inside / name.split("/")[0]) in line for line in refused), (name, refused)
    listed = works_or_one_line(run("list", "--json"))
    assert listed.returncode == 0 and {row["id"] for row in json.loads(listed.stdout)} <= {1, 2}
    assert 1 in {row["id"] for row in json.loads(listed.stdout)}


@pytest.mark.no_travel
def test_an_unreadable_font_cache_only_makes_a_chinese_sheet_slower(ordinary_user):
    folder, run, table = ordinary_user
    assert run("--lang", "zh-Hant", "sheet", "--table", table, "-o", folder / "a.pdf").returncode == 0
    cache = folder / "cache" / "scorepad" / "fonts"
    assert any(cache.iterdir())
    for locked in (cache, cache.parent):
        os.chmod(locked, 0)
        done = works_or_one_line(run("--lang", "zh-Hant", "sheet", "--table", table, "-o", folder / "b.pdf", "--force"))
        os.chmod(locked, 0o755)
        assert done.returncode == 0 and (folder / "b.pdf").read_bytes()[:5] == b"%PDF-"
