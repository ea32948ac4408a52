"""The Store: sessions by id (insert, get, update, remove) and their summaries, composed of the parts of this
package: the files (layout, sessions, index, facts, marks), the lock, repair and migration."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import secrets
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import orjson

from scorepad.errors import Changed, NotFound, ReadOnly, StoreError
from scorepad.files import (LARGEST_PART, LARGEST_TABLE_FILE, fsync_path, is_debris, read_limited, sweep_temp_files,
                            sync_folder, user_folder)
from scorepad.i18n import N_, _
from scorepad.store import lock, meta
from scorepad.store.disk import (CANNOT_READ, CANNOT_WRITE, FILE_READ, META, OLD_TABLE, file_stamp, read_tables, reason,
                                 write_file)
from scorepad.store.facts import FactsFiles
from scorepad.store.index import Index
from scorepad.store.layout import Layout
from scorepad.store.marks import Marks
from scorepad.store.migration import migrate, old_sessions
from scorepad.store.repair import Repair
from scorepad.store.sessions import SCHEMA_VERSION, SessionFiles
from scorepad.store.summaries import Summarize, Summarizer, indexed

def _reads(method: Callable) -> Callable:
    """A reader of the store, whose OSError (a folder or file of PATH.d one may not read) becomes one line naming
    it; what a reader writes on its way (a repair, kept results) says it in its own words."""
    @functools.wraps(method)
    def read(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except OSError as error:
            raise StoreError(_(CANNOT_READ).format(path=self._where(error), reason=reason(error))) from None

    return read


ENV_VAR = "SCOREPAD_DB"
# Sessions an import writes in one turn of the lock: a turn is over in a fraction of a second, so a player's answer
# in another terminal waits that long at most, never the whole import (docs/performance.md, "The lock in turns").
TURN = 64
CHANGED = N_("session {id} changed meanwhile; nothing was saved")
NO_SESSION = N_("no session {id} in {path}")


def default_path() -> Path:
    if env := os.environ.get(ENV_VAR):
        return Path(env)
    return user_folder("data") / "scorepad.json"


class Store:
    """Sessions by id: insert, get, update (read-modify-write under the lock), remove; and their summaries.

    `summarize(doc)` makes the summary the index keeps of a session (what `list` and `stats` read); its
    `version` attribute, when it changes, makes the store rebuild every summary once (summaries.Summarizer).
    `upgrade(doc)`: a layout-1 session as this release reads it (migration); `notify(line)`: what to tell the
    person (a migration, a rebuild of many summaries).
    """

    def __init__(self, path: str | Path, *, lock_timeout: float = 10.0, summarize: Summarize | None = None,
                 notify: Callable[[str], None] | None = None, upgrade: Callable[[dict], dict] | None = None,
                 identify: Callable[[dict], list[str]] | None = None):
        self.path = Path(path)
        self.lock_timeout = lock_timeout
        self.notify = notify or (lambda message: None)
        self.upgrade = upgrade or (lambda doc: doc)
        self._layout = Layout(self.path)
        self._summarizer = Summarizer(summarize, identify)
        self._sessions = SessionFiles(self._layout, self._summarizer.version)
        self._facts = FactsFiles(self._layout, self._sessions, self._summarizer)
        self._index = Index(self._layout, self._sessions, self._summarizer, self._facts, at_once=self._at_once)
        self._marks = Marks(self._layout)
        self._repair = Repair(self._layout, self._sessions, self._summarizer, self._index, self._marks, self.notify)

    @property
    def claims_folder(self) -> Path:
        """Where the processes playing a session say so (store.claims); no store operation reads it."""
        return self._layout.claims_folder

    @property
    def links_folder(self) -> Path:
        """Where hosted sessions keep their join links (store.links); no store operation reads it."""
        return self._layout.links_folder

    def stamp(self, doc_id: int) -> list[int] | None:
        """What the session's file is this instant (every write replaces it: a new stamp), without reading it:
        what a screen that follows the session compares before reading it again."""
        return file_stamp(self._layout.session_file(doc_id))

    # --- the lock and the meta record

    @contextlib.contextmanager
    def _locked(self, timeout: float | None = None) -> Iterator[dict]:
        """The lock for one write operation, with the meta record as it stands (migrated and repaired)."""
        layout = self._layout
        with lock.held(layout.real, self.path, self.lock_timeout if timeout is None else timeout):
            try:
                tables = read_tables(layout.real, self.path, META, LARGEST_TABLE_FILE)
                if tables and OLD_TABLE in tables:
                    record = migrate(layout, tables, self._summarizer, self.upgrade, self.notify)
                else:
                    record = meta.checked(tables, layout) or meta.fresh(layout, self._summarizer.version)
                self._repair(record)
                yield record
            except OSError as error:  # e.g. a folder of PATH.d one may not read or write
                raise StoreError(_(CANNOT_WRITE).format(path=self._where(error), reason=reason(error))) from None

    def _where(self, error: OSError) -> str:
        """The database as named, and the file or folder of it that an error is about."""
        if error.filename is None or Path(error.filename) == self.path:
            return str(self.path)
        return _(FILE_READ).format(path=self.path, file=error.filename)

    def _at_once(self, job: Callable[[], Any]) -> bool:
        """`job` under the lock if it is free this instant (True); else (busy, read-only, a full disk; a damaged
        session file: the read after says so) nothing."""
        try:
            with self._locked(timeout=0):
                job()
            return True
        except StoreError:
            return False

    def _read_meta(self) -> dict | None:
        """For readers (no lock): None when nothing is stored yet. An old-layout file is moved over first."""
        self._tidy()
        tables = read_tables(self._layout.real, self.path, META, LARGEST_TABLE_FILE)
        if tables and OLD_TABLE in tables:
            try:
                with self._locked() as record:
                    return record
            except ReadOnly:  # a 0.1 database on a read-only disk: read it as it is, without moving it
                self._sessions.legacy = old_sessions(tables, self._sessions, self.upgrade)
                return {"layout": 1, "next_id": max(self._sessions.legacy, default=0) + 1, "summary_version": None}
        if not tables and self._layout.folder.is_dir():  # the file was deleted by hand, its folder was not
            return {"layout": meta.LAYOUT, "next_id": 0, "summary_version": self._summarizer.version}
        return meta.checked(tables, self._layout)

    def _tidy(self) -> None:
        """What a killed writer left at the top of PATH.d (a pending marker, a temp file: every file of PATH.d
        makes its temp file there) is finished and removed by the first reader that finds the lock free this
        instant, not only by the next write (an `edit` that changes nothing writes nothing). A busy lock is a
        writer at work, whose files are its own; a read-only database stays as it is."""
        try:
            names = os.listdir(self._layout.folder)
        except OSError:  # no folder yet (or unreadable: the read says so)
            return
        if any(name.startswith("pending-") or is_debris(name, writers_gone=True) for name in names):
            self._at_once(lambda: None)  # the repair runs under the lock

    def _trusted(self, record: dict | None) -> bool:
        """Whether readers may trust the index as it stands: not a layout-1 file read in place, summaries of this
        version, and no write under way."""
        return (self._sessions.legacy is None and record is not None
                and record.get("summary_version") == self._summarizer.version
                and self._layout.folder.is_dir() and not self._layout.pending())

    # --- the operations

    def insert(self, doc: dict) -> int:
        return self.insert_many([doc])[0]

    def insert_many(self, docs: Iterable[dict],
                    check: Callable[[Callable[[Iterable[str]], dict[str, int]]], None] | None = None) -> list[int]:
        """Store every doc or, if anything fails (or the process is killed), none of them; their new ids in order.

        `docs` may be an iterator: it is consumed TURN docs at a time, each batch made outside the lock and
        written in one short turn of it, so that a long import (5,000 tables) never keeps a player's answer
        waiting for more than a turn; an error it raises stores nothing. Until the last turn the import's marker
        (pending-import-FIRST) lists the ids it has written, which readers leave out and which another writer's
        repair leaves alone while the import holds its own lock (Repair.importing), or removes once it is gone.
        Another command's session made between two turns takes the next id, and the import goes on after it.
        `check`, if given, is called under the lock before anything is written, with `find`, and may raise to
        store nothing.
        """
        layout = self._layout
        docs = iter(docs)
        try:
            # First the lock once, as any writer: what a killed writer left is finished, and summaries and marks
            # made again after an upgrade, before `docs` look for the games stored already (store.find).
            with self._locked():
                if check is not None:
                    check(self.find)
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=reason(error))) from None
        batch = list(itertools.islice(docs, TURN))  # made outside the lock
        name: str | None = None
        ids: list[int] = []
        ranges: list[list[int]] = []
        # What the sessions answer to, written once in the last turn: the 256 files of marks rewritten at every
        # turn made an import three times slower and each turn longer. An import that does not count yet needs none.
        marks: dict[int, list[str]] = {}
        try:
            with contextlib.ExitStack() as running:
                try:
                    while True:
                        with self._locked() as record:
                            if name is None:
                                if not batch:
                                    return []
                                # Its own name: two imports may start from the same first id.
                                first = max(record["next_id"], layout.last_id_on_disk() + 1)
                                name = f"import-{first}-{secrets.token_hex(4)}"
                                running.enter_context(self._repair.importing(name))
                            self._import_turn(name, batch, record, ids, ranges, marks, last=len(batch) < TURN)
                            if len(batch) < TURN:
                                self._import_done(name, ids, record, marks)
                                return ids
                        batch = list(itertools.islice(docs, TURN))  # made outside the lock
                        if not batch:
                            with self._locked() as record:
                                self._import_done(name, ids, record, marks)
                            return ids
                except BaseException:  # none of it counts: what was written goes (else the next writer's repair)
                    if name is not None:
                        with contextlib.suppress(Exception), self._locked():
                            if layout.marker(name).exists():
                                self._repair.finish(name)
                    raise
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=reason(error))) from None

    def _import_turn(self, name: str, batch: list[dict], record: dict, ids: list[int], ranges: list[list[int]],
                     marks: dict[int, list[str]], *, last: bool) -> None:
        """One turn of an import under the lock: `batch` written as new sessions after every id taken so far, its
        ids listed in the import's marker first (so a kill at any instant leaves them to be removed)."""
        layout, summarizer = self._layout, self._summarizer
        start = max(record["next_id"], layout.last_id_on_disk() + 1)
        ranges.append([start, start + len(batch) - 1])
        self._repair.note_import(name, ranges)
        summaries = {}
        for n, doc in enumerate(batch):
            doc_id = start + n
            stored = {**doc, "schema": SCHEMA_VERSION}
            # Not synced one by one: the whole import is synced once before it counts. A folder's debris is
            # swept once a turn, not before each of its files.
            sweep = n == 0 or layout.bucket_of(doc_id - 1) != layout.bucket_of(doc_id)
            summaries[doc_id] = summarizer.summary_of(stored)
            self._sessions.write(doc_id, stored, indexed(summaries[doc_id]), new=True, sync=False, sweep=sweep)
            marks[doc_id] = summarizer.marks_of(stored)
            ids.append(doc_id)
        self._index.put(summaries, sync=False)
        record["next_id"] = start + len(batch)  # another writer's new session comes after these
        if not last:  # (the last turn writes it once its files are on disk: _import_done)
            meta.write_meta(self._layout, record)

    def _import_done(self, name: str, ids: list[int], record: dict, marks: dict[int, list[str]]) -> None:
        """The last turn of an import: its marks, every file it wrote on disk, then its marker goes and it counts."""
        layout = self._layout
        self._marks.put(marks, sync=False)
        if len(ids) == 1:  # one file: its own fsync is cheaper than syncing the whole disk
            fsync_path(layout.session_file(ids[0]))
            sync_folder(layout.session_file(ids[0]).parent)
        else:
            os.sync()
        meta.write_meta(layout, record)
        layout.marker(name).unlink()

    @_reads
    def get(self, doc_id: int) -> dict:
        if self._read_meta() is not None:
            doc = self._sessions.load(doc_id)
            if doc is not None:
                return doc
        raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))

    @_reads
    def all(self, skipped: list[tuple[int, str]] | None = None) -> list[tuple[int, dict]]:
        """Every session, by id (reads every file: for exports and backups, not for listing). A session whose file
        says its summary is another than the index holds (a file put back from a copy, or changed by hand) has its
        summary made again from it, if the lock is free this instant: `list`, `players` and `stats` then read it as
        it is. `skipped`: where a session file that cannot be read (damaged, of a newer scorepad) goes, as its id
        and why, instead of refusing them all (a backup takes every other)."""
        if self._read_meta() is None:
            return []
        summaries, sessions, summarizer = self.summaries(), self._sessions, self._summarizer

        def remake(doc: dict) -> dict:  # the session's summary as the index would hold it
            return indexed(summarizer.summary_of(doc))

        found, stale = [], []
        for doc_id, summary in summaries.items():
            try:
                doc, tables = sessions.read(doc_id)
            except StoreError as error:
                if skipped is None:
                    raise
                skipped.append((doc_id, str(error)))
                continue
            if doc is None:
                continue
            found.append((doc_id, doc))
            # Only where the file's stamp can tell (it was written by this scorepad), and scored again only where
            # the file was changed by hand since: making every summary again would score each session at every
            # backup.
            if sessions.legacy is None and sessions.agrees(doc, tables, indexed(summary), remake) is False:
                stale.append(doc_id)
        if stale:
            self._at_once(lambda: [self._repair.refresh(doc_id, stamp=True) for doc_id in stale])
        return found

    @_reads
    def stored_file(self, doc_id: int) -> bytes:
        """A session's file as it is on disk, damaged or not: what `delete` keeps of a session it cannot read."""
        if self._read_meta() is not None:
            if self._sessions.legacy is not None and doc_id in self._sessions.legacy:
                return orjson.dumps({"session": {str(doc_id): self._sessions.legacy[doc_id]}})
            try:
                return read_limited(self._layout.session_file(doc_id), LARGEST_PART, follow=False)
            except FileNotFoundError:
                pass
        raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))

    @_reads
    def summaries(self) -> dict[int, dict]:
        """Every session's summary by id, from the index alone (what `list` and `stats` read)."""
        record = self._read_meta()
        sessions, summarizer = self._sessions, self._summarizer
        if sessions.legacy is not None:  # read where it lies (read-only): each summary made on the spot
            return {doc_id: summarizer.summary_of(doc) for doc_id, doc in sorted(sessions.legacy.items())}
        if record is None or not self._layout.folder.is_dir():
            return {}
        if record.get("summary_version") != summarizer.version:
            try:
                with self._locked():  # rebuilt once, then read as usual
                    pass
            except ReadOnly:  # made on the spot instead, from the session files
                ids = self._layout.ids_on_disk()
                return {doc_id: summarizer.summary_of(doc) for doc_id, doc in sessions.docs(ids)}
        found = self._index.every()
        for entry in os.scandir(self._layout.folder):  # a write in progress, or one a killed writer left
            name = entry.name.removeprefix("pending-")
            if entry.name.startswith("pending-import-"):  # an import under way: none of it counts yet
                first = int(name.removeprefix("import-").split("-")[0])
                ranges = self._layout.import_ranges(name)  # (None: an older scorepad's, every id from `first`)
                found = {doc_id: summary for doc_id, summary in found.items()
                         if doc_id < first or (ranges is not None and not any(lo <= doc_id <= hi for lo, hi in ranges))}
            elif entry.name.startswith("pending-") and name.isdigit():
                doc_id = int(name)
                doc = sessions.load(doc_id)
                found.pop(doc_id, None)
                if doc is not None:
                    found[doc_id] = summarizer.summary_of(doc)
        return dict(sorted(found.items()))

    @_reads
    def latest(self, count: int) -> tuple[dict[int, dict], int]:
        """The summaries of the `count` newest sessions (by `order`), by id, and how many sessions there are:
        what `list` shows by default. It reads newest.json and the index files that hold those sessions (one
        or two: new sessions have new ids); every index file when newest.json cannot be trusted (missing or
        damaged until the next write makes it again, a write under way, a summary being rebuilt)."""
        briefs = self._index.briefs_for_readers() if self._trusted(self._read_meta()) else None
        found = None if briefs is None else self._index.latest(briefs, count)
        if found is None:
            every = self.summaries()
            order = self._summarizer.order
            newest = sorted(every, key=lambda doc_id: order(doc_id, every[doc_id]), reverse=True)[:count]
            return {doc_id: every[doc_id] for doc_id in sorted(newest)}, len(every)
        return found, sum(brief["count"] for brief in briefs.values())

    def update(self, doc_id: int, change: Callable[[dict], dict | None], *,
               expect: Callable[[dict], bool] | None = None) -> dict:
        """The session changed by `change` (in place, or the new doc it returns), read and written under the lock.

        `expect`: a compare-and-set. It sees the stored session first; False refuses the change (Changed,
        holding the session as it is stored; nothing written), e.g. when another process answered meanwhile.
        It costs no read beyond the one the update makes anyway.
        """
        summarizer = self._summarizer
        with self._locked():
            doc, tables = self._sessions.read(doc_id)
            if doc is None:
                raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))
            if expect is not None and not expect(doc):
                raise Changed(_(CHANGED).format(id=doc_id), doc)
            index_file = self._layout.index_file(self._layout.bucket_of(doc_id))
            held = file_stamp(index_file)
            stamped = self._sessions.stamped(doc, tables, held)  # (before `change`, which may change the doc)
            old_marks = summarizer.marks_of(doc)
            result = change(doc)
            new = doc if result is None else dict(result)
            new["schema"] = SCHEMA_VERSION
            summary = summarizer.summary_of(new)
            new_indexed = indexed(summary)
            new_marks = summarizer.marks_of(new)
            # Most answers leave the summary as it was (the leader changes when a round is complete): then only
            # the session file is written, and the index file is not even read (the stamp, see SessionFiles.write).
            old = stamped
            if old is None:  # as JSON, not through TinyDB: a Document of each of its summaries to compare one
                old = self._index.held(self._layout.bucket_of(doc_id)).get(str(doc_id))
                held = file_stamp(index_file)  # (made again if it was missing or damaged)
            derived_changed = old != new_indexed or old_marks != new_marks
            with self._repair.pending(str(doc_id)) if derived_changed else contextlib.nullcontext():
                # The files derived from the session first, the session file (the truth) last: a write that fails
                # there (a full disk) leaves the session as it was, and the marker has the index made from it again.
                if old != new_indexed:
                    self._index.put({doc_id: summary})
                    held = file_stamp(index_file)
                if old_marks != new_marks:  # rare: what a session answers to is fixed when it is made
                    self._marks.drop(doc_id, [m for m in old_marks if m not in new_marks])
                    self._marks.put({doc_id: new_marks})
                # The stamp names the index file that holds `new_indexed`, as it is now.
                self._sessions.write(doc_id, new, new_indexed, known=tables, index=held)
        return new

    def remove(self, doc_id: int) -> None:
        # Allowed even for a doc from a newer scorepad: deleting it cannot misread it.
        with self._locked():
            path = self._layout.session_file(doc_id)
            if not path.exists():
                raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))
            try:
                marks = self._summarizer.marks_of(self._sessions.load(doc_id) or {})
            except StoreError:  # a damaged or newer session: its marks are found the slow way
                marks = None
            with self._repair.pending(str(doc_id)):  # the session file last, as in update
                self._index.put({doc_id: None})
                if marks is None:
                    self._marks.put({doc_id: []}, everywhere=True)
                else:
                    self._marks.drop(doc_id, marks)
                path.unlink()
            with contextlib.suppress(OSError):  # its join link, if it was hosted (store.links)
                (self._layout.links_folder / f"{doc_id}.json").unlink()

    @_reads
    def find(self, marks: Iterable[str]) -> dict[str, int]:
        """The stored session each of these marks belongs to (marks no session has are left out)."""
        return self._marks.find(marks)

    @_reads
    def facts(self, summaries: dict[int, dict]) -> dict[int, dict]:
        """The facts of these summaries (from `summaries()`), by id: read from the facts files of the buckets that
        hold any (a summary made on the spot, e.g. read-only or after a killed writer, holds its facts itself)."""
        return self._facts.of(summaries)

    @_reads
    def derived(self, name: str, version: int, make: Callable[[dict[int, dict], Callable], Any]) -> list[Any] | None:
        """`make(summaries, facts)` of each index file (its summaries by id, and `facts`, which reads the facts of
        the summaries given it), kept in PATH.d/NAME/NNNN.json and made again only when that index file or its
        facts file was rewritten (or `version` or the summaries' version changed): after a game, `stats` reads
        the one index file the game changed and the kept results of the others. The result must be JSON data.

        A reader writes these files, without the lock, each whole or not at all (a read-only database just keeps
        none). Each is stamped with what its two files were before they were read, so one made while a writer
        rewrote them is made again next time. None when the index cannot be trusted this instant (a write under
        way, a database of layout 1, summaries to be made again): the caller reads the summaries instead."""
        if not self._trusted(self._read_meta()):
            return None
        layout = self._layout
        folder = layout.folder / name
        found, swept = [], False
        for bucket in layout.buckets():
            stamp = [version, self._summarizer.version, file_stamp(layout.index_file(bucket)),
                     file_stamp(layout.facts_file(bucket))]
            kept = folder / f"{bucket:04d}.json"
            try:
                held = orjson.loads(read_limited(kept, LARGEST_PART))
                if held["stamp"] == stamp:
                    found.append(held["value"])
                    continue
            except (OSError, ValueError, TypeError, KeyError):  # none yet, or not one of ours: made again
                pass
            summaries = {int(key): summary for key, summary in self._index.bucket_summaries(bucket).items()}
            value = make(summaries, self.facts)
            with contextlib.suppress(OSError, orjson.JSONEncodeError):  # read-only, full: made again next time
                if not swept:  # what a killed reader left (only the temp files of writers not running)
                    folder.mkdir(exist_ok=True)
                    sweep_temp_files(folder)
                    swept = True
                write_file(kept, orjson.dumps({"stamp": stamp, "value": value}), sync=False, temp_folder=folder)
            found.append(value)
        return found
