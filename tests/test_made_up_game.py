"""A game made up here, and nowhere else, is played, scored, exported, printed and counted like the five real ones.

Issue 20, point 5: everything a game needs beyond its calculator and its template is reached through the Game it
registers. Pip Tally below is all of that in one file: a tiny calculator, its steps, words, notation, sheet data
(for the London template's grids), facts and figures, BGG id and column heading. It is registered through
scorepad.games.registered, the registry's public way for a test, and no other module is patched or told of it.

The rules: each round every player throws two dice and scores their pips, twice over for a double.
"""

import csv
import io
import json
import re
from collections.abc import Mapping

import pypdf
import pytest

from conftest import invoke, ok, run
from calculators.core import InvalidInput, Result, check_table, is_int, standings, unknown_keys
from scorepad.games import SLUGS, by_slug, registered
from scorepad.games.base import NUMBER, Ask, Game, Say, one_of_players, started_by
from scorepad.games.controls import Field, numbers
from scorepad.games.figures import PLAYER, SESSIONS, Figures, ratio, sums_of
from scorepad.grid import grid, names_text, standings_text
from scorepad.i18n import N_, _, western_digits
from scorepad.table.changes import new_doc
from scorepad.words import variants_text

SLUG = "pip-tally"
FACES = range(1, 7)

# --- its words (English msgids: untranslated, they read as written in every language) ------------------------

TITLE = N_("Pip Tally")
SETUP = N_("Setup for {players}: {rounds} rounds, two dice each.")
ASK_FIRST = N_("Who throws first?")
ASK_DICE = N_("Round {number} · {player} · your two dice")
DICE_HINT = N_("e.g. 3 5")
DIE = N_("die {n}")
ROUND = N_("Round {number}")
RANK = N_("Rank")
SHEET_TITLE = N_("{title} — score sheet")
RULE = N_("Score the pips of your two dice; a double scores twice.")
DOUBLES = N_("Doubles thrown (means per game):")
DOUBLES_COLUMN = N_("Doubles")
NOTHING_YET = N_("Nothing thrown yet.")
PHRASES = {
    "pip-tally.not-dice": N_("{text!r} is not two dice (e.g. 3 5)"),
    "pip-tally.not-a-face": N_("{face} is no face of a die (1–6)"),
}


# --- its calculator and notation -----------------------------------------------------------------------------

def check_dice(value, **where):
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(face) for face in value)):
        raise InvalidInput("pip-tally.not-dice", text=value, **where)
    for face in value:
        if face not in FACES:
            raise InvalidInput("pip-tally.not-a-face", face=face, **where)
    return value


def points(dice):
    return sum(dice) * (2 if dice[0] == dice[1] else 1)


def score(table):
    checked = check_table(table, game=SLUG, players=range(2, 5), variants=(), rounds=range(1, 6))
    rounds = {p: [] for p in checked.players}
    doubles = {p: 0 for p in checked.players}
    for number, inputs in enumerate(checked.rounds, start=1):
        for player in checked.players:
            unknown_keys(inputs[player], ("dice",), round=number, player=player)
            dice = check_dice(inputs[player].get("dice"), round=number, player=player, field="dice")
            rounds[player].append(points(dice))
            doubles[player] += dice[0] == dice[1]
    totals = {p: sum(scored) for p, scored in rounds.items()}
    return Result(SLUG, checked.variants, standings(checked.players, totals, rounds=rounds), detail=doubles)


def parse_dice(text, **where):
    """`3 5`, `35`, `3,5` → [3, 5]; refused as scoring refuses a table file's dice."""
    compact = re.sub(r"[\s,]", "", western_digits(text))
    if not re.fullmatch(r"[0-9]{2}", compact):
        raise InvalidInput("pip-tally.not-dice", text=text.strip(), **where)
    return check_dice([int(face) for face in compact], **where)


# --- its guided game, report, sheet data, facts and figures --------------------------------------------------

def steps(session):
    out = [Say(lambda: _(SETUP).format(players=names_text(session.players), rounds=session.rounds_planned)),
           Ask(("setup", "first"), _(ASK_FIRST), parse=one_of_players(session.players, field="first"),
               choices=tuple(session.players))]
    for number in range(session.rounds_planned):
        for player in session.players:
            where = {"round": number + 1, "player": player, "field": "dice"}
            out.append(Ask(("rounds", number, player, "dice"), _(ASK_DICE).format(number=number + 1, player=player),
                           parse=lambda text, where=where: parse_dice(text, **where),
                           show=lambda dice: " ".join(map(str, dice)), hint=_(DICE_HINT), kind=NUMBER))
        out.append(Say(lambda n=number: standings_text(session.score(n + 1), session.game, finished=False)))
    out.append(Say(lambda: standings_text(session.score(), session.game)))
    return out


def control(session, ask):
    """Its phone pad: two numbers, one a die (no page or module outside this file knows of it)."""
    if ask.at[0] != "rounds":
        return None
    return numbers([Field(str(n), _(DIE).format(n=n), 1, 6) for n in (1, 2)])


