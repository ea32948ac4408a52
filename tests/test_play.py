"""The guided loop driven by a scripted prompter: a whole match, Ctrl-C and resume, undo."""

import pytest

from conftest import LC11, LC11_TYPED, run
from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.cli.asking import prompt
from scorepad.cli.play import play
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc

ALL_TYPED = [answer for game in LC11_TYPED for answer in game]


def start(store, players=("Ana", "Ben"), variants=(), rounds=3):
    return store.insert(new_doc(by_slug("lost-cities"), players, variants, rounds))


def test_full_three_game_match(store):
    session_id = start(store)
    session, prompter, text = run(store, session_id, ["Ben"] + ALL_TYPED)
    assert session.finished
    assert session.score().to_json()["winners"] == ["Ben"]
    assert [s.total for s in session.score().standings] == [136, 66]
    # guidance: setup, who starts each game and why, breakdowns, running totals, the winner
    assert "Shuffle, deal 8 cards to each of you, face down. The other 44 cards are the draw pile." in text
    assert "Ben starts (the oldest player)." in text
    assert "Ben starts (scored more in game 1: 44 to −12)." in text
    assert "Ana starts (scored more in game 2: 70 to 57)." in text
    assert "White: W W 2 3 4 5 6 7   (27 − 20) × 3 + 20 bonus = 41" in text
    assert "Game 1 total for Ana: −12" in text
    assert "  Game 2   70     58   57    101" in text
    assert "Ben wins with 136." in text
    assert prompter.asked[:3] == ["Who is the oldest player? (They start game 1.)",
                                  "Game 1 · Ana · Yellow:", "Game 1 · Ana · Blue:"]


def test_stored_table_equals_the_worked_example(store):
    session_id = start(store)
    session, _, _ = run(store, session_id, ["Ana"] + ALL_TYPED)
    table = session.table()
    for game, expected in zip(table["rounds"], LC11["rounds"]):
        for player in ("Ana", "Ben"):
            assert {c: v for c, v in game[player].items() if v} == expected[player]


def test_purple_variant_asks_six_colours_and_deals_72(store):
    session_id = start(store, variants=["purple"], rounds=1)
    answers = ["Ana"] + [""] * 5 + ["w4"] + [""] * 5 + ["ww"]
    session, prompter, text = run(store, session_id, answers)
    assert "Deck: 72 cards" in text and "The other 56 cards are the draw pile." in text
    assert "Game 1 · Ben · Purple:" in prompter.asked
    assert [s.total for s in session.score().standings] == [-32, -60]


def test_refused_answers_are_asked_again_with_the_reason(store):
    session_id = start(store, rounds=1)
    answers = ["Ana", "3w", "1", "w 5 3", "5 5", "w5", "", "", "", "",       # Ana: yellow W 5
               "5", "x", "4 9", "", "", "", ""]                                # Ben: yellow 5 refused
    _, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [
        ("3w", "wager after 3: wagers go before the first number"),
        ("1", "there is no card 1: type 10 (or 0) for ten"),
        ("w 5 3", "3 after 5: numbers must go up"),
        ("5 5", "5 appears twice; each number is in the deck once"),
        ("5", "yellow 5 is already in Ana's expedition (Game 1 · Ana · Yellow: W 5); if that answer is wrong, `fix` "
              "changes it"),
        ("x", "'x' is not a card: w for a wager, 2–9, and 10 (or 0) for ten"),
    ]


def test_four_wagers_of_a_colour_across_both_players(store):
    session_id = start(store, rounds=1)
    answers = ["Ana", "ww", "", "", "", "", "ww", "w", "", "", "", ""]
    _, prompter, _ = run(store, session_id, answers)
    assert prompter.refused == [("ww", "4 yellow wagers in this game across both players; the deck has 3")]


