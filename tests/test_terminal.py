"""`scorepad play` in a real terminal (tmux): the real prompts, typed key by key."""

import itertools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
ROOT = Path(__file__).resolve().parent.parent


# Each Terminal is a tmux server of its own. Its commands run without $TMUX and $TMUX_PANE: the suite started in a
# tmux window has them set, and tmux would take that window's session for the one a command is about.
SERVERS = itertools.count(1)


class Terminal:
    def __init__(self, tmp_path, command, columns=120, lines=50):
        socket = tmp_path / f"tmux{next(SERVERS)}.sock"  # a private server: never the user's, nor another test's
        self.tmux = ["tmux", "-S", str(socket)]
        self.env = {name: value for name, value in os.environ.items() if name not in ("TMUX", "TMUX_PANE")}
        env = {**self.env, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
        shell = f"cd {ROOT} && {command}; echo EXIT=$?; sleep 60"
        subprocess.run(self.tmux + ["new-session", "-d", "-x", str(columns), "-y", str(lines), shell], env=env, check=True)

    def screen(self, joined=False):
        """What the terminal shows; `joined`: each line the program printed whole, however the terminal wrapped it."""
        return subprocess.run(self.tmux + ["capture-pane", "-p", "-S", "-3000", *(["-J"] if joined else [])],
                              check=False, capture_output=True, text=True, env=self.env).stdout

    def wait_for(self, text, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return self.screen()
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def type(self, text):
        if text:
            subprocess.run(self.tmux + ["send-keys", "-l", text], check=True, env=self.env)
        subprocess.run(self.tmux + ["send-keys", "Enter"], check=True, env=self.env)

    def keys(self, *keys):
        subprocess.run(self.tmux + ["send-keys", *keys], check=True, env=self.env)

    def close(self):
        subprocess.run(self.tmux + ["kill-server"], check=False, capture_output=True, env=self.env)


@pytest.fixture
def terminal(tmp_path, database):
    opened = []

    def open_(args, columns=120):
        term = Terminal(tmp_path, f"{sys.executable} -m scorepad {args}", columns)
        opened.append(term)
        return term

    yield open_
    for term in opened:
        term.close()


GAME_1 = [("Yellow", "w3 4 6 8 9"), ("Blue", "2 5 7 10"), ("White", ""), ("Green", "ww"), ("Red", "4678910"),
          ("Yellow", ""), ("Blue", "w34689"), ("White", "w w 2 3 4 5 6 7"), ("Green", "58"), ("Red", "235")]


def test_a_game_typed_at_the_real_prompts(terminal, tmp_path):
    term = terminal("play lost-cities --players Ana Ben --rounds 1")
    term.wait_for("Who is the oldest player?")
    term.keys("b")  # a menu takes typed letters: Ben
    term.wait_for("» Ben")
    term.keys("Enter")
    term.wait_for("Ben starts (the oldest player).")
    player = "Ana"
    for index, (colour, cards) in enumerate(GAME_1):
        player = "Ana" if index < 5 else "Ben"
        term.wait_for(f"Game 1 · {player} · {colour}:")
        if index == 6:  # a card Ana already has: refused, with the reason, then corrected
            term.type("w3468910")
            term.wait_for("✗ w3468910: blue 10 is already in Ana's expedition (Game 1 · Ana · Blue: 2 5 7 10); if")
            # the refused answer is gone from the input line: typing the right one needs no clearing
        term.type(cards)
    screen = term.wait_for("Write the score sheet as a PDF?")
    assert "Game 1 total for Ana: −12" in screen and "Game 1 total for Ben: 44" in screen
    assert "Ben wins with 44." in screen
    term.keys("y")  # a confirm takes y/n without Enter
    term.wait_for("File name for the PDF [lost-cities-1.pdf; Enter keeps it]:")  # offered, not pre-filled
    term.type(str(tmp_path / "sheet.pdf"))
    term.wait_for("Show a QR code that adds this play to BG Stats on a phone?")
    term.keys("y")
    screen = term.wait_for("EXIT=0")
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    assert "Scan it with a phone that has BG Stats" in screen
    lines = screen.splitlines()
    drawn = [n for n, line in enumerate(lines) if line.strip() and set(line) <= set("▀▄█ ")]
    assert len(drawn) > 20 and drawn == list(range(drawn[0], drawn[-1] + 1))  # whole: 120 columns are enough
    width = max(len(lines[n]) for n in drawn)  # tmux drops each line's trailing blanks (the white quiet zone)
    picture = [" " * width] * 2 + [lines[n].ljust(width) for n in drawn] + [" " * width] * 2
    if shutil.which("zbarimg"):
        from test_exports import terminal_png, zbar

        url = subprocess.run([sys.executable, "-m", "scorepad", "export", "1", "--format", "bgstats-url"],
                             capture_output=True, text=True, check=True).stdout.strip()
        assert zbar(terminal_png(picture, tmp_path / "code.png")) == (0, url)


def test_ctrl_c_saves_and_resume_carries_on(terminal):
    term = terminal("play lost-cities --players Ana Ben --rounds 1")
    term.wait_for("Who is the oldest player?")
    term.keys("Enter")
    term.wait_for("Game 1 · Ana · Yellow:")
    term.type("w3 4 6 8 9")
    term.wait_for("Game 1 · Ana · Blue:")
    term.keys("C-c")
    screen = term.wait_for("EXIT=130")
    assert "Stopped. Session 1 is saved; carry on with: scorepad resume 1" in screen
    assert "Traceback" not in screen
    again = terminal("resume 1")
    again.wait_for("Resuming session 1")
    again.wait_for("Game 1 · Ana · Blue:")
