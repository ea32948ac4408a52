"""Chinatown's board at the table: the layout (board.json beside this module, with its sources), each year's board
as a session holds it (who owns each lot, which shop stands on it), and the board drawn in 80 columns.

A phone draws the same layout from `layout()`: every lot's block and (row, column) in the 11 × 17 grid.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from calculators import chinatown as rules
from calculators.chinatown_board import Board, Year, derive
from scorepad.games.base import Session
from scorepad.games.chinatown.names import map_mark, type_name
from scorepad.games.chinatown.boardwords import (BOARD_EMPTY, BOARD_LEGEND_NOBODY, BOARD_TITLE, BOARD_TYPES_LEGEND,
                                                 SHEET_BOARD)
from scorepad.grid import width
from scorepad.i18n import _

CELL = 4  # columns of the terminal per grid cell: a lot number, its owner's seat, a space


@cache
def board() -> Board:
    """The board's layout, read once from the data file that travels with the game (pyproject package-data)."""
    text = resources.files("scorepad.games.chinatown").joinpath("board.json").read_text(encoding="utf-8")
    return Board.from_data(json.loads(text))


def layout() -> dict[str, Any]:
    """What a screen needs to draw the board: lot -> block, row and column (JSON-ready), and the grid's size."""
    b = board()
    return {"rows": len(b.grid), "columns": max(len(row) for row in b.grid),
            "lots": {str(lot): {"block": b.block[lot], "row": b.place[lot][0], "column": b.place[lot][1]}
                     for lot in b.lots}}


def year_board(session: Session, number: int) -> tuple[dict[int, str], dict[int, str]]:
    """The board of round `number` (0-based) as recorded: lot -> owner, lot -> shop type. A player with no board
    that year shows as on their latest earlier board (a year being entered); a shop placed in any year up to it
    stands where it was placed (tiles never move, §2.6)."""
    owner: dict[int, str] = {}
    for p in session.players:
        for year in range(number, -1, -1):
            lots = session.get("rounds", year, p, "lots")
            if isinstance(lots, list):
                for lot in lots:
                    owner.setdefault(lot, p)
                break
    shops: dict[int, str] = {}
    for year in range(number + 1):
        for p in session.players:
            placed = session.get("rounds", year, p, "shops")
            for key, kind in placed.items() if isinstance(placed, dict) else ():
                shops[int(key)] = kind
    return owner, shops


def latest_round(session: Session) -> int | None:
    """The latest round any player gave a board for, or None."""
    return max((at[1] for at in session.answers if at[0] == "rounds" and at[-1] == "lots"), default=None)


def placed_before(session: Session, number: int) -> dict[int, str]:
    """Every shop on the board before round `number` (0-based): lot -> type."""
    return year_board(session, number - 1)[1] if number else {}


def inherited(session: Session, number: int, lots: Sequence[int]) -> dict[int, str]:
    """The shops already on `lots` before round `number`: tiles never move (§2.6), whoever owns the lot now."""
    placed = placed_before(session, number)
    return {lot: placed[lot] for lot in lots if lot in placed}


def businesses_of(lots: Sequence[int], shops: Mapping[int, str]) -> list[dict[str, Any]]:
    return derive(lots, shops, board(), rules.COMPLETE_SIZE)


def seats(players: Sequence[str]) -> dict[str, str]:
    """Each player's mark on the map: A, B, C… in seat order (a name's first letter may be shared, or wide)."""
    return {p: chr(ord("A") + n) for n, p in enumerate(players)}


def drawn(owner: Mapping[int, str], shops: Mapping[int, str], players: Sequence[str]) -> list[str]:
    """The board in 70 columns: a line a row of lots (each lot and its owner's mark), and under it the shops'
    marks where the row has any; the blocks as the streets leave them."""
    seat = seats(players)
    lines: list[str] = []
    for row in board().grid:
        if not any(row):
            lines.append("")
            continue
        top, bottom = "", ""
        for lot in row:
            if not lot:
                top, bottom = top + " " * CELL, bottom + " " * CELL
                continue
            top += f"{lot:>2}{seat.get(owner.get(lot, ''), '·')} "
            mark = map_mark(shops[lot]) if lot in shops else ""
            bottom += " " + mark + " " * max(1, CELL - 1 - width(mark))
        lines += ["  " + top.rstrip()] + (["  " + bottom.rstrip()] if bottom.strip() else [])  # 24 rows hold it
    return lines


# A light fill for each seat's lots on the sheet's map (the letters A–E say whose; a grey copy still reads).
SEAT_FILLS = ("#f4c7c3", "#fce8a6", "#c9e7c5", "#d6e4f5", "#e0d0ef")


def sheet_map(year: Year, players: Sequence[str]) -> dict[str, Any]:
    """The final board for the sheet (scorepad/sheets/maps.py): each lot a cell with its number and its owner's
    letter, filled in the owner's colour, its shop's mark in the middle; the legend under it."""
    owner = year.owner()
    shops = year.tiles()
    mark = seats(players)
    fill = {p: SEAT_FILLS[n % len(SEAT_FILLS)] for n, p in enumerate(players)}
    rows = [[None if not lot else {"text": str(lot), "corner": mark.get(owner.get(lot, ""), ""),
                                  "mark": map_mark(shops[lot]) if lot in shops else "",
                                  "fill": fill.get(owner.get(lot, ""), "#ffffff")} for lot in row]
            for row in board().grid]
    kinds = [kind for kind in rules.COMPLETE_SIZE if kind in shops.values()]
    legend = [" · ".join(f"{mark[p]} {p}" for p in players)]
    if kinds:
        legend.append(_(BOARD_TYPES_LEGEND).format(marks=" · ".join(f"{map_mark(k)} {type_name(k)}" for k in kinds)))
    return {"title": _(SHEET_BOARD).format(year=year.label), "rows": rows, "legend": legend}


def board_text(session: Session) -> str:
    """`board` at a prompt: the latest board entered, who is who, and the shops' marks."""
    number = latest_round(session)
    if number is None:
        return _(BOARD_EMPTY)
    owner, shops = year_board(session, number)
    players = " · ".join(f"{mark} {p}" for p, mark in seats(session.players).items())
    kinds = [kind for kind in rules.COMPLETE_SIZE if kind in shops.values()]
    lines = [_(BOARD_TITLE).format(year=rules.YEARS[number]), *drawn(owner, shops, session.players),
             f"{players}   {_(BOARD_LEGEND_NOBODY)}"]
    if kinds:
        lines.append(_(BOARD_TYPES_LEGEND).format(marks=" · ".join(f"{map_mark(k)} {type_name(k)}" for k in kinds)))
    return "\n".join(lines)
