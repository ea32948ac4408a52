"""The reliability campaign of issue 13, run against this checkout: an unkind user and an unlucky machine.

    python -m bench.campaign [--short] [--seed N] [--only NAME …]     (or: python bench/campaign.py …)

Each trial family counts what it saw and prints one row of the issue's table with its own figures:
- kill-import, kill-play, kill-edit, kill-migrate: SIGKILL at a random instant of `import` (JSON Lines), guided
  play (a child running the real CLI with a scripted prompter), `edit`, and the migration of a 0.1 database;
  every confirmed answer and id must be there, no database damaged; temp files left, and left after the next run;
- disk-full (root only: a 1 MB tmpfs, and tmpfs with few inodes): one `Error:` line, exit 1, the sessions
  unchanged, nothing partial, the failed question asked again on resume;
- writers: 8 writers × 100 answers through three spellings of the path, an importer, readers looping;
- two-terminals: two processes answering the same question of one session (is A's answer silently replaced?);
- ctrl-c: SIGINT to a real `scorepad play` in a pseudo-terminal at random instants (pexpect);
- hostile-db: damaged, strange and unreadable databases under every command;
- tables: generated table files of all five games, valid and mutated: `score --table` and `import` agree,
  parts add up to totals, no traceback (in-process, and a few hundred through the CLI);
- fuzz-prompts: random typed answers to every game's prompts through a scripted prompter;
- and issue 23's families, in bench/misuse.py: hostile-json, links, unreadable, odd-terminals, early-ctrl-c,
  huge-inputs, names.

Only local processes; every loop is bounded; everything happens in temporary folders that are removed.
`--short` runs a few trials of each (tests/test_campaign.py runs it whole); the default is the full campaign.
Exit status 1 when an invariant broke (a lost answer, a damaged database, a traceback, …), else 0.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import hashlib
import importlib.util
import json
import operator
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench.signals import from_a_shell  # noqa: E402 - the children a trial signals start as from a terminal
from bench import campaign_web, misuse  # noqa: E402 - issues 21 and 23's trials (they use the helpers below)

V1_DATABASE = REPO / "tests" / "data" / "v1-database.json"
W = "W"
# LC-11 of shared/rules/lost-cities-and-next-station-london.md as typed at the prompts (tests/conftest.py
# LC11_TYPED): the oldest player, then colour by colour (yellow, blue, white, green, red), Ana then Ben.
LC_TYPED = ["Ben"] + [answer for game in [
    ["w3 4 6 8 9", "2 5 7 10", "", "ww", "4678910", "", "w34689", "w w 2 3 4 5 6 7", "58", "235"],
    ["4 5 7 8 10", "2 3 6 9 10", "w3679", "", "w5689 10", "2369", "", "2 4 5 8 10", "ww345678", "234"],
    ["", "ww57", "", "2 5 8 10", "3 4 6 7 8 9 10", "w3", "", "2 4 5 6 7 8 9 10", "w34679", ""],
] for answer in game]


def _bench_tables() -> dict[str, dict]:
    """The whole game of each of the five (bench/bench.py), loaded by path: `bench` is also that module's name."""
    spec = importlib.util.spec_from_file_location("scorepad_bench_tables", HERE / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.TABLES


TABLES = _bench_tables()


@dataclass
class Row:
    """One line of the table: what was tried, how many times, what was seen; `broken` counts broken invariants."""
    trial: str
    runs: str
    result: str
    broken: int = 0
    figures: dict[str, Any] = field(default_factory=dict)


# --- children ------------------------------------------------------------------------------------------

def child_env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}


def scorepad(db: Path, *args: Any, timeout: float = 60, **kw: Any) -> subprocess.CompletedProcess:
    """One scorepad command, run to its end."""
    return subprocess.run([sys.executable, "-m", "scorepad", "--db", str(db), *map(str, args)], capture_output=True,
                          text=True, env=child_env(), timeout=timeout, **kw)


def start_scorepad(db: Path, *args: Any) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "scorepad", "--db", str(db), *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())


# The real CLI (`scorepad …`) with a scripted prompter that answers by the question's text and notes every
# question and answer in an events file, one JSON line each, written at once: what a SIGKILL leaves there was
# said. A question asked means every answer before it was saved (play saves before it asks again).
PLAYER = r"""
import hashlib, json, os, sys, time
from pathlib import Path
spec = json.loads(sys.argv[1])
from scorepad import cli
from scorepad.cli import terminal
from scorepad.cli.prompter import Aborted, resolve_menu

events = open(spec["events"], "a", buffering=1, encoding="utf-8")
def note(*item):
    events.write(json.dumps(item, ensure_ascii=False) + "\n")

def digest(folder):
    h = hashlib.sha256()
    for p in sorted(Path(folder).rglob("*")):  # a claim (PATH.d/claims/) says who plays, not what is stored
        if p.is_file() and not p.name.endswith(".lock") and p.name != "filler" and p.parent.name != "claims":
            h.update(str(p).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()

def fill(path):  # every free block of the disk, then nothing more can be written
    with open(path, "ab") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass
    try:
        while True:
            with open(path, "ab") as f:
                f.write(b"\0")
    except OSError:
        pass

class Scripted:
    def __init__(self):
        self.seen, self.given = {}, 0
    def _answer(self, message):
        count = self.seen[message] = self.seen.get(message, 0) + 1
        note("ask", message, count)
        hold = spec.get("hold")
        if hold and message == hold[0] and count == 1:
            Path(hold[1]).touch()
            deadline = time.monotonic() + 30
            while not os.path.exists(hold[2]) and time.monotonic() < deadline:
                time.sleep(0.002)
        if message == spec.get("fill_at") and count == 1:
            fill(spec["filler"])
            note("filled", digest(spec["folder"]))
        limit = spec.get("limit")
        if (limit is not None and self.given >= limit) or message not in spec["answers"] or count > 1:
            raise Aborted()
        self.given += 1
        answer = spec["answers"][message]
        note("answer", message, answer)
        return answer
    def text(self, message, *, default="", validate=None):
        answer = self._answer(message)
        problem = validate(answer) if validate else None
        if problem is not None:
            note("refused", message, problem)
            raise Aborted()
        return answer
    def select(self, message, choices, *, default=None, words=()):
        return resolve_menu(self._answer(message), choices, words) or choices[0]
    def confirm(self, message, *, default=True, enter=False):
        note("confirm", message)
        return spec.get("confirm", False)

prompter = Scripted()
terminal.stdin_is_tty = lambda: True
terminal.make_prompter = lambda: prompter
sys.argv = ["scorepad", *sys.argv[2:]]
cli.main()
"""


def start_player(db: Path, events: Path, answers: dict[str, str], *args: Any, **spec: Any) -> subprocess.Popen:
    spec = {"events": str(events), "answers": answers, **spec}
    return subprocess.Popen([sys.executable, "-c", PLAYER, json.dumps(spec), "--db", str(db), *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env())


def read_events(path: Path) -> list[list]:
    if not path.exists():
        return []
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):  # a line cut by the kill
            events.append(json.loads(line))
    return events


def timed_run(process: subprocess.Popen) -> float:
    """How long one whole run takes on this machine now (a kill is drawn within it: a loaded machine is slower)."""
    started = time.monotonic()
    process.communicate(timeout=300)
    return time.monotonic() - started


def kill_at(process: subprocess.Popen, delay: float) -> tuple[bool, str, str]:
    """SIGKILL after `delay` seconds unless it ended first: (killed, stdout, stderr)."""
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.kill()
    out, err = process.communicate(timeout=30)
    return process.returncode == -signal.SIGKILL, out or "", err or ""


# --- the store as a reader sees it ---------------------------------------------------------------------

def open_store(db: Path):
    from scorepad.table.travel import upgraded
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    return Store(db, summarize=summarize, upgrade=upgraded)


def whole(db: Path) -> tuple[dict[int, dict] | None, str]:
    """Every session (by id) when the database reads whole and its index agrees with its files, else None and why."""
    from scorepad.errors import ScorepadError
    from scorepad.table import session_of

    try:
        store = open_store(db)
        summaries = store.summaries()
        docs = dict(store.all())
        for doc_id, doc in docs.items():
            session_of(doc, doc_id)
    except ScorepadError as error:
        return None, str(error)
    if sorted(summaries) != sorted(docs):
        return None, f"the index lists {sorted(set(summaries) ^ set(docs))} that the files do not (or the reverse)"
    return docs, ""


