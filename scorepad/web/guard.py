"""What keeps a guest on the Wi-Fi from starving the phones (no secret is needed to open a connection).

uvicorn closes a kept-alive connection that stays idle (`timeout_keep_alive`), but not one that never sends a
request, and at the usual limit of 1,024 open files a guest's idle connections leave no file for a phone: the
accept fails, over and over, and each failure is logged. `limit_concurrency` does not help: it counts the guest's
connections too, and answers the phones 503. So each connection goes through `Doors` (uvicorn's `http` option
takes a protocol class: this one hands every byte to uvicorn's own h11 protocol):

- a connection whose request headers have not all arrived within HEADER_TIMEOUT seconds is closed;
- at most `cap` connections are open (the file limit less a reserve); when one more comes, the oldest that has
  not sent its headers yet is closed to make room (a phone sends its request at once; a guest's idle one waits);
  asyncio accepts up to `backlog` connections before any is looked at, so the backlog is small and the reserve
  holds a few such bursts, while the kernel's queue of connections waiting to be accepted is long (QUEUE);
- every accepted socket has TCP_NODELAY (a kept-alive request otherwise waits for a delayed ACK);
- the errors uvicorn and asyncio log go through `Quiet`: each kind once per QUIET_FOR seconds, no flood.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds from connecting to a request's last header line: a phone on poor Wi-Fi needs < 1
BACKLOG = 64  # uvicorn's `backlog`: also how many connections asyncio accepts at once, before any is looked at
# The kernel's queue of connections not accepted yet, set on the socket once asyncio has listened (with BACKLOG):
# a guest's burst of connections fills a short queue, and a phone's connection that finds it full waits for its
# retry (a second).
QUEUE = 1024
# Open files kept beyond the cap: the store, the terminal, the event loop (a few dozen), and the connections
# accepted in a burst before the oldest idle ones are closed to make room (a few bursts of BACKLOG).
RESERVED_FILES = 64 + 3 * BACKLOG
FEWEST = 32  # connections, whatever the file limit says
ENDS_OF_HEADERS = (b"\r\n\r\n", b"\n\n")  # as browsers send them, and as h11 also reads them
QUIET_FOR = 10.0  # seconds: how often one kind of error reaches the log


def file_cap() -> int:
    """How many connections may be open: the process's limit of open files, less a reserve."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 65536
    return max(soft - RESERVED_FILES, FEWEST)


class Doors:
    """The connections of one server: how many may be open, and which are still waiting for their headers."""

    def __init__(self, cap: int | None = None, header_timeout: float = HEADER_TIMEOUT) -> None:
        self.cap = cap if cap is not None else file_cap()
        self.header_timeout = header_timeout
        self.open: dict[Any, None] = {}  # in the order they came
        self.waiting: dict[Any, None] = {}  # no whole request headers yet, oldest first
        self.turned_away = 0  # closed to make room, or for taking too long

    def protocol(self) -> type[asyncio.Protocol]:
        """The protocol class to give uvicorn's Config (`http=`)."""
        doors = self

        class Guarded(asyncio.Protocol):
            def __init__(self, **options: Any) -> None:
                self.inner = H11Protocol(**options)
                self.transport: asyncio.Transport | None = None
                self.timer: asyncio.TimerHandle | None = None
                self.seen = b""  # the end of what came so far, to find the end of the headers

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                assert isinstance(transport, asyncio.Transport)
                self.transport = transport
                sock = transport.get_extra_info("socket")
                if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                doors.admit(self)
                self.timer = asyncio.get_running_loop().call_later(doors.header_timeout, self.too_slow)
                self.inner.connection_made(transport)

            def data_received(self, data: bytes) -> None:
                if self in doors.waiting:
                    self.seen = (self.seen + data)[-(len(data) + 4):]
                    if any(end in self.seen for end in ENDS_OF_HEADERS):
                        doors.heard(self)
                self.inner.data_received(data)

            def too_slow(self) -> None:
                if self in doors.waiting:
                    doors.turned_away += 1
                    self.close()

            def close(self) -> None:
                doors.forget(self)
                if self.transport is not None and not self.transport.is_closing():
                    self.transport.close()

            def heard_all(self) -> None:
                if self.timer is not None:
                    self.timer.cancel()
                    self.timer = None
                self.seen = b""

            def connection_lost(self, exc: Exception | None) -> None:
                doors.forget(self)
                self.heard_all()
                self.inner.connection_lost(exc)

            def eof_received(self) -> bool | None:
                return self.inner.eof_received()

            def pause_writing(self) -> None:
                self.inner.pause_writing()

            def resume_writing(self) -> None:
                self.inner.resume_writing()

        return Guarded

    def admit(self, connection: Any) -> None:
        """A new connection: room is made for it, by closing the oldest one that sent nothing whole yet."""
        while len(self.open) >= self.cap and self.waiting:
            oldest = next(iter(self.waiting))
            self.turned_away += 1
            oldest.close()
        self.open[connection] = None
        self.waiting[connection] = None
        if len(self.open) > self.cap:  # every other connection is a request under way: this one waits its turn
            self.turned_away += 1
            connection.close()

    def heard(self, connection: Any) -> None:
        self.waiting.pop(connection, None)
        connection.heard_all()

    def forget(self, connection: Any) -> None:
        self.open.pop(connection, None)
        self.waiting.pop(connection, None)


class Quiet(logging.Filter):
    """Each kind of log record (its logger and its message's template) once per QUIET_FOR seconds: a guest who
    sends broken requests, or a full file table, never floods the host's terminal."""

    def __init__(self, every: float = QUIET_FOR) -> None:
        super().__init__()
        self.every = every
        self.last: dict[tuple[str, str], float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = time.monotonic()
        if now - self.last.get(key, -self.every) < self.every:
            return False
        self.last[key] = now
        return True


def quieten(*names: str) -> Quiet:
    """`Quiet` on the loggers named (uvicorn's errors, asyncio's): the filter, for its test to look at."""
    quiet = Quiet()
    for name in names:
        logging.getLogger(name).addFilter(quiet)
    return quiet
