"""London (Martin Wallace), 1st edition (Treefrog 2010) and 2nd edition (Osprey 2017): the end-game reckoning.

Sources: shared/rules/london.md (S1 = the 1st-edition Treefrog rulebook, S3/S4 = the 2nd-edition Osprey
rulebook, S14 = the Persian summary behind the `flat-penalties` variant); the contract is the London
section of shared/spec/table-format.md. Both editions score with one function and a frozen `Rules` value.

It holds no sentences (design.md rule 8): a refusal is an InvalidInput code (`london.…`) with its values, a
tie-break explanation a Phrase, the parts and the editions' nouns keys; scorepad/games/london/words.py words them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from calculators.core import InvalidInput, Phrase, Result, check_table, require_int, standings, unknown_keys

PLAYERS: Final = (2, 3, 4)  # S1, S3: 2–4 players
NO_ROUNDS: Final = range(1)  # no rounds: `rounds` is absent or [] (table-format.md)

LOAN_VALUE: Final = 10  # £ a loan gives (S1 §2.3, S3 §3.3)
LOAN_REPAYMENT: Final = 15  # £ to pay one back, at the end as many as money allows (S1, S3)
UNPAID_LOAN_PENALTY: Final = 7  # points lost per loan still unpaid at the end (S1, S3)
MONEY_PER_POINT: Final = 3  # 1 point per full £3 left after repaying (rules §4.4)
UNDERGROUND_VP: Final = 2  # 1st ed: an occupied borough with an Underground counter is worth +2 (S1 §2.4)
UNDERGROUND_COUNTERS: Final = 10  # 1st ed: 10 Underground counters in the box (S1)
# 1st ed: the least end VP printed on a borough (rules §2.4, read from S1's board: 2 to 6 each). A counter lies in
# a borough the player occupies, so each one brings at least this much borough VP with it.
BOROUGH_VP_LEAST: Final = 2
BOROUGHS: Final = 20  # boroughs on the 1st-edition map / borough cards in the 2nd (S1, S3)
STARTING_MONEY: Final = 5  # £ each, both editions (S1, S3)
STARTING_HAND: Final = 6  # cards each, both editions (S1, S3)
HAND_LIMIT: Final = 9  # checked after the action (S1) / at the end of the turn (S3)
DISPLAY_COLUMNS: Final = {2: 3, 3: 4, 4: 5}  # card display / development board columns by player count
BUILDING_COUNTERS: Final = 11  # 1st ed: building counters of a colour per player (S1, parts)
POVERTY_CUBE: Final = 1  # 1st ed: poverty points of a cube (S1, parts)
POVERTY_DISC: Final = 5  # and of a disc
FACE_UP_BOROUGHS: Final = 3  # 2nd ed: borough cards always face up (S3, S4)
DRAW_ACTION_CARDS: Final = 3  # the "take three cards" (S1) / "draw three cards" (S3) action
# Only a tie needs these two (table-format.md, London): a table may leave them out, and the guided reckoning
# asks them only of the players still tied when tie-break 2 (boroughs) or 3 (best card) is reached.
TIEBREAK_FIELDS: Final = ("boroughs", "best_card")
# flat-penalties (S14, the Persian summary's reference rules): "debt and poverty can each be at most 10 at the
# end of a round; the excess must be made up by returning cards" (بدهی و فقر هر کدام حداکثر ۱۰ در پایان دور
# میتوانند باشند؛ مازاد باید با برگرداندن کارتها جبران شود). After round 3 nobody can be above 10.
FLAT_CAP: Final = 10
FLAT_ROUNDS: Final = 3  # S14: "the game ends after three rounds"
FLAT_HAND: Final = 7  # S14: "7 cards each in a 2–4 player game"
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


FLAT_PENALTIES: Final = "flat-penalties"  # the Persian summary's scoring (S14), worded in scorepad/games/london/words.py
VARIANTS: Final = (FLAT_PENALTIES,)


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
    # What tie-break 2 counts, a key (BOROUGH, BOROUGH_CARD): "most boroughs occupied" (S1) / "most borough
    # cards" (S3). scorepad words it.
    borough_noun: str


BOROUGH, BOROUGH_CARD = "borough", "borough-card"  # Rules.borough_noun, and the phrases' `noun`
# The tie-break fields come last: the guided reckoning asks them only when a tie reaches them.
_COMMON_FIELDS = ("vp", "card_vp", "money", "loans", "hand", "poverty", *TIEBREAK_FIELDS)
FIRST_EDITION: Final = Rules(slug="london-1e", year=2010,
                             fields=("vp", "borough_vp", "underground", "card_vp", "money", "loans", "hand",
                                     "poverty", *TIEBREAK_FIELDS),
                             starting_poverty=5, repay_during_play=False, loans_add_poverty=False,
                             boroughs_reduce_poverty=True, land_scores_at_end=True, borough_noun=BOROUGH)
SECOND_EDITION: Final = Rules(slug="london-2e", year=2017, fields=_COMMON_FIELDS, starting_poverty=0,
                              repay_during_play=True, loans_add_poverty=True, boroughs_reduce_poverty=False,
                              land_scores_at_end=False, borough_noun=BOROUGH_CARD)
EDITIONS: Final = {r.slug: r for r in (FIRST_EDITION, SECOND_EDITION)}
FLAT_FIELDS: Final = ("card_vp", "bonus", "debt", "poverty")

# The keys of `parts`, in the order the reckoning adds them. They are the JSON output's keys (table-format.md:
# "label → points"), which never change with the language; scorepad/games/london/words.py PARTS words them.
PART_LABELS: Final = {"vp_1e": "VP counters", "vp_2e": "score track", "borough_vp": "boroughs",
                      "underground": "underground", "card_vp": "city cards", "money": "money",
                      "loans": "unpaid loans", "poverty": "poverty",
                      "flat_card_vp": "card points", "bonus": "bonus", "debt": "debt"}
# The tie-breaks in order (S1 §2.6 step 7, S3 §3.6): least poverty left, most boroughs (borough cards), the best
# single card. The tie-break phrases name them by these keys.
TIEBREAKS: Final = ("poverty_left", "boroughs", "best_card")


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
    together, Underground counters in more boroughs than the player occupies or than their borough VP allows
    (each such borough is worth BOROUGH_VP_LEAST or more), or borough VP without a borough are refused; with
    flat-penalties, debt or poverty above FLAT_CAP.
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
                raise InvalidInput("london.flat-cap", figure=key, value=checked[key], cap=FLAT_CAP, player=player,
                                   field=key)
        return checked
    if "best_card" in checked and "card_vp" in checked and checked["best_card"] > checked["card_vp"]:
        raise InvalidInput("london.best-card-over-cards", best=checked["best_card"], cards=checked["card_vp"],
                           player=player, field="best_card")
    if "underground" in checked and "boroughs" in checked and checked["underground"] > checked["boroughs"]:
        raise InvalidInput("london.underground-over-boroughs", counters=checked["underground"],
                           boroughs=checked["boroughs"], player=player, field="underground")
    if "underground" in checked and "borough_vp" in checked and \
            checked["underground"] * BOROUGH_VP_LEAST > checked["borough_vp"]:
        raise InvalidInput("london.underground-over-borough-vp", counters=checked["underground"],
                           vp=checked["borough_vp"], least=BOROUGH_VP_LEAST, player=player, field="underground")
    if checked.get("borough_vp", 0) > 0 and checked.get("boroughs", 1) == 0:
        raise InvalidInput("london.borough-vp-without-borough", vp=checked["borough_vp"], player=player,
                           field="borough_vp")
    if "underground" in checked and checked["underground"] > UNDERGROUND_COUNTERS:
        raise InvalidInput("london.underground-over-box", counters=checked["underground"], box=UNDERGROUND_COUNTERS,
                           player=player, field="underground")
    if "boroughs" in checked and checked["boroughs"] > BOROUGHS:
        raise InvalidInput("london.boroughs-over-game", boroughs=checked["boroughs"], limit=BOROUGHS,
                           player=player, field="boroughs")
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
            raise InvalidInput("london.missing-player", player=player, field="final")
        checked[player] = check_inputs(final[player], rules, variants, player=player)
        if complete:
            for key in required_fields(rules, variants):
                if key not in checked[player]:
                    raise InvalidInput("london.missing-flat" if FLAT_PENALTIES in variants else "london.missing",
                                       player=player, field=key)
    if FLAT_PENALTIES not in variants:
        for key, limit in (("boroughs", BOROUGHS), ("underground", UNDERGROUND_COUNTERS)):
            if key in rules.fields:
                total = sum(inputs.get(key, 0) for inputs in checked.values())
                if total > limit:
                    # noun: what is counted, BOROUGH / BOROUGH_CARD (the edition's), or "underground"
                    raise InvalidInput("london.over-the-table", noun=rules.borough_noun if key == "boroughs" else key,
                                       total=total, limit=limit, player=list(checked)[-1], field=key)
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
                    shown: Mapping[str, tuple[int, int, int]], noun: str) -> list[Phrase]:
    """One phrase per tie on points that a tie-break decided (or could not), saying which and why.

    A "london.tiebreak" phrase holds: `players` (the tied group), `total` (their points; None for a group still
    level inside a tie already told), `level` ((tie-break key, value) pairs they are level on, in order),
    `decider` (the tie-break key that decides, None when none does: they share), `facts` ((player, value) at the
    decider, best first), `ranking` (groups of players, best first) and `noun` (Rules.borough_noun).
    """
    lines: list[Phrase] = []
    for total in sorted(set(totals.values()), reverse=True):
        group = [p for p in players if totals[p] == total]
        if len(group) > 1:
            lines += _explain(group, keys, shown, 0, {"players": tuple(group), "total": total, "level": ()}, noun)
    return lines


def _explain(group: list[str], keys: Mapping[str, tuple], shown: Mapping[str, tuple], level: int,
             lead: dict[str, Any], noun: str) -> list[Phrase]:
    if level == len(TIEBREAKS):
        return [Phrase("london.tiebreak", {**lead, "decider": None, "facts": (), "ranking": (), "noun": noun})]
    values = {p: keys[p][level] for p in group}
    if len(set(values.values())) == 1:
        lead = {**lead, "level": (*lead["level"], (TIEBREAKS[level], shown[group[0]][level]))}
        return _explain(group, keys, shown, level + 1, lead, noun)
    order = sorted(group, key=lambda p: values[p], reverse=True)
    facts = tuple((p, shown[p][level]) for p in order)
    ranking = tuple(tuple(p for p in order if values[p] == v) for v in _distinct(order, values))
    lines = [Phrase("london.tiebreak", {**lead, "decider": TIEBREAKS[level], "facts": facts, "ranking": ranking,
                                        "noun": noun})]
    for sub in ranking:
        if len(sub) > 1:
            still = {"players": sub, "total": None, "level": ((TIEBREAKS[level], shown[sub[0]][level]),)}
            lines += _explain(list(sub), keys, shown, level + 1, still, noun)
    return lines


def _distinct(order: list[str], values: Mapping[str, Any]) -> list[Any]:
    return list(dict.fromkeys(values[p] for p in order))


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


def score(table: Any) -> Result:
    """Score a London table (either edition; the slug picks the rules). `detail` is a Detail."""
    rules = EDITIONS.get(table.get("game")) if isinstance(table, dict) else None
    if rules and table.get("rounds", []) != []:
        raise InvalidInput("london.no-rounds", field="rounds")
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
            # `boroughs`: what the group is level on besides points and poverty left (None before tie-break 3)
            raise InvalidInput("london.tie-needs", players=group, total=r.total, left=r.poverty_left,
                               boroughs=r.boroughs if field == "best_card" else None, noun=rules.borough_noun,
                               level=TIEBREAK_FIELDS.index(field) + 2, need=field, missing=tuple(missing),
                               field=field)
    totals = {p: r.total for p, r in reckonings.items()}
    parts = {p: parts_of(r, rules) for p, r in reckonings.items()}
    # A figure no tie reaches may be left out: it never decides, so 0 stands in for it in the keys.
    keys = {p: (-r.poverty_left, r.boroughs or 0, r.best_card or 0) for p, r in reckonings.items()}
    shown = {p: (r.poverty_left, r.boroughs, r.best_card) for p, r in reckonings.items()}
    detail = Detail(rules, False, reckonings, least, tuple(p for p in players if own[p].poverty == least), final)
    return Result(rules.slug, checked.variants, standings(players, totals, parts=parts, tiebreak=lambda p: keys[p]),
                  detail=detail, tiebreaks=tuple(_tiebreak_lines(players, totals, keys, shown, rules.borough_noun)))
