"""Chinatown: the calculator against the worked examples of shared/rules/chinatown.md (E1–E11, S1–S3),
every validation, the guided game through the play loop, the CLI, the sheets and one real terminal."""


import gettext
import io
import json
import re
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pypdf
import pytest
from conftest import run, table_part
from typer.testing import CliRunner

from calculators import chinatown as ct
from calculators.core import InvalidInput, Phrase, say
from scorepad import cli, i18n
from scorepad.cli.asking import prompt as printed_prompt, text as printed
from scorepad import words as scorepad_words
from scorepad.cli import terminal
from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.games.chinatown import flow, names, notation, sheet
from scorepad.games.chinatown import report as shown
from scorepad.games.chinatown import words as wording
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc

ROOT = Path(__file__).resolve().parent.parent
CHINATOWN = by_slug("chinatown")  # scorepad.words learns its wording: the tie lines and refusals below read as said

# The rules file's short names (§5) -> the spec's type names.
SHORT = {"Photo": "photo", "TeaHouse": "tea-house", "Seafood": "seafood", "Jewellery": "jewelry",
         "Florist": "florist", "TropFish": "tropical-fish", "TakeOut": "take-out", "Laundry": "laundry",
         "DimSum": "dim-sum", "Antiques": "antiques", "Factory": "factory", "Restaurant": "restaurant"}


def businesses(text):
    """"Photo2 Florist1" -> [{"type": "photo", "tiles": 2}, {"type": "florist", "tiles": 1}]."""
    return [{"type": SHORT[word.rstrip("0123456789")], "tiles": int(word[len(word.rstrip("0123456789")):])}
            for word in text.split()]


def trades(text, year):
    """"Ava>Ben 5; Cai>Ava 3" ($k) -> the spec's trade objects."""
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        who, amount = part.split()
        payer, payee = who.split(">")
        out.append({"round": year, "from": payer, "to": payee, "amount": int(amount) * 1000})
    return out


def game_table(players, years, variants=()):
    """years: [(trades text, {player: businesses text})] -> a table file."""
    table = {"game": "chinatown", "variants": list(variants), "players": list(players), "rounds": [], "trades": []}
    for number, (deals, owned) in enumerate(years, start=1):
        table["rounds"].append({p: {"businesses": businesses(owned[p])} for p in players})
        table["trades"] += trades(deals, number)
    return table


# E7 (3 players), E8 (4) and E9 (5): trades, businesses when income is paid, and end cash per year ($k).
E7 = (("Ava", "Ben", "Cai"), [
    ("Ava>Ben 5; Cai>Ava 3", {"Ava": "Photo2 Florist1 DimSum1", "Ben": "Laundry2 Antiques1 Seafood1",
                              "Cai": "TeaHouse2 Factory2"}),
    ("Ben>Cai 12", {"Ava": "Photo3 Florist2 DimSum1", "Ben": "Laundry3 Antiques2 Seafood1", "Cai": "TeaHouse3 Factory3"}),
    ("Ava>Cai 20", {"Ava": "Photo3 Florist3 DimSum2", "Ben": "Laundry4 Antiques3 Seafood1",
                    "Cai": "TeaHouse3 Factory4 Jewellery1"}),
    ("Ben>Ava 15; Cai>Ben 10", {"Ava": "Photo3 Florist4 DimSum3", "Ben": "Laundry5 Antiques4 Seafood2",
                                "Cai": "TeaHouse3 Factory5 Jewellery2"}),
    ("", {"Ava": "Photo3 Florist4 DimSum4 Restaurant1", "Ben": "Laundry5 Antiques5 Seafood2",
          "Cai": "TeaHouse3 Factory6 Jewellery3"}),
    ("Ava>Cai 25; Cai>Ben 30", {"Ava": "Photo3 Florist4 DimSum5 Restaurant2", "Ben": "Laundry5 Antiques6 Seafood3",
                                "Cai": "TeaHouse3 Factory6 Jewellery4"}),
], [(88, 95, 87), (168, 153, 189), (258, 263, 329), (443, 448, 469), (643, 658, 699), (878, 988, 964)],
    {"Ava": [40, 80, 110, 170, 200, 260], "Ben": [40, 70, 110, 190, 210, 300], "Cai": [40, 90, 120, 150, 230, 270]})

E8 = (("Dana", "Eli", "Fay", "Gus"), [
    ("Dana>Eli 8; Gus>Fay 4", {"Dana": "Jewellery2 TakeOut1", "Eli": "Restaurant2 Photo1", "Fay": "Seafood2 Laundry2",
                               "Gus": "TropFish1 DimSum1 Factory1"}),
    ("Eli>Gus 10", {"Dana": "Jewellery3 TakeOut2", "Eli": "Restaurant3 Photo2", "Fay": "Seafood3 Laundry2",
                    "Gus": "TropFish2 DimSum2 Factory1"}),
    ("Fay>Dana 6; Dana>Eli 6", {"Dana": "Jewellery4 TakeOut3", "Eli": "Restaurant4 Photo3",
                                "Fay": "Seafood3 Laundry3 Antiques1", "Gus": "TropFish3 DimSum3 Factory2"}),
    ("Eli>Fay 15", {"Dana": "Jewellery4 TakeOut4", "Eli": "Restaurant5 Photo3", "Fay": "Seafood3 Laundry4 Antiques2",
                    "Gus": "TropFish4 DimSum3 Factory2"}),
    ("", {"Dana": "Jewellery4 TakeOut5", "Eli": "Restaurant6 Photo3", "Fay": "Seafood3 Laundry5 Antiques2",
          "Gus": "TropFish4 DimSum4 Factory3"}),
    ("Gus>Dana 20", {"Dana": "Jewellery4 TakeOut5 Florist1", "Eli": "Restaurant6 Photo3 TeaHouse1",
                     "Fay": "Seafood3 Laundry5 Antiques3", "Gus": "TropFish4 DimSum5 Factory3"}),
], [(72, 88, 94, 76), (132, 138, 164, 136), (252, 254, 258, 236), (392, 369, 403, 376), (582, 559, 583, 556),
    (802, 759, 783, 766)],
    {"Dana": [30, 60, 120, 140, 190, 200], "Eli": [30, 60, 110, 130, 190, 200], "Fay": [40, 70, 100, 130, 180, 200],
     "Gus": [30, 50, 100, 140, 180, 230]})

E9 = (("Hal", "Ivy", "Jon", "Kim", "Lee"), [
    ("Hal>Lee 4; Kim>Jon 5", {"Hal": "Photo2 Antiques1", "Ivy": "Florist2 Laundry1", "Jon": "TeaHouse2",
                              "Kim": "Factory2 Seafood1", "Lee": "Restaurant1 Jewellery1 DimSum1"}),
    ("Ivy>Hal 7", {"Hal": "Photo3 Antiques1", "Ivy": "Florist3 Laundry2", "Jon": "TeaHouse3 TakeOut1",
                   "Kim": "Factory3 Seafood1", "Lee": "Restaurant2 Jewellery1 DimSum1"}),
    ("Lee>Kim 9", {"Hal": "Photo3 Antiques2", "Ivy": "Florist4 Laundry2", "Jon": "TeaHouse3 TakeOut2",
                   "Kim": "Factory4 Seafood1", "Lee": "Restaurant3 Jewellery2 DimSum1"}),
    ("", {"Hal": "Photo3 Antiques3", "Ivy": "Florist4 Laundry3", "Jon": "TeaHouse3 TakeOut3",
          "Kim": "Factory4 Seafood2", "Lee": "Restaurant4 Jewellery2 DimSum1"}),
    ("Jon>Ivy 10", {"Hal": "Photo3 Antiques3", "Ivy": "Florist4 Laundry4", "Jon": "TeaHouse3 TakeOut4",
                    "Kim": "Factory5 Seafood2", "Lee": "Restaurant4 Jewellery3 DimSum1"}),
    ("Kim>Hal 25", {"Hal": "Photo3 Antiques4", "Ivy": "Florist4 Laundry4", "Jon": "TeaHouse3 TakeOut5",
                    "Kim": "Factory6 Seafood2", "Lee": "Restaurant5 Jewellery3 DimSum1"}),
], [(76, 80, 75, 75, 84), (143, 133, 135, 125, 124), (213, 233, 205, 204, 185), (303, 353, 295, 284, 275),
    (393, 503, 395, 384, 385), (528, 643, 555, 519, 515)],
    {"Hal": [30, 60, 70, 90, 90, 110], "Ivy": [30, 60, 100, 120, 140, 140], "Jon": [20, 60, 70, 90, 110, 160],
     "Kim": [30, 50, 70, 80, 100, 160], "Lee": [30, 40, 70, 90, 110, 130]})

GAMES = {"E7": E7, "E8": E8, "E9": E9}


def four_seasons_table(players, seasons):
    """seasons: [(spent $k per player, trades text, built per player)] -> a four-seasons table file."""
    table = {"game": "chinatown", "variants": ["four-seasons"], "players": list(players), "rounds": [], "trades": []}
    for number, (spent, deals, built) in enumerate(seasons, start=1):
        table["rounds"].append({p: {"spent": spent[p] * 1000, "built": built[p]} for p in players})
        table["trades"] += trades(deals, number)
    return table


# S2: the full 3-player four-season game (X, Y, Z); "Type B" and "Type C" are the rules file's labels.
S2 = four_seasons_table(("X", "Y", "Z"), [
    ({"X": 11, "Y": 9, "Z": 7}, "", {"X": ["Restaurant"], "Y": ["Restaurant"], "Z": ["Type B"]}),
    ({"X": 14, "Y": 7, "Z": 14}, "Z>Y 5; Y>Z 9", {"X": ["Restaurant"], "Y": ["Restaurant"], "Z": ["Type B"]}),
    ({"X": 19, "Y": 2, "Z": 9}, "Y>X 6", {"X": ["Restaurant"], "Y": ["Type C"], "Z": ["Type B"]}),
    ({"X": 23, "Y": 13, "Z": 8}, "Y>Z 6; Z>Y 8", {"X": ["Restaurant"], "Y": ["Type C"], "Z": ["Type B"]}),
])


def one_year(owned, players=("Ana", "Ben", "Cy")):
    return {"game": "chinatown", "players": list(players),
            "rounds": [{p: {"businesses": owned.get(p, [])} for p in players}]}


def income_of(text):
    return sum(ct.business_income(b["type"], b["tiles"]) for b in businesses(text))


# --- the calculator: income of businesses -------------------------------------------------------------

@pytest.mark.parametrize("owned, expected", [
    ("Photo3 Laundry2 Restaurant1", 80_000),   # E1: complete 50 + incomplete 20 + single 10
    ("TeaHouse3", 50_000),                     # E2: three tiles complete a size-3 type
    ("Antiques3", 40_000),                     # E2: the same three tiles of a size-6 type
    ("Seafood3 Seafood1", 60_000),             # E3: Seafood ×4 = complete 3 + single 1
    ("Jewellery4", 80_000),                    # E3: complete size-4
    ("Seafood3 Seafood3", 100_000),            # E3: Seafood ×6 = two complete businesses
    ("TropFish4 TropFish1", 90_000),           # E3: Tropical Fish ×5 = 80 + 10
    ("DimSum3 DimSum2", 60_000),               # E4: a street splits the Dim Sum: 40 + 20
    ("DimSum5", 110_000),                      # E4: the same five tiles in one block
    ("Factory6 Restaurant5 Florist4", 300_000),  # E5: a late-game portfolio
    ("TakeOut2", 20_000),                      # E6: before the trade, each owner's pair
    ("TakeOut4", 60_000),                      # E6: after it, one business of four
    ("Factory5", 80_000),                      # E10: Kim's Factory before the last tile
    ("Factory6", 140_000),                     # E10: and after it (+60 for a $25,000 tile)
])
def test_income_examples(owned, expected):
    assert income_of(owned) == expected
    result = ct.score(one_year({"Ana": businesses(owned)}))
    assert result.standings[0].rounds == (expected,)


@pytest.mark.parametrize("kind, incomes", [  # §2.8 table, tiles 1..size
    ("photo", [10_000, 20_000, 50_000]),
    ("jewelry", [10_000, 20_000, 40_000, 80_000]),
    ("laundry", [10_000, 20_000, 40_000, 60_000, 110_000]),
    ("restaurant", [10_000, 20_000, 40_000, 60_000, 80_000, 140_000]),
])
def test_income_table(kind, incomes):
    assert [ct.business_income(kind, n) for n in range(1, len(incomes) + 1)] == incomes


@pytest.mark.parametrize("players, year, expected", [  # §2.7: (dealt, kept, tiles)
    (3, 1, (7, 5, 7)), (3, 2, (6, 4, 4)), (3, 6, (6, 4, 4)),
    (4, 1, (6, 4, 6)), (4, 2, (5, 3, 3)), (4, 6, (5, 3, 3)),
    (5, 1, (5, 3, 5)), (5, 3, (5, 3, 3)), (5, 4, (4, 2, 2)), (5, 6, (4, 2, 2)),
])
def test_cards_and_tiles_per_year(players, year, expected):
    assert ct.cards_and_tiles(players, year) == expected


