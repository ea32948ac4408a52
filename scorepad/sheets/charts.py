"""The charts of the statistics report (scorepad.sheets.report): scores over time, win rates and the totals
scored, their geometry drawn by reportlab.graphics (LinePlot, HorizontalBarChart, VerticalBarChart).

Their tick labels, titles, axis names and legends are drawn by the page's pen (scorepad.sheets.text), which joins
Arabic script, orders a right-to-left line and picks the font of each character. On a Persian or Arabic page the
bars run from the right, where the names are, and the histogram's totals do too, its counts on the right; the
time axis and the axes of values keep the direction of their Western digits (left to right, upwards).
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib.colors import HexColor

from scorepad.sheets.lines import Lines
from scorepad.sheets.style import HINT_INK, MM, RULE_INNER
from scorepad.sheets.text import Pen

# A player's colour and dash, the same in every chart of a page (Okabe–Ito's colour-blind-safe set, yellow
# replaced by brown; the dashes tell the lines apart on a black-and-white printer).
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#1a1a1a", "#8c6d31")
PLAYER_DASHES = (None, (5, 2), (1.2, 1.8), (6, 2, 1.2, 2), None, (5, 2), (1.2, 1.8), (6, 2, 1.2, 2))
HISTOGRAM_FILL = "#6f8fb3"
GRID_INK = "#d9d9d9"
FEW_POINTS = 40  # a line of at most this many points marks each one
MARKER = 3.2  # a point's mark, across, in points
MARKER_GAP = 1.0  # between the marks of points moved apart (apart())


class Charts:
    """The charts of one page of the report, drawn with its pen; `names`: its players, in the order of its table
    (each keeps one colour on the page)."""

    def __init__(self, pen: Pen, lines: Lines, size: float, names: list[str]) -> None:
        self.pen, self.lines, self.size = pen, lines, size
        self.colours = {name: k for k, name in enumerate(names)}

    def colour(self, name: str) -> tuple[str, Any]:
        """The player's colour and dash, the same in every chart and table of the page."""
        k = self.colours.get(name, 0) % len(PLAYER_COLOURS)
        return PLAYER_COLOURS[k], PLAYER_DASHES[k]

    def place(self, chart: Any, x: float, bottom: float, width: float, height: float) -> None:
        """A reportlab.graphics chart drawn on the page in a box of `width` × `height` from (x, bottom), in a
        Drawing that starts in the sheet font (its own default, Helvetica, is not embedded: pdffonts showed it in
        every report)."""
        drawing = Drawing(width, height)
        drawing.initialFontName, drawing.initialFontSize = self.pen.font, self.size
        drawing.add(chart)
        renderPDF.draw(drawing, self.pen.c, x, bottom)

    def title(self, text: str, x: float, top: float, width: float) -> float:
        """A chart's title at the top of its box; the height it took."""
        size = self.size + 2
        tx, align = self.pen.start(x, x + width)
        self.pen.put(tx, top - size, self.lines.fit(self.pen.text(text), size, width)[0], size, bold=True, align=align)
        return size * 1.6

    def axis_names(self, chart: dict, x_middle: float, bottom: float, y_left: float, y_middle: float) -> None:
        """The names of a chart's axes: under it, centred on `x_middle`; turned beside it, centred on
        (`y_left`, `y_middle`)."""
        self.pen.put(x_middle, bottom + 1 * MM, self.pen.text(chart["x_label"]), self.size - 0.5, align="center",
                     color=HINT_INK)
        self.vertical(y_left, y_middle, self.pen.text(chart["y_label"]), self.size - 0.5)

    def vertical(self, x: float, y: float, text: str, size: float) -> None:
        """A line of text turned a quarter left, centred on (x, y): an axis's name beside the axis."""
        c = self.pen.c
        c.saveState()
        c.translate(x, y)
        c.rotate(90)
        self.pen.put(0, 0, text, size, align="center", color=HINT_INK)
        c.restoreState()

    def axis_style(self, axis: Any, ticks: list, value_range: list) -> None:
        """An axis of a chart: its ticks at the report's values, no labels of its own (ticks_along() and
        ticks_up() draw them with Pen.put: a Persian percent sign is not in the sheet font)."""
        axis.visibleLabels = 0
        axis.labels.fontName = self.pen.font
        axis.strokeColor = HexColor(RULE_INNER)
        axis.strokeWidth = 0.5
        axis.valueSteps = [float(v) for v, _label in ticks]
        axis.valueMin, axis.valueMax = float(value_range[0]), float(value_range[1])

    def grid(self, axis: Any) -> None:
        """Light lines across the plot at the ticks of its value `axis`."""
        axis.visibleGrid = 1
        axis.gridStrokeColor = HexColor(GRID_INK)
        axis.gridStrokeWidth = 0.4

    def ticks_along(self, ticks: list, value_range: list, left: float, width: float, y: float, *,
                    reverse: bool = False) -> None:
        """The labels of a horizontal axis under it, each centred on its tick; one that would touch the one before
        is left out (the last one is kept: it closes the axis)."""
        size = self.size - 1.5
        lo, hi = float(value_range[0]), float(value_range[1])
        placed: list[tuple[float, float, str]] = []
        for v, label in ticks:
            share = (float(v) - lo) / (hi - lo) if hi > lo else 0.0
            x = left + width * (1 - share if reverse else share)
            text = self.pen.text(label)
            half = self.pen.width(text, size) / 2 + 1 * MM
            placed.append((x - half, x + half, text))
        placed.sort()
        kept: list[tuple[float, float, str]] = []
        for piece in placed[:-1]:
            if not kept or kept[-1][1] <= piece[0]:
                kept.append(piece)
        while kept and placed and kept[-1][1] > placed[-1][0]:
            kept.pop()  # the last label wins over those it would touch
        kept += placed[-1:]
        for x0, x1, text in kept:
            self.pen.put((x0 + x1) / 2, y - size, text, size, align="center", color=HINT_INK)

    def ticks_up(self, ticks: list, value_range: list, right: float, bottom: float, height: float, *,
                 align: str = "right") -> None:
        """The labels of a vertical axis, aligned at `right` (their right end; with align="left", their left end:
        an axis on the right of its chart), each level with its tick."""
        size = self.size - 1.5
        lo, hi = float(value_range[0]), float(value_range[1])
        for v, label in ticks:
            y = bottom + height * ((float(v) - lo) / (hi - lo) if hi > lo else 0.0)
            self.pen.put(right, y - size * 0.35, self.pen.text(label), size, align=align, color=HINT_INK)

    def legend_rows(self, names: list[str], width: float) -> list[list[tuple[str, float]]]:
        """The legend's entries (name, width) in rows of at most `width`."""
        sample, gap = 7 * MM, 5 * MM
        rows: list[list[tuple[str, float]]] = [[]]
        used = 0.0
        for name in names:
            label = self.lines.fit(self.pen.text(name), self.size, width / 2)[0]
            w = sample + 1.5 * MM + self.pen.width(label, self.size)
            if rows[-1] and used + w > width:
                rows.append([])
                used = 0.0
            rows[-1].append((name, w))
            used += w + gap
        return rows

    def legend(self, rows: list[list[tuple[str, float]]], x: float, top: float, width: float) -> None:
        """Each player's line sample and name, row by row from `top`."""
        sample, gap, step = 7 * MM, 5 * MM, self.size * 1.6
        for n, row in enumerate(rows):
            y = top - (n + 1) * step + self.size * 0.35
            cursor = x + width if self.pen.rtl else x
            for name, w in row:
                colour, dash = self.colour(name)
                start = cursor - w if self.pen.rtl else cursor
                line_x = start + w - sample if self.pen.rtl else start
                c = self.pen.c
                c.saveState()
                c.setStrokeColor(HexColor(colour))
                c.setLineWidth(1.6)
                if dash:
                    c.setDash(list(dash), 0)
                c.line(line_x, y + self.size * 0.3, line_x + sample, y + self.size * 0.3)
                c.restoreState()
                label = self.lines.fit(self.pen.text(name), self.size, width / 2)[0]
                if self.pen.rtl:
                    self.pen.put(line_x - 1.5 * MM, y, label, self.size, align="right")
                else:
                    self.pen.put(line_x + sample + 1.5 * MM, y, label, self.size)
                cursor = cursor - w - gap if self.pen.rtl else cursor + w + gap

    def scores(self, chart: dict, x: float, top: float, width: float, height: float) -> None:
        """Scores over time: a line per player (a point per session, or per run of sessions), dates under it."""
        y = top - self.title(chart["title"], x, top, width)
        legend = self.legend_rows([s["name"] for s in chart["series"]], width)
        self.legend(legend, x, y, width)
        y -= len(legend) * self.size * 1.6 + 2 * MM
        bottom = top - height
        if chart.get("note"):
            nx, align = self.pen.start(x, x + width)
            note = self.lines.fit(self.pen.text(chart["note"]), self.size - 0.5, width)[0]
            self.pen.put(nx, bottom + 1 * MM, note, self.size - 0.5, color=HINT_INK, align=align)
            bottom += self.size * 1.5
        tick = self.size - 1.5
        widest = max((self.pen.width(self.pen.text(label), tick) for _v, label in chart["y_ticks"]), default=0.0)
        pad_left = widest + 4 * MM + self.size * 1.4  # tick labels, then the axis's name
        pad_bottom = tick * 2.2 + self.size * 1.4
        plot_w, plot_h = width - pad_left - 3 * MM, y - bottom - pad_bottom
        plot = LinePlot()
        plot.x, plot.y, plot.width, plot.height = pad_left, pad_bottom, plot_w, plot_h
        plot.data = apart(chart, plot_w, plot_h) or [[(0, 0)]]
        for n, s in enumerate(chart["series"]):
            colour, dash = self.colour(s["name"])
            plot.lines[n].strokeColor = HexColor(colour)
            plot.lines[n].strokeWidth = 1.3
            if dash:
                plot.lines[n].strokeDashArray = list(dash)
            if len(s["points"]) <= FEW_POINTS:
                plot.lines[n].symbol = makeMarker("FilledCircle", size=MARKER, fillColor=HexColor(colour),
                                                  strokeColor=HexColor(colour))
        self.axis_style(plot.xValueAxis, chart["x_ticks"], chart["x_range"])
        self.axis_style(plot.yValueAxis, chart["y_ticks"], chart["y_range"])
        self.grid(plot.yValueAxis)
        self.place(plot, x, bottom, width, y - bottom)
        self.ticks_along(chart["x_ticks"], chart["x_range"], x + pad_left, plot_w, bottom + pad_bottom - 1.5 * MM)
        self.ticks_up(chart["y_ticks"], chart["y_range"], x + pad_left - 1.5 * MM, bottom + pad_bottom, plot_h)
        self.axis_names(chart, x + pad_left + plot_w / 2, bottom, x + self.size, bottom + pad_bottom + plot_h / 2)

    def wins(self, chart: dict, x: float, top: float, width: float, height: float) -> None:
        """Win rates: a bar per player, the names beside the bars and the figures after them."""
        y = top - self.title(chart["title"], x, top, width)
        bars = chart["bars"]
        size = self.size - 0.5
        names = [self.lines.fit(self.pen.text(b["name"]), size, width * 0.3)[0] for b in bars]
        labels = [self.pen.text(b["label"]) for b in bars]
        name_w = max(self.pen.width(n, size) for n in names) + 2 * MM
        label_w = max(self.pen.width(label, size - 0.5) for label in labels) + 2 * MM
        tick = self.size - 1.5
        pad_bottom = tick * 2.4
        plot_w, plot_h = width - name_w - label_w, y - (top - height) - pad_bottom
        chart_x = x + label_w if self.pen.rtl else x + name_w
        bc = HorizontalBarChart()
        bc.x, bc.y, bc.width, bc.height = chart_x - x, pad_bottom, plot_w, plot_h
        bc.data = [[b["value"] * 100 for b in bars]]
        bc.categoryAxis.categoryNames = [""] * len(bars)  # the names are drawn beside, by put()
        bc.categoryAxis.labels.fontName = bc.barLabels.fontName = self.pen.font
        bc.categoryAxis.reverseDirection = 1  # the first player (most sessions) at the top
        bc.categoryAxis.visibleTicks = 0
        bc.categoryAxis.strokeColor = HexColor(RULE_INNER)
        bc.categoryAxis.strokeWidth = 0.5
        bc.groupSpacing = max(2.0, plot_h / len(bars) * 0.3)
        self.axis_style(bc.valueAxis, chart["ticks"], [0, 100])
        self.grid(bc.valueAxis)
        if self.pen.rtl:  # the bars grow from the right, where the names are
            bc.valueAxis.reverseDirection = 1
            bc.categoryAxis.joinAxisMode = "right"
        bc.bars.strokeColor = None
        for n, b in enumerate(bars):
            bc.bars[(0, n)].fillColor = HexColor(self.colour(b["name"])[0])
        self.place(bc, x, top - height, width, y - (top - height))
        self.ticks_along(chart["ticks"], [0, 100], chart_x, plot_w, top - height + pad_bottom - 1.5 * MM,
                         reverse=self.pen.rtl)
        slot = plot_h / len(bars)
        for n, (name, label) in enumerate(zip(names, labels)):
            cy = top - height + pad_bottom + plot_h - (n + 0.5) * slot - size * 0.35
            if self.pen.rtl:
                self.pen.put(x + width, cy, name, size, align="right")
                self.pen.put(x + label_w - 1.5 * MM, cy, label, size - 0.5, align="right", color=HINT_INK)
            else:
                self.pen.put(x, cy, name, size)
                self.pen.put(x + name_w + plot_w + 1.5 * MM, cy, label, size - 0.5, color=HINT_INK)

    def totals(self, chart: dict, x: float, top: float, width: float, height: float) -> None:
        """The totals scored: a histogram, its bins' edges under the bars. On a right-to-left page it is mirrored as
        the win-rate bars are: the totals run from the right, the counts stand on the right."""
        y = top - self.title(chart["title"], x, top, width)
        rtl = self.pen.rtl
        tick = self.size - 1.5
        widest = max(self.pen.width(self.pen.text(label), tick) for _v, label in chart["y_ticks"])
        pad_side = widest + 3 * MM + self.size * 1.4  # the counts' labels and the axis's name, beside the plot
        pad_bottom = tick * 2.2 + self.size * 1.4
        bottom = top - height
        plot_w, plot_h = width - pad_side - 2 * MM, y - bottom - pad_bottom
        plot_x = x + 2 * MM if rtl else x + pad_side  # the plot's left edge on the page
        counts = chart["counts"]
        bc = VerticalBarChart()
        bc.x, bc.y, bc.width, bc.height = plot_x - x, pad_bottom, plot_w, plot_h
        bc.data = [counts]
        bc.categoryAxis.categoryNames = [""] * len(counts)  # the bins' edges are drawn below, by put()
        bc.categoryAxis.labels.fontName = bc.barLabels.fontName = self.pen.font
        bc.categoryAxis.visibleTicks = 0
        bc.categoryAxis.strokeColor = HexColor(RULE_INNER)
        bc.groupSpacing, bc.barSpacing = 0, 0
        bc.bars[0].fillColor = HexColor(HISTOGRAM_FILL)
        bc.bars.strokeColor = HexColor("#ffffff")
        bc.bars.strokeWidth = 0.6
        self.axis_style(bc.valueAxis, chart["y_ticks"], chart["y_range"])
        self.grid(bc.valueAxis)
        if rtl:
            bc.categoryAxis.reverseDirection = 1
            bc.valueAxis.joinAxisMode = "right"
        self.place(bc, x, bottom, width, y - bottom)
        if rtl:
            self.ticks_up(chart["y_ticks"], chart["y_range"], plot_x + plot_w + 1.5 * MM, bottom + pad_bottom, plot_h,
                          align="left")
        else:
            self.ticks_up(chart["y_ticks"], chart["y_range"], plot_x - 1.5 * MM, bottom + pad_bottom, plot_h)
        # The edges of the bins under the bars, as many as fit side by side.
        edges = chart["edges"]
        bin_w = plot_w / len(counts)
        widest = max(self.pen.width(self.pen.text(label), tick) for _v, label in edges) + 2 * MM
        every = max(1, math.ceil(widest / bin_w))
        for k in range(0, len(edges), every):
            ex = plot_x + plot_w - k * bin_w if rtl else plot_x + k * bin_w
            self.pen.put(ex, bottom + pad_bottom - tick * 1.4, self.pen.text(edges[k][1]), tick, align="center",
                         color=HINT_INK)
        name_x = x + width - self.size * 0.3 if rtl else x + self.size  # a turned line stands left of its x
        self.axis_names(chart, plot_x + plot_w / 2, bottom, name_x, bottom + pad_bottom + plot_h / 2)


