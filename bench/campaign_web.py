"""The campaign's trials of `scorepad host` (issue 21): a server killed mid-answer, flooded by many phones, fed
oversized and malformed bodies, tried without the secret and with another seat's cookie.

Each trial starts real `scorepad host` processes on 127.0.0.1 only, bounded in count and time, and returns one
row of bench/campaign.py's table (its families() takes FAMILIES below).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench import campaign  # its Row, used when a trial runs (campaign.py imports this module first)

SCOREPAD = [sys.executable, "-m", "scorepad"]
LC_HAND = {"yellow": "w3 4 6 8 9", "blue": "2 5 7 10", "white": "", "green": "ww", "red": "4678910"}


def host(database: Path, *args: str) -> tuple[subprocess.Popen, str]:
    """A `scorepad host` serving on this computer only, and its join link."""
    process = subprocess.Popen([*SCOREPAD, "--db", str(database), "host", *args, "--address", "127.0.0.1", "--no-qr"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=campaign.from_a_shell)
    for line in process.stdout:
        if line.startswith("http://"):
            return process, line.strip()
    raise RuntimeError(process.stderr.read())


class Phone:
    """A phone: its own cookies, as a browser keeps them."""

    def __init__(self, link: str, join: bool = True) -> None:
        self.base, self.secret = link.split("/join/")
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        if join:
            self.opener.open(link, timeout=10).read()

    def call(self, path: str, body: Any = None, *, raw: bytes | None = None, headers: dict | None = None,
             method: str | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with self.opener.open(request, timeout=15) as response:
                text = response.read()
                status = response.status
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text.decode("utf-8", "replace")

    def state(self) -> dict:
        return self.call("/api/state")[1]


def exported_log(database: Path) -> list | None:
    done = subprocess.run([*SCOREPAD, "--db", str(database), "export", "1"], capture_output=True, text=True,
                          timeout=60)
    if done.returncode != 0:
        return None
    return [entry["at"] for entry in json.loads(done.stdout)["session"]["log"]]


def _server_kill(n: int, rng: random.Random, work: Path) -> tuple[str, str, int]:
    """SIGKILL at a random instant while a phone answers: every answer it was told was taken is in `export`."""
    broken, lost, killed_mid = 0, 0, 0
    for run in range(n):
        database = work / f"kill-{run}.json"
        process, link = host(database, "lost-cities", "-p", "Ana", "Ben", "--rounds", "1")
        phone = Phone(link)
        phone.call("/api/seat", {"player": "Ana"})
        taken: list[list] = []
        answers = [(["setup", "oldest"], "Ana")] + [(["rounds", 0, "Ana", c], v) for c, v in LC_HAND.items()]
        stop_after = rng.uniform(0.0, 0.25)

        def kill_later() -> None:
            time.sleep(stop_after)
            process.kill()

        killer = threading.Thread(target=kill_later)
        killer.start()
        version = 0
        for at, value in answers:
            try:
                status, state = phone.call("/api/answer", {"at": at, "value": value, "version": version})
            except OSError:  # the server died under this request: not told it was taken
                killed_mid += 1
                break
            if status != 200:
                break
            taken.append(at)
            version = state["version"]
        killer.join()
        process.wait(10)
        log = exported_log(database)
        if log is None or log[:len(taken)] != taken:
            broken += 1
            lost += len([at for at in taken if log is None or at not in log])
    return str(n), f"{killed_mid} killed mid-request; answers lost: {lost}; export failed or short: {broken}", broken


def _server_flood(n: int, rng: random.Random, work: Path, phones: int = 8, requests: int = 60) -> tuple[str, str, int]:
    """Many phones at once: reads, stale and fresh answers, event streams; no 5xx, the server alive, every
    answer taken once, versions only growing."""
    broken = 0
    statuses: dict[int, int] = {}
    for run in range(n):
        database = work / f"flood-{run}.json"
        process, link = host(database, "lost-cities", "-p", "Ana", "Ben", "--rounds", "1")
        crowd = [Phone(link) for _ in range(phones)]
        crowd[0].call("/api/seat", {"player": "Ana"})
        crowd[1].call("/api/seat", {"player": "Ben"})
        seen_versions: list[int] = []
        lock = threading.Lock()

        def phone_loop(index: int) -> None:
            local = random.Random(f"{run}-{index}")
            me = crowd[index]
            for _ in range(requests):
                state = me.state()
                if not isinstance(state, dict):
                    continue
                with lock:
                    seen_versions.append(state["version"])
                mine = [q for q in state.get("open", []) if q.get("mine")]
                if mine and local.random() < 0.5:
                    question = local.choice(mine)
                    colour = question["at"][-1]
                    status, _body = me.call("/api/answer", {"at": question["at"], "value": LC_HAND.get(colour, "Ana"),
                                                            "version": state["version"] - local.randint(0, 1)})
                else:
                    status, _body = me.call(local.choice(["/api/state", "/pad", "/", "/static/app.js"]))
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1

        threads = [threading.Thread(target=phone_loop, args=(i,)) for i in range(phones)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        alive = process.poll() is None
        process.send_signal(signal.SIGINT)
        process.wait(15)
        log = exported_log(database)
        if not alive or log is None or len(log) != len({tuple(at) for at in log}) or \
                any(code >= 500 for code in statuses):
            broken += 1
    shown = ", ".join(f"{code}×{count}" for code, count in sorted(statuses.items()))
    return f"{n}×{phones} phones×{requests}", f"statuses {shown}", broken


HOSTILE_BODIES: list[tuple[str, bytes, dict]] = [
    ("64 KB + 1", b'{"at": ["setup", "oldest"], "value": "' + b"x" * (64 * 1024) + b'", "version": 0}', {}),
    ("10 MB", b"[" * (10 * 2**20), {}),
    ("not JSON", b"\xff\xfe\x00garbage", {}),
    ("deep nesting", b"[" * 100_000 + b"]" * 100_000, {}),
    ("a huge number", b'{"at": ["setup", "oldest"], "value": "Ana", "version": 1' + b"0" * 5000 + b"}", {}),
    ("wrong types", b'{"at": "setup", "value": ["Ana"], "version": "0"}', {}),
    ("a lone surrogate", b'{"at": ["setup", "oldest"], "value": "\\ud800", "version": 0}', {}),
    ("text/plain", b'{"at": ["setup", "oldest"], "value": "Ana", "version": 0}', {"Content-Type": "text/plain"}),
    ("a lying length", b'{"at": [', {"Content-Length": "999999"}),
]


def _server_hostile(n: int, rng: random.Random, work: Path) -> tuple[str, str, int]:
    """Oversized and malformed bodies, no secret, another site's form, a forged phone: never a 5xx, nothing recorded
    that should not be, nothing revealed without the secret."""
    broken, tried = 0, 0
    database = work / "hostile.json"
    process, link = host(database, "lost-cities", "-p", "Ana", "Ben", "--rounds", "1")
    try:
        ana = Phone(link)
        ana.call("/api/seat", {"player": "Ana"})
        for _round in range(n):
            for name, body, headers in HOSTILE_BODIES:
                tried += 1
                try:
                    status, _answer = ana.call("/api/answer", raw=body, headers=headers)
                except OSError:
                    status = 0  # the server closed the connection on a body it refused: fine, if it lives on
                if status >= 500 or status == 200 or process.poll() is not None:
                    broken += 1
            stranger = Phone(link, join=False)
            for path in ("/", "/api/state", "/api/events", "/pad", "/static/app.js", "/join/" + "x" * 32):
                tried += 1
                status, text = stranger.call(path, method="GET")
                if status != 404 or "Ana" in str(text):
                    broken += 1
            tried += 1
            status, _text = ana.call("/api/answer", {"at": ["setup", "oldest"], "value": "Ben", "version": 0},
                                     headers={"Origin": "http://elsewhere.example"})
            broken += status != 404
            forged = Phone(link)  # the table's secret, but a phone of its own: it holds no seat
            forged.cookies.clear(domain=forged.base.split("//")[1].split(":")[0], path="/", name="scorepad_phone")
            tried += 1
            status, _text = forged.call("/api/answer", {"at": ["rounds", 0, "Ana", "blue"], "value": "2",
                                                        "version": ana.state()["version"]})
            broken += status not in (403, 409, 422)
        alive = process.poll() is None
        broken += not alive
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(15)
    log = exported_log(database)
    if log is None or log != []:  # nothing hostile was ever recorded
        broken += 1
    return str(tried), f"requests refused as they should be: {tried - broken} of {tried}", broken


def _row(title: str, trial: Any) -> Any:
    def run(n: int, rng: random.Random, work: Path, **sizes: Any) -> campaign.Row:
        runs, result, broken = trial(n, rng, work, **sizes)
        return campaign.Row(title, runs, result, broken=broken)

    return run


# name: (trial, full size, short size, runs on a RAM disk), as bench/campaign.py's FAMILIES.
FAMILIES = {
    "server-kill": (_row("scorepad host killed (SIGKILL) while a phone answers", _server_kill), {"n": 30}, {"n": 3},
                    False),
    "server-flood": (_row("scorepad host flooded by eight phones at once", _server_flood), {"n": 3}, {"n": 1}, False),
    "server-hostile": (_row("scorepad host fed hostile bodies, no secret, another site", _server_hostile), {"n": 3},
                       {"n": 1}, False),
}
