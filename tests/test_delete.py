"""Taking a game away asks first: `delete` (which keeps a copy to import) and `undo` of a finished session."""

import pytest
from typer.testing import CliRunner

from conftest import run
from scorepad import cli, grid, i18n
from scorepad.cli.changing import DELETED
from scorepad.games import by_slug
from scorepad.i18n import _
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc
from scorepad.store import Store


def invoke(*args):
    return CliRunner().invoke(cli.app, [str(a) for a in args])


@pytest.fixture
def finished(store):
    """A one-game Lost Cities match played to its end (Ben oldest; Ana's yellow w3, the rest empty)."""
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 1))
    session, _, _ = run(store, session_id, ["Ben", "w3"] + [""] * 9)
    assert session.finished
    return session_id


def entries(store, session_id):
    return [(tuple(e["at"]), e["value"]) for e in store.get(session_id)["entries"]]


# --- undo of a finished session -------------------------------------------------------------------------

def test_undo_of_a_finished_session_without_a_terminal_needs_yes(store, finished):
    before = store.get(finished)
    result = invoke("undo", finished)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"Error: session {finished} is finished: undo reopens it, so it asks first; "
                             f"without a terminal, say so with: scorepad undo {finished} --yes\n")
    assert store.get(finished) == before


def test_undo_yes_reopens_a_finished_session(store, finished):
    count = len(entries(store, finished))
    result = invoke("undo", finished, "--yes")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"Removed Game 1 · Ben · Red: (empty); it will be asked again: scorepad resume {finished}\n"
    assert store.get(finished)["status"] == "playing" and len(entries(store, finished)) == count - 1


def test_undo_of_a_finished_session_asks_and_a_no_keeps_it(store, finished, terminal):
    before = store.get(finished)
    prompter = terminal(False)
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout == f"Session {finished} stays finished; nothing was taken back.\n"
    assert prompter.asked == [f"Session {finished} (Lost Cities — Ana, Ben) is finished. "
                              "Reopen it and take back its last answer?"]
    assert store.get(finished) == before
    terminal(None)  # Enter alone: the default is no
    assert invoke("undo", finished).stdout.endswith("stays finished; nothing was taken back.\n")
    terminal(Aborted())
    result = invoke("undo", finished)
    assert result.exit_code == 130 and result.stderr == "\nStopped; nothing was changed.\n"
    assert store.get(finished) == before


def test_undo_of_a_finished_session_asks_and_a_yes_reopens_it(store, finished, terminal):
    terminal(True)
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout.startswith("Removed Game 1 · Ben · Red: (empty);")
    assert store.get(finished)["status"] == "playing"


def test_undo_of_a_game_in_progress_asks_nothing(store, finished, terminal):
    invoke("undo", finished, "--yes")
    prompter = terminal()  # no answer scripted: a question would fail the test
    result = invoke("undo", finished)
    assert result.exit_code == 0 and result.stdout.startswith("Removed Game 1 · Ben · Green: (empty);")
    assert prompter.asked == []


# --- delete ---------------------------------------------------------------------------------------------

def copies(database):
    folder = database.parent / "deleted"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_delete_yes_keeps_a_copy_that_import_restores(store, finished, database):
    score = invoke("score", finished, "--json").stdout
    result = invoke("delete", finished, "--yes")
    assert result.exit_code == 0, result.stderr
    [copy] = copies(database)
    assert copy.name.startswith(f"lost-cities-{finished}-") and copy.suffix == ".json"
    assert result.stdout == f"Deleted session {finished}. Its copy:\n  {copy}\nTo restore it:\n  scorepad import {copy}\n"
    assert store.all() == []
    assert invoke("show", finished).exit_code == 1
    restored = invoke("import", copy).stdout.strip()
    assert invoke("score", restored, "--json").stdout == score
    assert store.get(int(restored))["status"] == "finished"


@pytest.mark.parametrize("lang", ["en", "fa", "ar", "zh-Hant", "ru"])
def test_the_copys_path_is_printed_whole_on_a_line_of_its_own(lang):
    """A path of 74 characters fits 80 columns: "Its copy: PATH" then "To restore it: …" was one paragraph there,
    wrapped as "… PATH To" / "restore it: scorepad import" / "PATH"."""
    path = "/home/ana/.local/share/scorepad/deleted/lost-cities-1-20261202T041943.json"
    with i18n.speaking(lang):
        text = _(DELETED).format(id=1, path=path)
    fitted = grid.fit(text, 80).splitlines()
    assert fitted[:3] == text.splitlines()[:3] and fitted[1] == f"  {path}"  # "To restore it:" a line of its own
    assert fitted[3:] in ([f"  scorepad import {path}"], ["  scorepad import", f"    {path}"])


def test_delete_without_a_terminal_needs_yes(store, finished, database):
    before = store.get(finished)
    result = invoke("delete", finished)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (f"Error: delete asks first: without a terminal, say so with: "
                             f"scorepad delete {finished} --yes\n")
    assert store.get(finished) == before and copies(database) == []


