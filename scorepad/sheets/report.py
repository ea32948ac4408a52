"""The statistics report's PDF (`scorepad stats --pdf`): the pages scorepad.report.build makes, drawn as data.

One A4 portrait page per game: its heading, title and lines, the players' table, the charts (scorepad.sheets.charts)
and the head-to-head matrix, with the sheets' fonts, shaping and right-to-left layout (scorepad.sheets.text). On a
Persian or Arabic page the layout and the tables run from the right.

This module and its charts are imported by scorepad.sheets.render_report alone: a sheet does not load
reportlab.graphics.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import pagesizes
from reportlab.lib.colors import HexColor

from scorepad.sheets.charts import Charts
from scorepad.sheets.lines import Lines
from scorepad.sheets.sheet import write
from scorepad.sheets.style import HEADER_FILL, HINT_INK, INK, MM, RULE_INNER, SHADE_FILL
from scorepad.sheets.text import PLACEHOLDER, Pen


def render_report(report: dict, out: str | Path | BinaryIO, *, invariant: bool = True) -> list[str]:
    """Draw the statistics report `report` (scorepad.report.build) and write the PDF to `out`, as
    scorepad.sheets.render writes a sheet (a path atomically, deterministic with `invariant`); returns the
    warnings for the player."""
    buf = io.BytesIO()
    drawn = Report(report, buf, invariant)
    drawn.draw()
    write(buf.getvalue(), out)
    return drawn.pen.warnings()


class Report:
    """One render of the report: its pages, its pen, a cursor that moves down the page."""

    def __init__(self, report: dict, buf: BinaryIO, invariant: bool) -> None:
        self.data = report
        self.w, self.h = pagesizes.A4
        self.margin, self.gap, self.size = 12 * MM, 5 * MM, 8.5
        self.pen = Pen(buf, (self.w, self.h), self.size, invariant)
        self.lines = Lines(self.pen)
        self.title = self.pen.text(report.get("title", ""))
        self.pen.describe(self.title)
        self.y = self.h - self.margin
        self.pages = 1
        self.pen.choose_fonts(self.texts())

    def texts(self) -> list[str]:
        """Every text the report may draw: its title and every string of its pages."""
        out = [self.title, "…", PLACEHOLDER, self.pen.minus]

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    walk(item)
            elif isinstance(value, str):
                out.append(self.pen.text(value))

        walk(self.data)
        return out

    def draw(self) -> None:
        """Every page, then the PDF closed."""
        for n, page in enumerate(self.data.get("pages", [])):
            if n:
                self.new_page()
            self.draw_page(page)
        self.pen.c.showPage()
        self.pen.c.save()

    def draw_page(self, page: dict) -> None:
        """One game's page: heading, title and lines, the players' table, the charts, head to head."""
        left, right = self.margin, self.w - self.margin
        room = right - left
        x, align = self.pen.start(left, right)
        # Heading, title, the lines under it
        self.y -= self.size
        heading = self.lines.fit(self.pen.text(page.get("heading", "")), self.size, room)[0]
        self.pen.put(x, self.y, heading, self.size, color=HINT_INK, align=align)
        size = self.size + 9
        self.y -= size * 1.1
        self.pen.put(x, self.y, self.lines.fit(self.pen.text(page["title"]), size, room)[0], size, bold=True,
                     align=align)
        self.y -= 2 * MM
        for line in page.get("lines", []):
            self.y -= (self.size + 1) * 1.3
            shown = self.lines.fit(self.pen.text(line), self.size + 1, room)[0]
            self.pen.put(x, self.y, shown, self.size + 1, align=align)
        for note in page.get("notes", []):
            for line in self.lines.wrap(self.pen.text(note), self.size, room):
                self.y -= self.size * 1.3
                self.pen.put(x, self.y, line, self.size, color=HINT_INK, align=align)
        self.y -= self.gap
        names = [s["name"] for s in page["scores"]["series"]]
        self.charts = Charts(self.pen, self.lines, self.size, names)
        # Fixed heights first; the line chart takes the rest of the page.
        table = page["table"]
        row_h = 4.6 * MM
        table_h = row_h * (len(table["rows"]) + 1)
        pair_h = 56 * MM
        matrix = page.get("head_to_head")
        matrix_h = self.matrix_height(matrix) if matrix else 0.0
        rest = self.y - self.margin - table_h - pair_h - matrix_h - self.gap * (2 + bool(matrix))
        self.draw_table(table, self.y, row_h)
        self.y -= table_h + self.gap
        self.charts.scores(page["scores"], left, self.y, room, max(rest, 55 * MM))
        self.y -= max(rest, 55 * MM) + self.gap
        half = (room - self.gap) / 2
        first, second = (right - half, left) if self.pen.rtl else (left, right - half)
        if page.get("wins"):
            self.charts.wins(page["wins"], first, self.y, half, pair_h)
            self.charts.totals(page["totals"], second, self.y, half, pair_h)
        else:
            self.charts.totals(page["totals"], left, self.y, room, pair_h)
        self.y -= pair_h + self.gap
        if matrix:
            self.draw_matrix(matrix, self.y)

    def grid_lines(self, x: float, top: float, widths: list[float], rows: int, row_h: float, header_h: float) -> None:
        """A table's header fill, its rules and its frame."""
        c = self.pen.c
        width = sum(widths)
        bottom = top - header_h - rows * row_h
        c.setFillColor(HexColor(HEADER_FILL))
        c.rect(x, top - header_h, width, header_h, stroke=0, fill=1)
        c.setStrokeColor(HexColor(RULE_INNER))
        c.setLineWidth(0.4)
        for i in range(1, rows):
            c.line(x, top - header_h - i * row_h, x + width, top - header_h - i * row_h)
        c.setStrokeColor(HexColor(INK))
        c.setLineWidth(0.8)
        c.line(x, top - header_h, x + width, top - header_h)
        c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)

    def cells(self, x: float, widths: list[float]) -> list[float]:
        """The left edge of each column, in reading order: left to right, or from the right edge."""
        out, edge = [], x
        total = sum(widths)
        for w in widths:
            out.append(x + total - (edge - x) - w if self.pen.rtl else edge)
            edge += w
        return out

    def draw_table(self, table: dict, top: float, row_h: float) -> None:
        """The players' table: a row per player, their colour where the name starts, figures lined up."""
        c = self.pen.c
        room = self.w - 2 * self.margin
        columns = table["columns"]
        weights = [2.6] + [1.0] * (len(columns) - 1)
        widths = [room * w / sum(weights) for w in weights]
        lefts = self.cells(self.margin, widths)
        self.grid_lines(self.margin, top, widths, len(table["rows"]), row_h, row_h)
        size = self.size
        for k, (label, left, w) in enumerate(zip(columns, lefts, widths)):
            s, fs = self.lines.fit(self.pen.text(label), size, w - 2 * MM)
            if k == 0:
                tx, align = self.inset(left, w)
                self.pen.put(tx, top - row_h / 2 - fs * 0.35, s, fs, bold=True, align=align)
            else:
                self.pen.put(left + w / 2, top - row_h / 2 - fs * 0.35, s, fs, bold=True, align="center")
        for n, row in enumerate(table["rows"]):
            y = top - row_h * (n + 1.5) - size * 0.35
            for k, (value, left, w) in enumerate(zip(row, lefts, widths)):
                if k == 0:  # the player's colour, as in the charts, where the name starts
                    tab = 2.2 * MM
                    tab_x = left + w - 1 * MM - tab if self.pen.rtl else left + 1 * MM
                    c.setFillColor(HexColor(self.charts.colour(value)[0]))
                    c.rect(tab_x, y - 0.6 * MM, tab, size * 0.9, stroke=0, fill=1)
                    s, fs = self.lines.fit(self.pen.text(value), size, w - tab - 3 * MM)
                    tx, align = self.inset(left + (0 if self.pen.rtl else tab + 1 * MM), w - tab - 1 * MM)
                    self.pen.put(tx, y, s, fs, align=align)
                else:
                    s, fs = self.lines.fit(self.pen.text(value), size, w - 2 * MM)
                    self.pen.put(left + w - 1.5 * MM, y, s, fs, align="right")  # figures line up at their ends

    def inset(self, left: float, width: float) -> tuple[float, str]:
        """Where a cell's text starts (its reading start, 1.5 mm in), and how it aligns."""
        return (left + width - 1.5 * MM, "right") if self.pen.rtl else (left + 1.5 * MM, "left")

    def matrix_height(self, matrix: dict) -> float:
        """The height draw_matrix takes."""
        n = len(matrix["names"])
        return (self.size + 2) * 1.6 + 9 * MM + n * 4.8 * MM + self.size * 1.3 * 2 + 2 * MM

    def draw_matrix(self, matrix: dict, top: float) -> None:
        """Head to head: a row and a column per player, won–lost–level in each cell, a note under it."""
        c = self.pen.c
        room = self.w - 2 * self.margin
        y = top - self.charts.title(matrix["title"], self.margin, top, room)
        names = matrix["names"]
        n = len(names)
        name_w = min(45 * MM, room * 0.28)
        cell_w = min(26 * MM, (room - name_w) / n)
        widths = [name_w] + [cell_w] * n
        width = sum(widths)
        x = self.margin + room - width if self.pen.rtl else self.margin
        lefts = self.cells(x, widths)
        header_h, row_h = 9 * MM, 4.8 * MM
        for i in range(n):  # the diagonal: a player against themself
            c.setFillColor(HexColor(SHADE_FILL))
            c.rect(lefts[i + 1], y - header_h - (i + 1) * row_h, cell_w, row_h, stroke=0, fill=1)
        self.grid_lines(x, y, widths, n, row_h, header_h)
        size = self.size
        for k, name in enumerate(names):  # column headings: a name on at most two lines
            lines = self.lines.wrap(self.pen.text(name), size - 0.5, cell_w - 2 * MM)
            if len(lines) > 2:  # the rest on the second line, which Lines.fit cuts with '…'
                lines = [lines[0], " ".join(lines[1:])]
            step = (size - 0.5) * 1.15
            first = y - header_h / 2 + (len(lines) - 1) * step / 2 - (size - 0.5) * 0.35
            for m, line in enumerate(lines):
                s, fs = self.lines.fit(line, size - 0.5, cell_w - 2 * MM)
                self.pen.put(lefts[k + 1] + cell_w / 2, first - m * step, s, fs, bold=True, align="center")
        for i, name in enumerate(names):
            ry = y - header_h - row_h * (i + 0.5) - size * 0.35
            s, fs = self.lines.fit(self.pen.text(name), size, name_w - 3 * MM)
            tx, align = self.inset(lefts[0], name_w)
            self.pen.put(tx, ry, s, fs, bold=True, align=align)
            for k, cell in enumerate(matrix["cells"][i]):
                if cell:
                    self.pen.put(lefts[k + 1] + cell_w / 2, ry, self.pen.text(cell), size, align="center")
        note_y = y - header_h - n * row_h - self.size * 1.4
        nx, align = self.pen.start(self.margin, self.margin + room)
        for line in self.lines.wrap(self.pen.text(matrix["note"]), self.size - 0.5, room)[:2]:
            self.pen.put(nx, note_y, line, self.size - 0.5, color=HINT_INK, align=align)
            note_y -= self.size * 1.3

    def new_page(self) -> None:
        """The next page, the cursor at its top."""
        self.pen.c.showPage()
        self.pages += 1
        self.y = self.h - self.margin