def report(session):
    done = session.complete_rounds()
    return standings_text(session.score(done), session.game, finished=session.finished) if done else _(NOTHING_YET)


def sheet(result=None, *, players=("", ""), rounds=2, variants=(), date=""):
    """Data for templates/london.toml's grids: a row per round, the total, the ranks (a column per player)."""
    by = {s.player: s for s in result.standings} if result else {}
    count = max((len(s.rounds) for s in by.values()), default=0) if result else rounds
    rows = [{"label": _(ROUND).format(number=n + 1),
             **({f"p{i}": by[p].rounds[n] for i, p in enumerate(players, start=1)} if result else {})}
            for n in range(count)]
    reckoning = {"vars": {}, "rows": rows}
    ranks = {"label": _(RANK)}
    fields = {"variants": variants_text(variants)}
    if result is not None:
        reckoning["total"] = {f"p{i}": by[p].total for i, p in enumerate(players, start=1)}
        ranks.update({f"p{i}": by[p].rank for i, p in enumerate(players, start=1)})
        fields = {"players": ", ".join(players), "date": date, "winner": names_text(result.winners),
                  "variants": variants_text(result.variants)}
    return {"title": _(SHEET_TITLE).format(title=_(TITLE)), "player_names": list(players), "fields": fields,
            "notes": [_(RULE)], "grids": {"reckoning": [reckoning], "ranking": [{"vars": {"title": ""},
                                                                                 "rows": [ranks]}]}}


def facts(session, result):
    return {"doubles": dict(result.detail)}


def add(sums, session, facts):
    for name, thrown in facts["doubles"].items():
        mine = sums_of(sums, name, lambda: [0, 0])  # [sessions, doubles]
        mine[0] += 1
        mine[1] += thrown


def merge(into, other):
    for k, (sessions, thrown) in other.items():
        held = into.setdefault(k, [0, 0])
        held[0] += sessions
        held[1] += thrown


def finish(sums, keys, shown):
    return {"players": {shown(k): {"sessions": sums[k][0], "doubles": ratio(sums[k][1], sums[k][0])}
                        for k in keys if k in sums}}


def figures_text(figures: Mapping):
    rows = [[name, row["sessions"], row["doubles"]] for name, row in figures.get("players", {}).items()]
    return _(DOUBLES) + "\n" + grid([_(PLAYER), _(SESSIONS), _(DOUBLES_COLUMN)], rows) if rows else ""


GAME = Game(slug=SLUG, title=TITLE, players=(2, 3, 4), variants={}, default_rounds=2, score=score, steps=steps,
            template="london", sheet=sheet, report=report, max_rounds=5, phrases=PHRASES, facts=facts,
            figures=Figures(add=add, merge=merge, finish=finish, text=figures_text),
            bgg_id=424242,  # no such game on BoardGameGeek: the id of a game made up for a test
            bgg_name="Pip Tally", start_player=started_by("first"), column_heading=lambda: "PT", control=control)


# --- played, scored, exported, printed ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def made_up():
    # For the whole module: each test's last check (conftest.travels) exports and imports its sessions again.
    with registered(GAME) as game:
        yield game


@pytest.fixture
def finished(made_up, store):
    """A game played at the prompts: Ben throws first; one slip refused; Ben wins with a double."""
    session_id = store.insert(new_doc(made_up, ["Ana", "Ben"], [], None, seed=5))
    answers = ["Ben", "3 5", "3 9", "6,6", "۲۱", "4 4"]
    session, prompter, text = run(store, session_id, answers)
    return session_id, session, prompter, text


def test_it_is_played_at_the_prompts_in_its_own_words(finished):
    _id, session, prompter, text = finished
    assert session.finished and SLUG not in SLUGS  # a test's game, not one `scorepad games` lists
    assert prompter.asked == ["Who throws first?", *[f"Round {n} · {p} · your two dice (e.g. 3 5):" for n, p in
                                                     ((1, "Ana"), (1, "Ben"), (1, "Ben"), (2, "Ana"), (2, "Ben"))]]
    assert prompter.refused == [("3 9", "9 is no face of a die (1–6)")]
    assert text.startswith("\nSetup for Ana and Ben: 2 rounds, two dice each.\n")
    assert "Ben leads with 24." in text and "\nBen wins with 40.\n" in text
    assert session.table() == {"game": SLUG, "variants": [], "players": ["Ana", "Ben"],
                               "rounds": [{"Ana": {"dice": [3, 5]}, "Ben": {"dice": [6, 6]}},
                                          {"Ana": {"dice": [2, 1]}, "Ben": {"dice": [4, 4]}}]}


