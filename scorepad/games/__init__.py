"""The registry: every game scorepad knows, in one literal tuple (no scanning, no self-registration)."""

from __future__ import annotations

from calculators.core import InvalidInput
from scorepad.games import chinatown, london, lost_cities, next_station_london
from scorepad.games.base import Game

GAMES: tuple[Game, ...] = (
    lost_cities.GAME,
    next_station_london.GAME,
    london.GAME_1E,
    london.GAME_2E,
    chinatown.GAME,
)


def by_slug(slug: str) -> Game:
    for game in GAMES:
        if game.slug == slug:
            return game
    raise InvalidInput(f"unknown game {slug!r} (games: {', '.join(g.slug for g in GAMES)})", field="game")
