"""The generic PDF renderer (scorepad/sheets/) with the Lost Cities layout (templates/lost-cities.toml)."""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import arabic_reshaper
import pypdf
import pytest
from conftest import TABLES

from scorepad import qr, sheets
from scorepad.errors import ScorepadError
from scorepad.games import by_slug
from scorepad.sheets import fonts, shaping, templates
from scorepad.sheets.sheet import Sheet
from scorepad.sheets.style import MM
from scorepad.sheets.text import NO_FONT, Pen
from scorepad.table.travel import score_table

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["Yellow", "Blue", "White", "Green", "Red"]


def _game(round_: int, player: str, scores: list[int | None], total: int) -> dict:
    rows = []
    for colour, score in zip(COLOURS, scores):
        if score is None:
            rows.append({"label": colour})  # not started: an empty row
        else:
            rows.append({"label": colour, "wagers": 1, "cards": "W 3 4 6 8 9", "sum": 30, "cost": -20,
                         "mult": "×2", "bonus": "", "score": score})
    return {"vars": {"round": round_, "player": player}, "rows": rows, "total": {"score": total}}


def filled(names: tuple[str, str] = ("Ana", "Ben"), purple: bool = False) -> dict:
    a, b = names
    games = [
        _game(1, a, [20, -32, None, None, None], -12), _game(1, b, [44, None, None, None, None], 44),
        _game(2, a, [70, None, None, None, None], 70), _game(2, b, [57, None, None, None, None], 57),
        _game(3, a, [8, None, None, None, None], 8), _game(3, b, [35, None, None, None, None], 35),
    ]
    if purple:
        for g in games:
            g["rows"].append({"label": "Purple", "wagers": 0, "cards": "2 3", "sum": 5, "cost": -20,
                              "mult": "×1", "score": -15})
    return {
        "rounds": 3,
        "fields": {"players": f"{a}, {b}", "date": "2026-11-29", "variants": "official rules", "winner": b},
        "grids": {
            "game": games,
            "match": [{"vars": {}, "rows": [
                {"label": a, "game1": -12, "game2": 70, "game3": 8, "total": 66},
                {"label": b, "game1": 44, "game2": 57, "game3": 35, "total": 136, "mark": True},
            ]}],
        },
    }


def blank(players: int = 2, rounds: int = 3, purple: bool = False) -> dict:
    colours = COLOURS + ["Purple"] * purple
    return {
        "rounds": rounds,
        "fields": {},
        "grids": {
            "game": [{"vars": {"round": r, "player": ""}, "rows": [{"label": c} for c in colours]}
                     for r in range(1, rounds + 1) for _ in range(players)],
            "match": [{"vars": {}, "rows": [{"label": ""} for _ in range(players)]}],
        },
    }


@pytest.fixture(scope="module")
def template() -> dict:
    return sheets.load_template("lost-cities")


def pdf_bytes(template: dict, data: dict) -> bytes:
    buf = io.BytesIO()
    sheets.render(template, data, buf)
    return buf.getvalue()


