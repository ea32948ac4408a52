"""The store's files as TinyDB databases, for writers: one read and one atomic write per operation.

Readers read the same files as the JSON they are (disk.read_tables), which is quicker than making a TinyDB
Document of each entry (docs/performance.md, The store).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.table import Document, Table

from scorepad.files import sweep_temp_files
from scorepad.store.disk import read_derived, read_tables, write_json


class AtomicJSONStorage:
    """TinyDB storage that never leaves a half-written file (TinyDB's JSONStorage rewrites in place, so a
    crash or a full disk mid-write loses the file: tech-notes §3). TinyDB's storages are duck-typed (read, write,
    close)."""

    def __init__(self, path: Path, shown: Path, table: str, sync: bool = True, temp_folder: Path | None = None,
                 derived: bool = False, known: dict | None = None):
        self.path, self.shown, self.table, self.sync, self.temp_folder = path, shown, table, sync, temp_folder
        self.derived = derived  # a file made from the session files: read by read_derived
        self.known = known  # the file's tables, read already under the same lock (not read and parsed twice)

    def read(self) -> dict | None:
        if self.known is not None:
            known, self.known = self.known, None
            return known
        if self.derived:
            return read_derived(self.path, self.shown, self.table)
        return read_tables(self.path, self.shown, self.table)

    def write(self, data: dict) -> None:
        # Made into JSON first, so a value orjson rejects (an integer beyond 64 bits) never reaches the disk.
        write_json(self.path, data, self.shown, sync=self.sync, temp_folder=self.temp_folder)

    def close(self) -> None:
        pass


class Transaction(CachingMiddleware):
    """One read and one write per operation, and the write only on success.

    The stock close() flushes whatever is cached, including the half-done work of a failed operation.
    """

    def close(self) -> None:
        self.storage.close()


@contextlib.contextmanager
def tinydb_file(path: Path, shown: Path, table: str, *, sync: bool = True, sweep: bool = True,
                temp_folder: Path | None = None, derived: bool = False, known: dict | None = None) -> Iterator[TinyDB]:
    """One file as a TinyDB database (its tables: `table`, and META in a session file), written back (atomically,
    its temp file in `temp_folder`) when the block ends without an error. `derived`: a damaged file raises
    Damaged (see disk.read_derived). `known`: its tables as the caller read them under the same lock (TinyDB
    changes them in place)."""
    if sweep:  # under the lock: what a writer of an older scorepad, which wrote its temp file here, left
        sweep_temp_files(path.parent, writers_gone=True)
    db = TinyDB(path, shown, table, sync, temp_folder, derived, known, storage=Transaction(AtomicJSONStorage))
    try:
        yield db
        db.storage.flush()
    finally:
        db.close()


@contextlib.contextmanager
def tinydb_table(path: Path, shown: Path, table: str, *, sync: bool = True, sweep: bool = True,
                 temp_folder: Path | None = None, derived: bool = False) -> Iterator[Table]:
    """One TinyDB table of one file (see tinydb_file)."""
    with tinydb_file(path, shown, table, sync=sync, sweep=sweep, temp_folder=temp_folder,
                     derived=derived) as db:
        yield db.table(table)


def doc(data: dict, doc_id: int) -> Document:
    return Document(data, doc_id=doc_id)


def replacing(new: dict) -> Callable[[dict], None]:
    """A TinyDB update that replaces a document whole (Table.update only merges fields: clearing first makes
    the fields a change removed disappear)."""
    def replace(stored: dict) -> None:
        stored.clear()
        stored.update(new)

    return replace
