"""`fix` and `scorepad edit` in a real terminal (tmux): the menu filtered by typing, the new answer, undo."""

from test_terminal import pytestmark, terminal  # noqa: F401  (the tmux fixture, and its skip without tmux)


def test_fix_mid_game_then_edit_at_the_real_prompts(terminal):
    term = terminal("play lost-cities --players Ana Ben --rounds 1")
    term.wait_for("Who is the oldest player?")
    term.keys("Enter")  # Ana
    term.wait_for("Game 1 · Ana · Yellow:")
    term.type("w3 4 6 8 9")
    term.wait_for("Game 1 · Ana · Blue:")
    term.type("2 5 7 10")
    term.wait_for("Game 1 · Ana · White:")
    term.type("fix")
    term.wait_for("Which answer?")
    term.keys("-l", "yel")  # typed letters filter the menu
    term.wait_for("/ yel")  # questionary shows the typed filter under the menu
    term.keys("Enter")
    term.wait_for("Game 1 · Ana · Yellow — now W 3 4 6 8 9; the new answer (Enter keeps it):")
    term.type("w3468")
    term.wait_for("Changed Game 1 · Ana · Yellow: W 3 4 6 8 9 → W 3 4 6 8.")
    # back at the question that was open (waited for: the next prompt is drawn a moment after the line above)
    term.wait_for("puts the old answer back.)\n? Game 1 · Ana · White:")
    assert term.screen().rstrip().endswith("? Game 1 · Ana · White:")
    term.type("undo")
    term.wait_for("Took back the edit of Game 1 · Ana · Yellow: W 3 4 6 8 9 again (it was W 3 4 6 8).")
    term.keys("C-c")
    assert "Traceback" not in term.wait_for("EXIT=130")

    edit = terminal("edit 1")
    edit.wait_for("Which answer?")
    edit.keys("-l", "ana blue")
    edit.wait_for("/ ana blue")
    edit.keys("Enter")
    edit.wait_for("Game 1 · Ana · Blue — now 2 5 7 10; the new answer (Enter keeps it):")
    edit.type("2 5 7 1")  # there is no card 1: refused with the reason, the line cleared
    edit.wait_for("✗ 2 5 7 1: there is no card 1")
    edit.type("2 5 7")
    screen = edit.wait_for("EXIT=0")
    assert "Changed Game 1 · Ana · Blue: 2 5 7 10 → 2 5 7." in screen and "Traceback" not in screen
