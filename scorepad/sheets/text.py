"""Text on a PDF page (a sheet's or the report's): the canvas, which font draws each character, how wide a text is
drawn, and a line drawn in its fonts, joined and reordered where it is Arabic script.

Every string is in the language chosen (scorepad.i18n): a template's printed text (titles, labels, notes, total
labels, mark text) are msgids that tools/catalogues.py extracts and that are translated here when drawn; the
game's sheet data and the report's words arrive already worded. Each character picks its font (Pen.runs): Noto
Sans for Latin, Greek and Cyrillic; Noto Sans Arabic, after joining and bidi reordering, for Persian and Arabic;
Noto Sans CJK TC, subset to the characters of the page (scorepad.sheets.fonts), for Chinese.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, BinaryIO

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from scorepad.grid import safe
from scorepad.i18n import NP_, N_, _, language, pgettext, plural, right_to_left
from scorepad.sheets import fonts, shaping
from scorepad.sheets.style import INK

# TRANSLATORS: a warning after `scorepad sheet`: {chars} lists characters (an emoji, a rare letter) that no
# font of the sheet can draw, each as the character, its code and its Unicode name; a box with "?" stands in.
NO_GLYPH = NP_("no font has {chars}: the sheet shows a box with ? in its place",
               "no font has {chars}: the sheet shows a box with ? in their place")
# TRANSLATORS: a warning after `scorepad sheet`: {scripts} lists scripts by their Unicode name (Devanagari, Hebrew),
# each with the text it was found in: their letters are drawn one by one, not joined or ordered as the script needs.
UNSHAPED = NP_("the sheet cannot draw {scripts} as it is written: its letters are drawn one by one, not joined or "
               "ordered as the script needs",
               "the sheet cannot draw {scripts} as they are written: their letters are drawn one by one, not joined "
               "or ordered as the scripts need", )
# TRANSLATORS: the date on a score sheet. {day} and {year} are numbers, {month} the month's name (the
# "month" messages). Write it as a date is written in your language, e.g. "{year}年{month}{day}日".
DATE = N_("{day} {month} {year}")
CREATOR = "scorepad"  # the PDF's creator and author
MINUS = "\u2212"  # real minus sign for negative numbers; "-" with the fallback font (no glyph)
PLACEHOLDER = "?"  # drawn in a box for a character no font has
NO_FONT = ""  # the "font" of a run of such characters


def month_name(number: int) -> str:
    """The name of month 1-12 in the language in use (a message of its own each, context "month")."""
    return (pgettext("month", "January"), pgettext("month", "February"), pgettext("month", "March"),
            pgettext("month", "April"), pgettext("month", "May"), pgettext("month", "June"),
            pgettext("month", "July"), pgettext("month", "August"), pgettext("month", "September"),
            pgettext("month", "October"), pgettext("month", "November"),
            pgettext("month", "December"))[number - 1]


def format_date(text: str) -> str:
    """An ISO date (YYYY-MM-DD, as sessions store it) in the words of the language in use; other text as it is.

    Digits stay Western in every language: the scores, the totals and the money on the same sheet are in
    Western digits (what the terminal shows and every table file holds), and one page mixing two sets of
    digits reads worse than either; Persian and Arabic readers at these tables write scores that way too.

    >>> format_date("2026-11-29"), format_date(""), format_date("yesterday")
    ('29 November 2026', '', 'yesterday')
    """
    found = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text.strip())
    if not found or not 1 <= int(found[2]) <= 12:
        return text
    year, month, day = (int(n) for n in found.groups())
    return _(DATE).format(day=day, month=month_name(month), year=year)


def format_value(value: Any, minus: str = MINUS) -> str:
    """The text of one cell: '' for None, ints as ints with a real minus sign, strings as given."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)):
        text = f"{value:g}" if isinstance(value, float) else str(value)
        return text.replace("-", minus) if value < 0 else text
    return str(value)