def test_ctrl_c_then_resume_exactly_where_it_stopped(store):
    session_id = start(store)
    with pytest.raises(Aborted):
        run(store, session_id, ["Ben"] + ALL_TYPED[:13] + [Aborted()])
    saved = session_of(store.get(session_id), session_id)
    assert len(saved.doc["entries"]) == 14 and not saved.finished
    assert prompt(saved.next_ask()) == "Game 2 · Ana · Green:"
    session, prompter, text = run(store, session_id, ALL_TYPED[13:])
    assert prompter.asked[0] == "Game 2 · Ana · Green:"
    # the resumed run repeats nothing already answered and ends with the same result
    assert [s.total for s in session.score().standings] == [136, 66]


def test_resume_repeats_the_guidance_for_the_current_question(store):
    session_id = start(store)
    with pytest.raises(Aborted):
        run(store, session_id, ["Ben"] + ALL_TYPED[:10] + [Aborted()])
    _, _, text = run(store, session_id, ALL_TYPED[10:])
    assert text.lstrip().startswith("Ben, game 1:")  # the last breakdown, the games so far, game 2's guide
    assert "── Game 2 of 3 ──" in text.split("Game 2 · Ana")[0]


def test_undo_typed_at_a_prompt_takes_back_the_previous_answer(store):
    session_id = start(store, rounds=1)
    answers = ["Ana", "w3", "undo", "w4", "", "", "", "", "", "", "", "", ""]
    session, prompter, text = run(store, session_id, answers)
    assert "Took back Game 1 · Ana · Yellow: W 3 — asked again." in text
    assert session.table()["rounds"][0]["Ana"]["yellow"] == ["W", 4]
    assert prompter.asked[1:4] == ["Game 1 · Ana · Yellow:", "Game 1 · Ana · Blue:", "Game 1 · Ana · Yellow:"]


def test_offer_to_write_the_sheet(store, tmp_path):
    session_id = start(store, rounds=1)
    written = []

    def write_sheet(session, path):
        written.append((session.id, path))
        return path

    answers = ["Ana"] + [""] * 10 + [True, str(tmp_path / "x.pdf")]
    _, _, text = run(store, session_id, answers, write_sheet=write_sheet)
    assert written == [(session_id, str(tmp_path / "x.pdf"))]
    assert f"Wrote {tmp_path / 'x.pdf'}" in text


def test_a_level_game_alternates_the_start(store):
    session_id = start(store, rounds=2)
    answers = ["Ana", "35679", "", "", "", "", "", "", "", "", "35679"] + [""] * 10  # 10 each
    _, _, text = run(store, session_id, answers)
    assert "Ben starts (game 1 was level at 10; Ana started it)." in text


# --- prompt words (a game's commands, help) -------------------------------------------------------------

@pytest.fixture
def with_commands(monkeypatch):
    """Lost Cities given one prompt word, `count`, as a game with commands has (Chinatown's `cash NAME`)."""
    import dataclasses

    import scorepad.games as registry

    def commands(session):
        return {"count": ("how many answers are stored", lambda rest: f"{len(session.answers)} answers {rest}".strip())}

    game = dataclasses.replace(by_slug("lost-cities"), commands=commands)
    monkeypatch.setitem(registry._loaded, game.slug, game)
    return game


def test_a_command_word_prints_and_asks_the_same_question_again(store, with_commands):
    session_id = start(store, rounds=1)
    answers = ["Ana", "count", "COUNT please", "help", "w3 4 6 8 9"] + [""] * 9
    session, prompter, text = run(store, session_id, answers)
    assert "\n1 answers\n" in text and "\n1 answers please\n" in text
    assert ("Words you can type instead of an answer, at a menu too (a menu takes the arrow keys or the first "
            "letters of a choice; Ctrl-C stops, saved):\n"
            "  undo       take back the previous answer (right after a fix: the fix)\n"
            "  fix        change an answer given earlier (a menu of everything recorded), then back to this question\n"
            "  count      how many answers are stored") in text
    assert prompter.asked[1:5] == ["Game 1 · Ana · Yellow:"] * 4  # the same question each time
    assert session.finished and session.get("rounds", 0, "Ana", "yellow") == ["W", 3, 4, 6, 8, 9]
    assert not prompter.refused  # a command word is never refused as a wrong answer


