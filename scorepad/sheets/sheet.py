"""A score sheet: a layout template (scorepad.sheets.templates) filled with a game's sheet data and drawn on one
or more pages: the header (title, subtitle, notes), the fields to write on, the tables (scorepad.sheets.grids),
and on a finished game's sheet BG Stats' QR code (its modules from scorepad.qr) in a corner.

The renderer knows no game. The canvas API is used rather than platypus: exact control over a fixed grid.
Persian and Arabic sheets run right to left: columns and fields mirrored, text right-aligned.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, BinaryIO

from reportlab.lib import pagesizes
from reportlab.lib.colors import HexColor

from scorepad.errors import ScorepadError
from scorepad.files import write_atomically
from scorepad.sheets.grids import BLANK, Tables
from scorepad.sheets.lines import Lines
from scorepad.sheets.maps import draw_map, map_height
from scorepad.sheets.style import HINT_INK, MM
from scorepad.sheets.templates import TEMPLATE_TEXT, TEXT
from scorepad.sheets.text import PLACEHOLDER, Pen, format_date

SIZES = {"A3": pagesizes.A3, "A4": pagesizes.A4, "A5": pagesizes.A5, "LETTER": pagesizes.LETTER,
         "LEGAL": pagesizes.LEGAL}
# The BG Stats code of a filled sheet (data["qr"]): in the top corner where a line of the header ends (top right,
# top left on a mirrored sheet), beside the title and fields, never over a table (they start below it), or under
# the last table where there is room. Modules of half a millimetre: a phone, or a print at 150 dpi, reads them (a
# quarter of one was read at 300 dpi only); a small caption under the code.
QR_MODULE_MM = 0.5
QR_GAP_MM = 3.0
QR_CAPTION_PT = 6.5
QR_QUIET = 4  # light modules around the code (scorepad.qr.QUIET)
FIELD_LINE_MM = 9  # a row of the header's fields
FIELD_GAP_MM = 4  # between two fields of a row
BLANK_FIELD_MM = 15  # the least line a field left blank keeps, to write a name or a date on by hand
FIELD_HEADROOM_MM = 3  # room above a field's text in its row, which a second line of a long value may take


def render(template: dict, data: dict, out: str | Path | BinaryIO, *, invariant: bool = True) -> list[str]:
    """Draw `data` on the layout `template` and write the PDF to `out` (a path or a binary file).

    Returns the warnings for the player (one line each, in the language in use; the caller prints them):
    today one at most, naming the characters no font has (they print as a box with "?").
    With `invariant` (the default) the bytes depend only on the input: fixed dates, ids and
    font-subset prefixes, so tests can compare renders. A path is written atomically: the PDF
    is built in memory, written to a temporary file in the same directory, then renamed.
    """
    buf = io.BytesIO()
    sheet = Sheet(template, data, buf, invariant)
    sheet.draw()
    write(buf.getvalue(), out)
    return sheet.pen.warnings()


def write(pdf: bytes, out: str | Path | BinaryIO) -> None:
    """`pdf` written to `out`: a binary file, or a path written atomically."""
    if hasattr(out, "write"):
        # A file object (BytesIO, an open file): never str() it, that names a file "<_io...>".
        out.write(pdf)  # type: ignore[union-attr]
    else:
        write_atomically(Path(out), pdf)


class _NothingDrawn:
    """The canvas of a layout pass (Sheet.layout_end): every drawing call does nothing."""

    def __getattr__(self, name: str) -> Any:
        return _nothing


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


_NOTHING_DRAWN = _NothingDrawn()


class Sheet:
    """One render of a template: its page, its pen, and a cursor that moves down the page."""

    def __init__(self, template: dict, data: dict, buf: BinaryIO, invariant: bool) -> None:
        self.t = template
        self.data = data
        self.page = template.get("page", {})
        size_name = str(self.page.get("size", "A4")).upper()
        if size_name not in SIZES:
            raise ScorepadError(TEXT["bad_template"].format(reason=f"unknown page size {size_name!r}"))
        orientation = self.page.get("orientation", "portrait")
        if orientation not in ("portrait", "landscape"):
            raise ScorepadError(TEXT["bad_template"].format(reason=f"unknown orientation {orientation!r}"))
        size = SIZES[size_name]
        self.w, self.h = pagesizes.landscape(size) if orientation == "landscape" else pagesizes.portrait(size)
        self.margin = float(self.page.get("margin_mm", 10)) * MM
        self.gap = float(self.page.get("gap_mm", 4)) * MM
        self.size = float(self.page.get("font_size", 9))
        self.pen = Pen(buf, (self.w, self.h), self.size, invariant)
        self.lines = Lines(self.pen)
        self.tables = Tables(self.pen, self.lines, self.size)
        # A game may replace the template's title (one template, two editions): data["title"], already worded.
        self.title = (self.pen.text(self.data["title"]) if "title" in self.data
                      else self.pen.tr(self.page.get("title", "")))
        self.pen.describe(self.title)
        self.y = self.h - self.margin  # top of the free space
        self.qr_room, self.qr_bottom = 0.0, self.y  # the room the BG Stats code takes beside the header (draw)
        self.halves_last = False  # do the tables end in half pages (draw_section)? (the code then goes on top)
        self.pages = 1
        self.pen.choose_fonts(self.texts())

    def texts(self) -> list[str]:
        """Every text the sheet may draw (more, not less): the template's translated and the data's."""
        out = [self.title, BLANK, "…", PLACEHOLDER, self.pen.minus]

        def template_text(value: Any, key: str | None) -> None:
            if isinstance(value, dict):
                for k, item in value.items():
                    template_text(item, k)
            elif isinstance(value, list):
                for item in value:
                    template_text(item, key)
            elif isinstance(value, str) and key in TEMPLATE_TEXT:
                out.append(self.pen.tr(value))

        def data_text(value: Any) -> None:
            if isinstance(value, dict):
                for item in value.values():
                    data_text(item)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    data_text(item)
            elif value is not None:
                out.append(self.pen.text(value))

        template_text(self.t, None)
        data_text({key: value for key, value in self.data.items() if key != "qr"})  # the code's modules: no text
        data_text((self.data.get("qr") or {}).get("caption"))
        out += [self.field_value(f) for f in self.t.get("fields", [])]
        return out

    def field_value(self, field: dict) -> str:
        value = (self.data.get("fields", {}) or {}).get(field.get("key", ""), "")
        if field.get("format") == "date" and isinstance(value, str):
            value = format_date(value)
        return self.pen.text(value)

    def draw(self) -> None:
        """The whole sheet, page by page, then the PDF closed."""
        at_end = bool(self.data.get("qr")) and self.code_fits_at_end()
        self.qr_room = self.qr_side() + QR_GAP_MM * MM if self.data.get("qr") and not at_end else 0.0
        self.draw_header()
        self.draw_fields()
        if self.qr_room:
            self.draw_qr(top=True)
            self.y = min(self.y, self.qr_bottom - self.gap)  # the tables start below the code
        for grid in self.t.get("grids", []):
            self.draw_section(grid)
            self.draw_maps(grid.get("key"))
        self.draw_maps(None)
        if at_end:
            self.draw_qr(top=False)
        self.pen.c.showPage()
        self.pen.c.save()

    def code_fits_at_end(self) -> bool:
        """Is there room for the code, at its full size, under the tables of the last page? Then it goes in that
        page's bottom corner, and the header keeps its whole width."""
        _page, end = self.layout_end()
        if self.halves_last:  # a half page is a player's to cut off: the code stays with the table's page
            return False
        return end - self.margin >= self.qr_side() + 2 * QR_CAPTION_PT * 1.2 + 1 * MM + self.gap

    def layout_end(self) -> tuple[int, float]:
        """The page and the height where the tables end on this sheet drawn without the code: the header, fields
        and tables laid out at the header's whole width by the drawing code itself with nothing drawn (Pen.dry),
        on this sheet (its fonts, its measured texts); the sheet is left as it was. (Not a second sheet drawn on
        a canvas thrown away: that drew the whole page twice.)"""
        canvas, y, pages, room = self.pen.c, self.y, self.pages, self.qr_room
        self.pen.c, self.pen.dry, self.qr_room = _NOTHING_DRAWN, True, 0.0
        try:
            self.draw_header()
            self.draw_fields()
            for grid in self.t.get("grids", []):
                self.draw_section(grid)
            return self.pages, self.y
        finally:
            self.pen.c, self.pen.dry, self.y, self.pages, self.qr_room = canvas, False, y, pages, room

    def header_edges(self, y: float | None = None) -> tuple[float, float]:
        """The header's left and right edges for a line at `y`: the page's, less the room of the code in its
        corner while the line is beside it (the code's planned bottom: its largest side and caption)."""
        left, right = self.margin, self.w - self.margin
        if y is not None and y < self.h - self.margin - self.qr_room - 2 * QR_CAPTION_PT * 1.2:
            return left, right
        if self.pen.rtl:
            return left + self.qr_room, right
        return left, right - self.qr_room

    def qr_side(self) -> float:
        """The code's side, quiet zone included: QR_MODULE_MM a module."""
        count = len((self.data.get("qr") or {}).get("modules") or []) + 2 * QR_QUIET
        return count * QR_MODULE_MM * MM

    def draw_qr(self, top: bool) -> None:
        """The code of data["qr"] (its modules, dark True, from scorepad.qr) and its caption: in the `top` corner
        beside the header, or in the bottom corner of the page."""
        qr = self.data.get("qr")
        self.qr_bottom = self.y
        if not qr or not qr.get("modules"):
            return
        matrix = qr["modules"]
        count = len(matrix) + 2 * QR_QUIET
        side = self.qr_side()
        unit = side / count
        x = self.margin if self.pen.rtl else self.w - self.margin - side
        top_y = self.h - self.margin if top else self.margin + 2 * QR_CAPTION_PT * 1.2 + 1 * MM + side
        c = self.pen.c
        c.saveState()
        c.setFillColor(HexColor("#000000"))
        for r, row in enumerate(matrix):
            y = top_y - (QR_QUIET + r + 1) * unit
            n = 0
            while n < len(row):  # one rectangle per run of dark modules: a smaller PDF, no hairline gaps
                if not row[n]:
                    n += 1
                    continue
                end = n
                while end < len(row) and row[end]:
                    end += 1
                c.rect(x + (QR_QUIET + n) * unit, y, (end - n) * unit, unit * 1.0, stroke=0, fill=1)
                n = end
        c.restoreState()
        bottom = top_y - side
        caption = self.pen.text(qr.get("caption", ""))
        if caption:
            for line in self.caption_lines(caption, side):
                bottom -= QR_CAPTION_PT * 1.2
                self.pen.put(x + side / 2, bottom, line, QR_CAPTION_PT, color=HINT_INK, align="center")
        self.qr_bottom = bottom - 1 * MM

    def caption_lines(self, caption: str, room: float) -> list[str]:
        """The code's caption in lines of `room`, broken at spaces only (a no-break space holds "BG Stats"
        together); text without spaces (Chinese) as Lines.wrap breaks it."""
        if " " not in caption:
            return self.lines.wrap(caption, QR_CAPTION_PT, room)
        lines: list[str] = []
        for word in caption.split(" "):
            if lines and self.pen.width(f"{lines[-1]} {word}", QR_CAPTION_PT) <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def draw_header(self) -> None:
        left, right = self.header_edges(self.y)
        x, align = self.pen.start(left, right)
        if self.title:
            size = self.size + 7
            self.y -= size * 0.95
            self.pen.put(x, self.y, self.lines.fit(self.title, size, right - left)[0], size, bold=True, align=align)
            self.y -= size * 0.35
        subtitle = self.pen.tr(self.page.get("subtitle", ""))
        if subtitle:
            size = self.size + 1
            self.y -= size * 1.15
            line, size = self.lines.fit(subtitle, size, right - left)
            self.pen.put(x, self.y, line, size, align=align)
        # A game may replace the template's notes (e.g. a variant's own rules reminder): data["notes"], worded.
        notes = ([self.pen.text(n) for n in self.data["notes"]] if "notes" in self.data
                 else [self.pen.tr(n) for n in self.page.get("notes", [])])
        for note in notes:
            size = self.size - 0.5
            while note:  # line by line: beside the code narrower, below it the whole width again
                left, right = self.header_edges(self.y - size * 1.3)
                x, align = self.pen.start(left, right)
                lines = self.lines.wrap(note, size, right - left) or [""]
                rest = note[len(lines[0]):].lstrip() if note.startswith(lines[0]) else None
                if rest is None:  # a line the wrap made otherwise than as a prefix: the rest at this width
                    for line in lines:
                        self.y -= size * 1.3
                        self.pen.put(x, self.y, line, size, color=HINT_INK, align=align)
                    break
                self.y -= size * 1.3
                self.pen.put(x, self.y, lines[0], size, color=HINT_INK, align=align)
                note = rest
        self.y -= 1.5 * MM

    def draw_fields(self) -> None:
        """The header's fields, a template line of them at a time, every value at the fields' size: a line whose
        values do not fit their shares of it gives each the width it needs, or the longest value two lines, or
        goes on more rows (a value too long for a row alone takes as many lines as it needs)."""
        fields = self.t.get("fields", [])
        if not fields:
            return
        per_line = int(self.page.get("field_columns", len(fields))) or len(fields)
        step = (self.size + 1.5) * 1.25  # from one line of a value to the next
        for start in range(0, len(fields), per_line):
            pending = fields[start:start + per_line]
            while pending:
                self.y -= FIELD_LINE_MM * MM
                left, right = self.header_edges(self.y + FIELD_LINE_MM * MM * 0.6)  # beside the code, or below it
                row = self.field_row(pending, right - left)
                pending = pending[len(row):]
                # a value's first lines take the room above the row's text first, then push the rules down
                self.y -= max(0.0, step * (max(len(lines) for _f, _w, lines in row) - 1) - FIELD_HEADROOM_MM * MM)
                x = left
                for f, w, lines in reversed(row) if self.pen.rtl else row:  # the first field where a line starts
                    self.draw_field(f, x, w, lines, step)
                    x += w + FIELD_GAP_MM * MM
        self.y -= self.gap

    def field_row(self, fields: list[dict], room: float) -> list[tuple[dict, float, list[str]]]:
        """The first fields of `fields` that one row of `room` holds, each with its width and its value's lines:
        the template's shares where every value fits its share; else, where the values fit, what each needs and
        a share of the rest; else the longest value in two lines and the others what they need; else fewer
        fields (a field alone: its value in as many lines as the row's width takes)."""
        values = [self.field_value(f) for f in fields]
        labels = [self.pen.width(self.pen.tr(f.get("label", "")), self.size - 0.5) + 1.5 * MM for f in fields]
        needs = [label + (self.pen.width(value, self.size + 1.5) + 2 * MM if value else BLANK_FIELD_MM * MM)
                 for label, value in zip(labels, values)]
        for n in range(len(fields), 0, -1):
            usable = room - FIELD_GAP_MM * MM * (n - 1)
            shares = [float(f.get("width", 1)) for f in fields[:n]]
            widths = [usable * share / sum(shares) for share in shares]
            if any(w < need for w, need in zip(widths, needs)) and sum(needs[:n]) <= usable:
                rest = usable - sum(needs[:n])
                widths = [need + rest * share / sum(shares) for need, share in zip(needs, shares)]
            lines = [[value] for value in values[:n]]
            if n == 1 or all(w >= need for w, need in zip(widths, needs)):
                if widths[0] < needs[0]:  # alone, and too long for the row
                    lines[0] = self.lines.wrap(values[0], self.size + 1.5, widths[0] - labels[0] - 1 * MM)
                return list(zip(fields[:n], widths, lines))
            longest = max(range(n), key=lambda k: (values[k].count(" "), needs[k] - labels[k]))  # a list of names
            widths = needs[:n]
            widths[longest] = usable - sum(needs[:n]) + needs[longest]
            two = self.lines.wrap(values[longest], self.size + 1.5, widths[longest] - labels[longest] - 2 * MM)
            if len(two) == 2:
                lines[longest] = two
                return list(zip(fields[:n], widths, lines))
        return []  # (no fields: never asked)

    def draw_field(self, field: dict, x: float, w: float, lines: list[str], step: float) -> None:
        """One field at `x`, `w` wide: its label, then the line to write on, its value's `lines` on it (the first
        ones above it, `step` apart)."""
        label_size, value_size = self.size - 0.5, self.size + 1.5
        label = self.pen.tr(field.get("label", ""))
        label_w = self.pen.width(label, label_size) + 1.5 * MM
        # label, then the line to write on; right to left: the label at the right end
        label_x, x0, x1 = (x + w, x, x + w - label_w) if self.pen.rtl else (x, x + label_w, x + w)
        self.pen.put(label_x, self.y + 1.2 * MM, label, label_size, bold=True, align="right" if self.pen.rtl else "left")
        c = self.pen.c
        c.setStrokeColorRGB(0.1, 0.1, 0.1)
        c.setLineWidth(0.6)
        c.line(x0, self.y, x1, self.y)
        vx, valign = (x1 - 1 * MM, "right") if self.pen.rtl else (x0 + 1 * MM, "left")
        for n, line in enumerate(lines):
            if line:
                s, size = self.lines.fit(line, value_size, x1 - x0 - 1 * MM)
                self.pen.put(vx, self.y + 1.2 * MM + step * (len(lines) - 1 - n), s, size, align=valign)

    def draw_section(self, grid: dict) -> None:
        """A template's grid: its tables (one per instance in the data) in bands across the page, onto a new page
        where a band does not fit; a `halves` grid's tables each on a half page (to_half)."""
        instances = (self.data.get("grids", {}) or {}).get(grid.get("key"), [])
        if not instances:
            return
        if grid.get("page_break") and self.y < self.h - self.margin:  # e.g. a summary on a page of its own
            self.new_page()
        halves = bool(grid.get("halves"))
        across = 1 if halves else max(1, int(grid.get("across", 1)))
        room = self.w - 2 * self.margin
        hgap = 6 * MM
        inst_w = (room - hgap * (across - 1)) / across
        if "width" in grid:
            inst_w = min(inst_w, room * float(grid["width"]))
        cols = self.tables.columns(grid, self.data)
        total_rel = sum(c.width for c in cols)
        for c in cols:
            c.width = inst_w * c.width / total_rel
        header_size = self.size - 1
        header_lines = [self.lines.wrap(c.label, header_size, c.width - 1.5 * MM) for c in cols]
        header_h = max(len(lines) for lines in header_lines) * header_size * 1.15 + 2.2 * MM
        # A game's data may print a grid's rows lower than the template's handwriting rows (data["row_heights"]).
        row_h = float((self.data.get("row_heights") or {}).get(grid.get("key"), grid.get("row_height_mm", 7))) * MM
        title_h = (self.size + 1) * 1.6
        note_size = self.size - 1
        for start in range(0, len(instances), across):
            band = instances[start:start + across]
            tables = [title_h + header_h + row_h * (len(i.get("rows", [])) + ("total_label" in grid)) for i in band]
            notes = [[line for note in i.get("notes", []) for line in self.lines.wrap(self.pen.text(note), note_size,
                                                                                     inst_w)] for i in band]
            band_h = max(table + (len(lines) * note_size * 1.3 + 1 * MM if lines else 0)
                         for table, lines in zip(tables, notes))
            if not (halves and self.to_half(band_h)) and self.y - band_h < self.margin and self.y < self.h - self.margin:
                self.new_page()
            for n, inst in enumerate(band):
                x = self.margin + n * (inst_w + hgap)
                if self.pen.rtl:  # the first table at the right
                    x = self.w - self.margin - inst_w - n * (inst_w + hgap)
                self.tables.draw(grid, inst, cols, header_lines, x, self.y, inst_w,
                                 title_h, header_h, header_size, row_h)
                tx, talign = self.pen.start(x, x + inst_w)
                for k, line in enumerate(notes[n]):  # the instance's own notes under its table
                    self.pen.put(tx, self.y - tables[n] - 1 * MM - (k + 1) * note_size * 1.3 + note_size * 0.3, line,
                                 note_size, color=HINT_INK, align=talign)
            self.y -= band_h + self.gap
        self.halves_last = halves

    def draw_maps(self, after: str | None) -> None:
        """The template's maps that follow the grid `after` (None: those that follow no grid), each the data gives:
        on this page where it fits, else on a new one."""
        for spec in self.t.get("maps", []):
            inst = (self.data.get("maps") or {}).get(spec["key"])
            if spec.get("after") != after or not inst:
                continue
            inst = {**inst, "title": inst.get("title") or self.pen.tr(spec.get("title", ""))}
            room = self.w - 2 * self.margin
            height = map_height(inst, spec, self.size, self.lines, self.pen, room)
            if self.y - height < self.margin and self.y < self.h - self.margin:
                self.new_page()
            draw_map(self.pen, self.lines, inst, spec, self.margin, self.w - self.margin, self.y, self.size)
            self.y -= height + self.gap

    def to_half(self, height: float) -> bool:
        """Move to the top of the next half page a `halves` table takes (a player cuts it off and keeps it): this
        page's while nothing is drawn on it, its bottom half below a cut line while what is drawn ends a margin
        above the middle, else a new page's. False where a half cannot hold `height`: it flows as any table."""
        middle = self.h / 2
        if height > middle - 2 * self.margin:
            return False
        if self.y < self.h - self.margin:  # something is drawn on this page
            if self.y + self.gap - self.margin < middle:
                self.new_page()
                return True
            c = self.pen.c
            c.saveState()
            c.setStrokeColor(HexColor(HINT_INK))
            c.setLineWidth(0.5)
            c.setDash(4, 3)
            c.line(0, middle, self.w, middle)  # the cut line, across the whole sheet of paper
            c.restoreState()
            self.y = middle - self.margin
        return True

    def new_page(self) -> None:
        self.pen.c.showPage()
        self.pages += 1
        self.y = self.h - self.margin