@pytest.mark.parametrize("players, lots, tiles", [(3, 75, 81), (4, 76, 84), (5, 75, 85)])  # §2.7 totals ([2OFF])
def test_cards_and_tiles_add_up_to_the_published_totals(players, lots, tiles):
    per_year = [ct.cards_and_tiles(players, y) for y in range(1, 7)]
    assert sum(kept for _, kept, _ in per_year) * players == lots
    assert sum(drawn for _, _, drawn in per_year) * players == tiles
    assert sum(ct.SUPPLY.values()) == 90  # §2.3


# --- the calculator: whole games ------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)  # E7 (3p), E8 (4p), E9 (5p): every year's income and end cash
def test_full_game_ledgers(name):
    players, years, cash, incomes = GAMES[name]
    table = game_table(players, years)
    for number in range(1, 7):
        partial = {**table, "rounds": table["rounds"][:number],
                   "trades": [t for t in table["trades"] if t["round"] <= number]}
        result = ct.score(partial)
        by = {s.player: s for s in result.standings}
        assert tuple(by[p].total // 1000 for p in players) == cash[number - 1], f"year {number}"
        assert tuple(result.detail.lines[-1][p].cash // 1000 for p in players) == cash[number - 1]
    for p in players:
        assert [i // 1000 for i in by[p].rounds] == incomes[p]
        assert sum(by[p].parts.values()) == by[p].total


def test_e7_standings():  # E7: 1st Ben $988,000; 2nd Cai $964,000; 3rd Ava $878,000
    out = ct.score(game_table(*E7[:2])).to_json()
    assert [(s["player"], s["rank"], s["total"]) for s in out["standings"]] == [
        ("Ben", 1, 988_000), ("Cai", 2, 964_000), ("Ava", 3, 878_000)]
    assert out["winners"] == ["Ben"]
    ava = out["standings"][2]
    assert ava["parts"] == {"start": 50_000, "income": 860_000, "trades in": 18_000, "trades out": -50_000}


def test_e8_and_e9_standings():  # E8 final standings; E9 final standings
    e8 = ct.score(game_table(*E8[:2]))
    assert [(s.player, s.rank) for s in e8.standings] == [("Dana", 1), ("Fay", 2), ("Gus", 3), ("Eli", 4)]
    e9 = ct.score(game_table(*E9[:2]))
    assert [(s.player, s.total) for s in e9.standings] == [
        ("Ivy", 643_000), ("Jon", 555_000), ("Hal", 528_000), ("Kim", 519_000), ("Lee", 515_000)]


def test_e10_a_last_year_completion_tile():  # E10: Kim's net +35, Hal's +25
    players, years = E9[:2]
    without = [*years[:5], ("", {**years[5][1], "Kim": "Factory5 Seafood2"})]
    with_deal, no_deal = ({s.player: s.total for s in ct.score(game_table(players, y)).standings}
                          for y in (years, without))
    assert with_deal["Kim"] - no_deal["Kim"] == 35_000
    assert with_deal["Hal"] - no_deal["Hal"] == 25_000


def test_arithmetic_cross_check():  # §5.11: trades are zero-sum
    for players, years, _, _ in GAMES.values():
        result = ct.score(game_table(players, years))
        assert sum(s.total for s in result.standings) == 50_000 * len(players) + sum(
            sum(s.rounds) for s in result.standings)


# --- the calculator: the tie-break (rules §2.9, the official rulebook; E11) ---------------------------------

def e11(ana_1970="Photo3 Jewellery4 Florist2", ana_pays_cy=6):
    """E11: Ana and Ben both finish with $802,000; in 1970 Ana's businesses hold 3 + 4 + 2 = 9 tiles and
    Ben's 6 + 5 = 11. The years before and the trades are made up so that the cash comes out level."""
    ana = ["Photo1 Jewellery1", "Photo2 Jewellery1", "Photo3 Jewellery2 Florist1", "Photo3 Jewellery4 Florist1",
           "Photo3 Jewellery4 Florist1", ana_1970]
    ben = ["Restaurant3 Laundry2", "Restaurant4 Laundry3", "Restaurant5 Laundry4", "Restaurant6 Laundry4",
           "Restaurant6 Laundry4", "Restaurant6 Laundry5"]
    cy = ["Antiques1", "Antiques2", "Antiques3", "Antiques4", "Antiques5", "Antiques6"]
    deals = ["", "", "Ben>Ana 60", "Ben>Ana 70", "Ben>Ana 68", f"Ana>Cy {ana_pays_cy}"]
    return game_table(("Ana", "Ben", "Cy"), [(d, {"Ana": a, "Ben": b, "Cy": c})
                                            for d, a, b, c in zip(deals, ana, ben, cy)])


def level(owned, deals="", players=("Ana", "Ben", "Cy")):
    """One year: {player: businesses text} (nothing for a player left out) and its trades."""
    return game_table(players, [(deals, {p: owned.get(p, "") for p in players})])


TIES = [
    # E11: level on $802,000; Ben's 11 tiles beat Ana's 9.
    (e11(), [("Ben", 1), ("Ana", 2), ("Cy", 3)],
     ["Ben and Ana are level on $802,000; Ben wins the tie: 11 shop tiles to 9."]),
    # E11: "If both had 11 tiles they would share first place" (Florist 4 for 2: +$60,000, paid on to Cy).
    (e11("Photo3 Jewellery4 Florist4", ana_pays_cy=66), [("Ana", 1), ("Ben", 1), ("Cy", 3)],
     ["Ana and Ben are level on $802,000 and on shop tiles (11 each): they share 1st place."]),
    # 2-way: a complete Photo (3 tiles, $50,000) against Jewelry 3 + Florist 1 (4 tiles, $40,000 + $10,000).
    (level({"Ana": "Photo3", "Ben": "Jewellery3 Florist1", "Cy": "Photo1"}), [("Ben", 1), ("Ana", 2), ("Cy", 3)],
     ["Ben and Ana are level on $100,000; Ben wins the tie: 4 shop tiles to 3."]),
    # 3-way, every place decided: 5, 4 and 3 tiles, $50,000 each.
    (level({"Ana": "Photo3", "Ben": "Jewellery3 Florist1", "Cy": "Antiques2 Florist1 Laundry1 DimSum1"}),
     [("Cy", 1), ("Ben", 2), ("Ana", 3)],
     ["Cy, Ben and Ana are level on $100,000; the most shop tiles decide: Cy 5 (1st), Ben 4 (2nd), Ana 3 (3rd)."]),
    # 3-way, partly broken: Ben's 4 tiles win; Ana and Cy, 3 each, still share 2nd.
    (level({"Ana": "Photo3", "Ben": "Jewellery3 Florist1", "Cy": "TeaHouse3"}), [("Ben", 1), ("Ana", 2), ("Cy", 2)],
     ["Ben, Ana and Cy are level on $100,000; the most shop tiles decide: Ben 4 (1st), Ana and Cy 3 each "
      "(they share 2nd)."]),
    # 3-way, partly broken the other way: two share 1st on 4 tiles, the third is 3rd on 3.
    (level({"Ana": "Jewellery3 Florist1", "Ben": "TropFish3 Jewellery1", "Cy": "Photo3"},
           players=("Ana", "Ben", "Cy", "Dee")),
     [("Ana", 1), ("Ben", 1), ("Cy", 3), ("Dee", 4)],
     ["Ana, Ben and Cy are level on $100,000; the most shop tiles decide: Ana and Ben 4 each (they share 1st), "
      "Cy 3 (3rd)."]),
    # Still shared: level on cash and on tiles (3 each).
    (level({"Ana": "Photo3", "Ben": "TeaHouse3", "Cy": "Photo1"}), [("Ana", 1), ("Ben", 1), ("Cy", 3)],
     ["Ana and Ben are level on $100,000 and on shop tiles (3 each): they share 1st place."]),
    # A tie below the top: Dee's complete Restaurant is ahead of both; the tie decides 2nd and 3rd.
    (level({"Ana": "Photo3", "Ben": "Jewellery3 Florist1", "Dee": "Restaurant6"}, players=("Ana", "Ben", "Cy", "Dee")),
     [("Dee", 1), ("Ben", 2), ("Ana", 3), ("Cy", 4)],
     ["Ben and Ana are level on $100,000; Ben wins the tie: 4 shop tiles to 3."]),
    # Two ties in one game, each told in standings order.
    (level({"Ana": "Photo3", "Ben": "Jewellery3 Florist1", "Cy": "Photo1 Florist1", "Dee": "TeaHouse2"},
           players=("Ana", "Ben", "Cy", "Dee", "Eve")), [("Ben", 1), ("Ana", 2), ("Cy", 3), ("Dee", 3), ("Eve", 5)],
     ["Ben and Ana are level on $100,000; Ben wins the tie: 4 shop tiles to 3.",
      "Cy and Dee are level on $70,000 and on shop tiles (2 each): they share 3rd place."]),
    # 0 tiles against 1: Ben pays Ana $5,000 out of his single tile's $10,000, and his 1 tile wins.
    (level({"Ben": "Photo1", "Cy": "Photo3"}, "Ben>Ana 5"), [("Cy", 1), ("Ben", 2), ("Ana", 3)],
     ["Ben and Ana are level on $55,000; Ben wins the tie: 1 shop tile to 0."]),
    # 0 tiles each: nothing to break the tie with, so it is shared.
    (level({"Cy": "Photo1"}), [("Cy", 1), ("Ana", 2), ("Ben", 2)],
     ["Ana and Ben are level on $50,000 and on shop tiles (0 each): they share 2nd place."]),
    # Only the last year counts: Ana held 5 tiles to Ben's 2 in 1965 (8 to 6 over both years), 3 to 4 in 1966.
    (game_table(("Ana", "Ben", "Cy"), [("", {"Ana": "Photo3 Florist2", "Ben": "Photo2", "Cy": ""}),
                          ("Ana>Ben 20", {"Ana": "Photo3", "Ben": "Photo3 Florist1", "Cy": ""})]),
     [("Ben", 1), ("Ana", 2), ("Cy", 3)], ["Ben and Ana are level on $150,000; Ben wins the tie: 4 shop tiles to 3."]),
    # four-seasons has no tie-break: X's two shops and Y's one leave them level on $70,000, and they share 1st.
    (four_seasons_table(("X", "Y", "Z"), [({"X": 10, "Y": 0, "Z": 0}, "", {"X": ["a", "b"], "Y": ["c"], "Z": []})]),
     [("X", 1), ("Y", 1), ("Z", 3)],
     ["X and Y are level on $70,000; the four-season game has no tie-break: they share 1st place."]),
]


@pytest.mark.parametrize("table, ranks, lines", TIES)
def test_a_tie_on_cash_goes_to_the_most_shop_tiles_then_is_shared(table, ranks, lines):
    result = ct.score(table)
    assert [(s.player, s.rank) for s in result.standings] == ranks
    assert len({s.total for s in result.standings if s.player in dict(ranks)}) < len(ranks)  # a tie it is
    assert result.winners == [p for p, rank in ranks if rank == 1]
    assert tuple(say(line) for line in CHINATOWN.score(table).tiebreaks) == tuple(lines)


def test_e11_the_tie_as_data():  # E11: the calculator says who was level, on what, and the tiles
    ties = ct.score(e11()).detail.ties
    assert ties == (ct.Tie(802_000, ("Ben", "Ana"), {"Ben": 1, "Ana": 2}, {"Ben": 11, "Ana": 9}),) and ties[0].broken
    seasons = ct.score(TIES[-1][0]).detail.ties
    assert seasons == (ct.Tie(70_000, ("X", "Y"), {"X": 1, "Y": 1}, None),) and not seasons[0].broken


def test_a_game_in_progress_has_nobody_who_wins_the_tie_yet():  # spec: in progress "leads", never "wins"
    table = {**TIES[2][0], "session": {"status": "playing"}}  # the 2-way row, one year of six played
    assert [say(line) for line in CHINATOWN.score(table).tiebreaks] == [
        "Ben and Ana are level on $100,000; Ben is ahead on the tie: 4 shop tiles to 3."]
    assert shown.tie_lines(replace(ct.score(TIES[2][0]), finished=False)) == CHINATOWN.score(table).tiebreaks
    finished = CHINATOWN.score({**table, "session": {"status": "finished"}}).tiebreaks
    assert [say(line) for line in finished] == TIES[2][2]


def test_no_tie_no_words():
    result = CHINATOWN.score(game_table(*E8[:2]))
    assert result.detail.ties == () and result.tiebreaks == ()


def test_json_shape_matches_the_spec():
    out = ct.score(game_table(*E8[:2])).to_json()
    assert set(out) == {"game", "variants", "standings", "winners", "finished"}
    assert out["game"] == "chinatown" and out["variants"] == []
    for s in out["standings"]:
        assert set(s) == {"player", "rank", "total", "rounds", "parts"}
        assert len(s["rounds"]) == 6 and sum(s["parts"].values()) == s["total"]


def test_a_player_may_own_nothing_and_trade_notes_are_allowed():
    table = one_year({"Ana": businesses("Photo1")})
    table["trades"] = [{"round": 1, "from": "Ana", "to": "Ben", "amount": 50_000, "note": "lot 12 and a Florist tile"}]
    by = {s.player: s.total for s in ct.score(table).standings}
    assert by == {"Ana": 10_000, "Ben": 100_000, "Cy": 50_000}  # Ana may pay out every last dollar


def test_trades_apply_in_their_order_within_the_year():
    table = one_year({})
    table["trades"] = [{"round": 1, "from": "Ben", "to": "Ana", "amount": 30_000},
                       {"round": 1, "from": "Ana", "to": "Cy", "amount": 70_000}]
    assert {s.player: s.total for s in ct.score(table).standings} == {"Ana": 10_000, "Ben": 20_000, "Cy": 120_000}
    table["trades"].reverse()  # Ana cannot pay 70,000 before Ben's 30,000 came in
    with pytest.raises(InvalidInput, match=r"^round 1, player Ana, trade 1: paying \$70,000 to Cy would take Ana "
                                           r"below \$0; Ana has less than that$"):
        ct.score(table)


# --- the calculator: the four-season variant ---------------------------------------------------------

def test_s1_income_in_one_season():  # S1: Restaurant 3, Type B 1, Type C 2 in the neighbourhood: 70 each
    table = four_seasons_table(("P", "Q", "R"), [
        ({"P": 0, "Q": 0, "R": 0}, "", {"P": ["Restaurant", "Type B"], "Q": ["Restaurant"], "R": []}),
        ({"P": 0, "Q": 0, "R": 0}, "", {"P": ["Restaurant"], "Q": ["Type C", "Type C"], "R": []}),
    ])
    result = ct.score(table)
    by = {s.player: s for s in result.standings}
    assert by["P"].rounds[1] == 70_000 and by["Q"].rounds[1] == 70_000
    assert result.detail.lines[1]["P"].shops == (("Restaurant", 2, 30_000), ("Type B", 1, 10_000))


def test_s2_full_four_season_game():  # S2: end cash 489/391/324, +40 each: 529/431/364
    result = ct.score(S2)
    out = result.to_json()
    assert [(s["player"], s["rank"], s["total"]) for s in out["standings"]] == [
        ("X", 1, 529_000), ("Y", 2, 431_000), ("Z", 3, 364_000)]
    cash = [tuple(line[p].cash // 1000 for p in "XYZ") for line in result.detail.lines]
    assert cash == [(69, 71, 63), (135, 140, 93), (272, 242, 174), (489, 391, 324)]
    x = out["standings"][0]
    assert x["rounds"] == [20_000, 80_000, 150_000, 240_000]
    assert x["parts"] == {"start": 60_000, "income": 490_000, "trades in": 6_000, "trades out": 0,
                          "auctions": -67_000, "shop bonus": 40_000}
    assert all(sum(s["parts"].values()) == s["total"] for s in out["standings"])


def test_s2_before_the_end_has_no_shop_bonus():  # the +10,000 a shop is paid "at the end" (§1.7)
    partial = {**S2, "rounds": S2["rounds"][:3], "trades": [t for t in S2["trades"] if t["round"] <= 3]}
    assert [s.total for s in ct.score(partial).standings] == [272_000, 242_000, 174_000]


def test_s3_income_cap_of_six():  # S3: seven restaurants still earn 60 each
    players = ("A", "B", "C", "D")
    table = four_seasons_table(players, [({p: 0 for p in players}, "", {"A": ["restaurant"] * 2,
                                          "B": ["Restaurant"] * 2, "C": ["restaurant"] * 2, "D": ["restaurant"]})])
    assert [s.rounds[0] for s in ct.score(table).standings] == [120_000, 120_000, 120_000, 60_000]


def test_s3_end_bonus_counts_built_shops():  # S3: 6 shops built -> +60,000
    players = ("A", "B", "C")
    seasons = [({p: 0 for p in players}, "", {"A": ["x", "y"], "B": [], "C": []})] * 3
    seasons.append(({p: 0 for p in players}, "", {"A": [], "B": [], "C": []}))
    result = ct.score(four_seasons_table(players, seasons))
    assert result.standings[0].parts["shop bonus"] == 60_000


# --- the calculator: refusals -----------------------------------------------------------------------------

def with_round(inputs, players=("Ana", "Ben", "Cy"), **extra):
    nothing = {} if extra.get("variants") else {"businesses": []}
    return {"game": "chinatown", "players": list(players),
            "rounds": [{p: inputs.get(p, nothing) for p in players}], **extra}


TRADE = {"round": 1, "from": "Ana", "to": "Ben", "amount": 10_000}


@pytest.mark.parametrize("table, message", [
    (with_round({"Ana": {"businesses": [{"type": "bakery", "tiles": 2}]}}),
     r"^round 1, player Ana, businesses: unknown business type 'bakery' \(types: photo, tea-house"),
    (with_round({"Ana": {"businesses": [{"type": ["photo"], "tiles": 2}]}}),
     r"^round 1, player Ana, businesses: unknown business type \['photo'\]"),
    (with_round({"Ana": {"businesses": [{"type": {"photo": 1}, "tiles": 2}]}}), r"unknown business type \{'photo': 1\}"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 4}]}}),
     r"^round 1, player Ana, businesses: photo tiles 4: a business has 1–3 tiles \(a larger group is two"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 0}]}}), r"photo tiles 0: a business has 1–3"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": "2"}]}}), r"photo tiles '2': a business"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 2.0}]}}), r"photo tiles 2\.0: a business"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tile": 2}]}}), r"unknown field 'tile' \(expected: type"),
    (with_round({"Ana": {"businesses": {"photo": 2}}}), r"^round 1, player Ana, businesses: .* is not a list"),
    (with_round({"Ana": {"businesses": ["photo 2"]}}), r"'photo 2' is not a business"),
    (with_round({"Ana": {"busineses": []}}), r"^round 1, player Ana: unknown field 'busineses' \(expected: businesses"),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 3}, {"type": "photo", "tiles": 3}]},
                 "Ben": {"businesses": [{"type": "photo", "tiles": 1}]}}),
     r"^round 1, player Ben, businesses: 7 photo tiles on the board this year; the box holds 6$"),
    (with_round({}, trades=[{**TRADE, "amount": 60_000}]),
     r"^round 1, player Ana, trade 1: paying \$60,000 to Ben would take Ana below \$0"),
    (with_round({}, trades=[{**TRADE, "to": "Dan"}]), r"^round 1, trade 1 to: unknown player 'Dan' \(players: Ana, Ben"),
    (with_round({}, trades=[{**TRADE, "to": "Ana"}]), r"^round 1, trade 1: Ana pays themselves"),
    (with_round({}, trades=[{**TRADE, "round": 2}]), r"^trade 1 round: 2 is out of range \(expected 1–1\)"),
    (with_round({}, trades=[{**TRADE, "amount": 0}]), r"^round 1, trade 1 amount: 0 is out of range"),
    (with_round({}, trades=[{**TRADE, "amount": "10k"}]), r"trade 1 amount: '10k' is not a whole number"),
    (with_round({}, trades=[{k: v for k, v in TRADE.items() if k != "to"}]), r"^trade 1: missing 'to'"),
    (with_round({}, trades=[{**TRADE, "ammount": 5}]), r"^trade 1: unknown field 'ammount'"),
    (with_round({}, trades=[{**TRADE, "note": 12}]), r"trade 1 note: 12 is not text"),
    (with_round({}, trades={"1": TRADE}), r"^trades: must be a list of trades"),
    (with_round({}, bank=5), r"^bank: unknown top-level key 'bank'"),
    (with_round({}, players=("Ana", "Ben")), r"^players: 2 players; this game takes 3–5"),
    ({**with_round({}), "rounds": [with_round({})["rounds"][0]] * 7}, r"^rounds: 7 rounds; this game takes 1–6"),
    ({**with_round({}), "variants": ["four-seasons"], "rounds": [{p: {} for p in ("Ana", "Ben", "Cy")}] * 5},
     r"^rounds: 5 rounds; the four-season game takes 1–4"),
    (with_round({"Ana": {"spent": -1}}, variants=["four-seasons"]), r"^round 1, player Ana, spent: -1 is out of range"),
    (with_round({"Ana": {"spent": 70_000}}, variants=["four-seasons"]),
     r"^round 1, player Ana, spent: spending \$70,000 at auction would take Ana below \$0"),
    (with_round({"Ana": {"built": ["a", "b", "c"]}}, variants=["four-seasons"]),
     r"^round 1, player Ana, built: 3 shops built; at most 2 a season"),
    (with_round({"Ana": {"built": "restaurant"}}, variants=["four-seasons"]), r"built: 'restaurant' is not a list"),
    (with_round({"Ana": {"businesses": []}}, variants=["four-seasons"]), r"unknown field 'businesses' \(expected: spent"),
    (with_round({}, variants=["seasons"]), r"^variants: unknown variant 'seasons' \(this game has: four-seasons\)"),
])
def test_refused(table, message):
    with pytest.raises(InvalidInput, match=message):
        ct.score(table)