def test_it_is_scored_shown_and_counted(finished):
    session_id = finished[0]
    scored = json.loads(ok("score", session_id, "--json"))
    assert scored == {"game": SLUG, "variants": [], "winners": ["Ben"], "finished": True, "standings": [
        {"player": "Ben", "rank": 1, "total": 40, "rounds": [24, 16], "parts": {}},
        {"player": "Ana", "rank": 2, "total": 11, "rounds": [8, 3], "parts": {}}]}
    assert "Ben wins with 40." in ok("show", session_id)
    stats = ok("stats")
    assert stats.startswith("Pip Tally — 1 session\n")
    assert "Doubles thrown (means per game):" in stats and re.search(r"\n  Ben +1 +2\.0\n", stats)
    assert json.loads(ok("stats", "--json"))["games"][SLUG]["players"]["Ben"]["wins"] == 1


def test_it_is_exported_as_a_table_file_a_csv_and_for_bg_stats(finished, tmp_path):
    session_id = finished[0]
    table = json.loads(ok("export", session_id))
    assert table["game"] == SLUG and table["session"]["status"] == "finished"
    path = tmp_path / "pip.json"
    path.write_text(json.dumps(table))
    assert json.loads(ok("score", "--table", path, "--json"))["winners"] == ["Ben"]
    rows = list(csv.DictReader(io.StringIO(ok("export", session_id, "--format", "csv"))))
    assert [(r["game"], r["bgg_id"], r["player"], r["score"], r["rank"], r["winner"]) for r in rows] == [
        (SLUG, "424242", "Ana", "11", "2", "0"), (SLUG, "424242", "Ben", "40", "1", "1")]
    doc = json.loads(ok("export", session_id, "--format", "bgstats"))
    assert [(g["name"], g["bggId"]) for g in doc["games"]] == [("Pip Tally", 424242)]
    assert [(s["score"], s["startPlayer"]) for s in doc["plays"][0]["playerScores"]] == [("11", False), ("40", True)]


def test_it_is_printed_on_its_sheet(finished, tmp_path):
    pdf = tmp_path / "pip.pdf"
    result = invoke("sheet", finished[0], "-o", pdf)
    assert result.exit_code == 0, result.stderr
    page = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "Pip Tally — score sheet" in page and "Score the pips of your two dice" in page
    assert re.search(r"Round 1\s+8\s+24", page) and re.search(r"Round 2\s+3\s+16", page)


def test_a_table_file_is_refused_in_its_own_words(made_up, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": SLUG, "players": ["Ana", "Ben"],
                                "rounds": [{"Ana": {"dice": [3, 5]}, "Ben": {"dice": "six"}}]}))
    refused = invoke("score", "--table", path)
    assert refused.exit_code != 0
    assert refused.stderr.strip().endswith("round 1, player Ben, dice: 'six' is not two dice (e.g. 3 5)")
    assert by_slug(SLUG) is made_up


def test_its_phone_pad_is_declared_in_its_own_module(made_up, store):
    """On the phones: what it says (its setup), its question with its hint, its two dice as a control whose values
    the game writes as typed, the answers a seat entered, and its result with the BG Stats link."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from scorepad import exports
    from scorepad.web.app import make_app
    from scorepad.web.host import Host
    from scorepad.web.live import Live

    session_id = store.insert(new_doc(made_up, ["Ana", "Ben"], [], 1, seed=5))
    host = Host(store, session_id, "en")
    ana = TestClient(make_app(host, Live(host.table)), base_url="http://table.test")
    ana.get(f"/join/{host.secret}")
    assert ana.post("/api/seat", json={"player": "Ana"}).status_code == 200
    state = ana.get("/api/state").json()
    assert state["said"] == [{"kind": "line", "text": "Setup for Ana and Ben: 1 rounds, two dice each."}]
    assert ana.post("/api/answer", json={"at": ["setup", "first"], "value": "Ana",
                                         "version": state["version"]}).status_code == 200
    state = ana.get("/api/state").json()
    (dice,) = [q for q in state["open"] if q["player"] == "Ana"]
    assert (dice["label"], dice["hint"]) == ("Round 1 · Ana · your two dice", "e.g. 3 5")
    assert dice["control"] == {"kind": "numbers", "fields": [{"key": "1", "label": "die 1", "min": 1, "max": 6},
                                                            {"key": "2", "label": "die 2", "min": 1, "max": 6}]}
    sent = ana.post("/api/answer", json={"at": dice["at"], "values": [6, 6], "version": state["version"]})
    assert sent.status_code == 200 and store.get(session_id)["entries"][-1]["value"] == [6, 6]
    refused = ana.post("/api/answer", json={"at": ["rounds", 0, "Ben", "dice"], "values": [6, 9],
                                            "version": sent.json()["version"]})
    assert refused.status_code == 422 and refused.json()["error"] == "9 is no face of a die (1–6)"
    assert [a["value"] for a in sent.json()["answers"]] == ["6 6"]  # Ana's own, as she would type them
    host.seats.free("Ana")
    ana.post("/api/seat", json={"player": "Ben"})
    done = ana.post("/api/answer", json={"at": ["rounds", 0, "Ben", "dice"], "values": [2, 3],
                                         "version": ana.get("/api/state").json()["version"]}).json()
    assert done["status"] == "finished" and done["result"]["winners"] == ["Ana"]
    assert done["result"]["bgstats"] == exports.push_url(exports.play_of(host.table.session))
