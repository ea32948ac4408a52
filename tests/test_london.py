"""London, both editions: the reckoning against shared/rules/london.md §8, the run-city helper, the guided game."""

import json
import re
import shutil
import sys
from pathlib import Path

import pypdf
import pytest
from conftest import run, table_part
from typer.testing import CliRunner

from calculators.core import InvalidInput, Phrase, say
from calculators.london import FIRST_EDITION, SECOND_EDITION, poverty_after, poverty_penalty, run_city_poverty, score
from scorepad import cli, i18n, sheets, words
from scorepad.table import changes
from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.games.london import flow, notation, tracking
from scorepad.games.london import words as wording
from scorepad.cli.asking import prompt
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc
from scorepad.table.naming import name as named

by_slug("london-1e")  # scorepad.words learns the game's wording: the tie lines and refusals below read as scorepad's
FIELDS_1E = ("money", "loans", "hand", "poverty", "card_vp", "borough_vp", "underground", "vp", "boroughs",
             "best_card")
FIELDS_2E = ("vp", "money", "loans", "hand", "poverty", "card_vp", "boroughs", "best_card")


def lines(result):
    """The tie-break lines as the table reads them (the calculator gives phrases: data, worded by scorepad)."""
    return tuple(say(line) for line in result.tiebreaks)


def table(game, rows, fields, variants=()):
    """A table file from rows of figures in the order of `fields`; None leaves the field out."""
    return {"game": game, "variants": list(variants), "players": list(rows), "rounds": [],
            "final": {name: {f: v for f, v in zip(fields, values) if v is not None} for name, values in rows.items()}}


# Rows: £, loans, hand, poverty, card VP, borough VP, Underground, VP counters, boroughs, best card.
# As in the rules: examples 1–4 have no tie, so no boroughs or best card; example 5 gives A's and B's
# boroughs (the tie reaches them), not their best cards (the tie stops at boroughs).
FIRST = [
    ({"Red": (20, 1, 2, 9, 24, 12, 1, 8, None, None), "Blue": (7, 0, 0, 4, 30, 9, 0, 5, None, None)},  # example 1
     {"Red": 38, "Blue": 46}, ["Blue"]),
    ({"Yellow": (22, 3, 1, 6, 20, 14, 2, 10, None, None), "Red": (14, 0, 3, 2, 28, 8, 0, 6, None, None),  # ex. 2
      "Blue": (3, 1, 0, 13, 35, 11, 1, 12, None, None)},
     {"Yellow": 35, "Red": 46, "Blue": 43}, ["Red"]),
    ({"A": (9, 0, 0, 3, 22, 10, 0, 4, None, None), "B": (30, 2, 4, 14, 40, 15, 2, 9, None, None),   # example 3
      "C": (16, 0, 1, 5, 26, 12, 1, 3, None, None), "D": (2, 2, 0, 1, 18, 6, 0, 2, None, None)},
     {"A": 38, "B": 32, "C": 43, "D": 12}, ["C"]),
    ({"Red": (5, 0, 7, 8, 30, 16, 0, 6, None, None), "Blue": (41, 2, 0, 3, 21, 12, 1, 4, None, None)},  # ex. 4
     {"Red": 32, "Blue": 42}, ["Blue"]),
    ({"A": (12, 0, 0, 4, 25, 13, 0, 5, 3, None), "B": (3, 0, 1, 3, 27, 10, 1, 7, 2, None),           # example 5:
      "C": (18, 1, 2, 10, 33, 14, 0, 9, None, None), "D": (0, 1, 0, 6, 20, 8, 1, 3, None, None)},    # boroughs
     {"A": 47, "B": 47, "C": 46, "D": 25}, ["A"]),                                                  # decide
]


@pytest.mark.parametrize("rows, totals, winners", FIRST)
def test_first_edition_worked_examples(rows, totals, winners):
    result = score(table("london-1e", rows, FIELDS_1E))
    assert {s.player: s.total for s in result.standings} == totals
    assert result.winners == winners
    for s in result.standings:
        assert sum(s.parts.values()) == s.total


# Rows: score track, £, loans, hand, poverty, card VP, borough cards, best card.
SECOND = [
    ({"P1": (33, 17, 1, 1, 7, 18, None, None), "P2": (26, 11, 0, 0, 4, 19, None, None)},      # example 6
     {"P1": 48, "P2": 48}, ["P2"], "P1 and P2 tie on 48 points; least poverty decides (poverty left: P2 0, P1 4)"),
    ({"A": (25, 10, 0, 0, 3, 20, 4, 5), "B": (28, 4, 0, 1, 2, 19, 3, 6),                       # example 7
      "C": (35, 20, 2, 2, 9, 22, 5, 6)},
     {"A": 48, "B": 48, "C": 40}, ["A"],
     ("A and B tie on 48 points, 0 poverty left each; most borough cards decides (borough cards: A 4, B 3): "
      "A ahead of B.")),
    ({"W": (20, 14, 1, 0, 6, 25, 3, 7), "X": (23, 6, 0, 2, 4, 17, 3, 5),                       # example 8
      "Y": (18, 33, 2, 0, 10, 21, 2, 6), "Z": (20, 0, 0, 0, 2, 14, 5, 4)},
     {"W": 39, "X": 39, "Y": 29, "Z": 34}, ["W"],
     ("W and X tie on 39 points, 4 poverty left each, 3 borough cards each; best single card decides "
      "(best card: W 7, X 5): W ahead of X.")),
    ({"A": (40, 2, 3, 0, 5, 12, None, None), "B": (22, 29, 1, 1, 3, 16, None, None),           # example 9
      "C": (25, 8, 0, 3, 0, 15, None, None)},
     {"A": 30, "B": 41, "C": 42}, ["C"], None),
]


@pytest.mark.parametrize("rows, totals, winners, tiebreak", SECOND)
def test_second_edition_worked_examples(rows, totals, winners, tiebreak):
    result = score(table("london-2e", rows, FIELDS_2E))
    assert {s.player: s.total for s in result.standings} == totals
    assert result.winners == winners
    assert [s.rank for s in result.standings] == sorted(s.rank for s in result.standings)
    if tiebreak:
        assert lines(result)[0].startswith(tiebreak)
    else:
        assert result.tiebreaks == ()


def test_example_3_steps():  # rules §8.1 example 3: B repays both loans, poverty 18 → 17 left, −36
    result = score(table("london-1e", FIRST[2][0], FIELDS_1E))
    b = result.detail.reckonings["B"]
    assert (b.repaid, b.money_left, b.poverty, b.poverty_left, b.penalty) == (2, 0, 18, 17, 36)
    assert result.detail.least == 1 and result.detail.least_players == ("D",)
    d = result.detail.reckonings["D"]
    assert (d.unpaid, d.loan_penalty, d.total) == (2, 14, 12)


def test_example_5_parts_in_rulebook_order():
    result = score(table("london-1e", FIRST[4][0], FIELDS_1E))
    a = next(s for s in result.standings if s.player == "A")
    assert list(a.parts) == ["VP counters", "boroughs", "underground", "city cards", "money", "unpaid loans",
                             "poverty"]
    assert lines(result) == (("A and B tie on 47 points, 0 poverty left each; most boroughs decides "
                                 "(boroughs: A 3, B 2): A ahead of B."),)


def test_still_level_after_every_tie_break_shares_the_rank():
    rows = {"Ana": (10, 0, 0, 0, 0, 0, 2, 0), "Ben": (10, 0, 0, 0, 0, 0, 2, 0), "Cy": (0, 0, 0, 0, 0, 0, 0, 0)}
    result = score(table("london-2e", rows, FIELDS_2E))
    assert [(s.player, s.rank) for s in result.standings] == [("Ana", 1), ("Ben", 1), ("Cy", 3)]
    assert result.winners == ["Ana", "Ben"]
    assert lines(result) == (("Ana and Ben tie on 10 points, 0 poverty left each, 2 borough cards each, best card 0 "
                                 "each; still level after every tie-break, so they share the place."),)


def test_three_way_tie_split_at_two_levels():
    rows = {"A": (10, 0, 0, 0, 1, 0, 1, 0), "B": (10, 0, 0, 0, 0, 5, 2, 3), "C": (10, 0, 0, 0, 0, 5, 2, 4)}
    # A has 1 poverty left (−1): 9; so make A's track 11 to tie at 10.
    rows["A"] = (11, 0, 0, 0, 1, 0, 1, 0)
    rows["B"] = (5, 0, 0, 0, 0, 5, 2, 3)
    rows["C"] = (5, 0, 0, 0, 0, 5, 2, 4)
    result = score(table("london-2e", rows, FIELDS_2E))
    assert [s.player for s in result.standings] == ["C", "B", "A"]
    assert lines(result) == (
        "A, B and C tie on 10 points; least poverty decides (poverty left: B 0, C 0, A 1): B and C ahead of A.",
        ("B and C are still level (0 poverty left each), 2 borough cards each; best single card decides "
         "(best card: C 4, B 3): C ahead of B."))


def test_a_tie_on_one_point_in_the_first_edition_names_boroughs_occupied():
    rows = {"Ana": (0, 0, 0, 0, 0, 0, 0, 1, 1, 0), "Ben": (0, 0, 0, 0, 0, 0, 0, 1, 1, 0)}
    result = score(table("london-1e", rows, FIELDS_1E))
    assert lines(result) == (("Ana and Ben tie on 1 point, 0 poverty left each, 1 borough each, best card 0 each; "
                                 "still level after every tie-break, so they share the place."),)


