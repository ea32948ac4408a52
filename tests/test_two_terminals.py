"""One game, two terminals: every write of the play loop is a compare-and-set, and a session another live
scorepad is playing says so (its claim file) before it is opened again."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import orjson
import pexpect
import pytest
from typer.testing import CliRunner

from conftest import from_a_shell, run
from test_readonly import disk  # noqa: F401 - a read-only filesystem of its own (root only)
from scorepad import cli
from scorepad.cli import fixing
from scorepad.cli import play
from scorepad.cli import playing
from scorepad.cli import terminal as tty
from scorepad.errors import Changed
from scorepad.games import by_slug
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc
from scorepad.store import Store, claims

ROOT = Path(__file__).resolve().parent.parent
# Game 1 of LC-11 as typed (conftest LC11_TYPED[0]): Ana's five colours, then Ben's.
ANA = ["w3 4 6 8 9", "2 5 7 10", "", "ww", "4678910"]
BEN = ["", "w34689", "w w 2 3 4 5 6 7", "58", "235"]


class Elsewhere:
    """In a script: what another terminal does while this one waits at its prompt."""

    def __init__(self, act):
        self.act = act


class Meanwhile(ScriptedPrompter):
    """A scripted prompter whose script may hold Elsewhere steps, run just before the next answer is given."""

    def _next(self, message):
        while self.answers and isinstance(self.answers[0], Elsewhere):
            self.answers.popleft().act()
        return super()._next(message)


def start(store, rounds=1):
    return store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], rounds))


def other_terminal(store, session_id, *answers):
    """Another terminal's play loop on the same session: it gives `answers`, then its player stops (Ctrl-C)."""
    def act():
        try:
            play.play(store, session_id, ScriptedPrompter([*answers, Aborted()]), lambda text: None, resumed=True)
        except Aborted:
            pass  # stopped at its next question (a game it ended returns)
    return Elsewhere(act)


def play_with(store, session_id, answers):
    lines = []
    prompter = Meanwhile(answers)
    session = play.play(store, session_id, prompter, lines.append)
    return session, prompter, "\n".join(lines)


# --- the compare-and-set: an answer, undo, fix, the end --------------------------------------------------

def test_an_answer_given_first_in_another_terminal_is_kept_and_the_late_one_refused(store):
    """The campaign's case: both terminals at the same question (Game 1 · Ben · Blue); the other one's answer
    is confirmed first, so this one's (3 4) is refused, the session shown as it stands, and the next question asked."""
    sid = start(store)
    answers = ["Ben", *ANA, BEN[0], other_terminal(store, sid, BEN[1]), "3 4", *BEN[2:]]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Blue is now W 3 4 6 8 9" in text.splitlines()
    assert session.get("rounds", 0, "Ben", "blue") == ["W", 3, 4, 6, 8, 9]  # the other terminal's, never replaced
    assert session.finished
    # the refused answer was not stored; the state is shown, then the next open question is asked
    after = text.split("changed in another terminal")[1]
    assert "Where you are: Game 1 of 1." in after and "  Game 1 · Ben · Blue: W 3 4 6 8 9" in after
    assert prompter.asked[7:9] == ["Game 1 · Ben · Blue:", "Game 1 · Ben · White:"]
    assert [e["value"] for e in store.get(sid)["entries"]].count([3, 4]) == 0


def test_an_answer_taken_back_in_another_terminal_is_said_and_its_question_asked_again(store):
    sid = start(store)
    # Ben's Blue, open together with his Yellow again, is untouched by the undo: recorded, and the undo said.
    answers = ["Ben", *ANA, BEN[0], other_terminal(store, sid, "undo"), BEN[1], "", *BEN[2:]]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Yellow was taken back" in text.splitlines()
    assert prompter.asked[7:9] == ["Game 1 · Ben · Blue:", "Game 1 · Ben · Yellow:"]
    assert session.finished and session.get("rounds", 0, "Ben", "blue") == ["W", 3, 4, 6, 8, 9]


