"""Next Station: London in a real terminal (tmux): the digital deck turned with Enter, lines typed at the prompts."""

import time

from test_terminal import Terminal, pytestmark, terminal  # noqa: F401  (the tmux fixture and its skip mark)


def test_a_round_with_the_digital_deck_at_the_real_prompts(terminal, tmp_path):  # noqa: F811
    term = terminal("play next-station-london --players Ana Ben --rounds 1 --module powers")
    term.wait_for("Pencil powers: does scorepad deal the four cards, or did you deal them?")
    term.keys("Enter")  # scorepad draws
    term.wait_for("Pencil powers (each stays with its pencil")
    term.wait_for("Who last rode the Underground?")
    term.keys("Down", "Enter")  # Ben is the first controller
    term.wait_for("Controller: Ben.")
    term.wait_for("turn the station cards with scorepad, or use the physical cards?")
    term.keys("Enter")  # Digital deck
    for turn in range(1, 11):
        term.wait_for(f"Round 1 · turn {turn} — Enter: turn the card")
        term.type("")
        term.wait_for(f"Turn {turn}: ")
        if "round 1 is over" in term.screen():
            break
        time.sleep(0.05)
    screen = term.wait_for("Round 1 · Ana")
    assert "Underground cards: 5 of 5" in screen and "That was the 5th Underground card" in screen
    term.type("14")  # out of range: refused with the reason, then corrected
    term.wait_for("14 is out of range (expected 0–13)")
    term.keys("C-u")
    for value in ("۶", "٣", "1", "2"):  # Persian and Arabic-Indic digits are the same numbers
        term.type(value)
        time.sleep(0.2)
    term.wait_for("Ana's")
    screen = term.wait_for("line: 6 × 3 + 2 × 1 = 20   Tourist track: 2 crossed = 2")
    term.wait_for("Round 1 · Ben")
    term.type("summary")
    term.wait_for("Lines so far:")
    for value in ("4", "4", "0", "1"):
        term.type(value)
        time.sleep(0.2)
    term.wait_for("Ana · interchange stations on 2, 3 and 4 lines")
    term.type("")
    term.wait_for("Ben · interchange stations on 2, 3 and 4 lines")
    term.type("1 0 0")
    screen = term.wait_for("Write the score sheet as a PDF?")
    assert "Ana wins with 22." in screen and "Traceback" not in screen
    term.keys("n")
    term.wait_for("Show a QR code that adds this play to BG Stats on a phone?")
    term.keys("Enter")  # no, the default
    term.wait_for("EXIT=0")


def test_solo_with_both_modules_undo_a_card_and_resume_mid_deck(terminal):  # noqa: F811
    term = terminal("play next-station-london --players Solo --rounds 1 --module objectives --module powers")
    term.wait_for("Objective and power cards: does scorepad draw them, or did you?")  # one question for both
    term.keys("Enter")  # scorepad draws
    term.wait_for("[pink green blue purple; Enter keeps it]:")
    term.type("pu bl g pi")  # typed over nothing: the order is not pre-filled
    term.wait_for("Your pencil this round:\n  • Solo: Purple")
    term.wait_for("turn the station cards with scorepad, or use the physical cards?")
    term.keys("Enter")  # Digital deck
    term.wait_for("Round 1 · turn 1 — Enter: turn the card")
    term.type("")
    term.wait_for("Round 1 · turn 2 — Enter: turn the card")
    term.type("undo")
    first = term.wait_for("— asked again.")
    assert "Took back Round 1 · turn 1: " in first
    term.type("")
    wait_until(lambda: term.screen().count("Round 1 · turn 2 — Enter: turn the card") == 2, term)
    card = [line for line in term.screen().splitlines() if line.startswith("  Turn 1: ")][-1]
    term.keys("C-c")
    screen = term.wait_for("EXIT=130")
    assert "Stopped. Session 1 is saved; carry on with: scorepad resume 1" in screen and "Traceback" not in screen
    again = terminal("resume 1")
    again.wait_for("Resuming session 1")
    screen = again.wait_for("Round 1 · turn 2 — Enter: turn the card")
    assert card in screen  # the card already turned is shown again, not a new shuffle
    for turn in range(2, 11):
        again.type("")
        again.wait_for(f"Turn {turn}: ")
        if "round 1 is over" in again.screen():
            break
        again.wait_for(f"Round 1 · turn {turn + 1} — Enter: turn the card")
    for value in ("6", "5", "0", "2"):
        again.type(value)
        time.sleep(0.2)
    again.wait_for("Solo · interchange stations on 2, 3 and 4 lines")
    again.type("4 2 0")
    again.wait_for("Solo · which shared objectives did they complete?")
    again.type("1")  # a count: the cards are asked for
    again.wait_for("not how many; Enter alone: none")
    again.type("")
    screen = again.wait_for("Write the score sheet as a PDF?")
    # 6 × 5 = 30, 2 crossed = 2, 4 × 2 + 2 × 5 = 18: 50; both modules: 50 − 20 = 30
    assert "Solo rating: 50 − 20 (2 modules) = 30 → band 90 or less (the lowest band)." in screen
    again.keys("n")
    again.wait_for("Show a QR code that adds this play to BG Stats on a phone?")
    again.keys("Enter")  # no, the default
    again.wait_for("EXIT=0")


def wait_until(condition, term, timeout=15):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened; the screen:\n{term.screen()}")
