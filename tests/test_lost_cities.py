"""Lost Cities scoring against the worked examples of shared/rules/lost-cities-and-next-station-london.md part A."""

import io

import pypdf
import pytest
from conftest import LC11

from calculators.core import InvalidInput
from calculators.lost_cities import (OFFICIAL, VARIANTS, check_expedition, check_round, rules_for, score,
                                     score_expedition)
from scorepad import i18n, sheets
from scorepad.games import by_slug
from scorepad.games.lost_cities.notation import format_cards, parse_cards

by_slug("lost-cities")  # scorepad.words learns the game's wording: the refusals below read as scorepad says them

W = "W"
AR = rules_for(["bonus-numbers-only", "wagers-alone-score-zero"])  # the Arabic summary's reading (A4)


@pytest.mark.parametrize("cards, official, arabic", [
    ([3, 5, 6, 7, 9], 10, 10),                                  # LC-1
    ([W, 4, 6, 7], -6, -6),                                     # LC-2: negative results are doubled
    ([W], -40, 0),                                              # LC-3a: wagers alone are a started expedition
    ([W, W], -60, 0),                                           # LC-3b
    ([W, W, W], -80, 0),                                        # LC-3c: official minimum
    ([W, W, 4, 5, 6, 7, 8, 10], 80, 60),                        # LC-4a: 8 cards only thanks to wagers
    ([W, W, W, 2, 3, 4, 5, 6], 20, 0),                          # LC-4b: zero base, bonus still earned
    ([2, 3, 4, 5, 6, 7, 8, 9], 44, 44),                         # LC-5a
    ([2, 3, 4, 5, 6, 7, 8, 9, 10], 54, 54),                     # LC-5b
    ([W, 4, 5, 6, 7, 8, 9], 38, 38),                            # LC-6: 7 cards, no bonus
    ([W, W, W, 2, 3, 4, 5, 6, 7, 8, 9, 10], 156, 156),          # LC-7a: maximum
    ([W, W, W, 2], -72, -72),                                   # LC-7b: minimum under AR
    ([], 0, 0),                                                 # unstarted: no cost
])
def test_single_expeditions(cards, official, arabic):
    assert score_expedition(cards).score == official
    assert score_expedition(cards, AR).score == arabic


@pytest.mark.parametrize("variants, cards, expected", [
    (["bonus-numbers-only"], [W, W, 4, 5, 6, 7, 8, 10], 60),   # AR-1 alone
    (["bonus-numbers-only"], [W], -40),                        # ...keeps the wager-only cost
    (["wagers-alone-score-zero"], [W, W], 0),                   # AR-2 alone
    (["wagers-alone-score-zero"], [W, W, 4, 5, 6, 7, 8, 10], 80),  # ...keeps wagers in the bonus count
])
def test_each_variant_alone(variants, cards, expected):
    assert score_expedition(cards, rules_for(variants)).score == expected


# A6: some sources multiply first and take 20 off once; these cases catch that reading.
@pytest.mark.parametrize("cards, official, multiply_first", [
    ([W, 4, 6, 7], -6, 14),
    ([W, W, W, 2, 3, 4, 5, 6], 20, 80),
    ([W], -40, -20),
    ([W, W, W, 2, 3, 4, 5, 6, 7, 8, 9, 10], 156, 216),
])
def test_multiply_first_misreading_does_not_happen(cards, official, multiply_first):
    result = score_expedition(cards).score
    assert result == official
    assert result != multiply_first


def test_lc8_published_round():  # LC-8 (MB): 36, the same under the Arabic reading
    columns = {"red": [W, 2, 5, 7, 8, 9, 10], "green": [2, 3, 6, 8, 10], "white": [W, 5, 6, 8, 9],
               "blue": [6, 9, 10], "yellow": [W, W, 8]}
    table = {"game": "lost-cities", "players": ["MB", "X"], "rounds": [{"MB": columns, "X": {}}]}
    assert score(table).standings[0].total == 36
    assert score({**table, "variants": ["bonus-numbers-only", "wagers-alone-score-zero"]}).standings[0].total == 36


