"""The session document: seed, modules, a game's own list keys, and games without rounds."""

import dataclasses

import pytest

import scorepad.games as registry
from calculators.core import InvalidInput
from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.table.changes import check_options, new_doc, record
from scorepad.table.session import Session
from scorepad.table.travel import doc_from_table

LC = by_slug("lost-cities")


def test_each_session_gets_its_own_stored_seed():
    seeds = {new_doc(LC, ["Ana", "Ben"], [], None)["seed"] for _ in range(20)}
    assert len(seeds) > 15
    assert session_of(new_doc(LC, ["Ana", "Ben"], [], None, seed=7)).seed == 7
    old = new_doc(LC, ["Ana", "Ben"], [], None)
    del old["seed"], old["modules"]  # a document from before seeds and modules
    assert session_of(old).seed == 0 and session_of(old).modules == []


@pytest.fixture
def modular(monkeypatch):
    game = dataclasses.replace(LC, modules={"open-cash": "show all"})
    monkeypatch.setitem(registry._loaded, game.slug, game)
    return game


def test_modules_are_checked_and_kept(modular):
    doc = new_doc(modular, ["Ana", "Ben"], [], None, modules=["open-cash", "open-cash"])
    assert session_of(doc).modules == ["open-cash"]
    with pytest.raises(InvalidInput, match=r"unknown module 'powers' for Lost Cities \(modules: open-cash\)"):
        check_options(modular, [], None, ["powers"])
    with pytest.raises(InvalidInput, match=r"unknown module 'x' for Lost Cities \(modules: none\)"):
        check_options(LC, [], None, ["x"])


def test_a_game_without_rounds_refuses_rounds_and_is_scorable_once_finished(monkeypatch):
    game = dataclasses.replace(LC, default_rounds=None)
    monkeypatch.setitem(registry._loaded, game.slug, game)
    with pytest.raises(InvalidInput, match="Lost Cities has no rounds: leave out --rounds"):
        check_options(game, [], 2)
    doc = new_doc(game, ["Ana", "Ben"], [], None)
    assert doc["rounds_planned"] is None and not session_of(doc).scorable()
    doc["status"] = "finished"
    assert session_of(doc).scorable()


def test_list_items_build_a_top_level_list_in_order():
    doc = new_doc(LC, ["Ana", "Ben"], [], 1)
    record(doc, ("trades", 1), {"round": 1, "from": "Ben", "to": "Ana", "amount": 5})
    record(doc, ("trades", 0), {"round": 1, "from": "Ana", "to": "Ben", "amount": 10})
    record(doc, ("setup", "note", 0), "never in the table")
    table = session_of(doc).table()
    assert table["trades"] == [{"round": 1, "from": "Ana", "to": "Ben", "amount": 10},
                               {"round": 1, "from": "Ben", "to": "Ana", "amount": 5}]
    assert "setup" not in table


def test_an_imported_list_is_recorded_item_by_item(monkeypatch):
    game = dataclasses.replace(LC, score=lambda table: None)  # any table scores: this is about storage
    monkeypatch.setitem(registry._loaded, game.slug, game)
    trades = [{"round": 1, "from": "Ana", "to": "Ben", "amount": 10}, {"round": 2, "from": "Ben", "to": "Ana", "amount": 3}]
    doc = doc_from_table({"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}, "Ben": {}}],
                          "trades": trades}, game)
    assert [e["at"] for e in doc["entries"] if e["at"][0] == "trades"] == [["trades", 0], ["trades", 1]]
    assert Session(doc, game).table()["trades"] == trades


# --- numbers the database could not keep (orjson writes 64-bit integers, reads larger ones as floats) ----

def test_a_number_beyond_64_bits_is_refused_naming_where_it_is():
    from scorepad.table.tablefile import check_storable

    check_storable({"rounds": [{"Ana": {"thames": 2**63 - 1, "x": -(2**63)}}], "note": ["text", 1.5, None]})
    for table, where, digits in [
        ({"rounds": [{}, {" Ana ": {"thames": 10**30}}]}, "round 2, player Ana, thames", 31),
        ({"final": {"Ana": {"interchanges": {"3": 2**63}}}}, "player Ana, interchanges 3", 19),
        ({"trades": [{"amount": -(2**63) - 1}]}, "trades 1 amount", 19),
    ]:
        with pytest.raises(InvalidInput) as caught:
            check_storable(table)
        assert str(caught.value) == (f"{where}: a {digits}-digit number is too large to keep "
                                     "(the largest is 9223372036854775807)")


