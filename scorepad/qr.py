"""QR codes of BG Stats' push link: the modules (for the PDF sheet, which sheets.py draws) and a terminal picture.

The encoder is segno (pure Python, no dependencies), paid only where a code is drawn: the terminal must not import
reportlab (tests/test_startup.py), and one encoder serves the sheet and the terminal. Only its encoder module is
loaded (_encoder): `import segno` takes ~65 ms, nearly all of it its writers' imports (SVG, PNG… pull in
urllib.request, http.client, email and ssl), which the modules we draw do not need; the encoder takes ~3 ms.

The terminal picture is two module rows per text line, with the half blocks ▀ ▄ █ and space, drawn in explicit
colours — black modules on a white ground, quiet zone included — so a phone reads it the same in a dark or a light
terminal theme (a picture in the theme's own colours is inverted in a dark theme, which many scanners refuse).
"""

from __future__ import annotations

from typing import Any

QUIET = 4  # light modules around the code (ISO/IEC 18004 asks for 4)
ERROR = "L"  # the lowest error correction: the smallest code for a link, on paper and on a screen kept clean
# Black on white, as 256-colour codes (16: black, 231: white) with the basic 30/47 first for terminals without them.
COLOURS = "\x1b[30;47m\x1b[38;5;16;48;5;231m"
RESET = "\x1b[0m"
UPPER, LOWER, FULL, EMPTY = "▀", "▄", "█", " "
_BARE = "_scorepad_segno"  # segno's folder as a package of our own name, without segno/__init__.py (_encoder)


def modules(text: str) -> list[list[bool]]:
    """The code's dark (True) and light modules, row by row, without the quiet zone (what segno.make(text, …)
    gives: its encoder's matrix)."""
    code = _encoder().encode(text, error=ERROR, micro=False, boost_error=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def _encoder() -> Any:
    """segno's encoder module, without the package's __init__ (which imports every writer): loaded as a submodule
    of a bare package of segno's folder under our own name, so `import segno` anywhere still gets the whole
    package. Where that cannot be done (segno laid out otherwise), the package's own."""
    import sys

    loaded = sys.modules.get("segno.encoder") or sys.modules.get(f"{_BARE}.encoder")
    if loaded is not None:
        return loaded
    import importlib
    import importlib.util
    import types

    try:
        spec = importlib.util.find_spec("segno")
        package = types.ModuleType(_BARE)
        package.__path__ = list(spec.submodule_search_locations)  # type: ignore[union-attr]
        sys.modules[_BARE] = package
        return importlib.import_module(f"{_BARE}.encoder")
    except (ImportError, AttributeError, TypeError):
        sys.modules.pop(_BARE, None)
        import segno

        return segno.encoder


def width(matrix: list[list[bool]]) -> int:
    """Terminal columns the picture takes: one per module, quiet zone included."""
    return len(matrix) + 2 * QUIET


def lines(matrix: list[list[bool]], *, colour: bool = True) -> list[str]:
    """The picture as text lines (each `width` columns), two module rows a line, dark = the half block's ink."""
    size = len(matrix)
    full = size + 2 * QUIET
    light = [False] * full
    rows = [light] * QUIET + [[False] * QUIET + row + [False] * QUIET for row in matrix] + [light] * QUIET
    if len(rows) % 2:
        rows.append(light)
    out = []
    for top, bottom in zip(rows[0::2], rows[1::2]):
        text = "".join(FULL if a and b else UPPER if a else LOWER if b else EMPTY for a, b in zip(top, bottom))
        out.append(f"{COLOURS}{text}{RESET}" if colour else text)
    return out
