"""The history API (scorepad/history.py) and what the store keeps for it (summary ranks, the games' facts).

The fixed history below is London (second edition) with flat penalties: score = card points + bonus − debt −
poverty, ties shared (table-format.md), so every total is the card points given and every figure can be worked
out by hand. Its order (summary.order: date, then id; an unknown date first): s5, s1, s2, s3, s4.
"""

import json

import orjson
import pytest

from scorepad import history
from scorepad.games import by_slug
from scorepad.table.changes import new_doc
from scorepad.table.travel import doc_from_table
from scorepad.store import FACTS, Store
from scorepad.table.summary import summarize
from scorepad.cli.prompter import Aborted
from conftest import LC11, LC11_TYPED, TABLES, run

LONDON = "london-2e"


def flat(date, **totals):
    table = {"game": LONDON, "variants": ["flat-penalties"], "players": list(totals),
             "final": {name: {"card_vp": total, "bonus": 0, "debt": 0, "poverty": 0} for name, total in totals.items()}}
    if date:
        table["date"] = date
    return table


HISTORY = [
    flat("2026-01-05", Ana=30, Ben=20),           # s1: Ana wins
    flat("2026-01-12", Ana=25, Ben=25, Cy=10),    # s2: Ana and Ben share the win (1, 1, 3)
    flat("2026-02-01T20:15:00+01:00", ana=15, Ben=40),  # s3: Ben wins; Ana written `ana`
    flat("2026-03-01", ANA=35, Cy=20),            # s4: Ana wins; written `ANA`, the latest spelling
    flat(None, Ben=50, Cy=45),                    # s5: no date (first in the order): Ben wins
]


@pytest.fixture
def store(database):
    store = Store(database, summarize=summarize)
    game = by_slug(LONDON)
    store.insert_many([doc_from_table(table, game) for table in HISTORY])
    # A Lost Cities match stopped after its first game, Ben far ahead: still being played, so it does not count.
    playing = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3, seed=7))
    with pytest.raises(Aborted):
        run(store, playing, ["Ben", *LC11_TYPED[0], Aborted()])
    assert store.summaries()[playing]["status"] == "playing" and store.summaries()[playing]["complete"] == 1
    return store


def row(result, name, game=LONDON):
    found = result["games"][game]["players"][name]
    return found["sessions"], found["wins"], found["win_rate"], found["mean"], found["best"], found["worst"]


@pytest.mark.parametrize("filters, sessions, name, expected", [
    # Ana: s1 30 (1st), s2 25 (shared 1st), s3 15 (2nd), s4 35 (1st): 3 wins of 4, mean 105/4
    ({}, 5, "ANA", (4, 3, 0.75, 26.25, 35, 15)),
    # Ben: s5 50 (1st), s1 20 (2nd), s2 25 (shared 1st), s3 40 (1st)
    ({}, 5, "Ben", (4, 3, 0.75, 33.75, 50, 20)),
    # Cy: s5 45 (2nd), s2 10 (3rd), s4 20 (2nd): never won, mean 75/3
    ({}, 5, "Cy", (3, 0, 0.0, 25.0, 45, 10)),
    # --since 2026-02-01: s3 and s4 (s5 has no date, so it is left out); s3's date has a time and an offset
    ({"since": "2026-02-01"}, 2, "ANA", (2, 1, 0.5, 25.0, 35, 15)),
    ({"since": "2026-02-01"}, 2, "Ben", (1, 1, 1.0, 40.0, 40, 40)),
    ({"since": "2026-01-06"}, 3, "Cy", (2, 0, 0.0, 15.0, 20, 10)),
    # --player, matched trimmed and case-folded: only that person's sessions and row
    ({"player": " ana "}, 4, "ANA", (4, 3, 0.75, 26.25, 35, 15)),
    ({"player": "BEN"}, 4, "Ben", (4, 3, 0.75, 33.75, 50, 20)),
    ({"game": LONDON, "player": "cy", "since": "2026-01-01"}, 2, "Cy", (2, 0, 0.0, 15.0, 20, 10)),
])
def test_statistics_worked_out_by_hand(store, filters, sessions, name, expected):
    found = history.played(store, **filters)
    result = history.stats(found, names=history.people(history.played(store)), player=filters.get("player"))
    assert result["sessions"] == result["games"][LONDON]["sessions"] == sessions
    assert row(result, name) == expected
    if "player" in filters:
        assert list(result["games"][LONDON]["players"]) == [name]