@pytest.mark.parametrize("left, lost", [
    (0, 0), (1, 1), (2, 1), (3, 2), (4, 3), (5, 5), (6, 7), (7, 9), (8, 11), (9, 13), (10, 15),  # rules §4.1/4.2
    (11, 18), (12, 21), (13, 24), (17, 36), (20, 45),                                           # rules §4.3
])
def test_poverty_penalty_at_every_boundary(left, lost):
    assert poverty_penalty(left) == lost


# Rows: card VP, bonus, debt, poverty (rules §8.3).
FLAT = [
    ({"A": (15, 0, 4, 2), "B": (18, 0, 7, 5)}, {"A": 9, "B": 6}, ["A"]),                        # S1
    ({"A": (17, 0, 10, 8), "B": (14, 0, 5, 6)}, {"A": -1, "B": 3}, ["B"]),                      # S2 default mode
    ({"P1": (20, 3, 6, 4), "P2": (19, 1, 2, 5), "P3": (24, 0, 9, 10)},                          # S3: shared win
     {"P1": 13, "P2": 13, "P3": 5}, ["P1", "P2"]),
    ({"P1": (20, 0, 6, 4), "P2": (19, 0, 2, 5), "P3": (24, 0, 9, 10)},                          # S3, no bonus
     {"P1": 10, "P2": 12, "P3": 5}, ["P2"]),
]


@pytest.mark.parametrize("game", ["london-1e", "london-2e"])
@pytest.mark.parametrize("rows, totals, winners", FLAT)
def test_flat_penalties_variant(game, rows, totals, winners):
    result = score(table(game, rows, ("card_vp", "bonus", "debt", "poverty"), ["flat-penalties"]))
    assert {s.player: s.total for s in result.standings} == totals
    assert result.winners == winners
    assert result.tiebreaks == ()
    for s in result.standings:
        assert sum(s.parts.values()) == s.total


ZEROS_2E = {"vp": 0, "card_vp": 0, "money": 0, "loans": 0, "hand": 0, "poverty": 0}


def test_rounds_may_be_absent_and_the_tie_break_figures_left_out():
    result = score({"game": "london-2e", "players": ["Ana", "Ben"],
                    "final": {"Ana": {**ZEROS_2E, "vp": 5}, "Ben": ZEROS_2E}})
    assert [(s.player, s.total) for s in result.standings] == [("Ana", 5), ("Ben", 0)]


@pytest.mark.parametrize("game, field", [("london-2e", f) for f in ZEROS_2E] + [("london-1e", "borough_vp"),
                                                                                 ("london-1e", "underground")])
def test_every_field_but_the_tie_break_ones_is_required(game, field):
    t = good(game)
    del t["final"]["Ben"][field]
    with pytest.raises(InvalidInput, match=rf"^player Ben, {field}: missing: every end-game figure is needed except "
                                           r"boroughs and best_card \(only a tie needs them\)$"):
        score(t)


def test_a_flat_penalties_figure_left_out_is_named_without_the_official_tie_break_fields():
    # flat-penalties has no boroughs or best_card: "every figure is needed except boroughs and best_card" misled
    t = {"game": "london-1e", "variants": ["flat-penalties"], "players": ["Ana", "Ben"],
         "final": {"Ana": {"card_vp": 15, "bonus": 0, "poverty": 2}, "Ben": {"card_vp": 1, "bonus": 0, "debt": 0,
                                                                             "poverty": 0}}}
    with pytest.raises(InvalidInput, match=r"^player Ana, debt: missing: flat-penalties needs all four figures "
                                           r"\(card_vp, bonus, debt, poverty\)$"):
        score(t)


def test_the_least_poor_are_listed_with_commas():
    # 'Ana and Ben and Cy and Di with 0' (4 players with the same poverty)
    rows = {p: ZEROS_2E for p in ("Ana", "Ben", "Cy", "Di")}
    t = {"game": "london-2e", "players": list(rows),
         "final": {p: {**z, "boroughs": 1, "best_card": 0} for p, z in rows.items()}}
    least = "Least poverty after hands: Ana, Ben, Cy and Di with 0; everyone drops 0."
    assert least in by_slug("london-1e").breakdown(score(t))


# A tie that reaches a tie-break figure left out is an error naming the tied players and the field.
# Rows: score track, £, loans, hand, poverty, card VP, borough cards, best card (None: left out).
TIE_NEEDS = [
    # example 7 (rules §8.2) without B's borough cards: A and B tie on 48 with 0 poverty left
    ({"A": (25, 10, 0, 0, 3, 20, 4, None), "B": (28, 4, 0, 1, 2, 19, None, None),
      "C": (35, 20, 2, 2, 9, 22, None, None)},
     r"^boroughs: A and B tie on 48 points with 0 poverty left each, so tie-break 2 needs boroughs of each of them "
     r"\(missing for B\)$"),
    # example 8 without best cards: W and X are still level on 3 borough cards
    ({"W": (20, 14, 1, 0, 6, 25, 3, None), "X": (23, 6, 0, 2, 4, 17, 3, None), "Y": (18, 33, 2, 0, 10, 21, None, None),
      "Z": (20, 0, 0, 0, 2, 14, None, None)},
     r"^best_card: W and X tie on 39 points with 4 poverty left and 3 borough cards each, so tie-break 3 needs "
     r"best_card of each of them "
     r"\(missing for W and X\)$"),
    # a tie for third place counts as much as one for first
    ({"A": (9, 0, 0, 0, 0, 0, None, None), "B": (5, 0, 0, 0, 0, 0, None, None), "C": (5, 0, 0, 0, 0, 0, 1, None)},
     r"^boroughs: B and C tie on 5 points with 0 poverty left each, so tie-break 2 needs boroughs of each of them "
     r"\(missing for B\)$"),
]


@pytest.mark.parametrize("rows, message", TIE_NEEDS)
def test_a_tie_that_reaches_a_figure_left_out_is_an_error(rows, message):
    with pytest.raises(InvalidInput, match=message):
        score(table("london-2e", rows, FIELDS_2E))


def test_a_tie_stops_asking_at_the_tie_break_that_decides_it():
    # example 7 with only A's and B's borough cards: the best cards are never reached
    rows = {"A": (25, 10, 0, 0, 3, 20, 4, None), "B": (28, 4, 0, 1, 2, 19, 3, None),
            "C": (35, 20, 2, 2, 9, 22, None, None)}
    assert score(table("london-2e", rows, FIELDS_2E)).winners == ["A"]
    from calculators.london import reckonings_of, tie_needs
    final = table("london-2e", rows, FIELDS_2E)["final"]
    assert tie_needs(reckonings_of(final, list(rows), SECOND_EDITION)[1], list(rows)) == [("boroughs", ("A", "B"))]


@pytest.mark.parametrize("edition, kw, change", [
    (FIRST_EDITION, {"stacks": 4, "hand": 3, "boroughs": 2}, 5),     # S1 §2.2: stacks + hand − boroughs
    (FIRST_EDITION, {"stacks": 2, "hand": 0, "boroughs": 5}, -3),    # negative: 3 poverty discarded
    (FIRST_EDITION, {"stacks": 2, "hand": 1, "loans": 3, "boroughs": 0}, 3),  # loans add nothing in the 1st
    (SECOND_EDITION, {"stacks": 4, "hand": 3, "loans": 2}, 9),       # S3 §3.2: stacks + loans + hand
    (SECOND_EDITION, {"stacks": 4, "hand": 3, "loans": 0, "boroughs": 6}, 7),  # boroughs don't count in the 2nd
])
def test_run_city_helper(edition, kw, change):
    assert run_city_poverty(edition, **kw) == change


def test_poverty_never_below_zero():
    assert poverty_after(2, -3) == 0 and poverty_after(5, -3) == 2 and poverty_after(1, 4) == 5


def good(game="london-2e"):
    fields = FIELDS_2E if game == "london-2e" else FIELDS_1E
    row = (10, 5, 0, 0, 2, 20, 2, 4) if game == "london-2e" else (5, 0, 0, 2, 20, 6, 1, 10, 2, 4)
    return table(game, {"Ana": row, "Ben": row}, fields)


def bad(game="london-2e", **changes):
    t = good(game)
    for key, value in changes.items():
        if key.startswith("ben_"):
            t["final"]["Ben"][key[4:]] = value
        else:
            t[key] = value
    return t


