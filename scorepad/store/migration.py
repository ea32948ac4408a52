"""Moving a database of scorepad 0.1 (layout 1: every session in one file, `{"sessions": {...}}`) over to the
folder of session files, on first use; the old file is kept beside it as PATH.v1-backup."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable

from scorepad.errors import StoreError
from scorepad.files import LARGEST_TABLE_FILE, read_limited, sync_folder
from scorepad.i18n import N_, NP_, _, plural
from scorepad.store.disk import OLD_TABLE, reason, write_file
from scorepad.store.facts import FactsFiles
from scorepad.store.index import Index
from scorepad.store.layout import Layout
from scorepad.store.marks import Marks
from scorepad.store.meta import LAYOUT, write_meta
from scorepad.store.sessions import SessionFiles
from scorepad.store.summaries import Summarizer, indexed

# TRANSLATORS: {folder} is the new folder's name, {backup} the old file's copy (both file names).
MIGRATED = NP_("Moved {count} session of {path} to the new storage layout (one file per session, beside it "
               "in {folder}); the old file is kept as {backup}.",
               "Moved {count} sessions of {path} to the new storage layout (one file per session, beside it "
               "in {folder}); the old file is kept as {backup}.")
CANNOT_MIGRATE = N_("cannot move the database {path} to the new layout: {reason}; it was left as it is")


def old_sessions(tables: dict, sessions: SessionFiles, upgrade: Callable[[dict], dict]) -> dict[int, dict]:
    """The sessions of a layout-1 file, by id, as this release reads them."""
    return {int(key): upgrade(sessions.checked(int(key), dict(doc))) for key, doc in tables[OLD_TABLE].items()}


def migrate(layout: Layout, tables: dict, summarizer: Summarizer, upgrade: Callable[[dict], dict],
            notify: Callable[[str], None]) -> dict:
    """Layout 1 -> 2, under the lock; the new meta record. The old file stays the truth until the very last step (it
    is replaced by the new meta record), so a migration killed at any instant simply runs again."""
    docs = old_sessions(tables, SessionFiles(layout, summarizer.version), upgrade)
    building = layout.real.with_name(f"{layout.real.name}.d.migrating")
    try:
        write_file(layout.backup, read_limited(layout.real, LARGEST_TABLE_FILE))
        # A killed migration's half-built folder; a link planted at its name is removed, never written through
        # (rmtree refuses a link, and the folder would then be the link's target, renamed to PATH.d).
        if building.is_symlink() or (building.exists() and not building.is_dir()):
            building.unlink()
        shutil.rmtree(building, ignore_errors=True)
        building.mkdir()  # made here, by this process: not one planted meanwhile
        staged = Layout(layout.path, folder=building)
        sessions = SessionFiles(staged, summarizer.version)
        index = Index(staged, sessions, summarizer, FactsFiles(staged, sessions, summarizer),
                      at_once=lambda job: False)  # (a new folder: nothing in it is ever made again)
        summaries = {}
        for doc_id, doc in docs.items():
            summaries[doc_id] = summarizer.summary_of(doc)
            sessions.write(doc_id, doc, indexed(summaries[doc_id]), new=True, sync=False)
        index.put(summaries, sync=False)
        Marks(staged).put({doc_id: summarizer.marks_of(doc) for doc_id, doc in docs.items()}, sync=False)
        os.sync()
        shutil.rmtree(layout.folder, ignore_errors=True)  # left by a migration killed after this step
        os.replace(building, layout.folder)
        sync_folder(layout.folder.parent)
        meta = {"layout": LAYOUT, "next_id": max(docs, default=0) + 1, "summary_version": summarizer.version}
        write_meta(layout, meta)
    except OSError as error:
        raise StoreError(_(CANNOT_MIGRATE).format(path=layout.path, reason=reason(error))) from None
    notify(plural(MIGRATED, len(docs)).format(count=len(docs), path=layout.path, folder=layout.folder.name,
                                              backup=layout.backup.name))
    return meta