def test_help_lists_undo_fix_and_lost_cities_guide(store):
    session_id = start(store, rounds=1)
    lines = []
    with pytest.raises(AssertionError, match="no scripted answer"):
        play(store, session_id, ScriptedPrompter(["Ana", "help"]), lines.append)
    assert lines[-1] == ("Words you can type instead of an answer, at a menu too (a menu takes the arrow keys or the "
                         "first letters of a choice; Ctrl-C stops, saved):\n"
                         "  undo       take back the previous answer (right after a fix: the fix)\n"
                         "  fix        change an answer given earlier (a menu of everything recorded), then back to "
                         "this question\n"
                         "  guide      a turn's rules and how to type the cards")


# --- undo takes back answers, not views ----------------------------------------------------------------

@pytest.fixture
def with_a_view(monkeypatch):
    """A game of two questions: a text, then a menu with a display choice (as London's "Show every player's
    loans…") and a prompt word (`count`) that prints the answers so far."""
    import dataclasses

    import scorepad.games as registry
    from scorepad.games.base import Ask

    def steps(session):
        return [Ask(("setup", "first"), "First answer", parse=str.strip),
                Ask(("setup", "second"), "Second answer?", parse=str, choices=("Left", "Right", "Show the view"),
                    views={"Show the view": lambda: f"THE VIEW of {len(session.answers)} answer(s)"})]

    def commands(session):
        return {"count": ("the answers so far", lambda rest: f"{len(session.answers)} answer(s)")}

    game = dataclasses.replace(by_slug("lost-cities"), steps=steps, commands=commands)
    monkeypatch.setitem(registry._loaded, game.slug, game)
    return game


def test_a_view_between_two_answers_is_never_recorded_nor_undone(store, with_a_view):
    session_id = start(store, rounds=1)
    # the view picked from the menu, a view typed ("show"), a prompt word: none is an answer; undo then takes
    # back the first answer, the one before them
    answers = ["one", "Show the view", "show", "count", "help", "undo", "two", "sh", "Left"]
    session, prompter, text = run(store, session_id, answers)
    assert text.count("THE VIEW of 1 answer(s)") == 3 and "\n1 answer(s)\n" in text
    assert "Took back First answer: one — asked again." in text
    assert [(e["at"], e["value"]) for e in session.doc["entries"]] == [(["setup", "first"], "two"),
                                                                       (["setup", "second"], "Left")]
    assert prompter.asked == ["First answer:", *["Second answer?"] * 5, "First answer:", "Second answer?",
                              "Second answer?"]
    # `scorepad undo` afterwards takes back the last answer, not a view
    from scorepad.table import changes

    removed = {}
    store.update(session_id, lambda doc: removed.update(changes.undo(doc)))
    assert (removed["at"], removed["value"]) == (["setup", "second"], "Left")


def test_an_undo_choice_of_a_menu_is_the_word_not_an_answer():
    """London's player menus end with an `undo` choice: picking it takes back the previous answer (it was parsed as
    a player's name, and the game ended with an Error line)."""
    from scorepad.games.base import Ask, one_of_players
    from scorepad.cli.play import _ask
    from scorepad.cli.prompter import ScriptedPrompter

    ask = Ask(("setup", "who"), "Who scores points?", one_of_players(["Ana", "Ben"]), choices=("Ana", "Ben", "undo"))
    assert _ask(ScriptedPrompter(["undo"]), ask, {}) == "undo"
    assert _ask(ScriptedPrompter(["Ben"]), ask, {}) == "Ben"


# --- in another language: its digits, its prompt words ---------------------------------------------------

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
ARABIC_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
WORDS = {("typed word", "undo"): "واگرد", ("typed word", "fix"): "اصلاح", ("typed word", "help"): "راهنما",
         "take back the previous answer (right after a fix: the fix)": "پاسخ قبلی را پس بگیر"}


