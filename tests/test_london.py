"""London, both editions: the reckoning against shared/rules/london.md §8, the run-city helper, the guided game."""

import pytest

from calculators.core import InvalidInput
from calculators.london import (FIRST_EDITION, SECOND_EDITION, poverty_after, poverty_penalty,
                                run_city_poverty, score)

FIELDS_1E = ("money", "loans", "hand", "poverty", "card_vp", "borough_vp", "underground", "vp", "boroughs",
             "best_card")
FIELDS_2E = ("vp", "money", "loans", "hand", "poverty", "card_vp", "boroughs", "best_card")


def table(game, rows, fields, variants=()):
    return {"game": game, "variants": list(variants), "players": list(rows), "rounds": [],
            "final": {name: dict(zip(fields, values)) for name, values in rows.items()}}


# Rows: £, loans, hand, poverty, card VP, borough VP, Underground, VP counters, boroughs, best card.
# Boroughs and best card are not given in examples 1–4 (no tie there): 3 and 5 are filled in.
FIRST = [
    ({"Red": (20, 1, 2, 9, 24, 12, 1, 8, 3, 5), "Blue": (7, 0, 0, 4, 30, 9, 0, 5, 3, 5)},      # example 1
     {"Red": 38, "Blue": 46}, ["Blue"]),
    ({"Yellow": (22, 3, 1, 6, 20, 14, 2, 10, 3, 5), "Red": (14, 0, 3, 2, 28, 8, 0, 6, 3, 5),   # example 2
      "Blue": (3, 1, 0, 13, 35, 11, 1, 12, 3, 5)},
     {"Yellow": 35, "Red": 46, "Blue": 43}, ["Red"]),
    ({"A": (9, 0, 0, 3, 22, 10, 0, 4, 3, 5), "B": (30, 2, 4, 14, 40, 15, 2, 9, 4, 5),           # example 3
      "C": (16, 0, 1, 5, 26, 12, 1, 3, 3, 5), "D": (2, 2, 0, 1, 18, 6, 0, 2, 2, 5)},
     {"A": 38, "B": 32, "C": 43, "D": 12}, ["C"]),
    ({"Red": (5, 0, 7, 8, 30, 16, 0, 6, 4, 5), "Blue": (41, 2, 0, 3, 21, 12, 1, 4, 3, 5)},     # example 4
     {"Red": 32, "Blue": 42}, ["Blue"]),
    ({"A": (12, 0, 0, 4, 25, 13, 0, 5, 3, 5), "B": (3, 0, 1, 3, 27, 10, 1, 7, 2, 6),           # example 5:
      "C": (18, 1, 2, 10, 33, 14, 0, 9, 3, 5), "D": (0, 1, 0, 6, 20, 8, 1, 3, 2, 5)},          # boroughs decide
     {"A": 47, "B": 47, "C": 46, "D": 25}, ["A"]),
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
    ({"P1": (33, 17, 1, 1, 7, 18, 3, 5), "P2": (26, 11, 0, 0, 4, 19, 3, 5)},                  # example 6
     {"P1": 48, "P2": 48}, ["P2"], "P1 and P2 tie on 48 points; least poverty decides (poverty left: P2 0, P1 4)"),
    ({"A": (25, 10, 0, 0, 3, 20, 4, 5), "B": (28, 4, 0, 1, 2, 19, 3, 6),                       # example 7
      "C": (35, 20, 2, 2, 9, 22, 5, 6)},
     {"A": 48, "B": 48, "C": 40}, ["A"],
     "A and B tie on 48 points, 0 poverty left each; most boroughs decides (boroughs: A 4, B 3): A ahead of B."),
    ({"W": (20, 14, 1, 0, 6, 25, 3, 7), "X": (23, 6, 0, 2, 4, 17, 3, 5),                       # example 8
      "Y": (18, 33, 2, 0, 10, 21, 2, 6), "Z": (20, 0, 0, 0, 2, 14, 5, 4)},
     {"W": 39, "X": 39, "Y": 29, "Z": 34}, ["W"],
     "W and X tie on 39 points, 4 poverty left each, 3 boroughs each; best single card decides "
     "(best card: W 7, X 5): W ahead of X."),
    ({"A": (40, 2, 3, 0, 5, 12, 2, 4), "B": (22, 29, 1, 1, 3, 16, 2, 4),                       # example 9
      "C": (25, 8, 0, 3, 0, 15, 2, 4)},
     {"A": 30, "B": 41, "C": 42}, ["C"], None),
]


