"""Issue 29, point 16: a file of another kind said as such, in every language; wording the tester found wrong."""

import json
import re

import pytest

from conftest import TABLES, invoke, ok
from scorepad import i18n
from scorepad.games import by_slug
from scorepad.games.london import flow as london_flow
from scorepad.games.london.words import COUNTERS, EVENT_LOAN, LOANS_HELD
from scorepad.i18n import _, plural
from scorepad.table import session_of
from scorepad.table.changes import new_doc

LANGUAGES = ["en", "fa", "ar", "zh-Hant", "ru"]


@pytest.fixture
def other_files(tmp_path):
    csv = tmp_path / "plays.csv"
    bgstats = tmp_path / "plays.json"
    table = tmp_path / "game.json"
    table.write_text(json.dumps(TABLES["lost-cities"]))
    ok("import", table)
    ok("export", "1", "--format", "csv", "-o", csv)
    ok("export", "1", "--format", "bgstats", "-o", bgstats)
    return csv, bgstats


@pytest.mark.parametrize("lang", LANGUAGES)
def test_import_of_a_csv_or_a_bgstats_backup_says_what_it_is_and_what_import_takes(other_files, lang):
    for path, kind in zip(other_files, ("CSV", "BG Stats")):
        for command in (["import", path], ["score", "--table", path]):
            result = invoke("--lang", lang, *command)
            assert result.exit_code == 1 and "Traceback" not in result.stderr
            line = result.stderr.strip()
            assert "\n" not in line and str(path) in line and kind in line and "export --all" in line, line
            assert not re.search(r"[:：]\s*game[:：]", line)
    assert ok("list").count("lost-cities") == 1  # nothing stored


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_json_object_naming_no_game_says_so_in_a_sentence(tmp_path, lang):
    path = tmp_path / "x.json"
    path.write_text('{"players": ["Ana", "Ben"]}')
    result = invoke("--lang", lang, "import", path)
    assert result.exit_code == 1 and '"game"' in result.stderr and "lost-cities" in result.stderr
    assert not re.search(r"[:：]\s*game[:：]", result.stderr)  # was "Error: game: missing or not a game name"


def test_arabic_says_one_loan_and_ten_counters_as_arabic_does(store):
    with i18n.speaking("ar"):
        one = plural(EVENT_LOAN, 1).format(player="Ana", n=1, money=10, held=plural(LOANS_HELD, 1).format(n=1))
        assert "قرضًا واحدًا" in one and "1 قرض" not in one
        assert plural(COUNTERS, 1).format(n=1) == "علامة مترو واحدة"
        doc = new_doc(by_slug("london-1e"), ["Ana", "Ben"], [], None, seed=1)
        setup = london_flow.setup_text(session_of(doc, 1))
        assert "10\n    علامات مترو" in setup or "10 علامات مترو" in setup, setup


def test_chinese_lengths_of_play_are_spaced_as_chinese_is():
    from scorepad.cli.reading import length_text

    with i18n.speaking("zh-Hant"):
        assert length_text(2) == "2分鐘" and length_text(62) == "1小時2分鐘"
        assert _("played for {length}").format(length=length_text(2)) == "玩了2分鐘"
