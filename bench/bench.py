"""Startup and command latency, as ratios against a bare `import typer`, all measured in one run.

    python bench/bench.py [--runs 15] [--terminal] [--columns 80]

Each figure is the median wall time of N fresh processes after one warm-up, with the fastest and slowest; each
run of a command is followed by one of `import typer`, and its ratio is to those (the machine is shared and noisy).
Targets (issue 20, docs/performance.md): every command within 2x of `python -c "import typer"`, a sheet within 4x;
the sheet render (reportlab) is paid only by `scorepad sheet`. --terminal measures the commands alone; --columns N
lays their text out for a terminal N columns wide ($COLUMNS), as a terminal does (a pipe lays nothing out).
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

HERE = Path(__file__).resolve().parent.parent
W = "W"
LC = {"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": [
    {"Ana": {"yellow": [W, 3, 4, 6, 8, 9], "blue": [2, 5, 7, 10], "green": [W, W], "red": [4, 6, 7, 8, 9, 10]},
     "Ben": {"white": [W, W, 2, 3, 4, 5, 6, 7], "blue": [W, 3, 4, 6, 8, 9], "green": [5, 8], "red": [2, 3, 5]}}] * 3}
LINE = {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}
STREET = {"money": 20, "loans": 1, "hand": 2, "poverty": 9, "card_vp": 24, "boroughs": 3, "best_card": 5, "vp": 8}
SHOPS = [{"type": "photo", "tiles": 3}, {"type": "restaurant", "tiles": 2}]
# A whole game of each: 3 Lost Cities games, 4 lines of 4 players, 4 London cities, 6 Chinatown years of 5.
TABLES = {
    "lost-cities": LC,
    "next-station-london": {"game": "next-station-london", "players": list("ABCD"), "modules": ["objectives"],
                            "rounds": [{p: LINE for p in "ABCD"}] * 4,
                            "final": {p: {"interchanges": {"2": 3, "3": 1, "4": 0}, "objectives": 1} for p in "ABCD"}},
    "london-1e": {"game": "london-1e", "players": list("ABCD"),
                  "final": {p: {**STREET, "borough_vp": 12, "underground": 1} for p in "ABCD"}},
    "london-2e": {"game": "london-2e", "players": list("ABCD"), "final": {p: STREET for p in "ABCD"}},
    "chinatown": {"game": "chinatown", "players": list("ABCDE"),
                  "rounds": [{p: {"businesses": SHOPS if p == "A" else []} for p in "ABCDE"}] * 6,
                  "trades": [{"round": n, "from": "A", "to": "B", "amount": 5000} for n in range(1, 7)]},
}


def timed(command: list[str], runs: int, env: dict[str, str]) -> list[float]:
    """Wall times (ms) of `runs` fresh processes, after one warm-up (page cache, .pyc files)."""
    subprocess.run(command, capture_output=True, env=env, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measured(command: list[str], runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """Wall times (ms) of `command` and of `python -c "import typer"`, run by turns after a warm-up: the ratio of
    their medians compares what the shared machine did in the same seconds."""
    baseline = [sys.executable, "-c", "import typer"]
    subprocess.run(command, capture_output=True, env=env, check=True)
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for run, taken in zip((command, baseline), times):
            start = time.perf_counter()
            subprocess.run(run, capture_output=True, env=env, check=True)
            taken.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--terminal", action="store_true", help="the commands alone, without the sheets")
    parser.add_argument("--columns", type=int, help="fit the text to a terminal this wide ($COLUMNS)")
    options = parser.parse_args()
    runs = options.runs
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    env = {**os.environ, "SCOREPAD_DB": str(work / "db.json")}
    if options.columns:
        env["COLUMNS"] = str(options.columns)
    # Bytecode cached as an installed scorepad has it (bench/storage.py): this machine's sessions set
    # PYTHONDONTWRITEBYTECODE, and an editable install would compile every module in every process.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    files = {}
    for slug, table in TABLES.items():
        files[slug] = work / f"{slug}.json"
        files[slug].write_text(json.dumps(table))
    table = files["lost-cities"]
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    py = sys.executable

    rows = [
        ("python -c 'import typer'", measured([py, "-c", "import typer"], runs, env)),
        ("scorepad --help", measured([scorepad, "--help"], runs, env)),
        ("scorepad games", measured([scorepad, "games"], runs, env)),
        ("scorepad score --table FILE", measured([scorepad, "score", "--table", str(table)], runs, env)),
    ]
    rows += [(f"scorepad score --table {slug} --json", measured([scorepad, "score", "--table", str(path), "--json"],
                                                               runs, env)) for slug, path in files.items()]
    for path in files.values():
        subprocess.run([scorepad, "import", str(path)], capture_output=True, env=env, check=True)
    rows += [
        (f"scorepad list ({len(files)} sessions)", measured([scorepad, "list"], runs, env)),
        ("scorepad show 1", measured([scorepad, "show", "1"], runs, env)),
        ("scorepad score 1", measured([scorepad, "score", "1"], runs, env)),
        # Another language: its catalogue is read on every command.
        ("scorepad --lang fa --help", measured([scorepad, "--lang", "fa", "--help"], runs, env)),
        ("scorepad --lang fa show 1", measured([scorepad, "--lang", "fa", "show", "1"], runs, env)),
    ]
    if options.terminal:
        report(rows)
        shutil.rmtree(work)
        return
    rows.append(("scorepad sheet --table FILE -o x.pdf", measured(
        [scorepad, "sheet", "--table", str(table), "-o", str(work / "x.pdf")], runs, env)))
    # The sheets in Chinese and Persian, names in their script (issue 11: within 3x after the first run). The
    # Chinese font is subset and converted on the first run (then cached in XDG_CACHE_HOME, here the bench's).
    env["XDG_CACHE_HOME"] = str(work / "cache")
    for code, names in (("zh-Hant", ["愛麗絲", "王小明"]), ("fa", ["علی", "سارا"])):
        path = work / f"lost-cities-{code}.json"
        path.write_text(json.dumps({**LC, "players": names, "rounds": [
            {new: game[old] for old, new in zip(LC["players"], names)} for game in LC["rounds"]]}))
        command = [scorepad, "--lang", code, "sheet", "--table", str(path), "-o", str(work / "x.pdf"), "--force"]
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env=env, check=True)
        first = [(time.perf_counter() - start) * 1000]
        rows.append((f"scorepad --lang {code} sheet --table FILE, first run", (first, rows[0][1][1])))
        rows.append((f"scorepad --lang {code} sheet --table FILE", measured(command, runs, env)))
    render = subprocess.run([py, "-c", RENDER, str(table)], capture_output=True, text=True, env=env, check=True)
    report(rows)
    print(render.stdout.rstrip())
    shutil.rmtree(work)


def report(rows: list[tuple[str, tuple[list[float], list[float]]]]) -> None:
    """Each command's median and range in ms, and its median as a ratio to that of `import typer` run by turns
    with it (a first run alone: to the baseline's first row)."""
    print(f"{'command':52} {'median ms':>10} {'min-max ms':>13} {'x import typer':>15}")
    for name, (times, baseline) in rows:
        ms = statistics.median(times)
        ratio = ms / statistics.median(baseline)
        print(f"{name:52} {ms:10.1f} {f'{min(times):.0f}-{max(times):.0f}':>13} {ratio:15.2f}")


# In one process: what importing the renderer costs, then a first and a later render of a filled sheet.
RENDER = """
import io, json, sys, time
from scorepad.table.travel import score_table
from scorepad.games import by_slug
table = json.load(open(sys.argv[1]))
game = by_slug('lost-cities')
data = game.sheet(score_table(table, game), players=table['players'], date='2026-11-29')
t0 = time.perf_counter()
from scorepad import sheets
template = sheets.load_template(game.template)
t1 = time.perf_counter()
sheets.render(template, data, io.BytesIO())
t2 = time.perf_counter()
sheets.render(template, data, io.BytesIO())
t3 = time.perf_counter()
print(f"sheet render in-process: import+template {1000*(t1-t0):.1f} ms, first render {1000*(t2-t1):.1f} ms, "
      f"second render {1000*(t3-t2):.1f} ms")
"""

if __name__ == "__main__":
    main()
