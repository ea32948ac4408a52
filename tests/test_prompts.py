"""The real prompts (questionary's widgets) through prompt_toolkit's pipe input (tech-notes §2), and the scripted
prompter that stands for them in every other test: both must take the same keys to the same answers."""

import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.cli.prompter import Aborted, ScriptedPrompter, menu_matches, resolve_menu
from scorepad.cli.prompts import QuestionaryPrompter
from scorepad.cli.play import play
from scorepad.table.changes import new_doc

DOWN, UP, ENTER, BACKSPACE, CTRL_C, CTRL_D = "\x1b[B", "\x1b[A", "\r", "\x7f", "\x03", "\x04"
PLAYERS = ["Ana", "Ben", "Bo"]


def terminal():
    screen = io.StringIO()
    return screen, Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")


@pytest.fixture
def keys():
    """The real prompter on a pipe; `screen` holds everything it drew (escape codes and all)."""
    with create_pipe_input() as pipe:
        screen, output = terminal()
        prompter = QuestionaryPrompter(input=pipe, output=output)
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
    # In a 120-column tmux London's "… a counter only scores in a borough you occupy" lost its last word when
    # drawn above a prompt; printed in lines cut to the width, each next line starts under the reason.
    reason = "1 Underground counter but 0 boroughs occupied: a counter only scores in a borough you occupy"
    with create_pipe_input() as pipe:
        screen = io.StringIO()
        prompter = QuestionaryPrompter(input=pipe, output=Vt100_Output(screen, lambda: Size(rows=40, columns=40),
                                                                        term="xterm"))
        pipe.send_text("0" + ENTER + "2" + ENTER)
        assert prompter.text("Boroughs:", validate=lambda text: None if text != "0" else reason) == "2"
    drawn = screen.getvalue()
    assert ("✗ 0: 1 Underground counter but 0\r\n    boroughs occupied: a counter only\r\n"
            "    scores in a borough you occupy") in drawn


def test_a_default_is_kept_with_enter_and_a_refused_one_is_not_offered_again(keys):
    keys.send(ENTER + ENTER + "2" + ENTER)
    assert keys.text("Loans:", default="3") == "3"
    assert keys.text("Loans:", default="x", validate=digits_only) == "2"  # "x" refused; asked again from empty
    assert "✗ x: digits only" in keys.screen.getvalue()


@pytest.mark.parametrize("typed, expected", [
    (ENTER, "Ana"),                      # Enter alone: the first choice
    (DOWN + DOWN + ENTER, "Bo"),         # the arrow keys
    (UP + ENTER, "Bo"),                  # round from the top to the bottom
    ("be" + ENTER, "Ben"),               # the first letters of a choice
    ("BEN" + ENTER, "Ben"),              # case aside
    ("en" + ENTER, "Ben"),               # letters anywhere in it
    ("b" + DOWN + ENTER, "Bo"),          # letters pick out Ben and Bo; Down moves to Bo
    ("bx" + ENTER + BACKSPACE + "o" + ENTER, "Bo"),  # Enter on no match does nothing; Backspace mends it
    ("j" + BACKSPACE + DOWN + ENTER, "Ben"),          # j is a letter to type, not questionary's "down"
])
def test_a_menu_takes_arrows_or_typed_letters(keys, typed, expected):
    keys.send(typed)
    assert keys.select("Who?", PLAYERS) == expected


def test_a_menu_starts_at_its_default_and_shows_the_hint(keys):
    keys.send(ENTER)
    assert keys.select("Deck?", ["Digital deck", "Physical cards"], default="Physical cards") == "Physical cards"
    assert "(arrows, or type to pick)" in keys.screen.getvalue()


def test_a_menu_takes_a_prompt_word_typed_in_full(keys):
    keys.send("undo" + ENTER + "cash ana" + ENTER + "Help" + ENTER)
    assert keys.select("Who?", PLAYERS, words=["undo", "cash", "help"]) == "undo"
    assert keys.select("Who?", PLAYERS, words=["undo", "cash", "help"]) == "cash ana"
    assert keys.select("Who?", PLAYERS, words=["undo", "cash", "help"]) == "Help"


def test_a_prompt_word_that_names_a_choice_is_the_choice(keys):
    keys.send("fix" + ENTER)
    assert keys.select("Which?", ["Keep", "Fix"], words=["fix"]) == "Fix"


