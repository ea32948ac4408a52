"""Every command through typer's CliRunner: output, exit status, and the exact one-line errors."""

import copy
import functools
import json
import operator
import random
from datetime import date

import pytest
import typer
from pypdf import PdfReader

from conftest import LC11, LC11_TYPED, TABLES, table_part, invoke, ok
from scorepad import cli
from scorepad.cli.prompter import Aborted
from scorepad.games import GAMES

SLUGS = ", ".join(g.slug for g in GAMES)  # the registry grows as games land

COMMANDS = ["games", "play", "resume", "undo", "edit", "list", "show", "score", "export", "import", "sheet", "host", "delete",
            "players", "stats"]


def error(code, *args):
    """The command fails with `code`, prints nothing on stdout and exactly one line on stderr."""
    result = invoke(*args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    return result.stderr


def write(tmp_path, table, name="table.json"):
    path = tmp_path / name
    path.write_text(json.dumps(table) if not isinstance(table, str) else table)
    return path


# --- help, version, games ----------------------------------------------------------------------------

def test_version():
    assert ok("--version") == "scorepad 0.1.0\n"


def missing_help(app):
    """Every command of a typer app, and every option and argument of each, that has no help text."""
    import typer.main

    def walk(command, path):
        yield path, command
        if hasattr(command, "list_commands"):  # a group: its commands as it lists them (each loaded when asked for)
            for name in sorted(command.list_commands(None)):
                yield from walk(command.get_command(None, name), [*path, name])

    missing = []
    for path, command in walk(typer.main.get_command(app), ["scorepad"]):
        if not (command.help or "").strip():
            missing.append(" ".join(path))
        missing += [f"{' '.join(path)} {param.opts[0]}" for param in command.params
                    if not (getattr(param, "help", None) or "").strip()]
    return missing


def test_every_command_option_and_argument_has_help():
    assert missing_help(cli.app) == []


def test_missing_help_is_found():
    # The check above must fail for a new command, option or argument written without help.
    app = typer.Typer(help="The root.")

    @app.command()
    def documented(name: str = typer.Argument(..., help="A name.")) -> None:
        """Documented."""

    @app.command()
    def bare(count: int = typer.Option(1, "--count"), name: str = typer.Argument(...)) -> None:
        pass

    assert missing_help(app) == ["scorepad bare", "scorepad bare --count", "scorepad bare name"]


def test_the_command_list_is_the_app():
    import typer.main

    # what the root lists (each command's module loaded when asked for: not what earlier tests happened to load)
    assert sorted(typer.main.get_command(cli.app).list_commands(None)) == sorted(COMMANDS)


def test_help_lists_the_commands_in_their_order():
    # The order scorepad/cli/__init__.py imports the command modules in (typer lists command groups last).
    listed = [line.split()[0] for line in ok("--help").split("Commands:\n")[1].splitlines() if line.strip()]
    assert listed == ["games", "play", "resume", "undo", "edit", "delete", "list", "show", "score", "export", "import",
                      "sheet", "host", "stats", "players"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    import typer.main

    text = ok(command, "--help")
    assert text.startswith("Usage: ") and len(text.splitlines()) > 3
    assert typer.main.get_command(cli.app).commands[command].help.split("\n")[0] in text


def test_games_lists_slug_players_and_each_variant():
    text = ok("games")
    assert text.startswith("lost-cities  Lost Cities  (2 players)\n")
    for variant in ("purple", "bonus-numbers-only", "wagers-alone-score-zero"):
        assert f"    --variant {variant}: " in text


# --- score --table --------------------------------------------------------------------------------------

def test_score_table_json_is_the_spec_shape(lc11_file):
    out = json.loads(ok("score", "--table", lc11_file, "--json"))
    assert out["winners"] == ["Ben"] and out["variants"] == [] and out["game"] == "lost-cities"
    assert [(s["player"], s["rank"], s["total"], s["rounds"]) for s in out["standings"]] == [
        ("Ben", 1, 136, [44, 57, 35]), ("Ana", 2, 66, [-12, 70, 8])]
    assert all(sum(s["parts"].values()) == s["total"] for s in out["standings"])


def test_score_table_readable(lc11_file, database):
    text = ok("score", "--table", lc11_file)
    assert "     1  Ben         44      57      35    136" in text
    assert "  white   101   10" in text
    assert text.rstrip().endswith("Ben wins with 136.")
    assert not database.exists()  # --table never touches the database


def test_score_table_with_variants(tmp_path):
    path = write(tmp_path, {**LC11, "variants": ["bonus-numbers-only", "wagers-alone-score-zero"]})
    out = json.loads(ok("score", "--table", path, "--json"))
    assert [(s["player"], s["total"]) for s in out["standings"]] == [("Ana", 126), ("Ben", 96)]


@pytest.mark.parametrize("table, message", [
    ("{not json", "not valid JSON (Expecting property name enclosed in double quotes, line 1, column 2)"),
    ([1, 2], "a table file must be a JSON object"),
    ({**LC11, "game": "chess"}, f"game: unknown game 'chess' (games: {SLUGS})"),
    ({**LC11, "variants": ["pink"]}, "variants: unknown variant 'pink' (this game has: purple, "
                                     "bonus-numbers-only, wagers-alone-score-zero)"),
    ({**LC11, "players": ["Ana", "Ben", "Cy"]}, "players: 3 players; this game takes 2"),
    ({**LC11, "rounds": [{"Ana": {"red": [9, 7]}, "Ben": {}}]}, "round 1, player Ana, red: 7 after 9: numbers must go up"),
    ({**LC11, "rounds": [{"Ana": {"red": [7]}, "Ben": {"red": [7]}}]},
     "round 1, player Ben, red: red 7 is already in Ana's expedition; the deck has one of each"),
    ({**LC11, "rounds": [{"Ana": {"red": ["7"]}, "Ben": {}}]},
     "round 1, player Ana, red: '7' is not a card: a wager is \"W\", numbers are 2–10"),
    ({**LC11, "rounds": [{"Ana": {}, "Bob": {}}]}, "round 1: unknown player 'Bob' (players: Ana, Ben)"),
    ({**LC11, "rounds": [{"Ana": {}}]}, "round 1, player Ben: missing from this round"),
    ({**LC11, "extra": 1}, "extra: unknown top-level key 'extra'"),
])
def test_score_table_errors(tmp_path, table, message):
    path = write(tmp_path, table)
    stderr = error(1, "score", "--table", path, "--json")
    if message.startswith("not valid JSON"):
        message = f"{path}: {message}"
    assert stderr == f"Error: {message}\n"


def test_score_table_missing_file(tmp_path):
    assert error(1, "score", "--table", tmp_path / "nope.json") == f"Error: {tmp_path / 'nope.json'}: no such file\n"


def test_score_needs_an_id_or_a_table(lc11_file):
    assert error(2, "score").endswith("Error: give a session ID or --table FILE (one of them)\n")
    assert error(2, "score", "1", "--table", lc11_file).endswith("(one of them)\n")


# --- import, export, list, show, score ID ---------------------------------------------------------------

def test_import_then_export_gives_back_the_same_game(lc11_file, tmp_path):
    session_id = ok("import", lc11_file).strip()
    assert session_id == "1"
    exported = json.loads(ok("export", "1"))
    assert table_part(exported) == LC11
    ok("export", "1", "-o", tmp_path / "out.json")
    assert json.loads((tmp_path / "out.json").read_text()) == exported
    assert ok("score", "1", "--json") == ok("score", "--table", lc11_file, "--json")


def test_list_and_show(lc11_file):
    assert ok("list").startswith("No sessions yet.")
    ok("import", lc11_file)
    text = ok("list")
    assert text.splitlines()[0].split() == ["ID", "Game", "Players", "Date", "Status", "Leader", "/", "winner"]
    assert "lost-cities  Ana, Ben" in text and "finished" in text and "won by Ben (136)" in text
    shown = ok("show", "1")
    assert shown.startswith("Session 1: Lost Cities — Ana, Ben\n")
    assert "White       W W 2 3 4 5 6 7   27   −20  ×3    +20     41" in shown
    assert "Game 3 total for Ben: 35" in shown
    assert "Ben wins with 136." in shown


def test_import_refuses_a_bad_table_and_writes_nothing(tmp_path, database):
    bad = write(tmp_path, {**LC11, "rounds": [{"Ana": {"red": [9, 7]}, "Ben": {}}]})
    assert error(1, "import", bad) == "Error: round 1, player Ana, red: 7 after 9: numbers must go up\n"
    assert not database.exists()


def test_unknown_session(database):
    for command in ("show", "score", "export", "undo", "resume", "sheet"):
        assert error(1, command, "7") == f"Error: no session 7 in {database}\n"


def test_a_database_that_cannot_be_parsed_is_refused_and_left_alone(database, lc11_file):
    database.parent.mkdir(parents=True)
    database.write_text('{"_default": {"1": {"game": ')
    before = database.read_bytes()
    for args in (["list"], ["import", lc11_file], ["show", "1"]):
        stderr = error(1, *args)
        assert stderr.startswith(f"Error: cannot read the database {database}") and stderr.count("\n") == 1
    assert database.read_bytes() == before


def test_db_option_overrides_the_environment(tmp_path, lc11_file, database):
    other = tmp_path / "other.json"
    assert ok("--db", other, "import", lc11_file).strip() == "1"
    assert other.exists() and not database.exists()


# --- play, resume, undo ---------------------------------------------------------------------------------

def typed_match():
    return ["Ben"] + [answer for game in LC11_TYPED for answer in game]


def test_play_a_whole_match(terminal):
    terminal(*typed_match(), False)
    text = ok("play", "lost-cities", "--players", "Ana", "Ben")
    assert text.startswith("Session 1: Lost Cities — Ana, Ben. Every answer is saved as it is given.")
    assert "Ben wins with 136." in text
    whole = json.loads(ok("export", "1"))
    exported = table_part(whole)
    assert exported.pop("date") == whole["session"]["created"]  # played here: on the day it started
    # typed empty answers are stored as [] (not started); otherwise the table is LC-11 itself
    exported["rounds"] = [{p: {c: v for c, v in cols.items() if v} for p, cols in game.items()}
                          for game in exported["rounds"]]
    assert exported == LC11
    assert "won by Ben (136)" in ok("list")


@pytest.mark.parametrize("args", [["--players", "Ana", "Ben"], ["-p", "Ana,Ben"], ["-p", "Ana", "-p", "Ben"]])
def test_player_names_can_be_given_three_ways(terminal, args):
    terminal(Aborted())
    result = invoke("play", "lost-cities", *args)
    assert result.exit_code == 130
    assert "Session 1: Lost Cities — Ana, Ben." in result.stdout


def test_play_asks_for_names_when_none_are_given(terminal):
    prompter = terminal("Ana", "Ana", "Ben", Aborted())
    result = invoke("play", "lost-cities")
    assert "Session 1: Lost Cities — Ana, Ben." in result.stdout
    assert prompter.refused == [("Ana", "'Ana' appears twice")]


def test_ctrl_c_saves_and_says_how_to_resume_then_play_resumes(terminal):
    answers = typed_match()
    terminal(*answers[:5], Aborted())
    result = invoke("play", "lost-cities", "--players", "Ana", "Ben")
    assert result.exit_code == 130
    assert result.stderr == "\nStopped. Session 1 is saved; carry on with: scorepad resume 1\n"
    prompter = terminal(*answers[5:], False)
    text = ok("play")  # no arguments: the latest unfinished session
    assert text.startswith("Resuming session 1: Lost Cities — Ana, Ben.")
    assert prompter.asked[0] == "Game 1 · Ana · Red:"
    assert "Ben wins with 136." in text


def test_undo_from_the_command_line(terminal):
    answers = typed_match()
    terminal(*answers[:3], Aborted())
    invoke("play", "lost-cities", "--players", "Ana", "Ben")
    assert ok("undo", "1") == "Removed Game 1 · Ana · Blue: 2 5 7 10; it will be asked again: scorepad resume 1\n"
    prompter = terminal("2 5 7 10", *answers[3:], False)
    ok("resume", "1")
    assert prompter.asked[0] == "Game 1 · Ana · Blue:"


def test_undo_with_nothing_recorded(terminal):
    terminal(Aborted())
    invoke("play", "lost-cities", "-p", "Ana,Ben")
    assert error(1, "undo", "1") == "Error: nothing to undo: no answer is recorded yet\n"


@pytest.mark.parametrize("args, message", [
    (["play", "chess", "-p", "Ana,Ben"], f"Error: game: unknown game 'chess' (games: {SLUGS})\n"),
    (["play", "lost-cities", "-p", "Ana,Ben", "-v", "pink"],
     "Error: variants: unknown variant 'pink' (this game has: purple, bonus-numbers-only, wagers-alone-score-zero)\n"),
    (["play", "lost-cities", "-p", "Ana,Ben,Cy"], "Error: players: 3 players; this game takes 2\n"),
    (["play", "lost-cities", "-p", "Ana,Ana"], "Error: players: 'Ana' appears twice\n"),
    (["play", "lost-cities", "-p", "Ana", ""], "Error: players: empty name\n"),  # was '1 player; this game takes 2'
    (["play", "lost-cities", "-p", "Ana", "  "], "Error: players: empty name\n"),
    (["play", "lost-cities", "-p", "ana", "Ana"],
     "Error: players: 'Ana' and 'ana' are the same player (names ignore case)\n"),
    (["sheet", "lost-cities", "--blank", "-p", "Ana", ""], "Error: players: empty name\n"),
    (["play", "lost-cities", "-p", "Ana,Ben", "--rounds", "0"], "Error: rounds: 0 rounds; Lost Cities takes 1–20\n"),
    (["play"], "Error: no unfinished session to resume; start one with: scorepad play GAME --players NAME NAME\n"),
])
def test_play_errors(terminal, args, message):
    assert error(1, *args) == message


def test_play_needs_a_terminal():
    assert error(2, "play", "lost-cities", "-p", "Ana,Ben") == (
        "Error: 'play' is interactive and needs a terminal (stdin is not one).\n")


def test_resume_a_finished_session(lc11_file, terminal):
    ok("import", lc11_file)
    assert error(1, "resume", "1") == "Error: session 1 is finished; see it with: scorepad show 1\n"


def test_usage_errors_exit_2():
    assert "No such option: --bogus" in error(2, "score", "--bogus")
    assert error(2, "play", "lost-cities", "Ana").endswith("names go after --players\n")


# --- sheets (rendering itself is tested in test_sheets.py) ----------------------------------------------

def test_sheet_blank_filled_and_from_a_table(tmp_path, lc11_file):
    assert ok("sheet", "lost-cities", "--blank", "-o", tmp_path / "pad.pdf") == f"Wrote {tmp_path / 'pad.pdf'}\n"
    assert (tmp_path / "pad.pdf").read_bytes().startswith(b"%PDF")
    ok("import", write(tmp_path, {**LC11, "date": "2026-11-29"}))
    ok("sheet", "1", "-o", tmp_path / "one.pdf")
    ok("sheet", "--table", lc11_file, "-o", tmp_path / "table.pdf")
    from pypdf import PdfReader

    def text_of(path):
        return " ".join(PdfReader(path).pages[0].extract_text().split())

    session_text, table_text = text_of(tmp_path / "one.pdf"), text_of(tmp_path / "table.pdf")
    for text in (session_text, table_text):
        # LC-11 as printed: Ben's 8-card white expedition of game 1, the totals, the match, the winner
        for expected in ("Game 1 — Ben", "W W 2 3 4 5 6 7", "27 −20 ×3 +20 41", "Game total −12",
                         "Ben winner 44 57 35 136", "Ana −12 70 8 66", "official rules"):
            assert expected in text, expected
    pad = text_of(tmp_path / "pad.pdf")
    assert "Game 3 —" in pad and "Yellow" in pad and "Game total" in pad and "136" not in pad
    assert "29 November 2026" in session_text  # the session's date is printed (the table file's), in words


@pytest.mark.parametrize("date", ["2026-11-29", "2026-11-29T20:15:00+01:00"])
def test_sheet_of_a_table_file_prints_its_date(tmp_path, date):
    # a table file without a `session` block: a finished game played on its `date`
    ok("sheet", "--table", write(tmp_path, {**LC11, "date": date}), "-o", tmp_path / "table.pdf")
    assert "Date 29 November 2026" in " ".join(PdfReader(tmp_path / "table.pdf").pages[0].extract_text().split())


@pytest.mark.parametrize("args, code, message", [
    (["sheet", "lost-cities", "--blank", "--players", "3"], 1, "Error: players: 3 players; Lost Cities takes 2\n"),
    (["sheet", "lost-cities", "--blank", "-v", "pink"], 1, "Error: variants: unknown variant 'pink'"),
    (["sheet", "--blank"], 2, "Error: a blank pad needs the game: scorepad sheet GAME --blank\n"),
    (["sheet"], 2, "Error: give a session ID, --table FILE, or GAME --blank\n"),
    (["sheet", "lost-cities"], 2, "Error: give a session ID, --table FILE, or GAME --blank\n"),
])
def test_sheet_errors(args, code, message):
    assert error(code, *args).startswith(message)


def pdf_words(path):
    import pypdf

    return " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)


@pytest.fixture
def pad_players(monkeypatch):
    """Record the players each game's sheet() is given for a blank pad (the registry lets a test put a game in)."""
    import dataclasses

    from scorepad import games

    given = []
    for game in GAMES:
        def spy(result=None, *, players, _sheet=game.sheet, **kw):
            given.append(list(players))
            return _sheet(result, players=players, **kw)

        monkeypatch.setitem(games._loaded, game.slug, dataclasses.replace(game, sheet=spy))
    return given


# A blank pad's default is the game's usual table (issue 9): Lost Cities 2 (it takes no more), the others 4;
# Chinatown 5, a ledger for each player to cut off and keep (issue 22: a table short of one has nowhere to write).
@pytest.mark.parametrize("slug, count", [("lost-cities", 2), ("next-station-london", 4), ("london-1e", 4),
                                         ("london-2e", 4), ("chinatown", 5)])
def test_a_blank_pad_is_for_the_usual_table(tmp_path, pad_players, slug, count):
    ok("sheet", slug, "--blank", "-o", tmp_path / "pad.pdf")
    assert pad_players == [[""] * count]
    ok("sheet", slug, "--blank", "-p", 2 if slug != "chinatown" else 3, "-o", tmp_path / "pad.pdf")
    assert pad_players[-1] == [""] * (2 if slug != "chinatown" else 3)  # a number: that many blank columns


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_a_blank_pad_prints_the_names_given(tmp_path, pad_players, slug):
    names = ["Ana", "Ben"] if slug == "lost-cities" else ["Zoë", "Ben", "王小明"]
    ok("sheet", slug, "--blank", "--players", *names, "-o", tmp_path / "pad.pdf")
    assert pad_players == [names]
    text = pdf_words(tmp_path / "pad.pdf")
    assert f"Players {', '.join(names)}" in text
    for name in names:  # in the grids too, not only in the header field
        assert text.count(name) >= 2, name
    ok("sheet", slug, "--blank", "--players", " , ".join(names), "-o", tmp_path / "comma.pdf")
    assert pad_players[-1] == names


def test_a_pad_with_names_writes_them_where_a_blank_pad_has_room(tmp_path):
    ok("sheet", "lost-cities", "--blank", "-p", "Ana", "Ben", "-o", tmp_path / "named.pdf")
    ok("sheet", "lost-cities", "--blank", "-o", tmp_path / "blank.pdf")
    named, blank = pdf_words(tmp_path / "named.pdf"), pdf_words(tmp_path / "blank.pdf")
    assert "Game 1 — Ana" in named and "Game 3 — Ben" in named and "Game 1 — ____________" in blank
    assert "Ana" not in blank


@pytest.mark.parametrize("names, message", [
    (["Ana", "ana"], "players: 'ana' and 'Ana' are the same player (names ignore case)"),
    (["Ana", "Ana "], "players: 'Ana' appears twice"),
    (["Ana", "B" * 41], f"players: '{'B' * 41}' is 41 characters long (at most 40)"),
    (["Ana", "B\x1bn"], "players: 'B\\x1bn' holds a control character (U+001B)"),
    (["Ana", "Ben", "Cy"], "players: 3 players; this game takes 2"),
    (["Ana"], "players: 1 player; this game takes 2"),
])
def test_a_blank_pad_refuses_names_as_play_does(tmp_path, names, message):
    pad = tmp_path / "pad.pdf"
    assert error(1, "sheet", "lost-cities", "--blank", "-p", *names, "-o", pad) == f"Error: {message}\n"
    assert not pad.exists()


def test_players_are_for_blank_pads_only(lc11_file, tmp_path):
    ok("import", lc11_file)
    assert error(2, "sheet", "1", "-p", "Ana", "Ben") == (
        "Error: --players, --rounds and --variant are for blank pads (--blank)\n")
    assert error(2, "sheet", "1", "extra") == "Error: unexpected 'extra'\n"
    assert error(2, "sheet", "lost-cities", "--blank", "Ana", "Ben") == (
        "Error: unexpected 'Ana Ben'; names go after --players\n")


def test_show_a_game_being_entered(terminal):
    terminal(*typed_match()[:3], Aborted())
    invoke("play", "lost-cities", "--players", "Ana", "Ben")
    text = ok("show", "1")
    assert "  White       (not entered yet)" in text
    assert "Game 1 total for Ana so far: 24" in text
    assert "Ben, game 1" not in text
    assert "2 of 3 complete" not in text and "playing" in text
    exported = json.loads(ok("export", "1"))  # the whole game travels: no complete game, three answers
    assert exported["rounds"] == [] and len(exported["session"]["log"]) == 3
    assert exported["session"]["status"] == "playing"
    assert error(1, "score", "1") == "Error: session 1 has no complete game yet\n"


def test_export_of_a_match_in_progress_keeps_the_complete_games(terminal):
    terminal(*typed_match()[:13], Aborted())
    invoke("play", "lost-cities", "--players", "Ana", "Ben")
    result = invoke("export", "1")
    assert result.exit_code == 0
    exported = json.loads(result.stdout)
    assert len(exported["rounds"]) == 1 and len(exported["session"]["log"]) == 13  # the table part: game 1
    assert result.stderr == ""
    assert "(in progress: 1 of 3 complete)" in ok("score", "1")
    assert ok("score", "1").endswith("\nBen leads with 44.\n")  # not "wins": two games are still to play


def test_a_damaged_session_gives_one_line(database, lc11_file):
    ok("import", lc11_file)
    session_file = database.with_name("scorepad.json.d") / "sessions" / "0000" / "1.json"
    data = json.loads(session_file.read_text())
    del data["session"]["1"]["players"]
    session_file.write_text(json.dumps(data))
    assert error(1, "show", "1") == "Error: session 1 in the database is damaged (KeyError: 'players')\n"
    assert "won by Ben (136)" in ok("list")  # the index still holds what the session was when last written


def test_ctrl_c_at_the_offer_of_a_pdf(terminal):
    terminal(*typed_match(), Aborted())
    result = invoke("play", "lost-cities", "--players", "Ana", "Ben")
    assert result.exit_code == 130
    assert result.stderr == "\nStopped. Session 1 is finished and saved; its sheet: scorepad sheet 1\n"
    assert "won by Ben (136)" in ok("list")


def test_play_refuses_an_unknown_module_before_asking_anything():
    assert error(1, "play", "lost-cities", "--players", "Ana", "Ben", "--module", "powers") == \
        "Error: module: unknown module 'powers' for Lost Cities (modules: none)\n"
    assert error(1, "play", "lost-cities", "--players", "Ana", "Ben", "--open-cash") == \
        "Error: module: unknown module 'open-cash' for Lost Cities (modules: none)\n"


def test_a_number_too_large_to_keep_is_refused_by_score_and_import_alike(tmp_path, database):
    # The database keeps integers of 64 bits at most (orjson); NSL's `thames` was unbounded and reached that
    # check, now the deck's limit (10) refuses it first, in score and import alike.
    table = {"game": "next-station-london", "players": ["Solo"],
             "rounds": [{"Solo": {"districts": 6, "stations": 4, "thames": 10**30, "tourist": 2}}]}
    path = write(tmp_path, table)
    line = "Error: round 1, player Solo, thames: 1000000000000000000000000000000 is out of range (expected 0–10)\n"
    assert error(1, "score", "--table", path, "--json") == line
    assert error(1, "import", path) == line
    assert not database.exists()


def test_import_takes_null_variants_as_scoring_does(tmp_path):
    path = write(tmp_path, {**LC11, "variants": None})
    assert json.loads(ok("score", "--table", path, "--json"))["variants"] == []
    assert ok("import", path) == "1\n"
    assert table_part(json.loads(ok("export", "1"))) == LC11


def test_a_lone_surrogate_is_refused_in_one_line_before_any_output(tmp_path, database):
    # "\ud800" is valid JSON but not text: printing the JSON result (or storing it) would be a traceback.
    path = tmp_path / "surrogate.json"
    path.write_text('{"game": "lost-cities", "players": ["\\ud800", "Ben"], '
                    '"rounds": [{"\\ud800": {"red": [4, 5]}, "Ben": {}}]}')
    line = "Error: players 1: '\\ud800' is not valid Unicode text (a lone surrogate)\n"
    assert error(1, "score", "--table", path, "--json") == line
    assert error(1, "import", path) == line
    assert not database.exists()


def test_an_error_naming_a_player_with_a_newline_stays_one_line(tmp_path):
    # Such a name is refused by the spec ("no control characters"), and the refusal is one line too.
    table = {"game": "lost-cities", "players": ["A\nB", "Ben\x1b[2J"],
             "rounds": [{"A\nB": {"red": [5, 4]}, "Ben\x1b[2J": {}}]}
    assert error(1, "score", "--table", write(tmp_path, table)) == (
        "Error: players: 'A\\nB' holds a control character (U+000A)\n")
    table = {"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}, "Ben": {"re\x1b[2Jd": [5]}}]}
    assert error(1, "import", write(tmp_path, table)).startswith(
        "Error: round 1, player Ben, re\\x1b[2Jd: unknown colour 're\\x1b[2Jd'")


def test_a_solo_game_has_a_score_not_a_win(tmp_path):
    line = {"districts": 6, "stations": 4, "thames": 0, "tourist": 2}  # 24 points, 2 tourist sites
    path = write(tmp_path, {"game": "next-station-london", "players": ["Solo"], "rounds": [{"Solo": line}]})
    assert ok("score", "--table", path).endswith("\n\nSolo scores 26.\nSolo rating: 26 (no modules) → band 90 or less "
                                                 "(the lowest band).\n")
    ok("import", path)
    assert ok("list").splitlines()[-1].endswith("finished  Solo (26)")


@pytest.mark.parametrize("args, message", [
    (["lost-cities", "-p", "0"], "players: 0 players; Lost Cities takes 2"),  # 0 was taken as "the default"
    (["lost-cities", "-p", "1"], "players: 1 player; Lost Cities takes 2"),
    (["lost-cities", "-r", "-2"], "rounds: -2 rounds; Lost Cities takes 1–20"),
    (["lost-cities", "-r", "0"], "rounds: 0 rounds; Lost Cities takes 1–20"),
    (["chinatown", "-r", "9"], "rounds: 9 rounds; Chinatown takes 1–6"),
    (["chinatown", "-r", "6", "-v", "four-seasons"], "rounds: 6 rounds; Chinatown with four-seasons takes 1–4"),
    (["london-2e", "-r", "3"], "rounds: London (second edition, 2017) has no rounds: leave out --rounds"),
])
def test_a_blank_pad_refuses_what_play_refuses(tmp_path, args, message):
    assert error(1, "sheet", *args, "--blank", "-o", tmp_path / "pad.pdf") == f"Error: {message}\n"
    assert not (tmp_path / "pad.pdf").exists()



# --- hostile table files: a seeded property test over every game ----------------------------------------

HOSTILE = [None, [], {}, "3", 3.0, True, 10**30, -1, 2**63, "ünï ☃", "", " ", "\ud800", "a\nb", [None], {"x": 1},
           float("nan")]


def _paths(node, at=()):
    yield at
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in children:
        yield from _paths(child, (*at, key))


def _mutated(table, rng):
    """The table with one value replaced, one key or item removed, or one key or item added, somewhere."""
    table = copy.deepcopy(table)
    at = rng.choice(list(_paths(table))[1:])
    parent = functools.reduce(operator.getitem, at[:-1], table)
    how = rng.randrange(4)
    if how < 2:
        parent[at[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    elif how == 2:
        del parent[at[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["bogus", "", "Ana ", "\ud800"])] = copy.deepcopy(rng.choice(HOSTILE))
    else:
        parent.append(copy.deepcopy(parent[at[-1]]))
    return table


def _contract(result):
    """Exit 0 with the spec's JSON, or exit 1 with one line `Error: …` and nothing on stdout; never a traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 0:
        return
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1 and result.stderr.endswith("\n")


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_hostile_table_files_give_the_result_or_one_error_line(slug, tmp_path, database):
    rng = random.Random(slug)  # seeded: the same tables on every run
    path = tmp_path / "table.json"
    for _ in range(50):
        table = _mutated(TABLES[slug], rng)
        path.write_text(json.dumps(table))
        scored = invoke("score", "--table", path, "--json")
        before = database.read_bytes() if database.exists() else None
        imported = invoke("import", path, "--again")  # a mutation may come twice
        for result in (scored, imported):
            _contract(result)
        assert (scored.exit_code == 0) == (imported.exit_code == 0), (table, scored.stderr, imported.stderr)
        if scored.exit_code == 0:
            for standing in json.loads(scored.stdout)["standings"]:
                assert sum(standing["parts"].values()) == standing["total"]
            session_id = imported.stdout.strip()
            for command in (["show", session_id], ["list"], ["score", session_id, "--json"], ["export", session_id]):
                _contract(invoke(*command))
        else:
            assert (database.read_bytes() if database.exists() else None) == before  # a refused file stores nothing


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_an_imported_session_is_not_undone_answer_by_answer(slug, tmp_path, database):
    # Undo reopened it: Lost Cities and London then had no complete game (a colour the file leaves out is an
    # unanswered question), and `resume` started again at the setup questions.
    path = write(tmp_path, TABLES[slug])
    ok("import", path)
    before = database.read_bytes()
    assert error(1, "undo", "1") == (
        "Error: session 1 was imported from a table file: it has no answers to take back one by one; "
        "change the file and import it again (scorepad export 1 -o FILE writes it)\n")
    assert database.read_bytes() == before
    assert ok("score", "1", "--json") == ok("score", "--table", path, "--json")


def test_a_table_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_text(json.dumps(LC11), encoding="utf-8-sig")  # as Windows Notepad used to save UTF-8
    assert json.loads(ok("score", "--table", path, "--json"))["winners"] == ["Ben"]
    assert ok("import", path) == "1\n"


def test_columns_line_up_under_chinese_names_and_combining_accents():
    from scorepad.grid import grid

    # 王小明 takes 6 terminal columns, not 3; "Zoe" + a combining acute takes 3, not 4.
    assert grid(["Player", "Total"], [["王小明", 66], ["Zoe\u0301", 136]], indent="").splitlines() == [
        "Player  Total",
        "──────  ─────",
        "王小明     66",
        "Zoe\u0301       136",
    ]


@pytest.mark.no_travel  # `done` is finished with no answer: no game is; its backup comes back as an import
def test_play_alone_resumes_the_most_recently_answered_session_of_any_game(terminal, database):
    from scorepad.games import by_slug
    from scorepad.table.changes import new_doc
    from scorepad.store import Store

    store = Store(database)
    older = {**new_doc(by_slug("next-station-london"), ["Ana", "Ben"], [], None),
             "updated": "2026-11-29T20:00:00+00:00"}
    newer = {**new_doc(by_slug("chinatown"), ["Ana", "Ben", "Cy"], [], None), "updated": "2026-11-29T21:00:00+00:00"}
    done = {**new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None), "status": "finished",
            "updated": "2026-11-29T22:00:00+00:00"}
    store.insert(newer), store.insert(older), store.insert(done)
    terminal(Aborted())
    result = invoke("play")
    assert result.stdout.startswith("Resuming session 1: Chinatown — Ana, Ben, Cy.\n")
    assert result.exit_code == 130


def test_show_of_an_import_with_lowercase_wagers(tmp_path):
    # The table format takes "w" as a wager (it scores); the report must read it the same way.
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"game": "lost-cities", "players": ["Ana", "Ben"],
                                "rounds": [{"Ana": {"red": ["w", 4, 5]}, "Ben": {}}]}))
    ok("import", path)
    shown = ok("show", "1")
    assert "Red         W 4 5    9   −20  ×2           −22" in shown and "Game 1 total for Ana: −22" in shown
    assert "; 1 game planned" in shown


def test_ctrl_c_between_two_prompts_also_says_how_to_resume(terminal):
    # A Ctrl-C that lands while an answer is being saved is a KeyboardInterrupt, not the prompt's Aborted.
    terminal(*typed_match()[:2], KeyboardInterrupt())
    result = invoke("play", "lost-cities", "--players", "Ana", "Ben")
    assert result.exit_code == 130
    assert result.stderr == "\nStopped. Session 1 is saved; carry on with: scorepad resume 1\n"


def test_the_sheet_of_a_match_in_progress_names_no_winner(terminal, tmp_path):
    import pypdf

    terminal(*typed_match()[:13], Aborted())  # game 1 complete: Ben leads 44 to −12
    invoke("play", "lost-cities", "--players", "Ana", "Ben")
    ok("sheet", "1", "-o", tmp_path / "s.pdf")
    text = " ".join(pypdf.PdfReader(tmp_path / "s.pdf").pages[0].extract_text().split())
    assert "Winner (in progress)" in text
    assert "winner" not in text.replace("Winner", "")  # no marked row either
    terminal(*typed_match()[13:], False)
    ok("resume", "1")
    ok("sheet", "1", "-o", tmp_path / "t.pdf")
    text = " ".join(pypdf.PdfReader(tmp_path / "t.pdf").pages[0].extract_text().split())
    assert "Winner Ben" in text and "in progress" not in text


def test_a_name_that_starts_with_a_prompt_word_is_refused(terminal):
    # "undo" or Chinatown's "cash" as a name could never be typed as an answer at the prompts.
    assert error(1, "play", "chinatown", "-p", "Cash", "Ben", "Cy") == (
        "Error: players: 'Cash' starts with 'cash', a word scorepad takes at its prompts: add an initial or a nickname\n")
    assert error(1, "play", "lost-cities", "-p", "Undo,Ben").startswith("Error: players: 'Undo' starts with 'undo'")
    from scorepad.games import by_slug
    from scorepad.cli.prompt_words import prompt_word_in
    from scorepad.table.changes import new_doc

    doc = new_doc(by_slug("chinatown"), ["Cashel", "Ben", "Cy"], [], None)
    assert prompt_word_in(doc, "Cashel") is None and prompt_word_in(doc, "cash Money") == "cash"
    prompter = terminal("help", "Ana", "Ben", Aborted())
    invoke("play", "lost-cities")
    assert prompter.refused == [("help", "'help' starts with 'help', a word scorepad takes at its prompts: "
                                         "add an initial or a nickname")]
