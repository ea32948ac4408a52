"""Chinatown's words: its texts for people, worded with the calculator's values, and the wording of its phrases
(its calculator's refusals and tie lines, the notation's refusals).

Every text for people is an English msgid (scorepad/i18n.py), translated where it is used; the rule values in it
(money, cards, tiles, sizes, the income table) are filled in from calculators/chinatown.py, never typed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from calculators import chinatown as rules
from scorepad.games.base import Explained
from scorepad.games.chinatown.names import (none_words, short_name, type_word, types_text)
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.words import money, names_text, variants_text

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
ASK_FIRST = N_("Who takes the First Player card?")
FIRST_HINT = N_("whoever most recently visited a Chinatown")
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
                "  (10, 10k, 10000 and $10,000 are the same); then a note of what it bought if you like\n"
                "  (kept in the session).")
YEAR_START_SHORT = N_("""\
── {year} · year {number} of {years} ── start player: {starter}
  Deal {dealt} building cards each (keep {kept}, return {returned}); mark the kept lots. Draw {tiles} shop tiles each.
  Trade, place tiles, then income. Record each payment as it happens; Enter when trading is done.""")
# TRANSLATORS: how to type a trade: {payer} and {payee} are two of the players, as an example.
TRADE_HINT = N_("payer payee amount, e.g. `{payer} {payee} 10k`")
# TRANSLATORS: what an empty trade means (at a terminal: "Enter: trading is done").
TRADING_DONE = N_("trading is done")
# TRANSLATORS: {amount} is money ("$10,000").
ASK_NOTE = N_("What did {payer}'s {amount} buy?")
# TRANSLATORS: {example} is an example note ("lot 12").
NOTE_HINT = N_("a note, e.g. `{example}`")
# TRANSLATORS: what an empty answer means (at a terminal: "Enter: none").
NONE = N_("none")
TRADE_LABEL = N_("{year} · trade {n}")  # how edit and undo name a trade (a year holds many)
NOTE_LABEL = N_("{year} · trade {n} · note")
# TRANSLATORS: an example of a trade's note: what the money bought (a building lot and its number).
NOTE_EXAMPLE = N_("lot 12")
# TRANSLATORS: an example of a trade's note in the four-season game, which has no lots.
NOTE_EXAMPLE_SEASONS = N_("a Restaurant licence")
MONEY_DIGITS = 12  # a trillion dollars is no payment at this table
# Chinatown's money comes in thousands (every income, the start cash; the summary's smallest note is $1,000,
# rules §1.1): a bare number under a thousand is thousands (`5` is $5,000), and no amount is under $1,000.
THOUSAND = 1000
INCOME_START = N_("""\
  {year} income: each player lists their businesses as type and tiles, e.g. `{example}`.
  A business is connected tiles of one type owned by one player inside one block; a street splits it.
  Types by tiles to complete: {types}.
  A group larger than complete counts as complete + the rest (`{larger}` = {size} + 1). `{none}` for nothing.""")
ASK_BUSINESSES = N_("{year} · {player}'s businesses")
# TRANSLATORS: how to type one's businesses: {example} is an example as typed ("rest 4, photo 3"); {types} is the
# word typed to list the types.
BUSINESSES_HINT = N_("type and tiles, e.g. `{example}`; `{types}` lists the types")
# TRANSLATORS: {previous} is last year ("1965"), {last} the businesses given then, as typed ("rest 4, photo 3").
BUSINESSES_KEPT = N_("{previous}: {last}")
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
# `types` at a prompt: what to type for each business, by the tiles that complete it, and the name it stands for.
TYPES_HEADING = N_("Business types by tiles to complete, and what to type for each (any clear start of a name "
                   "works too):")
# TRANSLATORS: one business of `types`: {typed} is what to type (`rest`), {name} the business ("Restaurant").
TYPE_TYPED = N_("{typed} = {name}")
TYPES_HELP = N_("the business types and what to type for each")
LEDGER_HELP = N_("{word} NAME: that player's year-by-year ledger (open cash or at the end)")
LEDGER_EMPTY = N_("No year is complete yet: each player started with {cash} (`{word} NAME` for now).")
LEDGER_EMPTY_SEASONS = N_("No season is complete yet: each player started with {cash} (`{word} NAME` for now).")
LEDGER_PRIVATE = N_("Ledgers show cash: they open at the end of the game (or with --open-cash).")
LEDGER_TITLE = N_("{player}'s ledger:")
FIRST_PLAYER = N_("First player: {player}")
SO_FAR = N_("{label} so far:")
NOTHING_YET = N_("Nothing recorded yet.")
# `stats`: final cash and each year's (or season's) income, as means per game (facts.py).
CASH = N_("Cash and income (means per game):")
FINAL_CASH = N_("Final cash")
# TRANSLATORS: a column of Chinatown's figures: the mean income of one season of the four-season game.
SEASON_INCOME = N_("Season {n}")
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
ASK_SPENT = N_("Season {number} · {player} · paid at auction")
SPENT_HINT = N_("total")
SEASON_START_SHORT = N_("""\
── Season {number} of {seasons} ── start player: {starter}
  Reveal {count} shop and {count} licence cards; auction them (winners pay the bank); trade; build ({builds} at most);
  income. Enter each player's auction total, the payments between players, then the shops built.""")
