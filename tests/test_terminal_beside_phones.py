"""The terminal beside the phones (`scorepad resume ID` while `scorepad host ID` serves it), in a real terminal
(tmux, a private socket): no keystroke typed before a question was shown answers it."""

import json
import os
import signal
import subprocess
import sys

import pytest

from test_terminal import ROOT, Terminal
from test_terminal import pytestmark as needs_tmux  # noqa: F401

pytest.importorskip("uvicorn")


def logged(database):
    done = subprocess.run([sys.executable, "-m", "scorepad", "--db", str(database), "export", "1"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return [(entry["at"], entry["value"]) for entry in json.loads(done.stdout)["session"]["log"]]


@pytest.fixture
def hosted(tmp_path):
    database = tmp_path / "db.json"
    process = subprocess.Popen([sys.executable, "-m", "scorepad", "--db", str(database), "host", "lost-cities",
                                "--players", "Ana", "Ben", "--address", "127.0.0.1", "--no-qr"], cwd=ROOT,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    for line in process.stdout:
        if line.startswith("http://"):
            break
    yield database
    process.send_signal(signal.SIGINT)
    process.wait(15)


def test_y_then_enter_at_play_it_here_too_answers_that_question_alone(tmp_path, hosted):
    # The keys typed while the terminal is still busy (here: before scorepad even starts) answer nothing.
    term = Terminal(tmp_path, f"sleep 2; {sys.executable} -m scorepad --db {hosted} resume 1", columns=80)
    try:
        term.keys("y", "Enter")  # typed ahead, before any question is shown
        term.wait_for("Play it here too?")
        term.keys("y")  # shown, not yet taken
        term.wait_for("Yes")
        term.keys("Enter")  # this Enter is the question's own…
        term.wait_for("Who is the oldest player?")
        term.type("Ben")  # …so the next question waits for its own answer
        term.wait_for("Game 1 · Ana · Yellow")
        assert logged(hosted) == [(["setup", "oldest"], "Ben")]
        assert "Play it here too?" in term.screen() and term.screen().count("Who is the oldest player?") == 1
    finally:
        term.close()


def test_n_then_enter_leaves_the_session_to_the_other_scorepad(tmp_path, hosted):
    term = Terminal(tmp_path, f"{sys.executable} -m scorepad --db {hosted} resume 1", columns=80)
    try:
        term.wait_for("Play it here too?")
        term.keys("n")
        term.wait_for("No")
        term.keys("Enter")
        term.wait_for("EXIT=0")
        assert "left to the other scorepad" in term.screen() and logged(hosted) == []
    finally:
        term.close()