def test_s3_space_limit_of_six_shops():  # S3: a full board cannot take a seventh shop
    players = ("A", "B", "C")
    seasons = [({p: 0 for p in players}, "", {"A": ["x", "y"], "B": [], "C": []})] * 4
    with pytest.raises(InvalidInput, match=r"^round 4, player A, built: 8 shops in all; a player board has 6 spaces"):
        ct.score(four_seasons_table(players, seasons))


# An edit of one answer is checked against the whole table (issue 9, "Fix one answer"): cash may never go below
# $0 at any later trade or auction, and no year may hold more tiles of a type than the box. The refusal names the
# later answer that the edit makes impossible: its round, its player and its field.
THREE_YEARS = game_table(("Ana", "Ben", "Cy"), [
    ("Ana>Ben 40", {"Ana": "Photo3", "Ben": "Photo2", "Cy": "Florist1"}),      # Ana 60k, Ben 110k, Cy 60k
    ("Ben>Cy 110", {"Ana": "", "Ben": "Photo3", "Cy": "Photo3"}),              # Ana 60k, Ben 50k, Cy 220k
    ("Ana>Ben 60; Ben>Cy 110", {"Ana": "", "Ben": "", "Cy": ""}),              # Ana 0, Ben 0, Cy 330k
])
SEASONS_EDIT = four_seasons_table(("X", "Y", "Z"), [
    ({"X": 0, "Y": 0, "Z": 0}, "", {"X": ["Restaurant", "Restaurant"], "Y": [], "Z": []}),  # X 60 + 40 = 100k
    ({"X": 0, "Y": 0, "Z": 0}, "", {"X": [], "Y": [], "Z": []}),                            # X 100 + 40 = 140k
    ({"X": 140, "Y": 0, "Z": 0}, "", {"X": [], "Y": [], "Z": []}),                          # X spends it all
])


def edited(table, *path_and_value):
    """A copy of the table with one answer changed: edited(t, "rounds", 0, "Ana", "businesses", [...])."""
    copy = json.loads(json.dumps(table))
    *path, key, value = path_and_value
    target = copy
    for step in path:
        target = target[step]
    target[key] = value
    return copy


@pytest.mark.parametrize("table, message", [
    # 1965 Ana's Photo 3 made Photo 2: $20,000 less, so her $60,000 to Ben in 1967 takes her below $0.
    (edited(THREE_YEARS, "rounds", 0, "Ana", "businesses", businesses("Photo2")),
     r"^round 3, player Ana, trade 3: paying \$60,000 to Ben would take Ana below \$0; Ana has less than that$"),
    # 1965 Ana's payment to Ben made $30,000: Ben is $10,000 short for his $110,000 to Cy in 1966.
    (edited(THREE_YEARS, "trades", 0, "amount", 30_000),
     r"^round 2, player Ben, trade 2: paying \$110,000 to Cy would take Ben below \$0"),
    # 1966 Ben's Photo 3 made none: 1967's $110,000 to Cy, after Ana's $60,000 came in, is out of reach.
    (edited(THREE_YEARS, "rounds", 1, "Ben", "businesses", []),
     r"^round 3, player Ben, trade 4: paying \$110,000 to Cy would take Ben below \$0"),
    # 1965 Ana's Photo 3 moved to 1966: with Ben's and Cy's Photo 3 that year the box (6) is 3 short;
    # the answer that no longer fits is Cy's, the last one counted.
    (edited(THREE_YEARS, "rounds", 1, "Ana", "businesses", businesses("Photo3")),
     r"^round 2, player Cy, businesses: 9 photo tiles on the board this year; the box holds 6$"),
    # 1967 Ana's $60,000 to Ben made $50,000: the trade itself is fine, Ben's next one, in the same year, is not.
    (edited(THREE_YEARS, "trades", 2, "amount", 50_000),
     r"^round 3, player Ben, trade 4: paying \$110,000 to Cy would take Ben below \$0"),
    # four-seasons: season 1's two Restaurants made one; the $140,000 spent at auction in season 3 is too much.
    (edited(SEASONS_EDIT, "rounds", 0, "X", "built", ["Restaurant"]),
     r"^round 3, player X, spent: spending \$140,000 at auction would take X below \$0"),
])
def test_an_edit_that_breaks_a_later_answer_is_refused_naming_it(table, message):
    ct.score(THREE_YEARS)  # the tables before the edit score
    ct.score(SEASONS_EDIT)
    with pytest.raises(InvalidInput, match=message):
        ct.score(table)


