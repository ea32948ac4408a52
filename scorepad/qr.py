"""QR codes of BG Stats' push link: the modules (for the PDF sheet, which scorepad.sheets draws) and a terminal picture.

segno (pure Python, no dependencies) makes the code, here and only here; callers import this module where a code
is drawn, so nothing else pays for segno's import. One encoder serves the sheet and the terminal.

The terminal picture is two module rows per text line, with the half blocks ▀ ▄ █ and space, drawn in explicit
colours — black modules on a white ground, quiet zone included — so a phone reads it the same in a dark or a light
terminal theme (a picture in the theme's own colours is inverted in a dark theme, which many scanners refuse).
"""

from __future__ import annotations

import segno

# Light modules around the terminal's picture, drawn white whatever the theme: 2, not ISO/IEC 18004's 4 (which the
# printed sheet keeps), so that a two-player match's code is 77 columns wide, not 81: it fits an 80-column
# terminal. zbar reads it inside a dark terminal's ground (tests/test_qr.py), as phones' readers do.
QUIET = 2
ERROR = "L"  # the lowest error correction: the smallest code for a link, on paper and on a screen kept clean
# Black on white, as 256-colour codes (16: black, 231: white) with the basic 30/47 first for terminals without them.
COLOURS = "\x1b[30;47m\x1b[38;5;16;48;5;231m"
RESET = "\x1b[0m"
UPPER, LOWER, FULL, EMPTY = "▀", "▄", "█", " "


def modules(text: str) -> list[list[bool]]:
    """The code's dark (True) and light modules, row by row, without the quiet zone: a QR code (never a Micro QR
    code) at level L, kept at L even where a higher level would fit in the same size (a phone reads it the same)."""
    code = segno.make(text, error=ERROR, micro=False, boost_error=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


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
