"""What `scorepad stats` costs as the history grows (issue 12 point 5: `stats` and `stats --json` at 10,000 stored
sessions ≤ 3× `python -c "import typer"`), as ratios to that baseline.

    python bench/history.py [--sizes 0 1000 10000] [--runs 7] [--source]

The store is built as bench/storage.py builds one (through the store module, Store.insert_many of finished
sessions of all five games, each a whole game), with what a history has and that bench has not: a date for every
session (one a day or so over the years) and names that change from game to game among eight people, written
in more than one way (`ana`, `Ana`), so the matching, head to head and every game's figures have work to do. One
in 50 sessions is left unfinished (it must not count). Bytecode cached as bench/storage.py explains (--source:
compiled in every process). Each figure: the median and its min–max over --runs fresh processes after a warm-up,
interleaved with the baseline (a shared machine's noise hits both), as wall-clock and as CPU-time ratios:
- `stats`, `stats --json`, `stats --game … --player …`: what the store keeps of each index file is current;
- `after a game`: the first `stats` after one more game was stored (its index file is added up again);
- `nothing kept`: every index file added up (the first `stats` ever, or after a summary VERSION bump);
- `stats --since`: the path that reads every summary (the kept sums cannot cut by date); `list --all` for scale.

Measured 2026-12-01 (`--runs 5`, a shared 2-core machine under load: the baseline took 233 ms wall, 103 ms CPU),
ratios to `import typer` at 10,000 stored sessions, wall / CPU, medians (min–max):
stats 2.32× (2.01–2.42) / 2.22× (1.91–3.14); stats --json 1.78× (1.39–2.39) / 1.87× (1.60–2.75);
stats --game lost-cities --player ana 1.39× / 1.65×; the first stats after a game 1.63× (1.43–1.94) / 2.00×
(1.86–2.31); nothing kept yet 5.86× / 6.49×; stats --since 6.90× / 7.23×; list --all 5.04× / 5.18×.
At 1,000: stats 2.44× / 2.22×, --json 2.10× / 1.92×; at 0: 1.57× / 1.61× (scorepad's own start).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench import TABLES  # noqa: E402  (the whole game of each of the five, as bench.py uses)

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
    from scorepad.table.travel import doc_from_table
    from scorepad.store import Store
    from scorepad.table.summary import summarize

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


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One fresh process: its wall time and its CPU time (user + sys), in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, env=env, check=False)  # 0 sessions: `--player ana` is refused
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def ratio(times: list[float], base: list[float]) -> str:
    baseline = statistics.median(base)
    return (f"{statistics.median(times) / baseline:.2f}× ({min(times) / baseline:.2f}–{max(times) / baseline:.2f})")


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
    print(f"scorepad history bench: {options.runs} runs a figure, interleaved; medians (min–max) of ratios to "
          f"`python -c 'import typer'`, wall clock and CPU (user+sys); {mode}\n")
    one = work / "one.json"
    one.write_text(json.dumps({**TABLES["lost-cities"], "date": "2031-01-01"}))
    rows = []
    for size in options.sizes:
        db = work / f"db-{size}" / "scorepad.json"
        kept = db.with_name(db.name + ".d") / "stats"
        started = time.perf_counter()
        build(db, size)
        built = time.perf_counter() - started
        env = {**os.environ, "SCOREPAD_DB": str(db)}
        commands = {
            "typer": [sys.executable, "-c", "import typer"],
            "stats": [scorepad, "stats"], "stats --json": [scorepad, "stats", "--json"],
            "stats --game --player": [scorepad, "stats", "--game", "lost-cities", "--player", "ana"],
            "stats --since (summaries)": [scorepad, "stats", "--since", "2020-01-01"],
            "list --all": [scorepad, "list", "--all"],
        }
        for command in commands.values():  # warm-up: page cache, .pyc files, what the store keeps
            subprocess.run(command, capture_output=True, env=env, check=False)
        wall: dict[str, list[float]] = {name: [] for name in [*commands, "after a game", "nothing kept"]}
        cpu: dict[str, list[float]] = {name: [] for name in wall}
        for _n in range(options.runs):
            for name, command in commands.items():
                w, c = run(command, env)
                wall[name].append(w)
                cpu[name].append(c)
            subprocess.run([scorepad, "import", "--again", str(one)], capture_output=True, env=env, check=True)
            w, c = run([scorepad, "stats"], env)  # the first stats after a game: one index file added up again
            wall["after a game"].append(w)
            cpu["after a game"].append(c)
            shutil.rmtree(kept, ignore_errors=True)
            w, c = run([scorepad, "stats"], env)  # nothing kept yet (or a VERSION bump): every index file
            wall["nothing kept"].append(w)
            cpu["nothing kept"].append(c)
        row = {"size": size, "built": f"{built:.0f} s",
               "typer": f"{statistics.median(wall['typer']):.0f} ms wall, {statistics.median(cpu['typer']):.0f} ms CPU"}
        for name in wall:
            if name != "typer":
                row[name] = f"{ratio(wall[name], wall['typer'])} wall, {ratio(cpu[name], cpu['typer'])} CPU"
        rows.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)
    names = [name for name in rows[0] if name not in ("size", "built", "typer")]
    print()
    print("| stored sessions | import typer | " + " | ".join(f"`{name}`" for name in names) + " |")
    print("|---|---|" + "---|" * len(names))
    for row in rows:
        print(f"| {row['size']:,} | {row['typer']} | " + " | ".join(row[name] for name in names) + " |")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
