"""Texts fitted to a room on the page: shrunk and cut with '…' (fit), or broken between words into lines (wrap),
measured in the fonts the pen draws them with."""

from __future__ import annotations

import re
import unicodedata

from reportlab.pdfbase.pdfmetrics import getFont

from scorepad.sheets import shaping
from scorepad.sheets.text import NO_FONT, Pen

SLACK = 1e-6  # points: wrap() measures a line whole when the sum of its words' advances is this close to its room


def words(text: str) -> list[tuple[str, str]]:
    """The words of `text`, each with the space to put before it on a line: one space, or the wider one the text
    has there (the en space between a Lost Cities sheet's cards stays as wide on a line of its own).

    >>> words("a  b\u2002c ")
    [(' ', 'a'), (' ', 'b'), ('\u2002', 'c')]
    """
    return [(next((ch for ch in space if ch != " "), " "), word) for space, word in re.findall(r"(\s*)(\S+)", text)]


class Lines:
    """Fitting and wrapping the texts of one page, with what it has measured of them so far."""

    def __init__(self, pen: Pen) -> None:
        self.pen = pen
        self._units: dict[tuple[str, bool], float | None] = {}  # units()'s answers: a word is measured once
        self._advances: dict[str, tuple[dict | None, float]] = {}  # a font's advance widths (advance())

    def fit(self, s: str, size: float, room: float, smallest: float = 5.5) -> tuple[str, float]:
        """Shrink the size until `s` fits in `room`; past the smallest size, cut it with '…'.

        A width is measured a bounded number of times whatever the length of `s` (a few sizes, then a binary
        search for the cut): cutting one character at a time measured, shaped and reordered every prefix of it,
        a time that grew with the square of its length."""
        width = self.pen.width
        while size > smallest and width(s, size) > room:
            size -= 0.25
        if width(s, size) > room:
            fits, over = 0, len(s)  # the longest prefix that fits with its '…': at least `fits`, less than `over`
            while over - fits > 1:
                middle = (fits + over) // 2
                if width(s[:middle] + "…", size) <= room:
                    fits = middle
                else:
                    over = middle
            s = s[:fits] + "…"  # (in logical order: on a right-to-left line the '…' ends up on the left)
        return s, size

    def wrap(self, s: str, size: float, room: float) -> list[str]:
        """Lines of at most `room`, cut between words in logical order (each line is shaped and reordered on its
        own when drawn, so a right-to-left paragraph starts on the first line, tech-notes §4).

        Each longer line tried is measured as the line's advance so far plus its next piece's (units()): shaping
        joins letters only inside a word and a width does not depend on the order, so a paragraph is not shaped
        and reordered once per word (most Arabic texts of a Persian sheet were lines tried, never drawn). Near
        `room`, or where that sum may not be the drawn width, the line is measured whole (Pen.width): the lines
        are the ones measuring every trial whole makes."""
        lines: list[str] = []
        has_arabic = self.pen.has_arabic
        for part in s.split("\n"):
            line, units, arabic = "", None, False  # the line's advance (units(); None: unknown), has Arabic
            for space, word in words(part):
                for n, piece in enumerate(shaping.pieces(word)):
                    added = f"{space}{piece}" if line and n == 0 else piece
                    joined = arabic or has_arabic(added)
                    if not line:
                        line, units, arabic = added, self.units(added, joined), joined
                        continue
                    longer = self.longer(line, units, arabic, added, joined)
                    if self.over(line + added, longer, size, room):
                        lines.append(line)
                        arabic = has_arabic(piece)
                        line, units = piece, self.units(piece, arabic)
                    else:
                        line, units, arabic = line + added, longer, joined
            lines.append(line)
        return lines

    def units(self, s: str, arabic: bool) -> float | None:
        """The advance of `s` in a text with (`arabic`) or without Arabic script, in thousandths of the font size:
        the sum of its characters' advances, in logical order and joined as Pen.runs joins it, but not reordered
        (a width does not depend on the order). None when that sum may not be what Pen.width measures: a
        mirrored character whose mirror draws otherwise, a font that is not a TrueType font (the fallback
        Helvetica)."""
        found = self._units.get((s, arabic), False)
        if found is not False:
            return found
        pen = self.pen
        text: str | None = pen.joined(s) if arabic else s
        total = 0.0
        for ch in text or ():
            font = pen.font_of(ch, arabic)
            if font == NO_FONT:
                if unicodedata.category(ch) != "Cf":
                    total += 750  # the box of Pen.draw_missing: 0.75 of the size
                continue
            if arabic and unicodedata.category(ch) == "Cf":
                continue  # shaped: ZWNJ did its work (Pen.runs)
            advance = self.advance(font, ch)
            if (advance is None or (not arabic and ch.isascii() and font != pen.font)
                    or ((arabic or pen.rtl) and unicodedata.mirrored(ch)
                        and not self.mirrors_alike(ch, font, advance, arabic))):
                text = None  # (an ASCII text is one piece in the sheet font, whatever its characters)
                break
            total += advance
        self._units[s, arabic] = result = None if text is None else total
        return result

    def advance(self, font: str, ch: str) -> float | None:
        """`ch`'s advance in `font` in thousandths of the size, as reportlab's stringWidth adds it up for a
        TrueType font; None for another kind of font."""
        widths = self._advances.get(font)
        if widths is None:
            face = getattr(getFont(font), "face", None)
            widths = self._advances[font] = (getattr(face, "charWidths", None), getattr(face, "defaultWidth", 0))
        table, default = widths
        return None if table is None else table.get(ord(ch), default)

    def mirrors_alike(self, ch: str, font: str, advance: float, arabic: bool) -> bool:
        """Does the mirror of `ch` (what shaping.visual_order draws in a right-to-left stretch) have its font and
        advance, in a text with (`arabic`) or without Arabic script?"""
        mirror = shaping.mirror(ch)
        return mirror == ch or (self.pen.font_of(mirror, arabic) == font and self.advance(font, mirror) == advance)

    def longer(self, line: str, units: float | None, arabic: bool, added: str, joined: bool) -> float | None:
        """The advance (units()) of `line` + `added`, from the line's (`units`, `arabic`); None when unknown."""
        if units is None:
            return None
        if not added[0].isspace() and (shaping.is_arabic(line[-1]) or shaping.is_arabic(added[0])):
            return None  # two pieces of a word (Chinese) with Arabic script where they meet: they may join
        if joined and not arabic:
            units = self.units(line, True)  # (no Arabic letter in it: nothing to shape, its fonts may change)
        more = self.units(added, joined)
        return None if units is None or more is None else units + more

    def over(self, s: str, units: float | None, size: float, room: float) -> bool:
        """Pen.width(s, size) > room, from `s`'s advance (units()) when it is known and not within SLACK of `room`
        (the sum of the same advances in another order and grouping differs in its last bits only)."""
        if units is not None:
            width = units * size * 0.001
            if width > room + SLACK:
                return True
            if width < room - SLACK:
                return False
        return self.pen.width(s, size) > room
