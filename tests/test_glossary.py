"""docs/glossary.md, the translators' terms: one table per language, every term with its source.

A source is a summary (`002 «貧困»`: the quoted words are in shared/summaries/002_….txt, checked here when the
summaries are at hand) or `not in the summaries: our choice, because …`. The four tables name the same concepts,
so no game's words are missing in any language, and each language has its five game titles.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGUAGES = {"fa": "Persian (fa)", "ar": "Arabic (ar)", "zh-Hant": "Traditional Chinese (zh-Hant)",
             "ru": "Russian (ru)"}
TERMS_HEADER = ["English concept", "term", "where it comes from", "note"]
TITLES_HEADER = ["game", "title", "kind", "how we know"]
GAMES = ["Lost Cities", "Next Station: London", "London (first edition, 2010)", "London (second edition, 2017)",
         "Chinatown"]
SUMMARY_IDS = ("000", "001", "002", "003", "004")
CITATION = re.compile(r"\b(00[0-4]) «([^»]+)»")
OUR_CHOICE = "not in the summaries: our choice, because "
ZWNJ = "\u200c"  # the Persian summaries were received without it; the glossary writes it


def sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {title.strip(): body for title, body in zip(parts[1::2], parts[2::2])}


def table(body: str, header: list[str]) -> list[list[str]]:
    """The rows of the first Markdown table in `body` with this header."""
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if cells(line) == header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(cells(row))
            return rows
    raise AssertionError(f"no table with the columns {header}")


def cells(line: str) -> list[str]:
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return []
    return [c.strip() for c in line[1:-1].split("|")]


TEXT = GLOSSARY.read_text(encoding="utf-8")
SECTIONS = sections(TEXT)
TERMS = {code: table(SECTIONS[title], TERMS_HEADER) for code, title in LANGUAGES.items() if title in SECTIONS}


def term(code: str, concept: str) -> str:
    return next(row[1] for row in TERMS[code] if row[0] == concept)


def source(code: str, concept: str) -> str:
    return next(row[2] for row in TERMS[code] if row[0] == concept)


def test_one_terms_table_per_language():
    assert [title for title in LANGUAGES.values() if title in SECTIONS] == list(LANGUAGES.values())
    for code, rows in TERMS.items():
        assert len(rows) >= 90, code


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_term_names_its_source(code):
    for row in TERMS[code]:
        assert len(row) == 4, row
        concept, word, where, _note = row
        assert concept and word, row
        cited = CITATION.findall(where)
        if where.startswith(OUR_CHOICE):
            assert len(where) > len(OUR_CHOICE) + 10, f"{concept}: say why"
        else:
            assert CITATION.match(where), f"{code} {concept}: the source must quote a summary or say why: {where!r}"
        assert all(summary in SUMMARY_IDS for summary, _quote in cited)


def test_the_tables_cover_the_same_concepts():
    """Every game's words in every language: the four tables name the same concepts, in the same order."""
    concepts = {code: [row[0] for row in rows] for code, rows in TERMS.items()}
    first = concepts["fa"]
    assert len(set(first)) == len(first), "a concept appears twice"
    for code, names in concepts.items():
        assert names == first, code


@pytest.mark.parametrize("code, concept, word", [
    # the terms issue 11 names, from the summaries
    ("fa", "poverty", "فقر"), ("fa", "debt (the flat-penalties variant)", "بدهی"),
    ("zh-Hant", "poverty", "貧困"), ("zh-Hant", "loan", "貸款"), ("zh-Hant", "borough", "行政區"),
    ("zh-Hant", "city card", "城市卡"), ("zh-Hant", "prestige (second edition)", "聲望"),
    ("ru", "line (an Underground line)", "ветка"), ("ru", "controller (turns the station cards)", "контролёр"),
    ("ru", "district", "район"), ("ru", "Thames", "Темза"),
])
def test_the_issues_terms(code, concept, word):
    assert term(code, concept) == word


def test_arabic_wagers_and_expeditions_come_from_the_arabic_summary():
    for concept in ("wager card", "expedition", "number card"):
        assert source("ar", concept).startswith("003 «"), concept


def test_every_summary_term_is_sourced_from_its_own_games_summary_or_said_why():
    """A quote is a summary's words: it is never a bare word without the file it is in."""
    for code, rows in TERMS.items():
        for row in rows:
            assert "«" not in row[2] or CITATION.search(row[2]) or row[2].startswith(OUR_CHOICE), (code, row)


@pytest.mark.parametrize("code", LANGUAGES)
def test_five_game_titles(code):
    rows = table(SECTIONS[LANGUAGES[code]], TITLES_HEADER)
    assert [row[0] for row in rows] == GAMES
    for game, title, kind, how in rows:
        assert title and how, game
        assert kind.startswith(("published", "original")), (game, kind)
        if kind.startswith("original") and "as summary" not in kind:
            assert title == game.split(" (")[0], (game, title)  # the original title, as it is


def test_published_titles():
    nsl = table(SECTIONS[LANGUAGES["ru"]], TITLES_HEADER)[1]
    assert nsl[1] == "Следующая станция: Лондон"
    assert table(SECTIONS[LANGUAGES["zh-Hant"]], TITLES_HEADER)[1][1] == "下一站：倫敦"


@pytest.mark.parametrize("code", LANGUAGES)
def test_style_section(code):
    body = SECTIONS[LANGUAGES[code]]
    style = body.split("### Style", 1)[1]
    for topic in ("Register", "Numbers", "Plural forms", "Addressing the player", "Typed words"):
        assert f"**{topic}" in style or topic.lower() in style.lower(), (code, topic)
    for word in ("undo", "fix", "help", "yes", "no", "wager"):
        assert re.search(rf"\b{word}\b", style.split("Typed words", 1)[1]), (code, word)


def summaries_dir() -> Path | None:
    candidates = [os.environ.get("SCOREPAD_SUMMARIES"), ROOT.parent / "shared" / "summaries",
                  ROOT.parent.parent / "shared" / "summaries"]
    return next((Path(c) for c in candidates if c and (Path(c) / "README.md").exists()), None)


def normal(text: str) -> str:
    return " ".join(text.replace(ZWNJ, "").split())


QUOTES = sorted({(summary, quote, code) for code, rows in TERMS.items() for row in rows
                 for summary, quote in CITATION.findall(row[2])})


@pytest.mark.parametrize("summary, quote, code", QUOTES, ids=[f"{s}-{c}-{i}" for i, (s, q, c) in enumerate(QUOTES)])
def test_quotes_are_in_the_summaries(summary, quote, code):
    folder = summaries_dir()
    if folder is None:
        pytest.skip("the rule summaries (shared/summaries) are not on this machine; set SCOREPAD_SUMMARIES")
    (path,) = folder.glob(f"{summary}_*.txt")
    assert normal(quote) in normal(path.read_text(encoding="utf-8")), f"{quote!r} is not in {path.name}"
