"""Score-sheet PDFs: draws a layout template (templates/*.toml) filled with sheet data; the only reportlab user."""

# The renderer knows no game. A template (data only, format documented at the top of
# templates/lost-cities.toml) says where header fields and grids go and what their labels are;
# the game's code builds the "sheet data" dict with the values. reportlab is imported inside
# render() only, so importing this module stays cheap and `scorepad --help` never pays for it.
# The canvas API is used instead of platypus: it imports in about half the time and gives
# exact control over a fixed one-page grid.
# Every string is in the language chosen (scorepad.i18n): the template's printed text (titles, labels,
# notes, total labels, mark text) are msgids that tools/catalogues.py extracts and that are translated
# here when drawn; the game's sheet data arrives already worded. Persian and Arabic sheets run right to
# left: columns and fields mirrored, text right-aligned, each line shaped and reordered on its own.
# Each character picks its font (_Sheet.runs): Noto Sans for Latin, Greek and Cyrillic; Noto Sans
# Arabic, after shaping and bidi reordering, for Persian and Arabic; Noto Sans CJK TC, subset to the
# characters of the sheet and converted to TrueType (cached), for Chinese. Every font is embedded.

from __future__ import annotations

import functools
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from scorepad.errors import ScorepadError
from scorepad.grid import safe
from scorepad.i18n import NP_, N_, _, pgettext, plural, right_to_left

# Text for people (rule 8 of design.md): every user-facing string of this module.
TEXT = {
    "no_template": "no sheet template '{name}'",
    "bad_toml": "sheet template '{name}' is not valid TOML: {reason}",
    "bad_template": "sheet template: {reason}",
    "template_key": "sheet template '{name}': {where}{problem}",
    "template_unknown": "unknown key {key!r} (known: {known})",
    "template_missing": "missing key {key!r}",
    "template_value": "{key!r} must be {kind}",
    "template_needs_each": "{key!r} needs 'each' (it counts repeated columns)",
    "template_tables": "a list of tables ([[{key}]])",
    "template_table": "a table ([{key}])",
    "template_count": "a whole number or the name of a list or number in the sheet data",
    "template_colours": "a table of '#rrggbb' colours",
    "blank": "____________",  # printed for an empty title variable (a name to write in)
    "creator": "scorepad",
}
# TRANSLATORS: a warning after `scorepad sheet`: {chars} lists characters (an emoji, a rare letter) that no
# font of the sheet can draw, each as the character, its code and its Unicode name; a box with "?" stands in.
NO_GLYPH = NP_("no font has {chars}: the sheet shows a box with ? in its place",
               "no font has {chars}: the sheet shows a box with ? in their place")
# TRANSLATORS: the date on a score sheet. {day} and {year} are numbers, {month} the month's name (the
# "month" messages). Write it as a date is written in your language, e.g. "{year}年{month}{day}日".
DATE = N_("{day} {month} {year}")


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
    import re

    found = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text.strip())
    if not found or not 1 <= int(found[2]) <= 12:
        return text
    year, month, day = (int(n) for n in found.groups())
    return _(DATE).format(day=day, month=month_name(month), year=year)


# Installed: pyproject maps the top-level templates/ to the package scorepad.templates.
# Source checkout: templates/ sits next to the scorepad package.
TEMPLATE_DIRS = (
    Path(__file__).parent / "templates",
    Path(__file__).parent.parent / "templates",
)