@pytest.mark.parametrize("rows, totals, winners, tiebreak", SECOND)
def test_second_edition_worked_examples(rows, totals, winners, tiebreak):
    result = score(table("london-2e", rows, FIELDS_2E))
    assert {s.player: s.total for s in result.standings} == totals
    assert result.winners == winners
    assert [s.rank for s in result.standings] == sorted(s.rank for s in result.standings)
    if tiebreak:
        assert result.tiebreaks[0].startswith(tiebreak)
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
    assert result.tiebreaks == ("A and B tie on 47 points, 0 poverty left each; most boroughs decides "
                                "(boroughs: A 3, B 2): A ahead of B.",)


def test_still_level_after_every_tie_break_shares_the_rank():
    rows = {"Ana": (10, 0, 0, 0, 0, 0, 2, 0), "Ben": (10, 0, 0, 0, 0, 0, 2, 0), "Cy": (0, 0, 0, 0, 0, 0, 0, 0)}
    result = score(table("london-2e", rows, FIELDS_2E))
    assert [(s.player, s.rank) for s in result.standings] == [("Ana", 1), ("Ben", 1), ("Cy", 3)]
    assert result.winners == ["Ana", "Ben"]
    assert result.tiebreaks == ("Ana and Ben tie on 10 points, 0 poverty left each, 2 boroughs each, best card 0 "
                                "each; still level after every tie-break, so they share the place.",)


def test_three_way_tie_split_at_two_levels():
    rows = {"A": (10, 0, 0, 0, 1, 0, 1, 0), "B": (10, 0, 0, 0, 0, 5, 2, 3), "C": (10, 0, 0, 0, 0, 5, 2, 4)}
    # A has 1 poverty left (−1): 9; so make A's track 11 to tie at 10.
    rows["A"] = (11, 0, 0, 0, 1, 0, 1, 0)
    rows["B"] = (5, 0, 0, 0, 0, 5, 2, 3)
    rows["C"] = (5, 0, 0, 0, 0, 5, 2, 4)
    result = score(table("london-2e", rows, FIELDS_2E))
    assert [s.player for s in result.standings] == ["C", "B", "A"]
    assert result.tiebreaks == (
        "A, B and C tie on 10 points; least poverty decides (poverty left: B 0, C 0, A 1): B and C ahead of A.",
        "B and C are still level (0 poverty left each), 2 boroughs each; best single card decides "
        "(best card: C 4, B 3): C ahead of B.")


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


def test_missing_fields_count_zero_and_rounds_may_be_absent():
    result = score({"game": "london-2e", "players": ["Ana", "Ben"], "final": {"Ana": {"vp": 5}, "Ben": {}}})
    assert [(s.player, s.total) for s in result.standings] == [("Ana", 5), ("Ben", 0)]


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


@pytest.mark.parametrize("t, message", [
    (bad(ben_money=-1), r"player Ben, money: -1 is out of range \(expected 0 or more\)"),
    (bad(ben_hand="2"), r"player Ben, hand: '2' is not a whole number"),
    (bad(ben_loans=1.0), r"player Ben, loans: 1.0 is not a whole number"),
    (bad(ben_borough_vp=3), r"player Ben, final: unknown field 'borough_vp'"),
    (bad(ben_best_card=30), r"player Ben, best_card: best card 30 is worth more than all city cards"),
    (bad("london-1e", ben_underground=3), r"player Ben, underground: 3 Underground counters but 2 boroughs"),
    (bad("london-1e", ben_boroughs=0, ben_underground=0), r"player Ben, borough_vp: borough VP 6 but no borough"),
    (bad("london-1e", ben_boroughs=19, ben_underground=0), r"player Ben, boroughs: 21 across the table"),
    (bad(ben_boroughs=21), r"player Ben, boroughs: 21 boroughs; the game has 20"),
    (bad(rounds=[{}]), r"rounds: London has no rounds: leave `rounds` out or \[\]"),
    (bad(players=["Ana"]), r"players: 1 players; this game takes 2–4"),
    (bad(variants=["purple"]), r"variants: unknown variant 'purple'"),
    (bad(final={"Ana": {}}), r"player Ben, final: missing from final"),
    (bad(extra=1), r"extra: unknown top-level key"),
])
def test_validation(t, message):
    with pytest.raises(InvalidInput, match=message):
        score(t)


def test_flat_penalties_refuses_the_official_fields():
    t = good()
    t["variants"] = ["flat-penalties"]
    with pytest.raises(InvalidInput, match=r"player Ana, final: unknown field 'vp' \(expected: card_vp, bonus, debt, poverty\)"):
        score(t)
