"""The controls a game declares for its questions (scorepad.games.controls): plain data for any screen, and the
answer composed on the server from a control's values, in the game's own notation and the screen's language."""

from __future__ import annotations

import pytest

from calculators.core import InvalidInput
from scorepad import i18n
from scorepad.games import by_slug
from scorepad.games.controls import Field, Option, card, confirm, numbers, pick
from scorepad.table import Table, telling
from scorepad.table.changes import new_doc


def table_of(store, slug, players, rounds=None, **options):
    session_id = store.insert(new_doc(by_slug(slug), list(players), [], rounds, seed=3, **options))
    return Table(store, session_id)


def test_the_generic_controls_compose_what_a_player_would_type():
    options = [Option("thames", "The Thames …"), Option("central", "Central …")]
    assert pick(options, none="none").compose([]) == "none"
    assert pick(options, none="none").compose(["central", "thames"]) == "central thames"
    assert numbers([Field("2", "on 2 lines"), Field("3", "on 3 lines")]).compose([5, 2]) == "5 2"
    assert card("turn the card").compose(None) == "" and confirm("yes").compose(True) == "yes"
    assert pick(options).to_json() == {"kind": "pick", "options": [{"value": "thames", "label": "The Thames …"},
                                                                  {"value": "central", "label": "Central …"}]}


@pytest.mark.parametrize("values", [["moon"], "thames", [["thames"]], ["thames", "thames"], 3])
def test_values_a_control_does_not_take_are_refused(values):
    with pytest.raises(InvalidInput, match="do not answer this question"):
        pick([Option("thames", "The Thames")]).compose(values)


def test_lost_cities_grid_is_the_expedition_in_its_colour_and_composes_its_notation(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    table.answer(("setup", "oldest"), "Ana", table.version)
    table.answer(("rounds", 0, "Ben", "yellow"), "w 4", table.version)
    ask = table.worded().find_ask(("rounds", 0, "Ana", "yellow"))
    shown = telling.control(table.worded(), ask)
    assert shown["kind"] == "grid" and shown["options"][0] == {"value": "W", "label": "W", "colour": "#d8a400"}
    assert [o["value"] for o in shown["options"] if o.get("taken")] == ["W", "4"]  # Ben's wager and 4 are his
    at = ("rounds", 0, "Ana", "yellow")
    assert telling.compose(table.worded(), at, ["10", "W", "3"]) == "W 3 10"
    with i18n.speaking("fa"):
        typed = telling.compose(table.worded(), at, ["W", "5"])
        assert typed.split()[1] == "5" and typed.split()[0] != "W"  # the wager as the Persian letter: it parses
        table.answer(at, typed, table.version)
    assert table.session.get(*at) == ["W", 5]
    with pytest.raises(InvalidInput):  # four wagers: a colour has three
        telling.compose(table.worded(), ("rounds", 0, "Ana", "blue"), ["W", "W", "W", "W"])


def test_a_question_without_a_declared_control_takes_no_values(store):
    table = table_of(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    with pytest.raises(InvalidInput):
        telling.compose(table.worded(), ("setup", "oldest"), ["Ana"])
    with pytest.raises(InvalidInput):
        telling.compose(table.worded(), ("nowhere",), [])


def test_next_station_london_declares_a_card_numbers_and_a_pick(store):
    table = table_of(store, "next-station-london", ["Ana", "Ben"], rounds=1, modules=["objectives"])
    for at, value in ((("setup", "objective-cards"), "scorepad draws"), (("setup", "controller"), "Ana"),
                      (("setup", "deck-mode", 0), "Digital deck")):
        table.answer(at, value, table.version)
    view = table.worded()
    turn = telling.control(view, view.find_ask(("setup", "deck", 0, 0)))
    assert turn == {"kind": "card", "button": "turn the card"}
    with i18n.speaking("zh-Hant"):
        view = table.worded()
        interchanges = telling.control(view, view.find_ask(("final", "Ana", "interchanges")))
        assert interchanges["kind"] == "numbers" and interchanges["fields"][0]["label"] == "在2條路線上"
        assert telling.compose(view, ("final", "Ana", "interchanges"), [5, 2, 1]) == "5 2 1"
