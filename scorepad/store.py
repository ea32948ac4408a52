"""The session database: one TinyDB JSON file, written atomically under a file lock, each doc versioned."""

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import filelock
import orjson
import platformdirs
from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import MemoryStorage, Storage
from tinydb.table import Table

from scorepad.errors import NotFound, StoreError
from scorepad.files import FILE_TYPES

SCHEMA_VERSION = 1
ENV_VAR = "SCOREPAD_DB"
TABLE = "sessions"
SHAPE = '{"sessions": {"1": {...}}}'
NOT_A_DATABASE_FILE = "the database {path} is {what}, not a file: name a file with --db PATH or $SCOREPAD_DB"
# A write takes milliseconds, so a temp file this old is debris from a killed writer; a younger one
# may belong to a writer that does not share our lock (another path spelling, a network disk).
STALE_TMP_SECONDS = 60


def default_path() -> Path:
    if env := os.environ.get(ENV_VAR):
        return Path(env)
    return Path(platformdirs.user_data_dir("scorepad")) / "scorepad.json"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # e.g. an unreadable directory: let the lock or the read say why, in one line
        return True


def _is_tinydb_shape(data: object) -> bool:
    # TinyDB turns every doc key into int() and every doc into a dict; anything else would crash it
    # mid-operation or, worse, be rewritten in TinyDB's shape and lose what the file really held.
    return isinstance(data, dict) and all(
        isinstance(table, dict)
        and all(key.isascii() and key.isdigit() and isinstance(doc, dict) for key, doc in table.items())
        for table in data.values()
    )


def _sweep_stale_tmp(path: Path) -> None:
    prefix, cutoff = f".{path.name}.", time.time() - STALE_TMP_SECONDS
    for entry in os.scandir(path.parent):
        if entry.name.startswith(prefix) and entry.name.endswith(".tmp"):
            with contextlib.suppress(OSError):  # another sweeper got there first: fine
                if entry.stat().st_mtime < cutoff:
                    os.unlink(entry.path)


def _replace(tmp: str, path: Path) -> None:
    # On Windows os.replace fails while any process (a reader, a virus scanner) has the target open;
    # such holds are brief. This is why upstream reverted atomic writes (tinydb #467, #468).
    for delay in (0.05, 0.1, 0.2, 0.4, None):
        try:
            return os.replace(tmp, path)
        except PermissionError:
            if os.name != "nt" or delay is None:
                raise
            time.sleep(delay)


class AtomicJSONStorage(Storage):
    """TinyDB storage that never leaves a half-written file: temp file, fsync, os.replace, fsync(dir).

    TinyDB's JSONStorage rewrites in place, so a crash or a full disk mid-write loses every session
    (tech-notes §3). The temp file sits in the same directory so the rename cannot cross filesystems.
    """

    def __init__(self, path: Path, shown: Path):
        self.path, self.shown = path, shown  # shown: the path as the user gave it, for messages

    def read(self) -> dict | None:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StoreError(f"cannot read the database {self.shown}: {_reason(error)}") from None
        # A blank file holds nothing that could be lost; TinyDB's own storage reads an empty file as an
        # empty database, and `touch scorepad.json` is a natural way to pick a --db location.
        if not data.strip():
            return None
        try:
            tables = orjson.loads(data)
            problem = None if _is_tinydb_shape(tables) else f"not a scorepad database (expected {SHAPE})"
        except orjson.JSONDecodeError as error:
            problem = f"not valid JSON (line {error.lineno}, column {error.colno})"
        if problem:
            raise StoreError(
                f"cannot read the database {self.shown}: {problem}; it was left as it is. "
                "Move it aside or use --db PATH."
            )
        return tables

    def write(self, data: dict) -> None:
        try:  # first, so a value orjson rejects never reaches the disk
            payload = orjson.dumps(data)
        except orjson.JSONEncodeError as error:  # e.g. an integer beyond 64 bits
            raise StoreError(f"cannot write the database {self.shown}: {error}") from None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _sweep_stale_tmp(self.path)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(payload)
                    f.flush()
                    os.fsync(f.fileno())
                _replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as error:
            raise StoreError(f"cannot write the database {self.shown}: {_reason(error)}") from None
        # The rename is durable only once the directory is. If that fsync is refused (some network
        # filesystems), the new file is already in place, so reporting a failure would be false.
        if os.name == "posix":
            with contextlib.suppress(OSError):
                dir_fd = os.open(self.path.parent, os.O_RDONLY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)


class _Transaction(CachingMiddleware):
    """One read and one write per operation, and the write only on success.

    The stock close() flushes whatever is cached, including the half-done work of a failed operation.
    """

    def close(self) -> None:
        self.storage.close()


