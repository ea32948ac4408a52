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
        encoder = importlib.import_module(f"{_BARE}.encoder")
        # Our own copy of the encoder: its mask choice is made by _best_mask and its error correction codewords by
        # _blocks (the same codes, faster).
        encoder.find_and_apply_best_mask = _best_mask(encoder.find_and_apply_best_mask, encoder)
        encoder.make_blocks = _blocks(encoder.make_blocks, encoder)
        return encoder
    except (ImportError, AttributeError, TypeError):
        sys.modules.pop(_BARE, None)
        import segno

        return segno.encoder


# --- the error correction -----------------------------------------------------------------------------
# ISO/IEC 18004 §7.5.2: each block's error correction codewords are the remainder of its data codewords divided by
# the block's generator polynomial over GF(256). segno divides term by term in Python (8 ms of a 1,000-byte link,
# the length of a 5-player Chinatown game's). _blocks divides a byte at a time, as a CRC is computed: the remainder
# is one int, and each data byte XORs in a precomputed multiple of the generator (256 a generator, made once). The
# same codewords: tests/test_qr.py holds it to segno's make_blocks for every version and level.


def _blocks(segnos: Any, encoder: Any) -> Any:
    """A drop-in for `encoder.make_blocks(ec_infos, buff)`: (data blocks, error blocks), as bytearrays."""
    consts = encoder.consts
    log, exp = consts.GALIOS_LOG, consts.GALIOS_EXP
    multiples: dict[int, list[int]] = {}

    def multiples_of(count: int) -> list[int]:
        """coef × the generator of `count` error codewords (leading term dropped), as `count` bytes in an int."""
        if count not in multiples:
            gen = consts.GEN_POLY[count][:count]
            multiples[count] = [0] + [int.from_bytes(bytes(exp[log[coef] + g] for g in gen), "big")
                                      for coef in range(1, 256)]
        return multiples[count]

    def make_blocks(ec_infos: Any, buff: Any) -> tuple[list[bytearray], list[bytearray]]:
        bits = getattr(buff, "_data", None)
        if not isinstance(bits, bytearray) or bits.translate(None, b"\x00\x01"):  # (not bits 0 and 1 alone)
            return segnos(ec_infos, buff)
        digits = bytes(bits).translate(_AS_DIGITS)
        digits += b"0" * (-len(digits) % 8)  # the last byte filled with 0s, as Buffer.toints does
        codewords = int(digits, 2).to_bytes(len(digits) // 8, "big") if digits else b""
        data_blocks, error_blocks, at = [], [], 0
        for ec_info in ec_infos:
            count = ec_info.num_total - ec_info.num_data
            table, top, keep = multiples_of(count), 8 * (count - 1), (1 << 8 * count) - 1
            for _block in range(ec_info.num_blocks):
                block = bytearray(codewords[at:at + ec_info.num_data])
                at += ec_info.num_data
                remainder = 0
                for byte in block:
                    remainder = ((remainder << 8) & keep) ^ table[(remainder >> top) ^ byte]
                data_blocks.append(block)
                error_blocks.append(bytearray(remainder.to_bytes(count, "big")))
        return data_blocks, error_blocks

    return make_blocks


# --- the mask -----------------------------------------------------------------------------------------
# ISO/IEC 18004 §7.8: the data modules are XORed with one of eight patterns, the one whose symbol scores the lowest
# penalty (runs of one colour, 2×2 blocks, finder-like 1:1:3:1:1 runs, the share of dark modules). segno scores
# the eight module by module in Python: 40–60 ms of a filled sheet's ~300 (versions 16–21 for BG Stats links),
# more than the rest of the page's drawing. _best_mask makes the same choice, and returns the same matrix, with
# each row and column as an int (a mask is an XOR of ints) and the whole symbol scored as one int (_penalty).
# tests/test_qr.py holds it to segno's own function, code by code, and _penalty to segno's evaluate_mask.
_PAD = "0000"  # light modules between two lines of _penalty's one int: no run or finder-like pattern crosses it
_TILE = 12  # every mask pattern repeats every 12 rows and 12 columns (i mod 4 and 6, j mod 6)
_AS_DIGITS = bytes.maketrans(b"\x00\x01", b"01")  # modules (0 light, 1 dark) as "0"/"1", and back
_AS_MODULES = bytes.maketrans(b"01", b"\x00\x01")
_AS_REGION = bytes.maketrans(b"\x00\x01\x02", b"001")  # segno's function patterns (0, 1) or not yet set (2)


def _best_mask(segnos: Any, encoder: Any) -> Any:
    """A drop-in for `encoder.find_and_apply_best_mask(matrix, width, height, proposed_mask=None)`; anything but
    a plain QR code of 0/1 modules with no mask given (a Micro QR code, a chosen mask) goes to segno's own."""

    def choose(matrix: Any, width: int, height: int, proposed_mask: int | None = None) -> Any:
        if proposed_mask is not None or width != height or width < 21 or any(max(row) > 1 for row in matrix):
            return segnos(matrix, width, height, proposed_mask)
        size = width
        function = encoder.make_matrix(width, height)  # as segno finds the encoding region: value > 1
        encoder.add_finder_patterns(function, width, height)
        encoder.add_alignment_patterns(function, width, height)
        function[-8][8] = 0x1
        region = [int(bytes(row).translate(_AS_REGION), 2) for row in function]
        base = [int(bytes(row).translate(_AS_DIGITS), 2) for row in matrix]
        # The columns as ints too, transposed once: a masked column is the column of the base XOR the mask's own
        # column (its pattern read down) where the region is.
        region_down = [int(bytes(column).translate(_AS_REGION), 2) for column in zip(*function)]
        base_down = [int(bytes(column).translate(_AS_DIGITS), 2) for column in zip(*matrix)]
        repeat = -(-size // _TILE)
        best_score, best = None, None
        for number, pattern in enumerate(encoder.get_data_mask_functions(False)):
            tiles = [int(("".join("1" if pattern(i, j) else "0" for j in range(_TILE)) * repeat)[:size], 2)
                     for i in range(_TILE)]
            tiles_down = [int(("".join("1" if pattern(i, j) else "0" for i in range(_TILE)) * repeat)[:size], 2)
                          for j in range(_TILE)]
            rows = [b ^ (tiles[i % _TILE] & r) for i, (b, r) in enumerate(zip(base, region))]
            columns = [b ^ (tiles_down[j % _TILE] & r) for j, (b, r) in enumerate(zip(base_down, region_down))]
            score = _penalty(rows, columns, size)
            if best_score is None or score < best_score:
                best_score, best = score, (number, rows)
        number, rows = best  # type: ignore[misc]
        return number, tuple(bytearray(format(row, f"0{size}b").encode().translate(_AS_MODULES)) for row in rows)

    return choose


def _penalty(rows: list[int], columns: list[int], size: int) -> int:
    """segno.encoder.evaluate_mask of the symbol whose rows and columns (module 0 the highest bit) these are, scanned
    as one int: every line (the rows, then the columns) after four light modules, and four after the last. A
    line's first module is its highest bit, so `x << k` puts on each module the one k modules after it, and
    `x >> k` the one k before.

    - N1: a run of L >= 5 modules of one colour scores L - 2: its windows of five (L - 4), plus 2 for the run. The
      padding is left out of the light modules' int for it: a light run ends with its line.
    - N2: 3 for each 2×2 block of one colour; N4: 10 for each 5% the dark modules are away from half.
    - N3: 40 for each 1:1:3:1:1 dark-light-dark-dark-dark-light-dark run with four light modules before or after
      it, the padding counting as light (segno's: a run at either end of its line, or with only light modules
      between it and the end). segno scans each line from the left and goes on 7 modules after a run it counts,
      else 4: a run 4 or 6 modules after a counted one (the two overlap) is not looked at. Whether a run counts
      depends only on the runs before it, so every run is decided at once, a step at a time, until none changes
      (as many steps as the longest chain of overlapping runs, a run every 4 modules at most)."""
    lines = [format(row, f"0{size}b") for row in rows] + [format(column, f"0{size}b") for column in columns]
    dark = int(_PAD + _PAD.join(lines) + _PAD, 2)
    every = (1 << (len(lines) * (size + len(_PAD)) + len(_PAD))) - 1
    data = int(_PAD + _PAD.join(["1" * size] * len(lines)) + _PAD, 2)
    light = ~dark & every
    n1 = 0
    for ink in (dark, light & data):
        windows = ink & (ink << 1) & (ink << 2) & (ink << 3) & (ink << 4) & every
        n1 += windows.bit_count() + 2 * (windows & ~(windows >> 1)).bit_count()
    found = dark & (light << 1) & (dark << 2) & (dark << 3) & (dark << 4) & (light << 5) & (dark << 6) & every
    before = (light >> 1) & (light >> 2) & (light >> 3) & (light >> 4)
    after = (light << 7) & (light << 8) & (light << 9) & (light << 10)
    framed = counted = found & (before | after)
    for _step in range(size):
        now = framed & ~((counted >> 4) | (counted >> 6))
        if now == counted:
            break
        counted = now
    inner = (1 << (size - 1)) - 1  # module pairs (j - 1, j)
    n2 = 3 * sum((~(a ^ (a >> 1)) & ~(b ^ (b >> 1)) & ~(a ^ b) & inner).bit_count() for a, b in zip(rows, rows[1:]))
    percent = float(sum(row.bit_count() for row in rows)) / (size ** 2)
    return n1 + n2 + 40 * counted.bit_count() + 10 * int(abs(percent * 100 - 50) / 5)


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
