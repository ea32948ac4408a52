"""Chinatown at the table: the year guide, trades, the business notation, private cash, the ledgers, and sheet data.

Every text for people is an English msgid (scorepad/i18n.py), translated where it is used; the rule values in it
(money, cards, tiles, sizes, the income table) are filled in from calculators/chinatown.py, never typed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from functools import wraps
from typing import TYPE_CHECKING, Any

from calculators import chinatown as rules
from calculators.core import InvalidInput, Phrase, Result, say
from scorepad.games.base import Ask, Commands, Explained, Game, Say, Step, keeping
from scorepad.grid import grid, standings_text
from scorepad.i18n import N_, NP_, _, pgettext, plural, western_digits
from scorepad.words import DOLLARS, money, names_text, variants_text

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------

# TRANSLATORS: the game's title as published in your language (else the original, Chinatown).
TITLE = N_("Chinatown")
BLURB = N_("Six years of deals in 1960s Chinatown: trades, businesses and income; the richest wins. "
           "Cash stays private.")
OPEN_CASH = rules.OPEN_CASH
# TRANSLATORS: what the module open-cash (its name is typed: --module open-cash) does, as `scorepad games` lists it.
OPEN_CASH_EXPLAINED = N_("show every player's cash on screen (by default only incomes and trades are shown)")
# TRANSLATORS: what the variant four-seasons means, as `scorepad games` lists it. {cash} is each player's starting
# money ($60,000), {shop} the income of a shop per shop of its type ($10,000), {bonus} the end bonus per shop.
FOUR_SEASONS_EXPLAINED = N_("the Persian summary's game: {seasons} seasons, {cash} each, auctions paid to the bank, "
                            "income {shop} per shop × shops of its type built so far, +{bonus} per shop at the end")
# TRANSLATORS: what a round is called in Chinatown ("Year 1", "Year 2" in the standings' headings).
ROUND_LABEL = N_("Year")
# TRANSLATORS: what a round is called in Chinatown's four-season game ("Season 1").
SEASON_WORD = N_("Season")

# The twelve business types (calculators/chinatown.py COMPLETE_SIZE; the table file's keys stay English): the name
# as a label (a ledger, the sheet), as a word in a sentence (a refusal; in English the table file's key), and the
# short word typed for it. The English typed words always work too, and any clear start of a name.
TYPE_NAMES: dict[str, Callable[[], str]] = {
    "photo": lambda: pgettext("Chinatown business", "Photo"),
    "tea-house": lambda: pgettext("Chinatown business", "Tea House"),
    "seafood": lambda: pgettext("Chinatown business", "Seafood"),
    "jewelry": lambda: pgettext("Chinatown business", "Jewelry"),
    "florist": lambda: pgettext("Chinatown business", "Florist"),
    "tropical-fish": lambda: pgettext("Chinatown business", "Tropical Fish"),
    "take-out": lambda: pgettext("Chinatown business", "Take-Out"),
    "laundry": lambda: pgettext("Chinatown business", "Laundry"),
    "dim-sum": lambda: pgettext("Chinatown business", "Dim Sum"),
    "antiques": lambda: pgettext("Chinatown business", "Antiques"),
    "factory": lambda: pgettext("Chinatown business", "Factory"),
    "restaurant": lambda: pgettext("Chinatown business", "Restaurant"),
}
TYPE_WORDS: dict[str, Callable[[], str]] = {
    # TRANSLATORS: a Chinatown business in a sentence ("7 photo tiles on the board this year"); English uses the
    # table file's name of the type.
    "photo": lambda: pgettext("Chinatown business, in a sentence", "photo"),
    "tea-house": lambda: pgettext("Chinatown business, in a sentence", "tea-house"),
    "seafood": lambda: pgettext("Chinatown business, in a sentence", "seafood"),
    "jewelry": lambda: pgettext("Chinatown business, in a sentence", "jewelry"),
    "florist": lambda: pgettext("Chinatown business, in a sentence", "florist"),
    "tropical-fish": lambda: pgettext("Chinatown business, in a sentence", "tropical-fish"),
    "take-out": lambda: pgettext("Chinatown business, in a sentence", "take-out"),
    "laundry": lambda: pgettext("Chinatown business, in a sentence", "laundry"),
    "dim-sum": lambda: pgettext("Chinatown business, in a sentence", "dim-sum"),
    "antiques": lambda: pgettext("Chinatown business, in a sentence", "antiques"),
    "factory": lambda: pgettext("Chinatown business, in a sentence", "factory"),
    "restaurant": lambda: pgettext("Chinatown business, in a sentence", "restaurant"),
}
# The note for translators: the short word a player types for a Chinatown business when listing their businesses
# (`rest 4, photo 3`): short, one word, no digits, and no two alike. The English word and any clear start of the
# business's name (in English or in your language) work too.
SHORT_NAMES: dict[str, Callable[[], str]] = {
    # TRANSLATORS: typed for the Chinatown business Photo (`photo 3`): one short word, no digit.
    "photo": lambda: pgettext("typed word", "photo"),
    # TRANSLATORS: typed for the Chinatown business Tea House (`tea 3`): one short word, no digit.
    "tea-house": lambda: pgettext("typed word", "tea"),
    # TRANSLATORS: typed for the Chinatown business Seafood (`sea 3`): one short word, no digit.
    "seafood": lambda: pgettext("typed word", "sea"),
    # TRANSLATORS: typed for the Chinatown business Jewelry (`jewel 3`): one short word, no digit.
    "jewelry": lambda: pgettext("typed word", "jewel"),
    # TRANSLATORS: typed for the Chinatown business Florist (`flor 3`): one short word, no digit.
    "florist": lambda: pgettext("typed word", "flor"),
    # TRANSLATORS: typed for the Chinatown business Tropical Fish (`fish 3`): one short word, no digit.
    "tropical-fish": lambda: pgettext("typed word", "fish"),
    # TRANSLATORS: typed for the Chinatown business Take-Out (`take 3`): one short word, no digit.
    "take-out": lambda: pgettext("typed word", "take"),
    # TRANSLATORS: typed for the Chinatown business Laundry (`laun 3`): one short word, no digit.
    "laundry": lambda: pgettext("typed word", "laun"),
    # TRANSLATORS: typed for the Chinatown business Dim Sum (`dim 3`): one short word, no digit.
    "dim-sum": lambda: pgettext("typed word", "dim"),
    # TRANSLATORS: typed for the Chinatown business Antiques (`ant 3`): one short word, no digit.
    "antiques": lambda: pgettext("typed word", "ant"),
    # TRANSLATORS: typed for the Chinatown business Factory (`fact 3`): one short word, no digit.
    "factory": lambda: pgettext("typed word", "fact"),
    # TRANSLATORS: typed for the Chinatown business Restaurant (`rest 3`): one short word, no digit.
    "restaurant": lambda: pgettext("typed word", "rest"),
}
# The English typed words (each a start of its name, but for these), which work in every language.
ENGLISH_SHORT = {"photo": "photo", "tea-house": "tea", "seafood": "sea", "jewelry": "jewel", "florist": "flor",
                 "tropical-fish": "fish", "take-out": "take", "laundry": "laun", "dim-sum": "dim", "antiques": "ant",
                 "factory": "fact", "restaurant": "rest"}
ALIASES = {"fish": "tropical-fish", "jewellery": "jewelry", "jewel": "jewelry"}  # words that are no name's start
# Typed for no businesses at all: these, and the language's own word (the typed word "none").
NONE_WORDS = ("none", "-", "—", "0", "nothing")
# Between two businesses: these, and the language's own word for "and" (the typed word "and").
SEPARATORS = (",", ";", "+", "/", "&", "and", "、", "，", "；", "،", "؛")  # also the CJK and Arabic list marks
# Between payer and payee in a trade (`Ana to Ben 10k`): these, and the language's own (the typed words).
PAYS_WORDS = ("to", "pays")

# TRANSLATORS: a number of thousands, as a shop's income and the sheet's income table print it ("60k", "$10k");
# use the k your players type for thousands (the typed word "k").
THOUSANDS = N_("{amount}k")

SETUP = N_("""\
Setup for {players} ({count} players), {years}:
  • The board out, the year marker on {first_year}.
  • Each player takes the {markers} markers of a colour and a player aid; the bank pays each player {cash}
    (count it out in secret: from here on, each player's cash is their own business).
  • All {tiles} shop tiles into the bag; shuffle the {cards} building cards face down.
  • The First Player card goes to whoever most recently visited a Chinatown.
{privacy}""")
# TRANSLATORS: the years a game plays, in the setup: "6 years (1965–1970)"; {span} is the years as numbers.
YEARS_PLAYED = NP_("{n} year ({span})", "{n} years ({span})")
# TRANSLATORS: `cash NAME` and `help` are typed: {cash} and {help} are the words typed in your language.
PRIVATE = N_("  scorepad shows incomes and trades, never everyone's cash: type `{cash} NAME` at any prompt\n"
             "  to see one player's balance (type `{help}` for every word).")
OPEN = N_("  Open cash: scorepad shows every player's cash after each year.")
ASK_FIRST = N_("Who takes the First Player card? (whoever most recently visited a Chinatown)")
# TRANSLATORS: the guide of the first year. Keep the line breaks and the indentation. {dealt} cards dealt,
# {kept} kept, {returned} returned; {tiles} shop tiles drawn; {smallest}–{largest}: the sizes of a complete business.
YEAR_START = N_("""\
── {year} · year {number} of {years} ── start player: {starter}
  1. Deal {dealt} building cards to each player; each keeps {kept} and returns {returned} (shuffled back).
     Put a marker on each kept lot; the kept cards leave the game.
  2. Each player draws {tiles} shop tiles from the bag and puts them face up in front of them.
  3. Trade freely: lots, tiles and money, in any mix. Everything is open except how much cash you hold.
  4. Place tiles on your own empty lots (as many as you like); placed tiles never move.
  5. Income: each business pays by its tiles, more when complete (as many tiles as the number
     printed on them: {smallest} to {largest}).
  Record each payment between players as it happens; Enter when the year's trading is done.""")
# TRANSLATORS: how a trade is typed; the examples in backquotes are typed: keep them (the names are players').
TRADE_HELP = N_("  A trade: payer, payee and amount, e.g. `{payer} {payee} 10k` or `{payer} > {payee} $12,000`\n"
                "  (10000, 10k and $10,000 are the same); then a note of what it bought if you like\n"
                "  (kept in the session).")
YEAR_START_SHORT = N_("""\
── {year} · year {number} of {years} ── start player: {starter}
  Deal {dealt} building cards each (keep {kept}, return {returned}); mark the kept lots. Draw {tiles} shop tiles each.
  Trade, place tiles, then income. Record each payment as it happens; Enter when trading is done.""")
ASK_TRADE = N_("{year} · trade (payer payee amount); Enter when trading is done:")
# TRANSLATORS: {amount} is money ("$10,000"); {example} an example note ("lot 12").
ASK_NOTE = N_("What did {payer}'s {amount} buy? (a note, e.g. `{example}`; Enter for none)")
TRADE_LABEL = N_("{year} · trade {n}")  # how edit and undo name a trade (a year holds many)
NOTE_LABEL = N_("{year} · trade {n} · note")
# TRANSLATORS: an example of a trade's note: what the money bought (a building lot and its number).
NOTE_EXAMPLE = N_("lot 12")
# TRANSLATORS: an example of a trade's note in the four-season game, which has no lots.
NOTE_EXAMPLE_SEASONS = N_("a Restaurant licence")
MONEY_DIGITS = 12  # a trillion dollars is no payment at this table
INCOME_START = N_("""\
  {year} income: each player lists their businesses as type and tiles, e.g. `{example}`.
  A business is connected tiles of one type owned by one player inside one block; a street splits it.
  Types by tiles to complete: {types}
  A group larger than complete counts as complete + the rest (`{larger}` = {size} + 1). `{none}` for nothing.""")
ASK_BUSINESSES = N_("{year} · {player}'s businesses:")
# TRANSLATORS: {previous} is last year ("1965"), {last} the businesses given then, as typed ("rest 4, photo 3").
ASK_BUSINESSES_AGAIN = N_("{year} · {player}'s businesses [{previous}: {last}; Enter keeps that]:")
SHOW_TRADING_DONE = N_("(trading done)")
SHOW_NO_NOTE = N_("(no note)")
ECHO_TRADE = N_("  {payer} pays {payee} {amount}.")
# TRANSLATORS: a trade and its note (what it bought).
ECHO_TRADE_NOTE = N_("  {payer} pays {payee} {amount} ({note}).")
NO_MORE_TRADES = N_("  No more trades in {year}.")
# TRANSLATORS: a business as its income is paid: "Restaurant ×4 (of 6) $60,000".
ECHO_BUSINESS = N_("    {name} ×{tiles} (of {size}) {income}")
ECHO_COMPLETE = N_("    {name} ×{tiles} (complete) {income}")
ECHO_INCOME = N_("  {player}'s income for {year}: {income}")
YEAR_END = N_("{year}: income and trades:")
PRIVATE_FOOTER = N_("  Cash stays private: `{cash} NAME` shows one balance.")
CASH_LINE = N_("{player} has {cash} {when}.")
CASH_WHEN_START = N_("(the starting money)")
CASH_WHEN_YEAR = N_("after {label}'s income")
CASH_WHEN_TRADES = N_("after {label}'s income and this year's payments so far")
CASH_WHEN_SEASON_TRADES = N_("after {label}'s income and this season's payments so far")
CASH_WHEN_NOW = N_("after this year's payments so far")
CASH_WHEN_SEASON_NOW = N_("after this season's payments so far")
CASH_WHO = N_("Whose cash? Type `{cash} NAME` (players: {players}).")
# TRANSLATORS: the help of a word typed at any prompt; {word} is the word typed in your language ("cash").
CASH_HELP = N_("{word} NAME: that player's cash now (only they should look)")
TYPES_LINE = N_("Types by tiles to complete: {types}  (any clear start of a name works too)")
TYPES_HELP = N_("the business types and what to type for each")
LEDGER_HELP = N_("{word} NAME: that player's year-by-year ledger (open cash or at the end)")
LEDGER_EMPTY = N_("No year is complete yet: each player started with {cash} (`{word} NAME` for now).")
LEDGER_EMPTY_SEASONS = N_("No season is complete yet: each player started with {cash} (`{word} NAME` for now).")
LEDGER_PRIVATE = N_("Ledgers show cash: they open at the end of the game (or with --open-cash).")
LEDGER_TITLE = N_("{player}'s ledger:")
FIRST_PLAYER = N_("First player: {player}")
SO_FAR = N_("{label} so far:")
NOTHING_YET = N_("Nothing recorded yet.")
# Why players level on cash are ranked as they are (rules §2.9: the most shop tiles on the board, then shared),
# worded from the calculator's phrases (calculators/chinatown.py tie_phrase).
# TRANSLATORS: {names} are the players level on the money {total}; {won} is "11 shop tiles", {lost} a number.
TIE_TWO = N_("{names} are level on {total}; {winner} wins the tie: {won} to {lost}.")
# TRANSLATORS: as the line before, in a game still being played: nobody wins yet, {winner} is ahead.
TIE_TWO_SO_FAR = N_("{names} are level on {total}; {winner} is ahead on the tie: {won} to {lost}.")
# TRANSLATORS: {order} lists each place: "Ben 11 (1st), Ana and Cy 9 each (they share 2nd)".
TIE_MANY = N_("{names} are level on {total}; the most shop tiles decide: {order}.")
TIE_ONE = N_("{player} {tiles} ({place})")
TIE_SOME = N_("{names} {tiles} each (they share {place})")
# TRANSLATORS: {place} is a place ("1st"); {tiles} the shop tiles each of them has on the board.
TIE_SHARED = N_("{names} are level on {total} and on shop tiles ({tiles} each): they share {place} place.")
TIE_NO_TIEBREAK = N_("{names} are level on {total}; the four-season game has no tie-break: they share {place} place.")
TILES = NP_("{n} shop tile", "{n} shop tiles")
PLAYING = "playing"  # a table file's session status while the game goes on (spec, "Sessions in a file")
# TRANSLATORS: places in the standings, as "they share 1st place" and "(2nd)" say them.
PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th"), 5: N_("5th")}
SHEET_TIES = N_("Ties on cash — the most shop tiles on the board in the last year wins; still level, the place is "
                "shared")
SHEET_TIES_SEASONS = N_("Ties — the four-season game has no tie-break: players level share the place")

SEASONS_SETUP = N_("""\
Setup for {players} ({count} players), the four-season game (Persian summary):
  • The main board in the middle; each player takes a player board ({spaces} shop spaces) and {cash}
    (in {note} notes). Keep your cash to yourself.
  • Shuffle the shop cards and the licence cards as two decks; deal {board} shop cards onto the main board.
  • Choose a start player; the start player passes clockwise each season.
{privacy}""")
ASK_FIRST_SEASONS = N_("Who is the start player for the first season?")
# TRANSLATORS: the guide of the first season. Keep the line breaks and the indentation. `Restaurant`, `Type B`,
# `rest` and `B` are examples of what a player types. {zero} is $0, {raise} the least raise ($1,000), {builds} the
# shops built a season at most, {spaces} a player board's spaces, {shop} a shop's income per shop of its type, {cap}
# the most shops of a type that count, {bonus} the end bonus per shop.
SEASON_START = N_("""\
── Season {number} of {seasons} ── start player: {starter}
  1. Reveal {count} shop cards and {count} licence cards face up.
  2. Auction: from the start player clockwise, each picks a card to sell; bids open at {zero} and rise by
     {raise} or more; the highest bidder pays the BANK (no bid: the one who picked it takes it for {zero}).
     Enter what each player paid in all.
  3. Trade freely (cards, licences, money, promises); record money paid between players.
  4. Build: at most {builds} shops a season (a shop card with a licence), {spaces} spaces in all; built shops stay.
  5. Income: each shop earns {shop} × the shops of its type built by everyone so far (at most {cap}).
  After season {last}, each built shop adds {bonus}; the most money wins.
  A shop type is any name (`Restaurant`, `Type B`); a start or a word of a type already built is that
  type (`rest`, `B`), so one type never splits in two.""")
ASK_SPENT = N_("Season {number} · {player} · paid at auction (total; Enter for none):")
SEASON_START_SHORT = N_("""\
── Season {number} of {seasons} ── start player: {starter}
  Reveal {count} shop and {count} licence cards; auction them (winners pay the bank); trade; build ({builds} at most);
  income. Enter each player's auction total, the payments between players, then the shops built.""")
# TRANSLATORS: `restaurant, laundry` is an example of what is typed: shop types are any names.
ASK_BUILT = N_("Season {number} · {player} · shops built (types, e.g. `restaurant, laundry`; Enter for none):")
SEASON_LABEL = N_("Season {number}")
END_BONUS = N_("End of the game: each built shop adds {bonus}.")

SHEET_START = N_("Start")
SHEET_BONUS = N_("Shop bonus")
SHEET_BONUS_RULE = N_("{bonus} per shop built")
# The sheet's notes, one line each so that three ledgers still fit on the first page. The income and
# size lines print the calculator's own tables (rules.INCOMPLETE_INCOME, COMPLETE_INCOME, COMPLETE_SIZE).
# TRANSLATORS: {incomplete} is the income table by tiles ("1 tile $10k · 2 $20k · …"), {complete} the same for a
# complete business.
SHEET_INCOME = N_("Income per business: {incomplete}; complete: {complete}.")
# TRANSLATORS: an entry of the income table: tiles and income ("1 tile $10k"); the next entries are {n} {income}.
SHEET_INCOME_FIRST = NP_("{n} tile {income}", "{n} tiles {income}")
SHEET_INCOME_NEXT = N_("{n} {income}")
# TRANSLATORS: {sizes} lists the business types by complete size: "3 Photo, Tea House, Seafood · 4 …".
SHEET_SIZES = N_("To complete: {sizes}.")
SHEET_CASH = N_("Cash = last year's cash + trades in − trades out + income. Cash is private: keep your ledger to "
                "yourself until the end.")
SHEET_DEAL = N_("Cards and tiles ({players} players) — {years}.")
# TRANSLATORS: a year or years ({span}: "1966–70") and its deal: cards dealt and kept, shop tiles drawn, per player.
SHEET_DEAL_YEARS = N_("{span}: deal {dealt} keep {kept}, {tiles} tiles")
SHEET_NOTES_SEASONS = (
    N_("Four seasons (Persian summary): {cash} each; auction prices go to the bank; at most {builds} shops built a "
       "season, {spaces} in all."),
    N_("Income each season: every shop earns {shop} × the shops of its type built by everyone so far "
       "(at most {cap})."),
    N_("At the end: +{bonus} per shop built. Cash = last season's cash − auctions + trades in − trades out "
       "+ income."),
)

HEADERS_SEASON = [N_("Player"), N_("Auctions"), N_("Shops"), N_("Income"), N_("Paid"), N_("Received")]
# TRANSLATORS: {shops} lists each shop type built with its count ("Restaurant 2, Type C 1").
BUILT_SO_FAR = N_("  Shops built so far: {shops} (each earns {shop} × its type's count, at most {cap}).")
ECHO_BUILT = N_("  {player} builds {shops}.")
NEW_TYPE = N_("{name} (a new type)")
BUILT_NOTHING = N_("nothing")
# TRANSLATORS: between two or more choices ("could be Ann or Anna").
OR = N_("{items} or {last}")
# TRANSLATORS: between the items of a list (names, businesses).
LIST_SEPARATOR = N_(", ")
HEADERS_YEAR = [N_("Player"), N_("Businesses"), N_("Income"), N_("Paid"), N_("Received")]
HEADERS_LEDGER = [N_("Year"), N_("Businesses"), N_("Income"), N_("Trades in"), N_("Trades out"), N_("Cash")]
HEADERS_SEASON_LEDGER = [N_("Season"), N_("Auctions"), N_("Shops (× each earned)"), N_("Income"), N_("Trades in"),
                         N_("Trades out"), N_("Cash")]
CASH_HEADER = N_("Cash")
# The breakdown under the standings (scorepad/grid.py) words each part of the calculator by its key (the JSON's:
# "trades in"): marked here for the catalogue.
PART_LABELS = {rules.PART_START: N_("start"), rules.PART_INCOME: N_("income"), rules.PART_IN: N_("trades in"),
               rules.PART_OUT: N_("trades out"), rules.PART_AUCTIONS: N_("auctions"),
               rules.PART_SHOPS: N_("shop bonus")}
# TRANSLATORS: {names} are variant names as typed (four-seasons): keep them.
VARIANTS_TEXT = N_("variants: {names}")

# --- money, words and names -----------------------------------------------------------------------------

def thousands(amount: int) -> str:
    """`60k`: a number of dollars in thousands (shops' income, the sheet's income table)."""
    return _(THOUSANDS).format(amount=amount // 1000)


def money_k(amount: int) -> str:
    """`$10k` (scorepad/words.py writes the dollars, money() the whole amount)."""
    return _(DOLLARS).format(amount=thousands(amount))


def type_name(kind: str) -> str:
    """A business type as a label, in the chosen language ("Tea House")."""
    return TYPE_NAMES[kind]()


def type_word(kind: str) -> str:
    """A business type as a word in a sentence, in the chosen language (in English the table file's key)."""
    return TYPE_WORDS[kind]() if kind in TYPE_WORDS else str(kind)


def short_name(kind: str) -> str:
    """What to type for a business type in the chosen language (`rest`)."""
    return SHORT_NAMES[kind]().strip() or ENGLISH_SHORT[kind]


def _typed(english: str, own: str) -> tuple[str, ...]:
    """A word typed at a prompt: the English one always, and the chosen language's own (casefolded, once each)."""
    return tuple(dict.fromkeys(word.strip().casefold() for word in (english, own) if word.strip()))


def thousand_words() -> tuple[str, ...]:
    # TRANSLATORS: typed after a number of dollars for thousands (`10k` = $10,000): a letter or short word of your
    # language for "thousand", no digit. `k` always works too.
    return _typed("k", pgettext("typed word", "k"))


def none_words() -> tuple[str, ...]:
    # TRANSLATORS: typed for a player who has no business this year. `none` always works too.
    return (*NONE_WORDS, *_typed("none", pgettext("typed word", "none")))


def separator_words() -> tuple[str, ...]:
    # TRANSLATORS: typed between two businesses (`rest 4 and photo 3`). `and` always works too.
    return (*SEPARATORS, *_typed("and", pgettext("typed word", "and")))


def pays_words() -> tuple[str, ...]:
    # TRANSLATORS: typed between payer and payee in a trade (`Ana to Ben 10k`, `Ana pays Ben 10k`); the English
    # words always work too.
    return (*PAYS_WORDS, *_typed("to", pgettext("typed word", "to")), *_typed("pays", pgettext("typed word", "pays")))


def listed(items: Sequence[str]) -> str:
    return _(LIST_SEPARATOR).join(items)


def either(items: Sequence[str]) -> str:
    """`Ann or Anna`."""
    return items[0] if len(items) == 1 else _(OR).format(items=listed(items[:-1]), last=items[-1])


def place(rank: int) -> str:
    return _(PLACES[rank]) if rank in PLACES else str(rank)


def example() -> str:
    """The businesses of the examples, typed in the chosen language's words: `rest 4, photo 3`."""
    return listed([f"{short_name('restaurant')} 4", f"{short_name('photo')} 3"])


def _tie_won(finished: bool) -> Callable[[Mapping[str, Any]], str]:
    def word(v: Mapping[str, Any]) -> str:
        return _(TIE_TWO if finished else TIE_TWO_SO_FAR).format(
            names=names_text(v["players"]), total=money(v["total"]), winner=v["winner"],
            won=plural(TILES, v["won"]).format(n=v["won"]), lost=v["lost"])
    return word


def _tie_many(v: Mapping[str, Any]) -> str:
    order = [_(TIE_ONE).format(player=level[0], tiles=tiles, place=place(rank)) if len(level) == 1
             else _(TIE_SOME).format(names=names_text(level), tiles=tiles, place=place(rank))
             for level, tiles, rank in v["order"]]
    return _(TIE_MANY).format(names=names_text(v["players"]), total=money(v["total"]), order=listed(order))


TOO_MANY_BUILDS = NP_("{shops} shop built; at most {most} a season", "{shops} shops built; at most {most} a season")
# TRANSLATORS: {shops} is the player's shops after this season; a player board has {spaces} spaces.
NO_SPACE = NP_("{shops} shop in all; a player board has {spaces} spaces",
               "{shops} shops in all; a player board has {spaces} spaces")
TOO_MANY_SEASONS = NP_("{rounds} round; the four-season game takes 1–{most}",
                       "{rounds} rounds; the four-season game takes 1–{most}")
# TRANSLATORS: {tiles} tiles of the business {kind} (a word: "photo") across every player this year.
OVER_SUPPLY = N_("{tiles} {kind} tiles on the board this year; the box holds {supply}")
# TRANSLATORS: {kind} is what the table file holds; a business of that type has 1 to {size} tiles.
TILES_OUT_OF_RANGE = N_("{kind} tiles {tiles!r}: a business has 1–{size} tiles (a larger group is two businesses)")
# TRANSLATORS: {kind} is what the table file holds; {types} the table file's type names (photo, tea-house…):
# keep them.
UNKNOWN_TYPE = N_("unknown business type {kind!r} (types: {types})")
UNKNOWN_PLAYER = N_("unknown player {name!r} (players: {players})")
# TRANSLATORS: {amount} is money ("$70,000"), {zero} is $0. The message names no balance: cash is private.
AUCTION_BELOW_ZERO = N_("spending {amount} at auction would take {payer} below {zero}; {payer} has less than that")
TRADE_BELOW_ZERO = N_("paying {amount} to {payee} would take {payer} below {zero}; {payer} has less than that")
# TRANSLATORS: the examples are what a player types (10k = $10,000): keep them, with your typed word for k if any.
NOT_AN_AMOUNT = N_("{text!r} is not an amount (e.g. 10000, 10k, $10,000)")
AMBIGUOUS_PLAYER = N_("{word!r} could be {names}: type more of the name")
NOT_A_PLAYER = N_("{word!r} is not one of the players ({players})")
# TRANSLATORS: a trade typed without its payee; the example is what to type (payer, payee, amount).
ASK_PAYEE = N_("who is paid? e.g. `{payer} {payee} 10k`")
ASK_AMOUNT = N_("how much does {payer} pay {payee}? e.g. `{payer} {payee} 10k`")
NO_AMOUNT = N_("a payment is {least} or more (e.g. `{payer} {payee} 10k`); Enter alone when trading is done")
# TRANSLATORS: {kinds} are the business types the typed {word} could be ("florist or factory").
AMBIGUOUS_TYPE = N_("{word!r} is not a business type (could be {kinds})")
# TRANSLATORS: {types} is what to type for each type, by complete size ("3: photo tea sea · 4: …").
NOT_A_TYPE = N_("{word!r} is not a business type (types: {types})")
# TRANSLATORS: {kind} is a business (a word: "photo"), {tiles} the tiles typed; the box holds {supply} of them.
TOO_MANY_TILES = N_("{kind} {tiles}: the box holds {supply} {kind} tiles")
# TRANSLATORS: `{example}` is what to type ("rest 4, photo 3"), `{none}` the word for no business.
TYPE_THE_BUSINESSES = N_("type the businesses (e.g. `{example}`), or `{none}`")
# TRANSLATORS: {number} was typed before any business type; `{short} {number}` is how to type it.
OF_WHAT = N_("{number} of what? The type comes first, e.g. `{short} {number}`")
ZERO_TILES = N_("{kind} 0: a business has 1 tile or more")
# TRANSLATORS: {name} is a business type as the player typed it, without its tiles.
HOW_MANY = N_("how many {name} tiles? e.g. `{name} 2`")
NOT_PART = N_("{token!r} is not part of a business (e.g. `{example}`)")

# The refusals of calculators/chinatown.py and of the notations here: code → wording (scorepad/words.py say()).
PHRASES: dict[str, Any] = {
    "chinatown.not-businesses": N_("{value!r} is not a list of businesses"),
    # TRANSLATORS: {item} is what the table file holds; {{"type": ..., "tiles": ...}} is the shape it should have:
    # keep it (the doubled braces print one).
    "chinatown.not-a-business": N_("{item!r} is not a business (expected {{\"type\": ..., \"tiles\": ...}})"),
    "chinatown.unknown-type": lambda v: _(UNKNOWN_TYPE).format(kind=v["kind"], types=listed(v["types"])),
    "chinatown.tiles-out-of-range": lambda v: _(TILES_OUT_OF_RANGE).format(**{**v, "kind": type_word(v["kind"])}),
    "chinatown.over-supply": lambda v: _(OVER_SUPPLY).format(**{**v, "kind": type_word(v["kind"])}),
    # TRANSLATORS: {built} is what the table file holds.
    "chinatown.not-shop-names": N_("{built!r} is not a list of shop type names"),
    "chinatown.too-many-builds": lambda v: plural(TOO_MANY_BUILDS, v["shops"]).format(**v),
    "chinatown.no-space": lambda v: plural(NO_SPACE, v["shops"]).format(**v),
    # TRANSLATORS: `trades` is the table file's key; keep it.
    "chinatown.not-trades": N_("must be a list of trades"),
    # TRANSLATORS: {trade} is what the table file holds; round, from, to and amount are its keys: keep them.
    "chinatown.not-a-trade": N_("{trade!r} is not a trade (round, from, to, amount)"),
    # TRANSLATORS: {key} is a key of a trade in the table file (round, from, to, amount).
    "chinatown.trade-missing": N_("missing {key!r}"),
    "chinatown.unknown-player": lambda v: _(UNKNOWN_PLAYER).format(name=v["name"], players=listed(v["players"])),
    "chinatown.pays-themselves": N_("{payer} pays themselves"),
    "chinatown.note-not-text": N_("{note!r} is not text"),
    "chinatown.too-many-seasons": lambda v: plural(TOO_MANY_SEASONS, v["rounds"]).format(**v),
    "chinatown.auction-below-zero": lambda v: _(AUCTION_BELOW_ZERO).format(
        amount=money(v["amount"]), payer=v["payer"], zero=money(0)),
    "chinatown.trade-below-zero": lambda v: _(TRADE_BELOW_ZERO).format(
        amount=money(v["amount"]), payer=v["payer"], payee=v["payee"], zero=money(0)),
    "chinatown.tie-no-tiebreak": lambda v: _(TIE_NO_TIEBREAK).format(
        names=names_text(v["players"]), total=money(v["total"]), place=place(v["place"])),
    "chinatown.tie-shared": lambda v: _(TIE_SHARED).format(
        names=names_text(v["players"]), total=money(v["total"]), tiles=v["tiles"], place=place(v["place"])),
    "chinatown.tie-won": _tie_won(finished=True),
    "chinatown.tie-won-so-far": _tie_won(finished=False),  # a game still being played (score() below)
    "chinatown.tie-many": _tie_many,
    # The notations typed at the prompts (below).
    "chinatown.not-an-amount": NOT_AN_AMOUNT,
    "chinatown.too-much-money": N_("{text!r} is more money than a game of Chinatown holds"),
    "chinatown.not-whole-dollars": N_("{text!r} is not a whole number of dollars"),
    "chinatown.ambiguous-player": lambda v: _(AMBIGUOUS_PLAYER).format(word=v["word"], names=either(v["names"])),
    "chinatown.not-a-player": lambda v: _(NOT_A_PLAYER).format(word=v["word"], players=listed(v["players"])),
    "chinatown.ask-payee": ASK_PAYEE,
    "chinatown.ask-amount": ASK_AMOUNT,
    "chinatown.no-amount": lambda v: _(NO_AMOUNT).format(**v, least=money(1)),
    # TRANSLATORS: {words} were typed after a trade's amount; its note is asked after the trade.
    "chinatown.extra-words": N_("{words!r}: a trade is payer, payee and amount; the note is asked next"),
    "chinatown.ambiguous-type": lambda v: _(AMBIGUOUS_TYPE).format(
        word=v["word"], kinds=either([type_word(kind) for kind in v["kinds"]])),
    "chinatown.not-a-type": lambda v: _(NOT_A_TYPE).format(word=v["word"], types=types_text()),
    "chinatown.too-many-tiles": lambda v: _(TOO_MANY_TILES).format(**{**v, "kind": type_word(v["kind"])}),
    "chinatown.type-the-businesses": lambda v: _(TYPE_THE_BUSINESSES).format(example=example(),
                                                                             none=none_words()[-1]),
    "chinatown.of-what": lambda v: _(OF_WHAT).format(number=v["number"], short=short_name("restaurant")),
    "chinatown.zero-tiles": lambda v: _(ZERO_TILES).format(kind=type_word(v["kind"])),
    "chinatown.how-many": HOW_MANY,
    "chinatown.not-part": lambda v: _(NOT_PART).format(token=v["token"], example=example()),
}


def parse_money(text: str, **where: Any) -> int:
    """`10000`, `10k`, `10,000`, `$10,000`, `12.5k` → dollars (a whole number, 0 or more); Persian and
    Arabic-Indic digits and marks too (`۱۰k`, `١٠٬٠٠٠`, `۱٫۵k`), and the chosen language's word for k.

    >>> parse_money("10k"), parse_money("$12,500"), parse_money("7.5K"), parse_money("۱٫۵k")
    (10000, 12500, 7500, 1500)
    """
    shown = text.strip()[:20]
    compact = western_digits(text).strip().replace(",", "").replace("$", "").replace("_", "").casefold()
    number, scale = compact, 1
    for word in sorted(thousand_words(), key=len, reverse=True):  # the longest first
        if compact.endswith(word) and len(compact) > len(word):
            number, scale = compact[:-len(word)].rstrip(), 1000
            break
    if not re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", number, flags=re.ASCII):
        raise InvalidInput("chinatown.not-an-amount", text=shown, **where)
    if len(number.lstrip("0").partition(".")[0]) > MONEY_DIGITS:  # float() of it overflowed
        raise InvalidInput("chinatown.too-much-money", text=shown, **where)
    value = Decimal(number) * scale  # exact, unlike a float
    if value != int(value):
        raise InvalidInput("chinatown.not-whole-dollars", text=text.strip(), **where)
    return int(value)


def _player(word: str, players: Sequence[str], **where: Any) -> str:
    """A player by name (the exact case first: `A` and `a` may both play), or by a start only one name has."""
    found = ([p for p in players if p == word] or [p for p in players if p.lower() == word.lower()]
             or [p for p in players if p.lower().startswith(word.lower())])
    if len(found) > 1:
        raise InvalidInput("chinatown.ambiguous-player", word=word, names=tuple(found), **where)
    if not found:
        raise InvalidInput("chinatown.not-a-player", word=word, players=tuple(players), **where)
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
    word, _sep, rest = text.partition(" ")
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
        words = "|".join(re.escape(word) for word in sorted(pays_words(), key=len, reverse=True))
        rest = re.sub(rf"^(?:[,;:،]|->|→|>|(?:{words})\b)\s*", "", rest, flags=re.IGNORECASE)
    if not rest:
        other = next(p for p in players if p != payer)
        raise InvalidInput("chinatown.ask-payee", payer=payer, payee=other, **where)
    payee, rest = _take_player(rest, players, **where)
    rest = re.sub(r"^[,;:،]\s*", "", rest)
    ks = "|".join(re.escape(word) for word in sorted(thousand_words(), key=len, reverse=True))
    rest = re.sub(rf"^(\$?[\d.,_٫٬]+)\s+({ks})(?=\s|$)", r"\1\2", rest, flags=re.IGNORECASE)  # `5 k` is 5k
    amount_text, _sep, note = rest.partition(" ")
    if not amount_text:
        raise InvalidInput("chinatown.ask-amount", payer=payer, payee=payee, **where)
    amount = parse_money(amount_text, **where)
    if amount < 1:
        raise InvalidInput("chinatown.no-amount", payer=payer, payee=payee, **where)
    if note.strip():
        raise InvalidInput("chinatown.extra-words", words=note.strip(), **where)
    trade = {"round": round, "from": payer, "to": payee, "amount": amount}
    rules.check_trades([trade], players, round)  # the calculator's own checks (self-payment, amount > 0)
    return trade


def format_trade(trade: Mapping[str, Any] | None) -> str:
    if not trade:
        return ""
    return f"{trade['from']} {trade['to']} {trade['amount']}"


def trade_line(trade: Mapping[str, Any], note: str | None = None) -> str:
    return _(ECHO_TRADE_NOTE if note else ECHO_TRADE).format(payer=trade["from"], payee=trade["to"],
                                                             amount=money(trade["amount"]), note=note)


# --- the business notation --------------------------------------------------------------------------------

def _key(word: str) -> str:
    """A business type's name or a typed word, compared: case, spaces, hyphens and ZWNJ aside."""
    return re.sub(r"[\s\-\u200c]", "", word.casefold())


def business_type(word: str, **where: Any) -> str:
    """`rest`, `Restaurant`, `tea house`, `takeout`, `fish` → the spec's type name.

    The English words and names always work; the chosen language's typed words and names (or their start) too.
    A typed word or a whole name decides first; then a start that only one type's name has.
    """
    key = _key(word)
    words = {kind: {_key(kind), _key(ENGLISH_SHORT[kind]), _key(short_name(kind)), _key(type_name(kind))}
             for kind in rules.COMPLETE_SIZE}
    found = [ALIASES[key]] if key in ALIASES else [kind for kind, typed in words.items() if key in typed]
    if not found and key:
        found = [kind for kind in rules.COMPLETE_SIZE
                 if any(name.startswith(key) for name in (_key(kind), _key(type_name(kind))))]
    if len(found) != 1:
        if found:
            raise InvalidInput("chinatown.ambiguous-type", word=word, kinds=tuple(found), **where)
        raise InvalidInput("chinatown.not-a-type", word=word, **where)
    return found[0]


def by_size(name: Callable[[str], str]) -> dict[int, list[str]]:
    """Type names (name(kind)) grouped by complete size (3, 4, 5, 6), in the calculator's order."""
    groups: dict[int, list[str]] = {}
    for kind, size in rules.COMPLETE_SIZE.items():
        groups.setdefault(size, []).append(name(kind))
    return groups


def types_text() -> str:
    """`3: photo tea sea · 4: jewel flor fish · …`: what to type for each type, by complete size."""
    return " · ".join(f"{size}: {' '.join(words)}" for size, words in by_size(short_name).items())


def parse_businesses(text: str, **where: Any) -> list[dict[str, Any]]:
    """`rest 4, photo 3` → [{"type": "restaurant", "tiles": 4}, {"type": "photo", "tiles": 3}].

    A group larger than complete is complete + the rest (rules §2.8): `photo 4` → photo 3 and photo 1.
    Persian and Arabic-Indic digits are numbers (`rest ۴`); a name may hold a ZWNJ (Persian).
    >>> parse_businesses("tea house 3, fish4 photo 4")   # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'tea-house', 'tiles': 3}, {'type': 'tropical-fish', 'tiles': 4},
     {'type': 'photo', 'tiles': 3}, {'type': 'photo', 'tiles': 1}]
    """
    compact = western_digits(text).strip().casefold()
    if compact in none_words():
        return []
    if not compact:
        raise InvalidInput("chinatown.type-the-businesses", **where)
    compact = re.sub(r"[x×*]\s*(?=\d)", " ", compact)
    separators = separator_words()
    out: list[dict[str, Any]] = []
    name: list[str] = []
    for token in re.findall(r"[^\W\d_]+(?:[-'\u200c][^\W\d_]+)*|\d+|\S", compact):
        if token.isdecimal():  # not isdigit(): '²' passes it, and int() refuses it
            if not name:
                raise InvalidInput("chinatown.of-what", number=token, **where)
            kind = business_type(" ".join(name), **where)
            size, supply = rules.COMPLETE_SIZE[kind], rules.SUPPLY[kind]
            # A bound before int() and the split below: `rest 99999999999` would fill the memory.
            digits = token.lstrip("0") or "0"
            tiles = int(digits) if len(digits) <= len(str(supply)) else supply + 1
            if tiles < 1:
                raise InvalidInput("chinatown.zero-tiles", kind=kind, **where)
            if tiles > supply:
                shown = digits if len(digits) <= 6 else digits[:6] + "…"
                raise InvalidInput("chinatown.too-many-tiles", kind=kind, tiles=shown, supply=supply, **where)
            while tiles > size:
                out.append({"type": kind, "tiles": size})
                tiles -= size
            out.append({"type": kind, "tiles": tiles})
            name = []
        elif token in separators:
            if name:
                raise InvalidInput("chinatown.how-many", name=" ".join(name), **where)
        elif token[0].isalpha():
            name.append(token)
        else:
            raise InvalidInput("chinatown.not-part", token=token, **where)
    if name:
        raise InvalidInput("chinatown.how-many", name=" ".join(name), **where)
    return out


def format_businesses(businesses: Sequence[Mapping[str, Any]] | None) -> str:
    """The businesses as they are typed in the chosen language (`rest 4, photo 3`; `none`): they parse back."""
    if businesses is None:
        return ""
    if not businesses:
        return none_words()[-1]
    return listed([f"{short_name(b['type'])} {b['tiles']}" for b in businesses])


def business_text(b: rules.Business) -> str:
    form = ECHO_COMPLETE if b.complete else ECHO_BUSINESS
    return _(form).format(name=type_name(b.kind), tiles=b.tiles, size=rules.COMPLETE_SIZE[b.kind],
                          income=money(b.income))


def businesses_short(line: rules.Line) -> str:
    return listed([f"{type_name(b.kind)} {b.tiles}" for b in line.businesses]) or "—"


# --- the four-season game's inputs ----------------------------------------------------------------------

def parse_built(text: str, **where: Any) -> list[str]:
    """`restaurant, Type B` → ["restaurant", "Type B"]; Enter → []."""
    return [name.strip() for name in re.split(r"[,;،、，；]", text) if name.strip()]


def format_built(built: Sequence[str] | None) -> str:
    return listed(built or [])


def shops_text(line: rules.Line) -> str:
    """`Restaurant 2 × 60k, Type C 2 × 20k`: shops of each type and what each earned this season."""
    return listed([f"{name} {n} × {thousands(each)}" for name, n, each in line.shops]) or "—"


# --- where the game stands ------------------------------------------------------------------------------

def periods(session: Session) -> int:
    """Years (or seasons) this session plays: the variant's length unless fewer were asked for."""
    return min(session.rounds_planned or rules.DEFAULT_ROUNDS, rules.rules_for(session.variants).rounds)


def label(session: Session, number: int) -> str:
    """`1965` or `Season 1` for the 0-based round `number`."""
    if rules.rules_for(session.variants).seasons:
        return _(SEASON_LABEL).format(number=number + 1)
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
        return cash, _(CASH_WHEN_YEAR).format(label=label(session, done - 1))
    moved = False
    for p in session.players:
        spent = session.get("rounds", done, p, "spent")
        if isinstance(spent, int) and spent:
            cash[p] -= spent
            moved = True
    for _index, trade in trades_of(session, done):
        if trade:
            cash[trade["from"]] -= trade["amount"]
            cash[trade["to"]] += trade["amount"]
            moved = True
    if not done:
        return cash, _((CASH_WHEN_SEASON_NOW if r.seasons else CASH_WHEN_NOW) if moved else CASH_WHEN_START)
    last = label(session, done - 1)
    if moved:
        return cash, _(CASH_WHEN_SEASON_TRADES if r.seasons else CASH_WHEN_TRADES).format(label=last)
    return cash, _(CASH_WHEN_YEAR).format(label=last)


# --- the guided game ------------------------------------------------------------------------------------

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    def privacy() -> str:
        if OPEN_CASH in session.modules:
            return _(OPEN)
        return _(PRIVATE).format(cash=command_word("cash"), help=pgettext("typed word", "help"))

    if r.seasons:
        out: list[Step] = [Say(lambda: _(SEASONS_SETUP).format(
                               players=listed(session.players), count=len(session.players),
                               spaces=rules.SHOP_SPACES, cash=money(rules.FOUR_SEASONS_START_CASH),
                               note=money(rules.FOUR_SEASONS_NOTE), board=rules.SHOP_CARDS_ON_BOARD,
                               privacy=privacy())),
                           Ask(("setup", "first"), _(ASK_FIRST_SEASONS), parse=lambda t: _player(t, session.players),
                               choices=tuple(session.players))]
    else:
        out = [Say(lambda: setup_text(session, privacy())),
               Ask(("setup", "first"), _(ASK_FIRST), parse=lambda t: _player(t, session.players),
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
    return _(SETUP).format(players=listed(session.players), count=len(session.players),
                           years=plural(YEARS_PLAYED, years).format(n=years, span=span), first_year=rules.YEARS[0],
                           markers=rules.MARKERS, cash=money(rules.START_CASH), tiles=sum(rules.SUPPLY.values()),
                           cards=rules.BUILDING_CARDS, privacy=privacy)


def year_steps(session: Session, number: int) -> list[Step]:
    year = label(session, number)
    dealt, kept, tiles = rules.cards_and_tiles(len(session.players), number + 1)

    def guide() -> str:  # the whole year once, then a reminder
        text = _(YEAR_START_SHORT) if number else _(YEAR_START) + "\n" + _(TRADE_HELP)
        return text.format(year=year, number=number + 1, years=periods(session), starter=starter(session, number),
                           dealt=dealt, kept=kept, returned=rules.CARDS_RETURNED, tiles=tiles,
                           smallest=min(rules.COMPLETE_SIZE.values()), largest=max(rules.COMPLETE_SIZE.values()),
                           payer=session.players[0], payee=session.players[1])

    out: list[Step] = [Say(guide)]
    if not _trading(session, number, out):
        return out
    out.append(Say(lambda: income_text(year)))
    for player in session.players:
        out.append(_businesses_question(session, number, player))
    out.append(Say(lambda: year_summary(session, number)))
    return out


def income_text(year: str) -> str:
    """How the players list their businesses (before the first of them): the notation and the types."""
    photo = short_name("photo")
    return _(INCOME_START).format(year=year, example=example(), types=types_text(), larger=f"{photo} 4",
                                  size=rules.COMPLETE_SIZE["photo"], none=none_words()[-1])


def season_steps(session: Session, number: int) -> list[Step]:
    def guide() -> str:
        text = _(SEASON_START_SHORT) if number else _(SEASON_START) + "\n" + _(TRADE_HELP)
        return text.format(number=number + 1, seasons=periods(session), starter=starter(session, number),
                           count=len(session.players), payer=session.players[0], payee=session.players[1],
                           zero=money(0), **{"raise": money(rules.MIN_RAISE)}, builds=rules.BUILDS_PER_SEASON,
                           spaces=rules.SHOP_SPACES, shop=money(rules.SHOP_INCOME), cap=rules.SAME_TYPE_CAP,
                           bonus=money(rules.END_BONUS_PER_SHOP), last=rules.SEASONS)

    out: list[Step] = [Say(guide)]
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
        return trade_line(trade) if trade else _(NO_MORE_TRADES).format(year=year)

    return Ask(("trades", index), _(ASK_TRADE).format(year=year), parse=parse,
               show=lambda trade: format_trade(trade) or _(SHOW_TRADING_DONE), echo=echo,
               part=("round", number),  # the recap on resume: a trade is its year's (its path names no year)
               label=_(TRADE_LABEL).format(year=year, n=_trade_number(session, number, index)))


def _trade_number(session: Session, number: int, index: int) -> int:
    """A trade's place in its round, from 1 (the next trade's, when it is not recorded yet)."""
    return 1 + sum(1 for i, _trade in trades_of(session, number) if i < index)


def _note_question(session: Session, trade: Mapping[str, Any], index: int) -> Ask:
    example = _(NOTE_EXAMPLE_SEASONS if rules.rules_for(session.variants).seasons else NOTE_EXAMPLE)
    number = trade["round"] - 1
    return Ask(("setup", "note", index), _(ASK_NOTE).format(payer=trade["from"], amount=money(trade["amount"]),
                                                            example=example),
               parse=_note, show=lambda note: note or _(SHOW_NO_NOTE), part=("round", trade["round"] - 1),
               label=_(NOTE_LABEL).format(year=label(session, number), n=_trade_number(session, number, index)))


def _note(text: str) -> str:
    """A trade's note as typed; "(no note)", as the question shows an empty one (an edit offers it), is none."""
    text = text.strip()
    return "" if text == _(SHOW_NO_NOTE) else text


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
        lines = [business_text(b) for b in scored]
        total = sum(b.income for b in scored)
        return "\n".join(lines + [_(ECHO_INCOME).format(player=player, year=year, income=money(total))])

    message = _(ASK_BUSINESSES).format(year=year, player=player)
    if previous is not None:
        message = _(ASK_BUSINESSES_AGAIN).format(year=year, player=player, last=format_businesses(previous),
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

    return Ask(("rounds", number, player, "spent"), _(ASK_SPENT).format(number=number + 1, player=player),
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
            return _(ECHO_BUILT).format(player=player, shops=_(BUILT_NOTHING))
        shops, seen = [], set(known)
        for name in built:
            shops.append(name if rules.shop_key(name) in seen else _(NEW_TYPE).format(name=name))
            seen.add(rules.shop_key(name))
        return _(ECHO_BUILT).format(player=player, shops=names_text(shops))

    return Ask(("rounds", number, player, "built"), _(ASK_BUILT).format(number=number + 1, player=player),
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
    headers = [_(header) for header in (HEADERS_SEASON if seasons else HEADERS_YEAR)]
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
        headers.append(_(CASH_HEADER))
    text = _(YEAR_END).format(year=label(session, number)) + "\n" + grid(headers, rows)
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
        shops = listed([f"{name} {n}" for name, n in built.values()]) or _(BUILT_NOTHING)
        text += "\n" + _(BUILT_SO_FAR).format(shops=shops, shop=money(rules.SHOP_INCOME), cap=rules.SAME_TYPE_CAP)
    if not open_cash(session) and number + 1 < periods(session):  # after the last one the standings show all
        text += "\n" + _(PRIVATE_FOOTER).format(cash=command_word("cash"))
    return text


def trade_lines(session: Session, number: int) -> list[str]:
    return [trade_line(t, session.get("setup", "note", index)) for index, t in trades_of(session, number) if t]


def ledger_text(result: Result, player: str, labels: Sequence[str]) -> str:
    ledger = result.detail
    rows: list[list[Any]] = []
    title = _(LEDGER_TITLE).format(player=player)
    if ledger.rules.seasons:
        rows.append([_(SHEET_START), "", "", "", "", "", money(ledger.start)])
        for name, lines in zip(labels, ledger.lines):
            line = lines[player]
            rows.append([name, money(-line.spent) if line.spent else "", shops_text(line), money(line.income),
                         money(line.received) if line.received else "", money(-line.paid) if line.paid else "",
                         money(line.cash)])
        if ledger.bonus.get(player):
            rows.append([_(SHEET_BONUS), "", bonus_rule(), "", "", "",
                         "+" + money(ledger.bonus[player]) + " = " + money(ledger.lines[-1][player].cash
                                                                           + ledger.bonus[player])])
        return title + "\n" + grid([_(h) for h in HEADERS_SEASON_LEDGER], rows)
    rows.append([_(SHEET_START), "", "", "", "", money(ledger.start)])
    for name, lines in zip(labels, ledger.lines):
        line = lines[player]
        rows.append([name, businesses_short(line), money(line.income), money(line.received) if line.received else "",
                     money(-line.paid) if line.paid else "", money(line.cash)])
    return title + "\n" + grid([_(h) for h in HEADERS_LEDGER], rows)


def bonus_rule() -> str:
    return _(SHEET_BONUS_RULE).format(bonus=money(rules.END_BONUS_PER_SHOP))


def tie_lines(result: Result, finished: bool | None = None) -> tuple[Phrase, ...]:
    """The calculator's phrase for each tie on cash (none when nobody is level); in a game still being played,
    nobody wins a tie yet: its leader is ahead on it."""
    done = result.finished if finished is None else finished
    return tuple(replace(line, code="chinatown.tie-won-so-far")
                 if not done and isinstance(line, Phrase) and line.code == "chinatown.tie-won" else line
                 for line in result.tiebreaks)


@wraps(rules.score, assigned=())  # only __wrapped__: the registry finds the calculator under the words
def score(table: Any) -> Result:
    """The calculator's result; a table file whose `session` is `playing` is a game in progress, and its tie
    phrases say who is ahead, not who wins."""
    result = rules.score(table)
    if not result.tiebreaks:
        return result
    block = table.get("session")
    playing = isinstance(block, dict) and block.get("status") == PLAYING
    return replace(result, tiebreaks=tie_lines(result, finished=result.finished and not playing))


def final_text(session: Session) -> str:
    result = session.score(periods(session))
    labels = [label(session, n) for n in range(periods(session))]
    parts = [standings_text(result, session.game)] + [ledger_text(result, p, labels) for p in session.players]
    if result.detail.rules.seasons:
        parts.insert(0, _(END_BONUS).format(bonus=money(rules.END_BONUS_PER_SHOP)))
    return "\n\n".join(parts)


def command_word(english: str) -> str:
    """The word typed for one of Chinatown's prompt words (`cash`, `ledger`, `types`) in the chosen language, as
    the play loop reads it (scorepad/play.py typed_word: the English word works too)."""
    # TRANSLATORS: words typed at any prompt of a Chinatown game: `cash Ana` shows one player's cash, `ledger Ana`
    # their ledger, `types` the business types. One short word each, no spaces; the English words work too.
    own = {"cash": pgettext("typed word", "cash"), "ledger": pgettext("typed word", "ledger"),
           "types": pgettext("typed word", "types")}[english]
    return own.strip().casefold() or english


def commands(session: Session) -> Commands:
    def cash(rest: str) -> str:
        balances, when = cash_now(session)
        if not rest:
            if open_cash(session):
                return "\n".join(_(CASH_LINE).format(player=p, cash=money(c), when=when) for p, c in balances.items())
            return _(CASH_WHO).format(cash=command_word("cash"), players=listed(session.players))
        try:
            player = _player(rest, session.players)
        except InvalidInput as error:
            return error.message
        return _(CASH_LINE).format(player=player, cash=money(balances[player]), when=when)

    def ledger(rest: str) -> str:
        if not open_cash(session):
            return _(LEDGER_PRIVATE)
        done = min(session.complete_rounds(), periods(session))
        if not done:
            r = rules.rules_for(session.variants)
            return _(LEDGER_EMPTY_SEASONS if r.seasons else LEDGER_EMPTY).format(cash=money(r.start_cash),
                                                                                 word=command_word("cash"))
        result = session.score(done)
        labels = [label(session, n) for n in range(done)]
        try:
            chosen = [_player(rest, session.players)] if rest else session.players
        except InvalidInput as error:
            return error.message
        return "\n\n".join(ledger_text(result, p, labels) for p in chosen)

    entries: dict[str, tuple[str, Callable[[str], str]]] = {
        "cash": (_(CASH_HELP).format(word=command_word("cash")), cash),
        "ledger": (_(LEDGER_HELP).format(word=command_word("ledger")), ledger)}
    if not rules.rules_for(session.variants).seasons:
        entries["types"] = (_(TYPES_HELP), lambda rest: _(TYPES_LINE).format(types=types_text()))
    return entries  # by the English word: the play loop takes the language's word too (play.typed_word)


def report(session: Session) -> str:
    """Everything recorded so far: each round's incomes and trades; cash when open (always at the end)."""
    parts = []
    first = session.get("setup", "first")
    if first:
        parts.append(_(FIRST_PLAYER).format(player=first))
    done = min(session.complete_rounds(), periods(session))
    for number in range(done):
        parts.append(year_summary(session, number))
    pending = trade_lines(session, done) if done < periods(session) else []
    if pending:
        parts.append(_(SO_FAR).format(label=label(session, done)) + "\n" + "\n".join(pending))
    if done and (session.finished or done == periods(session)):
        parts.append(final_text(session) if done == periods(session)
                     else standings_text(session.score(done), session.game, finished=session.finished))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)


# --- the score sheet ------------------------------------------------------------------------------------

def sheet(result: Result | None = None, *, players: Sequence[str] = ("", "", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/chinatown.toml: a ledger per player (filled, or blank for paper), and the standings."""
    r = rules.rules_for(result.variants if result else variants)
    count = len(result.detail.lines) if result else min(rounds, r.rounds)
    names = [_(SEASON_LABEL).format(number=n + 1) if r.seasons else str(rules.YEARS[n]) for n in range(count)]
    key = "seasons" if r.seasons else "ledger"
    by = {s.player: s for s in result.standings} if result else {}

    def cash(amount: int) -> str:  # "" for nothing moved: an empty cell reads quicker than $0
        return money(amount) if amount else ""

    ledgers = []
    for player in players:
        rows: list[dict[str, Any]] = [{"label": _(SHEET_START), "cash": money(r.start_cash)}]
        if result is None:
            rows += [{"label": name} for name in names]
            if r.seasons:
                rows.append({"label": _(SHEET_BONUS), "shops": bonus_rule()})
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
            rows.append({"label": _(SHEET_BONUS), "shops": bonus_rule(), "cash": "+" + money(bonus) if ended else ""})
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
        fields = {"players": listed(players), "date": date, "variants": variant_text(result.variants),
                  "winner": names_text(result.winners)}
    elif variants:
        fields = {"variants": variant_text(variants)}
    data = {"rounds": count, "round_names": names, "fields": fields,
            "grids": {key: ledgers, f"{key}_standings": [{"vars": {}, "rows": summary}]}}
    if result is not None and result.detail.ties:  # under the standings: why the level players rank as they do
        title = _(SHEET_TIES_SEASONS if r.seasons else SHEET_TIES)
        data["grids"]["ties"] = [{"vars": {"title": title},
                                  "rows": [{"label": say(line)} for line in tie_lines(result)]}]
    data["notes"] = seasons_notes() if r.seasons else [*sheet_notes(), deal_text(len(players))]
    return data


def sheet_notes() -> list[str]:
    """The income table and the complete sizes, as the calculator has them, then how cash adds up."""
    def entries(table: Mapping[int, int]) -> str:
        return " · ".join(plural(SHEET_INCOME_FIRST, n).format(n=n, income=money_k(v)) if i == 0
                          else _(SHEET_INCOME_NEXT).format(n=n, income=money_k(v))
                          for i, (n, v) in enumerate(table.items()))

    sizes = " · ".join(f"{size} {listed(names)}" for size, names in by_size(type_name).items())
    income = _(SHEET_INCOME).format(incomplete=entries(rules.INCOMPLETE_INCOME),
                                    complete=entries(rules.COMPLETE_INCOME))
    return [income, _(SHEET_SIZES).format(sizes=sizes), _(SHEET_CASH)]


def seasons_notes() -> list[str]:
    """The four-season game's rules on its sheet, with the calculator's values."""
    values = {"cash": money(rules.FOUR_SEASONS_START_CASH), "builds": rules.BUILDS_PER_SEASON,
              "spaces": rules.SHOP_SPACES, "shop": money(rules.SHOP_INCOME), "cap": rules.SAME_TYPE_CAP,
              "bonus": money(rules.END_BONUS_PER_SHOP)}
    return [_(note).format(**values) for note in SHEET_NOTES_SEASONS]


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
    years = [_(SHEET_DEAL_YEARS).format(span=f"{ys[0]}–{ys[-1] % 100}" if len(ys) > 1 else ys[0], dealt=d, kept=k,
                                        tiles=t) for ys, (d, k, t) in spans]
    return _(SHEET_DEAL).format(players=players, years=" · ".join(years))


def variant_text(variants: Sequence[str]) -> str:
    return variants_text(variants) if not variants else _(VARIANTS_TEXT).format(names=listed(variants))


class Worded(Explained):
    """Names → what each means, worded when read (an Explained whose texts are functions): the registry is built
    before a language is chosen, and the amounts in an explanation are written the chosen language's way."""

    def __init__(self, words: Mapping[str, Callable[[], str]]) -> None:
        super().__init__(words)

    def __getitem__(self, name: str) -> str:
        return self._texts[name]()


# TRANSLATORS: how an error names a trade of the table file ("round 1, trade 2: Ana pays themselves").
TRADE_FIELD = N_("trade {n}")
# TRANSLATORS: a field of a trade of the table file: {key} is its key (round, from, to, amount, note): keep it.
TRADE_KEY_FIELD = N_("trade {n} {key}")


def field_label(field: str) -> str | None:
    """How an error names a field of the table file: `trade 2` and `trade 2 amount` in the chosen language (the
    keys stay the table file's); any other field by its key."""
    match = re.fullmatch(r"trade (\d+)(?: (\w+))?", field)
    if not match:
        return None
    n, key = match.groups()
    return _(TRADE_KEY_FIELD).format(n=n, key=key) if key else _(TRADE_FIELD).format(n=n)


VARIANTS = Worded({rules.FOUR_SEASONS: lambda: _(FOUR_SEASONS_EXPLAINED).format(
    seasons=rules.SEASONS, cash=money(rules.FOUR_SEASONS_START_CASH), shop=money(rules.SHOP_INCOME),
    bonus=money(rules.END_BONUS_PER_SHOP))})
MODULES = Worded({OPEN_CASH: lambda: _(OPEN_CASH_EXPLAINED)})

def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [final cash, income of year 1, year 2, …] (four-seasons: of each season), dollars."""
    return {"rounds": "seasons" if rules.FOUR_SEASONS in result.variants else "years",
            "players": {s.player: [s.total, *s.rounds] for s in result.standings}}


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=VARIANTS,
            named_answers=((("setup", "first"), None), (("trades", None), "from"), (("trades", None), "to")),
            default_rounds=rules.DEFAULT_ROUNDS, score=score, steps=steps, template="chinatown", sheet=sheet,
            report=report, round_label=ROUND_LABEL, blurb=BLURB, max_rounds=rules.DEFAULT_ROUNDS, modules=MODULES,
            commands=commands, private=lambda session: not open_cash(session),
            variant_rounds={rules.FOUR_SEASONS: rules.SEASONS}, figure=money, field_label=field_label,
            variant_labels={rules.FOUR_SEASONS: SEASON_WORD}, facts=facts,
            phrases=PHRASES)