def pages(pdf: bytes) -> list[str]:
    # NFKC as in tech-notes §5; U+2212 (our minus sign) is left as it is.
    return [unicodedata.normalize("NFKC", p.extract_text()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def fonts_used(pdf: bytes) -> set[str]:
    """The fonts the pages use (BaseFont names, subset prefix and all)."""
    return {str(f["/BaseFont"]) for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
            for f in page["/Resources"]["/Font"].values()}


def test_filled_sheet_has_names_scores_labels_and_fields(template):
    (text,) = pages(pdf_bytes(template, filled()))
    for label in ["Lost Cities — score sheet", "Expedition", "Wagers", "Cards played", "Bonus", "Score",
                  "Game total", "Match", "Game 1", "Game 2", "Game 3", "Total", "Players", "Winner"]:
        assert label in text
    for title in ["Game 1 — Ana", "Game 1 — Ben", "Game 3 — Ben"]:
        assert title in text
    for value in ["29 November 2026", "official rules", "W 3 4 6 8 9", "×2", "136", "66", "44"]:
        assert value in text
    # negatives carry a real minus sign (U+2212), never a hyphen
    assert "\u221212" in text and "\u221232" in text
    assert not re.search(r"(?<!\d)-\d", text)
    assert "Score = (card sum − 20) × (1 + wagers); +20 if 8 or more cards. Unstarted expedition: 0." in text


def test_winner_row_is_marked(template):
    (text,) = pages(pdf_bytes(template, filled()))
    assert text.count("winner") == 1  # the field label is "Winner"; the mark is lower case
    assert re.search(r"Ben\s+winner\s+44\s+57\s+35\s+136", text)


def test_blank_pad_is_one_page_with_labels_and_no_numbers(template):
    texts = pages(pdf_bytes(template, blank()))
    assert len(texts) == 1
    (text,) = texts
    for label in ["Wagers", "Game total", "Game 1", "Game 3", "Yellow", "Red", "Players", "Match"]:
        assert label in text
    assert "Game 1 — ____" in text
    assert "winner" not in text and "Purple" not in text
    # Digits only in printed labels: the notes line, game titles and headers, the "−20" column.
    notes = template["page"]["notes"][0]
    allowed = {notes, "−20"} | {f"Game {n}" for n in (1, 2, 3)}
    for line in text.splitlines():
        line = line.strip()
        if re.search(r"\d", line):
            assert line in allowed or re.fullmatch(r"Game \d — _+", line), line


def test_fits_one_page_with_purple(template):
    assert len(pages(pdf_bytes(template, blank(purple=True)))) == 1
    assert len(pages(pdf_bytes(template, filled(purple=True)))) == 1


def test_purple_rows_only_when_data_has_them(template):
    (without,) = pages(pdf_bytes(template, filled()))
    (with_,) = pages(pdf_bytes(template, filled(purple=True)))
    assert "Purple" not in without
    assert with_.count("Purple") == 6
    (blank_purple,) = pages(pdf_bytes(template, blank(purple=True)))
    assert blank_purple.count("Purple") == 6


def test_round_columns_follow_the_data(template):
    texts = pages(pdf_bytes(template, blank(rounds=5)))
    assert len(texts) == 2  # five games do not fit one page: the grid bands flow onto a second
    assert "Game 5" in texts[1] and "Game 6" not in texts[1]
    assert "Game 4 — ____" in texts[1] and "Game 4 — ____" not in texts[0]


def test_cyrillic_name_survives(template):
    (text,) = pages(pdf_bytes(template, filled(names=("Алиса", "Ben"))))
    assert "Game 2 — Алиса" in text
    assert "Алиса, Ben" in text


def test_persian_name_is_shaped_and_right_to_left(template):
    pdf = pdf_bytes(template, filled(names=("علی", "Алиса")))
    (raw,) = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    # The sheet draws joined forms (initial ain, medial lam, final Farsi yeh) right to left;
    # pypdf reads them back in logical order. Raw letters, unjoined forms or left-to-right
    # order would all fail here.
    assert "\ufecb\ufee0\ufbfd" in raw
    (text,) = pages(pdf)
    for title in ["Game 1 — علی", "Game 3 — علی", "Game 2 — Алиса"]:
        assert title in text
    assert re.search(r"Алиса\s+winner\s+44\s+57\s+35\s+136", text)
    assert "/AAAAAA+NotoSansArabic-Regular" in fonts_used(pdf)


def test_persian_with_latin_and_cyrillic_in_one_line(template):
    # Names in table order, left to right; the Persian stretch reads right to left and its
    # brackets still open towards the text they enclose (python-bidi's Rust code does not
    # mirror them).
    pdf = pdf_bytes(template, filled(names=("علی (رضا) Ali", "Олег")))
    (text,) = pages(pdf)
    assert "Олег" in text and "Ali" in text
    assert shaping.shape("علی (رضا) Ali") == "(\ufe8e\ufebf\ufead) \ufbfd\ufee0\ufecb Ali"
    assert shaping.shape("علی, Алиса") == "\ufbfd\ufee0\ufecb, Алиса"


def test_text_is_measured_in_the_font_it_is_drawn_with(template):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    sheet = Sheet(template, filled(names=("علی (Ali)", "علی, Алиса")), io.BytesIO(), True)
    shaped = shaping.shape("علی (Ali)")
    assert sheet.pen.width("علی (Ali)", 10) == stringWidth(shaped, fonts.ARABIC_FONT, 10)
    assert sheet.pen.width("Алиса", 10) == stringWidth("Алиса", fonts.FONT_NAME, 10)
    # Persian in the Arabic font, Cyrillic in the sheet font
    assert sheet.pen.runs("علی, Алиса") == [("\ufbfd\ufee0\ufecb, ", fonts.ARABIC_FONT),
                                        ("Алиса", fonts.FONT_NAME)]
    # a long Persian value takes a row of its own, and more lines of it: whole, never cut (issue 22)
    data = filled(names=("علی", "Ben"))
    data["fields"]["variants"] = "قوانین رسمی بازی " * 12
    (text,) = pages(pdf_bytes(template, data))
    assert "..." not in text and text.count("رسمی") == 12


def test_latin_sheet_is_unchanged_by_other_scripts(template):
    before = pdf_bytes(template, filled(names=("Алиса", "Ben")))
    pdf_bytes(template, filled(names=("علی", "愛麗絲")))  # registers the Arabic and CJK fonts
    after = pdf_bytes(template, filled(names=("Алиса", "Ben")))
    assert before == after
    assert fonts_used(after) == {"/AAAAAA+NotoSans-Regular"}  # nothing Arabic or CJK embedded, and no Helvetica


def test_render_is_deterministic(template):
    assert pdf_bytes(template, filled()) == pdf_bytes(template, filled())
    other_scripts = filled(("علی", "愛麗絲"))
    assert pdf_bytes(template, other_scripts) == pdf_bytes(template, other_scripts)


@pytest.mark.parametrize("names", [("Алиса", "Ben"), ("علی", "愛麗絲")])
def test_render_is_deterministic_across_processes(template, names):
    # The embedded font subsets must not depend on hash seeds or the time zone.
    script = ("import hashlib, io; from scorepad import sheets; from test_sheets import filled; "
              "b = io.BytesIO(); "
              f"sheets.render(sheets.load_template('lost-cities'), filled({names!r}), b); "
              "print(hashlib.sha256(b.getvalue()).hexdigest())")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]), TZ="Asia/Tehran",
               PYTHONHASHSEED="7")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    here = hashlib.sha256(pdf_bytes(template, filled(names))).hexdigest()
    assert out.stdout.strip() == here


def test_write_to_path_is_atomic(template, tmp_path):
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"old")
    sheets.render(template, filled(), target)
    assert target.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]  # no temp file left
    sheets.render(template, filled(), str(target))  # a str path works too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


def test_write_to_open_file(template, tmp_path):
    with open(tmp_path / "x.pdf", "wb") as f:
        sheets.render(template, blank(), f)
    assert (tmp_path / "x.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.pdf"]


def test_missing_directory_is_one_line_error_and_leaves_nothing(template, tmp_path):
    target = tmp_path / "nope" / "sheet.pdf"
    with pytest.raises(ScorepadError) as e:
        sheets.render(template, filled(), target)
    message = str(e.value)
    assert str(target) in message and "No such file or directory" in message
    assert "\n" not in message
    assert list(tmp_path.iterdir()) == []


