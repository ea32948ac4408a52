"""Every test gets its own database: nothing here may touch a real home."""

import datetime
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

W = "W"
# LC-11 of shared/rules/lost-cities-and-next-station-london.md: three games, Ben 136, Ana 66.
LC11 = {
    "game": "lost-cities", "variants": [], "players": ["Ana", "Ben"],
    "rounds": [
        {"Ana": {"yellow": [W, 3, 4, 6, 8, 9], "blue": [2, 5, 7, 10], "green": [W, W], "red": [4, 6, 7, 8, 9, 10]},
         "Ben": {"white": [W, W, 2, 3, 4, 5, 6, 7], "blue": [W, 3, 4, 6, 8, 9], "green": [5, 8], "red": [2, 3, 5]}},
        {"Ana": {"yellow": [4, 5, 7, 8, 10], "white": [W, 3, 6, 7, 9], "blue": [2, 3, 6, 9, 10],
                 "red": [W, 5, 6, 8, 9, 10]},
         "Ben": {"yellow": [2, 3, 6, 9], "green": [W, W, 3, 4, 5, 6, 7, 8], "white": [2, 4, 5, 8, 10], "red": [2, 3, 4]}},
        {"Ana": {"blue": [W, W, 5, 7], "red": [3, 4, 6, 7, 8, 9, 10], "green": [2, 5, 8, 10]},
         "Ben": {"white": [2, 4, 5, 6, 7, 8, 9, 10], "yellow": [W, 3], "green": [W, 3, 4, 6, 7, 9]}},
    ],
}
# The same match as typed at the prompts, colour by colour (yellow, blue, white, green, red), Ana then Ben.
LC11_TYPED = [
    ["w3 4 6 8 9", "2 5 7 10", "", "ww", "4678910", "", "w34689", "w w 2 3 4 5 6 7", "58", "235"],
    ["4 5 7 8 10", "2 3 6 9 10", "w3679", "", "w5689 10", "2369", "", "2 4 5 8 10", "ww345678", "234"],
    ["", "ww57", "", "2 5 8 10", "3 4 6 7 8 9 10", "w3", "", "2 4 5 6 7 8 9 10", "w34679", ""],
]

_LINE = {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}
# A small valid table of every game (one round or the final reckoning), for tests that go through all five.
TABLES = {
    "lost-cities": LC11,
    "next-station-london": {"game": "next-station-london", "players": ["Ana", "Ben"],
                            "modules": ["objectives"], "rounds": [{"Ana": _LINE, "Ben": _LINE}],
                            "final": {"Ana": {"objectives": 1}}},
    "london-1e": {"game": "london-1e", "players": ["Red", "Blue"], "final": {
        "Red": {"money": 20, "loans": 1, "hand": 2, "poverty": 9, "card_vp": 24, "borough_vp": 12, "underground": 1,
                "vp": 8, "boroughs": 3, "best_card": 5},
        "Blue": {"money": 7, "loans": 0, "hand": 0, "poverty": 4, "card_vp": 30, "borough_vp": 9, "underground": 0,
                 "vp": 5, "boroughs": 3, "best_card": 5}}},
    "london-2e": {"game": "london-2e", "players": ["P1", "P2"], "final": {
        "P1": {"vp": 33, "money": 17, "loans": 1, "hand": 1, "poverty": 7, "card_vp": 18, "boroughs": 3,
               "best_card": 5},
        "P2": {"vp": 26, "money": 11, "loans": 0, "hand": 0, "poverty": 4, "card_vp": 19, "boroughs": 3,
               "best_card": 5}}},
    "chinatown": {"game": "chinatown", "players": ["Ava", "Ben", "Cai"], "rounds": [
        {"Ava": {"businesses": [{"type": "photo", "tiles": 3}]}, "Ben": {"businesses": []},
         "Cai": {"businesses": [{"type": "restaurant", "tiles": 2}]}}],
        "trades": [{"round": 1, "from": "Ava", "to": "Ben", "amount": 5000}]},
}


# The signals a shell at a terminal leaves at their default in a command it starts (Ctrl-C, Ctrl-\\, the window
# closed, `kill`). A suite started in the background, with SIGINT ignored, or under `nohup` (SIGHUP ignored) would
# pass that on to every child, and scorepad keeps a signal its parent ignored ignored.
SHELL_SIGNALS = (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM)


