"""The index: the summaries of each bucket of sessions in PATH.d/index/NNNN.json (with their facts in facts/), and
newest.json, each index file in brief (how many sessions it holds, and its newest), so that `list` reads only the
index files that hold the latest sessions.

Every file here is derived from the session files (the truth): one missing, blank or damaged is read around and
made again, by the next writer of its bucket or by a reader that finds the lock free this instant.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from scorepad.files import LARGEST_PART, read_limited
from scorepad.store.disk import Damaged, gc_paused, read_derived, write_json
from scorepad.store.facts import FactsFiles
from scorepad.store.layout import FACTS, Layout
from scorepad.store.sessions import SessionFiles
from scorepad.store.summaries import Summarizer, indexed
from scorepad.store.tables import doc as document
from scorepad.store.tables import replacing, tinydb_table

SUMMARIES = "summaries"  # an index file's table
BUCKETS = "buckets"  # newest.json's table
# Does `job` under the lock if it is free this instant (True), else (busy, read-only, a full disk) nothing.
AtOnce = Callable[[Callable[[], Any]], bool]


class Index:
    def __init__(self, layout: Layout, sessions: SessionFiles, summarizer: Summarizer, facts: FactsFiles,
                 at_once: AtOnce):
        self.layout, self.sessions, self.summarizer, self.facts = layout, sessions, summarizer, facts
        self.at_once = at_once

    # --- reading

    def read(self, bucket: int) -> dict[str, dict] | None:
        """An index file's summaries (by id as a string), or None when it is missing or damaged."""
        try:
            tables = read_derived(self.layout.index_file(bucket), self.layout.path, SUMMARIES)
        except Damaged:
            return None
        return None if tables is None else tables.get(SUMMARIES, {})

    def every(self) -> dict[int, dict]:
        """Every bucket's summaries, by id. Read as the JSON they are (TinyDB's files), not through Table.all():
        a Document of each summary is much slower (docs/performance.md, The store)."""
        found: dict[int, dict] = {}
        with gc_paused():
            for bucket in self.layout.buckets():
                held = self.bucket_summaries(bucket)
                found.update(zip(map(int, held), held.values()))
        return found

    def bucket_summaries(self, bucket: int) -> dict[str, dict]:
        """For readers: an index file's summaries. Missing or damaged, it is made again if the lock is free this
        instant, else (a writer at work, a read-only disk) its summaries are made from the session files for this
        read (the session files are the truth; made on the spot, a summary holds its facts itself)."""
        held = self.read(bucket)
        if held is None and self.at_once(lambda: self.held(bucket)):
            held = self.read(bucket)
        if held is None:
            held = {str(doc_id): summary for doc_id, summary in self._made(bucket).items()}
        return held

    def held(self, bucket: int) -> dict[str, dict]:
        """Under the lock: an index file's summaries, the file made again first if it is missing or damaged."""
        held = self.read(bucket)
        return self.remake(bucket) if held is None else held

    def _made(self, bucket: int) -> dict[int, dict]:
        """The summaries of a bucket made from its session files (reads every one: for a repair, not a read)."""
        ids = sorted(self.layout.bucket_ids(bucket))
        return {doc_id: self.summarizer.summary_of(doc) for doc_id, doc in self.sessions.docs(ids)}

    # --- writing, under the lock

    def remake(self, bucket: int) -> dict[str, dict]:
        """Under the lock: a bucket's index file (with its facts file and its brief in newest.json) made again from
        its session files, and its summaries as now written. A missing, blank or unreadable index file hid every
        session of its bucket from list, stats and export --all, and the next write began a new one holding only
        its own session; a session file that cannot be read stops this, in its own words, before anything is
        written."""
        made = self._made(bucket)
        held = {str(doc_id): indexed(summary) for doc_id, summary in made.items()}
        facts = {str(doc_id): summary[FACTS] for doc_id, summary in made.items()
                 if isinstance(summary.get(FACTS), dict)}
        files = [(self.layout.index_file(bucket), {SUMMARIES: held})]
        if facts or self.layout.facts_file(bucket).exists():  # first: an index's digest never names facts not there
            files.insert(0, (self.layout.facts_file(bucket), {FACTS: facts}))
        for path, payload in files:
            write_json(path, payload, self.layout.path, temp_folder=self.layout.folder)
        self.put_briefs({bucket: self.summarizer.brief_of((int(key), summary) for key, summary in held.items())})
        return held

    def put(self, summaries: dict[int, dict | None], *, sync: bool = True, repair: bool = False) -> None:
        """Set (or, for None, drop) summaries, one index file per bucket touched; then newest.json, when a
        bucket's count or newest session changed (an answer that closes a round changes neither: it writes
        one index file, as before). `repair`: newest.json is made to agree with these buckets even if they
        look unchanged (a killed writer may have written the index file and not newest.json)."""
        buckets: dict[int, dict[int, dict | None]] = {}
        facts: dict[int, dict] = {}  # kept in facts/, beside the index file (see FACTS)
        for doc_id, summary in summaries.items():
            if summary is not None and isinstance(summary.get(FACTS), dict):
                facts[doc_id] = summary[FACTS]
            buckets.setdefault(self.layout.bucket_of(doc_id), {})[doc_id] = indexed(summary)
        briefs: dict[int, dict] = {}
        for bucket, changes in buckets.items():
            try:
                before, after = self._put_bucket(bucket, changes, facts, sync=sync, repair=repair)
            except Damaged:  # cut short, emptied, garbage: made again from the session files, then changed
                self.remake(bucket)
                before, after = self._put_bucket(bucket, changes, facts, sync=sync, repair=repair)
            if repair or after != before:
                briefs[bucket] = after
        if briefs:
            self.put_briefs(briefs, sync=sync)

    def _put_bucket(self, bucket: int, changes: dict[int, dict | None], facts: dict[int, dict], *, sync: bool,
                    repair: bool) -> tuple[dict, dict]:
        """One index file's part of put: its brief before and after. A missing index file with other sessions in
        its bucket was moved aside or deleted: made again from their files first (written with these changes
        alone, it would hide them from every list for good)."""
        if not self.layout.index_file(bucket).exists() and self.layout.bucket_ids(bucket) - set(changes):
            self.remake(bucket)
        with tinydb_table(self.layout.index_file(bucket), self.layout.path, SUMMARIES, sync=sync,
                          temp_folder=self.layout.folder, derived=True) as table:
            entries = table.all()
            present = {entry.doc_id for entry in entries}
            before = self._brief(entries)
            # The facts first: an index entry's digest then never names facts that are not there yet.
            digests = {entry.doc_id: entry.get(FACTS) for entry in entries}
            self.facts.put(bucket, {doc_id: facts.get(doc_id) for doc_id, summary in changes.items()
                                    if repair or digests.get(doc_id) != (summary or {}).get(FACTS)}, sync=sync)
            for doc_id, summary in changes.items():
                if doc_id not in present:
                    if summary is not None:
                        table.insert(document(summary, doc_id))
                elif summary is None:
                    table.remove(doc_ids=[doc_id])
                else:  # upsert would merge the old fields in; a summary is replaced whole
                    table.update(replacing(summary), doc_ids=[doc_id])
            return before, self._brief(table.all())

    # --- newest.json: each index file in brief

    def _brief(self, entries: Iterable[Any]) -> dict:
        return self.summarizer.brief_of((entry.doc_id, entry) for entry in entries)

    def read_briefs(self, *, check: bool = True) -> dict[int, dict] | None:
        """newest.json as it stands, or None when it is missing, damaged or (`check`) does not name the index
        files there are (then it is made again by the next writer, and readers read every index file meanwhile)."""
        try:
            tables = orjson.loads(read_limited(self.layout.newest_file, LARGEST_PART))
            briefs = {int(key): brief for key, brief in tables[BUCKETS].items()}
            if not all(isinstance(brief.get("count"), int) and isinstance(brief.get("newest"), (list, type(None)))
                       for brief in briefs.values()):
                return None
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None
        if check and set(briefs) != set(self.layout.buckets()):
            return None
        return briefs

    def put_briefs(self, changes: dict[int, dict] | None, *, sync: bool = True) -> None:
        """Write newest.json with these buckets' briefs (None: every bucket's, made from the index files)."""
        current = self.read_briefs(check=False)
        briefs = None if current is None or changes is None else {**current, **changes}
        if briefs is None or set(briefs) != set(self.layout.index_buckets()):
            briefs = {}
            for bucket in self.layout.index_buckets():
                held = self.held(bucket)
                briefs[bucket] = self.summarizer.brief_of((int(key), summary) for key, summary in held.items())
        if briefs == current:  # as it stands (a repair that found nothing to do): not written again
            return
        payload = {BUCKETS: {str(bucket): brief for bucket, brief in sorted(briefs.items())}}
        write_json(self.layout.newest_file, payload, self.layout.path, sync=sync, temp_folder=self.layout.folder)

    def briefs_for_readers(self) -> dict[int, dict] | None:
        """newest.json for a reader: made again from the index files first, when it cannot be trusted (a layout-2
        folder made before it, or damaged), if the lock is free this instant; else None (busy, read-only: the
        reader reads every index file this once)."""
        briefs = self.read_briefs()
        if briefs is None and self.at_once(self._briefs_made_again):
            briefs = self.read_briefs()
        return briefs

    def _briefs_made_again(self) -> None:
        if self.read_briefs() is None:
            self.put_briefs(None)

    def latest(self, briefs: dict[int, dict], count: int) -> dict[int, dict] | None:
        """The `count` newest summaries, reading the index files newest first until no other can hold one;
        None when a file read does not match its brief (a writer changed it meanwhile: read them all)."""
        kept: list[tuple[list, int, dict]] = []  # the newest so far, the oldest of them first (a heap)
        ranked = sorted((brief["newest"], bucket, brief["count"]) for bucket, brief in briefs.items()
                        if brief["newest"] is not None)
        order = self.summarizer.order
        for newest, bucket, held in reversed(ranked):
            if count <= 0 or (len(kept) >= count and newest < kept[0][0]):
                break
            summaries = self.bucket_summaries(bucket)
            top = None
            for key, summary in summaries.items():
                doc_id = int(key)
                rank = order(doc_id, summary)
                top = rank if top is None or rank > top else top
                if len(kept) < count:
                    heapq.heappush(kept, (rank, doc_id, summary))
                elif rank > kept[0][0]:
                    heapq.heapreplace(kept, (rank, doc_id, summary))
            if len(summaries) != held or top != newest:
                return None
        return {doc_id: summary for _rank, doc_id, summary in sorted(kept, key=lambda item: item[1])}
