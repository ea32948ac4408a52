"""The session database (the only tinydb import): one small TinyDB file per session and a TinyDB index of
session summaries, written atomically under one lock, each doc versioned.

Layout (the database file is the one `--db PATH` names; its folder `PATH.d` sits beside it):

    scorepad.json                    {"meta": {"1": {"layout": 2, "next_id": N, "summary_version": V}}}
    scorepad.json.lock               held by every write, for one operation
    scorepad.json.d/sessions/0003/777.json   session 777: {"session": {"777": {...}}, "meta": {"1": {"summary": {...},
                                     "summary_version": V, "session": CRC, "index": [...]}}} (the summary the index
                                     file, as it was then, holds of it: Store._write_session)
    scorepad.json.d/index/0003.json          summaries of sessions 768-1023: {"summaries": {"777": {...}}}
    scorepad.json.d/facts/0003.json          the `facts` of the summaries in index/0003.json that have them (finished
                                     sessions: what `stats` reads beyond totals), {"facts": {"777": {...}}}; the
                                     index keeps only their digest (crc32), so `list` never reads these
    scorepad.json.d/stats/0003.json          what `stats` adds up of index/0003.json, kept by readers (Store.derived)
    scorepad.json.d/newest.json      per index file, its count and its newest session (`list` reads the latest
                                     20 from one or two index files): {"buckets": {"3": {"count": 256, ...}}}
    scorepad.json.d/pending-777      a write of session 777 is between its file and its summary
    scorepad.json.d/claims/777.4242@host.json   process 4242 on host is playing session 777 (scorepad.claims)

Why this shape: an answer rewrites one session file (a few KB) and, when the summary changed (a round was
completed, the game ended), one index file of at most BUCKET summaries; nothing grows with the number of
games kept. `list` reads the index alone; `show`, `score`, `export` read one session file. The session
file is the truth: a summary is derived from it, and the pending marker lets the next writer (or a
reader) rebuild a summary that a killed writer left behind. The files of index/, facts/ and newest.json are
derived too: one missing, blank or damaged is read around (from the session files) and made again by the next
writer, index/ and newest.json also by a reader that finds the lock free (not a read-only disk's).

The database file of scorepad 0.1 (layout 1: every session in `{"sessions": {...}}`) is moved over on
first use; the old file is kept beside it as `PATH.v1-backup` (see `_migrate`).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import itertools
import operator
import os
import shutil
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from filelock import FileLock, Timeout

from scorepad.errors import Changed, NotFound, ReadOnly, StoreError
from scorepad.files import (BACKUP_SUFFIX, FOLDER_SUFFIX, file_type, is_debris, replace_file, sweep_temp_files,
                            sync_folder, user_folder)
from scorepad.i18n import N_, NP_, _, pgettext, plural

if TYPE_CHECKING:
    from tinydb.table import Table

SCHEMA_VERSION = 1  # of a session document
LAYOUT = 2  # of the files on disk (1: one file holding every session, scorepad 0.1)
ENV_VAR = "SCOREPAD_DB"
META, SESSION, SUMMARIES, MARKS, OLD_TABLE = "meta", "session", "summaries", "marks", "sessions"
# A summary's `facts` (a dict) are kept in facts/NNNN.json beside its index file; the index holds their digest.
FACTS = "facts"
BUCKETS = "buckets"  # the table of newest.json: what each index file holds, in brief (see Store.latest)
MARK_BUCKETS = 256  # files of the marks index: a mark's file is found from the mark alone
# Sessions per folder and per index file. An answer that changes a summary rewrites one index file of
# at most this many summaries (~300 B each): about 80 KB whatever the history.
BUCKET = 256
SHAPE = '{"meta": {...}} or {"sessions": {"1": {...}}}'  # JSON, as it is in the file
# --- text for people ({path}: the database file as given; {reason}: the system's words, e.g. "Permission denied")
CHANGED = N_("session {id} changed meanwhile; nothing was saved")
# TRANSLATORS: what a database on a read-only disk (or in a folder one may not write) still allows.
CANNOT_CHANGE = N_("the database {path} can be read but not changed ({reason}): listing, showing, scoring, "
                   "exporting and printing work; playing, importing and editing need a copy you may write")
# TRANSLATORS: {problem} is one of the lines below (INEXACT_NUMBER, NOT_ITS_FILE).
DAMAGED_FILE = N_("session {id} in {path} is damaged: {problem}; it was left as it is")
# TRANSLATORS: {where} is a place inside a stored session, as JSON keys (entries[3].value), or "a value".
INEXACT_NUMBER = N_("{where} is {value!r}, a number JSON cannot keep exactly (scorepad writes whole numbers only)")
A_VALUE = N_("a value")
# TRANSLATORS: {name} is a session file's name (777.json); {found}: the sessions it holds ("session 5"), or
# "nothing".
NOT_ITS_FILE = N_("its file {name} holds {found}")
SESSION_N = N_("session {id}")
NOTHING = N_("nothing")
# TRANSLATORS: {what} is a kind of file ("a directory", "a FIFO (named pipe)"); --db and $SCOREPAD_DB are kept.
NOT_A_DATABASE_FILE = N_("the database {path} is {what}, not a file: name a file with --db PATH or $SCOREPAD_DB")
# TRANSLATORS: {folder} is the new folder's name, {backup} the old file's copy (both file names).
MIGRATED = NP_("Moved {count} session of {path} to the new storage layout (one file per session, beside it "
               "in {folder}); the old file is kept as {backup}.",
               "Moved {count} sessions of {path} to the new storage layout (one file per session, beside it "
               "in {folder}); the old file is kept as {backup}.")
# TRANSLATORS: {reason} is the system's words, or the JSON writer's (in English).
CANNOT_WRITE = N_("cannot write the database {path}: {reason}")
CANNOT_READ = N_("cannot read the database {path}: {reason}")
# TRANSLATORS: {path} may be followed by the file read, in parentheses; {problem} says what the file is not.
UNREADABLE = N_("cannot read the database {path}: {problem}; it was left as it is. Move it aside or use --db PATH.")
NOT_A_DATABASE = N_("not a scorepad database")
# TRANSLATORS: {shape} is JSON, kept as written.
NOT_A_DATABASE_SHAPE = N_("not a scorepad database (expected {shape})")
NOT_JSON = N_("not valid JSON (line {line}, column {column})")
FILE_READ = N_("{path} ({file})")  # the database as given, and the file of it that was read
# TRANSLATORS: {lock} is the lock file's path; {seconds}: how long scorepad waited for it.
BUSY = N_("the database {path} is busy: could not take the lock {lock} within {seconds} s (is another scorepad "
          "running?)")
CANNOT_LOCK = N_("cannot lock the database {path} ({lock}): {reason}")
NEWER_LAYOUT = N_("the database {path} was written by a newer scorepad (layout {layout!r})")
NEWER_SCHEMA = N_("session {id} in {path} was written by a newer scorepad (schema {schema!r})")
NO_SESSION = N_("no session {id} in {path}")
# TRANSLATORS: said once, before a wait of some seconds, after an upgrade changed what lists and stats keep.
REBUILDING = NP_("Bringing up to date what this version of scorepad keeps of {count} stored session for lists and "
                 "statistics (once, after an upgrade)…",
                 "Bringing up to date what this version of scorepad keeps of {count} stored sessions for lists and "
                 "statistics (once, after an upgrade)…")
# Below this many sessions the rebuild takes under a second or so and is not worth a line (about 2–5 ms each).
REBUILD_NOTICE = 300
CANNOT_MIGRATE = N_("cannot move the database {path} to the new layout: {reason}; it was left as it is")

Summarize = Callable[[dict], dict]
Order = Callable[[int, dict], list]


def by_id(doc_id: int, summary: dict) -> list:
    """Where a session stands among the others when the summaries give no order of their own (newest last)."""
    return [doc_id]


def default_path() -> Path:
    if env := os.environ.get(ENV_VAR):
        return Path(env)
    return user_folder("data") / "scorepad.json"


def basic_summary(doc: dict) -> dict:
    """What the index keeps when the caller gives no summary of its own."""
    return {key: doc[key] for key in ("game", "players", "status") if key in doc}


def _digest(data: Any, *, sort: bool = True) -> int:
    """What the index keeps of a summary's facts (what a session file's stamp keeps of its session, as written:
    `sort` False): enough to see that they changed (and need writing)."""
    return zlib.crc32(orjson.dumps(data, option=orjson.OPT_SORT_KEYS if sort else None))


def _indexed(summary: dict | None) -> dict | None:
    """A summary as the index holds it: its facts (if any) as their digest."""
    if summary is None or not isinstance(summary.get(FACTS), dict):
        return summary
    return {**summary, FACTS: _digest(summary[FACTS])}


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# --- one file, written whole or not at all -----------------------------------------------------------

def write_file(path: Path, payload: bytes, *, sync: bool = True, temp_folder: Path | None = None) -> None:
    """One of the database's files, whole or not at all (files.replace_file: the one atomic write). The files
    of PATH.d make their temp file in PATH.d itself (`temp_folder`), where the next writer looks for a killed
    writer's (`Store._repair`), whichever folder that writer was writing in."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A new file is private (0600), as the one-file database of 0.1 was: a game's notes are the table's own.
    replace_file(path, payload, sync=sync, mode_of=_stat(path), new_mode=0o600, temp_folder=temp_folder)


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