LC9 = {  # LC-9: a full 2-player round, classic colours
    "Ana": {"yellow": [W, 3, 4, 6, 8, 9], "blue": [2, 5, 7, 10], "green": [W, W], "red": [4, 6, 7, 8, 9, 10]},
    "Ben": {"white": [W, W, 2, 3, 4, 5, 6, 7], "blue": [W, 3, 4, 6, 8, 9], "green": [5, 8], "red": [2, 3, 5]},
}
LC11_GAME2 = {
    "Ana": {"yellow": [4, 5, 7, 8, 10], "white": [W, 3, 6, 7, 9], "blue": [2, 3, 6, 9, 10], "red": [W, 5, 6, 8, 9, 10]},
    "Ben": {"yellow": [2, 3, 6, 9], "green": [W, W, 3, 4, 5, 6, 7, 8], "white": [2, 4, 5, 8, 10], "red": [2, 3, 4]},
}
LC11_GAME3 = {
    "Ana": {"blue": [W, W, 5, 7], "red": [3, 4, 6, 7, 8, 9, 10], "green": [2, 5, 8, 10]},
    "Ben": {"white": [2, 4, 5, 6, 7, 8, 9, 10], "yellow": [W, 3], "green": [W, 3, 4, 6, 7, 9]},
}


def _table(rounds, variants=()):
    return {"game": "lost-cities", "variants": list(variants), "players": ["Ana", "Ben"], "rounds": rounds}


@pytest.mark.parametrize("variants, ana, ben, winners", [
    ([], -12, 44, ["Ben"]),
    (["bonus-numbers-only", "wagers-alone-score-zero"], 48, 24, ["Ana"]),  # the summary flips the winner
])
def test_lc9_full_round(variants, ana, ben, winners):
    result = score(_table([LC9], variants))
    totals = {s.player: s.total for s in result.standings}
    assert totals == {"Ana": ana, "Ben": ben}
    assert result.winners == winners


def test_lc9_breakdown_per_colour():
    ben = {s.player: s for s in score(_table([LC9])).standings}["Ben"]
    assert ben.parts == {"yellow": 0, "blue": 20, "white": 41, "green": -7, "red": -10}
    assert sum(ben.parts.values()) == ben.total


@pytest.mark.parametrize("variants, ana_rounds, ben_rounds, ana, ben", [
    ([], [-12, 70, 8], [44, 57, 35], 66, 136),                                            # LC-11 official
    (["bonus-numbers-only", "wagers-alone-score-zero"], [48, 70, 8], [24, 37, 35], 126, 96),  # LC-11 AR
])
def test_lc11_three_game_match(variants, ana_rounds, ben_rounds, ana, ben):
    result = score(_table([LC9, LC11_GAME2, LC11_GAME3], variants))
    by = {s.player: s for s in result.standings}
    assert (by["Ana"].rounds, by["Ana"].total) == (tuple(ana_rounds), ana)
    assert (by["Ben"].rounds, by["Ben"].total) == (tuple(ben_rounds), ben)
    assert result.standings[0].player == ("Ben" if ben > ana else "Ana")


def test_lc10_long_game_with_purple():
    ana = {"yellow": [W, 2, 4, 5, 7, 9, 10], "white": [6, 8, 10], "green": [W, W, W, 3, 5, 6, 7, 8],
           "red": [2, 3, 4, 5, 6, 7, 8, 9, 10], "purple": [W, 4]}
    ben = {"yellow": [3, 6, 8], "white": [W, W, 2, 3, 4, 5, 7, 9], "blue": [W, 5, 6, 7, 8, 9, 10],
           "green": [2, 4, 9, 10], "purple": [W, W]}
    rounds = [{"Ana": ana, "Ben": ben}]
    official = {s.player: s.total for s in score(_table(rounds, ["purple"])).standings}
    arabic = {s.player: s.total for s in score(_table(rounds, ["purple", "bonus-numbers-only",
                                                              "wagers-alone-score-zero"])).standings}
    assert official == {"Ana": 116, "Ben": 42}
    assert arabic == {"Ana": 96, "Ben": 82}


def test_json_shape_matches_the_spec():
    out = score(_table([LC9, LC11_GAME2, LC11_GAME3])).to_json()
    assert out["game"] == "lost-cities" and out["variants"] == [] and out["winners"] == ["Ben"]
    assert [(s["player"], s["rank"], s["total"], s["rounds"]) for s in out["standings"]] == [
        ("Ben", 1, 136, [44, 57, 35]), ("Ana", 2, 66, [-12, 70, 8])]
    for s in out["standings"]:
        assert sum(s["parts"].values()) == s["total"]