@pytest.mark.parametrize("a, b, expected", [
    ("ANA", "Ben", {"won": 1, "lost": 1, "level": 1}),  # s1 above, s2 level (shared win), s3 below
    ("Ben", "ANA", {"won": 1, "lost": 1, "level": 1}),
    ("ANA", "Cy", {"won": 2, "lost": 0, "level": 0}),   # s2 (1st vs 3rd), s4
    ("Cy", "ANA", {"won": 0, "lost": 2, "level": 0}),
    ("Ben", "Cy", {"won": 2, "lost": 0, "level": 0}),   # s5, s2
])
def test_head_to_head_over_the_sessions_both_played(store, a, b, expected):
    result = history.stats(history.played(store))
    assert result["games"][LONDON]["head_to_head"][a][b] == expected


def test_records(store):
    records = history.stats(history.played(store))["records"][LONDON]
    assert records["highest"] == {"total": 50, "holders": [{"player": "Ben", "id": 5, "date": None}]}
    # margins of the games won alone: s5 50−45, s1 30−20, s3 40−15, s4 35−20 (s2 was shared)
    assert records["margin"] == {"player": "Ben", "margin": 25, "total": 40, "id": 3,
                                 "date": "2026-02-01T20:15:00+01:00"}
    # in order s5 s1 s2 s3 s4: Ben W L W W, Ana W W L W: both reach 2, Ana first (s1–s2): both named (issue 29)
    assert records["streak"] == {"length": 2, "holders": [{"player": "ANA", "first": 1, "last": 2},
                                                          {"player": "Ben", "first": 2, "last": 3}]}


def test_played_is_oldest_first_finished_only_and_shaped_as_common12_says(store):
    found = history.played(store)
    assert [p["id"] for p in found] == [5, 1, 2, 3, 4]  # no date first; the playing Lost Cities match left out
    assert found[2] == {"id": 2, "game": LONDON, "date": "2026-01-12", "players": ["Ana", "Ben", "Cy"],
                        "totals": {"Ana": 25, "Ben": 25, "Cy": 10}, "ranks": {"Ana": 1, "Ben": 1, "Cy": 3},
                        "winners": ["Ana", "Ben"],
                        # per player [poverty points lost, unpaid loans (the flat variant counts none), their cost,
                        # the poverty held at the end]
                        "facts": {"players": {name: [0, None, 0, 0] for name in ("Ana", "Ben", "Cy")}}}
    assert history.played(store, game="lost-cities") == []
    assert history.people(found) == {"ben": "Ben", "ana": "ANA", "cy": "Cy"}  # the latest spelling


def test_as_json_is_exactly_the_spec_shape(store):
    result = history.as_json(history.stats(history.played(store)))
    assert list(result) == ["sessions", "games"] and list(result["games"]) == [LONDON]
    game = result["games"][LONDON]
    assert list(game) == ["sessions", "players", "head_to_head"]
    assert list(game["players"]["Ben"]) == ["sessions", "wins", "win_rate", "mean", "best", "worst"]
    assert isinstance(game["players"]["Cy"]["win_rate"], float) and isinstance(game["players"]["Cy"]["best"], int)
    json.dumps(result)  # plain JSON


def test_names_are_matched_trimmed_and_case_folded_in_played_lists_made_by_hand():
    # An older database may hold a name with spaces around it: the same person as the trimmed one.
    sessions = [{"id": 1, "game": "lost-cities", "date": "2026-01-01", "players": ["Ana ", "Ben"],
                 "totals": {"Ana ": 10, "Ben": 5}, "ranks": {"Ana ": 1, "Ben": 2}, "winners": ["Ana "], "facts": {}},
                {"id": 2, "game": "lost-cities", "date": "2026-01-02", "players": ["ana", "Ben"],
                 "totals": {"ana": 0, "Ben": 5}, "ranks": {"ana": 2, "Ben": 1}, "winners": ["Ben"], "facts": {}}]
    result = history.stats(sessions)
    assert row(result, "ana", "lost-cities") == (2, 1, 0.5, 5.0, 10, 0)
    assert result["games"]["lost-cities"]["head_to_head"]["ana"]["Ben"] == {"won": 1, "lost": 1, "level": 0}


