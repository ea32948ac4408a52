"""How the command line chooses and speaks a language, through a small catalogue of our own (scorepad/cli.py)."""

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
}


@pytest.fixture
def russian(tmp_path, monkeypatch):
    """A catalogue holding only WORDS, in place of the real ones."""
    catalog = Catalog(locale="ru")
    for english, russian_ in WORDS.items():
        catalog.add(english, russian_)
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


def test_bidi_reorders_only_for_a_terminal(monkeypatch):
    from scorepad import cli

    line = "بازی ۱ — Ana"
    monkeypatch.setattr(cli, "_BIDI", [True])

    class Terminal:
        def isatty(self):
            return True

    assert cli._bidi(line, Terminal()) != line
    assert cli._bidi(line, Terminal()) == __import__("bidi").get_display(line)
    assert cli._bidi(line, object()) == line  # a pipe or a file: logical order
    monkeypatch.setattr(cli, "_BIDI", [False])
    assert cli._bidi(line, Terminal()) == line
