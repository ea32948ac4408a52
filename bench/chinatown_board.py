"""Enter → next prompt for Chinatown's board form, in a real pty (pexpect): a 5-player, 6-year game whose every
player types their lots and shops each year (issue 30), and `board` at a prompt.

    python bench/chinatown_board.py

Each lots or shops answer scores the whole game so far on the board (every check of every year), so the wait
grows with the game: printed as the median, the 90th percentile and the worst, in milliseconds, for the lots and
shops answers, and for `board`; with `python -c "import typer"` in the same run as the yardstick.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_chinatown_board import groups_by_grid, random_game  # noqa: E402  (the tests' own: a legal game)

SCOREPAD = str(Path(sys.executable).parent / "scorepad")


def spawn(db: str, args: list[str]) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "SCOREPAD_DB": db}
    child = pexpect.spawn(SCOREPAD, args, env=env, encoding="utf-8", dimensions=(50, 120), timeout=30)
    child.delaybeforesend = None
    return child


def timed(child: pexpect.spawn, answer: str, expect: str, times: list[float]) -> None:
    start = time.perf_counter()
    child.send(answer + "\r")
    child.expect_exact(expect)
    times.append((time.perf_counter() - start) * 1000)


def figures(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"{name:<22} n={len(times):<3} median {statistics.median(times):6.1f} ms  p90 {p90:6.1f}  worst {max(times):6.1f}"


def businesses(db: str, names: list[str], years: list[dict]) -> list[float]:
    """The same game with its businesses typed (`photo 3, tea 1`): the form the board form stands beside."""
    child = spawn(db, ["play", "chinatown", "--players", *names])
    child.expect_exact("First Player card")
    child.send("\r")
    times: list[float] = []
    for number, year in enumerate(years):
        child.expect_exact("trading is done")
        timed(child, "", f"{names[0]}'s businesses", [])
        for n, p in enumerate(names):
            owned = groups_by_grid(set(year[p]["lots"]), {int(lot): k for lot, k in year[p]["shops"].items()})
            text = ", ".join(f"{kind} {tiles}" for kind, tiles in owned) or "none"
            if n + 1 < len(names):
                after = f"{names[n + 1]}'s businesses"
            else:
                after = "trade (payer" if number < 5 else "Write the score sheet"
            timed(child, text, after, times)
    child.terminate(force=True)
    return times


def main() -> None:
    rng = random.Random(11)
    while True:
        names, years = random_game(rng, 5)
        if len(years) == 6:
            break
    typer_ms = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import typer"], check=True)
        typer_ms.append((time.perf_counter() - start) * 1000)
    with tempfile.TemporaryDirectory() as folder:
        child = spawn(str(Path(folder) / "db.json"), ["play", "chinatown", "--players", *names])
        child.expect_exact("First Player card")
        child.send("\r")  # the first name on the menu
        lots_ms: list[float] = []
        shops_ms: list[float] = []
        board_ms: list[float] = []
        before: dict[str, list[int]] = {p: [] for p in names}
        for number, year in enumerate(years):
            child.expect_exact("trading is done")
            timed(child, "", f"{names[0]}'s businesses:" if number == 0 else f"{names[0]}'s lots [", [])
            for n, p in enumerate(names):
                lots = year[p]["lots"]
                typed = [str(lot) for lot in lots if lot not in before[p]]
                typed += [f"-{lot}" for lot in before[p] if lot not in lots]
                timed(child, "lots " + (" ".join(typed) or "none"), "shops", lots_ms)
                new = {lot: kind for lot, kind in year[p]["shops"].items()}
                earlier = {str(lot) for q in names for lot in (years[number - 1][q]["shops"] if number else {})}
                words = [f"{kind} {lot}" for lot, kind in new.items() if lot not in earlier]
                if n + 1 < len(names):
                    after = f"{names[n + 1]}'s businesses:" if number == 0 else f"{names[n + 1]}'s lots ["
                else:
                    after = "trade (payer" if number < 5 else "Write the score sheet"
                timed(child, ", ".join(words), after, shops_ms)
                before[p] = list(lots)
            if number < 5:
                timed(child, "board", "trade (payer", board_ms)
        child.terminate(force=True)
        typed_ms = businesses(str(Path(folder) / "typed.json"), names, years)
    print(figures('python -c "import typer"', typer_ms))
    for name, times in (("lots answer", lots_ms), ("shops answer", shops_ms), ("board", board_ms),
                        ("businesses (the same)", typed_ms)):
        print(figures(name, times), f" ({statistics.median(times) / statistics.median(typer_ms):.2f}× typer)")


if __name__ == "__main__":
    main()
