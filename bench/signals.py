"""Ctrl-C, SIGTERM and SIGHUP at random instants of a Lost Cities game played in a real pty (issue 13, point 2).

    python bench/signals.py [--trials 60] [--seed 1]

Each trial plays `scorepad play lost-cities` through pexpect and sends one signal at a drawn instant: while a
question waits, 0–20 ms after an answer's Enter (the window the campaign found ignored), while typing, at the
first menu, or while the sheet is drawn and written at the end; SIGHUP closes the terminal instead (the
window closed). A trial passes when the process ends within 1 s with 128 + the signal, prints no traceback,
prints the resume line when the game is open (SIGHUP: there is no screen to read), and `scorepad show`
(and the store) afterwards hold every answer whose echo line the screen showed (the echo comes after the answer
is stored), in the order typed and nothing else. Prints one line per kind of instant and the totals.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

SCOREPAD = str(Path(sys.executable).parent / "scorepad")
# Lost Cities, one game: the ten card questions and the answers typed (tests/test_terminal.py's game).
GAME = [("Ana", "Yellow", "w3 4 6 8 9"), ("Ana", "Blue", "2 5 7 10"), ("Ana", "White", ""), ("Ana", "Green", "ww"),
        ("Ana", "Red", "4678910"), ("Ben", "Yellow", ""), ("Ben", "Blue", "w34689"),
        ("Ben", "White", "w w 2 3 4 5 6 7"), ("Ben", "Green", "58"), ("Ben", "Red", "235")]
KINDS = ("after-enter", "waiting", "typing", "menu", "sheet")
SIGNALS = {"INT": signal.SIGINT, "TERM": signal.SIGTERM, "HUP": signal.SIGHUP}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")
ECHO = re.compile(r"^  (Yellow|Blue|White|Green|Red): ", re.M)
RESUME = "carry on with: scorepad resume"
WITHIN = 1.0  # seconds from the signal to the end of the process
# The signals a shell at a terminal leaves at their default in a command it starts (Ctrl-C, Ctrl-\\, the window
# closed, `kill`): a trial run in the background, with SIGINT ignored, or under nohup would pass its own on.
SHELL_SIGNALS = (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM)


def from_a_shell() -> None:
    """`preexec_fn` of a scorepad a trial signals: it starts with the signals as a terminal's shell gives them,
    however the trial itself was started."""
    for signum in SHELL_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)


@dataclass
class Outcome:
    kind: str
    signame: str
    seconds: float = 0.0
    code: int | None = None
    traceback: bool = False
    resume_line: bool | None = None  # None: not asked for (a finished game, or no screen after SIGHUP)
    confirmed: int = 0
    stored: int = 0
    foreign: bool = False  # the answers stored are not the questions answered, in order
    problems: list[str] = field(default_factory=list)
    screen: str = ""  # what the terminal showed, escape sequences removed
    late: bool = False  # the game had ended (sheet written) before the signal: nothing to stop

    @property
    def ok(self) -> bool:
        return not self.problems


def spawn(db: str, args: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "SCOREPAD_DB": db}
    child = pexpect.spawn(SCOREPAD, args, env=env, encoding="utf-8", dimensions=(50, 120), timeout=20,
                          preexec_fn=from_a_shell)
    child.delaybeforesend = None
    return child


def _ended(child: pexpect.spawn, start: float, limit: float) -> tuple[float, int | None]:
    """Seconds from `start` until the process is gone (inf past `limit`, then it is killed), its exit code as a
    shell shows it (128 + the signal that killed it)."""
    process = child.ptyproc
    while process.isalive():
        if time.monotonic() - start > limit:
            process.kill(signal.SIGKILL)
            process.wait()
            return float("inf"), None
        time.sleep(0.002)
    seconds = time.monotonic() - start
    return seconds, 128 + process.signalstatus if process.signalstatus is not None else process.exitstatus


def _read_to_end(child: pexpect.spawn, start: float, limit: float) -> None:
    while time.monotonic() - start < limit:
        try:
            child.read_nonblocking(65536, timeout=0.02)
        except pexpect.TIMEOUT:
            continue
        except (pexpect.EOF, OSError):
            return


def _hang_up(child: pexpect.spawn) -> float:
    """Close the terminal, as a closed window does: the kernel sends SIGHUP, and reads and writes fail."""
    at = time.monotonic()
    os.close(child.child_fd)
    return at


def stored_answers(db: str, session_id: int = 1) -> list[dict] | None:
    """The session's answers as stored (None if `scorepad show` of it fails, or it is not there)."""
    from scorepad.store import Store

    shown = subprocess.run([SCOREPAD, "--db", db, "show", str(session_id)], capture_output=True, text=True)
    if shown.returncode:
        return None
    return Store(db).get(session_id)["entries"]


