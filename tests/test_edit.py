"""Fix one answer: `scorepad edit`, the prompt word `fix`, refusals that name the answer an edit breaks, undo."""

import pytest
from typer.testing import CliRunner

from calculators.core import InvalidInput, Result, standings
from conftest import LC11_TYPED, run
from scorepad.cli import fixing
from scorepad.table import Table, edit, naming
from scorepad import games as registry
from scorepad.cli import app
from scorepad.games import by_slug
from scorepad.table import session_of
from scorepad.games import london as london_game
from scorepad.games.base import Ask, Game, Say
from scorepad.cli.prompter import Aborted, ScriptedPrompter
from scorepad.table.changes import new_doc
from scorepad.table.session import Session

ALL_TYPED = [answer for game in LC11_TYPED for answer in game]
GAME_1 = LC11_TYPED[0]  # Ana: yellow blue white green red, then Ben's five


def saved(store, session_id):
    return session_of(store.get(session_id), session_id)


def start(store, slug, players, rounds=None, variants=(), seed=7):
    return store.insert(new_doc(by_slug(slug), players, variants, rounds, seed=seed))


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def finished_lc11(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=3)
    run(store, session_id, ["Ben"] + ALL_TYPED)
    return session_id


# --- Lost Cities --------------------------------------------------------------------------------------

