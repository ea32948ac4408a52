"""London (Martin Wallace), 1st edition (Treefrog 2010) and 2nd edition (Osprey 2017): the end-game reckoning.

Sources: shared/rules/london.md (S1 = the 1st-edition Treefrog rulebook, S3/S4 = the 2nd-edition Osprey
rulebook, S14 = the Persian summary behind the `flat-penalties` variant); the contract is the London
section of shared/spec/table-format.md. Both editions score with one function and a frozen `Rules` value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from calculators.core import InvalidInput, Result, check_table, require_int, standings, unknown_keys

PLAYERS: Final = (2, 3, 4)  # S1, S3: 2–4 players
NO_ROUNDS: Final = range(1)  # no rounds: `rounds` is absent or [] (table-format.md)
NO_ROUNDS_TEXT: Final = "London has no rounds: leave `rounds` out or [] and put the inputs in `final`"

LOAN_VALUE: Final = 10  # £ a loan gives (S1 §2.3, S3 §3.3)
LOAN_REPAYMENT: Final = 15  # £ to pay one back, at the end as many as money allows (S1, S3)
UNPAID_LOAN_PENALTY: Final = 7  # points lost per loan still unpaid at the end (S1, S3)
MONEY_PER_POINT: Final = 3  # 1 point per full £3 left after repaying (rules §4.4)
UNDERGROUND_VP: Final = 2  # 1st ed: an occupied borough with an Underground counter is worth +2 (S1 §2.4)
UNDERGROUND_COUNTERS: Final = 10  # 1st ed: 10 Underground counters in the box (S1)
BOROUGHS: Final = 20  # boroughs on the 1st-edition map / borough cards in the 2nd (S1, S3)
STARTING_MONEY: Final = 5  # £ each, both editions (S1, S3)
STARTING_HAND: Final = 6  # cards each, both editions (S1, S3)
HAND_LIMIT: Final = 9  # checked after the action (S1) / at the end of the turn (S3)
DISPLAY_COLUMNS: Final = {2: 3, 3: 4, 4: 5}  # card display / development board columns by player count
# Only a tie needs these two (table-format.md, London): a table may leave them out, and the guided reckoning
# asks them only of the players still tied when tie-break 2 (boroughs) or 3 (best card) is reached.
TIEBREAK_FIELDS: Final = ("boroughs", "best_card")
# flat-penalties (S14, the Persian summary's reference rules): "debt and poverty can each be at most 10 at the
# end of a round; the excess must be made up by returning cards" (بدهی و فقر هر کدام حداکثر ۱۰ در پایان دور
# میتوانند باشند؛ مازاد باید با برگرداندن کارتها جبران شود). After round 3 nobody can be above 10.
FLAT_CAP: Final = 10
FLAT_CAP_TEXT: Final = ("{field} {value} is over {cap}: in the Persian summary debt and poverty are at most {cap} at "
                        "the end of every round, the excess paid off by returning city cards")
MISSING_TEXT: Final = "missing: every end-game figure is needed except boroughs and best_card (only a tie needs them)"
MISSING_TEXT_FLAT: Final = "missing: flat-penalties needs all four figures (card_vp, bonus, debt, poverty)"
TIE_TEXT: Final = ("{names} tie on {total} point{s} with {figures} each, so tie-break {level} needs "
                   "{field} of each of them (missing for {missing})")
# What the players a tie-break question is asked of are level on: tie-break 3 is reached only by players level on
# boroughs too ("4 poverty left and 3 borough cards each", not just "4 poverty left each").
TIED_ON: Final = {"boroughs": "{left} poverty left", "best_card": "{left} poverty left and {boroughs}"}
# No London figure comes near this (the whole deck is 110 cards); it keeps a typo like 10**30 from being
# stored (the database holds 64-bit integers) and from printing a 30-digit score.
MAX_FIGURE: Final = 999

# Poverty left after normalisation → points lost; the same on both boards (rules §4.1, §4.2).
POVERTY_PENALTY: Final = (0, 1, 1, 2, 3, 5, 7, 9, 11, 13, 15)  # index = poverty left, 0–10
POVERTY_PENALTY_OVER_10: Final = 3  # each point over 10 costs 3 more


def poverty_penalty(left: int) -> int:
    """Points lost for the poverty left after normalisation (rules §4.3).

    >>> [poverty_penalty(n) for n in (0, 2, 3, 4, 5, 10, 11, 20)]
    [0, 1, 2, 3, 5, 15, 18, 45]
    """
    if left <= 0:
        return 0
    if left < len(POVERTY_PENALTY):
        return POVERTY_PENALTY[left]
    return POVERTY_PENALTY[-1] + POVERTY_PENALTY_OVER_10 * (left - (len(POVERTY_PENALTY) - 1))


FLAT_PENALTIES: Final = "flat-penalties"
VARIANTS: Final = {
    FLAT_PENALTIES: "the Persian summary's scoring: card points + bonus − debt − poverty, ties shared "
                    "(not the real London)",
}


@dataclass(frozen=True)
class Rules:
    """What differs between the editions' end-game scoring (rules §5)."""

    slug: str
    year: int
    fields: tuple[str, ...]  # the final inputs per player, in the order the reckoning asks them
    starting_poverty: int  # S1: 5 each in the 1st ed; S3/S4 mention none (0, an inference)
    repay_during_play: bool  # 2nd ed: at the start of a turn; 1st ed: only at the end (S1 §2.3, S9)
    loans_add_poverty: bool  # 2nd ed run city: +1 per £10 loan (S3 §3.2); 1st ed: no loan term
    boroughs_reduce_poverty: bool  # 1st ed run city: − boroughs occupied, may go negative (S1 §2.2)
    land_scores_at_end: bool  # 1st ed: borough VP + Underground at the end; 2nd: prestige when bought
    borough_noun: str  # tie-break 2: "most boroughs occupied" (S1) / "most borough cards" (S3)


