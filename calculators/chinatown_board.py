"""Chinatown's board: its lots, blocks and adjacency (given as data), the businesses a player's lots and shops make,
and what a board can never show (a lot owned twice, a shop that moved, more tiles than the box holds).

Sources: shared/rules/chinatown.md §2.4 (blocks and streets), §2.6 (kept cards become lots; tiles never move),
§2.8 (a business; "larger than complete"); the contract is shared/spec/table-format.md, Chinatown, the board form.
The board itself is data (scorepad/games/chinatown/board.json, with its sources): `Board.from_data` reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from calculators.core import InvalidInput, is_int

BOARD_KEYS: Final = ("lots", "shops")  # a player's year in the board form
STREET: Final = 0  # a grid cell with no lot


@dataclass(frozen=True)
class Board:
    """The board: each lot's block and (row, column) in the grid, and its orthogonal neighbours inside its block.

    A phone or a sheet draws it from `grid` (rows of lot numbers, 0 for a street) or from `place` and `block`.
    """

    grid: tuple[tuple[int, ...], ...]
    block: Mapping[int, int]  # lot -> block (1-6)
    place: Mapping[int, tuple[int, int]]  # lot -> (row, column) in the grid
    adjacent: Mapping[int, frozenset[int]]

    @property
    def lots(self) -> tuple[int, ...]:
        return tuple(sorted(self.block))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Board:
        """The board of a mapping shaped as board.json: `blocks` (block, first, last, lots), `grid`, `adjacent`.

        The links are the grid's orthogonal neighbours inside one block; the file's own list must say the same,
        so that a wrong cell or link in the data is found where it is read, never in a game's income.
        """
        block: dict[int, int] = {}
        for entry in data["blocks"]:
            lots = range(entry["first"], entry["last"] + 1)
            if len(lots) != entry["lots"]:
                raise ValueError(f"block {entry['block']}: {len(lots)} lots from first to last, not {entry['lots']}")
            for lot in lots:
                block[lot] = entry["block"]
        grid = tuple(tuple(row) for row in data["grid"])
        place = {lot: (r, c) for r, row in enumerate(grid) for c, lot in enumerate(row) if lot != STREET}
        if sorted(place) != sorted(block) or len(place) != sum(len(row) - row.count(STREET) for row in grid):
            raise ValueError("the grid does not hold each lot of the blocks once")
        adjacent: dict[int, set[int]] = {lot: set() for lot in block}
        for lot, (r, c) in place.items():
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                other = grid[rr][cc] if rr < len(grid) and cc < len(grid[rr]) else STREET
                if other != STREET and block[other] == block[lot]:
                    adjacent[lot].add(other)
                    adjacent[other].add(lot)
        given = {int(lot): set(others) for lot, others in data["adjacent"].items()}
        if given != adjacent:
            wrong = min(lot for lot in block if given.get(lot) != adjacent[lot])
            raise ValueError(f"lot {wrong}: the links listed are not its neighbours on the grid")
        return cls(grid, block, place, {lot: frozenset(others) for lot, others in adjacent.items()})

    def links(self) -> int:
        return sum(len(others) for others in self.adjacent.values()) // 2


def is_board_form(inputs: Mapping[str, Any]) -> bool:
    return any(key in inputs for key in BOARD_KEYS)


def check_lots(value: Any, board: Board, **where: Any) -> list[int]:
    """A player's lots: lot numbers of the board, each once."""
    if not isinstance(value, list):
        raise InvalidInput("chinatown.not-lots", value=value, **where)
    seen: set[int] = set()
    for lot in value:
        if not is_int(lot) or lot not in board.block:
            raise InvalidInput("chinatown.not-a-lot", lot=lot, last=max(board.block), **where)
        if lot in seen:
            raise InvalidInput("chinatown.lot-twice", lot=lot, **where)
        seen.add(lot)
    return list(value)


def check_shops(value: Any, lots: Sequence[int], types: Mapping[str, int], **where: Any) -> dict[int, str]:
    """A player's shops: lot number (as a string, JSON's keys) -> type, each on one of the player's lots."""
    if not isinstance(value, dict):
        raise InvalidInput("chinatown.not-shops", value=value, **where)
    shops: dict[int, str] = {}
    for key, kind in value.items():
        lot = int(key) if isinstance(key, str) and key.isascii() and key.isdecimal() and key == str(int(key)) else None
        if lot is None:
            raise InvalidInput("chinatown.not-a-lot-key", lot=key, **where)
        if not isinstance(kind, str) or kind not in types:
            raise InvalidInput("chinatown.unknown-type", kind=kind, types=tuple(types), lot=lot, **where)
        if lot not in lots:
            raise InvalidInput("chinatown.shop-not-owned", lot=lot, kind=kind, **where)
        shops[lot] = kind
    return shops