def test_fix_mid_game_returns_to_the_open_question(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    answers = ["Ben", *GAME_1[:2], "fix", "Ana · Blue", "2 5 7", *GAME_1[2:]]
    session, prompter, text = run(store, session_id, answers)
    assert "Changed Game 1 · Ana · Blue: 2 5 7 10 → 2 5 7." in text
    # the menu, the question with the current value, then back to the question that was open
    assert prompter.asked[3:7] == ["Game 1 · Ana · White:", fixing.CHOOSE,
                                   "Game 1 · Ana · Blue — now 2 5 7 10; the new answer (Enter keeps it):",
                                   "Game 1 · Ana · White:"]
    assert session.finished and session.get("rounds", 0, "Ana", "blue") == [2, 5, 7]
    assert session.score().standings[1].total == -22  # LC-11 game 1: Ana −12, blue 10 points fewer


def test_fix_menu_lists_newest_first_with_the_values_as_typed(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    with pytest.raises(AssertionError, match="picks nothing"):
        run(store, session_id, ["Ben", "ww35910", "", "fix", "not there"])
    listed = edit.menu_labels(edit.items(saved(store, session_id)))
    assert listed == ["Game 1 · Ana · Blue: —", "Game 1 · Ana · Yellow: W W 3 5 9 10",
                      "Who is the oldest player: Ben"]


def test_fix_back_and_ctrl_c_change_nothing_and_the_game_goes_on(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    answers = ["Ben", GAME_1[0], "fix", fixing.BACK, "fix", "Yellow", Aborted(), "fix", "Yellow", "", *GAME_1[1:]]
    session, _, text = run(store, session_id, answers)
    assert text.count(edit.UNCHANGED) == 2 and fixing.CANCELLED in text
    assert session.finished and session.get("rounds", 0, "Ana", "yellow") == ["W", 3, 4, 6, 8, 9]


def test_undo_right_after_a_fix_puts_the_old_value_back(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    answers = ["Ben", *GAME_1[:2], "fix", "Ana · Yellow", "w3 4 6 8", "undo", *GAME_1[2:]]
    session, prompter, text = run(store, session_id, answers)
    assert "Took back the edit of Game 1 · Ana · Yellow: W 3 4 6 8 9 again (it was W 3 4 6 8)." in text
    assert session.get("rounds", 0, "Ana", "yellow") == ["W", 3, 4, 6, 8, 9]
    assert session.get("rounds", 0, "Ana", "blue") == [2, 5, 7, 10]  # the answer before the fix stays
    assert prompter.asked.count("Game 1 · Ana · White:") == 3  # open before, after the fix, after the undo


def test_a_later_answer_makes_the_fix_permanent(store):
    session_id = start(store, "lost-cities", ["Ana", "Ben"], rounds=1)
    answers = ["Ben", *GAME_1[:2], "fix", "Ana · Yellow", "w3 4 6 8", GAME_1[2], "undo", *GAME_1[2:]]
    session, _, text = run(store, session_id, answers)
    assert "Took back Game 1 · Ana · White: — asked again." not in text  # White was "" (not started)
    assert "Took back Game 1 · Ana · White: (not started) — asked again." in text
    assert session.get("rounds", 0, "Ana", "yellow") == ["W", 3, 4, 6, 8]


def test_edit_of_a_finished_match_stays_finished_and_prints_what_changed(store):
    session_id = finished_lc11(store)
    result = invoke("edit", session_id, "--round", 1, "--player", "ana", "--field", "blue", "2 5 7")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Changed Game 1 · Ana · Blue: 2 5 7 10 → 2 5 7.\n"
                                    "  Ana: Game 1 −12 → −22; blue −10 → −20; total 66 → 56\n\nFinal standings:\n")
    assert "     2  Ana        −22      70       8     56\n" in result.stdout and "Ben wins with 136." in result.stdout
    session = saved(store, session_id)
    assert session.finished and session.get("rounds", 0, "Ana", "blue") == [2, 5, 7]
    # undo right after: the old value, still finished (not reopened)
    undone = invoke("undo", session_id)
    assert undone.stdout == ("Took back the edit of Game 1 · Ana · Blue: 2 5 7 10 again (it was 2 5 7). "
                             f"Session {session_id} is as before the edit.\n")
    session = saved(store, session_id)
    assert session.finished and [s.total for s in session.score().standings] == [136, 66]
    # the next undo would reopen the finished match: it asks first (here: --yes), as before any edit
    assert invoke("undo", session_id).exit_code == 2
    assert invoke("undo", session_id, "--yes").stdout.startswith("Removed Game 3 · Ben · Red: (empty);")


def test_an_edit_that_puts_a_card_in_both_hands_is_refused_naming_the_other_answer(store):
    session_id = finished_lc11(store)
    before = store.get(session_id)
    result = invoke("edit", session_id, "--round", 1, "--player", "Ana", "--field", "blue", "2 5 7 9 10")
    assert result.exit_code == 1 and result.stdout == ""
    # the shell's way to change the other answer, not the prompt's `fix` (issue 29, point 10)
    assert result.stderr == ("Error: blue 9 is already in Ben's expedition (Game 1 · Ben · Blue: W 3 4 6 8 9); if that "
                             f"answer is wrong, `scorepad edit {session_id}` changes it\n")
    assert store.get(session_id) == before  # nothing written


def test_the_menu_refuses_at_the_prompt_and_takes_another_value(store):
    session_id = finished_lc11(store)
    lines = []
    prompter = ScriptedPrompter(["Game 1 · Ana · Green", "ww58", "ww67"])
    assert fixing.interactive(Table(store, session_id), prompter, lines.append)
    assert prompter.refused == [("ww58", "green 5 is already in Ben's expedition (Game 1 · Ben · Green: 5 8); if that "
                                         "answer is wrong, `fix` changes it")]
    assert saved(store, session_id).get("rounds", 0, "Ana", "green") == ["W", "W", 6, 7]
    assert lines[0].startswith("Changed Game 1 · Ana · Green: W W → W W 6 7.")


@pytest.mark.parametrize("args, message", [
    (["--round", 4, "--player", "Ana", "--field", "blue", "2"],  # no plural made with "s": "(games recorded…"
     "session 1 has no game 4 recorded (recorded: 1, 2, 3)"),
    (["--round", 1, "--player", "Zoë", "--field", "blue", "2"], "no player 'Zoë' in session 1 (players: Ana, Ben)"),
    (["--round", 1, "--player", "Ana", "--field", "blu", "2"],
     "no field 'blu' recorded for Ana in game 1 (recorded: yellow, blue, white, green, red)"),
    (["--player", "Ana", "--field", "blue", "2"], "'blue' is a game field: give --round N"),
    (["--field", "eldest", "Ana"], "no session note 'eldest' in session 1 (notes: oldest); a player's field "
                                   "needs --player (and --round)"),
    (["--round", 1, "--player", "Ana", "--field", "blue", "2 1"],
     "there is no card 1: type 10 (or 0) for ten"),
])
def test_the_non_interactive_form_names_what_is_wrong_and_what_exists(store, args, message):
    finished_lc11(store)
    result = invoke("edit", 1, *args)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"Error: {message}\n")


def test_a_session_note_is_editable_by_name(store):
    session_id = finished_lc11(store)
    result = invoke("edit", session_id, "--field", "oldest", "Ana")
    assert result.exit_code == 0 and result.stdout.startswith("Changed Who is the oldest player: Ben → Ana.\n"
                                                              "  No score changed.\n")
    assert saved(store, session_id).get("setup", "oldest") == "Ana"
    assert invoke("edit", session_id, "--field", "oldest", "Zoë").stderr == \
        "Error: 'Zoë' is not one of the players (Ana, Ben)\n"


def test_usage_errors_and_no_terminal(store):
    finished_lc11(store)
    assert invoke("edit", 1, "2 5 7").exit_code == 2  # a value without --field
    result = invoke("edit", 1)
    assert (result.exit_code, result.stderr) == (2, "Error: 'edit' is interactive and needs a terminal (stdin is "
                                                    "not one).\n")
    missing = invoke("edit", 9, "--field", "oldest", "Ana")
    assert missing.exit_code == 1 and missing.stderr.startswith("Error: no session 9")


def test_an_unchanged_value_writes_nothing(store):
    session_id = finished_lc11(store)
    before = store.get(session_id)
    result = invoke("edit", session_id, "-r", 1, "-p", "Ana", "-f", "blue", "2 5 7 0")
    assert result.stdout == "Nothing changed.\n" and store.get(session_id) == before


# --- Chinatown ----------------------------------------------------------------------------------------

CT = ("Ava", "Ben", "Cai")
CT_1965 = ["Ava", "", "photo 3", "none", "none"]  # no trades; Ava's complete Photo pays $50,000
CT_1966_TRADE = ["Ava Ben 90k", "lot 12", ""]  # Ava has $100,000; pays $90,000


def test_a_trade_without_a_note_kept_as_shown_stays_without_one(store):
    # The fix offers an empty note as "(no note)": taking that text back must not make it the note.
    session_id = start(store, "chinatown", CT, rounds=2)
    answers = [*CT_1965, "Ava Ben 90k", "", "", "fix", "1966 · trade 1 · note", "(no note)",
               "photo 3", "none", "none"]
    session, _prompter, _text = run(store, session_id, answers)
    assert session.finished and session.get("setup", "note", 1) == ""


def test_chinatown_fix_mid_game_and_a_trade_the_edit_would_take_below_zero(store):
    session_id = start(store, "chinatown", CT, rounds=2)
    answers = [*CT_1965, *CT_1966_TRADE, "fix", "1965 · Ava", "photo 3, rest 1", "fix", "1966 · trade 1 · note",
               "lot 13", "photo 3", "none", "none"]
    session, prompter, text = run(store, session_id, answers)
    assert "Changed 1965 · Ava's businesses: photo 3 → photo 3, rest 1." in text
    assert "Cash stays private: `cash NAME` shows one balance." in text  # no totals on screen in a private game
    assert "Changed 1966 · trade 1 · note: lot 12 → lot 13." in text
    # the open question again after each fix, naming the 1965 businesses as they now stand
    assert prompter.asked.count("1966 · Ava's businesses [1965: photo 3, rest 1; Enter keeps it]:") == 2
    assert session.finished and session.get("setup", "note", 1) == "lot 13"
    # the trade now takes Ava below $0 if her 1965 income is taken away: refused, naming the trade
    result = invoke("edit", session_id, "-r", 1, "-p", "Ava", "-f", "businesses", "none")
    assert (result.exit_code, result.stderr) == (1, "Error: the edit breaks 1966 · trade 1: "
                                                    "paying $90,000 to Ben would take Ava below $0; Ava has less than "
                                                    "that\n")


def test_chinatown_trade_amount_edit_checks_cash_in_its_place(store):
    session_id = start(store, "chinatown", CT, rounds=1)
    run(store, session_id, ["Ava", "Ava Ben 40k", "", "", "photo 3", "none", "none"])
    lines = []
    # $50,000 − $50,000 is $0: allowed (the old $40,000 is replaced, not counted as well)
    assert fixing.interactive(Table(store, session_id), ScriptedPrompter(["trade 1: Ava", "Ava Ben 50k"]), lines.append)
    assert saved(store, session_id).get("trades", 0)["amount"] == 50000
    assert "Changed 1965 · trade 1: Ava Ben 40000 → Ava Ben 50000." in lines[0]
    prompter = ScriptedPrompter(["trade 1: Ava", "Ava Ben 50001", "Ben Ava 1k"])
    fixing.interactive(Table(store, session_id), prompter, lines.append)
    assert prompter.refused == [("Ava Ben 50001", "paying $50,001 to Ben would take Ava below $0; Ava has less than "
                                                  "that")]
    assert "  Ben: trades in $50,000 → $0; trades out $0 → −$1,000; total $100,000 → $49,000; rank 1 → 3" in lines[1]


def test_chinatown_tile_supply_across_players_is_checked(store):
    session_id = start(store, "chinatown", CT, rounds=1)
    run(store, session_id, ["Ava", "", "photo 3", "photo 3", "none"])
    result = invoke("edit", session_id, "-r", 1, "-p", "Cai", "-f", "businesses", "photo 1")
    assert (result.exit_code, result.stderr) == (1, "Error: 7 photo tiles on the board this year; the box holds 6\n")
    assert saved(store, session_id).get("rounds", 0, "Cai", "businesses") == []


# --- London -------------------------------------------------------------------------------------------

LOAN, REPAY, RUN, END = (london_game.event_labels()[k] for k in ("loan", "repay", "run", "end"))
# Example 6 (rules §8.2) with its tracking: P1 and P2 tie on 48, least poverty decides.
LONDON_TRACKING = [LOAN, "P1", "2", REPAY, "P1", "1", RUN, "P1", "4", "1", None, END]
# Each player: prestige, card prestige, money, loans, hand, poverty (boroughs and best card only on a tie).
LONDON_FINAL = ["33", "18", "17", None, "1", "7", "26", "19", "11", "", "", "4"]


def test_london_fix_mid_reckoning_returns_to_the_open_question(store):
    session_id = start(store, "london-2e", ("P1", "P2"))
    answers = [*LONDON_TRACKING, *LONDON_FINAL[:3], "fix", "Event 1 · How many loans", "3", *LONDON_FINAL[3:]]
    session, prompter, text = run(store, session_id, answers)
    assert "Changed Event 1 · How many loans does P1 take: 2 → 3." in text
    # the run's loans (Enter kept 1) and the reckoning's are answers already given: said, not changed
    assert ("  Check Event 3 · Loans P1 holds (£10 each): 1 was what Enter kept; Enter would keep 2 now (fix it if it should "
            "follow).") in text
    fixed = prompter.asked.index(fixing.CHOOSE)
    open_question = "P1 · loans still held [1 tracked; Enter keeps it]:"
    assert prompter.asked[fixed - 1] == prompter.asked[fixed + 2] == open_question
    assert session.finished and session.get("final", "P1", "loans") == 1  # kept from the run, as typed then


def test_london_an_edit_of_a_loan_breaks_a_later_repayment(store):
    session_id = start(store, "london-2e", ("P1", "P2"))
    run(store, session_id, [*LONDON_TRACKING, *LONDON_FINAL])
    ok = fixing.interactive(Table(store, session_id), ScriptedPrompter(["Event 2 · How many loans", "2"]), [].append)
    assert ok and saved(store, session_id).get("setup", "track", 1, "count") == 2  # P1 held 2: repays both
    prompter = ScriptedPrompter(["Event 1 · How many loans", "1", "4"])
    lines = []
    assert fixing.interactive(Table(store, session_id), prompter, lines.append)
    assert prompter.refused == [("1", "the edit breaks Event 2 · How many loans does P1 repay: P1 holds 1 "
                                      "loan")]
    session = saved(store, session_id)
    assert session.finished and session.get("setup", "track", 0, "count") == 4


def test_london_an_edit_that_makes_a_tie_asks_the_tie_breaks_then_one_that_ends_it_keeps_them(store):
    session_id = start(store, "london-2e", ("P1", "P2"))
    run(store, session_id, [*LONDON_TRACKING, *LONDON_FINAL])  # Example 6: 48 each, P2 ahead on poverty left
    assert invoke("edit", session_id, "--player", "P1", "--field", "vp", "30").exit_code == 0  # P1 45
    before = store.get(session_id)
    # poverty 3 (+1 in hand): 0 left each, 48 each: the borough cards are needed now
    refused = invoke("edit", session_id, "--player", "P1", "--field", "poverty", "3")
    assert (refused.exit_code, refused.stderr) == (1, (
        f"Error: that makes a new question necessary: P1 · borough cards held; give it at the prompt (scorepad edit "
        f"{session_id}) or change another answer first\n"))
    assert store.get(session_id) == before
    lines = []
    prompter = ScriptedPrompter(["P1 · poverty", "3", "3", "3", "5", "4"])
    assert fixing.interactive(Table(store, session_id), prompter, lines.append)
    assert prompter.asked[2:] == ["P1 · borough cards held:", "P2 · borough cards held:",  # level on 3: best card
                                  "P1 · prestige of the single best city card:",
                                  "P2 · prestige of the single best city card:"]
    assert lines[-1].startswith("Changed P1 · poverty held (before the hand): 7 → 3.\n  Asked too: P1 · borough cards held: 3.\n")
    assert ("Tie-break: P1 and P2 tie on 48 points, 0 poverty left each, 3 borough cards each; best single card "
            "decides (best card: P1 5, P2 4): P1 ahead of P2.") in lines[-1]
    session = saved(store, session_id)
    assert session.finished and session.score().winners == ["P1"]
    # the tie ended again: the tie-break figures are no longer asked; still true, they stay in the table
    result = invoke("edit", session_id, "--player", "P1", "--field", "vp", "33")
    assert result.exit_code == 0, result.stderr
    assert saved(store, session_id).table()["final"]["P2"]["best_card"] == 4
    # and still checked: card prestige below the best card is refused, naming the best card
    refused = invoke("edit", session_id, "--player", "P1", "--field", "card_vp", "2")
    assert (refused.exit_code, refused.stderr) == (1, "Error: player P1, best_card: best card 5 is worth more than all "
                                                      "city cards together (2)\n")
    # which an edit can change (it was 'best_card has nothing to change': only undo got out), then the card prestige
    assert "P1 · prestige of the single best city card" in [item.name for item in edit.items(saved(store, session_id))]
    assert invoke("edit", session_id, "--player", "P1", "--field", "best_card", "2").exit_code == 0
    assert invoke("edit", session_id, "--player", "P1", "--field", "card_vp", "2").exit_code == 0
    assert saved(store, session_id).finished and saved(store, session_id).get("final", "P1", "best_card") == 2
    # undo takes back the last edit whole
    invoke("undo", session_id)
    assert saved(store, session_id).get("final", "P1", "card_vp") == 18


def test_ctrl_c_while_the_edit_asks_a_new_question_saves_nothing(store):
    session_id = start(store, "london-2e", ("P1", "P2"))
    run(store, session_id, [*LONDON_TRACKING, *LONDON_FINAL])
    invoke("edit", session_id, "--player", "P1", "--field", "vp", "30")
    before = store.get(session_id)
    with pytest.raises(Aborted):
        fixing.interactive(Table(store, session_id), ScriptedPrompter(["P1 · poverty", "3", "3", Aborted()]), [].append)
    assert store.get(session_id) == before


def test_london_first_edition_fix_mid_game(store):
    session_id = start(store, "london-1e", ("Ana", "Ben"))
    answers = [LOAN, "Ana", "2", END, "fix", "Event 1 · How many loans", "1",
               # vp, borough vp, underground, cards, £, loans, hand, poverty
               "3", "8", "1", "20", "5", None, "0", "",
               "4", "6", "0", "18", "9", "0", "1", ""]
    session, prompter, text = run(store, session_id, answers)
    assert "Changed Event 1 · How many loans does Ana take: 2 → 1." in text
    assert session.finished and session.get("final", "Ana", "loans") == 1  # the tracked figure Enter kept


# --- Next Station: London -----------------------------------------------------------------------------

def test_next_station_london_fix_mid_game(store):
    session_id = start(store, "next-station-london", ["A", "B"], rounds=1)
    answers = ["A", "Physical cards", "6", "3", "1", "2", "fix", "A (Purple) · tourist", "4",
               "5", "2", "0", "1", "", ""]
    session, prompter, text = run(store, session_id, answers)
    assert "Changed Round 1 · A (Purple) · tourist: 2 → 4." in text
    assert session.finished and session.get("rounds", 0, "A", "tourist") == 4


def test_next_station_london_deck_answers_are_not_in_the_menu(store):
    session_id = start(store, "next-station-london", ["A", "B"], rounds=1)
    with pytest.raises(AssertionError):
        run(store, session_id, ["A", "Digital deck", "", "fix", "nothing"])
    names = [item.name for item in edit.items(saved(store, session_id))]
    assert names == ["Who last rode the Underground"]


# --- a question an edit makes necessary, or no longer asked ---------------------------------------------

def test_a_london_event_that_changes_kind_asks_its_new_questions_and_drops_the_old(store):
    session_id = start(store, "london-2e", ("P1", "P2"))
    with pytest.raises(Aborted):
        run(store, session_id, [LOAN, "P1", "2", LOAN, "P2", "1", Aborted()])
    lines = []
    prompter = ScriptedPrompter(["Event 1 · What happened", RUN, "4", "1", ""])
    assert fixing.interactive(Table(store, session_id), prompter, lines.append)
    session = saved(store, session_id)
    assert session.get("setup", "track", 0, "event") == "run" and session.get("setup", "track", 0, "stacks") == 4
    assert session.get("setup", "track", 0, "count") is None and session.get("setup", "track", 1, "count") == 1
    assert "  No longer asked, dropped: Event 1 · How many loans does P1 take: 2." in lines[-1]
    # an event turned into the end of the game would leave the later events unasked: refused, naming one
    lines.clear()
    assert not fixing.interactive(Table(store, session_id), ScriptedPrompter(["Event 1 · What happened", END, RUN]),
                                lines.append)
    assert lines == ["Refused: the edit leaves Event 2 · What happened (Take a loan (£10 each)) unasked: the game "
                     "would no longer ask it", edit.UNCHANGED]


def test_names_of_questions():
    """A question is named by its label, never by its prompt cut down (the hints and keys are not in the label)."""
    assert naming.name(Ask(("x",), "Ana · £ in hand", parse=str, hint="17 tracked", default="17")) == "Ana · £ in hand"
    assert naming.name(Ask(("x",), "Who?", parse=str, name="Event 1 · Who?")) == "Event 1 · Who"  # no mark: a name
    assert naming.answer_text(Ask(("x",), "Who?", parse=str, name="Event 1 · Who?"), "Ana") == "Who? Ana"
    with pytest.raises(InvalidInput):
        edit.check(Session(new_doc(by_slug("lost-cities"), ["A", "B"], [], 1), by_slug("lost-cities")),
                   edit.Item(Ask(("rounds", 0, "A", "blue"), "m", parse=lambda t: None), [2]), "")


def test_next_station_london_an_edit_that_breaks_the_rest_of_the_line_is_refused(store):
    session_id = start(store, "next-station-london", ["A", "B"], rounds=1, variants=["additive-lines"])
    run(store, session_id, ["A", "Physical cards", "5", "3", "4", "1", "2", "5", "3", "4", "1", "2", "", ""])
    before = store.get(session_id)
    result = invoke("edit", session_id, "-r", 1, "-p", "A", "-f", "sections", "1")  # A's line holds 4 stations
    assert (result.exit_code, result.stderr) == (1, "Error: stations 4 but sections 1: at most sections + 2 in one "
                                                    "district (the departure station, one a section, and the circle "
                                                    "power's one more)\n")
    assert store.get(session_id) == before


def test_an_edit_typed_in_persian_digits(store):
    session_id = finished_lc11(store)
    result = invoke("edit", session_id, "--round", 1, "--player", "Ana", "--field", "blue", "۲ ۵ ۷")
    assert result.exit_code == 0 and result.stdout.startswith("Changed Game 1 · Ana · Blue: 2 5 7 10 → 2 5 7.")
    assert saved(store, session_id).get("rounds", 0, "Ana", "blue") == [2, 5, 7]
    # at the prompt word `fix`, in Arabic-Indic digits
    lines = []
    prompter = ScriptedPrompter(["Game 1 · Ana · Blue: 2 5 7", "٢ ٥ ٧ ١٠"])
    assert fixing.interactive(Table(store, session_id), prompter, lines.append)
    assert saved(store, session_id).get("rounds", 0, "Ana", "blue") == [2, 5, 7, 10] and not prompter.refused


def test_an_edit_menu_never_offers_the_menus_own_undo_and_asks_again_after_a_refusal():
    # London's player menus end with `undo` (the play loop takes it as the word); the campaign's fuzzed prompts
    # picked it in an edit's menu, where it was parsed as a player and the game ended with InvalidInput.
    from calculators.core import InvalidInput
    from scorepad.cli import fixing as edits
    from scorepad.games.base import Ask

    def parse(text):
        if text not in ("Ana", "Ben"):
            raise InvalidInput("players.not-one-of", name=text, players=["Ana", "Ben"])
        return text

    ask = Ask(at=("final", "Ana", "who"), label="Who runs their city?", parse=parse, choices=("Ana", "Ben", "undo"))
    assert edits._answers(ask) == ["Ana", "Ben"]

    class Picks:
        def __init__(self, *answers):
            self.answers, self.offered = list(answers), []

        def select(self, message, choices, default=None):
            self.offered.append(list(choices))
            return self.answers.pop(0)

    said = []
    picks = Picks("Cy", "Ben")
    edits_answer = []
    original = edits.answer_needed
    try:
        edits.answer_needed = lambda change, ask, value: edits_answer.append(value) or change
        assert edits._ask_needed(picks, "change", ask, said.append) == "change"
    finally:
        edits.answer_needed = original
    assert edits_answer == ["Ben"] and picks.offered == [["Ana", "Ben"]] * 2 and len(said) == 2



@pytest.mark.parametrize("slug", ["lost-cities", "next-station-london", "london-1e"])
def test_the_score_lines_of_an_edit_name_parts_in_the_tables_language(slug, tmp_path):
    # They printed the calculators' keys ("green −12 → −3", "objectives 20 → 10") in every language.
    import json

    from conftest import TABLES, invoke
    from scorepad.table import edit as edits
    from scorepad import i18n
    from scorepad.games import by_slug
    from scorepad.table.session import Session
    from scorepad.table.travel import doc_from_file

    game = by_slug(slug)
    session = Session(doc_from_file(json.loads(json.dumps(TABLES[slug])), game), game, 1)
    result = session.score_so_far(session.complete_rounds())
    keys = {part for standing in result.standings for part in standing.parts}
    i18n.use("ru")
    try:
        lines = "\n".join(edits.score_lines(None, result, session))
    finally:
        i18n.use(i18n.ENGLISH)
    assert keys and not [key for key in keys if f" {key} " in f" {lines} "], lines
