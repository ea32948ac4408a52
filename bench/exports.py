"""`export --all --format csv` (and bgstats) at 10,000 stored sessions (issue 12 point 5: csv ≤ 10 s).

    python bench/exports.py [--sizes 1000 10000] [--runs 3]

Stores are built as bench/storage.py builds them (Store.insert_many of finished sessions of all five games).
Each figure is the median (min–max) of --runs fresh processes after one warm-up, bytecode cached as an installed
scorepad has it (PYTHONPYCACHEPREFIX, see bench/storage.py), beside `python -c "import typer"` in the same run.

csv reads the store's index alone (every finished session's players, totals and date are in its summary): a
session is opened and scored only where two totals are level and the game's tie-break may part them (until the
stats work adds `ranks` to the summary, which is then read as it is). bgstats opens and scores every session
(it needs who started and how long the game took), so it is measured too, with no target.

Measured on 2026-12-01 (the shared 2-core machine, load about 4; 3 runs after a warm-up):

    python -c 'import typer': 0.09 s (0.09–0.09)
     10000 sessions  export --all --format csv      0.74 s (0.64–0.75)      target ≤ 10 s
     10000 sessions  export --all --format bgstats  7.25 s (6.82–7.59)      most of it Store.all() reading every file

Import cost of the QR encoder, `python -c "import …"` less `python -c pass` (bytecode cached, medians of 8, same
load): segno +67 ms; reportlab.graphics.barcode.qr +406 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from storage import build  # noqa: E402  (the same stores as the storage benchmark)


def timed_runs(command: list[str], env: dict[str, str], runs: int) -> list[float]:
    subprocess.run(command, env=env, check=True, capture_output=True)  # warm-up: bytecode written, files cached
    times = []
    for _n in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def shown(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} s ({min(times):.2f}–{max(times):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    scorepad = str(Path(sys.executable).with_name("scorepad"))
    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        baseline = timed_runs([sys.executable, "-c", "import typer"], env, args.runs)
        print(f"python -c 'import typer': {shown(baseline)}")
        for size in args.sizes:
            db = Path(folder) / f"db{size}.json"
            build(db, size)
            for format in ("csv", "bgstats"):
                times = timed_runs([scorepad, "--db", str(db), "export", "--all", "--format", format], env, args.runs)
                print(f"{size:>6} sessions  export --all --format {format:<8} {shown(times)}")


if __name__ == "__main__":
    main()