# Each limit of the spec at its edge (scores) and one past it (refused). good(): Ana and Ben alike, a tie, so the
# tie-break figures are given; 1st ed. Ben: 2 boroughs, 6 borough VP, 1 Underground, 20 card VP, best card 4.
LIMITS = [
    ("london-2e", {"hand": 9}, None),                                                   # the hand limit, S1/S3
    ("london-2e", {"hand": 10}, r"player Ben, hand: 10 is out of range \(expected 0–9\)"),
    ("london-2e", {"best_card": 20}, None),                                             # the whole city in one card
    ("london-2e", {"best_card": 21}, r"player Ben, best_card: best card 21 is worth more than all city cards "
                                     r"together \(20\)"),
    ("london-2e", {"money": 999}, None),
    ("london-2e", {"money": 1000}, r"player Ben, money: 1000 is out of range \(expected 0–999\)"),
    ("london-2e", {"boroughs": 20, "Ana": 0}, None),                                    # 20 borough cards, Ana none
    ("london-2e", {"boroughs": 21, "Ana": 0}, r"player Ben, boroughs: 21 boroughs; the game has 20"),
    ("london-2e", {"boroughs": 18}, None),                                              # 18 + Ana's 2
    ("london-2e", {"boroughs": 19}, r"player Ben, boroughs: 21 borough cards across the table; the game has 20"),
    ("london-1e", {"boroughs": 0, "borough_vp": 0, "underground": 0}, None),
    ("london-1e", {"boroughs": 0, "borough_vp": 1, "underground": 0}, r"player Ben, borough_vp: borough VP 1 but no "
                                                                       r"borough occupied"),
    ("london-1e", {"boroughs": 0, "borough_vp": 0, "underground": 1}, r"player Ben, underground: 1 Underground "
                                                                       r"counter but 0 boroughs occupied"),
    ("london-1e", {"boroughs": 2, "underground": 2}, None),
    ("london-1e", {"boroughs": 2, "underground": 3}, r"player Ben, underground: 3 Underground counters but 2 "
                                                      r"boroughs occupied"),
    ("london-1e", {"boroughs": 18, "borough_vp": 40, "underground": 9}, None),         # 18 + Ana's 2 = 20 boroughs,
    ("london-1e", {"boroughs": 19, "borough_vp": 40, "underground": 9},
     r"player Ben, boroughs: 21 boroughs across the table; the game has 20"),            # 9 + 1 = 10 counters
    ("london-1e", {"boroughs": 18, "borough_vp": 40, "underground": 10},
     r"player Ben, underground: 11 Underground counters across"),
    ("london-1e", {"boroughs": 18, "borough_vp": 40, "underground": 11},
     r"player Ben, underground: 11 Underground counters; the box has 10"),
    # issue 22: each counter lies in an occupied borough, worth 2 VP or more (Ben: 6 borough VP)
    ("london-1e", {"boroughs": 3, "underground": 3}, None),
    ("london-1e", {"boroughs": 4, "underground": 4}, r"player Ben, underground: 4 Underground counters but borough "
                                                      r"VP 6: each lies in an occupied borough worth 2 VP or more "
                                                      r"\(8 at least\)"),

]


UNDERGROUND_7 = ("player Ben, underground: 7 Underground counters but borough VP 0: each lies in an occupied "
                 "borough worth 2 VP or more (14 at least)")


def test_underground_counters_beyond_the_borough_vp_are_refused():
    # issue 22: `underground 7, borough_vp 0` scored +14; boroughs, a tie-break figure, was left out (no tie)
    t = good("london-1e")
    for inputs in t["final"].values():
        del inputs["boroughs"], inputs["best_card"]
    t["final"]["Ana"]["vp"] = 30
    t["final"]["Ben"].update(underground=7, borough_vp=0)
    with pytest.raises(InvalidInput) as refused:
        score(t)
    assert str(refused.value) == UNDERGROUND_7
    t["final"]["Ben"].update(underground=3, borough_vp=6)  # three boroughs of 2 VP each
    assert next(s for s in score(t).standings if s.player == "Ben").parts["underground"] == 6


def test_the_underground_prompt_checks_the_borough_vp(store):
    doc = new_doc(by_slug("london-1e"), ["Ana", "Ben"], [], None, seed=1)
    changes.record(doc, ("setup", "track", 0, "event"), "end")
    changes.record(doc, ("final", "Ben", "borough_vp"), 0)
    asks = {ask.at: ask for ask in session_of(doc).asks()}
    with pytest.raises(InvalidInput) as refused:
        asks[("final", "Ben", "underground")].parse("7")
    assert str(refused.value) == UNDERGROUND_7
    assert asks[("final", "Ben", "underground")].parse("0") == 0


@pytest.mark.parametrize("game, changes, message", LIMITS)
def test_each_limit_at_its_edge_and_one_past(game, changes, message):
    t = good(game)
    for field, value in changes.items():
        if field == "Ana":  # Ana's boroughs
            t["final"]["Ana"]["boroughs"] = value
        else:
            t["final"]["Ben"][field] = value
    if message is None:
        score(t)
    else:
        with pytest.raises(InvalidInput, match=message):
            score(t)


@pytest.mark.parametrize("game", ["london-1e", "london-2e"])
@pytest.mark.parametrize("field, value, message", [
    ("debt", 10, None), ("poverty", 10, None),
    ("debt", 11, r"^player B, debt: debt 11 is over 10: in the Persian summary debt and poverty are at most 10 at "
                 r"the end of every round, the excess paid off by returning city cards$"),
    ("poverty", 11, r"^player B, poverty: poverty 11 is over 10: in the Persian summary"),
])
def test_flat_penalties_refuses_debt_or_poverty_above_10(game, field, value, message):
    t = table(game, {"A": (15, 0, 4, 2), "B": (18, 0, 7, 5)}, ("card_vp", "bonus", "debt", "poverty"),
              ["flat-penalties"])
    t["final"]["B"][field] = value
    if message is None:
        assert score(t).standings
    else:
        with pytest.raises(InvalidInput, match=message):
            score(t)


@pytest.mark.parametrize("t, message", [
    (bad(ben_money=-1), r"player Ben, money: -1 is out of range \(expected 0–999\)"),
    (bad(ben_money=10**30), r"player Ben, money: 1000000000000000000000000000000 is out of range \(expected 0–999\)"),
    (bad(ben_vp=1000), r"player Ben, vp: 1000 is out of range \(expected 0–999\)"),
    (bad(ben_hand="2"), r"player Ben, hand: '2' is not a whole number"),
    (bad(ben_loans=1.0), r"player Ben, loans: 1.0 is not a whole number"),
    (bad(ben_borough_vp=3), r"player Ben, final: unknown field 'borough_vp'"),
    (bad(ben_best_card=30), r"player Ben, best_card: best card 30 is worth more than all city cards"),
    (bad("london-1e", ben_underground=3), r"player Ben, underground: 3 Underground counters but 2 boroughs occupied"),
    (bad("london-1e", ben_boroughs=1, ben_underground=2),                        # singular and plural
     r"player Ben, underground: 2 Underground counters but 1 borough occupied:"),
    (bad("london-1e", ben_boroughs=0, ben_underground=1, ben_borough_vp=0),
     r"player Ben, underground: 1 Underground counter but 0 boroughs occupied:"),
    (bad("london-1e", ben_boroughs=0, ben_underground=0), r"player Ben, borough_vp: borough VP 6 but no borough"),
    (bad("london-1e", ben_boroughs=19, ben_underground=0),
     r"player Ben, boroughs: 21 boroughs across the table; the game has 20"),
    (bad("london-1e", ben_boroughs=12, ben_borough_vp=30, ben_underground=10),
     r"player Ben, underground: 11 Underground counters across"),
    (bad(ben_boroughs=21), r"player Ben, boroughs: 21 boroughs; the game has 20"),
    (bad(rounds=[{}]), r"rounds: London has no rounds: leave `rounds` out or \[\]"),
    (bad(players=["Ana"]), r"players: 1 player; this game takes 2–4"),
    (bad(variants=["purple"]), r"variants: unknown variant 'purple'"),
    (bad(final={"Ana": good()["final"]["Ana"]}), r"player Ben, final: missing from final"),
    (bad(extra=1), r"extra: unknown top-level key"),
])
def test_validation(t, message):
    with pytest.raises(InvalidInput, match=message):
        score(t)


def test_flat_penalties_refuses_the_official_fields():
    t = good()
    t["variants"] = ["flat-penalties"]
    with pytest.raises(InvalidInput,
                       match=r"player Ana, final: unknown field 'vp' \(expected: card_vp, bonus, debt, poverty\)"):
        score(t)


# --- the guided game ----------------------------------------------------------------------------------


LOAN, REPAY, RUN, RELIEF, GAIN, POINTS, SUMMARY, GUIDE, END, UNDO = (wording.event_labels()[k] for k in (
    "loan", "repay", "run", "relief", "gain", "points", "summary", "guide", "end", "undo"))

# Example 2 (rules §8.1) played through: tracking gives Yellow 3 loans, 6 poverty, 10 VP counters and
# 2 boroughs; Red 2 poverty (5 − 3 removed) and 6 VP; Blue 1 loan, 13 poverty, 12 VP, 2 boroughs.
TRACKING_2 = [
    LOAN, "Yellow", "3",
    RUN, "Yellow", "x", "3", "0", "2",            # "x" refused: stacks are a whole number
    LOAN, "Blue", "1",
    RUN, "Blue", "10", "0", "2",                  # 10 stacks − 2 boroughs: 5 → 13
    RELIEF, "Red", "3",
    POINTS, "Red", "5", UNDO, "6",                # undo from the menu: the 5 is taken back, 6 typed
    POINTS, "Yellow", "10", POINTS, "Blue", "12",
    SUMMARY, GUIDE, END,
]
# Reckoning (1st ed order): VP counters, borough VP, Underground, card VP, £, loans, hand, poverty; no tie,
# so no boroughs and no best card. None = Enter on the figure pre-filled from the tracking.
RECKONING_2 = [
    None, "14", "2", "20", "22", None, "1", None,                                 # Yellow
    "summary", None, "8", "", "28", "14", "", "10", "3", None,                    # Red: a summary, a refusal
    None, "11", "1", "35", "3", None, "", None,                                   # Blue
]


def start(store, slug="london-1e", players=("Yellow", "Red", "Blue"), variants=(), seed=7):
    return store.insert(new_doc(by_slug(slug), players, variants, None, seed=seed))