def temp_files(folder: Path) -> list[Path]:
    from scorepad.files import TEMP_SUFFIX

    return [p for p in folder.rglob(f"*{TEMP_SUFFIX}")]


def count_if(flag: bool) -> int:
    return 1 if flag else 0


def percent(part: int, whole_: int) -> str:
    return f"{100 * part / whole_:.0f} %" if whole_ else "—"


@functools.lru_cache(maxsize=1)
def reference_game() -> tuple[list[str], list[dict]]:
    """The questions of a Lost Cities match (LC-11) in order, and the entries a whole scripted game stores."""
    from scorepad.games import by_slug
    from scorepad.cli.play import play
    from scorepad.cli.prompter import ScriptedPrompter
    from scorepad.table.changes import new_doc

    with tempfile.TemporaryDirectory(prefix="scorepad-campaign-ref-") as folder:
        store = open_store(Path(folder) / "ref.json")
        session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None))
        prompter = ScriptedPrompter(LC_TYPED)
        play(store, session_id, prompter, lambda text: None)
        return list(prompter.asked), store.get(session_id)["entries"]


def new_lc_session(db: Path) -> int:
    from scorepad.games import by_slug
    from scorepad.table.changes import new_doc

    return open_store(db).insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None))


# --- SIGKILL -------------------------------------------------------------------------------------------

def jsonl(path: Path, count: int) -> Path:
    tables = list(TABLES.values())
    path.write_text("".join(json.dumps(tables[n % len(tables)]) + "\n" for n in range(count)))
    return path


def kill_import(n: int, rng: random.Random, work: Path, batch: int = 40) -> Row:
    db = work / "scorepad.json"
    big, one = jsonl(work / "many.jsonl", batch), jsonl(work / "one.jsonl", 1)
    killed = confirmed = lost = damaged = partial = left = left_after = 0
    whole_run = timed_run(start_scorepad(db, "import", big, "--again"))
    known = set(whole(db)[0] or ())
    for _ in range(n):
        was_killed, out, _ = kill_at(start_scorepad(db, "import", big, "--again"), rng.uniform(0, 1.2 * whole_run))
        killed += was_killed
        printed = {int(line) for line in out.split() if line.isdigit()}
        debris = bool(temp_files(work))  # before any reader: a reader that finds the lock free tidies up
        docs, problem = whole(db)
        if docs is None:
            damaged += 1
            print(f"  kill-import: damaged: {problem}", file=sys.stderr)
            break
        partial += count_if(len(set(docs) - known) not in (0, batch) or not known <= set(docs))  # all or none
        lost += len(printed - set(docs))
        confirmed += len(printed)
        if debris:
            left += 1
            scorepad(db, "import", one, "--again")  # the next run, to its end
            left_after += count_if(bool(temp_files(work)))
        known = set(whole(db)[0] or docs)
    return Row("SIGKILL at a random instant: `import` (JSON Lines)", f"{n} ({killed} killed mid-run)",
               f"{lost} of {confirmed} confirmed ids lost, {damaged} damaged databases, {partial} imports half-stored; "
               f"a temp file left in {left} ({percent(left, n)}), {left_after} still there after the next run",
               broken=lost + damaged + partial + left_after,
               figures=dict(lost=lost, confirmed=confirmed, damaged=damaged, partial=partial, left=left,
                            left_after=left_after, killed=killed))


def _entries_problem(stored: list[dict], reference: list[dict], confirmed: int) -> str:
    def answers(entries: list[dict]) -> list[tuple]:  # what was answered, not when (each entry's `time`)
        return [(entry["at"], entry["value"]) for entry in entries]

    if answers(stored) != answers(reference[:len(stored)]):
        return "its answers are not the ones given"
    if len(stored) < confirmed:
        return f"{confirmed - len(stored)} confirmed answers missing"
    return ""


def confirmed_answers(events: list[list], questions: list[str]) -> int:
    """How many questions of the match were answered and saved: the last question asked stands after them."""
    asked = [e[1] for e in events if e[0] == "ask" and e[1] in questions]
    return questions.index(asked[-1]) if asked else 0


def kill_play(n: int, rng: random.Random, work: Path) -> Row:
    questions, reference = reference_game()
    answers = dict(zip(questions, LC_TYPED))
    db = work / "scorepad.json"
    killed = confirmed = lost = damaged = left = left_after = games = 0
    whole_run = timed_run(start_player(db, work / "whole", answers, "resume", new_lc_session(db)))
    session_id = new_lc_session(db)
    for trial in range(n):
        events = work / f"events-{trial}"
        # Within the time of half a match: a run resumes where the last one was killed, so most are mid-match.
        delay = rng.uniform(0, whole_run / 2)
        was_killed, _, err = kill_at(start_player(db, events, answers, "resume", session_id), delay)
        killed += was_killed
        debris = bool(temp_files(work))  # before any reader: a reader that finds the lock free tidies up
        docs, problem = whole(db)
        if docs is None:
            damaged += 1
            print(f"  kill-play: damaged: {problem}", file=sys.stderr)
            break
        said = confirmed_answers(read_events(events), questions)
        finished = docs[session_id]["status"] == "finished"
        if finished:
            said = len(questions)
        problem = _entries_problem(docs[session_id]["entries"], reference, said)
        if problem:
            lost += 1
            print(f"  kill-play: session {session_id}: {problem}", file=sys.stderr)
        confirmed += said
        if debris:
            left += 1
            if not finished:  # the next run: one answer, then Ctrl-C
                start_player(db, work / f"next-{trial}", answers, "resume", session_id, limit=1).communicate(timeout=60)
            else:
                new_lc_session(db)
            left_after += count_if(bool(temp_files(work)))
        if whole(db)[0][session_id]["status"] == "finished":
            games += 1
            session_id = new_lc_session(db)
    return Row("SIGKILL at a random instant: guided play", f"{n} ({killed} killed mid-run, {games} matches done)",
               f"{lost} runs lost a confirmed answer (of {confirmed} confirmed, counted per run), {damaged} damaged "
               f"databases; a temp file left in {left} ({percent(left, n)}), {left_after} still there after the "
               "next run", broken=lost + damaged + left_after,
               figures=dict(lost=lost, confirmed=confirmed, damaged=damaged, left=left, left_after=left_after))


def _yellow(doc: dict) -> Any:
    return next((e["value"] for e in doc["entries"] if e["at"][-1] == "yellow" and "Ana" in e["at"]), None)


def kill_edit(n: int, rng: random.Random, work: Path) -> Row:
    from scorepad.games import by_slug
    from scorepad.table.travel import doc_from_file

    db = work / "scorepad.json"
    session_id = open_store(db).insert(doc_from_file(copy.deepcopy(TABLES["lost-cities"]), by_slug("lost-cities")))
    answered = len(open_store(db).get(session_id)["entries"])
    values = [("2 3", [2, 3]), ("w3 4 6 8 9", [W, 3, 4, 6, 8, 9])]
    killed = confirmed = lost = damaged = left = left_after = 0
    edit = ["edit", session_id, "--round", 1, "--player", "Ana", "--field", "yellow"]
    whole_run = timed_run(start_scorepad(db, *edit, "4 5"))
    last = _yellow(whole(db)[0][session_id])
    for trial in range(n):
        typed, stored = values[trial % 2]
        process = start_scorepad(db, *edit, typed)
        was_killed, _, err = kill_at(process, rng.uniform(0, 1.2 * whole_run))
        killed += was_killed
        debris = bool(temp_files(work))  # before any reader: a reader that finds the lock free tidies up
        docs, problem = whole(db)
        if docs is None:
            damaged += 1
            print(f"  kill-edit: damaged: {problem}", file=sys.stderr)
            break
        now = _yellow(docs[session_id])
        if process.returncode == 0:
            confirmed += 1
            lost += count_if(now != stored)
        elif process.returncode != -signal.SIGKILL:
            print(f"  kill-edit: exit {process.returncode}: {err.strip()}", file=sys.stderr)
        damaged += count_if(now not in (stored, last) or len(docs[session_id]["entries"]) != answered)
        last = now
        if debris:
            left += 1
            scorepad(db, "edit", session_id, "--round", 1, "--player", "Ana", "--field", "yellow", "4 5")
            last = _yellow(whole(db)[0][session_id])
            left_after += count_if(bool(temp_files(work)))
    return Row("SIGKILL at a random instant: `edit`", f"{n} ({killed} killed mid-run)",
               f"{lost} of {confirmed} confirmed edits lost, {damaged} damaged databases; a temp file left in "
               f"{left} ({percent(left, n)}), {left_after} still there after the next run",
               broken=lost + damaged + left_after,
               figures=dict(lost=lost, confirmed=confirmed, damaged=damaged, left=left, left_after=left_after))


