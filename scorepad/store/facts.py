"""The facts files: PATH.d/facts/NNNN.json, the `facts` of the summaries in index/NNNN.json that have them
(finished sessions: what `stats` reads beyond totals). The index keeps only their digest, so `list` never reads
these; like the index they are derived from the session files, and made again from them when damaged."""

from __future__ import annotations

import os
from typing import Any

from scorepad.errors import StoreError
from scorepad.store.disk import read_tables, write_json
from scorepad.store.layout import FACTS, Layout
from scorepad.store.sessions import SessionFiles
from scorepad.store.summaries import Summarizer


class FactsFiles:
    def __init__(self, layout: Layout, sessions: SessionFiles, summarizer: Summarizer):
        self.layout, self.sessions, self.summarizer = layout, sessions, summarizer

    def put(self, bucket: int, changes: dict[int, dict | None], *, sync: bool = True) -> None:
        """Set (or, for None, drop) these sessions' facts in the bucket's facts file; written only if it changes."""
        if not changes:
            return
        held, whole = self.of_bucket(bucket)
        before = dict(held) if whole else None  # a damaged file is written again, even with nothing changed
        for doc_id, found in changes.items():
            if found is None:
                held.pop(str(doc_id), None)
            else:
                held[str(doc_id)] = found
        if held == before:
            return
        write_json(self.layout.facts_file(bucket), {FACTS: held}, self.layout.path, sync=sync,
                   temp_folder=self.layout.folder)

    def of(self, summaries: dict[int, dict]) -> dict[int, dict]:
        """The facts of these summaries, by id: read from the facts files of the buckets that hold any (a summary
        made on the spot, e.g. read-only or after a killed writer, holds its facts itself)."""
        found: dict[int, dict] = {}
        wanted: set[int] = set()
        for doc_id, summary in summaries.items():
            held = summary.get(FACTS)
            if isinstance(held, dict):
                found[doc_id] = held
            elif held is not None:
                wanted.add(doc_id)
        for bucket in sorted(set(map(self.layout.bucket_of, wanted))):
            for key, held in self.of_bucket(bucket)[0].items():
                if int(key) in wanted:
                    found[int(key)] = held
        # Named by the index but not in its facts file (the file moved aside, emptied by a crash, damaged): from
        # the session files, the truth, rather than figures silently left out
        for doc_id in sorted(wanted - set(found)):
            held = self._from_session(doc_id)
            if held is not None:
                found[doc_id] = held
        return found

    def _from_session(self, doc_id: int) -> dict | None:
        try:
            doc = self.sessions.load(doc_id)
        except StoreError:  # a damaged session file: its facts stay out (its summary says what it can)
            return None
        held = None if doc is None else self.summarizer.summary_of(doc).get(FACTS)
        return held if isinstance(held, dict) else None

    def of_bucket(self, bucket: int) -> tuple[dict[str, Any], bool]:
        """A facts file's facts by id (as a string), and whether the file could be read (False: damaged, they were
        made again from the bucket's session files). The file is derived (the session files are the truth): a
        damaged one is made again, for this read and by the next writer on disk, instead of stopping every game
        and import of its sessions (and `stats`) with 'cannot read'."""
        path = self.layout.facts_file(bucket)
        try:
            return dict((read_tables(path, self.layout.path, FACTS) or {}).get(FACTS, {})), True
        except StoreError:
            if not path.is_file() or not os.access(path, os.R_OK):  # a folder, a pipe, no permission: said as is
                raise
        found = {}
        for doc_id in sorted(self.layout.bucket_ids(bucket)):
            held = self._from_session(doc_id)
            if held is not None:
                found[str(doc_id)] = held
        return found, False
