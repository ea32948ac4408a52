"""Lost Cities (Kosmos, Reiner Knizia): the deck, what a legal expedition is, and its score.

Sources: shared/rules/lost-cities-and-next-station-london.md part A (Kosmos English rules K-EN,
BGA help page, Universal Head summary); the contract is shared/spec/table-format.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from calculators.core import InvalidInput, Result, check_table, is_int, standings

GAME: Final = "lost-cities"
PLAYERS: Final = (2,)
# A match is usually 3 games (K-EN), and a table scores whatever it holds, up to 20: a long evening's best of
# many, and still a score sheet of a few pages (999 games made `sheet` take 12 s; issue 13's 2 s for any command).
MAX_ROUNDS: Final = 20
ROUNDS: Final = range(1, MAX_ROUNDS + 1)
DEFAULT_ROUNDS: Final = 3  # K-EN: "three games, with scores added up"

CLASSIC_COLOURS: Final = ("yellow", "blue", "white", "green", "red")  # BGA-LC rev. 4916
PURPLE: Final = "purple"  # the 2019 edition's sixth expedition (long game)
NUMBERS: Final = range(2, 11)  # one card of each 2–10 per colour; there is no 1 (K-EN)
WAGER: Final = "W"
WAGERS_PER_COLOUR: Final = 3
HAND_SIZE: Final = 8
EXPEDITION_COST: Final = 20  # taken from the card sum of every started expedition (K-EN)
BONUS_MIN_CARDS: Final = 8  # K-EN: "each column consisting of at least eight cards"
BONUS: Final = 20  # added after the multiplier, never multiplied (UH, HM)

# The variants by name (spec); what each means is worded in scorepad/games/lost_cities/words.py (VARIANTS).
# purple: the sixth expedition (2019 long game); bonus-numbers-only and wagers-alone-score-zero: the Arabic summary.
VARIANTS: Final = ("purple", "bonus-numbers-only", "wagers-alone-score-zero")


@dataclass(frozen=True)
class Rules:
    """The scoring choices a table's variants make."""

    colours: tuple[str, ...] = CLASSIC_COLOURS
    bonus_counts_wagers: bool = True
    wagers_alone_score: bool = True

    @property
    def deck_size(self) -> int:
        return len(self.colours) * (len(NUMBERS) + WAGERS_PER_COLOUR)


OFFICIAL: Final = Rules()


def rules_for(variants: Iterable[str]) -> Rules:
    variants = set(variants)
    return Rules(colours=CLASSIC_COLOURS + ((PURPLE,) if "purple" in variants else ()),
                 bonus_counts_wagers="bonus-numbers-only" not in variants,
                 wagers_alone_score="wagers-alone-score-zero" not in variants)


@dataclass(frozen=True)
class Expedition:
    """One colour of one player in one game, with every step of its score."""

    colour: str
    cards: tuple[Any, ...]
    wagers: int
    numbers: tuple[int, ...]
    card_sum: int
    multiplier: int
    bonus: int
    score: int

    @property
    def started(self) -> bool:
        return bool(self.cards)


def score_expedition(cards: Sequence[Any], rules: Rules = OFFICIAL, colour: str = "") -> Expedition:
    """Score one checked expedition: (sum − 20) × (1 + wagers), then +20 for 8 or more cards.

    >>> score_expedition(["W", 4, 6, 7]).score      # LC-2: a negative result is doubled too
    -6
    >>> score_expedition(["W", "W", 4, 5, 6, 7, 8, 10]).score   # LC-4a: wagers count toward the 8
    80
    """
    wagers = sum(1 for card in cards if card == WAGER)
    numbers = tuple(card for card in cards if card != WAGER)
    card_sum = sum(numbers)
    multiplier = 1 + wagers
    if not cards or (not numbers and not rules.wagers_alone_score):
        return Expedition(colour, tuple(cards), wagers, numbers, card_sum, multiplier, 0, 0)
    counted = len(cards) if rules.bonus_counts_wagers else len(numbers)
    bonus = BONUS if counted >= BONUS_MIN_CARDS else 0
    return Expedition(colour, tuple(cards), wagers, numbers, card_sum, multiplier, bonus,
                      (card_sum - EXPEDITION_COST) * multiplier + bonus)


