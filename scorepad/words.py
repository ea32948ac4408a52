"""Shared wording: how the calculators' phrases (codes and values) become sentences in the chosen language, and
the words every screen shares (the winner line, plurals, money, minus signs) — one home for each.

A phrase code is `GAME.NAME` for a game's own (its wording is the `PHRASES` table of scorepad/games/<module>.py)
or a bare name for the common ones (PHRASES below). A table entry is a template (an `N_()` msgid, filled with the
phrase's values by str.format) or a function of the values that returns the text (for plurals or words that
depend on a value). Importing this module installs it as the calculators' wording.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Union

from calculators import core
from calculators.core import Phrase
from scorepad.i18n import N_, _

Wording = Union[str, Callable[[Mapping[str, Any]], str]]

# Where each game's phrases are worded: the prefix of its codes → the module holding its PHRASES table.
# (Both London editions share one calculator and one prefix.)
GAME_PHRASES = {
    "lost-cities": "scorepad.games.lost_cities",
    "next-station-london": "scorepad.games.next_station_london",
    "london": "scorepad.games.london",
    "chinatown": "scorepad.games.chinatown",
}

ROUND = N_("round {round}")
PLAYER = N_("player {player}")
WHERE = N_("{where}: {message}")  # "round 2, player Ana, blue: 5 after 9: numbers must go up"
WHERE_SEPARATOR = N_(", ")


def _where(values: Mapping[str, Any]) -> str:
    where = []
    if values.get("round") is not None:
        where.append(_(ROUND).format(round=values["round"]))
    if values.get("player") is not None:
        where.append(_(PLAYER).format(player=values["player"]))
    if values.get("field") is not None:
        where.append(str(values["field"]))
    if not where:
        return values["message"]
    return _(WHERE).format(where=_(WHERE_SEPARATOR).join(where), message=values["message"])


# The common phrases (calculators/core.py and scorepad's own).
PHRASES: dict[str, Wording] = {
    "error.where": _where,
}


def _table(code: str) -> Mapping[str, Wording]:
    prefix, dot, _name = code.partition(".")
    module = GAME_PHRASES.get(prefix) if dot else None
    return importlib.import_module(module).PHRASES if module else PHRASES


def say(phrase: Phrase) -> str:
    """A phrase in the chosen language. An unknown code is a bug (a test checks every code has its wording)."""
    wording = _table(phrase.code).get(phrase.code) or PHRASES[phrase.code]
    if callable(wording):
        return wording(phrase.values)
    return _(wording).format(**phrase.values)


core.set_wording(say)
