"""Chinatown's board form: the layout file against its sources' facts, businesses derived from random legal
boards, and every impossible board refused in one line naming the year, the player and the lot."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import pytest

from calculators import chinatown as rules
from calculators.chinatown_board import Board
from calculators.core import InvalidInput
from scorepad.games import by_slug
from scorepad.games.chinatown.board import board, layout

GAME = by_slug("chinatown")  # its refusals are worded once the registry has loaded it
DATA = json.loads(resources.files("scorepad.games.chinatown").joinpath("board.json").read_text(encoding="utf-8"))


# --- the layout, against what its three sources agree on ------------------------------------------------------

def test_the_layout_holds_85_lots_in_six_blocks_of_the_sources_sizes():
    b = board()
    assert b.lots == tuple(range(1, 86))
    sizes = [sum(1 for lot in b.lots if b.block[lot] == n) for n in range(1, 7)]
    assert sizes == [15, 12, 15, 16, 12, 15]  # zahediadib ADJACENCY, chinatown_banker's grid, sheki's zone files


def test_the_layout_has_119_links_each_both_ways_and_none_across_a_street():
    b = board()
    assert b.links() == 119
    for lot, others in DATA["adjacent"].items():
        for other in others:
            assert int(lot) in DATA["adjacent"][str(other)], (lot, other)  # both ways
            assert b.block[other] == b.block[int(lot)], (lot, other)  # a street is never crossed
            (r1, c1), (r2, c2) = b.place[int(lot)], b.place[other]
            assert abs(r1 - r2) + abs(c1 - c2) == 1, (lot, other)  # orthogonal neighbours on the grid


def test_the_layout_file_names_its_sources():
    assert all(source in DATA["about"] for source in ("zahediadib/chinatown", "Pertempto/chinatown_banker",
                                                      "sheki/chinatown"))


def test_a_wrong_link_in_the_data_is_refused_where_it_is_read():
    data = copy.deepcopy(DATA)
    data["adjacent"]["15"].append(16)  # across the street between blocks 1 and 2
    with pytest.raises(ValueError, match="lot 15"):
        Board.from_data(data)


def test_a_phone_can_draw_it_from_the_layout():
    drawn = layout()
    assert (drawn["rows"], drawn["columns"]) == (11, 17)
    assert drawn["lots"]["37"] == {"block": 3, "row": 3, "column": 10}
    assert len(drawn["lots"]) == 85


# --- businesses derived ------------------------------------------------------------------------------------------

def table(*years, players=("Ana", "Ben", "Cy")):
    return {"game": "chinatown", "players": list(players), "rounds": list(years)}


def score(t):
    return rules.score(t, board())


def businesses(result, year, player):
    return sorted((b.kind, b.tiles) for b in result.detail.lines[year][player].businesses)


def test_four_photo_tiles_in_a_row_are_a_complete_business_and_one_more():
    year = {"Ana": {"lots": [1, 2, 3, 4, 5], "shops": {"1": "photo", "2": "photo", "3": "photo", "4": "photo"}},
            "Ben": {"lots": [6, 7, 8, 9, 10]}, "Cy": {"lots": [11, 12, 13, 14, 15]}}
    result = score(table(year))
    assert businesses(result, 0, "Ana") == [("photo", 1), ("photo", 3)]
    assert result.detail.lines[0]["Ana"].income == 50_000 + 10_000  # rules §2.8, "larger than complete"


def test_a_street_another_owner_or_another_type_splits_a_group():
    year = {"Ana": {"lots": [5, 9, 19, 16, 1], "shops": {"5": "seafood", "9": "seafood", "16": "seafood",
                                                           "19": "seafood", "1": "florist"}},
            "Ben": {"lots": [2, 4, 3, 6, 7], "shops": {"2": "florist", "4": "florist"}},
            "Cy": {"lots": [10, 11, 12, 13, 14]}}
    result = score(table(year))
    # 5-9 in block 1, 16-19 in block 2 (no link 9-16: a street); lot 1's florist and Ben's lot 2 never join
    assert businesses(result, 0, "Ana") == [("florist", 1), ("seafood", 2), ("seafood", 2)]
    assert businesses(result, 0, "Ben") == [("florist", 2)]  # lots 2 and 4 touch; Ana's florist on 1 is hers
    assert result.detail.lines[0]["Ben"].income == 20_000


def groups_by_grid(lots, shops):
    """The businesses by flood fill on the grid's cells (an independent reading of the rules, not derive())."""
    where = {lot: (r, c) for r, row in enumerate(DATA["grid"]) for c, lot in enumerate(row) if lot}
    block = {lot: b["block"] for b in DATA["blocks"] for lot in range(b["first"], b["last"] + 1)}
    at = {cell: lot for lot, cell in where.items()}
    seen, out = set(), []
    for lot in sorted(shops):
        if lot in seen:
            continue
        size, todo = 0, [lot]
        seen.add(lot)
        while todo:
            here = todo.pop()
            size += 1
            r, c = where[here]
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                other = at.get(cell)
                if (other in lots and other not in seen and shops.get(other) == shops[lot]
                        and block[other] == block[here]):
                    seen.add(other)
                    todo.append(other)
        s = rules.COMPLETE_SIZE[shops[lot]]
        out += [(shops[lot], s)] * (size // s) + ([(shops[lot], size % s)] if size % s else [])
    return sorted(out)


def random_game(rng, players):
    """A legal game's boards: each year's kept cards dealt, lots traded, shops placed within the box."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eli"][:players]
    deck = list(range(1, 86))
    rng.shuffle(deck)
    lots = {p: [] for p in names}
    shops: dict[int, str] = {}
    years = []
    for year in range(1, rng.randint(1, 6) + 1):
        kept = rules.cards_and_tiles(players, year)[1]
        for p in names:
            lots[p] += [deck.pop() for _ in range(kept)]
        for _ in range(rng.randint(0, 3)):  # a lot changes hands, its shop with it
            giver, taker = rng.sample(names, 2)
            if lots[giver]:
                lot = rng.choice(lots[giver])
                lots[giver].remove(lot)
                lots[taker].append(lot)
        for p in names:
            empty = [lot for lot in lots[p] if lot not in shops]
            for lot in rng.sample(empty, rng.randint(0, len(empty))):
                counted = {k: list(shops.values()).count(k) for k in rules.COMPLETE_SIZE}
                free = [k for k in rules.COMPLETE_SIZE if counted[k] < rules.SUPPLY[k]]
                # few types, so that groups form (and grow past complete)
                shops[lot] = rng.choice(free[:3] if rng.random() < 0.8 else free)
        years.append({p: {"lots": list(lots[p]), "shops": {str(lot): shops[lot] for lot in lots[p] if lot in shops}}
                      for p in names})
    return names, years


@pytest.mark.parametrize("seed", range(60))
def test_random_legal_boards_score_as_the_businesses_they_derive(seed):
    rng = random.Random(seed)
    names, years = random_game(rng, rng.choice(rules.PLAYERS))
    board_table = table(*years, players=names)
    result = score(board_table)
    typed = copy.deepcopy(board_table)
    for number, year in enumerate(years):
        for p in names:
            shops = {int(lot): kind for lot, kind in year[p]["shops"].items()}
            expected = groups_by_grid(set(year[p]["lots"]), shops)
            assert businesses(result, number, p) == expected
            typed["rounds"][number][p] = {"businesses": [{"type": k, "tiles": n} for k, n in expected]}
    # the businesses form of the same game scores the same; both forms together agree too
    assert [(s.player, s.total, s.rank) for s in rules.score(typed).standings] == \
        [(s.player, s.total, s.rank) for s in result.standings]
    both = copy.deepcopy(board_table)
    for number, year in enumerate(typed["rounds"]):
        for p in names:
            both["rounds"][number][p]["businesses"] = list(reversed(year[p]["businesses"]))
    assert score(both).standings == result.standings


# --- impossible boards ---------------------------------------------------------------------------------------------

def legal():
    first = {"Ana": {"lots": [1, 2, 3, 4, 5], "shops": {"1": "photo", "2": "photo"}},
             "Ben": {"lots": [16, 17, 18, 19, 20], "shops": {"16": "florist"}},
             "Cy": {"lots": [28, 29, 30, 31, 32], "shops": {}}}
    second = copy.deepcopy(first)
    second["Ana"]["lots"] += [6, 7, 8, 9]
    second["Ben"]["lots"] += [21, 22, 23, 24]
    second["Cy"]["lots"] += [33, 34, 35, 36]
    return table(first, second)


def refused(t):
    with pytest.raises(InvalidInput) as caught:
        score(t)
    return caught.value


def test_the_legal_board_scores():
    assert score(legal()).detail.lines[1]["Ana"].income == 20_000


@pytest.mark.parametrize("change, code, year, player, lot", [
    (lambda t: t["rounds"][0]["Ben"]["lots"].__setitem__(4, 1), "lot-owned-twice", 1965, "Ben", 1),
    (lambda t: t["rounds"][0]["Cy"]["shops"].update({"3": "photo"}), "shop-not-owned", 1965, "Cy", 3),
    (lambda t: t["rounds"][0]["Cy"]["lots"].append(40), "too-many-lots", 1965, "Cy", 40),
    (lambda t: t["rounds"][1]["Cy"]["lots"].append(60), "too-many-lots", 1966, "Cy", 60),
    (lambda t: t["rounds"][1]["Ana"]["lots"].remove(5), "lot-lost", 1966, "Ana", 5),
    (lambda t: t["rounds"][1]["Ana"]["shops"].pop("2"), "shop-moved", 1966, "Ana", 2),
    (lambda t: t["rounds"][1]["Ana"]["shops"].update({"2": "seafood"}), "shop-moved", 1966, "Ana", 2),
    (lambda t: (t["rounds"][1]["Ana"]["shops"].pop("2"), t["rounds"][1]["Ana"]["shops"].update({"6": "photo"})),
     "shop-moved", 1966, "Ana", 2),
    (lambda t: t["rounds"][1]["Ben"]["shops"].update({str(lot): "photo" for lot in (20, 21, 22, 23, 24)}),
     "board-over-supply", 1966, "Ben", 24),
])
def test_every_impossible_board_is_refused_naming_the_year_the_player_and_the_lot(change, code, year, player, lot):
    t = legal()
    change(t)
    error = refused(t)
    assert (error.code, error.round, error.player, error.values["lot"]) == (f"chinatown.{code}", year - 1964, player,
                                                                            lot)
    assert str(year) in str(error) and player in str(error) and f"lot {lot}" in str(error)
    assert "\n" not in str(error)


def test_a_lot_traded_keeps_its_shop_and_moves_to_its_new_owner():
    t = legal()
    t["rounds"][1]["Ana"]["lots"].remove(2)
    del t["rounds"][1]["Ana"]["shops"]["2"]
    t["rounds"][1]["Ben"]["lots"].append(2)
    t["rounds"][1]["Ben"]["shops"]["2"] = "photo"
    t["rounds"][1]["Ben"]["lots"].remove(24)
    t["rounds"][1]["Ana"]["lots"].append(24)
    result = score(t)
    assert businesses(result, 1, "Ben") == [("florist", 1), ("photo", 1)]


def test_too_few_lots_is_refused_when_every_player_gave_the_board():
    t = legal()
    t["rounds"][0]["Cy"]["lots"].pop()
    error = refused(t)
    assert (error.code, error.player) == ("chinatown.too-few-lots", "Cy")
    assert "1965" in str(error)
    del t["rounds"][0]["Cy"]  # a player who typed their businesses: the lots cannot be counted
    t["rounds"][0]["Cy"] = {"businesses": []}
    t["rounds"][1]["Cy"] = {"businesses": []}
    assert score(t).detail.lines[0]["Cy"].income == 0


def test_businesses_given_beside_the_board_must_be_what_it_makes():
    t = legal()
    t["rounds"][0]["Ana"]["businesses"] = [{"type": "photo", "tiles": 2}]
    assert score(t).detail.lines[0]["Ana"].income == 20_000
    t["rounds"][0]["Ana"]["businesses"] = [{"type": "photo", "tiles": 1}, {"type": "photo", "tiles": 1}]
    assert refused(t).code == "chinatown.not-the-board"


@pytest.mark.parametrize("lots, shops, code", [
    ("12", {}, "chinatown.not-lots"), ([0], {}, "chinatown.not-a-lot"), ([86], {}, "chinatown.not-a-lot"),
    ([1.0], {}, "chinatown.not-a-lot"), ([True], {}, "chinatown.not-a-lot"), ([12, 12], {}, "chinatown.lot-twice"),
    ([12], [], "chinatown.not-shops"), ([12], {"12": "cafe"}, "chinatown.unknown-type"),
    ([12], {"x": "photo"}, "chinatown.not-a-lot-key"), ([12], {"012": "photo"}, "chinatown.not-a-lot-key"),
    ([12], {"12": ["photo"]}, "chinatown.unknown-type"),
])
def test_a_malformed_board_is_refused(lots, shops, code):
    t = table({"Ana": {"lots": lots, "shops": shops}, "Ben": {"businesses": []}, "Cy": {"businesses": []}})
    assert refused(t).code == code


def test_the_tie_break_counts_the_last_boards_shop_tiles():
    first = {"Ana": {"lots": [1, 2, 3, 4, 5], "shops": {"1": "photo"}},
             "Ben": {"lots": [16, 17, 18, 19, 20], "shops": {"16": "tea-house"}},
             "Cy": {"lots": [28, 29, 30, 31, 32], "shops": {"28": "seafood", "32": "jewelry"}}}
    t = table(first)
    t["trades"] = [{"round": 1, "from": "Cy", "to": "Ana", "amount": 5000}]
    result = score(t)
    assert result.detail.ties[0].tiles == {"Cy": 2, "Ana": 1}
    assert [s.player for s in result.standings] == ["Cy", "Ana", "Ben"]


# --- the guided game: lots and shops typed beside the businesses ---------------------------------------------------

def start(store, players=("Ana", "Ben", "Cy"), rounds=2):
    from scorepad.table.changes import new_doc
    return store.insert(new_doc(GAME, list(players), [], rounds, seed=7))


def test_lots_and_shops_typed_at_the_prompts_count_the_businesses(store):
    from conftest import run
    answers = ["Ana", "",  # the first player; no trades in 1965
               "lots 1 2 3 4 5", "photo 1 2 3 4",  # Ana turns to the board: her lots, then her shops
               "rest 4",  # Ben types his businesses, as before
               "11 12 13 14 15", "flor 11, 12",  # Cy's lots, then his shops (12 joins the florists)
               "board",  # the board at a prompt: printed, and the question asked again
               "",  # 1966: no trades
               "6 7 8 9",  # Ana is asked for her lots first now (she gave the board last year)
               "photo 6",
               "rest 4",  # Ben, as last year
               "16 17 18 19", ""]
    session, prompter, text = run(store, start(store), answers)
    assert session.finished and not prompter.refused
    table = session.table()
    assert table["rounds"][0]["Ana"] == {"lots": [1, 2, 3, 4, 5],
                                         "shops": {"1": "photo", "2": "photo", "3": "photo", "4": "photo"}}
    assert table["rounds"][0]["Ben"] == {"businesses": [{"type": "restaurant", "tiles": 4}]}
    assert table["rounds"][1]["Ana"]["shops"] == {"1": "photo", "2": "photo", "3": "photo", "4": "photo",
                                                  "6": "photo"}  # her shops stay; the new one added
    assert "  Ana's income for 1965: $60,000" in text  # photo 3 + photo 1 (larger than complete)
    assert "  Cy's income for 1965: $20,000" in text
    assert "1966 · Ana's lots [1965: 1 2 3 4 5; add this year's cards" in "\n".join(prompter.asked)
    assert "The board in 1965" in text and "  1A  2A" in text and "A Ana · B Ben · C Cy" in text
    from scorepad.games.chinatown.report import report
    shown = report(session)  # `show`: the ledgers, then the board as it ended
    assert "The board in 1966" in shown and "   6A  7A  8A  9A" in shown


def test_the_prompts_refuse_an_impossible_board_in_one_line(store):
    from conftest import run
    answers = ["Ana", "", "lots 1 2 3 4 5", "", "lots 5 6 7 8 9", "6 7 8 9 10", "", "rest 1",
               "", "", "", "", "", ""]
    session, prompter, _text = run(store, start(store, rounds=1), answers)
    assert prompter.refused[0][0] == "lots 5 6 7 8 9"
    assert prompter.refused[0][1].endswith("in 1965 lot 5 is Ana's too")
    assert session.table()["rounds"][0]["Ben"]["lots"] == [6, 7, 8, 9, 10]


# --- the sheet: the final board as a small map ------------------------------------------------------------------

def test_the_sheet_of_a_board_game_draws_the_final_board(tmp_path):
    import io

    import pypdf

    from scorepad import sheets
    t = legal()
    result = GAME.score(t)
    data = GAME.sheet(result, players=t["players"], date="2026-12-01")
    drawn = data["maps"]["board"]
    cells = {cell["text"]: cell for row in drawn["rows"] for cell in row if cell}
    assert len(cells) == 85
    assert (cells["1"]["corner"], cells["1"]["mark"]) == ("A", "Ph")  # Ana's photo shop
    assert (cells["16"]["corner"], cells["16"]["mark"]) == ("B", "Fl")
    assert cells["60"]["corner"] == "" and cells["60"]["fill"] == "#ffffff"  # nobody's
    assert drawn["rows"][0][0] is None  # a street
    buf = io.BytesIO()
    assert sheets.render(sheets.load_template(GAME.template), data, buf) == []
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(buf.getvalue())).pages)
    assert "The board in 1966" in text and "A Ana · B Ben · C Cy" in text


def test_a_sheet_of_typed_businesses_has_no_map():
    t = legal()
    for year in t["rounds"]:
        for p in t["players"]:
            year[p] = {"businesses": []}
    assert "maps" not in GAME.sheet(GAME.score(t), players=t["players"])
