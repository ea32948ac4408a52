"""Enter → next prompt, in a real pty (pexpect): how long a player waits between two questions.

    python bench/prompt_latency.py [--games 3]

Plays a Lost Cities match (10 card questions a game) and London 1st-edition tracked events (menus) through
`scorepad play` and times, for each answer, the Enter key until the next question is on the screen.
Prints the median, the 90th percentile and the worst, in milliseconds (issue 10: ≤ 60 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

SCOREPAD = str(Path(sys.executable).parent / "scorepad")
DOWN = "\x1b[B"
COLOURS = ("Yellow", "Blue", "White", "Green", "Red")


def spawn(db: str, args: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "SCOREPAD_DB": db}
    child = pexpect.spawn(SCOREPAD, args, env=env, encoding="utf-8", dimensions=(50, 120), timeout=20)
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default: not the player's wait
    return child


def timed(child: pexpect.spawn, answer: str, expect: str, times: list[float]) -> None:
    start = time.perf_counter()
    child.send(answer + "\r")
    child.expect_exact(expect)
    times.append((time.perf_counter() - start) * 1000)


def lost_cities(db: str, games: int) -> list[float]:
    child = spawn(db, ["play", "lost-cities", "--players", "Ana", "Ben", "--rounds", str(games)])
    child.expect_exact("Who is the oldest player?")
    times: list[float] = []
    questions = [f"Game {g} · {p} · {c}:" for g in range(1, games + 1) for p in ("Ana", "Ben") for c in COLOURS]
    child.send("\r")
    child.expect_exact(questions[0])
    for following in questions[1:]:
        timed(child, "", following, times)
    timed(child, "", "Write the score sheet as a PDF?", times)
    child.send("n")
    child.expect(pexpect.EOF)
    return times


def london(db: str, events: int) -> list[float]:
    """Menus: `events` times "What happened?" → points (4 × Down) → the first player → a count."""
    child = spawn(db, ["play", "london-1e", "--players", "Ana", "Ben", "Cy", "Di"])
    child.expect_exact("What happened?")
    times: list[float] = []
    for _ in range(events):
        child.send(DOWN * 4)
        start = time.perf_counter()
        child.send("\r")
        child.expect_exact("Who scores points?")
        times.append((time.perf_counter() - start) * 1000)
        timed(child, "", "How many points does Ana score?", times)
        timed(child, "3", "What happened?", times)
    child.close(force=True)
    return times


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"{name}: {len(times)} answers, median {statistics.median(times):.0f} ms, "
          f"p90 {p90:.0f} ms, worst {times[-1]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--events", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        report("Lost Cities (text prompts)", lost_cities(str(Path(folder) / "lc.json"), args.games))
        report("London (menus and text)", london(str(Path(folder) / "london.json"), args.events))


if __name__ == "__main__":
    main()