# The tie-break fields come last: the guided reckoning asks them only when a tie reaches them.
_COMMON_FIELDS = ("vp", "card_vp", "money", "loans", "hand", "poverty", *TIEBREAK_FIELDS)
FIRST_EDITION: Final = Rules(slug="london-1e", year=2010,
                             fields=("vp", "borough_vp", "underground", "card_vp", "money", "loans", "hand",
                                     "poverty", *TIEBREAK_FIELDS),
                             starting_poverty=5, repay_during_play=False, loans_add_poverty=False,
                             boroughs_reduce_poverty=True, land_scores_at_end=True, borough_noun="borough")
SECOND_EDITION: Final = Rules(slug="london-2e", year=2017, fields=_COMMON_FIELDS, starting_poverty=0,
                              repay_during_play=True, loans_add_poverty=True, boroughs_reduce_poverty=False,
                              land_scores_at_end=False, borough_noun="borough card")
EDITIONS: Final = {r.slug: r for r in (FIRST_EDITION, SECOND_EDITION)}
FLAT_FIELDS: Final = ("card_vp", "bonus", "debt", "poverty")

# Labels of `parts` (what the sheet prints), in the order the reckoning adds them.
PART_LABELS: Final = {"vp_1e": "VP counters", "vp_2e": "score track", "borough_vp": "boroughs",
                      "underground": "underground", "card_vp": "city cards", "money": "money",
                      "loans": "unpaid loans", "poverty": "poverty",
                      "flat_card_vp": "card points", "bonus": "bonus", "debt": "debt"}
TIEBREAK_NAMES: Final = ("least poverty", "most {noun}s", "best single card")  # S1 §2.6 step 7, S3 §3.6


def plural(count: int, noun: str) -> str:
    """'1 borough', '2 boroughs'.

    >>> plural(1, "borough card"), plural(0, "loan")
    ('1 borough card', '0 loans')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def fields_for(rules: Rules, variants: Iterable[str] = ()) -> tuple[str, ...]:
    return FLAT_FIELDS if FLAT_PENALTIES in variants else rules.fields


def required_fields(rules: Rules, variants: Iterable[str] = ()) -> tuple[str, ...]:
    """The fields every player's final inputs must hold (all but the tie-break ones)."""
    return tuple(f for f in fields_for(rules, variants) if f not in TIEBREAK_FIELDS)


