"""How scorepad's costs grow with the number of stored games (issue 10), as ratios to `python -c "import typer"`.

    python bench/storage.py [--sizes 0 1000 10000 50000] [--runs 7] [--columns 80]

Stores are built through the store module (Store.insert_many of realistic finished sessions of all five
games, made by importing a whole table of each), not by running scorepad 50,000 times. For each size it
measures, in one run so the noise of a shared machine hits baseline and commands alike:
- one recorded answer (the store call, in-process): a plain answer and one that completes a round;
- `show`, `score ID`, `export ID`, `import FILE`, `undo`, `edit ID … VALUE`, `list`, `list --all`;
- Enter -> next prompt in a pseudo-terminal (pexpect) while playing a Lost Cities match;
- peak memory (maximum resident set, /usr/bin/time -v) of `list --all`, `show` and an answer in `play`;
and once: `import` of 10,000 tables in one JSON Lines file, `--help`, `score --table` and `sheet`.
Each figure is a median with its min–max over --runs fresh processes after one warm-up, the commands of one size
interleaved run by run with the baseline (a shared machine's load hits them alike). Two ratios for each: of the
wall clock, and of the CPU time (user + sys of the child, from wait4), which a busy machine disturbs less.
`edit` changes an answer each time (undo, run just before it, puts it back), so each of both writes.

Bytecode: the processes timed (the baseline too) keep their compiled modules in a folder of the bench
(PYTHONPYCACHEPREFIX), written by the warm-up, as an installed scorepad has its .pyc files. Where
PYTHONDONTWRITEBYTECODE is set (this machine's sessions set it) an editable install would otherwise compile
every scorepad module from source in every process: --source measures that way.
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
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench import TABLES  # noqa: E402  (the whole game of each of the five, as bench.py uses)

# What issue 10 measured on scorepad 0.1 (one file for every session), for the table's last columns.
BEFORE = {
    100: {"list": "2.1–2.6×", "show": "1.6×", "answer": "11–15 ms", "pty": "99 ms", "rss": "27 MiB"},
    1000: {"list": "6.4–7.5×", "show": "2.6×", "answer": "79–105 ms", "pty": "198 ms", "rss": "61 MiB"},
    10000: {"list": "65×", "show": "20×", "answer": "1.6–2.0 s", "pty": "2.3 s", "rss": "398 MiB"},
    50000: {"list": "334×", "show": "81×", "answer": "10 s", "pty": "—", "rss": "1.9 GiB"},
}


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU (user + sys) milliseconds of one process, which must succeed."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), command)
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def interleaved(commands: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict[str, tuple[list, list]]:
    """Each command once per run, in turn (after one warm-up each): name -> (wall times, CPU times)."""
    found: dict[str, tuple[list, list]] = {name: ([], []) for name in commands}
    failed: dict[str, str] = {}
    for name, command in commands.items():
        try:
            run_once(command, env)
        except subprocess.CalledProcessError as error:
            failed[name] = f"failed ({error.returncode})"
    for _n in range(runs):
        for name, command in commands.items():
            if name in failed:
                continue
            try:
                wall, cpu = run_once(command, env)
            except subprocess.CalledProcessError as error:
                failed[name] = f"failed ({error.returncode})"
                continue
            found[name][0].append(wall)
            found[name][1].append(cpu)
    return {name: failed.get(name, times) for name, times in found.items()}


def spread(times: list[float], baseline: float | None = None) -> str:
    if baseline:
        return (f"{statistics.median(times) / baseline:.2f}× ({min(times) / baseline:.2f}–"
                f"{max(times) / baseline:.2f})")
    return f"{statistics.median(times):.1f} ms ({min(times):.1f}–{max(times):.1f})"


def peak_mib(command: list[str], env: dict[str, str], stdin: str | None = None) -> float:
    done = subprocess.run(["/usr/bin/time", "-v", *command], capture_output=True, text=True, env=env, input=stdin)
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    return int(found.group(1)) / 1024 if found else float("nan")


def build(path: Path, count: int) -> None:
    """`count` finished sessions, the five games in turn, through the store module in batches."""
    from scorepad.games import by_slug
    from scorepad.table.travel import doc_from_table
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    docs = [doc_from_table(table, by_slug(table["game"])) for table in TABLES.values()]
    store = Store(path, summarize=summarize)
    batch = 2000
    for start in range(0, count, batch):
        store.insert_many([dict(docs[n % len(docs)]) for n in range(start, min(count, start + batch))])


def answer_cost(path: Path, runs: int) -> tuple[list[float], list[float], int, list[float]]:
    """A Lost Cities match being played: the store call of a plain answer and of a round's last answer (wall
    milliseconds), and the CPU milliseconds of every answer (the wall time is mostly fsync: the disk's, not ours)."""
    from scorepad.table import changes
    from scorepad.games import by_slug
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    store = Store(path, summarize=summarize)
    doc = changes.new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None, seed=1)
    doc["entries"] = [{"at": ["setup", "oldest"], "value": "Ana"}]
    session_id = store.insert(doc)
    plain, closing, cpu = [], [], []
    colours = ["yellow", "blue", "white", "green", "red"]
    for n in range(runs):
        for player in ("Ana", "Ben"):
            for colour in colours:
                at = ("rounds", n, player, colour)
                start, used = time.perf_counter(), time.process_time()
                card = [2 + n % 4] if player == "Ana" else [6 + n % 4]  # a possible deal: no card held twice
                store.update(session_id, lambda stored, at=at, card=card: changes.record(stored, at, card))
                took = (time.perf_counter() - start) * 1000
                cpu.append((time.process_time() - used) * 1000)
                (closing if (player, colour) == ("Ben", "red") else plain).append(took)
    return plain, closing, session_id, cpu