def test_undo_at_the_prompt_after_another_terminal_answered_takes_nothing_back(store):
    sid = start(store)
    answers = ["Ben", *ANA, BEN[0], other_terminal(store, sid, BEN[1]), "undo", *BEN[2:]]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Blue is now W 3 4 6 8 9" in text.splitlines()
    assert "Took back" not in text
    assert session.get("rounds", 0, "Ben", "yellow") == []  # not taken back
    assert session.get("rounds", 0, "Ben", "blue") == ["W", 3, 4, 6, 8, 9]


def test_a_fix_saved_after_another_terminal_answered_is_refused_and_the_game_goes_on(store):
    sid = start(store)
    answers = ["Ben", *ANA, BEN[0], "fix", "Ana · Blue", other_terminal(store, sid, BEN[1]), "2 5 7", *BEN[2:]]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Blue is now W 3 4 6 8 9" in text.splitlines()
    assert "Changed" not in text  # the fix's report of what it changed: nothing was
    assert session.finished and session.get("rounds", 0, "Ana", "blue") == [2, 5, 7, 10]


def test_a_fix_menu_left_unchanged_still_says_what_the_other_terminal_did(store):
    sid = start(store)
    answers = ["Ben", *ANA, BEN[0], other_terminal(store, sid, BEN[1]), "fix", fixing.BACK, *BEN[2:]]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Blue is now W 3 4 6 8 9" in text.splitlines()
    assert prompter.asked[-1] == "Game 1 · Ben · Red:" and session.finished


def test_the_last_answer_given_in_both_terminals_ends_the_game_once(store):
    sid = start(store)
    answers = ["Ben", *ANA, *BEN[:4], other_terminal(store, sid, "235"), "2 3"]
    session, prompter, text = play_with(store, sid, answers)
    assert "session 1 changed in another terminal: Game 1 · Ben · Red is now 2 3 5" in text.splitlines()
    assert text.endswith(play.FINISHED.format(id=sid))
    assert session.finished and session.get("rounds", 0, "Ben", "red") == [2, 3, 5]


def test_many_changes_are_named_up_to_three_then_counted(store):
    sid = start(store)
    answers = ["Ben", other_terminal(store, sid, *ANA), ANA[0], *BEN]
    _, _, text = play_with(store, sid, answers)
    assert ("session 1 changed in another terminal: Game 1 · Ana · Yellow is now W 3 4 6 8 9; "
            "Game 1 · Ana · Blue is now 2 5 7 10; Game 1 · Ana · White is now (empty); and 2 more") in text


def test_the_compare_and_set_refuses_inside_the_store_and_writes_nothing(store, database):
    sid = start(store)
    store.update(sid, lambda doc: doc["entries"].append({"at": ["setup", "oldest"], "value": "Ben"}))
    before = {p: p.read_bytes() for p in database.parent.rglob("*") if p.is_file()}
    with pytest.raises(Changed) as refused:
        store.update(sid, lambda doc: doc.update(entries=[]), expect=lambda doc: doc["entries"] == [])
    assert refused.value.doc["entries"] == [{"at": ["setup", "oldest"], "value": "Ben"}]
    assert {p: p.read_bytes() for p in database.parent.rglob("*") if p.is_file()} == before


def test_an_answer_reads_no_file_beyond_what_the_store_reads_for_an_update(store, monkeypatch):
    """The check costs nothing on disk: between two questions the play loop reads exactly the files a bare
    store.update of the same answer reads (issue 10: an answer's cost must not grow)."""
    sid, twin = start(store), start(store)
    store.update(twin, lambda doc: doc)  # a new session's first answer compares its stamp with the index, once
    read, reads = Path.read_bytes, []
    monkeypatch.setattr(Path, "read_bytes", lambda path: (reads.append(path.name), read(path))[1])
    marks = []

    class Marking(ScriptedPrompter):
        def _next(self, message):
            marks.append(len(reads))
            return super()._next(message)

    with pytest.raises(Aborted):
        play.play(store, sid, Marking(["Ben", ANA[0], Aborted()]), lambda text: None)
    in_play = reads[marks[1]:marks[2]]  # from the question Ana · Yellow to the next one: its answer
    reads.clear()
    store.update(twin, lambda doc: doc)  # the same files as any update of one session
    assert [name.replace(str(sid), "N") for name in in_play] == [name.replace(str(twin), "N") for name in reads]


# --- claims: who else is playing ------------------------------------------------------------------------

