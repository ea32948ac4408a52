"""Each language reads as one writer wrote it (issue 22, point 13): what the players found in each catalogue."""

import json
import re

import pytest
from babel.messages.pofile import read_po

from conftest import TABLES, invoke, ok, run
from scorepad import i18n
from scorepad.cli.output import display_order, use_bidi
from scorepad.games import by_slug
from scorepad.i18n import LOCALE_DIR, _, folder
from scorepad.table.changes import new_doc


def catalogue(code):
    return read_po(open(LOCALE_DIR / folder(code) / "LC_MESSAGES" / "scorepad.po", "rb"))


def said(code, message, **values):
    with i18n.speaking(code):
        return _(message).format(**values)


def played(store, slug, players, answers, code, **options):
    from scorepad.cli.prompter import Aborted

    with i18n.speaking(code):
        session_id = store.insert(new_doc(by_slug(slug), players, [], options.pop("rounds", None), seed=5,
                                          lang=code, **options))
        try:
            run(store, session_id, [*answers, Aborted()])
        except Aborted:
            pass
    return session_id


def text_of(store, slug, players, answers, code, **options):
    from scorepad.cli.play import play
    from scorepad.cli.prompter import Aborted, ScriptedPrompter

    lines = []
    with i18n.speaking(code):
        session_id = store.insert(new_doc(by_slug(slug), players, [], options.pop("rounds", None), seed=5,
                                          lang=code, **options))
        prompter = ScriptedPrompter([*answers, Aborted()])
        try:
            play(store, session_id, prompter, lines.append)
        except Aborted:
            pass
    return "\n".join(lines), prompter


def test_russian_setup_names_the_modules_in_russian(store):
    text, _prompter = text_of(store, "next-station-london", ["Анна", "Борис"], [said("ru", "scorepad draws")], "ru",
                              modules=["objectives", "powers"])
    assert "модули: общие цели и свойства цветов:" in text
    assert "objectives" not in text.split("\n\n")[-1] and "powers" not in text


@pytest.mark.parametrize("code, undo", [("fa", "برگرد"), ("zh-Hant", "復原"), ("ar", "تراجع")])
def test_guides_and_refusals_name_the_tables_word_for_undo(store, code, undo):
    text, _prompter = text_of(store, "lost-cities", ["Ana", "Ben"], ["Ana"], code, rounds=1)
    assert f"`{undo}`" in text and "`undo`" not in text
    _text, prompter = text_of(store, "next-station-london", ["Ana"], ["", said(code, "Digital deck"), "x"], code,
                              rounds=1)
    assert undo in prompter.refused[0][1] and "undo" not in prompter.refused[0][1]


def test_chinatown_private_cash_names_the_tables_word_for_cash(store):
    from scorepad.cli.prompter import Aborted
    from test_chinatown import E8, E8_TYPED, start, typed_year

    session_id = start(store, E8[0])
    with pytest.raises(Aborted):
        run(store, session_id, E8_TYPED[:1 + len(typed_year(E8[0], *E8[1][0]))] + [Aborted()])
    refused = invoke("--lang", "zh-Hant", "score", session_id)
    assert refused.exit_code == 1 and "`現金 名字`" in refused.stderr and "`cash" not in refused.stderr


def test_persian_says_stack_and_column_apart():
    stacks, columns = [], []
    for message in catalogue("fa"):
        first = message.id if isinstance(message.id, str) else (message.id[0] if message.id else "")
        text = " ".join(message.string) if isinstance(message.string, tuple) else message.string
        if re.search(r"\bstacks?\b", first):
            stacks.append(text)
        if re.search(r"\bcolumns?\b", first) and "{column" not in first:
            columns.append(text)
    assert stacks and all("ستون" not in text for text in stacks)
    assert any("پشته" in text for text in stacks)
    assert any("ستون" in text for text in columns)  # the card display's columns, a table's, a terminal's


def test_persian_loans_held_do_not_read_as_cards_in_hand():
    held = next(m for m in catalogue("fa") if isinstance(m.id, tuple) and m.id[0] == "{n} loan held")
    assert all("در دست" not in form and "وام" in form for form in held.string)


def test_chinese_titles_are_one_name_on_every_screen(tmp_path):
    with i18n.speaking("zh-Hant"):
        london, chinatown = by_slug("london-2e"), by_slug("chinatown")
        assert london.title.startswith("倫敦（") and london.column_heading().startswith("倫敦")
        assert chinatown.title == "Chinatown" and chinatown.column_heading() == "CT"
    path = tmp_path / "london.json"
    path.write_text(json.dumps(TABLES["london-2e"]))
    ok("import", path)
    players = ok("--lang", "zh-Hant", "players")
    show = ok("--lang", "zh-Hant", "show", "1")
    assert "倫敦二 = 倫敦（第二版，2017）" in players and "倫敦（第二版，2017）" in show and "London" not in show


def test_a_chinese_yes_or_no_question_is_chinese():
    for hint in ("(Y/n)", "(y/N)"):
        shown = said("zh-Hant", hint)
        assert "是" in shown and "否" in shown and shown.startswith("（")


