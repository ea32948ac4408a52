"""Writing the files a player keeps (sheets, exports, deleted copies): whole or not at all, never over another file.

Every file scorepad writes goes through `write_atomically`: a temporary file beside the target, fsync, a
rename, fsync of the directory; a writer killed at any moment leaves the old file whole. Before that,
`check_target` decides whether an existing file may be replaced at all: only one of the kind scorepad
writes there (a PDF for a sheet, an export for an export), or any regular file with --force; never the
database, its lock or temporary files, or the command's own input, and never a directory, device or FIFO.

A temporary file is named after its target and its writer: `.NAME.PID@HOST.RANDOM.tmp` (HOST: a short hash of
the host name). A writer killed mid-write (SIGKILL, a power cut) leaves it behind; the next writer of that
folder removes it at once when its owner is provably gone: its pid is not running on this host
(`sweep_temp_files`), or, for the database's files, the lock every writer holds is free (scorepad/store). A live
writer's file, another host's, a name of some other shape, is never touched.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import socket
import stat
import tempfile
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from scorepad.errors import ScorepadError
from scorepad.i18n import N_, _

# --- text for people ----------------------------------------------------------------------------------

# {path}: the file as given; {reason}: the system's words ("Permission denied").
# TRANSLATORS: {what} is what the file is to scorepad, one of the phrases below (DATABASE … INPUT); --force is kept.
PROTECTED = N_("{path} is {what}: scorepad never writes over it, not even with --force")
# TRANSLATORS: {kind} is what scorepad writes there: "a PDF" or "a scorepad export" (PDF and EXPORT below).
NOT_OURS = N_("{path} exists and is not {kind}: scorepad replaces only {kind} there (--force replaces it anyway)")
# TRANSLATORS: {mode} is the file's permissions in octal (0444).
READ_ONLY = N_("{path} is read-only (mode {mode}): --force replaces it, and the new file keeps that mode")
# The same two without --force: for a prompt that asks for another name instead.
NOT_OURS_REASON = N_("{path} exists and is not {kind}: scorepad replaces only {kind} there")
READ_ONLY_REASON = N_("{path} is read-only (mode {mode})")
# TRANSLATORS: {what} is a kind of file, one of FILE_TYPES below ("a directory").
NOT_A_FILE = N_("{path} is {what}, not a file: scorepad writes only plain files")
CANNOT_USE = N_("cannot use {path}: {reason}")
CANNOT_WRITE = N_("cannot write {path}: {reason}")
NO_FOLDER = N_("cannot write {path}: there is no folder {folder}")
FOLDER_NOT_WRITABLE = N_("cannot write {path}: the folder {folder} is not writable")
# What a protected file is, shown in PROTECTED.
DATABASE = N_("the database")
INSIDE_DATABASE = N_("inside the folder of the database")
BACKUP_OF_DATABASE = N_("the scorepad 0.1 backup of the database")
INPUT = N_("this command's input")
# TRANSLATORS: {what} is one of the two phrases above: "the database" or "this command's input".
LOCK_OF = N_("the lock file of {what}")
TEMP_OF = N_("a temporary file of {what}")
FILE_TYPES = {stat.S_IFDIR: N_("a directory"), stat.S_IFCHR: N_("a character device"),
              stat.S_IFBLK: N_("a block device"), stat.S_IFIFO: N_("a FIFO (named pipe)"),
              stat.S_IFSOCK: N_("a socket")}
NOT_REGULAR = N_("not a regular file")  # any other kind of file


def user_folder(kind: str, app: str = "scorepad") -> Path:
    """The user's `kind` folder ("data" or "cache") for `app`, as platformdirs gives it."""
    return Path(platformdirs.user_data_dir(app) if kind == "data" else platformdirs.user_cache_dir(app))


def file_type(mode: int) -> str:
    """What a file of this mode (st_mode) is, for a sentence: "a directory", "a FIFO (named pipe)"."""
    return _(FILE_TYPES.get(stat.S_IFMT(mode), NOT_REGULAR))


# The names of what sits beside a file written here and beside the database (scorepad/store uses the same).
LOCK_SUFFIX = ".lock"
TEMP_SUFFIX = ".tmp"
# The most scorepad reads of a file, far above any it writes (docs/table-format.md, "Limits"); a larger one is
# refused before it is read whole (a 3 GB sparse file, /dev/zero). A table file or a backup (JSON Lines of every
# session, some 3 KB each) or the one-file database of scorepad 0.1: a quarter of a GiB. Any other file scorepad
# reads (a session, an index file of 256 summaries, a cached font subset, a claim): 16 MiB.
LARGEST_TABLE_FILE = 256 * 2**20
LARGEST_PART = 16 * 2**20


