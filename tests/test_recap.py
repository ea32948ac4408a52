"""Resume where you were, knowing where you are: each game, stopped mid-round, then resumed.

The recap says the round, the totals of the complete rounds (not while Chinatown's cash is private),
each answer of the round being played as its question names it and as it was typed, then asks on.
"""

import pytest

from conftest import LC11_TYPED, run
from scorepad.games import by_slug
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc


def stop_then_resume(store, slug, players, answers, rounds=None, variants=(), modules=()):
    """Play `answers`, stop (Ctrl-C) at the next question, resume: (what the resumed game printed, the question
    it asks first)."""
    session_id = store.insert(new_doc(by_slug(slug), players, variants, rounds, modules=modules, seed=7))
    with pytest.raises(Aborted):
        run(store, session_id, [*answers, Aborted()])
    lines, prompter = [], ScriptedPrompter([Aborted()])
    with pytest.raises(Aborted):
        play(store, session_id, prompter, lines.append, resumed=True)
    return "\n".join(lines), prompter.asked[0]


def test_lost_cities_mid_game(store):
    typed = [answer for game in LC11_TYPED for answer in game]
    text, asked = stop_then_resume(store, "lost-cities", ["Ana", "Ben"], ["Ben", *typed[:12]], rounds=3)
    assert text.lstrip().startswith("Where you are: Game 2 of 3.\nTotals after game 1: Ben 44, Ana −12.\n"
                                    "Game 2 of 3 so far:\n"
                                    "  Game 2 · Ana · Yellow: 4 5 7 8 10\n"
                                    "  Game 2 · Ana · Blue: 2 3 6 9 10")
    assert asked == "Game 2 · Ana · White:"


def test_lost_cities_an_expedition_not_started_reads_as_enter(store):
    text, asked = stop_then_resume(store, "lost-cities", ["Ana", "Ben"], ["Ana", "w3", ""], rounds=1)
    assert "Game 1 of 1 so far:\n  Game 1 · Ana · Yellow: W 3\n  Game 1 · Ana · Blue: (Enter)" in text
    assert "Totals" not in text  # no game is complete yet
    assert asked == "Game 1 · Ana · White:"


def test_lost_cities_at_the_start_of_a_round_repeats_its_guide(store):
    typed = [answer for game in LC11_TYPED for answer in game]
    text, asked = stop_then_resume(store, "lost-cities", ["Ana", "Ben"], ["Ben", *typed[:10]], rounds=3)
    assert "Where you are: Game 2 of 3.\nTotals after game 1: Ben 44, Ana −12." in text
    assert "so far" not in text.split("──")[0]  # nothing of game 2 is recorded yet
    assert "── Game 2 of 3 ──" in text and asked == "Game 2 · Ana · Yellow:"


def test_nothing_recorded_yet_prints_no_recap(store):
    text, asked = stop_then_resume(store, "lost-cities", ["Ana", "Ben"], [], rounds=1)
    assert "Where you are" not in text and asked.startswith("Who is the oldest player?")


LINE = ["6", "3", "1", "2"]  # districts, stations, thames, tourist: 6 × 3 + 2 = 20


def test_next_station_london_the_deck_choice_and_a_line_in_progress(store):
    answers = ["Ana", "Physical cards", *LINE, *LINE, "Physical cards", "5"]
    text, asked = stop_then_resume(store, "next-station-london", ["Ana", "Ben"], answers, rounds=2)
    lines = text.lstrip().splitlines()
    assert lines[:2] == ["Where you are: Round 2 of 2.", "Totals after round 1: Ana 22, Ben 22."]
    assert lines[2] == "Round 2 of 2 so far:"
    assert lines[3] == "  Round 2: turn the station cards with scorepad, or use the physical cards? Physical cards"
    assert lines[4].startswith("  Round 2 · Ana (") and lines[4].endswith(") · districts: 5")
    assert asked.startswith("Round 2 · Ana (") and asked.endswith("· stations (most in one district, 0–9):")


def test_next_station_london_cards_turned_with_the_digital_deck(store):
    answers = ["", "Digital deck", "", ""]  # the pencil order kept by Enter, two cards turned
    text, asked = stop_then_resume(store, "next-station-london", ["Solo"], answers, rounds=1)
    assert "Round 1 of 1 so far:\n  Round 1: turn the station cards with scorepad, or use the physical cards? " \
           "Digital deck\n  Round 1 · turn 1: " in text
    assert "  Round 1 · turn 2: " in text
    assert asked == "Round 1 · turn 3 — Enter: turn the card"


YEAR_1 = ["Ava", "Ava Ben 5k", "", "", "photo 3", "none", "rest 2"]  # first player; one trade; income


