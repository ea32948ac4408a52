"""The phones' part of a session document: which phone holds which player's seat, the answers waiting for a
player's yes (proposals), and what became of the decided ones until their players have seen it.

It is kept in the session's document, so a host that restarts finds its seats and proposals as they were; it is
never part of an exported table file (scorepad.table.travel writes the game's keys only), and changing it makes
no new version of the game (an answer given as of the version before is as good after a seat was taken).
Plain functions of the document: the engine (scorepad.table.engine) calls them inside its locked writes.
"""

from __future__ import annotations

import json
from typing import Any

PHONES = "phones"  # the document's key
MOVED = "moved"  # the document's key: the version at which each question was last answered, taken back or changed
TOLD_KEPT = 20  # decided proposals kept until seen: the newest this many (a phone that never looks again)
ACCEPTED, REFUSED, LAPSED = "accepted", "refused", "lapsed"


def key(at: Any) -> str:
    """A question's place as a key of a JSON object."""
    return json.dumps(list(at), ensure_ascii=False)


def part(doc: dict[str, Any]) -> dict[str, Any]:
    """The phones' part of `doc`, its pieces of the right shapes (a hand-edited or damaged part counts as empty)."""
    found = doc.get(PHONES)
    if not isinstance(found, dict):
        found = {}
    seats = found.get("seats")
    return {
        "seats": {t: p for t, p in seats.items() if isinstance(t, str) and (p is None or isinstance(p, str))}
        if isinstance(seats, dict) else {},
        "proposals": [p for p in found.get("proposals") or [] if _is_proposal(p)],
        "told": [p for p in found.get("told") or [] if _is_proposal(p) and isinstance(p.get("tell"), list)],
        "next": found["next"] if isinstance(found.get("next"), int) else 1,
    }


def _is_proposal(item: Any) -> bool:
    return (isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get("at"), list)
            and isinstance(item.get("for"), str) and "value" in item)


def _put(doc: dict[str, Any], phones: dict[str, Any]) -> None:
    doc[PHONES] = phones


# --- seats ---------------------------------------------------------------------------------------------------

def seat_of(doc: dict[str, Any], token: str) -> tuple[bool, str | None]:
    """(seated, player) of the phone with this token: player None is the table's screen."""
    seats = part(doc)["seats"]
    return (token in seats, seats.get(token))


def holders(doc: dict[str, Any]) -> dict[str, str]:
    """Each held player's seat -> the token of the phone holding it."""
    return {player: token for token, player in part(doc)["seats"].items() if player is not None}


def take(doc: dict[str, Any], token: str, player: str | None) -> None:
    phones = part(doc)
    phones["seats"][token] = player
    _put(doc, phones)


def leave(doc: dict[str, Any], token: str) -> None:
    phones = part(doc)
    phones["seats"].pop(token, None)
    _put(doc, phones)


def free(doc: dict[str, Any], player: str) -> bool:
    """Free `player`'s seat: True if a phone held it (that phone picks a seat again)."""
    phones = part(doc)
    held = [t for t, p in phones["seats"].items() if p == player]
    for token in held:
        del phones["seats"][token]
    _put(doc, phones)
    return bool(held)


# --- proposals -----------------------------------------------------------------------------------------------

def proposals(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return part(doc)["proposals"]


def told(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return part(doc)["told"]


def propose(doc: dict[str, Any], at: tuple, by: str | None, to: str, value: Any, parties: list[str]) -> str:
    """Keep an answer waiting for `to`'s yes; its id."""
    phones = part(doc)
    made = f"p{phones['next']}"
    phones["next"] += 1
    phones["proposals"].append({"id": made, "at": list(at), "by": by, "for": to, "value": value,
                                "parties": [p for p in parties if isinstance(p, str)]})
    _put(doc, phones)
    return made


def decide(doc: dict[str, Any], made: str, fate: str) -> dict[str, Any]:
    """Take the proposal out of the waiting ones and keep its fate for its players to see."""
    phones = part(doc)
    found = next(p for p in phones["proposals"] if p["id"] == made)
    phones["proposals"].remove(found)
    tell = [p for p in dict.fromkeys([found.get("by"), found["for"], *found.get("parties", [])]) if p is not None]
    phones["told"] = [*phones["told"], {**found, "fate": fate, "tell": tell}][-TOLD_KEPT:]
    _put(doc, phones)
    return found


def heard(doc: dict[str, Any], player: str | None) -> None:
    """`player` acted on their phone: the fates they were shown are seen."""
    phones = part(doc)
    if player is None or not any(player in t["tell"] for t in phones["told"]):
        return
    for item in phones["told"]:
        item["tell"] = [p for p in item["tell"] if p != player]
    phones["told"] = [t for t in phones["told"] if t["tell"]]
    _put(doc, phones)


def renamed(doc: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The phones' part with player `old` called `new` (scorepad players rename)."""
    if PHONES not in doc:
        return doc
    phones = part(doc)

    def name(value: Any) -> Any:
        return new if value == old else value

    phones["seats"] = {t: name(p) for t, p in phones["seats"].items()}
    for listed in (phones["proposals"], phones["told"]):
        for item in listed:
            item.update(by=name(item.get("by")), **{"for": name(item["for"])},
                        parties=[name(p) for p in item.get("parties", [])])
            if "tell" in item:
                item["tell"] = [name(p) for p in item["tell"]]
            if isinstance(item.get("value"), dict):
                item["value"] = {k: name(v) for k, v in item["value"].items()}
    return {**doc, PHONES: phones}


# --- what changed when -----------------------------------------------------------------------------------------

EVERY = "*"  # the key of a change that moves every question (a player renamed)


def moved_at(doc: dict[str, Any], at: Any) -> int:
    """The version at which the question at `at` was last answered, taken back or changed (0: never)."""
    moved = doc.get(MOVED)
    if not isinstance(moved, dict):
        return 0
    found = [moved.get(key(at), 0), moved.get(EVERY, 0)]
    return max((v for v in found if isinstance(v, int) and not isinstance(v, bool)), default=0)


def mark_every(doc: dict[str, Any], version: int) -> None:
    """Every question moved at `version`: an answer given as of an earlier one is refused (a player renamed)."""
    moved = doc.get(MOVED) if isinstance(doc.get(MOVED), dict) else {}
    doc[MOVED] = {**moved, EVERY: version}


def mark_moved(doc: dict[str, Any], before: list[Any], version: int) -> None:
    """Mark each question whose answer differs between `before` (the entries) and the document now."""
    old = {key(e["at"]): e.get("value") for e in before if isinstance(e, dict) and isinstance(e.get("at"), list)}
    new = {key(e["at"]): e.get("value") for e in doc.get("entries") or []
           if isinstance(e, dict) and isinstance(e.get("at"), list)}
    changed = [k for k in old.keys() | new.keys() if old.get(k, ...) != new.get(k, ...)]
    if not changed:
        return
    moved = doc.get(MOVED) if isinstance(doc.get(MOVED), dict) else {}
    doc[MOVED] = {**moved, **{k: version for k in changed}}