def derive(lots: Sequence[int], shops: Mapping[int, str], board: Board,
           sizes: Mapping[str, int]) -> list[dict[str, Any]]:
    """The businesses a player's lots and shops make (rules §2.8): each group of the player's lots, orthogonally
    adjacent inside one block and carrying one type, of n tiles of a type of complete size s, is ⌊n / s⌋ complete
    businesses and one of n mod s tiles when that is not 0. Groups in the order of their lowest lot.

    >>> board = Board.from_data({"blocks": [{"block": 1, "first": 1, "last": 4, "lots": 4}],
    ...                          "grid": [[1, 2, 3, 4]], "adjacent": {"1": [2], "2": [1, 3], "3": [2, 4], "4": [3]}})
    >>> derive([1, 2, 3, 4], {1: "photo", 2: "photo", 3: "photo", 4: "photo"}, board, {"photo": 3})
    [{'type': 'photo', 'tiles': 3}, {'type': 'photo', 'tiles': 1}]
    """
    owned = set(lots)
    seen: set[int] = set()
    out: list[dict[str, Any]] = []
    for start in sorted(shops):
        if start in seen:
            continue
        kind = shops[start]
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            lot = todo.pop()
            group += 1
            for other in board.adjacent[lot]:
                if other in owned and other not in seen and shops.get(other) == kind:
                    seen.add(other)
                    todo.append(other)
        size = sizes[kind]
        out += [{"type": kind, "tiles": size}] * (group // size)
        if group % size:
            out.append({"type": kind, "tiles": group % size})
    return out


def same_businesses(given: Sequence[Mapping[str, Any]], derived: Sequence[Mapping[str, Any]]) -> bool:
    """Equal lists, order aside."""
    def key(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, int]]:
        return sorted((b["type"], b["tiles"]) for b in items)
    return key(given) == key(derived)


@dataclass(frozen=True)
class Year:
    """One year's board as the table holds it: the players who gave the board form, their lots and shops."""

    lots: Mapping[str, Sequence[int]]
    shops: Mapping[str, Mapping[int, str]]
    whole: bool  # every player of the table gave the board form
    label: Any = None  # how the table names the year (1965), for the refusals

    def owner(self) -> dict[int, str]:
        return {lot: player for player, lots in self.lots.items() for lot in lots}

    def tiles(self) -> dict[int, str]:
        return {lot: kind for shops in self.shops.values() for lot, kind in shops.items()}


def check_year(year: Year, supply: Mapping[str, int], **where: Any) -> None:
    """What one year's board can never show, each named by the player and the lot: a lot owned twice, more tiles
    of a type than the box holds."""
    owner: dict[int, str] = {}
    for player, lots in year.lots.items():
        for lot in lots:
            if lot in owner:
                raise InvalidInput("chinatown.lot-owned-twice", lot=lot, other=owner[lot], player=player, field="lots",
                                   year=year.label, **where)
            owner[lot] = player
    counted: dict[str, int] = {}
    for player, shops in year.shops.items():
        for lot in sorted(shops):
            kind = shops[lot]
            counted[kind] = counted.get(kind, 0) + 1
            if counted[kind] > supply[kind]:
                raise InvalidInput("chinatown.board-over-supply", lot=lot, kind=kind, supply=supply[kind],
                                   player=player, field="shops", year=year.label, **where)


def check_count(year: Year, lots_kept: int, **where: Any) -> None:
    """When every player gave the board: the lots owned together are the building cards kept so far (§2.6)."""
    if not year.whole:
        return
    count = 0
    for player, lots in year.lots.items():
        count += len(lots)
        if count > lots_kept:
            raise InvalidInput("chinatown.too-many-lots", lot=lots[len(lots) - (count - lots_kept)], owned=count,
                               kept=lots_kept, player=player, field="lots", year=year.label, **where)
    if count < lots_kept:
        last = list(year.lots)[-1]
        raise InvalidInput("chinatown.too-few-lots", owned=count, kept=lots_kept, player=last, field="lots",
                           year=year.label, **where)


def check_later(earlier: Year, later: Year, **where: Any) -> None:
    """From one year to a later one: a lot stays owned (by someone, when the later board is whole), and a shop
    stays on its lot with its type (tiles never move, §2.6; the lot may change owner)."""
    owner = later.owner()
    tiles = later.tiles()
    if later.whole:
        for player, lots in earlier.lots.items():
            for lot in lots:
                if lot not in owner:
                    raise InvalidInput("chinatown.lot-lost", lot=lot, player=player, field="lots", year=later.label,
                                       before=earlier.label, **where)
    for player, shops in earlier.shops.items():
        for lot, kind in sorted(shops.items()):
            now = owner.get(lot)
            if now is None:
                continue  # the lot's owner now gave their businesses, not their board
            if tiles.get(lot) != kind:
                raise InvalidInput("chinatown.shop-moved", lot=lot, kind=kind, now=tiles.get(lot), player=now,
                                   field="shops", year=later.label, before=earlier.label, **where)