# --- checking inputs ------------------------------------------------------------------------------

def check_inputs(inputs: Mapping[str, Any], rules: Rules, variants: Iterable[str] = (), *,
                 player: str | None = None) -> dict[str, int]:
    """One player's final inputs, possibly partial (a reckoning being entered; see check_final).

    Every field is a whole number 0–MAX_FIGURE, `hand` 0–HAND_LIMIT; a best card worth more than all cards
    together, Underground counters in more boroughs than the player occupies, or borough VP without a
    borough are refused; with flat-penalties, debt or poverty above FLAT_CAP.
    """
    variants = tuple(variants)
    allowed = fields_for(rules, variants)
    unknown_keys(inputs, allowed, player=player, field="final")
    is_flat = FLAT_PENALTIES in variants
    checked = {key: require_int(inputs[key], 0, HAND_LIMIT if key == "hand" and not is_flat else MAX_FIGURE,
                                player=player, field=key)
               for key in allowed if key in inputs}
    if is_flat:
        for key in ("debt", "poverty"):
            if checked.get(key, 0) > FLAT_CAP:
                raise InvalidInput(FLAT_CAP_TEXT.format(field=key, value=checked[key], cap=FLAT_CAP), player=player,
                                   field=key)
        return checked
    if "best_card" in checked and "card_vp" in checked and checked["best_card"] > checked["card_vp"]:
        raise InvalidInput(f"best card {checked['best_card']} is worth more than all city cards together "
                           f"({checked['card_vp']})", player=player, field="best_card")
    if "underground" in checked and "boroughs" in checked and checked["underground"] > checked["boroughs"]:
        raise InvalidInput(f"{plural(checked['underground'], 'Underground counter')} but "
                           f"{plural(checked['boroughs'], 'borough')} occupied: a counter only scores in a borough "
                           "you occupy", player=player, field="underground")
    if checked.get("borough_vp", 0) > 0 and checked.get("boroughs", 1) == 0:
        raise InvalidInput(f"borough VP {checked['borough_vp']} but no borough occupied", player=player,
                           field="borough_vp")
    if "underground" in checked and checked["underground"] > UNDERGROUND_COUNTERS:
        raise InvalidInput(f"{checked['underground']} Underground counters; the box has {UNDERGROUND_COUNTERS}",
                           player=player, field="underground")
    if "boroughs" in checked and checked["boroughs"] > BOROUGHS:
        raise InvalidInput(f"{checked['boroughs']} boroughs; the game has {BOROUGHS}", player=player,
                           field="boroughs")
    return checked


def check_final(final: Mapping[str, Mapping[str, Any]], players: Sequence[str], rules: Rules,
                variants: Iterable[str] = (), *, complete: bool = True) -> dict[str, dict[str, int]]:
    """Every player's final inputs, and what the box limits across the table (boroughs, Underground).

    With `complete=False` (a reckoning being entered) players and fields not entered yet are skipped;
    else every field but the tie-break ones is required.
    """
    variants = tuple(variants)
    checked = {}
    for player in players:
        if player not in final and not complete:
            continue
        if player not in final:
            raise InvalidInput("missing from final: the reckoning needs every player", player=player,
                               field="final")
        checked[player] = check_inputs(final[player], rules, variants, player=player)
        if complete:
            for key in required_fields(rules, variants):
                if key not in checked[player]:
                    raise InvalidInput(MISSING_TEXT_FLAT if FLAT_PENALTIES in variants else MISSING_TEXT,
                                       player=player, field=key)
    if FLAT_PENALTIES not in variants:
        for key, noun, limit in (("boroughs", rules.borough_noun, BOROUGHS),
                                 ("underground", "Underground counter", UNDERGROUND_COUNTERS)):
            if key in rules.fields:
                total = sum(inputs.get(key, 0) for inputs in checked.values())
                if total > limit:
                    raise InvalidInput(f"{plural(total, noun)} across the table; the game has {limit}",
                                       player=list(checked)[-1], field=key)
    return checked


# --- the run-city helper --------------------------------------------------------------------------