# --- the notation at the prompts ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("rest 4, photo 3", [("restaurant", 4), ("photo", 3)]),
    ("Restaurant 4; Photo 3", [("restaurant", 4), ("photo", 3)]),
    ("rest4 photo3", [("restaurant", 4), ("photo", 3)]),
    ("tea house 3, tropical fish 2", [("tea-house", 3), ("tropical-fish", 2)]),
    ("fish 2, sea 1, takeout 5, dimsum 1", [("tropical-fish", 2), ("seafood", 1), ("take-out", 5), ("dim-sum", 1)]),
    ("jewellery x4, flor ×2", [("jewelry", 4), ("florist", 2)]),
    ("photo 4", [("photo", 3), ("photo", 1)]),            # E3: Seafood/Photo ×4 = complete 3 + single 1
    ("sea 6", [("seafood", 3), ("seafood", 3)]),          # E3: Seafood ×6 = two complete businesses
    ("fish 5", [("tropical-fish", 4), ("tropical-fish", 1)]),  # E3: Tropical Fish ×5 = 80 + 10
    ("none", []),
    ("-", []),
    ("0", []),  # were refused: `0 of what?` and `'—' is not part of a business`
    ("—", []),
    ("fish 1 and rest 2 & photo 1", [("tropical-fish", 1), ("restaurant", 2), ("photo", 1)]),
    ("rest 9", [("restaurant", 6), ("restaurant", 3)]),  # the whole box of a size-6 type
    ("rest 009", [("restaurant", 6), ("restaurant", 3)]),
])
def test_business_notation(text, expected):
    assert [(b["type"], b["tiles"]) for b in notation.parse_businesses(text)] == expected


@pytest.mark.parametrize("text, message", [
    ("", r"^type the businesses \(e\.g\. `rest 4, photo 3`\), or `none`$"),
    ("bakery 2", r"^'bakery' is not a business type \(types: 3: photo tea sea · 4: jewel flor fish"),
    ("f 2", r"^'f' is not a business type \(could be florist or factory\)$"),
    ("rest", r"^how many rest tiles\? e\.g\. `rest 2`$"),
    ("rest, photo 2", r"^how many rest tiles\?"),
    ("4 rest", r"^4 of what\? The type comes first, e\.g\. `rest 4`$"),
    ("rest 0", r"^restaurant 0: a business has 1 tile or more$"),
    ("rest 4 = 60", r"^'=' is not part of a business"),
    ("rest 10", r"^restaurant 10: the box holds 9 restaurant tiles$"),
    ("photo 7", r"^photo 7: the box holds 6 photo tiles$"),
    # A slip of the finger: split into complete businesses, it filled the memory until the process was killed.
    ("rest 44444444444444", r"^restaurant 444444…: the box holds 9 restaurant tiles$"),
    ("rest " + "9" * 5000, r"^restaurant 999999…: the box holds 9"),  # int() of it raised ValueError
])
def test_business_notation_refusals(text, message):
    with pytest.raises(InvalidInput, match=message):
        notation.parse_businesses(text)


PLAYERS = ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize("text, expected", [
    ("Ana Ben 10k", ("Ana", "Ben", 10_000)),
    ("ana > ben $12,500", ("Ana", "Ben", 12_500)),
    ("Cy to a 7.5k", ("Cy", "Ana", 7_500)),
    ("b -> c 30000", ("Ben", "Cy", 30_000)),
    ("Ana, Ben, 10k", ("Ana", "Ben", 10_000)),  # commas between the parts were "',' is not one of the players"
    ("Ana: Ben; 10,000", ("Ana", "Ben", 10_000)),
    ("Ana Ben 5 k", ("Ana", "Ben", 5_000)),  # was "'k': a trade is payer, payee and amount"
    ("Ana pays Ben $5 K", ("Ana", "Ben", 5_000)),
])
def test_trade_notation(text, expected):
    trade = notation.parse_trade(text, PLAYERS, 2)
    assert (trade["from"], trade["to"], trade["amount"]) == expected and trade["round"] == 2


@pytest.mark.parametrize("text, expected", [
    ("Ava Tom 5k", ("Ava", "Tom", 5_000)),  # was "'m' is not one of the players": "to" + "m"
    ("Tom to Ava 5k", ("Tom", "Ava", 5_000)),
    ("Ava Paysan 5k", ("Ava", "Paysan", 5_000)),
    ("Ava pays Paysan 5k", ("Ava", "Paysan", 5_000)),
])
def test_a_payee_whose_name_starts_like_to_or_pays(text, expected):
    trade = notation.parse_trade(text, ["Ava", "Tom", "Paysan"], 1)
    assert (trade["from"], trade["to"], trade["amount"]) == expected


def test_names_that_differ_only_in_case_or_share_a_start():
    trade = notation.parse_trade("a A 5k", ["A", "a", "Bo"], 1)  # was "A pays themselves"
    assert (trade["from"], trade["to"]) == ("a", "A")
    assert notation.parse_trade("ann anna 5k", ["Ann", "Anna", "Bo"], 1)["to"] == "Anna"
    with pytest.raises(InvalidInput, match=r"^round 1, trade: 'An' could be Ann or Anna: type more of the name$"):
        notation.parse_trade("An Bo 5k", ["Ann", "Anna", "Bo"], 1)


@pytest.mark.parametrize("text, message", [
    ("Dan Ben 10k", r"^'Dan' is not one of the players \(Ana, Ben, Cy\)$"),
    ("Ana", r"^who is paid\? e\.g\. `Ana Ben 10k`$"),
    ("Ana Ben", r"^how much does Ana pay Ben\? e\.g\. `Ana Ben 10k`$"),
    ("Ana Ben ten", r"^'ten' is not an amount \(e\.g\. 10000, 10k, \$10,000\)$"),
    ("Ana Ben 1000.5", r"^'1000\.5' is not a whole number of dollars$"),
    ("Ana Ben $5", r"^'\$5' is under \$1,000: Chinatown's money comes in thousands \(5 or 5k is \$5,000\)$"),
    ("Ana Ben 0.5k", r"^'0\.5k' is under \$1,000"),
    ("Ana Ben 0.5", r"^'0\.5' is under \$1,000"),
    ("Ana Ana 5k", r"^Ana pays themselves$"),
    ("Ana Ben 0", r"^a payment is \$1,000 or more \(e\.g\. `Ana Ben 10k`\); Enter alone when trading is done$"),
    ("Ben", r"^who is paid\? e\.g\. `Ben Ana 10k`$"),  # the example names this table's players
    ("Ana Ben 5k lot 12", r"^'lot 12': a trade is payer, payee and amount; the note is asked next$"),
    ("Ana Ben " + "9" * 400, r"^'9{20}' is more money than a game of Chinatown holds$"),  # was an OverflowError
    ("Ana Ben 1" + "0" * 12, r"^'10{12}' is more money than a game of Chinatown holds$"),
])
def test_trade_notation_refusals(text, message):
    with pytest.raises(InvalidInput) as caught:
        notation.parse_trade(text, PLAYERS, 1)
    assert re.search(message, caught.value.message), caught.value.message


@pytest.mark.parametrize("text, dollars", [
    ("Ben Cy 5", 5_000),  # issue 22: was $5; Chinatown's money comes in thousands
    ("Ben Cy 12.5", 12_500), ("Ben Cy 150", 150_000), ("Ben Cy 999", 999_000),
    ("Ben Cy 1000", 1_000), ("Ben Cy 12500", 12_500), ("Ben Cy 5k", 5_000), ("Ben Cy $5,000", 5_000),
    ("Ben Cy ۵", 5_000),
])
def test_a_bare_amount_under_a_thousand_is_thousands(text, dollars):
    assert notation.parse_trade(text, PLAYERS, 1)["amount"] == dollars


# --- the guided game through the play loop -----------------------------------------------------------------

def start(store, players, variants=(), modules=(), rounds=None):
    return store.insert(new_doc(by_slug("chinatown"), players, variants, rounds, modules=modules, seed=7))


def typed_trades(deals):
    """"Dana>Eli 8" -> the typed trade line and an empty note."""
    out = []
    for part in filter(None, (p.strip() for p in deals.split(";"))):
        who, amount = part.split()
        payer, payee = who.split(">")
        out += [f"{payer} {payee} {amount}k", ""]
    return out


def typed_businesses(text):
    """"Jewellery2 TakeOut1" -> "jewel 2, take 1" (what a player types)."""
    return ", ".join(f"{names.short_name(b['type'])} {b['tiles']}" for b in businesses(text))


def typed_year(players, deals, owned):
    return typed_trades(deals) + [""] + [typed_businesses(owned[p]) for p in players]


E8_TYPED = ["Dana"] + [answer for deals, owned in E8[1] for answer in typed_year(E8[0], deals, owned)]


def test_scripted_six_year_four_player_game_with_trades(store):  # E8 typed at the prompts
    session_id = start(store, E8[0])
    answers = list(E8_TYPED)
    # 1965: Dana cannot pay 50k after paying Eli 8k; a note for Gus's payment; Dana asks for her cash
    answers[3:3] = ["Dana Fay 50k", "cash Dana"]
    answers[6] = "a Seafood tile"
    session, prompter, text = run(store, session_id, answers)
    assert session.finished
    refusal = "paying $50,000 to Fay would take Dana below $0; Dana has less than that"
    assert prompter.refused == [("Dana Fay 50k", refusal)]
    out = session.score().to_json()
    assert [(s["player"], s["rank"], s["total"]) for s in out["standings"]] == [
        ("Dana", 1, 802_000), ("Fay", 2, 783_000), ("Gus", 3, 766_000), ("Eli", 4, 759_000)]
    table = session.table()
    assert table["trades"] == game_table(*E8[:2])["trades"]
    assert table["rounds"] == game_table(*E8[:2])["rounds"]
    assert set(table) == {"game", "variants", "players", "rounds", "trades"}  # notes stay in the session
    assert session.get("setup", "note", 1) == "a Seafood tile"
    # the year guide: cards and tiles for 4 players, the start player passing clockwise
    assert "── 1965 · year 1 of 6 ── start player: Dana" in text
    assert "Deal 6 building cards to each player; each keeps 4 and returns 2" in text
    assert "Each player draws 6 shop tiles from the bag" in text
    assert "── 1966 · year 2 of 6 ── start player: Eli" in text
    assert "  Deal 5 building cards each (keep 3, return 2); mark the kept lots. Draw 3 shop tiles each." in text
    assert "── 1969 · year 5 of 6 ── start player: Dana" in text
    # incomes and trades, each business's income echoed, the year's total
    assert "    Jewelry ×4 (complete) $80,000\n    Take-Out ×3 (of 5) $40,000\n  Dana's income for 1967: $120,000" in text
    assert "  Gus pays Fay $4,000 (a Seafood tile)." in text
    assert "Dana has $42,000 after this year's payments so far." in text
    # cash stays private until the final standings; then everything shows, with each ledger
    before, final = text.split("Final standings:")
    assert "$72,000" not in before and "$802,000" not in before and "Cash stays private" in before
    assert "     1  Dana    $30,000  $60,000  $120,000  $140,000  $190,000  $200,000  $802,000" in final  # incomes
    assert "  start        $50,000   $50,000   $50,000   $50,000\n  income      $740,000  $720,000" in final
    assert "  trades in    $26,000   $19,000   $10,000   $14,000\n  trades out  −$14,000   −$6,000" in final
    assert "Dana wins with $802,000." in final
    assert "  1970   Tropical Fish 4, Dim Sum 5, Factory 3  $230,000               −$20,000  $766,000" in final
    assert prompter.asked[:3] == ["Who takes the First Player card? (whoever most recently visited a Chinatown)",
                                  "1965 · trade 1 (payer payee amount, e.g. `Dana Eli 10k`; Enter: trading is done):",
                                  "What did Dana's $8,000 buy? (a note, e.g. `lot 12`; Enter: none)"]


