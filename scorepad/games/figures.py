"""What every game's statistics share: who a name is across sessions, the shape of what a game makes of its facts
(Figures: scorepad.history adds the facts of finished sessions up through it, scorepad.stats prints what it
finishes), the helpers its sums are made with, and the column headings its tables share with `stats`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from calculators.core import normal_name
from scorepad.i18n import N_

# A finished session as scorepad.history gives one: {"id", "game", "date", "players", "totals", "ranks", "winners",
# "facts"} (the facts are its game's: Game.facts).
Played = dict[str, Any]

PLAYER = N_("Player")
SESSIONS = N_("Sessions")
# TRANSLATORS: a column of `stats`: the mean (average) total.
MEAN = N_("Mean")

_KEYS: dict[str, str] = {}  # name -> key, computed once (a history repeats the same few names)


def key(name: Any) -> str:
    """Who a name is: the same person for `Ana`, `ana`, ` Ana ` and an older session's `Ana\u200b` (spec: trimmed,
    case-folded; normalised as a name is, calculators.core.normal_name)."""
    found = _KEYS.get(name)
    if found is None:
        found = _KEYS[name] = normal_name(str(name).strip()).strip().casefold()
    return found


@dataclass(frozen=True)
class Figures:
    """What `stats` makes of a game's facts beyond totals and ranks (issue 12: what its players care about).

    `add(sums, session, facts)` adds one finished session's facts into the sums of a part of the history (plain
    JSON data, the game's own: the store keeps the sums of each index file); `merge(sums, other)` adds the sums of
    another part in; `finish(sums, keys, shown)` makes the figures of these players (keys as `key` gives them, in
    the order the tables list them; `shown`: key -> the name to print); `text(figures)` is how `stats` prints
    them ("" when there is nothing to print).
    """

    add: Callable[[dict[str, Any], Played, Mapping[str, Any]], None]
    merge: Callable[[dict[str, Any], Mapping[str, Any]], None]
    finish: Callable[[Mapping[str, Any], Iterable[str], Callable[[str], str]], dict[str, Any]]
    text: Callable[[Mapping[str, Any]], str]


def ratio(total: float, count: int) -> float | None:
    """A mean as the figures keep it: two places; None over nothing."""
    return round(total / count, 2) if count else None


def sums_of(sums: dict[str, Any], name: str, fresh: Callable[[], Any]) -> Any:
    """The sums of the person `name` is, made `fresh()` the first time."""
    k = key(name)
    found = sums.get(k)
    if found is None:
        found = sums[k] = fresh()
    return found


def merged_of(sums: Mapping[str, Any], keys: Iterable[str], merge: Callable[[dict[str, Any], Mapping[str, Any]], None],
              ) -> dict[str, Any]:
    """The sums of these keys added into one entry (Lost Cities' colours are the table's, not a player's)."""
    summed: dict[str, Any] = {}
    for k in keys:
        if k in sums:
            merge(summed, {"all": sums[k]})
    return summed.get("all", {})
