"""The statistics report: scorepad/report.py's data (pages, series, labels) and sheets.render_report's PDF."""

from __future__ import annotations

import io
import unicodedata

import pypdf
import pytest

from scorepad import i18n, report, sheets
from test_sheets import unembedded


def session(n, game, date, totals, ranks=None):
    """A Played dict (scorepad.history's shape): ranks from the totals (highest first, equal totals level)
    unless given (a tie-break decided them)."""
    if ranks is None:
        ranks = {p: 1 + sum(1 for q in totals.values() if q > t) for p, t in totals.items()}
    return {"id": n, "game": game, "date": date, "players": list(totals), "totals": totals, "ranks": ranks,
            "winners": [p for p, r in ranks.items() if r == 1], "facts": {}}


SIX = ("Ana", "Ben", "Cy", "Dana", "Eli", "Fay")


def history():
    """Three games: a Lost Cities match of two (negative totals, a renamed player, a tie), six at Chinatown, and
    Next Station: London played solo."""
    return [
        session(1, "lost-cities", "2026-01-04", {"Ana": 41, "ben": -20}),
        session(2, "chinatown", "2026-01-10", dict(zip(SIX, (520000, 610000, 480000, 700000, 390000, 455000)))),
        session(3, "next-station-london", "2026-02-01", {"Sam": 88}),
        session(4, "lost-cities", "2026-02-07", {"Ana": 12, "Ben": 136}),
        session(5, "lost-cities", "2026-03-01", {"Ana": 30, "Ben": 30}),
        session(6, "chinatown", "2026-03-08", dict(zip(SIX, (800000, 410000, 500000, 520000, 610000, 300000)))),
        session(7, "next-station-london", "2026-04-02", {"Sam": 101}),
    ]


def pdf_of(data) -> bytes:
    buf = io.BytesIO()
    assert sheets.render_report(data, buf) == []
    return buf.getvalue()