def test_load_template_unknown_name():
    with pytest.raises(ScorepadError, match=r"^no sheet template 'nope'$"):
        sheets.load_template("nope")
    with pytest.raises(ScorepadError, match="no sheet template"):
        sheets.load_template("../pyproject")


def test_bad_page_size_is_reported(template):
    bad = {**template, "page": {**template["page"], "size": "B7"}}
    with pytest.raises(ScorepadError, match="unknown page size 'B7'"):
        pdf_bytes(bad, blank())


def test_fallback_font_when_noto_is_missing(template, monkeypatch):
    monkeypatch.setattr(fonts, "font_file", lambda: None)
    (text,) = pages(pdf_bytes(template, filled()))
    assert "Ben" in text and "136" in text and "-12" in text  # Helvetica has no U+2212


def test_long_values_stay_in_their_cell(template):
    data = filled()
    data["grids"]["game"][0]["rows"][0]["cards"] = "W W W 2 3 4 5 6 7 8 9 10 " * 3
    data["fields"]["variants"] = "a very long description of variants " * 4
    texts = pages(pdf_bytes(template, data))
    assert len(texts) == 1 and "..." in texts[0]  # "…" after NFKC


def test_format_value():
    assert sheets.format_value(-12) == "\u221212"
    assert sheets.format_value(0) == "0"
    assert sheets.format_value(None) == ""
    assert sheets.format_value(7.0) == "7"
    assert sheets.format_value("×2") == "×2"


