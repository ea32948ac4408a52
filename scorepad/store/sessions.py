"""The session files, the truth of the store: PATH.d/sessions/NNNN/ID.json, one session each, with the stamp of
what the index holds of it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import orjson

from scorepad.errors import StoreError
from scorepad.i18n import N_, _, pgettext
from scorepad.store.disk import CANNOT_WRITE, DAMAGED_FILE, META, check_exact, read_tables
from scorepad.store.layout import Layout
from scorepad.store.summaries import digest
from scorepad.store.tables import doc as document
from scorepad.store.tables import replacing, tinydb_file

SCHEMA_VERSION = 1  # of a session document
SESSION = "session"  # a session file's table
NEWER_SCHEMA = N_("session {id} in {path} was written by a newer scorepad (schema {schema!r})")
# TRANSLATORS: {name} is a session file's name (777.json); {found}: the sessions it holds ("session 5"), or
# "nothing".
NOT_ITS_FILE = N_("its file {name} holds {found}")
SESSION_N = N_("session {id}")
NOTHING = N_("nothing")


class SessionFiles:
    """Reading and writing the session files of `layout`; `summary_version`: the summaries' (a stamp of another
    version is not trusted). A database of scorepad 0.1 read where it lies (read-only: it cannot be moved over)
    has its sessions in `legacy` instead."""

    def __init__(self, layout: Layout, summary_version: int):
        self.layout, self.summary_version = layout, summary_version
        self.legacy: dict[int, dict] | None = None

    def checked(self, doc_id: int, doc: dict) -> dict:
        # A doc without "schema" predates versioning, which started at 1.
        schema = doc.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise StoreError(_(NEWER_SCHEMA).format(id=doc_id, path=self.layout.path, schema=schema))
        return doc

    def load(self, doc_id: int) -> dict | None:
        return self.read(doc_id)[0]

    def docs(self, ids: Iterable[int]) -> Iterator[tuple[int, dict]]:
        for doc_id in ids:
            doc = self.load(doc_id)
            if doc is not None:
                yield doc_id, doc

    def read(self, doc_id: int) -> tuple[dict | None, dict | None]:
        """A session as stored, and its file's tables (with the stamp of its summary: see write)."""
        if self.legacy is not None:
            return self.legacy.get(doc_id), None
        path = self.layout.session_file(doc_id)
        tables = read_tables(path, self.layout.path, SESSION)
        if tables is None:
            return None, None
        found = list(tables.get(SESSION, {}))
        if found != [str(doc_id)]:  # a file copied or edited by hand: which session it is would be a guess
            sessions = [_(SESSION_N).format(id=key) for key in found]
            held = pgettext("list separator", ", ").join(sessions) if found else _(NOTHING)
            problem = _(NOT_ITS_FILE).format(name=path.name, found=held)
            raise StoreError(_(DAMAGED_FILE).format(id=doc_id, path=self.layout.path, problem=problem))
        doc = tables[SESSION][str(doc_id)]
        check_exact(doc, doc_id, self.layout.path)
        return self.checked(doc_id, dict(doc)), tables

    def stamped(self, doc: dict, tables: dict | None, index: list[int] | None) -> dict | None:
        """The summary the index holds of this session, as its file's stamp says (see write); None when the stamp
        cannot say: none, of another summary version, not of this session as stored (its digest: the file was
        changed by hand, or by a scorepad that kept the stamp it found), or of another index file than `index`, the
        disk.file_stamp of the one there is (it was rewritten since; or the session file was put back from a backup
        or after `delete`, or copied from another database: it agrees with itself, not with the index as it is
        now)."""
        stamp = (tables or {}).get(META, {}).get("1") or {}
        if stamp.get("summary_version") != self.summary_version or stamp.get("session") != digest(doc, sort=False):
            return None
        if stamp.get("index") is None or stamp.get("index") != index:
            return None
        summary = stamp.get("summary")
        return summary if isinstance(summary, dict) else None

    def agrees(self, doc: dict, tables: dict | None, summary: dict, remake: Callable[[dict], dict]) -> bool | None:
        """Whether `summary` (as the index holds it) is this session's: as the session file's stamp says while the
        session is the one it was written with (its digest: a file put back from a copy agrees with itself, not
        with the index); else, the file changed by hand since, as `remake(doc)` (its summary made again) says. None
        when the file has no stamp of this version (written before stamps, or before the summaries changed): it is
        taken as the index has it, as making every summary again to compare would score each session."""
        stamp = (tables or {}).get(META, {}).get("1") or {}
        if stamp.get("summary_version") != self.summary_version:
            return None
        if stamp.get("session") == digest(doc, sort=False):
            return stamp.get("summary") == summary
        return remake(doc) == summary

    def write(self, doc_id: int, doc: dict, indexed: dict, *, new: bool = False, sync: bool = True,
              sweep: bool = False, known: dict | None = None, index: list[int] | None = None) -> None:
        """A session's file: the session, and (its META table, the stamp) the summary the index holds of it, with
        the digest of the session as written and `index`, the disk.file_stamp of the index file that holds that
        summary (None: not known, the index file is written after the session file: an import). An answer that
        leaves the summary as the stamp says it is then needs not read the index file (up to 256 summaries) to see
        that nothing else changes: the two are written under one lock, the session file after the index file,
        inside a pending marker when the summary changes (Repair.pending), so the stamp never names an index file
        that does not hold its summary, and a write that fails leaves the session as it was. A stamp the next
        writer cannot trust (stamped: none, a file written before stamps or changed or put back by hand, an index
        file replaced since) is compared with the index. `sweep`: what a writer of an older scorepad left in the
        folder; `known`: the file's tables as read under this lock (see tables.tinydb_file)."""
        with tinydb_file(self.layout.session_file(doc_id), self.layout.path, SESSION, sync=sync, sweep=sweep,
                         temp_folder=self.layout.folder, known=known) as db:
            if new:
                db.table(SESSION).insert(document(doc, doc_id))
            else:
                db.table(SESSION).update(replacing(doc), doc_ids=[doc_id])
            try:
                stamp = {"summary_version": self.summary_version, "summary": indexed,
                         "session": digest(doc, sort=False), "index": index}
            except orjson.JSONEncodeError as error:  # e.g. an integer beyond 64 bits: nothing is written
                raise StoreError(_(CANNOT_WRITE).format(path=self.layout.path, reason=error)) from None
            db.table(META).truncate()
            db.table(META).insert(document(stamp, 1))
