"""Next Station: London: the worked examples NSL-1…NSL-8, the deck, pencils, validation, play, CLI, sheets."""

import copy
import io
import json

import pypdf
import pytest
from conftest import run, table_part
from typer.testing import CliRunner

from calculators import next_station_london as nsl
from calculators.core import InvalidInput, Phrase, say
from scorepad import cli
from scorepad.cli import terminal
from scorepad.cli.asking import prompt
from scorepad.games import by_slug
from scorepad.games.next_station_london.deck import card_text
from scorepad.games.next_station_london.guide import round_text, setup_text
from scorepad.games.next_station_london.notation import parse_objective_cards, parse_power_cards
from scorepad.games.next_station_london.seats import objectives, powers
from scorepad.games.next_station_london.words import FACE_NAMES, THREE_NUMBERS, objective_text
from scorepad.cli.prompter import Aborted
from scorepad.table.changes import new_doc, record
from scorepad.table.session import Session

# Worked examples: shared/rules/lost-cities-and-next-station-london.md, part B5.


def line(d, s, x, t=0, sections=None):
    out = {"districts": d, "stations": s, "thames": x, "tourist": t}
    if sections is not None:
        out["sections"] = sections
    return out


def table(players, rounds, final=None, variants=(), modules=()):
    out = {"game": "next-station-london", "variants": list(variants), "players": list(players),
           "rounds": [dict(zip(players, r)) for r in rounds]}
    if final is not None:
        out["final"] = final
    if modules:
        out["modules"] = list(modules)
    return out


def ic(two=0, three=0, four=0):
    return {"2": two, "3": three, "4": four}


# NSL-1: John's rulebook sheet; 7 tourist passes (the split is ours: 2 + 2 + 2 + 1).
NSL1 = table(["John"], [[line(6, 3, 1, 2)], [line(4, 4, 0, 2)], [line(5, 5, 2, 2)], [line(5, 4, 1, 1)]],
             {"John": {"interchanges": ic(9)}})
# NSL-2: the tourist cap, 2/3/4-line interchanges and two objectives.
NSL2_LINES = [line(6, 3, 2, 2), line(5, 4, 1, 3), line(4, 5, 2, 3), line(5, 3, 1, 3)]
NSL2 = table(["Ana"], [[x] for x in NSL2_LINES],
             {"Ana": {"interchanges": ic(5, 2, 1), "objectives": ["interchanges", "thames"]}}, modules=["objectives"])
# NSL-4: three players, A and B level on 113, B's best line (30) beats A's (25).
NSL4 = table(["A", "B", "C"], [
    [line(5, 4, 1, 1), line(7, 4, 1, 2), line(4, 4, 0, 1)],
    [line(4, 4, 1, 2), line(4, 3, 1, 1), line(5, 4, 2, 1)],
    [line(5, 5, 0, 1), line(5, 3, 2, 2), line(6, 3, 1, 2)],
    [line(6, 3, 1, 2), line(5, 3, 3, 2), line(7, 3, 1, 1)],
], {"A": {"interchanges": ic(6, 1)}, "B": {"interchanges": ic(5, 1)}, "C": {"interchanges": ic(3, 1)}})
# NSL-5: solo with both modules; the circle power makes round 4's stations 4 + 1. The example says "1 of 2
# completed", as files before the cards were named hold it (a count); NSL5_CARDS names the card.
NSL5 = table(["Solo"], [[line(6, 4, 0, 2)], [line(5, 5, 1, 2)], [line(5, 3, 3, 2)], [line(6, 5, 0, 2)]],
             {"Solo": {"interchanges": ic(4, 2), "objectives": 1}}, modules=["objectives", "powers"])
NSL5_CARDS = {**NSL5, "final": {"Solo": {"interchanges": ic(4, 2), "objectives": ["tourist"]}}}
# NSL-6: the NSL-2 sheet under summary 004, with sections 8, 7, 7, 6.
NSL6_ADDITIVE = table(["Ana"], [[dict(x, sections=t)] for x, t in zip(NSL2_LINES, (8, 7, 7, 6))],
                      {"Ana": {"interchanges": ic(5, 2, 1), "objectives": ["interchanges", "thames"]}},
                      variants=["additive-lines", "no-interchanges"], modules=["objectives"])
NSL6_PRODUCT = dict(copy.deepcopy(NSL2), variants=["no-interchanges"])


def by_player(result):
    return {s.player: s for s in result.standings}


@pytest.mark.parametrize("tbl, rounds, parts, total", [
    # NSL-1: 87 + 14 + 18 = 119, as printed in the rulebook
    (NSL1, [20, 16, 29, 22], {"lines": 87, "tourist": 14, "interchanges": 18, "objectives": 0}, 119),
    # NSL-2: 85 + 25 (10 crossed) + 29 + 20 = 159
    (NSL2, [22, 22, 24, 17], {"lines": 85, "tourist": 25, "interchanges": 29, "objectives": 20}, 159),
    # NSL-5: 102 + 17 + 18 + 10 = 147
    (NSL5, [24, 27, 21, 30], {"lines": 102, "tourist": 17, "interchanges": 18, "objectives": 10}, 147),
    # NSL-6, summary 004 additive: 75 + 25 + no interchanges + 20 = 120
    (NSL6_ADDITIVE, [21, 18, 20, 16], {"lines": 75, "tourist": 25, "interchanges": 0, "objectives": 20}, 120),
    # NSL-6, summary 004 with the product: 85 + 25 + 20 = 130
    (NSL6_PRODUCT, [22, 22, 24, 17], {"lines": 85, "tourist": 25, "interchanges": 0, "objectives": 20}, 130),
], ids=["NSL-1", "NSL-2", "NSL-5", "NSL-6-additive", "NSL-6-product"])
def test_worked_example_sheets(tbl, rounds, parts, total):
    standing = nsl.score(tbl).standings[0]
    assert list(standing.rounds) == rounds
    assert dict(standing.parts) == parts
    assert standing.total == total == sum(parts.values())


def test_nsl4_tie_broken_by_the_highest_single_line():
    result = nsl.score(NSL4)
    s = by_player(result)
    assert [(x.player, x.rank, x.total) for x in result.standings] == [("B", 1, 113), ("A", 2, 113), ("C", 3, 102)]
    assert list(s["A"].rounds) == [22, 18, 25, 20] and list(s["B"].rounds) == [30, 14, 19, 21]
    assert list(s["C"].rounds) == [16, 24, 20, 23]
    assert dict(s["A"].parts) == {"lines": 85, "tourist": 11, "interchanges": 17, "objectives": 0}
    assert dict(s["B"].parts) == {"lines": 84, "tourist": 14, "interchanges": 15, "objectives": 0}
    assert dict(s["C"].parts) == {"lines": 83, "tourist": 8, "interchanges": 11, "objectives": 0}
    assert result.winners == ["B"]
    assert result.tiebreaks == (Phrase("next-station-london.tie-decided", {
        "names": ("B", "A"), "total": 113, "bests": (("B", 30), ("A", 25)), "still": ()}),)
    assert [say(line) for line in result.tiebreaks] == [
        "B and A are level on 113; the highest single line decides: B 30, A 25."]
    assert result.to_json()["winners"] == ["B"]


def test_level_on_total_and_best_line_share_the_rank():
    # NSL-RB: "if still tied, the victory is shared"
    tbl = table(["A", "B"], [[line(5, 4, 0), line(4, 5, 0)]])
    result = nsl.score(tbl)
    assert [(s.player, s.rank) for s in result.standings] == [("A", 1), ("B", 1)]
    assert result.winners == ["A", "B"]
    assert [say(line) for line in result.tiebreaks] == [
        "A and B are level on 20 and on their best line (A 20, B 20): they share the place."]
    assert result.tiebreaks[0].code == "next-station-london.tie-shared"


def test_a_tie_break_that_splits_a_group_says_who_still_shares():
    # four level on 40; the best lines 30, 30, 20, 20: A and B share 1st, C and D share 3rd (NSL-RB)
    tbl = table(["A", "B", "C", "D"], [[line(5, 6, 0), line(5, 6, 0), line(4, 5, 0), line(4, 5, 0)],
                                       [line(2, 5, 0), line(2, 5, 0), line(4, 5, 0), line(4, 5, 0)]])
    result = nsl.score(tbl)
    assert [(s.player, s.rank, s.total) for s in result.standings] == [("A", 1, 40), ("B", 1, 40), ("C", 3, 40),
                                                                        ("D", 3, 40)]
    assert result.tiebreaks[0].values["still"] == (("A", "B"), ("C", "D"))
    assert tuple(say(line) for line in result.tiebreaks) == ((
        "A, B, C and D are level on 40; the highest single line decides: A 30, B 30, "
        "C 20, D 20. A and B are level on that too and share their place. C and D are level "
        "on that too and share their place."),)


def test_no_tiebreak_line_without_a_tie():
    assert nsl.score(NSL1).tiebreaks == ()


@pytest.mark.parametrize("inputs, score", [
    (line(6, 3, 1), 20),  # NSL-3a before circling (rulebook)
    (line(6, 4, 1), 26),  # NSL-3a after: the circled station in the best district, 3 → 4
    (line(5, 4, 0), 20),  # NSL-3b: circled in a weaker district, S stays 4
    (line(5, 3, 1), 17),  # NSL-3c before
    (line(5, 4, 1), 22),  # NSL-3c after: one of two tied districts, 3 → 4
    (line(0, 0, 0), 0),   # a line never drawn (NSL-Q2: the table enters 0)
])
def test_nsl3_circle_power_line_scores(inputs, score):
    assert nsl.line_score(inputs) == score


@pytest.mark.parametrize("passes, crossed, points", [
    ([0, 0, 0, 0], 0, 0),    # NSL-7: no tourist site ever reached
    ([1, 1, 1, 0], 3, 4),    # NSL-7: one site on each of 3 lines
    ([2, 2, 2, 1], 7, 14),   # NSL-7: 2 + 2 + 2 + 1
    ([3, 3, 3, 3], 10, 25),  # NSL-7: 12 passes, capped at 10
    ([5, 5, 5, 5], 10, 25),  # NSL-7: every line visits all 5 sites
])
def test_nsl7_tourist_track(passes, crossed, points):
    tbl = table(["Ana"], [[line(1, 1, 0, t)] for t in passes])
    summary = nsl.score(tbl).detail["Ana"]
    assert (summary.crossed, summary.tourist) == (crossed, points)


