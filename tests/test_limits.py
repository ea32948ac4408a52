"""Issue 13, points 4 and 5: limits that keep every command quick, and nothing a table file or an older database
holds can drive the terminal (control characters and bidi overrides refused at input, escaped on output)."""

import io
import json
import time

import pytest
from conftest import LC11, TABLES, run
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output
from typer.testing import CliRunner

from scorepad import cli
from scorepad.games import by_slug
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.cli.prompts import QuestionaryPrompter
from scorepad.table.changes import new_doc
from scorepad.table.travel import doc_from_table
from scorepad.store import Store
from scorepad.table.summary import summarize

ESC, BEL, C1, BS, RLO = "\x1b[2J", "\x07", "\x9b31m", "\x08", "\u202e"
# Each hostile text, and the code point the refusal names.
HOSTILE = [(f"B{ESC}n", "001B"), (f"B{BEL}n", "0007"), (f"B{C1}n", "009B"), (f"B{BS}n", "0008"),
           (f"B{RLO}n", "202E"), ("B\u2066n", "2066"), ("B\x7fn", "007F")]
LONGEST_NAME = 40


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def error(code, *args):
    result = invoke(*args)
    assert (result.exit_code, result.stdout) == (code, ""), (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    return result.stderr


def write(tmp_path, table, name="table.json"):
    path = tmp_path / name
    path.write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")
    return path


def renamed(table, old, new):
    """The table with player `old` called `new` everywhere (names are whole JSON strings in TABLES)."""
    return json.loads(json.dumps(table).replace(json.dumps(old), json.dumps(new)))


# --- names: at most 40 characters, everywhere a name comes in -------------------------------------------------

@pytest.mark.parametrize("slug", TABLES)
def test_a_name_of_40_characters_is_taken_and_41_refused_by_every_game(tmp_path, database, slug):
    first = TABLES[slug]["players"][0]
    for name in ("x" * LONGEST_NAME, "ب" * LONGEST_NAME):
        path = write(tmp_path, renamed(TABLES[slug], first, name))
        assert name in json.loads(ok("score", "--table", path, "--json"))["winners"] + [
            s["player"] for s in json.loads(ok("score", "--table", path, "--json"))["standings"]]
    path = write(tmp_path, renamed(TABLES[slug], first, "x" * (LONGEST_NAME + 1)))
    line = f"Error: players: '{'x' * 41}' is 41 characters long (at most 40)\n"
    assert error(1, "score", "--table", path) == line
    assert error(1, "import", path) == line
    assert not database.exists()


def test_the_name_prompt_takes_40_characters_and_refuses_41(terminal, database):
    prompter = terminal("x" * 41, "x" * 40, "Ben", Aborted())
    assert invoke("play", "lost-cities").exit_code == 130
    assert prompter.refused == [("x" * 41, f"'{'x' * 41}' is 41 characters long (at most 40)")]
    assert Store(database).get(1)["players"] == ["x" * 40, "Ben"]


def test_a_blank_pad_takes_names_of_40_characters(tmp_path):
    ok("sheet", "chinatown", "--blank", "-p", "a" * 40, "b" * 40, "c" * 40, "-o", tmp_path / "pad.pdf")
    assert error(1, "sheet", "chinatown", "--blank", "-p", "a" * 40, "b" * 41, "c", "-o", tmp_path / "no.pdf") == (
        f"Error: players: '{'b' * 41}' is 41 characters long (at most 40)\n")
    assert not (tmp_path / "no.pdf").exists()


# --- rounds: the most each game takes, refused before anything is stored or drawn ----------------------------

# The most rounds each game takes, and why: Lost Cities a long evening of many 3-game matches (20: a few pages of
# sheet; 999 made `sheet` take 12 s); Next Station: London one line per pencil colour (4); Chinatown's years
# 1965–1970 (6), its four-season variant's seasons (4).
MOST = [("lost-cities", [], ["Ana", "Ben"], 20), ("next-station-london", [], ["Ana", "Ben"], 4),
        ("chinatown", [], ["Ana", "Ben", "Cy"], 6), ("chinatown", ["four-seasons"], ["Ana", "Ben", "Cy"], 4)]


@pytest.mark.parametrize("slug, variants, players, most", MOST)
def test_play_takes_the_most_rounds_and_refuses_one_more_before_storing(terminal, database, slug, variants,
                                                                         players, most):
    options = [a for v in variants for a in ("--variant", v)]
    for rounds in (most + 1, 100_000):
        line = error(1, "play", slug, "-p", *players, *options, "--rounds", rounds)
        assert line.startswith(f"Error: rounds: {rounds} rounds; ") and line.endswith(f" takes 1–{most}\n")
        assert not database.exists()  # nothing stored, not even an empty session
    terminal(Aborted())
    assert invoke("play", slug, "-p", *players, *options, "--rounds", most).exit_code == 130
    assert Store(database).get(1)["rounds_planned"] == most


@pytest.mark.parametrize("slug, variants, players, most", MOST)
def test_a_blank_pad_refuses_one_round_more_at_once(tmp_path, slug, variants, players, most):
    options = [a for v in variants for a in ("--variant", v)]
    ok("sheet", slug, "--blank", *options, "--rounds", most, "-o", tmp_path / "pad.pdf")
    started = time.perf_counter()
    line = error(1, "sheet", slug, "--blank", *options, "--rounds", 100_000, "-o", tmp_path / "no.pdf")
    print(f"{slug} --blank --rounds 100000 refused in {time.perf_counter() - started:.2f} s")
    assert line.startswith("Error: rounds: 100000 rounds; ") and not (tmp_path / "no.pdf").exists()


def test_play_refuses_rounds_for_a_game_without_them(database):
    assert error(1, "play", "london-2e", "-p", "Ana", "Ben", "--rounds", 1) == (
        "Error: rounds: London (second edition, 2017) has no rounds: leave out --rounds\n")
    assert not database.exists()


def test_a_lost_cities_table_holds_20_games_and_not_21(tmp_path, database):
    game = LC11["rounds"][0]
    twenty = write(tmp_path, {**LC11, "rounds": [game] * 20})
    assert len(json.loads(ok("score", "--table", twenty, "--json"))["standings"][0]["rounds"]) == 20
    assert ok("import", twenty) == "1\n"
    line = "Error: rounds: 21 rounds; this game takes 1–20\n"
    more = write(tmp_path, {**LC11, "rounds": [game] * 21})
    assert error(1, "score", "--table", more) == line
    assert error(1, "import", more) == line


# --- notes and other free texts: at most 200 characters ---------------------------------------------------

def chinatown_with(note=None, built=None):
    if built is not None:
        players = ["Ava", "Ben", "Cai"]
        return {"game": "chinatown", "variants": ["four-seasons"], "players": players,
                "rounds": [{p: {"spent": 0, "built": built if p == "Ava" else []} for p in players}]}
    table = json.loads(json.dumps(TABLES["chinatown"]))
    table["trades"][0]["note"] = note
    return table


def test_a_trade_note_holds_200_characters_and_not_201(tmp_path, database):
    ok("score", "--table", write(tmp_path, chinatown_with("n" * 200)))
    path = write(tmp_path, chinatown_with("n" * 201))
    line = f"Error: round 1, trade 1 note: '{'n' * 60}…' is 201 characters long (at most 200)\n"  # an excerpt
    assert error(1, "score", "--table", path) == line
    assert error(1, "import", path) == line
    assert not database.exists()


def test_a_shop_type_of_the_four_season_game_is_a_name_at_most_40_characters(tmp_path, database):
    ok("score", "--table", write(tmp_path, chinatown_with(built=["t" * 40])))
    path = write(tmp_path, chinatown_with(built=["t" * 41]))
    line = f"Error: round 1, player Ava, built: '{'t' * 41}' is 41 characters long (at most 40)\n"
    assert error(1, "score", "--table", path) == line
    assert error(1, "import", path) == line


def test_the_note_prompt_takes_200_characters_and_refuses_201(store):
    session_id = store.insert(new_doc(by_slug("chinatown"), ["Ava", "Ben", "Cai"], [], None, seed=7))
    answers = ["Ava", "Ava Ben 5k", "n" * 201, "n" * 200, "", Aborted()]
    with pytest.raises(Aborted):
        run(store, session_id, answers)
    entries = {tuple(e["at"]): e["value"] for e in store.get(session_id)["entries"]}
    assert entries[("setup", "note", 0)] == "n" * 200


# --- control characters and bidi overrides: refused at input, the field named ---------------------------------

@pytest.mark.parametrize("text, code", HOSTILE)
def test_a_table_file_with_a_control_character_in_a_name_or_a_note_is_refused(tmp_path, database, text, code):
    kind = "a bidi override or isolate" if code.startswith("20") else "a control character"
    named = write(tmp_path, renamed(TABLES["lost-cities"], "Ben", text), "name.json")
    line = f"Error: players: {text!r} holds {kind} (U+{code})\n"
    assert error(1, "score", "--table", named) == cli_line(line)
    assert error(1, "import", named) == cli_line(line)
    noted = write(tmp_path, chinatown_with(text), "note.json")
    line = f"Error: round 1, trade 1 note: {text!r} holds {kind} (U+{code})\n"
    assert error(1, "score", "--table", noted) == cli_line(line)
    assert error(1, "import", noted) == cli_line(line)
    assert not database.exists()


def cli_line(line):
    """The one line `Error:` prints: anything still unprintable in it is escaped (repr already did the rest)."""
    return "".join(c if c.isprintable() or c == "\n" else ascii(c)[1:-1] for c in line)


@pytest.mark.parametrize("text, code", HOSTILE[:5])
def test_a_session_log_note_with_a_control_character_is_refused_on_import(tmp_path, database, text, code):
    store = Store(database)
    session_id = store.insert(new_doc(by_slug("chinatown"), ["Ava", "Ben", "Cai"], [], None, seed=7))
    with pytest.raises(Aborted):
        run(store, session_id, ["Ava", "Ava Ben 5k", "a note", "", Aborted()])
    exported = json.loads(ok("export", session_id))
    (number,) = [n for n, e in enumerate(exported["session"]["log"], start=1) if e["value"] == "a note"]
    exported["session"]["log"][number - 1]["value"] = text
    kind = "a bidi override or isolate" if code.startswith("20") else "a control character"
    assert error(1, "import", write(tmp_path, exported)) == cli_line(
        f"Error: session log {number} value: {text!r} holds {kind} (U+{code})\n")
    assert len(Store(database).summaries()) == 1


def test_the_joiners_and_marks_persian_and_arabic_need_are_taken_in_names_and_notes(tmp_path, database):
    name, note = "می\u200cخواهم", "\u200fلوت ۱۲\u200e 👩\u200d👩"
    table = renamed(chinatown_with(note), "Ben", name)
    assert ok("import", write(tmp_path, table)) == "1\n"
    assert name in ok("show", 1)
    assert json.loads(ok("export", 1))["trades"][0]["note"] == note


def test_the_note_prompt_refuses_a_control_character(store):
    session_id = store.insert(new_doc(by_slug("chinatown"), ["Ava", "Ben", "Cai"], [], None, seed=7))
    prompter = ScriptedPrompter(["Ava", "Ava Ben 5k", f"lot{ESC}12", "lot 12", "", Aborted()])
    from scorepad.cli.play import play

    with pytest.raises(Aborted):
        play(store, session_id, prompter, lambda text: None)
    assert prompter.refused == [(f"lot{ESC}12", "'lot\\x1b[2J12' holds a control character (U+001B)")]


# --- an older database: whatever it holds prints escaped, by every command ----------------------------------

BAD_NAME, BAD_NOTE = f"Ana{ESC}{BEL}{C1}{BS}{RLO}x", f"lot{ESC}]0;pwned{BEL}{RLO}12"
RAW = (ESC, BEL, "\x9b", BS, RLO)


def older(doc):
    """A session as a scorepad before these rules could store it: Ana and the note replaced by hostile text."""
    text = json.dumps(doc).replace('"Ana"', json.dumps(BAD_NAME)).replace('"Ava"', json.dumps(BAD_NAME))
    return json.loads(text.replace('"lot 12"', json.dumps(BAD_NOTE)))


@pytest.fixture
def old_database(database, tmp_path):
    """Session 1: Lost Cities, finished; 2: Lost Cities in progress; 3: Chinatown with a trade note, finished."""
    store = Store(database, summarize=summarize)
    lost_cities = by_slug("lost-cities")
    finished = doc_from_table(LC11, lost_cities)
    playing = new_doc(lost_cities, ["Ana", "Ben"], [], 3, seed=3)
    colours = ("yellow", "blue", "white", "green", "red")
    for at, value in [(("setup", "oldest"), "Ana")] + [
            (("rounds", 0, p, colour), LC11["rounds"][0][p].get(colour, [])) for p in ("Ana", "Ben") for colour in colours]:
        playing["entries"].append({"at": list(at), "value": value})
    chinatown = by_slug("chinatown")
    noted = new_doc(chinatown, ["Ava", "Ben", "Cai"], [], None, seed=7)
    doc_id = Store(tmp_path / "scratch.json").insert(noted)
    with pytest.raises(Aborted):
        run(Store(tmp_path / "scratch.json"), doc_id, ["Ava", "Ava Ben 5k", "lot 12", "", Aborted()])
    noted = Store(tmp_path / "scratch.json").get(doc_id)
    for doc in (finished, playing, noted):
        store.insert(older(doc))
    return database


def assert_escaped(text):
    assert not any(c in text for c in RAW), repr(text)
    assert "\\x1b[2J\\x07\\x9b31m\\x08\\u202ex" in text, text


@pytest.mark.no_travel  # its names cannot travel: import refuses them (as it should)
@pytest.mark.parametrize("args", [["list"], ["list", "--all"], ["show", 1], ["show", 2], ["show", 3], ["score", 1],
                                  ["score", 2]])
def test_an_older_database_prints_escaped(old_database, args):
    assert_escaped(ok(*args))


@pytest.mark.no_travel
def test_an_older_note_prints_escaped(old_database):
    shown = ok("show", 3)
    assert not any(c in shown for c in RAW)
    assert "lot\\x1b[2J]0;pwned\\x07\\u202e12" in shown


@pytest.mark.no_travel
@pytest.mark.parametrize("args", [["list", "--json"], ["score", 1, "--json"], ["export", 1], ["export", 3],
                                  ["export", "--all"]])
def test_an_older_database_prints_escaped_json(old_database, args):
    text = ok(*args)
    assert not any(c in text for c in RAW)
    assert "\\u001b[2J\\u0007\\u009b31m\\b\\u202ex" in text  # json's own \b for backspace
    first = json.loads(text.splitlines()[0]) if args == ["export", "--all"] else json.loads(text)
    assert BAD_NAME in strings(first)  # a JSON reader gets the very name back


def strings(value):
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.no_travel
def test_resume_recaps_an_older_session_escaped(old_database, terminal):
    prompter = terminal(Aborted())
    result = invoke("resume", 2)
    assert result.exit_code == 130
    assert_escaped(result.stdout)
    assert any(BAD_NAME in asked for asked in prompter.asked)  # the prompter escapes what it draws (below)


@pytest.mark.no_travel
def test_edit_and_undo_print_an_older_session_escaped(old_database):
    assert_escaped(ok("edit", 1, "--round", 1, "--player", BAD_NAME, "--field", "blue", "2 5 7"))
    assert_escaped(ok("undo", 1))


@pytest.mark.no_travel
def test_a_sheet_of_an_older_session_prints_escaped(old_database, tmp_path):
    import pypdf

    ok("sheet", 1, "-o", tmp_path / "one.pdf")
    text = "".join(page.extract_text() for page in pypdf.PdfReader(tmp_path / "one.pdf").pages)
    assert not any(c in text for c in RAW) and "\\x1b[2J" in text


def test_the_terminal_prompter_draws_names_escaped():
    with create_pipe_input() as pipe:
        screen = io.StringIO()
        output = Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")
        prompter = QuestionaryPrompter(input=pipe, output=output)
        pipe.send_text("\r")
        assert prompter.select(f"Who starts, {BAD_NAME}?", [BAD_NAME, "Ben"]) == BAD_NAME  # the answer as stored
        pipe.send_text("7\r")
        assert prompter.text(f"{BAD_NAME}'s points:") == "7"
    drawn = screen.getvalue()
    # prompt_toolkit's own drawing holds ESC and backspace (cursor moves); ours holds none of the five
    assert RLO not in drawn and "\x9b" not in drawn and BEL not in drawn and ESC not in drawn
    assert drawn.count("\\x1b[2J\\x07\\x9b31m\\x08\\u202ex") >= 3


# --- the sheet: a long name costs a few measurements, not one per character ------------------------------------

def width_calls(monkeypatch, game, data):
    from scorepad import sheets
    from scorepad.sheets.lines import Lines
    from scorepad.sheets.text import Pen

    calls = []
    measure, add_up = Pen.width, Lines.units  # a text measured whole, or a word's advance (wrap)
    monkeypatch.setattr(Pen, "width", lambda self, s, size: calls.append(len(s)) or measure(self, s, size))
    monkeypatch.setattr(Lines, "units", lambda self, s, arabic: calls.append(len(s)) or add_up(self, s, arabic))
    started = time.perf_counter()
    sheets.render(sheets.load_template(game.template), data, io.BytesIO())
    return len(calls), sum(calls), time.perf_counter() - started


@pytest.mark.parametrize("slug", TABLES)
def test_a_long_name_on_every_sheet_is_measured_a_bounded_number_of_times(monkeypatch, slug):
    """40 characters of Latin or Arabic on every game's filled sheet, in a fraction of a second (printed), and a
    name ten times as long (past the limit, as only a hand-made sheet could hold) measured barely more often:
    cutting it one character at a time measured every prefix (3,000 characters took 12.7 s on a London sheet)."""
    game = by_slug(slug)
    first = TABLES[slug]["players"][0]
    for letter in ("x", "ب"):
        counts = []
        for length in (LONGEST_NAME, 10 * LONGEST_NAME, 20 * LONGEST_NAME):
            name = letter * length
            table = renamed(TABLES[slug], first, letter * LONGEST_NAME)
            result = game.score(table)
            data = json.loads(json.dumps(game.sheet(result, players=table["players"]), ensure_ascii=False)
                              .replace(letter * LONGEST_NAME, name))
            calls, characters, seconds = width_calls(monkeypatch, game, data)
            print(f"{slug}: a name of {length} × {letter!r}: {calls} widths measured ({characters} characters), "
                  f"{seconds:.3f} s")
            counts.append((calls, characters))
        (short_calls, short_chars), (long_calls, long_chars), (longer_calls, longer_chars) = counts
        # A binary search wherever the name is cut (log2 400 ≈ 9 measures more each); one character at a time,
        # each of those places measured 360 more.
        assert long_calls < 2 * short_calls and longer_calls < long_calls + 20
        # The characters measured grow with the name (linear), not with its square: 400 more characters add about
        # what the first 360 more did (with its square: three times as much). (Not a ratio to the whole sheet's
        # count: wrap() measuring words instead of whole lines made that count smaller, not the name's part.)
        assert longer_chars - long_chars < 2 * (long_chars - short_chars)


@pytest.mark.no_travel
def test_an_older_name_with_a_newline_stays_on_its_line(database):
    doc = json.loads(json.dumps(doc_from_table(LC11, by_slug("lost-cities"))).replace('"Ana"', '"An\\na"'))
    Store(database, summarize=summarize).insert(doc)
    assert ok("show", 1).splitlines()[0] == "Session 1: Lost Cities — An\\na, Ben"
    assert "An\\na" in ok("list") and "  2  An\\na" in ok("score", 1)


def test_safe_escapes_exactly_what_is_unsafe_refuses():
    """grid.safe's one pattern and calculators.core.is_unsafe are the same set of characters, and the line and
    paragraph separators besides, which a name may hold but a terminal's line may not (issue 29, point 10)."""
    from calculators.core import is_unsafe
    from scorepad.grid import safe

    for code in [*range(0, 0x250), *range(0x2000, 0x2070), 0x4E2D, 0xFEFF]:
        char = chr(code)
        assert (safe(f"a{char}b") != f"a{char}b") == (is_unsafe(char) or char in "\u2028\u2029"), hex(code)
    assert safe("a\nb", keep="\n") == "a\nb"


# --- issue 23, point 7: an error line quotes a short excerpt, however long what it quotes --------------------

HUGE_NAME, HUGE_KEY = "A" * 100_000, "k" * 1_000_000


@pytest.mark.parametrize("table", [
    {**LC11, "players": [HUGE_NAME, "Ben"]},  # a name too long
    {**LC11, HUGE_KEY: 1},  # an unknown key (named twice: where, and what)
    {**LC11, "rounds": [{**LC11["rounds"][0], "Ana": {HUGE_KEY: [2]}}]},  # an unknown field
    {**LC11, "rounds": [{HUGE_NAME: {}, "Ben": {}}]},  # an unknown player
    {**LC11, "rounds": [{**LC11["rounds"][0], "Ana": {"yellow": "z" * 100_000}}]},  # a value of the wrong kind
    {**LC11, "variants": ["v" * 100_000]},
    {**LC11, "game": "g" * 100_000},
    {**LC11, "date": "d" * 100_000},
    {**LC11, "players": ["Ana", "Ben\x1b" * 30_000]},  # escaped: six times as long again
], ids=["name", "key", "field", "player", "value", "variant", "game", "date", "controls"])
def test_an_error_line_quotes_a_short_marked_excerpt(tmp_path, table):
    path = write(tmp_path, table)
    for command in (["score", "--table", path], ["import", path]):
        said = error(1, "--db", tmp_path / "db.json", *command)
        assert len(said) < 300 and "…" in said, said[:400]


def test_an_argument_of_100000_characters_is_quoted_as_an_excerpt(tmp_path):
    db = ["--db", tmp_path / "db.json"]
    for args in (["show", "7" * 100_000], ["x" * 100_000], ["list", "--status", "s" * 100_000],
                 ["play", "lost-cities", "--players", HUGE_NAME, "Ben"]):
        result = invoke(*db, *args)
        assert result.exit_code in (1, 2) and "Traceback" not in result.stderr, result.stderr[-300:]
        assert len(result.stderr) < 800, result.stderr[:900]  # the usage and the error line
    result = CliRunner().invoke(cli.app, ["--lang", "x" * 100_000, "list"])
    assert result.exit_code == 2 and len(result.stderr) < 300, result.stderr[:400]


def test_a_refused_answer_of_a_page_is_quoted_as_its_start():
    with create_pipe_input() as pipe:
        screen = io.StringIO()
        output = Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")
        prompter = QuestionaryPrompter(input=pipe, output=output)
        pipe.send_text("x" * 20_000 + "\r7\r")
        assert prompter.text("Points:", validate=lambda text: None if text.isdigit() else "not a number") == "7"
    drawn = screen.getvalue()
    assert "x" * 60 + "…: not a number" in drawn and "x" * 61 + "…" not in drawn
