"""Putting right what a killed writer left (a pending marker, a temp file), and making every summary again once
after an upgrade changed how summaries are made.

A write that changes a summary or an import runs inside a pending marker (PATH.d/pending-ID, pending-import-FIRST):
an empty file that says the session files and the index may disagree. The next writer, or a reader that finds the
lock free, finishes it from the session files (the truth) before anything else.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
from collections.abc import Callable, Iterator

from scorepad.files import sweep_temp_files
from scorepad.i18n import NP_, plural
from scorepad.store import lock
from scorepad.store.disk import file_stamp, write_file
from scorepad.store.index import Index
from scorepad.store.layout import FACTS, Layout
from scorepad.store.marks import Marks
from scorepad.store.meta import write_meta
from scorepad.store.sessions import SessionFiles
from scorepad.store.summaries import Summarizer, indexed

# TRANSLATORS: said once, before a wait of some seconds, after an upgrade changed what lists and stats keep.
REBUILDING = NP_("Bringing up to date what this version of scorepad keeps of {count} stored session for lists and "
                 "statistics (once, after an upgrade)…",
                 "Bringing up to date what this version of scorepad keeps of {count} stored sessions for lists and "
                 "statistics (once, after an upgrade)…")
# Below this many sessions the rebuild is over before a line would be read (docs/performance.md, The store).
REBUILD_NOTICE = 300


class Repair:
    def __init__(self, layout: Layout, sessions: SessionFiles, summarizer: Summarizer, index: Index, marks: Marks,
                 notify: Callable[[str], None]):
        self.layout, self.sessions, self.summarizer = layout, sessions, summarizer
        self.index, self.marks, self.notify = index, marks, notify

    def __call__(self, meta: dict) -> None:
        """Under the lock: finish what a killed writer left between a session file and its summary, and remove its
        temp files (no other writer runs, so every temp file of ours there is debris and goes at once)."""
        layout = self.layout
        sweep_temp_files(layout.real.parent, [layout.real.name, layout.backup.name], writers_gone=True)
        if not layout.folder.is_dir():
            return
        sweep_temp_files(layout.folder, writers_gone=True)  # every file of PATH.d makes its temp file there
        # An index file moved aside or deleted is made again by the first writer of its bucket (Index.put) or
        # reader (Index.bucket_summaries), not looked for here: listing index/ and sessions/ grows with the store.
        names = os.listdir(layout.folder)
        for name in names:
            # An import that runs in turns of the lock leaves its marker between them: it is its own, not debris.
            if name.startswith("pending-") and not self.import_running(name.removeprefix("pending-")):
                self.finish(name.removeprefix("pending-"))
            elif name.startswith("importing-"):  # an import killed before its first turn: its lock goes
                lock.owned(layout.folder / name)
        if meta.get("summary_version") != self.summarizer.version:
            self._rebuild(meta)
        elif layout.newest_file.name not in names and "index" in names:  # a layout-2 folder made before it
            self.index.put_briefs(None)

    @contextlib.contextmanager
    def pending(self, name: str) -> Iterator[None]:
        """The block's writes inside a pending marker: finished (by `finish`) if the block fails."""
        # An empty file, not synced: it guards against a killed process (the kernel keeps what was
        # written); after a power cut a summary may lag, and the session file is still the truth.
        marker = self.layout.marker(name)
        marker.parent.mkdir(parents=True, exist_ok=True)
        _make_empty(marker)
        try:
            yield
        except BaseException:
            with contextlib.suppress(Exception):  # else the next writer does it
                self.finish(name)
            raise
        marker.unlink()

    def importing(self, name: str) -> contextlib.AbstractContextManager[None]:
        """An import `name` runs in the block, taking the database's lock in turns (Store.insert_many): it holds
        a lock of its own meanwhile, which the kernel drops if it is killed, so that another writer's repair
        between two turns leaves its marker alone, and finishes it once the import is gone."""
        return lock.own(self.layout.importing(name))

    def import_running(self, name: str) -> bool:
        """Whether the import `name` is still running (its own lock is held: see `importing`)."""
        return name.startswith("import-") and lock.owned(self.layout.importing(name))

    def note_import(self, name: str, ranges: list[list[int]]) -> None:
        """The ids the import `name` writes, listed in its marker before they are written (under the lock)."""
        write_file(self.layout.marker(name), json.dumps(ranges).encode(), sync=False, temp_folder=self.layout.folder)

    def finish(self, name: str) -> None:
        """Make the index agree with the session files after the interrupted write `name`."""
        if name.startswith("import-"):  # an import that never finished: none of it was stored
            first = int(name.removeprefix("import-").split("-")[0])
            ranges = self.layout.import_ranges(name)
            written = [doc_id for doc_id in self.layout.ids_on_disk() if doc_id >= first and (
                ranges is None or any(lo <= doc_id <= hi for lo, hi in ranges))]
            # The session files go last: cut short (a full disk), this runs again and finds them all again. A
            # file with nothing to change is not written, so an import that failed before its first session file
            # (a full disk) is finished without writing anything.
            self.marks.put({doc_id: [] for doc_id in written}, everywhere=True)
            self.index.put({doc_id: None for doc_id in written}, repair=True)
            for doc_id in written:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.layout.session_file(doc_id))
        else:
            self.refresh(int(name))
        self.layout.marker(name).unlink()

    def refresh(self, doc_id: int, *, stamp: bool = False) -> None:
        """Under the lock: the index and the marks made to agree with a session's file (the truth). `stamp`: the
        file's stamp too, when it names another summary than its session's (a file put back from a copy)."""
        doc, tables = self.sessions.read(doc_id)
        summary = None if doc is None else self.summarizer.summary_of(doc)
        self.index.put({doc_id: summary}, repair=True)
        self.marks.put({doc_id: [] if doc is None else self.summarizer.marks_of(doc)}, everywhere=True)
        if stamp and doc is not None:
            index = file_stamp(self.layout.index_file(self.layout.bucket_of(doc_id)))
            self.sessions.write(doc_id, doc, indexed(summary), known=tables, index=index)

    def _rebuild(self, meta: dict) -> None:
        """Every summary made again (once, after the way summaries are made has changed)."""
        folder = self.layout.folder
        # One session at a time: only the summaries and marks are kept, not the sessions read whole, and a session
        # that cannot be read stops the rebuild before anything is removed.
        summaries, marks = {}, {}
        ids = self.layout.ids_on_disk()
        if len(ids) >= REBUILD_NOTICE:
            self.notify(plural(REBUILDING, len(ids)).format(count=len(ids)))
        for doc_id, doc in self.sessions.docs(ids):
            summaries[doc_id], marks[doc_id] = self.summarizer.summary_of(doc), self.summarizer.marks_of(doc)
        shutil.rmtree(folder / "index", ignore_errors=True)
        shutil.rmtree(folder / FACTS, ignore_errors=True)
        shutil.rmtree(folder / "marks", ignore_errors=True)
        self.layout.newest_file.unlink(missing_ok=True)
        self.index.put(summaries)
        if not summaries:
            self.index.put_briefs(None)
        self.marks.put(marks)
        meta["summary_version"] = self.summarizer.version
        write_meta(self.layout, meta)


def _make_empty(path: os.PathLike) -> None:
    """An empty file at `path`; a link planted there is replaced, never followed (Path.touch would make or touch the
    file it points to)."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as error:
        if error.errno != errno.ELOOP:
            raise
        os.unlink(path)
        fd = os.open(path, flags, 0o600)
    os.close(fd)
