"""`import` of a Chinatown table with many trades (issue 29 point 5): linear in the trades, as `score --table` is?

    python bench/trades.py [--sizes 1000 2000 5000] [--runs 3]

A three-player 1965 with N trades (Ava and Ben paying each other $1,000 by turns), imported into an empty
database each run; `score --table` of the same file beside it. Each figure: wall seconds, median (min–max) of
--runs fresh processes, and its ratio to `python -c "import typer"` timed in the same run. Before: run with
PYTHONPATH=<a checkout of the commit before> (the scorepad imported is the one printed first).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def table(trades: int) -> dict:
    return {"game": "chinatown", "players": ["Ava", "Ben", "Cai"],
            "rounds": [{"Ava": {"businesses": [{"type": "photo", "tiles": 3}]}, "Ben": {"businesses": []},
                        "Cai": {"businesses": [{"type": "restaurant", "tiles": 2}]}}],
            "trades": [{"round": 1, "from": ("Ava", "Ben")[n % 2], "to": ("Ben", "Ava")[n % 2], "amount": 1000}
                       for n in range(trades)]}


def seconds(command: list[str], env: dict[str, str], fresh: Path | None = None) -> float:
    if fresh is not None:
        shutil.rmtree(fresh, ignore_errors=True)
        fresh.mkdir()
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, env=env, check=True)
    return time.perf_counter() - start


def spread(times: list[float], base: float) -> str:
    return f"{statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f}), {statistics.median(times) / base:.0f}×"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-trades-"))
    env = dict(os.environ)
    python = [sys.executable, "-m", "scorepad"]
    where = subprocess.run([sys.executable, "-c", "import scorepad; print(scorepad.__file__)"], env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    print(f"scorepad from {where}; {options.runs} runs a figure: median (min–max), ratio to import typer\n")
    print("| trades | import typer | `import FILE` | `score --table FILE` |")
    print("|---:|---:|---:|---:|")
    for size in options.sizes:
        path = work / f"trades-{size}.json"
        path.write_text(json.dumps(table(size)))
        db = work / "db"
        base = [seconds([sys.executable, "-c", "import typer"], env) for _run in range(options.runs)]
        imports = [seconds(python + ["--db", str(db / "scorepad.json"), "import", str(path)], env, fresh=db)
                   for _run in range(options.runs)]
        scores = [seconds(python + ["score", "--table", str(path)], env) for _run in range(options.runs)]
        typer = statistics.median(base)
        print(f"| {size:,} | {statistics.median(base) * 1000:.0f} ms | {spread(imports, typer)} | "
              f"{spread(scores, typer)} |", flush=True)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