# TRANSLATORS: `restaurant, laundry` is an example of what is typed: shop types are any names.
ASK_BUILT = N_("Season {number} · {player} · shops built")
BUILT_HINT = N_("types, e.g. `restaurant, laundry`")
SEASON_LABEL = N_("Season {number}")
END_BONUS = N_("End of the game: each built shop adds {bonus}.")

SHEET_START = N_("Start")
SHEET_BONUS = N_("Shop bonus")
SHEET_BONUS_RULE = N_("{bonus} per shop built")
# The sheet's notes, one line each: on the first page, and the income, size and cash lines under each ledger's half
# page. The income and size lines print the calculator's own tables (rules.INCOMPLETE_INCOME, COMPLETE_INCOME,
# COMPLETE_SIZE).
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
# TRANSLATORS: {tiles} shop tiles of every player in {year}; {lots} lots owned by then: {players} players, {kept}
# building cards kept each so far (lots change hands in trade, so the table is counted, not a player).
OVER_LOTS = N_("{tiles} shop tiles on the board in {year}, but the players own only {lots} lots by then "
               "({players} × {kept} building cards kept); every tile stands on a lot")
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
# TRANSLATORS: {least} is $1,000; {example} $5,000, which `5` and `5k` are (keep them, with your typed word for k).
UNDER_A_THOUSAND = N_("{text!r} is under {least}: Chinatown's money comes in thousands "
                      "(5 or 5k is {example})")
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
    "chinatown.over-lots": OVER_LOTS,
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
    "chinatown.under-a-thousand": lambda v: _(UNDER_A_THOUSAND).format(text=v["text"], least=money(THOUSAND),
                                                                      example=money(5 * THOUSAND)),
    "chinatown.ambiguous-player": lambda v: _(AMBIGUOUS_PLAYER).format(word=v["word"], names=either(v["names"])),
    "chinatown.not-a-player": lambda v: _(NOT_A_PLAYER).format(word=v["word"], players=listed(v["players"])),
    "chinatown.ask-payee": ASK_PAYEE,
    "chinatown.ask-amount": ASK_AMOUNT,
    "chinatown.no-amount": lambda v: _(NO_AMOUNT).format(**v, least=money(THOUSAND)),
    # TRANSLATORS: {words} were typed after a trade's amount; its note is asked after the trade.
    "chinatown.extra-words": N_("{words!r}: a trade is payer, payee and amount; the note is asked next"),
    # TRANSLATORS: {text} was typed at the question of a trade's note, and reads as a trade.
    "chinatown.note-is-a-trade": N_("{text!r} reads as a trade, not a note: press Enter for no note, then type the "
                                    "trade at the next question"),
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


def column_heading() -> str:
    """The heading of its column in `scorepad players` (the line under the table gives the whole title)."""
    # TRANSLATORS: a column heading of `scorepad players`: finished Chinatown sessions (short).
    return pgettext("players column", "CT")


VARIANTS = Worded({rules.FOUR_SEASONS: lambda: _(FOUR_SEASONS_EXPLAINED).format(
    seasons=rules.SEASONS, cash=money(rules.FOUR_SEASONS_START_CASH), shop=money(rules.SHOP_INCOME),
    bonus=money(rules.END_BONUS_PER_SHOP))})
MODULES = Worded({OPEN_CASH: lambda: _(OPEN_CASH_EXPLAINED)})