@pytest.fixture
def process():
    """A live process that is not this one (it waits on its stdin), ended after the test."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    yield child
    child.kill()
    child.wait()


def claim(store, session_id, **fields):
    """A claim file as another process would write it (its identity, with `fields` changed)."""
    held = {**claims.identity(fields.get("pid")), **fields}
    path = store.claims_folder / claims._file_name(session_id, held["pid"], held["host"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(held))
    return path


def resume(*args):
    return CliRunner().invoke(cli.app, ["resume", *map(str, args)])


def test_a_session_another_live_scorepad_plays_is_said_and_asked_first(store, terminal, process):
    sid = start(store)
    held = claim(store, sid, pid=process.pid)
    since = claims.identity()["since"][:16].replace("T", " ")
    prompter = terminal(False)
    result = resume(sid)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"Session {sid} is open in another scorepad: process {process.pid} on this computer ({claims.host()}), "
        f"since {since}.",
        playing.LEFT_TO_OTHER.format(id=sid)]
    assert prompter.asked == [playing.PLAY_HERE_TOO]
    assert held.exists()  # the other process's claim is its own
    # a yes goes on: the game is played here too, the other claim stays, and this process's is gone at the end
    terminal(True, "Ben", *ANA, *BEN, False)  # no sheet
    result = resume(sid)
    assert result.exit_code == 0, result.stderr
    assert "Game over" in result.stdout and sorted(os.listdir(store.claims_folder)) == [held.name]


def test_play_alone_asks_too_and_a_script_is_refused_with_a_hint(store, terminal, process, monkeypatch):
    sid = start(store)
    claim(store, sid, pid=process.pid)
    prompter = terminal(False)
    result = CliRunner().invoke(cli.app, ["play"])
    assert result.exit_code == 0 and prompter.asked == [playing.PLAY_HERE_TOO]
    monkeypatch.setattr(tty, "stdin_is_tty", lambda: False)
    result = resume(sid)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"Error: session {sid} is open in another scorepad (process {process.pid} on "
                             f"{claims.host()}); resume it at a terminal to choose whether to play it here too, "
                             "or end that one first\n")


def test_a_claim_on_another_host_cannot_be_checked_and_says_so(store, terminal):
    sid = start(store)
    claim(store, sid, host="far-away", pid=4242, since="2026-11-30T21:05:00+01:00")
    terminal(False)
    result = resume(sid)
    assert result.stdout.splitlines()[0] == (
        f"Session {sid} was opened on another computer: process 4242 on far-away, since 2026-11-30 21:05; "
        "scorepad cannot check from here whether it is still playing.")


def stale(store, sid, path, terminal):
    """Resume goes straight on (nothing asked about a claim) and the stale claim file is removed."""
    prompter = terminal("Ben", Aborted())
    result = resume(sid)
    assert result.exit_code == 130, result.stderr
    assert playing.PLAY_HERE_TOO not in prompter.asked and "another scorepad" not in result.stdout
    assert not path.exists() and os.listdir(store.claims_folder) == []


def test_a_killed_processs_claim_is_never_in_the_way(store, terminal):
    sid = start(store)
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()  # gone: its pid runs nothing
    stale(store, sid, claim(store, sid, pid=child.pid), terminal)


def test_a_zombies_claim_is_stale(store, terminal):
    sid = start(store)
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # exited, not yet reaped: a zombie
    try:
        stale(store, sid, claim(store, sid, pid=child.pid), terminal)
    finally:
        child.wait()


@pytest.mark.skipif(claims.start_time(os.getpid()) is None, reason="no /proc: a process's start time is unknown")
def test_a_pid_reused_by_another_program_is_detected(store, terminal, process):
    sid = start(store)
    started = claims.start_time(process.pid)
    stale(store, sid, claim(store, sid, pid=process.pid, started=started - 1), terminal)


@pytest.mark.skipif(claims.boot_id() is None, reason="no boot id: a reboot cannot be told")
def test_a_claim_from_before_a_reboot_is_stale(store, terminal, process):
    sid = start(store)
    stale(store, sid, claim(store, sid, pid=process.pid, boot="an-earlier-boot"), terminal)


def test_the_claim_is_held_while_playing_and_removed_at_the_end_and_at_ctrl_c(store, terminal):
    sid = start(store)
    seen = []
    terminal("Ben", Aborted())
    prompter = tty.make_prompter()
    real = prompter._next
    prompter._next = lambda message: (seen.append(sorted(os.listdir(store.claims_folder))), real(message))[1]
    result = resume(sid)
    assert result.exit_code == 130
    assert seen[0] == [claims._file_name(sid, os.getpid(), claims.host())]
    assert claims.others(store.claims_folder, sid) == []  # this process's own claim is not another's
    assert os.listdir(store.claims_folder) == []


def test_a_claim_that_cannot_be_written_is_one_error_line(store, terminal):
    sid = start(store)
    store.claims_folder.parent.mkdir(parents=True, exist_ok=True)
    store.claims_folder.write_text("not a folder")
    terminal("Ben")
    result = resume(sid)
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"Error: cannot play session {sid}: cannot write {store.claims_folder}/")
    store.claims_folder.unlink()


# --- two real processes at real terminals ---------------------------------------------------------------

def spawn(database, *args):
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "SCOREPAD_DB": str(database)}
    return pexpect.spawn(sys.executable, ["-m", "scorepad", *map(str, args)], cwd=str(ROOT), env=env,
                         encoding="utf-8", timeout=20, dimensions=(50, 120), preexec_fn=from_a_shell)


def test_two_processes_answer_the_same_question_and_the_first_answer_stays(store, database):
    sid = start(store)
    with pytest.raises(Aborted):
        run(store, sid, ["Ben", *ANA, BEN[0], Aborted()])
    a = spawn(database, "resume", sid)
    a.expect("Game 1 · Ben · Blue:")
    b = spawn(database, "resume", sid)
    b.expect(f"Session {sid} is open in another scorepad: process {a.pid} on this computer")
    b.expect_exact("Play it here too?")
    b.send("y\r")  # the letter, then Enter: that Enter is this question's, not the next one's
    b.expect("Game 1 · Ben · Blue:")
    a.send("w34689\r")
    a.expect("Game 1 · Ben · White:")  # A's answer is confirmed
    b.send("3 4\r")
    b.expect_exact(f"session {sid} changed in another terminal: Game 1 · Ben · Blue is now W 3 4 6 8 9")
    b.expect("Game 1 · Ben · White:")  # asked the open question, not Blue again
    last = store.get(sid)["entries"][-1]
    assert (last["at"], last["value"]) == (["rounds", 0, "Ben", "blue"], ["W", 3, 4, 6, 8, 9])
    b.send("w w 2 3 4 5 6 7\r")  # B answers first this time: A's next answer is the refused one
    b.expect("Game 1 · Ben · Green:")
    a.send("5\r")
    a.expect_exact(f"session {sid} changed in another terminal: Game 1 · Ben · White is now W W 2 3 4 5 6 7")
    a.expect("Game 1 · Ben · Green:")
    for player in (a, b):
        player.sendcontrol("c")
        player.expect(pexpect.EOF)
        player.close()
        assert player.exitstatus == 130
    entries = store.get(sid)["entries"]
    assert [e["value"] for e in entries[-2:]] == [["W", 3, 4, 6, 8, 9], ["W", "W", 2, 3, 4, 5, 6, 7]]
    assert os.listdir(store.claims_folder) == []  # both claims gone with their processes


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_remove_the_claim(store, database, signum):
    sid = start(store)
    player = spawn(database, "resume", sid)
    player.expect("Who is the oldest player?")
    assert len(os.listdir(store.claims_folder)) == 1
    player.kill(signum)
    player.expect(pexpect.EOF)
    player.close()
    assert player.exitstatus == 128 + signum
    assert os.listdir(store.claims_folder) == []


def test_resume_on_a_read_only_disk_is_one_line_saying_so(disk, terminal):
    folder, freeze = disk
    db = folder / "scorepad.json"
    sid = start(Store(db))
    freeze()
    terminal("Ben")
    result = CliRunner().invoke(cli.app, ["--db", str(db), "resume", str(sid)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert result.stderr.startswith(f"Error: the database {db} can be read but not changed (Read-only file system)")