def test_tourist_track_values():
    assert nsl.TOURIST_TRACK == (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25)


def test_fewer_rounds_and_no_final_score_what_they_hold():
    tbl = table(["Ana", "Ben"], [[line(6, 3, 1, 2), line(4, 4, 0, 1)]])
    result = nsl.score(tbl)
    assert [(s.player, s.total) for s in result.standings] == [("Ana", 22), ("Ben", 17)]


def test_missing_interchange_counts_are_zero():
    tbl = table(["Ana"], [[line(2, 2, 0)]], {"Ana": {"interchanges": {"3": 1}}})
    assert nsl.score(tbl).standings[0].total == 4 + 5


@pytest.mark.parametrize("solo_total, modules, rated, band, words", [
    (147, 2, 127, (121, 135), "121–135"),  # NSL-5
    (119, 0, 119, (106, 120), "106–120"),  # NSL-1 played solo without modules
    (90, 0, 90, (None, 90), "90 or less (the lowest band)"),  # NSL-Q5: a printed bound goes to the lower band
    (91, 0, 91, (91, 105), "91–105"),
    (151, 0, 151, (151, None), "over 150 (the best band)"),
    (160, 1, 150, (136, 150), "136–150"),
])
def test_solo_rating(solo_total, modules, rated, band, words):
    from scorepad.games.next_station_london.words import band_text

    assert nsl.solo_rating(solo_total, modules) == (rated, band)
    assert band_text(band) == words


# --- validation: one per check -------------------------------------------------------------------------

def bad(mutate, base=NSL4):
    tbl = copy.deepcopy(base)
    mutate(tbl)
    return tbl


@pytest.mark.parametrize("mutate, message", [
    (lambda t: t["rounds"][1]["B"].update(districts=14),
     r"^round 2, player B, districts: 14 is out of range \(expected 0–13\)$"),
    (lambda t: t["rounds"][0]["A"].update(stations=11),
     r"^round 1, player A, stations: 11 is out of range \(expected 0–10\)$"),
    (lambda t: t["rounds"][0]["A"].update(stations=-1),
     r"^round 1, player A, stations: -1 is out of range"),
    (lambda t: t["rounds"][2]["C"].update(thames=-1),
     r"^round 3, player C, thames: -1 is out of range \(expected 0–10\)$"),
    (lambda t: t["rounds"][3]["C"].update(tourist=6),
     r"^round 4, player C, tourist: 6 is out of range \(expected 0–5\)$"),
    (lambda t: t["rounds"][0]["A"].update(districts="5"),
     r"^round 1, player A, districts: '5' is not a whole number"),
    (lambda t: t["rounds"][0]["A"].update(districts=5.0),
     r"^round 1, player A, districts: 5.0 is not a whole number"),
    (lambda t: t["rounds"][0]["A"].update(districts=True),
     r"^round 1, player A, districts: True is not a whole number"),
    (lambda t: t["rounds"][0]["A"].pop("thames"), r"^round 1, player A, thames: missing$"),
    (lambda t: t["rounds"][0]["A"].update(thams=1), r"^round 1, player A: unknown field 'thams'"),
    (lambda t: t["rounds"][0]["A"].update(sections=3), r"^round 1, player A: unknown field 'sections'"),
    (lambda t: t["rounds"][0].pop("C"), r"^round 1, player C: missing from this round$"),
    (lambda t: t["rounds"].append(t["rounds"][0]), r"^rounds: 5 rounds; this game takes 1–4$"),
    (lambda t: t.update(rounds=[]), r"^rounds: 0 rounds; this game takes 1–4$"),
    (lambda t: t.update(players=["A", "B", "C", "D", "E"]), r"^players: 5 players; this game takes 1–4$"),
    (lambda t: t.update(variants=["tokyo"]), r"^variants: unknown variant 'tokyo'"),
    (lambda t: t.update(trades=[]), r"^trades: unknown top-level key 'trades'$"),
    (lambda t: t["final"]["A"].update(objectives=3),
     r"^player A, objectives: 3 is out of range \(expected 0–2\)$"),
    (lambda t: t["final"]["A"].update(bonus=3), r"^player A: unknown field 'bonus'"),
    (lambda t: t["final"]["B"]["interchanges"].update({"5": 1}),
     r"^player B, interchanges: unknown key '5' \(expected: 2, 3, 4\)$"),
    (lambda t: t["final"]["B"]["interchanges"].update({"2": -1}),
     r"^player B, interchanges 2: -1 is out of range"),
    (lambda t: t["final"]["B"].update(interchanges=[5, 1, 0]),
     r"^player B, interchanges: \[5, 1, 0\] must map 2, 3 and 4 lines to station counts$"),
    (lambda t: t["final"].update(Zed={}), r"^final: unknown player 'Zed'"),
])
def test_invalid_input_names_round_player_field(mutate, message):
    with pytest.raises(InvalidInput, match=message):
        nsl.score(bad(mutate))


# --- the deck's limits (spec: "What the deck makes impossible is an error"), each at its edge and one past it

LIMIT_LINE = line(6, 3, 1, 2)
ADDITIVE = ("additive-lines",)


def limit_table(fields, variants=(), final=None, modules=()):
    base = dict(LIMIT_LINE, sections=8) if "additive-lines" in variants else dict(LIMIT_LINE)
    return table(["Ana"], [[{**base, **fields}]], final, variants=variants, modules=modules)


LINE_LIMITS = [  # (variants, fields of Ana's round-1 line, the field at fault or None, the error)
    ((), {"districts": 13}, None, None),  # a line through every district
    ((), {"districts": 14}, "districts", "14 is out of range (expected 0–13)"),
    ((), {"districts": -1}, "districts", "-1 is out of range (expected 0–13)"),
    ((), {"stations": 10}, None, None),  # the 9 central stations and the circle power's one more
    ((), {"stations": 11}, "stations", "11 is out of range (expected 0–10)"),
    ((), {"thames": 10}, None, None),  # 10 sections, each under the Thames
    ((), {"thames": 11}, "thames", "11 is out of range (expected 0–10)"),
    ((), {"thames": 0}, None, None),
    ((), {"thames": -1}, "thames", "-1 is out of range (expected 0–10)"),
    ((), {"tourist": 5}, None, None),
    ((), {"tourist": 6}, "tourist", "6 is out of range (expected 0–5)"),
    ((), {"tourist": -1}, "tourist", "-1 is out of range (expected 0–5)"),
    ((), {"districts": 0, "stations": 0, "thames": 0, "tourist": 0}, None, None),  # a line never drawn (NSL-Q2)
    ((), {"districts": 1, "stations": 1, "thames": 0}, None, None),  # the departure station alone
    ((), {"districts": 0, "stations": 1}, "stations",
     "stations 1 but districts 0: districts is 0 exactly when stations is 0 (a line with a station lies in a district)"),
    ((), {"districts": 1, "stations": 0}, "stations",
     "stations 0 but districts 1: districts is 0 exactly when stations is 0 "
     "(a line without a station passes through no district)"),
    (ADDITIVE, {"sections": 10, "thames": 10}, None, None),  # the most a round's 10 turns draw
    (ADDITIVE, {"sections": 11}, "sections", "11 is out of range (expected 0–10)"),
    (ADDITIVE, {"sections": -1}, "sections", "-1 is out of range (expected 0–10)"),
    (ADDITIVE, {"sections": 3, "thames": 3}, None, None),  # every section under the Thames
    (ADDITIVE, {"sections": 3, "thames": 4}, "thames",
     "thames 4 but sections 3: each section crosses the Thames at most once"),
    (ADDITIVE, {"sections": 3, "stations": 5}, None, None),  # 4 stations in one district, one of them circled
    (ADDITIVE, {"sections": 3, "stations": 6}, "stations",
     "stations 6 but sections 3: at most sections + 2 in one district (the departure station, one a section, and the "
     "circle power's one more)"),
    (ADDITIVE, {"sections": 0, "districts": 1, "stations": 2, "thames": 0}, None, None),  # the departure station, circled
    (ADDITIVE, {"sections": 0, "districts": 1, "stations": 3, "thames": 0}, "stations",
     "stations 3 but sections 0: at most sections + 2 in one district (the departure station, one a section, and the "
     "circle power's one more)"),
    (ADDITIVE, {"sections": 1, "districts": 1, "stations": 1, "thames": 1}, None, None),
    (ADDITIVE, {"sections": 1, "districts": 0, "stations": 0, "thames": 0}, "stations",
     "stations 0 but sections 1: each section joins two stations of the line"),
    (ADDITIVE, {"sections": 0, "districts": 0, "stations": 0, "thames": 0, "tourist": 0}, None, None),  # never drawn
    (ADDITIVE, {"sections": 0, "districts": 1, "stations": 1, "thames": 1}, "thames",
     "thames 1 but sections 0: each section crosses the Thames at most once"),
]
LIMIT_IDS = [f"{'+'.join(v) or 'official'}:{f}" for v, f, _, _ in LINE_LIMITS]


@pytest.mark.parametrize("variants, fields, at_fault, error", LINE_LIMITS, ids=LIMIT_IDS)
def test_line_limits_at_the_edge_and_one_past(variants, fields, at_fault, error):
    tbl = limit_table(fields, variants)
    if error is None:
        assert nsl.score(tbl).standings[0].rounds[0] == nsl.line_score({**tbl["rounds"][0]["Ana"]}, nsl.rules_for(variants))
        return
    with pytest.raises(InvalidInput) as refused:
        nsl.score(tbl)
    assert str(refused.value) == f"round 1, player Ana, {at_fault}: {error}"


