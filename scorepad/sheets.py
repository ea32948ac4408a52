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

import io
import os
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


# --------------------------------------------------------------------------------------------
# Templates


def load_template(name: str) -> dict:
    """The layout template `<name>.toml`, looked up in TEMPLATE_DIRS in order."""
    import re
    import tomllib  # (imports here keep `import scorepad.sheets` near free; it is on the CLI path)

    # Only plain slugs: a name must never reach outside the templates directory.
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", name) and ".." not in name:
        for folder in TEMPLATE_DIRS:
            path = folder / f"{name}.toml"
            if path.is_file():
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


def _font_file() -> str | None:
    """Path of the Noto Sans TTF from fontpkg-noto-sans, or None when the package is missing."""
    try:
        import importlib.resources as ir

        files = ir.files("fontpkg_noto_sans") / "files"
        # The package ships variable fonts only; reportlab draws their default (Regular)
        # instance, which covers Latin, Greek and Cyrillic (shared/tech-notes.md §4).
        for entry in sorted(files.iterdir(), key=lambda p: p.name):
            if entry.name.startswith("NotoSans") and "Italic" not in entry.name and entry.name.endswith(".ttf"):
                return str(entry)
    except (ImportError, OSError):
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
        try:
            import importlib.resources as ir

            files = ir.files("fontpkg_noto_sans_arabic") / "files"
            # A variable font, like Noto Sans: reportlab draws its default (Regular) instance.
            for entry in sorted(files.iterdir(), key=lambda p: p.name):
                if entry.name.startswith("NotoSansArabic") and entry.name.endswith(".ttf"):
                    name = _register_ttf(ARABIC_FONT, str(entry))
                    break
        except (ImportError, OSError):
            pass
        _EXTRA_FONTS["arabic"] = name
    return _EXTRA_FONTS["arabic"]


def _cjk_source() -> Path | None:
    """NotoSansCJKtc-Regular.otf from cvttf-notosanscjk-regular, or None when the package is missing."""
    try:
        import importlib.resources as ir

        path = Path(str(ir.files(CJK_PACKAGE) / CJK_FILE))
    except (ImportError, OSError, TypeError):
        return None
    return path if path.is_file() else None


def cache_folder() -> Path:
    """Where the converted CJK subsets are kept (the user cache folder)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("scorepad")) / "fonts"


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
    try:
        arabic_reshaper = _reshaper()
        import bidi  # noqa: F401  (python-bidi, used by _visual_order)
    except ImportError:
        return s  # no shaping helpers: the letters still show, unjoined
    return _visual_order(arabic_reshaper.reshape(s), base)


def _reshaper() -> Any:
    """arabic_reshaper, imported without fontTools: it imports fontTools.ttLib when it can, for an option we do not
    use (a font's own ligatures), and that cost a Persian sheet 60-200 ms on every run."""
    import sys

    if "arabic_reshaper" not in sys.modules and "fontTools" not in sys.modules:
        sys.modules["fontTools"] = None  # type: ignore[assignment]  # its `from fontTools.ttLib import …` fails
        try:
            import arabic_reshaper
        finally:
            del sys.modules["fontTools"]
    import arabic_reshaper

    return arabic_reshaper


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


class _Sheet:
    """One render: the canvas, the fonts, the direction and a cursor that moves down the page."""

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
        self.pages = 1
        self._runs: dict[str, list[tuple[str, str]]] = {}
        self.missing: dict[str, str] = {}  # a character no font has -> the first text it was in
        self.arabic: str | None = None
        self.cjk: str | None = None
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
        data_text(self.data)
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

    def font_of(self, ch: str, arabic: bool) -> str:
        """The font that draws `ch` in a text with (`arabic`) or without Arabic script; _NO_FONT if none has it."""
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
            visual = _shape_arabic(s, "R" if self.rtl else "L") if arabic else s
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
        own when drawn, so a right-to-left paragraph starts on the first line, tech-notes §4)."""
        lines: list[str] = []
        for part in s.split("\n"):
            line = ""
            for word in part.split():
                for n, piece in enumerate(_pieces(word)):
                    trial = f"{line} {piece}" if line and n == 0 else line + piece
                    if line and self.width(trial, size) > room:
                        lines.append(line)
                        line = piece
                    else:
                        line = trial
            lines.append(line)
        return lines

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
        self.draw_header()
        self.draw_fields()
        for grid in self.t.get("grids", []):
            self.draw_section(grid)
        self.c.showPage()
        self.c.save()

    def draw_header(self) -> None:
        left, right = self.margin, self.w - self.margin
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
            for line in self.wrap(note, size, right - left):
                self.y -= size * 1.3
                self.put(x, self.y, line, size, color=_HINT_INK, align=align)
        self.y -= 1.5 * MM

    def draw_fields(self) -> None:
        fields = self.t.get("fields", [])
        if not fields:
            return
        per_line = int(self.page.get("field_columns", len(fields))) or len(fields)
        left, room = self.margin, self.w - 2 * self.margin
        gap = 4 * MM
        label_size, value_size = self.size - 0.5, self.size + 1.5
        line_h = 9 * MM
        for start in range(0, len(fields), per_line):
            line = fields[start:start + per_line]
            total = sum(float(f.get("width", 1)) for f in line)
            usable = room - gap * (len(line) - 1)
            self.y -= line_h
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
