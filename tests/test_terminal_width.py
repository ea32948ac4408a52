"""Terminal tables line up under wide and zero-width characters: grid.width counts columns as wcwidth does."""


import pytest
import wcwidth

from scorepad import grid
from scorepad.grid import width

# Names as the tables hold them: Chinese (two columns a character), Persian with a ZWNJ (none), Arabic with its
# vowel marks (none), Russian, an accent typed as a combining mark, emoji (one alone, a family joined by ZWJ, a
# flag, a heart with its variation selector).
NAMES = ["王小明", "محمد\u200cرضا", "مُحَمَّد", "Зоя", "Zoe\u0301", "Ana 😀", "👩\u200d👩\u200d👧", "🇮🇷", "❤\ufe0f",
         "陳大文，", "ｆｕｌｌ", "Ana"]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_takes_the_columns_wcwidth_gives_it(name):
    assert width(name) == wcwidth.wcswidth(name)


def test_the_standings_line_up_under_wide_and_zero_width_names():
    rows = [[1, name, 10 * n] for n, name in enumerate(NAMES)]
    lines = grid.grid(["Rank", "Player", "Total"], rows, indent="").splitlines()
    # Every line ends at the same column as the header (the totals are right-aligned), and the widest name still
    # has the two spaces between columns after it.
    assert {wcwidth.wcswidth(line) for line in lines} == {wcwidth.wcswidth(lines[0])}
    names_end = wcwidth.wcswidth(lines[0].split("Player")[0]) + max(map(wcwidth.wcswidth, NAMES))
    for line, (_rank, name, _total) in zip(lines[2:], rows):
        before, _, after = line.partition(name)
        assert wcwidth.wcswidth(before + name) + len(after) - len(after.lstrip()) >= names_end + 2


def test_terminal_output_stays_in_logical_order():
    # A Persian name is printed as typed (first letter first); the terminal lays it out right to left.
    name = "محمد\u200cرضا"
    line = grid.grid(["Player"], [[name]], indent="").splitlines()[2]
    assert line.startswith(name)