def texts(pdf: bytes) -> list[str]:
    return [unicodedata.normalize("NFKC", p.extract_text()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def speaking():
    def use(code):
        i18n.use(code)

    yield use
    i18n.use(i18n.ENGLISH)


def test_one_page_per_game_in_the_registry_order_with_every_figure():
    data = report.build(history())
    assert [p["title"] for p in data["pages"]] == ["Lost Cities", "Next Station: London", "Chinatown"]
    lost = data["pages"][0]
    # Hand-counted: Ana 41, 12, 30 (wins: #1, #5 level); Ben −20, 136, 30 (wins: #4, #5); shown as spelt last
    assert lost["table"]["rows"] == [["Ana", "3", "2", "67%", "27.67", "41", "12"],
                                     ["Ben", "3", "2", "67%", "48.67", "136", "−20"]]
    assert lost["lines"] == ["3 sessions · 2 players", "played from 2026-01-04 to 2026-03-01"]
    assert lost["head_to_head"]["cells"] == [["", "1–1–1"], ["1–1–1", ""]]
    assert [s["points"] for s in lost["scores"]["series"]] == [[[0, 41], [1, 12], [2, 30]],
                                                               [[0, -20], [1, 136], [2, 30]]]
    assert lost["scores"]["x_ticks"][0] == [0, "2026-01-04"] and lost["scores"]["x_ticks"][-1] == [2, "2026-03-01"]
    assert sum(lost["totals"]["counts"]) == 6
    chinatown = data["pages"][2]
    assert chinatown["table"]["rows"][0][5] == "$800,000"  # Chinatown's totals are dollars
    assert [b["label"] for b in chinatown["wins"]["bars"]][:1] == ["50% · 1 of 2"]


def test_a_solo_game_has_no_win_rates_and_no_head_to_head():
    (page,) = report.build([s for s in history() if s["game"] == "next-station-london"])["pages"]
    assert page["wins"] is None and page["head_to_head"] is None
    assert page["notes"] == ["One player: no win rates and no head to head, only the scores."]
    assert page["table"]["rows"] == [["Sam", "2", "0", "0%", "94.5", "101", "88"]]


def test_the_filters_are_printed_under_each_title():
    (page,) = report.build(history()[:1], player="ana", since="2026-01-01")["pages"]
    assert page["lines"][-2:] == ["sessions with Ana", "since 2026-01-01"]  # the name as the page writes it


def test_two_thousand_sessions_are_points_of_runs_of_forty_sessions():
    played = [session(n, "lost-cities", f"2026-01-{1 + n % 28:02d}", {"Ana": n % 50, "Ben": 100 - n % 50})
              for n in range(2000)]
    page = report.build(played)["pages"][0]
    ben, ana = page["scores"]["series"]  # Ben, who wins every session, first
    assert len(ana["points"]) == len(ben["points"]) == report.MAX_POINTS
    assert page["scores"]["note"] == "Each point is a player's mean over 40 sessions in a row."
    # the first point: sessions 0–39, their mean (Ana scored 0…39), in the middle of the run
    assert ana["points"][0] == [19.5, 19.5] and ben["points"][0] == [19.5, 80.5]
    assert page["table"]["rows"][0][1] == "2000"


def test_many_players_keep_the_eight_with_most_sessions():
    played = [session(n, "chinatown", "2026-05-01", {f"P{n}": 100, f"P{n + 1}": 90, "Ana": 80}) for n in range(12)]
    page = report.build(played)["pages"][0]
    assert len(page["table"]["rows"]) == 8 and page["table"]["rows"][0][0] == "Ana"
    assert len(page["head_to_head"]["names"]) == report.MOST_IN_MATRIX
    assert page["notes"] == ["The charts show the 8 players with the most sessions; 6 other players are left out."]


def test_the_pdf_holds_titles_names_and_figures_one_page_a_game_fonts_embedded():
    pdf = pdf_of(report.build(history()))
    pages = texts(pdf)
    assert len(pages) == 3
    lost, solo, chinatown = pages
    for shown in ("scorepad statistics", "Lost Cities", "Scores over time", "Win rate", "Totals scored",
                  "Head to head", "Ana", "Ben", "67%", "27.67", "−20", "1–1–1", "2026-01-04", "2 of 3"):
        assert shown in lost, shown
    assert "Sam" in solo and "94.5" in solo and "Head to head" not in solo
    for name in SIX:
        assert name in chinatown
    assert "$800,000" in chinatown
    assert unembedded(pdf) == []
    assert pypdf.PdfReader(io.BytesIO(pdf)).metadata.title == "scorepad statistics"


def test_the_pdf_is_the_same_bytes_every_time():
    data = report.build(history())
    assert pdf_of(data) == pdf_of(data)


def rename(played, names):
    for one in played:
        one["players"] = [names.get(p, p) for p in one["players"]]
        one["totals"] = {names.get(p, p): t for p, t in one["totals"].items()}
        one["ranks"] = {names.get(p, p): r for p, r in one["ranks"].items()}
        one["winners"] = [names.get(p, p) for p in one["winners"]]
    return played


def test_a_persian_report_is_in_persian_with_arabic_script_shaped_and_embedded(speaking):
    speaking("fa")
    pdf = pdf_of(report.build(rename(history(), {"Ana": "علی‌رضا", "Cy": "سارا"})))
    lost = texts(pdf)[0]
    # pypdf reads a right-to-left line back in its visual order: compare the words
    for shown in ("شهرهای گمشده", "امتیازها در گذر زمان", "رودررو", "علیرضا", "67٪"):
        assert all(word in lost for word in shown.split()), shown
    assert "Scores over time" not in lost and "Head to head" not in lost
    assert "2026-01-04" in lost  # a date between left-to-right marks is not turned round
    assert {f.split("+")[-1] for f in map(str, fonts(pdf))} >= {"NotoSansArabic-Regular"}
    assert unembedded(pdf) == []


def test_a_chinese_report_subsets_the_cjk_font(speaking):
    speaking("zh-Hant")
    pdf = pdf_of(report.build(rename(history(), {"Ana": "愛麗絲", "Cy": "小明"})))
    lost, _solo, chinatown = ("".join(t.split()) for t in texts(pdf))
    for shown in ("歷次分數", "勝率", "對戰紀錄", "愛麗絲", "小明"):
        assert shown in lost + chinatown, shown
    assert any("NotoSansCJKtc" in f for f in fonts(pdf))
    assert unembedded(pdf) == []


def fonts(pdf: bytes) -> set[str]:
    return {str(f.get_object()["/BaseFont"]) for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
            for f in page["/Resources"]["/Font"].values()}


def test_a_path_is_written_whole(tmp_path):
    path = tmp_path / "stats.pdf"
    sheets.render_report(report.build(history()), path)
    assert path.read_bytes().startswith(b"%PDF") and list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("value, shown", [(41.5, "41.5"), (40.0, "40"), (-3.25, "−3.25"), (-0.001, "0"),
                                          (27.666, "27.67")])
def test_a_mean_prints_with_at_most_two_decimals(value, shown):
    assert report.decimal(value) == shown


# --- `scorepad stats --pdf FILE` --------------------------------------------------------------------------------

@pytest.fixture
def stored(database):
    """Every game's table of conftest stored once: five finished sessions, one page each."""
    from conftest import TABLES
    from scorepad.games import by_slug
    from scorepad.table.travel import doc_from_table
    from scorepad.store import Store
    from scorepad.table.summary import summarize

    store = Store(database, summarize=summarize)
    store.insert_many([doc_from_table(table, by_slug(slug)) for slug, table in sorted(TABLES.items())])
    return store


def test_stats_pdf_writes_one_page_per_game_played(stored, tmp_path):
    from conftest import TABLES, invoke

    out = tmp_path / "stats.pdf"
    result = invoke("stats", "--pdf", out)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"Wrote {out}\n"
    pages = texts(out.read_bytes())
    assert len(pages) == len(TABLES)
    assert unembedded(out.read_bytes()) == []
    for slug, table in TABLES.items():
        from scorepad.games import by_slug

        page = next(p for p in pages if by_slug(slug).title in p)
        for name in table["players"]:
            assert name.strip() in page, (slug, name)


def test_stats_pdf_takes_the_filters(stored, tmp_path):
    from conftest import invoke

    out = tmp_path / "lc.pdf"
    assert invoke("stats", "--game", "lost-cities", "--pdf", out).exit_code == 0
    (page,) = texts(out.read_bytes())
    assert "Lost Cities" in page


@pytest.mark.parametrize("target", ["database", "lock"])
def test_stats_pdf_never_writes_over_the_database(stored, database, target):
    from conftest import invoke

    path = database if target == "database" else database.with_name(database.name + ".lock")
    before = path.read_bytes() if path.exists() else None
    result = invoke("stats", "--pdf", path, "--force")
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {path} is "), result.stderr
    assert "scorepad never writes over it" in result.stderr
    assert (path.read_bytes() if path.exists() else None) == before


def test_stats_pdf_replaces_a_pdf_but_not_another_file_without_force(stored, tmp_path):
    from conftest import invoke

    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    result = invoke("stats", "--pdf", notes)
    assert result.exit_code == 1 and "exists and is not a PDF" in result.stderr
    assert notes.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["db", "notes.txt"]
    assert invoke("stats", "--pdf", notes, "--force").exit_code == 0
    assert notes.read_bytes().startswith(b"%PDF")
    assert invoke("stats", "--pdf", notes).exit_code == 0  # a PDF now: replaced without --force


def test_stats_pdf_with_nothing_finished_writes_nothing(database, tmp_path):
    from conftest import invoke

    out = tmp_path / "stats.pdf"
    result = invoke("stats", "--pdf", out)
    assert result.exit_code == 1
    assert result.stderr == f"Error: no finished session to put in the report: {out} is not written\n"
    assert not out.exists()


def test_stats_pdf_and_json_are_one_or_the_other(stored, tmp_path):
    from conftest import invoke

    result = invoke("stats", "--pdf", tmp_path / "x.pdf", "--json")
    assert result.exit_code == 2 and "--pdf" in result.stderr and not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("code", ["fa", "zh-Hant", "ar", "ru"])
def test_stats_pdf_in_every_language(stored, tmp_path, code):
    from conftest import invoke

    out = tmp_path / f"stats-{code}.pdf"
    result = invoke("--lang", code, "stats", "--pdf", out)
    assert result.exit_code == 0, result.stderr
    assert unembedded(out.read_bytes()) == [] and "Scores over time" not in "".join(texts(out.read_bytes()))


# --- the charts: tied points each seen, the histogram mirrored right to left (issue 22, point 8) -----------------

def test_tied_points_are_moved_apart_so_that_each_shows():
    from scorepad.sheets.charts import MARKER, MARKER_GAP, apart

    chart = {"x_range": [-0.5, 2.5], "y_range": [0, 100], "series": [
        {"name": "Ana", "points": [[0, 40], [1, 60], [2, 30]]},
        {"name": "Ben", "points": [[0, 40], [1, 20], [2, 30]]},
        {"name": "Cy", "points": [[0, 10], [1, 60.5], [2, 30]]}]}
    ana, ben, cy = apart(chart, 300, 200)  # 100 points a session, 2 points a unit of the totals
    step = (MARKER + MARKER_GAP) / 100  # a mark and a gap, in sessions
    assert (ana[0], ben[0], cy[0]) == ((-step / 2, 40), (step / 2, 40), (0, 10))  # the tie apart, Cy alone
    assert (ana[1], ben[1], cy[1]) == ((1 - step / 2, 60), (1, 20), (1 + step / 2, 60.5))  # 1 point apart: touching
    assert (ana[2], ben[2], cy[2]) == ((2 - step, 30), (2, 30), (2 + step, 30))


def _x_of(pdf: bytes, wanted: set[str]) -> dict[str, float]:
    """Where each of these texts starts on the first page (its x in points)."""
    found = {}

    def visit(text, cm, tm, font, size):
        if text.strip() in wanted:
            found[text.strip()] = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("code, mirrored", [("en", False), ("fa", True), ("ar", True)])
def test_the_histogram_runs_from_the_right_on_a_right_to_left_page(speaking, code, mirrored):
    speaking(code)
    data = report.build([session(1, "lost-cities", "2026-01-04", {"Ana": 40, "Ben": 41})])
    totals = data["pages"][0]["totals"]
    totals["edges"][0][1], totals["edges"][-1][1] = "LOWEST", "HIGHEST"
    totals["y_ticks"][-1][1] = "MOSTOFTEN"
    x = _x_of(pdf_of(data), {"LOWEST", "HIGHEST", "MOSTOFTEN"})
    # as the win-rate bars: the totals from the right, the counts on the right, on a Persian or Arabic page
    assert (x["LOWEST"] > x["HIGHEST"]) == mirrored
    assert (x["MOSTOFTEN"] > x["HIGHEST"]) == mirrored and (x["MOSTOFTEN"] > x["LOWEST"]) == mirrored