class AtomicJSONStorage:
    """TinyDB storage that never leaves a half-written file (TinyDB's JSONStorage rewrites in place, so a
    crash or a full disk mid-write loses the file: tech-notes §3). TinyDB's storages are duck-typed (read, write,
    close): this one needs not import tinydb, which readers never do (they read the files as JSON)."""

    def __init__(self, path: Path, shown: Path, table: str, sync: bool = True, temp_folder: Path | None = None,
                 derived: bool = False, known: dict | None = None):
        self.path, self.shown, self.table, self.sync, self.temp_folder = path, shown, table, sync, temp_folder
        self.derived = derived  # a file made from the session files: read by _read_derived
        self.known = known  # the file's tables, read already under the same lock (not read and parsed twice)

    def read(self) -> dict | None:
        if self.known is not None:
            known, self.known = self.known, None
            return known
        if self.derived:
            return _read_derived(self.path, self.shown, self.table)
        return _read_tables(self.path, self.shown, self.table)

    def write(self, data: dict) -> None:
        try:  # first, so a value orjson rejects never reaches the disk
            payload = orjson.dumps(data)
        except orjson.JSONEncodeError as error:  # e.g. an integer beyond 64 bits
            raise StoreError(_(CANNOT_WRITE).format(path=self.shown, reason=error)) from None
        try:
            write_file(self.path, payload, sync=self.sync, temp_folder=self.temp_folder)
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.shown, reason=_reason(error))) from None

    def close(self) -> None:
        pass


def _check_is_a_file(path: Path, shown: Path) -> None:
    # Reading a FIFO waits forever for a writer; /dev/null reads as an empty database that the first
    # write would replace (as root) with a plain file. Anything but a file is refused before the lock.
    try:
        mode = os.stat(path).st_mode
    except OSError:  # nothing there yet, or unreachable: the lock or the read says why
        return
    if not stat.S_ISREG(mode):
        raise StoreError(_(NOT_A_DATABASE_FILE).format(path=shown, what=file_type(mode)))


def _read_file(path: Path, shown: Path) -> bytes | None:
    """A store file's bytes, or None when there is none; one that cannot be read (no permission, a folder, a pipe)
    is refused in its own words."""
    _check_is_a_file(path, shown)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(_(CANNOT_READ).format(path=shown, reason=_reason(error))) from None


def _read_tables(path: Path, shown: Path, table: str) -> dict | None:
    """A TinyDB file's tables, or None when there is no file; anything unreadable is refused, untouched."""
    data = _read_file(path, shown)
    if data is None:
        return None
    # A blank file holds nothing that could be lost; `touch scorepad.json` is a natural way to pick a --db.
    if not data.strip():
        return None
    try:
        tables = orjson.loads(data)
        problem = None if _is_tinydb_shape(tables, table) else _(NOT_A_DATABASE)
    except orjson.JSONDecodeError as error:
        problem = _(NOT_JSON).format(line=error.lineno, column=error.colno)
    if problem:
        where = shown if path == shown else _(FILE_READ).format(path=shown, file=path)
        raise StoreError(_(UNREADABLE).format(path=where, problem=problem))
    return tables


class Damaged(StoreError):
    """A file derived from the session files (an index file) that holds no valid tables: blank, cut short or
    garbage. It is made again from the session files (the truth), not refused (Store._remake_index)."""


def _read_derived(path: Path, shown: Path, table: str) -> dict | None:
    """An index file's tables, or None when there is none. A blank one is damaged too (scorepad never writes one:
    a crash before the data reached the disk leaves it), not an empty database as the database file is. A file
    that cannot be read at all (no permission, a folder, a pipe) is refused in its own words."""
    data = _read_file(path, shown)
    if data is None:
        return None
    try:
        tables = orjson.loads(data)
        if _is_tinydb_shape(tables, table) and set(tables) <= {table}:
            return tables
        problem = _(NOT_A_DATABASE)
    except orjson.JSONDecodeError as error:
        problem = _(NOT_JSON).format(line=error.lineno, column=error.colno)
    raise Damaged(_(UNREADABLE).format(path=_(FILE_READ).format(path=shown, file=path), problem=problem))


def _check_exact(doc: dict, doc_id: int, shown: Path) -> None:
    """orjson reads an integer beyond 64 bits as a float, so a hand-edited 30-digit number would come back
    changed: a session holds whole numbers only, and one it cannot keep exactly is refused, not half-read."""
    todo: list[tuple[str, Any]] = [("", doc)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, float) or (isinstance(value, int) and not -2**63 <= value < 2**63):
            problem = _(INEXACT_NUMBER).format(where=where.lstrip(".") or _(A_VALUE), value=value)
            raise StoreError(_(DAMAGED_FILE).format(id=doc_id, path=shown, problem=problem))
        if isinstance(value, dict):
            todo.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend((f"{where}[{n}]", item) for n, item in enumerate(value))


def _is_tinydb_shape(data: object, table: str) -> bool:
    # TinyDB turns every doc key into int() and every doc into a dict; anything else would crash it
    # mid-operation or, worse, be rewritten in TinyDB's shape and lose what the file really held.
    # Ids must read as one number each way: "1" and "01" would be one session after the next write.
    return isinstance(data, dict) and set(data) <= {table, META, OLD_TABLE} and all(
        isinstance(docs, dict) and _are_ids(docs) and all(map(isinstance, docs.values(), itertools.repeat(dict)))
        for docs in data.values()
    )


def _are_ids(docs: dict) -> bool:
    """Every key one id, written as str(int(key)): ASCII digits without a leading zero (but "0"). At C speed: an
    index file holds 256 summaries, and `list --all` reads 40 of them at 10,000 sessions."""
    return (all(map(str.isdigit, docs)) and "".join(docs).isascii()
            and sum(map(operator.methodcaller("startswith", "0"), docs)) == ("0" in docs))


@functools.cache
def _tinydb() -> tuple[Any, Any, Any]:
    """TinyDB, its in-memory storage and our transaction middleware, imported for the first table opened: a
    command that only reads (`list`, `show`) reads the files as JSON and never imports tinydb."""
    from tinydb import TinyDB
    from tinydb.middlewares import CachingMiddleware
    from tinydb.storages import MemoryStorage

    class Transaction(CachingMiddleware):
        """One read and one write per operation, and the write only on success.

        The stock close() flushes whatever is cached, including the half-done work of a failed operation.
        """

        def close(self) -> None:
            self.storage.close()

    return TinyDB, MemoryStorage, Transaction


