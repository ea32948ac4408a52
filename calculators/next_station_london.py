"""Next Station: London (Blue Orange, Matthew Dunstan): line scores, the tourist track, interchanges, the deck, pencils.

Sources: shared/rules/lost-cities-and-next-station-london.md part B (official rulebook NSL-RB, BGA help
NSL-BGA, the engine transcription NSL-ENG); the contract is shared/spec/table-format.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from calculators.core import (InvalidInput, Phrase, Result, check_table, is_int, rank, require_int, standings, unknown_keys)

GAME: Final = "next-station-london"
PLAYERS: Final = (1, 2, 3, 4)  # NSL-RB cover
ROUNDS: Final = range(1, 5)  # one line per pencil colour; a table may hold 1–4 rounds (spec)
DEFAULT_ROUNDS: Final = 4

# Round inputs and their ranges (spec). Stations go to 10: the circle power can add 1 (NSL-RB, NSL-3).
DISTRICTS: Final = 13  # 9 main + 4 secondary districts (NSL-RB)
MAX_STATIONS: Final = 10
TOURIST_SITES: Final = 5  # compass-marked sites, the Central Station among them (NSL-RB)
# What the deck allows (spec): a round turns at most 10 of the 11 cards (the Switch turns with the next
# one), one section a turn, so a line has at most 10 sections and 11 stations; each section passes
# under the Thames at most once. MAX_SECTIONS is derived from DECK below.
CROSSINGS_PER_SECTION: Final = 1
CIRCLE_EXTRA: Final = 1  # the circle power's station counts twice in its district (NSL-RB, NSL-3)
LINE_FIELDS: Final = ("districts", "stations", "thames", "tourist")
SECTIONS: Final = "sections"  # the additive-lines variant's extra cell (summary 004, RU-1)
THAMES_POINTS: Final = 2  # per crossing (NSL-RB)

# Leftmost uncrossed circle of the tourist track, by circles crossed 0…10 (NSL-RB, NSL-ENG, NSL-KD, NSL-CJ).
TOURIST_TRACK: Final = (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25)
TOURIST_CAP: Final = len(TOURIST_TRACK) - 1  # extra crossings are simply skipped (NSL-RB)

# Interchange stations by the number of lines through them (NSL-RB, NSL-ENG, NSL-CJ `[2, 5, 9]`).
INTERCHANGE_POINTS: Final = {"2": 2, "3": 5, "4": 9}
FINAL_FIELDS: Final = ("interchanges", "objectives")
OBJECTIVE_POINTS: Final = 10  # per shared objective completed (NSL-RB)
OBJECTIVES_IN_PLAY: Final = 2

# The variants by name (spec), both from summary 004 (Russian); what each means is worded in
# scorepad/games/next_station_london/, as is everything below that a person reads.
VARIANTS: Final = ("additive-lines", "no-interchanges")

# Optional modules (NSL-RB "advanced"): they change play, not the arithmetic (objectives: +10 each).
MODULES: Final = ("objectives", "powers")

# The 5 shared objectives (NSL-RB), by a short key (the card's name a table types), with the figure each asks for.
OBJECTIVES: Final = ("interchanges", "districts", "tourist", "central", "thames")
OBJECTIVE_INTERCHANGES: Final = 8  # at least 8 interchange stations
CENTRAL_STATIONS: Final = 9  # all 9 stations of the central district
OBJECTIVE_THAMES: Final = 6  # the Thames crossed at least 6 times, all lines together
# What a completed objective needs of the player's own figures (spec): card -> (the figure, the least it takes).
# Each is a bound the figures must reach, not proof: 6 crossings over the lines, 8 interchange stations, 5
# tourist sites over the lines (a site on two lines counts twice), and lines reaching the 13 districts in all.
# The central district's 9 stations leave no trace in the figures.
OBJECTIVE_NEEDS: Final = {"thames": ("thames", OBJECTIVE_THAMES),
                          "interchanges": ("interchanges", OBJECTIVE_INTERCHANGES),
                          "tourist": ("tourist", TOURIST_SITES), "districts": ("districts", DISTRICTS)}

# The 4 pencil powers (icons only on the cards; names from NSL-ENG, NSL-Q4).
POWERS: Final = ("double", "joker", "switch", "circle")

# The four pencils in the order the setup lays them round the table (NSL-4: A pink, B green, C blue,
# the spare purple on A's right).
PENCILS: Final = ("pink", "green", "blue", "purple")

# Solo: 10 off per module used, then the rulebook's bands (NSL-RB). The printed bounds ("< 90",
# "91 < … < 105", …) leave 90, 105, 120, 135 and 150 open (NSL-Q5); here each goes to the lower band.
SOLO_MODULE_PENALTY: Final = 10
SOLO_BAND_TOPS: Final = (90, 105, 120, 135, 150)  # the top of each band but the best, which has none
# Each band as (lowest, highest) score; None: no bound (the lowest band and the best).
SOLO_BANDS: Final = tuple(zip((None, *(top + 1 for top in SOLO_BAND_TOPS)), (*SOLO_BAND_TOPS, None)))


# --- the station deck ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """A station card: Street (blue back) or Underground (pink-and-yellow); a symbol, joker, or the Switch."""

    kind: str  # "street" | "underground"
    face: str  # "square" | "triangle" | "pentagon" | "circle" | "joker" | "switch"

    @property
    def underground(self) -> bool:
        return self.kind == "underground"

    @property
    def name(self) -> str:
        return f"{self.kind}-{self.face}"


SYMBOLS: Final = ("square", "triangle", "pentagon", "circle")
# 6 Street cards (the 4 symbols, a joker, the Railroad Switch) and 5 Underground (4 symbols, a joker):
# NSL-RB, NSL-TUT, NSL-BZ, NSL-ENG `build_deck()`.
DECK: Final = tuple(Card("street", f) for f in (*SYMBOLS, "joker", "switch")) + \
    tuple(Card("underground", f) for f in (*SYMBOLS, "joker"))
MAX_SECTIONS: Final = len(DECK) - 1  # 10 turns at most: the Switch and the card after it are one turn
MAX_LINE_STATIONS: Final = MAX_SECTIONS + 1  # the departure station and one more per section
MAX_THAMES: Final = CROSSINGS_PER_SECTION * MAX_SECTIONS
# Interchanges: a station on k lines is k of the at most 4 × 11 stations the four lines hold (spec).
MAX_NETWORK_STATIONS: Final = len(PENCILS) * MAX_LINE_STATIONS
UNDERGROUND_TO_END: Final = 5  # the round ends on the 5th Underground card (NSL-RB; not the 5th of any kind, RU-6)
SWITCH_IGNORED_TURNS: Final = 2  # a Switch on turn 1 or 2 is ignored (NSL-RB)


def shuffle(seed: Any, round: int) -> tuple[Card, ...]:
    """The 11 cards in the order they are turned in `round` (0-based), the same for the same seed.

    >>> len(shuffle(7, 0)), shuffle(7, 0) == shuffle(7, 0), shuffle(7, 0) == shuffle(7, 1)
    (11, True, False)
    """
    cards = list(DECK)
    random.Random(f"{seed}:deck:{round}").shuffle(cards)
    return tuple(cards)


def turns(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The turns of a round: one card each, or the Switch with the next card, which is turned at once.

    The round ends with the turn that shows the 5th Underground card; the cards after it are not used.
    The Switch always takes the next card with it, even on turns 1–2 where its branch is ignored
    (NSL-ENG; NSL-Q3), so 11 cards make at most 10 turns, as NSL-RB says (5–10).
    """
    out: list[tuple[Card, ...]] = []
    underground = 0
    i = 0
    while i < len(cards) and underground < UNDERGROUND_TO_END:
        turn = (cards[i], cards[i + 1]) if cards[i].face == "switch" and i + 1 < len(cards) else (cards[i],)
        underground += sum(card.underground for card in turn)
        out.append(turn)
        i += len(turn)
    return tuple(out)