# --- the games' facts, kept beside the index ------------------------------------------------------------

def stored(database, table, slug=None):
    store = Store(database, summarize=summarize)
    store.insert(doc_from_table(table, by_slug(slug or table["game"])))
    return store


def test_lost_cities_expeditions(database):
    # LC-11 (shared/rules): Ana's yellow, game 1: W 3 4 6 8 9 = (30 − 20) × 2 = 20, one wager; not started in game 3.
    store = stored(database, LC11)
    facts = history.played(store)[0]["facts"]
    assert facts["colours"] == ["yellow", "blue", "white", "green", "red"]
    ana, ben = facts["players"]["Ana"], facts["players"]["Ben"]
    assert len(ana) == 3 * 5 * 2  # game by game, colour by colour: points (None: not started), wagers
    assert [ana[n:n + 2] for n in range(0, 30, 10)] == [[20, 1], [14, 0], [None, 0]]  # yellow in games 1, 2, 3
    assert [ben[n + 4:n + 6] for n in range(0, 30, 10)] == [[41, 2], [9, 0], [51, 0]]  # white
    colours = history.stats(history.played(store))["figures"]["lost-cities"]["colours"]
    # white: Ana started it in game 2 only (W 3 6 7 9: (25 − 20) × 2 = 10), Ben in all three: 4 of 6
    assert colours["white"] == {"chances": 6, "started": 4, "mean": 27.75,
                                "wagers": {"0": {"count": 2, "mean": 30.0}, "1": {"count": 1, "mean": 10.0},
                                           "2": {"count": 1, "mean": 41.0}}}


def test_next_station_parts_lines_and_the_solo_rating(database):
    solo = {"game": "next-station-london", "players": ["Ana"], "modules": ["objectives"], "date": "2026-05-01",
            "rounds": [{"Ana": {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}}],
            "final": {"Ana": {"objectives": 1}}}
    store = stored(database, solo)
    store.insert(doc_from_table(TABLES["next-station-london"], by_slug("next-station-london")))
    found = history.played(store)
    facts = found[1]["facts"]
    assert facts["parts"] == ["lines", "tourist", "interchanges", "objectives"]
    assert facts["line"] == ["districts", "stations", "thames", "tourist", "score"]
    # the parts: one line 6 districts × 3 stations + 2 for the Thames = 20; 2 tourist sites → 2; one objective 10;
    # then the line itself
    assert facts["players"]["Ana"] == [20, 2, 0, 10, 6, 3, 1, 2, 20]
    assert facts["rating"] == {"Ana": 32 - 10}  # 10 off for the one module (NSL-RB)
    assert "rating" not in found[0]["facts"]
    figures = history.stats(found)["figures"]["next-station-london"]
    assert figures["solo"] == [{"id": 1, "date": "2026-05-01", "player": "Ana", "total": 32, "rating": 22}]
    assert figures["players"]["Ben"] == {"sessions": 1, "lines": 1, "line": 20.0, "districts": 6.0,
                                         "stations": 3.0, "thames": 1.0, "tourist": 2.0,
                                         "parts": {"lines": 20.0, "tourist": 2.0, "interchanges": 0.0,
                                                   "objectives": 0.0}}


def nsl(date, **districts):
    """A one-line Next Station: London game: each player's line `districts` × 1 station (total = districts)."""
    return {"game": "next-station-london", "players": list(districts), "date": date,
            "rounds": [{name: {"districts": d, "stations": 1, "thames": 0, "tourist": 0}
                        for name, d in districts.items()}]}