def test_chinese_writes_full_width_colons(store, tmp_path):
    # the fix menu's answers, the recap of a resumed game, and --help's headings
    session_id = played(store, "lost-cities", ["Ana", "Ben"], ["Ana", "w3 5"], "zh-Hant", rounds=1)
    from scorepad.table import session_of
    from scorepad.table.edit import items, menu_labels
    from scorepad.table.recap import recap

    with i18n.speaking("zh-Hant"):
        session = session_of(store.get(session_id), session_id)
        labels = menu_labels(items(session))
        recapped = recap(session, session.steps())
    assert labels[0] == "第1局 · Ana · 黃色：投 3 5"
    assert "第1局 · Ana · 黃色：投 3 5" in recapped and ": " not in recapped
    helped = ok("--lang", "zh-Hant", "--help")
    assert "選項：" in helped and "選項:" not in helped


def test_types_says_what_each_persian_word_stands_for(store):
    from scorepad.games.chinatown.report import commands
    from scorepad.table import session_of

    session_id = played(store, "chinatown", ["مریم", "علی", "سارا"], [], "fa")
    with i18n.speaking("fa"):
        session = session_of(store.get(session_id), session_id)
        shown = commands(session)["types"][1]("")
    assert "کار = کارخانه" in shown and "خشک = خشکشویی" in shown and "دریا = غذای دریایی" in shown


def test_an_edits_arrows_point_one_way_in_persian(store, lc11_file):
    ok("import", lc11_file)
    from scorepad.cli.prompter import Aborted  # noqa: F401

    out = invoke("--lang", "fa", "edit", "1", "--round", "1", "--player", "Ana", "--field", "blue", "2 5 7").stdout
    assert "←" in out and "→" not in out


@pytest.mark.parametrize("text, shown", [("علی (50)", "(50) یلع"), ("برنده: Ana (50)", "Ana (50) :هدنرب"),
                                         ("امتیاز (50) است", "تسا (50) زایتما")])
def test_bidi_keeps_brackets_the_right_way_round(text, shown, monkeypatch):
    class Terminal:
        def isatty(self):
            return True

    use_bidi(True)
    try:
        assert display_order(text, Terminal()) == shown
    finally:
        use_bidi(False)


# --- the review of each catalogue: one word for one thing of the game (docs/glossary.md) ----------------

# An English word of the games and each language's one word for it. A section of a Next Station: London line was
# Persian's بخش (London's borough), Arabic's قسم and Russian's участок (Chinatown's lot); the table file was a
# "table" that is furniture (فایل میز، ملف الطاولة، 桌面檔案、файл стола); the business types were a business
# in general (أعمال، 生意、заведения); a Chinatown trade, in Russian, an обмен beside сделка.
ONE_WORD = {
    r"\b[Ss]ections?\b": {"fa": "پاره‌خط", "ar": "مقطع|مقاطع", "zh-Hant": "線段|雙段", "ru": "туннел"},
    r"\b[Tt]able file\b": {"fa": "فایل جدول", "ar": "ملف[\u064b-\u0652]* (ال)?جدول", "zh-Hant": "計分檔", "ru": r"файл\w* таблицы"},
    r"\b[Bb]usiness types?\b": {"fa": "کسب‌وکار", "ar": "مشروع|مشاريع", "zh-Hant": "商店種類", "ru": "предприят"},
    r"\b[Tt]rad(e|es|ing)\b": {"fa": "معامله", "ar": "صفق", "zh-Hant": "交易", "ru": "сдел"},
}
# What a message names in English alone, whatever the language: typed words and commands (`…`), placeholders,
# and a list of a file's keys ("(round, from, to, amount)").
UNTRANSLATED = re.compile(r"`[^`]*`|\{\w+(!r)?\}|\((\w+, )+\w+\)")


@pytest.mark.parametrize("code", ["fa", "ar", "zh-Hant", "ru"])
@pytest.mark.parametrize("english", ONE_WORD)
def test_each_thing_of_a_game_has_one_word_in_each_language(code, english):
    strays = [(message.id, message.string) for message in catalogue(code)
              if isinstance(message.id, str) and re.search(english, UNTRANSLATED.sub("", message.id))
              and not re.search(ONE_WORD[english][code], message.string, re.I)]
    assert not strays, strays


@pytest.mark.parametrize("code", ["en", "fa", "ar", "zh-Hant", "ru"])
def test_the_scoring_guide_names_each_field_as_its_question_does(code):
    from scorepad.games.next_station_london.words import SCORE_ROUND, SECTIONS_HELP

    fields = ("sections", "districts", "stations", "thames", "tourist")
    with i18n.speaking(code):
        guide = (_(SCORE_ROUND).format(number=1, sections="\n" + _(SECTIONS_HELP).format(sections=12), districts=13,
                                       stations=9, circle="", thames=10, points=2, tourist=5))
        asked = [i18n.pgettext("line field", field) for field in fields]
    labels = [line.split(" = ")[0].strip() for line in guide.splitlines() if " = " in line]
    assert labels == asked


def test_persian_writes_the_ezafe_one_way_and_the_terminals_digits():
    """After ه, the ezafe is ‌ی (همه‌ی، دسته‌ی) as everywhere else, never هٔ; digits are the ones scorepad prints."""
    found = [message.string for message in catalogue("fa") if isinstance(message.string, str)
             and ("هٔ" in message.string or re.search("[۰-۹]", message.string))]
    assert not found, found
