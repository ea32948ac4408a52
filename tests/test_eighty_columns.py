"""Every command fits the terminal's width (issue 22, point 2): down to 80 columns, and narrower by wrapping whole
words, never inside one (a Persian word never breaks; Chinese breaks between its characters, as it is set); a
table's widest text columns wrap their cells, each rule as wide as its column."""

import collections
import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from conftest import TABLES, invoke
from scorepad import grid, i18n
from scorepad.games.chinatown.words import INCOME_START
from scorepad.i18n import _
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
# Whole games of many columns: six Chinatown years of five players (the standings' and the cash statistics' years),
# and four Next Station: London rounds with both modules (its statistics: ten columns of one word each).
YEAR = {name: {"businesses": [{"type": kind, "tiles": 3}]}
        for name, kind in zip(LONG_NAMES, ("restaurant", "photo", "laundry", "florist", "factory"))}
SIX_YEARS = {"game": "chinatown", "players": LONG_NAMES, "rounds": [YEAR] * 6,
             "trades": [{"round": n, "from": "Alexandra", "to": "Evangeline", "amount": 12_000} for n in range(1, 7)]}
_LINE = {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}
FOUR_ROUNDS = {"game": "next-station-london", "players": ["Ana", "Ben"], "modules": ["objectives", "powers"],
               "rounds": [{"Ana": _LINE, "Ben": _LINE}] * 4,
               "final": {"Ana": {"interchanges": {"2": 3, "3": 1, "4": 0}, "objectives": 1},
                         "Ben": {"interchanges": {"2": 1, "3": 0, "4": 0}, "objectives": 0}}}


@pytest.fixture
def stored(tmp_path):
    tables = [*TABLES.values(), WIDE, PERSIAN, SIX_YEARS, FOUR_ROUNDS]
    for number, table in enumerate(tables):
        path = tmp_path / f"{number}.json"
        path.write_text(json.dumps(table))
        assert invoke("import", path).exit_code == 0
    return len(tables)


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


def same_words(fitted, whole, lang):
    """Every word of the text as long as it is, whole, and no other (a table printed in parts says the names of its
    rows, and its headings, again in each part)."""
    fitted, whole = words(fitted, lang), words(whole, lang)
    return not whole - fitted and set(fitted) == set(whole)


RULE = re.compile(r"( *)─[─ ]*")


def tables(text):
    """Each indented table of a text: (its columns as spans, the lines of its headings, the lines of its rows)."""
    lines = text.splitlines()
    for at, line in enumerate(lines):
        rule = RULE.fullmatch(line)
        if not rule or not rule.group(1):
            continue
        indent = len(rule.group(1))

        def within(other):
            return other.strip() and len(other) - len(other.lstrip(" ")) >= indent and not RULE.fullmatch(other)

        head = at
        while head > 0 and within(lines[head - 1]):
            head -= 1
        end = at + 1
        while end < len(lines) and within(lines[end]):
            end += 1
        yield [m.span() for m in re.finditer("─+", line)], lines[head:at], lines[at + 1:end]


def cells_in_columns(fitted, whole):
    """Whether each table of the fitted text keeps its rows whole: every character of a heading or a row under a
    column's rule, and what a line has under the first column one of that column's cells (a row that went on on
    the next line would start there with its last cells)."""
    firsts = {word for _spans, _head, rows in tables(whole) for row in rows for word in row.lstrip().split("  ")[0].split()}
    firsts |= {word for _spans, head, _rows in tables(whole) for line in head for word in line.split()}
    same = set(whole.splitlines())  # (a line as long as it is: a table that fits, or the text after one)
    for spans, head, rows in tables(fitted):
        head, rows = [line for line in head if line not in same], [line for line in rows if line not in same]
        for line in head + rows:
            if any(not any(start <= at < end for start, end in spans) for at, c in columns_of(line) if c != " "):
                return line
        for line in rows:
            first = "".join(c for at, c in columns_of(line) if spans[0][0] <= at < spans[0][1]).split()
            if not set(first) <= firsts:
                return line
    return None


def columns_of(line):
    """Each character of a line and the terminal column it starts at (a Chinese character takes two, ZWNJ none)."""
    at = 0
    for c in line:
        yield at, c
        at += width(c)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_command_fits_80_columns_and_keeps_every_word_whole(stored, lang):
    for args in commands(stored):
        fitted, whole = run(args, lang, 80), run(args, lang)
        wide = [line for line in fitted.splitlines() if width(line) > 80]
        assert not wide, (args, wide)
        assert same_words(fitted, whole, lang), args
        assert cells_in_columns(fitted, whole) is None, (args, cells_in_columns(fitted, whole))