def test_three_players_first_edition_with_tracking_and_the_reckoning(store):
    session_id = start(store)
    session, prompter, text = run(store, session_id, TRACKING_2 + RECKONING_2)
    assert session.finished
    assert {s.player: s.total for s in session.score().standings} == {"Yellow": 35, "Red": 46, "Blue": 43}
    assert session.table()["final"]["Yellow"] == {"vp": 10, "borough_vp": 14, "underground": 2, "card_vp": 20,
                                                  "money": 22, "loans": 3, "hand": 1, "poverty": 6}
    assert len([e for e in session.doc["entries"] if e["at"][0] == "final"]) == 3 * 8  # not 3 × 10
    assert session.table()["rounds"] == [] and "setup" not in session.table()
    # the setup guide for 3 players, the seeded first player, the turn guide, no repayment in the 1st edition
    assert "with 3 players use the first 4 columns" in text and "Poverty: 5 points each" in text
    assert f"scorepad drew {flow.first_player(session)}" in text
    assert "when the last card is taken from the deck" in text
    assert "(the game's first purchase: City, Westminster\n       or Southwark & Bermondsey; later ones next to " \
           "anyone's borough)" in text  # S1: the first purchase of the game, not each player's first
    assert REPAY not in flow.tracking_steps(session)[0].choices
    # the run-city helper and the tracking lines
    assert "Blue runs the city: 10 stacks + 0 in hand − 2 boroughs = +8 poverty: 5 → 13." in text
    assert "Red removes 3 poverty: 5 → 2." in text
    assert "Took back How many points does Red score? 5 — asked again." in text
    assert "Red scores 6 points: 0 → 6." in text
    assert "  Yellow      3        6           10         2" in text  # the summary (menu)
    assert "  Red         0        2            6" in text           # the summary (typed word)
    assert prompter.refused == [("x", "'x' is not a whole number"),
                                ("10", "10 is out of range (expected 0–9)")]
    # the reckoning step by step, the least poor, the standings
    assert "  1. Money £                           22   14     3" in text
    assert "     Loans repaid (£15 each)            1    0     0" in text
    assert "  4. − 7 per unpaid loan              −14    0    −7" in text
    assert "Least poverty after hands: Red with 5; everyone drops 5." in text
    assert "  6. Poverty penalty                   −1    0   −11" in text
    assert "     = poverty left (tie-break 1)       2    0     8" in text
    assert "Red wins with 46." in text


def test_enter_on_a_tracked_figure_says_the_figure_it_kept(store):
    # issue 29, point 16: the prompt's line reads blank after Enter; a kept 10 read as nothing
    session_id = start(store)
    _session, _prompter, text = run(store, session_id, TRACKING_2 + RECKONING_2)
    lines = text.split("\n")
    assert "  10 (kept)" in lines and "  3 (kept)" in lines  # Yellow's VP, Yellow's loans
    assert sum(line.endswith(" (kept)") for line in lines) == RECKONING_2.count(None)  # only what Enter kept


def test_prefilled_figures_come_from_the_tracking(store):
    session_id = start(store)
    with pytest.raises(Aborted):
        run(store, session_id, TRACKING_2 + [Aborted])
    session = session_of(store.get(session_id), session_id)
    asks = {a.at: a for a in session.asks()}
    assert prompt(asks[("final", "Yellow", "loans")]) == "Yellow · loans still held [3 tracked; Enter keeps it]:"
    assert asks[("final", "Yellow", "loans")].content() == {"label": "Yellow · loans still held", "hint": "3 tracked",
                                                            "default": "3", "empty": None, "kind": "number"}
    assert asks[("final", "Yellow", "loans")].parse("") == 3      # Enter keeps the tracked figure
    assert asks[("final", "Yellow", "loans")].parse("2") == 2     # typing corrects it (nothing to clear)
    assert asks[("final", "Blue", "poverty")].parse("") == 13
    assert asks[("final", "Red", "vp")].parse("") == 6
    assert ("final", "Red", "boroughs") not in asks   # asked only once the figures show a tie that reaches it
    assert prompt(asks[("final", "Red", "card_vp")]) == ("Red · end-game VP of all city cards (covered and flipped "
                                                         "too):")
    assert asks[("final", "Red", "loans")].parse("") == 0         # nothing tracked: Enter alone is 0
    assert prompt(asks[("final", "Red", "poverty")]) == ("Red · poverty held (before the hand) [2 tracked; Enter "
                                                         "keeps it]:")


def test_a_prefilled_figure_s_hint_follows_the_question_without_its_own_mark_in_any_language(store):
    from fake_language import speaking

    session_id = start(store)
    with pytest.raises(Aborted):
        run(store, session_id, TRACKING_2 + [Aborted])
    with speaking({wording.ASK_FIELD: "{player} · {question}", wording.TRACKED: "記錄為{value}",
                   wording.EVENT_LABEL: "事件{n} · {question}", wording.ASK_BOROUGHS: "{player}佔有幾個行政區（卡）？",
                   "{label} [{inside}]": "{label}［{inside}］", "{question}:": "{question}：",
                   "Enter keeps it": "按 Enter 保留"},
                  code="zh-Hant"):  # how edit and undo name an answer: the question, without its mark
        session = session_of(store.get(session_id), session_id)
        asks = {a.at: a for a in session.asks()}
        loans = asks[("final", "Yellow", "loans")]
        assert (loans.label, loans.hint) == ("Yellow · loans still held", "記錄為3")
        assert prompt(loans) == "Yellow · loans still held［記錄為3; 按 Enter 保留］："
        assert [named(a) for a in asks.values() if "佔有" in a.label] == ["事件2 · Yellow佔有幾個行政區（卡）",
                                                                         "事件4 · Blue佔有幾個行政區（卡）"]


def test_a_first_edition_player_with_no_tracked_poverty_is_told_the_5_is_the_start(store):
    session_id = start(store, players=("Ana", "Ben"))
    with pytest.raises(Aborted):
        run(store, session_id, [POINTS, "Ben", "3", END, Aborted])
    asks = {a.at: a for a in session_of(store.get(session_id), session_id).asks()}
    assert prompt(asks[("final", "Ben", "poverty")]) == ("Ben · poverty held (before the hand) [5 at the start, "
                                                         "nothing tracked; Enter keeps it]:")
    assert asks[("final", "Ben", "poverty")].parse("") == 5
    assert all(a.default == "" for a in asks.values() if a.kind != "number")  # the figures' kept ones alone


def test_second_edition_repay_run_and_tie_break(store):
    # Example 6 (rules §8.2): P1 and P2 tie on 48, least poverty decides.
    session_id = start(store, "london-2e", ("P1", "P2"))
    answers = [LOAN, "P1", "2", REPAY, "P1", "3", "1",    # 3 refused: P1 holds 2 loans
               RUN, "P1", "4", "1", None,                  # loans pre-filled (1): 4 + 1 + 1 = 6
               END,
               "33", "18", "17", None, "1", "7",
               "26", "19", "11", "", "", "4"]
    _session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("3", "P1 holds 2 loans")]
    assert "P2 · end-game prestige of all city cards (covered and flipped too):" in prompter.asked  # 2nd ed. words
    # the tie on 48 is decided by poverty left: neither borough cards nor the best card are asked
    assert not [m for m in prompter.asked if "borough cards held" in m or "best city card" in m]
    assert "P1 repays 1 loan for £15 — 1 loan held." in text
    assert "P1 runs the city: 4 stacks + 1 loan + 1 in hand = +6 poverty: 0 → 6." in text
    assert "Tie-break: P1 and P2 tie on 48 points; least poverty decides (poverty left: P2 0, P1 4): " \
           "P2 ahead of P1." in text
    assert "P2 wins with 48." in text
    assert "with 2 players use the first 3 spaces of each row" in text
    assert "City, Westminster and Southwark & Bermondsey face up" in text


def test_flat_penalties_has_its_own_guide_and_four_questions(store):
    session_id = start(store, "london-1e", ("A", "B"), ["flat-penalties"])
    _session, prompter, text = run(store, session_id, ["15", "", "summary", "11", "4", "2", "18", "0", "7", "5"])
    assert "3 rounds; a round ends when the central deck is empty." in text  # FLAT_ROUNDS
    assert "debt above 10 → return city cards until it is 10" in text
    assert list(dict.fromkeys(prompter.asked))[:4] == ["A · points printed on the city cards:", "A · set bonus:",
                                                       "A · debt:", "A · poverty:"]
    assert "A wins with 9." in text
    # its own intro and title: not the first edition's, and nothing was tracked to keep with Enter
    assert "Final reckoning (flat penalties, from the Persian summary). For each player, the figures after round 3." \
        in text
    assert "The reckoning (flat penalties, from the Persian summary):" in text
    assert "Treefrog" not in text and "tracked" not in text
    # `summary` is no word here (it showed the official setup's 5 poverty): it is refused as a number
    assert prompter.refused == [("summary", "'summary' is not a whole number"),
                                ("11", "debt 11 is over 10: in the Persian summary debt and poverty are at most 10 at "
                                       "the end of every round, the excess paid off by returning city cards")]
    assert "summary" not in tracking.commands(session_of(store.get(session_id), session_id))


