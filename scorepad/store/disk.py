"""The store's files one at a time: each written whole or not at all, each read whole and checked before use.

A file that is not what the store wrote (not JSON, not TinyDB's shape, an id written two ways, a number JSON cannot
keep exactly) is refused in one line and left as it is; a derived file (an index file) that is damaged raises
Damaged instead, so that it is made again from the session files (the truth).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import itertools
import operator
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from scorepad.errors import StoreError
from scorepad.files import LARGEST_PART, TooLarge, file_type, read_limited, replace_file
from scorepad.i18n import N_, _

META, OLD_TABLE = "meta", "sessions"  # the meta record's table; every session's, in a database of scorepad 0.1
# --- text for people ({path}: the database file as given; {reason}: the system's words, e.g. "Permission denied")
# TRANSLATORS: {problem} is one of the lines below (INEXACT_NUMBER, NOT_ITS_FILE).
DAMAGED_FILE = N_("session {id} in {path} is damaged: {problem}; it was left as it is")
# TRANSLATORS: {where} is a place inside a stored session, as JSON keys (entries[3].value), or "a value".
INEXACT_NUMBER = N_("{where} is {value!r}, a number JSON cannot keep exactly (scorepad writes whole numbers only)")
A_VALUE = N_("a value")
# TRANSLATORS: {what} is a kind of file ("a directory", "a FIFO (named pipe)"); --db and $SCOREPAD_DB are kept.
NOT_A_DATABASE_FILE = N_("the database {path} is {what}, not a file: name a file with --db PATH or $SCOREPAD_DB")
# TRANSLATORS: {reason} is the system's words, or the JSON writer's (in English).
CANNOT_WRITE = N_("cannot write the database {path}: {reason}")
CANNOT_READ = N_("cannot read the database {path}: {reason}")
# TRANSLATORS: {path} may be followed by the file read, in parentheses; {problem} says what the file is not.
UNREADABLE = N_("cannot read the database {path}: {problem}; it was left as it is. Move it aside or use --db PATH.")
NOT_A_DATABASE = N_("not a scorepad database")
NOT_JSON = N_("not valid JSON (line {line}, column {column})")
FILE_READ = N_("{path} ({file})")  # the database as given, and the file of it that was read
# TRANSLATORS: a folder of the database ({folder}) was replaced by a link to another folder.
LINKED_FOLDER = N_("{folder} is a link to another folder; scorepad writes only in folders of its own")


def reason(error: OSError) -> str:
    return error.strerror or str(error)


def write_file(path: Path, payload: bytes, *, sync: bool = True, temp_folder: Path | None = None) -> None:
    """One of the database's files, whole or not at all (files.replace_file: the one atomic write). The files
    of PATH.d make their temp file in PATH.d itself (`temp_folder`), where the next writer looks for a killed
    writer's (repair.Repair), whichever folder that writer was writing in. A folder of PATH.d that is a link
    (planted there) is refused, as a linked file is replaced: nothing is written through it."""
    if temp_folder is not None:
        folder = path.parent
        while folder != temp_folder and temp_folder in folder.parents:
            if folder.is_symlink():
                raise OSError(errno.ELOOP, _(LINKED_FOLDER).format(folder=folder))
            folder = folder.parent
    path.parent.mkdir(parents=True, exist_ok=True)
    # A new file is private (0600), as the one-file database of 0.1 was: a game's notes are the table's own.
    replace_file(path, payload, sync=sync, mode_of=_stat(path), new_mode=0o600, temp_folder=temp_folder)


def write_json(path: Path, data: Any, shown: Path, *, sync: bool = True, temp_folder: Path | None = None) -> None:
    """write_file of `data` as JSON; what stops it (a full disk, an integer beyond 64 bits) is a StoreError."""
    try:
        write_file(path, orjson.dumps(data), sync=sync, temp_folder=temp_folder)
    except (OSError, orjson.JSONEncodeError) as error:
        why = reason(error) if isinstance(error, OSError) else error
        raise StoreError(_(CANNOT_WRITE).format(path=shown, reason=why)) from None


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def file_stamp(path: Path) -> list[int] | None:
    """What a file is this instant: every write replaces it with a new file (a new inode), so this changes."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


def check_is_a_file(path: Path, shown: Path) -> None:
    # Reading a FIFO waits forever for a writer; /dev/null reads as an empty database that the first
    # write would replace (as root) with a plain file. Anything but a file is refused before the lock.
    try:
        mode = os.stat(path).st_mode
    except OSError:  # nothing there yet, or unreachable: the lock or the read says why
        return
    if not stat.S_ISREG(mode):
        raise StoreError(_(NOT_A_DATABASE_FILE).format(path=shown, what=file_type(mode)))


def _read_file(path: Path, shown: Path, limit: int = LARGEST_PART, *, derived: bool = False) -> bytes | None:
    """A store file's bytes, or None when there is none; one that cannot be read (no permission, a folder, a pipe,
    more than `limit` bytes) is refused in its own words, naming it. `derived`: one too large is Damaged (made
    again from the session files)."""
    check_is_a_file(path, shown)
    try:
        return read_limited(path, limit)
    except FileNotFoundError:
        return None
    except OSError as error:
        where = shown if path == shown else _(FILE_READ).format(path=shown, file=path)
        refusal = Damaged if derived and isinstance(error, TooLarge) else StoreError
        raise refusal(_(CANNOT_READ).format(path=where, reason=reason(error))) from None


def read_tables(path: Path, shown: Path, table: str, limit: int = LARGEST_PART) -> dict | None:
    """A TinyDB file's tables, or None when there is no file; anything unreadable is refused, untouched. `limit`:
    the most it reads of the file (files.LARGEST_TABLE_FILE for the database file, which in 0.1 held every session)."""
    data = _read_file(path, shown, limit)
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
    garbage. It is made again from the session files (the truth), not refused (index.Index.remake)."""


def read_derived(path: Path, shown: Path, table: str) -> dict | None:
    """An index file's tables, or None when there is none. A blank one is damaged too (scorepad never writes one:
    a crash before the data reached the disk leaves it), not an empty database as the database file is. A file
    that cannot be read at all (no permission, a folder, a pipe) is refused in its own words."""
    data = _read_file(path, shown, derived=True)
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


def check_exact(doc: dict, doc_id: int, shown: Path) -> None:
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
    index file holds up to 256 summaries, and `list --all` reads every index file."""
    return (all(map(str.isdigit, docs)) and "".join(docs).isascii()
            and sum(map(operator.methodcaller("startswith", "0"), docs)) == ("0" in docs))


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No garbage collection inside: reading (or listing) thousands of summaries makes hundreds of thousands of
    objects and no cycle, and the collector would walk them again and again (docs/performance.md, The store)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