FINAL_LIMITS = [  # (modules, Ana's final inputs, the error)
    ((), {"interchanges": ic(22)}, None),  # 2 × 22 = 44: four lines of 11 stations, every station shared
    ((), {"interchanges": ic(21, 1)}, "interchanges: 2 × 21 + 3 × 1 + 4 × 0 = 45 stations on lines; "
                                      "four lines hold at most 44 (4 × 11)"),
    ((), {"interchanges": ic(0, 0, 11)}, None),  # 4 × 11 = 44
    ((), {"interchanges": ic(0, 3, 9)}, "interchanges: 2 × 0 + 3 × 3 + 4 × 9 = 45 stations on lines; "
                                        "four lines hold at most 44 (4 × 11)"),
    ((), {"interchanges": ic(2, 0, 10)}, None),  # 4 + 40 = 44
    ((), {"interchanges": ic(0, 15)}, "interchanges: 2 × 0 + 3 × 15 + 4 × 0 = 45 stations on lines; "
                                      "four lines hold at most 44 (4 × 11)"),
    ((), {"objectives": 0}, None),
    ((), {"objectives": 1}, "objectives: 1 objective, but the module 'objectives' is not in play (modules: none)"),
    (("powers",), {"objectives": 2},
     "objectives: 2 objectives, but the module 'objectives' is not in play (modules: powers)"),
    (("objectives",), {"objectives": 2}, None),
    (("objectives",), {"objectives": 3}, "objectives: 3 is out of range (expected 0–2)"),
    (("objectives",), {"objectives": -1}, "objectives: -1 is out of range (expected 0–2)"),
]


@pytest.mark.parametrize("modules, final, error", FINAL_LIMITS)
def test_final_limits_at_the_edge_and_one_past(modules, final, error):
    tbl = limit_table({}, final={"Ana": final}, modules=modules)
    if error is None:
        assert nsl.score(tbl).standings[0].total > 0
        return
    with pytest.raises(InvalidInput) as refused:
        nsl.score(tbl)
    assert str(refused.value) == f"player Ana, {error}"


NEED_CIRCLE = "10 stations in one district needs the Circle power; without it a line has at most 9 there"


def _asks(store, variants=(), modules=(), recorded=()):
    """The questions of a solo one-round session with these answers recorded: path -> Ask."""
    doc = new_doc(GAME, ["Ana"], variants, 1, modules=modules, seed=SEED_NSL4)
    for at, value in recorded:
        record(doc, at, value)
    session_id = store.insert(doc)
    session = Session(store.get(session_id), GAME, session_id)
    return {step.at: step for step in GAME.steps(session) if hasattr(step, "at")}


@pytest.mark.parametrize("variants, fields, at_fault, error", LINE_LIMITS, ids=LIMIT_IDS)
def test_the_line_prompts_refuse_exactly_what_scoring_refuses(store, variants, fields, at_fault, error):
    # the fields before the one asked are recorded, as at the table; the prompt of each then checks its answer
    if fields.get("stations") == nsl.MAX_STATIONS:  # the prompt knows that no pencil has the Circle power here
        at_fault, error = "stations", NEED_CIRCLE
    elif fields.get("stations", 0) > nsl.MAX_STATIONS:
        error = error.replace("0–10", "0–9")
    line_ = limit_table(fields, variants)["rounds"][0]["Ana"]
    order = nsl.rules_for(variants).line_fields
    for index, name in enumerate(order):
        before = [(("rounds", 0, "Ana", k), line_[k]) for k in order[:index]]
        ask = _asks(store, variants, recorded=before)[("rounds", 0, "Ana", name)]
        if name != at_fault:
            assert ask.parse(str(line_[name])) == line_[name]
            continue
        with pytest.raises(InvalidInput) as refused:
            ask.parse(str(line_[name]))
        assert str(refused.value) == f"round 1, player Ana, {at_fault}: {error}"
        break
    else:
        assert error is None


def test_a_line_prompt_checks_against_fields_recorded_after_it_too(store):
    # edit asks a field again with the line's later fields known: districts 0 beside 3 stations is refused there
    recorded = [(("rounds", 0, "Ana", k), v) for k, v in line(5, 3, 1, 0).items()]
    ask = _asks(store, recorded=recorded)[("rounds", 0, "Ana", "districts")]
    with pytest.raises(InvalidInput, match=r"^round 1, player Ana, districts: stations 3 but districts 0"):
        ask.parse("0")
    assert ask.parse("13") == 13


@pytest.mark.parametrize("modules, final, error", [row for row in FINAL_LIMITS if "interchanges" in row[1]])
def test_the_final_prompts_refuse_exactly_what_scoring_refuses(store, modules, final, error):
    ((name, value),) = final.items()
    ask = _asks(store, modules=modules)[("final", "Ana", name)]
    typed = " ".join(str(n) for n in value.values()) if name == "interchanges" else str(value)
    if error is None:
        assert ask.parse(typed) == value
        return
    with pytest.raises(InvalidInput) as refused:
        ask.parse(typed)
    assert str(refused.value) == f"player Ana, {error}"


# --- the shared objectives: the cards completed, checked against the figures (issue 22, point 5) -------------

def test_objectives_are_the_cards_completed_and_an_older_count_still_reads():
    summary = nsl.score(NSL2).detail["Ana"]  # NSL-2: 8 interchanges and Thames ≥ 6, both completed
    assert (summary.objectives_done, summary.objective_cards, summary.objectives) == (2, ("interchanges", "thames"), 20)
    legacy = nsl.score(NSL5).detail["Solo"]  # "1 of 2 completed": a count, as files of before the cards hold it
    assert (legacy.objectives_done, legacy.objective_cards, legacy.objectives) == (1, None, 10)


@pytest.mark.parametrize("change, error", [
    (lambda t: t["rounds"][3]["Ana"].update(thames=0),
     "player Ana, objectives: the thames objective needs 6 Thames crossings; the lines have 5"),
    (lambda t: t["final"]["Ana"].update(interchanges=ic(5, 2)),
     "player Ana, objectives: the interchanges objective needs 8 interchange stations; there are 7"),
    (lambda t: [r["Ana"].update(tourist=1) for r in t["rounds"]] and t["final"]["Ana"].update(objectives=["tourist"]),
     "player Ana, objectives: the tourist objective needs all 5 tourist sites; the lines pass 4"),
    (lambda t: t.update(rounds=t["rounds"][:2]) or t["final"]["Ana"].update(objectives=["districts"]),
     "player Ana, objectives: the districts objective needs all 13 districts; the lines pass through 11"),
    (lambda t: t["final"]["Ana"].update(objectives=["thames", "thames"]), "player Ana, objectives: 'thames' appears twice"),
    (lambda t: t["final"]["Ana"].update(objectives=["tokyo"]), "player Ana, objectives: 'tokyo' is no objective "
                                                               "card (the cards: interchanges, districts, tourist, "
                                                               "central, thames)"),
    (lambda t: t["final"]["Ana"].update(objectives="thames"),
     "player Ana, objectives: 'thames': the objectives completed are a list of cards (interchanges, districts, "
     "tourist, central, thames), or a count 0–2 in older files"),
    (lambda t: t.update(modules=[]), "player Ana, objectives: 2 objectives, but the module 'objectives' is not in "
                                     "play (modules: none)"),
])
def test_a_completion_the_figures_rule_out_is_refused(change, error):
    with pytest.raises(InvalidInput) as refused:
        nsl.score(bad(change, NSL2))
    assert str(refused.value) == error


def test_the_table_names_at_most_the_two_cards_in_play():
    rounds = [[line(6, 3, 2, 2), line(6, 3, 2, 2)], [line(5, 4, 1, 3), line(5, 4, 1, 3)],
              [line(4, 5, 2, 3), line(4, 5, 2, 3)], [line(5, 3, 1, 3), line(5, 3, 1, 3)]]
    tbl = table(["Ana", "Ben"], rounds, {"Ana": {"objectives": ["thames"]}, "Ben": {"objectives": ["tourist"]}},
                modules=["objectives"])
    assert [s.parts["objectives"] for s in nsl.score(tbl).standings] == [10, 10]
    tbl["final"]["Ben"]["objectives"] = ["central", "tourist"]
    with pytest.raises(InvalidInput) as refused:
        nsl.score(tbl)
    assert str(refused.value) == ("player Ben, objectives: thames, central, tourist completed, but only 2 "
                                  "objective cards are in play")


IN_PLAY = [(("setup", "objective-cards"), "we drew these"), (("setup", "objectives"), ["thames", "interchanges"])]


def _final_asks(store, thames=6, recorded=()):
    lines = [(("rounds", 0, "Ana", k), v) for k, v in line(5, 3, thames, 2).items()]
    return _asks(store, modules=["objectives"], recorded=[*IN_PLAY, *lines, *recorded])


@pytest.mark.parametrize("typed, done", [
    ("thames interchanges", ["thames", "interchanges"]), ("I, TH", ["interchanges", "thames"]), ("th", ["thames"]),
    ("", []), ("none", []), ("-", []),
])
def test_the_objectives_prompt_takes_the_cards_in_play(store, typed, done):
    ask = _final_asks(store)[("final", "Ana", "objectives")]
    assert prompt(ask).endswith("which shared objectives did they complete? (thames interchanges, or none; Enter: none)")
    assert (ask.hint, ask.empty) == ("thames interchanges, or none", "none")
    assert ask.parse(typed) == done
    assert ask.parse(ask.show(done)) == done  # what undo and edit show reads back
    assert ask.echo(done) == f"  Ana's shared objectives: {ask.show(done)} → +{10 * len(done)}"


@pytest.mark.parametrize("typed, error", [
    ("2", "name the cards completed (thames interchanges), not how many; Enter alone: none"),
    ("0", "name the cards completed (thames interchanges), not how many; Enter alone: none"),
    ("tourist", "'tourist' names no objective card in play (in play: thames, interchanges)"),
    ("th thames", "thames appears twice"),
])
def test_the_objectives_prompt_refuses_counts_and_cards_not_in_play(store, typed, error):
    with pytest.raises(InvalidInput) as refused:
        _final_asks(store)[("final", "Ana", "objectives")].parse(typed)
    assert str(refused.value) == f"player Ana, objectives: {error}"