def check_expedition(cards: Any, *, round: int | None = None, player: str | None = None,
                     colour: str = "") -> tuple[Any, ...]:
    """The cards of one column as played: wagers first, then numbers 2–10 going up. Returns them with W upper-case."""
    where = {"round": round, "player": player, "field": colour or None}
    if not isinstance(cards, list):
        raise InvalidInput("lost-cities.not-a-list", cards=cards, **where)
    checked: list[Any] = []
    for card in cards:
        if isinstance(card, str) and card.upper() == WAGER:
            if checked and checked[-1] != WAGER:  # wagers come first: a number before this one is the last
                raise InvalidInput("lost-cities.wager-after-number", last=checked[-1], **where)
            checked.append(WAGER)
        elif is_int(card) and card in NUMBERS:
            if card in checked:
                raise InvalidInput("lost-cities.card-twice", card=card, **where)
            if checked and checked[-1] != WAGER and card < checked[-1]:
                raise InvalidInput("lost-cities.not-up", card=card, last=checked[-1], **where)
            checked.append(card)
        else:
            raise InvalidInput("lost-cities.not-a-card", card=card, wager=WAGER, low=NUMBERS[0], high=NUMBERS[-1],
                               **where)
    if checked.count(WAGER) > WAGERS_PER_COLOUR:
        raise InvalidInput("lost-cities.too-many-wagers", wagers=checked.count(WAGER), most=WAGERS_PER_COLOUR,
                           **where)
    return tuple(checked)


def check_round(inputs: Mapping[str, Mapping[str, Any]], rules: Rules = OFFICIAL,
                round: int | None = None) -> dict[str, dict[str, tuple[Any, ...]]]:
    """Check one game of both players against the deck: each number of a colour once, 3 wagers a colour.

    `inputs` maps player → colour → cards; players may be missing (a game being entered).
    """
    checked: dict[str, dict[str, tuple[Any, ...]]] = {}
    for player, columns in inputs.items():
        checked[player] = {}
        for colour, cards in columns.items():
            if colour not in rules.colours:
                code = "lost-cities.needs-purple" if colour == PURPLE else "lost-cities.unknown-colour"
                raise InvalidInput(code, colour=colour, colours=rules.colours, round=round, player=player,
                                   field=colour)
            checked[player][colour] = check_expedition(cards, round=round, player=player, colour=colour)
    for colour in rules.colours:
        seen: dict[int, str] = {}
        wagers = 0
        for player, columns in checked.items():
            cards = columns.get(colour, ())
            wagers += cards.count(WAGER)
            if wagers > WAGERS_PER_COLOUR:
                raise InvalidInput("lost-cities.deck-wagers", wagers=wagers, colour=colour, most=WAGERS_PER_COLOUR,
                                   round=round, player=player, field=colour)
            for card in cards:
                if card != WAGER and card in seen:
                    raise InvalidInput("lost-cities.card-taken", colour=colour, card=card, owner=seen[card],
                                       round=round, player=player, field=colour)
                if card != WAGER:
                    seen[card] = player
    return checked


def score_player(columns: Mapping[str, Sequence[Any]], rules: Rules = OFFICIAL) -> tuple[Expedition, ...]:
    """One player's expeditions in one game, in the rules' colour order (a missing colour is unstarted)."""
    return tuple(score_expedition(columns.get(colour, ()), rules, colour) for colour in rules.colours)


def score(table: Any) -> Result:
    """Score a Lost Cities table file; `detail` is [game][player] → the player's expeditions.

    Round = sum of colours, total = sum of rounds; parts = each colour over the match.
    No tie-break exists (rules part D, LC-Q1): equal totals share the rank.
    """
    checked = check_table(table, game=GAME, players=PLAYERS, variants=VARIANTS, rounds=ROUNDS)
    rules = rules_for(checked.variants)
    detail = []
    for number, inputs in enumerate(checked.rounds, start=1):
        game = check_round(inputs, rules, round=number)
        detail.append({player: score_player(game[player], rules) for player in checked.players})
    rounds = {p: [sum(e.score for e in game[p]) for game in detail] for p in checked.players}
    parts = {p: {colour: sum(game[p][i].score for game in detail) for i, colour in enumerate(rules.colours)}
             for p in checked.players}
    totals = {p: sum(rounds[p]) for p in checked.players}
    return Result(GAME, checked.variants, standings(checked.players, totals, rounds=rounds, parts=parts),
                  detail=detail)