def test_tie_shares_rank_and_both_win():
    table = _table([{"Ana": {"red": [3, 5, 6, 7, 9]}, "Ben": {"blue": [3, 5, 6, 7, 9]}}])
    result = score(table)
    assert [(s.player, s.rank) for s in result.standings] == [("Ana", 1), ("Ben", 1)]
    assert result.winners == ["Ana", "Ben"]


def test_lower_case_wager_accepted():
    assert check_expedition(["w", "W", 3]) == (W, W, 3)


@pytest.mark.parametrize("cards, message", [
    ([3, W], "wager after 3: wagers go before the first number"),
    ([5, 3], "3 after 5: numbers must go up"),
    ([4, 4], "4 appears twice"),
    ([1], "1 is not a card"),
    ([11], "11 is not a card"),
    (["3"], "'3' is not a card"),
    ([3.0], "3.0 is not a card"),
    ([True], "True is not a card"),
    ([W, W, W, W], "4 wagers; each colour has 3"),
    ("W 3", "is not a list of cards"),
])
def test_bad_expedition(cards, message):
    with pytest.raises(InvalidInput, match=message) as error:
        check_expedition(cards, round=2, player="Ana", colour="blue")
    assert str(error.value).startswith("round 2, player Ana, blue: ")


def test_deck_check_across_both_players():
    with pytest.raises(InvalidInput, match=r"^round 1, player Ben, red: red 7 is already in Ana's expedition"):
        check_round({"Ana": {"red": [7]}, "Ben": {"red": [5, 7]}}, OFFICIAL, round=1)
    with pytest.raises(InvalidInput, match=r"player Ben, red: 4 red wagers in this game across both players"):
        check_round({"Ana": {"red": [W, W]}, "Ben": {"red": [W, W]}}, OFFICIAL, round=1)


def test_purple_needs_its_variant():
    with pytest.raises(InvalidInput, match="unknown colour 'purple' \\(needs the purple variant\\)"):
        score(_table([{"Ana": {"purple": [3]}, "Ben": {}}]))


@pytest.mark.parametrize("table, message", [
    ({"game": "lost-cities", "players": ["Ana"], "rounds": [{"Ana": {}}]}, "players: 1 player; this game takes 2"),
    ({"game": "lost-cities", "players": ["Ana", " Ana "], "rounds": []}, "players: 'Ana' appears twice"),
    ({"game": "lost-cities", "players": ["Ana", ""], "rounds": []}, "players: empty name"),
    (_table([]), "rounds: 0 rounds; this game takes 1–20"),
    ({**_table([{"Ana": {}}])}, "round 1, player Ben: missing from this round"),
    (_table([{"Ana": {}, "Ben": {}, "Cy": {}}]), "round 1: unknown player 'Cy'"),
    (_table([{"Ana": {}, "Ben": {}, "Ben ": {}}]), "round 1: 'Ben ' appears twice"),
    (_table([{"Ana": {"red": None}, "Ben": {}}]), "round 1, player Ana, red: None is not a list of cards"),
    (_table([{"Ana": [], "Ben": {}}]), "round 1, player Ana: inputs must be an object"),
    (_table(["x"]), "round 1: must map each player's name to their inputs"),
    (_table([{"Ana": {}, "Ben": {}}], ["pink"]), "variants: unknown variant 'pink'"),
    ({**_table([{"Ana": {}, "Ben": {}}]), "notes": "x"}, "notes: unknown top-level key 'notes'"),
    ({**_table([{"Ana": {}, "Ben": {}}]), "game": "chess"}, "game: expected 'lost-cities', got 'chess'"),
    (_table([{"Ana": {"yelow": [3]}, "Ben": {}}]), "round 1, player Ana, yelow: unknown colour 'yelow'"),
    ({**_table([{"Ana": {}, "Ben": {}}]), "final": {}}, "final: this game has no final inputs"),
])
def test_bad_tables(table, message):
    with pytest.raises(InvalidInput) as error:
        score(table)
    assert str(error.value).startswith(message)


def test_names_are_trimmed():
    table = {"game": "lost-cities", "players": [" Ana", "Ben "], "rounds": [{"Ana": {}, "Ben ": {}}]}
    assert [s.player for s in score(table).standings] == ["Ana", "Ben"]


