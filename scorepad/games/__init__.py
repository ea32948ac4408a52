"""The registry: every game scorepad knows, in one literal tuple (no scanning, no self-registration).

Each entry names the package of scorepad/games/ and the attribute that define the game. A game's package (and its
calculator) is imported the first time the game is asked for, so `scorepad score --table` of a Lost Cities match
does not pay for loading the other games (docs/performance.md, "The games"). Loading a game hands its wording to
scorepad.words; `registered` is how a test gives a game of its own a slug.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from calculators.core import InvalidInput
from scorepad import words
from scorepad.games.base import Game

REGISTRY: tuple[tuple[str, str, str], ...] = (  # slug, module in scorepad.games, attribute
    ("lost-cities", "lost_cities", "GAME"),
    ("next-station-london", "next_station_london", "GAME"),
    ("london-1e", "london", "GAME_1E"),
    ("london-2e", "london", "GAME_2E"),
    ("chinatown", "chinatown", "GAME"),
)
SLUGS: tuple[str, ...] = tuple(slug for slug, _, _ in REGISTRY)
_loaded: dict[str, Game] = {}  # slug -> game, filled on first use (and by `registered`)


def by_slug(slug: str) -> Game:
    if slug not in _loaded:
        entry = next((e for e in REGISTRY if e[0] == slug), None)
        if entry is None:
            raise InvalidInput("game.unknown", name=slug, games=list(SLUGS), field="game")
        _load(getattr(importlib.import_module(f"scorepad.games.{entry[1]}"), entry[2]))
    return _loaded[slug]


def _load(game: Game) -> None:
    """`game` answers to its slug, and scorepad.words learns its wording (the wording never imports a game)."""
    _loaded[game.slug] = game
    words.learn_game(game.slug, game.phrases, game.field_label)


@contextlib.contextmanager
def registered(game: Game) -> Iterator[Game]:
    """While the block runs, `game` answers to its slug as a game of the tuple does: a test's own game, or a game
    of the tuple changed for a test. Afterwards whatever answered before (or nothing) answers again. SLUGS and
    GAMES stay the tuple's: a game a test registers is no game `scorepad games` lists."""
    before = _loaded.get(game.slug)
    _load(game)
    try:
        yield game
    finally:
        if before is None:
            del _loaded[game.slug]
            words.forget_game(game.slug)
        else:
            _load(before)


def of_table(table: Any) -> Game:
    """The game a table file names (refused in the words scoring uses when it names none or an unknown one)."""
    if not isinstance(table, dict):
        raise InvalidInput("table.not-object")
    slug = table.get("game")
    if not isinstance(slug, str):
        raise InvalidInput("game.missing", games=list(SLUGS))  # a sentence of its own: no bare "game:" before it
    return by_slug(slug)


def upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """A stored session of an older scorepad as this release reads it: its game's `upgrade` (a document naming no
    game this release knows stays as it is: opening it says it is damaged)."""
    slug = doc.get("game")
    if not isinstance(slug, str):
        return doc
    try:
        game = by_slug(slug)
    except InvalidInput:
        return doc
    return game.upgrade(doc)


def __getattr__(name: str) -> Any:
    """`GAMES`: every game in registry order (this imports them all: `scorepad games` needs them)."""
    if name == "GAMES":
        return tuple(by_slug(slug) for slug in SLUGS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