class Pen:
    """One PDF's canvas and its texts: the page's direction, the fonts its texts need, and each line drawn."""

    dry = False  # laying out only (Sheet.layout_end): put() draws nothing

    def __init__(self, buf: BinaryIO, pagesize: tuple[float, float], size: float, invariant: bool) -> None:
        self.rtl = right_to_left()  # a Persian or Arabic page: mirrored, right-aligned, lines run right to left
        self.font = fonts.register_font()
        self.minus = MINUS if self.font == fonts.FONT_NAME else "-"
        # The canvas's first font is ours: reportlab's default would put a Helvetica (not embedded) in every PDF.
        self.c = canvas.Canvas(buf, pagesize=pagesize, invariant=1 if invariant else 0, pageCompression=1,
                               initialFontName=self.font, initialFontSize=size, lang=language())
        self._runs: dict[str, list[tuple[str, str]]] = {}
        self._joined: dict[str, str] = {}  # a word's joined forms (joined())
        self.missing: dict[str, str] = {}  # a character no font has -> the first text it was in
        self.unshaped: dict[str, tuple[str, str]] = {}  # a script drawn unshaped -> (a letter of it, the text)
        self.arabic: str | None = None
        self.cjk: str | None = None
        self._font_of: dict[tuple[str, bool], str] = {}  # font_of's answers (a page asks again for each text)
        self._plain: set[str] = set()  # characters seen drawn in the sheet font in a text without Arabic script

    def describe(self, title: str) -> None:
        """The PDF's title, subject, creator and author."""
        self.c.setTitle(title)
        self.c.setCreator(CREATOR)
        self.c.setAuthor(CREATOR)
        self.c.setSubject(title)

    def tr(self, s: Any) -> str:
        """A template's printed text (a msgid) in the language in use; "" stays "" (gettext would give the
        catalogue's header)."""
        s = str(s)
        return self.text(_(s) if s.strip() else s)

    def text(self, s: Any) -> str:
        s = safe(format_value(s, self.minus), keep="\n")  # a name from an older database: no control character
        if self.font == fonts.FALLBACK_FONT:
            s = s.replace(MINUS, "-")  # Helvetica's encoding has no U+2212
        return s

    def choose_fonts(self, texts: list[str]) -> None:
        """Register the fonts the page's `texts` (every text it may draw) need: Noto Sans Arabic for Arabic script,
        and Noto Sans CJK TC subset to every character that neither Noto Sans nor (beside Arabic) Noto Sans Arabic
        has."""
        texts = [t for t in texts if not t.isascii()]
        for t in texts:
            for ch in t:
                if shaping.needs_shaping(ch) and shaping.script_of(ch) not in self.unshaped:
                    word = next(w for w in re.split(r"[\s,،、，]+", t) if ch in w)  # the name it is in
                    self.unshaped[shaping.script_of(ch)] = (ch, word)
        if any(shaping.is_arabic(ch) for t in texts for ch in t):
            self.arabic = fonts.arabic_font()
        wanted = set()
        for t in texts:
            arabic = self.has_arabic(t)
            for ch in set(t):
                if not ch.isspace() and self.font_of(ch, arabic) == NO_FONT:
                    wanted.add(ch)
        if wanted:
            self.cjk = fonts.cjk_font("".join(sorted(wanted)))
            self._font_of.clear()  # what had no font may be in the subset now

    def has_arabic(self, s: str) -> bool:
        """Is `s` drawn as Arabic script (joined, reordered, in the Arabic font with what is around it)?"""
        return self.arabic is not None and shaping.has_arabic(s)

    def font_of(self, ch: str, arabic: bool) -> str:
        """The font that draws `ch` in a text with (`arabic`) or without Arabic script; NO_FONT if none has it."""
        found = self._font_of.get((ch, arabic))
        if found is None:
            found = self._font_of[ch, arabic] = self._choose_font(ch, arabic)
        return found

    def _choose_font(self, ch: str, arabic: bool) -> str:
        if arabic and self.arabic and fonts.covers(self.arabic, ch):
            return self.arabic  # the Latin, digits and punctuation of a Persian line: one font, one baseline
        if fonts.covers(self.font, ch):
            return self.font
        for font in (self.cjk, self.arabic):
            if font and fonts.covers(font, ch):
                return font
        return NO_FONT

    def joined(self, s: str) -> str:
        """arabic_reshaper's joined forms of `s` (logical order), each word joined once a page."""
        return shaping.join(s, self._joined)

    def shape(self, s: str) -> str:
        """shaping.shape(s) on this page (its direction)."""
        return shaping.shape(s, "R" if self.rtl else "L", self._joined)

    def runs(self, s: str) -> list[tuple[str, str]]:
        """How `s` (logical order) is drawn: (text, font) pieces, left to right.

        Text in the sheet font's scripts is one piece in that font, as it always was. Arabic script is shaped
        and put in visual order (the line's direction is the sheet's), and drawn with Noto Sans Arabic together
        with the Latin, digits and punctuation around it; Chinese gets the CJK subset; anything the chosen font
        lacks (Cyrillic in a Persian line) goes back to the sheet font; a character no font has is a piece of
        its own (NO_FONT), drawn as a box. Invisible format characters no font has (a ZWNJ) are left out.
        """
        runs = self._runs.get(s)
        if runs is not None:
            return runs
        # A right-to-left page's line runs right to left without Arabic script too: cards "2 5 7 10" as the
        # row above with a wager (its letter Arabic script) runs, a minus at the left of its number.
        plain = shaping.visual_order(s, "R") if self.rtl and not self.has_arabic(s) else s
        runs = [(plain, self.font)]
        if not s.isascii():
            arabic = self.has_arabic(s)
            chars = set(s)
            if not arabic and (chars <= self._plain or all(self.font_of(ch, False) == self.font for ch in chars)):
                # All in the sheet font (a "—" or "×" in a note): one piece, as the loop below would make it. wrap()
                # measures every longer line it tries, so a paragraph went through that loop once per word.
                self._plain |= chars
                self._runs[s] = runs
                return runs
            visual = self.shape(s) if arabic else plain
            runs = []
            for ch in visual:
                font = self.font_of(ch, arabic)
                if unicodedata.category(ch) == "Cf" and (font == NO_FONT or arabic):  # shaped: ZWNJ did its work
                    continue
                if runs and runs[-1][1] == font:
                    runs[-1] = (runs[-1][0] + ch, font)
                else:
                    runs.append((ch, font))
        self._runs[s] = runs
        return runs

    def width(self, s: str, size: float) -> float:
        """The drawn width of `s`, measured in the fonts it is drawn with."""
        return sum(len(text) * size * 0.75 if font == NO_FONT else stringWidth(text, font, size)
                   for text, font in self.runs(s))

    def warnings(self) -> list[str]:
        """The lines to tell the player after the render (see scorepad.sheets.render): characters no font has
        (drawn as boxes), and scripts a font has but that are drawn unshaped (Devanagari, Hebrew)."""
        found = []
        if self.missing:
            chars = ", ".join(f"{ch} (U+{ord(ch):04X} {unicodedata.name(ch, '?')})" for ch in self.missing)
            found.append(plural(NO_GLYPH, len(self.missing)).format(chars=chars))
        drawn = {script: text for script, (ch, text) in self.unshaped.items() if ch not in self.missing}
        if drawn:
            scripts = pgettext("list separator", ", ").join(f"{script} ({text})" for script, text in drawn.items())
            found.append(plural(UNSHAPED, len(drawn)).format(scripts=scripts))
        return found

    def side(self, align: str) -> str:
        """A template's alignment on this page: left and right swap on a right-to-left page."""
        if self.rtl and align in ("left", "right"):
            return "right" if align == "left" else "left"
        return align

    def start(self, left: float, right: float) -> tuple[float, str]:
        """Where a line of text starts between `left` and `right`, and its alignment (reading direction)."""
        return (right, "right") if self.rtl else (left, "left")

    def put(self, x: float, y: float, s: str, size: float, *, align: str = "left",
            bold: bool = False, color: str = INK) -> None:
        """Draw one line. `bold` strokes the outline too: Noto Sans ships no bold face and a
        stroked regular face works for every script (Cyrillic included)."""
        if self.dry:
            return
        c = self.c
        runs = self.runs(s)
        c.setFillColor(HexColor(color))
        mode = None
        if bold:
            c.setStrokeColor(HexColor(color))
            c.setLineWidth(size * 0.045)
            mode = 2
        if align == "center":
            x -= self.width(s, size) / 2
        elif align == "right":
            x -= self.width(s, size)
        for text, font in runs:
            if font == NO_FONT:
                for ch in text:
                    self.missing.setdefault(ch, s)
                    x = self.draw_missing(x, y, size, color)
                continue
            c.setFont(font, size)
            c.drawString(x, y, text, mode=mode)
            x += stringWidth(text, font, size)

    def draw_missing(self, x: float, y: float, size: float, color: str) -> float:
        """A box with '?' where a character no font has would be; returns where the next character starts."""
        c = self.c
        c.saveState()
        c.setStrokeColor(HexColor(color))
        c.setLineWidth(max(0.4, size * 0.05))
        c.rect(x + size * 0.06, y - size * 0.14, size * 0.63, size * 0.9, stroke=1, fill=0)
        c.setFont(self.font, size * 0.7)
        c.drawCentredString(x + size * 0.375, y + size * 0.08, PLACEHOLDER)
        c.restoreState()
        return x + size * 0.75