def kill_migrate(n: int, rng: random.Random, work: Path) -> Row:
    old = V1_DATABASE.read_bytes()
    reference = work / "reference" / "scorepad.json"
    reference.parent.mkdir()
    reference.write_bytes(old)
    expected, _ = whole(reference)  # migrated in-process, to its end
    timing = work / "timing" / "scorepad.json"
    timing.parent.mkdir()
    timing.write_bytes(old)
    whole_run = timed_run(start_scorepad(timing, "list", "--all"))
    killed = lost = damaged = left = left_after = halfway = 0
    for trial in range(n):
        db = work / f"{trial}" / "scorepad.json"
        db.parent.mkdir()
        db.write_bytes(old)
        was_killed, _, _ = kill_at(start_scorepad(db, "list", "--all"), rng.uniform(0, 1.2 * whole_run))
        killed += was_killed
        data = db.read_bytes()
        if data != old and b'"meta"' not in data:
            damaged += 1
        halfway += count_if(data == old and db.with_name(db.name + ".d.migrating").exists())
        if temp_files(db.parent):
            left += 1
        docs, problem = whole(db)  # the next run: migrates again when the kill came first
        if docs is None:
            damaged += 1
            print(f"  kill-migrate: damaged: {problem}", file=sys.stderr)
        elif docs != expected:
            lost += 1
        left_after += count_if(bool(temp_files(db.parent)))
        shutil.rmtree(db.parent)
    return Row("SIGKILL at a random instant: migration of a 0.1 database",
               f"{n} ({killed} killed mid-run, {halfway} with a half-built folder)",
               f"{lost} migrations lost or changed a session of {len(expected)}, {damaged} damaged databases; a temp "
               f"file left in {left} ({percent(left, n)}), {left_after} still there after the next run",
               broken=lost + damaged + left_after,
               figures=dict(lost=lost, damaged=damaged, left=left, left_after=left_after, killed=killed))


# SIGKILL at a chosen step rather than a random instant: the child dies (os._exit, as a kill would end it) just
# before or just after its N-th lock, fsync, rename or sync, so every step of an operation is a place to die.
STEPPED = r"""
import contextlib, json, os, sys
from scorepad.store import lock as _lock
_spec = json.loads(sys.argv[1])
_calls = [0]
def _step():
    _calls[0] += 1
    if _calls[0] == _spec["die_at"]:
        os._exit(9)
def _around(real):
    def call(*args, **kwargs):
        _step()
        result = real(*args, **kwargs)
        _step()
        return result
    return call
_held = _lock.held
@contextlib.contextmanager
def _stepped(*args, **kwargs):  # the store's lock: a step before it is taken and one just after
    _step()
    with _held(*args, **kwargs):
        _step()
        yield
_lock.held = _stepped
os.fsync, os.replace, os.sync = _around(os.fsync), _around(os.replace), _around(os.sync)
"""


def kill_steps(n: int, rng: random.Random, work: Path) -> Row:
    """Each of four operations killed at each of its steps in turn (or at `n` of them chosen at random, when `n` is
    not 0): `import` of 5 tables, `edit`, one answer in play, the migration of a 0.1 database."""
    from scorepad.games import by_slug
    from scorepad.table.travel import doc_from_file

    questions, reference = reference_game()
    answers = dict(zip(questions, LC_TYPED))
    base = work / "base" / "scorepad.json"
    imported = open_store(base).insert(doc_from_file(copy.deepcopy(TABLES["lost-cities"]), by_slug("lost-cities")))
    played = new_lc_session(base)
    start_player(base, work / "setup", answers, "resume", played, limit=7).communicate(timeout=60)
    before, _ = whole(base)
    many = jsonl(work / "five.jsonl", 5)
    v1 = work / "v1" / "scorepad.json"
    v1.parent.mkdir()
    v1.write_bytes(V1_DATABASE.read_bytes())
    migrated, _ = whole(v1)
    edit = ["edit", imported, "--round", 1, "--player", "Ana", "--field", "yellow", "2 3"]
    operations = {"import": ["import", many, "--again"], "edit": edit, "answer": ["resume", played],
                  "migration": ["list", "--all"]}
    runs = lost = damaged = left = left_after = 0
    for name, args in operations.items():
        code = STEPPED + (PLAYER if name == "answer" else
                          "from scorepad import cli\nsys.argv = ['scorepad', *sys.argv[2:]]\ncli.main()\n")
        for die_at in range(1, 500) if n == 0 else sorted(rng.sample(range(1, 9), n)):
            db = work / f"{name}-{die_at}" / "scorepad.json"
            shutil.copytree((v1 if name == "migration" else base).parent, db.parent)
            spec = {"die_at": die_at, "events": str(db.parent / "events"), "answers": answers, "limit": 1}
            done = subprocess.run([sys.executable, "-c", code, json.dumps(spec), "--db", str(db), *map(str, args)],
                                  capture_output=True, text=True, env=child_env(), timeout=120)
            if done.returncode != 9:  # it ran to its end: every step has had its turn
                shutil.rmtree(db.parent)
                break
            runs += 1
            left += count_if(bool(temp_files(db.parent)))
            docs, problem = whole(db)  # a reader; for a 0.1 database, the next run's migration
            if docs is None:
                damaged += 1
                print(f"  kill-steps: {name} killed at step {die_at}: {problem}", file=sys.stderr)
            elif name == "migration":
                lost += count_if(docs != migrated)
            elif name == "import":
                lost += count_if(not set(before) <= set(docs) or len(docs) - len(before) not in (0, 5))
            elif name == "edit":
                lost += count_if(_yellow(docs[imported]) not in (_yellow(before[imported]), [2, 3]))
            else:
                lost += count_if(bool(_entries_problem(docs[played]["entries"], reference, 7)))
            if name != "migration":  # the next run, to its end (the migration's was the reader above)
                spec["die_at"] = 0
                subprocess.run([sys.executable, "-c", code, json.dumps(spec), "--db", str(db), *map(str, args)],
                               capture_output=True, text=True, env=child_env(), timeout=120)
            left_after += count_if(bool(temp_files(db.parent)))
            shutil.rmtree(db.parent)
    return Row("SIGKILL at each step (before and after every lock, fsync, rename, sync): import, edit, an answer, "
               "migration", f"{runs}" + (" (every step of the 4 operations)" if n == 0 else " (steps at random)"),
               f"{lost} lost or half-done, {damaged} damaged databases; a temp file left in {left} "
               f"({percent(left, runs)}), {left_after} still there after the next run",
               broken=lost + damaged + left_after,
               figures=dict(lost=lost, damaged=damaged, left=left, left_after=left_after, runs=runs))


# --- disk full -----------------------------------------------------------------------------------------

@contextlib.contextmanager
def small_disk(work: Path, options: str) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="disk-", dir=work))
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], check=True, capture_output=True)
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)
        folder.rmdir()


def can_mount() -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    folder = Path(tempfile.mkdtemp(prefix="scorepad-campaign-mount-"))
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
        if done.returncode == 0:
            subprocess.run(["umount", str(folder)], check=False)
        return done.returncode == 0
    finally:
        folder.rmdir()


def fill_disk(path: Path, keep_pages: int = 0) -> None:
    """Take every free block (or all but `keep_pages` of them), as another program filling the disk would."""
    with contextlib.suppress(OSError), open(path, "ab") as f:
        while True:
            f.write(b"\0" * 4096)
            f.flush()
    if keep_pages:
        os.truncate(path, max(0, os.path.getsize(path) - keep_pages * 4096))


def take_inodes(folder: Path, keep: int) -> None:
    names = []
    with contextlib.suppress(OSError):
        for n in range(100_000):
            (folder / f"inode-{n}").touch()
            names.append(folder / f"inode-{n}")
    for name in names[len(names) - keep:] if keep else ():
        name.unlink()


def one_error_line(done: subprocess.CompletedProcess, quiet: bool = True) -> bool:
    """Exit 1 with one line `Error: …` on stderr (and, when `quiet`, nothing on stdout: play has printed its game)."""
    return (done.returncode == 1 and (not quiet or done.stdout.strip() == "") and done.stderr.startswith("Error: ")
            and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr)


