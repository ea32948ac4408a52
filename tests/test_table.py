"""The table engine without a terminal or a prompter: open questions, answers, versions, undo, events, what a seat
may see. A small game of its own (two players each say a number a round, together; then the table names who
dealt) keeps the engine's rules apart from any real game's."""

import pytest

from calculators.core import InvalidInput, Result, standings
from scorepad.errors import Changed
from scorepad.games.base import Ask, Game, Say
from scorepad.table import HOST, NotOpen, NotYours, Table
from scorepad.table.changes import new_doc

ROUNDS = 2


def parse_number(text):
    if not text.strip().isdigit():
        raise InvalidInput(f"{text!r} is not a number")
    return int(text)


def one_of(players):
    def parse(text):
        if text not in players:
            raise InvalidInput(f"{text!r} is not a player")
        return text

    return parse


def steps(session):
    out = [Ask(("setup", "dealer"), "Who deals?", one_of(session.players), choices=tuple(session.players))]
    for number in range(session.rounds_planned):
        out.append(Say(lambda n=number: f"Round {n + 1}"))
        out += [Ask(("rounds", number, player, "n"), f"Round {number + 1} · {player}:", parse_number,
                    together=("round", number)) for player in session.players]
    out.append(Ask(("setup", "note"), "A note?", str))
    return out


def score(table):
    totals = {p: sum(r[p].get("n", 0) for r in table["rounds"]) for p in table["players"]}
    return Result(table["game"], (), standings(table["players"], totals))


def game(private=lambda session: False):
    return Game(slug="numbers", title="Numbers", players=(2,), variants={}, default_rounds=ROUNDS, score=score,
                steps=steps, template="lost-cities", sheet=lambda *a, **k: {}, report=lambda s: "", private=private)


@pytest.fixture
def numbers(monkeypatch):
    from scorepad import games

    made = game()
    monkeypatch.setitem(games._loaded, "numbers", made)
    return made


def started(store, made):
    return store.insert(new_doc(made, ["Ana", "Ben"], [], None, seed=1))


def test_the_first_question_is_open_alone_then_a_round_together(store, numbers):
    table = Table(store, started(store, numbers))
    assert [(q.at, q.player) for q in table.open()] == [(("setup", "dealer"), None)]
    table.answer(("setup", "dealer"), "Ana", table.version)
    assert [(q.at, q.player) for q in table.open()] == [(("rounds", 0, "Ana", "n"), "Ana"),
                                                         (("rounds", 0, "Ben", "n"), "Ben")]
    table.answer(["rounds", 0, "Ben", "n"], "4", table.version)  # the second first: answered together
    assert [q.at for q in table.open()] == [("rounds", 0, "Ana", "n")]


def test_an_answer_is_stored_before_it_is_reported_and_counts_a_version(store, numbers):
    session_id = started(store, numbers)
    table = Table(store, session_id)
    answered = table.answer(("setup", "dealer"), "Ben", 0)
    assert table.version == 1 == store.get(session_id)["version"]
    assert [e.kind for e in answered.events] == ["answered"]
    assert Table(store, session_id).session.get("setup", "dealer") == "Ben"


def test_refusals_record_nothing(store, numbers):
    session_id = started(store, numbers)
    table = Table(store, session_id)
    with pytest.raises(InvalidInput, match="'Cy' is not a player"):
        table.answer(("setup", "dealer"), "Cy", 0)
    with pytest.raises(NotOpen):
        table.answer(("rounds", 0, "Ana", "n"), "3", 0)  # not reached yet
    with pytest.raises(Changed):
        table.answer(("setup", "dealer"), "Ana", 5)  # a version this screen never saw
    assert store.get(session_id)["entries"] == [] and table.version == 0


def test_a_seat_answers_its_own_questions_and_the_tables(store, numbers):
    table = Table(store, started(store, numbers))
    table.answer(("setup", "dealer"), "Ana", 0, seat="Ben")  # the table's question: anyone's
    table.take_seat("ana-phone", "Ana")  # while Ana's phone holds her seat, her questions are hers alone
    with pytest.raises(NotYours):
        table.answer(("rounds", 0, "Ana", "n"), "3", table.version, seat="Ben")
    table.answer(("rounds", 0, "Ben", "n"), "3", table.version, seat="Ben")
    table.answer(("rounds", 0, "Ana", "n"), "5", table.version, seat=HOST)


def test_two_screens_first_answer_counts_and_the_other_is_told(store, numbers):
    session_id = started(store, numbers)
    one, other = Table(store, session_id), Table(store, session_id)
    one.answer(("setup", "dealer"), "Ana", 0)
    with pytest.raises(Changed):
        other.answer(("setup", "dealer"), "Ben", 0)
    assert other.version == 1 and other.session.get("setup", "dealer") == "Ana"  # it now sees the session as stored
    assert [{k: e[k] for k in ("at", "value")} for e in store.get(session_id)["entries"]] == [
        {"at": ["setup", "dealer"], "value": "Ana"}]


def test_events_of_another_screen_are_heard_on_refresh(store, numbers):
    session_id = started(store, numbers)
    one, other = Table(store, session_id), Table(store, session_id)
    heard = []
    other.subscribe(lambda table, events: heard.extend(events))
    for at, text in ((("setup", "dealer"), "Ana"), (("rounds", 0, "Ana", "n"), "2"), (("rounds", 0, "Ben", "n"), "7")):
        one.answer(at, text, one.version)
    other.refresh()
    assert [(e.kind, e.at) for e in heard] == [
        ("answered", ("setup", "dealer")), ("answered", ("rounds", 0, "Ana", "n")),
        ("answered", ("rounds", 0, "Ben", "n")), ("round closed", None)]
    assert heard[-1].round == 1 and {e.version for e in heard} == {3}