def test_the_player_menu_names_the_event_and_offers_undo(store):
    session_id = start(store, "london-2e", ("Ana", "Ben"))
    answers = [REPAY, UNDO,                             # nobody holds a loan: the menu offers only undo
               LOAN, "Ben", "",                         # Enter alone is no count
               "1000", "1",                             # nor is a figure no game reaches
               POINTS, UNDO, RUN, "Ana", "2", "0", "",   # undo from the player menu: back to the event menu
               REPAY, "Ben", "1", END, Aborted]
    with pytest.raises(Aborted):
        run(store, session_id, answers)
    session = session_of(store.get(session_id), session_id)
    prompter = ScriptedPrompter([])
    with pytest.raises(AssertionError):
        play(store, session_id, prompter, [].append)
    assert prompter.asked == ["Ana · prestige on the score track:"]
    state = tracking.track(session)
    assert (state["Ben"].loans, state["Ana"].poverty, state["Ana"].points) == (0, 2, 0)
    assert [session.get("setup", "track", k, "event") for k in range(4)] == ["loan", "run", "repay", "end"]
    steps = flow.event_steps(session, 0, "repay", SECOND_EDITION, tracking.track(session, upto=0))
    assert (prompt(steps[0]), steps[0].choices) == ("Who repays loans? (nobody holds a tracked loan: choose undo)",
                                                    ("undo",))
    steps = flow.event_steps(session, 2, "repay", SECOND_EDITION, tracking.track(session, upto=2))  # Ben's loan
    assert (prompt(steps[0]), steps[0].choices) == ("Who repays loans?", ("Ben", "undo"))
    steps = flow.event_steps(session, 1, "run", SECOND_EDITION, tracking.track(session, upto=1))
    assert (prompt(steps[0]), steps[0].choices) == ("Who runs their city?", ("Ana", "Ben", "undo"))


def test_poverty_gained_outside_a_run_is_tracked_and_kept_by_enter(store):
    # 2nd ed.: Police Force / Lloyd's of London give a chosen player poverty (rules §1.2); no run involved.
    session_id = start(store, "london-2e", ("Ana", "Ben"))
    answers = [GAIN, "Ben", "2", RELIEF, "Ben", "1", GAIN, "Ben", "3", END, Aborted]
    with pytest.raises(Aborted):
        run(store, session_id, answers)
    session = session_of(store.get(session_id), session_id)
    assert tracking.event_lines(session) == ["Ben gains 2 poverty: 0 → 2.", "Ben removes 1 poverty: 2 → 1.",
                                           "Ben gains 3 poverty: 1 → 4."]
    asks = {a.at: a for a in session.asks()}
    assert prompt(asks[("final", "Ben", "poverty")]) == ("Ben · poverty held (before the hand) [4 tracked; Enter "
                                                         "keeps it]:")


def test_a_kept_figure_is_checked_like_a_typed_one(store):
    # Ana and Ben told the run helper 15 and 10 boroughs: Enter on Ben's 10 used to be kept unchecked, and then
    # every later answer was refused with "25 across the table", a message about no question on the screen.
    session_id = start(store, players=("Ana", "Ben"))
    answers = [RUN, "Ana", "1", "0", "15", RUN, "Ben", "1", "0", "10", END,
               *[None] * 16,                             # Enter everywhere: a tie on 0 points, 0 poverty left
               None,                                     # Ana's 15 boroughs kept
               None, "5"]                                # Ben: Enter on 10 boroughs is refused; 5 typed
    session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("", "25 boroughs across the table; the game has 20")]
    assert session.get("final", "Ben", "boroughs") == 5
    assert "Ana and Ben tie on 0 points with 0 poverty left each: most boroughs decides (tie-break 2)." in text
    assert "most boroughs decides (boroughs: Ana 15, Ben 5): Ana ahead of Ben." in text and session.finished


def test_a_refusal_about_an_earlier_answer_says_which(store):
    session = session_of(store.get(start(store, players=("Ana", "Ben"))), 1)
    for at, value in ((("final", "Ana", "boroughs"), 12), (("final", "Ben", "boroughs"), 12)):
        changes.record(session.doc, at, value)
    session = session_of(session.doc, 1)
    ask = next(a for a in session.asks() if a.at == ("final", "Ben", "borough_vp"))
    with pytest.raises(InvalidInput, match=r"^player Ben, borough_vp: player Ben, boroughs: 24 boroughs across the "
                                           r"table; the game has 20$"):
        ask.parse("6")


def test_a_count_refuses_enter_alone_and_huge_figures():
    with pytest.raises(InvalidInput, match=r"^count: type a whole number from 1 to 999, or undo$"):
        notation.parse_count("", 1, field="count")
    with pytest.raises(InvalidInput, match=r"^stacks: 10000000000000000000000 is out of range \(expected 0–999\)$"):
        notation.parse_count("10000000000000000000000", field="stacks")


def test_commands_summary_and_guide(store):
    session = session_of(store.get(start(store, "london-2e", ("Ana", "Ben"))), 1)
    words = tracking.commands(session)
    assert "Ana         0        0            0" in words["summary"][1]("")
    assert "every other player takes one final turn" in words["guide"][1]("")


def test_first_player_is_the_same_after_resume(store):
    a = session_of(new_doc(by_slug("london-1e"), ["A", "B", "C", "D"], [], None, seed=123))
    b = session_of(new_doc(by_slug("london-1e"), ["A", "B", "C", "D"], [], None, seed=123))
    assert flow.first_player(a) == flow.first_player(b)
    firsts = {flow.first_player(session_of(new_doc(by_slug("london-1e"), ["A", "B", "C", "D"], [], None, seed=s)))
              for s in range(40)}
    assert firsts == {"A", "B", "C", "D"}


# --- the command line -----------------------------------------------------------------------------------

EX2 = table("london-1e", {"Yellow": (22, 3, 1, 6, 20, 14, 2, 10, 2, 5), "Red": (14, 0, 3, 2, 28, 8, 0, 6, 3, 6),
                          "Blue": (3, 1, 0, 13, 35, 11, 1, 12, 2, 7)}, FIELDS_1E)


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def test_score_table_json(tmp_path):
    path = tmp_path / "ex2.json"
    path.write_text(json.dumps(EX2))
    result = invoke("score", "--table", path, "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["game"] == "london-1e" and out["winners"] == ["Red"]
    assert [(s["player"], s["rank"], s["total"]) for s in out["standings"]] == [("Red", 1, 46), ("Blue", 2, 43),
                                                                               ("Yellow", 3, 35)]
    assert out["standings"][2]["parts"] == {"VP counters": 10, "boroughs": 14, "underground": 4, "city cards": 20,
                                            "money": 2, "unpaid loans": -14, "poverty": -1}
    assert out["standings"][0]["rounds"] == []


@pytest.mark.parametrize("change, message", [
    ({"rounds": [{}]}, "Error: rounds: London has no rounds: leave `rounds` out or [] and put the inputs in `final`\n"),
    ({"final": {"Yellow": EX2["final"]["Yellow"], "Red": EX2["final"]["Red"]}},
     "Error: player Blue, final: missing from final: the reckoning needs every player\n"),
    ({"final": {**EX2["final"], "Red": {**EX2["final"]["Red"], "hand": None}}},
     "Error: player Red, hand: None is not a whole number (expected 0–9)\n"),
    ({"players": ["A"], "final": {}}, "Error: players: 1 player; this game takes 2–4\n"),
])
def test_score_table_errors(tmp_path, change, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**EX2, **change}))
    result = invoke("score", "--table", path, "--json")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", message)


def test_score_table_of_a_tie_without_its_boroughs(tmp_path):
    path = tmp_path / "ex5.json"
    rows = {name: (*values[:8], None, None) for name, values in FIRST[4][0].items()}
    path.write_text(json.dumps(table("london-1e", rows, FIELDS_1E)))
    result = invoke("score", "--table", path, "--json")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", (
        "Error: boroughs: A and B tie on 47 points with 0 poverty left each, so tie-break 2 needs boroughs of each "
        "of them (missing for A and B)\n"))
    assert invoke("import", path).exit_code == 1 and invoke("list").stdout.count("london") == 0


def test_import_export_round_trip_and_show(tmp_path):
    path = tmp_path / "ex2.json"
    path.write_text(json.dumps(EX2))
    session_id = invoke("import", path).stdout.strip()
    exported = json.loads(invoke("export", session_id).stdout)
    assert table_part(exported) == EX2
    shown = invoke("show", session_id).stdout
    assert "Least poverty after hands: Red with 5; everyone drops 5." in shown
    assert "won by Red (46)" in invoke("list").stdout


def test_import_refuses_a_figure_too_large_to_store(tmp_path):  # was a TypeError traceback from orjson
    huge = json.loads(json.dumps(EX2))
    huge["final"]["Red"]["money"] = 10 ** 30
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(huge))
    result = invoke("import", path)
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", "Error: player Red, money: 1000000000000000000000000000000 is out of range (expected 0–999)\n")


def test_play_refuses_rounds():
    result = invoke("play", "london-2e", "-p", "Ana,Ben", "--rounds", "3")
    assert (result.exit_code, result.stderr) == (1, ("Error: rounds: London (second edition, 2017) has no rounds: "
                                                      "leave out --rounds\n"))


def test_a_session_without_its_reckoning_has_nothing_to_score(store, monkeypatch):
    session_id = start(store)
    with pytest.raises(Aborted):
        run(store, session_id, [LOAN, "Red", "1", Aborted])
    result = invoke("score", session_id)
    assert (result.exit_code, result.stderr) == (1, (f"Error: session {session_id} has not reached its final "
                                                     "scoring yet\n"))


# --- the sheets -----------------------------------------------------------------------------------------

def pdf_text(path):
    """The sheet's words with runs of white space as one space (each cell comes out on its own line)."""
    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(path).pages).split())