def disk_full(n: int, rng: random.Random, work: Path) -> Row:
    if not can_mount():
        return Row("disk full (tmpfs 1 MB, few inodes)", "skipped",
                   "skipped: needs root and mount (run as root for this trial)")
    questions, reference = reference_game()
    answers = dict(zip(questions, LC_TYPED))
    failed = fitted = bad = changed = partial = not_asked_again = resumed = marked = unfinished = 0
    for trial in range(n):
        kind = ("import", "play", "inodes")[trial % 3]
        options = f"size=4m,nr_inodes={rng.randint(6, 16)}" if kind == "inodes" else "size=1m"
        with small_disk(work, options) as disk:
            db = disk / "scorepad.json"
            table = work / "one.json"
            table.write_text(json.dumps(TABLES["lost-cities"]))
            if kind == "play":
                session_id = new_lc_session(db)
                fill_at = questions[rng.randrange(1, len(questions))]
                events = work / f"events-{trial}"
                process = start_player(db, events, answers, "resume", session_id, fill_at=fill_at,
                                       filler=str(disk / "filler"), folder=str(disk))
                out, err = process.communicate(timeout=120)
                done = subprocess.CompletedProcess(process.args, process.returncode, out, err)
                said = read_events(events)
                digest = next((e[1] for e in said if e[0] == "filled"), None)
            else:
                first = scorepad(db, "import", table)  # with few inodes, this one may already fail
                if first.returncode != 0 and not one_error_line(first):
                    bad += 1
                    print(f"  disk-full ({kind}): exit {first.returncode}: {first.stderr.strip()[-300:]}",
                          file=sys.stderr)
                if kind == "import":
                    fill_disk(disk / "filler", keep_pages=rng.randrange(0, 24))
                else:
                    take_inodes(disk, keep=rng.randrange(0, 4))
                before, digest = whole(db)[0], folder_digest(disk)
                done = scorepad(db, "import", jsonl(work / "many.jsonl", 20), "--again")
            if done.returncode == 0:
                fitted += 1
                continue
            failed += 1
            if not one_error_line(done, quiet=kind != "play"):
                bad += 1
                print(f"  disk-full ({kind}): exit {done.returncode}: {done.stderr.strip()[-300:]}", file=sys.stderr)
            changed += count_if(digest is not None and folder_digest(disk) != digest
                                and (kind == "play" or whole(db)[0] != before))
            # A temp file is debris: a failed write removes its own. A pending marker is not: when the disk has no
            # room even to undo a cut-short import (an index file to write again), the marker stays, readers read
            # around it, and the next writer or reader with room finishes the undo.
            partial += count_if(bool(temp_files(disk)))
            if list(disk.rglob("pending-*")):
                marked += 1
                for filler in [disk / "filler", *disk.glob("inode-*")]:  # room again (a disk of 6 inodes cannot
                    filler.unlink(missing_ok=True)                       # hold a whole database: it grows too)
                subprocess.run(["mount", "-o", "remount,size=8m,nr_inodes=4096", str(disk)], capture_output=True)
                after, problem = whole(db)  # a reader, with the lock free: it finishes what the marker names
                unfinished += count_if(bool(list(disk.rglob("pending-*"))) or bool(temp_files(disk))
                                       or (kind != "play" and after != before))
                if problem:
                    print(f"  disk-full ({kind}): {problem}", file=sys.stderr)
            if kind == "play":
                (disk / "filler").unlink(missing_ok=True)
                events = work / f"resumed-{trial}"
                start_player(db, events, answers, "resume", session_id, limit=0).communicate(timeout=60)
                asked = [e[1] for e in read_events(events) if e[0] == "ask"]
                resumed += 1
                not_asked_again += count_if(asked[:1] != [fill_at])
    return Row("disk full (tmpfs 1 MB; tmpfs of 6–16 inodes)", f"{n} ({failed} ran out of room, {fitted} fitted)",
               f"{bad} without exactly one `Error:` line and exit 1; {changed} changed the database (a play answer: "
               f"byte for byte; an import: its sessions), {partial} left a temp file; {marked} left a pending marker "
               f"(no room to undo), {unfinished} of them not finished by the next reader with room; resume asked the "
               f"failed question again in {resumed - not_asked_again} of {resumed}",
               broken=bad + changed + partial + unfinished + not_asked_again,
               figures=dict(failed=failed, bad=bad, changed=changed, partial=partial, marked=marked,
                            unfinished=unfinished, not_asked_again=not_asked_again))


