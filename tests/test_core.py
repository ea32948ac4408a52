"""The table's common shape (calculators/core.py): names, modules, date, and `finished` in the JSON output."""

import copy

import pytest
from typer.testing import CliRunner

from calculators import core, lost_cities
from calculators.core import InvalidInput, check_date, check_name, check_players
from conftest import TABLES
from scorepad import cli
from scorepad.cli import terminal
from scorepad.games import GAMES
from scorepad.cli.prompter import Aborted, ScriptedPrompter


@pytest.mark.parametrize("names, expected", [
    ([" Ana ", "Ben"], ("Ana", "Ben")),  # trimmed
    (["Zoë", "王小明"], ("Zoë", "王小明")),
    (["x" * 40, "Ben"], ("x" * 40, "Ben")),  # the limit itself
    (["می\u200cخواهم", "Ben"], ("می\u200cخواهم", "Ben")),  # ZWNJ (Persian)
    (["👩\u200d👩", "Ben"], ("👩\u200d👩", "Ben")),  # ZWJ (an emoji sequence)
    (["\u200eAna", "\u200fBen"], ("Ana", "Ben")),  # LRM, RLM: invisible, they change nothing (issue 23)
    (["\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Ben"],
     ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Ben")),  # the same ZWNJ, written as escapes
    (["\u0915\u094d\u200d\u0937", "Ben"], ("\u0915\u094d\u200d\u0937", "Ben")),  # ZWJ after a virama (Devanagari)
    (["Zoe\u0308", "Ben"], ("Zo\u00eb", "Ben")),  # composed (NFC)
    (["\u200bAna\u200b ", "Ben"], ("Ana", "Ben")),  # trimmed once the invisible characters are gone
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


# Issue 23, point 8: `Ana` beside each of these was another player, so "Ana wins" with two Anas at the table.
LOOK_ALIKES = ["Ana\u200b", "Ana\u2060", "Ana\ufeff", "A\u00adna", "Ana\u200d", "Ana\u200e", "\u200cAna",
               "Ana\u180e", "Ana\ufe0f", "Ana\U000e0041", "\U000e0041\U000e0041Ana", "Ana\u034f", "Ana\u061c"]


@pytest.mark.parametrize("other", LOOK_ALIKES, ids=lambda n: ascii(n))
def test_names_that_look_the_same_are_the_same_name(other):
    assert check_name(other) == "Ana"
    with pytest.raises(InvalidInput, match="appears twice"):
        check_players(["Ana", other], (2,))
    with pytest.raises(InvalidInput, match="appears twice"):
        check_players([other, "Ana"], (2,))


def test_a_composed_and_a_decomposed_letter_are_one_name():
    with pytest.raises(InvalidInput, match="appears twice"):
        check_players(["Jos\u00e9", "Jose\u0301"], (2,))
    with pytest.raises(InvalidInput, match="the same player"):
        check_players(["JOS\u00c9", "jose\u0301"], (2,))


@pytest.mark.parametrize("name", ["\u3164", "\u200e", "\u200d", "\u200b\u200c", "\u115f\u1160", "\uffa0",
                                  "\u2800", "\ufeff\u00ad"], ids=lambda n: ascii(n))
def test_a_name_with_nothing_visible_is_refused(name):
    with pytest.raises(InvalidInput) as refused:
        check_players([name, "Ben"], (2,))
    assert refused.value.code in ("name.invisible", "name.empty")
    assert "visible" in str(refused.value) or "empty" in str(refused.value)


def test_a_zwnj_stays_where_persian_needs_it_and_goes_where_it_does_nothing():
    houses = "\u062e\u0627\u0646\u0647\u200c\u0647\u0627"  # خانه‌ها
    assert check_name(houses) == houses
    assert check_name("\u062f\u200c\u0627") == "\u062f\u0627"  # after د, which joins no letter after it
    assert check_name("Ana\u200cBen") == "AnaBen"  # Latin letters never join
    assert check_name("\u0645\u06cc\u200c") == "\u0645\u06cc"  # nothing after it to join


def test_an_older_session_keeps_its_names_as_stored():
    with core.as_stored():
        assert check_players(["Ana", "Ana\u200b"], (2,)) == ("Ana", "Ana\u200b")


def test_a_table_names_its_players_as_they_are_written_in_players():
    table = copy.deepcopy(TABLES["lost-cities"])
    table["players"][0] = "Ana\u200b"
    table["rounds"] = [{("Ana\u200b" if k == "Ana" else k): v for k, v in r.items()} for r in table["rounds"]]
    assert [s.player for s in lost_cities.score(table).standings] == ["Ben", "Ana"]


def test_a_name_just_outside_the_bidi_ranges_is_fine():
    assert check_name("A\u202fna") == "A\u202fna"  # U+202F, one past the overrides: a narrow no-break space
    assert check_name("Ana\u2065") == "Ana"  # U+2065, one before the isolates: default-ignorable, removed


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_refuses_names_alike(game):
    table = copy.deepcopy(TABLES[game.slug])
    first = table["players"][0]
    table["players"].append(first.lower() if first != first.lower() else first.upper())
    with pytest.raises(InvalidInput, match="are the same player"):
        game.score(table)


def test_the_name_prompt_refuses_what_a_table_refuses(monkeypatch):
    prompter = ScriptedPrompter(["", "Ana", "ana", "x" * 41, "B\u202een", "Ben", Aborted()])
    monkeypatch.setattr(terminal, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(terminal, "make_prompter", lambda: prompter)
    result = CliRunner().invoke(cli.app, ["play", "lost-cities"])
    assert "Session 1: Lost Cities — Ana, Ben." in result.stdout
    assert prompter.refused == [("", "empty name"),
                                ("ana", "'ana' and 'Ana' are the same player (names ignore case)"),
                                ("x" * 41, f"{'x' * 41!r} is 41 characters long (at most 40)"),
                                ("B\u202een", "'B\\u202een' holds a bidi override or isolate (U+202E)")]


def test_the_name_prompt_refuses_a_look_alike_and_an_invisible_name(monkeypatch, database):
    prompter = ScriptedPrompter(["Ana", "Ana\u200b", "\u3164", "Ana\u200e", "Be\u00adn", Aborted()])
    monkeypatch.setattr(terminal, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(terminal, "make_prompter", lambda: prompter)
    result = CliRunner().invoke(cli.app, ["play", "lost-cities"])
    assert "Session 1: Lost Cities — Ana, Ben." in result.stdout  # stored as they look
    assert [problem for _, problem in prompter.refused] == [
        "'Ana' appears twice", "a name needs something visible (a letter, a digit or a sign), not only invisible "
        "characters", "'Ana' appears twice"]


@pytest.mark.parametrize("value", ["2026-11-29", "2026-11-29T20:15:00+01:00", "2026-11-29T20:15Z",
                                   "2026-11-29T20:15:00.5-05:00", "2024-02-29"])
def test_dates_taken(value):
    assert check_date(value) == value


@pytest.mark.parametrize("value", ["2026-13-01", "2026-02-30", "2025-02-29", "29/11/2026", "2026-11-29 20:15",
                                   "2026-11-29T25:00", "２０２６-11-29", "", 20261129, None])
def test_dates_refused(value):
    with pytest.raises(InvalidInput, match=r"^date: .* is not an ISO 8601 date"):
        check_date(value)


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59", "9999-12-31T23:59-00:01",
                                   "0001-01-01", "1405-09-10", "1899-12-31", "1900-01-01T00:30+01:00"])
def test_dates_at_the_calendars_edge_refused(value):
    # Issue 23: Python cannot take the first two to UTC (sheet and export died with OverflowError), and BG Stats'
    # file wrote the year 1 as "1-01-01"; a year before 1900 is a slip or another calendar's (Persian 1405).
    with pytest.raises(InvalidInput, match=r"^date: .* is not a day from the year 1900 to 9999") as refused:
        check_date(value)
    assert refused.value.code == "date.out-of-range"


@pytest.mark.parametrize("value", ["1900-01-01", "1900-01-01T00:30-01:00", "9999-12-31", "9999-12-31T23:59:59+05:00"])
def test_dates_at_the_ends_of_the_years_kept_taken(value):
    assert check_date(value) == value


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


# --- refusals are codes and values; scorepad/words.py words them (design.md rule 8) ------------------------------

from calculators import core  # noqa: E402
from calculators.core import check_table, require_int, unknown_keys  # noqa: E402
from pseudo import pseudo_language  # noqa: E402
from scorepad import words  # noqa: E402
from scorepad.games import SLUGS, base, by_slug, of_table  # noqa: E402

_SHAPE = dict(game="g", players=(2, 3), variants=("fast",), rounds=range(1, 4), modules=("open",))
_ROUND = {"Ana": {}, "Ben": {}}
# Each refusal of the common shape: what is refused, its code and values, and the English a player reads.
REFUSALS = [
    (lambda: require_int("3", 0, 9, field="k"), "number.not-whole", {"value": "3", "low": 0, "high": 9},
     "k: '3' is not a whole number (expected 0–9)"),
    (lambda: require_int(2.0, 1), "number.not-whole", {"value": 2.0, "low": 1, "high": None},
     "2.0 is not a whole number (expected 1 or more)"),
    (lambda: require_int(12, 1, 1, round=2), "number.out-of-range", {"value": 12, "low": 1, "high": 1},
     "round 2: 12 is out of range (expected 1–1)"),
    (lambda: core.check_text("a\x1bb"), "text.control", {"text": "a\x1bb", "cut": False, "code": 27},
     "'a\\x1bb' holds a control character (U+001B)"),
    (lambda: core.check_text("a\u2067b"), "text.bidi", {"text": "a\u2067b", "cut": False, "code": 0x2067},
     "'a\\u2067b' holds a bidi override or isolate (U+2067)"),
    (lambda: core.check_text("x" * 201, player="Ana"), "text.too-long",
     {"text": "x" * 60 + "…", "cut": True, "length": 201, "limit": 200},  # an excerpt (issue 23, point 7)
     f"player Ana: '{'x' * 60}…' is 201 characters long (at most 200)"),
    (lambda: check_players([None], (2,)), "name.not-text", {"value": None}, "players: None is not a name"),
    (lambda: check_players("Ana", (2,)), "players.not-a-list", {}, "players: must be a non-empty list of names"),
    (lambda: check_players(["Ana"], (2,)), "players.count", {"count": 1, "low": 2, "high": 2},
     "players: 1 player; this game takes 2"),
    (lambda: check_players(["A", "B", "C", "D"], (2, 3)), "players.count", {"count": 4, "low": 2, "high": 3},
     "players: 4 players; this game takes 2–3"),
    (lambda: core.check_variants("fast", ["fast"]), "variants.not-a-list", {},
     "variants: must be a list of variant names"),
    (lambda: core.check_modules({}, []), "modules.not-a-list", {}, "modules: must be a list of module names"),
    (lambda: core.check_modules(["x"], []), "modules.unknown", {"name": "x", "known": []},
     "modules: unknown module 'x' (this game has: none)"),
    (lambda: core.check_variants(["x"], ["a", "b"]), "variants.unknown", {"name": "x", "known": ["a", "b"]},
     "variants: unknown variant 'x' (this game has: a, b)"),
    (lambda: check_table([], **_SHAPE), "table.not-object", {}, "a table file must be a JSON object"),
    (lambda: check_table({"game": "g", "extra": 1}, **_SHAPE), "table.unknown-key", {"key": "extra"},
     "extra: unknown top-level key 'extra'"),
    (lambda: check_table({"game": "h"}, **_SHAPE), "table.wrong-game", {"expected": "g", "got": "h"},
     "game: expected 'g', got 'h'"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": {}}, **_SHAPE),
     "table.rounds-not-a-list", {}, "rounds: must be a list of rounds"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [_ROUND] * 4}, **_SHAPE),
     "table.rounds-count", {"count": 4, "low": 1, "high": 3}, "rounds: 4 rounds; this game takes 1–3"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [_ROUND]},
                         **{**_SHAPE, "rounds": range(2, 200)}),
     "table.rounds-count", {"count": 1, "low": 2, "high": None}, "rounds: 1 round; this game takes 2 or more"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [[]]}, **_SHAPE),
     "table.round-not-by-player", {}, "round 1: must map each player's name to their inputs"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [{"Cy": {}}]}, **_SHAPE),
     "table.unknown-player", {"name": "Cy", "players": ["Ana", "Ben"]},
     "round 1: unknown player 'Cy' (players: Ana, Ben)"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}, "Ana ": {}}]}, **_SHAPE),
     "table.player-twice", {"name": "Ana "}, "round 1: 'Ana ' appears twice"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [{"Ana": 1}]}, **_SHAPE),
     "table.round-inputs-not-object", {}, "round 1, player Ana: inputs must be an object"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}}]}, **_SHAPE),
     "table.missing-player", {}, "round 1, player Ben: missing from this round"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [_ROUND], "final": {}}, **_SHAPE),
     "table.no-final", {}, "final: this game has no final inputs"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [_ROUND], "final": []}, **_SHAPE,
                         final=True),
     "table.final-not-by-player", {}, "final: must map each player's name to their final inputs"),
    (lambda: check_table({"game": "g", "players": ["Ana", "Ben"], "rounds": [_ROUND], "final": {"Ben": 0}},
                         **_SHAPE, final=True),
     "table.final-inputs-not-object", {}, "player Ben: final inputs must be an object"),
    (lambda: unknown_keys({"bleu": 1}, ["blue", "red"], round=1, player="Ana"), "table.unknown-field",
     {"key": "bleu", "allowed": ["blue", "red"]}, "round 1, player Ana: unknown field 'bleu' (expected: blue, red)"),
    (lambda: by_slug("chess"), "game.unknown", {"name": "chess", "games": list(SLUGS)},
     "game: unknown game 'chess' (games: lost-cities, next-station-london, london-1e, london-2e, chinatown)"),
    (lambda: of_table({"game": 7}), "game.missing", {"games": list(SLUGS)},
     'the file names no game: a table file gives "game", one of lost-cities, next-station-london, london-1e, '
     'london-2e, chinatown'),
    (lambda: base.one_of_players(["Ana", "Ben"], "winner")("Cy"), "players.not-one-of",
     {"name": "Cy", "players": ["Ana", "Ben"]}, "winner: 'Cy' is not one of the players (Ana, Ben)"),
]