def round_turns(seed: Any, round: int) -> tuple[tuple[Card, ...], ...]:
    return turns(shuffle(seed, round))


# --- pencils ------------------------------------------------------------------------------------------

def seats(players: int) -> tuple[int, ...]:
    """Each player's place among the 4 pencil places round the table, in passing order (left).

    With 3 players the spare lies between the last and the first player; with 2 a spare lies to the
    left of each player (NSL-RB). A pencil moves one place left each round: your right-hand neighbour's
    pencil, or the spare on your right, which your right-hand neighbour then refills (NSL-RB, NSL-BGA).
    """
    return {1: (0,), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[players]


def pencil_rounds(players: int, start: Sequence[str] = PENCILS) -> list[list[str]]:
    """[round][player] → the colour that player draws with; `start` is the colour at each of the 4 places.

    Solo: `start` is the order the player chose, one colour per round (NSL-RB).

    >>> pencil_rounds(3)  # NSL-4: A pink, B green, C blue, the spare purple on A's right
    [['pink', 'green', 'blue'], ['purple', 'pink', 'green'], ['blue', 'purple', 'pink'], ['green', 'blue', 'purple']]
    """
    if players == 1:
        return [[colour] for colour in start]
    return [[start[(seat - r) % 4] for seat in seats(players)] for r in range(4)]


def spare_places(players: int) -> tuple[int, ...]:
    return tuple(place for place in range(4) if place not in seats(players)) if players > 1 else ()


def deal_pencils(seed: Any) -> tuple[str, ...]:
    """The colours at the 4 places at the start (a random deal, the same for the same seed)."""
    colours = list(PENCILS)
    random.Random(f"{seed}:pencils").shuffle(colours)
    return tuple(colours)


def draw_objectives(seed: Any) -> tuple[str, ...]:
    """The 2 shared objectives of 5 in play (NSL-RB), the same for the same seed."""
    return tuple(random.Random(f"{seed}:objectives").sample(list(OBJECTIVES), OBJECTIVES_IN_PLAY))


def deal_powers(seed: Any) -> dict[str, str]:
    """Colour → power: one to each pencil, unused pencils too (NSL-RB)."""
    powers = list(POWERS)
    random.Random(f"{seed}:powers").shuffle(powers)
    return dict(zip(PENCILS, powers))


# --- rules and checks ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """The scoring choices a table's variants make."""

    additive_lines: bool = False
    interchanges_score: bool = True

    @property
    def line_fields(self) -> tuple[str, ...]:
        return ((SECTIONS,) if self.additive_lines else ()) + LINE_FIELDS


OFFICIAL: Final = Rules()


def rules_for(variants: Iterable[str]) -> Rules:
    variants = set(variants)
    return Rules(additive_lines="additive-lines" in variants, interchanges_score="no-interchanges" not in variants)


# The range of each field: (low, high or None for no top).
FIELD_RANGES: Final = {SECTIONS: (0, MAX_SECTIONS), "districts": (0, DISTRICTS), "stations": (0, MAX_STATIONS),
                       "thames": (0, MAX_THAMES), "tourist": (0, TOURIST_SITES), "objectives": (0, OBJECTIVES_IN_PLAY)}
INTERCHANGE_RANGE: Final = (0, None)



def check_field(name: str, value: Any, **where: Any) -> int:
    """One round or final number in its range, or InvalidInput naming it."""
    low, high = FIELD_RANGES[name]
    return require_int(value, low, high, **{**where, "field": where.get("field") or name})


def check_line_field(name: str, value: Any, others: Mapping[str, Any], **where: Any) -> int:
    """One field of a line in its range and possible beside the line's `others` already known (those not
    known yet are not checked): what the guided prompt and edit ask, and what scoring checks field by field.

    >>> try:
    ...     check_line_field("stations", 3, {"districts": 0}, round=1, player="Ana")
    ... except InvalidInput as error:
    ...     print(error.code, error.values, error.field)
    next-station-london.stations-without-districts {'stations': 3} stations
    """
    where = {**where, "field": where.get("field") or name}
    value = check_field(name, value, **where)
    line = {**{k: v for k, v in others.items() if k in FIELD_RANGES and k != name and _in_range(k, v)},
            name: value}
    # What one field of a line says about another (spec): districts is 0 exactly when stations is 0; at most
    # sections + 2 stations in one district; a section joins two stations; a section crosses the Thames once.
    if "districts" in line and "stations" in line and (line["districts"] == 0) != (line["stations"] == 0):
        if line["stations"] == 0:
            raise InvalidInput("next-station-london.districts-without-stations", districts=line["districts"],
                               **where)
        raise InvalidInput("next-station-london.stations-without-districts", stations=line["stations"], **where)
    if "stations" in line and SECTIONS in line:
        most = line[SECTIONS] + 1 + CIRCLE_EXTRA  # the departure station, one more a section, the circled one
        if line["stations"] > most:
            raise InvalidInput("next-station-london.stations-over-sections", stations=line["stations"],
                               sections=line[SECTIONS], more=1 + CIRCLE_EXTRA, **where)
        if line[SECTIONS] and not line["stations"]:
            raise InvalidInput("next-station-london.sections-without-stations", sections=line[SECTIONS], **where)
    if "thames" in line and SECTIONS in line and line["thames"] > CROSSINGS_PER_SECTION * line[SECTIONS]:
        raise InvalidInput("next-station-london.thames-over-sections", thames=line["thames"],
                           sections=line[SECTIONS], **where)
    return value


def _in_range(name: str, value: Any) -> bool:
    low, high = FIELD_RANGES[name]
    return is_int(value) and low <= value and (high is None or value <= high)


def check_line(inputs: Mapping[str, Any], rules: Rules = OFFICIAL, *, round: int | None = None,
               player: str | None = None) -> dict[str, int]:
    """One player's line of one round: every field present, in range, and possible beside the fields before it."""
    unknown_keys(inputs, rules.line_fields, round=round, player=player)
    checked: dict[str, int] = {}
    for name in rules.line_fields:
        if name not in inputs:
            raise InvalidInput("next-station-london.missing", round=round, player=player, field=name)
        checked[name] = check_line_field(name, inputs[name], checked, round=round, player=player)
    return checked


def check_interchanges(value: Any, *, player: str | None = None) -> dict[str, int]:
    """{"2": n, "3": n, "4": n}; a missing count is 0."""
    if not isinstance(value, dict):
        raise InvalidInput("next-station-london.interchanges-not-a-map", value=value, keys=tuple(INTERCHANGE_POINTS),
                           player=player, field="interchanges")
    for key in value:
        if key not in INTERCHANGE_POINTS:
            raise InvalidInput("next-station-london.interchanges-unknown-key", key=key,
                               keys=tuple(INTERCHANGE_POINTS), player=player, field="interchanges")
    counts = {key: require_int(value.get(key, 0), *INTERCHANGE_RANGE, player=player,
                               field=f"interchanges {key}") for key in INTERCHANGE_POINTS}
    total = sum(int(key) * n for key, n in counts.items())  # a station on k lines is k stations of lines
    if total > MAX_NETWORK_STATIONS:
        raise InvalidInput("next-station-london.too-many-interchanges", counts=counts, total=total,
                           most=MAX_NETWORK_STATIONS, lines=len(PENCILS), stations=MAX_LINE_STATIONS, player=player,
                           field="interchanges")
    return counts


def check_objectives(value: Any, modules: Iterable[str] = (), *, player: str | None = None) -> list[str] | int:
    """The shared objective cards completed, each once (spec); or, as files written before the cards were named
    hold it, a count 0–2. Any completed only with the module `objectives`."""
    where = {"player": player, "field": "objectives"}
    if isinstance(value, list):
        for name in value:
            if not isinstance(name, str) or name not in OBJECTIVES:
                raise InvalidInput("next-station-london.objective-unknown", name=name, cards=OBJECTIVES, **where)
            if value.count(name) > 1:
                raise InvalidInput("next-station-london.objective-twice", name=name, **where)
        done: list[str] | int = list(value)
    elif is_int(value):
        done = check_field("objectives", value, player=player)
    else:
        raise InvalidInput("next-station-london.objectives-not-cards", value=value, cards=OBJECTIVES,
                           most=OBJECTIVES_IN_PLAY, **where)
    modules = tuple(modules)
    if done and "objectives" not in modules:
        raise InvalidInput("next-station-london.objectives-without-module", done=completed(done), modules=modules,
                           **where)
    return done


def completed(done: list[str] | int) -> int:
    """How many objectives a player completed: the cards named, or the count of an older file."""
    return done if isinstance(done, int) else len(done)


def objective_figures(lines: Sequence[Mapping[str, Any]], interchanges: Mapping[str, int] | None) -> dict[str, int]:
    """The figures the objectives are checked against: the lines' Thames crossings, tourist sites and districts
    added up, and the interchange stations (left out when not counted yet)."""
    figures = {name: sum(line[name] for line in lines) for name in ("thames", "tourist", "districts")}
    if interchanges is not None:
        figures["interchanges"] = sum(interchanges.get(key, 0) for key in INTERCHANGE_POINTS)
    return figures


def check_completions(done: list[str] | int, figures: Mapping[str, int], *, player: str | None = None,
                      field: str = "objectives") -> None:
    """Refuse a completed card the player's own figures rule out (spec): too few Thames crossings, interchange
    stations, tourist sites or districts. A figure not in `figures` (not counted yet) rules nothing out."""
    for card in done if isinstance(done, list) else ():
        figure, least = OBJECTIVE_NEEDS.get(card, (None, 0))
        if figure in figures and figures[figure] < least:
            raise InvalidInput("next-station-london.objective-ruled-out", card=card, figure=figure,
                               found=figures[figure], least=least, player=player, field=field)


def check_in_play(final: Mapping[str, Mapping[str, Any]], players: Sequence[str]) -> None:
    """The cards named across the table are at most the 2 in play (NSL-RB: the shared objectives are 2 of 5)."""
    seen: list[str] = []
    for player in players:
        done = final.get(player, {}).get("objectives")
        seen += [card for card in done if card not in seen] if isinstance(done, list) else []
        if len(seen) > OBJECTIVES_IN_PLAY:
            raise InvalidInput("next-station-london.objectives-not-in-play", cards=tuple(seen),
                               most=OBJECTIVES_IN_PLAY, player=player, field="objectives")


def check_final(inputs: Mapping[str, Any], modules: Iterable[str] = (), *,
                player: str | None = None) -> dict[str, Any]:
    unknown_keys(inputs, FINAL_FIELDS, player=player)
    return {"interchanges": check_interchanges(inputs.get("interchanges", {}), player=player),
            "objectives": check_objectives(inputs.get("objectives", 0), modules, player=player)}


# --- scoring ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """One player's line in one round, with its score."""

    districts: int
    stations: int
    thames: int
    tourist: int
    sections: int | None
    score: int


@dataclass(frozen=True)
class Summary:
    """One player's game: every part of the final score."""

    lines: tuple[Line, ...]
    crossed: int  # tourist circles crossed (capped at 10)
    tourist: int
    interchange_counts: Mapping[str, int]
    interchanges: int
    objectives_done: int
    objectives: int
    total: int
    # The objective cards completed, by name; None for a file of before the cards were named (a count alone).
    objective_cards: tuple[str, ...] | None = ()

    @property
    def best_line(self) -> int:
        return max((line.score for line in self.lines), default=0)


def line_score(inputs: Mapping[str, int], rules: Rules = OFFICIAL) -> int:
    """`districts × stations + 2 × thames` (NSL-RB); additive-lines: `sections + districts + stations + 2 × thames`.

    >>> line_score({"districts": 6, "stations": 3, "thames": 1, "tourist": 2})  # NSL-1 round 1: John
    20
    """
    thames = THAMES_POINTS * inputs["thames"]
    if rules.additive_lines:
        return inputs[SECTIONS] + inputs["districts"] + inputs["stations"] + thames
    return inputs["districts"] * inputs["stations"] + thames


def make_line(inputs: Mapping[str, int], rules: Rules = OFFICIAL) -> Line:
    return Line(inputs["districts"], inputs["stations"], inputs["thames"], inputs["tourist"],
                inputs.get(SECTIONS), line_score(inputs, rules))


def tourist_points(passes: int) -> tuple[int, int]:
    """(circles crossed, points) after `passes` tourist-site passes: the cap is 10 circles = 25.

    >>> tourist_points(7), tourist_points(12)  # NSL-1: 7 → 14; NSL-7: 12 passes → 10 crossed → 25
    ((7, 14), (10, 25))
    """
    crossed = min(TOURIST_CAP, passes)
    return crossed, TOURIST_TRACK[crossed]


def interchange_points(counts: Mapping[str, int], rules: Rules = OFFICIAL) -> int:
    if not rules.interchanges_score:
        return 0
    return sum(INTERCHANGE_POINTS[k] * counts.get(k, 0) for k in INTERCHANGE_POINTS)


def summarize(lines: Sequence[Line], final: Mapping[str, Any], rules: Rules = OFFICIAL) -> Summary:
    crossed, tourist = tourist_points(sum(line.tourist for line in lines))
    counts = dict(final.get("interchanges") or {k: 0 for k in INTERCHANGE_POINTS})
    inter = interchange_points(counts, rules)
    done = final.get("objectives", 0)
    objectives = OBJECTIVE_POINTS * completed(done)
    total = sum(line.score for line in lines) + tourist + inter + objectives
    return Summary(tuple(lines), crossed, tourist, counts, inter, completed(done), objectives, total,
                   None if isinstance(done, int) else tuple(done))


PART_LABELS: Final = ("lines", "tourist", "interchanges", "objectives")


def parts(summary: Summary) -> dict[str, int]:
    return {"lines": sum(line.score for line in summary.lines), "tourist": summary.tourist,
            "interchanges": summary.interchanges, "objectives": summary.objectives}


def solo_rating(total: int, modules: int) -> tuple[int, tuple[int | None, int | None]]:
    """(score for the rating, its band as (lowest, highest), None where the band has no bound): 10 off per
    module used (NSL-RB).

    >>> solo_rating(147, 2), solo_rating(90, 0), solo_rating(151, 0)  # NSL-5; NSL-Q5; the best band
    ((127, (121, 135)), (90, (None, 90)), (151, (151, None)))
    """
    rated = total - SOLO_MODULE_PENALTY * modules
    return rated, solo_band(rated)


def solo_band(rated: int) -> tuple[int | None, int | None]:
    for band in SOLO_BANDS:
        if band[1] is None or rated <= band[1]:
            return band
    raise AssertionError("unreachable: the last band has no top")


def tiebreak_lines(players: Sequence[str], summaries: Mapping[str, Summary],
                   ranks: Mapping[str, int]) -> tuple[Phrase, ...]:
    """One phrase per group level on total, saying what the highest single line did (NSL-RB):
    `tie-shared` (all still level) or `tie-decided`, with each player's best line (`bests`: (player, best)
    in rank order) and the groups still level after it (`still`)."""
    out = []
    seen: set[int] = set()
    for player in players:
        total = summaries[player].total
        group = [p for p in players if summaries[p].total == total]
        if len(group) < 2 or total in seen:
            continue
        seen.add(total)
        group.sort(key=lambda p: (ranks[p], players.index(p)))
        bests = tuple((p, summaries[p].best_line) for p in group)
        places = sorted({ranks[p] for p in group})
        if len(places) == 1:
            out.append(Phrase("next-station-london.tie-shared", {"names": tuple(group), "total": total,
                                                                  "bests": bests}))
            continue
        # some may be level on their best line too
        still = tuple(level for level in (tuple(p for p in group if ranks[p] == place) for place in places)
                      if len(level) > 1)
        out.append(Phrase("next-station-london.tie-decided", {"names": tuple(group), "total": total, "bests": bests,
                                                               "still": still}))
    return tuple(out)


def score(table: Any) -> Result:
    """Score a Next Station: London table; `detail` maps each player to a Summary.

    Total = lines + tourist track + interchanges + objectives; rounds = the line scores.
    Tie-break: the highest single line; then shared (NSL-RB). Solo: the standing's `rating` (spec).
    """
    checked = check_table(table, game=GAME, players=PLAYERS, variants=VARIANTS, rounds=ROUNDS, final=True,
                          modules=MODULES)
    rules = rules_for(checked.variants)
    lines: dict[str, list[Line]] = {p: [] for p in checked.players}
    inputs_of: dict[str, list[dict[str, int]]] = {p: [] for p in checked.players}
    for number, inputs in enumerate(checked.rounds, start=1):
        for player in checked.players:
            inputs_of[player].append(check_line(inputs[player], rules, round=number, player=player))
            lines[player].append(make_line(inputs_of[player][-1], rules))
    finals = {p: check_final(checked.final.get(p, {}), checked.modules, player=p) for p in checked.players}
    # Interchanges not given are not counted yet (the end of a game being entered, in any order): they score
    # as none and rule no objective out.
    for p in checked.players:
        given = checked.final.get(p, {}).get("interchanges")
        check_completions(finals[p]["objectives"],
                          objective_figures(inputs_of[p], None if given is None else finals[p]["interchanges"]),
                          player=p)
    check_in_play(finals, checked.players)
    summaries = {p: summarize(lines[p], finals[p], rules) for p in checked.players}
    totals = {p: s.total for p, s in summaries.items()}

    def best(player: str) -> tuple[int]:
        return (summaries[player].best_line,)

    ranks = rank(checked.players, totals, best)
    result = standings(checked.players, totals, rounds={p: [line.score for line in lines[p]] for p in checked.players},
                       parts={p: parts(s) for p, s in summaries.items()}, tiebreak=best)
    if len(result) == 1:  # solo: the rulebook's rating, 10 off for each module in the table's `modules`
        (alone,) = result
        result = (replace(alone, extra={"rating": solo_rating(alone.total, len(checked.modules))[0]}),)
    return Result(GAME, checked.variants, result, detail=summaries,
                  tiebreaks=tiebreak_lines(checked.players, summaries, ranks))
