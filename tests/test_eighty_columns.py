"""Every command fits the terminal's width (issue 22, point 2): down to 80 columns, and narrower by wrapping whole
words, never inside one (a Persian word never breaks; Chinese breaks between its characters, as it is set); a
table's widest text columns wrap their cells, each rule as wide as its column."""

import collections
import json
import re

import pytest

from conftest import TABLES, invoke
from scorepad import grid
from scorepad.grid import width
from test_terminal import pytestmark as needs_tmux  # noqa: F401
from test_terminal import terminal  # noqa: F401  (tmux)

LANGUAGES = ["en", "fa", "ar", "zh-Hant", "ru"]
# A finished Chinatown game of five long names: `list` and `players` rows far wider than 80 columns.
LONG_NAMES = ["Alexandra", "Bartholomew", "Christopher", "Dominique", "Evangeline"]
WIDE = {"game": "chinatown", "players": LONG_NAMES, "date": "2026-11-29T20:15:00+01:00",
        "rounds": [{name: {"businesses": [{"type": kind, "tiles": 2}]}
                    for name, kind in zip(LONG_NAMES, ("restaurant", "photo", "laundry", "florist", "factory"))}]}
PERSIAN = {**TABLES["london-1e"], "players": ["علی‌رضا", "مریم"],
           "final": dict(zip(["علی‌رضا", "مریم"], TABLES["london-1e"]["final"].values()))}


@pytest.fixture
def stored(tmp_path):
    for number, table in enumerate([*TABLES.values(), WIDE, PERSIAN]):
        path = tmp_path / f"{number}.json"
        path.write_text(json.dumps(table))
        assert invoke("import", path).exit_code == 0
    return len(TABLES) + 2


def commands(sessions):
    yield ["games"]
    yield ["list"]
    yield ["stats"]
    yield ["players"]
    for session in range(1, sessions + 1):
        yield ["show", str(session)]
        yield ["score", str(session)]
    yield ["--help"]
    for name in ("play", "resume", "undo", "edit", "delete", "games", "list", "show", "score", "export", "import",
                 "sheet", "host", "stats", "players"):
        yield [name, "--help"]


def run(args, lang, columns=None):
    result = invoke("--lang", lang, *args, env={"COLUMNS": str(columns)} if columns else {})
    assert result.exit_code == 0, (args, result.stderr)
    return result.stdout


def words(text, lang):
    """What wrapping may not change: each word (a rule's length aside); in Chinese, every character in order."""
    text = re.sub("─+", "─", text)
    if lang == "zh-Hant":  # (a table's cells wrap side by side: the characters, not their order)
        return collections.Counter("".join(text.split()))
    # (narrower than a table's longest words, a slug may break after its hyphens: next-station- london)
    return collections.Counter(part for word in text.split() for part in re.split(r"(?<=[^\W\d_]-)", word) if part)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_fits_80_columns_and_keeps_every_word_whole(stored, lang):
    for args in commands(stored):
        fitted, whole = run(args, lang, 80), run(args, lang)
        wide = [line for line in fitted.splitlines() if width(line) > 80]
        assert not wide, (args, wide)
        assert words(fitted, lang) == words(whole, lang), args


@pytest.mark.parametrize("columns", [60, 40])
def test_narrower_wraps_whole_words(stored, columns):
    for lang in ("en", "fa"):
        for args in (["list"], ["games"], ["show", "3"], ["score", "3"], ["stats"]):
            fitted, whole = run(args, lang, columns), run(args, lang)
            assert words(fitted, lang) == words(whole, lang), (lang, args)
            # a line is only wider than the terminal where it is one word (or one column's rule)
            assert all(width(line) <= columns or len(line.split(" ")) == len(line.lstrip().split(" ")) == 1 or
                       line.lstrip().startswith("─") for line in fitted.splitlines()), (lang, args)