def test_chinatown_keeps_cash_private(store):
    text, asked = stop_then_resume(store, "chinatown", ["Ava", "Ben", "Cai"], [*YEAR_1, "Ben Cai 1k", "lot 3"])
    assert text.lstrip().startswith("Where you are: Year 2 of 6.\nTotals stay private until the game ends.\n"
                                    "Year 2 of 6 so far:\n  1966 · trade 1: Ben Cai 1000\n"
                                    "  What did Ben's $1,000 buy? lot 3")
    assert "$" not in text.split("What did")[0]  # no balance on the shared screen
    assert asked.startswith("1966 · trade")


def test_chinatown_with_open_cash_shows_the_totals(store):
    text, asked = stop_then_resume(store, "chinatown", ["Ava", "Ben", "Cai"], [*YEAR_1, ""], modules=["open-cash"])
    # $50,000 each; Ava pays Ben $5,000; a complete photo 3 earns Ava $50,000, a restaurant of 2 earns Cai $20,000
    assert "Totals after year 1: Ava $95,000, Cai $70,000, Ben $55,000.\n" in text
    assert "Year 2 of 6 so far:\n  1966 · trade 1: (trading done)" in text
    assert asked == "1966 · Ava's businesses [1965: photo 3; Enter keeps it]:"


POINTS, LOAN = "Points scored during play", "Take a loan (£10 each)"


def test_london_during_play_recaps_the_event_and_the_tracked_figures(store):
    text, asked = stop_then_resume(store, "london-1e", ["Yellow", "Red", "Blue"], [POINTS, "Red", "3", LOAN, "Blue"])
    assert "Where you are: during play, event 2.\nLoans, poverty and points so far:\n" in text
    assert "  Red         0        5            3\n  Blue        0        5            0\n\n" in text
    assert "During play, event 2 so far:\n  What happened? Take a loan (£10 each)\n  Who takes loans? Blue" in text
    assert asked == "How many loans does Blue take?"


def test_london_at_the_reckoning(store):
    text, asked = stop_then_resume(store, "london-2e", ["P1", "P2"], ["Go to the final reckoning", "33", "17"])
    assert "Where you are: the end of the game.\nLoans, poverty and points so far:" in text
    assert ("The end of the game so far:\n  P1 · prestige on the score track: 33\n"
            "  P1 · end-game prestige of all city cards (covered and flipped too): 17") in text
    assert asked.startswith("P1 · £ in hand")


def test_london_flat_penalties_has_no_tracked_figures(store):
    text, asked = stop_then_resume(store, "london-1e", ["Ana", "Ben"], ["12"], variants=["flat-penalties"])
    assert text.lstrip().startswith("Where you are: the end of the game.\nThe end of the game so far:\n"
                                    "  Ana · points printed on the city cards: 12")


def test_chinatown_four_seasons_auctions_then_a_trade(store):
    answers = ["Ava", "5k", "", "2k", "Ava Ben 2k", ""]  # auctions of season 1, one trade with no note
    text, asked = stop_then_resume(store, "chinatown", ["Ava", "Ben", "Cai"], answers, variants=["four-seasons"])
    assert text.lstrip().startswith("Where you are: Season 1 of 4.\nSeason 1 of 4 so far:\n"
                                    "  Season 1 · Ava · paid at auction: 5000\n"
                                    "  Season 1 · Ben · paid at auction: 0\n"
                                    "  Season 1 · Cai · paid at auction: 2000\n  Season 1 · trade 1: Ava Ben 2000\n"
                                    "  What did Ava's $2,000 buy? (no note)")
    assert asked.startswith("Season 1 · trade")


def test_the_recap_speaks_the_tables_language(store):
    from fake_language import speaking

    persian = {"Where you are: {part}.": "کجا هستید: {part}.", "Game": "دست",
               "{label} {number} of {rounds}": "{label} {number} از {rounds}",
               "Totals after {label} {number}: {totals}.": "مجموع پس از {label} {number}: {totals}.",
               ("between totals", ", "): "، ", "{part} so far:": "{part} تا اینجا:", "(Enter)": "(اینتر)"}
    typed = [answer for game in LC11_TYPED for answer in game]
    with speaking(persian):
        text, _asked = stop_then_resume(store, "lost-cities", ["Ana", "Ben"], ["Ben", *typed[:10], ""], rounds=3)
    assert text.lstrip().startswith("کجا هستید: دست 2 از 3.\nمجموع پس از دست 1: Ben 44، Ana −12.\n"
                                    "دست 2 از 3 تا اینجا:\n")
    assert text.rstrip().endswith(": (اینتر)")
