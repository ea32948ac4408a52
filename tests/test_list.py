"""`scorepad list` and `list --json` read the store's index of summaries; a scorepad 0.1 database moves over."""

import copy
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import LC11_TYPED, TABLES, run
from scorepad.cli import app
from scorepad.games import by_slug
from scorepad.cli.prompter import Aborted
from scorepad.table.changes import new_doc
from scorepad.store import Store
from scorepad.table.summary import summarize

V1_DATABASE = Path(__file__).parent / "data" / "v1-database.json"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def listed(*args):
    result = invoke("list", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def stored(tmp_path):
    """Five finished games, one of each, imported in the spec's table order with dates 2026-11-01 … 05."""
    ids = []
    for day, (slug, table) in enumerate(TABLES.items(), start=1):
        path = tmp_path / f"{slug}.json"
        path.write_text(json.dumps({**table, "date": f"2026-11-0{day}"}))
        result = invoke("import", path)
        assert result.exit_code == 0, result.output
        ids.append(int(result.stdout))
    return ids


def test_list_json_is_the_spec_shape_newest_first(stored):
    rows = listed()
    assert [row["id"] for row in rows] == stored[::-1]
    assert rows[-1] == {"id": stored[0], "game": "lost-cities", "players": ["Ana", "Ben"], "date": "2026-11-01",
                        "status": "finished", "leaders": ["Ben"], "winners": ["Ben"]}
    assert all(set(row) == {"id", "game", "players", "date", "status", "leaders", "winners"} for row in rows)


@pytest.mark.parametrize("args, games", [
    (["--game", "chinatown"], ["chinatown"]),
    (["--player", "  ana "], ["next-station-london", "lost-cities"]),  # trimmed, any case
    (["--player", "Nobody"], []),
    (["--status", "playing"], []),
    (["--status", "finished", "--game", "london-2e"], ["london-2e"]),
])
def test_list_filters(stored, args, games):
    assert [row["game"] for row in listed(*args)] == games


def test_list_shows_the_latest_twenty_unless_all(tmp_path):
    path = tmp_path / "lc.json"
    path.write_text(json.dumps(TABLES["lost-cities"]))
    for _ in range(23):
        assert invoke("import", path, "--again").exit_code == 0
    assert [row["id"] for row in listed()] == list(range(23, 3, -1))
    assert len(listed("--all")) == 23
    text = invoke("list").stdout
    assert text.rstrip().endswith("(the latest 20 of 23; --all lists every one)")
    assert len(invoke("list", "--all").stdout.splitlines()) == 23 + 2  # the header and its rule


def test_list_of_a_game_in_progress_leads_and_wins_nothing_yet(tmp_path):
    table = copy.deepcopy(TABLES["lost-cities"])
    table["rounds"] = table["rounds"][:1]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(table))
    assert invoke("import", path).exit_code == 0
    assert listed()[0]["leaders"] == ["Ben"]
    assert invoke("list").stdout.splitlines()[2].endswith("finished  won by Ben (44)")



def test_list_words_a_game_in_progress_from_its_summary_alone(database):
    # Lost Cities calls a round a game (the summary's round_word); its figures are plain numbers with a real minus.
    store = Store(database, summarize=summarize)
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 3, seed=7))
    with pytest.raises(Aborted):
        run(store, session_id, ["Ben", *LC11_TYPED[0], Aborted()])
    summary = store.summaries()[session_id]
    assert summary["round_word"] == "Game" and "in_rounds" not in summary and "figure" not in summary
    assert invoke("list").stdout.splitlines()[2].endswith("playing  Ben (44) after game 1")


@pytest.mark.parametrize("args, message", [
    (["--status", "done"], "Error: --status takes playing or finished, not 'done'\n"),
    (["--game", "azul"], "Error: game: unknown game 'azul' (games: lost-cities, next-station-london, london-1e, "
                         "london-2e, chinatown)\n"),
])
def test_list_refuses_bad_filters(args, message):
    result = invoke("list", *args)
    assert result.exit_code in (1, 2) and result.stderr == message


def test_a_v1_database_moves_over_on_first_use_and_everything_still_works(database):
    database.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(V1_DATABASE, database)
    result = invoke("list", "--all")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("Moved 8 sessions of ") and result.stderr.count("\n") == 1
    assert (database.parent / "scorepad.json.v1-backup").read_bytes() == V1_DATABASE.read_bytes()
    assert "won by Ben (136)" in result.stdout
    assert invoke("list").stderr == ""  # told once
    rows = {row["id"]: row for row in listed("--all")}
    assert rows[6]["status"] == "playing" and rows[6]["leaders"] == ["Ben"]  # game 1 complete, game 2 under way
    assert rows[7]["winners"] == ["Ben"]
    for session_id in rows:
        assert invoke("show", session_id).exit_code == 0
    assert invoke("score", 7, "--json").exit_code == 0
    assert invoke("undo", 6).exit_code == 0  # the stopped match answers as before


def test_a_negative_total_prints_with_a_minus_sign_as_every_figure_does(tmp_path):
    table = {"game": "lost-cities", "players": ["Ana", "Ben"],
             "rounds": [{"Ana": {"yellow": ["W", 3, 5]}, "Ben": {"blue": [2, 4]}}]}
    path = tmp_path / "neg.json"
    path.write_text(json.dumps(table))
    assert invoke("import", path).exit_code == 0
    assert "won by Ben (\u221214)" in invoke("list").stdout


def test_the_latest_twenty_are_by_date_whatever_file_of_the_index_holds_them(tmp_path, database, monkeypatch):
    """Old games imported last (a backup) and new ones first: `list` shows what `list --all` shows first,
    though it reads only the index files newest.json says hold the latest (store.latest)."""
    from scorepad import store

    monkeypatch.setattr(store, "BUCKET", BUCKET := 8)  # index files of 8 sessions: 7 of them here
    path = tmp_path / "many.json"
    days = [f"2026-{1 + n % 12:02d}-{1 + n * 7 % 28:02d}" for n in range(BUCKET + 42)]
    path.write_text(json.dumps([{**TABLES["lost-cities"], "date": day} for day in days]))
    assert invoke("import", path, "--again").exit_code == 0
    every = listed("--all")
    assert listed() == every[:20] and len(every) == BUCKET + 42
    text, whole = invoke("list").stdout, invoke("list", "--all").stdout
    assert text.splitlines()[:22] == whole.splitlines()[:22]
    assert text.splitlines()[22:] == [f"(the latest 20 of {BUCKET + 42}; --all lists every one)"]
    assert (database.parent / "scorepad.json.d" / "newest.json").exists()
