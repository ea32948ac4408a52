"""Live updates: every phone's event stream hears each change of the session, whether this server made it or
another scorepad did (a terminal's `resume` writes the same session: a few times a second the watch looks at the
stored session's stamp, and reads it again only when that changed, which is what a phone that slept catches up
from too)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from scorepad.errors import ScorepadError
from scorepad.table import Event, Table

WATCH_EVERY = 0.2  # seconds between two looks at the stored session: a change elsewhere reaches phones this soon
RETRY_MS = 1000  # how soon a phone's browser opens the stream again when it breaks (a host restarting)
KEEP_ALIVE = 15  # seconds of silence before a comment line keeps a phone's connection (and its proxies) open


class Live:
    """The event streams of one table's phones, and the watch on its stored session."""

    def __init__(self, table: Table, stamp: Callable[[], Any] | None = None) -> None:
        self.table = table
        # What the stored session is this instant, without reading it (Store.stamp): the watch reads the session
        # again only when this changes. None: read it every time.
        self.stamp = stamp
        self.closed = False
        self._queues: set[asyncio.Queue[int | None]] = set()
        self._followers: list[Callable[[Table, list[Event]], None]] = []
        self.revision = 0  # what phones see changed without a new version (an answer waiting for a yes)
        table.subscribe(self._changed)

    def poke(self) -> None:
        """What phones see changed, though not the session (Chinatown's trade waiting for the payee's yes)."""
        self.revision += 1
        for queue in list(self._queues):
            queue.put_nowait(self.table.version)

    def follow(self, listener: Callable[[Table, list[Event]], None]) -> None:
        """Also tell `listener` (the host's terminal) of each change."""
        self._followers.append(listener)

    def _changed(self, table: Table, events: list[Event]) -> None:
        for queue in list(self._queues):
            queue.put_nowait(table.version)
        for listener in self._followers:
            listener(table, events)

    async def watch(self) -> None:
        """Look at the stored session again and again, until cancelled: another process's answers become events.
        The session is read (and its steps rebuilt) only when its stamp moved since the last read."""
        seen: Any = None
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = self.stamp() if self.stamp is not None else None
            if now is not None and now == seen:
                continue
            with contextlib.suppress(ScorepadError, OSError):  # a write under way elsewhere: the next read sees it
                self.table.refresh()
                seen = now

    def close(self) -> None:
        """The server stops: every event stream ends now (a phone's browser reconnects to the next server)."""
        self.closed = True
        for queue in list(self._queues):
            queue.put_nowait(None)

    async def stream(self) -> AsyncIterator[str]:
        """One phone's `text/event-stream`: the version now, then one event each time it changes."""
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        self._queues.add(queue)
        try:
            if self.closed:
                return
            yield f"retry: {RETRY_MS}\n" + _event(self.table.version, self.revision)
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                while version is not None and not queue.empty():  # several changes: the latest state, once
                    version = queue.get_nowait()
                if version is None:  # closed: the stream ends, the server can stop
                    return
                yield _event(version, self.revision)
        finally:
            self._queues.discard(queue)


def _event(version: int, revision: int) -> str:
    return f"data: {json.dumps({'version': version, 'revision': revision})}\n\n"
