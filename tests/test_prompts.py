"""The terminal prompter's real widgets through prompt_toolkit's pipe input (tech-notes §2), and the scripted
prompter that stands for it in every other test: both must take the same keys to the same answers."""

import io

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from scorepad.games import by_slug, session_of
from scorepad.prompts import Aborted, ScriptedPrompter, TerminalPrompter, menu_matches, resolve_menu
from scorepad.play import play
from scorepad.session import new_doc

DOWN, UP, ENTER, BACKSPACE, CTRL_C = "\x1b[B", "\x1b[A", "\r", "\x7f", "\x03"
PLAYERS = ["Ana", "Ben", "Bo"]


@pytest.fixture
def keys():
    """A terminal prompter on a pipe; `screen` holds everything it drew (escape codes and all)."""
    with create_pipe_input() as pipe:
        screen = io.StringIO()
        output = Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")
        prompter = TerminalPrompter(input=pipe, output=output)
        prompter.send, prompter.screen = pipe.send_text, screen
        yield prompter


def digits_only(text):
    return None if text.isdigit() else "digits only"


def test_a_refused_answer_is_cleared_and_its_reason_shown(keys):
    keys.send("3-1" + ENTER + "25" + ENTER)
    assert keys.text("Points:", validate=digits_only) == "25"  # not "3-125": the refused text was cleared
    assert "✗ 3-1: digits only" in keys.screen.getvalue()


def test_the_reason_of_a_refused_empty_answer(keys):
    keys.send(ENTER + "7" + ENTER)
    assert keys.text("Points:", validate=digits_only) == "7"
    assert "✗ digits only" in keys.screen.getvalue()


def test_a_refusal_longer_than_the_terminal_is_wrapped_not_cut():
    # prompt_toolkit draws the lines above a prompt's last without wrapping: in a 120-column tmux London's
    # "… a counter only scores in a borough you occupy" lost its last word, at 80 columns half of it.
    reason = "1 Underground counter but 0 boroughs occupied: a counter only scores in a borough you occupy"
    with create_pipe_input() as pipe:
        screen = io.StringIO()
        prompter = TerminalPrompter(input=pipe, output=Vt100_Output(screen, lambda: Size(rows=40, columns=40),
                                                                     term="xterm"))
        pipe.send_text("0" + ENTER + "2" + ENTER)
        assert prompter.text("Boroughs:", validate=lambda text: None if text != "0" else reason) == "2"
    drawn = screen.getvalue()
    assert all(word in drawn for word in reason.split()) and "occupy" in drawn


def test_one_text_prompt_serves_every_question(keys):
    keys.send("1" + ENTER + "2" + ENTER + ENTER)
    answers = [keys.text("First:"), keys.text("Second:"), keys.text("Third:", default="kept")]
    assert answers == ["1", "2", "kept"]
    session = keys._text
    keys.send("4" + ENTER)
    assert keys.text("Fourth:") == "4" and keys._text is session  # one PromptSession, built at the first question


@pytest.mark.parametrize("typed, expected", [
    (ENTER, "Ana"),                      # Enter alone: the first choice
    (DOWN + DOWN + ENTER, "Bo"),         # the arrow keys
    (UP + ENTER, "Bo"),                  # round from the top to the bottom
    ("be" + ENTER, "Ben"),               # the first letters of a choice
    ("BEN" + ENTER, "Ben"),              # case aside
    ("b" + DOWN + ENTER, "Bo"),          # letters pick out Ben and Bo; Down moves to Bo
    ("bx" + ENTER + BACKSPACE + "o" + ENTER, "Bo"),  # Enter on no match does nothing; Backspace mends it
])
def test_a_menu_takes_arrows_or_typed_letters(keys, typed, expected):
    keys.send(typed)
    assert keys.select("Who?", PLAYERS) == expected


def test_a_menu_starts_at_its_default(keys):
    keys.send(ENTER)
    assert keys.select("Deck?", ["Digital deck", "Physical cards"], default="Physical cards") == "Physical cards"


