"""The lock every write holds for one operation: filelock's, on PATH.lock beside the database file.

filelock takes it with flock(2) where there is one: the kernel drops it when its process dies, so a killed writer
never leaves a stale lock, and the file stays in place so that waiters share its inode.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from scorepad.errors import ReadOnly, StoreError
from scorepad.i18n import N_, _
from scorepad.store.disk import check_is_a_file, reason

# TRANSLATORS: what a database on a read-only disk (or in a folder one may not write) still allows.
CANNOT_CHANGE = N_("the database {path} can be read but not changed ({reason}): listing, showing, scoring, "
                   "exporting and printing work; playing, importing and editing need a copy you may write")
# TRANSLATORS: {lock} is the lock file's path; {seconds}: how long scorepad waited for it.
BUSY = N_("the database {path} is busy: could not take the lock {lock} within {seconds} s (is another scorepad "
          "running?)")
CANNOT_LOCK = N_("cannot lock the database {path} ({lock}): {reason}")
# The errors of a write where one may read but not write: a read-only disk, a folder or file one may not write.
NOT_WRITABLE = (errno.EROFS, errno.EACCES, errno.EPERM)


@contextlib.contextmanager
def held(real: Path, shown: Path, timeout: float) -> Iterator[None]:
    """The lock of the database file `real` (`shown`: as the person named it), for the block; StoreError when it
    is busy for `timeout` seconds (0: free this instant or not at all), ReadOnly where one may not write."""
    # Imported here, by writes alone: a command that only reads (list, show, score) takes no lock and does not pay
    # for filelock's import (docs/architecture.md, late imports).
    from filelock import FileLock, Timeout

    lock_path = f"{real}.lock"
    lock = FileLock(lock_path, timeout=timeout, mode=0o644)
    check_is_a_file(real, shown)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        if os.path.islink(lock_path):  # planted: filelock refuses to follow it, and no scorepad makes one
            os.unlink(lock_path)
        lock.acquire()
    except Timeout:
        raise StoreError(_(BUSY).format(path=shown, lock=lock_path, seconds=f"{timeout:g}")) from None
    except OSError as error:
        if error.errno in NOT_WRITABLE:
            raise ReadOnly(_(CANNOT_CHANGE).format(path=shown, reason=reason(error))) from None
        raise StoreError(_(CANNOT_LOCK).format(path=shown, lock=lock_path, reason=reason(error))) from None
    try:
        yield
    finally:
        lock.release()


@contextlib.contextmanager
def own(path: Path) -> Iterator[None]:
    """A lock of a process's own at `path` for the block (an import running in turns: repair.Repair.importing),
    which the kernel drops if the process dies; the file goes at the end."""
    from filelock import FileLock  # as in `held`: only a writer pays for its import

    lock = FileLock(str(path), timeout=0, mode=0o600)
    lock.acquire()
    try:
        yield
    finally:
        lock.release()
        with contextlib.suppress(OSError):
            path.unlink()


def owned(path: Path) -> bool:
    """Whether a live process holds its own lock at `path` (see `own`); a lock left by a dead one is removed."""
    from filelock import FileLock, Timeout

    if not path.exists():
        return False
    lock = FileLock(str(path), timeout=0, mode=0o600)
    try:
        lock.acquire()
    except Timeout:
        return True
    except OSError:  # cannot tell: taken as gone
        return False
    lock.release()
    with contextlib.suppress(OSError):
        path.unlink()
    return False
