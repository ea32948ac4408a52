"""Writing the files a player keeps (PDF sheets, exported tables): whole or not at all."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from scorepad.errors import ScorepadError


def write_atomically(path: Path, data: bytes) -> None:
    """A temporary file beside the target, fsync, then a rename: an old file stays whole if anything fails."""
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file private (0600); a sheet or a table file is meant to be shared and printed.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except OSError as error:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise ScorepadError(f"cannot write {path}: {error.strerror or error}") from None