def test_a_trade_typed_at_the_note_question_is_not_kept_as_a_note(store):
    # issue 22: `Ben Cy 12.5k` typed where the note was asked was stored as a note, and the payment lost
    session_id = start(store, PLAYERS, rounds=1)
    # ... and one whose figure is no amount (`Ben Cy 0.5`) reads as a trade all the same
    answers = ["Ana", "Ana Ben 10k", "Ben Cy 12.5k", "Ben Cy 0.5", "", "Ben Cy 12.5k", "Cy lot 12 and 13", "",
               "none", "none", "none"]
    session, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("Ben Cy 12.5k", "'Ben Cy 12.5k' reads as a trade, not a note: press Enter for no "
                                                 "note, then type the trade at the next question"),
                                ("Ben Cy 0.5", "'Ben Cy 0.5' reads as a trade, not a note: press Enter for no "
                                               "note, then type the trade at the next question")]
    assert session.table()["trades"] == [{"round": 1, "from": "Ana", "to": "Ben", "amount": 10_000},
                                         {"round": 1, "from": "Ben", "to": "Cy", "amount": 12_500}]
    assert (session.get("setup", "note", 0), session.get("setup", "note", 1)) == ("", "Cy lot 12 and 13")


SHORT_GUIDE = "── {year} · year {n} of 6 ── start player: {starter}\n  Deal {dealt} building cards each (keep {kept}, return 2); " \
              "mark the kept lots. Draw {tiles} shop tiles each."


@pytest.mark.parametrize("name, guides", [
    ("E7", ["Deal 7 building cards to each player; each keeps 5", "Each player draws 7 shop tiles",
            SHORT_GUIDE.format(year=1966, n=2, starter="Ben", dealt=6, kept=4, tiles=4)]),
    ("E9", ["Deal 5 building cards to each player; each keeps 3", "Each player draws 5 shop tiles",
            SHORT_GUIDE.format(year=1967, n=3, starter="Jon", dealt=5, kept=3, tiles=3),
            SHORT_GUIDE.format(year=1968, n=4, starter="Kim", dealt=4, kept=2, tiles=2)]),
])
def test_three_and_five_players_typed_at_the_prompts(store, name, guides):  # E7 and E9, every answer typed
    players, years, cash, _ = GAMES[name]
    session_id = start(store, players)
    answers = [players[0]] + [a for deals, owned in years for a in typed_year(players, deals, owned)]
    session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == []
    assert [s.total // 1000 for s in sorted(session.score().standings, key=lambda s: players.index(s.player))] == list(
        cash[-1])
    for guide in guides:
        assert guide in text


def test_the_tile_supply_is_checked_across_players(store):
    session_id = start(store, PLAYERS, rounds=1)
    answers = ["Ana", "", "photo 3, photo 2", "photo 2", "photo 1", "none"]
    _, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("photo 2", "7 photo tiles on the board this year; the box holds 6")]


def test_the_supply_refusal_counts_every_tile_of_the_type(store):
    # issue 22: Ana `rest 4, photo 3`, then Ben `rest 9` (a complete 6 and 3 more) said 10 restaurant tiles
    session_id = start(store, PLAYERS, rounds=1)
    answers = ["Ana", "", "rest 4, photo 3", "rest 9", "rest 5", "none"]
    _, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("rest 9", "13 restaurant tiles on the board this year; the box holds 9")]


def _year(tiles_by_player, year=1):
    """A table of the three PLAYERS whose businesses of year `year` hold these tiles: one-tile businesses, the
    types taken in turn (the box's supply of each type is never the limit)."""
    kinds = iter(list(ct.COMPLETE_SIZE) * 10)
    empty = {p: {"businesses": []} for p in PLAYERS}
    last = {p: {"businesses": [{"type": next(kinds), "tiles": 1} for _n in range(n)]}
            for p, n in zip(PLAYERS, tiles_by_player)}
    return {"game": "chinatown", "players": list(PLAYERS), "rounds": [empty] * (year - 1) + [last]}


@pytest.mark.parametrize("tiles, year, error", [
    ((10, 5, 0), 1, None),  # 3 players keep 5 cards each in 1965: 15 lots, whoever bought them in trade
    ((10, 5, 1), 1, "round 1, player Cy, businesses: 16 shop tiles on the board in 1965, but the players own only "
                    "15 lots by then (3 × 5 building cards kept); every tile stands on a lot"),
    ((15, 0, 0), 1, None),  # Ana alone on every lot of the year: lots change hands in trade
    ((15, 12, 0), 2, None),  # 5 + 4 cards kept each by 1966: 27 lots
    ((15, 12, 1), 2, "round 2, player Cy, businesses: 28 shop tiles on the board in 1966, but the players own only "
                     "27 lots by then (3 × 9 building cards kept); every tile stands on a lot"),
])
def test_the_tiles_on_the_board_stand_on_the_lots_kept_so_far(tiles, year, error):
    if error is None:
        assert ct.score(_year(tiles, year)).standings
        return
    with pytest.raises(InvalidInput) as refused:
        ct.score(_year(tiles, year))
    assert str(refused.value) == error


def test_the_businesses_prompt_refuses_more_tiles_than_lots(store):
    session_id = start(store, PLAYERS, rounds=1)
    answers = ["Ana", "", "rest 6, take-out 5", "fish 4", "photo 1", "photo 0", "none"]
    _, prompter, _ = run(store, session_id, answers)
    assert prompter.refused[0] == ("photo 1", "16 shop tiles on the board in 1965, but the players own only 15 lots "
                                              "by then (3 × 5 building cards kept); every tile stands on a lot")


def test_last_years_businesses_are_offered_again(store):
    session_id = start(store, PLAYERS, rounds=2)
    answers = ["Ana", "", "rest 2", "none", "fish 1", "", None, None, "fish 2"]  # None: Enter on the default
    session, _, _ = run(store, session_id, answers)
    assert [session.table()["rounds"][1][p]["businesses"] for p in PLAYERS] == [
        [{"type": "restaurant", "tiles": 2}], [], [{"type": "tropical-fish", "tiles": 2}]]


class DefaultsPrompter(ScriptedPrompter):
    """Records the text each prompt would pre-fill: a real prompt appends what is typed to it."""

    def __init__(self, answers):
        super().__init__(answers)
        self.defaults = []

    def text(self, message, *, default="", validate=None):
        self.defaults.append((message, default))
        return super().text(message, default=default, validate=validate)


def test_last_years_businesses_are_kept_by_enter_not_pre_filled(store):
    # A pre-filled "rest 2" with "rest 3, photo 1" typed after it scored "rest 2rest 3, photo 1": both years.
    session_id = start(store, PLAYERS, rounds=2)
    prompter = DefaultsPrompter(["Ana", "", "rest 2", "none", "fish 1", "", "cash Ana", "rest 3, photo 1", "", ""])
    lines = []
    session = play(store, session_id, prompter, lines.append)
    assert {d for m, d in prompter.defaults if "businesses" in m} == {""}
    assert "1966 · Ana's businesses [1965: rest 2; Enter keeps it]:" in prompter.asked
    assert "1966 · Ben's businesses [1965: none; Enter keeps it]:" in prompter.asked
    assert "Ana has $70,000 after 1965's income." in lines  # a prompt word needs no clearing first
    assert [session.table()["rounds"][1][p]["businesses"] for p in PLAYERS] == [
        [{"type": "restaurant", "tiles": 3}, {"type": "photo", "tiles": 1}], [], [{"type": "tropical-fish", "tiles": 1}]]


@pytest.mark.parametrize("variants", [(), ("four-seasons",)])
def test_the_trade_example_names_this_tables_players(store, variants):  # was `Ana Ben 10k` at every table
    session_id = start(store, ["Ava", "Ben", "Cai"], variants)
    lines = []
    with pytest.raises(Aborted):
        play(store, session_id, ScriptedPrompter(["Cai", Aborted]), lines.append)
    text = "\n".join(lines)
    assert "  A trade: payer, payee and amount, e.g. `Ava Ben 10k` or `Ava > Ben $12,000`\n" in text
    if not variants:  # was "complete = a tile for every space of its type": tiles, not spaces, make it complete
        assert ("  5. Income: each business pays by its tiles, more when complete (as many tiles as the number\n"
                "     printed on them: 3 to 6).\n") in text
    assert "Ana" not in text


def test_open_cash_shows_every_players_cash(store):
    session_id = start(store, E7[0], modules=["open-cash"], rounds=1)
    answers = ["Ava", "Ava Ben 5k", "", "Cai Ava 3k", "", "cash", "", *[typed_businesses(E7[1][0][1][p]) for p in E7[0]]]
    _, _, text = run(store, session_id, answers)
    assert "Open cash: scorepad shows every player's cash after each year." in text
    assert "Ava has $48,000 after this year's payments so far.\nBen has $55,000" in text
    assert re.search(r"  Ava +Photo 2, Florist 1, Dim Sum 1 +\$40,000 +\$5,000 +\$3,000 +\$88,000\n", text)


def test_the_last_year_does_not_promise_privacy_just_before_the_reveal(store):
    session_id = start(store, PLAYERS, rounds=2)
    _, _, text = run(store, session_id, ["Ana", "", "rest 1", "none", "none", "", "", "", ""])
    footer = wording.PRIVATE_FOOTER.format(cash="cash")
    assert text.count(footer) == 1  # after 1965, not after 1966 (the final standings follow)
    assert text.index(footer) < text.index("1966: income and trades")


def test_ledger_word_before_the_first_year_ends(store):  # was "Ana, Ben, Cy has $50,000 (the starting money)."
    session_id = start(store, PLAYERS, modules=["open-cash"], rounds=1)
    _, _, text = run(store, session_id, ["Ana", "ledger", "ledger Ben", "", "none", "none", "none", False])
    assert text.count("No year is complete yet: each player started with $50,000 (`cash NAME` for now).") == 2
    assert " has $50,000 (the starting money)" not in text


def test_cash_word_without_a_name_keeps_cash_private(store):
    session_id = start(store, PLAYERS, rounds=1)
    _, _, text = run(store, session_id, ["Ana", "cash", "cash Zed", "ledger", "", "none", "none", "none"])
    assert "Whose cash? Type `cash NAME` (players: Ana, Ben, Cy)." in text
    assert "'Zed' is not one of the players (Ana, Ben, Cy)" in text
    assert "Ledgers show cash: they open at the end of the game (or with --open-cash)." in text


def test_ctrl_c_mid_trading_then_resume_and_undo_a_trade(store):
    session_id = start(store, E8[0])
    with pytest.raises(Aborted):
        run(store, session_id, E8_TYPED[:5] + [Aborted()])  # after 1965's two trades, before "done"
    saved = session_of(store.get(session_id), session_id)
    assert printed_prompt(saved.next_ask()) == \
        "1965 · trade 3 (payer payee amount, e.g. `Dana Eli 10k`; Enter: trading is done):"
    assert saved.complete_rounds() == 0
    answers = ["Eli Dana 1k", "", "undo", "undo", *E8_TYPED[5:]]
    session, _, text = run(store, session_id, answers)
    assert "Took back What did Eli's $1,000 buy?" in text
    assert "Took back 1965 · trade 3: Eli Dana 1000 — asked again." in text
    assert [s.total for s in session.score().standings] == [802_000, 783_000, 766_000, 759_000]


def test_a_game_mid_trading_scores_and_exports_its_complete_years(store, database):
    session_id = start(store, E8[0])
    year_1 = 1 + len(typed_year(E8[0], *E8[1][0]))
    with pytest.raises(Aborted):
        run(store, session_id, E8_TYPED[:year_1] + ["Eli Gus 10k", "", Aborted()])
    session = session_of(store.get(session_id), session_id)
    assert session.complete_rounds() == 1
    assert [s.total for s in session.score(1).standings] == [94_000, 88_000, 76_000, 72_000]
    exported = json.loads(invoke("export", session_id).stdout)
    assert exported["trades"] == game_table(*E8[:2])["trades"][:2]  # 1966's payment waits for 1966
    report = invoke("show", session_id).stdout
    assert "1966 so far:\n  Eli pays Gus $10,000." in report and "$94,000" not in report
    # Cash stays off the shared screen everywhere until the end: `list`, `score ID` and `sheet ID` too.
    listed = invoke("list").stdout
    assert "year 1 done (totals private)" in listed and "94000" not in listed
    refused = invoke("score", session_id)
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr == (f"Error: session {session_id} is a Chinatown game in progress, and cash stays private "
                              "until it ends: `cash NAME` at the prompt shows one balance (or play with --open-cash)\n")
    assert invoke("sheet", session_id, "-o", database.parent / "x.pdf").exit_code == 1


def test_undo_from_the_command_line_shows_the_answer_as_typed(store):  # was "= {'type': 'seafood', 'tiles': 2}"
    session_id = start(store, PLAYERS, rounds=2)
    with pytest.raises(Aborted):
        run(store, session_id, ["Ana", "", "rest 1", "none", "sea 2, photo 1", "", Aborted()])
    assert invoke("undo", session_id).stdout == (f"Removed 1966 · trade 1: (trading done); it will be asked again: "
                                                 f"scorepad resume {session_id}\n")
    assert invoke("undo", session_id).stdout == (f"Removed 1965 · Cy's businesses: sea 2, photo 1; it will be "
                                                 f"asked again: scorepad resume {session_id}\n")