def test_a_solo_game_neither_makes_a_winning_streak_nor_breaks_one(database):
    store = Store(database, summarize=summarize)
    game = by_slug("next-station-london")
    store.insert_many([doc_from_table(table, game) for table in (
        nsl("2026-06-01", Ana=5, Ben=3),   # s1: Ana wins
        nsl("2026-06-02", Ana=4),          # s2, s3, s4: Ana alone (rank 1 of 1, won over nobody: no win)
        nsl("2026-06-03", Ana=6),
        nsl("2026-06-04", Ana=2),
        nsl("2026-06-05", Ana=7, Ben=1),   # s5: Ana wins again: two in a row over Ben, s2–s4 between
        nsl("2026-06-06", Ana=1, Ben=8),   # s6: Ben wins
    )])
    result = history.stats(history.played(store))
    assert row(result, "Ana", "next-station-london")[:2] == (6, 2)  # issue 22: a solo game is not a win
    # not 5 in a row (s1–s5 with three games played alone) nor 3 (s2–s4): s1 and s5, the solo games skipped
    streak = result["records"]["next-station-london"]["streak"]
    assert streak == {"length": 2, "holders": [{"player": "Ana", "first": 1, "last": 5}]}
    alone = history.stats([p for p in history.played(store) if len(p["players"]) == 1])
    assert alone["records"]["next-station-london"]["streak"] is None


def test_london_poverty_and_unpaid_loans(database):
    store = stored(database, TABLES["london-1e"])
    facts = history.played(store)[0]["facts"]["players"]
    # Red: poverty 9 + hand 2 = 11, Blue 4: the least (4) is dropped, Red keeps 7 → 9 points lost (the 1st
    # edition's poverty table, S1); Red's one loan is repaid from 20 money (£10 each, S1): none unpaid
    assert facts == {"Red": [9, 0, 0, 11], "Blue": [0, 0, 0, 4]}
    figures = history.stats(history.played(store))["figures"]["london-1e"]["players"]
    # issue 22: the worst poverty is Red's 11 poverty, not the 9 points it cost
    assert figures["Red"] == {"sessions": 1, "poverty": 9.0, "poverty_worst": 11, "loan_penalty": 0.0,
                              "unpaid_loans": 0.0}


def test_chinatown_cash_and_income_by_year(database):
    table = {**TABLES["chinatown"], "rounds": TABLES["chinatown"]["rounds"] * 2}
    store = stored(database, table)
    facts = history.played(store)[0]["facts"]
    # Ava: a complete photo shop (3 tiles) earns 50,000 a year; Cai's 2 restaurant tiles 20,000; Ben nothing.
    # Cash: 50,000 start; Ava pays Ben 5,000 in year 1.
    assert facts["rounds"] == "years"
    assert facts["players"]["Ava"] == [50000 - 5000 + 2 * 50000, 50000, 50000]  # cash, then income by year
    assert facts["players"]["Ben"] == [55000, 0, 0]
    figures = history.stats(history.played(store))["figures"]["chinatown"]["players"]
    assert figures["Cai"] == {"sessions": 1, "cash": 90000.0, "years": [20000.0, 20000.0], "seasons": []}


def test_facts_are_not_in_the_index_that_list_reads(database, store):
    folder = database.with_name(database.name + ".d")
    index = orjson.loads((folder / "index" / "0000.json").read_bytes())["summaries"]
    assert isinstance(index["1"][FACTS], int)  # a digest only
    assert index["1"]["ranks"] == {"Ana": 1, "Ben": 2}
    assert FACTS not in index["6"] and index["6"]["ranks"] == {"Ben": 1, "Ana": 2}  # playing: ranks, no facts
    held = orjson.loads((folder / FACTS / "0000.json").read_bytes())[FACTS]
    assert sorted(held, key=int) == ["1", "2", "3", "4", "5"]


def test_facts_follow_an_edit_an_undo_and_a_delete(database, store):
    folder = database.with_name(database.name + ".d")

    def held():
        return orjson.loads((folder / FACTS / "0000.json").read_bytes())[FACTS]

    def poorer(doc):  # Ben's poverty 0 -> 3: the totals change with the facts
        next(e for e in doc["entries"] if e["at"] == ["final", "Ben", "poverty"])["value"] = 3

    store.update(1, poorer)
    assert held()["1"]["players"]["Ben"][0] == 3
    assert history.played(store)[1]["totals"]["Ben"] == 17

    def reopened(doc):
        doc["status"] = "playing"

    store.update(1, reopened)  # a finished game reopened (undo): its facts go with its finish
    assert "1" not in held() and FACTS not in store.summaries()[1]
    store.remove(2)
    assert "2" not in held()
    assert [p["id"] for p in history.played(store)] == [5, 3, 4]


