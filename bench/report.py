"""What `scorepad stats --pdf FILE` costs as the history grows (issue 12 point 2: seconds, not minutes, at 10,000).

    python bench/report.py [--sizes 1000 10000] [--runs 5]

Stores are built as bench/storage.py builds them (its build(): finished sessions of the five games in turn,
through the store module). For each size: the whole command in fresh processes (English, Persian, Traditional
Chinese; the CJK font subset is in the cache after the warm-up, as on a player's second report), with
`python -c "import typer"` for scale, and in one process the three steps: reading the history
(scorepad.history.played), making the pages (scorepad.report.build) and drawing them (sheets.render_report).
Bytecode is cached in a folder of the bench (PYTHONPYCACHEPREFIX), as bench/storage.py does.

Measured 2026-12-01 on the shared 2-core machine (load average 3.5–5), 3 runs a figure, medians (min–max):

    sessions  import typer  stats --pdf en      --lang fa            --lang zh-Hant
    1,000     116 ms        541 ms (502–542)    621 ms (542–713)     660 ms (601–1010)
    10,000     99 ms        916 ms (799–1281)   1183 ms (1146–1373)  1035 ms (943–1089)

In one process at 10,000 (a second run, busier machine: import typer 282 ms): reading the summaries 439 ms,
the pages (history.stats and the series) 375 ms, drawing them 283 ms. Five pages whatever the size: drawing
costs the same at 1,000 and 10,000; what grows is reading the summaries and adding them up.
"""

from __future__ import annotations

import argparse
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

from bench import timed  # noqa: E402
from storage import build, spread  # noqa: E402


def steps(db: Path, out: Path, runs: int) -> dict[str, str]:
    """Median (min–max) ms of each step in this process (the second and later runs: modules imported)."""
    import io

    from scorepad import history, report, sheets
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    times: dict[str, list[float]] = {"played": [], "build": [], "render": []}
    for _n in range(runs + 1):
        store = Store(db, summarize=summarize)
        start = time.perf_counter()
        played = history.played(store, facts=False)  # as stats --pdf reads it
        read = time.perf_counter()
        data = report.build(played)
        made = time.perf_counter()
        sheets.render_report(data, io.BytesIO())
        drawn = time.perf_counter()
        if _n:  # the first run imports reportlab and registers the fonts
            for name, took in (("played", read - start), ("build", made - read), ("render", drawn - made)):
                times[name].append(took * 1000)
    return {name: spread(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-report-"))
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    os.environ["XDG_CACHE_HOME"] = str(work / "cache")  # the CJK subsets of this bench, not the user's
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    print(f"scorepad report bench: {options.runs} runs a figure; medians (min–max)\n")
    for size in options.sizes:
        db = work / f"db-{size}" / "scorepad.json"
        build(db, size)
        env = {**os.environ, "SCOREPAD_DB": str(db)}
        out = work / f"stats-{size}.pdf"
        typer_ms = statistics.median(timed([sys.executable, "-c", "import typer"], options.runs, env))
        print(f"{size} sessions (import typer: {typer_ms:.0f} ms)")
        for lang in ("en", "fa", "zh-Hant"):
            command = [scorepad, "--lang", lang, "stats", "--pdf", str(out), "--force"]
            print(f"  stats --pdf, {lang:8} {spread(timed(command, options.runs, env))}")
        for name, figure in steps(db, out, options.runs).items():
            print(f"  in one process: {name:7} {figure}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
