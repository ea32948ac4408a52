"""The join link of a hosted session: its secret and its port, kept while the game lasts.

    PATH.d/links/777.json   {"secret": "…", "port": 8123}   (mode 0600, in a folder of mode 0700)

`scorepad host 777` started again serves the same link, so a phone that joined keeps its cookie and its page.
The secret opens the game to whoever holds it: the file is readable by the host's user alone, it lives beside the
session files (never in a session's document, so never in an exported table file), and it goes when the game ends
or the session is deleted.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from scorepad.errors import ReadOnly, StoreError
from scorepad.files import read_limited, replace_file
from scorepad.i18n import N_, _
from scorepad.store.lock import CANNOT_CHANGE, NOT_WRITABLE

if TYPE_CHECKING:
    from scorepad.store.database import Store

# TRANSLATORS: {path} is the file that keeps a hosted session's join link; {reason}: the system's words.
CANNOT_KEEP_LINK = N_("cannot keep session {id}'s join link in {path}: {reason}")

PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700
LARGEST_LINK = 4096  # bytes: a link file holds a secret and a port


@dataclass(frozen=True)
class Link:
    secret: str
    port: int


def _path(store: Store, session_id: int) -> Path:
    return store.links_folder / f"{session_id}.json"


def read(store: Store, session_id: int) -> Link | None:
    """The link kept for `session_id`, or None (never hosted, the game over, the file unreadable or not ours).

    A file others may read is not trusted: its secret may have been seen, so a new link is made instead."""
    path = _path(store, session_id)
    try:
        if stat.S_IMODE(os.lstat(path).st_mode) & 0o077:
            return None
        kept = orjson.loads(read_limited(path, LARGEST_LINK, follow=False))
    except (OSError, orjson.JSONDecodeError, ValueError):
        return None
    if not isinstance(kept, dict) or not isinstance(kept.get("secret"), str) or len(kept["secret"]) < 22:
        return None
    port = kept.get("port")
    return Link(kept["secret"], port if isinstance(port, int) and 0 < port < 65536 else 0)


def keep(store: Store, session_id: int, link: Link) -> None:
    """Keep `link` for `session_id`, readable and writable by this user alone."""
    path = _path(store, session_id)
    try:
        path.parent.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
        replace_file(path, orjson.dumps({"secret": link.secret, "port": link.port}), new_mode=PRIVATE_FILE)
    except OSError as error:
        reason = error.strerror or str(error)
        if error.errno in NOT_WRITABLE:
            raise ReadOnly(_(CANNOT_CHANGE).format(path=store.path, reason=reason)) from None
        raise StoreError(_(CANNOT_KEEP_LINK).format(id=session_id, path=path, reason=reason)) from None


def forget(store: Store, session_id: int) -> None:
    """The game is over (or deleted): its link stops working for good."""
    with contextlib.suppress(OSError):
        _path(store, session_id).unlink()