def test_the_last_answer_finishes_the_game_and_undo_reopens_it(store, numbers):
    table = Table(store, started(store, numbers))
    answers = [(("setup", "dealer"), "Ana")] + [(("rounds", n, p, "n"), str(n + 1)) for n in range(ROUNDS)
                                                 for p in ("Ana", "Ben")] + [(("setup", "note"), "")]
    for at, text in answers:
        events = table.answer(at, text, table.version).events
    assert table.finished and [e.kind for e in events] == ["answered", "finished"]
    assert table.open() == [] and [s.total for s in table.standings().standings] == [3, 3]
    message = table.undo(table.version, guided=False)
    assert message.startswith("Removed A note") and not table.finished
    assert [q.at for q in table.open()] == [("setup", "note")]


def test_undo_at_the_prompt_with_nothing_recorded(store, numbers):
    table = Table(store, started(store, numbers))
    assert table.undo(0, guided=True) == "Nothing to take back yet."
    assert table.version == 0


def test_private_totals_are_kept_from_every_seat_but_the_host(store, monkeypatch):
    from scorepad import games

    made = game(private=lambda session: not session.finished)
    monkeypatch.setitem(games._loaded, "numbers", made)
    table = Table(store, started(store, made))
    for at, text in ((("setup", "dealer"), "Ana"), (("rounds", 0, "Ana", "n"), "2"), (("rounds", 0, "Ben", "n"), "7")):
        table.answer(at, text, table.version)
    assert table.standings(seat="Ana") is None and table.standings(seat=None) is None
    assert [s.player for s in table.standings().standings] == ["Ben", "Ana"]


def test_the_engine_imports_no_screen():
    """The engine knows no terminal, prompt or web page (import-linter holds the layers; this names the worst)."""
    import subprocess
    import sys

    code = "import sys, scorepad.table; print(sorted(m for m in sys.modules if m.split('.')[0] in " \
           "('typer', 'questionary', 'prompt_toolkit', 'click', 'starlette', 'reportlab')))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"


# --- the real games: who answers together ---------------------------------------------------------------------

def test_a_lost_cities_hand_is_open_to_both_players_at_once_and_order_does_not_matter(store):
    from conftest import LC11, LC11_TYPED

    from scorepad.games import by_slug

    table = Table(store, store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3, seed=1)))
    table.answer(("setup", "oldest"), "Ana", table.version)
    colours = ("yellow", "blue", "white", "green", "red")
    for number, typed in enumerate(LC11_TYPED):
        assert [(q.player, q.at[3]) for q in table.open()] == [(p, c) for p in ("Ana", "Ben") for c in colours]
        answers = list(zip([("rounds", number, p, c) for p in ("Ana", "Ben") for c in colours], typed))
        for at, text in reversed(answers):  # Ben's red first, Ana's yellow last
            table.answer(at, text, table.version)
    assert table.finished and table.session.score().to_json() == by_slug("lost-cities").score(LC11).to_json()


def started_game(store, slug, players, answers=(), rounds=None, modules=()):
    from scorepad.games import by_slug

    table = Table(store, store.insert(new_doc(by_slug(slug), players, [], rounds, list(modules), seed=2)))
    for text in answers:
        table.answer(table.open()[0].at, text, table.version)
    return table


def test_next_station_london_turns_cards_one_at_a_time_then_every_line_is_open(store):
    table = started_game(store, "next-station-london", ["Ana", "Ben"], ["Ana", "Digital deck"], rounds=1)
    assert [(q.at[:3], q.player) for q in table.open()] == [(("setup", "deck", 0), None)]  # one card a turn
    while table.open()[0].at[1] == "deck":
        table.answer(table.open()[0].at, "", table.version)
    fields = ("districts", "stations", "thames", "tourist")
    assert [(q.player, q.at[3]) for q in table.open()] == [(p, f) for p in ("Ana", "Ben") for f in fields]


def test_london_reckoning_is_every_players_at_once(store):
    table = started_game(store, "london-2e", ["Ana", "Ben"], ["Go to the final reckoning"])
    assert {q.player for q in table.open()} == {"Ana", "Ben"} and len(table.open()) > 2


def test_chinatown_businesses_are_everyones_once_the_trades_are_done(store):
    table = started_game(store, "chinatown", ["Ava", "Ben", "Cai"], ["Ava", ""])  # the first player, no trades
    assert [(q.player, q.at[-1]) for q in table.open()] == [(p, "businesses") for p in ("Ava", "Ben", "Cai")]


def test_each_screen_reads_the_questions_in_its_own_language(store):
    """One table, a terminal in English and a phone in Persian: each sees the questions in its language, whichever
    asked first, and the phone's answer typed in Persian counts."""
    from scorepad import i18n

    table = started_game(store, "next-station-london", ["Ana", "Ben"], rounds=1)
    english = table.open()[0].label
    with i18n.speaking("fa"):
        persian = table.open()[0].label
        table.answer(table.open()[0].at, "Ana", table.version)
        deck = table.open()[0]
        table.answer(deck.at, deck.ask.choices[0], table.version)  # the Persian "Digital deck"
    assert english != persian and table.open()[0].label.startswith("Round 1")
    assert table.session.get("setup", "deck-mode", 0) == "Digital deck"  # stored in English, as the terminal's