def apart(chart: dict, plot_w: float, plot_h: float) -> list[list[tuple[float, float]]]:
    """Each series' points, those of one session whose marks would touch (a tie, or nearly) moved apart sideways
    by a mark and a gap each, around the session: drawn where they are, the last player's mark hid the others.
    `plot_w` × `plot_h` is the plot's size in points; the spread stays within the session's own width."""
    (x_lo, x_hi), (y_lo, y_hi) = chart["x_range"], chart["y_range"]
    per_x = plot_w / (x_hi - x_lo) if x_hi > x_lo else 1.0  # points per session
    per_y = plot_h / (y_hi - y_lo) if y_hi > y_lo else 1.0
    out = [[(float(px), float(py)) for px, py in s["points"]] for s in chart["series"]]
    at: dict[float, list[tuple[float, int, int]]] = {}  # session -> (value, series, index of the point)
    for n, points in enumerate(out):
        for i, (px, py) in enumerate(points):
            at.setdefault(px, []).append((py, n, i))
    for px, here in at.items():
        here.sort()
        groups = [[here[0]]]
        for point in here[1:]:  # marks that touch the one below: one group
            if (point[0] - groups[-1][-1][0]) * per_y < MARKER + MARKER_GAP:
                groups[-1].append(point)
            else:
                groups.append([point])
        for group in (g for g in groups if len(g) > 1):
            step = min((MARKER + MARKER_GAP) / per_x, 0.8 / (len(group) - 1))  # in sessions
            for k, (py, n, i) in enumerate(sorted(group, key=lambda point: point[1])):
                out[n][i] = (px + (k - (len(group) - 1) / 2) * step, py)
    return out
