"""Small frictions at the table (issue 22, point 4): interchanges typed short, the stations' real range, menus of
players that start with the first player drawn, one question for both kinds of Next Station: London cards."""

import pytest

from calculators import next_station_london as nsl_rules
from calculators.core import InvalidInput
from conftest import run
from scorepad.cli.asking import prompt, text
from scorepad.cli.prompter import Aborted
from scorepad.games.base import Say
from scorepad.games import by_slug
from scorepad.games.london.flow import first_player
from scorepad.games.next_station_london.flow import cards_in_play
from scorepad.games.next_station_london.notation import parse_interchanges
from scorepad.games.next_station_london.seats import circle_holder, pencils
from scorepad.table.changes import new_doc, record
from scorepad.table.session import Session

NSL = by_slug("next-station-london")


# --- interchanges: `5 2` is 5 on two lines, 2 on three, none on four -------------------------------------

@pytest.mark.parametrize("typed, counts", [("5 2 1", (5, 2, 1)), ("5 2", (5, 2, 0)), ("5", (5, 0, 0)),
                                           ("", (0, 0, 0)), ("۵ ۲", (5, 2, 0)), ("0 0 3", (0, 0, 3))])
def test_interchanges_typed_short_leave_the_rest_none(typed, counts):
    assert parse_interchanges(typed, "Ana") == dict(zip(("2", "3", "4"), counts))


@pytest.mark.parametrize("typed", ["5 2 1 0", "5 x", "5,,2 1 1"])
def test_more_than_three_or_not_numbers_are_refused(typed):
    with pytest.raises(InvalidInput, match="up to three whole numbers, please"):
        parse_interchanges(typed, "Ana")


# --- stations: 0–9, and 10 only for the pencil with the Circle power --------------------------------------

def asks(store, modules=(), players=("Ana", "Ben"), seed=3, recorded=()):
    doc = new_doc(NSL, list(players), [], 1, modules=list(modules), seed=seed)
    for at, value in recorded:
        record(doc, at, value)
    session = Session(doc, NSL, store.insert(doc))
    return session, {step.at: step for step in session.steps() if hasattr(step, "at")}


def test_ten_stations_in_one_district_need_the_circle_power(store):
    _, found = asks(store)
    stations = found[("rounds", 0, "Ana", "stations")]
    assert stations.parse("9") == 9
    with pytest.raises(InvalidInput) as refused:
        stations.parse("10")
    assert str(refused.value) == ("round 1, player Ana, stations: 10 stations in one district needs the Circle power; "
                                  "without it a line has at most 9 there")
    with pytest.raises(InvalidInput, match=r"11 is out of range \(expected 0–9\)"):
        stations.parse("11")
    with pytest.raises(InvalidInput, match=r"is not a whole number \(0–9\)"):
        stations.parse("x")


def test_the_pencil_with_the_circle_takes_ten_and_the_guide_says_so(store):
    plain, _ = asks(store)
    ana = pencils(plain, 0)[0]  # Ana's pencil in round 1 holds the Circle
    powers = dict(zip([ana, *(c for c in ("pink", "green", "blue", "purple") if c != ana)],
                      ("circle", "joker", "double", "switch")))
    recorded = [(("setup", "power-cards"), "we drew these"), (("setup", "powers"), powers),
                (("setup", "controller"), "Ana")]
    session, found = asks(store, modules=["powers"], recorded=recorded)
    holder, other = "Ana", "Ben"
    assert circle_holder(session, 0) == holder
    assert found[("rounds", 0, holder, "stations")].parse("10") == 10
    with pytest.raises(InvalidInput, match="needs the Circle power"):
        found[("rounds", 0, other, "stations")].parse("10")
    guide = next(text(step.said()) for step in session.steps() if isinstance(step, Say)
                 and "Score round 1" in text(step.said()))
    assert "most stations of the line in one district (0–9)" in guide
    assert f"({holder}'s Circle power: the circled station counts twice in its district: up to 10)" in guide


def test_without_powers_the_guide_offers_nine(store):
    session, _ = asks(store)
    guide = next(text(step.said()) for step in session.steps() if isinstance(step, Say)
                 and "Score round 1" in text(step.said()))
    assert "(0–9)" in guide and "0–10" not in guide.split("stations")[1].split("\n")[0]


# --- one question for both kinds of cards --------------------------------------------------------------------

def test_both_modules_ask_one_question_for_their_cards(store):
    session_id = store.insert(new_doc(NSL, ["Solo"], [], 1, modules=["objectives", "powers"], seed=3))
    with pytest.raises(Aborted):
        run(store, session_id, ["we drew these", "tourist central", "circle joker double switch", Aborted()])
    session = Session(store.get(session_id), NSL, session_id)
    assert session.get("setup", "cards") == "we drew these"
    assert session.get("setup", "objectives") == ["tourist", "central"]
    assert session.get("setup", "powers") == {"pink": "circle", "green": "joker", "blue": "double",
                                              "purple": "switch"}
    menus = [prompt(ask) for ask in session.asks() if ask.choices and ask.at[:2] != ("setup", "deck-mode")]
    assert menus == ["Objective and power cards: does scorepad draw them, or did you?"]


def test_the_one_question_for_both_keeps_the_objectives_to_the_two_drawn(store):
    """scorepad drew the cards, answered once for both kinds: a card named at the end is one of the two in play."""
    session_id = store.insert(new_doc(NSL, ["Solo"], [], 1, modules=["objectives", "powers"], seed=3))
    drawn = nsl_rules.draw_objectives(3)
    assert "central" not in drawn  # (a card the figures cannot rule out: only not being in play refuses it)
    answers = ["scorepad draws", "", "Physical cards", "5", "3", "1", "1", "", "central", ""]
    session, prompter, _ = run(store, session_id, answers)
    assert [typed for typed, _problem in prompter.refused] == ["central"]
    assert session.get("final", "Solo", "objectives") == []
    assert cards_in_play(session) == drawn


def test_a_session_that_asked_each_kind_still_does(store):
    """Stored before there was one question for both (or named one kind on play's command line)."""
    recorded = [(("setup", "objective-cards"), "scorepad draws")]
    session, found = asks(store, modules=["objectives", "powers"], players=["Solo"], recorded=recorded)
    assert ("setup", "cards") not in found
    assert session.next_ask().at == ("setup", "power-cards")


# --- London: menus of players start with the first player scorepad drew ---------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_london_menus_of_players_start_with_the_drawn_first_player(store, seed):
    game = by_slug("london-1e")
    session_id = store.insert(new_doc(game, ["Red", "Blue", "Green", "Yellow"], [], None, seed=seed))
    first = first_player(Session(store.get(session_id), game, session_id))
    with pytest.raises(Aborted):
        run(store, session_id, ["Take a loan (£10 each)", Aborted()])
    session = Session(store.get(session_id), game, session_id)
    menu = session.next_ask()
    order = ["Red", "Blue", "Green", "Yellow"]
    at = order.index(first)
    assert list(menu.choices[:4]) == order[at:] + order[:at]


def test_the_second_edition_draws_no_first_player_and_keeps_the_seats(store):
    game = by_slug("london-2e")
    session_id = store.insert(new_doc(game, ["Red", "Blue", "Green"], [], None, seed=4))
    with pytest.raises(Aborted):
        run(store, session_id, ["Take a loan (£10 each)", Aborted()])
    assert list(Session(store.get(session_id), game, session_id).next_ask().choices[:3]) == ["Red", "Blue", "Green"]
