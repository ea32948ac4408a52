"""The name prompt's offer of known names (issue 12 point 3): does it keep `play GAME` quick at 10,000 sessions?

    python bench/players.py [--sizes 0 10000] [--runs 7]

Stores are built as bench/storage.py builds them (Store.insert_many of finished sessions of all five games),
the players of each session drawn from a pool of 200 names, so the prompt has many people to offer. Measured in
a pseudo-terminal (pexpect), bytecode cached as installed (PYTHONPYCACHEPREFIX, see bench/storage.py):
- `play lost-cities` started -> "Player 1 name:" drawn (the prompt itself: the names are not read yet);
- a first letter typed -> the menu of names drawn (the names are read now, once: the index of summaries);
- in-process: reading the names once (Store.summaries + players.known_names), and a keystroke after that
  (prompts.completions over every known name: the menu's work at each letter);
- `players` and `players --json` (reads the index alone), and `python -c "import typer"` as the baseline.
Each figure: median (min–max) over --runs fresh processes after one warm-up.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench import TABLES, timed  # noqa: E402

POOL = [f"{first}{n}" for n in range(40) for first in ("Ana", "Ben", "Cy", "Dee", "Eli")]  # 200 people


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):.0f} ms ({min(times):.0f}–{max(times):.0f})"


def build(path: Path, count: int) -> None:
    """`count` finished sessions, the five games in turn, each between players drawn from POOL."""
    from scorepad.games import by_slug
    from scorepad.table.travel import doc_from_table
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    rng = random.Random(12)
    tables = list(TABLES.values())
    store = Store(path, summarize=summarize)

    def doc(n: int) -> dict:
        table = tables[n % len(tables)]
        names = dict(zip(table["players"], rng.sample(POOL, len(table["players"]))))
        text = json.dumps(table)
        for old, new in names.items():  # the table's names are distinct words in its JSON
            text = text.replace(f'"{old}"', f'"{new}"')
        made = json.loads(text)
        made["date"] = f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}"
        return doc_from_table(made, by_slug(made["game"]))

    batch = 2000
    for start in range(0, count, batch):
        store.insert_many([doc(n) for n in range(start, min(count, start + batch))])


def prompt_times(scorepad: str, env: dict[str, str]) -> tuple[float, float]:
    """One `play lost-cities`: start -> first name prompt; first letter -> its menu drawn (ms)."""
    import pexpect

    started = time.perf_counter()
    child = pexpect.spawn(scorepad, ["play", "lost-cities"], encoding="utf-8",
                          env={**env, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"},
                          dimensions=(50, 120), timeout=60)
    child.delaybeforesend = None
    child.expect_exact("Player 1 name:")
    to_prompt = (time.perf_counter() - started) * 1000
    first = float("nan")
    if env.get("BENCH_NAMES"):
        time.sleep(1.0)  # a player reads the question before typing
        start = time.perf_counter()
        child.send("D")
        child.expect_exact("Dee")  # a name of the menu (the letter typed is echoed as "D" alone)
        first = (time.perf_counter() - start) * 1000
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    return to_prompt, first


def in_process(db: Path, runs: int) -> tuple[list[float], list[float]]:
    """Reading the names once, and one keystroke's completions over them (ms), in this process."""
    from scorepad.players import known_names
    from scorepad.cli.prompter import completions
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    store = Store(db, summarize=summarize)
    reads, keys = [], []
    for _run in range(runs):
        start = time.perf_counter()
        known = known_names(store.summaries())
        reads.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        completions("De", known)
        keys.append((time.perf_counter() - start) * 1000)
    return reads, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 10000])
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-players-"))
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    print(f"scorepad players bench: {options.runs} runs a figure; medians (min–max); bytecode cached\n")
    print("| stored sessions | import typer | play → first name prompt | first letter → menu (pty) | names read "
          "once | a keystroke's completions | `players` | `players --json` |")
    print("|" + "---|" * 8)
    for size in options.sizes:
        db = work / f"db-{size}" / "scorepad.json"
        build(db, size)
        env = {**os.environ, "SCOREPAD_DB": str(db), **({"BENCH_NAMES": "1"} if size else {})}
        base = timed([sys.executable, "-c", "import typer"], options.runs, env)
        runs = [prompt_times(scorepad, env) for _run in range(options.runs + 1)][1:]  # the first: a warm-up
        reads, keys = in_process(db, options.runs)
        menu = spread([r[1] for r in runs]) if size else "— (no names)"
        listing = spread(timed([scorepad, "players"], options.runs, env))
        as_json = spread(timed([scorepad, "players", "--json"], options.runs, env))
        print(f"| {size:,} | {spread(base)} | {spread([r[0] for r in runs])} | {menu} | {spread(reads)} | "
              f"{statistics.median(keys):.2f} ms | {listing} | {as_json} |", flush=True)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
