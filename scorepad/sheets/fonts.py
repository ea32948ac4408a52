"""The fonts of a PDF, registered with reportlab once per process: Noto Sans for Latin, Greek and Cyrillic, Noto Sans
Arabic for Persian and Arabic, and Noto Sans CJK TC for Chinese, subset to a sheet's characters and cached.

Every font is embedded. The fonts for other scripts are registered only when a text needs them, so a Latin or
Cyrillic sheet is exactly what it is without them. Noto Sans CJK TC (SIL OFL, from the pip cvttf-notosanscjk-regular)
has PostScript (CFF) outlines, which reportlab cannot embed: fontTools subsets it to the characters a sheet needs
and converts them to TrueType (scorepad.sheets.subset), and the result is kept in the user cache folder, one file
per set of characters, so a later sheet with the same text registers a small file instead.
"""

from __future__ import annotations

import hashlib
import io
import os
from importlib.util import find_spec
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from scorepad.files import LARGEST_PART, read_limited, replace_file, sweep_temp_files, user_folder

FONT_NAME = "ScorepadSans"  # Noto Sans (Latin, Greek, Cyrillic) from the pip fontpkg-noto-sans
FALLBACK_FONT = "Helvetica"  # standard-14, not embedded, Latin-1 only: only if fontpkg-noto-sans is broken
ARABIC_FONT = "ScorepadArabic"  # Noto Sans Arabic from the pip fontpkg-noto-sans-arabic; has Latin too
CJK_FONT = "ScorepadCJK"  # + the set's key: two sheets of one process may need two subsets
CJK_PACKAGE, CJK_FILE = "cvttf_NotoSansCJK_Regular", "NotoSansCJKtc-Regular.otf"
CJK_CACHE_VERSION = "1"  # part of every cache key: a change of the conversion rebuilds every file

# Extra fonts for a process: role ("arabic", or "cjk:" + a set's key) -> registered font name, or None when
# none could be registered. Filled on first need; tests swap in an empty dict to choose again.
EXTRA_FONTS: dict[str, str | None] = {}


def package_folder(package: str) -> Path | None:
    """The folder of an installed package (the font packages hold data only: nothing to import); None when it is
    not installed."""
    try:
        spec = find_spec(package)
    except (ImportError, ValueError):
        return None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(folders[0]) if folders else None


def font_file() -> str | None:
    """Path of the Noto Sans TTF from fontpkg-noto-sans, or None when the package is missing."""
    folder = package_folder("fontpkg_noto_sans")
    try:
        # The package ships variable fonts only; reportlab draws their default (Regular)
        # instance, which covers Latin, Greek and Cyrillic (shared/tech-notes.md §4).
        for entry in sorted(os.listdir(folder / "files")) if folder else ():
            if entry.startswith("NotoSans") and "Italic" not in entry and entry.endswith(".ttf"):
                return str(folder / "files" / entry)
    except OSError:
        pass
    return None


def register_font() -> str:
    """Register the sheet font once per process; the name of the font to draw with."""
    path = font_file()
    if path is None:
        return FALLBACK_FONT
    if FONT_NAME in pdfmetrics.getRegisteredFontNames():
        return FONT_NAME
    try:
        pdfmetrics.registerFont(TTFont(FONT_NAME, path))
    except (TTFError, OSError):
        return FALLBACK_FONT
    return FONT_NAME


def register_ttf(name: str, path: str | BinaryIO, *, face_name: str = "") -> str | None:
    """Register one TTF as `name`; None if it cannot be used. `face_name`: the name it takes in the PDF instead of
    its own PostScript name."""
    try:
        font = TTFont(name, path)
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


def arabic_font() -> str | None:
    """Noto Sans Arabic registered once per process; None without fontpkg-noto-sans-arabic."""
    if "arabic" not in EXTRA_FONTS:
        name = None
        folder = package_folder("fontpkg_noto_sans_arabic")
        try:
            # A variable font, like Noto Sans: reportlab draws its default (Regular) instance.
            for entry in sorted(os.listdir(folder / "files")) if folder else ():
                if entry.startswith("NotoSansArabic") and entry.endswith(".ttf"):
                    name = register_ttf(ARABIC_FONT, str(folder / "files" / entry))
                    break
        except OSError:
            pass
        EXTRA_FONTS["arabic"] = name
    return EXTRA_FONTS["arabic"]