def test_filled_sheet_has_every_step_names_totals_and_the_poverty_table(tmp_path):
    path = tmp_path / "ex8.json"
    path.write_text(json.dumps(table("london-2e", SECOND[2][0], FIELDS_2E)))
    assert invoke("sheet", "--table", path, "-o", tmp_path / "s.pdf").exit_code == 0
    text = pdf_text(tmp_path / "s.pdf")
    assert len(pypdf.PdfReader(tmp_path / "s.pdf").pages) == 1
    for label in ("1. Poverty held", "Loans repaid (£15 each)", "6. − least poverty", "7. Poverty penalty",
                  "Tie-break 3: best card", "Final score", "each over 10", "3 more each"):
        assert label in text
    assert "Step W X Y Z" in text
    assert ("Final score 39 39 29 34 Place and tie-breaks W X Y Z Rank 1 2 4 3 Tie-break 2: borough cards "
            "3 3 2 5") in text
    assert "Points lost 0 −1 −2 −3 −5 −7 −9 −11 −13 −15" in text
    assert "best single card decides (best card: W 7, X 5): W ahead of X." in text


@pytest.mark.parametrize("slug, players, label", [("london-1e", 3, "3b. Borough VP"),
                                                  ("london-2e", 4, "2. Score track")])
def test_blank_sheet_has_empty_name_headers(tmp_path, slug, players, label):
    out = tmp_path / "blank.pdf"
    assert invoke("sheet", slug, "--blank", "-p", players, "-o", out).exit_code == 0
    text = pdf_text(out)
    assert label in text and "Final score" in text and "Poverty left" in text
    assert "Player 1" not in text  # the name headers are left empty to write in
    # nothing filled in; the place and tie-break figures come after the final score
    assert "Penalty Final score Place and tie-breaks Rank Tie-break 2: " in text.replace("Poverty penalty", "Penalty")


def test_flat_sheet_has_the_flat_rows_and_no_poverty_table(tmp_path):
    t = table("london-2e", {"A": (15, 0, 4, 2), "B": (18, 0, 7, 5)}, ("card_vp", "bonus", "debt", "poverty"),
              ["flat-penalties"])
    data = by_slug("london-2e").sheet(score(t), players=["A", "B"])
    assert [row["label"] for row in data["grids"]["reckoning"][0]["rows"]] == ["Card points", "+ bonus", "− debt",
                                                                                "− poverty"]
    # the flat variant has no tie-breaks: its section is not titled with them
    assert data["grids"]["ranking"] == [{"vars": {"title": "Place (ties are shared)"},
                                         "rows": [{"label": "Rank", "p1": 1, "p2": 2}]}]
    assert "poverty" not in data["grids"] and data["grids"]["reckoning"][0]["total"] == {"p1": 9, "p2": 6}


# One template for both editions and the variant: the data picks the title, the notes and the rows.
SHEETS = [
    ("london-1e", (), "London (first edition, 2010) — final reckoning",
     ["1. Repay loans, £15 each, while money lasts.", "+2 each with an Underground counter", "4. −7 per unpaid loan.",
      "3b. Borough VP", "+ 2 per Underground", "3a. 1 VP per full £3", "Tie-break 2: boroughs",
      "Poverty left 0 1–2 3 4 5 6 7 8 9 10 each over 10 Points lost 0 −1 −2 −3 −5 −7 −9 −11 −13 −15 3 more each"],
     ["Score track", "borough cards"]),
    ("london-2e", (), "London (second edition, 2017) — final reckoning",
     ["3. Repay loans, £15 each, while money lasts. 4. +1 per full £3 left. 5. −7 per unpaid loan.",
      "2. Score track", "4. 1 per full £3", "5. − 7 per unpaid loan", "Tie-break 2: borough cards",
      "Poverty left 0 1–2 3 4 5 6 7 8 9 10 each over 10"],
     ["Underground", "Borough VP"]),
    ("london-2e", ("flat-penalties",), "London (second edition, 2017) — final reckoning",
     ["at a round's end debt above 10, then poverty above 10, is paid off by returning city cards.",
      "Card points + bonus − debt − poverty", "Place (ties are shared) Rank"],
     ["Poverty left", "Tie-break", "Score track", "£15"]),
]


@pytest.mark.parametrize("slug, variants, title, present, absent", SHEETS)
def test_one_template_prints_each_edition_and_the_variant(tmp_path, slug, variants, title, present, absent):
    out = tmp_path / "pad.pdf"
    assert invoke("sheet", slug, "--blank", *[a for v in variants for a in ("-v", v)], "-o", out).exit_code == 0
    reader = pypdf.PdfReader(out)
    text = pdf_text(out)
    assert len(reader.pages) == 1 and reader.metadata.title == title and text.startswith(title)
    for words in present:
        assert words in text
    for words in absent:
        assert words not in text
    assert by_slug(slug).template == "london"


# The language's place for the £ (CLDR): before the amount in English and Chinese, and in Persian and Arabic too,
# where it is drawn at the amount's left; after it, a no-break space apart, in Russian ("15 £").
@pytest.mark.parametrize("code, pounds", [("en", "£15"), ("zh-Hant", "£15"), ("fa", "£15"), ("ar", "£15"),
                                          ("ru", "15\u00a0£")])
@pytest.mark.parametrize("slug", ["london-1e", "london-2e"])
def test_londons_sheet_writes_the_pound_where_the_language_does(slug, code, pounds):
    """Issue 22: London's sheets put £ where the language writes it; the Russian sheet wrote "по £15"."""
    with i18n.speaking(code):
        data = by_slug(slug).sheet(None, players=("", ""))
        amount = words.money(15, "£")
    text = " | ".join([*data["notes"], *(row["label"] for row in data["grids"]["reckoning"][0]["rows"])])
    assert amount == pounds and pounds in text  # "repay loans, £15 each": the notes and a row of the reckoning
    assert text.count("£") > 3 and not re.search(r"\d\s?£" if pounds.startswith("£") else r"£\s?\d", text)


def test_a_filled_first_edition_sheet_with_three_tie_break_lines_is_one_page(tmp_path):
    # 4 players level on points and poverty, boroughs 2/2/1/1, each pair to the best card: three explanations
    # (two wrapped). At 7.5 mm a row the poverty table went alone onto a second page (any 1e tie did).
    zeros = {"vp": 10, "borough_vp": 0, "underground": 0, "card_vp": 5, "money": 0, "loans": 0, "hand": 0,
             "poverty": 0}
    figures = {"Anastasia": (2, 4), "Bartholomew": (2, 5), "Cornelius": (1, 5), "Desdemona": (1, 5)}
    table = tmp_path / "tie.json"
    table.write_text(json.dumps({"game": "london-1e", "players": list(figures), "final": {
        p: {**zeros, "boroughs": b, "best_card": c} for p, (b, c) in figures.items()}}))
    out = tmp_path / "tie.pdf"
    assert invoke("sheet", "--table", table, "-o", out).exit_code == 0
    reader = pypdf.PdfReader(out)
    text = pdf_text(out)
    assert len(reader.pages) == 1 and "they share the place" in text and "Points lost" in text


def test_the_sheet_and_the_guide_take_rule_values_from_the_calculator(store):
    from calculators import london as calc
    assert wording.poverty_bands() == [("0", 0), ("1–2", 1), ("3", 2), ("4", 3), ("5", 5), ("6", 7), ("7", 9),
                                      ("8", 11), ("9", 13), ("10", 15)]
    assert [p for _, p in wording.poverty_bands()] == sorted(set(calc.POVERTY_PENALTY))
    session = session_of(store.get(start(store, "london-2e", ("Ana", "Ben"))), 1)
    guide = tracking.guide_text(session)
    assert "you may repay loans, £15 each" in guide and "Discard down to 9 cards" in guide
    assert "Loans: £10 each, any time (forced if you must pay and cannot); −7 each if unpaid" in guide
    assert wording.event_labels()["loan"] == "Take a loan (£10 each)"
    assert not [text for text in (wording.GUIDE_1E, wording.GUIDE_2E, wording.GUIDE_FLAT, *wording.EVENT_TEXTS.values(),
                                  *wording.SHEET_NOTES["london-1e"], *wording.SHEET_NOTES["london-2e"],
                                  *wording.SHEET_NOTES_FLAT, *(label for label, _ in wording.ROWS_1E + wording.ROWS_2E))
                if any(value in text for value in ("£10", "£15", "£3", "−7", "− 7", "+2", "+ 2", " 9 ", "above 10"))]


def test_repeated_columns_take_labels_from_a_data_list():
    template = sheets.load_template("london")
    data = by_slug("london-2e").sheet(None, players=["", "", ""])
    import io
    buf = io.BytesIO()
    sheets.render(template, {**data, "player_names": ["Ana", "Ben", ""]}, buf)
    text = " ".join(pypdf.PdfReader(buf).pages[0].extract_text().split())
    assert "Step Ana Ben 1. Poverty held" in text