@pytest.mark.parametrize("columns", [60, 40])
def test_narrower_wraps_whole_words(stored, columns):
    for lang in ("en", "fa"):
        for args in (["list"], ["games"], ["show", "3"], ["score", "3"], ["stats"]):
            fitted, whole = run(args, lang, columns), run(args, lang)
            assert same_words(fitted, whole, lang), (lang, args)
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
    assert lines[1] == "─────────  ───────────  ─────"  # as wide as its widest line: "a long note"


def test_a_table_that_cannot_fit_is_printed_in_parts_each_naming_its_rows(columns):
    columns(40)
    headers = ["Rank", "Player", "Districts", "Stations", "Interchanges", "Objectives", "Total"]
    table = grid.grid(headers, [[1, "Ana", 6, 3, 11, 10, 52], [2, "Bartholomew", 5, 4, 2, 0, 30]])
    assert table.split("\n\n") == [
        "  Rank  Player       Districts  Stations\n"
        "  ────  ───────────  ─────────  ────────\n"
        "     1  Ana                  6         3\n"
        "     2  Bartholomew          5         4",
        "  Rank  Player       Interchanges\n"
        "  ────  ───────────  ────────────\n"
        "     1  Ana                    11\n"
        "     2  Bartholomew             2",
        "  Rank  Player       Objectives  Total\n"
        "  ────  ───────────  ──────────  ─────\n"
        "     1  Ana                  10     52\n"
        "     2  Bartholomew           0     30"]


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


def test_a_line_as_far_in_as_a_list_items_mark_starts_anew(columns):
    # Next Station's round text: the last pencil and the rules under it were one paragraph ("• Cy: Pink Start at")
    columns(80)
    text = ("Pencils this round:\n  • Ana: Blue\n  • Cy: Pink\n"
            "  Start at the departure station of your colour. Each turn the controller turns a card; you may draw")
    assert grid.fit(text).split("\n")[:4] == [
        "Pencils this round:", "  • Ana: Blue", "  • Cy: Pink",
        "  Start at the departure station of your colour. Each turn the controller turns"]


