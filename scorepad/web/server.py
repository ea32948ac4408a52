"""`scorepad host`: serve one session to the phones on the local network until Ctrl-C, SIGTERM or SIGHUP.

uvicorn serves the application on a socket bound here (so the join link can name its port before serving
starts), each connection through scorepad.web.guard (the header timeout, the connection cap, TCP_NODELAY). uvicorn
stops gracefully on SIGINT and SIGTERM and raises the signal again once stopped, which scorepad's own handlers
(scorepad.cli.signals) turn into the exit code; SIGHUP (the terminal closed) is handed to uvicorn the same way.
Stopping ends the phones' event streams first (they would otherwise hold the server until its grace runs out);
their pages reconnect to the next server by themselves. Every answer is on disk before a phone is told it is
accepted, so stopping loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn

from scorepad import i18n
from scorepad.i18n import N_, _
from scorepad.table import Event, Table
from scorepad.table.naming import name
from scorepad.table.session import player_of
from scorepad.web.app import make_app
from scorepad.web.guard import BACKLOG, QUEUE, Doors, quieten
from scorepad.web.host import NO_SUCH_SEAT, Host
from scorepad.web.live import Live

# TRANSLATORS: the host's terminal, once serving: {link} is the join link; a phone opens it (or scans the code).
SERVING = N_("Phones on this network join with:")
# TRANSLATORS: {id}, {title} and {players} name the session served.
HOSTING = N_("Session {id}: {title} — {players}. Ctrl-C stops serving; every answer is saved.")
# TRANSLATORS: the host's terminal each time a question is answered: {name} names it ("Game 1 · Ana · Blue").
HEARD_ANSWER = N_("  answered: {name}")
HEARD_UNDO = N_("  taken back: {name}")
HEARD_ROUND = N_("  round {number} is complete")
HEARD_FINISHED = N_("  the game is over")
# TRANSLATORS: {names} lists who still has a question to answer.
STILL_TO_ANSWER = N_("  still to answer: {names}")
# TRANSLATORS: the table's own question (the setup, a station card) is open.
TABLE_TO_ANSWER = N_("  still to answer: the table")
# TRANSLATORS: printed once serving: the host types a player's name (then Enter) to free that player's seat.
FREE_HINT = N_("To free a player's seat for another phone (one lost or flat), type the player's name and Enter.")
FREED = N_("  {player}'s seat is free: another phone may take it")
NOT_HELD = N_("  no phone holds {player}'s seat")

ANY_PORT = 0
KEEP_ALIVE = 15  # seconds a phone's idle kept-alive connection stays open (uvicorn's timeout_keep_alive)
HEADER_BYTES = 16 * 1024  # the largest request head uvicorn's h11 reads (its default, said here)
GRACE = 1  # seconds for requests under way when stopping (event streams end at once)
STOP_CHECK = 0.05  # seconds between two looks at whether uvicorn was told to stop


def local_address() -> str:
    """This computer's address on the local network (the one a phone on the same Wi-Fi reaches).

    Connecting a UDP socket sends nothing: it only asks the system which interface would route there. Without a
    network, this computer alone (127.0.0.1).
    """
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def bind(address: str, port: int) -> socket.socket:
    """A listening socket (OSError when the address or port cannot be had)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say they are TCP (proto 0 does not), and
    # Nagle then holds each response's second write for the phone's delayed ACK (docs/performance.md).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # inherited by accepted sockets on Linux
    try:
        sock.bind((address, port))
        sock.listen(QUEUE)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def link(sock: socket.socket, host: Host) -> str:
    address, port = sock.getsockname()[:2]
    shown = f"[{address}]" if ":" in address else address
    return f"http://{shown}:{port}/join/{host.secret}"


