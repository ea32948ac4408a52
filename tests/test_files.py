"""scorepad never destroys a file it did not make (issue 9, point 10): every case through the CLI, then the helper."""

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from conftest import LC11, invoke, ok
from scorepad import cli, files
from scorepad.cli import printing, shared
from scorepad.errors import ScorepadError

ROOT = os.geteuid() == 0
NEVER = "scorepad never writes over it, not even with --force"


def refused(*args):
    """Exit 1, nothing on stdout, exactly one line on stderr: that line without 'Error: '."""
    result = invoke(*args)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == "" and result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    return result.stderr[len("Error: "):-1]


@pytest.fixture
def game(lc11_file, database):
    """Session 1 stored (LC-11, finished): its database bytes, to check they survive every refusal."""
    ok("import", lc11_file)
    return database


def leftovers(directory):
    return sorted(p.name for p in Path(directory).iterdir() if p.name.endswith(files.TEMP_SUFFIX))


# --- the database, its lock and temporary files: refused even with --force ---------------------------------

@pytest.mark.parametrize("force", [[], ["--force"]])
def test_sheet_and_export_over_the_database_are_refused(game, force):
    before = game.read_bytes()
    assert refused("sheet", "1", "-o", game, *force) == f"{game} is the database: {NEVER}"
    assert refused("export", "1", "-o", game, *force) == f"{game} is the database: {NEVER}"
    assert game.read_bytes() == before and leftovers(game.parent) == []
    assert ok("list").count("lost-cities") == 1


def test_the_database_named_with_db_is_refused(tmp_path, lc11_file):
    db = tmp_path / "other.json"  # not $SCOREPAD_DB
    ok("--db", db, "import", lc11_file)
    before = db.read_bytes()
    assert refused("--db", db, "sheet", "1", "-o", db, "--force") == f"{db} is the database: {NEVER}"
    assert db.read_bytes() == before


def test_another_spelling_of_the_database_path_is_refused(game, tmp_path, monkeypatch):
    before = game.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(game)
    hard = tmp_path / "hard.json"
    os.link(game, hard)
    monkeypatch.chdir(game.parent)
    for spelling in (f"{game.parent}/../{game.parent.name}/{game.name}", f"./{game.name}", game.name, link, hard):
        assert refused("sheet", "1", "-o", spelling, "--force") == f"{Path(spelling)} is the database: {NEVER}"
    # and the other way round: the database named through its link, the output by its own name
    assert refused("--db", link, "export", "1", "-o", game, "--force") == f"{game} is the database: {NEVER}"
    assert game.read_bytes() == before and link.is_symlink()


def test_the_database_lock_and_temporary_files_are_refused(game):
    lock = Path(f"{game}.lock")  # there or not, it is the database's
    temp = game.parent / f".{game.name}.k2j4x9.tmp"
    temp.write_bytes(b"%PDF-1.4 looks like a sheet")
    for path, what in ((lock, "the lock file of the database"), (temp, "a temporary file of the database")):
        assert refused("sheet", "1", "-o", path, "--force") == f"{path} is {what}: {NEVER}"
    assert temp.read_bytes() == b"%PDF-1.4 looks like a sheet"


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_the_files_in_the_database_folder_are_refused(game, force):
    # sheet 1 -o PATH.d/sessions/0000/1.json --force wrote a PDF over session 1: list still named it, show failed
    folder = Path(f"{game}.d")
    session, index = folder / "sessions" / "0000" / "1.json", folder / "index" / "0000.json"
    before = {path: path.read_bytes() for path in (session, index)}
    files = sorted(p.name for p in folder.rglob("*") if p.is_file())
    inside = f"inside the folder of the database: {NEVER}"
    for path in (session, index, folder / "sessions" / "0000" / "2.json", folder / "notes.pdf"):
        assert refused("sheet", "1", "-o", path, *force) == f"{path} is {inside}"
        assert refused("export", "1", "-o", path, *force) == f"{path} is {inside}"
    assert refused("export", "--all", "-o", session, *force) == f"{session} is {inside}"
    backup = Path(f"{game}.v1-backup")
    assert refused("sheet", "1", "-o", backup, *force) == f"{backup} is the scorepad 0.1 backup of the database: {NEVER}"
    assert {path: path.read_bytes() for path in (session, index)} == before
    assert sorted(p.name for p in folder.rglob("*") if p.is_file()) == files  # nothing new written there
    assert "Ben wins with 136." in ok("show", "1")