# --- a real terminal ------------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_second_edition_game_at_the_real_prompts(tmp_path, database):
    from test_terminal import Terminal

    term = Terminal(tmp_path, f"{sys.executable} -m scorepad play london-2e --players Ana Ben")
    try:
        term.wait_for("What happened?")
        term.keys("Enter")                      # take a loan
        term.wait_for("Who takes loans?")
        term.keys("Enter")                      # Ana
        term.wait_for("How many loans does Ana take?")
        term.type("2")
        term.wait_for("Ana takes 2 loans: £20 — 2 loans held.")
        for _ in range(8):                      # down to "Go to the final reckoning"
            term.keys("Down")
        term.keys("Enter")
        term.wait_for("Ana · prestige on the score track:")
        term.type("summary")
        term.wait_for("Score track")
        for answer in ("33", "18", "17"):
            term.type(answer)
        term.wait_for("Ana · loans still held [2 tracked; Enter keeps it]:")  # from the tracking
        term.keys("C-u")
        term.type("1")
        for answer in ("1", "7", "26", "19", "11", "", "", "4"):
            term.type(answer)
        screen = term.wait_for("Write the score sheet as a PDF?")
        assert "least poverty decides (poverty left: Ben 0, Ana 4): Ben ahead of Ana." in screen
        assert "Ben wins with 48." in screen
        term.keys("n")
        term.wait_for("Show a QR code that adds this play to BG Stats on a phone?")
        term.keys("Enter")  # no, the default
        term.wait_for("EXIT=0")
        assert "Traceback" not in term.screen()
    finally:
        term.close()


def test_odd_digits_at_the_repay_prompt_are_refused_not_a_traceback(store):
    # '²' passes str.isdigit() but int() refuses it; 5,000 digits exceed int()'s limit.
    session_id = start(store, "london-2e", ("P1", "P2"))
    answers = [LOAN, "P1", "2", REPAY, "P1", "²", "9" * 5000, "1", Aborted()]
    with pytest.raises(Aborted):
        run(store, session_id, answers)
    session = session_of(store.get(session_id), session_id)
    assert [e["value"] for e in session.doc["entries"]][-1] == 1


# --- the tie-break questions ------------------------------------------------------------------------------

# Rules §8.1 in the guided order (VP counters, borough VP, Underground, card VP, £, loans, hand, poverty).
EXAMPLE_5 = {"A": (5, 13, 0, 25, 12, 0, 0, 4), "B": (7, 10, 1, 27, 3, 0, 1, 3), "C": (9, 14, 0, 33, 18, 1, 2, 10),
             "D": (3, 8, 1, 20, 0, 1, 0, 6)}
EXAMPLE_3 = {"A": (4, 10, 0, 22, 9, 0, 0, 3), "B": (9, 15, 2, 40, 30, 2, 4, 14), "C": (3, 12, 1, 26, 16, 0, 1, 5),
             "D": (2, 6, 0, 18, 2, 2, 0, 1)}


def typed(rows):
    return [str(v) for values in rows.values() for v in values]


def finals(session):
    return [tuple(e["at"][1:]) for e in session.doc["entries"] if e["at"][0] == "final"]


def test_four_players_without_a_tie_answer_32_of_40_questions(store):
    session, prompter, text = run(store, start(store, players=tuple(EXAMPLE_3)), [END, *typed(EXAMPLE_3)])
    assert session.finished and len(finals(session)) == 32
    assert not [m for m in prompter.asked if m.endswith(" · boroughs occupied:") or "best city card" in m]
    assert {s.player: s.total for s in session.score().standings} == {"A": 38, "B": 32, "C": 43, "D": 12}
    assert "Tie-break" not in text  # no tie: no tie-break rows on the screen (the sheet keeps them to write in)


def test_a_tie_asks_boroughs_of_the_tied_players_only(store):
    answers = [END, *typed(EXAMPLE_5), "3", "2"]
    session, prompter, text = run(store, start(store, players=tuple(EXAMPLE_5)), answers)
    assert session.finished and len(finals(session)) == 34
    assert [m for m in prompter.asked if m.endswith(" · boroughs occupied:")] == ["A · boroughs occupied:",
                                                                        "B · boroughs occupied:"]
    assert "A and B tie on 47 points with 0 poverty left each: most boroughs decides (tie-break 2)." in text
    assert "most boroughs decides (boroughs: A 3, B 2): A ahead of B." in text and "A wins with 47." in text
    assert "  Tie-break 2: boroughs             3   2\n" in text and "Tie-break 3" not in text
    assert not [m for m in prompter.asked if "best city card" in m]  # the boroughs decided


def test_a_tie_on_boroughs_too_asks_the_best_card_of_those_still_level(store):
    # rules §8.2 example 8 (2nd ed. order: track, card prestige, £, loans, hand, poverty): W and X tie on 39,
    # 4 poverty left each, 3 borough cards each; W's best card 7 beats X's 5.
    rows = {"W": (20, 25, 14, 1, 0, 6), "X": (23, 17, 6, 0, 2, 4), "Y": (18, 21, 33, 2, 0, 10),
            "Z": (20, 14, 0, 0, 0, 2)}
    answers = [END, *typed(rows), "3", "3", "7", "5"]
    session, prompter, text = run(store, start(store, "london-2e", tuple(rows)), answers)
    assert session.finished
    assert [m for m in prompter.asked if "borough cards held" in m or "best city card" in m] == [
        "W · borough cards held:", "X · borough cards held:", "W · prestige of the single best city card:",
        "X · prestige of the single best city card:"]
    assert "W and X tie on 39 points with 4 poverty left and 3 borough cards each: the best single card decides " \
           "(tie-break 3)." in text
    assert "W wins with 39." in text


def test_the_tie_break_questions_follow_the_answers(store):
    """An answer changed afterwards (as an edit does) adds tie-break questions or leaves them unreached; nothing
    else moves. A figure given that no tie reaches stays an answered question (last), so edit and fix can change it."""
    session, _prompter, _text = run(store, start(store, players=tuple(EXAMPLE_5)), [END, *typed(EXAMPLE_5), "3", "2"])
    doc = session.doc

    def tiebreak_asks(doc):
        return [a.at for a in session_of(doc, 1).asks() if a.at[2] in ("boroughs", "best_card")]

    assert tiebreak_asks(doc) == [("final", "A", "boroughs"), ("final", "B", "boroughs")]
    changes.record(doc, ("final", "A", "vp"), 6)              # A 48: no tie, no borough question
    assert tiebreak_asks(doc) == [("final", "A", "boroughs"), ("final", "B", "boroughs")]  # answered, kept
    assert session_of(doc, 1).next_ask() is None
    assert session_of(doc, 1).score().winners == ["A"]            # B's 2 boroughs stay, a figure no tie reaches
    changes.record(doc, ("final", "C", "vp"), 10)             # C 47 too, but 8 poverty left: tie-break 1 sets
    changes.record(doc, ("final", "A", "vp"), 5)              # C apart; A and B 47 again
    assert tiebreak_asks(doc) == [("final", "A", "boroughs"), ("final", "B", "boroughs")]
    changes.record(doc, ("final", "B", "vp"), 0)              # B 40 with 0 poverty left
    changes.record(doc, ("final", "D", "vp"), 18)             # D 40 with 2 left: poverty decides, no question
    assert tiebreak_asks(doc) == [("final", "A", "boroughs"), ("final", "B", "boroughs")]
    assert session_of(doc, 1).next_ask() is None
    changes.record(doc, ("final", "B", "poverty"), 5)         # B 6 poverty, 2 left (−1): 39
    changes.record(doc, ("final", "B", "vp"), 1)              # B 40 with 2 left, level with D: a new question
    assert tiebreak_asks(doc) == [("final", "B", "boroughs"), ("final", "D", "boroughs"), ("final", "A", "boroughs")]
    assert session_of(doc, 1).next_ask().at == ("final", "D", "boroughs")  # B's is answered already
    with pytest.raises(InvalidInput, match=r"^boroughs: B and D tie on 40 points with 2 poverty left each, so "
                                           r"tie-break 2 needs boroughs of each of them \(missing for D\)$"):
        session_of(doc, 1).score()


def test_a_view_is_no_answer_and_undo_takes_back_the_answer_before_it(store):
    # issue 9 point 4: "Show every player's loans…" used to be stored as an event, and undo spent itself on it
    session_id = start(store, "london-2e", ("Ana", "Ben"))
    answers = [LOAN, "Ana", "2", SUMMARY, GUIDE, UNDO,      # undo after two views: Ana's 2 loans are taken back
               "1", SUMMARY, END, Aborted]
    with pytest.raises(Aborted):
        run(store, session_id, answers)
    session = session_of(store.get(session_id), session_id)
    assert [(e["at"], e["value"]) for e in session.doc["entries"]] == [
        (["setup", "track", 0, "event"], "loan"), (["setup", "track", 0, "player"], "Ana"),
        (["setup", "track", 0, "count"], 1), (["setup", "track", 1, "event"], "end")]
    assert tracking.track(session)["Ana"].loans == 1


def test_views_print_their_text_and_the_menu_asks_again(store):
    session_id = start(store, "london-2e", ("Ana", "Ben"))
    lines = []
    prompter = ScriptedPrompter([LOAN, "Ana", "2", SUMMARY, GUIDE, UNDO, "1", END, Aborted])
    with pytest.raises(Aborted):
        play(store, session_id, prompter, lines.append)
    text = "\n".join(lines)
    assert "Took back How many loans does Ana take? 2 — asked again." in text
    assert "  Ana         2        0            0" in text           # the summary, after the 2 loans
    assert "every other player takes one final turn" in text          # the guide
    assert prompter.asked[:6] == ["What happened?", "Who takes loans?", "How many loans does Ana take?",
                                  "What happened?", "What happened?", "What happened?"]
    assert "summary" not in tracking.event_keys(SECOND_EDITION)


