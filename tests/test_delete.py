"""Taking a game away asks first: `delete` (which keeps a copy to import) and `undo` of a finished session."""

import pytest
from typer.testing import CliRunner

from conftest import run
from scorepad import cli
from scorepad.games import by_slug
from scorepad.prompts import Aborted, ScriptedPrompter
from scorepad.session import new_doc


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


@pytest.fixture
def terminal(monkeypatch):
    """Pretend stdin is a terminal and answer the prompts from a script."""
    monkeypatch.setattr(cli, "stdin_is_tty", lambda: True)

    def script(*answers):
        prompter = ScriptedPrompter(answers)
        monkeypatch.setattr(cli, "make_prompter", lambda: prompter)
        return prompter

    return script


@pytest.fixture
def finished(store):
    """A one-game Lost Cities match played to its end (Ben oldest; Ana's yellow w3, the rest empty)."""
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 1))
    session, _, _ = run(store, session_id, ["Ben", "w3"] + [""] * 9)
    assert session.finished
    return session_id


def entries(store, session_id):
    return [(tuple(e["at"]), e["value"]) for e in store.get(session_id)["entries"]]


# --- undo of a finished session -------------------------------------------------------------------------

def test_undo_of_a_finished_session_without_a_terminal_needs_yes(store, finished):
    before = store.get(finished)
    result = invoke("undo", finished)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"Error: session {finished} is finished: undo reopens it, so it asks first; "
                             f"without a terminal, say so with: scorepad undo {finished} --yes\n")
    assert store.get(finished) == before


def test_undo_yes_reopens_a_finished_session(store, finished):
    count = len(entries(store, finished))
    result = invoke("undo", finished, "--yes")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"Removed Game 1 · Ben · Red: (empty); it will be asked again: scorepad resume {finished}\n"
    assert store.get(finished)["status"] == "playing" and len(entries(store, finished)) == count - 1


def test_undo_of_a_finished_session_asks_and_a_no_keeps_it(store, finished, terminal):
    before = store.get(finished)
    prompter = terminal(False)
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout == f"Session {finished} stays finished; nothing was taken back.\n"
    assert prompter.asked == [f"Session {finished} (Lost Cities — Ana, Ben) is finished. "
                              "Reopen it and take back its last answer?"]
    assert store.get(finished) == before
    terminal(None)  # Enter alone: the default is no
    assert invoke("undo", finished).stdout.endswith("stays finished; nothing was taken back.\n")
    terminal(Aborted())
    result = invoke("undo", finished)
    assert result.exit_code == 130 and result.stderr == "\nStopped; nothing was changed.\n"
    assert store.get(finished) == before


def test_undo_of_a_finished_session_asks_and_a_yes_reopens_it(store, finished, terminal):
    terminal(True)
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout.startswith("Removed Game 1 · Ben · Red: (empty);")
    assert store.get(finished)["status"] == "playing"


def test_undo_of_a_game_in_progress_asks_nothing(store, finished, terminal):
    invoke("undo", finished, "--yes")
    prompter = terminal()  # no answer scripted: a question would fail the test
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout.startswith("Removed Game 1 · Ben · Green: (empty);")
    assert prompter.asked == []