def test_a_guides_steps_apart_by_two_spaces_are_one_paragraph():
    turn = ("  A turn: 1. play a card onto your own expedition of its colour, or discard it face up on that\n"
            "             colour's pile;  2. draw the top card of the draw pile or of any discard pile\n"
            "             (not the card you have just discarded).")
    assert grid.fit(turn, 80).splitlines() == [
        "  A turn: 1. play a card onto your own expedition of its colour, or discard it",
        "             face up on that colour's pile;  2. draw the top card of the draw",
        "             pile or of any discard pile (not the card you have just discarded)."]
    # its first line fits, the next does not: the paragraph is wrapped whole all the same
    turn = turn.replace(" onto your own expedition of its colour,", ",").replace(" face up", "")
    assert grid.fit(turn, 80).splitlines() == [
        "  A turn: 1. play a card, or discard it on that colour's pile;  2. draw the top",
        "             card of the draw pile or of any discard pile (not the card you have",
        "             just discarded)."]
    # lines as far in: the paragraph's next lines start as a line's do, its first line fitting or not
    shuffle = ("  Controller: shuffle the 11 station cards and turn one per turn; the round\n"
               "  ends on the 5th Underground card. The Railroad Switch: turn the next card at once; that turn's\n"
               "  section may start from any station of the line (a branch).")
    assert grid.fit(shuffle, 80).splitlines() == [
        "  Controller: shuffle the 11 station cards and turn one per turn; the round ends",
        "    on the 5th Underground card. The Railroad Switch: turn the next card at",
        "    once; that turn's section may start from any station of the line (a branch)."]
    # after a semicolon, a line indented further goes on with it
    play = ("     • Play cards — each needs a card of the same colour from hand onto the display, plus its £ cost;\n"
            "       cards go on any stack or start a new one (never on a card played this turn).")
    assert grid.fit(play, 80).splitlines() == [
        "     • Play cards — each needs a card of the same colour from hand onto the",
        "       display, plus its £ cost; cards go on any stack or start a new one (never",
        "       on a card played this turn)."]
    # a label's next item, as far in, is an item of its own (Russian labels one tourist sites =, one space)
    labels = ("  Темза               = пересечения Темзы (0–10, не больше одного на туннель; по 2 за каждое)\n"
              "  туристические места = туристические места на ветке (0–5)")
    assert grid.fit(labels, 80).splitlines() == [
        "  Темза               = пересечения Темзы (0–10, не больше одного на туннель; по",
        "                        2 за каждое)",
        "  туристические места = туристические места на ветке (0–5)"]
    # after a line that ends its sentence, a line indented further is an item of its own, its next lines further in
    notation = ("  Type each expedition's cards in the order played: w = wager, then the numbers.\n"
                "    `w w 3 5 9 10`, `ww35910` and `ww3590` (0 = ten) are the same; Enter alone = not started;")
    assert grid.fit(notation, 80).splitlines()[1:] == [
        "    `w w 3 5 9 10`, `ww35910` and `ww3590` (0 = ten) are the same; Enter alone =", "      not started;"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_line_of_a_guide_that_ends_its_sentence_ends_its_paragraph(lang):
    """Chinatown's "Types by tiles to complete: 3: photo tea sea · … · 6: ant fact rest" had no full stop: at 80
    columns the next sentence ("A group larger than complete …") went on in the same line."""
    with i18n.speaking(lang):
        text = _(INCOME_START).format(year=1965, example="rest 4, photo 3", types=" · ".join(
            ["3: photo tea sea", "4: jewel flor fish", "5: take laun dim", "6: ant fact rest"]), larger="photo 4",
            size=3, none="none")
        last = text.splitlines()[-1]
        assert last in grid.fit(text, 200).splitlines()  # (fits: as it is)
        assert any(line.startswith(last[:12]) for line in grid.fit(text, 80).splitlines()), grid.fit(text, 80)


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


def test_a_menus_answer_too_long_for_its_line_wraps_whole_under_the_question(terminal):  # noqa: F811
    term = terminal("play lost-cities --players Christopher Bartholomew", columns=80)
    term.wait_for("Who is the oldest player?")
    term.keys("Enter")
    term.wait_for("Game 1 · Christopher · Yellow:")
    term.type("w3 4 6 8 9")
    term.wait_for("Game 1 · Christopher · Blue:")
    term.type("fix")
    term.wait_for("Which answer?")
    term.keys("Down")
    term.keys("Enter")  # "Game 1 · Christopher · Yellow: W 3 4 6 8 9", after a question of 54 columns
    screen = term.wait_for("the new answer")
    assert ("? Which answer? (newest first; type any words of it)\n"
            "  Game 1 · Christopher · Yellow: W 3 4 6 8 9\n") in "\n".join(line.rstrip() for line in screen.splitlines())
    term.keys("C-c")
    term.wait_for("Edit cancelled")
    term.keys("C-c")
    term.wait_for("EXIT=130")


def test_chinese_list_keeps_each_figure_and_each_name_whole(tmp_path):
    # `list` in Chinese split `（$802,` / `000）` and `李美華` / `李`: a figure and a name of four characters are whole
    names = ["王小明王", "李美華李", "陳大文陳"]
    table = {"game": "chinatown", "players": names, "rounds": [
        {n: {"businesses": [{"type": kind, "tiles": 3}]} for n, kind in zip(names, ("photo", "laundry", "florist"))}]
        * 6,
        "trades": [{"round": 6, "from": names[1], "to": names[0], "amount": 200_000}]}
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    assert invoke("import", path).exit_code == 0
    shown = run(["list"], "zh-Hant", 70)  # the leader column narrow enough to wrap
    figure = re.search(r"\$[\d,]{7,}", invoke("--lang", "zh-Hant", "list").stdout)[0]
    assert figure in shown, shown
    assert all(name in shown for name in names), shown
    assert "領先者／" in shown or "領先者／獲勝者" in shown


def test_an_error_line_wraps_between_words_in_a_real_terminal(terminal, tmp_path, request):  # noqa: F811
    table = tmp_path / "game.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    assert invoke("import", table).exit_code == 0
    # A short folder: the path is one word of the error line, and a word wider than the line (pytest's tmp_path
    # under xdist can reach 80 characters) is the terminal's to break, whatever scorepad does.
    folder = Path(tempfile.mkdtemp())
    path = folder / "mine.csv"
    path.write_text("not an export of ours\n")
    request.addfinalizer(lambda: shutil.rmtree(folder, ignore_errors=True))
    term = terminal(f"--lang ru export 1 --format csv -o {path}", columns=80)
    screen = term.wait_for("EXIT=1")
    lines = screen[:screen.index("EXIT=1")].strip().splitlines()
    assert len(lines) > 1 and lines[0].startswith("Ошибка:") and lines[1].startswith("  ")
    # every break is scorepad's, at a space: the terminal wrapped nothing (it broke "s|tores" and "on|ly")
    assert term.screen(joined=True) == term.screen(), screen


def test_an_error_into_a_pipe_is_one_line_whatever_columns_says(tmp_path):
    path = tmp_path / "key.json"
    path.write_text(json.dumps({**TABLES["lost-cities"], "k" * 300: 1}))
    result = invoke("score", "--table", path, env={"COLUMNS": "40"})
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
