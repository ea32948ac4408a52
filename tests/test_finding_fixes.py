"""Fixing is easy to find (issue 22, point 3): a card held by an earlier answer names that answer and `fix`."""

from scorepad.cli.prompts import Aborted, ScriptedPrompter
from scorepad.games import by_slug
from scorepad.table.changes import new_doc

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