def test_the_commands_own_input_is_refused(tmp_path):
    table = tmp_path / "game.pdf"  # a table file with a .pdf name: the default output is its own input
    table.write_text(json.dumps(LC11))
    before = table.read_bytes()
    message = f"{table} is this command's input: {NEVER}"
    assert refused("sheet", "--table", table) == message
    assert refused("sheet", "--table", table, "--force") == message
    link = tmp_path / "again.pdf"
    link.symlink_to(table)
    assert refused("sheet", "--table", table, "-o", link, "--force") == f"{link} is this command's input: {NEVER}"
    assert table.read_bytes() == before
    ok("sheet", "--table", table, "-o", tmp_path / "sheet.pdf")  # anywhere else is fine


# --- what is already there --------------------------------------------------------------------------------

def test_the_same_sheet_again_just_works_and_keeps_permissions(game, tmp_path):
    target = tmp_path / "lost-cities-1.pdf"
    ok("sheet", "1", "-o", target)
    first = target.read_bytes()
    target.chmod(0o640)
    assert ok("sheet", "1", "-o", target) == f"Wrote {target}\n"
    assert target.read_bytes() == first and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_the_default_name_is_replaced_when_it_is_a_pdf(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert ok("sheet", "1") == "Wrote lost-cities-1.pdf\n"
    assert ok("sheet", "1") == "Wrote lost-cities-1.pdf\n"
    Path("lost-cities-1.pdf").write_text("my notes")
    assert refused("sheet", "1").startswith("lost-cities-1.pdf exists and is not a PDF")


def test_a_file_that_is_not_a_pdf_is_refused_unless_forced(game, tmp_path):
    notes = tmp_path / "notes.pdf"
    notes.write_text("shopping list")
    notes.chmod(0o600)
    assert refused("sheet", "1", "-o", notes) == (
        f"{notes} exists and is not a PDF: scorepad replaces only a PDF there (--force replaces it anyway)")
    assert refused("sheet", "lost-cities", "--blank", "-o", notes).startswith(f"{notes} exists and is not a PDF")
    assert notes.read_text() == "shopping list"
    ok("sheet", "1", "-o", notes, "--force")
    assert notes.read_bytes().startswith(b"%PDF-") and stat.S_IMODE(notes.stat().st_mode) == 0o600


def test_an_empty_file_holds_nothing_to_lose(game, tmp_path):
    target = tmp_path / "touched.pdf"
    target.touch()
    ok("sheet", "1", "-o", target)
    assert target.read_bytes().startswith(b"%PDF-")


def test_a_read_only_file_needs_force_and_stays_read_only(game, tmp_path):
    target = tmp_path / "kept.pdf"
    ok("sheet", "1", "-o", target)
    target.write_bytes(target.read_bytes() + b"% signed copy\n")
    target.chmod(0o444)
    assert refused("sheet", "1", "-o", target) == (
        f"{target} is read-only (mode 0444): --force replaces it, and the new file keeps that mode")
    assert target.read_bytes().endswith(b"% signed copy\n")
    ok("sheet", "1", "-o", target, "--force")
    assert not target.read_bytes().endswith(b"% signed copy\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_a_symlink_to_a_pdf_is_written_through(game, tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "sheet.pdf"
    target.write_bytes(b"%PDF-1.4 an older sheet")
    link = tmp_path / "latest.pdf"
    link.symlink_to(target)
    assert ok("sheet", "1", "-o", link) == f"Wrote {link}\n"
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().startswith(b"%PDF-") and len(target.read_bytes()) > 1000
    assert leftovers(tmp_path) == [] and leftovers(target.parent) == []
    dangling = tmp_path / "next.pdf"
    dangling.symlink_to(tmp_path / "real" / "new.pdf")
    ok("sheet", "1", "-o", dangling)  # a link to nothing yet: the file is made where it points
    assert dangling.is_symlink() and (tmp_path / "real" / "new.pdf").read_bytes().startswith(b"%PDF-")


def test_a_symlink_to_something_else_is_checked_as_its_target(game, tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    link = tmp_path / "sheet.pdf"
    link.symlink_to(target)
    assert refused("sheet", "1", "-o", link).startswith(f"{link} exists and is not a PDF")
    loop = tmp_path / "loop.pdf"
    loop.symlink_to(loop)
    assert refused("sheet", "1", "-o", loop, "--force") == f"cannot use {loop}: Too many levels of symbolic links"
    assert link.is_symlink() and target.read_text() == "mine" and loop.is_symlink()


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_directory_or_a_fifo_is_refused(game, tmp_path, force):
    folder = tmp_path / "sheets"
    folder.mkdir()
    assert refused("sheet", "1", "-o", folder, *force) == (
        f"{folder} is a directory, not a file: scorepad writes only plain files")
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)  # opening it to look inside would wait for a writer: refused without opening
    assert refused("sheet", "1", "-o", fifo, *force) == (
        f"{fifo} is a FIFO (named pipe), not a file: scorepad writes only plain files")
    assert refused("export", "1", "-o", fifo, *force).startswith(f"{fifo} is a FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and list(folder.iterdir()) == []


def make_device(path):
    """A character device like /dev/null (1, 3), made in a temporary folder; root with CAP_MKNOD only."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError) as error:
        pytest.skip(f"cannot make a device node here: {error}")
    return path


def test_a_device_node_is_refused_and_stays_a_device(game, tmp_path):
    device = make_device(tmp_path / "null")
    link = tmp_path / "stdout"
    link.symlink_to(device)  # as /dev/stdout leads to a device or a pipe
    for path in (device, link):
        assert refused("sheet", "1", "-o", path, "--force") == (
            f"{path} is a character device, not a file: scorepad writes only plain files")
    assert stat.S_ISCHR(os.lstat(device).st_mode) and link.is_symlink()


def test_the_systems_dev_null_is_refused_without_being_touched(game):
    # The check alone (no write is attempted): a bug here must not cost the machine its /dev/null.
    with pytest.raises(files.Refused, match=r"^/dev/null is a character device, not a file"):
        files.check_target(Path("/dev/null"), files.PDF, force=True)


# --- export -------------------------------------------------------------------------------------------

def test_export_again_replaces_its_own_table_file_only(game, tmp_path):
    out = tmp_path / "game.json"
    ok("export", "1", "-o", out)
    out.chmod(0o640)
    ok("export", "1", "-o", out)
    assert json.loads(out.read_text())["game"] == "lost-cities" and stat.S_IMODE(out.stat().st_mode) == 0o640
    backup = tmp_path / "backup.jsonl"  # JSON Lines of exported table files, as `export --all` writes
    line = json.dumps(json.loads(out.read_text()))
    backup.write_text(line + "\n" + line + "\n")
    ok("export", "1", "-o", backup)
    # a table file written by hand (no session block) is not one scorepad made: it was replaced without a word
    for text in ('{"name": "my settings"}', "[1, 2]", "not json at all", '{"game": "x"}\n{"oops": 1}\n',
                 json.dumps(LC11), json.dumps([LC11]), f"{line}\n{json.dumps(LC11)}\n"):
        other = tmp_path / "other.json"
        other.write_text(text)
        assert refused("export", "1", "-o", other) == (
            f"{other} exists and is not a scorepad export: scorepad replaces only a scorepad export there "
            "(--force replaces it anyway)")
        assert other.read_text() == text
    ok("export", "1", "-o", other, "--force")
    assert json.loads(other.read_text())["game"] == "lost-cities"
    sheet = tmp_path / "sheet.pdf"
    ok("sheet", "1", "-o", sheet)
    assert refused("export", "1", "-o", sheet).startswith(f"{sheet} exists and is not a scorepad export")
    assert refused("sheet", "1", "-o", out).startswith(f"{out} exists and is not a PDF")


# --- --db that is not a file ---------------------------------------------------------------------------

def test_a_db_that_is_a_fifo_is_refused_at_once(tmp_path, lc11_file, monkeypatch):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    message = f"the database {fifo} is a FIFO (named pipe), not a file: name a file with --db PATH or $SCOREPAD_DB"
    for command in (["list"], ["import", lc11_file], ["show", "1"]):
        assert refused("--db", fifo, *command) == message
    monkeypatch.setenv("SCOREPAD_DB", str(fifo))
    assert refused("import", lc11_file) == message
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and not Path(f"{fifo}.lock").exists()


def test_a_db_that_is_a_directory_is_refused(tmp_path, lc11_file):
    assert refused("--db", tmp_path, "import", lc11_file) == (
        f"the database {tmp_path} is a directory, not a file: name a file with --db PATH or $SCOREPAD_DB")


def test_a_db_that_is_a_device_is_refused_and_stays_a_device(tmp_path, lc11_file):
    device = make_device(tmp_path / "null")
    assert refused("--db", device, "import", lc11_file).startswith(f"the database {device} is a character device")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_db_dev_null_is_refused(lc11_file):
    # `list` only reads, so even if the check were gone this could not replace the machine's /dev/null.
    assert refused("--db", "/dev/null", "list").startswith("the database /dev/null is a character device, not a file")


# --- the end of a guided game: a name the rules refuse, or that cannot be written, is asked again --------------

def test_the_pdf_prompt_asks_again_until_a_name_can_be_written(store, database, tmp_path, monkeypatch):
    import errno
    import functools

    from conftest import run
    from scorepad.games import by_slug
    from scorepad.table.changes import new_doc

    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 1))
    notes = tmp_path / "notes.pdf"
    notes.write_text("mine")
    (tmp_path / "sheets").mkdir()
    good = tmp_path / "sheets" / "game.pdf"
    real_replace, calls = os.replace, []

    def stick_pulled_out_once(src, dst):
        if Path(dst) == good and not calls:
            calls.append(dst)
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", stick_pulled_out_once)
    protected = shared.protected_files_of(database)
    typed = [str(tmp_path / "nope" / "x.pdf"), str(database), str(notes), str(tmp_path / "sheets"), str(good),
             str(good)]
    session, prompter, text = run(store, session_id, ["Ana"] + [""] * 10 + [True] + typed,
                                  write_sheet=functools.partial(printing.write_session_sheet, protected=protected),
                                  check_sheet_path=functools.partial(printing.sheet_path_problem, protected=protected))
    assert session.finished
    assert [reason for _, reason in prompter.refused] == [
        f"cannot write {tmp_path / 'nope' / 'x.pdf'}: there is no folder {tmp_path / 'nope'}",
        f"{database} is the database: {NEVER}",
        f"{notes} exists and is not a PDF: scorepad replaces only a PDF there",
        f"{tmp_path / 'sheets'} is a directory, not a file: scorepad writes only plain files",
    ]
    # the write failed under the first good name: said, and asked again (not the end of the prompt)
    assert f"cannot write {good}: Input/output error — another name, please.\nWrote {good}" in text
    assert prompter.asked.count(f"File name for the PDF [lost-cities-{session_id}.pdf; Enter keeps it]:") == 6
    assert good.read_bytes().startswith(b"%PDF-") and notes.read_text() == "mine"
    assert leftovers(good.parent) == []


# --- the helper itself --------------------------------------------------------------------------------

def test_a_writer_stopped_mid_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"%PDF-1.4 old")

    def killed(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        files.write_atomically(target, b"%PDF-1.4 new")
    assert target.read_bytes() == b"%PDF-1.4 old" and leftovers(tmp_path) == []

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.undo()
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ScorepadError, match=r"^cannot write .*sheet\.pdf: No space left on device$"):
        files.write_atomically(target, b"%PDF-1.4 new")
    assert target.read_bytes() == b"%PDF-1.4 old" and leftovers(tmp_path) == []


def test_a_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        files.write_atomically(tmp_path / "new.pdf", b"%PDF-")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o640
    files.write_atomically(tmp_path / "private.json", b"{}", new_mode=0o600)  # e.g. a new database
    assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    (tmp_path / "private.json").chmod(0o640)
    files.write_atomically(tmp_path / "private.json", b"{}", new_mode=0o600)  # an existing file keeps its own
    assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o640


def test_protected_paths_are_refused_by_the_write_itself(tmp_path):
    db = tmp_path / "scorepad.json"
    db.write_text("{}")
    with pytest.raises(files.Refused, match="is the database"):
        files.write_atomically(db, b"%PDF-", protected=files.database_files(db))
    assert db.read_text() == "{}"
    assert files.write_atomically(db, b"{}\n") == db  # unprotected, the store's own write goes through


@pytest.mark.skipif(ROOT, reason="root may write anywhere: a folder it cannot write needs another user")
def test_a_folder_that_cannot_be_written_gives_one_line(game, tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert refused("sheet", "1", "-o", folder / "x.pdf") == (
            f"cannot write {folder / 'x.pdf'}: the folder {folder} is not writable")
    finally:
        folder.chmod(0o755)


@pytest.mark.skipif(ROOT, reason="root reads every file")
def test_an_unreadable_file_is_not_taken_for_ours(game, tmp_path):
    secret = tmp_path / "secret.pdf"
    secret.write_bytes(b"%PDF-1.4")
    secret.chmod(0o200)
    # (the CLI's -o already stops at click's "is not readable"; the check itself says the same as for a stranger)
    with pytest.raises(files.Refused, match=r"exists and is not a PDF"):
        files.check_target(secret, files.PDF)
    assert secret.stat().st_size == 8


@pytest.mark.skipif(not ROOT, reason="only root may give a file to another user")
def test_root_replacing_a_users_sheet_leaves_it_theirs(game, tmp_path):
    target = tmp_path / "theirs.pdf"
    ok("sheet", "1", "-o", target)
    os.chown(target, 65534, 65534)
    ok("sheet", "1", "-o", target)
    assert (target.stat().st_uid, target.stat().st_gid) == (65534, 65534)


def test_a_backup_is_written_again_over_itself_but_never_over_the_database(game, tmp_path):
    backup = tmp_path / "backup.jsonl"
    ok("export", "--all", "-o", backup)
    first = backup.read_bytes()
    ok("export", "--all", "-o", backup)  # the nightly backup, again
    assert backup.read_bytes() == first and len(first.splitlines()) == 1
    assert refused("export", "--all", "-o", game, "--force") == f"{game} is the database: {NEVER}"
    notes = tmp_path / "notes.jsonl"
    notes.write_text('{"event": "login"}\n')
    assert refused("export", "--all", "-o", notes).startswith(f"{notes} exists and is not a scorepad export")


# --- the refusals are sentences of the catalogue (scorepad/i18n.py) -----------------------------------------------

def test_the_refusals_are_whole_sentences_of_the_catalogue(tmp_path):
    from pseudo import pseudo_language

    db = tmp_path / "scorepad.json"
    db.write_text("{}")
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    guarded = files.database_files(db)
    with pseudo_language():
        with pytest.raises(files.Refused) as protected:
            files.check_target(Path(f"{db}.lock"), files.PDF, protected=guarded)
        assert str(protected.value) == (f"«{db}.lock is «the lock file of «the database»»: scorepad never writes "
                                        "over it, not even with --force»")
        with pytest.raises(files.Refused) as not_ours:
            files.check_target(other, files.PDF, protected=guarded)
        assert str(not_ours.value) == (f"«{other} exists and is not «a PDF»: scorepad replaces only «a PDF» there "
                                       "(--force replaces it anyway)»")
        assert not_ours.value.reason == (f"«{other} exists and is not «a PDF»: scorepad replaces only «a PDF» "
                                         "there»")
        with pytest.raises(files.Refused) as folder:
            files.check_target(tmp_path, files.PDF)
        assert str(folder.value) == f"«{tmp_path} is «a directory», not a file: scorepad writes only plain files»"
        with pytest.raises(files.Refused) as nowhere:
            files.check_target(tmp_path / "no" / "x.pdf", files.PDF)
        missing = tmp_path / "no"
        assert str(nowhere.value) == f"«cannot write {missing / 'x.pdf'}: there is no folder {missing}»"


# --- the user's folders (files.user_folder) ---------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
@pytest.mark.parametrize("xdg, expected", [(None, "{home}/.local/share/scorepad/scorepad.json"),
                                           ("", "{home}/.local/share/scorepad/scorepad.json"),
                                           ("/srv/xdg", "/srv/xdg/scorepad/scorepad.json")])
def test_the_default_database_is_in_the_users_data_folder(tmp_path, monkeypatch, xdg, expected):
    # Where a player who never sets --db keeps their games: it must not move between releases.
    from scorepad.store import default_path

    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert default_path() == Path(expected.format(home=tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert files.user_folder("cache") == tmp_path / "cache" / "scorepad"
