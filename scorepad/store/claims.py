"""Who is playing a session: one small claim file per playing process, beside the store's files.

    PATH.d/claims/3.4242@host.json   {"host": "host", "pid": 4242, "started": 81234567, "boot": "…", "since": "…"}

`play` and `resume` write one (atomically) for as long as they play, and remove it when they end (a normal
end, Ctrl-C, SIGTERM, SIGHUP). Opening a session shows the claims of other processes still alive, so the player can
decide whether to play it in two terminals at once (every answer is a compare-and-set anyway: see play.py).

A claim is stale, and never in the way, when its process is provably gone: on this host, its pid is not
running, is a zombie, or runs another program that took the pid over (its start time in /proc differs),
or the machine has rebooted since (another boot id). A claim made on another host cannot be checked from
here: it is shown as such. Stale claims on this host are removed when found.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from scorepad.errors import ReadOnly, StoreError
from scorepad.files import LARGEST_PART, TEMP_SUFFIX, read_limited, replace_file, sweep_temp_files
from scorepad.i18n import N_, _
from scorepad.store.lock import CANNOT_CHANGE, NOT_WRITABLE

if TYPE_CHECKING:
    from scorepad.store.database import Store

# TRANSLATORS: {path} is the claim file that says who plays the session; {reason}: the system's words.
CANNOT_CLAIM = N_("cannot play session {id}: cannot write {path}: {reason}")

_PROC = Path("/proc")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
# A claim's name: "<session>.<pid>@<host>.json"; a killed writer's temp file: ".<that name>.<random>.tmp".
_NAME = re.compile(r"^\.?(\d+)\.(\d+)@([A-Za-z0-9._-]*)\.json")


@dataclass(frozen=True)
class Claim:
    host: str
    pid: int
    since: str  # ISO 8601, when the process opened the session
    here: bool  # on this host: its liveness was checked


def host() -> str:
    return socket.gethostname()


def boot_id() -> str | None:
    """This boot of the machine (Linux), so that a pid from before a reboot is known to be gone."""
    try:
        return (_PROC / "sys/kernel/random/boot_id").read_text().strip() or None
    except OSError:
        return None


def _state(pid: int) -> tuple[str, int] | None:
    """Process `pid`'s state letter and start time (clock ticks since boot), from Linux /proc; None: unknown."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rfind(")") + 2:].split()  # the command name (in parentheses) may hold spaces
    try:
        return fields[0], int(fields[19])  # field 3 of stat is the state, field 22 the start time
    except (IndexError, ValueError):
        return None


def start_time(pid: int) -> int | None:
    state = _state(pid)
    return None if state is None else state[1]


def identity(pid: int | None = None) -> dict:
    """What a claim says of a process (this one by default): host, pid, start time and boot."""
    pid = os.getpid() if pid is None else pid
    since = datetime.now().astimezone().isoformat(timespec="seconds")
    return {"host": host(), "pid": pid, "started": start_time(pid), "boot": boot_id(), "since": since}


def _alive(claim: dict) -> bool:
    """A claim made on this host: is its process still the one that made it?"""
    pid = claim.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    boot = boot_id()
    if claim.get("boot") and boot and claim["boot"] != boot:
        return False  # the machine rebooted since: every process of then is gone
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        pass
    except OSError:
        return True  # cannot tell: the player decides
    state = _state(pid)
    if state is None:
        return True  # no /proc: a running pid is all that can be told
    if state[0] in "ZX":
        return False  # killed, not yet reaped by its parent
    # Another start time: the pid now belongs to another program.
    return claim.get("started") is None or state[1] == claim["started"]


def _file_name(session_id: int, pid: int, on: str) -> str:
    return f"{session_id}.{pid}@{_UNSAFE.sub('_', on)}.json"


def others(folder: Path, session_id: int) -> list[Claim]:
    """The claims on `session_id` of other live processes (or of processes on other hosts), oldest first.

    Stale claims of this host, and the temp files of claim writers that are gone, are removed on the way.
    """
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no claims folder yet, or unreadable: nothing claimed that we can see
        return []
    me, here = os.getpid(), host()
    found = []
    for entry in entries:
        match = _NAME.match(entry.name)
        if match is None or int(match[1]) != session_id:
            continue
        if entry.name.startswith("."):  # a claim writer's temp file: debris once its writer is gone
            if entry.name.endswith(TEMP_SUFFIX) and match[3] == _UNSAFE.sub("_", here) \
                    and not _alive({"pid": int(match[2])}):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
            continue
        try:
            claim = orjson.loads(read_limited(entry.path, LARGEST_PART))
        except (OSError, orjson.JSONDecodeError):
            continue  # removed meanwhile, or not one of ours
        if not isinstance(claim, dict) or not isinstance(claim.get("pid"), int):
            continue
        on = str(claim.get("host", ""))
        if on == here:
            if claim["pid"] == me and claim.get("started") == start_time(me):
                continue  # this process's own claim
            if not _alive(claim):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                continue
        found.append(Claim(host=on, pid=claim["pid"], since=str(claim.get("since", "")), here=on == here))
    return sorted(found, key=lambda c: c.since)


@contextlib.contextmanager
def claimed(store: Store, session_id: int) -> Iterator[None]:
    """This process plays `session_id` for the block: its claim file is written first and removed at the end
    (Ctrl-C, SIGTERM and SIGHUP unwind through it: scorepad/signals.py; a SIGKILL leaves a stale claim)."""
    mine = identity()
    path = store.claims_folder / _file_name(session_id, mine["pid"], mine["host"])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep_temp_files(path.parent)  # claim writers killed mid-write (no lock here: their pid is dead)
        replace_file(path, orjson.dumps(mine), sync=False, new_mode=0o600)  # about live processes: no fsync
    except OSError as error:
        reason = error.strerror or str(error)
        if error.errno in NOT_WRITABLE:  # what the store says of any write there
            raise ReadOnly(_(CANNOT_CHANGE).format(path=store.path, reason=reason)) from None
        raise StoreError(_(CANNOT_CLAIM).format(id=session_id, path=path, reason=reason)) from None
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()

