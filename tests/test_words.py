"""The words every screen shares (scorepad/words.py), in English and in a language with other plural forms."""

import pytest

from conftest import TABLES
from fake_language import russian_plural, speaking
from scorepad import words
from scorepad.games import by_slug
from scorepad.grid import standings_text
from scorepad.table.travel import score_table

SHARE = ("{names} shares the win with {total} each.", "{names} share the win with {total} each.")


@pytest.mark.parametrize("winners, finished, solo, line", [
    (["Ana"], True, False, "Ana wins with 52."),
    (["Ana", "Ben"], True, False, "Ana and Ben share the win with 52 each."),
    (["Ana", "Ben", "Cy"], True, False, "Ana, Ben and Cy share the win with 52 each."),
    (["Ana"], False, False, "Ana leads with 52."),
    (["Ana", "Ben"], False, False, "Ana and Ben share the lead with 52 each."),
    (["Ana"], True, True, "Ana scores 52."),
    (["Ana"], False, True, "Ana has 52 so far."),
])
def test_the_winner_line(winners, finished, solo, line):
    assert words.winner_line(winners, "52", finished=finished, solo=solo) == line


@pytest.mark.parametrize("count, form", [(2, "few"), (4, "few"), (5, "many")])
def test_the_shared_win_takes_the_languages_plural_form(count, form):
    forms = ["one {names} {total}", "few {names} {total}", "many {names} {total}"]
    with speaking({SHARE: forms, "{names} and {last}": "{names} и {last}"}, "ru", russian_plural):
        line = words.winner_line([f"P{n}" for n in range(count)], "7")
    assert line.startswith(form + " ") and line.endswith(f" и P{count - 1} 7")


def test_a_list_of_names_in_chinese():
    with speaking({"{names} and {last}": "{names}和{last}", ("between names", ", "): "、"}, "zh-Hant"):
        assert words.names_text(["王", "陳", "林"]) == "王、陳和林"
    assert words.names_text(["Ana"]) == "Ana" and words.names_text([]) == ""


def test_money_numbers_and_signs():
    assert (words.money(988000), words.money(-5000), words.money(17, "£")) == ("$988,000", "−$5,000", "£17")
    with speaking({("thousands separator", ","): "٬", "${amount}": "{amount} دلار"}):
        assert words.money(-1000000) == "−1٬000٬000 دلار"
    assert (words.number(-14), words.number(0), words.signed(3), words.signed(-3)) == ("−14", "0", "+3", "−3")
    assert words.variants_text([]) == "official rules" and words.variants_text(["purple"]) == "purple"


def test_the_standings_in_another_language():
    table = TABLES["lost-cities"]
    game = by_slug("lost-cities")
    persian = {"Final standings:": "رده‌بندی نهایی:", "Rank": "رتبه", "Player": "بازیکن", "Total": "مجموع",
               "Game": "دست", "{label} {number}": "{label} {number}", "{names} wins with {total}.":
               "{names} با {total} برنده است."}
    with speaking(persian):
        text = standings_text(score_table(table, game), game)
    assert text.startswith("رده‌بندی نهایی:\n  رتبه  بازیکن  دست 1")
    assert "Ben با 136 برنده است." in text and "Final" not in text
