"""Everything the terminal tells the table reaches any screen as content (scorepad.table.telling): what the game
says now (the setup drawn, each round's roles and pencils, the year's deal, who starts), the words a player asks
for (`pencils`, `cash`), a seat's own answers as typed, and the result with the tie-break in words."""

from __future__ import annotations

import pytest

from calculators import chinatown as chinatown_rules
from scorepad import exports, i18n
from scorepad.games import by_slug
from scorepad.i18n import _, pgettext
from scorepad.table import Table, telling
from scorepad.table.changes import new_doc


def table_of(store, slug, players, rounds=None, **options):
    session_id = store.insert(new_doc(by_slug(slug), list(players), options.pop("variants", []), rounds, seed=3,
                                      **options))
    return Table(store, session_id)


def give(table, *answers):
    for at, value in answers:
        table.answer(at, value, table.version)


def said_text(table, language="en"):
    with i18n.speaking(language):
        return "\n".join(item["text"] for item in telling.said(table.worded()))


def nsl_round(players, number, value="1"):
    fields = ("districts", "stations", "thames", "tourist")
    return [(("rounds", number, p, f), value) for p in players for f in fields]


# --- said -----------------------------------------------------------------------------------------------------

def test_next_station_london_says_the_cards_drawn_and_each_rounds_controller_and_pencils(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"], modules=["objectives"])
    assert "The five shared objective cards:" in said_text(table)  # what the table may draw, while it is asked
    give(table, (("setup", "objective-cards"), "scorepad draws"), (("setup", "controller"), "Ana"))
    first = said_text(table)
    assert "Shared objectives in play" in first and "The five shared" not in first  # the two cards drawn, named
    assert "Controller: Ana." in first and "Pencils this round:" in first and "── Round 1 of 4 ──" in first
    give(table, (("setup", "deck-mode", 0), "Physical cards"))
    assert "Controller: Ana." in said_text(table)  # still told while the round's lines are counted
    give(table, *nsl_round(["Ana", "Ben"], 0))
    second = said_text(table)
    assert "── Round 2 of 4 ──" in second and "Controller: Ben." in second
    assert {"kind": "title", "text": "── Round 2 of 4 ──"} in telling.said(table.worded())  # a heading, for a phone
    assert "Controller: Ana." not in second and "── Round 1 of 4 ──" not in second
    assert "Shared objectives in play" in second  # the setup drawn stays told all game
    assert "Final standings" not in second and "line:" not in second  # scores are the result's, not said


def test_said_is_in_the_language_of_the_screen_that_asks(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"])
    give(table, (("setup", "controller"), "Ben"))
    with i18n.speaking("fa"):
        controller = _("Controller: {controller}.").format(controller="Ben")
    assert controller != "Controller: Ben." and controller in said_text(table, "fa")
    assert "Controller: Ben." in said_text(table, "en")


def test_chinatown_says_the_years_deal_tiles_and_start_player(store):
    table = table_of(store, "chinatown", ["Ana", "Ben", "Cy"])
    give(table, (("setup", "first"), "Cy"))
    dealt, kept, tiles = chinatown_rules.cards_and_tiles(3, 1)
    text = said_text(table)
    assert f"start player: Cy" in text and f"Deal {dealt} building cards" in text and f"keeps {kept}" in text
    assert f"draws {tiles} shop tiles" in text
    with i18n.speaking("zh-Hant"):
        assert "Cy" in said_text(table, "zh-Hant") and "building cards" not in said_text(table, "zh-Hant")


def test_lost_cities_says_who_starts(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=2)
    give(table, (("setup", "oldest"), "Ben"))
    assert "Ben starts (the oldest player)." in said_text(table)
    with i18n.speaking("ru"):
        assert _("{starter} starts (the oldest player).").format(starter="Ben") in said_text(table, "ru")


def test_nothing_is_said_once_the_game_is_over(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    give(table, (("setup", "oldest"), "Ana"),
         *[(("rounds", 0, p, c), "") for p in ("Ana", "Ben") for c in ("yellow", "blue", "white", "green", "red")])
    assert table.finished and telling.said(table.worded()) == []


# --- the words a player asks for ---------------------------------------------------------------------------

def test_pencils_is_a_table_of_rows(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"])
    shown = telling.answer_word(table.worded(), "pencils", seat="Ana")
    assert shown.rows[0][0] == "Player" and [row[0] for row in shown.rows[1:]] == ["Ana", "Ben"]
    assert [item["kind"] for item in shown.items()] == ["rows"]
    with i18n.speaking("ru"):  # the typed word of the language works too
        typed = pgettext("typed word", "pencils")
        assert typed != "pencils" and telling.answer_word(table.worded(), typed, seat="Ana").rows[1][0] == "Ana"


def test_chinatown_cash_answers_only_for_ones_own_seat(store):
    table = table_of(store, "chinatown", ["Ana", "Ben", "Cy"])
    give(table, (("setup", "first"), "Ana"))
    session = table.worded()
    assert "Ana" in telling.answer_word(session, "cash", "", seat="Ana").text  # `cash` alone: one's own
    assert "Ana" in telling.answer_word(session, "cash", "ana", seat="Ana").text
    with pytest.raises(telling.InvalidInput, match="only your own"):
        telling.answer_word(session, "cash", "Ben", seat="Ana")
    with pytest.raises(telling.InvalidInput, match="own phone"):
        telling.answer_word(session, "cash", "Ana", seat=None)  # the table's screen
    assert "Ben" in telling.answer_word(session, "cash", "Ben").text  # the host's terminal, as `cash Ben` there
    assert "restaurant" in telling.answer_word(session, "types", seat=None).text.casefold()
    with i18n.speaking("fa"), pytest.raises(telling.InvalidInput) as refused:
        telling.answer_word(table.worded(), "cash", "Ben", seat="Ana")
    assert "only your own" not in refused.value.message


def test_open_cash_is_anyones_to_ask(store):
    table = table_of(store, "chinatown", ["Ana", "Ben", "Cy"], modules=["open-cash"])
    give(table, (("setup", "first"), "Ana"))
    assert "Ben" in telling.answer_word(table.worded(), "cash", "Ben", seat="Ana").text


def test_a_word_the_game_does_not_know_is_refused_naming_those_it_knows(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"])
    with pytest.raises(telling.InvalidInput, match="summary, guide, pencils"):
        telling.answer_word(table.worded(), "cash", seat="Ana")
    assert [w["word"] for w in telling.words(table.worded())] == ["summary", "guide", "pencils"]


# --- answers ---------------------------------------------------------------------------------------------

def test_a_seat_sees_its_own_answers_as_typed_and_the_table_screen_all(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=2)
    give(table, (("setup", "oldest"), "Ana"), (("rounds", 0, "Ana", "yellow"), "w 3 5"),
         (("rounds", 0, "Ben", "blue"), "2 9"))
    ana = telling.answers(table.worded(), "Ana")
    assert ana == [{"at": ["rounds", 0, "Ana", "yellow"], "label": "Game 1 · Ana · Yellow", "value": "W 3 5",
                    "player": "Ana"}]
    assert [a["at"][0] for a in telling.answers(table.worded(), None)] == ["setup", "rounds", "rounds"]
    with i18n.speaking("zh-Hant"):
        (only,) = telling.answers(table.worded(), "Ben")
        assert only["label"].startswith("第1局") and only["value"] == "2 9"


# --- the result ------------------------------------------------------------------------------------------

def test_the_result_names_the_winner_and_the_tie_break_that_decided(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    assert telling.result(table.worded()) is None
    give(table, (("setup", "oldest"), "Ana"), (("rounds", 0, "Ana", "yellow"), "5 6 7 8 9 10"),
         *[(("rounds", 0, "Ana", c), "") for c in ("blue", "white", "green", "red")],
         *[(("rounds", 0, "Ben", c), "") for c in ("yellow", "blue", "white", "green", "red")])
    link = exports.push_url(exports.play_of(table.session))
    result = telling.result(table.worded(), link)
    assert result["winners"] == ["Ana"] and result["text"].startswith("Ana wins with 25.")
    assert result["bgstats"] == link
    rows = next(item["rows"] for item in result["standings"] if item["kind"] == "rows")
    assert rows[0] == ["Rank", "Player", "Game 1", "Total"] and rows[1] == ["1", "Ana", "25", "25"]


def test_london_result_lays_out_its_reckoning_and_a_shared_win(store):
    table = table_of(store, "london-2e", ["Ana", "Ben"], variants=["flat-penalties"])
    fields = [a.at for a in table.session.asks()]
    give(table, *[(at, "0") for at in fields])
    result = telling.result(table.worded())
    assert result["winners"] == ["Ana", "Ben"]
    assert any(item["kind"] == "text" for item in result["breakdown"])  # the reckoning, laid out by the game


def test_a_tie_break_that_decided_is_told_in_words_in_the_screens_language(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"], rounds=2)
    give(table, (("setup", "controller"), "Ana"))
    lines = {("Ana", 0): (2, 3), ("Ana", 1): (1, 2), ("Ben", 0): (2, 2), ("Ben", 1): (2, 2)}  # 6 + 2 = 4 + 4
    for number in (0, 1):
        give(table, (("setup", "deck-mode", number), "Physical cards"))
        for player in ("Ana", "Ben"):
            districts, stations = lines[player, number]
            give(table, *[(("rounds", number, player, f), str(v)) for f, v in
                          (("districts", districts), ("stations", stations), ("thames", 0), ("tourist", 0))])
    give(table, (("final", "Ana", "interchanges"), ""), (("final", "Ben", "interchanges"), ""))
    result = telling.result(table.worded())
    assert result["winners"] == ["Ana"]
    assert result["lines"][0].startswith("Ana wins with ") and result["lines"][1].startswith("Tie-break: ")
    assert "highest single line" in result["text"]
    with i18n.speaking("zh-Hant"):
        worded = telling.result(table.worded())
        assert worded["winners"] == ["Ana"] and "Tie-break" not in worded["text"] and "Ana" in worded["lines"][1]