class Store:
    def __init__(self, path: str | Path, *, lock_timeout: float = 10.0):
        self.path = Path(path)
        self.lock_timeout = lock_timeout
        # os.replace on a symlink would swap the link for a plain file: write (and lock) its target.
        self._real = Path(os.path.realpath(self.path))

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        lock_path = f"{self._real}.lock"
        lock = filelock.FileLock(lock_path, timeout=self.lock_timeout)
        try:
            lock.acquire()
        except filelock.Timeout:  # before OSError: Timeout is a TimeoutError, hence an OSError
            raise StoreError(
                f"the database {self.path} is busy: could not take the lock {lock_path} "
                f"within {self.lock_timeout:g} s (is another scorepad running?)"
            ) from None
        except OSError as error:
            raise StoreError(
                f"cannot lock the database {self.path} ({lock_path}): {_reason(error)}"
            ) from None
        try:
            yield
        finally:
            lock.release()

    def _check_is_a_file(self) -> None:
        # Reading a FIFO waits forever for a writer; /dev/null reads as an empty database that the first
        # write would replace (as root) with a plain file. Anything but a file is refused before the lock.
        try:
            mode = os.stat(self.path).st_mode
        except OSError:  # nothing there yet, or unreachable: the lock or the read says why
            return
        if not stat.S_ISREG(mode):
            what = FILE_TYPES.get(stat.S_IFMT(mode), "not a regular file")
            raise StoreError(NOT_A_DATABASE_FILE.format(path=self.path, what=what))

    @contextlib.contextmanager
    def _table(self, *, create: bool = False) -> Iterator[Table]:
        self._check_is_a_file()
        if not create and not _exists(self._real):
            # Nothing stored yet: an empty in-memory table answers the same way, and a read (or a
            # failed update/remove) leaves behind no database file, lock file or directory.
            yield TinyDB(storage=MemoryStorage).table(TABLE)
            return
        with self._locked():
            # A fresh TinyDB inside the lock every time: a long-lived one keeps a stale query cache
            # and next id, and loses or duplicates sessions written by another process (tech-notes §3).
            db = TinyDB(self._real, self.path, storage=_Transaction(AtomicJSONStorage))
            try:
                yield db.table(TABLE)
                db.storage.flush()
            finally:
                db.close()

    def _checked(self, doc_id: int, doc: dict) -> dict:
        # A doc without "schema" predates versioning, which started at 1.
        schema = doc.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise StoreError(
                f"session {doc_id} in {self.path} was written by a newer scorepad (schema {schema!r})"
            )
        return doc

    def _get(self, table: Table, doc_id: int) -> dict:
        doc = table.get(doc_id=doc_id)
        if doc is None:
            raise NotFound(f"no session {doc_id} in {self.path}")
        return self._checked(doc_id, dict(doc))

    def insert(self, doc: dict) -> int:
        with self._table(create=True) as table:
            return table.insert({**doc, "schema": SCHEMA_VERSION})

    def insert_many(self, docs: list[dict],
                    check: Callable[[list[tuple[int, dict]]], None] | None = None) -> list[int]:
        """Store every doc or none, in one locked write; returns their new ids in order.

        `check`, if given, sees every stored (id, doc) under the same lock, before anything is written, and
        may raise to store nothing (e.g. a session that is stored already): no other writer can slip between.
        """
        with self._table(create=True) as table:
            if check is not None:
                check(sorted(((d.doc_id, self._checked(d.doc_id, dict(d))) for d in table.all()),
                             key=lambda pair: pair[0]))
            return table.insert_multiple([{**doc, "schema": SCHEMA_VERSION} for doc in docs])

    def get(self, doc_id: int) -> dict:
        with self._table() as table:
            return self._get(table, doc_id)

    def all(self) -> list[tuple[int, dict]]:
        with self._table() as table:
            docs = [(doc.doc_id, self._checked(doc.doc_id, dict(doc))) for doc in table.all()]
        return sorted(docs, key=lambda pair: pair[0])

    def update(self, doc_id: int, change: Callable[[dict], dict | None]) -> dict:
        with self._table() as table:
            doc = self._get(table, doc_id)
            result = change(doc)
            new = doc if result is None else dict(result)
            new["schema"] = SCHEMA_VERSION
            # Table.update only merges fields; clearing first makes fields the change removed disappear.
            table.update(lambda stored: (stored.clear(), stored.update(new)), doc_ids=[doc_id])
        return new

    def remove(self, doc_id: int) -> None:
        # Allowed even for a doc from a newer scorepad: deleting it cannot misread it.
        with self._table() as table:
            if not table.remove(doc_ids=[doc_id]):
                raise NotFound(f"no session {doc_id} in {self.path}")
