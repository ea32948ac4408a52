"""Players are people (issue 12, point 3): `scorepad players`, `players rename OLD NEW`, the name prompt's offer."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import LC11, TABLES, invoke, ok, run
from scorepad import cli, i18n
from scorepad import players as people
from scorepad.cli import people as commands
from scorepad.games import GAMES, by_slug
from scorepad.table import session_of
from scorepad.history import people as history_people
from scorepad.history import played
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted
from scorepad.table.changes import new_doc
from scorepad.table.travel import doc_from_table
from scorepad.store import Store
from scorepad.table.summary import order, summarize

ROOT = Path(__file__).resolve().parent.parent


def summary(game, players, status="finished", date=None):
    return {"game": game, "players": players, "status": status, "date": date}


def stored(database, *tables):
    """The tables imported as finished sessions (each its own `date`, when given); their ids."""
    store = Store(database, summarize=summarize)
    return store.insert_many([doc_from_table(t, by_slug(t["game"])) for t in tables])


def lost_cities(ana="Ana", ben="Ben", date=None):
    """LC-11 (Ben 136, Ana 66) between two names as given."""
    table = copy.deepcopy(LC11)
    table["players"] = [ana, ben]
    table["rounds"] = [{ana: r["Ana"], ben: r["Ben"]} for r in table["rounds"]]
    if date:
        table["date"] = date
    return table


# --- who the people are ------------------------------------------------------------------------------------

# Summaries as the store's index keeps them, by id: (summaries, what `players --json` gives).
PEOPLE = [
    # One person, three spellings: shown as the most recent finished session spells it (date, then id).
    ({1: summary("lost-cities", ["ana", "Ben"], date="2026-11-01"),
      2: summary("lost-cities", [" ANA ", "Ben"], date="2026-11-20"),
      3: summary("chinatown", ["Ana", "Ben", "Cy"], date="2026-11-05")},
     [{"name": "ANA", "finished": 3, "playing": 0, "games": {"lost-cities": 2, "chinatown": 1},
       "last_played": "2026-11-20", "latest": [2, 3, 1]},
      {"name": "Ben", "finished": 3, "playing": 0, "games": {"lost-cities": 2, "chinatown": 1},
       "last_played": "2026-11-20", "latest": [2, 3, 1]},
      {"name": "Cy", "finished": 1, "playing": 0, "games": {"chinatown": 1}, "last_played": "2026-11-05",
       "latest": [3]}]),
    # A game in progress: counted as playing, not in the games finished; its spelling does not win over a finished
    # game's (the stats rule); someone who has only a game in progress is listed with it.
    ({1: summary("lost-cities", ["Ana", "Ben"], date="2026-11-01T20:00:00+01:00"),
      2: summary("london-2e", ["ana", "Dee"], status="playing", date="2026-11-30T19:00:00+01:00")},
     [{"name": "Ana", "finished": 1, "playing": 1, "games": {"lost-cities": 1}, "last_played": "2026-11-30",
       "latest": [2, 1]},
      {"name": "Dee", "finished": 0, "playing": 1, "games": {}, "last_played": "2026-11-30", "latest": [2]},
      {"name": "Ben", "finished": 1, "playing": 0, "games": {"lost-cities": 1}, "last_played": "2026-11-01",
       "latest": [1]}]),
    # Unknown dates sort before every known one, then by id; at most three latest ids.
    ({1: summary("lost-cities", ["Ana", "Ben"]), 2: summary("lost-cities", ["Ana", "Ben"]),
      3: summary("lost-cities", ["Ana", "Ben"]), 4: summary("lost-cities", ["Ana", "Ben"], date="2026-01-01"),
      5: {"game": "lost-cities", "status": "finished", "damaged": True}},  # no players: nobody to list
     [{"name": "Ana", "finished": 4, "playing": 0, "games": {"lost-cities": 4}, "last_played": "2026-01-01",
       "latest": [4, 3, 2]},
      {"name": "Ben", "finished": 4, "playing": 0, "games": {"lost-cities": 4}, "last_played": "2026-01-01",
       "latest": [4, 3, 2]}]),
    ({}, []),
]


@pytest.mark.parametrize("summaries, expected", PEOPLE)
def test_people_are_matched_by_trim_and_case_fold(summaries, expected):
    assert people.people(summaries) == expected
    assert people.known_names(summaries) == [p["name"] for p in expected]
    # The names of those who finished a game are the ones stats shows (history.people, the matching rule).
    finished = [s for _id, s in sorted(summaries.items(), key=lambda item: order(*item))
                if s.get("status") == "finished" and "players" in s]
    shown = {key: name.strip() for key, name in history_people(finished).items()}
    assert {people.key(p["name"]): p["name"] for p in expected if p["finished"]} == shown


def test_players_json_and_table(database):
    stored(database, lost_cities("ana ", "Ben", "2026-11-02"), lost_cities("Ana", "Cy", "2026-11-03"),
           TABLES["chinatown"])
    assert json.loads(ok("players", "--json")) == [
        {"name": "Ana", "finished": 2, "playing": 0, "games": {"lost-cities": 2}, "last_played": "2026-11-03",
         "latest": [2, 1]},
        {"name": "Cy", "finished": 1, "playing": 0, "games": {"lost-cities": 1}, "last_played": "2026-11-03",
         "latest": [2]},
        {"name": "Ben", "finished": 2, "playing": 0, "games": {"lost-cities": 1, "chinatown": 1},
         "last_played": "2026-11-02", "latest": [1, 3]},
        {"name": "Ava", "finished": 1, "playing": 0, "games": {"chinatown": 1}, "last_played": None, "latest": [3]},
        {"name": "Cai", "finished": 1, "playing": 0, "games": {"chinatown": 1}, "last_played": None, "latest": [3]}]
    lines = ok("players").splitlines()
    # A column per game someone finished, in the games' order on every row (Ben's chinatown came first: latest)
    assert lines[0] == "Player  Finished  Playing  LC  CT  Last played  Latest sessions"
    assert lines[2:7] == ["Ana            2        0   2   —  2026-11-03   2, 1",
                          "Cy             1        0   1   —  2026-11-03   2",
                          "Ben            2        0   1   1  2026-11-02   1, 3",
                          "Ava            1        0   —   1  —            3",  # a day, an id: text, on the left
                          "Cai            1        0   —   1  —            3"]
    assert lines[7:] == ["LC = Lost Cities   CT = Chinatown", "Every session of a player: scorepad list --player NAME"]


def person(name, finished, games, latest=(9998, 9997, 9995)):
    return {"name": name, "finished": finished, "playing": 1, "games": games, "last_played": "2026-11-30",
            "latest": list(latest)}


EVERY_GAME = ("lost-cities", "next-station-london", "london-1e", "london-2e", "chinatown")


@pytest.mark.parametrize("lang", ["en", "fa", "ar", "zh-Hant", "ru"])
def test_players_fits_100_columns_with_every_game_and_counts_in_the_thousands(lang, monkeypatch):
    # 10,000 sessions: the old "Games finished" cell ("chinatown 2000, london-2e 2000, …", latest first) made rows
    # of some 190 columns, its games in another order on each row.
    found = [person("Benjamin", 10000, {slug: 2001 + EVERY_GAME.index(slug) for slug in reversed(EVERY_GAME)}),
             person("Ana", 9000, {slug: 1801 + EVERY_GAME.index(slug) for slug in EVERY_GAME}),
             person("Cai", 1000, {"chinatown": 1000}, latest=[7])]
    monkeypatch.setattr(people, "people", lambda summaries: found)
    from scorepad.grid import width

    lines = ok("--lang", lang, "players").splitlines()
    assert max(map(width, lines)) <= 100, "\n".join(lines)
    assert len(lines) == 2 + 3 + 2 + 1  # headings, rule, a row each, the two lines naming the games, the footer
    cells = [line.split() for line in lines[2:5]]
    assert [row[3:8] for row in cells] == [["2001", "2002", "2003", "2004", "2005"],  # the games' order, each row
                                           ["1801", "1802", "1803", "1804", "1805"], ["—"] * 4 + ["1000"]]
    key = " ".join(lines[5:7])
    from scorepad.i18n import use

    use(lang)
    try:
        for slug in EVERY_GAME:  # each column's heading is named under the table with the game's title
            short, title = by_slug(slug).column_heading(), i18n._(by_slug(slug).title)
            assert short in lines[0] and f"{short} = {title}" in key
    finally:
        use("en")


def test_a_column_of_days_unknown_or_of_single_ids_reads_as_text(database):
    stored(database, TABLES["chinatown"], TABLES["lost-cities"])  # no date
    lines = ok("players").splitlines()
    at = lines[0].index("Last played")
    assert {line[at:at + 1] for line in lines[2:-2]} == {"—"}  # left, under the heading's first letter
    at = lines[0].index("Latest sessions")
    assert {line[at:].strip() == line[at:] for line in lines[2:-2]} == {True}
    listed = ok("list").splitlines()
    at = listed[0].index("Date")
    assert {line[at:at + 2] for line in listed[2:]} == {"— "}


def test_players_with_nothing_stored():
    assert ok("players") == "No sessions yet. Start one: scorepad play GAME --players NAME NAME\n"
    assert ok("players", "--json") == "[]\n"


def test_players_help_documents_the_json_shape():
    text = ok("players", "--help")
    assert '"last_played": "2026-11-29", "latest": [31, 30, 27]}' in text
    assert "rename" in text


# --- renaming: every place a game keeps a name --------------------------------------------------------------

class EagerPlayer:
    """Plays any game to its end, naming players wherever a question takes one (the first player above all): a
    menu of players gets the first, a text prompt the first candidate it accepts (names first, then a trade,
    then numbers), any other menu its next choice each time it is asked (so London tells every kind of event)."""

    def __init__(self, names, budget=3000):
        self.names, self.budget, self.seen = list(names), budget, {}

    def _count(self, message):
        self.budget -= 1
        assert self.budget > 0, f"still playing at {message!r}"
        self.seen[message] = self.seen.get(message, 0) + 1
        return self.seen[message]

    def text(self, message, *, default="", validate=None, complete=None):
        first = self._count(message) == 1
        a, b = self.names[0], self.names[-1]
        candidates = [*self.names, *([f"{a} {b} 5000"] if first else []), "", "0", "0 0 0", "1", "2", "photo 3",
                      "3 4", "w 2 3", "10"]
        for answer in candidates:
            if validate is None or validate(answer) is None:
                return answer
        raise AssertionError(f"no candidate taken at {message!r}")

    def select(self, message, choices, *, default=None, words=()):
        count = self._count(message)
        named = [c for c in self.names if c in choices]
        if named:
            return named[0]
        usable = [c for c in choices if c not in words] or list(choices)
        return usable[(count - 1) % len(usable)]

    def confirm(self, message, *, default=True, enter=False):
        return True


def _strings(node, at=()):
    if isinstance(node, str):
        yield at, node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield (*at, "key"), k
            yield from _strings(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _strings(v, (*at, i))


GUIDED = {  # slug: (players, variants, modules)
    "lost-cities": (["Ana", "Ben"], [], []),
    "next-station-london": (["Ana", "Ben", "Cy"], [], ["objectives"]),
    "london-1e": (["Ana", "Ben", "Cy"], [], []),
    "london-2e": (["Ana", "Ben", "Cy"], [], []),
    "chinatown": (["Ana", "Ben", "Cy"], [], []),
}


@pytest.mark.parametrize("slug", sorted(GUIDED))
def test_rename_leaves_the_old_name_nowhere_and_the_game_scores_the_same(slug, database):
    assert sorted(GUIDED) == sorted(g.slug for g in GAMES)
    players, variants, modules = GUIDED[slug]
    game = by_slug(slug)
    store = Store(database, summarize=summarize)
    session_id = store.insert(new_doc(game, players, variants, 1 if game.default_rounds else None, modules))
    play(store, session_id, EagerPlayer(players), lambda text: None)
    assert store.get(session_id)["status"] == "finished"
    # The first player (named at every menu of players) and the last (a Chinatown trade's payee).
    for old, new in ((players[0], "Zoë"), (players[-1], "Ömer")):
        before = store.get(session_id)
        assert [at for at, text in _strings(before) if text == old and at[0] != "players"], \
            f"the guided game recorded no answer naming {old}"
        old_result = session_of(before, session_id).score()
        assert ok("players", "rename", old.lower(), new) == f"Renamed {old.lower()} to {new} in 1 session.\n"
        after = store.get(session_id)
        # Nothing but a free note (what a Chinatown trade bought) still names the old player.
        assert [at for at, text in _strings(after) if text == old and not _is_note(after, at)] == []
        assert after["players"] == [new if p == old else p for p in before["players"]]
        swap = {old: new}
        assert [(swap.get(s.player, s.player), s.rank, s.total) for s in old_result.standings] == \
            [(s.player, s.rank, s.total) for s in session_of(after, session_id).score().standings]
        assert store.summaries()[session_id]["players"] == after["players"]  # the summary is current
        assert new in store.summaries()[session_id]["totals"]
        (history,) = played(store)  # what stats reads: ranks and the game's facts, under the new name too
        assert set(history["ranks"]) == set(after["players"]) >= set(history["facts"].get("players", {}))


def _is_note(doc, at):
    """A place in a stored session that holds a free note (the table's own words, never renamed)."""
    if len(at) >= 3 and at[0] == "entries" and at[2] == "value":
        entry = doc["entries"][at[1]]
        return entry["at"][:2] == ["setup", "note"]
    return False


def error(code, *args):
    """The command fails with `code`, prints nothing on stdout and exactly one line on stderr: that line."""
    result = invoke(*args)
    assert (result.exit_code, result.stdout) == (code, ""), (result.stdout, result.stderr)
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr.rstrip("\n")


def test_rename_merges_spellings_across_sessions_and_lists_one_person(database):
    stored(database, lost_cities("Anna", "Ben", "2026-11-01"), lost_cities("ana", "Ben", "2026-11-02"),
           lost_cities("Ben", "Cy", "2026-11-03"))
    assert ok("players", "rename", " ANNA ", "Ana") == "Renamed ANNA to Ana in 1 session.\n"
    assert ok("players", "rename", "ana", "Ana") == "Renamed ana to Ana in 1 session.\n"  # a respelling
    assert ok("players", "rename", "ana", "Ana") == "Every session already names ana as Ana; nothing was changed.\n"
    assert [p["name"] for p in json.loads(ok("players", "--json"))] == ["Ben", "Cy", "Ana"]
    assert json.loads(ok("list", "--json", "--player", "ANA"))[0]["players"] == ["Ana", "Ben"]


def test_rename_refuses_a_session_holding_both_names_and_changes_none(database):
    stored(database, lost_cities("Ana", "Ben"), lost_cities("Ana", "Cy"), lost_cities("ben", "ana"))
    files = {p: p.read_bytes() for p in database.parent.rglob("*") if p.is_file()}
    assert error(1, "players", "rename", "Ana", "BEN") == \
        "Error: sessions 1, 3 have both Ana and BEN as two different players: renaming would make them one; " \
        "nothing was renamed"
    assert error(1, "players", "rename", "cy", "ANA") == \
        "Error: session 2 has both cy and ANA as two different players: renaming would make them one; " \
        "nothing was renamed"
    assert {p: p.read_bytes() for p in database.parent.rglob("*") if p.is_file()} == files


@pytest.mark.parametrize("args, message", [
    (["Zed", "Zoë"], "Error: no player Zed in any session (scorepad players lists them)"),
    (["Ana", "  "], "Error: NEW: empty name"),
    (["  ", "Zoë"], "Error: OLD: empty name"),
    (["Ana", "x" * 41], "Error: NEW: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is 41 characters long (at most 40)"),
    (["Ana", "A\x1b[2J"], "Error: NEW: 'A\\x1b[2J' holds a control character (U+001B)"),
    (["Ana", "undo Ana"], "Error: undo Ana starts with undo, a word scorepad takes at the prompts of session 1: add an "
                          "initial or a nickname; nothing was renamed"),
])
def test_rename_refusals(args, message, database):
    stored(database, lost_cities())
    assert error(1, "players", "rename", *args) == message
    assert Store(database).get(1)["players"] == ["Ana", "Ben"]


def test_rename_refuses_a_session_open_in_another_scorepad(database):
    from scorepad.store import claims

    stored(database, lost_cities(), lost_cities())
    helper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        folder = Store(database).claims_folder
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"2.{helper.pid}@{claims.host()}.json").write_text(json.dumps(claims.identity(helper.pid)))
        assert error(1, "players", "rename", "Ana", "Zoë") == \
            "Error: session 2 is open in another scorepad right now: finish or stop that game first; nothing was " \
            "renamed"
    finally:
        helper.communicate(b"")
    assert ok("players", "rename", "Ana", "Zoë") == "Renamed Ana to Zoë in 2 sessions.\n"  # its claim is stale now


