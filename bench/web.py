"""`scorepad host` where the table waits for it: an answer on one phone heard and drawn on the others, a kept-alive
request, the server's memory with 100 phones, the phones served while a guest holds 1,000 idle connections, the
idle server's CPU, the page's weight, and the time from starting `scorepad host` to its QR code.

    python bench/web.py [--phones 6] [--answers 40] [--crowd 100] [--idle 1000] [--source DIR]

Every server is a real `scorepad host` process on 127.0.0.1. Phones talk as a browser does: kept-alive
connections (http.client), the page's event stream on a connection of its own, and for each event the request
the page's script makes to redraw (`/pad`). `--source DIR`: run scorepad from another checkout (a "before").

- tap → event: from sending an answer on one phone to each other phone hearing the event (6 phones: four
  players and two table screens, one phone turning Next Station: London's station cards).
- tap → redrawn: the same, until each other phone has also fetched its page again.
- a kept-alive request: `GET /api/state` and `GET /pad` on one phone's open connection, 200 times each.
- 100 phones: each joins, loads the page and listens; one answer; the server's peak memory (VmHWM, /proc).
- a guest's 1,000 idle connections (connect, send nothing), with the server at 1,024 open files (setrlimit):
  for 15 s a phone opens a connection and asks for the state every 0.5 s; the slowest and median answer.
- the idle watcher: the server's CPU time (user + sys, /proc) over 10 s with nothing happening, in a game of
  many steps (two rounds of Next Station: London answered).
- Ctrl-C with three phones listening to the event stream: the time until the process is gone, its stderr lines.
Times are medians with min–max, or percentiles; `python -c "import typer"` is timed in the same run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SCOREPAD = [sys.executable, "-m", "scorepad"]
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
LINE = {"districts": "1", "stations": "1", "thames": "0", "tourist": "0", "interchanges": "0 0 0"}
PARTS = ["start", "table", "crowd", "guest", "watch", "stop"]
GUEST_FILES = 1024  # the server's limit of open files in the guest's run: the usual default


def start(database: Path, *args: str, qr: bool = False, source: Path | None = None,
          files: int | None = None) -> tuple[subprocess.Popen, str, float]:
    """A host process, its join link, and the seconds until its QR code (or the link, without one) was printed."""
    def limited() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    began = time.perf_counter()
    process = subprocess.Popen([*SCOREPAD, "--db", str(database), "host", *args, "--address", "127.0.0.1",
                                *([] if qr else ["--no-qr"])], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, text=True, cwd=source, preexec_fn=limited,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    link, seen = None, 0.0
    for line in process.stdout:
        if link is None and line.startswith("http://"):
            link, seen = line.strip(), time.perf_counter() - began
            if not qr:
                break
        elif link is not None and not line.strip(" \x1b[0m\n▀▄█").strip():
            continue
        elif link is not None and "█" not in line and "▀" not in line and "▄" not in line:
            seen = time.perf_counter() - began  # the line after the code: the code is whole on screen
            break
    assert link is not None, process.stderr.read()
    return process, link, seen


class Phone:
    """One phone's browser: its cookies, a kept-alive connection for its requests."""

    def __init__(self, link: str) -> None:
        base, self.secret = link.split("/join/")
        self.host, port = base.removeprefix("http://").split(":")
        self.port = int(port)
        self.cookies: dict[str, str] = {}
        self.connection = self.connect()
        self.call("GET", f"/join/{self.secret}")
        self.heard: dict[int, float] = {}  # version -> when its event arrived
        self.drawn: dict[int, float] = {}  # version -> when the page had fetched its pad again

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def headers(self, body: bool) -> dict[str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body:
            headers["Content-Type"] = "application/json"
        return headers

    def call(self, method: str, path: str, body: dict | None = None,
             connection: http.client.HTTPConnection | None = None) -> tuple[int, bytes]:
        connection = connection or self.connection
        data = None if body is None else json.dumps(body).encode()
        try:
            connection.request(method, path, body=data, headers=self.headers(data is not None))
            response = connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            connection.close()  # the server closed an idle kept-alive connection: a browser opens a new one
            connection.request(method, path, body=data, headers=self.headers(data is not None))
            response = connection.getresponse()
        answer = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";")[0]
        return response.status, answer

    def state(self) -> dict:
        return json.loads(self.call("GET", "/api/state")[1])

    def listen(self, ready: threading.Event, stop: threading.Event) -> None:
        """As the page's script: the event stream on a connection of its own; for each event, the pad fetched
        again on the phone's other connection."""
        stream = self.connect()
        stream.request("GET", "/api/events", headers=self.headers(False))
        response = stream.getresponse()
        pad = self.connect()
        while not stop.is_set():
            raw = response.readline()
            if not raw:
                return
            line = raw.decode().strip()
            if not line.startswith("data:"):
                continue
            version = json.loads(line[5:])["version"]
            if not ready.is_set():
                ready.set()
                continue
            self.heard.setdefault(version, time.perf_counter())
            self.call("GET", "/pad", connection=pad)
            self.drawn.setdefault(version, time.perf_counter())


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:  # a server that does not stop (the guest's, before): killed
        process.kill()
        process.wait(10)


