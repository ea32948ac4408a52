"""A question is content (a label, a hint, a default, what empty means, its kind): the terminal words it with its
keys around it, in every language, and the label alone names it (undo, fix, the recap)."""

from __future__ import annotations

import pytest

from scorepad import i18n
from scorepad.cli.asking import prompt, text
from scorepad.games import by_slug
from scorepad.games.base import CHOICE, NUMBER, PRESS, TEXT, Ask, Content
from scorepad.table import Session
from scorepad.table.changes import new_doc
from scorepad.table.naming import name


def asks_of(slug, players, **options):
    doc = new_doc(by_slug(slug), players, options.get("variants", []), options.get("rounds"),
                  modules=options.get("modules", []), seed=7)
    return {ask.at: ask for ask in Session(doc, by_slug(slug), 1).asks()}


def test_the_terminal_puts_the_hint_and_the_keys_around_the_label():
    assert prompt(Ask(("x",), "Game 1 · Ana · Blue", str)) == "Game 1 · Ana · Blue:"
    assert prompt(Ask(("x",), "Who is the oldest player?", str, choices=("A", "B"), hint="They start game 1.")) \
        == "Who is the oldest player? (They start game 1.)"
    assert prompt(Ask(("x",), "Ana · loans still held", str, hint="3 tracked", default="3")) \
        == "Ana · loans still held [3 tracked; Enter keeps it]:"
    assert prompt(Ask(("x",), "Ana · interchanges", str, hint="e.g. 5 2 1", empty="none")) \
        == "Ana · interchanges (e.g. 5 2 1; Enter: none):"
    assert prompt(Ask(("x",), "Round 1 · turn 2", str, kind=PRESS, empty="turn the card")) \
        == "Round 1 · turn 2 — Enter: turn the card"


@pytest.mark.parametrize("language, expected", [
    ("zh-Hant", "王 · 商店（例如 3；Enter：無）："),
    ("fa", "علی · فروشگاه (مثلاً 3؛ Enter: هیچ):"),
    ("ru", "Ана · лавки (например 3; Enter — нет):"),
])
def test_each_language_words_the_keys_its_own_way(language, expected):
    label, hint, none = {"zh-Hant": ("王 · 商店", "例如 3", "無"), "fa": ("علی · فروشگاه", "مثلاً 3", "هیچ"),
                         "ru": ("Ана · лавки", "например 3", "нет")}[language]
    with i18n.speaking(language):
        assert prompt(Ask(("x",), label, str, hint=hint, empty=none)) == expected


def test_a_menu_shows_its_default_as_the_choice_under_the_cursor_not_in_brackets():
    ask = Ask(("x",), "Round 2: which deck?", str, choices=("Digital deck", "Physical cards"), default="Digital deck")
    assert ask.kind == CHOICE and prompt(ask) == "Round 2: which deck?"


@pytest.mark.parametrize("language", ["en", "fa", "zh-Hant", "ru", "ar"])
def test_every_question_of_the_games_has_a_label_without_its_hint_or_keys(language):
    """No label of any game holds a hint in brackets or a key of the terminal's: those are the Ask's other fields."""
    games = [("lost-cities", ["Ana", "Ben"], {}), ("next-station-london", ["Ana", "Ben"],
                                                   {"modules": ["objectives", "powers"]}),
             ("chinatown", ["Ana", "Ben", "Cy"], {}), ("london-2e", ["Ana", "Ben"], {})]
    with i18n.speaking(language):
        for slug, players, options in games:
            for ask in asks_of(slug, players, **options).values():
                assert "Enter" not in ask.label and "[" not in ask.label, (slug, ask.label)
                assert not ask.label.endswith((":", "：")), (slug, ask.label)
                assert "Enter" not in ask.hint, (slug, ask.hint)
                assert name(ask) == (ask.name or ask.label).rstrip("?؟？")


def test_the_kinds_a_game_declares():
    nsl = asks_of("next-station-london", ["Ana", "Ben"])
    field = nsl[("rounds", 0, "Ana", "thames")]
    assert field.kind == NUMBER and field.hint == "Thames crossings, 0–10, 2 points each"
    with i18n.speaking("ru"):
        field = asks_of("next-station-london", ["Ana", "Ben"])[("rounds", 0, "Ana", "thames")]
        assert field.hint == "пересечения Темзы, 0–10, по 2 за каждое"
    cities = asks_of("lost-cities", ["Ana", "Ben"])
    assert cities[("setup", "oldest")].kind == CHOICE and cities[("rounds", 0, "Ana", "yellow")].kind == TEXT


def test_content_is_printed_as_lines_and_a_grid():
    content = Content("Round 1 of 4", ("Controller: Ana.",), (("Player", "Round 1"), ("Ana", "Pink")))
    assert text(content).splitlines()[:2] == ["Round 1 of 4", "Controller: Ana."]
    assert "Ana" in text(content).splitlines()[-1] and "Pink" in text(content).splitlines()[-1]
    assert [item["kind"] for item in content.items()] == ["title", "line", "rows"]
    assert content.items()[-1]["rows"] == [["Player", "Round 1"], ["Ana", "Pink"]]
