"""What the index keeps of a session: its summary (made by the caller's `summarize`), the marks it answers to
(`identify`), and where it stands among the others (`order`)."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from scorepad.store.layout import FACTS

Summarize = Callable[[dict], dict]
Order = Callable[[int, dict], list]


def by_id(doc_id: int, summary: dict) -> list:
    """Where a session stands among the others when the summaries give no order of their own (newest last)."""
    return [doc_id]


def basic_summary(doc: dict) -> dict:
    """What the index keeps when the caller gives no summary of its own (or cannot make one of a damaged session):
    each part only of the shape a reader takes it for, whatever a hand left in the session file."""
    def shaped(key: str, value: Any) -> bool:
        if key == "players":
            return isinstance(value, list) and all(isinstance(name, str) for name in value)
        return isinstance(value, str)

    return {key: doc[key] for key in ("game", "players", "status") if key in doc and shaped(key, doc[key])}


def digest(data: Any, *, sort: bool = True) -> int:
    """What the index keeps of a summary's facts (what a session file's stamp keeps of its session, as written:
    `sort` False): enough to see that they changed (and need writing)."""
    return zlib.crc32(orjson.dumps(data, option=orjson.OPT_SORT_KEYS if sort else None))


def indexed(summary: dict | None) -> dict | None:
    """A summary as the index holds it: its facts (if any) as their digest."""
    if summary is None or not isinstance(summary.get(FACTS), dict):
        return summary
    return {**summary, FACTS: digest(summary[FACTS])}


class Summarizer:
    """`summarize(doc)` makes the summary the index keeps of a session (what `list` and `stats` read); its `version`
    attribute, when it changes, makes the store rebuild every summary once, and its `order` attribute ranks the
    sessions for `latest` (the last is the newest; by id without one). `identify(doc)`: what a session answers to
    when a file is imported (e.g. the fingerprint of the file it came from), kept in the marks index."""

    def __init__(self, summarize: Summarize | None = None, identify: Callable[[dict], list[str]] | None = None):
        self.summarize = summarize or basic_summary
        self.version = getattr(self.summarize, "version", 0)
        self.order: Order = getattr(self.summarize, "order", None) or by_id
        self.identify = identify or (lambda doc: [])

    def summary_of(self, doc: dict) -> dict:
        try:
            return self.summarize(doc)
        except Exception:  # noqa: BLE001 - a summary must never stop an answer from being saved
            return {**basic_summary(doc), "damaged": True}

    def marks_of(self, doc: dict) -> list[str]:
        try:
            return [m for m in self.identify(doc) if isinstance(m, str)]
        except Exception:  # noqa: BLE001 - a damaged session answers to nothing, and is still saved
            return []

    def brief_of(self, summaries: Iterable[tuple[int, dict]]) -> dict:
        """An index file in brief (newest.json): how many summaries it holds and the `order` of its newest (None:
        empty)."""
        count, newest = 0, None
        for doc_id, summary in summaries:
            count += 1
            key = self.order(doc_id, summary)
            if newest is None or key > newest:
                newest = key
        return {"count": count, "newest": newest}
