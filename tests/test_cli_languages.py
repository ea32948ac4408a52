"""How the command line chooses and speaks a language, through a small catalogue of our own (scorepad/cli/)."""

import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from conftest import invoke
from scorepad import i18n

WORDS = {
    "Usage: ": "Использование: ",
    "Options": "Параметры",
    "Show this message and exit.": "Показать это сообщение и выйти.",
    "List the games, their players and variants.": "Список игр, их игроков и вариантов.",
    "Error: {message}": "Ошибка: {message}",
    "No such option: {name}": "Нет такого параметра: {name}",
    "No such option: {name} (Possible options: {options})": "Нет такого параметра: {name} (возможные: {options})",
    "Try '{command} --help' for help.": "Справка: «{command} --help».",
    "give a session ID or --table FILE (one of them)": "укажите ID партии или --table ФАЙЛ (одно из двух)",
    "Invalid value for {name}: '{value}' is not a valid integer.": "Неверно {name}: «{value}» — не целое число.",
    "Got unexpected extra argument ({arguments})": "Лишний аргумент ({arguments})",
    "Got unexpected extra arguments ({arguments})": "Лишние аргументы ({arguments})",
    ("between names", ", "): " · ",
}


@pytest.fixture
def russian(tmp_path, monkeypatch):
    """A catalogue holding only WORDS, in place of the real ones."""
    catalog = Catalog(locale="ru")
    for english, russian_ in WORDS.items():
        context, english = english if isinstance(english, tuple) else (None, english)
        catalog.add(english, russian_, context=context)
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "scorepad.mo").open("wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    for variable in ("SCOREPAD_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


@pytest.mark.parametrize("args", [["--lang", "ru", "--help"], ["--help", "--lang=ru"], ["--lang", "RU", "--help"]])
def test_help_speaks_the_language_given_anywhere_on_the_line(russian, args):
    out = invoke(*args).stdout
    assert out.startswith("Использование: ")
    assert "Параметры:" in out and "Показать это сообщение и выйти." in out
    assert "Список игр, их игроков и вариантов." in out


def test_a_subcommand_help_and_its_language_after_it(russian):
    out = invoke("games", "--help", "--lang", "ru").stdout
    assert out.startswith("Использование: ") and " games [" in out and "Список игр" in out


@pytest.mark.parametrize("environ", [{"SCOREPAD_LANG": "ru"}, {"LANG": "ru_RU.UTF-8"},
                                     {"LC_ALL": "ru_RU.UTF-8", "LANG": "fa_IR.UTF-8"}])
def test_the_language_comes_from_the_environment(russian, environ):
    for variable, value in environ.items():
        russian.setenv(variable, value)
    assert "Параметры:" in invoke("--help").stdout


def test_the_flag_comes_before_the_environment(russian):
    russian.setenv("SCOREPAD_LANG", "ru")
    assert "Options:" in invoke("--lang", "en", "--help").stdout


def test_usage_errors_and_our_errors_speak_it(russian):
    result = invoke("--lang", "ru", "play", "--bogus")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Ошибка: Нет такого параметра: --bogus (возможные: --rounds)"
    assert "play --help»." in result.stderr and "Справка: «" in result.stderr
    result = invoke("--lang", "ru", "score")
    assert (result.exit_code, result.stderr) == (2, "Ошибка: укажите ID партии или --table ФАЙЛ (одно из двух)\n")


def test_a_number_that_is_not_one_is_refused_in_the_language(russian):
    result = invoke("--lang", "ru", "show", "abc")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "Ошибка: Неверно 'ID': «abc» — не целое число."


def test_extra_arguments_are_refused_in_the_language(russian, lc11_file):
    # typer's click says 'extra argument(s)' whatever the count: the language says one or several
    invoke("import", lc11_file)
    assert invoke("--lang", "ru", "score", "1", "2").stderr.splitlines()[-1] == "Ошибка: Лишний аргумент (2)"
    assert invoke("--lang", "ru", "show", "1", "2", "x").stderr.splitlines()[-1] == "Ошибка: Лишние аргументы (2 x)"


def test_the_players_of_a_sentence_are_listed_as_the_language_lists_them(russian, lc11_file):
    invoke("import", lc11_file)
    assert invoke("--lang", "ru", "show", "1").stdout.splitlines()[0] == "Session 1: Lost Cities — Ana · Ben"
    assert "Ana · Ben" in invoke("--lang", "ru", "list").stdout


def test_an_error_keeps_the_zero_width_joiners_of_persian_words(capsys):
    from scorepad.cli.output import fail

    fail("می\u200cنویسد 👩\u200d👧 \u200f\x1b\n\u202e")
    assert capsys.readouterr().err == "Error: می\u200cنویسد 👩\u200d👧 \u200f\\x1b\\n\\u202e\n"


def test_english_again_after_a_run(russian):
    invoke("--lang", "ru", "games")
    assert i18n.language() == "en"
    assert "Options:" in invoke("--help").stdout


@pytest.mark.parametrize(("args", "where"), [(["--lang", "de", "games"], "--lang"), (["--lang", "", "games"], "--lang")])
def test_an_unknown_language_is_a_usage_error(russian, args, where):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: unknown language")
    assert where in result.stderr and "zh-Hant" in result.stderr


def test_an_unknown_scorepad_lang_is_named(russian):
    russian.setenv("SCOREPAD_LANG", "klingon")
    result = invoke("games")
    assert result.exit_code == 2 and "'klingon' for SCOREPAD_LANG" in result.stderr


def test_numbers_typed_in_persian_or_arabic_digits(lc11_file):
    invoke("import", lc11_file)
    assert invoke("show", "۱").stdout == invoke("show", "1").stdout
    assert invoke("score", "١", "--json").stdout == invoke("score", "1", "--json").stdout


@pytest.mark.parametrize("word", ["۳३", "१۲", "３"])
def test_a_word_of_other_digits_is_left_as_typed(lc11_file, word):
    """Only a word all of Western, Persian and Arabic-Indic digits is a number typed on such a keyboard: one that
    mixes in another script's digits (Devanagari, full-width) reaches the command exactly as typed."""
    invoke("import", lc11_file)
    result = invoke("stats", "--player", word)
    assert result.exit_code == 1 and f"no player '{word}' in the database" in result.stderr


def test_bidi_reorders_only_for_a_terminal():
    from scorepad.cli.output import display_order, use_bidi

    line = "بازی ۱ — Ana"
    use_bidi(True)

    class Terminal:
        def isatty(self):
            return True

    try:
        assert display_order(line, Terminal()) != line
        assert display_order(line, Terminal()) == __import__("bidi").get_display(line)
        assert display_order(line, object()) == line  # a pipe or a file: logical order
    # a table: each cell in display order in its own column (a heading starts with Persian, a row with a number)
        table = "شناسه  بازیکنان      وضعیت        برنده\n    7  علی‌رضا, Ana  در حال بازی  —\n    6  Ana, Ben      تمام‌شده      Ben (12)"
        shown = display_order(table, Terminal()).split("\n")
        for before, after in zip(table.split("\n"), shown):
            assert [len(p) for p in re.split(r"( {2,})", after)] == [len(p) for p in re.split(r"( {2,})", before)]
        assert shown[0].split() == [__import__("bidi").get_display(word) for word in table.split("\n")[0].split()]
        assert shown[2].startswith("    6  Ana, Ben      ") and "Ben (12)" in shown[2]
    finally:
        use_bidi(False)
    assert display_order(line, Terminal()) == line


def test_a_name_quoted_in_an_error_keeps_its_zwnj(tmp_path):
    import json

    from conftest import TABLES

    table = dict(TABLES["chinatown"], trades=[{"round": 1, "from": "Ava", "to": "زهرا\u200cب", "amount": 5000}])
    (tmp_path / "t.json").write_text(json.dumps(table))
    result = invoke("score", "--table", tmp_path / "t.json")
    assert result.exit_code == 1 and "unknown player 'زهرا\u200cب'" in result.stderr and "\\u200c" not in result.stderr


def test_bidi_may_come_after_the_command_as_lang_may(lc11_file):
    invoke("import", lc11_file)
    assert invoke("show", "1", "--bidi").stdout == invoke("--bidi", "show", "1").stdout == invoke("show", "1").stdout


def test_show_prints_the_start_as_a_person_reads_it(store):
    from scorepad.games import by_slug
    from scorepad.table.changes import new_doc

    doc = new_doc(by_slug("lost-cities"), ["Ana", "Ben"], [], None)
    doc["created"] = "2026-12-01T14:20:20+00:00"
    store.insert(doc)
    assert "Started 2026-12-01 14:20;" in invoke("show", "1").stdout