# --- the refusals as data, and typed in another language's digits and words (issue 11) --------------------

@pytest.mark.parametrize("cards, code, values", [
    ([3, W], "lost-cities.wager-after-number", {"last": 3}),
    ([5, 3], "lost-cities.not-up", {"card": 3, "last": 5}),
    ([4, 4], "lost-cities.card-twice", {"card": 4}),
    ([11], "lost-cities.not-a-card", {"card": 11, "wager": "W", "low": 2, "high": 10}),
    ([W, W, W, W], "lost-cities.too-many-wagers", {"wagers": 4, "most": 3}),
    ("W 3", "lost-cities.not-a-list", {"cards": "W 3"}),
])
def test_an_expedition_refused_is_a_code_and_values(cards, code, values):
    with pytest.raises(InvalidInput) as error:
        check_expedition(cards, round=2, player="Ana", colour="blue")
    assert (error.value.code, error.value.values) == (code, values)
    assert (error.value.round, error.value.player, error.value.field) == (2, "Ana", "blue")


def test_the_deck_refusals_are_codes_with_the_colour_key():
    with pytest.raises(InvalidInput) as error:
        check_round({"Ana": {"red": [7]}, "Ben": {"red": [5, 7]}}, OFFICIAL, round=1)
    assert (error.value.code, error.value.values) == ("lost-cities.card-taken",
                                                      {"colour": "red", "card": 7, "owner": "Ana"})
    with pytest.raises(InvalidInput) as error:
        check_round({"Ana": {"pink": [3]}}, OFFICIAL, round=1)
    assert error.value.code == "lost-cities.unknown-colour"
    assert error.value.values == {"colour": "pink", "colours": ("yellow", "blue", "white", "green", "red")}
    assert str(error.value) == ("round 1, player Ana, pink: unknown colour 'pink' "
                                "(colours: yellow, blue, white, green, red)")


def test_every_code_has_its_wording():
    import re
    from pathlib import Path

    from scorepad.games import lost_cities as package

    phrases = by_slug("lost-cities").phrases
    code = "".join(path.read_text() for path in Path(package.__file__).parent.glob("*.py"))
    raised = set(re.findall(r'"(lost-cities\.[a-z-]+)"', code + Path(score.__code__.co_filename).read_text()))
    assert raised == set(phrases), raised ^ set(phrases)


class Persian:
    """A stand-in catalogue: the typed word for a wager is ش (شرط), as a Persian translator might give it."""

    def pgettext(self, context, message):
        return "ش" if (context, message) == ("typed word", "w") else message

    def gettext(self, message):
        return message

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural


@pytest.mark.parametrize("typed, cards", [
    ("۳ ۵ ۹", [3, 5, 9]),            # Persian digits
    ("٣٥٩", [3, 5, 9]),              # Arabic-Indic digits
    ("w w ۱۰", [W, W, 10]),          # Persian 10
    ("ww٣٥٩١٠", [W, W, 3, 5, 9, 10]),
    ("۲،۳،۰", [2, 3, 10]),           # the Arabic comma between cards
    ("ش ش ۴ ۵", [W, W, 4, 5]),       # the language's own word for a wager, beside w
    ("wش۴", [W, W, 4]),
])
def test_cards_typed_in_persian_or_arabic(typed, cards, speak):
    from scorepad import i18n
    from scorepad.games.lost_cities.notation import parse_cards

    speak("fa", Persian())
    assert parse_cards(typed) == cards


def test_the_own_word_is_not_a_wager_in_english():
    from scorepad.games.lost_cities.notation import parse_cards

    with pytest.raises(InvalidInput) as error:
        parse_cards("ش ۴", round=1, player="Ana", field="blue")
    assert (error.value.code, error.value.values) == ("lost-cities.not-a-typed-card", {"char": "ش"})
    assert error.value.message == "'ش' is not a card: w for a wager, 2–9, and 10 (or 0) for ten"
    with pytest.raises(InvalidInput) as error:
        parse_cards("۱")
    assert error.value.code == "lost-cities.no-card-one"


