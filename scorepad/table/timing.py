"""How long a game was played, from the times its answers were given (each log entry's `time`, stamped when the
answer is recorded: scorepad.table.changes.record). `show` says it; the BG Stats file and link carry it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

# A longer wait between two answers is a pause (dinner, the next evening), not play: it is left out
# (shared/spec/table-format.md, "Sessions in a file").
PAUSE = timedelta(minutes=30)


def moment(stamp: Any) -> datetime | None:
    """An entry's time as a moment (ISO 8601; without an offset, the local time), or None when it has none: none
    written, or a hand edit's that is no date, or one at the calendar's edge that the local time cannot hold."""
    if not isinstance(stamp, str):
        return None
    try:
        found = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        return found if found.tzinfo is not None else found.astimezone()
    except (ValueError, OverflowError):
        return None


def played(entries: Iterable[Mapping[str, Any]]) -> timedelta | None:
    """The time between the first answer and the last, each pause of over PAUSE left out; None when fewer than
    two answers carry a time (a table file imported, a session of an older scorepad).

    >>> played([{"time": "2026-11-29T20:00:00+01:00"}, {"time": "2026-11-29T20:20:00+01:00"},
    ...         {"time": "2026-11-29T21:30:00+01:00"}, {"time": "2026-11-29T21:35:00+01:00"}])
    datetime.timedelta(seconds=1500)
    """
    times = sorted(t for t in (moment(entry.get("time")) for entry in entries) if t is not None)
    if len(times) < 2:
        return None
    return sum((later - earlier for earlier, later in zip(times, times[1:]) if later - earlier <= PAUSE),
               timedelta())


def minutes(doc: Mapping[str, Any]) -> int | None:
    """A session's play in whole minutes (the nearest), or None when its answers do not tell."""
    length = played(entry for entry in doc.get("entries", []) if isinstance(entry, Mapping))
    return None if length is None else round(length.total_seconds() / 60)