def test_latin_render_registers_no_other_font():
    # In a process of its own: the tests before this one have registered the Arabic and Chinese fonts.
    code = ("import io; from scorepad import sheets; from scorepad.sheets import fonts; "
            "data = {'fields': {'players': 'Алиса, Ben'}, "
            "        'grids': {'match': [{'rows': [{'label': 'Алиса'}]}]}}; "
            "sheets.render(sheets.load_template('lost-cities'), data, io.BytesIO()); "
            "print(fonts.EXTRA_FONTS)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "{}"


def test_repeated_columns_take_their_labels_from_a_data_list():
    # `count` may name a list (its length) and `labels` a list whose n-th item heads column n;
    # "" leaves a header empty to write a name in (London's column per player).
    template = {"page": {"title": "T"}, "grids": [{"key": "g", "title": "G", "columns": [
        {"key": "label", "label": "Step"},
        {"key": "p{n}", "label": "Player {n}", "each": "n", "count": "names", "labels": "names"}]}]}
    data = {"names": ["Ana", "Ben", ""], "grids": {"g": [{"vars": {}, "rows": [
        {"label": "Money", "p1": 17, "p2": 11, "p3": 4}]}]}}
    buf = io.BytesIO()
    sheets.render(template, data, buf)
    text = " ".join(pypdf.PdfReader(buf).pages[0].extract_text().split())
    assert "Step Ana Ben Money 17 11 4" in text
    assert "Player" not in text


# --- templates are checked when loaded -----------------------------------------------------------------

TEMPLATES = sorted(p.stem for p in (ROOT / "templates").glob("*.toml"))


def raw_template(name: str) -> dict:
    import tomllib

    return tomllib.loads((ROOT / "templates" / f"{name}.toml").read_text(encoding="utf-8"))


def refusal(name: str, template: dict) -> str:
    with pytest.raises(ScorepadError) as e:
        sheets.check_template(name, template)
    return str(e.value)


def test_every_game_has_a_checked_template():
    from scorepad.games import GAMES

    assert {g.template for g in GAMES} <= set(TEMPLATES)


@pytest.mark.parametrize("name", TEMPLATES)
def test_each_template_loads_and_passes_the_check(name):
    assert sheets.load_template(name) == raw_template(name)


@pytest.mark.parametrize("name", TEMPLATES)
def test_each_template_refuses_an_unknown_key(name):
    t = raw_template(name)
    t["page"]["colour"] = "red"
    assert refusal(name, t).startswith(f"sheet template '{name}': page: unknown key 'colour' (known: title, size, ")
    t = raw_template(name)
    grid = t["grids"][0]
    grid["columns"][-1]["widht"] = 3
    column = grid["columns"][-1]["key"]
    assert refusal(name, t).startswith(f"sheet template '{name}': grid {grid['key']!r}, column {column!r}: "
                                       "unknown key 'widht' (known: key, label, width, align, ")
    t = raw_template(name)
    t["fields"][0]["lable"] = "x"
    assert refusal(name, t).startswith(f"sheet template '{name}': field {t['fields'][0]['key']!r}: unknown key "
                                       "'lable'")
    t = raw_template(name)
    t["grid"] = t.pop("grids")
    assert refusal(name, t) == f"sheet template '{name}': unknown key 'grid' (known: page, fields, grids, maps)"


@pytest.mark.parametrize("name", TEMPLATES)
def test_each_template_refuses_a_missing_key(name):
    t = raw_template(name)
    del t["page"]["title"]
    assert refusal(name, t) == f"sheet template '{name}': page: missing key 'title'"
    t = raw_template(name)
    grid = t["grids"][-1]
    del grid["columns"][0]["label"]
    assert refusal(name, t) == (f"sheet template '{name}': grid {grid['key']!r}, "
                                f"column {grid['columns'][0]['key']!r}: missing key 'label'")
    t = raw_template(name)
    del t["grids"][0]["key"]
    assert refusal(name, t) == f"sheet template '{name}': grid 1: missing key 'key'"
    t = raw_template(name)
    del t["grids"]
    assert refusal(name, t) == f"sheet template '{name}': missing key 'grids'"


@pytest.mark.parametrize("change, message", [
    (lambda t: t["page"].update(size="B7"), "page: 'size' must be 'A3' or 'A4' or 'A5' or 'LETTER' or 'LEGAL'"),
    (lambda t: t["page"].update(margin_mm="9"), "page: 'margin_mm' must be a number"),
    (lambda t: t["page"].update(notes="one line"), "page: 'notes' must be a list of texts"),
    (lambda t: t["grids"][0].update(across=True), "grid 'game': 'across' must be a whole number"),
    (lambda t: t["grids"][0].update(row_colors={"Yellow": "gold"}),
     "grid 'game': 'row_colors' must be a table of '#rrggbb' colours"),
    (lambda t: t["grids"][0]["columns"][0].update(align="middle"),
     "grid 'game', column 'label': 'align' must be 'left' or 'center' or 'right'"),
    (lambda t: t["grids"][1]["columns"][1].pop("each"),
     "grid 'match', column 'game{round}': 'count' needs 'each' (it counts repeated columns)"),
    (lambda t: t.update(fields={"key": "x"}), "'fields' must be a list of tables ([[fields]])"),
    (lambda t: t.update(page=[]), "'page' must be a table ([page])"),
])
def test_a_value_of_the_wrong_kind_is_refused(change, message):
    t = raw_template("lost-cities")
    change(t)
    assert refusal("lost-cities", t) == f"sheet template 'lost-cities': {message}"


def test_load_template_refuses_a_typo_in_the_file(tmp_path, monkeypatch):
    text = (ROOT / "templates" / "lost-cities.toml").read_text(encoding="utf-8")
    (tmp_path / "typo.toml").write_text(text.replace("row_height_mm = 8", "row_hieght_mm = 8", 1), encoding="utf-8")
    monkeypatch.setattr(templates, "TEMPLATE_DIRS", (tmp_path,))
    with pytest.raises(ScorepadError, match=r"^sheet template 'typo': grid 'game': unknown key 'row_hieght_mm' "):
        sheets.load_template("typo")
    (tmp_path / "typo.toml").write_text(text + "\nbroken = \n", encoding="utf-8")
    with pytest.raises(ScorepadError, match=r"^sheet template 'typo' is not valid TOML: .*\(at line \d+"):
        sheets.load_template("typo")


# --- languages: the template's text translated, right-to-left sheets, every font embedded, every name printed --

class _Catalogue(gettext.NullTranslations):
    """A stand-in for a translator's catalogue: the words given, English for the rest (as gettext does)."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message: str) -> str:
        return self.words.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        return self.words.get(message, message)


@contextlib.contextmanager
def speaking(code: str, words: dict[str, str] | None = None):
    """The sheet in language `code` (its direction, its real catalogue, or `words` instead)."""
    from scorepad import i18n

    with i18n.speaking(code, _Catalogue(words) if words is not None else None):
        yield


def positions(pdf: bytes) -> dict[str, tuple[float, float]]:
    """Each drawn string (NFKC, in the order pypdf reads it) -> where it starts (x, y) on page 1."""
    found: dict[str, tuple[float, float]] = {}

    def visit(text, cm, tm, font, size):
        text = unicodedata.normalize("NFKC", text).strip()
        if text:
            found.setdefault(text, (tm[4], tm[5]))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def unembedded(pdf: bytes) -> list[str]:
    """The fonts of a PDF whose file is not inside it (what pdffonts shows as emb=no)."""
    out = []
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                out.append(str(font["/BaseFont"]))
    return out


def test_the_templates_text_is_printed_in_the_language_in_use(template):
    words = {"Expedition": "سفر", "Game {round} — {player}": "بازی {round} — {player}", "Winner": "برنده",
             "Game total": "جمع بازی", "Lost Cities — score sheet": "شهرهای گمشده", "November": "نوامبر"}
    with speaking("fa", words):
        pdf = pdf_bytes(template, filled(names=("علی", "Ben")))
    (text,) = pages(pdf)
    for shown in ("سفر", "برنده", "جمع بازی", "شهرهای گمشده", "29 نوامبر 2026"):
        # pypdf reads a right-to-left line's pieces back in their visual order: compare the words
        assert all(word in text for word in shown.split()), shown
    assert "Expedition" not in text and "Game total" not in text
    assert "Wagers" in text  # not in this catalogue: English, as gettext gives it
    assert pypdf.PdfReader(io.BytesIO(pdf)).metadata.title == "شهرهای گمشده"


def test_the_date_is_written_as_the_language_writes_it(template):
    words = {"{day} {month} {year}": "{year}年{month}{day}日", "November": "11月", "February": "2月"}
    with speaking("zh-Hant", words):
        (text,) = pages(pdf_bytes(template, filled(names=("愛麗絲", "Ben"))))
        assert sheets.format_date("2026-02-03") == "2026年2月3日"
    assert "2026年11月29日" in "".join(text.split())  # (pypdf reads each font's piece as a line of its own)
    assert sheets.format_date("2026-13-01") == "2026-13-01"  # not a date: printed as it is


def test_a_right_to_left_sheet_is_mirrored():
    template = {"page": {"title": "T"}, "fields": [{"key": "f1", "label": "F1"}, {"key": "f2", "label": "F2"}],
                "grids": [{"key": "g", "title": "G", "across": 2, "total_label": "Sum", "columns": [
                    {"key": "a", "label": "A", "align": "left"}, {"key": "b", "label": "B"},
                    {"key": "c", "label": "C", "align": "right"}]}]}
    data = {"fields": {"f1": "v1", "f2": "v2"}, "grids": {"g": [
        {"vars": {}, "rows": [{"a": "a1", "b": "b1", "c": "c1"}], "total": {"c": -12}},
        {"vars": {}, "rows": [{"a": "a2", "b": "b2", "c": "c2"}]}]}}
    ltr = positions(pdf_bytes(template, data))
    with speaking("fa", {}):
        rtl = positions(pdf_bytes(template, data))
    x = {k: v[0] for k, v in rtl.items()}
    assert x["a1"] > x["b1"] > x["c1"]  # the first column at the right
    assert x["a2"] < x["c1"]  # the first table at the right, the second to its left
    assert x["F1"] > x["v1"] > x["F2"] > x["v2"]  # fields: label, then value, from the right
    assert x["Sum"] > x["b1"]  # the total's label under the first column
    assert ltr["a1"][0] < ltr["b1"][0] < ltr["c1"][0] and ltr["a1"][0] < ltr["a2"][0]
    page_w = 595.2756
    # text runs to the right margin (10 mm): the title ends there, the first table's left-aligned column too
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert x["T"] + stringWidth("T", fonts.FONT_NAME, 16) == pytest.approx(page_w - 10 * MM, abs=1.5)
    assert x["a1"] > ltr["a2"][0]
    assert "\u221212" in rtl  # a number stays a number: the minus before the digits


def test_numbers_in_a_right_to_left_line_read_left_to_right():
    visual = unicodedata.normalize("NFKC", shaping.shape("بازی 12 — Ali 2026", "R"))
    assert "12" in visual and "2026" in visual and "Ali" in visual
    assert visual.index("Ali") < visual.index("12")  # the line runs right to left: the later part is on the left
    assert shaping.shape("علی (رضا)", "R").count("(") == 1


def drawn(pen, text: str) -> str:
    """What the pen draws of `text`, from the left (NFKC: the Arabic letters' joined forms as letters)."""
    return unicodedata.normalize("NFKC", "".join(piece for piece, _font in pen.runs(text)))


@pytest.mark.parametrize("code", ["fa", "ar"])
def test_every_row_of_a_right_to_left_sheet_runs_one_way(code):
    """Issue 22: on the Arabic sheet the cards after a wager ran right to left (its letter is Arabic script) and
    those of a row without one left to right, so `2 5 7 10` read as 10, 7, 5, 2 beside it."""
    with speaking(code):
        pen = Pen(io.BytesIO(), (595, 842), 9, True)
        pen.choose_fonts(["ث ش"])
        for cards in ("ث\u20023\u20024\u200210", "ش 3 4 10", "3\u20024\u200210", "3 4 10"):
            shown = drawn(pen, cards)
            assert shown.index("3") > shown.index("4") > shown.index("10"), shown  # the first card at the right
        assert drawn(pen, "Ana, Ben") == "Ana, Ben" and drawn(pen, "12") == "12"  # a name, a number: as written


@pytest.mark.parametrize("code", ["fa", "ar"])
@pytest.mark.parametrize("text, number", [("−7", "−7"), ("لكل −7 قرض", "−7"), ("(−7)", "−7"), ("4. −7.  5. کم", "−7"),
                                          ("×2", "×2"), ("+1 فقر", "+1"), ("هر £15، تا", "£15"), ("£3", "£3"),
                                          ("برای هر £3 کامل", "£3"), ("−$5,000", "−$5,000"),
                                          ("پول −$5,000 است", "−$5,000"), ("$50,000", "$50,000")])
def test_a_number_keeps_its_sign_at_its_left_on_a_right_to_left_sheet(code, text, number):
    """Issue 22: a minus, a plus, a £ or a $ went to the right of its number after Arabic script and to its left
    in a table's cell: `−7` in a row, `7−` in the note above it, `15£` on London's Persian sheet."""
    with speaking(code):
        pen = Pen(io.BytesIO(), (595, 842), 9, True)
        pen.choose_fonts([text])
        shown = drawn(pen, text)
    assert number in shown, shown
    if text.startswith("4."):  # the next sentence's number stays where it was: "5." after "−7." reading leftwards
        assert shown.index(".5") < shown.index("−7")


@pytest.mark.parametrize("code", ["fa", "ar"])
@pytest.mark.parametrize("slug", ["london-1e", "london-2e"])
def test_londons_right_to_left_sheet_draws_each_sign_at_its_figures_left(code, slug):
    """Issue 22: on the Arabic sheet the reckoning's "4. − 7 per unpaid loan" and "+ 2 per Underground" put their
    sign at the figure's right (a sign a space away is the step's operator), under notes that write −7 and +2."""
    game = by_slug(slug)
    with speaking(code):
        data = game.sheet(score_table(TABLES[slug], game), players=TABLES[slug]["players"], date="2026-11-29")
        drawn = [text for text, _y, _size in drawn_sizes(pdf_bytes(sheets.load_template(game.template), data))]
    signed = [text for text in drawn if re.search(r"[−+]\d", text)]
    assert any("−7" in text for text in signed) and len(signed) > 3, drawn  # the notes and the rows: −7, +1, +2
    assert not [text for text in drawn if re.search(r"\d\s*[−+](?!\d)", text)]  # "7 −", "2 +": a sign at the right


@pytest.mark.parametrize("code, names", [("fa", ["علی", "سارا (Sara)", "Олег", "رضا", "مریم"]),
                                         ("ar", ["محمد", "فاطمة", "Ben", "ليلى", "عمر"]),
                                         ("zh-Hant", ["愛麗絲", "王小明", "Алиса", "陳大文", "林美玲"])])
def test_every_games_sheet_embeds_every_font(code, names):
    with speaking(code, {"Players": {"fa": "بازیکنان", "ar": "اللاعبون"}.get(code, "玩家"), "Date": "日期"}):
        for slug, table in TABLES.items():
            game = by_slug(slug)
            players = names[:len(table["players"])]
            renamed = table
            for old, new in zip(table["players"], players):
                renamed = json.loads(json.dumps(renamed, ensure_ascii=False).replace(f'"{old}"', json.dumps(new)))
            for data in (game.sheet(None, players=players, rounds=1),
                         game.sheet(score_table(renamed, game), players=players, date="2026-11-29")):
                buf = io.BytesIO()
                assert sheets.render(sheets.load_template(game.template), data, buf) == [], slug  # nothing missing
                pdf = buf.getvalue()
                assert unembedded(pdf) == [], slug
                assert all("Helvetica" not in f for f in fonts_used(pdf)), slug
                text = " ".join(pages(pdf))
                assert all(word in text for word in players[0].split()), (slug, text)


def test_a_character_no_font_has_is_a_box_and_one_warning(template):
    buf = io.BytesIO()
    warnings = sheets.render(template, filled(names=("Ana 😀", "Ben 🎲")), buf)
    assert warnings == ["no font has 😀 (U+1F600 GRINNING FACE), 🎲 (U+1F3B2 GAME DIE): the sheet shows a box "
                        "with ? in their place"]
    (text,) = pages(buf.getvalue())
    assert re.search(r"Game 1 — Ana\s*\?", text) and "😀" not in text
    assert sheets.render(template, filled(), io.BytesIO()) == []  # nothing missing: nothing to say


def _cjk_files(folder: Path) -> list[Path]:
    assert sheets.cache_folder().is_relative_to(folder)
    return sorted(sheets.cache_folder().glob("noto-sans-cjk-tc-*.ttf"))


def test_the_chinese_font_is_subset_embedded_and_cached(template, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    pdf = pdf_bytes(template, filled(names=("愛麗絲", "Ben")))
    (text,) = pages(pdf)
    assert re.search(r"Game 1 —\s*愛麗絲", text) and re.search(r"Ben\s+winner\s+44\s+57\s+35\s+136", text)
    assert unembedded(pdf) == [] and any("NotoSansCJKtc-Regular" in f for f in fonts_used(pdf))
    (cached,) = _cjk_files(tmp_path)
    assert cached.stat().st_size < 40_000  # three characters, not 16 MB
    # Another process with the same characters reads the file: fontTools is never imported.
    script = ("import io, sys; sys.modules['fontTools'] = None; from scorepad import sheets; "
              "from test_sheets import filled, unembedded; b = io.BytesIO(); "
              "w = sheets.render(sheets.load_template('lost-cities'), filled(('愛麗絲', 'Ben')), b); "
              "print(w, unembedded(b.getvalue()), len(b.getvalue()))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[:2] == ["[]", "[]"], out.stdout
    assert int(out.stdout.split()[2]) == len(pdf)
    assert _cjk_files(tmp_path) == [cached]


def test_a_broken_cache_file_is_built_again(template, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    good = pdf_bytes(template, filled(names=("王小明", "Ben")))
    (cached,) = _cjk_files(tmp_path)
    whole = cached.read_bytes()
    for broken in (whole[:len(whole) // 2], b"", b"not a font"):
        cached.write_bytes(broken)
        monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
        assert pdf_bytes(template, filled(names=("王小明", "Ben"))) == good
        assert cached.read_bytes() == whole
        assert [p.name for p in cached.parent.iterdir()] == [cached.name]  # no temporary file left


def test_without_fonttools_chinese_prints_as_boxes_with_a_warning(tmp_path, monkeypatch):
    # An install without fontTools, in a process of its own (this one has imported it): never a crash.
    script = ("import io, sys; sys.modules['fontTools'] = None; from scorepad import sheets; "
              "from test_sheets import filled, unembedded; b = io.BytesIO(); "
              "w = sheets.render(sheets.load_template('lost-cities'), filled(('陳', 'Ben')), b); "
              "print(repr(w)); print(unembedded(b.getvalue()))")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    warnings, missing = out.stdout.splitlines()
    assert warnings.startswith("['no font has 陳 (U+9673 CJK UNIFIED IDEOGRAPH-9673)") and missing == "[]"
    assert _cjk_files(tmp_path) == []  # nothing cached: the next run tries again


def test_a_chinese_note_wraps_between_characters():
    # Chinese has no spaces: a long note breaks between ideographs, never before a closing mark (，。）).
    note = "分數 =（卡牌總和 − 20）×（1 + 投資卡數）；八張以上加二十分。未開始的探險不計分，也不扣分。" * 3
    template = {"page": {"title": "T", "notes": [note]}, "grids": [{"key": "g", "columns": [{"key": "a", "label": "A"}]}]}
    sheet = Sheet(template, {}, io.BytesIO(), True)
    room = sheet.w - 2 * sheet.margin
    lines = sheet.lines.wrap(sheet.pen.tr(note), 8.5, room)
    assert len(lines) >= 2
    assert "".join("".join(lines).split()) == "".join(note.split())  # nothing lost or added
    assert all(sheet.pen.width(line, 8.5) <= room for line in lines)
    assert not any(line[0] in "，。）；" for line in lines)
    assert shaping.pieces("Ben，王小明") == ["Ben，", "王", "小", "明"]


def _wrapped_measuring_every_trial_whole(sheet, s: str, size: float, room: float) -> list[str]:
    """wrap() as it was: every longer line tried is shaped, reordered and measured whole."""
    lines = []
    for part in s.split("\n"):
        line = ""
        for word in part.split():
            for n, piece in enumerate(shaping.pieces(word)):
                trial = f"{line} {piece}" if line and n == 0 else line + piece
                if line and sheet.pen.width(trial, size) > room:
                    lines.append(line)
                    line = piece
                else:
                    line = trial
        lines.append(line)
    return lines


# Texts where a line's advance might not be the sum of its words': brackets (mirrored right to left), a ZWJ
# (arabic_reshaper drops it and its ligatures shift: see _join_word), ZWNJ, harakat, tatweel, lam-alef and "الله" ligatures,
# Persian digits, Latin and Cyrillic in an Arabic line (their font changes), Chinese touching Arabic (no font
# here: boxes), a Latin line that turns Arabic, and a long line of one word (a long sum of floats).
_ODD_TEXTS = ["علی (رضا) Ali و Алиса — ۱۲ امتیاز [۳] «نقل»", "ک\u200dتاب الله و ک\u200d الله", "ک\u200dلا ب\u200d", "می\u200cخواهم بازی کنم",
              "مَا شَاءَ اللهُ كَانَ", "ـــ تطويل ـ", "لا إله إلا الله لا", "王علی小明 علی王 王 علی", "+۲۰ × ۳ = ۶۰ (−۴۰)",
              "امتیاز " * 60, "Ana Ben Cai علی Dan Алиса", "Ana, Ben — 12 (Cai) −3", "عبدالله\nعلی  رضا\n\nکاوه"]


def test_wrap_breaks_lines_as_measuring_every_line_whole(template):
    """wrap() adds up its words' advances (units()) instead of shaping and measuring each line it tries: the same
    lines for every Persian and Arabic text of the catalogues and the glossary, at widths where lines break, and
    for odd texts at every width a line of theirs measures exactly (where the sum is not trusted)."""
    from babel.messages.pofile import read_po

    sheet = Sheet(template, filled(names=("علی", "Ben")), io.BytesIO(), True)
    if sheet.pen.arabic is None:
        pytest.skip("no Noto Sans Arabic")
    texts = []
    for code in ("fa", "ar"):
        with (ROOT / "scorepad" / "locale" / code / "LC_MESSAGES" / "scorepad.po").open("rb") as file:
            for message in read_po(file):
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                texts += [t for t in strings if message.id and t]
    glossary = [line for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
                if any(shaping.is_arabic(ch) for ch in line)]
    assert len(texts) > 1000 and len(glossary) > 50
    assert all(sheet.lines.units(t, sheet.pen.has_arabic(t)) is not None for t in texts + glossary)  # the sums are used
    for t in texts + glossary + _ODD_TEXTS:  # a text's joined forms are its words' (a ZWJ: see _join_word)
        assert sheet.pen.joined(t) == (" ".join(shaping.join_word(w) for w in t.split(" ")) if "\u200d" in t
                                  else arabic_reshaper.reshape(t)), t
    for t in glossary + _ODD_TEXTS:
        units = sheet.lines.units(t, sheet.pen.has_arabic(t))
        assert units is None or abs(units * 8.5 / 1000 - sheet.pen.width(t, 8.5)) < 1e-9, t
    rooms = (25, 40, 60)  # narrow: many breaks for the time (a whole measure of each trial is slow)
    for n, t in enumerate(texts):
        size = 8.5 if n % 2 else 6.5
        assert sheet.lines.wrap(t, size, rooms[n % 3]) == _wrapped_measuring_every_trial_whole(sheet, t, size, rooms[n % 3])
    for t in glossary:
        for room in (30, 80, 200):
            assert sheet.lines.wrap(t, 8.5, room) == _wrapped_measuring_every_trial_whole(sheet, t, 8.5, room)
    for t in _ODD_TEXTS:
        whole = {sheet.pen.width(line, 8.5) for room in (20, 60, 150, 400)
                 for line in _wrapped_measuring_every_trial_whole(sheet, t, 8.5, room)}
        for room in sorted(whole) + [8.0, 45.5, 130.25, 1000.0]:
            assert sheet.lines.wrap(t, 8.5, room) == _wrapped_measuring_every_trial_whole(sheet, t, 8.5, room), (t, room)


def test_a_zwj_before_a_ligature_is_drawn_not_a_crash(template):
    """arabic_reshaper drops a ZWJ from the letters it joins but not from the text it finds ligatures in: "ک\u200dلا"
    (a ZWJ, then lam-alef) raised IndexError, and any name with one stopped the sheet. Such a word is joined
    without its ZWJ; the words around it as they are."""
    names = ("ک\u200dلارا", "ک\u200dتاب الله")
    (text,) = pages(pdf_bytes(template, filled(names=names)))
    assert "الله" in text or "\ufdf2" in text
    sheet = Sheet(template, filled(names=names), io.BytesIO(), True)
    reshape = arabic_reshaper.reshape
    assert sheet.pen.joined("ک\u200dلا ب\u200d") == reshape("کلا") + " " + reshape("ب\u200d")
    assert sheet.pen.joined("ک\u200dتاب الله") == reshape("ک\u200dتاب") + " " + reshape("الله")


def test_a_chinese_sheet_without_a_usable_cache_folder_is_drawn_all_the_same(template, tmp_path, monkeypatch):
    # The subset cannot be kept (the cache folder cannot be made, or read): it is made again and drawn from memory.
    monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
    expected = pdf_bytes(template, filled(names=("林美玲", "Ben")))
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    for cache in (not_a_folder, not_a_folder / "below"):
        monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
        monkeypatch.setattr(fonts, "EXTRA_FONTS", {})
        assert pdf_bytes(template, filled(names=("林美玲", "Ben"))) == expected
    assert not_a_folder.read_text() == ""


def test_a_text_all_in_the_sheet_font_is_one_piece_and_the_others_are_split(template):
    sheet = Sheet(template, filled(), io.BytesIO(), True)
    for text in ("Score — 3 × 2 − 1", "Алиса — 3 × 2"):
        assert sheet.pen.runs(text) == [(text, fonts.FONT_NAME)]
    # After those, a text with the same characters and one no font has is still split around that one.
    assert sheet.pen.runs("× 😀 —") == [("× ", fonts.FONT_NAME), ("😀", NO_FONT), (" —", fonts.FONT_NAME)]


def drawn_sizes(pdf: bytes) -> list[tuple[str, float, float]]:
    """Each string drawn on page 1 (NFKC), its height on the page and its font size."""
    found: list[tuple[str, float, float]] = []
    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=lambda text, cm, tm, font, size: found.append(
        (unicodedata.normalize("NFKC", text).strip(), tm[5], size)))
    return [(text, y, size) for text, y, size in found if text]


# Long names, many players, every player level (the Winner field names them all), in three scripts; the filled
# sheets carry the QR code, which leaves the header less room.
@pytest.mark.parametrize("slug, code, names", [
    ("chinatown", "en", ["Alexandra", "Bartholomew", "Christopher", "Dorothea", "Evangeline"]),
    ("next-station-london", "ru", ["Александра", "Екатерина", "Владимир", "Константин"]),
    ("london-2e", "zh-Hant", ["王小明", "李美華", "陳大文", "林美玲"]),
    ("lost-cities", "en", ["Maximiliane Anastasia", "Bartholomew Fitzgerald"])])
def test_the_fields_values_are_as_large_as_each_other(slug, code, names):
    game = by_slug(slug)
    table = {"lost-cities": {"game": slug, "players": names, "rounds": [{names[0]: {"blue": [2]}, names[1]: {}}]},
             "chinatown": {"game": slug, "players": names, "rounds": [{n: {"businesses": []} for n in names}]},
             "next-station-london": {"game": slug, "players": names, "rounds": [
                 {n: {"districts": 6, "stations": 3, "thames": 1, "tourist": 2} for n in names}]},
             "london-2e": {"game": slug, "players": names, "final": {n: {
                 "vp": 20, "card_vp": 10, "money": 3, "loans": 0, "hand": 0, "poverty": 2, "boroughs": 2, "best_card": 3}
                 for n in names}}}[slug]
    with speaking(code):
        data = game.sheet(score_table(table, game), players=names, date="2026-11-29")
        data["qr"] = {"modules": qr.modules("https://app.bgstatsapp.com/createPlay.html?data=" + "x" * 400),
                      "caption": "Scan"}
        template = sheets.load_template(game.template)
        sheet = Sheet(template, data, io.BytesIO(), True)
        values = [unicodedata.normalize("NFKC", sheet.field_value(f)) for f in template["fields"]]
        labels = {unicodedata.normalize("NFKC", sheet.pen.tr(f["label"])) for f in template["fields"]}
        drawn = drawn_sizes(pdf_bytes(template, data))
    size = template["page"]["font_size"] + 1.5  # the fields' values
    assert names[-1] in values[0] and all(name in values[3] for name in names[-1:] if slug != "lost-cities")
    lowest = min(y for text, y, _size in drawn if text in labels)  # the last row of fields: below it, the tables
    for value in filter(None, values):
        pieces = [(text, got) for text, y, got in drawn
                  if len(text) > 1 and text in value and text not in labels and y >= lowest - 1]
        assert pieces and all(got == size for _text, got in pieces), (value, pieces)


PURPLE_MATCH = {"game": "lost-cities", "players": ["Ана", "Борис"], "variants": ["purple"], "rounds": [
    {"Ана": {"yellow": ["w", 3, 4], "purple": [2, 5, 9]}, "Борис": {"blue": [2, 3, 4, 5, 6, 7, 8, 9]}},
    {"Ана": {"red": [4, 5]}, "Борис": {"purple": ["w", 6]}},
    {"Ана": {"white": [7, 8]}, "Борис": {"green": [9, 10]}}]}


@pytest.mark.parametrize("lang", ["en", "fa", "ar", "zh-Hant", "ru"])
def test_a_finished_purple_match_is_one_page_its_colours_at_one_size(tmp_path, database, lang):
    # issue 29, point 14: the match spilled onto an empty second page; Russian colours at three sizes, "Фиолетов…"
    # tiny; "Variants: variants: purple"
    from conftest import invoke
    from scorepad import i18n
    from scorepad.games.lost_cities.words import colour_name

    table = tmp_path / "match.json"
    table.write_text(json.dumps(PURPLE_MATCH, ensure_ascii=False), encoding="utf-8")
    assert invoke("import", table).exit_code == 0
    pdf_path = tmp_path / "sheet.pdf"
    assert invoke("--lang", lang, "sheet", "1", "-o", pdf_path).exit_code == 0
    pdf = pdf_path.read_bytes()
    assert len(pages(pdf)) == 1
    with i18n.speaking(lang):
        names = [colour_name(c) for c in ("yellow", "blue", "white", "green", "red", "purple")]
    drawn = drawn_sizes(pdf)
    labels = [(text, size) for text, _y, size in drawn if text in names or text[::-1] in names]  # Arabic: visual
    sizes = {size for _text, size in labels}
    assert len(labels) >= 36 and len(sizes) == 1, [(t, s) for t, _y, s in drawn if t in names]
    assert not any("…" in text for text, _y, _size in drawn)
    text = " ".join(t for t, _y, _s in drawn)
    assert "variants: purple" not in text.casefold() and "purple" in text