def test_the_objectives_prompt_checks_the_figures_recorded(store):
    asks = _final_asks(store, thames=5, recorded=[(("final", "Ana", "interchanges"), ic(5, 2))])
    for typed, error in (("th", "the thames objective needs 6 Thames crossings; the lines have 5"),
                         ("i", "the interchanges objective needs 8 interchange stations; there are 7")):
        with pytest.raises(InvalidInput) as refused:
            asks[("final", "Ana", "objectives")].parse(typed)
        assert str(refused.value) == f"player Ana, objectives: {error}"


def test_interchanges_counted_after_the_objective_are_checked_against_it(store):
    # the end's questions are open together (a phone may answer the objectives first)
    asks = _final_asks(store, recorded=[(("final", "Ana", "objectives"), ["interchanges"])])
    with pytest.raises(InvalidInput) as refused:
        asks[("final", "Ana", "interchanges")].parse("5 2 0")
    assert str(refused.value) == ("player Ana, interchanges: the interchanges objective needs 8 interchange "
                                  "stations; there are 7")
    assert asks[("final", "Ana", "interchanges")].parse("6 2 0") == ic(6, 2)


def test_an_older_sessions_count_still_shows(store):
    ask = _final_asks(store)[("final", "Ana", "objectives")]
    assert ask.show(1) == "1"


def test_additive_lines_needs_sections():
    tbl = copy.deepcopy(NSL6_ADDITIVE)
    del tbl["rounds"][2]["Ana"]["sections"]
    with pytest.raises(InvalidInput, match=r"^round 3, player Ana, sections: missing$"):
        nsl.score(tbl)


# --- the station deck ------------------------------------------------------------------------------------

def test_the_deck_has_6_street_and_5_underground_cards():
    assert len(nsl.DECK) == 11
    assert sum(not c.underground for c in nsl.DECK) == 6 and sum(c.underground for c in nsl.DECK) == 5
    assert nsl.Card("street", "switch") in nsl.DECK and nsl.Card("underground", "switch") not in nsl.DECK
    assert {c.face for c in nsl.DECK if c.face != "switch"} == {"square", "triangle", "pentagon", "circle", "joker"}


def test_every_round_ends_on_the_5th_underground_card_within_10_turns():
    lengths = set()
    for seed, round_ in ((seed, round_) for seed in range(2500) for round_ in range(4)):
        cards = nsl.shuffle(seed, round_)
        assert sorted(c.name for c in cards) == sorted(c.name for c in nsl.DECK)
        played = nsl.turns(cards)
        flat = [c for turn in played for c in turn]
        assert 5 <= len(played) <= 10
        assert flat == list(cards[:len(flat)])  # in the shuffled order, nothing skipped
        assert sum(c.underground for c in flat) == 5 and flat[-1].underground  # ends on the 5th
        for turn in played:  # the Switch always comes with the next card, never alone
            assert (turn[0].face == "switch") == (len(turn) == 2)
        lengths.add(len(played))
    assert lengths == set(range(5, 11))  # every length from 5 to 10 turns occurs


def test_a_seeded_shuffle_is_reproducible():
    assert nsl.shuffle(42, 0) == nsl.shuffle(42, 0)
    assert nsl.shuffle(42, 0) != nsl.shuffle(43, 0)
    assert [c.name for c in nsl.shuffle(1, 0)][:3] == [c.name for c in nsl.shuffle(1, 0)][:3]


def test_turns_of_a_known_order():
    s, u = nsl.Card("street", "square"), nsl.Card("underground", "circle")
    switch = nsl.Card("street", "switch")
    # all six Street cards first: the Switch and the next card are one turn, so 11 cards are 10 turns
    cards = [switch, s, s, s, s, s, u, u, u, u, u]
    assert len(nsl.turns(cards)) == 10 and nsl.turns(cards)[0] == (switch, s)
    # five Underground cards first: 5 turns, the rest unused
    assert len(nsl.turns([u] * 5 + [s] * 6)) == 5


# --- pencils (NSL-8) ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(20))
def test_nsl8_every_player_uses_every_colour_once(players, seed):
    start = nsl.deal_pencils(seed)
    rounds = nsl.pencil_rounds(players, start)
    assert len(rounds) == 4
    for player in range(players):
        assert sorted(r[player] for r in rounds) == sorted(nsl.PENCILS)
    for r in rounds:  # never two players on one colour
        assert len(set(r)) == players


def test_nsl8_two_players_official():
    # P1 pink, the spare blue to P1's left (P2's right), P2 green, the spare purple on P1's right
    rounds = nsl.pencil_rounds(2, ("pink", "blue", "green", "purple"))
    assert [r[0] for r in rounds] == ["pink", "purple", "green", "blue"]
    assert [r[1] for r in rounds] == ["green", "blue", "pink", "purple"]


def test_nsl4_three_players():
    rounds = nsl.pencil_rounds(3, ("pink", "green", "blue", "purple"))
    assert [r[0] for r in rounds] == ["pink", "purple", "blue", "green"]  # A
    assert [r[1] for r in rounds] == ["green", "pink", "purple", "blue"]  # B
    assert [r[2] for r in rounds] == ["blue", "green", "pink", "purple"]  # C


def test_solo_takes_the_chosen_order():
    assert nsl.pencil_rounds(1, ("blue", "pink", "purple", "green")) == [["blue"], ["pink"], ["purple"], ["green"]]


def test_objectives_and_powers_are_seeded():
    assert nsl.draw_objectives(5) == nsl.draw_objectives(5)
    assert len(set(nsl.draw_objectives(5))) == 2 and set(nsl.draw_objectives(5)) <= set(nsl.OBJECTIVES)
    powers = nsl.deal_powers(5)
    assert sorted(powers) == sorted(nsl.PENCILS) and sorted(powers.values()) == sorted(nsl.POWERS)
    assert len({nsl.draw_objectives(s) for s in range(50)}) > 5


# --- the guided game through the play loop ----------------------------------------------------------------


GAME = by_slug("next-station-london")
SEED_NSL4 = 22  # deals pink, green, blue, purple round the table: NSL-4's pencils


def start(store, players, variants=(), modules=(), seed=SEED_NSL4, rounds=None):
    return store.insert(new_doc(GAME, players, variants, rounds, modules=modules, seed=seed))


def typed_round(rnd, players):
    return [str(rnd[p][k]) for p in players for k in ("districts", "stations", "thames", "tourist")]


NSL4_PLAYERS = ["A", "B", "C"]
NSL4_TYPED_FINAL = ["6 1 0", "5 1 0", "3 1 0"]


def nsl4_answers(deck_first_round=True):
    answers = ["A"]  # A is the first controller
    for n, rnd in enumerate(NSL4["rounds"]):
        if n == 0 and deck_first_round:
            answers += ["Digital deck"] + [""] * len(nsl.round_turns(SEED_NSL4, 0))
        else:
            answers.append("Physical cards")
        answers += typed_round(rnd, NSL4_PLAYERS)
    return answers + NSL4_TYPED_FINAL


def test_nsl4_three_players_four_rounds_through_the_play_loop(store):
    session_id = start(store, NSL4_PLAYERS)
    session, prompter, text = run(store, session_id, nsl4_answers())
    assert session.finished and not prompter.refused
    assert session.table() == NSL4  # exactly the worked example's table file: no setup notes in it
    # setup: pencils and the spare between C and A; each round's controller and pencils (NSL-4)
    assert "  • A: the Pink pencil\n  • B: the Green pencil\n  • C: the Blue pencil" in text
    assert "The spare Purple pencil lies on the table between C and A (on A's right)." in text
    passing = "\nPass pencils left; A takes the spare on their right instead, and C puts theirs there.\n"
    assert "── Round 1 of 4 ──\nController: A.\nPencils this round:\n  • A: Pink\n  • B: Green\n  • C: Blue" in text
    assert f"── Round 2 of 4 ──\nController: B.{passing}Pencils this round:\n  • A: Purple\n  • B: Pink\n  • C: Green" in text
    assert f"── Round 4 of 4 ──\nController: A.{passing}Pencils this round:\n  • A: Green\n  • B: Blue\n  • C: Purple" in text
    # the deck: every turn shown, the round ends on the 5th Underground card
    turns = nsl.round_turns(SEED_NSL4, 0)
    assert f"Turn {len(turns)}: " in text and f"Turn {len(turns) + 1}: " not in text
    assert "Underground cards: 5 of 5" in text and "That was the 5th Underground card" in text
    # this seed's 5th turn is the Switch with the last Underground card: the branch is explained
    assert "Turn 5: ↔ Railroad Switch — Street  +  ● circle — UNDERGROUND   Underground cards: 5 of 5\n" \
           "  RAILROAD SWITCH: this turn's section may start from ANY station of your line" in text
    # line scores at once, with the tourist track so far
    assert "B's Green line: 7 × 4 + 2 × 1 = 30   Tourist track: 2 crossed = 2" in text
    assert "A's Green line: 6 × 3 + 2 × 1 = 20   Tourist track: 6 crossed = 11" in text
    assert "A's interchanges: 6 × 2 + 1 × 5 + 0 × 9 = 17" in text
    # the standings, with the tie-break explained
    assert "Tie-break: B and A are level on 113; the highest single line decides: B 30, A 25." in text
    assert "B wins with 113." in text
    assert prompter.asked[:3] == ["Who last rode the Underground? (They are the first controller.)",
                                  "Round 1: turn the station cards with scorepad, or use the physical cards?",
                                  "Round 1 · turn 1 — Enter: turn the card"]
    assert "Round 1 · A (Pink) · districts (districts passed through, 0–13):" in prompter.asked


def test_the_deck_refuses_text_and_undo_takes_back_one_card(store):
    session_id = start(store, ["A", "B"], rounds=1)
    turns = nsl.round_turns(SEED_NSL4, 0)
    answers = ["A", "Digital deck", "", "x", "", "undo", ""] + [""] * (len(turns) - 2)
    answers += ["3", "2", "0", "1", "2", "2", "0", "0", "", ""]
    session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("x", "press Enter to turn the card (or type undo, help)")]
    second = " + ".join(FACE_NAMES[c.face] for c in turns[1])  # the card named briefly: the line stays short
    assert f"Took back Round 1 · turn 2: {second} — asked again." in text
    assert text.count("Turn 2: ") == 2  # the same card again after the undo
    assert session.finished and [s.total for s in session.score().standings] == [7, 4]  # 3 × 2 + 1 tourist; 2 × 2


