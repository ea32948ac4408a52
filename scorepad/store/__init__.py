"""The session database: one small TinyDB file per session and a TinyDB index of session summaries, written
atomically under one lock, each doc versioned. TinyDB and filelock are used here and nowhere else.

Layout (the database file is the one `--db PATH` names; its folder `PATH.d` sits beside it):

    scorepad.json                    {"meta": {"1": {"layout": 2, "next_id": N, "summary_version": V}}}
    scorepad.json.lock               held by every write, for one operation
    scorepad.json.d/sessions/0003/777.json   session 777: {"session": {"777": {...}}, "meta": {"1": {"summary": {...},
                                     "summary_version": V, "session": CRC, "index": [...]}}} (the summary the index
                                     file, as it was then, holds of it: SessionFiles.write)
    scorepad.json.d/index/0003.json          summaries of sessions 768-1023: {"summaries": {"777": {...}}}
    scorepad.json.d/facts/0003.json          the `facts` of the summaries in index/0003.json that have them (finished
                                     sessions: what `stats` reads beyond totals), {"facts": {"777": {...}}}; the
                                     index keeps only their digest (crc32), so `list` never reads these
    scorepad.json.d/stats/0003.json          what `stats` adds up of index/0003.json, kept by readers (Store.derived)
    scorepad.json.d/newest.json      per index file, its count and its newest session (`list` reads the latest
                                     20 from one or two index files): {"buckets": {"3": {"count": 256, ...}}}
    scorepad.json.d/marks/5c.json    what the sessions answer to when a file is imported (their fingerprints)
    scorepad.json.d/pending-777      a write of session 777 is between its file and its summary
    scorepad.json.d/claims/777.4242@host.json   process 4242 on host is playing session 777 (store.claims)
    scorepad.json.d/links/777.json   session 777's join link while it is hosted and unfinished: its secret and
                                     port (mode 0600, the host's user alone; never in a table file: store.links)

Why this shape: an answer rewrites one session file (a few KB) and, when the summary changed (a round was
completed, the game ended), one index file of at most BUCKET summaries; nothing grows with the number of
games kept. `list` reads the index alone; `show`, `score`, `export` read one session file. The session
file is the truth: a summary is derived from it, and the pending marker lets the next writer (or a
reader) rebuild a summary that a killed writer left behind. The files of index/, facts/ and newest.json are
derived too: one missing, blank or damaged is read around (from the session files) and made again by the next
writer, index/ and newest.json also by a reader that finds the lock free (not a read-only disk's).

The database file of scorepad 0.1 (layout 1: every session in `{"sessions": {...}}`) is moved over on
first use; the old file is kept beside it as `PATH.v1-backup` (migration.py).

The modules, each one job: database (the Store: the operations), layout (where each file is), disk (one file
written whole or read and checked), tables (TinyDB, for writers), lock, meta (the database file), sessions,
summaries, index (with newest.json), facts, marks, repair, migration, claims (who is playing a session) and
links (a hosted session's join link).
"""

from __future__ import annotations

from scorepad.files import BACKUP_SUFFIX
from scorepad.store.database import ENV_VAR, Store, default_path
from scorepad.store.disk import gc_paused
from scorepad.store.layout import BUCKET, FACTS
from scorepad.store.lock import CANNOT_CHANGE
from scorepad.store.meta import LAYOUT
from scorepad.store.sessions import SCHEMA_VERSION
from scorepad.store.summaries import basic_summary, by_id

__all__ = ["BACKUP_SUFFIX", "BUCKET", "CANNOT_CHANGE", "ENV_VAR", "FACTS", "LAYOUT", "SCHEMA_VERSION", "Store",
           "basic_summary", "by_id", "default_path", "gc_paused"]