def test_a_match_typed_in_persian_digits_scores_as_typed_in_western(store, speak):
    """LC-11 played at the prompts in Persian and Arabic-Indic digits, wagers typed ش: Ben 136, Ana 66."""
    from conftest import LC11_TYPED, run

    from scorepad import i18n
    from scorepad.games import by_slug
    from scorepad.table.changes import new_doc

    speak("fa", Persian())
    persian, arabic = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"), str.maketrans("0123456789w", "٠١٢٣٤٥٦٧٨٩ش")
    typed = [answer.translate(persian if n % 2 else arabic)
             for game in LC11_TYPED for n, answer in enumerate(game)]
    session_id = store.insert(new_doc(by_slug("lost-cities"), ("Ana", "Ben"), (), 3))
    session, prompter, text = run(store, session_id, ["Ben"] + typed)
    assert prompter.refused == []
    assert [(s.player, s.total) for s in session.score().standings] == [("Ben", 136), ("Ana", 66)]
    assert session.get("rounds", 0, "Ana", "yellow") == [W, 3, 4, 6, 8, 9]
    assert "ش = wager" in text  # the notation names the language's word


def test_the_breakdown_and_the_sheet_word_the_colours():
    from conftest import LC11

    game = by_slug("lost-cities")
    result = score(LC11)
    assert "  yellow" in game.breakdown(result) and "Breakdown:" in game.breakdown(result)
    data = game.sheet(result, players=["Ana", "Ben"])
    first = data["grids"]["game"][0]["rows"]
    assert [(row["label"], row["key"]) for row in first][:2] == [("Yellow", "Yellow"), ("Blue", "Blue")]
    assert data["notes"] == ["Score = (card sum − 20) × (1 + wagers); +20 if 8 or more cards. "
                             "Unstarted expedition: 0."]
    assert data["fields"]["winner"] == "Ben" and data["fields"]["variants"] == "official rules"
    from scorepad import sheets
    assert sheets.load_template("lost-cities")["page"]["notes"] == data["notes"]  # the template's fallback


def test_the_cards_on_the_sheet_stand_apart():
    """Issue 22: `4 6 7 8 9 10` read as one number in the sheet's narrow column. The cards are an en space apart,
    on one line or, for a long expedition, two lines as far apart (not one line shrunk below the second's size)."""
    game = by_slug("lost-cities")
    data = game.sheet(score(LC11), players=["Ana", "Ben"])
    cards = {row["cards"] for grid in data["grids"]["game"] for row in grid["rows"]} - {"—"}
    assert "4\u20026\u20027\u20028\u20029\u200210" in cards and all(" " not in text for text in cards)
    buf = io.BytesIO()
    sheets.render(sheets.load_template(game.template), data, buf)
    drawn = []
    pypdf.PdfReader(buf).pages[0].extract_text(visitor_text=lambda text, cm, tm, font, size: drawn.append(
        (text.strip(), size)))
    lines = {text: size for text, size in drawn if text.replace("\u2002", "").replace("W", "").isdigit()}
    assert "4\u20026\u20027\u20028\u20029\u200210" in lines and "W\u2002W\u20022\u20023\u20024" in "".join(lines)
    assert all(" " not in line and size >= 8 for line, size in lines.items())  # the second line's cards apart too


# Letters that read as a digit in a row of cards: the Arabic alif beside the Arabic-Indic and Persian one, the Latin
# l, I, O and o beside 1 and 0.
LOOK_LIKE_DIGITS = "ا١۱lI|Oo٠۰"


@pytest.mark.parametrize("code", ["en", "fa", "ar", "zh-Hant", "ru"])
def test_no_language_writes_a_wager_as_a_digit_lookalike(code):
    """Issue 22: the Arabic sheet's wager (ا) read as a 1 before the cards: `ا 3 4 6` as `1 3 4 6`."""
    with i18n.speaking(code):
        mark = format_cards([W])
        assert mark and not set(mark) & set(LOOK_LIKE_DIGITS), mark
        assert parse_cards(f"{mark} 3") == [W, 3]  # typed back, it is a wager


def test_the_variants_are_explained_with_the_calculators_values():
    variants = by_slug("lost-cities").variants
    assert tuple(variants) == VARIANTS
    assert variants["purple"] == "sixth expedition (2019 long game): 72 cards, purple scores like the other 5"
    assert variants["wagers-alone-score-zero"] == ("an expedition of wagers only scores 0 instead of "
                                                   "−40/−60/−80 (Arabic summary)")
    assert "+20 bonus needs 8 number cards" in variants["bonus-numbers-only"]