def test_rename_reaches_what_undo_puts_back_after_an_edit(database):
    stored(database, lost_cities())
    assert invoke("edit", "1", "--round", "1", "--player", "Ana", "--field", "blue", "2 5 7").exit_code == 0
    ok("players", "rename", "Ana", "Zoë")
    doc = Store(database).get(1)
    assert "Ana" not in json.dumps(doc["edit"]) and doc["edit"]["at"][2] == "Zoë"
    assert invoke("undo", "1").exit_code == 0  # the edit taken back: the answers before it, with the new name
    undone = session_of(Store(database).get(1), 1)
    assert undone.players == ["Zoë", "Ben"] and [s.total for s in undone.score().standings] == [136, 66]


KILLED = """
import os, sys
from scorepad import cli, store
real, count = store.Store.update, [0]
def update(self, *args, **kw):
    count[0] += 1
    if count[0] == 3:
        os._exit(9)  # killed: no cleanup, no last line
    return real(self, *args, **kw)
store.Store.update = update
sys.argv = ["scorepad", "players", "rename", "Ana", "Zoë"]
cli.main()
"""


def test_a_rename_killed_midway_leaves_each_session_whole_and_running_it_again_finishes(database):
    stored(database, *[lost_cities(date=f"2026-11-0{n}") for n in range(1, 6)])
    killed = subprocess.run([sys.executable, "-c", KILLED], capture_output=True, text=True, cwd=ROOT)
    assert killed.returncode == 9, killed.stderr
    store = Store(database, summarize=summarize)
    players = [store.get(n)["players"] for n in range(1, 6)]
    assert players == [["Zoë", "Ben"]] * 2 + [["Ana", "Ben"]] * 3
    assert [s["players"] for s in store.summaries().values()] == players
    assert ok("players", "rename", "Ana", "Zoë") == "Renamed Ana to Zoë in 3 sessions.\n"
    assert [store.get(n)["players"] for n in range(1, 6)] == [["Zoë", "Ben"]] * 5