def run_city_poverty(rules: Rules, *, stacks: int, hand: int, loans: int = 0, boroughs: int = 0) -> int:
    """Poverty gained (negative: discarded) after running the city.

    1st ed (S1 §2.2): stacks + cards in hand − boroughs occupied, which may be negative.
    2nd ed (S3 §3.2): stacks + 1 per £10 loan + cards in hand.

    >>> run_city_poverty(FIRST_EDITION, stacks=3, hand=2, boroughs=7)
    -2
    >>> run_city_poverty(SECOND_EDITION, stacks=3, hand=2, loans=1)
    6
    """
    change = stacks + hand
    if rules.loans_add_poverty:
        change += loans
    if rules.boroughs_reduce_poverty:
        change -= boroughs
    return change


def poverty_after(held: int, change: int) -> int:
    """Poverty never goes below 0: discards past 0 are lost (S1 §2.2; S3 'does nothing if you have none')."""
    return max(0, held + change)


# --- the reckoning ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reckoning:
    """One player's end-game reckoning, every step kept for the screen and the sheet."""

    player: str
    inputs: Mapping[str, int]
    poverty_held: int  # before the hand is added
    hand: int
    poverty: int  # after the hand
    money: int
    loans: int
    repaid: int
    money_left: int
    unpaid: int
    money_vp: int
    loan_penalty: int  # a positive number of points lost
    land_vp: int  # 1st ed: printed borough VP
    underground_vp: int  # 1st ed: +2 per Underground counter
    card_vp: int
    vp: int
    before_poverty: int
    least: int  # the least poverty at the table, dropped by everyone
    poverty_left: int
    penalty: int
    total: int
    boroughs: int | None  # the tie-break figures: None when left out (no tie reaches them)
    best_card: int | None


