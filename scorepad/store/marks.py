"""The marks index: what each session answers to when a file is imported (Summarizer.identify), in PATH.d/marks/
XX.json, a mark's file found from the mark alone, so that finding a stored game reads one small file per mark,
not every summary."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from scorepad.store.disk import read_tables
from scorepad.store.layout import Layout
from scorepad.store.tables import doc as document
from scorepad.store.tables import tinydb_table

MARKS = "marks"  # a marks file's table


class Marks:
    def __init__(self, layout: Layout):
        self.layout = layout

    def _table(self, path: Path, *, sync: bool = True):
        return tinydb_table(path, self.layout.path, MARKS, sync=sync, temp_folder=self.layout.folder)

    def put(self, changes: dict[int, list[str]], *, sync: bool = True, everywhere: bool = False) -> None:
        """Under the lock: set each session's marks (an empty list: none), touching only the files those marks hash
        to; `everywhere`: also clear the session from every other file (after a write that was cut short)."""
        files: dict[Path, dict[int, list[str]]] = {}
        for doc_id, marks in changes.items():
            for mark in marks:
                files.setdefault(self.layout.marks_file(mark), {}).setdefault(doc_id, []).append(mark)
        folder = self.layout.folder / "marks"
        if everywhere and folder.is_dir():
            for name in os.listdir(folder):
                if name.endswith(".json") and not name.startswith("."):
                    files.setdefault(folder / name, {})
        for path, marks in files.items():
            with self._table(path, sync=sync) as table:
                present = {entry.doc_id for entry in table.all()}
                gone = [doc_id for doc_id in (changes if everywhere else marks) if doc_id in present]
                if gone:
                    table.remove(doc_ids=gone)
                if marks:  # a file with nothing to change is not written (not even on a full disk)
                    table.insert_multiple(document({"marks": found}, doc_id) for doc_id, found in marks.items())

    def drop(self, doc_id: int, marks: Iterable[str]) -> None:
        """Under the lock: take a session out of the files these marks hash to."""
        for path in {self.layout.marks_file(mark) for mark in marks}:
            with self._table(path) as table:
                if table.contains(doc_id=doc_id):
                    table.remove(doc_ids=[doc_id])

    def find(self, marks: Iterable[str]) -> dict[str, int]:
        """The stored session each of these marks belongs to (marks no session has are left out)."""
        found: dict[str, int] = {}
        wanted: dict[Path, set[str]] = {}
        for mark in marks:
            wanted.setdefault(self.layout.marks_file(mark), set()).add(mark)
        for path, those in wanted.items():
            tables = read_tables(path, self.layout.path, MARKS) or {}
            for key, entry in tables.get(MARKS, {}).items():
                for mark in set(entry.get("marks", [])) & those:
                    found[mark] = int(key)
        return found