def test_ctrl_c_mid_deck_resumes_with_the_same_next_card(store):
    session_id = start(store, ["A", "B"], rounds=1)
    turns = nsl.round_turns(SEED_NSL4, 0)
    with pytest.raises(Aborted):
        run(store, session_id, ["A", "Digital deck", "", "", Aborted()])
    saved = Session(store.get(session_id), GAME, session_id)
    assert saved.next_ask().at == ("setup", "deck", 0, 2)
    rest = [""] * (len(turns) - 2) + ["1", "1", "0", "0", "1", "1", "0", "0", "", ""]
    _, _, text = run(store, session_id, rest)
    assert text.lstrip().startswith("Turn 2: ")  # the last card shown is repeated, then turn 3
    assert f"Turn 3: {'  +  '.join(card_text(c) for c in turns[2])}" in text


def test_solo_with_both_modules_nsl5(store):
    session_id = start(store, ["Solo"], modules=["objectives", "powers"], seed=3)
    answers = ["scorepad draws", "blue pi pu g"]  # one question for both kinds of cards
    for rnd in NSL5["rounds"]:
        answers += ["Physical cards"] + typed_round(rnd, ["Solo"])
    answers += ["4 2 0", "to"]
    session, prompter, text = run(store, session_id, answers)
    assert session.table() == NSL5_CARDS
    assert "Take a map sheet and lay the four pencils above it in the order you choose:\n" in text
    assert "Shared objectives in play (+10 each for everyone who completes it):\n" \
           "  1. All 5 tourist sites connected.\n" \
           "  2. At least one station of your network in each of the 13 districts." in text
    assert "  Green: Circle: circle one station; it counts twice in its district" in text
    assert "  • Solo: Blue  (power: Switch)" in text and "  • Solo: Green  (power: Circle)" in text
    # the Circle reminder comes only in the round its pencil (Green, round 4) is drawn with
    assert text.count("(Solo's Circle power: the circled station counts twice in its district: up to 10)") == 1
    assert text.index("Solo's Circle power") > text.index("Score round 4")
    assert "Solo rating: 147 − 20 (2 modules) = 127 → band 121–135." in text
    assert prompter.asked[:2] == ["Objective and power cards: does scorepad draw them, or did you?",
                                  "Your order of the four pencils, by names or first letters "
                                  "[pink green blue purple; Enter keeps it]:"]
    # solo: no controller, no pencils to pass; the rating rule is told at the start
    assert "  • Your rating at the end: your score, less 10 for each module used." in text
    assert "Controller" not in text and "── Round 2 of 4 ──\nTake the next pencil of your order.\n" \
                                          "Your pencil this round:\n  • Solo: Pink  (power: Joker)" in text
    assert "Each turn you turn a card" in text and "\n  Shuffle the 11 station cards" in text
    # the two objectives in play are shown again when they are counted
    assert "End of the game.\n  Count each interchange station once, by the lines through it:\n" \
           "  2 lines = 2 points, 3 lines = 5, 4 lines = 9.\n  Shared objectives:" in text
    assert "which of these did each player complete?\n    1. All 5 tourist sites connected.\n" \
           "    2. At least one station of your network in each of the 13 districts." in text


@pytest.mark.parametrize("modules, final, rating", [
    ((), [""], "Solo rating: 129 (no modules) → band 121–135."),
    (("objectives",), ["", ""], "Solo rating: 129 − 10 (1 module) = 119 → band 106–120."),
])
def test_solo_rating_line_with_no_module_and_one(store, modules, final, rating):
    session_id = start(store, ["Solo"], modules=modules, rounds=1)
    draws = ["scorepad draws"] * len(modules)
    # 13 × 9 + 2 × 6: one line's most without the Circle power (a line of 10 stations in one district needs it)
    _, _, text = run(store, session_id, [*draws, None, "Physical cards", "13", "9", "6", "0", *final])
    assert rating in text


def test_solo_order_is_refused_until_it_names_four_colours(store):
    session_id = start(store, ["Solo"], rounds=1)
    answers = ["p g b", "pink pink green blue", "pink green blue", None, "Physical cards", "1", "1", "0", "0", ""]
    session, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("p g b", "'p' is not one colour of pink, green, blue, purple (pi = pink, pu = purple)"),
                                ("pink pink green blue", "pink appears twice"),
                                ("pink green blue", "3 colours; name all four, each once")]
    assert session.get("setup", "order") == ["pink", "green", "blue", "purple"]  # Enter took the default


def test_the_solo_order_is_not_pre_filled_and_enter_keeps_the_order_shown(store):
    # a pre-filled "pink green blue purple" took what the player typed after it: "…purplepu bl g pi"
    session = session_of(store, ["Solo"], rounds=1)
    (order,) = [step for step in GAME.steps(session) if getattr(step, "at", None) == ("setup", "order")]
    assert prompt(order).endswith("[pink green blue purple; Enter keeps it]:")  # shown, and the terminal's Enter
    assert order.default == "pink green blue purple"  # … keeps it: a phone may pre-fill it, a terminal never does
    assert order.parse("") == ["pink", "green", "blue", "purple"]
    assert order.parse("pu bl g pi") == ["purple", "blue", "green", "pink"]


def test_field_prompts_refuse_what_scoring_refuses(store):
    session_id = start(store, ["A", "B"], rounds=1, variants=["additive-lines", "no-interchanges"])
    answers = ["B", "Physical cards", "8", "14", "6", "3", "three", "1", "", "6", "2",
               "7", "5", "4", "0", "0"]
    _, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("14", "14 is out of range (expected 0–13)"),
                                ("three", "'three' is not a whole number (0–10)"),
                                ("", "a whole number, please (0–5)"),
                                ("6", "6 is out of range (expected 0–5)")]
    assert "A's Pink line: 8 + 6 + 3 + 2 × 1 = 19" in text
    # not told to count what it then says scores nothing
    assert "End of the game.\n  Interchange stations score nothing (no-interchanges variant): nothing to count." in text
    assert "Count each interchange station" not in text
    assert "Round 1 · A (Pink) · sections (sections drawn, 0–10):" in prompter.asked
    assert not [q for q in prompter.asked if "interchange" in q]
    assert "Controller: B." in text


def test_typed_numbers_that_int_cannot_read_are_refused_not_tracebacks(store):
    # `--5` passed an isdigit() check, then int() raised; so did `²` and a 5,000-digit number
    session_id = start(store, ["A"], rounds=1, modules=["objectives"])
    huge = "9" * 5000
    answers = ["scorepad draws", None, "Physical cards", "--5", "²", huge, "3", "2", "0", "1", f"1 {huge} 0", "1 --2 0", "2 1 0",
               "--1", huge, ""]
    session, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("--5", "'--5' is not a whole number (0–13)"),
                                ("²", "'²' is not a whole number (0–13)"),
                                (huge, f"'{'9' * 19}…' is not a whole number (0–13)"),
                                (f"1 {huge} 0", THREE_NUMBERS), ("1 --2 0", THREE_NUMBERS),
                                ("--1", "'--1' names no objective card in play (in play: interchanges, tourist)"),
                                (huge, "name the cards completed (interchanges tourist), not how many; "
                                       "Enter alone: none")]
    assert session.finished and session.score().standings[0].total == 6 + 1 + 9  # 3 × 2; 1 crossed; 2 × 2 + 1 × 5


def session_of(store, players, **options):
    session_id = start(store, players, **options)
    return Session(store.get(session_id), GAME, session_id)


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]])
def test_the_setup_says_the_seating_order_the_pencils_follow(store, players):
    # the passing rule (pass left; the controller role passes left) only gives these colours if the
    # players sit in the order of the names; with 2 players either order is the same
    text = setup_text(session_of(store, players))
    line = f"  • Sit round the table in this order, clockwise: {', '.join(players)} (each next name on the left)."
    assert (line in text) == (len(players) > 2)


def test_two_players_are_told_how_to_swap_with_the_spares(store):
    text = round_text(session_of(store, ["A", "B"]), 1)
    assert "\nEach of you takes the spare pencil on your right, then lays the pencil you used on your left.\n" in text


def test_from_round_2_a_line_may_stop_at_earlier_lines_stations(store):
    # NSL-RB: interchanges from round 2 on; the round text alone forbids only a line's own stations. "Stop at", not
    # "pass through", right under "no passing through a station"; rounds 2 to 4 say it in one line, `guide` whole.
    session = session_of(store, ["A", "B", "C"])
    joining = "Your line may also stop at stations of your earlier lines: each such station is an interchange."
    assert joining not in round_text(session, 0) and "pass through stations" not in round_text(session, 1, whole=True)
    assert all(joining in round_text(session, n, whole=True) for n in (1, 2, 3))
    assert all("Start at the departure station" not in round_text(session, n) for n in (1, 2, 3))
    assert all("may also stop at stations of your earlier lines\n  (interchanges). `guide` shows the rules."
               in round_text(session, n) for n in (1, 2, 3))


def test_the_deck_question_offers_last_rounds_choice_first(store):
    session_id = start(store, ["A", "B"])
    with pytest.raises(Aborted):
        run(store, session_id, ["A", "Physical cards", "1", "1", "0", "0", "1", "1", "0", "0", Aborted()])
    session = Session(store.get(session_id), GAME, session_id)
    asks = {step.at: step for step in GAME.steps(session) if hasattr(step, "at")}
    assert asks[("setup", "deck-mode", 0)].default == ""  # round 1: the select's own first choice, the digital deck
    assert asks[("setup", "deck-mode", 1)].default == "Physical cards"


def test_a_whole_game_fits_100_columns(store):
    session_id = start(store, NSL4_PLAYERS, modules=["powers", "objectives"])
    answers = ["scorepad draws", *nsl4_answers()]
    answers[-3:] = ["6 1 0", "", "5 1 0", "", "3 1 0", ""]
    session, _, text = run(store, session_id, answers)
    assert session.finished
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "On turns 1 and 2 the Switch is ignored." in text  # the physical deck explains the Switch