def folder_digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):  # a claim (PATH.d/claims/) says who is playing, not what is stored
        if p.is_file() and not p.name.endswith(".lock") and p.name != "filler" and not p.name.startswith("inode-") \
                and p.parent.name != "claims":
            h.update(str(p).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


# --- many writers, two terminals -----------------------------------------------------------------------

WRITER = r"""
import json, sys, time
from pathlib import Path
from scorepad.store import Store
db, mode, tag, count, ready, go, stop = sys.argv[1:]
store = Store(db, lock_timeout=120)
Path(ready).touch()
deadline = time.monotonic() + 60
while not Path(go).exists() and time.monotonic() < deadline:  # start together, so the writers really overlap
    time.sleep(0.001)
reads = failures = 0
for i in range(int(count)):
    if mode == "append":
        store.update(1, lambda doc: doc["log"].append(f"{tag}-{i}"))
    elif mode == "insert":
        store.insert({"game": "lost-cities", "by": tag, "n": i})
    else:  # a reader looping while the others write: it must never fail nor see a torn file
        if Path(stop).exists():
            break
        try:
            assert isinstance(store.get(1)["log"], list) and store.summaries()
            reads += 1
        except Exception as error:
            failures += 1
            print(repr(error), file=sys.stderr)
print(json.dumps({"reads": reads, "failures": failures}))
"""


def writers(n: int, rng: random.Random, work: Path, answers: int = 100) -> Row:
    """`n` rounds of 8 writers × `answers` answers to one session through three spellings of its path, an importer
    of `answers // 2` sessions beside them, and two readers looping until they are done."""
    from scorepad.store import Store

    lost = duplicates = disorder = failures = reads = 0
    for round_ in range(n):
        folder = work / f"{round_}"
        (folder / "sub").mkdir(parents=True)
        db = folder / "scorepad.json"
        Store(db).insert({"game": "lost-cities", "log": []})
        (folder / "link.json").symlink_to(db)
        spellings = [db, folder / "link.json", folder / "sub" / ".." / "scorepad.json"]
        go, stop = folder / "go", folder / "stop"
        jobs = ([("append", f"w{t}", answers, spellings[t % 3]) for t in range(8)]
                + [("insert", "imp", answers // 2, db)] + [("read", f"r{t}", 10**6, spellings[t]) for t in range(2)])
        children = []
        for mode, tag, count, path in jobs:
            ready = folder / f"ready-{tag}"
            children.append((ready, subprocess.Popen([sys.executable, "-c", WRITER, str(path), mode, tag, str(count),
                                                      str(ready), str(go), str(stop)], stdout=subprocess.PIPE,
                                                     stderr=subprocess.PIPE, text=True, env=child_env())))
        deadline = time.monotonic() + 60
        while not all(ready.exists() for ready, _ in children) and time.monotonic() < deadline:
            time.sleep(0.005)
        go.touch()
        for _, child in children[:-2]:
            child.communicate(timeout=600)
        stop.touch()
        for _, child in children[-2:]:
            out, err = child.communicate(timeout=60)
            seen = json.loads(out.strip().splitlines()[-1]) if out.strip() else {"reads": 0, "failures": 1}
            reads, failures = reads + seen["reads"], failures + seen["failures"]
        docs = dict(Store(db).all())
        log = docs[1]["log"]
        for t in range(8):
            mine = [entry for entry in log if entry.startswith(f"w{t}-")]
            lost += answers - len(set(mine))
            duplicates += len(mine) - len(set(mine))
            disorder += count_if(mine != sorted(mine, key=lambda e: int(e.split("-")[1])))
        inserted = sorted(doc["n"] for doc_id, doc in docs.items() if doc_id != 1)
        lost += answers // 2 - len(set(inserted))
        duplicates += len(inserted) - len(set(inserted))
        duplicates += len(docs) - len(set(docs))
    total = n * (8 * answers + answers // 2)
    return Row("8 writers × 100 answers (three path spellings), an importer, 2 readers looping",
               f"{n} × ({8 * answers} answers + {answers // 2} imports)",
               f"{lost} of {total} lost, {duplicates} duplicates, {disorder} writers' answers out of order; "
               f"{failures} reader failures in {reads} reads",
               broken=lost + duplicates + disorder + failures,
               figures=dict(lost=lost, duplicates=duplicates, disorder=disorder, failures=failures, reads=reads))


def wait_for(path: Path, timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)
    return True


def two_terminals(n: int, rng: random.Random, work: Path) -> Row:
    """Terminals A and B show the same question of one session; A answers, then B (who never saw A's answer)."""
    questions, reference = reference_game()
    answers = dict(zip(questions, LC_TYPED))
    replaced = refused = warned = unclear = 0
    for trial in range(n):
        db = work / f"{trial}" / "scorepad.json"
        session_id = new_lc_session(db)
        # A question A answers with cards; B says the expedition was not started (always a valid answer).
        at = rng.choice([i for i in range(1, len(questions)) if LC_TYPED[i].strip()])
        start_player(db, work / f"setup-{trial}", answers, "resume", session_id, limit=at).communicate(timeout=60)
        question = questions[at]
        other = {**answers, question: ""}
        terminals = {}
        for name, given in (("A", answers), ("B", other)):
            hold = [question, str(work / f"{trial}-{name}-ready"), str(work / f"{trial}-{name}-go")]
            terminals[name] = (start_player(db, work / f"{trial}-{name}", given, "resume", session_id, hold=hold,
                                            limit=1, confirm=True), hold)
        ok = all(wait_for(Path(hold[1])) for _, hold in terminals.values())
        process_a, hold_a = terminals["A"]
        Path(hold_a[2]).touch()
        out_a, err_a = process_a.communicate(timeout=60)  # A answered, then stopped at the next question
        stored_a = _stored_value(db, session_id, reference[at]["at"])
        process_b, hold_b = terminals["B"]
        Path(hold_b[2]).touch()
        out_b, err_b = process_b.communicate(timeout=60)
        stored = _stored_value(db, session_id, reference[at]["at"])
        if not ok or stored_a is None or any(e[0] == "refused" for e in read_events(work / f"{trial}-B")):
            print(f"  two-terminals: trial {trial} did not line up: {err_a.strip()[-200:]}", file=sys.stderr)
            unclear += 1
            continue
        told = "another terminal" in out_b + err_b
        if stored != stored_a:
            replaced += 1
        else:
            refused += 1
        warned += count_if(told or any(e[0] == "confirm" for e in read_events(work / f"{trial}-B")))
    return Row("two terminals answering the same question of one session", f"{n}",
               f"A's confirmed answer silently replaced by B's in {replaced} of {n}; B refused in {refused} "
               f"(B told about the other terminal in {warned}){f'; {unclear} did not line up' if unclear else ''}",
               broken=replaced + unclear, figures=dict(replaced=replaced, refused=refused, warned=warned,
                                                       unclear=unclear))


def _stored_value(db: Path, session_id: int, at: list) -> Any:
    docs, _ = whole(db)
    if not docs:
        return None
    return next((e["value"] for e in docs[session_id]["entries"] if e["at"] == at), None)


# --- Ctrl-C --------------------------------------------------------------------------------------------

MODES = ("Ctrl-C at a prompt", "Ctrl-C 0–20 ms after Enter", "kill -INT at a prompt")


def ctrl_c(n: int, rng: random.Random, work: Path) -> Row:
    """Ctrl-C typed into the pseudo-terminal of a real `scorepad play` (the line discipline makes it SIGINT to the
    foreground group between prompts, a \\x03 byte in a prompt's raw mode, as a real terminal does): at a prompt,
    or 0–20 ms after Enter, while the answer is saved; and SIGINT sent from outside (`kill -INT`) at a prompt."""
    import pexpect

    questions, reference = reference_game()
    answers = dict(zip(questions, LC_TYPED))
    env = {**child_env(), "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1"}
    tracebacks = slow = not_130 = lost = no_resume_line = 0
    runs = dict.fromkeys(MODES, 0)
    ignored = dict.fromkeys(MODES, 0)
    for trial in range(n):
        db = work / f"{trial}" / "scorepad.json"
        child = pexpect.spawn(sys.executable, ["-m", "scorepad", "--db", str(db), "play", "lost-cities", "-p", "Ana",
                                               "Ben"], env=env, encoding="utf-8", dimensions=(50, 120), timeout=20,
                              preexec_fn=from_a_shell)
        child.delaybeforesend = None
        given = rng.randrange(0, 8)
        mode = MODES[trial % 3] if given or trial % 3 != 1 else MODES[0]  # a first question has no Enter before it
        runs[mode] += 1
        for index in range(given):
            child.expect_exact(questions[index])
            child.send(answers[questions[index]] + "\r")
        if mode == MODES[1]:
            time.sleep(rng.uniform(0, 0.02))
        else:
            child.expect_exact(questions[given])
            time.sleep(rng.uniform(0, 0.2))
        if mode == MODES[2]:
            os.killpg(child.pid, signal.SIGINT)
        else:
            child.send("\x03")
        sent = time.monotonic()
        try:
            child.expect(pexpect.EOF, timeout=1.0)
            ended = True
        except pexpect.TIMEOUT:
            ended = False
        took = time.monotonic() - sent
        text = child.before or ""
        if not ended:
            ignored[mode] += 1
            child.close(force=True)
        else:
            child.close()
            slow += count_if(took > 1.0)
            not_130 += count_if(child.exitstatus != 130)
            no_resume_line += count_if("scorepad resume" not in text and "nothing was recorded" not in text)
        tracebacks += count_if("Traceback" in text or "KeyboardInterrupt" in text)
        docs, _ = whole(db)
        if docs:  # the answers whose next question was on the screen were saved
            confirmed = given - 1 if mode == MODES[1] else given
            lost += count_if(bool(_entries_problem(docs[1]["entries"], reference, confirmed)))
    all_ignored = sum(ignored.values())
    each = "; ".join(f"{mode}: {ignored[mode]} of {runs[mode]}" for mode in MODES)
    return Row("Ctrl-C at random instants of play, in a pty", f"{n}",
               f"{all_ignored} ignored, still running 1 s later ({each}); {tracebacks} printed a traceback, "
               f"{not_130} exited with another status than 130, {no_resume_line} without the resume line; {lost} "
               "lost a confirmed answer", broken=all_ignored + tracebacks + not_130 + lost + no_resume_line,
               figures=dict(ignored=all_ignored, tracebacks=tracebacks, not_130=not_130, lost=lost,
                            no_resume_line=no_resume_line, **{f"ignored {m}": ignored[m] for m in MODES}))


# --- hostile databases ---------------------------------------------------------------------------------

def _session_file(db: Path, doc_id: int = 1) -> Path:
    return db.with_name(db.name + ".d") / "sessions" / "0000" / f"{doc_id}.json"


def _edit_session(db: Path, change: Callable[[dict], None]) -> Path:
    path = _session_file(db)
    data = json.loads(path.read_text())
    change(data["session"]["1"])
    path.write_text(json.dumps(data))
    return path


def _v1(db: Path, change: Callable[[dict], None]) -> Path:
    data = json.loads(V1_DATABASE.read_text())
    change(data)
    db.write_text(json.dumps(data))
    return db


def _replace(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _truncate(path: Path) -> Path:
    return _replace(path, path.read_bytes()[: len(path.read_bytes()) // 2])


def _dangling(db: Path) -> Path:
    db.unlink()
    db.symlink_to(db.with_name("elsewhere.json"))
    return db


def _loop(db: Path) -> Path:
    db.unlink()
    db.symlink_to(db)
    return db


def _to_dir(db: Path) -> Path:
    folder = db.with_name("a-folder")
    folder.mkdir()
    db.unlink()
    db.symlink_to(folder)
    return db


def _directory(db: Path) -> Path:
    db.unlink()
    db.mkdir()
    return db


def _fifo(db: Path) -> Path:
    db.unlink()
    os.mkfifo(db)
    return db


def _deep(doc: dict) -> None:
    doc["seed"] = 123456789012345678901234567890


def hostile_cases(rng: random.Random, random_files: int) -> list[tuple[str, Callable[[Path], Path], bool]]:
    """(name, make it so → the file that must stay untouched, whether it damages the database file itself)."""
    cases = [
        ("the database file truncated", _truncate, True),
        ("a session file truncated", lambda db: _truncate(_session_file(db)), False),
        ("a 0.1 database truncated", lambda db: _truncate(_v1(db, lambda data: None)), True),
        ("a session file of zero bytes", lambda db: _replace(_session_file(db), b""), False),
        ("wrong shape: a list", lambda db: _replace(db, b"[1, 2, 3]"), True),
        ("wrong shape: a meta record without its fields", lambda db: _replace(db, b'{"meta": {"1": {}}}'), True),
        ("wrong shape: a session file holding a list", lambda db: _replace(_session_file(db), b'{"session": []}'),
         False),
        ("a newer layout", lambda db: _replace(db, b'{"meta": {"1": {"layout": 3, "next_id": 2}}}'), True),
        ("a directory", _directory, True),
        ("a FIFO", _fifo, True),
        ("a symlink to a directory", _to_dir, True),
        ("a symlink to itself", _loop, True),
        ("a symlink to nowhere", _dangling, None),  # nothing stored there yet: an empty database
        ("colliding ids (\"1\" and \"01\", 0.1)",
         lambda db: _v1(db, lambda data: data["sessions"].update({"01": data["sessions"]["1"]})), True),
        ("a session file naming another id", lambda db: _replace(
            _session_file(db), _session_file(db).read_bytes().replace(b'{"session":{"1"', b'{"session":{"2"')), False),
        ("a 30-digit number", lambda db: _edit_session(db, _deep), False),
        ("a float where a count goes", lambda db: _edit_session(db, lambda doc: doc.update(rounds_planned=3.0)), False),
    ]
    for part in ("entries", "players", "game", "status"):
        cases.append((f"a session missing its {part}", lambda db, part=part: _edit_session(
            db, lambda doc: doc.pop(part)), False))
    for n in range(random_files):
        data = bytes([rng.choice(b"{[\"x\x00\xff")]) + rng.randbytes(rng.randint(0, 3000))
        cases.append((f"random bytes #{n}", lambda db, data=data: _replace(db, data), True))
        cases.append((f"random bytes in a session file #{n}", lambda db, data=data: _replace(_session_file(db), data),
                      False))
    return cases


def _state(path: Path) -> Any:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    if os.path.islink(path):
        return ("link", os.readlink(path))
    if path.is_file():
        return ("file", path.read_bytes(), info.st_mode)
    return ("other", info.st_mode)


@functools.lru_cache(maxsize=1)
def _command() -> Any:
    """scorepad's command, made once: typer's CliRunner builds it on every call (40 ms, more than most commands)."""
    import typer.testing

    from scorepad import cli

    return typer.testing._get_command(cli.app)


def _invoke(args: list[str], timeout: int = 10) -> tuple[int, str, str, BaseException | None]:
    """A command in-process (CliRunner), stopped by an alarm if it hangs (a FIFO once hung every command)."""
    import typer.testing

    from scorepad import cli

    command, real = _command(), typer.testing._get_command

    def hang(signum, frame):
        raise TimeoutError(f"no answer within {timeout} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(timeout)
    try:
        typer.testing._get_command = lambda app: command
        result = typer.testing.CliRunner().invoke(cli.app, args)
    except TimeoutError as error:
        return -1, "", "", error
    finally:
        typer.testing._get_command = real
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    exception = None if result.exception is None or isinstance(result.exception, SystemExit) else result.exception
    return result.exit_code, result.stdout, result.stderr, exception


def hostile_commands(db: Path, table: Path) -> list[list[str]]:
    base = ["--db", str(db)]
    return [base + args for args in (
        ["list"], ["list", "--all", "--json"], ["show", "1"], ["score", "1"], ["export", "1"], ["undo", "1", "--yes"],
        ["play"], ["import", str(table), "--again"], ["edit", "1", "--round", "1", "--player", "Ana", "--field",
                                                       "yellow", "2 3"], ["delete", "1", "--yes"])]


def hostile_db(n: int, rng: random.Random, work: Path) -> Row:
    """Every command against each damaged database: exit 0, or exit 1 with one `Error:` line; never a traceback,
    a hang, a usage message; the damaged file untouched; and a command that reads the damage refuses it."""
    table = work / "lc.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    runs = refused = read = bad = touched = accepted_damage = 0
    cases = hostile_cases(rng, n)
    base = work / "base" / "scorepad.json"
    if _invoke(["--db", str(base), "import", str(table)])[0] != 0:
        raise RuntimeError("the base database could not be made")
    for number, (name, damage, of_the_file) in enumerate(cases):
        for command_number in range(len(hostile_commands(Path("x"), table))):
            db = work / f"{number}-{command_number}" / "scorepad.json"
            shutil.copytree(base.parent, db.parent, symlinks=True)
            target = damage(db)
            before = _state(target)
            args = hostile_commands(db, table)[command_number]
            code, out, err, exception = _invoke(args)
            runs += 1
            # A damaged session may be deleted (issue 29, point 3): its file goes, kept byte for byte in deleted/.
            kept = (args[2] == "delete" and code == 0 and exception is None and before is not None
                    and before[0] == "file" and _state(target) is None
                    and any(p.read_bytes() == before[1] for p in (db.parent / "deleted").glob("*")))
            if code == 0 and exception is None:
                read += 1
                reads_it = of_the_file or args[2] in ("show", "score", "export", "undo", "edit", "delete", "play")
                if of_the_file is not None and reads_it and not kept and not (
                        name == "a session file of zero bytes" and args[2] in ("delete",)):
                    accepted_damage += 1
                    print(f"  hostile-db: {name}: `{' '.join(args[2:])}` went on: {out.strip()[:120]!r}",
                          file=sys.stderr)
            elif code == 1 and exception is None and err.startswith("Error: ") and err.count("\n") == 1:
                refused += 1
            else:
                bad += 1
                print(f"  hostile-db: {name}: `{' '.join(args[2:])}`: exit {code} {exception!r} {err.strip()[-200:]!r}",
                      file=sys.stderr)
            if _state(target) != before and not kept:
                touched += 1
                print(f"  hostile-db: {name}: `{' '.join(args[2:])}` changed {target.name}", file=sys.stderr)
            with contextlib.suppress(OSError):
                os.unlink(db) if db.is_symlink() or db.is_fifo() else None
            shutil.rmtree(db.parent, ignore_errors=True)
    perm = _no_permission(work, table)
    return Row("hostile databases (truncated, zero bytes, random bytes, wrong shape, a directory, a FIFO, symlinks, "
               "colliding ids, a 30-digit number, a session missing parts, no permission)",
               f"{len(cases)} cases × {len(hostile_commands(Path('x'), table))} commands" + perm[0],
               f"{refused} refused with one `Error:` line and exit 1, {read} read fine; {bad} other (traceback, hang, "
               f"usage message, several lines); {accepted_damage} went on over a damage they read; {touched} touched "
               f"the damaged file; {perm[1]}", broken=bad + touched + accepted_damage + perm[2],
               figures=dict(refused=refused, read=read, bad=bad, touched=touched, accepted_damage=accepted_damage))


NOBODY = 65534


def _no_permission(work: Path, table: Path) -> tuple[str, str, int]:
    """As a user who may not read the database (or not write its folder): one `Error:` line, or a read."""
    if os.geteuid() != 0:
        return ("", "no permission: skipped (needs root, to run scorepad as another user and chown its files)", 0)
    folder = Path(tempfile.mkdtemp(prefix="perm-", dir=work))
    chain = [folder, *folder.parents]
    modes = {p: os.stat(p).st_mode for p in chain}
    try:
        for p in chain:
            os.chmod(p, modes[p] | 0o011)  # others may pass through (never read) the folders above
        db = folder / "scorepad.json"
        done = scorepad(db, "import", table)
        assert done.returncode == 0, done.stderr
        os.chmod(table, 0o644)
        checks, bad = 0, 0
        as_nobody = {"preexec_fn": lambda: (os.setgid(NOBODY), os.setuid(NOBODY)), "cwd": "/"}
        # Unreadable: every command refuses in one line. Readable, in a folder nobody may write: reads work.
        for setup, commands in ((lambda: None, [["list"], ["show", "1"], ["import", str(table)]]),
                                (lambda: [os.chmod(p, 0o644 if p.is_file() else 0o755) for p in folder.rglob("*")]
                                 and os.chmod(folder, 0o755), [["list"], ["show", "1"], ["export", "1"],
                                                               ["import", str(table), "--again"]])):
            setup()
            for args in commands:
                before = _state(db), _state(_session_file(db))
                done = scorepad(db, *args, **as_nobody)
                checks += 1
                writes = args[0] == "import"
                unreadable = os.stat(db).st_mode & 0o004 == 0
                fine = one_error_line(done) if (writes or unreadable) else done.returncode == 0
                if not fine or (_state(db), _state(_session_file(db))) != before:
                    bad += 1
                    print(f"  hostile-db: no permission: `{' '.join(args)}`: exit {done.returncode} "
                          f"{done.stderr.strip()[-200:]!r}", file=sys.stderr)
        return (f" + {checks} as user nobody",
                f"no permission (as user nobody): {checks - bad} of {checks} as expected", bad)
    except (OSError, AssertionError, subprocess.SubprocessError) as error:
        return ("", f"no permission: skipped (user nobody cannot run this scorepad here: {error})", 0)
    finally:
        for p in chain:
            with contextlib.suppress(OSError):
                os.chmod(p, modes[p])


# --- generated table files -----------------------------------------------------------------------------

HOSTILE = [None, [], {}, "3", 3.0, True, 10**30, -1, 2**63, "ünï ☃", "", " ", "\ud800", "a\nb", [None], {"x": 1},
           float("nan"), "\x1b[2J", "\u202e", 0, 1, 99]
NAMES = ["Ana", "Ben", "Cai", "Dana", "Eli", "Zoë", "李雷", "مریم", "O'Neil", "Ana-Maria", "Jo Jo", "Ñu"]
COLOURS = ("yellow", "blue", "white", "green", "red")


def _paths(node: Any, at: tuple = ()) -> Iterator[tuple]:
    yield at
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in list(children):
        yield from _paths(child, (*at, key))


def mutated(table: dict, rng: random.Random) -> dict:
    """One value replaced by a hostile one, one key or item removed, or one added, somewhere (as test_cli does)."""
    table = copy.deepcopy(table)
    at = rng.choice(list(_paths(table))[1:])
    parent = functools.reduce(operator.getitem, at[:-1], table)
    how = rng.randrange(4)
    if how < 2:
        parent[at[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    elif how == 2:
        del parent[at[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["bogus", "", "Ana ", "\ud800", "round"])] = copy.deepcopy(rng.choice(HOSTILE))
    else:
        parent.append(copy.deepcopy(parent[at[-1]]))
    return table


def _renamed(node: Any, names: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {names.get(k, k): _renamed(v, names) for k, v in node.items()}
    if isinstance(node, list):
        return [_renamed(v, names) for v in node]
    return names.get(node, node) if isinstance(node, str) else node


def _nudged(node: Any, rng: random.Random) -> Any:
    """Whole numbers moved a little (most stay valid), as another evening's figures would."""
    if isinstance(node, dict):
        return {k: _nudged(v, rng) for k, v in node.items()}
    if isinstance(node, list):
        return [_nudged(v, rng) for v in node]
    if isinstance(node, int) and not isinstance(node, bool) and rng.random() < 0.3:
        return max(0, node + rng.randint(-3, 3))
    return node


def lost_cities_table(rng: random.Random) -> dict:
    """A valid match dealt from the real deck: per colour three wagers and 2–10, each card to one player or none."""
    players = rng.sample(NAMES, 2)
    purple = rng.random() < 0.2
    rounds = []
    for _ in range(rng.randint(1, 4)):
        round_ = {p: {} for p in players}
        for colour in COLOURS + (("purple",) if purple else ()):
            deck = [W, W, W, *range(2, 11)]
            for card in deck:
                owner = rng.choice(players + [None, None])
                if owner:
                    round_[owner].setdefault(colour, []).append(card)
        rounds.append(round_)
    table = {"game": "lost-cities", "players": players, "rounds": rounds}
    if purple:
        table["variants"] = ["purple"]
    return table


def generated_table(slug: str, rng: random.Random) -> dict:
    if slug == "lost-cities" and rng.random() < 0.7:
        return lost_cities_table(rng)
    table = copy.deepcopy(TABLES[slug])
    if rng.random() < 0.5:
        table = _nudged(table, rng)
    if rng.random() < 0.5:
        table = _renamed(table, dict(zip(table["players"], rng.sample(NAMES, len(table["players"])))))
    return table


def tables(n: int, rng: random.Random, work: Path, through_cli: int = 300) -> Row:
    """`n` generated tables, half of them mutated: scored as `score --table` scores and checked as `import` checks,
    in-process; `through_cli` of them through the CLI itself (score --table --json, import, score ID --json)."""
    from calculators.core import InvalidInput
    from scorepad.errors import ScorepadError
    from scorepad.games import SLUGS, of_table
    from scorepad.table.travel import doc_from_file, score_table

    expected = (InvalidInput, ScorepadError)
    accepted = refused = disagree = tracebacks = parts_off = cli_bad = cli_disagree = 0
    every = max(1, n // through_cli) if through_cli else 0
    db, path = work / "scorepad.json", work / "table.json"
    for number in range(n):
        table = generated_table(SLUGS[number % len(SLUGS)], rng)
        if rng.random() < 0.5:
            table = mutated(table, rng)
        text = json.dumps(table, ensure_ascii=False) if rng.random() < 0.5 else json.dumps(table)
        outcomes = []
        for check in ("score", "import"):
            try:
                raw = json.loads(text)
                if check == "score":
                    result = score_table(raw, of_table(raw)).to_json()
                    bad_parts = sum(sum(s["parts"].values()) != s["total"] for s in result["standings"])
                    parts_off += bad_parts
                else:
                    doc_from_file(raw, of_table(raw))
                outcomes.append(True)
            except expected:
                outcomes.append(False)
            except Exception as error:  # noqa: BLE001 - a traceback a player would see
                tracebacks += 1
                outcomes.append(None)
                print(f"  tables: {check}: {error!r} for {text[:200]}", file=sys.stderr)
        disagree += count_if(outcomes[0] != outcomes[1])
        accepted, refused = accepted + count_if(outcomes[0] is True), refused + count_if(outcomes[0] is False)
        if every and number % every == 0:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            results = [_invoke(["--db", str(db), "score", "--table", str(path), "--json"]),
                       _invoke(["--db", str(db), "import", str(path), "--again"])]
            for code, out, err, exception in results:
                if exception is not None or not (code == 0 or (code == 1 and out == "" and err.startswith("Error: ")
                                                               and err.count("\n") == 1)):
                    cli_bad += 1
                    print(f"  tables (CLI): exit {code} {exception!r} {err[-200:]!r}", file=sys.stderr)
            if (results[0][0] == 0) != (results[1][0] == 0):
                cli_disagree += 1
            elif results[1][0] == 0:
                again = _invoke(["--db", str(db), "score", results[1][1].strip(), "--json"])
                cli_disagree += count_if(again[1] != results[0][1])
    cli_runs = -(-n // every) if every else 0
    return Row("generated table files, all five games, valid and mutated", f"{n} (+ {cli_runs} through the CLI)",
               f"{tracebacks} tracebacks; `score` and `import` disagree on {disagree} (CLI: {cli_disagree}, with "
               f"`score ID` after the import); parts off their total in {parts_off} standings; {cli_bad} CLI runs "
               f"without exit 0 or one `Error:` line; {accepted} scored, {refused} refused",
               broken=tracebacks + disagree + parts_off + cli_bad + cli_disagree,
               figures=dict(tracebacks=tracebacks, disagree=disagree, parts_off=parts_off, cli_bad=cli_bad,
                            cli_disagree=cli_disagree, accepted=accepted, refused=refused))


# --- fuzzed prompt answers -----------------------------------------------------------------------------

WORDS = ["undo", "help", "fix", "cash", "UNDO", "help me", "cash Ana", "q", "quit", "exit"]
ODD = ["", " ", "\x1b[2J", "\x03", "\x00", "\u202e", "\ud800", "9" * 30, "-1", "1e9", "NaN", "½", "٣", "１２",
       "w" * 50, "x" * 5000, "2 2 2", "10 9 8", "$5", "5k", "1,000", "١٢", "3.5", "+4", "0x10", "None", "[]", "{}"]


def _typed(rng: random.Random, attempt: int, names: list[str]) -> str:
    """Hostile text first; as refusals pile up, more and more of what a player at the table would type."""
    roll = rng.random() * (1 + attempt / 10)
    if roll < 0.35:
        return rng.choice(ODD)
    if roll < 0.45:
        return rng.choice(WORDS) if rng.random() < 0.3 else "".join(rng.choice("w0123456789 ,-") for _ in range(6))
    if roll < 0.6:
        return rng.choice(names + [n.lower() for n in names])
    pick = rng.random()
    if pick < 0.3:
        return str(rng.randint(0, 12))
    if pick < 0.5:
        return ""
    if pick < 0.8:
        cards = sorted(rng.sample(range(2, 11), rng.randint(1, 5)))
        return "w" * rng.randint(0, 2) + " ".join(map(str, cards))
    return str(rng.randint(0, 60) * rng.choice([1, 1000]))


class FuzzPrompter:
    """Random answers to whatever is asked; a refused text answer must come with a message."""

    def __init__(self, rng: random.Random, names: list[str], budget: int):
        self.rng, self.names, self.budget = rng, names, budget
        self.prompts = self.refused = self.silent = 0
        self.last = ""  # the question being asked, and what was answered: named when something breaks

    def _count(self) -> None:
        from scorepad.cli.prompter import Aborted

        self.prompts += 1
        if self.prompts > self.budget:
            raise Aborted()

    def text(self, message: str, *, default: str = "", validate: Any = None) -> str:
        from scorepad.cli.prompter import Aborted

        said = message  # what the player has read: the question, then each refusal's reason
        for attempt in range(80):
            self._count()
            answer = _typed(self.rng, attempt, self.names)
            if attempt > 4 and self.rng.random() < 0.5:  # what the question or a refusal suggests, as a player would
                examples = re.findall(r"`([^`]+)`", said) + re.findall(r"e\.g\. ([^)`]+)", said)
                tokens = [t.strip("(),.:;?…'\"") for t in said.replace("=", " ").split()]
                tokens = [t for t in tokens if t and (t.isalpha() or t.isdigit())]
                if examples and self.rng.random() < 0.5:
                    answer = self.rng.choice(examples).strip()
                elif tokens:
                    answer = " ".join(self.rng.sample(tokens, min(len(tokens), self.rng.randint(1, 4))))
            self.last = f"{message!r} ← {answer[:60]!r}"
            if answer.strip().lower() == "fix" and self.rng.random() < 0.8:
                continue  # sometimes, not every time: a fix opens a menu of every answer
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            self.refused += 1
            self.silent += count_if(not (isinstance(problem, str) and problem.strip()))
            said = f"{message} {problem}"
        self.last = f"{message!r}: no random answer taken"
        raise Aborted()  # nothing random was taken: a stuck game, not a crash

    def select(self, message: str, choices: Any, *, default: str | None = None, words: Any = ()) -> str:
        from scorepad.cli.prompter import resolve_menu

        self._count()
        answer = self.rng.choice(list(choices))
        if self.rng.random() < 0.15 and words:
            answer = self.rng.choice([w for w in words if w != "fix"] or list(words))
        elif self.rng.random() < 0.2:
            answer = resolve_menu(answer[: self.rng.randint(1, 3)], choices, words) or answer
        self.last = f"{message!r} (a menu) ← {answer!r}"
        return answer

    def confirm(self, message: str, *, default: bool = True, enter: bool = False) -> bool:
        self._count()
        return self.rng.random() < 0.7


def fuzz_prompts(n: int, rng: random.Random, work: Path, budget: int = 3000) -> Row:
    """`n` games, spread over every game, each played to its end (or `budget` prompts) with random answers."""
    from calculators.core import InvalidInput
    from scorepad.errors import ScorepadError
    from scorepad.games import SLUGS, by_slug
    from scorepad.cli.play import play
    from scorepad.cli.prompter import Aborted
    from scorepad.table.changes import new_doc

    store = open_store(work / "scorepad.json")
    crashes = prompts = refused = silent = finished = stuck = 0
    stuck_at: dict[str, int] = {}
    for number in range(n):
        game = by_slug(SLUGS[number % len(SLUGS)])
        count = rng.choice(list(game.players))
        names = rng.sample(NAMES, count)
        variants = [v for v in game.variants if rng.random() < 0.3]
        modules = [m for m in game.modules if rng.random() < 0.5]
        rounds = rng.choice([None, 1, 2]) if game.default_rounds is not None else None
        try:
            doc = new_doc(game, names, variants, rounds, modules)
        except InvalidInput:
            doc = new_doc(game, names, [], None, [])
        session_id = store.insert(doc)
        prompter = FuzzPrompter(rng, names, budget)
        try:
            session = play(store, session_id, prompter, lambda text: None)
            finished += count_if(session.finished)
        except Aborted:
            stuck += 1
            where = prompter.last.split(":")[0] if "no random answer" in prompter.last else f"{budget} prompts"
            stuck_at[f"{game.slug} {where}"] = stuck_at.get(f"{game.slug} {where}", 0) + 1
        except (ScorepadError, InvalidInput) as error:  # one `Error:` line, but the game ended under the player
            crashes += 1
            print(f"  fuzz-prompts: {game.slug} at {prompter.last}: {error!r}", file=sys.stderr)
        except Exception as error:  # noqa: BLE001 - a traceback a player would see
            crashes += 1
            import traceback

            print(f"  fuzz-prompts: {game.slug} at {prompter.last}: {error!r}\n" + traceback.format_exc(limit=-3),
                  file=sys.stderr)
        prompts, refused, silent = prompts + prompter.prompts, refused + prompter.refused, silent + prompter.silent
    for where, times in sorted(stuck_at.items(), key=lambda item: -item[1])[:5]:
        print(f"  fuzz-prompts: stopped {times}× at {where}", file=sys.stderr)
    return Row("fuzzed prompt answers, every game", f"{n} games, {prompts:,} prompts",
               f"{crashes} crashes; {refused:,} answers refused, {silent} of them without a message; {finished} games "
               f"played to the end, {stuck} stopped (a question no random answer passed, or {budget} prompts)",
               broken=crashes + silent, figures=dict(crashes=crashes, refused=refused, silent=silent, finished=finished,
                                                     stuck=stuck, prompts=prompts))


# --- the campaign --------------------------------------------------------------------------------------

# name: (trial, full size, short size, runs on a RAM disk). The RAM disk is for trials about scorepad's logic,
# not its disk: fsync there costs nothing, so 10,000 tables and 1,000 games fit in minutes.
FAMILIES: dict[str, tuple[Callable[..., Row], dict[str, Any], dict[str, Any], bool]] = {
    "kill-import": (kill_import, {"n": 100}, {"n": 2, "batch": 10}, False),
    "kill-play": (kill_play, {"n": 100}, {"n": 2}, False),
    "kill-edit": (kill_edit, {"n": 60}, {"n": 2}, False),
    "kill-migrate": (kill_migrate, {"n": 60}, {"n": 2}, False),
    "kill-steps": (kill_steps, {"n": 0}, {"n": 1}, False),
    "disk-full": (disk_full, {"n": 36}, {"n": 3}, False),
    "writers": (writers, {"n": 2, "answers": 100}, {"n": 1, "answers": 5}, False),
    "two-terminals": (two_terminals, {"n": 20}, {"n": 1}, False),
    "ctrl-c": (ctrl_c, {"n": 60}, {"n": 3}, False),
    "hostile-db": (hostile_db, {"n": 20}, {"n": 1}, True),
    "tables": (tables, {"n": 10_000, "through_cli": 300}, {"n": 200, "through_cli": 10}, True),
    "fuzz-prompts": (fuzz_prompts, {"n": 1000}, {"n": 5}, True),
}


def families() -> dict[str, tuple[Callable[..., Row], dict[str, Any], dict[str, Any], bool]]:
    """Every trial family: issue 13's above, then issue 23's (bench/misuse.py) and the phones' server's (issue 21:
    bench/campaign_web.py)."""
    return {**FAMILIES, **misuse.FAMILIES, **campaign_web.FAMILIES}


def run_family(name: str, short: bool, rng: random.Random) -> Row:
    trial, full, small, fast = families()[name]
    ram = Path("/dev/shm") if fast and Path("/dev/shm").is_dir() else None
    folder = Path(tempfile.mkdtemp(prefix=f"scorepad-campaign-{name}-", dir=ram))
    try:
        return trial(rng=rng, work=folder, **(small if short else full))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def table(rows: list[Row]) -> str:
    lines = ["| trial | runs | result |", "|---|---|---|"]
    lines += [f"| {row.trial} | {row.runs} | {row.result} |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="a few trials of each (what the test suite runs)")
    parser.add_argument("--seed", type=int, default=None, help="repeat a campaign (its seed is printed)")
    parser.add_argument("--only", nargs="+", choices=list(families()), metavar="NAME",
                        help=f"these trial families only: {', '.join(families())}")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"scorepad reliability campaign ({'short' if args.short else 'full'}), seed {seed}", file=sys.stderr)
    rows = []
    for name in args.only or families():
        started = time.monotonic()
        row = run_family(name, args.short, random.Random(f"{seed}-{name}"))
        print(f"  {name}: {time.monotonic() - started:.1f} s{'' if not row.broken else f', {row.broken} broken'}",
              file=sys.stderr)
        rows.append(row)
    print(table(rows))
    return 1 if any(row.broken for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
