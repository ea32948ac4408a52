"""The campaign's trials of issue 23 (bench/campaign.py runs them with the others): scorepad misused by an unkind
user and an unlucky machine, beyond issue 13's kills and writers.

- hostile-json: duplicate keys, U+2028 in a name through `export --all` and `import`, dates at the calendar's
  edge, and the shapes that already held (deep nesting, 10^5000, NaN, a BOM, invalid UTF-8, lone surrogates);
- links: a symlink planted in place of each file scorepad writes (the database folder, the user cache, `-o`);
- unreadable: each folder of the database, and the cache, unreadable to an ordinary user who runs scorepad;
- odd-terminals: every command on a latin-1, cp1252, cp437 and koi8-r terminal; `resume` on TERM=dumb and under
  NO_COLOR in a pseudo-terminal that records every byte;
- early-ctrl-c: SIGINT within the first 150 ms of a command;
- huge-inputs: /dev/zero, a 3 GB sparse file, a 100,000-character name, a 1,000,000-character key, under
  `ulimit -v` (an address space of 1 GB);
- names: names that look the same (invisible characters, another Unicode form) and names with nothing visible.

A check that waits for a fix not on this branch yet names its point in WAITING: its failures are counted apart
(not as broken), and a row says when such a check holds now, so that its point can leave WAITING.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pexpect

from bench import campaign  # its helpers, used when a trial runs (campaign.py imports this module first)
from calculators.core import InvalidInput, check_players

# Issue 23's points whose fix is on another branch, not this one yet: checks of these count apart until it lands.
# None now: robust-files (points 1, 2, 4, 5's dates and unreadable folders, 6) has landed.
WAITING: dict[str, str] = {}
TRACEBACK = re.compile(r"Traceback|Error\w*Error|MemoryError|KeyboardInterrupt|Exception ignored")


@dataclass
class Tally:
    """What one family saw: checks that held, broke, or failed while their point waits for another branch."""
    runs: int = 0
    broken: list[str] = field(default_factory=list)
    waiting: dict[str, int] = field(default_factory=dict)
    holds_now: set[str] = field(default_factory=set)

    def check(self, ok: bool, what: str, point: str | None = None) -> bool:
        self.runs += 1
        if point in WAITING:
            if ok:
                self.holds_now.add(point)
            else:
                self.waiting[point] = self.waiting.get(point, 0) + 1
        elif not ok:
            self.broken.append(what)
            print(f"  {what}", file=sys.stderr)
        return ok

    def row(self, trial: str, runs: str, result: str, **figures: Any) -> campaign.Row:
        notes = [f"{len(self.broken)} broken"]
        notes += [f"{n} waiting for point {p} ({WAITING[p]})" for p, n in sorted(self.waiting.items())]
        notes += [f"point {p} holds now: take it out of WAITING" for p in sorted(self.holds_now - set(self.waiting))]
        return campaign.Row(trial, runs, f"{result}; {'; '.join(notes)}", broken=len(self.broken),
                   figures=dict(broken=len(self.broken), checks=self.runs, waiting=dict(self.waiting), **figures))


def run(args: list[Any], *, timeout: float = 60, env: dict[str, str] | None = None,
        **kw: Any) -> subprocess.CompletedProcess:
    """`python -m scorepad ARGS`, its output as bytes (an odd encoding is read as it was written)."""
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)], capture_output=True, timeout=timeout,
                          env={**campaign.child_env(), **(env or {})}, **kw)


def fine(done: subprocess.CompletedProcess, *, may_refuse: bool = True) -> bool:
    """Exit 0, or (when `may_refuse`) exit 1 or 2 with a short line last (`Error: …`, in any language and any
    encoding: `???: …` on a latin-1 terminal); never a traceback."""
    err = done.stderr.decode("utf-8", "replace") if isinstance(done.stderr, bytes) else done.stderr
    if TRACEBACK.search(err):
        return False
    if done.returncode == 0:
        return True
    lines = err.strip().splitlines()
    return may_refuse and done.returncode in (1, 2) and bool(lines) and len(lines[-1]) < 1000


def refused(done: subprocess.CompletedProcess) -> bool:
    err = done.stderr.decode("utf-8", "replace") if isinstance(done.stderr, bytes) else done.stderr
    return done.returncode == 1 and err.startswith("Error: ") and err.count("\n") == 1 and not TRACEBACK.search(err)


def write_table(path: Path, table: Any = None, *, text: str | None = None) -> Path:
    path.write_text(text if text is not None else json.dumps(table, ensure_ascii=False), encoding="utf-8",
                    errors="surrogatepass")
    return path


def imported(db: Path, table: dict, work: Path) -> int | None:
    done = run(["--db", db, "import", write_table(work / "in.json", table), "--again"])
    return int(done.stdout.split()[-1]) if done.returncode == 0 and done.stdout.split() else None


# --- hostile JSON shapes -------------------------------------------------------------------------------

def _duplicated(text: str, key: str, value: str) -> str:
    """The table's JSON with `"key": value` written a second time right after the first (json.dumps won't)."""
    at = text.index(json.dumps(key) + ":")
    return text[:at] + f"{json.dumps(key)}: {value}, " + text[at:]


def _fits(date: str) -> bool:
    """Whether a date is an instant every calendar scorepad converts it to can hold (UTC, the local time)."""
    try:
        moment = datetime.fromisoformat(date)
        if moment.tzinfo is not None:
            moment.astimezone(timezone.utc).astimezone()
        return True
    except (ValueError, OverflowError):
        return False


def hostile_json(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    lc = campaign.TABLES["lost-cities"]
    text = json.dumps(lc)
    # 2: a key twice in one object, at every level; the copy says something else, so a silent pick loses data
    twice = {"a field": _duplicated(text, "blue", "[]"), "a player in a round": _duplicated(text, "Ana", "{}"),
             "a top-level key": _duplicated(text, "players", '["Cai", "Dan"]'),
             "the game": _duplicated(text, "game", '"lost-cities"')}
    for what, body in twice.items():
        path = write_table(work / "twice.json", text=body)
        for command in (["score", "--table", path], ["import", path]):
            done = run(["--db", work / "twice.db", *command])
            tally.check(refused(done), f"hostile-json: {what} twice: `{command[0]}` exit {done.returncode} "
                        f"{done.stderr[-200:]!r}", point="2")
    # 1: a name holding a line or paragraph separator, through a backup and back
    for separator in ("\u2028", "\u2029"):
        db, restored = work / f"sep{ord(separator)}.db", work / f"back{ord(separator)}.db"
        named = json.loads(json.dumps(lc).replace('"Ana"', json.dumps(f"A{separator}na")))
        if imported(db, named, work) is None:
            tally.check(False, f"hostile-json: a name with U+{ord(separator):04X} not imported")
            continue
        backup = work / "backup.jsonl"
        done = run(["--db", db, "export", "--all", "-o", backup])
        raw = backup.read_bytes() if backup.exists() else b""
        tally.check(done.returncode == 0 and separator.encode() not in raw,
                    f"hostile-json: export --all wrote a raw U+{ord(separator):04X}", point="1")
        again = run(["--db", restored, "import", backup])
        tally.check(again.returncode == 0, f"hostile-json: the backup of U+{ord(separator):04X} does not import: "
                    f"{again.stderr[-200:]!r}", point="1")
    # 5: dates at the calendar's edge, refused where the table is read (or every command works with them)
    edges = ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59", "0001-01-01", "9999-12-31T23:59:59"]
    for date in rng.sample(edges, min(len(edges), max(2, n))):
        db = work / f"date-{edges.index(date)}.db"
        done = run(["--db", db, "import", write_table(work / "date.json", {**lc, "date": date})])
        tally.check(fine(done), f"hostile-json: import of date {date}: {done.stderr[-200:]!r}")
        if done.returncode != 0:
            continue
        tally.check(_fits(date), f"hostile-json: date {date} accepted", point="5-dates")
        for command in (["sheet", "1", "-o", work / "date.pdf"], ["export", "1", "--format", "bgstats"],
                        ["export", "1", "--format", "bgstats-url"], ["show", "1"], ["list"]):
            after = run(["--db", db, *command])
            bad_year = b'"1-01-01' in after.stdout
            tally.check(fine(after) and not bad_year, f"hostile-json: date {date}: `{' '.join(map(str, command))}`"
                        f" exit {after.returncode} {after.stderr[-200:]!r}", point="5-dates")
    # what held in the issue, and must stay so
    held = {"100,000 levels of nesting": "[" * 100_000 + "]" * 100_000, "10^5000": '{"game": ' + "1" * 5000 + "}",
            "NaN": text.replace("[2, 5, 7, 10]", "[NaN]"), "a BOM": "\ufeff" + text,
            "a lone surrogate": text.replace('"Ana"', '"A\\ud800na"')}
    for what, body in held.items():
        path = write_table(work / "held.json", text=body)
        done = run(["--db", work / "held.db", "score", "--table", path])
        tally.check(fine(done), f"hostile-json: {what}: exit {done.returncode} {done.stderr[-200:]!r}")
    bad_utf8 = work / "bad.json"
    bad_utf8.write_bytes(text.encode().replace(b'"Ana"', b'"A\xffna"'))
    done = run(["--db", work / "held.db", "import", bad_utf8])
    tally.check(refused(done), f"hostile-json: invalid UTF-8: {done.stderr[-200:]!r}")
    return tally.row("hostile JSON shapes (keys twice, U+2028 through a backup, calendar-edge dates, deep nesting, "
                     "10^5000, NaN, BOM, invalid UTF-8, lone surrogates)", f"{tally.runs} checks",
                     f"{tally.runs - len(tally.broken) - sum(tally.waiting.values())} held")


# --- planted links -------------------------------------------------------------------------------------

def _plant(files: list[Path], victims: Path, *, same: bool) -> dict[Path, bytes]:
    """Each file replaced by a symlink to a victim outside, holding the file's own bytes (`same`: a read through
    the link reads what it expects) or someone else's: the victims and what they hold."""
    planted = {}
    for number, path in enumerate(files):
        victim = victims / f"{len(list(victims.iterdir()))}-{path.name}"
        if same:
            shutil.copyfile(path, victim)
        else:
            victim.write_bytes(b"someone else's file, not scorepad's")
        path.unlink()
        path.symlink_to(victim)
        planted[victim] = victim.read_bytes()
    return planted