def test_list_wraps_its_widest_columns_and_each_rule_is_as_wide_as_its_column(stored):
    out = run(["list"], "en", 80)
    lines = out.replace("—", "-").splitlines()  # (one column each: then a character is a column)
    rule = next(line for line in lines if line.startswith("──"))
    assert width(rule) <= 80
    spans = [match.span() for match in re.finditer("─+", rule)]
    for line in lines:
        if line is rule or not line.isascii():  # (a Persian name's joiner takes no column: len is not width)
            continue
        for start, end in spans:  # every cell starts and ends within its column, under its rule
            assert line[start - 1:start].strip() == "" if start else True
            assert line[end:end + 2].strip() == "" or len(line) <= end, (line, rule)
    assert all(name in out for name in LONG_NAMES)  # the names wrap, whole
    # each rule is as wide as its column: no cell wider, and the unfitted list's rule is its widest cell's
    whole = run(["list"], "en").replace("—", "-").splitlines()
    rule = whole[1]
    assert all(end - start == max(len(line[start:end].rstrip()) for line in whole if line is not rule
                                  and line.isascii()) for start, end in (m.span() for m in re.finditer("─+", rule)))


# --- the layout itself ------------------------------------------------------------------------------------

@pytest.fixture
def columns():
    def fit(n):
        grid.fit_to(n)
    yield fit
    grid.fit_to(None)


def test_a_table_wraps_text_cells_and_never_figures(columns):
    columns(30)
    table = grid.grid(["Player", "Note", "Total"], [["Alexandra", "a long note about the game", 1200],
                                                     ["Bo", "short", -3]], indent="")
    lines = table.splitlines()
    assert all(width(line) <= 30 for line in lines)
    assert "1200" in table and "−3" in table  # figures are never cut
    assert lines[1] == "─────────  ────────────  ─────"


def test_persian_words_never_break_and_chinese_keeps_its_marks(columns):
    persian = "کارت‌های هدف و قدرت: scorepad آن‌ها را بکشد، یا خودتان کشیده‌اید؟"
    for n in (20, 30, 40):
        assert sorted(" ".join(grid.wrap_line(persian, n)).split()) == sorted(persian.split())
    chinese = "目標卡與能力卡：要由 scorepad 抽，還是你們已經抽好了？"
    for n in (10, 16, 24):
        lines = grid.wrap_line(chinese, n)
        assert all(not line.lstrip().startswith(("，", "？", "：", "）")) for line in lines)
        assert "".join("".join(lines).split()) == "".join(chinese.split())


def test_names_of_chinese_characters_stay_whole(columns):
    columns(24)
    table = grid.grid(["Players"], [["王小明、李美華、陳大文、林志玲"]], indent="")
    assert [line.strip() for line in table.splitlines()[2:]] == ["王小明、李美華、陳大文、", "林志玲"]


def test_a_guide_paragraph_is_wrapped_whole(columns):
    columns(50)
    text = ("  • Each player takes the 30 markers of a colour and a player aid; the bank pays each player\n"
            "    (count it out in secret).\n"
            "  • Deal 7 building cards.")
    assert grid.fit(text) == ("  • Each player takes the 30 markers of a colour\n"
                              "    and a player aid; the bank pays each player\n"
                              "    (count it out in secret).\n"
                              "  • Deal 7 building cards.")


# --- a real terminal of 80 columns ------------------------------------------------------------------------

def test_a_persian_game_at_80_columns_in_a_real_terminal(terminal):  # noqa: F811
    term = terminal("--lang fa play london-1e --players علی‌رضا مریم سارا", columns=80)
    term.wait_for("؟")  # the first menu: what happened
    term.keys("Enter")  # Take a loan
    term.wait_for("علی‌رضا")
    screen = term.screen(joined=True)
    too_wide = [line for line in screen.splitlines() if width(line.rstrip()) > 80]
    assert not too_wide, too_wide
    term.keys("C-c")
    term.wait_for("EXIT=130")
