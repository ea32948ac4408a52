"""Issue 11, point 5: the commands a table waits for, in every language, as ratios to `python -c "import typer"`
measured in the same run (medians of fresh processes, min–max in brackets; the machine is shared and noisy).

    python -m bench.languages [--runs 9]

Targets (issue 20, docs/performance.md): every command ≤ 2× in every language (only the chosen catalogue is
read); `sheet` ≤ 4× after its first run, Chinese included (its font subset is cached by character set).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench.bench import TABLES, timed

LANGUAGES = ("en", "fa", "ar", "zh-Hant", "ru")
# Names in each language's script, so that a sheet needs that script's font.
NAMES = {"en": ["Ana", "Ben"], "fa": ["مریم", "رضا"], "ar": ["ليلى", "عمر"], "zh-Hant": ["王小明", "李美玲"],
         "ru": ["Анна", "Борис"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-languages-"))
    env = {**os.environ, "SCOREPAD_DB": str(work / "db.json"), "XDG_CACHE_HOME": str(work / "cache")}
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    baseline = timed([sys.executable, "-c", "import typer"], runs, env)
    base = statistics.median(baseline)
    print(f"python -c 'import typer': {base:.0f} ms [{min(baseline):.0f}–{max(baseline):.0f}], {runs} runs\n")
    print("| language | --help | score --table | sheet --table (after its first run) |")
    print("|---|---|---|---|")
    for code in LANGUAGES:
        table = dict(TABLES["lost-cities"])
        old = table["players"]
        table["players"] = NAMES[code]
        table["rounds"] = [{new: r[o] for o, new in zip(old, NAMES[code])} for r in table["rounds"]]
        path = work / f"lost-cities-{code}.json"
        path.write_text(json.dumps(table, ensure_ascii=False))
        cells = []
        for args in (["--help"], ["score", "--table", str(path)],
                     ["sheet", "--table", str(path), "-o", str(work / f"{code}.pdf"), "--force"]):
            times = timed([scorepad, "--lang", code, *args], runs, env)  # timed() warms up once first
            cells.append(f"{statistics.median(times) / base:.2f}× [{min(times) / base:.2f}–{max(times) / base:.2f}]")
        print(f"| {code} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
