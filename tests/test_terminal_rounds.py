"""A round's result and the standings on one 80×24 screen (tmux): the rules are printed once, then on `guide`."""

import subprocess
import sys
import time

import pytest

from test_terminal import Terminal, pytestmark  # noqa: F401  (tmux, and its skip mark)

GAME_1 = ["w3 4 6 8 9", "2 5 7 10", "", "ww", "4678910", "", "w34689", "w w 2 3 4 5 6 7", "58", "235"]
# The language, its typed word for `guide`, Ben's game 1 breakdown title, the scores so far, game 2's first question.
LOST_CITIES = {
    "en": ("guide", "Ben, game 1:", "Scores so far:", "Game 2 · Ana · Yellow:"),
    "ru": ("памятка", "Борис, раунд 1:", "Очки на данный момент:", "Раунд 2 · Ана · Жёлтая:"),
}


@pytest.fixture
def small(tmp_path, database):
    opened = []

    def open_(args):
        term = Terminal(tmp_path, f"{sys.executable} -m scorepad {args}", columns=80, lines=24)
        opened.append(term)
        return term

    yield open_
    for term in opened:
        term.close()


def visible(term):
    """What the 24 lines show now (not the scrollback)."""
    return subprocess.run(term.tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lost_cities_game_2_starts_with_game_1_and_the_scores_on_screen(small, lang):
    guide, breakdown, so_far, question = LOST_CITIES[lang]
    ben = "Борис" if lang == "ru" else "Ben"
    ana = "Ана" if lang == "ru" else "Ana"
    term = small(f"--lang {lang} play lost-cities --players {ana} {ben} --rounds 3")
    term.wait_for(ana)
    time.sleep(0.5)
    term.keys("Enter")  # Ana is the oldest
    for answer in GAME_1:
        term.type(answer)
        time.sleep(0.15)
    term.wait_for(question)
    screen = visible(term)
    # Ben's whole breakdown, the scores so far with their heading, and game 2's question, on one screen
    assert breakdown in screen and so_far in screen and screen.count("−12") >= 2 and "44" in screen
    assert question in screen
    term.type(guide)  # the rules of a turn, on demand
    deadline = time.monotonic() + 15
    while term.screen().count("(0 = ") < 2 and time.monotonic() < deadline:  # once under game 1, then for `guide`
        time.sleep(0.05)
    assert term.screen().count("(0 = ") == 2


def test_next_station_round_2_keeps_the_scores_so_far_and_their_heading(small):
    term = small("play next-station-london --players Ana Ben Cy Dee --rounds 2")
    term.wait_for("Who last rode the Underground?")
    term.keys("Enter")
    term.wait_for("turn the station cards with scorepad")
    term.keys("Enter")  # the digital deck
    while "round 1 is over" not in term.screen():
        term.wait_for("— Enter: turn the card")
        term.type("")
        time.sleep(0.15)
    for figures in ("5 2 1 2", "6 3 0 1", "4 2 2 0", "3 1 0 0"):
        for value in figures.split():
            term.type(value)
            time.sleep(0.15)
    term.wait_for("Round 2: turn the station cards")
    screen = visible(term)
    assert "Lines so far:" in screen and "Player  Round 1" in screen
    assert all(f"  {name} " in screen for name in ("Ana", "Ben", "Cy", "Dee"))
    assert "Start at the departure station" not in screen and "`guide` shows the rules" in screen