def trial(folder: str, kind: str, signame: str, *, answer: int = 3, delay: float = 0.0,
          limit: float = 5.0) -> Outcome:
    """One game, one signal: `kind` says when (KINDS), `answer` at which card question, `delay` how long after
    the instant (seconds)."""
    db = os.path.join(folder, "db.json")
    outcome = Outcome(kind, signame)
    child = spawn(db, ["play", "lost-cities", "--players", "Ana", "Ben", "--rounds", "1"])
    child.logfile_read = screen = io.StringIO()
    signum = SIGNALS[signame]
    child.expect("Who is the oldest player?")
    if kind != "menu":
        child.send("b\r")
        last = len(GAME) if kind == "sheet" else answer
        for player, colour, cards in GAME[:last]:
            child.expect(f"Game 1 · {player} · {colour}:")
            child.send(cards + "\r")
        if kind == "sheet":
            child.expect(r"Write the score sheet as a PDF\?")
            child.send("y")
            child.expect("File name for the PDF")
            child.send("\r")
        else:
            player, colour, cards = GAME[answer]
            child.expect(f"Game 1 · {player} · {colour}:")
            if kind == "after-enter":
                child.send(cards + "\r")
            elif kind == "typing":
                child.send(cards[: max(1, len(cards) // 2)])
    time.sleep(delay)
    if not child.ptyproc.isalive():  # the sheet was written and the command ended before the drawn instant
        outcome.late = True
        return outcome
    if signame == "HUP":
        at = _hang_up(child)
    else:
        at = time.monotonic()
        os.kill(child.pid, signum)
        _read_to_end(child, at, limit)
    outcome.seconds, outcome.code = _ended(child, at, limit)
    text = outcome.screen = ANSI.sub("", screen.getvalue())
    outcome.traceback = "Traceback" in text or "Exception ignored" in text
    log = stored_answers(db)
    if log is None:
        outcome.problems.append("show of the session failed")
        log = []
    cards = [entry for entry in log if entry["at"][0] == "rounds"]
    outcome.stored = len(cards)
    outcome.confirmed = len(ECHO.findall(text))
    finished = any(entry.get("at") == ["end"] for entry in log) or outcome.stored == len(GAME)
    if signame != "HUP" and not finished:
        outcome.resume_line = RESUME in text
    typed = [(player, colour.lower()) for player, colour, _ in GAME]
    outcome.foreign = [(entry["at"][2], entry["at"][3]) for entry in cards] != typed[:len(cards)]
    if outcome.seconds > WITHIN:
        outcome.problems.append(f"ended after {outcome.seconds:.2f} s")
    if outcome.code != 128 + signum:
        outcome.problems.append(f"exit {outcome.code}, not {128 + signum}")
    if outcome.traceback:
        outcome.problems.append("a traceback")
    if outcome.resume_line is False:
        outcome.problems.append("no resume line")
    if outcome.stored < outcome.confirmed:
        outcome.problems.append(f"{outcome.confirmed - outcome.stored} confirmed answer(s) lost")
    if outcome.foreign:
        outcome.problems.append("the answers stored are not those typed, in order")
    return outcome


def draw(rng: random.Random) -> tuple[str, str, int, float]:
    """A kind of instant, a signal, a card question, a delay: mostly Ctrl-C right after Enter."""
    kind = rng.choices(KINDS, weights=(6, 1, 1, 1, 1))[0]
    signame = rng.choices(list(SIGNALS), weights=(6, 2, 2))[0]
    delay = {"after-enter": rng.uniform(0, 0.020), "waiting": rng.uniform(0.05, 0.3), "typing": rng.uniform(0, 0.05),
             "menu": rng.uniform(0, 0.2), "sheet": rng.uniform(0, 0.25)}[kind]
    return kind, signame, rng.randrange(len(GAME)), delay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="one line per trial")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    outcomes = []
    with tempfile.TemporaryDirectory() as root:
        for number in range(options.trials):
            kind, signame, answer, delay = draw(rng)
            folder = os.path.join(root, str(number))
            os.mkdir(folder)
            os.chdir(folder)  # the sheet is written here
            outcome = trial(folder, kind, signame, answer=answer, delay=delay)
            if outcome.late:
                print(f"{number:3d} {kind} +{delay * 1000:.1f} ms: the command had ended already; not counted")
                continue
            outcomes.append(outcome)
            if options.verbose or not outcome.ok:
                print(f"{number:3d} {kind:<11} SIG{signame:<4} answer {answer} +{delay * 1000:5.1f} ms: "
                      f"{outcome.seconds:.3f} s, exit {outcome.code}, confirmed {outcome.confirmed}, "
                      f"stored {outcome.stored} {'; '.join(outcome.problems) or 'ok'}", flush=True)
            if options.verbose and not outcome.ok:
                print("    " + "\n    ".join(outcome.screen.splitlines()[-12:]), flush=True)
    print(f"\n{'instant':<12} {'trials':>6} {'≤1 s':>5} {'exit ok':>7} {'traceback':>9} {'no resume':>9} "
          f"{'lost':>4} {'worst s':>7}")
    for kind in KINDS + ("all",):
        rows = [o for o in outcomes if kind in (o.kind, "all")]
        if not rows:
            continue
        worst = max(o.seconds for o in rows)
        print(f"{kind:<12} {len(rows):>6} {sum(o.seconds <= WITHIN for o in rows):>5} "
              f"{sum(o.code == 128 + SIGNALS[o.signame] for o in rows):>7} {sum(o.traceback for o in rows):>9} "
              f"{sum(o.resume_line is False for o in rows):>9} {sum(o.stored < o.confirmed for o in rows):>4} "
              f"{worst:>7.3f}")
    print(f"answers confirmed on screen: {sum(o.confirmed for o in outcomes)}, lost: "
          f"{sum(max(0, o.confirmed - o.stored) for o in outcomes)}; trials passed: "
          f"{sum(o.ok for o in outcomes)} of {len(outcomes)}")


if __name__ == "__main__":
    main()
