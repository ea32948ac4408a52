"""The tables of a sheet: a template's grid as columns (repeated ones counted from the sheet data), and each of
its tables drawn: title, header, rows with their colour tabs and winner's mark, total, rules."""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import HexColor

from scorepad.errors import ScorepadError
from scorepad.i18n import _
from scorepad.sheets.lines import Lines
from scorepad.sheets.style import HEADER_FILL, INK, MARK_FILL, MM, RULE_INNER, SHADE_FILL, STAR_FILL, TOTAL_FILL
from scorepad.sheets.templates import TEXT
from scorepad.sheets.text import Pen

BLANK = "____________"  # printed for an empty title variable (a name to write in)


class Column:
    """One laid-out column; `width` is relative until the grid is sized, then in points."""

    __slots__ = ("key", "label", "width", "align", "shade")

    def __init__(self, key: str, label: str, width: float, align: str, shade: bool) -> None:
        self.key, self.label, self.width, self.align, self.shade = key, label, width, align, shade


class Vars(dict):
    """format_map mapping: an empty or unknown variable prints as a blank to write on."""

    def __getitem__(self, key: str) -> Any:
        value = self.get(key)
        return BLANK if value is None or value == "" else value


class Tables:
    """The tables of one sheet, drawn with its pen at its text size."""

    def __init__(self, pen: Pen, lines: Lines, size: float) -> None:
        self.pen, self.lines, self.size = pen, lines, size

    def columns(self, grid: dict, data: dict) -> list[Column]:
        """The columns of `grid` on this sheet, its repeated ones counted and headed from the sheet `data`."""
        cols: list[Column] = []
        for col in grid.get("columns", []):
            each = col.get("each")
            if each:
                count = col.get("count", f"{each}s")
                n = data.get(count, 0) if isinstance(count, str) else count
                n = len(n) if isinstance(n, list) else n  # a list counts its items (e.g. player names)
                variants = [{each: i} for i in range(1, int(n or 0) + 1)]
            else:
                variants = [None]
            # `labels`: the n-th repeated column is headed by item n of that top-level list
            # (a blank pad's "" prints an empty header to write a name in); data, so already worded.
            labels = data.get(col["labels"], []) if each and col.get("labels") else None
            pattern = str(col.get("label", ""))
            pattern = _(pattern) if pattern.strip() else pattern
            for v in variants:
                key, label = str(col["key"]), pattern
                if v is not None:
                    key, label = key.format_map(v), label.format_map(v)
                if labels is not None and v is not None:
                    label = str(labels[v[each] - 1]) if v[each] <= len(labels) else ""
                cols.append(Column(key=key, label=self.pen.text(label), width=float(col.get("width", 1)),
                                   align=self.pen.side(col.get("align", "center")),
                                   shade=bool(col.get("shade", False))))
        if not cols:
            raise ScorepadError(TEXT["bad_template"].format(reason=f"grid {grid.get('key')!r} has no columns"))
        return cols

    def lefts(self, cols: list[Column], x: float, width: float) -> list[float]:
        """The left edge of each column, in the template's order: left to right, or from the right edge."""
        out, edge = [], x
        for col in cols:
            if self.pen.rtl:
                out.append(x + width - (edge - x) - col.width)
            else:
                out.append(edge)
            edge += col.width
        return out

    def draw(self, grid: dict, inst: dict, cols: list[Column], header_lines: list[list[str]],
             x: float, top: float, width: float, title_h: float, header_h: float,
             header_size: float, row_h: float) -> None:
        """One table of `grid` (its instance `inst`) with its top left corner at (x, top)."""
        if self.pen.dry:  # the table's height is its band's (Sheet.draw_section)
            return
        c = self.pen.c
        lefts = self.lefts(cols, x, width)
        # Title: the pattern is translated, then filled with the instance's values
        pattern = str(grid.get("title", ""))
        pattern = _(pattern) if pattern.strip() else pattern
        title = self.pen.text(pattern.format_map(Vars(inst.get("vars", {}) or {})))
        if title:
            tx, talign = self.pen.start(x, x + width)
            line, size = self.lines.fit(title, self.size + 1, width)
            self.pen.put(tx, top - title_h + 1.6 * MM, line, size, bold=True, align=talign)
        y = top - title_h  # top of the table
        rows = list(inst.get("rows", []) or [])
        has_total = "total_label" in grid
        n_body = len(rows)
        bottom = y - header_h - row_h * (n_body + has_total)

        # Fills first, rules and text on top.
        c.setFillColor(HexColor(HEADER_FILL))
        c.rect(x, y - header_h, width, header_h, stroke=0, fill=1)
        for col, cx in zip(cols, lefts):
            if col.shade:
                c.setFillColor(HexColor(SHADE_FILL))
                c.rect(cx, bottom, col.width, y - header_h - bottom, stroke=0, fill=1)
        for i, row in enumerate(rows):
            if row.get("mark"):
                c.setFillColor(HexColor(MARK_FILL))
                c.rect(x, y - header_h - row_h * (i + 1), width, row_h, stroke=0, fill=1)
        if has_total:
            c.setFillColor(HexColor(TOTAL_FILL))
            c.rect(x, bottom, width, row_h, stroke=0, fill=1)

        # Header labels, centred as a block in their cell
        line_step = header_size * 1.15
        for col, cx, lines in zip(cols, lefts, header_lines):
            block = len(lines) * line_step
            base = y - (header_h - block) / 2 - header_size * 0.85
            for k, line in enumerate(lines):
                s, size = self.lines.fit(line, header_size, col.width - 1 * MM)
                self.pen.put(cx + col.width / 2, base - k * line_step, s, size, align="center", bold=True)

        # Body rows
        colors = grid.get("row_colors", {}) or {}
        mark_text = self.pen.tr(grid.get("mark_text", ""))
        swatches = [colors.get(str(row.get("key", row.get("label", "")))) for row in rows]
        labels = self.label_size(cols[0], rows, swatches, mark_text) if colors else None
        for i, (row, swatch) in enumerate(zip(rows, swatches)):
            row_top = y - header_h - row_h * i
            mark = bool(row.get("mark"))
            self.row(cols, row, x, width, row_top, row_h, bold=mark, swatch=swatch,
                     mark_text=mark_text if mark else None, label_size=labels)
        span = max(1, min(int(grid.get("total_span", 1)), len(cols)))
        if has_total:
            # The label may span several leading columns: cells nobody should fill stay shut.
            values = dict(inst.get("total") or {})
            values[cols[0].key] = self.pen.tr(grid["total_label"])
            merged = Column(key=cols[0].key, label="", width=sum(col.width for col in cols[:span]),
                            align=self.pen.side(grid["total_align"]) if "total_align" in grid else cols[0].align,
                            shade=False)
            self.row([merged, *cols[span:]], values, x, width, bottom + row_h, row_h, bold=True)

        # Rules: thin inner lines, a heavier frame, header and total separators.
        c.setStrokeColor(HexColor(RULE_INNER))
        c.setLineWidth(0.4)
        for i in range(1, n_body + has_total):
            ry = y - header_h - row_h * i
            c.line(x, ry, x + width, ry)
        for k, col in enumerate(cols[:-1]):  # the rule between column k and k + 1
            cx = lefts[k] if self.pen.rtl else lefts[k] + col.width
            c.line(cx, y, cx, bottom + row_h if has_total and k < span - 1 else bottom)
        c.setStrokeColor(HexColor(INK))
        c.setLineWidth(0.9)
        c.line(x, y - header_h, x + width, y - header_h)
        if has_total:
            c.line(x, bottom + row_h, x + width, bottom + row_h)
        c.setLineWidth(1.2)
        c.rect(x, bottom, width, y - bottom, stroke=1, fill=0)

    def label_size(self, col: Column, rows: list[dict], swatches: list[str | None], mark_text: str) -> float:
        """One size for the first column's labels of a table of colour tabs, the size the longest needs: each
        shrunk on its own, Lost Cities' colours read at three sizes (a Russian "Фиолетовая" the smallest)."""
        size = self.size + 0.5
        for row, swatch in zip(rows, swatches):
            value = self.pen.text(row.get(col.key, ""))
            if value:
                room = self.first_room(col, swatch is not None, mark_text if row.get("mark") else None)
                size = min(size, self.lines.fit(value, size, room)[1])
        return size

    def first_room(self, col: Column, swatch: bool, mark_text: str | None) -> float:
        """The room for the text of a row's first cell, beside its colour tab and its mark."""
        room = col.width - 2 * 1.0 * MM
        if swatch:
            room -= 2.2 * MM + 0.6 * MM
        if mark_text is not None:
            room -= self.mark_width(mark_text) + 1 * MM
        return room

    def row(self, cols: list[Column], row: dict, x: float, width: float, top: float, row_h: float, *,
            bold: bool = False, swatch: str | None = None, mark_text: str | None = None,
            label_size: float | None = None) -> None:
        """One row of a table: a value per column, with the row's colour tab and mark in its first cell
        (`label_size`: the first cell's text at this size, as the table's other labels)."""
        size = self.size + 0.5
        pad = 1.0 * MM
        base = top - row_h / 2 - size * 0.35
        for k, (col, cx) in enumerate(zip(cols, self.lefts(cols, x, width))):
            left, room = cx + pad, col.width - 2 * pad
            if k == 0 and swatch:  # a colour tab where the cell starts: its left end, or its right one
                c = self.pen.c
                c.setFillColor(HexColor(swatch))
                c.setStrokeColor(HexColor(RULE_INNER))
                c.setLineWidth(0.4)
                tab = 2.2 * MM
                tab_x = cx + col.width - 1 * MM - tab if self.pen.rtl else cx + 1 * MM
                c.rect(tab_x, top - row_h + 1.2 * MM, tab, row_h - 2.4 * MM, stroke=1, fill=1)
                room -= tab + 0.6 * MM
                if not self.pen.rtl:
                    left += tab + 0.6 * MM
            mark_w = 0.0
            if k == 0 and mark_text is not None:  # the mark where the cell ends
                mark_w = self.mark_width(mark_text)
                room -= mark_w + 1 * MM
                if self.pen.rtl:
                    left += mark_w + 1 * MM
            value = self.pen.text(row.get(col.key, ""))
            if value:
                if k == 0 and label_size is not None:
                    lines, fsize = [self.lines.fit(value, label_size, room)[0]], label_size
                else:
                    lines, fsize = self.cell_lines(value, size, room, row_h)
                step = fsize * 1.1
                first = base + (len(lines) - 1) * step / 2 + (size - fsize) * 0.35
                for n, s in enumerate(lines):
                    ly = first - n * step
                    if col.align == "left":
                        self.pen.put(left, ly, s, fsize, bold=bold)
                    elif col.align == "right":
                        self.pen.put(left + room, ly, s, fsize, align="right", bold=bold)
                    else:
                        self.pen.put(left + room / 2, ly, s, fsize, align="center", bold=bold)
            if mark_w:  # after the label, so text extraction reads "<name> winner"
                self.mark(cx + pad if self.pen.rtl else cx + col.width - pad, base, mark_text or "")

    def mark_width(self, text: str) -> float:
        size = self.size - 1.5
        return (self.pen.width(text, size) + 0.8 * MM if text else 0.0) + 2 * size * 0.55

    def cell_lines(self, s: str, size: float, room: float, row_h: float) -> tuple[list[str], float]:
        """How a value fits its cell: one line, a little smaller if need be; else two lines
        (a long list of cards stays legible); else one line shrunk and, at worst, cut."""
        smaller = size * 0.85
        t = size
        while t >= smaller:
            if self.pen.width(s, t) <= room:
                return [s], t
            t -= 0.25
        t = size * 0.85
        while t >= 6:
            lines = self.lines.wrap(s, t, room)
            if (len(lines) == 2 and 2 * t * 1.1 <= row_h - 1.2 * MM
                    and all(self.pen.width(line, t) <= room for line in lines)):
                return lines, t
            t -= 0.25
        cut, t = self.lines.fit(s, size, room)
        return [cut], t

    def mark(self, edge: float, base: float, text: str) -> None:
        """A drawn star (Noto Sans has no ★ glyph) and `text` at the end of the cell: right-aligned at `edge`
        on a left-to-right sheet (star, then text), from `edge` on the left of a right-to-left one."""
        size = self.size - 1.5
        used = 0.0
        if text:
            self.pen.put(edge, base, text, size, align="left" if self.pen.rtl else "right", color=INK)
            used = self.pen.width(text, size) + 0.8 * MM
        r = size * 0.55
        cx = edge + used + r if self.pen.rtl else edge - used - r
        cy = base + size * 0.35
        c = self.pen.c
        p = c.beginPath()
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.42
            a = math.pi / 2 + i * math.pi / 5
            (p.moveTo if i == 0 else p.lineTo)(cx + rad * math.cos(a), cy + rad * math.sin(a))
        p.close()
        c.setFillColor(HexColor(STAR_FILL))
        c.setStrokeColor(HexColor(INK))
        c.setLineWidth(0.3)
        c.drawPath(p, stroke=1, fill=1)