def memory(pid: int, field: str = "VmHWM") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share + 0.5) - 1)]


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})"


def typer_import(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import typer"], check=True)
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def answer_value(question: dict) -> str:
    choices = question.get("choices") or []
    if "Digital deck" in choices:
        return "Digital deck"
    if choices:
        return choices[0]
    return LINE.get(question["at"][-1], "")


def play_round_ends(phones: list[Phone], state: dict) -> dict:
    """Every player's own questions answered (a round's lines, the game's end), then the table's menus."""
    for phone, player in zip(phones, PLAYERS):
        for _ in range(10):
            mine = [q for q in phone.state()["open"] if q["player"] == player]
            if not mine:
                break
            now = phone.state()
            phone.call("POST", "/api/answer", {"at": mine[0]["at"], "value": answer_value(mine[0]),
                                               "version": now["version"]})
    state = phones[0].state()
    while state["open"] and state["open"][0]["player"] is None and state["open"][0].get("choices"):
        state = json.loads(phones[0].call("POST", "/api/answer", {"at": state["open"][0]["at"],
                                                                  "value": answer_value(state["open"][0]),
                                                                  "version": state["version"]})[1])
    return state


def table(options: argparse.Namespace, work: Path) -> dict:
    """tap → event and tap → redrawn with `--phones` phones; a kept-alive request; the page's weight."""
    process, link, _ = start(work / "table.json", "next-station-london", "-p", *PLAYERS, "--rounds", "3",
                             source=options.source)
    phones = [Phone(link) for _ in range(options.phones)]
    for phone, seat in zip(phones, [*PLAYERS, *[None] * options.phones]):
        assert phone.call("POST", "/api/seat", {"player": seat})[0] == 200
    weight = sum(len(phones[0].call("GET", path)[1]) for path in ("/", "/static/app.js", "/static/app.css"))
    kept = {path: [] for path in ("/api/state", "/pad")}
    for path, times in kept.items():
        for _ in range(200):
            began = time.perf_counter()
            phones[0].call("GET", path)
            times.append((time.perf_counter() - began) * 1000)
    controller = phones[0]
    state = controller.state()
    while state["open"] and state["open"][0].get("choices"):  # the controller, the deck
        state = json.loads(controller.call("POST", "/api/answer", {"at": state["open"][0]["at"],
                                                                   "value": answer_value(state["open"][0]),
                                                                   "version": state["version"]})[1])
    ready, stop = threading.Event(), threading.Event()
    listening = []
    for phone in phones[1:]:
        heard = threading.Event()
        threading.Thread(target=phone.listen, args=(heard, stop), daemon=True).start()
        listening.append((phone, heard))
    for _phone, heard in listening:
        heard.wait(10)
    ready.set()
    events: list[float] = []
    redrawn: list[float] = []
    answered = 0
    while answered < options.answers and state["status"] == "playing" and state["open"]:
        question = state["open"][0]
        if question["player"] is not None or question.get("choices"):
            state = play_round_ends(phones, state)
            continue
        sent = time.perf_counter()
        status, body = controller.call("POST", "/api/answer", {"at": question["at"], "value": "",
                                                               "version": state["version"]})
        state = json.loads(body)
        answered += 1
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline and not all(state["version"] in p.drawn for p, _ in listening):
            time.sleep(0.001)
        events += [(p.heard[state["version"]] - sent) * 1000 for p, _ in listening if state["version"] in p.heard]
        redrawn += [(p.drawn[state["version"]] - sent) * 1000 for p, _ in listening if state["version"] in p.drawn]
    stop.set()
    stop_server(process)
    return {"answered": answered, "events": events, "redrawn": redrawn, "kept": kept, "weight": weight}


def crowd(options: argparse.Namespace, work: Path) -> dict:
    """`--crowd` phones joined, each with the page loaded and its event stream open; one answer; the memory."""
    process, link, _ = start(work / "crowd.json", "lost-cities", "-p", "Ana", "Ben", source=options.source)
    phones = []
    stop = threading.Event()
    for _ in range(options.crowd):
        phone = Phone(link)
        for path in ("/", "/static/app.js", "/static/app.css"):
            phone.call("GET", path)
        heard = threading.Event()
        threading.Thread(target=phone.listen, args=(heard, stop), daemon=True).start()
        heard.wait(10)
        phones.append(phone)
    seated = phones[0]
    seated.call("POST", "/api/seat", {"player": "Ana"})
    state = seated.state()
    sent = time.perf_counter()
    status, body = seated.call("POST", "/api/answer", {"at": ["setup", "oldest"], "value": "Ben",
                                                       "version": state["version"]})
    version = json.loads(body)["version"]
    deadline = time.perf_counter() + 20
    while time.perf_counter() < deadline and not all(version in p.drawn for p in phones[1:]):
        time.sleep(0.005)
    drawn = [(p.drawn[version] - sent) * 1000 for p in phones[1:] if version in p.drawn]
    figures = {"peak": memory(process.pid), "now": memory(process.pid, "VmRSS"), "drawn": drawn,
               "phones": len(phones)}
    stop.set()
    stop_server(process)
    return figures


def guest(options: argparse.Namespace, work: Path) -> dict:
    """A guest's `--idle` connections that never send a request, the server at 1,024 open files; a phone asks
    every 0.5 s for 15 s, each time on a new connection."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, options.idle + 512)), hard))
    process, link, _ = start(work / "guest.json", "lost-cities", "-p", "Ana", "Ben", source=options.source,
                             files=GUEST_FILES)
    phone = Phone(link)
    address = (phone.host, phone.port)
    idle = []
    for _ in range(options.idle):
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex(address)
        idle.append(sock)
    time.sleep(1)  # the connections made (a guest's script opens them in a burst)
    files = len(os.listdir(f"/proc/{process.pid}/fd"))
    times, failed = [], 0
    until = time.perf_counter() + 15
    while time.perf_counter() < until:
        began = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(*address, timeout=5)
            connection.request("GET", "/api/state", headers={"Authorization": f"Bearer {phone.secret}"})
            assert connection.getresponse().status == 200
            connection.close()
            times.append((time.perf_counter() - began) * 1000)
        except (OSError, AssertionError):
            failed += 1
        time.sleep(0.5)
    closed = 0
    for sock in idle:
        try:
            closed += sock.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        sock.close()
    stop_server(process)
    said = process.stderr.read()
    lines = said.count("\n")
    if options.verbose:
        print(said[:2000])
        print("phone's times (ms), every 0.5 s:", [round(t) for t in times])
    return {"times": times, "failed": failed, "closed": closed, "stderr": lines, "files": files}


def watcher(options: argparse.Namespace, work: Path) -> float:
    """The server's CPU seconds over 10 s with nothing happening, two rounds of Next Station: London answered."""
    process, link, _ = start(work / "watch.json", "next-station-london", "-p", *PLAYERS, "--rounds", "3",
                             source=options.source)
    phones = [Phone(link) for _ in PLAYERS]
    for phone, seat in zip(phones, PLAYERS):
        phone.call("POST", "/api/seat", {"player": seat})
    state = phones[0].state()
    rounds_done = 0
    while rounds_done < 2 and state["open"]:
        question = state["open"][0]
        if question["player"] is not None:
            state = play_round_ends(phones, state)
            rounds_done += 1
            continue
        state = json.loads(phones[0].call("POST", "/api/answer", {"at": question["at"],
                                                                  "value": answer_value(question),
                                                                  "version": state["version"]})[1])
    time.sleep(1)
    before = cpu_seconds(process.pid)
    time.sleep(10)
    spent = cpu_seconds(process.pid) - before
    stop_server(process)
    return spent


def stopping(options: argparse.Namespace, work: Path) -> tuple[list[float], int]:
    """Ctrl-C with three phones listening, three times: the seconds until the process is gone, and the most lines
    it printed on stderr."""
    seconds, lines = [], 0
    for n in range(3):
        process, link, _ = start(work / f"stop{n}.json", "lost-cities", "-p", "Ana", "Ben", source=options.source)
        phones = [Phone(link) for _ in range(3)]
        streams = []
        for phone in phones:
            stream = phone.connect()
            stream.request("GET", "/api/events", headers=phone.headers(False))
            response = stream.getresponse()
            response.readline()
            streams.append(response)
        began = time.perf_counter()
        process.send_signal(signal.SIGINT)
        process.wait(30)
        seconds.append(time.perf_counter() - began)
        lines = max(lines, process.stderr.read().count("\n"))
    return seconds, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--crowd", type=int, default=100)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--source", type=Path, default=None, help="run scorepad from this checkout (a 'before')")
    parser.add_argument("--verbose", action="store_true", help="print what the guest's server said on stderr")
    parser.add_argument("--only", nargs="+", choices=PARTS, default=PARTS, help="measure these parts only")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-web-bench-"))

    baseline = typer_import()
    print(f"scorepad host bench: `python -c 'import typer'` {baseline:.0f} ms (median of 5)")
    if "table" in options.only:
        played = table(options, work)
        events, redrawn = played["events"], played["redrawn"]
        print(f"  tap -> event on the other {options.phones - 1} phones ({played['answered']} answers, "
              f"{len(events)} timings): median {statistics.median(events):.1f} ms, p95 "
              f"{percentile(events, 0.95):.1f} ms, worst {max(events):.1f} ms (target: p95 <= 150 ms)")
        print(f"  tap -> page redrawn on the other phones ({len(redrawn)} timings): median "
              f"{statistics.median(redrawn):.1f} ms, p95 {percentile(redrawn, 0.95):.1f} ms, worst "
              f"{max(redrawn):.1f} ms (target: p95 <= 150 ms)")
        for path, times in played["kept"].items():
            print(f"  a kept-alive GET {path}: p50 {statistics.median(times):.2f} ms, p95 "
                  f"{percentile(times, 0.95):.2f} ms, worst {max(times):.2f} ms (target: p50 <= 15 ms)")
        print(f"  page weight (page, script, style): {played['weight'] / 1024:.1f} KB (target: under 200 KB)")
    if "crowd" in options.only:
        many = crowd(options, work)
        drawn = many["drawn"] or [float("nan")]
        print(f"  {many['phones']} phones listening: server peak memory {many['peak'] / 2**20:.1f} MiB (now "
              f"{many['now'] / 2**20:.1f} MiB; target <= 80 MiB); one answer redrawn on {len(many['drawn'])} "
              f"phones: median {statistics.median(drawn):.0f} ms, worst {max(drawn):.0f} ms")
    if "guest" in options.only:
        guarded = guest(options, work)
        times = guarded["times"] or [float("nan")]
        print(f"  {options.idle} idle guest connections, server at {GUEST_FILES} files ({guarded['files']} open "
              f"after they connected): phone served {len(guarded['times'])} times, median "
              f"{statistics.median(times):.1f} ms, worst {max(times):.1f} ms, {guarded['failed']} failed "
              f"(target: <= 1 s); {guarded['closed']} idle connections closed by the server; "
              f"{guarded['stderr']} lines on stderr")
    if "watch" in options.only:
        print(f"  idle server, two rounds played: {watcher(options, work) * 1000:.0f} ms of CPU in 10 s")
    if "stop" in options.only:
        seconds, lines = stopping(options, work)
        print(f"  Ctrl-C with 3 phones listening -> stopped: {spread([t * 1000 for t in seconds])} ms, at most "
              f"{lines} lines on stderr")
    if "start" in options.only:
        startups = []
        for n in range(3):
            process, _link, seconds = start(work / f"start{n}.json", "lost-cities", "-p", "Ana", "Ben", qr=True,
                                            source=options.source)
            startups.append(seconds * 1000)
            stop_server(process)
        print(f"  scorepad host -> QR code on screen: {spread(startups)} ms, "
              f"{statistics.median(startups) / baseline:.2f}x import typer (target: under 1.5 s)")

if __name__ == "__main__":
    main()
