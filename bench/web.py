"""`scorepad host` where the table waits for it: from the command to the QR code on screen, an answer on one phone
shown on the others, the page's weight, the server's memory.

    python bench/web.py [--phones 6] [--answers 40]

A real `scorepad host` process serves a Next Station: London game of four players on this computer (127.0.0.1).
`--phones` phones join (four players, the rest the table's screen), each listening to the event stream as the page
does; one phone turns the station cards (an answer each) and, for every answer, the time is taken from the moment
it is sent to the moment each other phone has heard the event and fetched its page again (what the page's script
does before the player sees the change). Prints the median, the 95th percentile and the worst over every phone
and answer; the server's peak memory (VmHWM, /proc); the page's bytes (the page, its script, its style); and the
time from starting `scorepad host` to its QR code's last line, as medians of three starts.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

SCOREPAD = [sys.executable, "-m", "scorepad"]
PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
LINE = {"districts": "1", "stations": "1", "thames": "0", "tourist": "0"}  # a short line: any round's cards allow it


def start(database: Path, *args: str, qr: bool = False) -> tuple[subprocess.Popen, str, float]:
    """A host process, its join link, and the seconds until its QR code (or the link, without one) was printed."""
    began = time.perf_counter()
    process = subprocess.Popen([*SCOREPAD, "--db", str(database), "host", *args, "--address", "127.0.0.1",
                                *([] if qr else ["--no-qr"])], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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
    return process, link, seen


class Phone:
    def __init__(self, link: str) -> None:
        self.base, self.secret = link.split("/join/")
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.open(link, timeout=10).read()
        self.heard: dict[int, float] = {}

    def call(self, path: str, body: dict | None = None) -> tuple[int, bytes]:
        request = urllib.request.Request(self.base + path, data=None if body is None else json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def listen(self, ready: threading.Event) -> None:
        """As the page's script: each event, then the page fetched again; the time it is on screen, by version."""
        with self.opener.open(self.base + "/api/events", timeout=60) as stream:
            for raw in stream:
                line = raw.decode().strip()
                if not line.startswith("data:"):
                    continue
                version = json.loads(line[5:])["version"]
                if not ready.is_set():
                    ready.set()
                    continue
                self.call("/pad")
                self.heard[version] = time.perf_counter()


def peak_memory(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--answers", type=int, default=40)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorepad-web-bench-"))

    startups = []
    for n in range(3):
        process, _link, seconds = start(work / f"start{n}.json", "lost-cities", "-p", "Ana", "Ben", qr=True)
        startups.append(seconds)
        process.terminate()
        process.wait(10)

    process, link, _ = start(work / "db.json", "next-station-london", "-p", *PLAYERS, "--rounds", "3")
    phones = [Phone(link) for _ in range(options.phones)]
    for phone, seat in zip(phones, [*PLAYERS, *[None] * options.phones]):
        assert phone.call("/api/seat", {"player": seat})[0] == 200
    weight = sum(len(phones[0].call(path)[1]) for path in ("/", "/static/app.js", "/static/app.css"))
    controller = phones[0]
    state = json.loads(controller.call("/api/state")[1])
    for text in ("Ana", "Digital deck"):
        state = json.loads(controller.call("/api/answer", {"at": state["open"][0]["at"], "value": text,
                                                           "version": state["version"]})[1])
    listening = []
    for phone in phones[1:]:
        ready = threading.Event()
        threading.Thread(target=phone.listen, args=(ready,), daemon=True).start()
        listening.append((phone, ready))
    for _phone, ready in listening:
        ready.wait(10)
    waits: list[float] = []
    answered = 0
    while answered < options.answers and state["status"] == "playing" and state["open"]:
        question = state["open"][0]
        if question["at"][:2] != ["setup", "deck"]:  # a round over: its lines, then the next round's deck
            for phone, player in zip(phones, PLAYERS):
                for item in json.loads(phone.call("/api/state")[1])["open"]:
                    if item["player"] == player and item["at"][0] == "rounds":
                        phone.call("/api/answer", {"at": item["at"], "value": LINE[item["at"][-1]],
                                                   "version": json.loads(phone.call("/api/state")[1])["version"]})
                    elif item["player"] == player:  # the end of the game: no interchange
                        phone.call("/api/answer", {"at": item["at"], "value": "0 0 0",
                                                   "version": json.loads(phone.call("/api/state")[1])["version"]})
            state = json.loads(controller.call("/api/state")[1])
            if state["open"] and state["open"][0]["at"][:2] == ["setup", "deck-mode"]:
                state = json.loads(controller.call("/api/answer", {"at": state["open"][0]["at"],
                                                                   "value": "Digital deck",
                                                                   "version": state["version"]})[1])
            continue
        sent = time.perf_counter()
        status, body = controller.call("/api/answer", {"at": question["at"], "value": "", "version": state["version"]})
        state = json.loads(body)
        answered += 1
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline and not all(state["version"] in phone.heard for phone, _ in listening):
            time.sleep(0.002)
        waits += [(phone.heard[state["version"]] - sent) * 1000 for phone, _ in listening
                  if state["version"] in phone.heard]
    memory = peak_memory(process.pid)
    process.terminate()
    process.wait(10)
    waits.sort()
    p95 = waits[max(0, int(len(waits) * 0.95) - 1)]
    print(f"scorepad host bench: {options.phones} phones, {answered} answers, {len(waits)} shown on other phones")
    print(f"  answer on one phone -> shown on another: median {statistics.median(waits):.0f} ms, "
          f"95th percentile {p95:.0f} ms, worst {waits[-1]:.0f} ms (target: 95th ≤ 150 ms)")
    print(f"  server peak memory: {memory / 2**20:.1f} MiB (target: under 80 MiB)")
    print(f"  page weight (page, script, style): {weight / 1024:.1f} KB (target: under 200 KB)")
    print(f"  scorepad host -> QR code on screen: median {statistics.median(startups) * 1000:.0f} ms "
          f"({min(startups) * 1000:.0f}–{max(startups) * 1000:.0f}; target: under 1.5 s)")


if __name__ == "__main__":
    main()
