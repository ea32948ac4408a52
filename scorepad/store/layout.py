"""Where each of a database's files is (PATH, PATH.lock and the folder PATH.d beside it), and which are there."""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

from scorepad.files import BACKUP_SUFFIX, FOLDER_SUFFIX

FACTS = "facts"  # a summary's facts (a dict), kept in facts/NNNN.json beside its index file
# Sessions per folder and per index file. An answer that changes a summary rewrites one index file of
# at most this many summaries, whatever the history.
BUCKET = 256
MARK_BUCKETS = 256  # files of the marks index: a mark's file is found from the mark alone


class Layout:
    """The files of the database `path` (as the person named it). os.replace on a symlink would swap the link for a
    plain file: the store writes (and locks) the file it points to, `real`, and keeps its folder beside that."""

    def __init__(self, path: Path, folder: Path | None = None):
        self.path = path
        self.real = Path(os.path.realpath(path))
        self.folder = folder or self.real.with_name(self.real.name + FOLDER_SUFFIX)

    @property
    def backup(self) -> Path:
        """Where a database file of scorepad 0.1 is kept once it is moved over (migration)."""
        return self.real.with_name(self.real.name + BACKUP_SUFFIX)

    @staticmethod
    def bucket_of(doc_id: int) -> int:
        """The bucket of a session: its folder of session files, its index file."""
        return doc_id // BUCKET

    def session_file(self, doc_id: int) -> Path:
        return self.folder / "sessions" / f"{self.bucket_of(doc_id):04d}" / f"{doc_id}.json"

    def index_file(self, bucket: int) -> Path:
        return self.folder / "index" / f"{bucket:04d}.json"

    def facts_file(self, bucket: int) -> Path:
        return self.folder / FACTS / f"{bucket:04d}.json"

    def marks_file(self, mark: str) -> Path:
        bucket = zlib.crc32(mark.encode("utf-8", "surrogatepass")) % MARK_BUCKETS
        return self.folder / "marks" / f"{bucket:02x}.json"

    @property
    def newest_file(self) -> Path:
        return self.folder / "newest.json"

    def marker(self, name: str) -> Path:
        return self.folder / f"pending-{name}"

    def importing(self, name: str) -> Path:
        """The lock an import holds while it runs (repair.Repair.importing): its marker is not a killed writer's."""
        return self.folder / f"importing-{name.removeprefix('import-')}.lock"

    def import_ranges(self, name: str) -> list[tuple[int, int]] | None:
        """The ids an import under way (or a killed one) has written, as its marker lists them (each range
        inclusive); None for a marker that lists none (an older scorepad's, empty: every id from its first on)."""
        try:
            text = (self.folder / f"pending-{name}").read_bytes()
        except FileNotFoundError:
            return []
        try:
            ranges = json.loads(text) if text.strip() else None
        except ValueError:
            return None
        if not isinstance(ranges, list) or not all(isinstance(r, list) and len(r) == 2 and all(
                isinstance(n, int) for n in r) for r in ranges):
            return None
        return [(lo, hi) for lo, hi in ranges]

    @property
    def claims_folder(self) -> Path:
        return self.folder / "claims"

    @property
    def links_folder(self) -> Path:
        return self.folder / "links"

    def pending(self) -> bool:
        """Whether a write is under way (or a killed writer's is unfinished): a pending marker in PATH.d."""
        return any(name.startswith("pending-") for name in os.listdir(self.folder))

    # --- which files there are

    def session_buckets(self) -> list[int]:
        folder = self.folder / "sessions"
        names = os.listdir(folder) if folder.is_dir() else ()
        return [int(name) for name in names if name.isdigit() and name.isascii()]

    def index_buckets(self) -> list[int]:
        index = self.folder / "index"
        names = os.listdir(index) if index.is_dir() else ()
        return sorted(int(name[:-5]) for name in names
                      if name.endswith(".json") and name[:-5].isdigit() and not name.startswith("."))

    def buckets(self) -> list[int]:
        """Every bucket there is: those of the index files, and those of the session folders (a session folder
        without its index file is a bucket whose index file went missing: moved aside, deleted)."""
        return sorted(set(self.index_buckets()) | set(self.session_buckets()))

    def bucket_ids(self, bucket: int) -> set[int]:
        """The sessions of a bucket, by their files."""
        folder = self.session_file(bucket * BUCKET).parent
        names = os.listdir(folder) if folder.is_dir() else ()
        return {doc_id for name in names if name.endswith(".json") and name[:-5].isdigit() and name.isascii()
                and self.bucket_of(doc_id := int(name[:-5])) == bucket}

    def ids_on_disk(self) -> list[int]:
        """Every session by its file (another file there, "2 (copy).json" or notes.txt, is none)."""
        return sorted(doc_id for bucket in self.session_buckets() for doc_id in self.bucket_ids(bucket))

    def last_id_on_disk(self) -> int:
        """The largest id of a session file (0: none), from two listings: sessions/ and its last folder."""
        for bucket in sorted(self.session_buckets(), reverse=True):
            if ids := self.bucket_ids(bucket):
                return max(ids)
        return 0