def test_a_menu_takes_a_prompt_word_typed_in_full(keys):
    keys.send("undo" + ENTER + "cash ana" + ENTER)
    assert keys.select("Who?", PLAYERS, words=["undo", "cash"]) == "undo"
    assert keys.select("Who?", PLAYERS, words=["undo", "cash"]) == "cash ana"


def test_a_menu_without_words_does_not_take_one(keys):
    keys.send("undo" + ENTER + CTRL_C)
    with pytest.raises(Aborted):
        keys.select("Who?", PLAYERS)  # "undo" matches nothing: Enter waits, Ctrl-C stops


@pytest.mark.parametrize("typed, default, expected", [("y", False, True), ("n", True, False), (ENTER, True, True),
                                                      (ENTER, False, False), ("N", True, False)])
def test_confirm_takes_y_or_n_at_once(keys, typed, default, expected):
    keys.send(typed)
    assert keys.confirm("Write the sheet?", default=default) is expected


def test_ctrl_c_at_any_prompt_is_aborted(keys):
    keys.send(CTRL_C)
    with pytest.raises(Aborted):
        keys.text("Points:")
    keys.send(CTRL_C)
    with pytest.raises(Aborted):
        keys.select("Who?", PLAYERS)


def test_a_long_menu_scrolls_with_the_pointer(keys):
    choices = [f"Answer {n}" for n in range(1, 41)]
    keys.send(UP + ENTER)
    assert keys.select("Which?", choices) == "Answer 40"
    assert "Answer 40" in keys.screen.getvalue() and "… " in keys.screen.getvalue()


# --- the scripted prompter models the same menu -----------------------------------------------------

@pytest.mark.parametrize("typed, words, expected", [
    ("Ben", (), "Ben"), ("be", (), "Ben"), ("b", (), "Ben"), ("BO", (), "Bo"), ("zz", (), None),
    ("undo", ("undo",), "undo"), ("undo", (), None), ("cash Bo", ("cash",), "cash Bo"),
])
def test_resolve_menu(typed, words, expected):
    assert resolve_menu(typed, PLAYERS, words) == expected


def test_menu_matches_a_word_inside_then_a_part():
    events = ["Take a loan (£10 each)", "Run a city", "Points scored during play", "Show the turn guide"]
    assert menu_matches("run", events) == ["Run a city"]           # the start of a choice
    assert menu_matches("loan", events) == ["Take a loan (£10 each)"]  # the start of a word in it
    assert menu_matches("uid", events) == ["Show the turn guide"]   # anywhere in it


def test_scripted_menu_answers_as_typed():
    prompter = ScriptedPrompter(["be", None, "undo"])
    assert prompter.select("Who?", PLAYERS) == "Ben"
    assert prompter.select("Who?", PLAYERS, default="Bo") == "Bo"
    assert prompter.select("Who?", PLAYERS, words=["undo"]) == "undo"
    with pytest.raises(AssertionError, match="picks nothing"):
        ScriptedPrompter(["zz"]).select("Who?", PLAYERS)


# --- the play loop takes words at its menus ---------------------------------------------------------

def test_typed_menu_choice_and_prompt_words_at_a_menu(store):
    session_id = store.insert(new_doc(by_slug("next-station-london"), ["Ana", "Ben"], [], 1))
    # Ben is typed at the controller menu; `undo` at the deck menu takes him back; Ana; `help`; the physical cards
    prompter = ScriptedPrompter(["be", "undo", "an", "help", "phys"])
    lines = []
    with pytest.raises(AssertionError, match="no scripted answer"):
        play(store, session_id, prompter, lines.append)
    text = "\n".join(lines)
    assert "Took back Who last rode the Underground? (They are the first controller.) Ben — asked again." in text
    assert "Controller: Ana." in text and "Words you can type instead of an answer" in text
    assert prompter.asked[-1].startswith("Round 1 · Ana (") and prompter.asked[-1].endswith("· districts:")
    assert session_of(store.get(session_id)).get("setup", "deck-mode", 0) == "Physical cards"