# TRANSLATORS: why a file was not read; {limit} is a whole number of MiB (mebibytes).
TOO_LARGE = N_("larger than {limit} MiB, far more than any game or backup holds: not read")


class TooLarge(OSError):
    """A file larger than scorepad reads (read_limited): an OSError, which each reader says as it says the others."""


def read_limited(path: Path | str, limit: int, *, follow: bool = True) -> bytes:
    """The bytes of the file at `path`, TooLarge when it holds more than `limit`: a plain file's size is looked at
    before it is read, and a device or pipe (which has none: /dev/zero) is read no further than `limit` bytes.
    `follow=False`: a symlink there is not followed (OSError, ELOOP), as where scorepad itself names its files."""
    st = os.stat(path) if follow else os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    if stat.S_ISREG(st.st_mode):
        if st.st_size > limit:
            raise TooLarge(errno.EFBIG, _(TOO_LARGE).format(limit=limit // 2**20), str(path))
        return Path(path).read_bytes()
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(errno.EFBIG, _(TOO_LARGE).format(limit=limit // 2**20), str(path))
    return data


class Refused(ScorepadError):
    """The target may not be written: the message says why (and how --force would allow it, if it would);
    `reason` is why alone, for a prompt that has no --force (cli.py asks for another name)."""

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason, self.forcible = reason or message, reason is not None


@dataclass(frozen=True)
class Kind:
    """What scorepad writes at some path: a name for people and a test of an existing file's content."""

    name: str  # a msgid (N_), translated where it is shown
    test: Callable[[Path], bool]


@dataclass(frozen=True)
class Protected:
    """A path never written over; `family`: also its lock file and the temporary files of its writes;
    `tree`: a folder, and everything in it or made in it."""

    path: Path
    what: str  # a msgid (N_: DATABASE, INPUT…), translated where it is shown
    family: bool = False
    tree: bool = False


def _is_pdf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(5) == b"%PDF-"  # every PDF opens with its version header (ISO 32000-1 §7.5.2)


def _is_table(item: object) -> bool:
    # The session block is what export (and delete's copy) adds: a table file written by hand has none,
    # and it is a file scorepad did not make.
    return isinstance(item, dict) and isinstance(item.get("game"), str) and isinstance(item.get("players"), list) \
        and isinstance(item.get("session"), dict)


def _is_table_file(path: Path) -> bool:
    """An exported table file, a JSON array of them or JSON Lines of them: what `export` writes (spec, "Sessions
    in a file"), each with its session block."""
    if path.stat().st_size > LARGEST_TABLE_FILE:
        return False
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        return False
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        lines = [line for line in text.split("\n") if line.strip()]  # JSON Lines: "\n" alone ends a line
        try:
            return bool(lines) and all(_is_table(json.loads(line)) for line in lines)
        except (ValueError, RecursionError):
            return False
    return _is_table(whole) or (isinstance(whole, list) and bool(whole) and all(map(_is_table, whole)))


PDF = Kind(N_("a PDF"), _is_pdf)
TABLE = Kind(N_("a scorepad export"), _is_table_file)


# Beside the database file (scorepad/store/layout.py names them the same way, from the file's real path).
FOLDER_SUFFIX = ".d"
BACKUP_SUFFIX = ".v1-backup"


def database_files(path: Path) -> list[Protected]:
    """The database at `path`, with its lock and temporary files, its folder of sessions and index
    (`PATH.d`, every file in it) and the backup of a 0.1 database, as protected paths."""
    real = Path(os.path.realpath(path))
    return [Protected(Path(path), DATABASE, family=True),
            Protected(real.with_name(real.name + FOLDER_SUFFIX), INSIDE_DATABASE, tree=True),
            Protected(real.with_name(real.name + BACKUP_SUFFIX), BACKUP_OF_DATABASE)]


def _same_file(a: os.stat_result | None, b: os.stat_result | None) -> bool:
    return a is not None and b is not None and (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _stat(path: Path | str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _protection(real: Path, st: os.stat_result | None, protected: Iterable[Protected]) -> str | None:
    """What `real` is among the protected paths (compared as real paths and as inodes), or None; in words."""
    for guard in protected:
        base = Path(os.path.realpath(guard.path))
        if real == base or _same_file(st, _stat(base)) or (guard.tree and real.is_relative_to(base)):
            return _(guard.what)
        if not guard.family:
            continue
        lock = Path(f"{base}{LOCK_SUFFIX}")
        if real == lock or _same_file(st, _stat(lock)):
            return _(LOCK_OF).format(what=_(guard.what))
        if real.parent == base.parent and is_temp_of(real.name, base.name):
            return _(TEMP_OF).format(what=_(guard.what))
    return None


def is_temp_of(name: str, target: str) -> bool:
    """Whether `name` is a temporary file that a write of `target` (in the same directory) makes."""
    return name.startswith(f".{target}.") and name.endswith(TEMP_SUFFIX)


# What follows the target's name in a temp file's name: the writer (pid@host tag) and mkstemp's 8 random
# characters; or, from an earlier scorepad (and for a name too long to hold the writer), the random part alone.
# (Patterns, not compiled ones: re compiles each when a temp file is first looked at, which most runs never do.)
_OWNED = r"\.(\d+)@([0-9a-f]{8})\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + r"$"
_UNOWNED = r"\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + r"$"
_NAME_MAX = 255  # bytes in one file name (Linux, macOS, Windows)


@functools.cache
def host_tag() -> str:
    """This host in a temp file's name: 8 hex digits (a host name may be long or hold any character)."""
    if hasattr(os, "uname"):  # the name gethostname() gives, without importing socket
        host = os.uname().nodename
    else:  # pragma: no cover - Windows

        host = socket.gethostname()
    return f"{zlib.crc32(host.encode('utf-8', 'surrogateescape')):08x}"


def _temp_prefix(name: str) -> str:
    prefix = f".{name}.{os.getpid()}@{host_tag()}."
    if len(os.fsencode(prefix)) + 8 + len(TEMP_SUFFIX) > _NAME_MAX:
        return f".{name}."  # no room for the writer: swept only where a lock proves every writer gone
    return prefix


def temp_owner(name: str) -> tuple[int, str] | None:
    """The writer (pid, host tag) named in a temp file's name, or None when it names none (not one of ours,
    or one from before writers were named)."""
    if not name.startswith("."):
        return None
    match = re.search(_OWNED, name)
    return None if match is None or match.start() == 0 else (int(match[1]), match[2])


def is_debris(name: str, target: str | None = None, *, writers_gone: bool = False) -> bool:
    """Whether `name` is a temp file (of `target`, if given) whose writer is provably gone: `writers_gone`
    (the caller holds the lock every writer of it holds: any temp file of ours there is debris), or the pid
    it names is not running on this host."""
    if not name.startswith(".") or not name.endswith(TEMP_SUFFIX):
        return False
    if target is not None:
        rest = name[len(target) + 1:] if name.startswith(f".{target}.") else None
        if rest is None or not (re.fullmatch(_OWNED, rest) or re.fullmatch(_UNOWNED, rest)):
            return False
    if writers_gone:
        return target is not None or bool(re.search(_OWNED, name) or re.search(_UNOWNED, name))
    owner = temp_owner(name)
    return owner is not None and owner[1] == host_tag() and not process_running(owner[0])


def process_running(pid: int) -> bool:
    """Whether `pid` is a process of this host that has not ended (a zombie, killed and not yet reaped by its
    parent, has ended). When we cannot tell, it runs: only a provably dead writer's file is removed."""
    if pid <= 0 or os.name != "posix":  # on Windows os.kill(pid, 0) would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process (EPERM), or no way to tell
        return True
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (macOS): a pid that answers is all that can be told
    return text[text.rfind(")") + 2:][:1] not in ("Z", "X")


def sweep_temp_files(folder: Path, targets: Iterable[str] | None = None, *, writers_gone: bool = False) -> int:
    """Remove the temp files in `folder` (of these targets, if given) left by writers that are provably gone
    (is_debris); how many went. Errors (a folder we may not read or write) are ignored: debris is no harm."""
    removed = 0
    names = [None] if targets is None else list(targets)
    with contextlib.suppress(OSError):
        # (A temp file's name starts with a dot: a folder of 256 session files is passed over at C speed.)
        for name in [name for name in os.listdir(folder) if name.startswith(".")]:
            if any(is_debris(name, target, writers_gone=writers_gone) for target in names):
                with contextlib.suppress(OSError):  # another sweeper got there first: fine
                    os.unlink(os.path.join(folder, name))
                    removed += 1
    return removed


def _target(path: Path, protected: Iterable[Protected]) -> tuple[Path, os.stat_result | None]:
    """Where a write of `path` lands (a symlink's target) and what is there now; Refused for anything but a file."""
    try:
        real = Path(os.path.realpath(path))
        st = os.stat(path)  # follows links, /proc/self/fd's too: /dev/stdout is whatever stdout is
    except FileNotFoundError:
        st = None  # nothing there, or a dangling link: the file is made where the link points
    except OSError as error:  # a symlink loop, a path through a plain file, a directory we may not enter
        raise Refused(_(CANNOT_USE).format(path=path, reason=error.strerror or error)) from None
    what = _protection(real, st, protected)
    if what is not None:
        raise Refused(_(PROTECTED).format(path=path, what=what))
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise Refused(_(NOT_A_FILE).format(path=path, what=file_type(st.st_mode)))
    return real, st


def check_target(path: Path, kind: Kind, *, force: bool = False, protected: Iterable[Protected] = ()) -> Path:
    """The file a write of `path` replaces or makes (a symlink is followed), or Refused saying why.

    An existing file is replaced when it is of `kind` or empty (nothing in it to lose); any other, or
    a read-only one, only with `force`. A read-only mode is its owner's "keep this": a rename would
    replace the file without ever asking for write permission, so scorepad asks for --force instead.
    """
    protected = list(protected)
    real, st = _target(Path(path), protected)
    folder = real.parent
    if not folder.is_dir():
        raise Refused(_(NO_FOLDER).format(path=path, folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK):  # also a read-only filesystem, for root too
        raise Refused(_(FOLDER_NOT_WRITABLE).format(path=path, folder=folder))
    if st is None or force:
        return real
    try:
        ours = st.st_size == 0 or kind.test(real)
    except OSError:  # unreadable: we cannot tell it is ours
        ours = False
    if not ours:
        raise Refused(_(NOT_OURS).format(path=path, kind=_(kind.name)),
                      reason=_(NOT_OURS_REASON).format(path=path, kind=_(kind.name)))
    if not st.st_mode & 0o222 or not os.access(real, os.W_OK):
        mode = f"{stat.S_IMODE(st.st_mode):04o}"
        raise Refused(_(READ_ONLY).format(path=path, mode=mode),
                      reason=_(READ_ONLY_REASON).format(path=path, mode=mode))
    return real


def replace_file(real: Path, data: bytes, *, sync: bool = True, mode_of: os.stat_result | None = None,
                 new_mode: int | None = None, temp_folder: Path | None = None) -> None:
    """The one atomic write (the store's files and every file below): a temporary file beside `real` (or in
    `temp_folder`, on the same filesystem), fsync, rename, fsync of the directory; the old file stays whole
    until the new one is complete and on disk. `mode_of`: the file being replaced, whose permissions (and,
    where we may, owner) the new one keeps; a new file gets `new_mode` (default: 0666 less the umask, as any
    program's new file). OSError on failure, with no temporary file left behind; `sync=False` leaves the
    syncing to the caller (a bulk import syncs once at the end).
    """
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(TEMP_SUFFIX, _temp_prefix(real.name), temp_folder or real.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if sync:
                f.flush()
                os.fsync(f.fileno())
        if mode_of is not None:
            os.chmod(tmp, stat.S_IMODE(mode_of.st_mode))
            if hasattr(os, "getuid") and (mode_of.st_uid, mode_of.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):  # only root may give a file away; others keep theirs
                    os.chown(tmp, mode_of.st_uid, mode_of.st_gid)
        elif new_mode is not None:
            os.chmod(tmp, new_mode)
        else:  # mkstemp makes the file private (0600); a sheet or a table file is meant to be shared
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        _rename(tmp, real)
    except BaseException:  # Ctrl-C too: the old file is whole, and no temporary file stays behind
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    if sync:
        sync_folder(real.parent)


def sync_folder(folder: Path) -> None:
    # The rename is durable once the directory is; a filesystem that refuses the fsync still has the file.
    if os.name == "posix":
        with contextlib.suppress(OSError):
            fsync_path(folder)


def fsync_path(path: Path) -> None:
    """fsync(2) of a file or a folder, by its path."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _rename(tmp: str, real: Path) -> None:
    # On Windows os.replace fails while any process (a reader, a virus scanner) has the target open;
    # such holds are brief. This is why upstream TinyDB reverted atomic writes (tinydb #467, #468).
    for delay in (0.05, 0.1, 0.2, 0.4, None):
        try:
            return os.replace(tmp, real)
        except PermissionError:
            if os.name != "nt" or delay is None:
                raise
            time.sleep(delay)


def write_atomically(path: Path, data: bytes, *, protected: Iterable[Protected] = (),
                     new_mode: int | None = None) -> Path:
    """Write `data` as the whole file at `path` (through a symlink to its target); returns where it went.

    A replaced file keeps its permissions (and, where we may, its owner); a new one gets `new_mode`.
    A protected path, a directory, device, FIFO or socket is Refused.
    """
    real, st = _target(Path(path), list(protected))
    sweep_temp_files(real.parent)  # what killed writers left in this folder (on a full disk, room too)
    try:
        replace_file(real, data, mode_of=st, new_mode=new_mode)
    except OSError as error:
        raise ScorepadError(_(CANNOT_WRITE).format(path=path, reason=error.strerror or error)) from None
    return real


def write_file(path: Path, data: bytes, kind: Kind, *, force: bool = False,
               protected: Iterable[Protected] = ()) -> Path:
    """check_target, then write_atomically: what `sheet -o` and `export -o` do."""
    protected = list(protected)
    check_target(path, kind, force=force, protected=protected)
    return write_atomically(path, data, protected=protected)
