"""The table's common shape (calculators/core.py): names, modules, date, and `finished` in the JSON output."""

import copy

import pytest
from typer.testing import CliRunner

from calculators.core import InvalidInput, check_date, check_name, check_players
from conftest import TABLES
from scorepad import cli
from scorepad.games import GAMES
from scorepad.prompts import Aborted, ScriptedPrompter


@pytest.mark.parametrize("names, expected", [
    ([" Ana ", "Ben"], ("Ana", "Ben")),  # trimmed
    (["Zoë", "王小明"], ("Zoë", "王小明")),
    (["x" * 40, "Ben"], ("x" * 40, "Ben")),  # the limit itself
    (["می\u200cخواهم", "Ben"], ("می\u200cخواهم", "Ben")),  # ZWNJ (Persian)
    (["👩\u200d👩", "Ben"], ("👩\u200d👩", "Ben")),  # ZWJ (an emoji sequence)
    (["\u200eAna", "\u200fBen"], ("\u200eAna", "\u200fBen")),  # LRM, RLM
])
def test_names_taken(names, expected):
    assert check_players(names, (2,)) == expected


@pytest.mark.parametrize("names, message", [
    (["Ana", "ana"], "players: 'ana' and 'Ana' are the same player (names ignore case)"),
    (["STRASSE", "straße"], "players: 'straße' and 'STRASSE' are the same player (names ignore case)"),
    (["Ana", " Ana"], "players: 'Ana' appears twice"),
    (["Ana", "  "], "players: empty name"),
    (["Ana", ""], "players: empty name"),
    (["Ana", 3], "players: 3 is not a name"),
    (["x" * 41, "Ben"], f"players: {'x' * 41!r} is 41 characters long (at most 40)"),
    (["A\tna", "Ben"], "players: 'A\\tna' holds a control character (U+0009)"),  # C0
    (["Ana\x7f", "Ben"], "players: 'Ana\\x7f' holds a control character (U+007F)"),  # DEL
    (["Ana\x85x", "Ben"], "players: 'Ana\\x85x' holds a control character (U+0085)"),  # C1
    (["\u202eanA", "Ben"], "players: '\\u202eanA' holds a bidi override or isolate (U+202E)"),
    (["\u202aAna", "Ben"], "players: '\\u202aAna' holds a bidi override or isolate (U+202A)"),
    (["\u2066Ana", "Ben"], "players: '\\u2066Ana' holds a bidi override or isolate (U+2066)"),
    (["Ana\u2069", "Ben"], "players: 'Ana\\u2069' holds a bidi override or isolate (U+2069)"),
])
def test_names_refused(names, message):
    with pytest.raises(InvalidInput) as refused:
        check_players(names, (2,))
    assert str(refused.value) == message


def test_a_name_just_outside_the_bidi_ranges_is_fine():
    assert check_name("A\u202fna") == "A\u202fna"  # U+202F, one past the overrides: a narrow no-break space
    assert check_name("Ana\u2065") == "Ana\u2065"  # U+2065, one before the isolates


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_refuses_names_alike(game):
    table = copy.deepcopy(TABLES[game.slug])
    first = table["players"][0]
    table["players"].append(first.lower() if first != first.lower() else first.upper())
    with pytest.raises(InvalidInput, match="are the same player"):
        game.score(table)


def test_the_name_prompt_refuses_what_a_table_refuses(monkeypatch):
    prompter = ScriptedPrompter(["", "Ana", "ana", "x" * 41, "B\u202een", "Ben", Aborted()])
    monkeypatch.setattr(cli, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(cli, "make_prompter", lambda: prompter)
    result = CliRunner().invoke(cli.app, ["play", "lost-cities"])
    assert "Session 1: Lost Cities — Ana, Ben." in result.stdout
    assert prompter.refused == [("", "empty name"),
                                ("ana", "'ana' and 'Ana' are the same player (names ignore case)"),
                                ("x" * 41, f"{'x' * 41!r} is 41 characters long (at most 40)"),
                                ("B\u202een", "'B\\u202een' holds a bidi override or isolate (U+202E)")]


@pytest.mark.parametrize("value", ["2026-11-29", "2026-11-29T20:15:00+01:00", "2026-11-29T20:15Z",
                                   "2026-11-29T20:15:00.5-05:00", "2024-02-29"])
def test_dates_taken(value):
    assert check_date(value) == value


@pytest.mark.parametrize("value", ["2026-13-01", "2026-02-30", "2025-02-29", "29/11/2026", "2026-11-29 20:15",
                                   "2026-11-29T25:00", "２０２６-11-29", "", 20261129, None])
def test_dates_refused(value):
    with pytest.raises(InvalidInput, match=r"^date: .* is not an ISO 8601 date"):
        check_date(value)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_takes_its_modules_and_a_date_and_refuses_others(game):
    table = {**copy.deepcopy(TABLES[game.slug]), "date": "2026-11-29", "modules": list(game.modules)}
    game.score(table)
    with pytest.raises(InvalidInput, match=r"^modules: unknown module 'pink' \(this game has: "):
        game.score({**table, "modules": ["pink"]})
    with pytest.raises(InvalidInput, match="^date: "):
        game.score({**table, "date": "tomorrow"})


def test_the_games_modules_are_the_calculators():
    from calculators import chinatown, next_station_london

    assert {g.slug: tuple(g.modules) for g in GAMES if g.modules} == {
        "next-station-london": tuple(next_station_london.MODULES), "chinatown": chinatown.MODULES}
    table = {**copy.deepcopy(TABLES["chinatown"]), "modules": ["open-cash", "open-cash"]}
    assert GAMES[-1].score(table)  # named twice: still the one module


def test_the_json_output_says_finished():
    assert GAMES[0].score(TABLES["lost-cities"]).to_json()["finished"] is True