def test_ctrl_c_midway_says_how_far_it_got_and_how_to_finish(database, monkeypatch):
    stored(database, *[lost_cities() for _n in range(3)])
    real, calls = Store.update, []

    def update(self, *args, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(self, *args, **kw)

    monkeypatch.setattr(Store, "update", update)
    result = invoke("players", "rename", "Ana", "Zoë")
    assert result.exit_code == 130
    assert result.stderr == "\nStopped: 1 of 3 sessions renamed, each session whole; run the same command again to " \
                            "finish.\n"
    monkeypatch.setattr(Store, "update", real)
    assert ok("players", "rename", "Ana", "Zoë") == "Renamed Ana to Zoë in 2 sessions.\n"


# --- the name prompt offers the names already known --------------------------------------------------------

def test_the_name_prompt_offers_known_names_most_recent_first(database, terminal):
    stored(database, lost_cities("Bea", "Ben", "2026-11-01"), lost_cities("Ana", "Cy", "2026-11-02"))
    prompter = terminal("b\t", "b\t", KeyboardInterrupt)  # b: Bea (then Ben); Bea taken, b is Ben
    assert invoke("play", "lost-cities").exit_code == 130  # Ctrl-C at the oldest player: the names are in
    assert prompter.offered == [["Ana", "Cy", "Bea", "Ben"], ["Ana", "Cy", "Ben"]]
    assert Store(database).get(3)["players"] == ["Bea", "Ben"]
    terminal("b\t\t", "c\t", KeyboardInterrupt)  # Tab again: the next name the letters complete
    assert invoke("play", "lost-cities").exit_code == 130
    assert Store(database).get(4)["players"] == ["Ben", "Cy"]


def test_a_new_name_is_still_a_name(database, terminal):
    stored(database, lost_cities())
    terminal("Zed", "an\t", KeyboardInterrupt)
    assert invoke("play", "lost-cities").exit_code == 130
    assert Store(database).get(2)["players"] == ["Zed", "Ana"]


def test_the_real_prompt_completes_a_name_with_tab():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorepad.cli.prompts import QuestionaryPrompter

    known = ["Ana", "Anahita", "Ben"]
    for keys, expected in (("an\t\r", "Ana"), ("Be\t\r", "Ben"), ("Zed\t\r", "Zed"),
                           ("anah\t\r", "Anahita")):
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            prompter = QuestionaryPrompter(input=pipe, output=DummyOutput())
            assert prompter.text("Player 1 name:", complete=lambda: known) == expected, keys


def test_the_completion_never_puts_a_control_or_bidi_character_on_the_input_line():
    """Issue 23, point 8: names an older database holds, with an escape sequence, a bidi override, an LRM or a
    zero-width space: Tab takes a name as the name prompt would take it, or none."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from scorepad.cli.prompts import QuestionaryPrompter

    known = ["Ben\x1b[2J", "B\u202eob", "Bo\u200e", "Cai\u200b", "Dan\x07"]
    for keys, expected in (("b\t\r", "Bo"), ("b\t\t\r", "Bo"), ("c\t\r", "Cai"), ("d\t\r", "d")):
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            prompter = QuestionaryPrompter(input=pipe, output=DummyOutput())
            assert prompter.text("Player 1 name:", complete=lambda: known) == expected, keys


def test_a_game_renamed_while_it_is_asked_takes_the_new_name(database):
    # A rename between plan and write may meet a `resume` that has not answered yet (no claim when it looked):
    # the answer is refused as changed elsewhere and asked again with the new name, never stored for the old one.
    store = Store(database, summarize=summarize)
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 1))

    class RenamedMeanwhile:
        def __init__(self):
            self.menus = []

        def select(self, message, choices, **kw):
            self.menus.append(list(choices))
            if len(self.menus) == 1:  # the oldest player asked; meanwhile another terminal renames Ana
                people.rename(store, [session_id], "Ana", "Zoë")
            return choices[0]

        def text(self, message, **kw):
            raise Aborted  # the oldest player is in: stop at the first expedition

    prompter = RenamedMeanwhile()
    with pytest.raises(Aborted):
        play(store, session_id, prompter, lambda text: None)
    assert prompter.menus[:2] == [["Ana", "Ben"], ["Zoë", "Ben"]]
    doc = store.get(session_id)
    assert doc["players"] == ["Zoë", "Ben"] and (doc["entries"][0]["at"], doc["entries"][0]["value"]) == (
        ["setup", "oldest"], "Zoë")


NAME_PROMPT = """
import sys
from scorepad import cli
from scorepad.cli import terminal
from scorepad.cli.prompter import Aborted, ScriptedPrompter
prompter = ScriptedPrompter(["a\\t", Aborted])
terminal.stdin_is_tty = lambda: True
terminal.make_prompter = lambda: prompter
sys.argv = ["scorepad", "play", "lost-cities"]
try:
    cli.main()
finally:
    print(prompter.offered, sorted(m for m in sys.modules if m.split(".")[0] in ("reportlab", "PIL")))
"""


def test_the_name_prompt_offers_names_without_importing_reportlab(database):
    stored(database, lost_cities())
    done = subprocess.run([sys.executable, "-c", NAME_PROMPT], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 130, done.stderr
    assert done.stdout.strip() == "[['Ana', 'Ben']] []"  # Ana taken, then Ctrl-C: nothing heavy loaded


def test_players_before_anyone_finished_a_game_has_no_game_column(monkeypatch):
    monkeypatch.setattr(people, "people", lambda summaries: [person("Dee", 0, {}, latest=[2])])
    assert ok("players").splitlines() == ["Player  Finished  Playing  Last played  Latest sessions",
                                          "──────  ────────  ───────  ───────────  ───────────────",
                                          "Dee            0        1  2026-11-30   2",
                                          "Every session of a player: scorepad list --player NAME"]