def test_score_table_says_why_the_tie_went_to_ben_and_json_ranks_it(tmp_path):  # E11
    path = write(tmp_path, e11())
    text = invoke("score", "--table", path)
    assert text.exit_code == 0 and text.stderr == ""
    assert text.stdout.endswith("\n\nBen wins with $802,000.\nTie-break: Ben and Ana are level on $802,000; Ben wins the tie: "
                                "11 shop tiles to 9.\n")
    out = json.loads(invoke("score", "--table", path, "--json").stdout)
    assert [(s["player"], s["rank"], s["total"]) for s in out["standings"]] == [
        ("Ben", 1, 802_000), ("Ana", 2, 802_000), ("Cy", 3, 406_000)]
    assert out["winners"] == ["Ben"]
    shared = json.loads(invoke("score", "--table", write(tmp_path, TIES[1][0], "shared.json"), "--json").stdout)
    assert [s["rank"] for s in shared["standings"]] == [1, 1, 3] and shared["winners"] == ["Ana", "Ben"]


def test_the_end_of_play_show_and_score_say_who_won_the_tie(store):
    session_id = start(store, PLAYERS, rounds=1)
    # Ben's Jewelry 3 + Florist 1 earn what Ana's complete Photo earns: $50,000 each, 4 tiles to 3.
    session, _, text = run(store, session_id, ["Ana", "", "photo 3", "jewel 3, flor 1", "photo 1"])
    assert session.finished
    why = "Ben and Ana are level on $100,000; Ben wins the tie: 4 shop tiles to 3."
    final = text.split("Final standings:")[1]
    assert "Ben wins with $100,000.\nTie-break: " + why + "\n" in final
    assert final.index("     1  Ben  ") < final.index("     2  Ana  ") < final.index("     3  Cy   ")
    shown = invoke("show", session_id)
    assert shown.exit_code == 0 and "Ben wins with $100,000.\nTie-break: " + why + "\n" in shown.stdout
    scored = invoke("score", session_id)
    assert scored.exit_code == 0 and scored.stdout.endswith("Ben wins with $100,000.\nTie-break: " + why + "\n")


def test_a_tie_decided_in_a_game_in_progress_is_only_ahead(store, tmp_path):  # spec: "leads", never "wins"
    session_id = start(store, PLAYERS, modules=["open-cash"], rounds=2)
    with pytest.raises(Aborted):
        run(store, session_id, ["Ana", "", "photo 3", "jewel 3, flor 1", "photo 1", Aborted()])
    why = "Ben and Ana are level on $100,000; Ben is ahead on the tie: 4 shop tiles to 3."
    scored = invoke("score", session_id)
    assert scored.exit_code == 0 and scored.stdout.endswith("Ben leads with $100,000.\nTie-break: " + why + "\n")
    exported = invoke("export", session_id, "-o", tmp_path / "partial.json")
    assert exported.exit_code == 0, exported.stderr
    again = invoke("score", "--table", tmp_path / "partial.json")
    assert again.exit_code == 0 and again.stdout.endswith("Tie-break: " + why + "\n") and "wins" not in again.stdout
    out = json.loads(invoke("score", "--table", tmp_path / "partial.json", "--json").stdout)
    assert [(s["player"], s["rank"]) for s in out["standings"]] == [("Ben", 1), ("Ana", 2), ("Cy", 3)]
    assert out["winners"] == ["Ben"] and out["finished"] is False
    for source in ([session_id], ["--table", tmp_path / "partial.json"]):  # the sheet of it, stored or exported
        assert invoke("sheet", *source, "-o", tmp_path / "partial.pdf").exit_code == 0
        first = pdf_pages(tmp_path / "partial.pdf")[0]  # the tie under the standings, on the table's page
        assert "\n" + why + "\n" in first and first.index("Final standings") < first.index(why)


def test_open_cash_sessions_show_their_totals_in_list_and_score(store):
    session_id = start(store, ("Ava", "Ben", "Cai"), modules=["open-cash"], rounds=2)
    with pytest.raises(Aborted):
        run(store, session_id, ["Ava", "", "photo 1", "none", "none", Aborted()])
    assert "Ava ($60,000) after year 1" in invoke("list").stdout
    scored = invoke("score", session_id).stdout
    assert "     1  Ava     $10,000  $60,000\n" in scored  # dollars, not 60000
    assert scored.endswith("Ava leads with $60,000.\nTie-break: Ben and Cai are level on $50,000 and on shop tiles (0 each): "
                           "they share 2nd place.\n")


def test_four_seasons_has_four_rounds_at_most():
    assert invoke("play", "chinatown", "-p", "A", "B", "C", "-v", "four-seasons", "-r", "5").stderr == \
        "Error: rounds: 5 rounds; Chinatown with four-seasons takes 1–4\n"
    assert new_doc(CHINATOWN, ["A", "B", "C"], ["four-seasons"], None)["rounds_planned"] == 4
    assert new_doc(CHINATOWN, ["A", "B", "C"], [], None)["rounds_planned"] == 6


def test_four_season_game(store):  # S2 typed at the prompts
    session_id = start(store, ("X", "Y", "Z"), variants=["four-seasons"])
    answers = ["X"]
    for season, row in enumerate(S2["rounds"], start=1):
        answers += [str(row[p]["spent"]) for p in "XYZ"]
        for trade in (t for t in S2["trades"] if t["round"] == season):
            answers += [f"{trade['from']} {trade['to']} {trade['amount']}", ""]
        answers.append("")
        answers += [", ".join(row[p]["built"]) for p in "XYZ"]
    answers[1] = "70k"  # X cannot spend more than the $60,000 start
    answers.insert(2, "11000")
    session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("70k", "spending $70,000 at auction would take X below $0; X has less than that")]
    assert [(s.player, s.total) for s in session.score().standings] == [("X", 529_000), ("Y", 431_000),
                                                                       ("Z", 364_000)]
    assert "── Season 1 of 4 ── start player: X" in text and "── Season 2 of 4 ── start player: Y" in text
    assert "Reveal 3 shop cards and 3 licence cards face up." in text
    assert "Restaurant 2 × 40k" in text
    assert "Shop bonus  $60,000  $490,000  $6,000" not in text  # shown as its own column
    assert "X wins with $529,000." in text
    assert session.table()["rounds"] == S2["rounds"]


def test_a_short_name_joins_a_type_already_built(store):  # `B` after `Type B` was a second type earning 10k
    session_id = start(store, ("X", "Y", "Z"), variants=["four-seasons"], rounds=2)
    answers = ["X", "0", "0", "0", "Y Z 5k", "", "", "Restaurant", "Type B", "", "0", "0", "0", "", "rest, b", "B",
               "Laundry"]
    session, prompter, text = run(store, session_id, answers)
    assert [session.table()["rounds"][1][p]["built"] for p in "XYZ"] == [["Restaurant", "Type B"], ["Type B"],
                                                                         ["Laundry"]]
    line = session.score().detail.lines[1]
    assert line["Y"].income == 2 * 30_000 and line["X"].income == 2 * 20_000 + 30_000
    assert "  After season 4, each built shop adds $10,000; the most money wins.\n" in text  # said up front
    assert "(no bid: the one who picked it takes it for $0)" in text  # the summary's assumption, §4.2
    assert "  X builds Restaurant (a new type)." in text and "  Z builds nothing." in text
    assert "  X builds Restaurant and Type B." in text and "  Z builds Laundry (a new type)." in text
    assert "What did Y's $5,000 buy? (a note, e.g. `a Restaurant licence`; Enter: none)" in prompter.asked
    assert "  Shops built so far: Restaurant 2, Type B 3, Laundry 1 (each earns $10,000 × its type's count, at most 6)." in text


def test_two_shops_of_one_new_type_in_one_answer(store):  # `Restaurant, rest` was two types of one shop each
    session_id = start(store, ("X", "Y", "Z"), variants=["four-seasons"], rounds=1)
    session, _, text = run(store, session_id, ["X", "0", "0", "0", "", "Restaurant, rest", "", ""])
    assert session.table()["rounds"][0]["X"]["built"] == ["Restaurant", "Restaurant"]
    assert "  X builds Restaurant (a new type) and Restaurant." in text
    assert session.score().detail.lines[0]["X"].income == 2 * 20_000


def test_four_season_build_limits_at_the_prompt(store):
    session_id = start(store, ("X", "Y", "Z"), variants=["four-seasons"], rounds=1)
    _, prompter, _ = run(store, session_id, ["X", "0", "0", "0", "", "a, b, c", "a, b", "", ""])
    assert prompter.refused == [("a, b, c", "3 shops built; at most 2 a season")]


# --- the command line --------------------------------------------------------------------------------------

def invoke(*args, **kw):
    return CliRunner().invoke(cli.app, [str(a) for a in args], **kw)


def write(tmp_path, table, name="table.json"):
    path = tmp_path / name
    path.write_text(json.dumps(table))
    return path


@pytest.mark.parametrize("name", GAMES)
def test_score_table_json(tmp_path, name):
    players, years, cash, _ = GAMES[name]
    result = invoke("score", "--table", write(tmp_path, game_table(players, years)), "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert {s["player"]: s["total"] // 1000 for s in out["standings"]} == dict(zip(players, cash[-1]))
    assert all(sum(s["parts"].values()) == s["total"] for s in out["standings"])


def test_score_table_four_seasons(tmp_path):
    out = json.loads(invoke("score", "--table", write(tmp_path, S2), "--json").stdout)
    assert out["variants"] == ["four-seasons"] and out["winners"] == ["X"]
    assert [s["total"] for s in out["standings"]] == [529_000, 431_000, 364_000]
    text = invoke("score", "--table", write(tmp_path, S2)).stdout
    assert "  Rank  Player  Season 1  Season 2  Season 3  Season 4     Total\n" in text  # was "Year 1"…"Year 4"


def test_a_four_season_session_counts_seasons_in_list_and_show(store):  # was "year 1 done", "4 years planned"
    session_id = start(store, ("X", "Y", "Z"), variants=["four-seasons"], rounds=4)
    with pytest.raises(Aborted):
        run(store, session_id, ["X", "0", "0", "0", "", "a", "b", "", Aborted()])
    assert "season 1 done (totals private)" in invoke("list").stdout
    assert "; 4 seasons planned" in invoke("show", session_id).stdout


@pytest.mark.parametrize("change, message", [
    (lambda t: t["trades"].append({"round": 1, "from": "Ava", "to": "Ben", "amount": 90_000}),
     "Error: round 1, player Ava, trade 9: paying $90,000 to Ben would take Ava below $0; Ava has less than that\n"),
    (lambda t: t["rounds"][0]["Ben"]["businesses"].extend([{"type": "photo", "tiles": 3}, {"type": "photo", "tiles": 2}]),
     "Error: round 1, player Ben, businesses: 7 photo tiles on the board this year; the box holds 6\n"),
    (lambda t: t["rounds"][1]["Cai"]["businesses"].append({"type": "tea-house", "tiles": 4}),
     ("Error: round 2, player Cai, businesses: tea-house tiles 4: a business has 1–3 tiles "
      "(a larger group is two businesses)\n")),
    (lambda t: t.update(bank=1), "Error: bank: unknown top-level key 'bank'\n"),
])
def test_score_table_errors(tmp_path, change, message):
    table = game_table(*E7[:2])
    change(table)
    result = invoke("score", "--table", write(tmp_path, table), "--json")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", message)


@pytest.mark.parametrize("text, reason", [
    ('{"game": "chinatown", "trades": [{"amount": ' + "9" * 5000 + "}]}",
     "Exceeds the limit (4300 digits) for integer string conversion"),
    ("[" * 100_000 + "]" * 100_000, "maximum recursion depth exceeded while decoding a JSON array from a unicode string"),
])
def test_a_file_json_cannot_hold_is_one_error_line(tmp_path, text, reason):  # was a traceback
    path = tmp_path / "table.json"
    path.write_text(text)
    for command in (("score", "--table", str(path), "--json"), ("import", str(path))):
        result = invoke(*command)
        message = f"Error: {path}: cannot read it as JSON ({reason})\n"
        assert (result.exit_code, result.stdout, result.stderr) == (1, "", message)


def test_import_then_export_gives_back_the_same_table(tmp_path):
    table = game_table(*E9[:2])
    assert invoke("import", write(tmp_path, table)).stdout == "1\n"
    assert table_part(json.loads(invoke("export", "1").stdout)) == table
    text = invoke("show", "1").stdout
    assert "Final standings:" in text and "Ivy wins with $643,000." in text
    assert "1970: income and trades:" in text and "  Kim pays Hal $25,000." in text


def test_import_refuses_a_table_below_zero_and_stores_nothing(tmp_path, database):
    table = game_table(*E7[:2])
    table["trades"][0]["amount"] = 50_001
    result = invoke("import", write(tmp_path, table))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith("Error: round 1, player Ava, trade 1: paying $50,001 to Ben")
    assert invoke("list").stdout.startswith("No sessions yet.")


def test_games_lists_the_variant_and_the_module():
    text = invoke("games").stdout
    assert "chinatown  Chinatown  (3–5 players)" in text
    assert "    --variant four-seasons: " in text and "    --module open-cash: " in text


def test_play_with_open_cash_through_the_cli(monkeypatch):
    monkeypatch.setattr(terminal, "stdin_is_tty", lambda: True)
    prompter = ScriptedPrompter(["Ana", "", "none", "none", "none", False])
    monkeypatch.setattr(terminal, "make_prompter", lambda: prompter)
    result = invoke("play", "chinatown", "-p", "Ana", "-p", "Ben", "-p", "Cy", "--rounds", "1", "--open-cash")
    assert result.exit_code == 0, result.stderr
    assert "Open cash: scorepad shows every player's cash after each year." in result.stdout


def test_play_refuses_an_unknown_module():
    result = invoke("play", "chinatown", "-p", "Ana", "-p", "Ben", "-p", "Cy", "--module", "open-books")
    assert result.exit_code == 1
    assert result.stderr == "Error: module: unknown module 'open-books' for Chinatown (modules: open-cash)\n"


# --- the score sheets ---------------------------------------------------------------------------------------

def pdf_pages(path):
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(Path(path).read_bytes())).pages]