def from_a_shell():
    """`preexec_fn` of a child a test signals, or whose handling of signals it checks: the child starts with them
    as a terminal's shell gives them, however the suite itself was started."""
    for signum in SHELL_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)


def hosting(database, *args, stdin=subprocess.PIPE):
    """A `scorepad host` process serving on this computer only, and its join link (the first http:// line)."""
    process = subprocess.Popen([sys.executable, "-m", "scorepad", "--db", str(database), "host", *args,
                                "--address", "127.0.0.1", "--no-qr"],
                               stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=from_a_shell)
    for line in process.stdout:
        if line.startswith("http://"):
            return process, line.strip()
    process.wait(10)
    raise AssertionError(process.stderr.read())


@pytest.fixture
def shell_signals():
    """This process's signals as a shell gives them, for a test of handlers in this process (Ctrl-C raises
    KeyboardInterrupt, the others are at their default); the run's own put back after it."""
    before = {signum: signal.getsignal(signum) for signum in SHELL_SIGNALS}
    for signum in SHELL_SIGNALS:
        signal.signal(signum, signal.default_int_handler if signum == signal.SIGINT else signal.SIG_DFL)
    yield
    for signum, handler in before.items():
        if handler is not None:  # None: set outside Python, and left as it is
            signal.signal(signum, handler)


def table_part(exported):
    """An exported table file without what `export` adds to a plain one: its session block, and no modules."""
    return {k: v for k, v in exported.items() if k != "session" and not (k == "modules" and v == [])}