@pytest.mark.no_travel  # a made-up game whose questions its calculator does not know
def test_the_prompt_refuses_a_number_the_database_could_not_keep(monkeypatch, database):
    from scorepad.games.base import Ask
    from scorepad.cli.play import play
    from scorepad.cli.prompter import ScriptedPrompter
    from scorepad.store import Store

    ask = Ask(("rounds", 0, "Ana", "count"), "How many?", int)
    game = dataclasses.replace(LC, steps=lambda session: [ask], default_rounds=1)
    monkeypatch.setitem(registry._loaded, game.slug, game)
    store = Store(database)
    session_id = store.insert(new_doc(game, ["Ana", "Ben"], [], 1))
    prompter = ScriptedPrompter(["1" * 30, "12"])
    play(store, session_id, prompter, lambda text: None)
    assert prompter.refused == [("1" * 30, "a 30-digit number is too large to keep "
                                           "(the largest is 9223372036854775807)")]
    assert session_of(store.get(session_id)).get("rounds", 0, "Ana", "count") == 12


def test_a_session_is_given_its_game():
    doc = new_doc(LC, ["Ana", "Ben"], [], None)
    assert Session(doc, LC, 3).game is LC


# --- the refusals are whole sentences of the catalogue (scorepad/i18n.py) -----------------------------------------

@pytest.mark.parametrize("rounds, variants, english, pseudo", [
    (0, [], "rounds: 0 rounds; Chinatown takes 1–6", "«0 rounds; «Chinatown» takes «1–6»»"),
    (5, ["four-seasons"], "rounds: 5 rounds; Chinatown with four-seasons takes 1–4",
     "«5 rounds; «Chinatown» with four-seasons takes «1–4»»"),
])
def test_a_round_count_refused_is_one_sentence_in_the_languages_plural(rounds, variants, english, pseudo):
    from pseudo import pseudo_language

    game = by_slug("chinatown")
    with pytest.raises(InvalidInput) as refused:
        check_options(game, variants, rounds)
    assert str(refused.value) == english
    with pseudo_language():
        with pytest.raises(InvalidInput) as translated:
            check_options(game, variants, rounds)
    assert translated.value.message == pseudo


def test_a_table_file_that_cannot_be_read_is_said_in_the_chosen_language(tmp_path):
    from pseudo import pseudo_language

    from scorepad.errors import ScorepadError, TableFileError
    from scorepad.table.tablefile import load_table_file, load_table_files
    from scorepad.table.travel import score_table

    broken, lines = tmp_path / "broken.json", tmp_path / "tables.jsonl"
    broken.write_text('{"game": ')
    lines.write_text('{"game": "lost-cities"}\n{"game"\n')
    with pseudo_language():
        with pytest.raises(TableFileError) as missing:
            load_table_file(tmp_path / "none.json")
        assert str(missing.value) == f"«{tmp_path / 'none.json'}: no such file»"
        with pytest.raises(TableFileError) as not_json:
            load_table_file(broken)
        assert str(not_json.value) == f"«{broken}: not valid JSON (Expecting value, line 1, column 10)»"
        with pytest.raises(TableFileError) as second:
            [where for where, _ in load_table_files(lines)]
        assert str(second.value).startswith(f"««{lines} line 2»: not valid JSON (")
        table = {"game": "chinatown", "players": ["Ana", "Ben", "Cy"], "session": {
            "status": "playing", "rounds_planned": 4, "created": None, "updated": None, "seed": 1, "log": []},
            "variants": ["four-seasons"]}
        with pytest.raises(ScorepadError) as early:
            score_table(table, by_slug("chinatown"))
        assert str(early.value) == "«the game in this file has no complete season yet»"


@pytest.mark.parametrize("value, plain", [
    ({"players": ["Ana", "Ben"], "rounds": [{"Ana": {"blue": ["W", 3, 10]}}], "ok": True, "x": None}, True),
    ({"n": 2**63 - 1, "m": -2**63, "r": 0.5}, True),
    ({"n": 2**63}, False), ({"n": -2**63 - 1}, False),
    ({"name": "Ana\x1b[2J"}, False), ({"name\x7f": 1}, False), ({"name": "A" * 201}, False),
    ({"name": "Zoë"}, False), ({"name": "A\u202eB"}, False), ({"t": (1, 2)}, False),
])
def test_a_table_walked_plainly_is_one_check_storable_lets_through(value, plain):
    """The quick walk (an import's 10,000 tables) says yes only where the full walk could refuse nothing."""
    from scorepad.table.tablefile import _plainly_storable, check_storable

    assert _plainly_storable(value) is plain
    if plain:
        check_storable(value)


def test_the_fingerprint_of_a_table_stays_the_same():
    """The marks of tables imported before must stay the marks of the same tables (import finds them by it); the
    time of the last answer is not part of it."""
    from scorepad.table.travel import fingerprint

    table = {"game": "lost-cities", "players": ["Zoë", "王小明", "می\u200cخواهم"], "rounds": [],
             "session": {"updated": "x", "seed": 7}}
    expected = "549d0912b8338a4800d8b1fd0ba74d5f251e9854566056637e344c44866e9858"
    assert fingerprint(table) == fingerprint({**table, "session": {"updated": "y", "seed": 7}}) == expected
    assert fingerprint({"game": "chinatown"}) == "7279b6ed1b8692e7d0708c99b740d811b52dabf63848b524598e38e0e666f6b7"
