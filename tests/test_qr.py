"""scorepad/qr.py: BG Stats' link as a QR code a phone reads, on the sheet (its modules) and in the terminal."""

import random
import re
import shutil
import string

import pytest

from scorepad import qr
from test_exports import terminal_png, zbar

FINDER = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]


def _link(length: int, seed: int = 18004) -> str:
    """A link of `length` characters such as BG Stats' push links hold (percent-encoded JSON after the address)."""
    rnd = random.Random(seed)
    address = "https://app.bgstats.com/"
    return address + "".join(rnd.choice(string.ascii_letters + string.digits + "%-._~") for _n in
                             range(length - len(address)))


@pytest.mark.parametrize("length", [30, 300, 1000])
def test_the_modules_are_a_qr_code_with_its_finder_patterns(length):
    matrix = qr.modules(_link(length))
    size = len(matrix)
    assert all(len(row) == size for row in matrix) and (size - 17) % 4 == 0 and 21 <= size <= 177  # versions 1–40
    assert {cell for row in matrix for cell in row} == {True, False}
    picture = ["".join("1" if cell else "0" for cell in row) for row in matrix]
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):  # three corners, no quiet zone around them
        assert [line[left:left + 7] for line in picture[top:top + 7]] == FINDER
    assert qr.modules(_link(length)) == matrix  # the same link, the same code


def test_the_terminal_picture_is_two_module_rows_a_line_inside_its_quiet_zone():
    matrix = qr.modules("https://app.bgstats.com/")
    full = len(matrix) + 2 * qr.QUIET
    plain = qr.lines(matrix, colour=False)
    assert qr.width(matrix) == full and len(plain) == (full + 1) // 2
    assert all(len(line) == full and set(line) <= {qr.UPPER, qr.LOWER, qr.FULL, qr.EMPTY} for line in plain)
    assert plain[:qr.QUIET // 2] == [qr.EMPTY * full] * (qr.QUIET // 2)  # four light rows above
    rows = []
    for line in plain:
        rows.append([ch in (qr.UPPER, qr.FULL) for ch in line])
        rows.append([ch in (qr.LOWER, qr.FULL) for ch in line])
    inner = [row[qr.QUIET:qr.QUIET + len(matrix)] for row in rows[qr.QUIET:qr.QUIET + len(matrix)]]
    assert inner == matrix
    assert not any(any(row) for row in rows[qr.QUIET + len(matrix):])  # light rows below
    coloured = qr.lines(matrix)
    assert [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in coloured] == plain
    assert all(line.startswith(qr.COLOURS) and line.endswith(qr.RESET) for line in coloured)


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools) not installed")
@pytest.mark.parametrize("length", [30, 300, 1000, 1500])
def test_a_phone_reads_the_link_back(length, tmp_path):
    # 1,000 characters: the link of a 5-player Chinatown game, the longest a player meets; 1,500 to spare.
    link = _link(length, seed=length)
    assert zbar(terminal_png(qr.lines(qr.modules(link)), tmp_path / "code.png")) == (0, link)


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="zbarimg (Debian zbar-tools) not installed")
@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Алексей", "Борис", "Вера", "Галина"]])
def test_a_two_player_match_fits_80_columns_and_reads_inside_a_dark_terminal(tmp_path, players):
    # issue 29, point 12: the code needed 81 columns; its white margin of 2 modules is read inside a dark ground
    from PIL import Image

    from scorepad import exports

    play = {"id": 1, "game": "lost-cities", "date": "2026-11-29T20:15:00+01:00", "players": players,
            "totals": {p: 40 - 10 * n for n, p in enumerate(players)}, "ranks": {p: n + 1 for n, p in enumerate(players)},
            "minutes": 45, "start": players[0]}
    url = exports.push_url(play)
    matrix = qr.modules(url)
    if len(players) == 2:
        assert qr.width(matrix) <= 80
    png = terminal_png(qr.lines(matrix), tmp_path / "code.png")
    picture = Image.open(png)
    dark = Image.new("L", (picture.width + 80, picture.height + 80), 0)  # a dark theme's ground all round
    dark.paste(picture, (40, 40))
    dark.save(tmp_path / "dark.png")
    assert zbar(tmp_path / "dark.png") == (0, url)
