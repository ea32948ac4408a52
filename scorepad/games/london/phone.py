"""What a phone shows of London (scorepad.web): each player's own ledger during play, kept from their phone with
one tap on what happened and a number."""

from __future__ import annotations

from typing import Any

from scorepad.games.base import Ask
from scorepad.games.london.tracking import edition, flat, track
from scorepad.games.london.words import SUMMARY_BOROUGHS, SUMMARY_HEADERS, SUMMARY_POINTS, SUMMARY_TITLE
from scorepad.i18n import _

FIGURES = ("count", "stacks", "hand", "boroughs", "loans")  # an event's numbers, typed on a number pad


def control(session: Any, ask: Ask) -> dict[str, Any] | None:
    """The event menu names the question that follows it (whose event it is): a phone that taps an event answers
    that with its own seat, so a player's tap is their own ledger's. An event's figures are numbers."""
    if ask.at[:2] != ("setup", "track") or len(ask.at) != 4:
        return None
    if ask.at[3] == "event":
        return {"kind": "event", "seat": ["setup", "track", ask.at[2], "player"]}
    if ask.at[3] in FIGURES:
        return {"kind": "number"}
    return None


def own(session: Any, player: str) -> dict[str, Any] | None:
    """The player's ledger so far: loans, poverty, points (and boroughs in the first edition), as `summary` says."""
    if flat(session) or player not in session.players:
        return None
    r = edition(session)
    tracked = track(session)[player]
    figures = [(SUMMARY_HEADERS[1], tracked.loans), (SUMMARY_HEADERS[2], tracked.poverty),
               (SUMMARY_POINTS[r.slug], tracked.points)]
    if r.boroughs_reduce_poverty and tracked.boroughs is not None:
        figures.append((SUMMARY_BOROUGHS, tracked.boroughs))
    return {"text": _(SUMMARY_TITLE) + " " + " · ".join(f"{_(name)} {value}" for name, value in figures)}