def cjk_source() -> Path | None:
    """NotoSansCJKtc-Regular.otf from cvttf-notosanscjk-regular, or None when the package is missing."""
    folder = package_folder(CJK_PACKAGE)
    path = folder / CJK_FILE if folder else None
    return path if path is not None and path.is_file() else None


def cache_folder() -> Path:
    """Where the converted CJK subsets are kept, in the user cache folder."""
    return user_folder("cache") / "fonts"


def cjk_font(chars: str) -> str | None:
    """Noto Sans CJK TC subset to `chars` (sorted, no repeats), as a registered TrueType font; None without it.

    The subset is read from the cache folder when a file for exactly these characters is there and whole;
    otherwise (missing, cut short, damaged) it is built again and written atomically in its place. A folder
    we may not write in costs only the time: the subset is registered from memory."""
    source = cjk_source()
    if source is None:
        return None
    key = hashlib.sha256(f"{CJK_CACHE_VERSION}|{source.stat().st_size}|{chars}".encode()).hexdigest()[:24]
    role = f"cjk:{key}"
    if role not in EXTRA_FONTS:
        name = f"{CJK_FONT}-{key[:12]}"
        path = cache_folder() / f"noto-sans-cjk-tc-{key}.ttf"
        # Every subset is named NotoSansCJKtc-Regular, and reportlab takes fonts with one PostScript name for
        # one font (the second subset drew with the first's glyphs): each is named after its set.
        face = f"NotoSansCJKtc-Regular-{key[:8]}"
        cached = _cached(path)
        found = register_ttf(name, io.BytesIO(cached), face_name=face) if cached is not None else None
        if found is None:
            data = _subset(source, chars)
            if data is not None:
                _keep(path, data)
                found = register_ttf(name, io.BytesIO(data), face_name=face)
        EXTRA_FONTS[role] = found
    return EXTRA_FONTS[role]


def _cached(path: Path) -> bytes | None:
    """A cached subset's bytes; None when there is none we may use: missing, unreadable (a cache folder we may not
    read only makes sheets slower), too large, or not a plain file (a link planted there is not followed)."""
    if _linked(path):
        return None
    try:
        return read_limited(path, LARGEST_PART, follow=False)
    except OSError:
        return None


def _linked(path: Path) -> bool:
    """Whether the cache's own folders (scorepad's, its fonts') holding `path` are links planted there (or cannot be
    looked at: a cache we may not read only makes sheets slower)."""
    try:
        return any(folder.is_symlink() for folder in (path.parent.parent, path.parent))
    except OSError:
        return True


def _keep(path: Path, data: bytes) -> None:
    """Write a subset into the cache, whole or not at all, replacing whatever is at `path` (a link is replaced, never
    written through); a cache we may not write only makes the next sheet slower."""
    try:
        for folder in (path.parent.parent, path.parent):  # a planted link is replaced by a folder of our own
            if folder.is_symlink():
                folder.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep_temp_files(path.parent)  # what a killed writer left
        replace_file(path, data, new_mode=0o644)
    except OSError:
        pass


def _subset(source: Path, chars: str) -> bytes | None:
    """The TrueType subset of `chars` (scorepad.sheets.subset); None where fontTools is missing or fails: the
    characters then print as boxes, with a warning."""
    try:
        # fontTools' subsetter is imported only to make a subset the cache does not hold: a sheet whose subset is
        # cached, the usual case, does not pay for its import (docs/performance.md, "Sheets and QR codes").
        from scorepad.sheets import subset

        return subset.cjk_subset(source, chars)
    except Exception:  # noqa: BLE001 — fontTools missing or failing
        return None


def covers(font: str, ch: str) -> bool:
    """Has the registered `font` a glyph for `ch`?"""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    glyphs = getattr(face, "charToGlyph", None)
    return glyphs is None or ord(ch) in glyphs  # (a standard-14 font: whatever its encoding has, as it was)