def heard(table: Table, events: list[Event]) -> list[str]:
    """What the host's terminal says of a change: what was answered or taken back, and who still has to answer.
    Never a value: a private figure (Chinatown's cash) must not reach a shared screen."""
    lines = []
    view = table.worded()
    for event in events:
        if event.kind in ("answered", "card turned") and event.at is not None:
            ask = view.find_ask(event.at)
            lines.append(_(HEARD_ANSWER).format(name=name(ask) if ask else " / ".join(map(str, event.at))))
        elif event.kind == "taken back" and event.at is not None:
            ask = view.find_ask(event.at)  # open again: named as the question it is
            lines.append(_(HEARD_UNDO).format(name=name(ask) if ask else " / ".join(map(str, event.at))))
        elif event.kind == "round closed":
            lines.append(_(HEARD_ROUND).format(number=event.round))
        elif event.kind == "finished":
            lines.append(_(HEARD_FINISHED))
    questions = view.open_asks()
    waiting = list(dict.fromkeys(player_of(ask) for ask in questions if player_of(ask) is not None))
    if waiting:
        lines.append(_(STILL_TO_ANSWER).format(names=", ".join(waiting)))
    elif questions:
        lines.append(_(TABLE_TO_ANSWER))
    return lines


def serve(host: Host, sock: socket.socket, out: Callable[[str], None]) -> None:
    """Serve until a stopping signal; uvicorn then finishes the requests under way and the signal is raised again
    (scorepad.cli.signals makes it the exit code)."""
    stamp = getattr(host.table.records, "stamp", None)  # the store's; a test's records may have none
    live = Live(host.table, (lambda: stamp(host.id)) if stamp is not None else None)

    def tell(table: Table, events: list[Event]) -> None:  # in the host's language, whichever phone made the change
        with i18n.speaking(host.language):
            for line in heard(table, events):
                out(line)

    live.follow(tell)
    host.tell = out
    config = uvicorn.Config(make_app(host, live), log_level="warning", access_log=False, lifespan="off",
                            http=Doors().protocol(), backlog=BACKLOG, timeout_keep_alive=KEEP_ALIVE,
                            h11_max_incomplete_event_size=HEADER_BYTES, timeout_graceful_shutdown=GRACE)
    quieten("uvicorn.error", "asyncio")
    server = uvicorn.Server(config)

    async def stopping() -> None:
        """Once uvicorn is told to stop (a signal), end the event streams: nothing else keeps it waiting."""
        queued = False
        while not server.should_exit:
            if server.started and not queued:  # asyncio listened with its accept burst (BACKLOG): queue more
                sock.listen(QUEUE)
                queued = True
            await asyncio.sleep(STOP_CHECK)
        live.close()

    async def run() -> None:
        watching = asyncio.create_task(live.watch())
        ending = asyncio.create_task(stopping())
        typed = _listen(asyncio.get_running_loop(), sys.stdin, lambda line: free_seat(host, line, out))
        try:
            await server.serve(sockets=[sock])
        finally:
            watching.cancel()
            ending.cancel()
            typed()

    with _hangup_stops(server):
        asyncio.run(run())


def free_seat(host: Host, line: str, out: Callable[[str], None]) -> None:
    """A line typed at the host's terminal: a player's name frees that player's seat."""
    player = line.strip()
    if not player:
        return
    with i18n.speaking(host.language):
        if player not in host.seats.players:
            out(_(NO_SUCH_SEAT).format(player=player))
        else:
            out(_(FREED if host.seats.free(player) else NOT_HELD).format(player=player))


def _listen(loop: asyncio.AbstractEventLoop, stream: Any, heard: Callable[[str], None]) -> Callable[[], None]:
    """Hand each line typed on `stream` to `heard` while serving; the end of it (or none to read) stops listening.
    Returns what stops it."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return lambda: None

    def ready() -> None:
        line = stream.readline()
        if not line:
            loop.remove_reader(fd)
            return
        heard(line)

    try:
        loop.add_reader(fd, ready)
    except (OSError, ValueError, NotImplementedError):  # a regular file, or a loop that cannot watch it
        return lambda: None
    return lambda: loop.remove_reader(fd)


@contextlib.contextmanager
def _hangup_stops(server: uvicorn.Server) -> Iterator[None]:
    """SIGHUP (the terminal closed) stops the server as SIGINT and SIGTERM do, then reaches scorepad's handler."""
    if not hasattr(signal, "SIGHUP"):
        yield
        return
    heard_hangup: list[Any] = []

    def on_hangup(signum: int, frame: Any) -> None:
        heard_hangup.append(signum)
        server.should_exit = True

    previous = signal.signal(signal.SIGHUP, on_hangup)
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)
        if heard_hangup:
            signal.raise_signal(signal.SIGHUP)