FONT_NAME = "ScorepadSans"  # Noto Sans (Latin, Greek, Cyrillic) from the pip fontpkg-noto-sans
FALLBACK_FONT = "Helvetica"  # standard-14, not embedded, Latin-1 only: only if fontpkg-noto-sans is broken
# Fonts for other scripts, registered only when a string on the sheet needs them, so a Latin/Cyrillic
# sheet is exactly what it was without them.
ARABIC_FONT = "ScorepadArabic"  # Noto Sans Arabic from the pip fontpkg-noto-sans-arabic; has Latin too
# Noto Sans CJK TC (SIL OFL) from the pip cvttf-notosanscjk-regular. Its outlines are PostScript (CFF), which
# reportlab cannot embed: fontTools subsets it to the characters a sheet needs and converts them to TrueType
# (about a second for the 16 MB font); the result is kept in the user cache folder, one file per set of
# characters, so a later sheet with the same text registers a 10-20 KB file in about a millisecond.
CJK_FONT = "ScorepadCJK"  # + the set's key: two sheets of one process may need two subsets
CJK_PACKAGE, CJK_FILE = "cvttf_NotoSansCJK_Regular", "NotoSansCJKtc-Regular.otf"
CJK_CACHE_VERSION = "1"  # part of every cache key: a change of the conversion below rebuilds every file
# Code points that pick a font: Arabic script (with the presentation forms the reshaper produces).
_ARABIC_RANGES = ((0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
_RTL_CLASSES = frozenset({"R", "AL"})  # bidi classes of right-to-left letters (Hebrew too)
MINUS = "\u2212"  # real minus sign for negative numbers; "-" with the fallback font (no glyph)
PLACEHOLDER = "?"  # drawn in a box for a character no font has
_NO_FONT = ""  # the "font" of a run of such characters
_SLACK = 1e-6  # points: wrap() measures a line whole when the sum of its words' advances is this close to its room

MM = 72 / 25.4  # points per millimetre

# Colours (greys chosen to survive a cheap printer and a photocopy).
_INK = "#1a1a1a"
_RULE_INNER = "#8c8c8c"
_HEADER_FILL = "#e6e6e6"
_TOTAL_FILL = "#ededed"
_SHADE_FILL = "#f4f4f4"
_MARK_FILL = "#fff0b3"
_STAR_FILL = "#e0a800"
_HINT_INK = "#555555"
# The BG Stats code of a filled sheet (data["qr"]): in the top corner where a line of the header ends (top right,
# top left on a mirrored sheet), beside the title and fields, never over a table. A module of 0.3 mm (a phone
# reads it from a print at 15–20 cm), the code at most 34 mm with its quiet zone, a small caption under it; beside
# a shorter header it shrinks to its height, down to modules of 0.25 mm (the tables then start below it).
QR_MODULE_MM = 0.3
QR_SMALLEST_MM = 0.25
QR_MAX_MM = 34.0
QR_GAP_MM = 3.0
QR_CAPTION_PT = 6.5
QR_QUIET = 4  # light modules around the code (scorepad.qr.QUIET)


# --------------------------------------------------------------------------------------------
# Templates


def load_template(name: str) -> dict:
    """The layout template `<name>.toml`, looked up in TEMPLATE_DIRS in order."""
    import re  # (imports here keep `import scorepad.sheets` near free; it is on the CLI path)

    # Only plain slugs: a name must never reach outside the templates directory.
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", name) and ".." not in name:
        for folder in TEMPLATE_DIRS:
            path = folder / f"{name}.toml"
            if path.is_file():
                import tomllib

                try:
                    with path.open("rb") as f:
                        template = tomllib.load(f)
                except tomllib.TOMLDecodeError as e:
                    raise ScorepadError(TEXT["bad_toml"].format(name=name, reason=e)) from None
                check_template(name, template)
                return template
    raise ScorepadError(TEXT["no_template"].format(name=name))


# The template format (documented at the top of templates/lost-cities.toml): for each kind of table,
# its keys -> (what the value must be, required). A typo ("widht") or a missing key would otherwise
# draw a sheet that is silently wrong, so loading refuses both.
_TEXT_VALUE = "text"
_NUMBER = "a number"
_WHOLE = "a whole number"
_YES_NO = "true or false"
_TEXTS = "a list of texts"
_ALIGN = ("left", "center", "right")
PAGE_SIZES = ("A3", "A4", "A5", "LETTER", "LEGAL")
TEMPLATE_SCHEMA: dict[str, dict[str, tuple[Any, bool]]] = {
    "template": {"page": ("page", True), "fields": ("field", False), "grids": ("grid", True)},
    "page": {"title": (_TEXT_VALUE, True), "size": (PAGE_SIZES, False),
             "orientation": (("portrait", "landscape"), False),
             "margin_mm": (_NUMBER, False), "subtitle": (_TEXT_VALUE, False), "notes": (_TEXTS, False),
             "font_size": (_NUMBER, False), "gap_mm": (_NUMBER, False), "field_columns": (_WHOLE, False)},
    "field": {"key": (_TEXT_VALUE, True), "label": (_TEXT_VALUE, True), "width": (_NUMBER, False),
              "format": (("date",), False)},
    "grid": {"key": (_TEXT_VALUE, True), "title": (_TEXT_VALUE, False), "columns": ("column", True),
             "across": (_WHOLE, False), "width": (_NUMBER, False), "row_height_mm": (_NUMBER, False),
             "total_label": (_TEXT_VALUE, False), "total_span": (_WHOLE, False), "total_align": (_ALIGN, False),
             "mark_text": (_TEXT_VALUE, False), "page_break": (_YES_NO, False), "row_colors": ("colours", False)},
    "column": {"key": (_TEXT_VALUE, True), "label": (_TEXT_VALUE, True), "width": (_NUMBER, False),
               "align": (_ALIGN, False), "shade": (_YES_NO, False), "each": (_TEXT_VALUE, False),
               "count": ("count", False), "labels": (_TEXT_VALUE, False)},
}
# The keys whose values are printed text: msgids, extracted by tools/catalogues.py and translated when drawn.
TEMPLATE_TEXT = frozenset({"title", "subtitle", "notes", "label", "total_label", "mark_text"})
_LISTS = {"page": False, "field": True, "grid": True, "column": True}  # [[fields]] is a list of tables


def check_template(name: str, template: dict) -> None:
    """Refuse a template with an unknown or missing key, or a value of the wrong kind: one line naming both.

    >>> check_template("demo", {"page": {"title": "T"}, "grids": [{"key": "g", "columns": [{"key": "a"}]}]})
    Traceback (most recent call last):
    scorepad.errors.ScorepadError: sheet template 'demo': grid 'g', column 'a': missing key 'label'
    """
    import re

    def refuse(where: str, problem: str) -> ScorepadError:
        return ScorepadError(TEXT["template_key"].format(name=name, where=f"{where}: " if where else "",
                                                         problem=problem))

    def check_value(kind: Any, value: Any, where: str, key: str) -> None:
        is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
        ok = {_TEXT_VALUE: isinstance(value, str), _NUMBER: is_number, _YES_NO: isinstance(value, bool),
              _WHOLE: is_number and isinstance(value, int),
              _TEXTS: isinstance(value, list) and all(isinstance(v, str) for v in value),
              "count": isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)),
              "colours": isinstance(value, dict) and all(isinstance(v, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", v)
                                                         for v in value.values())}.get(kind)
        if isinstance(kind, tuple):
            ok = isinstance(value, str) and (value.upper() if kind is PAGE_SIZES else value) in kind
            kind = " or ".join(repr(k) for k in kind)
        elif kind in _LISTS:
            tables = value if _LISTS[kind] else [value]
            if not isinstance(value, list if _LISTS[kind] else dict) or not all(isinstance(t, dict) for t in tables):
                shape = TEXT["template_tables" if _LISTS[kind] else "template_table"].format(key=key)
                raise refuse(where, TEXT["template_value"].format(key=key, kind=shape))
            for n, table in enumerate(tables, start=1):
                label = kind if kind == "page" else f"{kind} {table.get('key', n)!r}"
                check_table(kind, table, f"{where}, {label}" if where else label)
            return
        elif kind == "count":
            kind = TEXT["template_count"]
        elif kind == "colours":
            kind = TEXT["template_colours"]
        if not ok:
            raise refuse(where, TEXT["template_value"].format(key=key, kind=kind))

    def check_table(kind: str, table: dict, where: str) -> None:
        schema = TEMPLATE_SCHEMA[kind]
        for key in table:
            if key not in schema:
                raise refuse(where, TEXT["template_unknown"].format(key=key, known=", ".join(schema)))
        for key, (value_kind, required) in schema.items():
            if key in table:
                check_value(value_kind, table[key], where, key)
            elif required:
                raise refuse(where, TEXT["template_missing"].format(key=key))
        if kind == "column" and "each" not in table:
            for key in ("count", "labels"):
                if key in table:
                    raise refuse(where, TEXT["template_needs_each"].format(key=key))

    check_table("template", template, "")


# --------------------------------------------------------------------------------------------
# Rendering


def render(template: dict, data: dict, out: str | Path | BinaryIO, *, invariant: bool = True) -> list[str]:
    """Draw `data` on the layout `template` and write the PDF to `out` (a path or a binary file).

    Returns the warnings for the player (one line each, in the language in use; the caller prints them):
    today one at most, naming the characters no font has (they print as a box with "?").
    With `invariant` (the default) the bytes depend only on the input: fixed dates, ids and
    font-subset prefixes, so tests can compare renders. A path is written atomically: the PDF
    is built in memory, written to a temporary file in the same directory, then renamed.
    """
    buf = io.BytesIO()
    sheet = _Sheet(template, data, buf, invariant)
    sheet.draw()
    pdf = buf.getvalue()
    if hasattr(out, "write"):
        # A file object (BytesIO, an open file): never str() it, that names a file "<_io...>".
        out.write(pdf)  # type: ignore[union-attr]
    else:
        _write_atomic(Path(out), pdf)
    return sheet.warnings()


def _write_atomic(path: Path, pdf: bytes) -> None:
    from scorepad.files import write_atomically

    write_atomically(path, pdf)


def _package_folder(package: str) -> Path | None:
    """The folder of an installed package, found without importing it (nor importlib.resources: 12 M
    instructions, 1% of a sheet); None when it is not installed."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(folders[0]) if folders else None


def _font_file() -> str | None:
    """Path of the Noto Sans TTF from fontpkg-noto-sans, or None when the package is missing."""
    folder = _package_folder("fontpkg_noto_sans")
    try:
        # The package ships variable fonts only; reportlab draws their default (Regular)
        # instance, which covers Latin, Greek and Cyrillic (shared/tech-notes.md §4).
        for entry in sorted(os.listdir(folder / "files")) if folder else ():
            if entry.startswith("NotoSans") and "Italic" not in entry and entry.endswith(".ttf"):
                return str(folder / "files" / entry)
    except OSError:
        pass
    return None


def _register_font() -> str:
    """Register the sheet font once per process; the name of the font to draw with."""
    from reportlab.pdfbase import pdfmetrics

    path = _font_file()
    if path is None:
        return FALLBACK_FONT
    if FONT_NAME in pdfmetrics.getRegisteredFontNames():
        return FONT_NAME
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        pdfmetrics.registerFont(TTFont(FONT_NAME, path))
    except (TTFError, OSError):
        return FALLBACK_FONT
    return FONT_NAME


# Extra fonts for a process: role ("arabic", "cjk") -> registered font name, or None when none
# could be registered. Filled on first need; tests swap in an empty dict to choose again.
_EXTRA_FONTS: dict[str, str | None] = {}


def _script(ch: str) -> str | None:
    """'arabic' or None (a character whose font is chosen by coverage)."""
    code = ord(ch)
    if code < 0x0600:
        return None
    for lo, hi in _ARABIC_RANGES:
        if lo <= code <= hi:
            return "arabic"
    return None


def _register_ttf(name: str, path: str | BinaryIO, subfont: int = 0, *, face_name: str = "") -> str | None:
    """Register one TTF (or a face of a .ttc) as `name`; None if it cannot be used. `face_name`: the name it
    takes in the PDF instead of its own PostScript name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    try:
        font = TTFont(name, path, subfontIndex=subfont)
    except Exception:  # noqa: BLE001 — a damaged file raises anything from TTFError to struct.error
        return None
    if face_name:
        font.face.name = face_name.encode("ascii")  # (reportlab keeps it as bytes)
    # Two files with the same PostScript name collide: reportlab registers a font under the name of its face
    # and gives the first one's glyphs to both (tech-notes §4, Debian vs pip NotoSansArabic). One per name.
    for other in pdfmetrics.getRegisteredFontNames():
        face = getattr(pdfmetrics.getFont(other), "face", None)
        if other != name and face is not None and face.name == font.face.name:
            return None
    pdfmetrics.registerFont(font)
    return name


# Extra fonts for a process: role ("arabic", or "cjk:" + a set's key) -> registered font name, or None when
# none could be registered. Filled on first need; tests swap in an empty dict to choose again.
_EXTRA_FONTS: dict[str, str | None] = {}


def _arabic_font() -> str | None:
    """Noto Sans Arabic registered once per process; None without fontpkg-noto-sans-arabic."""
    if "arabic" not in _EXTRA_FONTS:
        name = None
        folder = _package_folder("fontpkg_noto_sans_arabic")
        try:
            # A variable font, like Noto Sans: reportlab draws its default (Regular) instance.
            for entry in sorted(os.listdir(folder / "files")) if folder else ():
                if entry.startswith("NotoSansArabic") and entry.endswith(".ttf"):
                    name = _register_ttf(ARABIC_FONT, str(folder / "files" / entry))
                    break
        except OSError:
            pass
        _EXTRA_FONTS["arabic"] = name
    return _EXTRA_FONTS["arabic"]


def _cjk_source() -> Path | None:
    """NotoSansCJKtc-Regular.otf from cvttf-notosanscjk-regular, or None when the package is missing."""
    folder = _package_folder(CJK_PACKAGE)
    path = folder / CJK_FILE if folder else None
    return path if path is not None and path.is_file() else None


def cache_folder() -> Path:
    """Where the converted CJK subsets are kept, in the user cache folder."""
    from scorepad.files import user_folder

    return user_folder("cache") / "fonts"


def _cjk_font(chars: str) -> str | None:
    """Noto Sans CJK TC subset to `chars` (sorted, no repeats), as a registered TrueType font; None without it.

    The subset is read from the cache folder when a file for exactly these characters is there and whole;
    otherwise (missing, cut short, damaged) it is built again and written atomically in its place. A folder
    we may not write in costs only the time: the subset is registered from memory."""
    import hashlib

    source = _cjk_source()
    if source is None:
        return None
    key = hashlib.sha256(f"{CJK_CACHE_VERSION}|{source.stat().st_size}|{chars}".encode()).hexdigest()[:24]
    role = f"cjk:{key}"
    if role not in _EXTRA_FONTS:
        name = f"{CJK_FONT}-{key[:12]}"
        path = cache_folder() / f"noto-sans-cjk-tc-{key}.ttf"
        # Every subset is named NotoSansCJKtc-Regular, and reportlab takes fonts with one PostScript name for
        # one font (the second subset drew with the first's glyphs): each is named after its set.
        face = f"NotoSansCJKtc-Regular-{key[:8]}"
        found = _register_ttf(name, str(path), face_name=face) if path.is_file() else None
        if found is None:
            try:
                data = _cjk_subset(source, chars)
            except Exception:  # noqa: BLE001 — fontTools missing or failing: the characters print as boxes
                data = None
            if data is not None:
                try:
                    from scorepad.files import write_atomically

                    path.parent.mkdir(parents=True, exist_ok=True)
                    write_atomically(path, data, new_mode=0o644)
                except (OSError, ScorepadError):
                    pass
                found = _register_ttf(name, io.BytesIO(data), face_name=face)
        _EXTRA_FONTS[role] = found
    return _EXTRA_FONTS[role]


def _cjk_subset(source: Path, chars: str) -> bytes:
    """The glyphs of `chars` from the CFF font `source`, as a TrueType (glyf) font file: fontTools' subsetter,
    then each cubic outline approximated by quadratic curves, as fontTools' otf2ttf snippet does."""
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    options = subset.Options()
    options.layout_features = []  # no shaping tables: reportlab draws one glyph per character
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]  # the licence and the names stay with the font
    options.drop_tables += ["VORG", "vhea", "vmtx", "GSUB", "GPOS", "GDEF", "BASE"]
    font = TTFont(str(source), lazy=True, recalcTimestamp=False)  # the same characters make the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    order = font.getGlyphOrder()
    outlines = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        outlines[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))  # 1 unit of 1000: invisible
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    glyf.compile(font)  # computes each glyph's bounds
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():
        hmtx.metrics[name] = (hmtx.metrics[name][0], getattr(glyph, "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _covers(font: str, ch: str) -> bool:
    from reportlab.pdfbase import pdfmetrics

    face = getattr(pdfmetrics.getFont(font), "face", None)
    glyphs = getattr(face, "charToGlyph", None)
    return glyphs is None or ord(ch) in glyphs  # (a standard-14 font: whatever its encoding has, as it was)


def _shape_arabic(s: str, base: str = "L") -> str:
    """Logical order -> the visual string to draw: joined letter forms, right to left; `base` is the line's
    direction ("L" on a left-to-right sheet, "R" on a right-to-left one)."""
    reshape = _joiner()
    if reshape is None:
        return s  # no shaping helpers: the letters still show, unjoined
    return _visual_order(reshape(s), base)


@functools.cache
def _joiner() -> Callable[[str], str] | None:
    """The reshape that _shape_arabic joins letters with (in logical order); None without the shaping helpers.

    arabic_reshaper's own options, with its ligatures of whole phrases ("bismillah") off, as they are by default:
    letters then join only inside a word, and a line's joined forms are its words' (_Sheet.joined)."""
    try:
        import bidi  # noqa: F401  (python-bidi, used by _visual_order)
        from arabic_reshaper import ArabicReshaper
        from arabic_reshaper.ligatures import SENTENCES_LIGATURES
    except ImportError:
        return None
    return ArabicReshaper(configuration={name: False for name, _forms in SENTENCES_LIGATURES}).reshape


def _join_word(word: str) -> str:
    """The joined forms of `word`; without its ZWJs where arabic_reshaper fails on it: it drops a ZWJ from the
    letters it joins but finds its ligatures in the text with it, so a ligature after one ("ک\u200dلا", "ک\u200dالله")
    pointed past the end and the whole sheet stopped with an IndexError."""
    reshape = _joiner() or str
    try:
        return reshape(word)
    except IndexError:
        return reshape(word.replace("\u200d", ""))


def _visual_order(s: str, base: str = "L") -> str:
    """The Unicode bidi algorithm on one line: characters in the order they are drawn.

    The line's direction is the sheet's, never guessed from its first letter: on a left-to-right sheet
    ("Game 1 — {player}", names joined with ", " in table order) only the Arabic-script stretches are
    reversed (letting the first letter decide turned "علی, Алиса" into "Алиса ,علی", against the order of
    the grids); on a Persian or Arabic sheet the line runs right to left, and a Latin name or a number in
    it still reads left to right.
    """
    import re
    import unicodedata

    from bidi import get_display

    visual = get_display(s, base_dir=base)
    # python-bidi >= 0.5 (a wrapper of Rust unicode-bidi) orders brackets right but skips
    # rule L4: a bracket inside a right-to-left stretch keeps its glyph, so "علی (رضا)" was
    # drawn as ")رضا( علی" (python-bidi issue #25). Its pure-Python bidi.algorithm mirrors
    # but lacks bracket pairing and misplaces them worse. So mirror here, using the levels
    # the same call reports with debug=True, and only when rebuilding the order from those
    # levels gives back exactly `visual` (if the debug format ever changes: no mirroring).
    if not any(unicodedata.mirrored(ch) for ch in s):
        return visual
    try:
        from bidi.mirror import MIRRORED

        info = str(get_display(s, base_dir=base, debug=True))
        per_byte = [int(n) for n in re.findall(r"Level\(\s*(\d+)", info.split("levels:", 1)[1].split("]", 1)[0])]
        levels, offset = [], 0
        for ch in s:
            levels.append(per_byte[offset])
            offset += len(ch.encode("utf-8"))
    except (ImportError, IndexError, ValueError):
        return visual
    for i in range(len(s) - 1, -1, -1):  # L1: trailing white space takes the line's level
        if unicodedata.bidirectional(s[i]) not in ("WS", "BN", "FSI", "LRI", "RLI", "PDI"):
            break
        levels[i] = 1 if base == "R" else 0
    chars = [MIRRORED.get(ch, ch) if level % 2 else ch for ch, level in zip(s, levels)]
    plain = list(s)
    for level in range(max(levels), 0, -1):  # L2: reverse every run at this level or higher
        i = 0
        while i < len(levels):
            if levels[i] >= level:
                j = i
                while j < len(levels) and levels[j] >= level:
                    j += 1
                chars[i:j], plain[i:j], levels[i:j] = chars[i:j][::-1], plain[i:j][::-1], levels[i:j][::-1]
                i = j
            else:
                i += 1
    return "".join(chars) if "".join(plain) == visual else visual


# Chinese has no spaces: a line may break between any two ideographs, but not before a closing mark
# (，。、) nor after an opening one (（「), as Chinese typesetting does.
_CJK_BREAKABLE = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
_NO_BREAK_BEFORE = frozenset("，。、；：？！）」』】》〉・…,.;:?!)")
_NO_BREAK_AFTER = frozenset("（「『【《〈(")


def _cjk(ch: str) -> bool:
    code = ord(ch)
    return code >= 0x2E80 and any(lo <= code <= hi for lo, hi in _CJK_BREAKABLE)


def _pieces(word: str) -> list[str]:
    """A word cut where a line may break inside it: before and after each Chinese character.

    >>> _pieces("計分表（第1局），Ben")
    ['計', '分', '表', '（第', '1', '局），', 'Ben']
    """
    pieces = [""]
    for ch in word:
        last = pieces[-1][-1:] if pieces[-1] else ""
        if (last and (_cjk(ch) or _cjk(last)) and ch not in _NO_BREAK_BEFORE and last not in _NO_BREAK_AFTER):
            pieces.append(ch)
        else:
            pieces[-1] += ch
    return pieces


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


class _Column:
    """One laid-out column; `width` is relative until the grid is sized, then in points."""

    __slots__ = ("key", "label", "width", "align", "shade")

    def __init__(self, key: str, label: str, width: float, align: str, shade: bool) -> None:
        self.key, self.label, self.width, self.align, self.shade = key, label, width, align, shade


class _Vars(dict):
    """format_map mapping: an empty or unknown variable prints as a blank to write on."""

    def __getitem__(self, key: str) -> Any:
        value = self.get(key)
        return TEXT["blank"] if value is None or value == "" else value


class _NothingDrawn:
    """The canvas of a layout pass (_Sheet.dry): every drawing call does nothing."""

    def __getattr__(self, name: str) -> Any:
        return _nothing


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


_NOTHING_DRAWN = _NothingDrawn()


class _Sheet:
    """One render: the canvas, the fonts, the direction and a cursor that moves down the page."""

    dry = False  # laying out only (code_fits_at_end): the page parts move self.y and draw nothing

    def __init__(self, template: dict, data: dict, buf: BinaryIO, invariant: bool) -> None:
        from reportlab.lib import pagesizes
        from reportlab.pdfgen import canvas

        from scorepad.i18n import language

        self.t = template
        self.data = data
        self.page = template.get("page", {})
        size_name = str(self.page.get("size", "A4")).upper()
        sizes = {"A3": pagesizes.A3, "A4": pagesizes.A4, "A5": pagesizes.A5,
                 "LETTER": pagesizes.LETTER, "LEGAL": pagesizes.LEGAL}
        if size_name not in sizes:
            raise ScorepadError(TEXT["bad_template"].format(reason=f"unknown page size {size_name!r}"))
        orientation = self.page.get("orientation", "portrait")
        if orientation not in ("portrait", "landscape"):
            raise ScorepadError(TEXT["bad_template"].format(reason=f"unknown orientation {orientation!r}"))
        size = sizes[size_name]
        self.w, self.h = pagesizes.landscape(size) if orientation == "landscape" else pagesizes.portrait(size)
        self.margin = float(self.page.get("margin_mm", 10)) * MM
        self.gap = float(self.page.get("gap_mm", 4)) * MM
        self.size = float(self.page.get("font_size", 9))
        self.rtl = right_to_left()  # a Persian or Arabic sheet: mirrored, right-aligned, lines run right to left
        self.font = _register_font()
        self.minus = MINUS if self.font == FONT_NAME else "-"
        # The canvas's first font is ours: reportlab's default would put a Helvetica (not embedded) in every PDF.
        self.c = canvas.Canvas(buf, pagesize=(self.w, self.h), invariant=1 if invariant else 0,
                               pageCompression=1, initialFontName=self.font, initialFontSize=self.size,
                               lang=language())
        # A game may replace the template's title (one template, two editions): data["title"], already worded.
        self.title = self.text(self.data["title"]) if "title" in self.data else self.tr(self.page.get("title", ""))
        self.c.setTitle(self.title)
        self.c.setCreator(TEXT["creator"])
        self.c.setAuthor(TEXT["creator"])
        self.c.setSubject(self.title)
        self.y = self.h - self.margin  # top of the free space
        self.qr_room, self.qr_bottom = 0.0, self.y  # the room the BG Stats code takes beside the header (draw)
        self.pages = 1
        self.start_texts()

    def start_texts(self) -> None:
        """The fonts of the page's texts (choose_fonts), and nothing yet remembered of how they are drawn."""
        self._runs: dict[str, list[tuple[str, str]]] = {}
        self._units: dict[tuple[str, bool], float | None] = {}  # units()'s answers: a word is measured once
        self._advances: dict[str, tuple[dict | None, float]] = {}  # a font's advance widths (advance())
        self._joined: dict[str, str] = {}  # a word's joined forms (joined())
        self.missing: dict[str, str] = {}  # a character no font has -> the first text it was in
        self.arabic: str | None = None
        self.cjk: str | None = None
        self._font_of: dict[tuple[str, bool], str] = {}  # font_of's answers (a sheet asks again for each text)
        self._plain: set[str] = set()  # characters seen drawn in the sheet font in a text without Arabic script
        self.choose_fonts()

    # ---- text helpers -------------------------------------------------------------------

    def tr(self, s: Any) -> str:
        """A template's printed text (a msgid) in the language in use; "" stays "" (gettext would give the
        catalogue's header)."""
        s = str(s)
        return self.text(_(s) if s.strip() else s)

    def text(self, s: Any) -> str:
        s = safe(format_value(s, self.minus), keep="\n")  # a name from an older database: no control character
        if self.font == FALLBACK_FONT:
            s = s.replace(MINUS, "-")  # Helvetica's encoding has no U+2212
        return s

    def field_value(self, field: dict) -> str:
        value = (self.data.get("fields", {}) or {}).get(field.get("key", ""), "")
        if field.get("format") == "date" and isinstance(value, str):
            value = format_date(value)
        return self.text(value)

    def texts(self) -> list[str]:
        """Every text the sheet may draw (more, not less): the template's translated and the data's."""
        out = [self.title, TEXT["blank"], "…", PLACEHOLDER, self.minus]

        def template_text(value: Any, key: str | None) -> None:
            if isinstance(value, dict):
                for k, item in value.items():
                    template_text(item, k)
            elif isinstance(value, list):
                for item in value:
                    template_text(item, key)
            elif isinstance(value, str) and key in TEMPLATE_TEXT:
                out.append(self.tr(value))

        def data_text(value: Any) -> None:
            if isinstance(value, dict):
                for item in value.values():
                    data_text(item)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    data_text(item)
            elif value is not None:
                out.append(self.text(value))

        template_text(self.t, None)
        data_text({key: value for key, value in self.data.items() if key != "qr"})  # the code's modules: no text
        data_text((self.data.get("qr") or {}).get("caption"))
        out += [self.field_value(f) for f in self.t.get("fields", [])]
        return out

    def choose_fonts(self) -> None:
        """Register the fonts this sheet's text needs: Noto Sans Arabic for Arabic script, and Noto Sans CJK TC
        subset to every character that neither Noto Sans nor (beside Arabic) Noto Sans Arabic has."""
        texts = [t for t in self.texts() if not t.isascii()]
        if any(_script(ch) == "arabic" for t in texts for ch in t):
            self.arabic = _arabic_font()
        wanted = set()
        for t in texts:
            arabic = self.arabic is not None and any(_script(ch) == "arabic" for ch in t)
            for ch in set(t):
                if not ch.isspace() and self.font_of(ch, arabic) == _NO_FONT:
                    wanted.add(ch)
        if wanted:
            self.cjk = _cjk_font("".join(sorted(wanted)))
            self._font_of.clear()  # what had no font may be in the subset now

    def font_of(self, ch: str, arabic: bool) -> str:
        """The font that draws `ch` in a text with (`arabic`) or without Arabic script; _NO_FONT if none has it."""
        found = self._font_of.get((ch, arabic))
        if found is None:
            found = self._font_of[ch, arabic] = self._choose_font(ch, arabic)
        return found

    def _choose_font(self, ch: str, arabic: bool) -> str:
        if arabic and self.arabic and _covers(self.arabic, ch):
            return self.arabic  # the Latin, digits and punctuation of a Persian line: one font, one baseline
        if _covers(self.font, ch):
            return self.font
        for font in (self.cjk, self.arabic):
            if font and _covers(font, ch):
                return font
        return _NO_FONT

    def runs(self, s: str) -> list[tuple[str, str]]:
        """How `s` (logical order) is drawn: (text, font) pieces, left to right.

        Text in the sheet font's scripts is one piece in that font, as it always was. Arabic script is shaped
        and put in visual order (the line's direction is the sheet's), and drawn with Noto Sans Arabic together
        with the Latin, digits and punctuation around it; Chinese gets the CJK subset; anything the chosen font
        lacks (Cyrillic in a Persian line) goes back to the sheet font; a character no font has is a piece of
        its own (_NO_FONT), drawn as a box. Invisible format characters no font has (a ZWNJ) are left out.
        """
        runs = self._runs.get(s)
        if runs is not None:
            return runs
        runs = [(s, self.font)]
        if not s.isascii():
            import unicodedata

            arabic = self.arabic is not None and any(_script(ch) == "arabic" for ch in s)
            chars = set(s)
            if not arabic and (chars <= self._plain or all(self.font_of(ch, False) == self.font for ch in chars)):
                # All in the sheet font (a "—" or "×" in a note): one piece, as the loop below would make it. wrap()
                # measures every longer line it tries, so a paragraph went through that loop once per word.
                self._plain |= chars
                self._runs[s] = runs
                return runs
            visual = self.shape(s) if arabic else s
            runs = []
            for ch in visual:
                font = self.font_of(ch, arabic)
                if unicodedata.category(ch) == "Cf" and (font == _NO_FONT or arabic):  # shaped: ZWNJ did its work
                    continue
                if runs and runs[-1][1] == font:
                    runs[-1] = (runs[-1][0] + ch, font)
                else:
                    runs.append((ch, font))
        self._runs[s] = runs
        return runs

    def width(self, s: str, size: float) -> float:
        """The drawn width of `s`, measured in the fonts it is drawn with."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return sum(len(text) * size * 0.75 if font == _NO_FONT else stringWidth(text, font, size)
                   for text, font in self.runs(s))

    def warnings(self) -> list[str]:
        """The lines to tell the player after the render (see render())."""
        if not self.missing:
            return []
        import unicodedata

        chars = ", ".join(f"{ch} (U+{ord(ch):04X} {unicodedata.name(ch, '?')})" for ch in self.missing)
        return [plural(NO_GLYPH, len(self.missing)).format(chars=chars)]

    def fit(self, s: str, size: float, room: float, smallest: float = 5.5) -> tuple[str, float]:
        """Shrink the size until `s` fits in `room`; past the smallest size, cut it with '…'.

        A width is measured a bounded number of times whatever the length of `s` (a few sizes, then a binary
        search for the cut): cutting one character at a time measured, shaped and reordered every prefix of
        it, so 1,000 characters of Arabic took 44 s on a London sheet."""
        while size > smallest and self.width(s, size) > room:
            size -= 0.25
        if self.width(s, size) > room:
            fits, over = 0, len(s)  # the longest prefix that fits with its '…': at least `fits`, less than `over`
            while over - fits > 1:
                middle = (fits + over) // 2
                if self.width(s[:middle] + "…", size) <= room:
                    fits = middle
                else:
                    over = middle
            s = s[:fits] + "…"  # (in logical order: on a right-to-left line the '…' ends up on the left)
        return s, size

    def wrap(self, s: str, size: float, room: float) -> list[str]:
        """Lines of at most `room`, cut between words in logical order (each line is shaped and reordered on its
        own when drawn, so a right-to-left paragraph starts on the first line, tech-notes §4).

        Each longer line tried is measured as the line's advance so far plus its next piece's (units()): shaping
        joins letters only inside a word and a width does not depend on the order, so a paragraph is no longer
        shaped and reordered once per word (114 of the 147 Arabic texts of a Persian Chinatown sheet were lines
        tried, never drawn). Near `room`, or where that sum may not be the drawn width, the line is measured
        whole (width()): the lines are the ones measuring every trial whole makes."""
        lines: list[str] = []
        for part in s.split("\n"):
            line, units, arabic = "", None, False  # the line's advance (units(); None: unknown), has Arabic
            for word in part.split():
                for n, piece in enumerate(_pieces(word)):
                    added = f" {piece}" if line and n == 0 else piece
                    joined = arabic or self.has_arabic(added)
                    if not line:
                        line, units, arabic = added, self.units(added, joined), joined
                        continue
                    longer = self.longer(line, units, arabic, added, joined)
                    if self.over(line + added, longer, size, room):
                        lines.append(line)
                        arabic = self.has_arabic(piece)
                        line, units = piece, self.units(piece, arabic)
                    else:
                        line, units, arabic = line + added, longer, joined
            lines.append(line)
        return lines

    def has_arabic(self, s: str) -> bool:
        """Is `s` drawn as Arabic script (shaped, reordered, in the Arabic font with what is around it)? As runs()
        decides it."""
        return self.arabic is not None and any(_script(ch) == "arabic" for ch in s)

    def units(self, s: str, arabic: bool) -> float | None:
        """The advance of `s` in a text with (`arabic`) or without Arabic script, in thousandths of the font size:
        the sum of its characters' advances, in logical order and shaped as runs() shapes it (joined()), but not
        reordered (a width does not depend on the order). None when that sum may not be what width() measures: a
        mirrored character whose mirror draws otherwise, a font that is not a TrueType font (the fallback
        Helvetica)."""
        found = self._units.get((s, arabic), False)
        if found is not False:
            return found
        import unicodedata

        text, total = s, 0.0
        if arabic and _joiner() is not None:
            text = self.joined(s)
        for ch in text if text is not None else ():
            font = self.font_of(ch, arabic)
            if font == _NO_FONT:
                if unicodedata.category(ch) != "Cf":
                    total += 750  # the box of draw_missing: 0.75 of the size
                continue
            if arabic and unicodedata.category(ch) == "Cf":
                continue  # shaped: ZWNJ did its work (runs())
            advance = self.advance(font, ch)
            if (advance is None or (not arabic and ch.isascii() and font != self.font)
                    or (arabic and unicodedata.mirrored(ch) and not self.mirrors_alike(ch, font, advance))):
                text = None  # (an ASCII text is one piece in the sheet font, whatever its characters)
                break
            total += advance
        self._units[s, arabic] = result = None if text is None else total
        return result

    def shape(self, s: str) -> str:
        """_shape_arabic(s) on this sheet (its direction), joined from the words' shapes (joined())."""
        if _joiner() is None:
            return s  # no shaping helpers: the letters still show, unjoined
        return _visual_order(self.joined(s), "R" if self.rtl else "L")

    def joined(self, s: str) -> str:
        """arabic_reshaper's joined forms of `s` (logical order), put together from its words': letters join only
        inside a word (_joiner), and a sheet shapes each word once (in the lines wrap() tries, then in the lines
        drawn) rather than every line again."""
        if _joiner() is None:
            return s
        words = self._joined
        out = []
        for word in s.split(" "):
            found = words.get(word)
            if found is None:
                found = words[word] = _join_word(word)
            out.append(found)
        return " ".join(out)

    def advance(self, font: str, ch: str) -> float | None:
        """`ch`'s advance in `font` in thousandths of the size, as reportlab's stringWidth adds it up for a
        TrueType font; None for another kind of font."""
        widths = self._advances.get(font)
        if widths is None:
            from reportlab.pdfbase.pdfmetrics import getFont

            face = getattr(getFont(font), "face", None)
            widths = self._advances[font] = (getattr(face, "charWidths", None), getattr(face, "defaultWidth", 0))
        table, default = widths
        return None if table is None else table.get(ord(ch), default)

    def mirrors_alike(self, ch: str, font: str, advance: float) -> bool:
        """Does the mirror of `ch` (what _visual_order draws in a right-to-left stretch) have its font and advance?"""
        try:
            from bidi.mirror import MIRRORED
        except ImportError:
            return False
        mirror = MIRRORED.get(ch, ch)
        return mirror == ch or (self.font_of(mirror, True) == font and self.advance(font, mirror) == advance)

    def longer(self, line: str, units: float | None, arabic: bool, added: str, joined: bool) -> float | None:
        """The advance (units()) of `line` + `added`, from the line's (`units`, `arabic`); None when unknown."""
        if units is None:
            return None
        if not added.startswith(" ") and (_script(line[-1]) or _script(added[0])):
            return None  # two pieces of a word (Chinese) with Arabic script where they meet: they may join
        if joined and not arabic:
            units = self.units(line, True)  # (no Arabic letter in it: nothing to shape, its fonts may change)
        more = self.units(added, joined)
        return None if units is None or more is None else units + more

    def over(self, s: str, units: float | None, size: float, room: float) -> bool:
        """width(s, size) > room, from `s`'s advance (units()) when it is known and not within _SLACK of `room`
        (the sum of the same advances in another order and grouping differs in its last bits only)."""
        if units is not None:
            width = units * size * 0.001
            if width > room + _SLACK:
                return True
            if width < room - _SLACK:
                return False
        return self.width(s, size) > room

    def side(self, align: str) -> str:
        """A template's alignment on this sheet: left and right swap on a right-to-left sheet."""
        if self.rtl and align in ("left", "right"):
            return "right" if align == "left" else "left"
        return align

    def start(self, left: float, right: float) -> tuple[float, str]:
        """Where a line of text starts between `left` and `right`, and its alignment (reading direction)."""
        return (right, "right") if self.rtl else (left, "left")

    def put(self, x: float, y: float, s: str, size: float, *, align: str = "left",
            bold: bool = False, color: str = _INK) -> None:
        """Draw one line. `bold` strokes the outline too: Noto Sans ships no bold face and a
        stroked regular face works for every script (Cyrillic included)."""
        if self.dry:
            return
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth

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
            if font == _NO_FONT:
                for ch in text:
                    self.missing.setdefault(ch, s)
                    x = self.draw_missing(x, y, size, color)
                continue
            c.setFont(font, size)
            c.drawString(x, y, text, mode=mode)
            x += stringWidth(text, font, size)

    def draw_missing(self, x: float, y: float, size: float, color: str) -> float:
        """A box with '?' where a character no font has would be; returns where the next character starts."""
        from reportlab.lib.colors import HexColor

        c = self.c
        c.saveState()
        c.setStrokeColor(HexColor(color))
        c.setLineWidth(max(0.4, size * 0.05))
        c.rect(x + size * 0.06, y - size * 0.14, size * 0.63, size * 0.9, stroke=1, fill=0)
        c.setFont(self.font, size * 0.7)
        c.drawCentredString(x + size * 0.375, y + size * 0.08, PLACEHOLDER)
        c.restoreState()
        return x + size * 0.75

    def new_page(self) -> None:
        self.c.showPage()
        self.pages += 1
        self.y = self.h - self.margin

    # ---- page parts -----------------------------------------------------------------------

    def draw(self) -> None:
        at_end = bool(self.data.get("qr")) and self.code_fits_at_end()
        self.qr_room = self.qr_side() + QR_GAP_MM * MM if self.data.get("qr") and not at_end else 0.0
        self.draw_header()
        self.draw_fields()
        if self.qr_room:
            self.draw_qr(self.h - self.margin - self.y)
            self.y = min(self.y, self.qr_bottom - self.gap)  # the tables start below the code
        for grid in self.t.get("grids", []):
            self.draw_section(grid)
        if at_end:
            self.draw_qr(None)
        self.c.showPage()
        self.c.save()

    def code_fits_at_end(self) -> bool:
        """Is there room for the code, at its full size, under the tables of the last page? Then it goes in that
        page's bottom corner, and the header keeps its whole width."""
        _page, end = self.layout_end()
        return end - self.margin >= self.qr_side() + 2 * QR_CAPTION_PT * 1.2 + 1 * MM + self.gap

    def layout_end(self) -> tuple[int, float]:
        """The page and the height where the tables end on this sheet drawn without the code: the header, fields
        and tables laid out at the header's whole width by the drawing code itself with nothing drawn (self.dry),
        on this sheet (its fonts, its measured texts); the sheet is left as it was. (A second sheet drawn on a
        canvas thrown away took 30–60 ms of a filled sheet's ~300.)"""
        canvas, y, pages, room = self.c, self.y, self.pages, self.qr_room
        self.c, self.dry, self.qr_room = _NOTHING_DRAWN, True, 0.0
        try:
            self.draw_header()
            self.draw_fields()
            for grid in self.t.get("grids", []):
                self.draw_section(grid)
            return self.pages, self.y
        finally:
            self.c, self.dry, self.y, self.pages, self.qr_room = canvas, False, y, pages, room

    def header_edges(self, y: float | None = None) -> tuple[float, float]:
        """The header's left and right edges for a line at `y`: the page's, less the room of the code in its
        corner while the line is beside it (the code's planned bottom: its largest side and caption)."""
        left, right = self.margin, self.w - self.margin
        if y is not None and y < self.h - self.margin - self.qr_room - 2 * QR_CAPTION_PT * 1.2:
            return left, right
        if self.rtl:
            return left + self.qr_room, right
        return left, right - self.qr_room

    def qr_side(self, header: float | None = None) -> float:
        """The code's side (quiet zone included): modules of QR_MODULE_MM up to QR_MAX_MM; beside a `header` of
        that height, no taller than it, down to modules of QR_SMALLEST_MM (the tables start below the code)."""
        count = len((self.data.get("qr") or {}).get("modules") or []) + 2 * QR_QUIET
        side = min(QR_MAX_MM * MM, count * QR_MODULE_MM * MM)
        if header is not None:
            side = max(count * QR_SMALLEST_MM * MM, min(side, header - 2 * QR_CAPTION_PT * 1.2 - 1 * MM))
        return side

    def draw_qr(self, header: float | None) -> None:
        """The code of data["qr"] (its modules, dark True, from scorepad.qr) and its caption: in the top corner
        beside the header (`header`: its height), or (None) in the bottom corner of the page."""
        from reportlab.lib.colors import HexColor

        qr = self.data.get("qr")
        self.qr_bottom = self.y
        if not qr or not qr.get("modules"):
            return
        matrix = qr["modules"]
        count = len(matrix) + 2 * QR_QUIET
        side = self.qr_side(header)
        unit = side / count
        x = self.margin if self.rtl else self.w - self.margin - side
        top = self.h - self.margin if header is not None else self.margin + 2 * QR_CAPTION_PT * 1.2 + 1 * MM + side
        c = self.c
        c.saveState()
        c.setFillColor(HexColor("#000000"))
        for r, row in enumerate(matrix):
            y = top - (QR_QUIET + r + 1) * unit
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
        bottom = top - side
        caption = self.text(qr.get("caption", ""))
        if caption:
            for line in self.caption_lines(caption, side):
                bottom -= QR_CAPTION_PT * 1.2
                self.put(x + side / 2, bottom, line, QR_CAPTION_PT, color=_HINT_INK, align="center")
        self.qr_bottom = bottom - 1 * MM

    def caption_lines(self, caption: str, room: float) -> list[str]:
        """The code's caption in lines of `room`, broken at spaces only (a no-break space holds "BG Stats"
        together); text without spaces (Chinese) as self.wrap breaks it."""
        if " " not in caption:
            return self.wrap(caption, QR_CAPTION_PT, room)
        lines: list[str] = []
        for word in caption.split(" "):
            if lines and self.width(f"{lines[-1]} {word}", QR_CAPTION_PT) <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def draw_header(self) -> None:
        left, right = self.header_edges(self.y)
        x, align = self.start(left, right)
        if self.title:
            size = self.size + 7
            self.y -= size * 0.95
            self.put(x, self.y, self.fit(self.title, size, right - left)[0], size, bold=True, align=align)
            self.y -= size * 0.35
        subtitle = self.tr(self.page.get("subtitle", ""))
        if subtitle:
            size = self.size + 1
            self.y -= size * 1.15
            line, size = self.fit(subtitle, size, right - left)
            self.put(x, self.y, line, size, align=align)
        # A game may replace the template's notes (e.g. a variant's own rules reminder): data["notes"], worded.
        notes = ([self.text(n) for n in self.data["notes"]] if "notes" in self.data
                 else [self.tr(n) for n in self.page.get("notes", [])])
        for note in notes:
            size = self.size - 0.5
            while note:  # line by line: beside the code narrower, below it the whole width again
                left, right = self.header_edges(self.y - size * 1.3)
                x, align = self.start(left, right)
                lines = self.wrap(note, size, right - left) or [""]
                rest = note[len(lines[0]):].lstrip() if note.startswith(lines[0]) else None
                if rest is None:  # a line the wrap made otherwise than as a prefix: the rest at this width
                    for line in lines:
                        self.y -= size * 1.3
                        self.put(x, self.y, line, size, color=_HINT_INK, align=align)
                    break
                self.y -= size * 1.3
                self.put(x, self.y, lines[0], size, color=_HINT_INK, align=align)
                note = rest
        self.y -= 1.5 * MM

    def draw_fields(self) -> None:
        fields = self.t.get("fields", [])
        if not fields:
            return
        per_line = int(self.page.get("field_columns", len(fields))) or len(fields)
        left, right = self.header_edges()
        room = right - left
        gap = 4 * MM
        label_size, value_size = self.size - 0.5, self.size + 1.5
        line_h = 9 * MM
        for start in range(0, len(fields), per_line):
            line = fields[start:start + per_line]
            total = sum(float(f.get("width", 1)) for f in line)
            self.y -= line_h
            left, right = self.header_edges(self.y + line_h * 0.6)  # beside the code, or below it
            room = right - left
            usable = room - gap * (len(line) - 1)
            x = left
            for f in reversed(line) if self.rtl else line:  # the first field where a line starts reading
                w = usable * float(f.get("width", 1)) / total
                label = self.tr(f.get("label", ""))
                label_w = self.width(label, label_size) + 1.5 * MM
                # label, then the line to write on; right to left: the label at the right end
                label_x, x0, x1 = (x + w, x, x + w - label_w) if self.rtl else (x, x + label_w, x + w)
                self.put(label_x, self.y + 1.2 * MM, label, label_size, bold=True, align="right" if self.rtl else "left")
                self.c.setStrokeColorRGB(0.1, 0.1, 0.1)
                self.c.setLineWidth(0.6)
                self.c.line(x0, self.y, x1, self.y)
                value = self.field_value(f)
                if value:
                    s, size = self.fit(value, value_size, x1 - x0 - 1 * MM)
                    vx, valign = (x1 - 1 * MM, "right") if self.rtl else (x0 + 1 * MM, "left")
                    self.put(vx, self.y + 1.2 * MM, s, size, align=valign)
                x += w + gap
        self.y -= self.gap

    def columns(self, grid: dict) -> list[_Column]:
        cols: list[_Column] = []
        for col in grid.get("columns", []):
            each = col.get("each")
            if each:
                count = col.get("count", f"{each}s")
                n = self.data.get(count, 0) if isinstance(count, str) else count
                n = len(n) if isinstance(n, list) else n  # a list counts its items (e.g. player names)
                variants = [{each: i} for i in range(1, int(n or 0) + 1)]
            else:
                variants = [None]
            # `labels`: the n-th repeated column is headed by item n of that top-level list
            # (a blank pad's "" prints an empty header to write a name in); data, so already worded.
            labels = self.data.get(col["labels"], []) if each and col.get("labels") else None
            pattern = str(col.get("label", ""))
            pattern = _(pattern) if pattern.strip() else pattern
            for v in variants:
                key, label = str(col["key"]), pattern
                if v is not None:
                    key, label = key.format_map(v), label.format_map(v)
                if labels is not None and v is not None:
                    label = str(labels[v[each] - 1]) if v[each] <= len(labels) else ""
                cols.append(_Column(key=key, label=self.text(label), width=float(col.get("width", 1)),
                                    align=self.side(col.get("align", "center")), shade=bool(col.get("shade", False))))
        if not cols:
            raise ScorepadError(TEXT["bad_template"].format(reason=f"grid {grid.get('key')!r} has no columns"))
        return cols

    def lefts(self, cols: list[_Column], x: float, width: float) -> list[float]:
        """The left edge of each column, in the template's order: left to right, or from the right edge."""
        out, edge = [], x
        for col in cols:
            if self.rtl:
                out.append(x + width - (edge - x) - col.width)
            else:
                out.append(edge)
            edge += col.width
        return out

    def draw_section(self, grid: dict) -> None:
        instances = (self.data.get("grids", {}) or {}).get(grid.get("key"), [])
        if not instances:
            return
        if grid.get("page_break") and self.y < self.h - self.margin:  # e.g. a summary on a page of its own
            self.new_page()
        across = max(1, int(grid.get("across", 1)))
        room = self.w - 2 * self.margin
        hgap = 6 * MM
        inst_w = (room - hgap * (across - 1)) / across
        if "width" in grid:
            inst_w = min(inst_w, room * float(grid["width"]))
        cols = self.columns(grid)
        total_rel = sum(c.width for c in cols)
        for c in cols:
            c.width = inst_w * c.width / total_rel
        header_size = self.size - 1
        header_lines = [self.wrap(c.label, header_size, c.width - 1.5 * MM) for c in cols]
        header_h = max(len(lines) for lines in header_lines) * header_size * 1.15 + 2.2 * MM
        row_h = float(grid.get("row_height_mm", 7)) * MM
        title_h = (self.size + 1) * 1.6
        for start in range(0, len(instances), across):
            band = instances[start:start + across]
            heights = [title_h + header_h + row_h * (len(i.get("rows", [])) + ("total_label" in grid))
                       for i in band]
            band_h = max(heights)
            if self.y - band_h < self.margin and self.y < self.h - self.margin:
                self.new_page()
            for n, inst in enumerate(band):
                x = self.margin + n * (inst_w + hgap)
                if self.rtl:  # the first table at the right
                    x = self.w - self.margin - inst_w - n * (inst_w + hgap)
                self.draw_grid(grid, inst, cols, header_lines, x, self.y, inst_w,
                               title_h, header_h, header_size, row_h)
            self.y -= band_h + self.gap

    def draw_grid(self, grid: dict, inst: dict, cols: list[_Column], header_lines: list[list[str]],
                  x: float, top: float, width: float, title_h: float, header_h: float,
                  header_size: float, row_h: float) -> None:
        if self.dry:  # the table's height is its band's (draw_section)
            return
        from reportlab.lib.colors import HexColor

        c = self.c
        lefts = self.lefts(cols, x, width)
        # Title: the pattern is translated, then filled with the instance's values
        pattern = str(grid.get("title", ""))
        pattern = _(pattern) if pattern.strip() else pattern
        title = self.text(pattern.format_map(_Vars(inst.get("vars", {}) or {})))
        if title:
            tx, talign = self.start(x, x + width)
            line, size = self.fit(title, self.size + 1, width)
            self.put(tx, top - title_h + 1.6 * MM, line, size, bold=True, align=talign)
        y = top - title_h  # top of the table
        rows = list(inst.get("rows", []) or [])
        has_total = "total_label" in grid
        n_body = len(rows)
        bottom = y - header_h - row_h * (n_body + has_total)

        # Fills first, rules and text on top.
        c.setFillColor(HexColor(_HEADER_FILL))
        c.rect(x, y - header_h, width, header_h, stroke=0, fill=1)
        for col, cx in zip(cols, lefts):
            if col.shade:
                c.setFillColor(HexColor(_SHADE_FILL))
                c.rect(cx, bottom, col.width, y - header_h - bottom, stroke=0, fill=1)
        for i, row in enumerate(rows):
            if row.get("mark"):
                c.setFillColor(HexColor(_MARK_FILL))
                c.rect(x, y - header_h - row_h * (i + 1), width, row_h, stroke=0, fill=1)
        if has_total:
            c.setFillColor(HexColor(_TOTAL_FILL))
            c.rect(x, bottom, width, row_h, stroke=0, fill=1)

        # Header labels, centred as a block in their cell
        line_step = header_size * 1.15
        for col, cx, lines in zip(cols, lefts, header_lines):
            block = len(lines) * line_step
            base = y - (header_h - block) / 2 - header_size * 0.85
            for k, line in enumerate(lines):
                s, size = self.fit(line, header_size, col.width - 1 * MM)
                self.put(cx + col.width / 2, base - k * line_step, s, size, align="center", bold=True)

        # Body rows
        colors = grid.get("row_colors", {}) or {}
        mark_text = self.tr(grid.get("mark_text", ""))
        for i, row in enumerate(rows):
            row_top = y - header_h - row_h * i
            swatch = colors.get(str(row.get("key", row.get("label", ""))))
            mark = bool(row.get("mark"))
            self.draw_row(cols, row, x, width, row_top, row_h, bold=mark, swatch=swatch,
                          mark_text=mark_text if mark else None)
        span = max(1, min(int(grid.get("total_span", 1)), len(cols)))
        if has_total:
            # The label may span several leading columns: cells nobody should fill stay shut.
            values = dict(inst.get("total") or {})
            values[cols[0].key] = self.tr(grid["total_label"])
            merged = _Column(key=cols[0].key, label="", width=sum(col.width for col in cols[:span]),
                             align=self.side(grid["total_align"]) if "total_align" in grid else cols[0].align,
                             shade=False)
            self.draw_row([merged, *cols[span:]], values, x, width, bottom + row_h, row_h, bold=True)

        # Rules: thin inner lines, a heavier frame, header and total separators.
        c.setStrokeColor(HexColor(_RULE_INNER))
        c.setLineWidth(0.4)
        for i in range(1, n_body + has_total):
            ry = y - header_h - row_h * i
            c.line(x, ry, x + width, ry)
        for k, col in enumerate(cols[:-1]):  # the rule between column k and k + 1
            cx = lefts[k] if self.rtl else lefts[k] + col.width
            c.line(cx, y, cx, bottom + row_h if has_total and k < span - 1 else bottom)
        c.setStrokeColor(HexColor(_INK))
        c.setLineWidth(0.9)
        c.line(x, y - header_h, x + width, y - header_h)
        if has_total:
            c.line(x, bottom + row_h, x + width, bottom + row_h)
        c.setLineWidth(1.2)
        c.rect(x, bottom, width, y - bottom, stroke=1, fill=0)

    def draw_row(self, cols: list[_Column], row: dict, x: float, width: float, top: float, row_h: float, *,
                 bold: bool = False, swatch: str | None = None, mark_text: str | None = None) -> None:
        from reportlab.lib.colors import HexColor

        size = self.size + 0.5
        pad = 1.0 * MM
        base = top - row_h / 2 - size * 0.35
        for k, (col, cx) in enumerate(zip(cols, self.lefts(cols, x, width))):
            left, room = cx + pad, col.width - 2 * pad
            if k == 0 and swatch:  # a colour tab where the cell starts: its left end, or its right one
                self.c.setFillColor(HexColor(swatch))
                self.c.setStrokeColor(HexColor(_RULE_INNER))
                self.c.setLineWidth(0.4)
                tab = 2.2 * MM
                tab_x = cx + col.width - 1 * MM - tab if self.rtl else cx + 1 * MM
                self.c.rect(tab_x, top - row_h + 1.2 * MM, tab, row_h - 2.4 * MM, stroke=1, fill=1)
                room -= tab + 0.6 * MM
                if not self.rtl:
                    left += tab + 0.6 * MM
            mark_w = 0.0
            if k == 0 and mark_text is not None:  # the mark where the cell ends
                mark_w = self.mark_width(mark_text)
                room -= mark_w + 1 * MM
                if self.rtl:
                    left += mark_w + 1 * MM
            value = self.text(row.get(col.key, ""))
            if value:
                lines, fsize = self.cell_lines(value, size, room, row_h)
                step = fsize * 1.1
                first = base + (len(lines) - 1) * step / 2 + (size - fsize) * 0.35
                for n, s in enumerate(lines):
                    ly = first - n * step
                    if col.align == "left":
                        self.put(left, ly, s, fsize, bold=bold)
                    elif col.align == "right":
                        self.put(left + room, ly, s, fsize, align="right", bold=bold)
                    else:
                        self.put(left + room / 2, ly, s, fsize, align="center", bold=bold)
            if mark_w:  # after the label, so text extraction reads "<name> winner"
                self.draw_mark(cx + pad if self.rtl else cx + col.width - pad, base, mark_text or "")

    def mark_width(self, text: str) -> float:
        size = self.size - 1.5
        return (self.width(text, size) + 0.8 * MM if text else 0.0) + 2 * size * 0.55

    def cell_lines(self, s: str, size: float, room: float, row_h: float) -> tuple[list[str], float]:
        """How a value fits its cell: one line, a little smaller if need be; else two lines
        (a long list of cards stays legible); else one line shrunk and, at worst, cut."""
        smaller = size * 0.85
        t = size
        while t >= smaller:
            if self.width(s, t) <= room:
                return [s], t
            t -= 0.25
        t = size * 0.85
        while t >= 6:
            lines = self.wrap(s, t, room)
            if (len(lines) == 2 and 2 * t * 1.1 <= row_h - 1.2 * MM
                    and all(self.width(line, t) <= room for line in lines)):
                return lines, t
            t -= 0.25
        cut, t = self.fit(s, size, room)
        return [cut], t

    def draw_mark(self, edge: float, base: float, text: str) -> None:
        """A drawn star (Noto Sans has no ★ glyph) and `text` at the end of the cell: right-aligned at `edge`
        on a left-to-right sheet (star, then text), from `edge` on the left of a right-to-left one."""
        import math

        size = self.size - 1.5
        used = 0.0
        if text:
            self.put(edge, base, text, size, align="left" if self.rtl else "right", color=_INK)
            used = self.width(text, size) + 0.8 * MM
        r = size * 0.55
        cx = edge + used + r if self.rtl else edge - used - r
        cy = base + size * 0.35
        p = self.c.beginPath()
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.42
            a = math.pi / 2 + i * math.pi / 5
            (p.moveTo if i == 0 else p.lineTo)(cx + rad * math.cos(a), cy + rad * math.sin(a))
        p.close()
        from reportlab.lib.colors import HexColor

        self.c.setFillColor(HexColor(_STAR_FILL))
        self.c.setStrokeColor(HexColor(_INK))
        self.c.setLineWidth(0.3)
        self.c.drawPath(p, stroke=1, fill=1)


# --------------------------------------------------------------------------------------------
# The statistics report (scorepad/report.py makes its data: pages, series, labels, every word translated)

# A player's colour and dash, the same in every chart of a page (Okabe–Ito's colour-blind-safe set, yellow
# replaced by brown; the dashes tell the lines apart on a black-and-white printer).
_PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#1a1a1a", "#8c6d31")
_PLAYER_DASHES = (None, (5, 2), (1.2, 1.8), (6, 2, 1.2, 2), None, (5, 2), (1.2, 1.8), (6, 2, 1.2, 2))
_HISTOGRAM_FILL = "#6f8fb3"
_GRID_INK = "#d9d9d9"
_FEW_POINTS = 40  # a line of at most this many points marks each one


def render_report(report: dict, out: str | Path | BinaryIO, *, invariant: bool = True) -> list[str]:
    """Draw the statistics report `report` (scorepad.report.build) and write the PDF to `out`, as render() does
    (a path atomically, deterministic with `invariant`); returns the warnings for the player."""
    buf = io.BytesIO()
    drawn = _Report(report, buf, invariant)
    drawn.draw()
    pdf = buf.getvalue()
    if hasattr(out, "write"):
        out.write(pdf)  # type: ignore[union-attr]
    else:
        _write_atomic(Path(out), pdf)
    return drawn.warnings()


class _Report(_Sheet):
    """The report's pages: A4 portrait, one game each; the sheets' fonts, shaping and right-to-left layout.

    The charts' geometry (axes, lines, bars) is reportlab.graphics' (LinePlot, HorizontalBarChart,
    VerticalBarChart), with its tick labels in the sheet font: they are Western digits and ISO dates only.
    Every word (titles, axis names, legends, names on bars, the tables) is drawn by _Sheet.put, which shapes
    Arabic script, orders a right-to-left line and picks the font of each character. On a Persian or Arabic page
    the layout, the tables and the bars run from the right; the time and value axes keep the direction of
    their Western digits (left to right, upwards)."""

    def __init__(self, report: dict, buf: BinaryIO, invariant: bool) -> None:  # noqa: D107 (no super: no template)
        from reportlab.lib import pagesizes
        from reportlab.pdfgen import canvas

        from scorepad.i18n import language

        self.t, self.data, self.page = {}, report, {}
        self.w, self.h = pagesizes.A4
        self.margin, self.gap, self.size = 12 * MM, 5 * MM, 8.5
        self.rtl = right_to_left()
        self.font = _register_font()
        self.minus = MINUS if self.font == FONT_NAME else "-"
        self.c = canvas.Canvas(buf, pagesize=(self.w, self.h), invariant=1 if invariant else 0,
                               pageCompression=1, initialFontName=self.font, initialFontSize=self.size,
                               lang=language())
        self.title = self.text(report.get("title", ""))
        for set_it in (self.c.setTitle, self.c.setSubject):
            set_it(self.title)
        self.c.setCreator(TEXT["creator"])
        self.c.setAuthor(TEXT["creator"])
        self.y = self.h - self.margin
        self.pages = 1
        self.start_texts()

    def texts(self) -> list[str]:
        out = [self.title, "…", PLACEHOLDER, self.minus]

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for item in value.values():
                    walk(item)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    walk(item)
            elif isinstance(value, str):
                out.append(self.text(value))

        walk(self.data)
        return out

    # ---- the page ---------------------------------------------------------------------------

    def draw(self) -> None:
        for n, page in enumerate(self.data.get("pages", [])):
            if n:
                self.new_page()
            self.draw_page(page)
        self.c.showPage()
        self.c.save()

    def draw_page(self, page: dict) -> None:
        left, right = self.margin, self.w - self.margin
        room = right - left
        x, align = self.start(left, right)
        # Heading, title, the lines under it
        self.y -= self.size
        self.put(x, self.y, self.fit(self.text(page.get("heading", "")), self.size, room)[0], self.size,
                 color=_HINT_INK, align=align)
        size = self.size + 9
        self.y -= size * 1.1
        self.put(x, self.y, self.fit(self.text(page["title"]), size, room)[0], size, bold=True, align=align)
        self.y -= 2 * MM
        for line in page.get("lines", []):
            self.y -= (self.size + 1) * 1.3
            self.put(x, self.y, self.fit(self.text(line), self.size + 1, room)[0], self.size + 1, align=align)
        for note in page.get("notes", []):
            for line in self.wrap(self.text(note), self.size, room):
                self.y -= self.size * 1.3
                self.put(x, self.y, line, self.size, color=_HINT_INK, align=align)
        self.y -= self.gap
        names = [s["name"] for s in page["scores"]["series"]]
        self.colours = {name: k for k, name in enumerate(names)}
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
        self.draw_scores(page["scores"], self.y, max(rest, 55 * MM))
        self.y -= max(rest, 55 * MM) + self.gap
        half = (room - self.gap) / 2
        first, second = (right - half, left) if self.rtl else (left, right - half)
        if page.get("wins"):
            self.draw_wins(page["wins"], first, self.y, half, pair_h)
            self.draw_totals(page["totals"], second, self.y, half, pair_h)
        else:
            self.draw_totals(page["totals"], left, self.y, room, pair_h)
        self.y -= pair_h + self.gap
        if matrix:
            self.draw_matrix(matrix, self.y)

    # ---- pieces -----------------------------------------------------------------------------

    def colour(self, name: str) -> tuple[str, Any]:
        k = self.colours.get(name, 0) % len(_PLAYER_COLOURS)
        return _PLAYER_COLOURS[k], _PLAYER_DASHES[k]

    def drawing(self, width: float, height: float) -> Any:
        """A reportlab.graphics Drawing that starts in the sheet font (its own default, Helvetica, is not
        embedded: pdffonts showed it in every report)."""
        from reportlab.graphics.shapes import Drawing

        drawing = Drawing(width, height)
        drawing.initialFontName, drawing.initialFontSize = self.font, self.size
        return drawing

    def chart_title(self, text: str, x: float, top: float, width: float) -> float:
        """A chart's title at the top of its box; the height it took."""
        size = self.size + 2
        tx, align = self.start(x, x + width)
        self.put(tx, top - size, self.fit(self.text(text), size, width)[0], size, bold=True, align=align)
        return size * 1.6

    def vertical(self, x: float, y: float, text: str, size: float) -> None:
        """A line of text turned a quarter left, centred on (x, y): an axis's name beside the axis."""
        self.c.saveState()
        self.c.translate(x, y)
        self.c.rotate(90)
        self.put(0, 0, text, size, align="center", color=_HINT_INK)
        self.c.restoreState()

    def axis_style(self, axis: Any, ticks: list, value_range: list) -> None:
        """An axis of a chart: its ticks at the report's values, no labels of its own (ticks_along() and
        ticks_up() draw them with put(): a Persian percent sign is not in the sheet font)."""
        from reportlab.lib.colors import HexColor

        axis.visibleLabels = 0
        axis.labels.fontName = self.font
        axis.strokeColor = HexColor(_RULE_INNER)
        axis.strokeWidth = 0.5
        axis.valueSteps = [float(v) for v, _label in ticks]
        axis.valueMin, axis.valueMax = float(value_range[0]), float(value_range[1])

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
            text = self.text(label)
            half = self.width(text, size) / 2 + 1 * MM
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
            self.put((x0 + x1) / 2, y - size, text, size, align="center", color=_HINT_INK)

    def ticks_up(self, ticks: list, value_range: list, right: float, bottom: float, height: float) -> None:
        """The labels of a vertical axis, right-aligned at `right`, each level with its tick."""
        size = self.size - 1.5
        lo, hi = float(value_range[0]), float(value_range[1])
        for v, label in ticks:
            y = bottom + height * ((float(v) - lo) / (hi - lo) if hi > lo else 0.0)
            self.put(right, y - size * 0.35, self.text(label), size, align="right", color=_HINT_INK)

    def legend_rows(self, names: list[str], width: float) -> list[list[tuple[str, float]]]:
        sample, gap = 7 * MM, 5 * MM
        rows: list[list[tuple[str, float]]] = [[]]
        used = 0.0
        for name in names:
            w = sample + 1.5 * MM + self.width(self.fit(self.text(name), self.size, width / 2)[0], self.size)
            if rows[-1] and used + w > width:
                rows.append([])
                used = 0.0
            rows[-1].append((name, w))
            used += w + gap
        return rows

    def draw_legend(self, rows: list[list[tuple[str, float]]], x: float, top: float, width: float) -> None:
        from reportlab.lib.colors import HexColor

        sample, gap, step = 7 * MM, 5 * MM, self.size * 1.6
        for n, row in enumerate(rows):
            y = top - (n + 1) * step + self.size * 0.35
            cursor = x + width if self.rtl else x
            for name, w in row:
                colour, dash = self.colour(name)
                start = cursor - w if self.rtl else cursor
                line_x = start + w - sample if self.rtl else start
                self.c.saveState()
                self.c.setStrokeColor(HexColor(colour))
                self.c.setLineWidth(1.6)
                if dash:
                    self.c.setDash(list(dash), 0)
                self.c.line(line_x, y + self.size * 0.3, line_x + sample, y + self.size * 0.3)
                self.c.restoreState()
                label = self.fit(self.text(name), self.size, width / 2)[0]
                if self.rtl:
                    self.put(line_x - 1.5 * MM, y, label, self.size, align="right")
                else:
                    self.put(line_x + sample + 1.5 * MM, y, label, self.size)
                cursor = cursor - w - gap if self.rtl else cursor + w + gap

    def draw_scores(self, chart: dict, top: float, height: float) -> None:
        from reportlab.graphics import renderPDF
        from reportlab.graphics.charts.lineplots import LinePlot
        from reportlab.graphics.widgets.markers import makeMarker
        from reportlab.lib.colors import HexColor

        x, width = self.margin, self.w - 2 * self.margin
        y = top - self.chart_title(chart["title"], x, top, width)
        legend = self.legend_rows([s["name"] for s in chart["series"]], width)
        self.draw_legend(legend, x, y, width)
        y -= len(legend) * self.size * 1.6 + 2 * MM
        bottom = top - height
        if chart.get("note"):
            nx, align = self.start(x, x + width)
            self.put(nx, bottom + 1 * MM, self.fit(self.text(chart["note"]), self.size - 0.5, width)[0],
                     self.size - 0.5, color=_HINT_INK, align=align)
            bottom += self.size * 1.5
        tick = self.size - 1.5
        widest = max((self.width(self.text(label), tick) for _v, label in chart["y_ticks"]), default=0.0)
        pad_left = widest + 4 * MM + self.size * 1.4  # tick labels, then the axis's name
        pad_bottom = tick * 2.2 + self.size * 1.4
        plot_w, plot_h = width - pad_left - 3 * MM, y - bottom - pad_bottom
        plot = LinePlot()
        plot.x, plot.y, plot.width, plot.height = pad_left, pad_bottom, plot_w, plot_h
        plot.data = [[tuple(p) for p in s["points"]] for s in chart["series"]] or [[(0, 0)]]
        for n, s in enumerate(chart["series"]):
            colour, dash = self.colour(s["name"])
            plot.lines[n].strokeColor = HexColor(colour)
            plot.lines[n].strokeWidth = 1.3
            if dash:
                plot.lines[n].strokeDashArray = list(dash)
            if len(s["points"]) <= _FEW_POINTS:
                plot.lines[n].symbol = makeMarker("FilledCircle", size=3.2, fillColor=HexColor(colour),
                                                  strokeColor=HexColor(colour))
        self.axis_style(plot.xValueAxis, chart["x_ticks"], chart["x_range"])
        self.axis_style(plot.yValueAxis, chart["y_ticks"], chart["y_range"])
        plot.yValueAxis.visibleGrid = 1
        plot.yValueAxis.gridStrokeColor = HexColor(_GRID_INK)
        plot.yValueAxis.gridStrokeWidth = 0.4
        drawing = self.drawing(width, y - bottom)
        drawing.add(plot)
        renderPDF.draw(drawing, self.c, x, bottom)
        self.ticks_along(chart["x_ticks"], chart["x_range"], x + pad_left, plot_w, bottom + pad_bottom - 1.5 * MM)
        self.ticks_up(chart["y_ticks"], chart["y_range"], x + pad_left - 1.5 * MM, bottom + pad_bottom, plot_h)
        self.put(x + pad_left + plot_w / 2, bottom + 1 * MM, self.text(chart["x_label"]), self.size - 0.5,
                 align="center", color=_HINT_INK)
        self.vertical(x + self.size, bottom + pad_bottom + plot_h / 2, self.text(chart["y_label"]), self.size - 0.5)

    def draw_wins(self, chart: dict, x: float, top: float, width: float, height: float) -> None:
        from reportlab.graphics import renderPDF
        from reportlab.graphics.charts.barcharts import HorizontalBarChart
        from reportlab.lib.colors import HexColor

        y = top - self.chart_title(chart["title"], x, top, width)
        bars = chart["bars"]
        size = self.size - 0.5
        names = [self.fit(self.text(b["name"]), size, width * 0.3)[0] for b in bars]
        labels = [self.text(b["label"]) for b in bars]
        name_w = max(self.width(n, size) for n in names) + 2 * MM
        label_w = max(self.width(label, size - 0.5) for label in labels) + 2 * MM
        tick = self.size - 1.5
        pad_bottom = tick * 2.4
        plot_w, plot_h = width - name_w - label_w, y - (top - height) - pad_bottom
        chart_x = x + label_w if self.rtl else x + name_w
        bc = HorizontalBarChart()
        bc.x, bc.y, bc.width, bc.height = chart_x - x, pad_bottom, plot_w, plot_h
        bc.data = [[b["value"] * 100 for b in bars]]
        bc.categoryAxis.categoryNames = [""] * len(bars)  # the names are drawn beside, by put()
        bc.categoryAxis.labels.fontName = bc.barLabels.fontName = self.font
        bc.categoryAxis.reverseDirection = 1  # the first player (most sessions) at the top
        bc.categoryAxis.visibleTicks = 0
        bc.categoryAxis.strokeColor = HexColor(_RULE_INNER)
        bc.categoryAxis.strokeWidth = 0.5
        bc.groupSpacing = max(2.0, plot_h / len(bars) * 0.3)
        self.axis_style(bc.valueAxis, chart["ticks"], [0, 100])
        bc.valueAxis.visibleGrid = 1
        bc.valueAxis.gridStrokeColor = HexColor(_GRID_INK)
        bc.valueAxis.gridStrokeWidth = 0.4
        if self.rtl:  # the bars grow from the right, where the names are
            bc.valueAxis.reverseDirection = 1
            bc.categoryAxis.joinAxisMode = "right"
        bc.bars.strokeColor = None
        for n, b in enumerate(bars):
            bc.bars[(0, n)].fillColor = HexColor(self.colour(b["name"])[0])
        drawing = self.drawing(width, y - (top - height))
        drawing.add(bc)
        renderPDF.draw(drawing, self.c, x, top - height)
        self.ticks_along(chart["ticks"], [0, 100], chart_x, plot_w, top - height + pad_bottom - 1.5 * MM,
                         reverse=self.rtl)
        slot = plot_h / len(bars)
        for n, (name, label) in enumerate(zip(names, labels)):
            cy = top - height + pad_bottom + plot_h - (n + 0.5) * slot - size * 0.35
            if self.rtl:
                self.put(x + width, cy, name, size, align="right")
                self.put(x + label_w - 1.5 * MM, cy, label, size - 0.5, align="right", color=_HINT_INK)
            else:
                self.put(x, cy, name, size)
                self.put(x + name_w + plot_w + 1.5 * MM, cy, label, size - 0.5, color=_HINT_INK)

    def draw_totals(self, chart: dict, x: float, top: float, width: float, height: float) -> None:
        import math

        from reportlab.graphics import renderPDF
        from reportlab.graphics.charts.barcharts import VerticalBarChart
        from reportlab.lib.colors import HexColor

        y = top - self.chart_title(chart["title"], x, top, width)
        tick = self.size - 1.5
        widest = max(self.width(self.text(label), tick) for _v, label in chart["y_ticks"])
        pad_left = widest + 3 * MM + self.size * 1.4
        pad_bottom = tick * 2.2 + self.size * 1.4
        bottom = top - height
        plot_w, plot_h = width - pad_left - 2 * MM, y - bottom - pad_bottom
        counts = chart["counts"]
        bc = VerticalBarChart()
        bc.x, bc.y, bc.width, bc.height = pad_left, pad_bottom, plot_w, plot_h
        bc.data = [counts]
        bc.categoryAxis.categoryNames = [""] * len(counts)  # the bins' edges are drawn below, by put()
        bc.categoryAxis.labels.fontName = bc.barLabels.fontName = self.font
        bc.categoryAxis.visibleTicks = 0
        bc.categoryAxis.strokeColor = HexColor(_RULE_INNER)
        bc.groupSpacing, bc.barSpacing = 0, 0
        bc.bars[0].fillColor = HexColor(_HISTOGRAM_FILL)
        bc.bars.strokeColor = HexColor("#ffffff")
        bc.bars.strokeWidth = 0.6
        self.axis_style(bc.valueAxis, chart["y_ticks"], chart["y_range"])
        bc.valueAxis.visibleGrid = 1
        bc.valueAxis.gridStrokeColor = HexColor(_GRID_INK)
        bc.valueAxis.gridStrokeWidth = 0.4
        drawing = self.drawing(width, y - bottom)
        drawing.add(bc)
        renderPDF.draw(drawing, self.c, x, bottom)
        self.ticks_up(chart["y_ticks"], chart["y_range"], x + pad_left - 1.5 * MM, bottom + pad_bottom, plot_h)
        # The edges of the bins under the bars, as many as fit side by side.
        edges = chart["edges"]
        bin_w = plot_w / len(counts)
        widest = max(self.width(self.text(label), tick) for _v, label in edges) + 2 * MM
        every = max(1, math.ceil(widest / bin_w))
        for k in range(0, len(edges), every):
            self.put(x + pad_left + k * bin_w, bottom + pad_bottom - tick * 1.4, self.text(edges[k][1]), tick,
                     align="center", color=_HINT_INK)
        self.put(x + pad_left + plot_w / 2, bottom + 1 * MM, self.text(chart["x_label"]), self.size - 0.5,
                 align="center", color=_HINT_INK)
        self.vertical(x + self.size, bottom + pad_bottom + plot_h / 2, self.text(chart["y_label"]), self.size - 0.5)

    def grid_lines(self, x: float, top: float, widths: list[float], rows: int, row_h: float, header_h: float) -> None:
        from reportlab.lib.colors import HexColor

        width = sum(widths)
        bottom = top - header_h - rows * row_h
        self.c.setFillColor(HexColor(_HEADER_FILL))
        self.c.rect(x, top - header_h, width, header_h, stroke=0, fill=1)
        self.c.setStrokeColor(HexColor(_RULE_INNER))
        self.c.setLineWidth(0.4)
        for i in range(1, rows):
            self.c.line(x, top - header_h - i * row_h, x + width, top - header_h - i * row_h)
        self.c.setStrokeColor(HexColor(_INK))
        self.c.setLineWidth(0.8)
        self.c.line(x, top - header_h, x + width, top - header_h)
        self.c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)

    def cells(self, x: float, widths: list[float]) -> list[float]:
        """The left edge of each column, in reading order: left to right, or from the right edge."""
        out, edge = [], x
        total = sum(widths)
        for w in widths:
            out.append(x + total - (edge - x) - w if self.rtl else edge)
            edge += w
        return out

    def draw_table(self, table: dict, top: float, row_h: float) -> None:
        from reportlab.lib.colors import HexColor

        room = self.w - 2 * self.margin
        columns = table["columns"]
        weights = [2.6] + [1.0] * (len(columns) - 1)
        widths = [room * w / sum(weights) for w in weights]
        lefts = self.cells(self.margin, widths)
        self.grid_lines(self.margin, top, widths, len(table["rows"]), row_h, row_h)
        size = self.size
        for k, (label, left, w) in enumerate(zip(columns, lefts, widths)):
            s, fs = self.fit(self.text(label), size, w - 2 * MM)
            if k == 0:
                tx, align = self.inset(left, w)
                self.put(tx, top - row_h / 2 - fs * 0.35, s, fs, bold=True, align=align)
            else:
                self.put(left + w / 2, top - row_h / 2 - fs * 0.35, s, fs, bold=True, align="center")
        for n, row in enumerate(table["rows"]):
            y = top - row_h * (n + 1.5) - size * 0.35
            for k, (value, left, w) in enumerate(zip(row, lefts, widths)):
                if k == 0:  # the player's colour, as in the charts, where the name starts
                    tab = 2.2 * MM
                    tab_x = left + w - 1 * MM - tab if self.rtl else left + 1 * MM
                    self.c.setFillColor(HexColor(self.colour(value)[0]))
                    self.c.rect(tab_x, y - 0.6 * MM, tab, size * 0.9, stroke=0, fill=1)
                    s, fs = self.fit(self.text(value), size, w - tab - 3 * MM)
                    tx, align = self.inset(left + (0 if self.rtl else tab + 1 * MM), w - tab - 1 * MM)
                    self.put(tx, y, s, fs, align=align)
                else:
                    s, fs = self.fit(self.text(value), size, w - 2 * MM)
                    self.put(left + w - 1.5 * MM, y, s, fs, align="right")  # figures line up at their ends

    def inset(self, left: float, width: float) -> tuple[float, str]:
        """Where a cell's text starts (its reading start, 1.5 mm in), and how it aligns."""
        return (left + width - 1.5 * MM, "right") if self.rtl else (left + 1.5 * MM, "left")

    def matrix_height(self, matrix: dict) -> float:
        n = len(matrix["names"])
        return (self.size + 2) * 1.6 + 9 * MM + n * 4.8 * MM + self.size * 1.3 * 2 + 2 * MM

    def draw_matrix(self, matrix: dict, top: float) -> None:
        from reportlab.lib.colors import HexColor

        room = self.w - 2 * self.margin
        y = top - self.chart_title(matrix["title"], self.margin, top, room)
        names = matrix["names"]
        n = len(names)
        name_w = min(45 * MM, room * 0.28)
        cell_w = min(26 * MM, (room - name_w) / n)
        widths = [name_w] + [cell_w] * n
        width = sum(widths)
        x = self.margin + room - width if self.rtl else self.margin
        lefts = self.cells(x, widths)
        header_h, row_h = 9 * MM, 4.8 * MM
        for i in range(n):  # the diagonal: a player against themself
            self.c.setFillColor(HexColor(_SHADE_FILL))
            self.c.rect(lefts[i + 1], y - header_h - (i + 1) * row_h, cell_w, row_h, stroke=0, fill=1)
        self.grid_lines(x, y, widths, n, row_h, header_h)
        size = self.size
        for k, name in enumerate(names):  # column headings: a name on at most two lines
            lines = self.wrap(self.text(name), size - 0.5, cell_w - 2 * MM)
            if len(lines) > 2:  # the rest on the second line, which fit() cuts with '…'
                lines = [lines[0], " ".join(lines[1:])]
            step = (size - 0.5) * 1.15
            first = y - header_h / 2 + (len(lines) - 1) * step / 2 - (size - 0.5) * 0.35
            for m, line in enumerate(lines):
                s, fs = self.fit(line, size - 0.5, cell_w - 2 * MM)
                self.put(lefts[k + 1] + cell_w / 2, first - m * step, s, fs, bold=True, align="center")
        for i, name in enumerate(names):
            ry = y - header_h - row_h * (i + 0.5) - size * 0.35
            s, fs = self.fit(self.text(name), size, name_w - 3 * MM)
            tx, align = self.inset(lefts[0], name_w)
            self.put(tx, ry, s, fs, bold=True, align=align)
            for k, cell in enumerate(matrix["cells"][i]):
                if cell:
                    self.put(lefts[k + 1] + cell_w / 2, ry, self.text(cell), size, align="center")
        note_y = y - header_h - n * row_h - self.size * 1.4
        nx, align = self.start(self.margin, self.margin + room)
        for line in self.wrap(self.text(matrix["note"]), self.size - 0.5, room)[:2]:
            self.put(nx, note_y, line, self.size - 0.5, color=_HINT_INK, align=align)
            note_y -= self.size * 1.3