def halves(path):
    """Each page's ledgers as the half pages they are drawn on: page -> [(half, player, half of its total row)], with
    the cut lines drawn (a dashed line across the page at its middle)."""
    reader = pypdf.PdfReader(io.BytesIO(Path(path).read_bytes()))
    out = []
    for page in reader.pages:
        middle = float(page.mediabox.height) / 2
        found = []
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: found.append((text.strip(), tm[5])))
        ledgers, totals = [], []
        for text, y in found:
            half = "top" if y > middle else "bottom"
            if text.endswith(" — ledger"):
                ledgers.append((half, text.removesuffix(" — ledger")))
            elif text in ("Final cash", "Final score"):
                totals.append(half)
        drawn = page.get_contents().get_data().decode("latin-1")
        cut = re.search(r"\[4 3\] 0 d\nn 0 ([\d.]+) m ([\d.]+) \1 l S", drawn)
        out.append(([(half, player, total) for (half, player), total in zip(ledgers, totals[-len(ledgers):])],
                    cut is not None and abs(float(cut[1]) - middle) < 0.01 and float(cut[2]) == float(page.mediabox.width)))
    return out


def assert_one_ledger_a_half(path, players):
    """Issue 22: each ledger alone on a half page, whole, a cut line above a bottom half's (a player cuts it off
    and keeps their cash to themselves); the standings and the notes on the first page's top half."""
    pages = halves(path)
    seen = []
    for number, (ledgers, cut) in enumerate(pages):
        assert [half for half, _player, _total in ledgers] in ([], ["top"], ["bottom"], ["top", "bottom"]), ledgers
        assert all(half == total for half, _player, total in ledgers)  # a ledger does not cross the cut
        assert cut == any(half == "bottom" for half, _player, _total in ledgers), number
        seen += [player for _half, player, _total in ledgers]
    assert seen == list(players) and not any(half == "top" for half, _p, _t in pages[0][0])


def test_filled_sheet_has_the_standings_then_a_ledger_a_half_page(tmp_path):
    path = tmp_path / "e8.pdf"
    result = invoke("sheet", "--table", write(tmp_path, game_table(*E8[:2])), "-o", path)
    assert result.exit_code == 0, result.stderr
    pages = pdf_pages(path)
    text = "\n".join(pages)
    assert "Jewelry 4, Take-Out 5, Florist 1" in text and "$802,000" in text and "−$14,000" in text
    first = pages[0]
    assert "To complete: 3 Photo, Tea House, Seafood" in first
    assert "Cards and tiles (4 players) — 1965: deal 6 keep 4, 6 tiles · 1966–70: deal 5 keep 3, 3 tiles." in first
    assert "Cards and tiles (3 players)" not in text  # the game's own player count
    summary = first[first.index("Final standings"):]
    assert "1965" in summary and "1970" in summary and "Final cash" in summary and "winner" in summary
    assert summary.index("Dana") < summary.index("Fay") < summary.index("Gus") < summary.index("Eli")
    assert_one_ledger_a_half(path, E8[0])
    # each ledger has the income table, the sizes and the cash rule its player reckons with alone
    assert text.count("Income per business: 1 tile $10k") == 5 and text.count("Cash is private") == 5


@pytest.mark.parametrize("args, count", [([], 5), (["-p", 3], 3), (["-p", 5], 5)])
def test_a_blank_pad_has_a_ledger_a_half_page_and_every_deal(tmp_path, args, count):
    """Without a player count the pad is for up to five (a smaller table cuts off a spare half), and without
    names it tells the deal of three, four and five players (rules §2.7), whichever table sits down."""
    path = tmp_path / "blank.pdf"
    assert invoke("sheet", "chinatown", "--blank", *args, "-o", path).exit_code == 0
    pages = pdf_pages(path)
    text = "\n".join(pages)
    assert text.count("— ledger\n") == count and text.count("$50,000") == 2 * count  # standings' start, ledgers'
    assert "1965" in text and "1970" in text and "Final cash" in text and "$802" not in text
    assert "Final standings" in pages[0] and "Shop tiles (tie-break)" in " ".join(pages[0].split())
    for deal in ("Cards and tiles (3 players) — 1965: deal 7 keep 5, 7 tiles · 1966–70: deal 6 keep 4, 4 tiles.",
                 "Cards and tiles (4 players) — 1965: deal 6 keep 4, 6 tiles · 1966–70: deal 5 keep 3, 3 tiles.",
                 "Cards and tiles (5 players) — 1965: deal 5 keep 3, 5 tiles · 1966–67: deal 5 keep 3, 3 tiles · "
                 "1968–70: deal 4 keep 2, 2 tiles."):
        assert deal in pages[0]
    assert_one_ledger_a_half(path, ["____________"] * count)


def test_a_pad_with_names_says_their_deal_alone(tmp_path):
    path = tmp_path / "named.pdf"
    assert invoke("sheet", "chinatown", "--blank", "-p", "Ava", "Ben", "Cai", "-o", path).exit_code == 0
    first = pdf_pages(path)[0]
    assert "Cards and tiles (3 players) — 1965: deal 7 keep 5, 7 tiles · 1966–70: deal 6 keep 4, 4 tiles." in first
    assert "(4 players)" not in first and "(5 players)" not in first
    assert_one_ledger_a_half(path, ["Ava", "Ben", "Cai"])


def test_four_season_sheet_has_its_own_columns_and_notes(tmp_path):
    path = tmp_path / "s2.pdf"
    assert invoke("sheet", "--table", write(tmp_path, S2), "-o", path).exit_code == 0
    text = "\n".join(pdf_pages(path))
    assert "Four seasons (Persian summary): $60,000 each" in text and "To complete" not in text
    assert "Cards and tiles" not in text
    assert "Auctions" in text and "Restaurant 4 × 60k" in text and "Shop bonus" in text
    assert "$529,000" in text and "+$40,000" in text


def test_a_four_season_sheet_before_the_end_pays_no_bonus_yet(tmp_path):  # was "+$0" on each ledger
    path = tmp_path / "part.pdf"
    table = {**S2, "rounds": S2["rounds"][:2], "trades": [t for t in S2["trades"] if t["round"] <= 2]}
    assert invoke("sheet", "--table", write(tmp_path, table), "-o", path).exit_code == 0
    text = "\n".join(pdf_pages(path))
    assert "+$0" not in text and text.count("Shop bonus\n$10,000 per shop built\nFinal score\n") == 3


def test_a_filled_sheet_says_who_won_the_tie_under_the_standings(tmp_path):  # E11
    path = tmp_path / "e11.pdf"
    assert invoke("sheet", "--table", write(tmp_path, e11()), "-o", path).exit_code == 0
    pages = pdf_pages(path)
    summary = pages[0]
    assert summary.index("Final standings") < summary.index("Ties on cash")
    assert "Ties on cash — the most shop tiles on the board in the last year wins; still level, the place is shared" \
        in summary
    assert "\nBen and Ana are level on $802,000; Ben wins the tie: 11 shop tiles to 9.\n" in summary
    assert summary.index("Ben\nwinner\n1\n") < summary.index("Ana\n2\n")
    assert "Ties on cash" not in "\n".join(pages[1:])
    assert_one_ledger_a_half(path, ["Ana", "Ben", "Cy"])


def test_the_standings_count_the_shop_tiles_that_break_a_tie(tmp_path):  # E11: Ben 11 tiles, Ana 9
    result = ct.score(e11())
    data = sheet.sheet(result, players=["Ana", "Ben", "Cy"])
    tiles = {row["label"]: row["tiles"] for row in data["grids"]["ledger_standings"][0]["rows"]}
    assert tiles == {"Ben": 11, "Ana": 9, "Cy": ct.board_tiles(result.detail.lines[-1]["Cy"])}
    path = tmp_path / "e11.pdf"
    assert invoke("sheet", "--table", write(tmp_path, e11()), "-o", path).exit_code == 0
    standings = " ".join(pdf_pages(path)[0].split("Final standings")[1].split("Ties on cash")[0].split())
    assert "Shop tiles (tie-break)" in standings and "$802,000 11" in standings and "$802,000 9" in standings
    seasons = sheet.sheet(ct.score(S2), players=["X", "Y", "Z"])  # no tie-break in the four-season game
    assert all("tiles" not in row for row in seasons["grids"]["seasons_standings"][0]["rows"])


def test_a_sheet_without_a_tie_has_no_tie_section(tmp_path):
    path = tmp_path / "e8.pdf"
    assert invoke("sheet", "--table", write(tmp_path, game_table(*E8[:2])), "-o", path).exit_code == 0
    assert "Ties" not in "\n".join(pdf_pages(path))


def test_a_four_season_sheet_says_a_tie_is_shared(tmp_path):
    path = tmp_path / "s.pdf"
    assert invoke("sheet", "--table", write(tmp_path, TIES[-1][0]), "-o", path).exit_code == 0
    summary = pdf_pages(path)[0]
    assert "Ties — the four-season game has no tie-break: players level share the place" in summary
    assert "X and Y are level on $70,000; the four-season game has no tie-break: they share 1st place." in summary


# --- one real terminal ---------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_year_typed_at_the_real_prompts(tmp_path, database):
    from test_terminal import Terminal

    term = Terminal(tmp_path, f"{sys.executable} -m scorepad play chinatown --players Ava Ben Cai --rounds 1")
    try:
        term.wait_for("Who takes the First Player card?")
        term.keys("Enter")  # Ava
        term.wait_for("── 1965 · year 1 of 1 ── start player: Ava")
        term.wait_for("Enter: trading is done):")
        term.type("Ava Ben 60k")  # more than Ava has: refused, and nobody's balance shows
        screen = term.wait_for("would take Ava below $0; Ava has less than that")
        assert "$50,000" not in screen.split("Ava Ben 60k")[-1]
        term.keys("C-u")
        term.type("Ava Ben 5k")
        term.wait_for("What did Ava's $5,000 buy?")
        term.type("lot 12")
        term.wait_for("  Ava pays Ben $5,000.")
        term.type("cash Ava")
        term.wait_for("Ava has $45,000 after this year's payments so far.")
        term.type("Cai Ava 3k")
        term.wait_for("What did Cai's $3,000 buy?")
        term.type("")
        term.type("")  # trading is done
        term.wait_for("1965 · Ava's businesses (type and tiles")
        term.type("photo 2, flor 1, dim 1")
        term.wait_for("Ava's income for 1965: $40,000")
        term.type("laun 2, ant 1, sea 1")
        term.wait_for("1965 · Cai's businesses (type and tiles")
        term.type("tea 2, fact 2")
        screen = term.wait_for("Write the score sheet as a PDF?")
        assert "Ben wins with $95,000." in screen and "\n  start       $50,000  $50,000  $50,000\n" in screen
        assert "  Ava pays Ben $5,000 (lot 12)." in screen
        term.keys("n")
        term.wait_for("Show a QR code that adds this play to BG Stats on a phone?")
        term.keys("Enter")  # no, the default
        screen = term.wait_for("EXIT=0")
        assert "Traceback" not in screen
    finally:
        term.close()


