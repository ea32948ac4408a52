"""A long import and a player's answer at once (issue 29 point 4): how long does the answer wait for the lock?

    python bench/lock_turns.py [--tables 2000]

One stored session (the player's); `scorepad import` of a JSON Lines file of N Lost Cities tables runs in another
process while this one answers (Store.update of the player's session, as an answer is stored) every 0.1 s with a
lock timeout of 60 s. Printed: the import's wall time, and the answers' waits (median, the longest, how many).
Before: run with PYTHONPATH=<a checkout of the commit before>, from outside the worktree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    options = parser.parse_args()
    import scorepad
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-lock-"))
    db = work / "scorepad.json"
    table = {"game": "lost-cities", "players": ["Ana", "Ben"],
             "rounds": [{"Ana": {"yellow": ["W", 3, 5]}, "Ben": {"blue": [2, 3, 4]}}]}
    one = work / "one.json"
    one.write_text(json.dumps(table))
    scorepad_cmd = [sys.executable, "-m", "scorepad", "--db", str(db)]
    subprocess.run(scorepad_cmd + ["import", str(one)], check=True, capture_output=True)
    many = work / "many.jsonl"
    many.write_text("".join(json.dumps({**table, "date": f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}",
                                        "rounds": [{"Ana": {"yellow": ["W", 3, 5 + n % 5]},
                                                    "Ben": {"blue": [2, 3, 4]}}]}) + "\n"
                            for n in range(options.tables)))
    print(f"scorepad from {scorepad.__file__}; {options.tables:,} tables")
    store = Store(db, summarize=summarize, lock_timeout=60)
    started = time.perf_counter()
    importer = subprocess.Popen(scorepad_cmd + ["import", "--again", str(many)], stdout=subprocess.DEVNULL)
    waits = []
    while importer.poll() is None:
        start = time.perf_counter()
        store.update(1, lambda doc: doc.update(updated=time.strftime("%Y-%m-%dT%H:%M:%S+00:00")))
        waits.append(time.perf_counter() - start)
        time.sleep(0.1)
    took = time.perf_counter() - started
    print(f"import: {took:.1f} s (exit {importer.returncode}); answers: {len(waits)}, wait median "
          f"{statistics.median(waits) * 1000:.0f} ms, longest {max(waits) * 1000:.0f} ms")
    os.system(f"rm -rf {work}")


if __name__ == "__main__":
    main()