@pytest.mark.parametrize("damage", [b'{"facts": {"1": [1, 2', b"\x00\x00garbage", b"", b'{"sessions": {}}', None])
def test_a_damaged_facts_file_is_made_again_from_the_session_files(database, damage):
    # The facts file is derived from the session files (the truth): damaged, it stopped every game and import of
    # its 256 sessions ("cannot read the database … facts/0000.json") and stats too, even --json that needs none;
    # moved aside, emptied or of another shape, the figures of its sessions were silently left out.
    from conftest import invoke

    store = stored(database, LC11)
    store.insert(doc_from_table(TABLES["lost-cities"], by_slug("lost-cities")))
    expected = history.stats(history.played(store))
    facts_file = database.with_name(database.name + ".d") / FACTS / "0000.json"
    if damage is None:  # moved aside, as the error said to
        facts_file.unlink()
    else:
        facts_file.write_bytes(damage)
    store = Store(database, summarize=summarize)
    assert history.stats(history.played(store)) == expected  # read from the session files meanwhile
    result = invoke("stats")
    assert (result.exit_code, result.stderr) == (0, "") and "Expeditions" in result.stdout
    assert (facts_file.read_bytes() if facts_file.exists() else None) == damage  # a reader leaves it as it is
    store.insert(doc_from_table(LC11, by_slug("lost-cities")))  # a writer: the file is whole again
    assert "3" in orjson.loads(facts_file.read_bytes())[FACTS]
    assert history.stats(history.played(store))["figures"]["lost-cities"]["colours"]["yellow"]["chances"] == 18


def test_an_edit_that_changes_only_the_facts_rewrites_them(database):
    # Ana's card points +2 and poverty +2: every total, rank and winner stays, only the facts change.
    store = stored(database, flat("2026-01-01", Ana=10, Ben=10))

    def moved(doc):
        for entry in doc["entries"]:
            if entry["at"] == ["final", "Ana", "poverty"]:
                entry["value"] = 2
            if entry["at"] == ["final", "Ana", "card_vp"]:
                entry["value"] = 12
    store.update(1, moved)
    assert history.played(store)[0]["facts"]["players"]["Ana"][0] == 2
    assert history.played(store)[0]["totals"] == {"Ana": 10, "Ben": 10}


def test_summaries_made_again_bring_the_facts_back(database, store):
    folder = database.with_name(database.name + ".d")
    before = history.played(store)
    meta = orjson.loads(database.read_bytes())
    meta["meta"]["1"]["summary_version"] = 1
    database.write_bytes(orjson.dumps(meta))
    import shutil

    shutil.rmtree(folder / FACTS)
    assert history.played(Store(database, summarize=summarize)) == before


def test_a_new_session_with_no_answers_has_no_ranks_yet(database):
    store = Store(database, summarize=summarize)
    store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3))
    assert "ranks" not in store.summaries()[1] and history.played(store) == []


def test_facts_edited_by_hand_cost_the_figures_not_the_statistics():
    sessions = [{"id": 1, "game": "lost-cities", "date": None, "players": ["Ana", "Ben"],
                 "totals": {"Ana": 10, "Ben": 5}, "ranks": {"Ana": 1, "Ben": 2}, "winners": ["Ana"],
                 "facts": {"colours": ["yellow"], "players": {"Ana": ["x", 1], "Ben": {"not": "a list"}}}}]
    result = history.stats(sessions)
    assert result["figures"]["lost-cities"] == {} and result["games"]["lost-cities"]["sessions"] == 1


# --- what the store keeps of each index file for `stats` (Store.derived, history.stats_of) ---------------------

@pytest.fixture
def many(database, monkeypatch):
    """Every game, two sessions an index file (the store's BUCKET made small), the fixed history among them."""
    from scorepad.store import layout

    monkeypatch.setattr(layout, "BUCKET", 2)
    store = Store(database, summarize=summarize)
    solo = {"game": "next-station-london", "players": ["Ana"], "modules": ["objectives"], "date": "2026-05-01",
            "rounds": [{"Ana": {"districts": 6, "stations": 3, "thames": 1, "tourist": 2}}],
            "final": {"Ana": {"objectives": 1}}}
    tables = [*HISTORY, {**LC11, "date": "2026-04-01"}, solo, *TABLES.values(), {**LC11, "date": "2025-12-31"}]
    store.insert_many([doc_from_table(table, by_slug(table["game"])) for table in tables])
    return store


