"""What `scorepad stats` costs as the history grows (issue 12 point 5: `stats` and `stats --json` at 10,000 stored
sessions ≤ 3× `python -c "import typer"`), as ratios to that baseline.

    python bench/history.py [--sizes 0 1000 10000] [--runs 7] [--source]

The store is built as bench/storage.py builds one (through the store module, Store.insert_many of finished
sessions of all five games, each a whole game), with what a history has and that bench has not: a date for every
session (one a day or so over the years) and names that change from game to game among eight people, written
in more than one way (`ana`, `Ana`), so the matching, head to head and every game's figures have work to do. One
in 50 sessions is left unfinished (it must not count). Bytecode cached as bench/storage.py explains (--source:
compiled in every process). Each figure: the median and its min–max over --runs fresh processes after a warm-up,
`list --all` beside it for scale.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench import TABLES, timed  # noqa: E402  (the whole game of each of the five, as bench.py uses)
from storage import spread  # noqa: E402

PEOPLE = ["Ana", "Ben", "Cai", "Dana", "Eli", "Fay", "Gus", "Hal"]


def renamed(table: dict, names: list[str]) -> dict:
    """The table with its players named `names` (in order): every place a name is (rounds, final, trades)."""
    text = json.dumps(table)
    for seat, old in enumerate(table["players"]):  # through a placeholder: a new name may be another's old one
        text = text.replace(json.dumps(old), json.dumps(f"@seat{seat}@"))
    for seat, new in enumerate(names):
        text = text.replace(json.dumps(f"@seat{seat}@"), json.dumps(new))
    return json.loads(text)


def build(path: Path, count: int) -> None:
    import datetime

    from scorepad.games import by_slug
    from scorepad.session import doc_from_table
    from scorepad.store import Store
    from scorepad.summary import summarize

    tables = list(TABLES.values())
    store = Store(path, summarize=summarize)
    day = datetime.date(2020, 1, 1)
    batch: list[dict] = []
    for n in range(count):
        table = tables[n % len(tables)]
        seats = len(table["players"])
        names = [PEOPLE[(n + 3 * seat) % len(PEOPLE)] for seat in range(seats)]
        names = [name.lower() if (n // 7) % 3 == 0 else name for name in names]
        if len(set(map(str.casefold, names))) < seats:
            names = [PEOPLE[(n + seat) % len(PEOPLE)] for seat in range(seats)]
        doc = doc_from_table({**renamed(table, names), "date": (day + datetime.timedelta(days=n // 3)).isoformat()},
                             by_slug(table["game"]))
        if n % 50 == 49:
            doc["status"] = "playing"
        batch.append(doc)
        if len(batch) == 2000:
            store.insert_many(batch)
            batch = []
    if batch:
        store.insert_many(batch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 1000, 10000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--source", action="store_true", help="no bytecode cache (see bench/storage.py)")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-history-"))
    if not options.source:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    mode = "modules compiled in every process" if options.source else "bytecode cached, as installed"
    print(f"scorepad history bench: {options.runs} runs a figure; medians (min–max); × is a ratio to import typer; "
          f"{mode}\n")
    rows = []
    for size in options.sizes:
        db = work / f"db-{size}" / "scorepad.json"
        started = time.perf_counter()
        build(db, size)
        built = time.perf_counter() - started
        env = {**os.environ, "SCOREPAD_DB": str(db)}
        base = timed([sys.executable, "-c", "import typer"], options.runs, env)
        baseline = statistics.median(base)
        row = {"size": size, "built": f"{built:.0f} s", "typer": spread(base)}
        for name, args in {"stats": ["stats"], "stats --json": ["stats", "--json"],
                           "stats --game lost-cities --player ana": ["stats", "--game", "lost-cities", "--player",
                                                                      "ana"],
                           "list --all": ["list", "--all"]}.items():
            row[name] = spread(timed([scorepad, *args], options.runs, env), baseline)
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    print()
    print("| stored sessions | import typer | `stats` | `stats --json` | `stats --game … --player …` | `list --all` |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['size']:,} | {row['typer']} | {row['stats']} | {row['stats --json']} | "
              f"{row['stats --game lost-cities --player ana']} | {row['list --all']} |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