@contextlib.contextmanager
def _tinydb_table(path: Path, shown: Path, table: str, *, write: bool, sync: bool = True,
                  sweep: bool = True, temp_folder: Path | None = None, derived: bool = False) -> Iterator[Table]:
    """One TinyDB table of one file; written back (atomically, its temp file in `temp_folder`) when the block
    ends without an error. `derived`: a damaged file raises Damaged (see _read_derived)."""
    with _tinydb_file(path, shown, table, write=write, sync=sync, sweep=sweep, temp_folder=temp_folder,
                      derived=derived) as db:
        yield db.table(table)


@contextlib.contextmanager
def _tinydb_file(path: Path, shown: Path, table: str, *, write: bool, sync: bool = True, sweep: bool = True,
                 temp_folder: Path | None = None, derived: bool = False, known: dict | None = None) -> Iterator[Any]:
    """One file as a TinyDB database (its tables: `table`, and META in a session file; see _tinydb_table).
    `known`: its tables as the caller read them under the same lock (TinyDB changes them in place)."""
    TinyDB, MemoryStorage, Transaction = _tinydb()
    if not write and not path.exists():
        yield TinyDB(storage=MemoryStorage)
        return
    if write and sweep:  # under the lock: what a writer of an older scorepad, which wrote its temp file here, left
        sweep_temp_files(path.parent, writers_gone=True)
    db = TinyDB(path, shown, table, sync, temp_folder, derived, known, storage=Transaction(AtomicJSONStorage))
    try:
        yield db
        if write:
            db.storage.flush()
    finally:
        db.close()


# --- the store ---------------------------------------------------------------------------------------

