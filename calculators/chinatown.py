"""Chinatown (Karsten Hartwig; Z-Man/Filosofia rules): businesses, income, trades, cash by year, and the
Persian summary's four-season game.

Sources: shared/rules/chinatown.md (§0 key numbers, §2.3 types, §2.7 cards and tiles per year, §2.8 income,
§2.9 the tie-break, §4 the summary variant); the contract is the `chinatown` section of shared/spec/table-format.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from calculators.chinatown_board import (BOARD_KEYS, Board, Year, check_later, check_lots as check_board_lots,
                                         check_count, check_shops, check_year, derive, is_board_form, same_businesses)
from calculators.core import (
    NAME_LIMIT,
    InvalidInput,
    Phrase,
    Result,
    Standing,
    check_table,
    check_text,
    is_int,
    player_name,
    require_int,
    standings,
    unknown_keys,
)

GAME: Final = "chinatown"
PLAYERS: Final = (3, 4, 5)  # §0
YEARS: Final = (1965, 1966, 1967, 1968, 1969, 1970)  # §0: six years, income paid at the end of each
DEFAULT_ROUNDS: Final = len(YEARS)
START_CASH: Final = 50_000  # §2.5 (Z-Man/Filosofia)
MARKERS: Final = 30  # §2.5: each player's ownership markers of one colour
BUILDING_CARDS: Final = 85  # §0: building cards, one per lot (numbered 1–85)

# §2.3: the 12 business types and their complete sizes; the box holds complete size + 3 tiles of each.
COMPLETE_SIZE: Final = {
    "photo": 3, "tea-house": 3, "seafood": 3,
    "jewelry": 4, "florist": 4, "tropical-fish": 4,
    "take-out": 5, "laundry": 5, "dim-sum": 5,
    "antiques": 6, "factory": 6, "restaurant": 6,
}
EXTRA_TILES: Final = 3
SUPPLY: Final = {kind: size + EXTRA_TILES for kind, size in COMPLETE_SIZE.items()}

# §2.8: income of one business by its tiles ([PT][DR][ZA] agree).
INCOMPLETE_INCOME: Final = {1: 10_000, 2: 20_000, 3: 40_000, 4: 60_000, 5: 80_000}
COMPLETE_INCOME: Final = {3: 50_000, 4: 80_000, 5: 110_000, 6: 140_000}

# §2.7: building cards dealt per player, by player count and year; each player keeps 2 fewer.
# Shop tiles drawn: year 1 = cards dealt, later years = cards kept ([FRQS]; the [2OFF] totals match).
CARDS_DEALT: Final = {3: (7, 6, 6, 6, 6, 6), 4: (6, 5, 5, 5, 5, 5), 5: (5, 5, 5, 4, 4, 4)}
CARDS_RETURNED: Final = 2

# §4 and the spec: the Persian summary's four-season game.
FOUR_SEASONS: Final = "four-seasons"
SEASONS: Final = 4
FOUR_SEASONS_START_CASH: Final = 60_000  # §1.2: three $20,000 notes
FOUR_SEASONS_NOTE: Final = 20_000  # §1.2: the starting money is paid in these notes
SHOP_CARDS_ON_BOARD: Final = 6  # §1.2: shop cards dealt onto the 6 spaces of the main board
MIN_RAISE: Final = 1_000  # §1.3: each raise of a bid is at least this
SHOP_INCOME: Final = 10_000  # per shop, times the shops of its type built so far (§1.6)
SAME_TYPE_CAP: Final = 6  # the summary's table tops out at 6 shops of a type
BUILDS_PER_SEASON: Final = 2  # §1.6
SHOP_SPACES: Final = 6  # each player board has 6 spaces
END_BONUS_PER_SHOP: Final = 10_000  # §1.7

# The one module is scorepad's own, not the rulebook's: every player's cash on screen during the game.
# It changes what a shared screen shows, never the arithmetic; a table file names it in `modules`.
OPEN_CASH: Final = "open-cash"
MODULES: Final = (OPEN_CASH,)

# The variants' names; what each means is worded in scorepad/games/chinatown/words.py, from the constants above.
VARIANTS: Final = (FOUR_SEASONS,)

TRADE_KEYS: Final = ("round", "from", "to", "amount", "note")  # note: optional words for the table
BUSINESS_KEYS: Final = ("type", "tiles")
OFFICIAL_KEYS: Final = ("businesses",)
SEASON_KEYS: Final = ("spent", "built")

PART_START, PART_INCOME, PART_IN, PART_OUT = "start", "income", "trades in", "trades out"
PART_AUCTIONS, PART_SHOPS = "auctions", "shop bonus"


@dataclass(frozen=True)
class Rules:
    """What a table's variant decides."""

    seasons: bool = False  # the four-season game

    @property
    def rounds(self) -> int:
        return SEASONS if self.seasons else len(YEARS)

    @property
    def start_cash(self) -> int:
        return FOUR_SEASONS_START_CASH if self.seasons else START_CASH


