"""What a player waits for a PDF sheet and for BG Stats' QR code, as ratios to `python -c "import typer"`.

    python bench/sheets.py [--runs 9]

Each figure is the median (min–max) ms of --runs fresh processes after one warm-up, each run followed by one of
`import typer`, and its ratio is to those (bench/bench.py's `measured`: the machine is shared and noisy).
Targets (issue 20): a sheet ≤ 4× import typer (a Chinese sheet after its first run, which subsets the font and
caches it in XDG_CACHE_HOME, here the bench's own); the end-of-game QR code ≤ 150 ms. The tables
are bench/bench.py's: the longest BG Stats link is the 5-player Chinatown game's (about 1,000 bytes), so its
code is the largest a player meets; its sheet carries the code too. The last lines time what the end of a game
waits for once the player asks for the code, in a fresh process that has loaded the terminal: scorepad.exports
and scorepad.qr imported, the modules of the Chinatown link made and drawn as lines (then made again). The
rows "import …" time, in `python -c`, the libraries a sheet loads and those it loads only where they are needed
(IMPORTS). With --instructions, valgrind counts each command's instructions once instead (a machine's load does
not change them much: a comparison that holds where wall times are noisy).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench import LC, TABLES, measured, report  # noqa: E402

NAMES = {"zh-Hant": ["愛麗絲", "王小明"], "fa": ["علی", "سارا"]}
# What the libraries of a sheet cost to import: what every sheet loads (reportlab's canvas and fonts), and that
# with each library scorepad.sheets could load on every sheet but loads only where it is needed, or with the one
# it loads on every sheet (arabic_reshaper, which imports fontTools.ttLib where fontTools is installed).
CANVAS = "import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts"
IMPORTS = (("reportlab's canvas and fonts", CANVAS),
           ("... + arabic_reshaper, bidi", f"{CANVAS}, arabic_reshaper, bidi"),
           ("... + fontTools.subset", f"{CANVAS}; from fontTools import subset"),
           ("... + reportlab.graphics' charts",
            f"{CANVAS}, reportlab.graphics.charts.lineplots, reportlab.graphics.charts.barcharts"),
           ("segno", "import segno"))


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.1f} ({min(values):.0f}–{max(values):.0f})"


# What the end of a game waits for once the player says yes, in a fresh process that has loaded the terminal (as
# the play loop has): scorepad.exports and scorepad.qr imported (segno with it), the link's modules made and the
# picture's lines; then the modules of the same link again, segno loaded.
CODE = """
import sys, time
import scorepad.cli
start = time.perf_counter()
from scorepad import exports, qr
matrix = qr.modules(sys.argv[1])
qr.lines(matrix)
drawn = time.perf_counter()
qr.modules(sys.argv[1])
print(len(matrix), 1000 * (drawn - start), 1000 * (time.perf_counter() - drawn))
"""


def instructions(command: list[str], env: dict[str, str]) -> int:
    """The instructions `command` runs (after a run that writes its bytecode), counted by valgrind's callgrind:
    about the same on a busy machine as on an idle one, where wall times are not."""
    subprocess.run(command, env=env, check=True, capture_output=True)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command], env=env,
                          check=True, capture_output=True, text=True)
    return int(re.search(r"Collected : (\d+)", done.stderr)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--instructions", action="store_true",
                        help="count each command's instructions with valgrind instead of timing it")
    options = parser.parse_args()
    runs = options.runs
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-sheets-"))
    env = {**os.environ, "SCOREPAD_DB": str(work / "db.json"), "XDG_CACHE_HOME": str(work / "cache")}
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    files = {}
    for slug, table in TABLES.items():
        files[slug] = work / f"{slug}.json"
        files[slug].write_text(json.dumps(table))
    for code, names in NAMES.items():
        files[code] = work / f"lost-cities-{code}.json"
        files[code].write_text(json.dumps({**LC, "players": names, "rounds": [
            {new: game[old] for old, new in zip(LC["players"], names)} for game in LC["rounds"]]}))
    imported = subprocess.run([scorepad, "import", *(str(files[slug]) for slug in TABLES)], env=env, check=True,
                              capture_output=True, text=True).stdout.split()
    ids = dict(zip(TABLES, imported))
    pdf = str(work / "x.pdf")

    def sheet(table: Path, lang: str = "en") -> list[str]:
        return [scorepad, "--lang", lang, "sheet", "--table", str(table), "-o", pdf, "--force"]

    start = time.perf_counter()
    subprocess.run(sheet(files["zh-Hant"], "zh-Hant"), env=env, check=True, capture_output=True)
    first = [(time.perf_counter() - start) * 1000]
    commands = [
        ("python -c 'import typer'", [sys.executable, "-c", "import typer"]),
        ("sheet --table lost-cities", sheet(files["lost-cities"])),
        ("--lang zh-Hant sheet --table lost-cities", sheet(files["zh-Hant"], "zh-Hant")),
        ("--lang fa sheet --table lost-cities", sheet(files["fa"], "fa")),
        ("sheet --table chinatown (5 players, the code)", sheet(files["chinatown"])),
        ("--lang fa sheet --table chinatown", sheet(files["chinatown"], "fa")),
        ("export LC --format bgstats-url --qr", [scorepad, "export", ids["lost-cities"], "--format", "bgstats-url",
                                                "--qr"]),
        ("export CHINATOWN --format bgstats-url --qr", [scorepad, "export", ids["chinatown"], "--format",
                                                       "bgstats-url", "--qr"]),
    ]
    link = [scorepad, "export", ids["chinatown"], "--format", "bgstats-url"]
    commands += [(f"import {name}", [sys.executable, "-c", code]) for name, code in IMPORTS]
    if options.instructions:
        commands.append(("export CHINATOWN --format bgstats-url (no code)", link))
        counted = [(name, instructions(command, env)) for name, command in commands]
        print(f"{'command':52} {'M instructions':>15} {'x import typer':>15}")
        for name, count in counted:
            print(f"{name:52} {count / 1e6:15.0f} {count / counted[0][1]:15.2f}")
        shutil.rmtree(work)
        return
    rows = [(name, measured(command, runs, env)) for name, command in commands]
    rows.insert(3, ("--lang zh-Hant sheet --table lost-cities, first run", (first, rows[0][1][1])))
    print(f"scorepad sheets bench: {runs} runs a figure\n")
    report(rows)
    url = subprocess.run(link, env=env, check=True, capture_output=True, text=True).stdout.strip()
    code = [sys.executable, "-c", CODE, url]
    # (run in the bench's folder: from the checkout, `python -c` would import the scorepad in it, not the one
    # installed for this interpreter)
    subprocess.run(code, env=env, check=True, capture_output=True, cwd=work)  # warm-up
    done = [subprocess.run(code, env=env, check=True, capture_output=True, text=True, cwd=work).stdout.split()
            for _n in range(runs)]
    print(f"\nthe Chinatown link ({len(url)} bytes, a code of {done[0][0]}×{done[0][0]} modules), in a fresh process:")
    print(f"  import of exports and qr, its modules and lines {spread([float(d[1]) for d in done]).strip()} ms;"
          f" its modules again {spread([float(d[2]) for d in done]).strip()} ms")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