class Store:
    """Sessions by id: insert, get, update (read-modify-write under the lock), remove; and their summaries.

    `summarize(doc)` makes the summary the index keeps of a session (what `list` and `stats` read); its
    `version` attribute, when it changes, makes the store rebuild every summary once.
    """

    def __init__(self, path: str | Path, *, lock_timeout: float = 10.0, summarize: Summarize | None = None,
                 notify: Callable[[str], None] | None = None, upgrade: Callable[[dict], dict] | None = None,
                 identify: Callable[[dict], list[str]] | None = None):
        self.path = Path(path)
        self.lock_timeout = lock_timeout
        # os.replace on a symlink would swap the link for a plain file: write (and lock) its target.
        self._real = Path(os.path.realpath(self.path))
        self._dir = self._real.with_name(self._real.name + FOLDER_SUFFIX)
        self.summarize = summarize or basic_summary
        self.summary_version = getattr(self.summarize, "version", 0)
        # How `latest` ranks sessions (the last is the newest): the summaries' own order, else by id.
        self.order: Order = getattr(self.summarize, "order", None) or by_id
        self.notify = notify or (lambda message: None)
        self.upgrade = upgrade or (lambda doc: doc)  # a layout-1 session as this release reads it (migration)
        self._legacy: dict[int, dict] | None = None  # a layout-1 file read where it cannot be moved over
        # What a session answers to when a file is imported (e.g. the fingerprint of the file it came from):
        # kept in a hashed index, so finding a stored game reads one small file per mark, not every summary.
        self.identify = identify or (lambda doc: [])

    # --- paths

    def _session_file(self, doc_id: int) -> Path:
        return self._dir / "sessions" / f"{doc_id // BUCKET:04d}" / f"{doc_id}.json"

    def _index_file(self, bucket: int) -> Path:
        return self._dir / "index" / f"{bucket:04d}.json"

    def _facts_file(self, bucket: int) -> Path:
        return self._dir / FACTS / f"{bucket:04d}.json"

    def _marks_file(self, mark: str) -> Path:
        return self._dir / "marks" / f"{_mark_bucket(mark):02x}.json"

    @property
    def _newest_file(self) -> Path:
        return self._dir / "newest.json"

    def _marker(self, name: str) -> Path:
        return self._dir / f"pending-{name}"

    @property
    def claims_folder(self) -> Path:
        """Where the processes playing a session say so (scorepad.claims); no store operation reads it."""
        return self._dir / "claims"

    # --- the lock and the meta record

    @contextlib.contextmanager
    def _locked(self) -> Iterator[dict]:
        """The lock for one write operation, with the meta record as it stands (migrated and repaired)."""
        lock_path = f"{self._real}.lock"
        # The kernel drops the lock (flock) when its process dies, so a killed writer never leaves a stale lock.
        lock = FileLock(lock_path, timeout=self.lock_timeout, mode=0o644)
        _check_is_a_file(self._real, self.path)
        try:
            self._real.parent.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except Timeout:
            raise StoreError(_(BUSY).format(path=self.path, lock=lock_path, seconds=f"{self.lock_timeout:g}")) \
                from None
        except OSError as error:
            if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise ReadOnly(_(CANNOT_CHANGE).format(path=self.path, reason=_reason(error))) from None
            raise StoreError(_(CANNOT_LOCK).format(path=self.path, lock=lock_path, reason=_reason(error))) from None
        try:
            tables = _read_tables(self._real, self.path, META)
            if tables and OLD_TABLE in tables:
                meta = self._migrate(tables)
            else:
                meta = self._meta(tables) or self._fresh_meta()
            self._repair(meta)
            yield meta
        finally:
            lock.release()

    def _meta(self, tables: dict | None) -> dict | None:
        if not tables:
            return None
        if set(tables) != {META} or list(tables[META]) != ["1"]:
            problem = _(NOT_A_DATABASE_SHAPE).format(shape=SHAPE)
            raise StoreError(_(UNREADABLE).format(path=self.path, problem=problem))
        meta = tables[META]["1"]
        layout = meta.get("layout")
        if layout != LAYOUT:
            raise StoreError(_(NEWER_LAYOUT).format(path=self.path, layout=layout))
        return meta

    def _fresh_meta(self) -> dict:
        """The meta record of a database file that is missing. Its folder may still hold sessions (the file
        was deleted by hand): then nothing is lost, the ids go on after theirs and every summary is rebuilt."""
        last = self._last_id_on_disk()
        if not last:
            return {"layout": LAYOUT, "next_id": 1, "summary_version": self.summary_version}
        return {"layout": LAYOUT, "next_id": last + 1, "summary_version": None}

    def _write_meta(self, meta: dict) -> None:
        try:
            write_file(self._real, orjson.dumps({META: {"1": meta}}))
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=_reason(error))) from None

    def _read_meta(self) -> dict | None:
        """For readers (no lock): None when nothing is stored yet. An old-layout file is moved over first."""
        self._tidy()
        tables = _read_tables(self._real, self.path, META)
        if tables and OLD_TABLE in tables:
            try:
                with self._locked() as meta:
                    return meta
            except ReadOnly:  # a 0.1 database on a read-only disk: read it as it is, without moving it
                self._legacy = {int(key): self.upgrade(self._checked(int(key), dict(doc)))
                                for key, doc in tables[OLD_TABLE].items()}
                return {"layout": 1, "next_id": max(self._legacy, default=0) + 1, "summary_version": None}
        if not tables and self._dir.is_dir():  # the file was deleted by hand, its folder was not
            return {"layout": LAYOUT, "next_id": 0, "summary_version": self.summary_version}
        return self._meta(tables)

    def _tidy(self) -> None:
        """What a killed writer left at the top of PATH.d (a pending marker, a temp file: every file of PATH.d
        makes its temp file there) is finished and removed by the first reader that finds the lock free this
        instant, not only by the next write (an `edit` that changes nothing writes nothing). A busy lock is a
        writer at work, whose files are its own; a read-only database stays as it is."""
        try:
            names = os.listdir(self._dir)
        except OSError:  # no folder yet (or unreadable: the read says so)
            return
        if not any(name.startswith("pending-") or is_debris(name, writers_gone=True) for name in names):
            return
        timeout, self.lock_timeout = self.lock_timeout, 0
        try:
            with self._locked():  # _repair, under the lock
                pass
        except StoreError:  # busy, read-only, or a database the read below refuses in its own words
            pass
        finally:
            self.lock_timeout = timeout

    # --- one session file, one index file

    def _index_table(self, bucket: int, *, write: bool, sync: bool = True):
        return _tinydb_table(self._index_file(bucket), self.path, SUMMARIES, write=write, sync=sync,
                             temp_folder=self._dir, derived=True)

    def _checked(self, doc_id: int, doc: dict) -> dict:
        # A doc without "schema" predates versioning, which started at 1.
        schema = doc.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise StoreError(_(NEWER_SCHEMA).format(id=doc_id, path=self.path, schema=schema))
        return doc

    def _load(self, doc_id: int) -> dict | None:
        return self._read_session(doc_id)[0]

    def _read_session(self, doc_id: int) -> tuple[dict | None, dict | None]:
        """A session as stored, and its file's tables (with the stamp of its summary: see _write_session)."""
        if self._legacy is not None:
            return self._legacy.get(doc_id), None
        path = self._session_file(doc_id)
        tables = _read_tables(path, self.path, SESSION)
        if tables is None:
            return None, None
        found = list(tables.get(SESSION, {}))
        if found != [str(doc_id)]:  # a file copied or edited by hand: which session it is would be a guess
            sessions = [_(SESSION_N).format(id=key) for key in found]
            held = pgettext("list separator", ", ").join(sessions) if found else _(NOTHING)
            problem = _(NOT_ITS_FILE).format(name=path.name, found=held)
            raise StoreError(_(DAMAGED_FILE).format(id=doc_id, path=self.path, problem=problem))
        doc = tables[SESSION][str(doc_id)]
        _check_exact(doc, doc_id, self.path)
        return self._checked(doc_id, dict(doc)), tables

    def _stamp(self, doc: dict, indexed: dict, index: list[int] | None) -> dict:
        return {"summary_version": self.summary_version, "summary": indexed, "session": _digest(doc, sort=False),
                "index": index}

    def _stamped(self, doc: dict, tables: dict | None, index: list[int] | None) -> dict | None:
        """The summary the index holds of this session, as its file's stamp says (see _write_session); None when
        the stamp cannot say: none, of another summary version, not of this session as stored (its digest: the
        file was changed by hand, or by a scorepad that kept the stamp it found), or of another index file than
        `index`, the _file_stamp of the one there is (it was rewritten since; or the session file was put back
        from a backup or after `delete`, or copied from another database: it agrees with itself, not with the
        index as it is now)."""
        stamp = (tables or {}).get(META, {}).get("1") or {}
        if stamp.get("summary_version") != self.summary_version or stamp.get("session") != _digest(doc, sort=False):
            return None
        if stamp.get("index") is None or stamp.get("index") != index:
            return None
        summary = stamp.get("summary")
        return summary if isinstance(summary, dict) else None

    def _write_session(self, doc_id: int, doc: dict, indexed: dict, *, new: bool = False, sync: bool = True,
                       sweep: bool = False, known: dict | None = None, index: list[int] | None = None) -> None:
        """A session's file: the session, and (its META table, the stamp) the summary the index holds of it, with
        the digest of the session as written and `index`, the _file_stamp of the index file that holds that
        summary (None: not known, the index file is written after the session file: an import, an answer that
        changes the summary). An answer that leaves the summary as the stamp says it is then needs not read the
        index file (up to 256 summaries) to see that nothing else changes: the two are written under one lock,
        the index file after the session file, inside a pending marker when the summary changes (_pending), so
        the stamp never names an index file that does not hold its summary. A stamp the next writer cannot trust
        (Store._stamped: none, a file written before stamps or changed or put back by hand, an index file
        replaced since) is compared with the index. `sweep`: what a writer of an older scorepad left in the
        folder; `known`: the file's tables as read under this lock (see _tinydb_file)."""
        with _tinydb_file(self._session_file(doc_id), self.path, SESSION, write=True, sync=sync, sweep=sweep,
                          temp_folder=self._dir, known=known) as db:
            if new:
                db.table(SESSION).insert(_doc(doc, doc_id))
            else:
                db.table(SESSION).update(_replacing(doc), doc_ids=[doc_id])
            try:
                stamp = self._stamp(doc, indexed, index)
            except orjson.JSONEncodeError as error:  # e.g. an integer beyond 64 bits: nothing is written
                raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=error)) from None
            db.table(META).truncate()
            db.table(META).insert(_doc(stamp, 1))

    def _summary_of(self, doc_id: int, doc: dict) -> dict:
        try:
            return self.summarize(doc)
        except Exception:  # noqa: BLE001 - a summary must never stop an answer from being saved
            return {**basic_summary(doc), "damaged": True}

    def _put_summaries(self, summaries: dict[int, dict | None], *, sync: bool = True, repair: bool = False) -> None:
        """Set (or, for None, drop) summaries, one index file per bucket touched; then newest.json, when a
        bucket's count or newest session changed (an answer that closes a round changes neither: it writes
        one index file, as before). `repair`: newest.json is made to agree with these buckets even if they
        look unchanged (a killed writer may have written the index file and not newest.json)."""
        buckets: dict[int, dict[int, dict | None]] = {}
        facts: dict[int, dict] = {}  # kept in facts/, beside the index file (see FACTS)
        for doc_id, summary in summaries.items():
            if summary is not None and isinstance(summary.get(FACTS), dict):
                facts[doc_id] = summary[FACTS]
            buckets.setdefault(doc_id // BUCKET, {})[doc_id] = _indexed(summary)
        briefs: dict[int, dict] = {}
        for bucket, changes in buckets.items():
            try:
                before, after = self._put_bucket(bucket, changes, facts, sync=sync, repair=repair)
            except Damaged:  # cut short, emptied, garbage: made again from the session files, then changed
                self._remake_index(bucket)
                before, after = self._put_bucket(bucket, changes, facts, sync=sync, repair=repair)
            if repair or after != before:
                briefs[bucket] = after
        if briefs:
            self._put_briefs(briefs, sync=sync)

    def _put_bucket(self, bucket: int, changes: dict[int, dict | None], facts: dict[int, dict], *, sync: bool,
                    repair: bool) -> tuple[dict, dict]:
        """One index file's part of _put_summaries: its brief before and after. A missing index file with other
        sessions in its bucket was moved aside or deleted: made again from their files first (written with these
        changes alone, it would hide them from every list for good)."""
        if not self._index_file(bucket).exists() and self._bucket_ids(bucket) - set(changes):
            self._remake_index(bucket)
        with self._index_table(bucket, write=True, sync=sync) as table:
            entries = table.all()
            present = {entry.doc_id for entry in entries}
            before = self._brief(entries)
            # The facts first: an index entry's digest then never names facts that are not there yet.
            digests = {entry.doc_id: entry.get(FACTS) for entry in entries}
            self._put_facts(bucket, {doc_id: facts.get(doc_id) for doc_id, summary in changes.items()
                                     if repair or digests.get(doc_id) != (summary or {}).get(FACTS)}, sync=sync)
            for doc_id, summary in changes.items():
                if doc_id not in present:
                    if summary is not None:
                        table.insert(_doc(summary, doc_id))
                elif summary is None:
                    table.remove(doc_ids=[doc_id])
                else:  # upsert would merge the old fields in; a summary is replaced whole
                    table.update(_replacing(summary), doc_ids=[doc_id])
            return before, self._brief(table.all())

    # --- an index file made again from its bucket's session files (the truth)

    def _session_buckets(self) -> list[int]:
        folder = self._dir / "sessions"
        names = os.listdir(folder) if folder.is_dir() else ()
        return [int(name) for name in names if name.isdigit() and name.isascii()]

    def _buckets(self) -> list[int]:
        """Every bucket there is: those of the index files, and those of the session folders (a session folder
        without its index file is a bucket whose index file went missing: moved aside, deleted)."""
        return sorted(set(self._index_buckets()) | set(self._session_buckets()))

    def _index_read(self, bucket: int) -> dict[str, dict] | None:
        """An index file's summaries (by id as a string), or None when it is missing or damaged."""
        try:
            tables = _read_derived(self._index_file(bucket), self.path, SUMMARIES)
        except Damaged:
            return None
        return None if tables is None else tables.get(SUMMARIES, {})

    def _bucket_ids(self, bucket: int) -> set[int]:
        """The sessions of a bucket, by their files."""
        folder = self._session_file(bucket * BUCKET).parent
        names = os.listdir(folder) if folder.is_dir() else ()
        return {doc_id for name in names if name.endswith(".json") and name[:-5].isdigit() and name.isascii()
                and (doc_id := int(name[:-5])) // BUCKET == bucket}

    def _bucket_made(self, bucket: int) -> dict[int, dict]:
        """The summaries of a bucket made from its session files (reads every one: for a repair, not a read)."""
        return {doc_id: self._summary_of(doc_id, doc) for doc_id, doc in self._docs(sorted(self._bucket_ids(bucket)))}

    def _remake_index(self, bucket: int) -> dict[str, dict]:
        """Under the lock: a bucket's index file (with its facts file and its brief in newest.json) made again from
        its session files, and its summaries as now written. A missing, blank or unreadable index file hid every
        session of its bucket from list, stats and export --all, and the next write began a new one holding only
        its own session; a session file that cannot be read stops this, in its own words, before anything is
        written."""
        made = self._bucket_made(bucket)
        held = {str(doc_id): _indexed(summary) for doc_id, summary in made.items()}
        facts = {str(doc_id): summary[FACTS] for doc_id, summary in made.items()
                 if isinstance(summary.get(FACTS), dict)}
        files = [(self._index_file(bucket), {SUMMARIES: held})]
        if facts or self._facts_file(bucket).exists():  # first: an index file's digest never names facts not there
            files.insert(0, (self._facts_file(bucket), {FACTS: facts}))
        for path, payload in files:
            try:
                write_file(path, orjson.dumps(payload), temp_folder=self._dir)
            except (OSError, orjson.JSONEncodeError) as error:
                reason = _reason(error) if isinstance(error, OSError) else error
                raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=reason)) from None
        self._put_briefs({bucket: self._brief_of((int(key), summary) for key, summary in held.items())})
        return held

    def _index_held(self, bucket: int) -> dict[str, dict]:
        """Under the lock: an index file's summaries, the file made again first if it is missing or damaged."""
        held = self._index_read(bucket)
        return self._remake_index(bucket) if held is None else held

    def _bucket_summaries(self, bucket: int) -> dict[str, dict]:
        """For readers: an index file's summaries. Missing or damaged, it is made again if the lock is free this
        instant, else (a writer at work, a read-only disk) its summaries are made from the session files for this
        read (the session files are the truth; made on the spot, a summary holds its facts itself)."""
        held = self._index_read(bucket)
        if held is None and self._index_made_again(bucket):
            held = self._index_read(bucket)
        if held is None:
            held = {str(doc_id): summary for doc_id, summary in self._bucket_made(bucket).items()}
        return held

    def _index_made_again(self, bucket: int) -> bool:
        timeout, self.lock_timeout = self.lock_timeout, 0
        try:
            with self._locked():
                self._index_held(bucket)
            return True
        except StoreError:  # busy, read-only, a full disk; a damaged session file: the read says so
            return False
        finally:
            self.lock_timeout = timeout

    def _put_facts(self, bucket: int, changes: dict[int, dict | None], *, sync: bool = True) -> None:
        """Set (or, for None, drop) these sessions' facts in the bucket's facts file; written only if it changes."""
        if not changes:
            return
        path = self._facts_file(bucket)
        held, whole = self._facts_of_bucket(bucket)
        before = dict(held) if whole else None  # a damaged file is written again, even with nothing changed
        for doc_id, found in changes.items():
            if found is None:
                held.pop(str(doc_id), None)
            else:
                held[str(doc_id)] = found
        if held == before:
            return
        try:
            write_file(path, orjson.dumps({FACTS: held}), sync=sync, temp_folder=self._dir)
        except (OSError, orjson.JSONEncodeError) as error:
            reason = _reason(error) if isinstance(error, OSError) else error
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=reason)) from None

    def facts(self, summaries: dict[int, dict]) -> dict[int, dict]:
        """The facts of these summaries (from `summaries()`), by id: read from the facts files of the buckets that
        hold any (a summary made on the spot, e.g. read-only or after a killed writer, holds its facts itself)."""
        found: dict[int, dict] = {}
        wanted: set[int] = set()
        for doc_id, summary in summaries.items():
            held = summary.get(FACTS)
            if isinstance(held, dict):
                found[doc_id] = held
            elif held is not None:
                wanted.add(doc_id)
        for bucket in sorted({doc_id // BUCKET for doc_id in wanted}):
            for key, held in self._facts_of_bucket(bucket)[0].items():
                if int(key) in wanted:
                    found[int(key)] = held
        # Named by the index but not in its facts file (the file moved aside, emptied by a crash, damaged): from
        # the session files, the truth, rather than figures silently left out
        for doc_id in sorted(wanted - set(found)):
            held = self._facts_from_session(doc_id)
            if held is not None:
                found[doc_id] = held
        return found

    def _facts_from_session(self, doc_id: int) -> dict | None:
        try:
            doc = self._load(doc_id)
        except StoreError:  # a damaged session file: its facts stay out (its summary says what it can)
            return None
        held = None if doc is None else self._summary_of(doc_id, doc).get(FACTS)
        return held if isinstance(held, dict) else None

    def _facts_of_bucket(self, bucket: int) -> tuple[dict[str, Any], bool]:
        """A facts file's facts by id (as a string), and whether the file could be read (False: damaged, they were
        made again from the bucket's session files). The file is derived (the session files are the truth): a
        damaged one is made again, for this read and by the next writer on disk, instead of stopping every game
        and import of its 256 sessions (and `stats`) with 'cannot read'."""
        path = self._facts_file(bucket)
        try:
            return dict((_read_tables(path, self.path, FACTS) or {}).get(FACTS, {})), True
        except StoreError:
            if not path.is_file() or not os.access(path, os.R_OK):  # a folder, a pipe, no permission: said as is
                raise
        found = {}
        for doc_id in self._ids_on_disk():
            if doc_id // BUCKET == bucket:
                held = self._facts_from_session(doc_id)
                if held is not None:
                    found[str(doc_id)] = held
        return found, False

    def derived(self, name: str, version: int, make: Callable[[dict[int, dict], Callable], Any]) -> list[Any] | None:
        """`make(summaries, facts)` of each index file (its summaries by id, and `facts`, which reads the facts of
        the summaries given it), kept in PATH.d/NAME/NNNN.json and made again only when that index file or its
        facts file was rewritten (or `version` or the summaries' version changed): after a game, `stats` reads
        the one index file the game changed and the kept results of the others. The result must be JSON data.

        A reader writes these files, without the lock, each whole or not at all (a read-only database just keeps
        none). Each is stamped with what its two files were before they were read, so one made while a writer
        rewrote them is made again next time. None when the index cannot be trusted this instant (a write under
        way, a database of layout 1, summaries to be made again): the caller reads the summaries instead."""
        meta = self._read_meta()
        if (self._legacy is not None or meta is None or meta.get("summary_version") != self.summary_version
                or not self._dir.is_dir() or any(n.startswith("pending-") for n in os.listdir(self._dir))):
            return None
        folder = self._dir / name
        found, swept = [], False
        for bucket in self._buckets():
            stamp = [version, self.summary_version, _file_stamp(self._index_file(bucket)),
                     _file_stamp(self._facts_file(bucket))]
            kept = folder / f"{bucket:04d}.json"
            try:
                held = orjson.loads(kept.read_bytes())
                if held["stamp"] == stamp:
                    found.append(held["value"])
                    continue
            except (OSError, ValueError, TypeError, KeyError):  # none yet, or not one of ours: made again
                pass
            summaries = {int(key): summary for key, summary in self._bucket_summaries(bucket).items()}
            value = make(summaries, self.facts)
            with contextlib.suppress(OSError, orjson.JSONEncodeError):  # read-only, full: made again next time
                if not swept:  # what a killed reader left (only the temp files of writers not running)
                    folder.mkdir(exist_ok=True)
                    sweep_temp_files(folder)
                    swept = True
                write_file(kept, orjson.dumps({"stamp": stamp, "value": value}), sync=False, temp_folder=folder)
            found.append(value)
        return found

    # --- newest.json: each index file in brief, so that `list` reads only the files holding the latest

    def _brief(self, entries: Iterable[Any]) -> dict:
        """An index file in brief: how many summaries it holds and the `order` of its newest (None: empty)."""
        return self._brief_of((entry.doc_id, entry) for entry in entries)

    def _brief_of(self, summaries: Iterable[tuple[int, dict]]) -> dict:
        count, newest = 0, None
        for doc_id, summary in summaries:
            count += 1
            key = self.order(doc_id, summary)
            if newest is None or key > newest:
                newest = key
        return {"count": count, "newest": newest}

    def _read_briefs(self, *, check: bool = True) -> dict[int, dict] | None:
        """newest.json as it stands, or None when it is missing, damaged or (`check`) does not name the index
        files there are (then it is made again by the next writer, and readers read every index file meanwhile)."""
        try:
            tables = orjson.loads(self._newest_file.read_bytes())
            briefs = {int(key): brief for key, brief in tables[BUCKETS].items()}
            if not all(isinstance(brief.get("count"), int) and isinstance(brief.get("newest"), (list, type(None)))
                       for brief in briefs.values()):
                return None
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None
        if check and set(briefs) != set(self._buckets()):
            return None
        return briefs

    def _index_buckets(self) -> list[int]:
        index = self._dir / "index"
        names = os.listdir(index) if index.is_dir() else ()
        return sorted(int(name[:-5]) for name in names
                      if name.endswith(".json") and name[:-5].isdigit() and not name.startswith("."))

    def _put_briefs(self, changes: dict[int, dict] | None, *, sync: bool = True) -> None:
        """Write newest.json with these buckets' briefs (None: every bucket's, made from the index files)."""
        current = self._read_briefs(check=False)
        briefs = None if current is None or changes is None else {**current, **changes}
        if briefs is None or set(briefs) != set(self._index_buckets()):
            briefs = {}
            for bucket in self._index_buckets():
                held = self._index_held(bucket)
                briefs[bucket] = self._brief_of((int(key), summary) for key, summary in held.items())
        if briefs == current:  # as it stands (a repair that found nothing to do): not written again
            return
        payload = orjson.dumps({BUCKETS: {str(bucket): brief for bucket, brief in sorted(briefs.items())}})
        try:
            write_file(self._newest_file, payload, sync=sync, temp_folder=self._dir)
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=_reason(error))) from None

    def _marks_of(self, doc: dict) -> list[str]:
        try:
            return [m for m in self.identify(doc) if isinstance(m, str)]
        except Exception:  # noqa: BLE001 - a damaged session answers to nothing, and is still saved
            return []

    def _put_marks(self, changes: dict[int, list[str]], *, sync: bool = True, everywhere: bool = False) -> None:
        """Set each session's marks (an empty list: none), touching only the files those marks hash to;
        `everywhere`: also clear the session from every other file (after a write that was cut short)."""
        files: dict[Path, dict[int, list[str]]] = {}
        for doc_id, marks in changes.items():
            for mark in marks:
                files.setdefault(self._marks_file(mark), {}).setdefault(doc_id, []).append(mark)
        folder = self._dir / "marks"
        if everywhere and folder.is_dir():
            for name in os.listdir(folder):
                if name.endswith(".json") and not name.startswith("."):
                    files.setdefault(folder / name, {})
        for path, marks in files.items():
            with _tinydb_table(path, self.path, MARKS, write=True, sync=sync, temp_folder=self._dir) as table:
                present = {entry.doc_id for entry in table.all()}
                gone = [doc_id for doc_id in (changes if everywhere else marks) if doc_id in present]
                if gone:
                    table.remove(doc_ids=gone)
                if marks:  # a file with nothing to change is not written (not even on a full disk)
                    table.insert_multiple(_doc({"marks": found}, doc_id) for doc_id, found in marks.items())

    def _drop_marks(self, doc_id: int, marks: Iterable[str]) -> None:
        """Take a session out of the files these marks hash to."""
        for path in {self._marks_file(mark) for mark in marks}:
            with _tinydb_table(path, self.path, MARKS, write=True, temp_folder=self._dir) as table:
                if table.contains(doc_id=doc_id):
                    table.remove(doc_ids=[doc_id])

    def find(self, marks: Iterable[str]) -> dict[str, int]:
        """The stored session each of these marks belongs to (marks no session has are left out)."""
        found: dict[str, int] = {}
        wanted: dict[Path, set[str]] = {}
        for mark in marks:
            wanted.setdefault(self._marks_file(mark), set()).add(mark)
        for path, those in wanted.items():
            tables = _read_tables(path, self.path, MARKS) or {}
            for key, entry in tables.get(MARKS, {}).items():
                for mark in set(entry.get("marks", [])) & those:
                    found[mark] = int(key)
        return found

    def _repair(self, meta: dict) -> None:
        """Finish what a killed writer left between a session file and its summary, and remove its temp files
        (under the lock: no other writer runs, so every temp file of ours there is debris and goes at once)."""
        backup = self._real.with_name(self._real.name + BACKUP_SUFFIX)
        sweep_temp_files(self._real.parent, [self._real.name, backup.name], writers_gone=True)
        if not self._dir.is_dir():
            return
        sweep_temp_files(self._dir, writers_gone=True)  # every file of PATH.d makes its temp file there
        # (An index file moved aside or deleted is made again by the first writer of its bucket, _put_bucket, or
        # reader, _bucket_summaries, not looked for here: listing index/ and sessions/, 196 names each at 50,000
        # sessions, was a tenth of every answer.)
        names = os.listdir(self._dir)
        for name in names:
            if name.startswith("pending-"):
                self._finish(name.removeprefix("pending-"))
        if meta.get("summary_version") != self.summary_version:
            self._rebuild_summaries(meta)
        elif self._newest_file.name not in names and "index" in names:  # a layout-2 folder made before it
            self._put_briefs(None)

    def _finish(self, name: str) -> None:
        """Make the index agree with the session files after the interrupted write `name`."""
        if name.startswith("import-"):  # an import that never finished: none of it was stored
            first = int(name.removeprefix("import-").split("-")[0])
            written = [doc_id for doc_id in self._ids_on_disk() if doc_id >= first]
            # The session files go last: cut short (a full disk), this runs again and finds them all again. A
            # file with nothing to change is not written, so an import that failed before its first session file
            # (a full disk) is finished without writing anything.
            self._put_marks({doc_id: [] for doc_id in written}, everywhere=True)
            self._put_summaries({doc_id: None for doc_id in written}, repair=True)
            for doc_id in written:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self._session_file(doc_id))
        else:
            doc_id = int(name)
            doc = self._load(doc_id)
            self._put_summaries({doc_id: None if doc is None else self._summary_of(doc_id, doc)}, repair=True)
            self._put_marks({doc_id: [] if doc is None else self._marks_of(doc)}, everywhere=True)
        self._marker(name).unlink()

    def _rebuild_summaries(self, meta: dict) -> None:
        """Every summary made again (once, after the way summaries are made has changed)."""
        index = self._dir / "index"
        # One session at a time: only the summaries and marks are kept (10,000 sessions read whole were some
        # 400 MiB), and a session that cannot be read stops the rebuild before anything is removed.
        summaries, marks = {}, {}
        ids = self._ids_on_disk()
        if len(ids) >= REBUILD_NOTICE:
            self.notify(plural(REBUILDING, len(ids)).format(count=len(ids)))
        for doc_id, doc in self._docs(ids):
            summaries[doc_id], marks[doc_id] = self._summary_of(doc_id, doc), self._marks_of(doc)
        shutil.rmtree(index, ignore_errors=True)
        shutil.rmtree(self._dir / FACTS, ignore_errors=True)
        shutil.rmtree(self._dir / "marks", ignore_errors=True)
        self._newest_file.unlink(missing_ok=True)
        self._put_summaries(summaries)
        if not summaries:
            self._put_briefs(None)
        self._put_marks(marks)
        meta["summary_version"] = self.summary_version
        self._write_meta(meta)

    def _ids_on_disk(self) -> list[int]:
        """Every session by its file (another file there, "2 (copy).json" or notes.txt, is none)."""
        return sorted(doc_id for bucket in self._session_buckets() for doc_id in self._bucket_ids(bucket))

    def _last_id_on_disk(self) -> int:
        """The largest id of a session file (0: none), from two listings: sessions/ and its last folder."""
        for bucket in sorted(self._session_buckets(), reverse=True):
            if ids := self._bucket_ids(bucket):
                return max(ids)
        return 0

    def _docs(self, ids: Iterable[int]) -> Iterator[tuple[int, dict]]:
        for doc_id in ids:
            doc = self._load(doc_id)
            if doc is not None:
                yield doc_id, doc

    @contextlib.contextmanager
    def _pending(self, name: str) -> Iterator[None]:
        # An empty file, not synced: it guards against a killed process (the kernel keeps what was
        # written); after a power cut a summary may lag, and the session file is still the truth.
        marker = self._marker(name)
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
        try:
            yield
        except BaseException:
            with contextlib.suppress(Exception):  # else the next writer does it
                self._finish(name)
            raise
        marker.unlink()

    # --- the operations

    def insert(self, doc: dict) -> int:
        return self.insert_many([doc])[0]

    def insert_many(self, docs: Iterable[dict],
                    check: Callable[[Callable[[Iterable[str]], dict[str, int]]], None] | None = None) -> list[int]:
        """Store every doc or, if anything fails (or the process is killed), none of them; their new ids in order.

        `docs` may be an iterator: it is consumed under the lock, one doc at a time (a 10,000-table import
        never holds its sessions in memory), and an error it raises stores nothing; checks it makes with
        `find` see a store no other writer can change meanwhile. `check`, if given, is called under the same
        lock before anything is written, with `find`, and may raise to store nothing.
        """
        try:
            with self._locked() as meta:
                if check is not None:
                    check(self.find)
                # After the ids of the session files, as a database file that is missing (_fresh_meta): one put
                # back from an older copy names ids that are taken (and the import's marker would remove them).
                first = max(meta["next_id"], self._last_id_on_disk() + 1)
                ids: list[int] = []
                with self._pending(f"import-{first}"):
                    summaries, marks = {}, {}
                    for doc in docs:
                        doc_id = first + len(ids)
                        stored = {**doc, "schema": SCHEMA_VERSION}
                        # Not synced one by one: the whole import is synced once before it counts.
                        # A folder's debris is swept once an import, not before each of its 256 files.
                        sweep = doc_id == first or doc_id % BUCKET == 0
                        summaries[doc_id] = self._summary_of(doc_id, stored)
                        self._write_session(doc_id, stored, _indexed(summaries[doc_id]), new=True, sync=False,
                                            sweep=sweep)
                        marks[doc_id] = self._marks_of(stored)
                        ids.append(doc_id)
                        if doc_id % BUCKET == BUCKET - 1:  # an index file complete: written now, not kept (a
                            # 10,000-table import held every summary, facts and all: 94 MiB at its peak)
                            self._put_summaries(summaries, sync=False)
                            summaries = {}
                    if not ids:
                        return []
                    self._put_summaries(summaries, sync=False)
                    self._put_marks(marks, sync=False)
                    if len(ids) == 1:  # one file: its own fsync is cheaper than syncing the whole disk
                        _fsync_file(self._session_file(ids[0]))
                        sync_folder(self._session_file(ids[0]).parent)
                    else:
                        os.sync()
                    meta["next_id"] = first + len(ids)
                    self._write_meta(meta)  # then the marker goes: from here on the import counts
                return ids
        except OSError as error:
            raise StoreError(_(CANNOT_WRITE).format(path=self.path, reason=_reason(error))) from None

    def get(self, doc_id: int) -> dict:
        if self._read_meta() is not None:
            doc = self._load(doc_id)
            if doc is not None:
                return doc
        raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))

    def all(self) -> list[tuple[int, dict]]:
        """Every session, by id (reads every file: for exports and backups, not for listing)."""
        return list(self._docs(self.summaries())) if self._read_meta() is not None else []

    def summaries(self) -> dict[int, dict]:
        """Every session's summary by id, from the index alone (what `list` and `stats` read)."""
        meta = self._read_meta()
        if self._legacy is not None:  # read where it lies (read-only): each summary made on the spot
            return {doc_id: self._summary_of(doc_id, doc) for doc_id, doc in sorted(self._legacy.items())}
        if meta is None or not self._dir.is_dir():
            return {}
        if meta.get("summary_version") != self.summary_version:
            try:
                with self._locked():  # rebuilt once, then read as usual
                    pass
            except ReadOnly:  # made on the spot instead, from the session files
                return {doc_id: self._summary_of(doc_id, doc) for doc_id, doc in self._docs(self._ids_on_disk())}
        found = self._read_index()
        for entry in os.scandir(self._dir):  # a write in progress, or one a killed writer left
            name = entry.name.removeprefix("pending-")
            if entry.name.startswith("pending-import-"):  # an import under way: none of it counts yet
                first = int(name.removeprefix("import-").split("-")[0])
                found = {doc_id: summary for doc_id, summary in found.items() if doc_id < first}
            elif entry.name.startswith("pending-") and name.isdigit():
                doc_id = int(name)
                doc = self._load(doc_id)
                found.pop(doc_id, None)
                if doc is not None:
                    found[doc_id] = self._summary_of(doc_id, doc)
        return dict(sorted(found.items()))

    def latest(self, count: int) -> tuple[dict[int, dict], int]:
        """The summaries of the `count` newest sessions (by `order`), by id, and how many sessions there are:
        what `list` shows by default. It reads newest.json and the index files that hold those sessions (one
        or two: new sessions have new ids); every index file when newest.json cannot be trusted (missing or
        damaged until the next write makes it again, a write under way, a summary being rebuilt)."""
        meta = self._read_meta()
        briefs = None
        if (self._legacy is None and meta is not None and meta.get("summary_version") == self.summary_version
                and self._dir.is_dir() and not any(name.startswith("pending-") for name in os.listdir(self._dir))):
            briefs = self._read_briefs()
            if briefs is None and self._briefs_made_again():
                briefs = self._read_briefs()
        found = None if briefs is None else self._latest_of(briefs, count)
        if found is None:
            every = self.summaries()
            newest = sorted(every, key=lambda doc_id: self.order(doc_id, every[doc_id]), reverse=True)[:count]
            return {doc_id: every[doc_id] for doc_id in sorted(newest)}, len(every)
        return found, sum(brief["count"] for brief in briefs.values())

    def _briefs_made_again(self) -> bool:
        """newest.json made again from the index files (a layout-2 folder made before it, or damaged), if the
        lock is free this instant: else (busy, read-only) the reader reads every index file this once."""
        timeout, self.lock_timeout = self.lock_timeout, 0
        try:
            with self._locked():
                if self._read_briefs() is None:
                    self._put_briefs(None)
            return True
        except StoreError:
            return False
        finally:
            self.lock_timeout = timeout

    def _latest_of(self, briefs: dict[int, dict], count: int) -> dict[int, dict] | None:
        """The `count` newest summaries, reading the index files newest first until no other can hold one;
        None when a file read does not match its brief (a writer changed it meanwhile: read them all)."""
        import heapq

        kept: list[tuple[list, int, dict]] = []  # the newest so far, the oldest of them first (a heap)
        ranked = sorted((brief["newest"], bucket, brief["count"]) for bucket, brief in briefs.items()
                        if brief["newest"] is not None)
        for newest, bucket, held in reversed(ranked):
            if count <= 0 or (len(kept) >= count and newest < kept[0][0]):
                break
            summaries = self._bucket_summaries(bucket)
            top = None
            for key, summary in summaries.items():
                doc_id = int(key)
                rank = self.order(doc_id, summary)
                top = rank if top is None or rank > top else top
                if len(kept) < count:
                    heapq.heappush(kept, (rank, doc_id, summary))
                elif rank > kept[0][0]:
                    heapq.heapreplace(kept, (rank, doc_id, summary))
            if len(summaries) != held or top != newest:
                return None
        return {doc_id: summary for _rank, doc_id, summary in sorted(kept, key=lambda item: item[1])}

    def _read_index(self) -> dict[int, dict]:
        # Read as the JSON it is (TinyDB's files), not through Table.all(): making a Document of each of
        # 10,000 summaries was a third of `list`.
        found: dict[int, dict] = {}
        with gc_paused():
            for bucket in self._buckets():
                held = self._bucket_summaries(bucket)
                found.update(zip(map(int, held), held.values()))
        return found

    def update(self, doc_id: int, change: Callable[[dict], dict | None], *,
               expect: Callable[[dict], bool] | None = None) -> dict:
        """The session changed by `change` (in place, or the new doc it returns), read and written under the lock.

        `expect`: a compare-and-set. It sees the stored session first; False refuses the change (Changed,
        holding the session as it is stored; nothing written), e.g. when another process answered meanwhile.
        It costs no read beyond the one the update makes anyway.
        """
        with self._locked():
            doc, tables = self._read_session(doc_id)
            if doc is None:
                raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))
            if expect is not None and not expect(doc):
                raise Changed(_(CHANGED).format(id=doc_id), doc)
            index_file = self._index_file(doc_id // BUCKET)
            held = _file_stamp(index_file)
            stamped = self._stamped(doc, tables, held)  # (before `change`, which may change the doc in place)
            old_marks = self._marks_of(doc)
            result = change(doc)
            new = doc if result is None else dict(result)
            new["schema"] = SCHEMA_VERSION
            summary = self._summary_of(doc_id, new)
            indexed = _indexed(summary)
            new_marks = self._marks_of(new)
            # Most answers leave the summary as it was (the leader changes when a round is complete): then only
            # the session file is written, and the index file is not even read (the stamp, see _write_session).
            old = stamped
            if old is None:  # as JSON, not through TinyDB: a Document of each of its 256 summaries to compare one
                old = self._index_held(doc_id // BUCKET).get(str(doc_id))
                held = _file_stamp(index_file)  # (made again if it was missing or damaged)
            derived_changed = old != indexed or old_marks != new_marks
            with self._pending(str(doc_id)) if derived_changed else contextlib.nullcontext():
                # The stamp names the index file that holds `indexed`: the one there is, unless it is rewritten
                # next (then none: the next answer compares its stamp with the index file as rewritten, once).
                self._write_session(doc_id, new, indexed, known=tables, index=None if old != indexed else held)
                if old != indexed:
                    self._put_summaries({doc_id: summary})
                if old_marks != new_marks:  # rare: what a session answers to is fixed when it is made
                    self._drop_marks(doc_id, [m for m in old_marks if m not in new_marks])
                    self._put_marks({doc_id: new_marks})
        return new

    def remove(self, doc_id: int) -> None:
        # Allowed even for a doc from a newer scorepad: deleting it cannot misread it.
        with self._locked():
            path = self._session_file(doc_id)
            if not path.exists():
                raise NotFound(_(NO_SESSION).format(id=doc_id, path=self.path))
            try:
                marks = self._marks_of(self._load(doc_id) or {})
            except StoreError:  # a damaged or newer session: its marks are found the slow way
                marks = None
            with self._pending(str(doc_id)):
                path.unlink()
                self._put_summaries({doc_id: None})
                if marks is None:
                    self._put_marks({doc_id: []}, everywhere=True)
                else:
                    self._drop_marks(doc_id, marks)

    # --- moving a layout-1 database over

    def _migrate(self, tables: dict) -> dict:
        """Layout 1 -> 2, under the lock. The old file stays the truth until the very last step (it is
        replaced by the new meta record), so a migration killed at any instant simply runs again."""
        old = tables.get(OLD_TABLE, {})
        docs = {int(key): self.upgrade(self._checked(int(key), dict(doc))) for key, doc in old.items()}
        backup = self._real.with_name(self._real.name + BACKUP_SUFFIX)
        building = self._real.with_name(f"{self._real.name}.d.migrating")
        try:
            write_file(backup, self._real.read_bytes())
            shutil.rmtree(building, ignore_errors=True)  # a killed migration's half-built folder
            staged = Store(building.with_name(building.name[:-2]), summarize=self.summarize, identify=self.identify)
            staged._dir = building
            summaries = {}
            for doc_id, doc in docs.items():
                summaries[doc_id] = staged._summary_of(doc_id, doc)
                staged._write_session(doc_id, doc, _indexed(summaries[doc_id]), new=True, sync=False)
            staged._put_summaries(summaries, sync=False)
            staged._put_marks({doc_id: staged._marks_of(doc) for doc_id, doc in docs.items()}, sync=False)
            os.sync()
            shutil.rmtree(self._dir, ignore_errors=True)  # left by a migration killed after this step
            os.replace(building, self._dir)
            sync_folder(self._dir.parent)
            meta = {"layout": LAYOUT, "next_id": max(docs, default=0) + 1, "summary_version": self.summary_version}
            self._write_meta(meta)
        except OSError as error:
            raise StoreError(_(CANNOT_MIGRATE).format(path=self.path, reason=_reason(error))) from None
        self.notify(plural(MIGRATED, len(docs)).format(count=len(docs), path=self.path, folder=self._dir.name,
                                                        backup=backup.name))
        return meta


def _file_stamp(path: Path) -> list[int] | None:
    """What a file is this instant: every write replaces it with a new file (a new inode), so this changes."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No garbage collection inside: reading (or listing) thousands of summaries makes hundreds of thousands of
    objects and no cycle, and the collector would walk them again and again (a tenth of `list --all`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _mark_bucket(mark: str) -> int:
    return zlib.crc32(mark.encode("utf-8", "surrogatepass")) % MARK_BUCKETS


def _doc(data: dict, doc_id: int) -> Any:
    from tinydb.table import Document

    return Document(data, doc_id=doc_id)


def _replacing(new: dict) -> Callable[[dict], None]:
    """A TinyDB update that replaces a document whole (Table.update only merges fields: clearing first makes
    the fields a change removed disappear)."""
    def replace(stored: dict) -> None:
        stored.clear()
        stored.update(new)

    return replace