def rules_for(variants: Iterable[str]) -> Rules:
    return Rules(seasons=FOUR_SEASONS in set(variants))


def cards_and_tiles(players: int, year: int) -> tuple[int, int, int]:
    """(cards dealt, cards kept, shop tiles drawn) per player in `year` (1-based) — §2.7.

    >>> cards_and_tiles(3, 1), cards_and_tiles(5, 4)
    ((7, 5, 7), (4, 2, 2))
    """
    dealt = CARDS_DEALT[players][year - 1]
    kept = dealt - CARDS_RETURNED
    return dealt, kept, dealt if year == 1 else kept


def business_income(kind: str, tiles: int) -> int:
    """One business: complete (tiles = the type's size) or not (§2.8).

    >>> business_income("photo", 3), business_income("antiques", 3), business_income("restaurant", 6)
    (50000, 40000, 140000)
    """
    if tiles == COMPLETE_SIZE[kind]:
        return COMPLETE_INCOME[tiles]
    return INCOMPLETE_INCOME[tiles]


def is_complete(kind: str, tiles: int) -> bool:
    return tiles == COMPLETE_SIZE[kind]


def shop_key(name: str) -> str:
    """Four-season shop types are any name; "Restaurant" and " restaurant" are one type."""
    return name.strip().lower()


# --- checks -----------------------------------------------------------------------------------------

def check_businesses(value: Any, **where: Any) -> list[dict[str, Any]]:
    """A player's businesses in one year: [{"type": ..., "tiles": 1..size}, ...]."""
    if not isinstance(value, list):
        raise InvalidInput("chinatown.not-businesses", value=value, **where)
    checked = []
    for item in value:
        if not isinstance(item, dict):
            raise InvalidInput("chinatown.not-a-business", item=item, **where)
        unknown_keys(item, BUSINESS_KEYS, **where)
        kind = item.get("type")
        if not isinstance(kind, str) or kind not in COMPLETE_SIZE:  # a list or object is no type (and unhashable)
            raise InvalidInput("chinatown.unknown-type", kind=kind, types=tuple(COMPLETE_SIZE), **where)
        size = COMPLETE_SIZE[kind]
        if not is_int(item.get("tiles")) or not 1 <= item["tiles"] <= size:
            raise InvalidInput("chinatown.tiles-out-of-range", kind=kind, tiles=item.get("tiles"), size=size, **where)
        checked.append({"type": kind, "tiles": item["tiles"]})
    return checked


def check_supply(year: Mapping[str, Sequence[Mapping[str, Any]]], round: int | None = None) -> None:
    """In one year the tiles of a type across all players cannot exceed what the box holds (§2.3).

    `year` maps player -> checked businesses; players may be missing (a year being entered). The refusal counts
    every tile of the type, and names the player whose businesses took it over the box.
    """
    counted: dict[str, int] = {}
    over: dict[str, str] = {}  # type -> the player whose businesses went past the box
    for player, businesses in year.items():
        for business in businesses:
            kind = business["type"]
            counted[kind] = counted.get(kind, 0) + business["tiles"]
            if counted[kind] > SUPPLY[kind]:
                over.setdefault(kind, player)
    for kind, player in over.items():
        raise InvalidInput("chinatown.over-supply", tiles=counted[kind], kind=kind, supply=SUPPLY[kind],
                           round=round, player=player, field="businesses")


