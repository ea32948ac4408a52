"""A small map on a sheet: a title, rows of square cells (a cell: a fill, a text in its top left corner, another
in its top right, a mark in its middle; None: a street), and legend lines under it. Chinatown's final board is one (its sheet.py fills it).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor

from scorepad.sheets.lines import Lines
from scorepad.sheets.style import HINT_INK, INK, MM
from scorepad.sheets.text import Pen

CELL_MM = 8.0  # a cell's side, unless the template says
EDGE = "#555555"


def map_height(inst: dict[str, Any], spec: dict[str, Any], size: float, lines: Lines, pen: Pen,
               width: float) -> float:
    """The height the map takes: its title, its rows and its legend lines (wrapped to `width`)."""
    cell = float(spec.get("cell_mm", CELL_MM)) * MM
    legend = [line for text in inst.get("legend", []) for line in lines.wrap(pen.text(text), size - 1, width)]
    return (size + 1) * 1.6 + cell * len(inst.get("rows", [])) + len(legend) * (size - 1) * 1.3 + 2 * MM


def draw_map(pen: Pen, lines: Lines, inst: dict[str, Any], spec: dict[str, Any], left: float, right: float,
             top: float, size: float) -> float:
    """Draw the map between `left` and `right` from `top` down; its height. The cells keep the board's own layout
    (never mirrored for a right-to-left language: the table looks at the same board)."""
    cell = float(spec.get("cell_mm", CELL_MM)) * MM
    rows = inst.get("rows", [])
    columns = max((len(row) for row in rows), default=0)
    tx, talign = pen.start(left, right)
    pen.put(tx, top - (size + 1) * 1.1, pen.text(inst.get("title", "")), size + 1, bold=True, align=talign)
    y = top - (size + 1) * 1.6
    x0 = left + max(0.0, (right - left - columns * cell) / 2)
    c = pen.c
    for r, row in enumerate(rows):
        for col, item in enumerate(row):
            if not item:
                continue
            x, yy = x0 + col * cell, y - (r + 1) * cell
            if not pen.dry:
                c.saveState()
                c.setStrokeColor(HexColor(EDGE))
                c.setLineWidth(0.4)
                c.setFillColor(HexColor(item.get("fill") or "#ffffff"))
                c.rect(x, yy, cell, cell, stroke=1, fill=1)
                c.restoreState()
            top_line = yy + cell - (size - 2.5) - 0.6 * MM  # each corner its own text: no bidi reorders the two
            pen.put(x + 0.7 * MM, top_line, pen.text(item.get("text", "")), size - 2.5, color=INK)
            if item.get("corner"):
                pen.put(x + cell - 0.7 * MM, top_line, pen.text(item["corner"]), size - 2.5, color=INK, align="right")
            if item.get("mark"):
                pen.put(x + cell / 2, yy + 1.2 * MM, pen.text(item["mark"]), size - 0.5, bold=True, align="center")
    y -= cell * len(rows) + 1.5 * MM
    for text in inst.get("legend", []):
        for line in lines.wrap(pen.text(text), size - 1, right - left):
            y -= (size - 1) * 1.3
            pen.put(tx, y, line, size - 1, color=HINT_INK, align=talign)
    return top - y + 0.5 * MM