def answer_against_empty(path: Path, work: Path, runs: int, passes: int = 4) -> tuple[list[float], list[float],
                                                                                  list[float], list[float]]:
    """The plain answer's store call in this store and in an empty one, in alternating passes (so that both see
    the same machine): wall and CPU milliseconds of each, for the issue's "within 1.3× of the empty store"."""
    here, empty, here_cpu, empty_cpu = [], [], [], []
    for n in range(passes):
        for target, wall, cpu in ((path, here, here_cpu), (work / f"empty-{n}" / "scorepad.json", empty, empty_cpu)):
            plain, _closing, _id, used = answer_cost(target, runs)
            wall.extend(plain)
            cpu.extend(used)
    return here, empty, here_cpu, empty_cpu


# Ana's five expeditions, then Ben's: (answer, the question it is typed at), none of them conflicting.
PTY_ANSWERS = [("", "Ana · Yellow"), ("w 3 5", "Ana · Blue"), ("", "Ana · White"), ("2 4 6", "Ana · Green"),
               ("", "Ana · Red"), ("", "Ben · Yellow"), ("6 7", "Ben · Blue"), ("", "Ben · White"),
               ("", "Ben · Green"), ("9", "Ben · Red")]


def enter_to_prompt(scorepad: str, env: dict[str, str]) -> list[float]:
    """Start a Lost Cities match in a pty and time each Enter until the next question is drawn (its exact
    text, so the echo of the question just answered never counts)."""
    import pexpect

    child = pexpect.spawn(scorepad, ["play", "lost-cities", "--players", "Ana", "Ben"], encoding="utf-8",
                          env={**env, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"},
                          dimensions=(50, 120), timeout=60)
    child.delaybeforesend = None  # pexpect waits 50 ms before each send by default
    child.expect_exact("oldest")
    child.send("\r")
    child.expect_exact("Game 1 · Ana · Yellow:")
    times = []
    for (answer, _), (_, following) in zip(PTY_ANSWERS, PTY_ANSWERS[1:]):
        child.send(answer)
        time.sleep(0.05)
        start = time.perf_counter()
        child.send("\r")
        child.expect_exact(f"Game 1 · {following}:")
        times.append((time.perf_counter() - start) * 1000)
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 1000, 10000, 50000])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-bulk", action="store_true", help="skip the import of 10,000 tables")
    parser.add_argument("--columns", type=int,
                        help="fit the text to a terminal this wide ($COLUMNS), as a terminal does")
    parser.add_argument("--source", action="store_true",
                        help="no bytecode cache: with PYTHONDONTWRITEBYTECODE, compile every module in every process")
    options = parser.parse_args()
    runs = options.runs
    work = Path(tempfile.mkdtemp(prefix="scorepad-bench-storage-"))
    if options.columns:
        os.environ["COLUMNS"] = str(options.columns)
    if not options.source:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    scorepad = shutil.which("scorepad", path=str(Path(sys.executable).parent)) or "scorepad"
    py = sys.executable
    lc = work / "lc.json"
    lc.write_text(json.dumps(TABLES["lost-cities"]))
    mode = "modules compiled in every process" if options.source else "bytecode cached, as installed"
    print(f"scorepad storage bench: {runs} runs a figure; medians (min–max); × is a ratio to import typer; {mode}\n")
    results = []
    for size in options.sizes:
        db = work / f"db-{size}" / "scorepad.json"
        started = time.perf_counter()
        build(db, size)
        built = time.perf_counter() - started
        # Building leaves the store's megabytes dirty in the page cache: an answer's fsync would wait for their
        # writeback (8 ms instead of 3 at 50,000), which is the build's cost, not the answer's.
        os.sync()
        env = {**os.environ, "SCOREPAD_DB": str(db)}
        plain, closing, playing, answer_cpu = answer_cost(db, runs)
        here, empty, here_cpu, empty_cpu = answer_against_empty(db, work, runs)
        finished = max(1, size // 2)  # one of the stored finished games
        commands = {
            "typer": [py, "-c", "import typer"],
            "list": [scorepad, "list"], "list --all": [scorepad, "list", "--all"], "show": [scorepad, "show", str(finished)],
            "score ID": [scorepad, "score", str(finished)], "export ID": [scorepad, "export", str(finished)],
            "import FILE": [scorepad, "import", str(lc), "--again"], "undo": [scorepad, "undo", str(playing)],
            "edit": [scorepad, "edit", str(playing), "--round", "1", "--player", "Ana", "--field", "yellow", "3"],
        }
        measured = interleaved(commands, runs, env)
        base_wall, base_cpu = measured.pop("typer")
        row = {"size": size, "file": sum(f.stat().st_size for f in db.parent.rglob("*") if f.is_file()),
               "built": built, "typer": f"{spread(base_wall)} wall, {spread(base_cpu)} CPU",
               "answer": spread(plain), "closing": spread(closing), "answer CPU": spread(answer_cpu), "cpu": {},
               "against empty": f"{statistics.median(here) / statistics.median(empty):.2f}× wall "
                                f"({statistics.median(here):.1f} / {statistics.median(empty):.1f} ms), "
                                f"{statistics.median(here_cpu) / statistics.median(empty_cpu):.2f}× CPU "
                                f"({statistics.median(here_cpu):.1f} / {statistics.median(empty_cpu):.1f} ms)"}
        for name, times in measured.items():
            if isinstance(times, str):
                row[name] = row["cpu"][name] = times
            else:
                row[name] = spread(times[0], statistics.median(base_wall))
                row["cpu"][name] = spread(times[1], statistics.median(base_cpu))
        try:
            row["pty"] = spread(enter_to_prompt(scorepad, env))
        except Exception as error:  # noqa: BLE001 - a bench reports, it does not stop
            row["pty"] = f"failed ({type(error).__name__})"
        row["rss list --all"] = peak_mib([scorepad, "list", "--all"], env)
        row["rss show"] = peak_mib([scorepad, "show", str(finished)], env)
        row["rss undo"] = peak_mib([scorepad, "undo", str(playing)], env)
        results.append(row)
        print(json.dumps(row, ensure_ascii=False), flush=True)

    env = {**os.environ, "SCOREPAD_DB": str(work / "bulk" / "scorepad.json")}
    once = {}
    measured = interleaved({"typer": [py, "-c", "import typer"], "--help": [scorepad, "--help"],
                            "score --table": [scorepad, "score", "--table", str(lc)],
                            "sheet --table": [scorepad, "sheet", "--table", str(lc), "-o", str(work / "x.pdf")]},
                           runs, env)
    base_wall, base_cpu = measured.pop("typer")
    for name, times in measured.items():
        if isinstance(times, str):  # the command failed: say so in its cell
            once[name] = times
            continue
        wall, cpu = times
        once[name] = (f"{spread(wall, statistics.median(base_wall))} wall, "
                      f"{spread(cpu, statistics.median(base_cpu))} CPU")
    if not options.no_bulk:
        bulk = work / "bulk.jsonl"
        tables = list(TABLES.values())
        with bulk.open("w") as f:
            for n in range(10_000):
                f.write(json.dumps({**tables[n % len(tables)], "date": f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}"})
                        + "\n")
        start = time.perf_counter()
        done = subprocess.run(["/usr/bin/time", "-v", scorepad, "import", str(bulk), "--again"],
                              capture_output=True, text=True, env=env)
        took = time.perf_counter() - start
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
        once["import 10,000 tables (JSON Lines)"] = (f"{took:.1f} s, exit {done.returncode}, peak "
                                                     f"{int(peak.group(1)) / 1024 if peak else float('nan'):.0f} MiB")
    print()
    print("Wall clock, × import typer:\n")
    print("| stored sessions | files | one answer (store call) | round-closing answer | `list` | `list --all` | "
          "`show` | `score ID` | `export ID` | `import FILE` | `undo` | `edit` | Enter → next prompt (pty) | "
          "peak memory (list --all / show / undo) | before: list, show, answer, pty, memory |")
    print("|" + "---|" * 15)
    for row in results:
        before = BEFORE.get(row["size"]) or BEFORE.get(100 if row["size"] < 1000 else row["size"], {})
        print(f"| {row['size']:,} | {row['file'] / 1e6:.1f} MB | {row['answer']} | {row['closing']} | {row['list']} | "
              f"{row['list --all']} | {row['show']} | {row['score ID']} | {row['export ID']} | {row['import FILE']} | "
              f"{row['undo']} | {row['edit']} | {row['pty']} | {row['rss list --all']:.0f} / {row['rss show']:.0f} / "
              f"{row['rss undo']:.0f} MiB | {', '.join(before.values()) if before else '—'} |")
    print("\nCPU time (user + sys), × import typer:\n")
    names = ["list", "list --all", "show", "score ID", "export ID", "import FILE", "undo", "edit"]
    print("| stored sessions | import typer | one answer (CPU of the store call) | "
          + " | ".join(f"`{name}`" for name in names) + " |")
    print("|" + "---|" * (len(names) + 3))
    for row in results:
        print(f"| {row['size']:,} | {row['typer']} | {row['answer CPU']} | "
              + " | ".join(row["cpu"][name] for name in names) + " |")
    print("\nA plain answer against the empty store's, in four alternating passes each:\n")
    for row in results:
        print(f"- {row['size']:,} sessions: {row['against empty']}")
    print()
    for name, figure in once.items():
        print(f"- {name}: {figure}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