def lots_by(players: int, year: int) -> int:
    """The lots the players own in all by the income of `year` (1-based): every building card kept so far, one
    lot each (§2.6, §2.7). Lots change hands in trade, so this bounds the whole table, not one player.

    >>> lots_by(3, 1), lots_by(3, 6), lots_by(5, 6)  # §2.7: 25 lots each in a 3-player game, 15 with 5
    (15, 75, 75)
    """
    return players * sum(cards_and_tiles(players, y)[1] for y in range(1, year + 1))


def check_lots(year: Mapping[str, Sequence[Mapping[str, Any]]], players: int, round: int) -> None:
    """Every shop tile on the board stands on a lot: in year `round` the tiles of all players cannot exceed the
    lots kept so far (§2.6). `year` as in check_supply; the player named is the one whose tiles went past."""
    lots = lots_by(players, round)
    tiles = 0
    past = None
    for player, businesses in year.items():
        tiles += sum(business["tiles"] for business in businesses)
        if tiles > lots and past is None:
            past = player
    if past is not None:
        raise InvalidInput("chinatown.over-lots", tiles=tiles, year=YEARS[round - 1], lots=lots, players=players,
                           kept=lots // players, round=round, player=past, field="businesses")


def check_season(inputs: Mapping[str, Any], earlier_shops: int, **where: Any) -> tuple[int, list[str]]:
    """One player's season in the four-season game: auction money spent, shops built (≤ 2, ≤ 6 in all)."""
    unknown_keys(inputs, SEASON_KEYS, **where)
    spent = require_int(inputs.get("spent", 0), 0, None, **where, field="spent")
    built = inputs.get("built", [])
    if not isinstance(built, list) or not all(isinstance(b, str) and b.strip() for b in built):
        raise InvalidInput("chinatown.not-shop-names", built=built, **where, field="built")
    for name in built:  # any type name, so a name's rules: printable, and no longer than a player's name
        check_text(name, NAME_LIMIT, **where, field="built")
    if len(built) > BUILDS_PER_SEASON:
        raise InvalidInput("chinatown.too-many-builds", shops=len(built), most=BUILDS_PER_SEASON, **where,
                           field="built")
    if earlier_shops + len(built) > SHOP_SPACES:
        raise InvalidInput("chinatown.no-space", shops=earlier_shops + len(built), spaces=SHOP_SPACES, **where,
                           field="built")
    return spent, list(built)


def check_trades(value: Any, players: Sequence[str], rounds: int) -> list[dict[str, Any]]:
    """Money paid between players: [{"round", "from", "to", "amount"[, "note"]}], rounds 1..the table's."""
    if not isinstance(value, list):
        raise InvalidInput("chinatown.not-trades", field="trades")
    checked = []
    for number, trade in enumerate(value, start=1):
        field = f"trade {number}"
        if not isinstance(trade, dict):
            raise InvalidInput("chinatown.not-a-trade", trade=trade, field=field)
        unknown_keys(trade, TRADE_KEYS, field=field)
        for key in ("round", "from", "to", "amount"):
            if key not in trade:
                raise InvalidInput("chinatown.trade-missing", key=key, field=field)
        round_ = require_int(trade["round"], 1, rounds, field=f"{field} round")
        names = {}
        for key in ("from", "to"):
            name = player_name(trade[key]) if isinstance(trade[key], str) else trade[key]
            if name not in players:
                raise InvalidInput("chinatown.unknown-player", name=trade[key], players=tuple(players), round=round_,
                                   field=f"{field} {key}")
            names[key] = name
        if names["from"] == names["to"]:
            raise InvalidInput("chinatown.pays-themselves", payer=names["from"], round=round_, field=field)
        amount = require_int(trade["amount"], 1, None, round=round_, field=f"{field} amount")
        if "note" in trade and not isinstance(trade["note"], str):
            raise InvalidInput("chinatown.note-not-text", note=trade["note"], round=round_, field=f"{field} note")
        if "note" in trade:  # words for the table: a sentence, and nothing that drives the terminal
            check_text(trade["note"], round=round_, field=f"{field} note")
        checked.append({"round": round_, "from": names["from"], "to": names["to"], "amount": amount,
                        "number": number})
    return checked


# --- the ledger -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Business:
    kind: str
    tiles: int
    income: int
    complete: bool


@dataclass(frozen=True)
class Line:
    """One player's year (or season): what came in, what went out, and the cash after income."""

    businesses: tuple[Business, ...]  # official game; empty in four-seasons
    built: tuple[str, ...]  # four-seasons: shops built this season
    shops: tuple[tuple[str, int, int], ...]  # four-seasons: (type, shops owned, income per shop)
    income: int
    received: int
    paid: int
    spent: int
    cash: int


@dataclass(frozen=True)
class Tie:
    """Players level on their total, and what the tie-break made of it (§2.9).

    `players` are in rank order (then table order); `ranks` are their places after the tie-break, so
    equal ranks are still shared. `tiles` holds each one's shop tiles on the board in the table's last
    round, or is None in the four-season game, which has no tie-break.
    """

    total: int
    players: tuple[str, ...]
    ranks: Mapping[str, int]
    tiles: Mapping[str, int] | None

    @property
    def broken(self) -> bool:
        """True when the tie-break put at least one of them ahead of another."""
        return len(set(self.ranks.values())) > 1


@dataclass(frozen=True)
class Ledger:
    """`detail` of a scored Chinatown table."""

    rules: Rules
    start: int
    lines: tuple[Mapping[str, Line], ...]  # per round: player -> Line
    trades: tuple[Mapping[str, Any], ...]  # checked trades, in table order
    bonus: Mapping[str, int]  # four-seasons end bonus per player (0 until the last season)
    ties: tuple[Tie, ...] = ()  # every group of players level on their total, best place first
    boards: tuple[Year, ...] = ()  # the years given in the board form (Year.label: which), in order


def _pay(cash: dict[str, int], payer: str, amount: int, code: str, **values: Any) -> None:
    # The message names no balance: it shows at a prompt on a shared screen, and cash is private.
    if cash[payer] - amount < 0:
        raise InvalidInput(code, payer=payer, amount=amount, player=payer, **values)
    cash[payer] -= amount


def score(table: Any, board: Board | None = None) -> Result:
    """Score a Chinatown table: total = final cash; rounds = each round's income; parts add up to the cash.

    `board` is the board's layout (scorepad/games/chinatown/board.json, read by Board.from_data): a year given in
    the board form (`lots` and `shops`) has its businesses derived on it (chinatown_board.derive).

    Within a round: (four-seasons: auction money to the bank,) trades in table order, then income.
    Equal cash: the most shop tiles on the board in the last round ranks first, then the rank is shared
    (§2.9, the official rulebook); the four-season game shares it at once. `detail.ties` says how each tie went.
    """
    checked = check_table(table, game=GAME, players=PLAYERS, variants=VARIANTS, rounds=range(1, len(YEARS) + 1),
                          extra_keys=("trades",), modules=MODULES)
    rules = rules_for(checked.variants)
    if len(checked.rounds) > rules.rounds:
        raise InvalidInput("chinatown.too-many-seasons", rounds=len(checked.rounds), most=rules.rounds,
                           field="rounds")
    players = checked.players
    trades = check_trades(checked.extra.get("trades", []), players, len(checked.rounds))
    cash = {p: rules.start_cash for p in players}
    parts = {p: {PART_START: rules.start_cash, PART_INCOME: 0, PART_IN: 0, PART_OUT: 0} for p in players}
    if rules.seasons:
        for p in players:
            parts[p][PART_AUCTIONS] = 0
    lines: list[dict[str, Line]] = []
    built: dict[str, list[str]] = {p: [] for p in players}  # four-seasons: shops in build order
    boards: list[Year] = []  # the years given in the board form, for the checks from year to year
    for number, inputs in enumerate(checked.rounds, start=1):
        spent = {p: 0 for p in players}
        new: dict[str, list[str]] = {p: [] for p in players}
        businesses: dict[str, list[dict[str, Any]]] = {}
        for p in players:
            if rules.seasons:
                spent[p], new[p] = check_season(inputs[p], len(built[p]), round=number, player=p)
            else:
                unknown_keys(inputs[p], OFFICIAL_KEYS + BOARD_KEYS, round=number, player=p)
                businesses[p] = check_businesses(inputs[p].get("businesses", []), round=number, player=p,
                                                 field="businesses")
        if not rules.seasons:
            year_board(inputs, players, number, board, businesses, boards)
            check_supply(businesses, round=number)
            check_lots(businesses, len(players), number)
        for p in players:  # the auctions come before the trading (summary §1.3)
            _pay(cash, p, spent[p], "chinatown.auction-below-zero", round=number, field="spent")
        received = {p: 0 for p in players}
        paid = {p: 0 for p in players}
        for trade in (t for t in trades if t["round"] == number):
            _pay(cash, trade["from"], trade["amount"], "chinatown.trade-below-zero", payee=trade["to"],
                 round=number, field=f"trade {trade['number']}")
            cash[trade["to"]] += trade["amount"]
            paid[trade["from"]] += trade["amount"]
            received[trade["to"]] += trade["amount"]
        for p in players:
            built[p] += new[p]
        counts: dict[str, int] = {}
        for p in players:
            for kind in built[p]:
                counts[shop_key(kind)] = counts.get(shop_key(kind), 0) + 1
        year: dict[str, Line] = {}
        for p in players:
            if rules.seasons:
                owned: dict[str, tuple[str, int]] = {}
                for kind in built[p]:
                    name, n = owned.get(shop_key(kind), (kind, 0))
                    owned[shop_key(kind)] = (name, n + 1)
                shops = tuple((name, n, SHOP_INCOME * min(counts[key], SAME_TYPE_CAP))
                              for key, (name, n) in owned.items())
                income = sum(n * each for _, n, each in shops)
                scored: tuple[Business, ...] = ()
            else:
                shops = ()
                scored = tuple(Business(b["type"], b["tiles"], business_income(b["type"], b["tiles"]),
                                        is_complete(b["type"], b["tiles"])) for b in businesses[p])
                income = sum(b.income for b in scored)
            cash[p] += income
            parts[p][PART_INCOME] += income
            parts[p][PART_IN] += received[p]
            parts[p][PART_OUT] -= paid[p]
            if rules.seasons:
                parts[p][PART_AUCTIONS] -= spent[p]
            year[p] = Line(scored, tuple(new[p]), shops, income, received[p], paid[p], spent[p], cash[p])
        lines.append(year)
    # The end bonus is paid "at the end" (summary §1.7): only once the table holds every season.
    ended = rules.seasons and len(checked.rounds) == rules.rounds
    bonus = {p: END_BONUS_PER_SHOP * len(built[p]) if ended else 0 for p in players}
    if rules.seasons:
        for p in players:
            parts[p][PART_SHOPS] = bonus[p]
    totals = {p: cash[p] + bonus[p] for p in players}
    rounds = {p: [line[p].income for line in lines] for p in players}
    # §2.9: a tie on cash goes to the most shop tiles on the board: the last year's businesses, every placed
    # tile being part of one. The four-season game has no tie-break (summary §1.7).
    tiles = None if rules.seasons else {p: board_tiles(lines[-1][p]) for p in players}
    tiebreak = (lambda p: ()) if tiles is None else (lambda p: (tiles[p],))
    ranked = standings(players, totals, rounds=rounds, parts=parts, tiebreak=tiebreak)
    ties = ties_of(ranked, tiles)
    ledger = Ledger(rules, rules.start_cash, tuple(lines),
                    tuple({k: v for k, v in t.items() if k != "number"} for t in trades), bonus, ties, tuple(boards))
    return Result(GAME, checked.variants, ranked, detail=ledger, tiebreaks=tuple(tie_phrase(t) for t in ties))


def year_board(inputs: Mapping[str, Mapping[str, Any]], players: Sequence[str], number: int, board: Board | None,
               businesses: dict[str, list[dict[str, Any]]], boards: list[Year]) -> None:
    """The players' boards of year `number`: each one's businesses derived (and equal to any given beside them),
    and the board's checks in the year and against every earlier board (the spec's board form)."""
    lots: dict[str, list[int]] = {}
    shops: dict[str, dict[int, str]] = {}
    for p in players:
        if not is_board_form(inputs[p]):
            continue
        where = {"round": number, "player": p, "year": YEARS[number - 1]}
        if board is None:
            raise InvalidInput("chinatown.no-board", **where, field="lots")
        lots[p] = check_board_lots(inputs[p].get("lots", []), board, **where, field="lots")
        shops[p] = check_shops(inputs[p].get("shops", {}), lots[p], COMPLETE_SIZE, **where, field="shops")
        derived = derive(lots[p], shops[p], board, COMPLETE_SIZE)
        if "businesses" in inputs[p] and not same_businesses(businesses[p], derived):
            raise InvalidInput("chinatown.not-the-board", given=tuple((b["type"], b["tiles"]) for b in businesses[p]),
                               derived=tuple((b["type"], b["tiles"]) for b in derived), **where, field="businesses")
        businesses[p] = derived
    if not lots:
        return
    year = Year(lots, shops, whole=len(lots) == len(players), label=YEARS[number - 1])
    check_year(year, SUPPLY, round=number)
    for earlier in boards:  # a lot lost is named before the count of lots it makes wrong
        check_later(earlier, year, round=number)
    check_count(year, lots_by(len(players), number), round=number)
    boards.append(year)


def board_tiles(line: Line) -> int:
    """Shop tiles a player has on the board: the tiles of all their businesses that year (§2.9)."""
    return sum(b.tiles for b in line.businesses)


def ties_of(ranked: Sequence[Standing], tiles: Mapping[str, int] | None) -> tuple[Tie, ...]:
    """Each group of players level on their total (2 or more), in the order of the standings."""
    groups: dict[int, list[Standing]] = {}
    for s in ranked:
        groups.setdefault(s.total, []).append(s)
    return tuple(Tie(total, tuple(s.player for s in level), {s.player: s.rank for s in level},
                     None if tiles is None else {s.player: tiles[s.player] for s in level})
                 for total, level in groups.items() if len(level) > 1)


def tie_phrase(tie: Tie) -> Phrase:
    """What the table reads about a tie, as data (§2.9): shared at once (four seasons), shared on equal tiles,
    one player ahead of another by their tiles, or the places of three or more by their tiles.

    `players` are in the standings' order; places are ranks (1 = first). Worded in scorepad/games/chinatown.py.
    >>> tie_phrase(Tie(802_000, ("Ben", "Ana"), {"Ben": 1, "Ana": 2}, {"Ben": 11, "Ana": 9}))
    Phrase(code='chinatown.tie-won', values={'players': ('Ben', 'Ana'), 'total': 802000, 'winner': 'Ben', \
'won': 11, 'lost': 9})
    """
    place = min(tie.ranks.values())
    if tie.tiles is None:
        return Phrase("chinatown.tie-no-tiebreak", {"players": tie.players, "total": tie.total, "place": place})
    if not tie.broken:
        return Phrase("chinatown.tie-shared", {"players": tie.players, "total": tie.total,
                                               "tiles": tie.tiles[tie.players[0]], "place": place})
    if len(tie.players) == 2:
        winner, loser = tie.players
        return Phrase("chinatown.tie-won", {"players": tie.players, "total": tie.total, "winner": winner,
                                            "won": tie.tiles[winner], "lost": tie.tiles[loser]})
    places: dict[int, list[str]] = {}
    for player in tie.players:
        places.setdefault(tie.ranks[player], []).append(player)
    order = tuple((tuple(level), tie.tiles[level[0]], rank) for rank, level in places.items())
    return Phrase("chinatown.tie-many", {"players": tie.players, "total": tie.total, "order": order})