def test_numbers_typed_in_persian_or_arabic_indic_digits_are_the_same_answers(store):
    session_id = start(store)
    typed = [answer.translate(PERSIAN_DIGITS if n % 2 else ARABIC_DIGITS) for n, answer in enumerate(ALL_TYPED)]
    assert typed[1] == "۲ ۵ ۷ ۱۰" and typed[4] == "٤٦٧٨٩١٠" and typed[3] == "ww"
    session, prompter, _text = run(store, session_id, ["Ben"] + typed)
    assert not prompter.refused
    assert session.get("rounds", 0, "Ana", "blue") == [2, 5, 7, 10] and session.get("rounds", 0, "Ana", "red") == [
        4, 6, 7, 8, 9, 10]
    assert [s.total for s in session.score().standings] == [136, 66]


def test_a_refusal_of_persian_digits_is_the_refusal_of_the_same_numbers(store):
    refusals = []
    for typed in ("۵ ۳", "5 3"):
        prompter = ScriptedPrompter(["Ana", typed])
        with pytest.raises(AssertionError, match="no scripted answer"):
            play(store, start(store, rounds=1), prompter, lambda line: None)
        refusals.append(prompter.refused[0][1])
    assert refusals[0] == refusals[1] and "5" in refusals[0]  # the cards go up, whichever digits typed them


def test_the_languages_prompt_words_work_beside_the_english_ones(store):
    from fake_language import speaking

    session_id = start(store, rounds=1)
    with speaking(WORDS):
        lines = []
        answers = ["Ana", "w3 4", "واگرد", "w3 4 6", "undo", "راهنما", "2 5"]
        with pytest.raises(AssertionError, match="no scripted answer"):
            play(store, session_id, ScriptedPrompter(answers), lines.append)
    text = "\n".join(lines)
    assert text.count("Took back Game 1 · Ana · Yellow:") == 2  # the Persian word, then the English one
    # the help names the language's words
    assert "  واگرد      پاسخ قبلی را پس بگیر\n  اصلاح      change an answer given earlier" in text
    session = session_of(store.get(session_id), session_id)
    assert session.get("rounds", 0, "Ana", "yellow") == [2, 5]  # both taken back, then this answer


def test_a_menu_takes_the_languages_prompt_word(store):
    from fake_language import speaking

    session_id = start(store, rounds=1)
    with speaking(WORDS):
        lines = []
        with pytest.raises(AssertionError, match="no scripted answer"):
            # at the first menu (who is oldest) the Persian `help`, typed
            play(store, session_id, ScriptedPrompter(["راهنما"]), lines.append)
    assert "  واگرد      پاسخ قبلی را پس بگیر" in lines[-1]


def test_a_player_named_as_the_languages_prompt_word_is_found(store):
    from fake_language import speaking
    from scorepad.cli.prompt_words import prompt_word_in

    doc = store.get(start(store))
    with speaking(WORDS):
        assert prompt_word_in(doc, "واگرد علی") == "واگرد" and prompt_word_in(doc, "Undo") == "undo"
        assert prompt_word_in(doc, "علی") is None


def test_the_help_lines_up_under_words_of_two_columns_a_character(store):
    from fake_language import speaking
    from scorepad.grid import width

    session_id = start(store, rounds=1)
    lines = []
    with speaking({("typed word", "undo"): "撤銷", ("typed word", "fix"): "修改"}, "zh-Hant"):
        with pytest.raises(AssertionError, match="no scripted answer"):
            play(store, session_id, ScriptedPrompter(["Ana", "help"]), lines.append)
    undo_line, fix_line = lines[-1].splitlines()[1:3]
    assert undo_line.startswith("  撤銷       take back") and fix_line.startswith("  修改       change")
    assert width(undo_line.split("take")[0]) == width("  undo       ")