def test_the_session_table_leaves_out_end_markers_and_later_rounds_trades():  # the engine's list items
    doc = new_doc(by_slug("chinatown"), PLAYERS, [], 2, seed=1)
    for player in PLAYERS:
        doc["entries"].append({"at": ["rounds", 0, player, "businesses"], "value": []})
    doc["entries"] += [{"at": ["trades", 0], "value": {"round": 1, "from": "Ana", "to": "Ben", "amount": 5}},
                       {"at": ["trades", 1], "value": None},
                       {"at": ["trades", 2], "value": {"round": 2, "from": "Ben", "to": "Cy", "amount": 7}}]
    session = session_of(doc)
    assert session.table(1)["trades"] == [{"round": 1, "from": "Ana", "to": "Ben", "amount": 5}]
    assert len(session.table()["trades"]) == 2  # without a round count: every recorded item but the marker
    assert [s.total for s in session.score(1).standings] == [50_005, 50_000, 49_995]


def test_odd_digits_in_the_business_notation():
    # '²' passes str.isdigit() but int() refuses it: refused as text, never a traceback;
    # Arabic-Indic digits (a Persian keyboard) are decimal digits and read as numbers.
    with pytest.raises(InvalidInput, match="'²' is not part of a business"):
        notation.parse_businesses("rest ²")
    assert notation.parse_businesses("rest ٣") == [{"type": "restaurant", "tiles": 3}]


# --- languages: the refusals as data, what a Persian or Arabic keyboard types, the words of a translation --------

@pytest.mark.parametrize("table, code, values", [
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 3}, {"type": "photo", "tiles": 3}]},
                 "Ben": {"businesses": [{"type": "photo", "tiles": 1}]}}),
     "chinatown.over-supply", {"tiles": 7, "kind": "photo", "supply": 6}),
    (with_round({"Ana": {"businesses": [{"type": "photo", "tiles": 4}]}}),
     "chinatown.tiles-out-of-range", {"kind": "photo", "tiles": 4, "size": 3}),
    (with_round({"Ana": {"businesses": [{"type": "bakery", "tiles": 2}]}}),
     "chinatown.unknown-type", {"kind": "bakery", "types": tuple(ct.COMPLETE_SIZE)}),
    (with_round({}, trades=[{**TRADE, "amount": 60_000}]),
     "chinatown.trade-below-zero", {"payer": "Ana", "amount": 60_000, "payee": "Ben"}),
    (with_round({"Ana": {"spent": 70_000}}, variants=["four-seasons"]),
     "chinatown.auction-below-zero", {"payer": "Ana", "amount": 70_000}),
    (with_round({"Ana": {"built": ["a", "b", "c"]}}, variants=["four-seasons"]),
     "chinatown.too-many-builds", {"shops": 3, "most": 2}),
    (with_round({}, trades=[{**TRADE, "to": "Ana"}]), "chinatown.pays-themselves", {"payer": "Ana"}),
    ({**with_round({}), "variants": ["four-seasons"], "rounds": [{p: {} for p in ("Ana", "Ben", "Cy")}] * 5},
     "chinatown.too-many-seasons", {"rounds": 5, "most": 4}),
    (with_round({"Ana": {"businesses": [{"type": "restaurant", "tiles": 6}, {"type": "photo", "tiles": 3}]},
                 "Ben": {"businesses": [{"type": "factory", "tiles": 6}, {"type": "seafood", "tiles": 1}]}}),
     "chinatown.over-lots", {"tiles": 16, "year": 1965, "lots": 15, "players": 3, "kept": 5}),
])
def test_a_refusal_is_a_code_and_values(table, code, values):  # the calculator holds no sentence (design.md 8)
    with pytest.raises(InvalidInput) as caught:
        ct.score(table)
    assert (caught.value.code, caught.value.values) == (code, values)


def test_every_chinatown_code_has_its_wording():
    codes = set()
    for path in (ROOT / "calculators" / "chinatown.py", *(ROOT / "scorepad" / "games" / "chinatown").glob("*.py")):
        codes |= set(re.findall(r"(?:InvalidInput|Phrase)\(\s*\"(chinatown\.[a-z-]+)\"", path.read_text()))
        codes |= set(re.findall(r"code=\"(chinatown\.[a-z-]+)\"", path.read_text()))
    assert len(codes) > 30 and codes <= set(CHINATOWN.phrases), codes - set(CHINATOWN.phrases)


def test_the_ties_are_data_worded_here():  # E11's tie, and three level players (one place shared)
    assert ct.score(e11()).tiebreaks == (Phrase("chinatown.tie-won", {
        "players": ("Ben", "Ana"), "total": 802_000, "winner": "Ben", "won": 11, "lost": 9}),)
    many = ct.tie_phrase(ct.Tie(90_000, ("Cy", "Ana", "Ben"), {"Cy": 1, "Ana": 2, "Ben": 2},
                                {"Cy": 5, "Ana": 3, "Ben": 3}))
    assert many.values["order"] == ((("Cy",), 5, 1), (("Ana", "Ben"), 3, 2))
    assert say(many) == ("Cy, Ana and Ben are level on $90,000; the most shop tiles decide: Cy 5 (1st), "
                         "Ana and Ben 3 each (they share 2nd).")


@pytest.mark.parametrize("text, dollars", [
    ("۱۰k", 10_000),  # Persian digits
    ("١٠٬٠٠٠", 10_000),  # Arabic-Indic digits, the Arabic thousands mark
    ("۱٫۵k", 1_500),  # the Arabic decimal mark, as a Persian keyboard types it
    ("$۱۲،۵۰۰", 12_500),  # the Arabic comma as a thousands mark
    ("٧٫٥K", 7_500),
])
def test_money_in_persian_and_arabic_digits(text, dollars):
    assert notation.parse_money(text) == dollars


@pytest.mark.parametrize("text, dollars", [("Ana Ben ۱۰k", 10_000), ("Ana Ben ١٠٬٠٠٠", 10_000),
                                           ("Ana Ben ۱٫۵ k", 1_500), ("Ana، Ben، ۱۰k", 10_000)])
def test_a_trade_typed_with_persian_or_arabic_digits(text, dollars):
    assert notation.parse_trade(text, PLAYERS, 1)["amount"] == dollars


def test_a_persian_digit_amount_still_refuses_a_fraction_of_a_dollar():
    with pytest.raises(InvalidInput, match=r"^'۱۰۰۰٫۵' is not a whole number of dollars$"):
        notation.parse_money("۱۰۰۰٫۵")


def test_businesses_typed_with_persian_digits_and_the_arabic_comma():
    assert notation.parse_businesses("rest ۴، photo ٣") == [{"type": "restaurant", "tiles": 4}, {"type": "photo", "tiles": 3}]


class Words(gettext.NullTranslations):
    """A stand-in catalogue (the translators' .po files come later): msgid or (context, msgid) → translation."""

    def __init__(self, words):
        super().__init__()
        self.words = words

    def gettext(self, message):
        return self.words.get(message, message)

    def pgettext(self, context, message):
        return self.words.get((context, message), message)


PERSIAN = Words({("Chinatown business", "Restaurant"): "رستوران", ("Chinatown business", "Tea House"): "چای‌خانه",
                 ("Chinatown business", "Photo"): "عکاسی", ("typed word", "rest"): "رس",
                 ("typed word", "photo"): "عک", ("typed word", "k"): "ه", ("typed word", "none"): "هیچ",
                 ("typed word", "and"): "و", ("typed word", "cash"): "پول",
                 ("thousands separator", ","): "٬", "{names} and {last}": "{names} و {last}"})


@pytest.fixture
def persian():
    with i18n.speaking("fa", PERSIAN):
        yield


@pytest.mark.parametrize("text, kind", [
    ("رستوران", "restaurant"), ("رستو", "restaurant"), ("رس", "restaurant"),  # the name, its start, the word
    ("چای‌خانه", "tea-house"), ("چای خانه", "tea-house"), ("چایخانه", "tea-house"),  # ZWNJ, space or neither
    ("rest", "restaurant"), ("Restaurant", "restaurant"), ("fish", "tropical-fish"),  # English always works
])
def test_a_persian_player_types_the_persian_name_or_its_start(persian, text, kind):
    assert notation.business_type(text) == kind


def test_a_persian_table_types_its_own_words(persian):
    typed = "رس ۴ و عک ۳، چای‌خانه ۲"
    assert notation.parse_businesses(typed) == [{"type": "restaurant", "tiles": 4}, {"type": "photo", "tiles": 3},
                                            {"type": "tea-house", "tiles": 2}]
    assert notation.parse_businesses("هیچ") == [] and notation.parse_businesses("none") == []
    owned = notation.parse_businesses(typed)
    assert notation.format_businesses(owned) == "رس 4, عک 3, tea 2"  # what Enter keeps: it reads back the same
    assert notation.parse_businesses(notation.format_businesses(owned)) == owned
    assert notation.parse_money("۱۰ه") == notation.parse_money("10k") == 10_000
    assert notation.parse_trade("Ana Ben ۵ ه", PLAYERS, 1)["amount"] == 5_000
    assert scorepad_words.money(-1_250_000) == "−$1٬250٬000"
    assert scorepad_words.names_text(["Ana", "Ben", "Cy"]) == "Ana, Ben و Cy"


def test_the_prompt_words_in_a_translation_and_in_english(persian, store):
    from scorepad.cli.play import _command

    session_id = start(store, PLAYERS)
    session = session_of(store.get(session_id), session_id)
    words = shown.commands(session)
    for typed, player in (("پول Ana", "Ana"), ("cash Ben", "Ben")):  # the language's word, and the English one
        assert _command(typed, words).run() == f"{player} has $50٬000 (the starting money)."
    assert "پول NAME" in words["cash"][0] and "`پول NAME`" in printed(flow.steps(session)[0].said())


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
def test_every_language_types_each_business_back_as_it_shows_it(code):
    i18n.use(code)
    try:
        for kind in ct.COMPLETE_SIZE:
            assert notation.business_type(names.short_name(kind)) == kind, (code, kind)
            assert notation.business_type(names.type_name(kind)) == kind, (code, kind)
            assert notation.business_type(names.ENGLISH_SHORT[kind]) == kind, (code, kind)
    finally:
        i18n.use(i18n.ENGLISH)


def test_the_guide_and_the_sheet_read_the_calculators_values(monkeypatch):
    monkeypatch.setattr(ct, "START_CASH", 70_000)
    monkeypatch.setattr(ct, "CARDS_RETURNED", 3)
    monkeypatch.setattr(ct, "INCOMPLETE_INCOME", {1: 15_000, 2: 25_000, 3: 45_000, 4: 65_000, 5: 85_000})
    monkeypatch.setattr(ct, "END_BONUS_PER_SHOP", 20_000)

    class Table:
        players, modules, variants, rounds_planned = PLAYERS, (), (), 6
    setup = flow.setup_text(Table(), "")
    assert "pays each player $70,000" in setup and "90 shop tiles" in setup and "85 building cards" in setup
    assert sheet.sheet_notes()[0].startswith("Income per business: 1 tile $15k · 2 $25k")
    assert sheet.seasons_notes()[2].startswith("At the end: +$20,000 per shop built.")
    assert shown.bonus_rule() == "$20,000 per shop built"
    assert "+$20,000 per shop at the end" in CHINATOWN.variants["four-seasons"]


def test_the_registry_reads_the_explanations_in_the_chosen_language(persian, monkeypatch):
    monkeypatch.setitem(PERSIAN.words, wording.OPEN_CASH_EXPLAINED, "پول همه")
    monkeypatch.setitem(PERSIAN.words, wording.FOUR_SEASONS_EXPLAINED, "چهار فصل، {cash}")
    assert by_slug("chinatown").modules["open-cash"] == "پول همه"
    assert by_slug("chinatown").variants["four-seasons"] == "چهار فصل، $60٬000"
    assert wording.field_label("trade 2 amount") == "trade 2 amount" and wording.field_label("businesses") is None


def test_a_years_trades_are_counted_once_not_once_a_trade(monkeypatch):
    """Issue 29, point 5: each trade's place in its year was counted again for each trade (an import of 5,000
    trades took minutes under the lock); the steps read a year's trades once."""
    from scorepad.games import by_slug
    from scorepad.games.chinatown import flow
    from scorepad.table.session import Session
    from scorepad.table.travel import doc_from_table

    trades = [{"round": 1, "from": ("Ava", "Ben")[n % 2], "to": ("Ben", "Ava")[n % 2], "amount": 1000}
              for n in range(300)]
    table = {"game": "chinatown", "players": ["Ava", "Ben", "Cai"], "trades": trades,
             "rounds": [{"Ava": {"businesses": [{"type": "photo", "tiles": 3}]}, "Ben": {"businesses": []},
                         "Cai": {"businesses": []}}]}
    game = by_slug("chinatown")
    doc = doc_from_table(table, game)
    read = []
    counted = flow.trades_of
    monkeypatch.setattr(flow, "trades_of", lambda session, number: read.append(number) or counted(session, number))
    steps = Session(doc, game).steps()
    assert len(read) <= 2 * game.max_rounds, len(read)
    labels = [ask.label for ask in steps if getattr(ask, "at", (None,))[0] == "trades"]
    assert labels[0].endswith("1") and labels[299].endswith("300"), labels[:2] + labels[-2:]