@pytest.mark.parametrize("filters", [{}, {"game": LONDON}, {"player": "ana"}, {"player": "Ben", "game": "lost-cities"},
                                     {"game": "chinatown"}, {"player": "Nobody"}])
def test_what_the_store_keeps_gives_the_same_statistics(many, filters):
    names = history.people(history.played(many))
    expected = history.stats(history.played(many, game=filters.get("game"), player=filters.get("player")),
                             names=names, player=filters.get("player"))
    kept, kept_names = history.stats_of(many, **filters)
    assert kept == expected and kept_names == names
    assert history.stats_of(many, **filters)[0] == expected  # read back from the files kept


def test_after_an_edit_only_its_index_file_is_added_up_again(many, database):
    folder = database.with_name(database.name + ".d") / "stats"
    history.stats_of(many)
    before = {p.name: p.stat().st_ino for p in folder.iterdir()}
    assert len(before) == 7  # 13 sessions, two an index file (ids 1 to 13: files 0 to 6)

    def poorer(doc):
        next(e for e in doc["entries"] if e["at"] == ["final", "Ben", "card_vp"])["value"] = 10

    many.update(3, poorer)  # s3: Ben 10, Ana (15) wins it now
    result = history.stats_of(many)[0]
    after = {p.name: p.stat().st_ino for p in folder.iterdir()}
    assert [name for name in before if before[name] != after[name]] == ["0001.json"]
    assert result == history.stats(history.played(many), names=history.people(history.played(many)))
    assert result["games"][LONDON]["head_to_head"]["Ana"]["Ben"] == {"won": 2, "lost": 0, "level": 1}


def test_a_write_a_killed_writer_left_is_finished_first(many, database):
    marker = database.with_name(database.name + ".d") / "pending-3"
    marker.touch()
    assert history.stats_of(many)[0] == history.stats(history.played(many)) and not marker.exists()


def test_an_empty_database_keeps_nothing(database):
    assert history.stats_of(Store(database, summarize=summarize)) is None  # nothing stored yet: nothing kept


def test_the_same_statistics_however_the_history_is_cut_into_parts(store):
    found = history.played(store)
    # Zoe and Yan share eight wins: level streaks and level highest scores, set in the same sessions
    shared = [{"id": 10 + n, "game": LONDON, "date": f"2027-01-0{n + 1}", "players": ["Zoe", "Yan"],
               "totals": {"Zoe": 60, "Yan": 60}, "ranks": {"Zoe": 1, "Yan": 1}, "winners": ["Zoe", "Yan"],
               "facts": {}} for n in range(8)]
    every = found + shared
    names = history.people(every)
    whole = history.stats(every, names=names)
    cut = history.finish(history.merge(history.partial([session]) for session in reversed(every)), names=names)
    assert cut == whole
    # both, level on it (by the name's key: yan < zoe), whatever the order of the seats or of the parts (issue 29)
    assert whole["records"][LONDON]["streak"] == {"length": 8, "holders": [{"player": "Yan", "first": 10, "last": 17},
                                                                           {"player": "Zoe", "first": 10, "last": 17}]}
    # the highest score names both, level on it in the same session (issue 22: never the alphabetically first)
    assert whole["records"][LONDON]["highest"] == {"total": 60, "holders": [
        {"player": "Yan", "id": 10, "date": "2027-01-01"}, {"player": "Zoe", "id": 10, "date": "2027-01-01"}]}


# --- the records say who holds them, and a solo game is no win (issue 22, point 8) ---------------------------

NSL = "next-station-london"


def played(n, totals, ranks, date=None, game=NSL):
    return {"id": n, "game": game, "date": date or f"2026-03-{n:02d}", "players": list(totals), "totals": totals,
            "ranks": ranks, "winners": [p for p in totals if ranks[p] == 1], "facts": {}}


