"""What a phone's state costs the host once it carries everything the terminal says (issue 28): `said`, the
seat's `answers`, the `words`, and at the end the `result` with its BG Stats link.

    python bench/telling.py [--repeat 15]

A Chinatown game of four players and six years (three trades a year, each with a note; every business listed)
is played through the engine into a database of its own; then the host's state for one seat is made again and
again, the way each phone's page asks for it after every answer: while the last year is played, and once the
game is finished. Prints medians (min–max) in milliseconds, the part of it that `scorepad.table.telling` takes,
and, measured in the same run, `python -c "import typer"` as the yardstick the other benches use.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def played(database: Path, finish: bool) -> int:
    from scorepad.games import by_slug
    from scorepad.store import Store
    from scorepad.table import Table
    from scorepad.table.changes import new_doc

    store = Store(database)
    session_id = store.insert(new_doc(by_slug("chinatown"), PLAYERS, [], None, seed=7))
    table = Table(store, session_id)

    def give(at, value):
        table.answer(at, value, table.version)

    give(("setup", "first"), "Ana")
    years = 6 if finish else 5
    for year in range(years):
        for trade in range(3):
            payer, payee = PLAYERS[trade], PLAYERS[trade + 1]
            give(table.open()[0].at, f"{payer} {payee} 1k")
            give(table.open()[0].at, f"lot {year}{trade}")
        give(table.open()[0].at, "")  # trading done
        for player in PLAYERS:
            give(("rounds", year, player, "businesses"), "rest 2, photo 1")
    return session_id


def timed(make, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        began = time.perf_counter()
        make()
        out.append((time.perf_counter() - began) * 1000)
    return out


def shown(label: str, figures: list[float], typer_ms: float) -> str:
    median = statistics.median(figures)
    return (f"{label:<38} {median:7.1f} ms ({min(figures):.1f}–{max(figures):.1f})   "
            f"{median / typer_ms:5.2f} × import typer")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    typer_runs = []
    for _ in range(5):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import typer"], check=True)
        typer_runs.append((time.perf_counter() - began) * 1000)
    typer_ms = statistics.median(typer_runs)
    yardstick = 'python -c "import typer"'
    print(f"{yardstick:<38} {typer_ms:7.1f} ms ({min(typer_runs):.1f}–{max(typer_runs):.1f})")

    from scorepad.table import telling
    from scorepad.web.host import Host

    with tempfile.TemporaryDirectory() as folder:
        for finish in (False, True):
            database = Path(folder) / f"{finish}.json"
            session_id = played(database, finish)
            from scorepad.store import Store

            host = Host(Store(database), session_id, "en")
            phone = host.join(None)
            host.take_seat(phone, {"player": "Ana"})
            view = host.table.worded()
            state = host.state(phone)
            when = "finished" if finish else "year 6 being played"
            print(f"Chinatown, 4 players, {when}: {len(state['answers'])} of Ana's answers, "
                  f"{len(view.doc['entries'])} in all")
            print(shown("  host.state(Ana)", timed(lambda: host.state(phone), repeat), typer_ms))
            print(shown("  telling.said", timed(lambda: telling.said(view), repeat), typer_ms))
            print(shown("  telling.answers(Ana)", timed(lambda: telling.answers(view, "Ana"), repeat), typer_ms))
            if finish:
                print(shown("  telling.result", timed(lambda: telling.result(view, ""), repeat), typer_ms))


if __name__ == "__main__":
    os.environ.setdefault("SCOREPAD_LANG", "en")
    main()