def test_a_menu_without_words_does_not_take_one(keys):
    keys.send("undo" + ENTER + CTRL_C)
    with pytest.raises(Aborted):
        keys.select("Who?", PLAYERS)  # "undo" matches nothing: Enter waits, Ctrl-C stops


@pytest.mark.parametrize("typed, default, expected", [("y", False, True), ("n", True, False), (ENTER, True, True),
                                                      (ENTER, False, False), ("N", True, False)])
def test_confirm_takes_y_or_n_at_once(keys, typed, default, expected):
    keys.send(typed)
    assert keys.confirm("Write the sheet?", default=default) is expected


@pytest.mark.parametrize("key", [CTRL_C, CTRL_D], ids=["ctrl-c", "ctrl-d"])
@pytest.mark.parametrize("ask", [lambda p: p.text("Points:"), lambda p: p.select("Who?", PLAYERS, words=["undo"]),
                                 lambda p: p.confirm("Sure?")], ids=["text", "menu", "confirm"])
def test_ctrl_c_or_ctrl_d_at_any_prompt_is_aborted(keys, key, ask):
    keys.send(key)
    with pytest.raises(Aborted):
        ask(keys)


def test_a_long_menu_follows_the_pointer(keys):
    choices = [f"Answer {n}" for n in range(1, 81)]  # more lines than the terminal has
    keys.send(UP + ENTER + "Answer 7" + DOWN + ENTER)
    assert keys.select("Which?", choices) == "Answer 80"
    assert keys.select("Which?", choices) == "Answer 70"  # Answer 7 and Answer 70–79 hold "Answer 7"
    assert "Answer 80" in keys.screen.getvalue()


# Each typed text is given to the real menu and to the scripted prompter: the same answer, or both wait.
TYPED = ["a", "an", "AN", "b", "bo", "en", "o", "x", "undo", "UNDO", "cash Bo", "help me", "fix", "und"]


ANSWERS = ["Game 2 · Ben · Blue: 3", "Game 2 · Ana · Green: W W",  # an edit menu: newest first
           "Game 1 · Ben · Green: 5 8", "Game 1 · Ana · Blue: 2"]
EDIT_TYPED = ["ana", "ana blue", "ben gr", "blue 3", "1 · ana", "ana red", "game", "green w"]


@pytest.mark.parametrize("choices, typed", [(PLAYERS, t) for t in TYPED] + [(ANSWERS, t) for t in EDIT_TYPED])
def test_the_scripted_menu_answers_as_the_real_one(keys, choices, typed):
    words = ["undo", "cash", "help"]
    expected = resolve_menu(typed, choices, words)
    keys.send(typed + ENTER + CTRL_C)
    if expected is None:
        with pytest.raises(Aborted):  # Enter waited: nothing to take
            keys.select("Which?", choices, words=words)
        with pytest.raises(AssertionError, match="picks nothing"):
            ScriptedPrompter([typed]).select("Which?", choices, words=words)
    else:
        assert keys.select("Which?", choices, words=words) == expected
        assert ScriptedPrompter([typed]).select("Which?", choices, words=words) == expected


def test_several_typed_words_each_start_a_word_of_the_choice(keys):
    keys.send("ana blue" + ENTER + "ben gr" + ENTER)
    assert keys.select("Which answer?", ANSWERS) == "Game 1 · Ana · Blue: 2"   # no choice holds "ana blue" whole
    assert keys.select("Which answer?", ANSWERS) == "Game 1 · Ben · Green: 5 8"


# --- the scripted prompter models the same menu -----------------------------------------------------

@pytest.mark.parametrize("typed, words, expected", [
    ("Ben", (), "Ben"), ("be", (), "Ben"), ("b", (), "Ben"), ("BO", (), "Bo"), ("zz", (), None), ("n", (), "Ana"),
    ("undo", ("undo",), "undo"), ("undo", (), None), ("cash Bo", ("cash",), "cash Bo"),
])
def test_resolve_menu(typed, words, expected):
    assert resolve_menu(typed, PLAYERS, words) == expected


def test_menu_matches_the_choices_holding_the_text_in_menu_order():
    events = ["Take a loan (£10 each)", "Run a city", "Points scored during play", "Show the turn guide"]
    assert menu_matches("run", events) == ["Run a city"]
    assert menu_matches("LOAN", events) == ["Take a loan (£10 each)"]
    assert menu_matches("uid", events) == ["Show the turn guide"]
    assert menu_matches("n", events) == events  # each holds an n: the menu's order, not the best match first
    assert menu_matches("", events) == events


