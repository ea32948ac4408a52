"""A session speaks the language it was started in (issue 22, point 1): `resume`, `play` (the latest), `undo`,
`edit` and `host` say it again; --lang and SCOREPAD_LANG still choose; a table file carries it in its session
block (shared/spec/table-format.md)."""

import json
import os
import signal
import subprocess
import sys

import pytest

from conftest import from_a_shell, invoke, ok
from scorepad import i18n
from scorepad.cli.output import players_line
from scorepad.cli.playing import RESUMING
from scorepad.games.lost_cities.words import CARDS_LABEL, colour_name
from scorepad.cli.prompter import Aborted
from scorepad.i18n import _
from scorepad.table.edit import CHANGED
from scorepad.table.engine import REMOVED


@pytest.fixture(autouse=True)
def no_language_around(monkeypatch):
    """Nothing in the environment chooses a language: only the flag and the session do."""
    for variable in ("SCOREPAD_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


def persian(message, **values):
    with i18n.speaking("fa"):
        return _(message).format(**values)


def persian_colour(colour):
    with i18n.speaking("fa"):
        return colour_name(colour)


def started_in_persian(terminal, *answers):
    """A Lost Cities match begun with --lang fa and stopped with Ctrl-C after `answers`."""
    terminal(*answers, Aborted())
    result = invoke("--lang", "fa", "play", "lost-cities", "-p", "Ana", "Ben")
    assert result.exit_code == 130, result.stderr


def test_resume_speaks_the_language_the_game_was_started_in(terminal, store):
    started_in_persian(terminal, "Ana")
    assert store.get(1)["lang"] == "fa"
    terminal(Aborted())
    out = invoke("resume", "1").stdout
    assert out.startswith(persian(RESUMING, id=1, title=persian("Lost Cities"), players="Ana، Ben"))


def test_play_alone_resumes_the_latest_in_its_language(terminal):
    started_in_persian(terminal, "Ana")
    prompter = terminal(Aborted())
    out = invoke("play").stdout
    assert out.startswith(persian(RESUMING, id=1, title=persian("Lost Cities"), players="Ana، Ben"))
    assert prompter.asked[0] == persian(CARDS_LABEL, number=1, player="Ana", colour=persian_colour("yellow")) + ":"


@pytest.mark.parametrize("chosen, environ, speaks", [
    (["--lang", "en"], {}, "en"),
    ([], {"SCOREPAD_LANG": "en"}, "en"),
    (["--lang", "ru"], {"SCOREPAD_LANG": "en"}, "ru"),
    ([], {"SCOREPAD_LANG": "zh-Hant", "LANG": "ru_RU.UTF-8"}, "zh-Hant"),
])
def test_the_flag_and_scorepad_lang_still_choose(terminal, monkeypatch, chosen, environ, speaks):
    started_in_persian(terminal, "Ana")
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    terminal(Aborted())
    with i18n.speaking(speaks):
        expected = _(RESUMING).format(id=1, title=_("Lost Cities"), players=players_line(["Ana", "Ben"]))
    assert invoke(*chosen, "resume", "1").stdout.startswith(expected)


def test_the_system_locale_yields_to_the_table(terminal, monkeypatch):
    started_in_persian(terminal, "Ana")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    terminal(Aborted())
    assert invoke("resume", "1").stdout.startswith(persian(RESUMING, id=1, title=persian("Lost Cities"),
                                                           players="Ana، Ben"))


def test_undo_and_edit_speak_it(terminal):
    started_in_persian(terminal, "Ana", "w3 5", "2 5")
    blue = persian(CARDS_LABEL, number=1, player="Ana", colour=persian_colour("blue"))
    assert ok("undo", "1") == persian(REMOVED, name=blue, shown="2 5", id=1) + "\n"
    out = ok("edit", "1", "--round", "1", "--player", "Ana", "--field", "yellow", "w3 6")
    yellow = persian(CARDS_LABEL, number=1, player="Ana", colour=persian_colour("yellow"))
    assert out.startswith(persian(CHANGED, name=yellow, old="ش 3 5", new="ش 3 6"))


def test_a_session_of_an_older_scorepad_speaks_as_before(terminal, store):
    started_in_persian(terminal, "Ana")
    store.update(1, lambda doc: {k: v for k, v in doc.items() if k != "lang"})
    terminal(Aborted())
    assert invoke("resume", "1").stdout.startswith("Resuming session 1")


def test_the_table_file_carries_the_language(terminal, tmp_path):
    started_in_persian(terminal, "Ana")
    exported = json.loads(ok("export", "1"))
    assert exported["session"]["lang"] == "fa"
    assert list(exported["session"]) == ["status", "rounds_planned", "created", "updated", "seed", "lang", "log"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    assert ok("import", "--again", path) == "2\n"
    assert json.loads(ok("export", "2"))["session"]["lang"] == "fa"
    terminal(Aborted())
    assert invoke("resume", "2").stdout.startswith(persian(RESUMING, id=2, title=persian("Lost Cities"),
                                                           players="Ana، Ben"))


@pytest.mark.parametrize("lang", ["de", "FA", "zh_Hant", 3, None, ["fa"]])
def test_a_language_scorepad_does_not_speak_is_refused_on_import(terminal, tmp_path, lang):
    started_in_persian(terminal, "Ana")
    exported = json.loads(ok("export", "1"))
    exported["session"]["lang"] = lang
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    result = invoke("import", "--again", path)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: ") and "session lang" in result.stderr
    assert "en, fa, ar, zh-Hant, ru" in result.stderr and result.stderr.count("\n") == 1


def test_a_table_file_without_a_session_has_no_language(lc11_file, store):
    ok("--lang", "fa", "import", lc11_file)
    assert "lang" not in store.get(1)
    assert "lang" not in json.loads(ok("export", "1"))["session"]


def test_host_serves_in_the_language_of_the_table(terminal, database):
    pytest.importorskip("uvicorn")
    from scorepad.web.server import SERVING

    started_in_persian(terminal, "Ana")
    process = subprocess.Popen([sys.executable, "-m", "scorepad", "host", "1", "--address", "127.0.0.1", "--no-qr"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=from_a_shell)
    try:
        first = process.stdout.readline()
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(15)
    assert first == persian(SERVING) + "\n"


def russian(message):
    with i18n.speaking("ru"):
        return _(message)


def test_show_score_and_sheet_of_one_session_speak_its_language(tmp_path, store):
    # issue 29, point 13: `sheet ID` and `show ID` came out in English for a session played in Russian
    from conftest import TABLES

    path = tmp_path / "game.json"
    path.write_text(json.dumps(TABLES["lost-cities"]))
    ok("import", path)
    store.update(1, lambda doc: {**doc, "lang": "ru"})
    title = russian("Lost Cities")
    assert title != "Lost Cities"
    assert title in ok("show", "1") and title in ok("score", "1")
    assert "Lost Cities" in ok("--lang", "en", "show", "1")
    ok("sheet", "1", "-o", tmp_path / "ru.pdf")
    ok("--lang", "en", "sheet", "1", "-o", tmp_path / "en.pdf")
    text = subprocess.run(["pdftotext", tmp_path / "ru.pdf", "-"], capture_output=True, text=True).stdout
    assert title in text.replace("\n", " ")
    english = subprocess.run(["pdftotext", tmp_path / "en.pdf", "-"], capture_output=True, text=True).stdout
    assert "Lost Cities" in english