@pytest.mark.parametrize("sessions, holders", [
    # 李美華 39 was named over the winner 王小明 39 (the best line broke the tie): the winner alone
    ([played(1, {"李美華": 39, "王小明": 39}, {"李美華": 2, "王小明": 1})], [("王小明", 1)]),
    # a tie no tie-break decides: both
    ([played(1, {"Ana": 39, "Ben": 39}, {"Ana": 1, "Ben": 1})], [("Ana", 1), ("Ben", 1)]),
    # the same total in two sessions: both players, each with the session
    ([played(1, {"Ben": 136, "Ana": 66}, {"Ben": 1, "Ana": 2}), played(2, {"Ana": 136, "Ben": 70}, {"Ana": 1, "Ben": 2})],
     [("Ben", 1), ("Ana", 2)]),
    # 王 first reached 39 in session 1; in session 2 李 reached it too but lost the tie-break to 王
    ([played(1, {"王小明": 39, "Cy": 30}, {"王小明": 1, "Cy": 2}),
      played(2, {"李美華": 39, "王小明": 39}, {"李美華": 2, "王小明": 1})], [("王小明", 1)]),
    # 李's 39 that won session 3 is hers, though she lost it on the tie-break in session 2
    ([played(2, {"李美華": 39, "王小明": 39}, {"李美華": 2, "王小明": 1}),
      played(3, {"李美華": 39, "Cy": 20}, {"李美華": 1, "Cy": 2})], [("王小明", 2), ("李美華", 3)]),
])
def test_the_highest_score_names_each_holder_or_the_tie_breaks_winner(sessions, holders):
    found = history.stats(sessions)["records"][NSL]["highest"]
    assert [(h["player"], h["id"]) for h in found["holders"]] == holders
    assert found == history.finish(history.merge(history.partial([one]) for one in reversed(sessions)),
                                   names=history.people(sessions))["records"][NSL]["highest"]


def test_the_highest_score_of_one_player_is_theirs_even_on_a_lost_tie_break():
    sessions = [played(1, {"李美華": 39, "王小明": 39}, {"李美華": 2, "王小明": 1})]
    found = history.stats(sessions, player="李美華")["records"][NSL]["highest"]
    assert found == {"total": 39, "holders": [{"player": "李美華", "id": 1, "date": "2026-03-01"}]}


def test_a_solo_game_is_not_a_win():
    sessions = [played(1, {"Ana": 120}, {"Ana": 1}), played(2, {"Ana": 90, "Ben": 80}, {"Ana": 1, "Ben": 2}),
                played(3, {"Ana": 110}, {"Ana": 1})]
    ana = history.stats(sessions)["games"][NSL]["players"]["Ana"]
    assert (ana["sessions"], ana["wins"], ana["win_rate"], ana["best"]) == (3, 1, 0.3333, 120)


def test_stats_prints_every_holder_of_the_highest_score():
    from scorepad import stats

    shared = [played(1, {"Ana": 39, "Ben": 39}, {"Ana": 1, "Ben": 1})]
    assert "  Highest score: Ana and Ben, 39 (session 1, 2026-03-01)\n" in stats.text(history.stats(shared))
    apart = [played(1, {"Ben": 136, "Ana": 66}, {"Ben": 1, "Ana": 2}),
             played(2, {"Ana": 136, "Ben": 70}, {"Ana": 1, "Ben": 2})]
    assert "  Highest score: 136, by Ben (session 1, 2026-03-01); Ana (session 2, 2026-03-02)\n" in \
        stats.text(history.stats(apart))
    decided = [played(1, {"李美華": 39, "王小明": 39}, {"李美華": 2, "王小明": 1})]
    assert "  Highest score: 王小明, 39 (session 1, 2026-03-01)\n" in stats.text(history.stats(decided))


def test_a_four_way_tie_names_all_four_in_the_streak(database):
    """Issue 29, point 10: four players level in one session, each one win in a row: the streak names them all."""
    store = Store(database, summarize=summarize)
    game = by_slug("next-station-london")
    store.insert_many([doc_from_table(nsl("2026-06-01", Ana=3, Ben=3, Cai=3, Dee=3), game)])
    streak = history.stats(history.played(store))["records"]["next-station-london"]["streak"]
    assert [holder["player"] for holder in streak["holders"]] == ["Ana", "Ben", "Cai", "Dee"]
    from conftest import invoke

    said = invoke("stats", "--game", "next-station-london").stdout
    assert "Longest winning streak: Ana, Ben, Cai and Dee, 1 win in a row (session 1)" in said, said