def test_scripted_menu_answers_as_typed():
    prompter = ScriptedPrompter(["be", None, "undo", "Bo"])
    assert prompter.select("Who?", PLAYERS) == "Ben"
    assert prompter.select("Who?", PLAYERS, default="Bo") == "Bo"
    assert prompter.select("Who?", PLAYERS, words=["undo"]) == "undo"
    assert prompter.select("Who?", ["Bob", "Bo"]) == "Bo"  # a choice named in full: picked with the arrows
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
    assert "Took back Who last rode the Underground? Ben — asked again." in text
    assert "Controller: Ana." in text and "Words you can type instead of an answer" in text
    assert prompter.asked[-1].startswith("Round 1 · Ana (") and prompter.asked[-1].endswith("· districts (districts passed through, 0–13):")
    assert session_of(store.get(session_id)).get("setup", "deck-mode", 0) == "Physical cards"


def test_the_play_loop_at_the_real_menus(store):
    # The same game through questionary's widgets, the prompter made as the CLI makes it (no input/output given:
    # the app session is the pipe). A refused line answer at the end, then Ctrl-C: saved where it stands.
    session_id = store.insert(new_doc(by_slug("next-station-london"), ["Ana", "Ben"], [], 1))
    screen, output = terminal()
    lines = []
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        pipe.send_text("be" + ENTER + "undo" + ENTER + "an" + ENTER + "help" + ENTER + "phys" + ENTER
                       + "99" + ENTER + CTRL_C)
        with pytest.raises(Aborted):
            play(store, session_id, QuestionaryPrompter(), lines.append)
    text = "\n".join(lines)
    assert "Took back Who last rode the Underground? Ben — asked again." in text
    assert "Controller: Ana." in text and "Words you can type instead of an answer" in text
    assert "✗ 99: " in screen.getvalue()
    session = session_of(store.get(session_id))
    assert session.get("setup", "deck-mode", 0) == "Physical cards"


# --- in the table's language: questionary's own words, the language's keys ---------------------------------

PERSIAN = {"(Y/n)": "(ب/ن)", ("answer shown", "Yes"): "بله", ("answer shown", "No"): "نه",
           ("typed word", "y"): "ب", ("typed word", "n"): "ن", ("before a question", "?"): "؟",
           "(arrows, or type to pick)": "(پیکان‌ها، یا تایپ کنید)"}


@pytest.mark.parametrize("typed, expected, shown", [("ب", True, "بله"), ("ن", False, "نه"), ("y", True, "بله"),
                                                    ("n", False, "نه"), (ENTER, True, "بله")])
def test_confirm_speaks_the_language_and_takes_its_keys(keys, typed, expected, shown):
    from fake_language import speaking

    keys.send(typed)
    with speaking(PERSIAN):
        assert keys.confirm("PDF?", default=True) is expected
    drawn = keys.screen.getvalue()
    assert "(ب/ن)" in drawn and shown in drawn and "؟" in drawn
    assert "Yes" not in drawn and "(Y/n)" not in drawn


def test_a_menu_and_a_question_speak_the_language(keys):
    from fake_language import speaking

    keys.send(ENTER)
    with speaking(PERSIAN):
        assert keys.select("کی؟", PLAYERS) == "Ana"
    drawn = keys.screen.getvalue()
    assert "(پیکان‌ها، یا تایپ کنید)" in drawn and "(Use arrow keys)" not in drawn and "؟" in drawn


def test_a_menu_takes_persian_digits(keys):
    keys.send("۳" + ENTER)
    assert keys.select("How many?", ["2 players", "3 players"]) == "3 players"
    assert ScriptedPrompter(["٣"]).select("How many?", ["2 players", "3 players"]) == "3 players"


@pytest.mark.parametrize("typed, expected", [("ع", "علی"), ("王", "王小明"), ("ан", "Анна"),
                                             ("رض" + BACKSPACE, "محمد\u200cرضا")])
def test_a_menu_filters_by_letters_beyond_ascii(keys, typed, expected):
    # questionary's own filter takes only ASCII characters
    keys.send(typed + ENTER)
    assert keys.select("Who?", ["Ana", "محمد\u200cرضا", "王小明", "Анна", "علی"]) == expected