def test_a_view_stored_by_an_older_scorepad_is_skipped(store):
    session_id = start(store, "london-2e", ("Ana", "Ben"))
    doc = store.get(session_id)
    for at, value in ((("setup", "track", 0, "event"), "summary"), (("setup", "track", 1, "event"), "loan"),
                      (("setup", "track", 1, "player"), "Ben"), (("setup", "track", 1, "count"), 1)):
        changes.record(doc, at, value)
    session = session_of(doc, session_id)
    assert tracking.track(session)["Ben"].loans == 1 and session.next_ask().at == ("setup", "track", 2, "event")


def test_a_reckoning_stopped_at_a_tie_break_resumes_there(store):
    session_id = start(store, players=tuple(EXAMPLE_5))
    with pytest.raises(Aborted):
        run(store, session_id, [END, *typed(EXAMPLE_5), "3", Aborted])
    session, prompter, text = run(store, session_id, ["2"])
    assert prompter.asked == ["B · boroughs occupied:"]
    assert session.finished and "A wins with 47." in text


# --- ready for translation (issue 11): codes and values, rule values from the calculator, any script's digits ---

@pytest.mark.parametrize("t, code, values", [
    (bad(ben_best_card=30), "london.best-card-over-cards", {"best": 30, "cards": 20}),
    (bad("london-1e", ben_underground=3), "london.underground-over-boroughs", {"counters": 3, "boroughs": 2}),
    (bad("london-1e", ben_boroughs=0, ben_underground=0), "london.borough-vp-without-borough", {"vp": 6}),
    (bad("london-1e", ben_boroughs=19, ben_underground=0), "london.over-the-table",
     {"noun": "borough", "total": 21, "limit": 20}),
    (bad("london-1e", ben_boroughs=12, ben_borough_vp=30, ben_underground=10), "london.over-the-table",
     {"noun": "underground", "total": 11, "limit": 10}),
    (bad(ben_boroughs=21), "london.boroughs-over-game", {"boroughs": 21, "limit": 20}),
    (bad(rounds=[{}]), "london.no-rounds", {}),
    (bad(final={"Ana": good()["final"]["Ana"]}), "london.missing-player", {}),
])
def test_a_refusal_is_a_code_and_plain_values(t, code, values):
    with pytest.raises(InvalidInput) as caught:
        score(t)
    assert (caught.value.code, caught.value.values) == (code, values)


def test_a_tie_break_is_a_phrase_of_plain_data():
    # example 8 (rules §8.2): W and X level on points, poverty left and borough cards; the best card decides
    result = score(table("london-2e", dict(zip("WXYZ", (row for row in SECOND[2][0].values()))), FIELDS_2E))
    phrase = result.tiebreaks[0]
    assert phrase == Phrase("london.tiebreak", {
        "players": ("W", "X"), "total": 39, "level": (("poverty_left", 4), ("boroughs", 3)), "decider": "best_card",
        "facts": (("W", 7), ("X", 5)), "ranking": (("W",), ("X",)), "noun": "borough-card"})
    json.dumps(phrase.values)  # nothing but names, numbers and keys: no words


def _codes(path, pattern=r'"(london\.[a-z-]+)"'):
    import re
    return set(re.findall(pattern, open(path, encoding="utf-8").read()))


def test_every_london_code_has_its_wording():
    # the calculator's every code (a literal anywhere: `"london.missing-flat" if … else "london.missing"`) and
    # scorepad's own refusals at the prompt
    package = sorted(str(path) for path in Path(flow.__file__).parent.glob("*.py"))
    codes = _codes("calculators/london.py").union(*(_codes(path, r'InvalidInput\("(london\.[a-z-]+)"') for path in package))
    assert len(codes) >= 15 and codes <= set(by_slug("london-1e").phrases)
    assert set(by_slug("london-1e").phrases) <= codes  # and no wording for a code nobody raises


def test_the_printed_poverty_table_is_the_calculators():
    from calculators import london as rules
    for slug in ("london-1e", "london-2e"):
        data = by_slug(slug).sheet(players=("A", "B"))
        row = data["grids"]["poverty"][0]["rows"][0]
        printed = {}  # poverty left → points lost, read back from the sheet's bands
        for n, band in enumerate(data["poverty_bands"], start=1):
            low, _, high = band.partition("–")
            for left in range(int(low), int(high or low) + 1):
                printed[left] = -row[f"band{n}"]
        assert printed == dict(enumerate(rules.POVERTY_PENALTY))
        assert data["poverty_over"] == [f"each over {len(rules.POVERTY_PENALTY) - 1}"]
        assert row["over1"] == f"{rules.POVERTY_PENALTY_OVER_10} more each"


def test_no_rule_value_is_typed_in_a_text():
    """Every figure a guide, a setup, a menu, a row or a sheet note names is a {placeholder} filled from
    calculators/london.py: left are step numbers, "1 per …", "tie-break 2" and "at 0"."""
    import re
    texts = [*wording.EVENT_TEXTS.values(), wording.GUIDE_1E, wording.GUIDE_2E, wording.GUIDE_FLAT, *wording.SETUP_1E,
             *wording.SETUP_2E, *wording.SETUP_FLAT, *wording.SHEET_NOTES_FLAT, *wording.SHEET_NOTES["london-1e"],
             *wording.SHEET_NOTES["london-2e"], *(label for label, _ in wording.ROWS_1E + wording.ROWS_2E),
             wording.FINAL_INTRO, wording.FINAL_INTRO_FLAT, wording.ASK_LOANS, wording.FLAT_CAP, wording.TRACKING]
    structure = re.compile(r"(^|\s)\d[a-d]?\. |[+−]?1 (VP |poverty )?per|tie-break \d|at 0|= 0|London 2010")
    for text in texts:
        left = structure.sub("", re.sub(r"\{[a-z_]+\}", "", text))
        assert not re.search(r"\d", left), (text, left)
    setup = wording.rule_text(wording.SETUP_1E[1], title="", count=2, players="", money=5, poverty=5, hand=6, columns=3,
                             first="")
    assert "the 11 building counters" in setup and "10\n    Underground counters" in setup


PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def test_a_game_answered_in_persian_digits(store):
    # test_second_edition_repay_run_and_tie_break, every figure typed on a Persian keyboard
    session_id = start(store, "london-2e", ("P1", "P2"))
    answers = [LOAN, "P1", "2", REPAY, "P1", "3", "1", RUN, "P1", "4", "1", None, END,
               "33", "18", "17", None, "1", "7", "26", "19", "11", "", "", "4"]
    _session, prompter, text = run(store, session_id, [a.translate(PERSIAN) if isinstance(a, str) and a[:1].isdigit()
                                                        else a for a in answers])
    assert prompter.refused == [("۳", "P1 holds 2 loans")]
    assert "P1 repays 1 loan for £15 — 1 loan held." in text
    assert "P1 runs the city: 4 stacks + 1 loan + 1 in hand = +6 poverty: 0 → 6." in text
    assert "P2 wins with 48." in text
    assert session_of(store.get(session_id), session_id).get("final", "P1", "card_vp") == 18  # a number


def test_arabic_indic_digits_and_a_refusal_name_the_text_typed():
    assert notation.parse_count("٤٢") == 42
    with pytest.raises(InvalidInput) as caught:
        notation.parse_count("۴x", field="money")
    assert (caught.value.code, caught.value.values, caught.value.message) == (
        "london.not-whole", {"text": "۴x"}, "'۴x' is not a whole number")


def test_the_typed_words_are_the_english_ones_in_english(store):
    session = session_of(store.get(start(store, "london-2e", ("P1", "P2"))), 1)
    assert list(tracking.commands(session)) == ["summary", "guide"]  # English: the play loop takes the language's too
    assert wording.typed_words() == {"summary": "summary", "guide": "guide", "undo": "undo", "help": "help"}


def test_in_another_language_the_menus_undo_and_the_summary_are_its_words(store):
    from fake_language import speaking

    session_id = start(store, "london-2e", ("P1", "P2"))
    lines = []
    with speaking({("typed word", "undo"): "واگرد", ("typed word", "summary"): "خلاصه",
                   wording.SUMMARY_TITLE: "وام، فقر و امتیاز تا اینجا:"}):
        # at "Who takes loans?" the menu's last choice, the language's undo word; then its summary word, typed
        prompter = ScriptedPrompter([LOAN, "واگرد", "خلاصه", LOAN, "P1", "۲", Aborted])
        with pytest.raises(Aborted):
            play(store, session_id, prompter, lines.append)
    text = "\n".join(lines)
    assert "`خلاصه`, `guide`, `واگرد`, `help`" in text           # the tracking help names the language's words
    assert "Took back" in text and "وام، فقر و امتیاز تا اینجا:" in text  # the menu's undo word undid; the summary
    assert "P1 takes 2 loans: £20 — 2 loans held." in text            # (its echo not translated here: English)


def test_a_tie_break_line_takes_the_languages_plural_forms():
    from fake_language import russian_plural, speaking

    forms = ["{names}: {total} очко", "{names}: {total} очка", "{names}: {total} очков"]
    with speaking({wording.TIE_ON: forms, wording.SHARED: "{lead} — делят место."}, code="ru", plural=russian_plural):
        said = [say(Phrase("london.tiebreak", {"players": ("А", "Б"), "total": total, "level": (), "decider": None,
                                               "facts": (), "ranking": (), "noun": "borough"}))
                for total in (21, 22, 25)]
    assert said == ["А and Б: 21 очко — делят место.", "А and Б: 22 очка — делят место.",
                    "А and Б: 25 очков — делят место."]