@pytest.fixture(autouse=True, scope="session")
def font_cache(tmp_path_factory):
    """The user cache folder of the whole run (the CJK font subsets of the sheets): not the real one, and shared
    by the tests so that a subset is converted once, as on a player's machine."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        yield folder


@pytest.fixture(autouse=True)
def no_columns(monkeypatch):
    """Text as long as it is, a terminal as tall as it is: a test asks for a terminal's size ($COLUMNS, $LINES)
    itself, as a test of 80 columns does. (pytest-xdist's workers run with COLUMNS=80 and LINES=24 set, which
    scorepad and its children would take for the terminal's.)"""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True)
def database(tmp_path, monkeypatch):
    path = tmp_path / "db" / "scorepad.json"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    return path


# Fields of a stored session that are bookkeeping, not the game: the schema stamp, the fingerprint of
# the file it was imported from (a restored session was imported from the backup, not from that file), and
# what `undo` right after an edit puts back (the file's session block has no such key: an export makes the
# edit permanent, as a later answer does), when each question last moved, and the phones' seats and proposals
# (never in a table file: a host's own).
BOOKKEEPING = ("schema", "source", "edit", "version", "moved", "phones")  # the engine's own: an import starts afresh


def cli_store(path):
    """The store as scorepad's commands open it (their summaries): reading it writes nothing a command would not."""
    from scorepad.cli.shared import identities, summarize, upgraded
    from scorepad.store import Store

    return Store(path, summarize=summarize, upgrade=upgraded, identify=identities)


def restored_as_it_was(database, folder, before=None):
    """`export --all` of this database, `import` of the backup into an empty one: every session comes back
    field by field (or the database holds none, or one that cannot be read: then there is nothing to compare).
    `before`: the database's sessions, read already."""
    from typer.testing import CliRunner

    from scorepad import cli

    before = readable_sessions(database) if before is None else before
    if not before:
        return
    backup, fresh = folder / "backup.jsonl", folder / "restored.json"
    runner = CliRunner()
    exported = runner.invoke(cli.app, ["--db", str(database), "export", "--all", "-o", str(backup)])
    assert exported.exit_code == 0, exported.stderr
    imported = runner.invoke(cli.app, ["--db", str(fresh), "import", str(backup)])
    assert imported.exit_code == 0, imported.stderr
    assert imported.stdout.split() == [str(n) for n in range(1, len(before) + 1)]
    after = cli_store(fresh).all()
    for (_, was), (_, now) in zip(before, after):
        for key in sorted(set(was) | set(now)):
            if key not in BOOKKEEPING:
                assert now.get(key) == was.get(key), (key, was, now)


def readable_sessions(database):
    """The database's sessions by id, or None where one cannot be read (a test of a damaged database: `export`
    refuses it, and says why)."""
    from scorepad.errors import ScorepadError
    from scorepad.table import session_of

    try:
        sessions = cli_store(database).all()
        for doc_id, doc in sessions:
            session_of(doc, doc_id)
    except ScorepadError:
        return None
    return sessions


def as_made(node, key=None, since=None):
    """A session as the test made it, but for what the clock and the dice chose on their own: a stamp of this run
    (`created`, `updated`, an answer's `time`) and a drawn seed. Two sessions alike but for those travel alike."""
    if isinstance(node, dict):
        return {k: as_made(v, k, since) for k, v in node.items()}
    if isinstance(node, list):
        return [as_made(v, None, since) for v in node]
    if key in ("created", "updated", "time") and isinstance(node, str):
        try:
            stamp = datetime.datetime.fromisoformat(node)
        except ValueError:
            return node
        if stamp.tzinfo is not None and since <= stamp <= datetime.datetime.now(datetime.timezone.utc):
            return "<this run's clock>"
    if key == "seed" and type(node) is int and 0 <= node < 2**32:
        return "<a drawn seed>"
    return node


_TRAVELLED = set()  # the sessions (as made) this process has sent through a backup already
# When this process's run began (a stamp has whole seconds): the clock's stamps since then are the run's own.
_STARTED = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(seconds=1)


def pytest_configure(config):
    # The tests' files in memory where the machine has a tmpfs (unless $TMPDIR says where): scorepad fsyncs every
    # write (5.5 ms each on this machine's disk, 0.3 ms in memory; ~17 a test), and a disk shared with others made
    # the suite wait on it (docs/performance.md). A test checks what is written, not when it reaches the disk; the
    # campaign's trials run there too.
    if not {"TMPDIR", "TEMP", "TMP"} & set(os.environ) and os.access("/dev/shm", os.W_OK | os.X_OK):
        tempfile.tempdir = "/dev/shm"
    config.addinivalue_line("markers", "no_travel: the test's sessions are made by hand, not by scorepad "
                                       "(e.g. finished with no answer): they are not ones a backup must restore")


@pytest.fixture(autouse=True)
def travels(request, database):
    """After each test: every session it made survives `export --all` and `import` into an empty database. A
    database whose sessions are those of an earlier test (as made: `as_made`) is not sent again: the round trip
    runs where it can find something, the first time a session of that shape and content appears."""
    yield
    if not database.exists() or "no_travel" in request.keywords:
        return
    before = readable_sessions(database)
    if not before:
        return
    made = json.dumps([as_made(doc, since=_STARTED) for _, doc in before], sort_keys=True, ensure_ascii=False)
    if made in _TRAVELLED:
        return
    with tempfile.TemporaryDirectory(prefix="scorepad-travel-") as folder:
        restored_as_it_was(database, Path(folder), before)
    _TRAVELLED.add(made)


@pytest.fixture
def lc11_file(tmp_path):
    path = tmp_path / "lc11.json"
    path.write_text(json.dumps(LC11))
    return path


@pytest.fixture
def terminal(monkeypatch):
    """Pretend stdin is a terminal and answer the prompts from a script: terminal("Ana", "w3", …)."""
    from scorepad.cli import terminal as tty
    from scorepad.cli.prompter import ScriptedPrompter

    monkeypatch.setattr(tty, "stdin_is_tty", lambda: True)

    def script(*answers):
        prompter = ScriptedPrompter(answers)
        monkeypatch.setattr(tty, "make_prompter", lambda: prompter)
        return prompter

    return script


@pytest.fixture
def store(database):
    from scorepad.store import Store

    return Store(database)


def invoke(*args, **kw):
    """A scorepad command through typer's CliRunner (arguments may be paths or numbers)."""
    from typer.testing import CliRunner

    from scorepad import cli

    return CliRunner().invoke(cli.app, [str(a) for a in args], **kw)


def ok(*args):
    """The command succeeds; its stdout."""
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def run(store, session_id, answers, **kw):
    """Play a session through scripted answers: (session, prompter, everything printed as one text)."""
    from scorepad.cli.play import play
    from scorepad.cli.prompter import ScriptedPrompter

    lines = []
    prompter = ScriptedPrompter(answers)
    session = play(store, session_id, prompter, lines.append, **kw)
    return session, prompter, "\n".join(lines)


@pytest.fixture
def speak():
    """`speak(code, catalogue)`: the test speaks that language (with its own catalogue) until it ends."""
    import contextlib

    from scorepad import i18n

    with contextlib.ExitStack() as stack:
        yield lambda code, translation=None: stack.enter_context(i18n.speaking(code, translation))
