"""Chinatown at the table: the year guide, trades, the business notation, private cash, the ledgers, and sheet data."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from functools import wraps
from typing import TYPE_CHECKING, Any

from calculators import chinatown as rules
from calculators.chinatown import money
from calculators.core import InvalidInput, Result
from scorepad.games.base import Ask, Commands, Game, Say, Step, keeping
from scorepad.grid import grid, standings_text

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------

TITLE = "Chinatown"
BLURB = "Six years of deals in 1960s Chinatown: trades, businesses and income; the richest wins. Cash stays private."
OPEN_CASH = rules.OPEN_CASH
MODULES = {OPEN_CASH: "show every player's cash on screen (by default only incomes and trades are shown)"}

TYPE_NAMES = {"photo": "Photo", "tea-house": "Tea House", "seafood": "Seafood", "jewelry": "Jewelry",
              "florist": "Florist", "tropical-fish": "Tropical Fish", "take-out": "Take-Out", "laundry": "Laundry",
              "dim-sum": "Dim Sum", "antiques": "Antiques", "factory": "Factory", "restaurant": "Restaurant"}
# What to type for each type: the shortest clear word; any unique start of a name works too.
SHORT_NAMES = {"photo": "photo", "tea-house": "tea", "seafood": "sea", "jewelry": "jewel", "florist": "flor",
               "tropical-fish": "fish", "take-out": "take", "laundry": "laun", "dim-sum": "dim", "antiques": "ant",
               "factory": "fact", "restaurant": "rest"}
ALIASES = {"fish": "tropical-fish", "jewellery": "jewelry", "jewel": "jewelry"}  # words that are no name's start
TOO_MANY_TILES = "{kind} {tiles}: the box holds {supply} {kind} tiles"
NONE_WORDS = ("none", "-", "—", "0", "nothing")
SEPARATORS = (",", ";", "+", "/", "&", "and")

SETUP = """\
Setup for {players} ({count} players), {years}:
  • The board out, the year marker on 1965.
  • Each player takes the 30 markers of a colour and a player aid; the bank pays each player $50,000
    (count it out in secret: from here on, each player's cash is their own business).
  • All 90 shop tiles into the bag; shuffle the 85 building cards face down.
  • The First Player card goes to whoever most recently visited a Chinatown.
{privacy}"""
PRIVATE = ("  scorepad shows incomes and trades, never everyone's cash: type `cash NAME` at any prompt\n"
           "  to see one player's balance (type `help` for every word).")
OPEN = "  Open cash: scorepad shows every player's cash after each year."
ASK_FIRST = "Who takes the First Player card? (whoever most recently visited a Chinatown)"
YEAR_START = """\
── {year} · year {number} of {years} ── start player: {starter}
  1. Deal {dealt} building cards to each player; each keeps {kept} and returns 2 (shuffled back).
     Put a marker on each kept lot; the kept cards leave the game.
  2. Each player draws {tiles} shop tiles from the bag and puts them face up in front of them.
  3. Trade freely: lots, tiles and money, in any mix. Everything is open except how much cash you hold.
  4. Place tiles on your own empty lots (as many as you like); placed tiles never move.
  5. Income: each business pays by its tiles, more when complete (as many tiles as the number
     printed on them: 3 to 6).
  Record each payment between players as it happens; Enter when the year's trading is done."""
TRADE_HELP = ("  A trade: payer, payee and amount, e.g. `{payer} {payee} 10k` or `{payer} > {payee} $12,000`\n"
              "  (10000, 10k and $10,000 are the same); then a note of what it bought if you like\n"
              "  (kept in the session).")
YEAR_START_SHORT = """\
── {year} · year {number} of {years} ── start player: {starter}
  Deal {dealt} building cards each (keep {kept}, return 2); mark the kept lots. Draw {tiles} shop tiles each.
  Trade, place tiles, then income. Record each payment as it happens; Enter when trading is done."""
ASK_TRADE = "{year} · trade (payer payee amount); Enter when trading is done:"
ASK_NOTE = "What did {payer}'s {amount} buy? (a note, e.g. `{example}`; Enter for none)"
TRADE_LABEL = "{year} · trade {n}"  # how edit and undo name a trade (a year holds many)
NOTE_LABEL = "{year} · trade {n} · note"
NOTE_EXAMPLE, NOTE_EXAMPLE_SEASONS = "lot 12", "a Restaurant licence"  # the four-season game has no lots
NOT_AMOUNT = "{text!r} is not an amount (e.g. 10000, 10k, $10,000)"
TOO_MUCH = "{text!r} is more money than a game of Chinatown holds"
MONEY_DIGITS = 12  # a trillion dollars is no payment at this table
AMBIGUOUS_PLAYER = "{word!r} could be {names}: type more of the name"
ASK_PAYEE = "who is paid? e.g. `{payer} {payee} 10k`"
ASK_AMOUNT = "how much does {payer} pay {payee}? e.g. `{payer} {payee} 10k`"
NO_AMOUNT = "a payment is $1 or more (e.g. `{payer} {payee} 10k`); Enter alone when trading is done"
EXTRA_WORDS = "{words!r}: a trade is payer, payee and amount; the note is asked next"
INCOME_START = """\
  {year} income: each player lists their businesses as type and tiles, e.g. `rest 4, photo 3`.
  A business is connected tiles of one type owned by one player inside one block; a street splits it.
  Types by tiles to complete: {types}
  A group larger than complete counts as complete + the rest (`photo 4` = 3 + 1). `none` for nothing."""
ASK_BUSINESSES = "{year} · {player}'s businesses:"
ASK_BUSINESSES_AGAIN = "{year} · {player}'s businesses [{previous}: {last}; Enter keeps that]:"
SHOW_TRADING_DONE = "(trading done)"
SHOW_NO_NOTE = "(no note)"
ECHO_TRADE = "  {payer} pays {payee} {amount}{note}."
NO_MORE_TRADES = "  No more trades in {year}."
YEAR_END = "{year}: income and trades"
PRIVATE_FOOTER = "  Cash stays private: `cash NAME` shows one balance."
CASH_LINE = "{player} has {cash} {when}."
CASH_WHEN_START = "(the starting money)"
CASH_WHEN_YEAR = "after {label}'s income"
CASH_WHEN_TRADES = "after {label}'s income and this {period}'s payments so far"
CASH_WHEN_NOW = "after this {period}'s payments so far"
CASH_WHO = "Whose cash? Type `cash NAME` (players: {players})."
CASH_HELP = "cash NAME: that player's cash now (only they should look)"
TYPES_LINE = "Types by tiles to complete: {types}  (any clear start of a name works too)"
TYPES_HELP = "the business types and what to type for each"
LEDGER_HELP = "ledger NAME: that player's year-by-year ledger (open cash or at the end)"
LEDGER_EMPTY = "No {period} is complete yet: each player started with {cash} (`cash NAME` for now)."
LEDGER_PRIVATE = "Ledgers show cash: they open at the end of the game (or with --open-cash)."
LEDGER_TITLE = "{player}'s ledger:"
# Why players level on cash are ranked as they are (rules §2.9: the most shop tiles on the board, then shared).
TIE_TWO = "{names} are level on {total}; {winner} wins the tie: {won} to {lost}."
TIE_TWO_SO_FAR = "{names} are level on {total}; {winner} is ahead on the tie: {won} to {lost}."  # in progress
TIE_MANY = "{names} are level on {total}; the most shop tiles decide: {order}."
TIE_ONE = "{player} {tiles} ({place})"
TIE_SOME = "{names} {tiles} each (they share {place})"
TIE_SHARED = "{names} are level on {total} and on shop tiles ({tiles} each): they share {place} place."
TIE_NO_TIEBREAK = "{names} are level on {total}; the four-season game has no tie-break: they share {place} place."
TILES = {1: "{n} shop tile"}  # any other number: TILES_MANY
TILES_MANY = "{n} shop tiles"
PLAYING = "playing"  # a table file's session status while the game goes on (spec, "Sessions in a file")
PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
SHEET_TIES = "Ties on cash — the most shop tiles on the board in the last year wins; still level, the place is shared"
SHEET_TIES_SEASONS = "Ties — the four-season game has no tie-break: players level share the place"

SEASONS_SETUP = """\
Setup for {players} ({count} players), the four-season game (Persian summary):
  • The main board in the middle; each player takes a player board (6 shop spaces) and $60,000
    (three $20,000 notes). Keep your cash to yourself.
  • Shuffle the shop cards and the licence cards as two decks; deal 6 shop cards onto the main board.
  • Choose a start player; the start player passes clockwise each season.
{privacy}"""
ASK_FIRST_SEASONS = "Who is the start player for the first season?"
SEASON_START = """\
── Season {number} of {seasons} ── start player: {starter}
  1. Reveal {count} shop cards and {count} licence cards face up.
  2. Auction: from the start player clockwise, each picks a card to sell; bids open at $0 and rise by
     $1,000 or more; the highest bidder pays the BANK (no bid: the one who picked it takes it for $0).
     Enter what each player paid in all.
  3. Trade freely (cards, licences, money, promises); record money paid between players.
  4. Build: at most 2 shops a season (a shop card with a licence), 6 spaces in all; built shops stay.
  5. Income: each shop earns $10,000 × the shops of its type built by everyone so far (at most 6).
  After season 4, each built shop adds $10,000; the most money wins.
  A shop type is any name (`Restaurant`, `Type B`); a start or a word of a type already built is that
  type (`rest`, `B`), so one type never splits in two."""
ASK_SPENT = "Season {number} · {player} · paid at auction (total; Enter for none):"
SEASON_START_SHORT = """\
── Season {number} of {seasons} ── start player: {starter}
  Reveal {count} shop and {count} licence cards; auction them (winners pay the bank); trade; build (2 at most);
  income. Enter each player's auction total, the payments between players, then the shops built."""
ASK_BUILT = "Season {number} · {player} · shops built (types, e.g. `restaurant, laundry`; Enter for none):"
SEASON_LABEL = "Season {number}"
END_BONUS = "  End of the game: each built shop adds $10,000."

SHEET_START = "Start"
SHEET_BONUS = "Shop bonus"
SHEET_BONUS_RULE = "$10,000 per shop built"
# The sheet's notes, one line each so that three ledgers still fit on the first page. The income and
# size lines print the calculator's own tables (rules.INCOMPLETE_INCOME, COMPLETE_INCOME, COMPLETE_SIZE).
SHEET_INCOME = "Income per business: {incomplete}; complete: {complete}."
SHEET_SIZES = "To complete: {sizes}."
SHEET_CASH = ("Cash = last year's cash + trades in − trades out + income. Cash is private: keep your ledger to yourself "
              "until the end.")
SHEET_DEAL = "Cards and tiles ({players} players) — {years}."
SHEET_DEAL_YEARS = "{span}: deal {dealt} keep {kept}, {tiles} tiles"
SHEET_NOTES_SEASONS = (
    "Four seasons (Persian summary): $60,000 each; auction prices go to the bank; at most 2 shops built a season, 6 in all.",
    "Income each season: every shop earns $10,000 × the shops of its type built by everyone so far (at most 6).",
    "At the end: +$10,000 per shop built. Cash = last season's cash − auctions + trades in − trades out + income.",
)

HEADERS_SEASON = ["Player", "Auctions", "Shops", "Income", "Paid", "Received"]
BUILT_SO_FAR = "  Shops built so far: {shops} (each earns $10,000 × its type's count, at most 6)."
ECHO_BUILT = "  {player} builds {shops}."
NEW_TYPE = "{name} (a new type)"
BUILT_NOTHING = "nothing"
HEADERS_YEAR = ["Player", "Businesses", "Income", "Paid", "Received"]
HEADERS_LEDGER = ["Year", "Businesses", "Income", "Trades in", "Trades out", "Cash"]
HEADERS_SEASON_LEDGER = ["Season", "Auctions", "Shops (× each earned)", "Income", "Trades in", "Trades out", "Cash"]
CASH_HEADER = "Cash"


# --- money and names ----------------------------------------------------------------------------------

def parse_money(text: str, **where: Any) -> int:
    """`10000`, `10k`, `10,000`, `$10,000`, `12.5k` → dollars (a whole number, 0 or more).

    >>> parse_money("10k"), parse_money("$12,500"), parse_money("7.5K")
    (10000, 12500, 7500)
    """
    compact = text.strip().replace(",", "").replace("$", "").replace("_", "").lower()
    match = re.fullmatch(r"([0-9]+(?:\.[0-9]+)?)(k?)", compact)
    if not match:
        raise InvalidInput(NOT_AMOUNT.format(text=text.strip()[:20]), **where)
    if len(match.group(1).lstrip("0").partition(".")[0]) > MONEY_DIGITS:  # float() of it overflowed
        raise InvalidInput(TOO_MUCH.format(text=text.strip()[:20]), **where)
    value = Decimal(match.group(1)) * (1000 if match.group(2) else 1)  # exact, unlike a float
    if value != int(value):
        raise InvalidInput(f"{text.strip()!r} is not a whole number of dollars", **where)
    return int(value)


def _player(word: str, players: Sequence[str], **where: Any) -> str:
    """A player by name (the exact case first: `A` and `a` may both play), or by a start only one name has."""
    found = ([p for p in players if p == word] or [p for p in players if p.lower() == word.lower()]
             or [p for p in players if p.lower().startswith(word.lower())])
    if len(found) > 1:
        raise InvalidInput(AMBIGUOUS_PLAYER.format(word=word, names=" or ".join(found)), **where)
    if not found:
        raise InvalidInput(f"{word!r} is not one of the players ({', '.join(players)})", **where)
    return found[0]


def _names_a_player(text: str, players: Sequence[str]) -> bool:
    return any(text.lower().startswith(name.lower()) and (len(text) == len(name) or not text[len(name)].isalnum())
               for name in players)


def _take_player(text: str, players: Sequence[str], **where: Any) -> tuple[str, str]:
    """The player a text starts with (names may hold spaces), and the rest of the text."""
    by_length = sorted(players, key=len, reverse=True)
    for same in (str, str.lower):  # the exact case first, then case aside
        for name in by_length:
            if same(text).startswith(same(name)) and (len(text) == len(name) or not text[len(name)].isalnum()):
                return name, text[len(name):].strip()
    word, _, rest = text.partition(" ")
    return _player(word, players, **where), rest.strip()


# --- trades ---------------------------------------------------------------------------------------------

def parse_trade(text: str, players: Sequence[str], round: int) -> dict[str, Any] | None:
    """`Ana Ben 10k` → the spec's trade; "" → None (the round's trading is done).

    The spec's trade has no note, so a note is its own answer, kept in the session (never the table file).
    >>> parse_trade("ana > Ben $12,000", ["Ana", "Ben", "Cy"], 1)
    {'round': 1, 'from': 'Ana', 'to': 'Ben', 'amount': 12000}
    """
    text = text.strip()
    if not text:
        return None
    where = {"round": round, "field": "trade"}
    payer, rest = _take_player(text, players, **where)
    if not _names_a_player(rest, players):  # a player called Tom is no "to" + "m"
        rest = re.sub(r"^(?:[,;:]|->|→|>|(?:to|pays)\b)\s*", "", rest, flags=re.IGNORECASE)
    if not rest:
        other = next(p for p in players if p != payer)
        raise InvalidInput(ASK_PAYEE.format(payer=payer, payee=other), **where)
    payee, rest = _take_player(rest, players, **where)
    rest = re.sub(r"^[,;:]\s*", "", rest)
    rest = re.sub(r"^(\$?[\d.,_]+)\s+(k)(?=\s|$)", r"\1\2", rest, flags=re.IGNORECASE)  # `5 k` is 5k
    amount_text, _, note = rest.partition(" ")
    if not amount_text:
        raise InvalidInput(ASK_AMOUNT.format(payer=payer, payee=payee), **where)
    amount = parse_money(amount_text, **where)
    if amount < 1:
        raise InvalidInput(NO_AMOUNT.format(payer=payer, payee=payee), **where)
    if note.strip():
        raise InvalidInput(EXTRA_WORDS.format(words=note.strip()), **where)
    trade = {"round": round, "from": payer, "to": payee, "amount": amount}
    rules.check_trades([trade], players, round)  # the calculator's own checks (self-payment, amount > 0)
    return trade


def format_trade(trade: Mapping[str, Any] | None) -> str:
    if not trade:
        return ""
    return f"{trade['from']} {trade['to']} {trade['amount']}"


def trade_line(trade: Mapping[str, Any], note: str | None = None) -> str:
    return ECHO_TRADE.format(payer=trade["from"], payee=trade["to"], amount=money(trade["amount"]),
                             note=f" ({note})" if note else "")


# --- the business notation --------------------------------------------------------------------------------

def business_type(word: str, **where: Any) -> str:
    """`rest`, `Restaurant`, `tea house`, `takeout`, `fish` → the spec's type name."""
    key = word.lower().replace(" ", "").replace("-", "")
    if key in ALIASES:
        return ALIASES[key]
    found = [kind for kind in rules.COMPLETE_SIZE if kind.replace("-", "").startswith(key)] if key else []
    if len(found) != 1:
        hint = f"could be {' or '.join(found)}" if found else f"types: {types_text()}"
        raise InvalidInput(f"{word!r} is not a business type ({hint})", **where)
    return found[0]


def by_size(names: Mapping[str, str]) -> dict[int, list[str]]:
    """Type names grouped by complete size (3, 4, 5, 6), in the calculator's order."""
    groups: dict[int, list[str]] = {}
    for kind, size in rules.COMPLETE_SIZE.items():
        groups.setdefault(size, []).append(names[kind])
    return groups


def types_text() -> str:
    return " · ".join(f"{size}: {' '.join(words)}" for size, words in by_size(SHORT_NAMES).items())


def parse_businesses(text: str, **where: Any) -> list[dict[str, Any]]:
    """`rest 4, photo 3` → [{"type": "restaurant", "tiles": 4}, {"type": "photo", "tiles": 3}].

    A group larger than complete is complete + the rest (rules §2.8): `photo 4` → photo 3 and photo 1.
    >>> parse_businesses("tea house 3, fish4 photo 4")   # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'tea-house', 'tiles': 3}, {'type': 'tropical-fish', 'tiles': 4},
     {'type': 'photo', 'tiles': 3}, {'type': 'photo', 'tiles': 1}]
    """
    compact = text.strip().lower()
    if compact in NONE_WORDS:
        return []
    if not compact:
        raise InvalidInput("type the businesses (e.g. `rest 4, photo 3`), or `none`", **where)
    compact = re.sub(r"[x×*]\s*(?=\d)", " ", compact)
    out: list[dict[str, Any]] = []
    name: list[str] = []
    for token in re.findall(r"[^\W\d_]+(?:[-'][^\W\d_]+)*|\d+|\S", compact):
        if token.isdecimal():  # not isdigit(): '²' passes it, and int() refuses it
            if not name:
                raise InvalidInput(f"{token} of what? The type comes first, e.g. `rest {token}`", **where)
            kind = business_type(" ".join(name), **where)
            size, supply = rules.COMPLETE_SIZE[kind], rules.SUPPLY[kind]
            # A bound before int() and the split below: `rest 99999999999` would fill the memory.
            digits = token.lstrip("0") or "0"
            tiles = int(digits) if len(digits) <= len(str(supply)) else supply + 1
            if tiles < 1:
                raise InvalidInput(f"{kind} 0: a business has 1 tile or more", **where)
            if tiles > supply:
                shown = digits if len(digits) <= 6 else digits[:6] + "…"
                raise InvalidInput(TOO_MANY_TILES.format(kind=kind, tiles=shown, supply=supply), **where)
            while tiles > size:
                out.append({"type": kind, "tiles": size})
                tiles -= size
            out.append({"type": kind, "tiles": tiles})
            name = []
        elif token in SEPARATORS:
            if name:
                raise InvalidInput(f"how many {' '.join(name)} tiles? e.g. `{' '.join(name)} 2`", **where)
        elif token[0].isalpha():
            name.append(token)
        else:
            raise InvalidInput(f"{token!r} is not part of a business (e.g. `rest 4, photo 3`)", **where)
    if name:
        raise InvalidInput(f"how many {' '.join(name)} tiles? e.g. `{' '.join(name)} 2`", **where)
    return out


def format_businesses(businesses: Sequence[Mapping[str, Any]] | None) -> str:
    if businesses is None:
        return ""
    if not businesses:
        return "none"
    return ", ".join(f"{SHORT_NAMES[b['type']]} {b['tiles']}" for b in businesses)


def business_text(b: rules.Business) -> str:
    state = "complete" if b.complete else f"of {rules.COMPLETE_SIZE[b.kind]}"
    return f"{TYPE_NAMES[b.kind]} ×{b.tiles} ({state}) {money(b.income)}"


def businesses_short(line: rules.Line) -> str:
    return ", ".join(f"{TYPE_NAMES[b.kind]} {b.tiles}" for b in line.businesses) or "—"


# --- the four-season game's inputs ----------------------------------------------------------------------

def parse_built(text: str, **where: Any) -> list[str]:
    """`restaurant, Type B` → ["restaurant", "Type B"]; Enter → []."""
    return [name.strip() for name in re.split(r"[,;]", text) if name.strip()]


def format_built(built: Sequence[str] | None) -> str:
    return ", ".join(built or [])


def shops_text(line: rules.Line) -> str:
    """`Restaurant 2 × 60k, Type C 2 × 20k`: shops of each type and what each earned this season."""
    return ", ".join(f"{name} {n} × {each // 1000}k" for name, n, each in line.shops) or "—"


# --- where the game stands ------------------------------------------------------------------------------

def periods(session: Session) -> int:
    """Years (or seasons) this session plays: the variant's length unless fewer were asked for."""
    return min(session.rounds_planned or rules.DEFAULT_ROUNDS, rules.rules_for(session.variants).rounds)


def label(session: Session, number: int) -> str:
    """`1965` or `Season 1` for the 0-based round `number`."""
    if rules.rules_for(session.variants).seasons:
        return SEASON_LABEL.format(number=number + 1)
    return str(rules.YEARS[number])


def starter(session: Session, number: int) -> str:
    """The start player of round `number`: the First Player card passes clockwise each year (§2.6)."""
    first = session.get("setup", "first", default=session.players[0])
    index = session.players.index(first) if first in session.players else 0
    return session.players[(index + number) % len(session.players)]


def open_cash(session: Session) -> bool:
    return OPEN_CASH in session.modules or session.finished


def probe(session: Session, number: int, player: str | None = None, field: str | None = None, value: Any = None,
          trade: Mapping[str, Any] | None = None, index: int | None = None) -> Result:
    """Score the game through round `number` (0-based) as entered so far, with one more answer in it.

    The prompts refuse exactly what scoring refuses: the calculator sees the table as it would be.
    """
    table = session.table(number + 1)
    # Trades recorded for this round are in; a round not complete yet holds whatever was answered.
    if player is not None and field is not None:
        table["rounds"][number][player][field] = value
    if trade is not None:
        trades = table.setdefault("trades", [])
        recorded = session.get("trades", index) if index is not None else None
        if recorded in trades:  # an answer being edited: checked in its place, not counted twice
            trades[trades.index(recorded)] = dict(trade)
        else:
            trades.append(dict(trade))
    return rules.score(table)


def trades_of(session: Session, number: int) -> list[tuple[int, dict[str, Any] | None]]:
    """(index, trade or None) of round `number` (0-based) in the order recorded; None ends its trading.

    An end-of-trading answer names no round: it closes the round that is open when it is given.
    """
    found = sorted((at[1], value) for at, value in session.answers.items()
                   if at[0] == "trades" and len(at) == 2 and isinstance(at[1], int))
    out = []
    current = 1
    for index, value in found:
        if value is None:
            if current == number + 1:
                out.append((index, None))
            current += 1
        elif isinstance(value, dict):
            current = max(current, value.get("round", current))
            if value.get("round") == number + 1:
                out.append((index, value))
    return out


def next_trade_index(session: Session) -> int:
    return 1 + max((at[1] for at in session.answers if at[0] == "trades" and len(at) == 2
                    and isinstance(at[1], int)), default=-1)


def cash_now(session: Session) -> tuple[dict[str, int], str]:
    """Every player's cash now: after the complete rounds' income, this round's auctions and payments."""
    r = rules.rules_for(session.variants)
    done = min(session.complete_rounds(), periods(session))
    if done:
        result = session.score(done)
        cash = {p: result.detail.lines[-1][p].cash for p in session.players}
    else:
        cash = {p: r.start_cash for p in session.players}
    if done >= periods(session):
        return cash, CASH_WHEN_YEAR.format(label=label(session, done - 1))
    moved = False
    for p in session.players:
        spent = session.get("rounds", done, p, "spent")
        if isinstance(spent, int) and spent:
            cash[p] -= spent
            moved = True
    for _, trade in trades_of(session, done):
        if trade:
            cash[trade["from"]] -= trade["amount"]
            cash[trade["to"]] += trade["amount"]
            moved = True
    period = "season" if r.seasons else "year"
    if not done:
        return cash, CASH_WHEN_NOW.format(period=period) if moved else CASH_WHEN_START
    last = label(session, done - 1)
    if moved:
        return cash, CASH_WHEN_TRADES.format(label=last, period=period)
    return cash, CASH_WHEN_YEAR.format(label=last)


# --- the guided game ------------------------------------------------------------------------------------

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    privacy = OPEN if OPEN_CASH in session.modules else PRIVATE
    if r.seasons:
        out: list[Step] = [Say(lambda: SEASONS_SETUP.format(players=", ".join(session.players),
                                                            count=len(session.players), privacy=privacy)),
                           Ask(("setup", "first"), ASK_FIRST_SEASONS, parse=lambda t: _player(t, session.players),
                               choices=tuple(session.players))]
    else:
        out = [Say(lambda: setup_text(session, privacy)),
               Ask(("setup", "first"), ASK_FIRST, parse=lambda t: _player(t, session.players),
                   choices=tuple(session.players))]
    for number in range(periods(session)):
        if r.seasons:
            out += season_steps(session, number)
        else:
            out += year_steps(session, number)
    out.append(Say(lambda: final_text(session)))
    return out


def setup_text(session: Session, privacy: str) -> str:
    years = periods(session)
    span = f"{rules.YEARS[0]}–{rules.YEARS[years - 1]}" if years > 1 else str(rules.YEARS[0])
    return SETUP.format(players=", ".join(session.players), count=len(session.players),
                        years=f"{years} year{'s' if years != 1 else ''} ({span})", privacy=privacy)


def year_steps(session: Session, number: int) -> list[Step]:
    year = label(session, number)
    dealt, kept, tiles = rules.cards_and_tiles(len(session.players), number + 1)
    guide = YEAR_START_SHORT if number else YEAR_START + "\n" + TRADE_HELP  # the whole year once, then a reminder
    out: list[Step] = [Say(lambda: guide.format(year=year, number=number + 1, years=periods(session),
                                                starter=starter(session, number), dealt=dealt, kept=kept,
                                                tiles=tiles, payer=session.players[0], payee=session.players[1]))]
    if not _trading(session, number, out):
        return out
    out.append(Say(lambda: INCOME_START.format(year=year, types=types_text())))
    for player in session.players:
        out.append(_businesses_question(session, number, player))
    out.append(Say(lambda: year_summary(session, number)))
    return out


def season_steps(session: Session, number: int) -> list[Step]:
    guide = SEASON_START_SHORT if number else SEASON_START + "\n" + TRADE_HELP
    out: list[Step] = [Say(lambda: guide.format(number=number + 1, seasons=periods(session),
                                                starter=starter(session, number), count=len(session.players),
                                                payer=session.players[0], payee=session.players[1]))]
    for player in session.players:
        out.append(_spent_question(session, number, player))
    if not _trading(session, number, out):
        return out
    for player in session.players:
        out.append(_built_question(session, number, player))
    out.append(Say(lambda: year_summary(session, number)))
    return out


def _trading(session: Session, number: int, out: list[Step]) -> bool:
    """The round's trade questions so far and the next one; True once the round's trading is done."""
    for index, trade in trades_of(session, number):
        out.append(_trade_question(session, number, index))
        if trade is None:
            return True
        out.append(_note_question(session, trade, index))
    if any(at[0] == "rounds" and at[1] == number and at[-1] != "spent" for at in session.answers):
        return True  # an imported table has no end-of-trading answers: the round's inputs are there
    out.append(_trade_question(session, number, next_trade_index(session)))
    return False


def _trade_question(session: Session, number: int, index: int) -> Ask:
    year = label(session, number)

    def parse(text: str) -> dict[str, Any] | None:
        trade = parse_trade(text, session.players, number + 1)
        if trade is not None:
            probe(session, number, trade=trade, index=index)  # below $0 is refused with the calculator's message
        return trade

    def echo(trade: dict[str, Any] | None) -> str:
        return trade_line(trade) if trade else NO_MORE_TRADES.format(year=year)

    return Ask(("trades", index), ASK_TRADE.format(year=year), parse=parse,
               show=lambda trade: format_trade(trade) or SHOW_TRADING_DONE, echo=echo,
               part=("round", number),  # the recap on resume: a trade is its year's (its path names no year)
               label=TRADE_LABEL.format(year=year, n=_trade_number(session, number, index)))


def _trade_number(session: Session, number: int, index: int) -> int:
    """A trade's place in its round, from 1 (the next trade's, when it is not recorded yet)."""
    return 1 + sum(1 for i, _ in trades_of(session, number) if i < index)


def _note_question(session: Session, trade: Mapping[str, Any], index: int) -> Ask:
    example = NOTE_EXAMPLE_SEASONS if rules.rules_for(session.variants).seasons else NOTE_EXAMPLE
    number = trade["round"] - 1
    return Ask(("setup", "note", index), ASK_NOTE.format(payer=trade["from"], amount=money(trade["amount"]),
                                                         example=example),
               parse=str.strip, show=lambda note: note or SHOW_NO_NOTE, part=("round", trade["round"] - 1),
               label=NOTE_LABEL.format(year=label(session, number), n=_trade_number(session, number, index)))


def _businesses_question(session: Session, number: int, player: str) -> Ask:
    year = label(session, number)
    where = {"round": number + 1, "player": player, "field": "businesses"}

    previous = session.get("rounds", number - 1, player, "businesses") if number else None

    def parse(text: str) -> list[dict[str, Any]]:
        owned = rules.check_businesses(parse_businesses(text, **where), **where)
        probe(session, number, player, "businesses", owned)  # the tile supply, across everyone this year
        return owned

    def echo(owned: list[dict[str, Any]]) -> str:
        scored = [rules.Business(b["type"], b["tiles"], rules.business_income(b["type"], b["tiles"]),
                                 rules.is_complete(b["type"], b["tiles"])) for b in owned]
        lines = [f"    {business_text(b)}" for b in scored]
        total = sum(b.income for b in scored)
        return "\n".join(lines + [f"  {player}'s income for {year}: {money(total)}"])

    message = ASK_BUSINESSES.format(year=year, player=player)
    if previous is not None:
        message = ASK_BUSINESSES_AGAIN.format(year=year, player=player, last=format_businesses(previous),
                                              previous=label(session, number - 1))
    if previous is not None:  # last year's businesses, kept by Enter alone (typed out, they read back the same)
        parse = keeping(parse, format_businesses(previous))
    return Ask(("rounds", number, player, "businesses"), message, parse=parse, show=format_businesses, echo=echo)


def _spent_question(session: Session, number: int, player: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": "spent"}

    def parse(text: str) -> int:
        spent = parse_money(text or "0", **where)
        probe(session, number, player, "spent", spent)  # cash cannot drop below $0
        return spent

    return Ask(("rounds", number, player, "spent"), ASK_SPENT.format(number=number + 1, player=player),
               parse=parse, show=str)


def _built_question(session: Session, number: int, player: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": "built"}

    known = built_types(session, number, player)

    def parse(text: str) -> list[str]:
        built, seen = [], dict(known)
        for name in parse_built(text, **where):  # `Restaurant, rest` in one answer is one type too
            built.append(same_type(name, seen))
            seen.setdefault(rules.shop_key(built[-1]), built[-1])
        probe(session, number, player, "built", built)  # 2 a season, 6 spaces
        return built

    def echo(built: list[str]) -> str:
        if not built:
            return ECHO_BUILT.format(player=player, shops=BUILT_NOTHING)
        shops, seen = [], set(known)
        for name in built:
            shops.append(name if rules.shop_key(name) in seen else NEW_TYPE.format(name=name))
            seen.add(rules.shop_key(name))
        return ECHO_BUILT.format(player=player, shops=" and ".join(shops))

    return Ask(("rounds", number, player, "built"), ASK_BUILT.format(number=number + 1, player=player),
               parse=parse, show=format_built, echo=echo)


def built_types(session: Session, number: int, player: str) -> dict[str, str]:
    """Shop types built before this answer (earlier seasons, and this season's earlier answers): key -> name."""
    known: dict[str, str] = {}
    for season in range(number + 1):
        for p in session.players:
            if (season, p) == (number, player):
                continue
            built = session.get("rounds", season, p, "built")
            for name in built if isinstance(built, list) else []:
                known.setdefault(rules.shop_key(name), name)
    return known


def same_type(name: str, known: Mapping[str, str]) -> str:
    """A type already built, when the name is its start or one of its words (`rest`, `B` for `Type B`).

    Types are free names in the four-season game, so `B` after `Type B` would otherwise start a second type.
    >>> same_type("rest", {"restaurant": "Restaurant", "type b": "Type B"}), same_type("b", {"type b": "Type B"})
    ('Restaurant', 'Type B')
    """
    key = rules.shop_key(name)
    if key in known:
        return known[key]
    found = [known[k] for k in known if k.startswith(key) or key in k.split()]
    return found[0] if len(found) == 1 else name


# --- what the table reads -----------------------------------------------------------------------------

def year_summary(session: Session, number: int) -> str:
    """A round's incomes and payments; cash only with the open-cash module (or at the end)."""
    result = session.score(number + 1)
    lines = result.detail.lines[number]
    seasons = result.detail.rules.seasons
    headers = list(HEADERS_SEASON if seasons else HEADERS_YEAR)
    rows = []
    for p in session.players:
        line = lines[p]
        row = [p, shops_text(line) if seasons else businesses_short(line), money(line.income),
               money(line.paid) if line.paid else "", money(line.received) if line.received else ""]
        if seasons:
            row.insert(1, money(line.spent) if line.spent else "")
        if open_cash(session):
            row.append(money(line.cash))
        rows.append(row)
    if open_cash(session):
        headers.append(CASH_HEADER)
    text = YEAR_END.format(year=label(session, number)) + ":\n" + grid(headers, rows)
    notes = trade_lines(session, number)
    if notes:
        text += "\n" + "\n".join(notes)
    if seasons:
        built: dict[str, tuple[str, int]] = {}
        for season in result.detail.lines:
            for p in session.players:
                for kind in season[p].built:
                    name, n = built.get(rules.shop_key(kind), (kind, 0))
                    built[rules.shop_key(kind)] = (name, n + 1)
        text += "\n" + BUILT_SO_FAR.format(shops=", ".join(f"{name} {n}" for name, n in built.values()) or "none")
    if not open_cash(session) and number + 1 < periods(session):  # after the last one the standings show all
        text += "\n" + PRIVATE_FOOTER
    return text


def trade_lines(session: Session, number: int) -> list[str]:
    return [trade_line(t, session.get("setup", "note", index)) for index, t in trades_of(session, number) if t]


def ledger_text(result: Result, player: str, labels: Sequence[str]) -> str:
    ledger = result.detail
    rows: list[list[Any]] = []
    if ledger.rules.seasons:
        rows.append(["Start", "", "", "", "", "", money(ledger.start)])
        for name, lines in zip(labels, ledger.lines):
            line = lines[player]
            rows.append([name, money(-line.spent) if line.spent else "", shops_text(line), money(line.income),
                         money(line.received) if line.received else "", money(-line.paid) if line.paid else "",
                         money(line.cash)])
        if ledger.bonus.get(player):
            rows.append(["Shop bonus", "", SHEET_BONUS_RULE, "", "", "",
                         "+" + money(ledger.bonus[player]) + " = " + money(ledger.lines[-1][player].cash
                                                                           + ledger.bonus[player])])
        return LEDGER_TITLE.format(player=player) + "\n" + grid(HEADERS_SEASON_LEDGER, rows)
    rows.append(["Start", "", "", "", "", money(ledger.start)])
    for name, lines in zip(labels, ledger.lines):
        line = lines[player]
        rows.append([name, businesses_short(line), money(line.income), money(line.received) if line.received else "",
                     money(-line.paid) if line.paid else "", money(line.cash)])
    return LEDGER_TITLE.format(player=player) + "\n" + grid(HEADERS_LEDGER, rows)


def names_text(names: Sequence[str]) -> str:
    """`Ana`, `Ana and Ben`, `Ana, Ben and Cy`."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def tiles_text(n: int) -> str:
    return TILES.get(n, TILES_MANY).format(n=n)


def tie_text(tie: rules.Tie, finished: bool = True) -> str:
    """One sentence for the table: who the tie-break put ahead and by how many shop tiles, or that it is shared.

    A game still being played has nobody who "wins" yet: its leader is ahead on the tie.

    >>> tie_text(rules.Tie(802_000, ("Ben", "Ana"), {"Ben": 1, "Ana": 2}, {"Ben": 11, "Ana": 9}))
    'Ben and Ana are level on $802,000; Ben wins the tie: 11 shop tiles to 9.'
    """
    names = names_text(tie.players)  # in the standings' order
    total, first = money(tie.total), PLACES[min(tie.ranks.values())]
    if tie.tiles is None:
        return TIE_NO_TIEBREAK.format(names=names, total=total, place=first)
    if not tie.broken:
        return TIE_SHARED.format(names=names, total=total, tiles=tie.tiles[tie.players[0]], place=first)
    if len(tie.players) == 2:
        winner, loser = tie.players
        wording = TIE_TWO if finished else TIE_TWO_SO_FAR
        return wording.format(names=names, total=total, winner=winner, won=tiles_text(tie.tiles[winner]),
                              lost=tie.tiles[loser])
    places: dict[int, list[str]] = {}
    for player in tie.players:
        places.setdefault(tie.ranks[player], []).append(player)
    order = [TIE_ONE.format(player=level[0], tiles=tie.tiles[level[0]], place=PLACES[place]) if len(level) == 1
             else TIE_SOME.format(names=names_text(level), tiles=tie.tiles[level[0]], place=PLACES[place])
             for place, level in places.items()]
    return TIE_MANY.format(names=names, total=total, order=", ".join(order))


def tie_lines(result: Result, finished: bool | None = None) -> tuple[str, ...]:
    """A sentence for each tie on cash in a scored table (none when nobody is level)."""
    done = result.finished if finished is None else finished
    return tuple(tie_text(tie, done) for tie in result.detail.ties)


@wraps(rules.score, assigned=())  # only __wrapped__: the registry finds the calculator under the words
def score(table: Any) -> Result:
    """The calculator's result, with its ties told in words for every screen that prints `tiebreaks`.

    A table file whose `session` is `playing` is a game in progress: its words say who is ahead, not who wins.
    """
    result = rules.score(table)
    if not result.detail.ties:
        return result
    block = table.get("session")
    playing = isinstance(block, dict) and block.get("status") == PLAYING
    return replace(result, tiebreaks=tie_lines(result, finished=result.finished and not playing))


def final_text(session: Session) -> str:
    result = session.score(periods(session))
    labels = [label(session, n) for n in range(periods(session))]
    parts = [standings_text(result, session.game)] + [ledger_text(result, p, labels) for p in session.players]
    if result.detail.rules.seasons:
        parts.insert(0, END_BONUS.strip())
    return "\n\n".join(parts)


def commands(session: Session) -> Commands:
    def cash(rest: str) -> str:
        balances, when = cash_now(session)
        if not rest:
            if open_cash(session):
                return "\n".join(CASH_LINE.format(player=p, cash=money(c), when=when) for p, c in balances.items())
            return CASH_WHO.format(players=", ".join(session.players))
        try:
            player = _player(rest, session.players)
        except InvalidInput as error:
            return error.message
        return CASH_LINE.format(player=player, cash=money(balances[player]), when=when)

    def ledger(rest: str) -> str:
        if not open_cash(session):
            return LEDGER_PRIVATE
        done = min(session.complete_rounds(), periods(session))
        if not done:
            r = rules.rules_for(session.variants)
            return LEDGER_EMPTY.format(period="season" if r.seasons else "year", cash=money(r.start_cash))
        result = session.score(done)
        labels = [label(session, n) for n in range(done)]
        try:
            chosen = [_player(rest, session.players)] if rest else session.players
        except InvalidInput as error:
            return error.message
        return "\n\n".join(ledger_text(result, p, labels) for p in chosen)

    words: dict[str, tuple[str, Callable[[str], str]]] = {"cash": (CASH_HELP, cash), "ledger": (LEDGER_HELP, ledger)}
    if not rules.rules_for(session.variants).seasons:
        words["types"] = (TYPES_HELP, lambda rest: TYPES_LINE.format(types=types_text()))
    return words


def report(session: Session) -> str:
    """Everything recorded so far: each round's incomes and trades; cash when open (always at the end)."""
    parts = []
    first = session.get("setup", "first")
    if first:
        parts.append(f"First player: {first}")
    done = min(session.complete_rounds(), periods(session))
    for number in range(done):
        parts.append(year_summary(session, number))
    pending = trade_lines(session, done) if done < periods(session) else []
    if pending:
        parts.append(f"{label(session, done)} so far:\n" + "\n".join(pending))
    if done and (session.finished or done == periods(session)):
        parts.append(final_text(session) if done == periods(session)
                     else standings_text(session.score(done), session.game, finished=session.finished))
    return "\n\n".join(parts) if parts else "Nothing recorded yet."


# --- the score sheet ------------------------------------------------------------------------------------

def sheet(result: Result | None = None, *, players: Sequence[str] = ("", "", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/chinatown.toml: a ledger per player (filled, or blank for paper), and the standings."""
    r = rules.rules_for(result.variants if result else variants)
    count = len(result.detail.lines) if result else min(rounds, r.rounds)
    names = [SEASON_LABEL.format(number=n + 1) if r.seasons else str(rules.YEARS[n]) for n in range(count)]
    key = "seasons" if r.seasons else "ledger"
    by = {s.player: s for s in result.standings} if result else {}

    def cash(amount: int) -> str:  # "" for nothing moved: an empty cell reads quicker than $0
        return money(amount) if amount else ""

    ledgers = []
    for player in players:
        rows: list[dict[str, Any]] = [{"label": SHEET_START, "cash": money(r.start_cash)}]
        if result is None:
            rows += [{"label": name} for name in names]
            if r.seasons:
                rows.append({"label": SHEET_BONUS, "shops": SHEET_BONUS_RULE})
            ledgers.append({"vars": {"player": player}, "rows": rows})
            continue
        for name, lines in zip(names, result.detail.lines):
            line = lines[player]
            row = {"label": name, "income": money(line.income), "in": cash(line.received), "out": cash(-line.paid),
                   "cash": money(line.cash)}
            if r.seasons:
                row.update(spent=cash(-line.spent), built=format_built(line.built), shops=shops_text(line))
            else:
                row["businesses"] = businesses_short(line)
            rows.append(row)
        if r.seasons:
            bonus = result.detail.bonus[player]
            ended = len(result.detail.lines) == r.rounds  # the bonus is paid after season 4, not "+$0" before it
            rows.append({"label": SHEET_BONUS, "shops": SHEET_BONUS_RULE, "cash": "+" + money(bonus) if ended else ""})
        ledgers.append({"vars": {"player": player}, "rows": rows, "total": {"cash": money(by[player].total)}})
    summary = []
    for player in players:
        row: dict[str, Any] = {"label": player, "start": money(r.start_cash)}
        if result is not None:
            s = by[player]
            row.update(rank=s.rank, start=money(s.parts[rules.PART_START]), received=cash(s.parts[rules.PART_IN]),
                       paid=cash(s.parts[rules.PART_OUT]), total=money(s.total), mark=s.rank == 1,
                       spent=cash(s.parts.get(rules.PART_AUCTIONS, 0)), bonus=cash(s.parts.get(rules.PART_SHOPS, 0)))
            row.update({f"round{n + 1}": money(income) for n, income in enumerate(s.rounds)})
        summary.append(row)
    if result is not None:  # the summary lists players by rank
        summary.sort(key=lambda row: (row["rank"], players.index(row["label"])))
    fields: dict[str, Any] = {}
    if result is not None:
        fields = {"players": ", ".join(players), "date": date, "variants": variant_text(result.variants),
                  "winner": " and ".join(result.winners)}
    elif variants:
        fields = {"variants": variant_text(variants)}
    data = {"rounds": count, "round_names": names, "fields": fields,
            "grids": {key: ledgers, f"{key}_standings": [{"vars": {}, "rows": summary}]}}
    if result is not None and result.detail.ties:  # under the standings: why the level players rank as they do
        title = SHEET_TIES_SEASONS if r.seasons else SHEET_TIES
        data["grids"]["ties"] = [{"vars": {"title": title}, "rows": [{"label": line} for line in tie_lines(result)]}]
    data["notes"] = list(SHEET_NOTES_SEASONS) if r.seasons else [*sheet_notes(), deal_text(len(players))]
    return data


def sheet_notes() -> list[str]:
    """The income table and the complete sizes, as the calculator has them, then how cash adds up."""
    def k(dollars: int) -> str:
        return f"${dollars // 1000}k"

    incomplete = " · ".join(f"{n} tile {k(v)}" if n == 1 else f"{n} {k(v)}" for n, v in rules.INCOMPLETE_INCOME.items())
    complete = " · ".join(f"{n} tiles {k(v)}" if i == 0 else f"{n} {k(v)}"
                          for i, (n, v) in enumerate(rules.COMPLETE_INCOME.items()))
    sizes = " · ".join(f"{size} {', '.join(names)}" for size, names in by_size(TYPE_NAMES).items())
    return [SHEET_INCOME.format(incomplete=incomplete, complete=complete), SHEET_SIZES.format(sizes=sizes), SHEET_CASH]


def deal_text(players: int) -> str:
    """The cards and tiles of each year for a player count, years with the same deal together (§2.7).

    >>> deal_text(3)
    'Cards and tiles (3 players) — 1965: deal 7 keep 5, 7 tiles · 1966–70: deal 6 keep 4, 4 tiles.'
    """
    spans: list[tuple[list[int], tuple[int, int, int]]] = []
    for number, year in enumerate(rules.YEARS, start=1):
        deal = rules.cards_and_tiles(players, number)
        if spans and spans[-1][1] == deal:
            spans[-1][0].append(year)
        else:
            spans.append(([year], deal))
    years = [SHEET_DEAL_YEARS.format(span=f"{ys[0]}–{ys[-1] % 100}" if len(ys) > 1 else ys[0], dealt=d, kept=k,
                                     tiles=t) for ys, (d, k, t) in spans]
    return SHEET_DEAL.format(players=players, years=" · ".join(years))


def variant_text(variants: Sequence[str]) -> str:
    return "official rules" if not variants else "variants: " + ", ".join(variants)


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=rules.VARIANTS,
            default_rounds=rules.DEFAULT_ROUNDS, score=score, steps=steps, template="chinatown", sheet=sheet,
            report=report, round_label="Year", blurb=BLURB, max_rounds=rules.DEFAULT_ROUNDS, modules=MODULES,
            commands=commands, private=lambda session: not open_cash(session),
            variant_rounds={rules.FOUR_SEASONS: rules.SEASONS}, figure=money, variant_labels={rules.FOUR_SEASONS: "Season"})