def reckon(player: str, inputs: Mapping[str, int], rules: Rules, least: int | None = None) -> Reckoning:
    """One player's reckoning; `least` is the least poverty at the table after hands (None: this player's own)."""
    def get(key: str) -> int:
        return inputs.get(key, 0)  # check_final requires all but the tie-break fields, which `reckon` keeps as None

    poverty = get("poverty") + get("hand")
    repaid = min(get("loans"), get("money") // LOAN_REPAYMENT)
    money_left = get("money") - LOAN_REPAYMENT * repaid
    unpaid = get("loans") - repaid
    money_vp = money_left // MONEY_PER_POINT
    land_vp = get("borough_vp") if rules.land_scores_at_end else 0
    underground_vp = UNDERGROUND_VP * get("underground") if rules.land_scores_at_end else 0
    before = get("vp") + get("card_vp") + land_vp + underground_vp + money_vp - UNPAID_LOAN_PENALTY * unpaid
    least = poverty if least is None else least
    left = poverty - least
    penalty = poverty_penalty(left)
    return Reckoning(player, dict(inputs), get("poverty"), get("hand"), poverty, get("money"), get("loans"),
                     repaid, money_left, unpaid, money_vp, UNPAID_LOAN_PENALTY * unpaid, land_vp, underground_vp,
                     get("card_vp"), get("vp"), before, least, left, penalty, before - penalty,
                     inputs.get("boroughs"), inputs.get("best_card"))


def parts_of(r: Reckoning, rules: Rules) -> dict[str, int]:
    """The breakdown in the rulebook's order; it adds up to the total."""
    parts = {PART_LABELS["vp_1e" if rules.land_scores_at_end else "vp_2e"]: r.vp}
    if rules.land_scores_at_end:
        parts[PART_LABELS["borough_vp"]] = r.land_vp
        parts[PART_LABELS["underground"]] = r.underground_vp
    parts[PART_LABELS["card_vp"]] = r.card_vp
    parts[PART_LABELS["money"]] = r.money_vp
    parts[PART_LABELS["loans"]] = -r.loan_penalty
    parts[PART_LABELS["poverty"]] = -r.penalty
    return parts


@dataclass(frozen=True)
class Detail:
    """What the screens and sheets need beyond the standings."""

    rules: Rules
    flat: bool
    reckonings: Mapping[str, Reckoning]  # empty with flat-penalties
    least: int  # the least poverty at the table (0 with flat-penalties)
    least_players: tuple[str, ...]
    flat_inputs: Mapping[str, Mapping[str, int]]


def _tiebreak_lines(players: Sequence[str], totals: Mapping[str, int], keys: Mapping[str, tuple[int, int, int]],
                    shown: Mapping[str, tuple[int, int, int]], noun: str) -> list[str]:
    """One line per tie on points that a tie-break decided (or could not), saying which and why."""
    lines = []
    for total in sorted(set(totals.values()), reverse=True):
        group = [p for p in players if totals[p] == total]
        if len(group) > 1:
            lead = f"{join_names(group)} tie on {_figure(total)} point{'' if abs(total) == 1 else 's'}"
            lines += _explain(group, keys, shown, 0, lead, noun)
    return lines


def _explain(group: list[str], keys: Mapping[str, tuple], shown: Mapping[str, tuple], level: int,
             lead: str, noun: str) -> list[str]:
    if level == len(TIEBREAK_NAMES):
        return [f"{lead}; still level after every tie-break, so they share the place."]
    values = {p: keys[p][level] for p in group}
    if len(set(values.values())) == 1:
        value = shown[group[0]][level]
        return _explain(group, keys, shown, level + 1, f"{lead}, {_level_text(level, value, noun)} each", noun)
    order = sorted(group, key=lambda p: values[p], reverse=True)
    facts = ", ".join(f"{p} {shown[p][level]}" for p in order)
    ranking = " ahead of ".join(join_names([p for p in order if values[p] == v]) for v in _distinct(order, values))
    name = TIEBREAK_NAMES[level].format(noun=noun)
    lines = [f"{lead}; {name} decides ({_what(level, noun)}: {facts}): {ranking}."]
    for value in _distinct(order, values):
        sub = [p for p in order if values[p] == value]
        if len(sub) > 1:
            still = f"{join_names(sub)} are still level ({_level_text(level, shown[sub[0]][level], noun)} each)"
            lines += _explain(sub, keys, shown, level + 1, still, noun)
    return lines


def _distinct(order: list[str], values: Mapping[str, Any]) -> list[Any]:
    return list(dict.fromkeys(values[p] for p in order))


def _what(level: int, noun: str) -> str:
    return ("poverty left", f"{noun}s", "best card")[level]


def _level_text(level: int, value: int, noun: str) -> str:
    return (f"{value} poverty left", plural(value, noun), f"best card {value}")[level]


def join_names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _figure(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def reckonings_of(final: Mapping[str, Mapping[str, int]], players: Sequence[str],
                  rules: Rules) -> tuple[dict[str, Reckoning], dict[str, Reckoning]]:
    """Each player's reckoning alone, and at the table (after everyone drops the least poverty)."""
    own = {p: reckon(p, final[p], rules) for p in players}
    least = min(r.poverty for r in own.values())  # S1 step 5, S3 step 6: after hand cards are added
    return own, {p: reckon(p, final[p], rules, least) for p in players}


def tie_needs(reckonings: Mapping[str, Reckoning], players: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The tie-break figures the ties reach: (field, the players still tied when it is reached), in order.

    Players level on points and on poverty left need `boroughs`; those still level on boroughs need
    `best_card`. Best card is reached only once the boroughs of the whole tied group are known.

    >>> zeros = {"vp": 0, "card_vp": 0, "money": 0, "loans": 0, "hand": 0, "poverty": 0}
    >>> final = {"A": {**zeros, "vp": 4, "boroughs": 3}, "B": {**zeros, "vp": 4, "boroughs": 3},
    ...          "C": {**zeros, "vp": 5, "poverty": 2}, "D": zeros}  # C: 4 points too, but 2 poverty left
    >>> tie_needs(reckonings_of(final, "ABCD", SECOND_EDITION)[1], "ABCD")
    [('boroughs', ('A', 'B')), ('best_card', ('A', 'B'))]
    """
    needs: list[tuple[str, tuple[str, ...]]] = []

    def split(group: Sequence[str], key: Callable[[Reckoning], Any]) -> list[tuple[str, ...]]:
        values = list(dict.fromkeys(key(reckonings[p]) for p in group))
        subs = [tuple(p for p in group if key(reckonings[p]) == v) for v in values]
        return [sub for sub in subs if len(sub) > 1]

    for level in split(players, lambda r: r.total):
        for tied in split(level, lambda r: r.poverty_left):
            needs.append(("boroughs", tied))
            if all(reckonings[p].boroughs is not None for p in tied):
                needs += [("best_card", still) for still in split(tied, lambda r: r.boroughs)]
    return needs


def tied_on(field: str, first: Reckoning, rules: Rules) -> str:
    """What the players still tied when `field` is reached are level on besides points (TIED_ON).

    >>> zeros = {"vp": 0, "card_vp": 0, "money": 0, "loans": 0, "hand": 0, "poverty": 4, "boroughs": 3}
    >>> tied_on("boroughs", reckon("A", zeros, SECOND_EDITION, least=0), SECOND_EDITION)
    '4 poverty left'
    >>> tied_on("best_card", reckon("A", zeros, SECOND_EDITION, least=0), SECOND_EDITION)
    '4 poverty left and 3 borough cards'
    """
    boroughs = "" if first.boroughs is None else plural(first.boroughs, rules.borough_noun)
    return TIED_ON[field].format(left=first.poverty_left, boroughs=boroughs)


def score(table: Any) -> Result:
    """Score a London table (either edition; the slug picks the rules). `detail` is a Detail."""
    rules = EDITIONS.get(table.get("game")) if isinstance(table, dict) else None
    if rules and table.get("rounds", []) != []:
        raise InvalidInput(NO_ROUNDS_TEXT, field="rounds")
    checked = check_table(table, game=rules.slug if rules else "london-1e or london-2e", players=PLAYERS,
                          variants=VARIANTS, rounds=NO_ROUNDS, final=True)
    assert rules is not None  # check_table refused any other game
    players = checked.players
    final = check_final(checked.final, players, rules, checked.variants)
    if FLAT_PENALTIES in checked.variants:
        # S14: score = card points + set bonus − debt − poverty; no tie-break is given (rules §7.1).
        totals = {p: final[p]["card_vp"] + final[p]["bonus"] - final[p]["debt"] - final[p]["poverty"]
                  for p in players}
        parts = {p: {PART_LABELS["flat_card_vp"]: final[p]["card_vp"], PART_LABELS["bonus"]: final[p]["bonus"],
                     PART_LABELS["debt"]: -final[p]["debt"], PART_LABELS["poverty"]: -final[p]["poverty"]}
                 for p in players}
        return Result(rules.slug, checked.variants, standings(players, totals, parts=parts),
                      detail=Detail(rules, True, {}, 0, (), final))
    own, reckonings = reckonings_of(final, players, rules)
    least = min(r.poverty for r in own.values())
    for field, group in tie_needs(reckonings, players):
        missing = [p for p in group if getattr(reckonings[p], field) is None]
        if missing:
            r = reckonings[group[0]]
            raise InvalidInput(TIE_TEXT.format(names=join_names(group), total=_figure(r.total),
                                               s="" if abs(r.total) == 1 else "s", figures=tied_on(field, r, rules),
                                               level=TIEBREAK_FIELDS.index(field) + 2, field=field,
                                               missing=join_names(missing)), field=field)
    totals = {p: r.total for p, r in reckonings.items()}
    parts = {p: parts_of(r, rules) for p, r in reckonings.items()}
    # A figure no tie reaches may be left out: it never decides, so 0 stands in for it in the keys.
    keys = {p: (-r.poverty_left, r.boroughs or 0, r.best_card or 0) for p, r in reckonings.items()}
    shown = {p: (r.poverty_left, r.boroughs, r.best_card) for p, r in reckonings.items()}
    detail = Detail(rules, False, reckonings, least, tuple(p for p in players if own[p].poverty == least), final)
    return Result(rules.slug, checked.variants, standings(players, totals, parts=parts, tiebreak=lambda p: keys[p]),
                  detail=detail, tiebreaks=tuple(_tiebreak_lines(players, totals, keys, shown, rules.borough_noun)))
