"""Fixing is easy to find (issue 22, point 3): a card held by an earlier answer names that answer and `fix`; the
fix menu keeps what several words pick out as they are typed; a fix at the prompt shows what it did to the score;
each edit's hint names the undo that takes it back where it was made."""

from conftest import invoke
from scorepad import i18n
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.games import by_slug
from scorepad.i18n import _
from scorepad.table.changes import new_doc
from test_prompts import DOWN, ENTER, keys  # noqa: F401  (the real prompter on a pipe)
from test_terminal import terminal as terminal_at  # noqa: F401  (tmux)

ANSWERS = ["Game 2 · Ben · Blue: 3", "Game 1 · Ben · Red: 2 3 5", "Game 1 · Ben · Green: 5 8",
           "Game 1 · Ana · Blue: 2 5 7 10", "Game 1 · Ana · Yellow: W 3"]


def played(store, session_id, *answers):
    """Answers typed at the prompts, then Ctrl-C: (the prompter, everything printed)."""
    from scorepad.cli.play import play

    lines, prompter = [], ScriptedPrompter([*answers, Aborted()])
    try:
        play(store, session_id, prompter, lines.append)
    except Aborted:
        pass
    return prompter, "\n".join(lines)


def match(store, rounds=1, lang=None):
    return store.insert(new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], rounds, seed=3, lang=lang))


# --- a card already held names the answer that holds it ---------------------------------------------------

def test_a_card_held_by_the_other_player_names_that_answer_and_fix(store):
    session_id = match(store)
    prompter, _ = played(store, session_id, "Ana", "w3 5", "2 5 9", "", "", "", "4 6", "9", "10")
    assert prompter.refused == [("9", "blue 9 is already in Ana's expedition (Game 1 · Ana · Blue: 2 5 9); if that "
                                      "answer is wrong, `fix` changes it")]


def test_the_other_players_answer_is_named_even_when_it_comes_second(store):
    """A fix of Ana's blue to a card of Ben's: the deck check meets Ana first and said "already in Ana's"."""
    session_id = match(store)
    answers = ["Ana", "w3 5", "2 5", "", "", "", "4 6", "7 9", "fix", "ana blue", "2 5 9", "2 5 8"]
    prompter, text = played(store, session_id, *answers)
    assert prompter.refused == [("2 5 9", "blue 9 is already in Ben's expedition (Game 1 · Ben · Blue: 7 9); if "
                                          "that answer is wrong, `fix` changes it")]
    assert "Changed Game 1 · Ana · Blue: 2 5 → 2 5 8." in text


def test_the_word_for_fix_is_the_tables(store, speak):
    speak("fa")
    session_id = match(store, lang="fa")
    prompter, _ = played(store, session_id, "Ana", "w3 5", "2 5 9", "", "", "", "4 6", "9")
    refusal = prompter.refused[0][1]
    assert "`اصلاح`" in refusal and "fix" not in refusal and "2 5 9" in refusal


# --- the menu keeps what several words pick out, as they are typed ---------------------------------------

def test_several_words_in_any_case_filter_the_menu_as_they_are_typed(keys):
    keys.send("GAME 1 ben" + DOWN + ENTER)  # the second of Ben's game 1 answers, pointed at among those kept
    assert keys.select("Which answer?", ANSWERS) == "Game 1 · Ben · Green: 5 8"
    keys.send("Ana Blue" + ENTER)
    assert keys.select("Which answer?", ANSWERS) == "Game 1 · Ana · Blue: 2 5 7 10"


def test_the_menu_shows_what_the_words_keep_in_a_real_terminal(terminal_at):
    """As typed in tmux: while `ana blue` is typed, the menu holds Ana's blue answers alone."""
    term = terminal_at("play lost-cities --players Ana Ben --rounds 2")
    term.wait_for("Who is the oldest player?")
    term.keys("Enter")
    for answer in ("w3 5", "2 5 9"):
        term.wait_for("?", 5)
        term.type(answer)
    term.wait_for("Game 1 · Ana · White:")
    term.type("fix")
    term.wait_for("Which answer?")
    term.keys("-l", "ANA Blue")
    screen = term.wait_for("/ ANA Blue")
    menu = screen[screen.rindex("Which answer?"):]
    assert "» Game 1 · Ana · Blue: 2 5 9" in menu and "Yellow" not in menu and "oldest" not in menu
    term.keys("Enter")
    term.wait_for("Game 1 · Ana · Blue — now 2 5 9")
    term.keys("C-c")
    term.wait_for("Edit cancelled")


def test_the_scripted_menu_takes_the_same_words(store):
    assert ScriptedPrompter(["game 1 ANA blue"]).select("Which answer?", ANSWERS) == "Game 1 · Ana · Blue: 2 5 7 10"


# --- a fix shows what it did to the score -----------------------------------------------------------------

def test_a_fix_in_the_game_being_played_shows_the_score_it_changed(store):
    session_id = match(store)
    answers = ["Ana", "w3 5", "2 5 9", "", "", "", "4 6", "fix", "ana blue", "2 5"]
    _, text = played(store, session_id, *answers)
    assert ("Changed Game 1 · Ana · Blue: 2 5 9 → 2 5.\n"
            "  Ana: Game 1 −28 → −37; blue −4 → −13; total with Game 1 so far −28 → −37\n"
            "(`undo` right now puts the old answer back.)") in text


def test_a_fix_menu_left_by_back_changes_nothing_and_says_only_that(store):
    session_id = match(store)
    _, text = played(store, session_id, "Ana", "w3 5", "fix", "← back: change nothing")
    assert text.endswith("  Yellow: W 3 5   (8 − 20) × 2 = −24\nNothing changed.")  # not "changed in another terminal"


# --- the hint names the undo of where the edit was made ---------------------------------------------------

def test_a_shell_edit_names_scorepad_undo_with_the_id(store, terminal):
    session_id = match(store)
    played(store, session_id, "Ana", "w3 5", "2 5 9")
    out = invoke("edit", session_id, "--round", 1, "--player", "Ana", "--field", "blue", "2 5").stdout
    assert out.endswith(f"(`scorepad undo {session_id}` right now puts the old answer back.)\n")
    terminal("ana yellow", "w3 6")
    out = invoke("edit", session_id).stdout
    assert out.endswith(f"(`scorepad undo {session_id}` right now puts the old answer back.)\n")


def test_a_fix_at_the_prompt_names_the_tables_word_for_undo(store, speak):
    speak("zh-Hant")
    session_id = match(store, lang="zh-Hant")
    text = played(store, session_id, "Ana", "w3 5", "2 5 9", "fix", "Ana 藍", "2 5")[1]
    with i18n.speaking("zh-Hant"):
        assert text.splitlines()[-1] == _("(`{undo}` right now puts the old answer back.)").format(undo="復原")