def links(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    victims = work / "victims"
    victims.mkdir()
    env = {"XDG_CACHE_HOME": str(work / "cache"), "XDG_DATA_HOME": str(work / "data")}
    lc = campaign.TABLES["lost-cities"]
    # The database folder: every file of PATH.d a link, then each writing command.
    commands = [["import", write_table(work / "lc.json", lc), "--again"],
                ["edit", "1", "--round", "1", "--player", "Ana", "--field", "yellow", "2 3"],
                ["players", "rename", "Ana", "Zoë", "--yes"], ["delete", "1", "--yes"], ["undo", "1", "--yes"]]
    for number, command in enumerate(rng.sample(commands, min(len(commands), max(n, 3)))):
        db = work / f"db{number}" / "scorepad.json"
        db.parent.mkdir()
        run(["--db", db, "import", work / "lc.json"], env=env)
        run(["--db", db, "import", work / "lc.json", "--again"], env=env)
        # The database file itself may be a link (the writers trial spells it so): the folder PATH.d is scorepad's.
        files = [p for p in db.with_name(db.name + ".d").rglob("*") if p.is_file() and not p.name.endswith(".lock")]
        planted = _plant(files, victims, same=True)
        done = run(["--db", db, *command], env=env)
        changed = [v.name for v, data in planted.items() if v.read_bytes() != data]
        tally.check(fine(done) and not changed, f"links: `{command[0]}` with the database's {len(files)} files "
                    f"planted: exit {done.returncode}, wrote through {changed[:3]} {done.stderr[-150:]!r}")
    # The user cache: a Chinese sheet fills it; each of its files a link; another Chinese sheet.
    db = work / "cache-db.json"
    run(["--db", db, "import", work / "lc.json"], env=env)
    first = run(["--db", db, "--lang", "zh-Hant", "sheet", "1", "-o", work / "one.pdf"], env=env)
    cached = [p for p in (work / "cache").rglob("*") if p.is_file()]
    tally.check(first.returncode == 0 and bool(cached), f"links: the first Chinese sheet: {first.stderr[-200:]!r}")
    planted = _plant(cached, victims, same=False)
    again = run(["--db", db, "--lang", "zh-Hant", "sheet", "1", "-o", work / "two.pdf"], env=env)
    changed = [v.name for v, data in planted.items() if v.read_bytes() != data]
    tally.check(fine(again), f"links: a Chinese sheet over a planted cache: {again.stderr[-200:]!r}")
    tally.check(not changed, f"links: a Chinese sheet wrote through the cache's links into {changed}", point="4")
    # -o: a link where the output goes
    for command in (["sheet", "1", "-o"], ["export", "1", "-o"], ["export", "--all", "-o"]):
        victim = victims / f"out-{len(command)}-{command[1]}"
        victim.write_bytes(b"someone else's file")
        target = work / f"out-{command[0]}-{command[1]}.link"
        target.symlink_to(victim)
        done = run(["--db", db, *command, target], env=env)
        tally.check(fine(done) and victim.read_bytes() == b"someone else's file",
                    f"links: `{' '.join(command)} LINK` wrote through it: {done.stderr[-150:]!r}")
    return tally.row("planted links (every file of the database folder, of the user cache, an `-o` target)",
                     f"{tally.runs} checks", f"{len(list(victims.iterdir()))} files planted")


# --- unreadable folders, as an ordinary user -----------------------------------------------------------

NOBODY = 65534


def _as_nobody() -> dict[str, Any]:
    return {"preexec_fn": lambda: (os.setgroups([]), os.setgid(NOBODY), os.setuid(NOBODY)), "cwd": "/"}


def nobody_python(work: Path) -> tuple[str | None, str]:
    """A Python that user nobody can run with scorepad and its libraries importable: a venv made from this one's
    interpreter or /usr/bin/python3 (the same version) in a world-readable folder, whose .pth names this checkout
    and the libraries. (None, why) when there is none."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    folder = Path(tempfile.mkdtemp(prefix="scorepad-nobody-", dir="/tmp"))
    why = f"no Python {version} to make a venv from"
    os.chmod(folder, 0o755)
    paths = [str(campaign.REPO), *dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])]
    for base in (sys.executable, shutil.which(f"python{version}") or "", "/usr/bin/python3"):
        if not base or not Path(base).exists():
            continue
        venv = folder / Path(base).name.replace(".", "-")
        made = subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], capture_output=True, text=True)
        python = venv / "bin" / "python"
        if made.returncode != 0:
            continue
        site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                   capture_output=True, text=True).stdout.strip())
        (site / "scorepad-campaign.pth").write_text("\n".join(paths) + "\n")
        try:
            probe = subprocess.run([str(python), "-c", f"import sys; assert sys.version.startswith('{version}.'); "
                                    "import scorepad.cli"], capture_output=True, text=True,
                                   env={"PATH": "/usr/bin:/bin"}, **_as_nobody())
        except OSError as error:  # an interpreter under a folder nobody may enter (/root)
            why = str(error)
            continue
        if probe.returncode == 0:
            return str(python), ""
        why = (probe.stderr.strip().splitlines() or ["?"])[-1]
    shutil.rmtree(folder, ignore_errors=True)
    return None, f"user nobody cannot run scorepad here ({why})"


def unreadable(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    if os.geteuid() != 0:
        return campaign.Row("unreadable folders, as user nobody", "skipped",
                            "skipped: needs root (to run as user nobody)")
    python, why = nobody_python(work)
    if python is None:
        return campaign.Row("unreadable folders, as user nobody", "skipped", f"skipped: {why}")
    runner = os.path.realpath(python)
    home = Path(tempfile.mkdtemp(prefix="scorepad-unreadable-", dir="/tmp"))
    try:
        os.chmod(home, 0o755)
        table = write_table(home / "lc.json", campaign.TABLES["lost-cities"])
        os.chmod(table, 0o644)
        env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
               "XDG_DATA_HOME": str(home / "data"), "LANG": "C.UTF-8"}

        def as_nobody(db: Path, *args: Any, lang: str = "en") -> subprocess.CompletedProcess:
            return subprocess.run([python, "-m", "scorepad", "--db", str(db), "--lang", lang, *map(str, args)],
                                  capture_output=True, timeout=120, env=env, **_as_nobody())

        os.chown(home, NOBODY, NOBODY)
        base = home / "base" / "scorepad.json"
        base.parent.mkdir()
        os.chown(base.parent, NOBODY, NOBODY)
        for _ in range(2):
            as_nobody(base, "import", table, "--again")
        as_nobody(base, "stats")
        as_nobody(base, "--lang", "zh-Hant", "sheet", "1", "-o", home / "first.pdf")
        folders = ["index", "facts", "marks", "stats", "sessions", "sessions/0000"]
        commands = [["list"], ["stats"], ["players"], ["show", "1"], ["delete", "2", "--yes"], ["export", "--all"]]
        for name in rng.sample(folders, min(len(folders), max(n, 4))):
            db = home / name.replace("/", "-") / "scorepad.json"
            shutil.copytree(base.parent, db.parent, symlinks=True)
            for p in [db.parent, *db.parent.rglob("*")]:
                os.chown(p, NOBODY, NOBODY)
            locked = db.with_name(db.name + ".d") / name
            if not locked.exists():
                continue
            for command in commands:
                os.chmod(locked, 0o000)
                done = as_nobody(db, *command)
                os.chmod(locked, 0o755)
                tally.check(fine(done), f"unreadable: {name}/: `{' '.join(command)}` exit {done.returncode} "
                            f"{done.stderr.decode(errors='replace')[-200:]!r}", point="5-unreadable")
        cache = home / "cache"
        if cache.exists():  # the README: an unreadable cache only makes sheets slower
            os.chmod(cache, 0o000)
            done = as_nobody(base, "sheet", "1", "-o", home / "second.pdf", lang="zh-Hant")
            os.chmod(cache, 0o755)
            tally.check(done.returncode == 0, f"unreadable: a Chinese sheet with an unreadable cache: exit "
                        f"{done.returncode} {done.stderr.decode(errors='replace')[-200:]!r}", point="5-unreadable")
    finally:
        for p in [home, *home.rglob("*")]:
            with contextlib.suppress(OSError):
                os.chmod(p, 0o755) if p.is_dir() else None
        shutil.rmtree(home, ignore_errors=True)
        shutil.rmtree(Path(python).parents[2], ignore_errors=True)
    return tally.row("unreadable folders (index, facts, marks, stats, sessions, the cache), as user nobody",
                     f"{tally.runs} checks", f"run by {runner} in a venv of its own")


# --- odd terminals -------------------------------------------------------------------------------------

ENCODINGS = ["latin-1", "cp1252", "cp437", "koi8-r"]
NAMES = ["李雷", "مریم", "Zoë"]


def odd_terminals(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    db = work / "db.json"
    lc = campaign.TABLES["lost-cities"]
    names = rng.sample(NAMES, 2)
    renamed = json.loads(json.dumps(lc).replace('"Ana"', json.dumps(names[0])).replace('"Ben"', json.dumps(names[1])))
    imported(db, renamed, work)
    commands = [["games"], ["list"], ["list", "--json"], ["show", "1"], ["score", "1"], ["score", "1", "--json"],
                ["players"], ["stats"], ["export", "1"], ["export", "--all"], ["export", "1", "--format", "csv"],
                ["--help"], ["show", "99"]]
    langs = ["en", "fa", "ar", "zh-Hant", "ru"]
    for encoding in ENCODINGS:
        for command in rng.sample(commands, min(len(commands), max(n, 3))):
            lang = rng.choice(langs)
            done = run(["--db", db, "--lang", lang, *command], env={"PYTHONIOENCODING": encoding})
            ok = fine(done) and (done.returncode == 0) == (command != ["show", "99"])
            if ok and ("--json" in command or command[0] == "export" and "--format" not in command):
                with contextlib.suppress(ValueError):  # JSON keeps every name, whatever the encoding
                    text = done.stdout.decode(encoding)
                    ok = all(name in text.encode("ascii", "backslashreplace").decode("unicode_escape")
                             or name in text for name in names) or command == ["list", "--json"]
            tally.check(ok, f"odd-terminals: {encoding}, --lang {lang} {' '.join(command)}: exit {done.returncode} "
                        f"{done.stderr[-200:]!r}")
    escapes = _dumb_resume(work, tally)
    return tally.row("odd terminals (latin-1, cp1252, cp437, koi8-r; TERM=dumb and NO_COLOR in a recording pty)",
                     f"{tally.runs} checks", f"escape sequences sent to a dumb terminal by a resume: {escapes}",
                     escapes=escapes)


def _dumb_resume(work: Path, tally: Tally) -> int:
    """A resume answered and stopped in a pseudo-terminal that records every byte: none an escape on TERM=dumb,
    no colour under NO_COLOR."""
    sent = {}
    for term, extra in (("dumb", {}), ("xterm-256color", {"NO_COLOR": "1"})):
        db = work / f"{term}.json"
        session = campaign.new_lc_session(db)
        child = pexpect.spawn(sys.executable, ["-m", "scorepad", "--db", str(db), "resume", str(session)],
                              env={**campaign.child_env(), "TERM": term, "PROMPT_TOOLKIT_NO_CPR": "1", **extra},
                              dimensions=(40, 100), timeout=20, preexec_fn=campaign.from_a_shell)
        log = work / f"{term}.bytes"
        with log.open("wb") as seen:
            child.logfile_read = seen
            for expected, answer in ((b"Ben", "Ben\r"), (b"Yellow:", "w3 4\r"), (b"Blue:", "xyz\r"),
                                     (b"Blue:", "\x03")):
                child.expect_exact(expected)
                time.sleep(0.1)
                child.send(answer)
            child.expect(pexpect.EOF)
            child.close()
        sent[term] = log.read_bytes()
        tally.check(child.exitstatus == 130, f"odd-terminals: {term} resume ended with {child.exitstatus}")
    tally.check(b"\x1b" not in sent["dumb"], "odd-terminals: a dumb terminal got escape sequences")
    colours = re.findall(rb"\x1b\[[0-9;]*(?:3[0-9]|4[0-9]|38;5;\d+)m", sent["xterm-256color"])
    tally.check(not colours, f"odd-terminals: NO_COLOR got colours {colours[:3]}")
    return sent["dumb"].count(b"\x1b")


# --- Ctrl-C while a command starts ---------------------------------------------------------------------

def early_ctrl_c(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    db = work / "db.json"
    table = write_table(work / "lc.json", campaign.TABLES["lost-cities"])
    imported(db, campaign.TABLES["lost-cities"], work)
    commands = [["list"], ["show", "1"], ["games"], ["score", "--table", table], ["stats"],
                ["import", table, "--again"]]
    ours = startup = stopped = 0
    for _ in range(n):
        command = rng.choice(commands)
        child = subprocess.Popen([sys.executable, "-m", "scorepad", "--db", str(db), *map(str, command)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=campaign.child_env(),
                                 preexec_fn=campaign.from_a_shell)
        time.sleep(rng.uniform(0, 0.15))
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        frames = scorepad_frames(err)
        in_startup = bool(TRACEBACK.search(err)) and not frames  # Python's start-up (site), and `import signal`
        ours += count(bool(frames))
        startup += count(in_startup)
        stopped += count(child.returncode in (130, -signal.SIGINT))
        tally.check(not frames, f"early-ctrl-c: `{' '.join(map(str, command))}`: a traceback in scorepad: "
                    f"{err[-300:]!r}")
        tally.check(in_startup or child.returncode in (0, 130, -signal.SIGINT),
                    f"early-ctrl-c: `{command[0]}` exit {child.returncode} {err[-200:]!r}")
    return tally.row("Ctrl-C within 150 ms of a command's start", f"{n}",
                     f"{ours} tracebacks from scorepad's code; {startup} from Python's own start-up (site, and "
                     f"scorepad's first lines, before a handler can be set); {stopped} stopped with 130, the rest had "
                     "finished",
                     ours=ours, startup=startup)


def scorepad_frames(err: str) -> list[str]:
    """The traceback's frames in scorepad's files, but for a Ctrl-C in scorepad/__init__.py's own first lines, the
    only scorepad frame: what runs before its handler is set is Python's start-up (site), and so are those lines
    (once the handler is set, Ctrl-C ends the process at once, with no traceback)."""
    frames = [line for line in err.splitlines() if line.strip().startswith("File ") and "/scorepad/" in line]
    if len(frames) == 1 and "/scorepad/__init__.py" in frames[0] and "KeyboardInterrupt" in err:
        return []
    return frames


def count(flag: bool) -> int:
    return 1 if flag else 0


# --- huge inputs under ulimit -v -----------------------------------------------------------------------

ADDRESS_SPACE = 1 << 30  # ulimit -v: 1 GB, far above what a real game takes


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def huge_inputs(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    db = work / "db.json"
    lc = campaign.TABLES["lost-cities"]
    sparse = work / "sparse.json"
    with sparse.open("wb") as f:
        f.truncate(3 << 30)  # 3 GB of holes: no disk used
    cases = {
        "a name of 100,000 characters": (write_table(work / "name.json", {**lc, "players": ["A" * 100_000, "Ben"]}),
                                         None),
        "a key of 1,000,000 characters": (write_table(work / "key.json", {**lc, "k" * 1_000_000: 1}), None),
        "a field of 1,000,000 characters": (write_table(work / "field.json", {**lc, "rounds": [
            {**lc["rounds"][0], "Ana": {"y" * 1_000_000: [2]}}]}), None),
        "/dev/zero": (Path("/dev/zero"), "6"),
        "a 3 GB sparse file": (sparse, "6"),
    }
    longest = 0
    for what, (path, point) in cases.items():
        for command in (["score", "--table", path], ["import", path]):
            started = time.monotonic()
            try:
                done = run(["--db", db, *command], timeout=60, preexec_fn=_limited)
            except subprocess.TimeoutExpired:
                tally.check(False, f"huge-inputs: {what}: `{command[0]}` still running after 60 s", point=point)
                continue
            took = time.monotonic() - started
            longest = max(longest, len(done.stderr) if point is None else 0)  # point 6's files: a traceback yet
            tally.check(refused(done) and took < 30, f"huge-inputs: {what}: `{command[0]}` exit {done.returncode} in "
                        f"{took:.1f} s {done.stderr[-200:]!r}", point=point)
            tally.check(len(done.stderr) < 500, f"huge-inputs: {what}: an error line of {len(done.stderr):,} bytes",
                        point=point)
    return tally.row("huge inputs under ulimit -v 1 GB (/dev/zero, a 3 GB sparse file, a name of 100,000 "
                     "characters, a key of 1,000,000)", f"{tally.runs} checks",
                     f"the longest error line of a name, key or field {longest:,} bytes", longest=longest)


# --- names that look the same --------------------------------------------------------------------------

INVISIBLE = ["\u200b", "\u2060", "\ufeff", "\u00ad", "\u200d", "\u200e", "\u200f", "\u034f", "\u061c", "\u180e",
             "\ufe0f", "\U000e0041", "\u200c"]
JOINING = re.compile("[\u0600-\u06ff]")  # between two Arabic-script letters a ZWNJ shows: they no longer join
BLANK = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u200e", "\u200d", "\u200b"]


def _look_alike(name: str, rng: random.Random) -> str:
    """`name` with invisible characters slipped in, or its letters decomposed (NFD), as a hand or a keyboard would."""
    if rng.random() < 0.3 and unicodedata.normalize("NFD", name) != name:
        return unicodedata.normalize("NFD", name)
    chars = list(name)
    for _ in range(rng.randint(1, 3)):
        chars.insert(rng.randint(0, len(chars)), rng.choice(INVISIBLE[:-1] if JOINING.search(name) else INVISIBLE))
    return "".join(chars)


def names(n: int, rng: random.Random, work: Path) -> campaign.Row:
    tally = Tally()
    base = ["Ana", "Zoë", "José", "Renée", "Ñu", "Мария", "علی", "李雷", "Ana-Maria"]
    for _ in range(n):
        name = rng.choice(base)
        other = _look_alike(name, rng)
        try:
            taken = check_players([name, other], (2,))
        except InvalidInput:
            taken = None
        tally.check(taken is None, f"names: {name!r} and {other!r} taken as two players")
        blank = "".join(rng.choice(BLANK) for _ in range(rng.randint(1, 3)))
        try:
            taken = check_players([blank, "Ben"], (2,))
        except InvalidInput:
            taken = None
        tally.check(taken is None, f"names: {blank!r} (nothing visible) taken as a name")
    for _ in range(max(1, n // 20)):  # through the command line, as a player would
        name = rng.choice(base)
        text = json.dumps(campaign.TABLES["lost-cities"])
        table = json.loads(text.replace('"Ben"', json.dumps(_look_alike(name, rng))).replace('"Ana"', json.dumps(name)))
        done = run(["--db", work / "db.json", "import", write_table(work / "t.json", table)])
        tally.check(refused(done), f"names: import of {table['players']!r}: exit {done.returncode}")
    return tally.row("names that look the same (invisible characters, another Unicode form) or show nothing",
                     f"{n} pairs + {max(1, n // 20)} through the CLI", f"{tally.runs} checks")


# name: (trial, full size, short size, runs on a RAM disk), as campaign.FAMILIES
FAMILIES = {
    "hostile-json": (hostile_json, {"n": 4}, {"n": 2}, True),
    "links": (links, {"n": 5}, {"n": 3}, True),
    "unreadable": (unreadable, {"n": 6}, {"n": 2}, False),
    "odd-terminals": (odd_terminals, {"n": 13}, {"n": 3}, True),
    "early-ctrl-c": (early_ctrl_c, {"n": 100}, {"n": 12}, True),
    "huge-inputs": (huge_inputs, {"n": 1}, {"n": 1}, True),
    "names": (names, {"n": 2000}, {"n": 200}, True),
}