def test_prompt_words_summary_guide_pencils(store):
    session_id = start(store, NSL4_PLAYERS, modules=["powers"])
    answers = ["scorepad draws", *nsl4_answers(deck_first_round=False)]
    first_field = 4  # the powers' dealer, controller, deck, then A's districts of round 1 ...
    answers[first_field + 4:first_field + 4] = ["summary", "guide", "pencils", "help"]
    session, prompter, text = run(store, session_id, answers)
    assert "Lines so far:" in text and "  A            22" in text
    assert "── Round 1 of 4 ──\nController: A." in text.split("Round 1 · B")[0]
    assert "  Player  Round 1  Round 2  Round 3  Round 4\n" in text
    assert "  A       Pink     Purple   Blue     Green" in text
    assert "  summary    the scores so far" in text
    assert session.finished and not prompter.refused


# --- the command line ---------------------------------------------------------------------------------------


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


def write(tmp_path, tbl, name="nsl.json"):
    path = tmp_path / name
    path.write_text(json.dumps(tbl))
    return path


def test_score_table_json_is_the_spec_shape(tmp_path):
    result = invoke("score", "--table", write(tmp_path, NSL4), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {
        "game": "next-station-london", "variants": [],
        "standings": [
            {"player": "B", "rank": 1, "total": 113, "rounds": [30, 14, 19, 21],
             "parts": {"lines": 84, "tourist": 14, "interchanges": 15, "objectives": 0}},
            {"player": "A", "rank": 2, "total": 113, "rounds": [22, 18, 25, 20],
             "parts": {"lines": 85, "tourist": 11, "interchanges": 17, "objectives": 0}},
            {"player": "C", "rank": 3, "total": 102, "rounds": [16, 24, 20, 23],
             "parts": {"lines": 83, "tourist": 8, "interchanges": 11, "objectives": 0}},
        ],
        "winners": ["B"], "finished": True}


def test_score_table_text_explains_the_tie_break(tmp_path):
    result = invoke("score", "--table", write(tmp_path, NSL4))
    assert result.exit_code == 0
    assert "Tie-break: B and A are level on 113; the highest single line decides: B 30, A 25." in result.stdout


@pytest.mark.parametrize("mutate, line", [
    (lambda t: t["rounds"][1]["B"].update(districts=14),
     "Error: round 2, player B, districts: 14 is out of range (expected 0–13)\n"),
    (lambda t: t["final"]["A"].update(objectives=3),
     "Error: player A, objectives: 3 is out of range (expected 0–2)\n"),
    (lambda t: t["rounds"][0]["C"].update(thames=1.0),
     "Error: round 1, player C, thames: 1.0 is not a whole number (expected 0–10)\n"),
])
def test_score_table_errors_are_one_line(tmp_path, mutate, line):
    result = invoke("score", "--table", write(tmp_path, bad(mutate)), "--json")
    assert result.exit_code == 1 and result.stdout == "" and result.stderr == line


def test_import_export_round_trip(tmp_path):
    for tbl in (NSL2, NSL4, NSL6_ADDITIVE):
        imported = invoke("import", write(tmp_path, tbl))
        assert imported.exit_code == 0, imported.stderr
        exported = invoke("export", imported.stdout.strip())
        assert exported.exit_code == 0 and table_part(json.loads(exported.stdout)) == tbl


def test_show_of_an_imported_game(tmp_path):
    session_id = invoke("import", write(tmp_path, NSL4)).stdout.strip()
    result = invoke("show", session_id)
    assert result.exit_code == 0
    # an imported table never says who drew which colour: no invented pencils
    assert "  B's line: 7 × 4 + 2 × 1 = 30   Tourist track: 2 crossed = 2" in result.stdout
    assert "pencil" not in result.stdout.lower()
    assert "B wins with 113." in result.stdout


@pytest.mark.parametrize("modules, line", [
    (["objectives", "powers"], "Solo rating: 147 − 20 (2 modules) = 127 → band 121–135."),  # NSL-5
    (["objectives"], "Solo rating: 147 − 10 (1 module) = 137 → band 136–150."),
])
def test_the_solo_rating_of_a_table_file_follows_its_modules(tmp_path, modules, line):
    # the table's `modules` says what was played: score, score --json, show and the sheet agree
    path = write(tmp_path, dict(NSL5, modules=modules))
    scored = invoke("score", "--table", path, "--json")
    assert json.loads(scored.stdout)["standings"][0] == {
        "player": "Solo", "rank": 1, "total": 147, "rounds": [24, 27, 21, 30],
        "parts": {"lines": 102, "tourist": 17, "interchanges": 18, "objectives": 10},
        "rating": 147 - 10 * len(modules)}
    assert invoke("score", "--table", path).stdout.endswith(f"\n\nSolo scores 147.\n{line}\n")
    session_id = invoke("import", path).stdout.strip()
    assert invoke("show", session_id).stdout.rstrip().endswith(line)
    assert invoke("score", session_id).stdout.endswith(f"\n\nSolo scores 147.\n{line}\n")


def test_a_solo_table_without_modules_is_rated_on_its_total(tmp_path):
    tbl = table(["Solo"], [[line(6, 4, 0, 2)]], {"Solo": {"interchanges": ic(1)}})  # 24 + 2 + 2 = 28
    result = invoke("score", "--table", write(tmp_path, tbl), "--json")
    assert json.loads(result.stdout)["standings"][0]["rating"] == 28
    assert invoke("score", "--table", write(tmp_path, tbl)).stdout.endswith(
        "Solo rating: 28 (no modules) → band 90 or less (the lowest band).\n")


def test_only_a_solo_standing_has_a_rating(tmp_path):
    standings = json.loads(invoke("score", "--table", write(tmp_path, NSL4), "--json").stdout)["standings"]
    assert all("rating" not in s for s in standings)


def test_games_lists_the_modules():
    out = invoke("games").stdout
    assert "next-station-london  Next Station: London  (1–4 players)" in out
    assert "--module objectives:" in out and "--module powers:" in out and "--variant additive-lines:" in out


def test_play_refuses_an_unknown_module():
    result = invoke("play", "next-station-london", "--players", "Ana", "-m", "tokyo")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: module: unknown module 'tokyo' for Next Station: London")


# --- sheets -------------------------------------------------------------------------------------------------

def pdf_text(path):
    return [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages]


def test_filled_sheet_of_nsl4(tmp_path):
    out = tmp_path / "nsl4.pdf"
    assert invoke("sheet", "--table", write(tmp_path, NSL4), "-o", out).exit_code == 0
    (text,) = pdf_text(out)  # one page
    for label in ("Next Station: London — score sheet", "Lines — A", "Lines — C", "End of game — B",
                  "Tourist track — circles crossed", "Line score", "Interchanges 3 lines ×5", "Objectives ×10"):
        assert label in text
    assert "B and A are level on 113; the highest single line decides: B 30, A 25." in text
    assert "113" in text and "102" in text and "winner" in text
    assert "30" in text and "21" in text and "25" in text


def test_blank_pads_for_1_to_4_players_are_one_page(tmp_path):
    for players in (1, 2, 3, 4):
        out = tmp_path / f"blank{players}.pdf"
        result = invoke("sheet", "next-station-london", "--blank", "-p", players, "-o", out)
        assert result.exit_code == 0, result.stderr
        (text,) = pdf_text(out)
        text = " ".join(text.split())
        assert text.count("Line score") == players and text.count("End of game") == players
        assert "Round 4" in text and "Districts" in text and "Thames (×2)" in text
        assert "Points 1 2 4 6 8 11 14 17 21 25" in text  # the tourist track's values
        assert "113" not in text


def test_blank_pad_with_additive_lines_has_a_sections_row(tmp_path):
    out = tmp_path / "blank.pdf"
    assert invoke("sheet", "next-station-london", "--blank", "-v", "additive-lines", "-o", out).exit_code == 0
    (text,) = pdf_text(out)
    assert "Sections" in text and "Line (additive-lines) = sections + districts + stations + 2 per Thames" in text


@pytest.mark.parametrize("args, present, absent", [
    # the official pad keeps the template's reminder
    (("-p", 3), ["Line = districts × stations", "on 2 lines = 2, 3 lines = 5, 4 lines = 9"],
     ["Solo rating", "additive-lines", "score nothing"]),
    # a variant's pad says its own rules, not the official ones it replaces
    (("-v", "additive-lines", "-v", "no-interchanges", "-p", 2),
     ["Line (additive-lines) = sections + districts + stations", "Interchange stations score nothing"],
     ["Line = districts × stations", "3 lines = 5", "Solo rating"]),
    # a solo pad has the rating rule and its bands (NSL-RB)
    (("-p", 1), [("Solo rating = total − 10 per module used; the bands: 90 or less (the lowest band) · 91–105 · "
                  "106–120 · 121–135 · 136–150 · over 150 (the best band).")], []),
])
def test_blank_pad_notes_follow_the_variants_and_solo(tmp_path, args, present, absent):
    out = tmp_path / "blank.pdf"
    result = invoke("sheet", "next-station-london", "--blank", *args, "-o", out)
    assert result.exit_code == 0, result.stderr
    (text,) = pdf_text(out)
    text = " ".join(text.split())
    for words in present:
        assert words in text
    for words in absent:
        assert words not in text


def test_filled_solo_sheet_has_the_rating_rule(tmp_path):
    out = tmp_path / "nsl5.pdf"
    assert invoke("sheet", "--table", write(tmp_path, NSL5), "-o", out).exit_code == 0
    (text,) = pdf_text(out)
    text = " ".join(text.split())
    assert "Solo rating = total − 10 per module used" in text and "147" in text
    # the rating itself: a row under the total (modules used, rating) and its band at the top
    assert "Total 147 Solo rating (−10 per module) 2 127" in text
    assert "Solo rating: 147 − 20 (2 modules) = 127, in the band 121–135." in text
    assert "winner" not in text  # solo: a rating, not a win


def test_the_filled_sheet_of_a_session_has_its_rating(store, tmp_path):
    session_id = start(store, ["Solo"], modules=["objectives"], rounds=1)
    run(store, session_id, ["we drew these", "districts central", "", "Physical cards", "13", "9", "6", "0", "",
                            "d c"])
    result = invoke("sheet", session_id, "-o", tmp_path / "solo.pdf")
    assert result.exit_code == 0, result.stderr
    (text,) = pdf_text(tmp_path / "solo.pdf")
    text = " ".join(text.split())
    assert "Total 149 Solo rating (−10 per module) 1 139" in text  # 129 + 20 objectives, less 10
    assert "Objectives ×10: districts, central 2 20" in text  # which cards, and how many
    assert "Solo rating: 149 − 10 (1 module) = 139, in the band 136–150." in text


def test_a_blank_solo_pad_has_a_rating_row_to_fill(tmp_path):
    assert invoke("sheet", "next-station-london", "--blank", "-p", 1, "-o", tmp_path / "pad.pdf").exit_code == 0
    (text,) = pdf_text(tmp_path / "pad.pdf")
    assert "Solo rating (−10 per module)" in text and "in the band" not in text


def test_a_blank_pad_refuses_more_than_4_rounds(tmp_path):
    result = invoke("sheet", "next-station-london", "--blank", "-r", 7, "-o", tmp_path / "pad.pdf")
    assert result.exit_code == 1 and not (tmp_path / "pad.pdf").exists()
    assert result.stderr == ("Error: rounds: 7 rounds; a Next Station: London pad has 1–4 "
                             "(one line per pencil colour)\n")
    assert invoke("sheet", "next-station-london", "--blank", "-r", 2, "-o", tmp_path / "two.pdf").exit_code == 0


# --- cards the table drew itself: named at the setup question or with play's --objectives / --powers -----------

OBJECTIVE_NAMES = "interchanges, districts, tourist, central, thames"
POWER_NAMES = "double, joker, switch, circle"


@pytest.mark.parametrize("text, cards", [
    ("tourist central", ["tourist", "central"]),
    ("C, TH", ["central", "thames"]),  # first letters, any case, commas
    ("i d", ["interchanges", "districts"]),
])
def test_objective_cards_by_name_or_first_letters(text, cards):
    assert parse_objective_cards(text) == cards


@pytest.mark.parametrize("text, message", [
    ("tourist", "1 objective card; name the 2 in play"),  # one card: the singular (it read "1 … cards")
    ("tourist central thames", "3 objective cards; name the 2 in play"),
    ("t central", "'t' could be tourist or thames: type more letters"),
    ("tokyo central", f"'tokyo' names no objective card (objectives: {OBJECTIVE_NAMES})"),
    ("central c", "central appears twice"),
])
def test_objective_cards_refused(text, message):
    with pytest.raises(InvalidInput) as refused:
        parse_objective_cards(text)
    assert str(refused.value) == f"objectives: {message}"


@pytest.mark.parametrize("text, dealt", [
    ("circle joker double switch", {"pink": "circle", "green": "joker", "blue": "double", "purple": "switch"}),
    ("pu=circle pi=joker b=double g=s", {"pink": "joker", "green": "switch", "blue": "double", "purple": "circle"}),
])
def test_power_cards_in_pencil_order_or_by_colour(text, dealt):
    assert parse_power_cards(text) == dealt


@pytest.mark.parametrize("text, message", [
    ("circle joker double", "3 power cards; name one for each of the 4 pencils (pink green blue purple)"),
    ("circle joker double laser", f"'laser' names no power card (powers: {POWER_NAMES})"),
    ("circle joker double circle", "circle appears twice"),
    ("pink=circle pink=joker blue=double green=switch", "pink appears twice"),
    ("p=circle g=joker b=double pu=switch", "'p' is not one colour of pink, green, blue, purple (pi = pink, pu = purple)"),
    ("pink=circle joker double switch",
     "'joker': give every pencil as colour=power, or only the powers in the order pink green blue purple"),
])
def test_power_cards_refused(text, message):
    with pytest.raises(InvalidInput) as refused:
        parse_power_cards(text)
    assert str(refused.value) == f"powers: {message}"


def test_a_table_that_drew_its_own_cards_names_them_at_the_setup_question(store):
    session_id = start(store, ["Solo"], modules=["objectives", "powers"], rounds=1)
    answers = ["we drew these", "tokyo central", "th c", "circle joker", "s d j c", "",
               "Physical cards", "5", "3", "1", "1", "", "c"]
    session, prompter, text = run(store, session_id, answers)
    assert prompter.refused == [("tokyo central", f"'tokyo' names no objective card (objectives: {OBJECTIVE_NAMES})"),
                                ("circle joker", "2 power cards; name one for each of the 4 pencils "
                                                 "(pink green blue purple)")]
    assert session.get("setup", "objectives") == ["thames", "central"]
    assert session.get("setup", "powers") == {"pink": "switch", "green": "double", "purple": "circle", "blue": "joker"}
    # the five cards are listed before the question, then the cards named are the ones in play
    assert "The five shared objective cards:\n  interchanges  At least 8 interchange stations" in text
    assert "  circle        circle one station; it counts twice in its district, for this line only." in text
    assert "Shared objectives in play (+10 each for everyone who completes it):\n" \
           "  1. The Thames crossed at least 6 times, all your lines together.\n" \
           "  2. All 9 stations of the central district connected." in text
    assert "  Pink: Switch: as if a Railroad Switch" in text and "  Purple: Circle: circle one station" in text
    assert "  • Solo: Pink  (power: Switch)" in text
    assert "Which two objective cards? (names or first letters, e.g. tourist central)" in prompter.asked
    assert session.finished and session.score().standings[0].extra == {"rating": (5 * 3 + 2 * 1) + 1 + 10 - 20}


def test_scorepad_draws_the_cards_unless_told_otherwise(store):
    session_id = start(store, ["Solo"], modules=["objectives", "powers"], rounds=1, seed=3)
    answers = ["scorepad draws", "", "Physical cards", "5", "3", "1", "1", "", ""]
    session, prompter, text = run(store, session_id, answers)
    drawn = nsl.draw_objectives(3)
    assert "  1. " + objective_text(drawn[0]) in text and "  2. " + objective_text(drawn[1]) in text
    assert not [q for q in prompter.asked if q.startswith("Which two") or q.startswith("Power on each")]


def test_named_cards_count_only_while_the_table_says_it_drew_them(store):
    # an answer changed from "we drew these" back to "scorepad draws" (edit, fix) leaves the names recorded
    recorded = [(("setup", "objective-cards"), "scorepad draws"), (("setup", "objectives"), ["tourist", "central"]),
                (("setup", "power-cards"), "scorepad draws"), (("setup", "powers"), dict(zip(nsl.PENCILS, nsl.POWERS)))]
    doc = new_doc(GAME, ["Solo"], [], 1, modules=["objectives", "powers"], seed=3)
    for at, value in recorded:
        record(doc, at, value)
    session = Session(doc, GAME)
    assert objectives(session) == nsl.draw_objectives(3) and powers(session) == nsl.deal_powers(3)
    record(doc, ("setup", "objective-cards"), "we drew these")
    assert objectives(Session(doc, GAME)) == ("tourist", "central")


def test_undo_takes_back_the_named_cards(store):
    session_id = start(store, ["Solo"], modules=["objectives"], rounds=1)
    with pytest.raises(Aborted):
        run(store, session_id, ["we drew these", "tourist central", "undo", "thames districts", Aborted()])
    assert Session(store.get(session_id), GAME, session_id).get("setup", "objectives") == ["thames", "districts"]


def test_play_options_name_the_cards_and_store_them_as_setup_answers(monkeypatch, store):
    from scorepad.cli.prompter import ScriptedPrompter

    prompter = ScriptedPrompter(["", "Physical cards", "5", "3", "1", "1", "", "c", False])
    monkeypatch.setattr(terminal, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(terminal, "make_prompter", lambda: prompter)
    result = invoke("play", "next-station-london", "-p", "Solo", "-r", "1", "-m", "objectives", "-m", "powers",
                    "--objectives", "tourist", "central", "--powers", "pu=circle", "pi=joker", "b=double", "g=s")
    assert result.exit_code == 0, result.stderr
    session = Session(store.get(1), GAME, 1)
    assert session.get("setup", "objective-cards") == session.get("setup", "power-cards") == "we drew these"
    assert session.get("setup", "objectives") == ["tourist", "central"]
    assert session.get("setup", "powers") == {"pink": "joker", "green": "switch", "blue": "double", "purple": "circle"}
    # nothing about the cards is asked: the first question is the pencil order
    assert prompter.asked[0].startswith("Your order of the four pencils")
    assert "  1. All 5 tourist sites connected.\n  2. All 9 stations of the central district connected." in result.stdout
    # 5 × 3 + 2 × 1 = 17, 1 tourist circle = 1, the central objective = 10: 28, less 10 for each module
    assert "Solo rating: 28 − 20 (2 modules) = 8 → band 90 or less (the lowest band)." in result.stdout


@pytest.mark.parametrize("args, message", [
    (["-m", "objectives", "--objectives", "tourist", "tokyo"],
     f"objectives: 'tokyo' names no objective card (objectives: {OBJECTIVE_NAMES})"),
    (["-m", "objectives", "--objectives", "tourist", "tourist"], "objectives: tourist appears twice"),
    (["-m", "powers", "--powers", "circle", "joker", "double", "laser"],
     f"powers: 'laser' names no power card (powers: {POWER_NAMES})"),
    (["--objectives", "tourist", "central"],
     "objectives: the module 'objectives' is not in play: add --module objectives"),
    (["-m", "objectives", "--powers", "circle", "joker", "double", "switch"],
     "powers: the module 'powers' is not in play: add --module powers"),
])
def test_play_refuses_unknown_cards_before_anything_is_stored(database, args, message):
    result = invoke("play", "next-station-london", "-p", "Ana", "Ben", *args)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"Error: {message}\n")
    assert not database.exists()


def test_play_refuses_cards_for_a_game_that_has_none(database):
    result = invoke("play", "lost-cities", "-p", "Ana", "Ben", "--objectives", "tourist", "central")
    assert (result.exit_code, result.stderr) == (1, "Error: objectives: Lost Cities has no objectives cards to name\n")
    assert not database.exists()


def test_play_needs_both_objective_cards():
    result = invoke("play", "next-station-london", "-p", "Ana", "-m", "objectives", "--objectives", "tourist")
    assert result.exit_code == 2 and "Option '--objectives' requires 2 arguments" in result.stderr


def test_named_cards_travel_through_export_and_import(store, tmp_path):
    from scorepad.store import Store

    drawn = {"objectives": ["thames", "central"], "powers": ["circle", "joker", "switch", "double"]}
    session_id = store.insert(new_doc(GAME, ["Solo"], [], 1, modules=["objectives", "powers"], seed=3, drawn=drawn))
    run(store, session_id, ["", "Physical cards", "5", "3", "1", "1", "", "c"])
    assert invoke("export", session_id, "-o", tmp_path / "solo.json").exit_code == 0
    other = tmp_path / "other.json"
    imported = invoke("--db", other, "import", tmp_path / "solo.json")
    assert imported.exit_code == 0, imported.stderr
    again = Session(Store(other).get(int(imported.stdout)), GAME, int(imported.stdout))
    assert objectives(again) == ("thames", "central")
    assert powers(again) == {"pink": "circle", "green": "joker", "blue": "switch", "purple": "double"}
    shown = invoke("--db", other, "show", imported.stdout.strip()).stdout
    assert "Solo rating: 28 − 20 (2 modules) = 8 → band 90 or less (the lowest band)." in shown
    assert "\nShared objectives completed:\n  Solo: central (+10)\n" in shown


# --- the refusals as data, and typed in another language's digits and words (issue 11) --------------------

@pytest.mark.parametrize("name, value, others, code, values", [
    ("stations", 3, {"districts": 0}, "next-station-london.stations-without-districts", {"stations": 3}),
    ("districts", 4, {"stations": 0}, "next-station-london.districts-without-stations", {"districts": 4}),
    ("stations", 9, {"sections": 6}, "next-station-london.stations-over-sections",
     {"stations": 9, "sections": 6, "more": 2}),
    ("sections", 3, {"stations": 0}, "next-station-london.sections-without-stations", {"sections": 3}),
    ("thames", 4, {"sections": 3}, "next-station-london.thames-over-sections", {"thames": 4, "sections": 3}),
])
def test_a_line_refused_is_a_code_and_values(name, value, others, code, values):
    with pytest.raises(InvalidInput) as refused:
        nsl.check_line_field(name, value, others, round=2, player="Ana")
    assert (refused.value.code, refused.value.values, refused.value.field) == (code, values, name)


def test_the_final_refusals_are_codes_and_values():
    with pytest.raises(InvalidInput) as refused:
        nsl.check_interchanges({"2": 20, "3": 2, "4": 1}, player="Ana")
    assert refused.value.code == "next-station-london.too-many-interchanges"
    assert refused.value.values == {"counts": {"2": 20, "3": 2, "4": 1}, "total": 50, "most": 44, "lines": 4,
                                    "stations": 11}
    assert refused.value.message == ("2 × 20 + 3 × 2 + 4 × 1 = 50 stations on lines; four lines hold at most 44 "
                                     "(4 × 11)")
    with pytest.raises(InvalidInput) as refused:
        nsl.check_objectives(1, (), player="Ana")
    assert (refused.value.code, refused.value.values) == ("next-station-london.objectives-without-module",
                                                          {"done": 1, "modules": ()})
    assert refused.value.message == "1 objective, but the module 'objectives' is not in play (modules: none)"
    with pytest.raises(InvalidInput) as refused:
        nsl.check_line({"districts": 1}, round=1, player="Ana")
    assert (refused.value.code, refused.value.field) == ("next-station-london.missing", "stations")


def test_every_code_has_its_wording():
    import re
    from pathlib import Path

    from scorepad.games import next_station_london as package

    phrases = by_slug("next-station-london").phrases
    code = "".join(path.read_text() for path in Path(package.__file__).parent.glob("*.py"))
    raised = set(re.findall(r'"(next-station-london\.[a-z-]+)"', code + Path(nsl.__file__).read_text()))
    assert raised == set(phrases), raised ^ set(phrases)


def test_no_sentence_is_left_in_the_calculator():
    # the variants, modules, cards and powers are names; what they mean is worded in scorepad/games
    from scorepad.games.next_station_london import words

    game = by_slug("next-station-london")
    assert tuple(game.variants) == nsl.VARIANTS and tuple(game.modules) == nsl.MODULES
    assert set(words.OBJECTIVE_TEXTS) == set(nsl.OBJECTIVES) and set(words.POWER_TEXTS) == set(nsl.POWERS)
    assert game.modules["objectives"] == "shared objectives: 2 of 5 cards drawn, +10 each for whoever completes it"
    assert words.objective_text("districts") == "At least one station of your network in each of the 13 districts."
    assert words.power_text("circle") == ("Circle: circle one station; it counts twice in its district, for this "
                                          "line only.")


@pytest.mark.parametrize("variants, players", [((), 3), ((), 1), (("additive-lines", "no-interchanges"), 2)])
def test_the_sheet_notes_are_worded_from_the_calculators_values(variants, players):
    from scorepad import sheets
    data = by_slug("next-station-london").sheet(None, players=[""] * players, variants=variants)
    if not variants:
        assert data["notes"][:2] == sheets.load_template("next-station-london")["page"]["notes"]  # the fallback
    if players == 1:
        assert data["notes"][-1] == ("Solo rating = total − 10 per module used; the bands: 90 or less (the lowest "
                                     "band) · 91–105 · 106–120 · 121–135 · 136–150 · over 150 (the best band).")
    assert [row["label"] for row in data["grids"]["end"][0]["rows"]][2:6] == [
        "Interchanges 2 lines ×2", "Interchanges 3 lines ×5", "Interchanges 4 lines ×9", "Objectives ×10"]


class Persian:
    """A stand-in catalogue, as a Persian translator might give it: the menus and the typed words."""

    WORDS = {"pink": "صورتی", "green": "سبز", "blue": "آبی", "purple": "بنفش", "tourist": "گردشگری",
             "central": "مرکزی", "summary": "خلاصه", "circle": "دایره"}
    TEXTS = {"Digital deck": "دستهٔ دیجیتال", "Physical cards": "کارت‌های واقعی"}

    def pgettext(self, context, message):
        return self.WORDS.get(message, message) if context == "typed word" else message

    def gettext(self, message):
        return self.TEXTS.get(message, message)

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural


PERSIAN, ARABIC = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"), str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def test_nsl4_typed_in_persian_and_arabic_digits_and_menus(store, speak):
    """NSL-4 at the prompts with every number in Persian or Arabic-Indic digits, the menus picked in Persian and
    the Persian word for `summary`: the same table file as typed in English, the menus stored in English."""
    from scorepad import i18n

    speak("fa", Persian())
    answers = nsl4_answers()
    answers = [Persian.TEXTS.get(a, a).translate(PERSIAN if n % 2 else ARABIC) for n, a in enumerate(answers)]
    answers[-3:] = ["۶، ۱، ۰", "٥ ١ ٠", "3 ۱ ٠"]  # the Arabic comma between the counts; digits mixed
    answers.insert(6, "خلاصه")
    session_id = start(store, NSL4_PLAYERS)
    session, prompter, text = run(store, session_id, answers)
    assert session.finished and not prompter.refused
    assert session.table() == NSL4
    assert session.get("setup", "deck-mode", 0) == "Digital deck"
    assert session.get("setup", "deck-mode", 1) == "Physical cards"
    assert "Nothing scored yet." in text  # خلاصه at the first turn: the summary, before any line


@pytest.mark.parametrize("typed, order", [
    ("صورتی سبز آبی بنفش", ["pink", "green", "blue", "purple"]),
    ("بن آ pi g", ["purple", "blue", "pink", "green"]),   # first letters in either language
    ("بنفش، آبی، سبز، صورتی", ["purple", "blue", "green", "pink"]),  # the Arabic comma
])
def test_the_solo_order_in_the_languages_own_colour_words(typed, order, speak):
    from scorepad import i18n
    from scorepad.games.next_station_london.notation import parse_order

    speak("fa", Persian())
    assert parse_order(typed) == order


def test_cards_named_in_the_languages_own_words(speak):
    from scorepad import i18n

    speak("fa", Persian())
    assert parse_objective_cards("گردشگری مرکزی") == ["tourist", "central"]
    assert parse_objective_cards("گر central") == ["tourist", "central"]
    assert parse_power_cards("دایره joker double switch")["pink"] == "circle"
    assert parse_power_cards("بنفش=circle pi=joker g=double b=switch")["purple"] == "circle"


def test_numbers_typed_in_persian_at_a_line_question(store):
    asks = _asks(store, recorded=[(("setup", "order"), list(nsl.PENCILS)),
                                  (("setup", "deck-mode", 0), "Physical cards")])
    ask = asks[("rounds", 0, "Ana", "districts")]
    assert ask.parse("۱۳") == 13 and ask.parse("٧") == 7 and ask.parse(" ١٠ ") == 10
    with pytest.raises(InvalidInput) as refused:
        ask.parse("۱۴")
    assert str(refused.value) == "round 1, player Ana, districts: 14 is out of range (expected 0–13)"


# --- a session of scorepad 0.1 (Game.upgrade, through the store's migration) ------------------------------------

def test_a_0_1_session_that_scored_objectives_was_played_with_the_module():
    from scorepad.games import upgraded

    scored = {"at": ["final", "Ana", "objectives"], "value": 1}
    old = {"game": "next-station-london", "modules": [], "entries": [{"at": ["setup", "order"], "value": []}, scored]}
    assert upgraded(old) == {**old, "modules": ["objectives"]} and old["modules"] == []  # a copy, the old kept
    assert upgraded({**old, "modules": ["powers"]})["modules"] == ["powers", "objectives"]
    kept = [{**old, "entries": [{**scored, "value": 0}]}, {**old, "modules": ["objectives"]}, {**old, "entries": []},
            {**old, "game": "lost-cities"}, {**old, "game": "azul"}, {**old, "game": ["x"]}]
    for doc in kept:  # nothing scored, the module there, no entry, another game's, a game no longer known, junk
        assert upgraded(doc) is doc