@pytest.mark.parametrize("refuse, code, values, english", REFUSALS, ids=[r[1] for r in REFUSALS])
def test_a_refusal_is_a_code_and_values_worded_in_english(refuse, code, values, english):
    with pytest.raises(InvalidInput) as refused:
        refuse()
    assert (refused.value.code, refused.value.values) == (code, values)
    assert str(refused.value) == english


@pytest.mark.parametrize("refuse, code, values, english", REFUSALS, ids=[r[1] for r in REFUSALS])
def test_a_refusal_is_worded_from_the_catalogue(refuse, code, values, english):
    with pytest.raises(InvalidInput) as refused:
        refuse()
    with pseudo_language():
        message = refused.value.message
    assert message.startswith("«") and message.endswith("»"), message  # the whole sentence is one msgid


def test_every_code_scorepad_raises_outside_the_games_has_its_wording():
    import pathlib
    import re

    root = pathlib.Path(__file__).parent.parent
    sources = ["calculators/core.py", "scorepad/games/__init__.py", "scorepad/games/base.py",
               *(f"scorepad/table/{name}.py" for name in ("session", "changes", "tablefile", "travel"))]
    prefixes = {"number", "text", "name", "players", "variants", "modules", "date", "table", "game"}
    codes = {code for source in sources for code in re.findall(r'"([a-z]+\.[a-z][a-z-]*)"',
                                                                 (root / source).read_text(encoding="utf-8"))
             if code.split(".")[0] in prefixes}
    assert len(codes) > 30
    assert codes <= set(words.PHRASES), codes - set(words.PHRASES)
    # Each one is refused above (the names and dates in their own tests, at the top).
    covered = {refusal[1] for refusal in REFUSALS} | {"name.empty", "name.twice", "name.same-player", "date.not-iso",
                                                      "date.out-of-range", "name.invisible"}
    assert codes <= covered, codes - covered