def test_delete_asks_and_only_a_yes_deletes(store, finished, database, terminal):
    before = store.get(finished)
    prompter = terminal(False)
    result = invoke("delete", finished)
    assert result.exit_code == 0 and result.stdout == f"Session {finished} is kept.\n"
    assert prompter.asked == [f"Delete session {finished} (Lost Cities — Ana, Ben, finished)? "
                              f"A copy is kept in {database.parent / 'deleted'}"]
    terminal(None)  # Enter alone: the default is no
    assert invoke("delete", finished).stdout == f"Session {finished} is kept.\n"
    terminal(Aborted())
    result = invoke("delete", finished)
    assert result.exit_code == 130 and result.stderr == "\nStopped; nothing was changed.\n"
    assert store.get(finished) == before and copies(database) == []
    terminal(True)
    assert invoke("delete", finished).stdout.startswith(f"Deleted session {finished}. Its copy:\n")
    assert store.all() == [] and len(copies(database)) == 1


def test_delete_asks_in_the_language_with_its_word_for_the_status(store, finished, database, terminal):
    from scorepad import i18n

    prompter = terminal(False)
    assert invoke("--lang", "zh-Hant", "delete", finished).exit_code == 0
    i18n.use("zh-Hant")
    try:
        finished_word = i18n._("finished")
    finally:
        i18n.use(i18n.ENGLISH)
    assert finished_word != "finished"
    question = prompter.asked[0].split(str(database.parent))[0]  # the folder's path is not ours to translate
    assert finished_word in question and "finished" not in question


def test_the_same_id_deleted_twice_keeps_both_copies(store, finished, database):
    invoke("delete", finished, "--yes")
    # The store never hands out an id twice, but a second database in the same folder has its own session 1.
    other = Store(database.with_name("other.json"))
    again = other.insert(new_doc(by_slug("lost-cities"), ["Cy", "Di"], [], 1))
    run(other, again, ["Cy", "w3"] + [""] * 9)
    assert again == finished
    assert invoke("--db", other.path, "delete", again, "--yes").exit_code == 0
    first, second = copies(database)
    assert '"Ana"' in first.read_text() + second.read_text() and '"Cy"' in first.read_text() + second.read_text()


def test_delete_of_a_missing_session_says_so(store, finished, database):
    result = invoke("delete", 99, "--yes")
    assert result.exit_code == 1 and result.stderr == f"Error: no session 99 in {database}\n"
    assert copies(database) == []


def test_when_the_copy_cannot_be_written_nothing_is_deleted(store, finished, database):
    (database.parent / "deleted").write_text("a file where the folder goes")
    before = store.get(finished)
    result = invoke("delete", finished, "--yes")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot make the folder {database.parent / 'deleted'}: ")
    assert store.get(finished) == before


def test_when_removing_fails_the_copy_goes_too(store, finished, database, monkeypatch):
    from scorepad.errors import StoreError
    from scorepad.store import Store

    def busy(self, doc_id):
        raise StoreError("the database is busy")

    monkeypatch.setattr(Store, "remove", busy)
    result = invoke("delete", finished, "--yes")
    assert result.exit_code == 1 and result.stderr == "Error: the database is busy\n"
    assert copies(database) == [] and store.get(finished)["status"] == "finished"


KEPT = ("game", "players", "variants", "modules", "rounds_planned", "seed", "status", "created", "entries")


def same_session(a, b):
    return {key: a.get(key) for key in KEPT} == {key: b.get(key) for key in KEPT}


def next_question(store, session_id):
    """The question a resume would ask now (answered with Ctrl-C, so nothing changes)."""
    from scorepad.cli.play import play

    prompter = ScriptedPrompter([Aborted()])
    with pytest.raises(Aborted):
        play(store, session_id, prompter, lambda text: None)
    return prompter.asked[-1]


@pytest.mark.parametrize("answers", [
    [],  # started, nothing answered yet
    ["Ben", "w3", "2 5 7 10"],  # stopped in the middle of game 1
    ["Ben", "w3"] + [""] * 9,  # game 1 complete, game 2 not begun
])
def test_the_deleted_copy_gives_back_the_same_session_in_progress(store, database, answers):
    session_id = store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], 2))
    with pytest.raises(Aborted):
        run(store, session_id, [*answers, Aborted()])
    before, asked = store.get(session_id), next_question(store, session_id)
    assert before["status"] == "playing" and len(before["entries"]) == len(answers)
    assert invoke("delete", session_id, "--yes").exit_code == 0
    [copy] = copies(database)
    restored = int(invoke("import", copy).stdout)
    after = store.get(restored)
    assert same_session(after, before), (after, before)
    assert next_question(store, restored) == asked  # resume goes on at the same question
    if answers:  # and undo takes back the same last answer
        assert invoke("undo", restored).exit_code == 0
        assert store.get(restored)["entries"] == before["entries"][:-1]


def test_a_finished_session_comes_back_finished_with_its_answers(store, finished, database):
    before = store.get(finished)
    invoke("delete", finished, "--yes")
    [copy] = copies(database)
    after = store.get(int(invoke("import", copy).stdout))
    assert same_session(after, before) and after["status"] == "finished"
