"""Next Station: London's words: its texts for people, the names of its colours, cards and powers, the words a
player types for them, and the wording of its phrases (its calculator's refusals and tie-breaks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import next_station_london as rules
from scorepad.games.base import Explained
from scorepad.grid import names_text
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.words import listed

# --- text for people ----------------------------------------------------------------------------------
# Every text is an English msgid (scorepad/i18n.py), translated where it is used; rule values are filled in from
# calculators/next_station_london.py. What a table types (card names, colours, commands) is the English word or
# the language's own (pgettext "typed word").

# TRANSLATORS: the game's title as published in your language (ru: «Следующая станция: Лондон»), else the original.
TITLE = N_("Next Station: London")
BLURB = N_("Draw four Underground lines, one per pencil colour; scorepad can turn the station cards for you.")
VARIANTS = Explained({
    # TRANSLATORS: a variant (from the Russian summary 004); "Thames" is the river the lines cross.
    "additive-lines": N_("summary 004 (Russian): a line scores sections + districts + stations + {thames} × Thames"),
    "no-interchanges": N_("summary 004 (Russian): interchange stations score nothing"),
}, thames=rules.THAMES_POINTS)
MODULES = Explained({
    # TRANSLATORS: a module; {drawn} of the {cards} shared objective cards are drawn, each worth {points}.
    "objectives": N_("shared objectives: {drawn} of {cards} cards drawn, +{points} each for whoever completes it"),
    "powers": N_("pencil powers: one power per pencil, usable once per round"),
}, drawn=rules.OBJECTIVES_IN_PLAY, cards=len(rules.OBJECTIVES), points=rules.OBJECTIVE_POINTS)
# The modules as the setup names them (the module's own name, `objectives`, is what --module takes).
MODULE_NAMES = {"objectives": N_("shared objectives"), "powers": N_("pencil powers")}
# TRANSLATORS: what a round is called in Next Station: London (one round per pencil colour).
ROUND_LABEL = N_("Round")
# The 5 shared objective cards (NSL-RB), by the key a table types.
OBJECTIVE_TEXTS = {
    "interchanges": N_("At least {n} interchange stations (each on 2 or more of your lines)."),
    "districts": N_("At least one station of your network in each of the {n} districts."),
    "tourist": N_("All {n} tourist sites connected."),
    "central": N_("All {n} stations of the central district connected."),
    "thames": N_("The Thames crossed at least {n} times, all your lines together."),
}
OBJECTIVE_FIGURES = {"interchanges": rules.OBJECTIVE_INTERCHANGES, "districts": rules.DISTRICTS,
                     "tourist": rules.TOURIST_SITES, "central": rules.CENTRAL_STATIONS,
                     "thames": rules.OBJECTIVE_THAMES}
# The 4 pencil powers: the name, then what it does.
POWER_NAMES = {
    "double": lambda: pgettext("pencil power", "Double section"),
    "joker": lambda: pgettext("pencil power", "Joker"),
    "switch": lambda: pgettext("pencil power", "Switch"),
    "circle": lambda: pgettext("pencil power", "Circle"),
}
POWER_TEXTS = {
    "double": N_("on one turn, draw a second section to another station of the same symbol."),
    "joker": N_("treat this turn's card as a joker (any symbol)."),
    "switch": N_("as if a Railroad Switch came with this turn's card (branch from any station)."),
    "circle": N_("circle one station; it counts twice in its district, for this line only."),
}
# TRANSLATORS: a pencil power: its name, then what it does ("Joker: treat this turn's card as a joker…").
POWER_LINE = N_("{name}: {text}")
# TRANSLATORS: a tie-break: {names} are level on the total {total}; {bests} each one's best line ("A 20, B 20").
TIE_SHARED = N_("{names} are level on {total} and on their best line ({bests}): they share the place.")
TIE_DECIDED = N_("{names} are level on {total}; the highest single line decides: {bests}.")
TIE_STILL_LEVEL = N_("{names} are level on that too and share their place.")
# TRANSLATORS: one player's best line in a tie-break: "A 20".
BEST_LINE = N_("{player} {best}")
SOLO_LOWEST_BAND = N_("{top} or less (the lowest band)")
SOLO_BAND = N_("{low}–{high}")
SOLO_BEST_BAND = N_("over {low} (the best band)")
SETUP_HEADING = N_("Setup for {players}:")
# TRANSLATORS: {modules} are the modules in play, named in your language ("shared objectives and pencil powers").
SETUP_HEADING_MODULES = N_("Setup for {players}, modules: {modules}:")
MAP_SHEET = N_("  • Each player takes a map sheet and the pencil below.")
PLAYER_PENCIL = N_("  • {player}: the {colour} pencil")
# Pencils and controllers go round the table in the order of the names: each player's left-hand
# neighbour is the next name (NSL-RB: pass left, the controller role passes left).
SEATING = N_("  • Sit round the table in this order, clockwise: {order} (each next name on the left).")
SOLO_HEADING_LINE = N_("Setup, solo:")
# TRANSLATORS: {modules} as in "Setup for {players}, modules: {modules}:".
SOLO_HEADING_MODULES = N_("Setup, solo, modules: {modules}:")
# TRANSLATORS: keep the line breaks and the indentation.
SOLO_SETUP = N_("""\
  • Take a map sheet and lay the four pencils above it in the order you choose:
    that is the order of your lines.
  • Your rating at the end: your score, less {penalty} for each module used.""")
PLACES_3 = N_("  • The spare {colour} pencil lies on the table between {right} and {left} (on {left}'s right).")
PLACES_2 = N_("  • Spare pencils: {a} to {p}'s left (between {p} and {q}), {b} to {q}'s left (between {q} and {p}).")
OBJECTIVES_TEXT = N_("Shared objectives in play (+{points} each for everyone who completes it):")
POWERS_TEXT = N_("Pencil powers (each stays with its pencil; once per round, optional):")
# TRANSLATORS: a pencil and its power in the setup guide: "  Green: Circle: circle one station…".
PENCIL_POWER = N_("  {colour}: {power}")
ASK_CONTROLLER = N_("Who last rode the Underground?")
CONTROLLER_HINT = N_("They are the first controller.")
ASK_ORDER = N_("Your order of the four pencils, by names or first letters")
ROUND_HEADING = N_("── Round {number} of {rounds} ──")
CONTROLLER = N_("Controller: {controller}.")
PENCILS_HEADING = N_("Pencils this round:")
SOLO_HEADING = N_("Your pencil this round:")
ROUND_PENCIL = N_("  • {player}: {colour}")
ROUND_PENCIL_POWER = N_("  • {player}: {colour}  (power: {power})")
# TRANSLATORS: keep the line breaks and the indentation (as in the next one, the same rules for a table).
ROUND_RULES_SOLO = N_("""\
  Start at the departure station of your colour. Each turn you turn a card; you may draw
  one straight section from either end of your line to a station of that symbol (a joker is any).
  No crossing sections, no passing through a station, no visiting a station of this line twice.""")
ROUND_RULES_TABLE = N_("""\
  Start at the departure station of your colour. Each turn the controller turns a card; you may draw
  one straight section from either end of your line to a station of that symbol (a joker is any).
  No crossing sections, no passing through a station, no visiting a station of this line twice.""")
# From round 2 on a line may use stations of earlier lines (NSL-RB): the round text forbids only this line's own.
# "Stop at", not "pass through": a section never passes through a station (the line just above).
JOINING = N_("  Your line may also stop at stations of your earlier lines: each such station is an interchange.")
# Rounds 2 to 4 name what changed and the word that shows the rules (repeated whole, they pushed the scores so far
# and their heading off an 80×24 screen).
# TRANSLATORS: {guide} is the word typed at the prompt to see the round's rules (your language's).
# Keep the line break and the indentation.
ROUND_AGAIN = N_("  The rules as in round 1; your line may also stop at stations of your earlier lines\n"
                 "  (interchanges). `{guide}` shows the rules.")
# TRANSLATORS: {n}th: the Underground card that ends the round (5th); write the ordinal as your language does.
ROUND_END_RULE = N_("  The round ends on the {n}th Underground (pink-and-yellow) card; you may still draw for "
                    "that card.")
PASSING = {
    1: N_("Take the next pencil of your order."),
    2: N_("Each of you takes the spare pencil on your right, then lays the pencil you used on your left."),
    3: N_("Pass pencils left; {first} takes the spare on their right instead, and {last} puts theirs there."),
    4: N_("Pass pencils left: each of you takes the one from your right."),
}
ASK_DECK = N_("Round {number}: turn the station cards with scorepad, or use the physical cards?")
# Menu choices: stored as these English words (a table file's session), shown in the chosen language.
DECK_CHOICES = (N_("Digital deck"), N_("Physical cards"))
DIGITAL, PHYSICAL = DECK_CHOICES
# TRANSLATORS: a station card to turn (a button on a phone, Enter at a terminal).
ASK_TURN = N_("Round {number} · turn {turn}")
# TRANSLATORS: what answers ASK_TURN: a phone's button, and what Enter does at a terminal.
TURN_CARD = N_("turn the card")
# The station card on every screen (phone.board). TRANSLATORS: over the station card just turned; {number} is the
# round.
BOARD_TITLE = N_("Round {number}: the station card")
# TRANSLATORS: {count} Underground cards turned of the {of} that end the round.
BOARD_UNDERGROUND = N_("Underground {count} of {of}")
# TRANSLATORS: {count} station cards still in the deck.
BOARD_LEFT = N_("{count} cards left")
BOARD_OVER = N_("The round is over: draw your last section.")
BOARD_NONE = N_("No card turned yet.")
# TRANSLATORS: {undo} and {help} are the words typed at the prompt (your language's).
PRESS_ENTER = N_("press Enter to turn the card (or type {undo}, {help})")
# TRANSLATORS: {cards} are the card(s) turned ("■ square — Street"), {underground} of {of} Underground cards so far.
CARD_LINE = N_("  Turn {turn}: {cards}   Underground cards: {underground} of {of}")
SWITCH_BRANCH = N_("  RAILROAD SWITCH: this turn's section may start from ANY station of your line (a branch);\n"
                   "  the next card was turned with it.")
SWITCH_IGNORED = N_("  RAILROAD SWITCH on turn {turn}: ignored this early (extend an end as usual);\n"
                    "  the next card was turned with it.")
# TRANSLATORS: {n}th: the Underground card that ends the round (5th).
ROUND_OVER = N_("  That was the {n}th Underground card: draw your last section; round {number} is over.")
# TRANSLATORS: keep the line breaks and the indentation; {cards} station cards (11), the {n}th Underground card (5th).
PHYSICAL_DECK_SOLO = N_("""\
  Shuffle the {cards} station cards and turn one per turn; the round ends on the
  {n}th Underground card. The Railroad Switch: turn the next card at once; that turn's section may
  start from any station of the line (a branch). On turns 1 and 2 the Switch is ignored.""")
PHYSICAL_DECK_TABLE = N_("""\
  Controller: shuffle the {cards} station cards and turn one per turn; the round ends on the
  {n}th Underground card. The Railroad Switch: turn the next card at once; that turn's section may
  start from any station of the line (a branch). On turns 1 and 2 the Switch is ignored.""")
# TRANSLATORS: keep the line breaks, the indentation and the field names at the left (districts, stations,
# thames, tourist: the words of the questions that follow), {sections} and {circle} are the next two lines or
# nothing.
SCORE_ROUND = N_("""\
Score round {number}, each player for the line just drawn:{sections}
  districts = districts the line passes through (0–{districts})
  stations  = most stations of the line in one district (0–{stations}){circle}
  thames    = Thames crossings (0–{thames}, one a section at most; {points} points each)
  tourist   = tourist sites on the line (0–{tourist}): cross that many circles of your tourist track""")
SECTIONS_HELP = N_("  sections  = sections drawn this round (0–{sections}; additive-lines variant)")
# TRANSLATORS: under "stations = … (0–9)": {most} is the most with the Circle power (10).
CIRCLE_HELP = N_("              ({player}'s Circle power: the circled station counts twice in its district: "
                 "up to {most})")
# TRANSLATORS: a question: round, player, their pencil colour and the field ("districts").
ASK_FIELD = N_("Round {number} · {player} ({colour}) · {field}")
# What each field of a line counts, under its question (the rulebook's words, short): {high} is the most it can be.
FIELD_HINTS = {
    "sections": N_("sections drawn, 0–{high}"),
    "districts": N_("districts passed through, 0–{high}"),
    "stations": N_("most in one district, 0–{high}"),
    # TRANSLATORS: {points} are the points of one crossing.
    "thames": N_("Thames crossings, 0–{high}, {points} points each"),
    "tourist": N_("tourist sites, 0–{high}"),
}
LINE_RESULT = N_("  {player}'s line: {formula}   Tourist track: {crossed} crossed = {points}")
# TRANSLATORS: {colour} is the pencil's colour as a label ("Green"): "  B's Green line: 7 × 4 + 2 × 1 = 30 …".
LINE_RESULT_COLOUR = N_("  {player}'s {colour} line: {formula}   Tourist track: {crossed} crossed = {points}")
INTERCHANGE_RESULT = N_("  {player}'s interchanges: {formula}")
END_OF_GAME = N_("End of the game.")
# TRANSLATORS: keep the line breaks and the indentation; points for an interchange on 2, 3 and 4 lines.
COUNT_INTERCHANGES = N_("""\
  Count each interchange station once, by the lines through it:
  2 lines = {p2} points, 3 lines = {p3}, 4 lines = {p4}.""")
NO_INTERCHANGES = N_("  Interchange stations score nothing (no-interchanges variant): nothing to count.")
FINAL_OBJECTIVES = N_("  Shared objectives: which of these did each player complete?")
ASK_INTERCHANGES = N_("{player} · interchange stations on 2, 3 and 4 lines")
# TRANSLATORS: `5 2 1` is an example answer: keep it.
INTERCHANGES_HINT = N_("e.g. 5 2 1")
# TRANSLATORS: a phone's box for one of the three numbers of the interchanges: those on {lines} lines.
INTERCHANGE_FIELD = N_("on {lines} lines")
# TRANSLATORS: what an empty answer means (at a terminal: "Enter: none").
NONE = N_("none")
ASK_OBJECTIVES = N_("{player} · which shared objectives did they complete?")
# TRANSLATORS: {cards} are the objective cards in play as typed ("thames central"); {none} is the typed word for
# none.
OBJECTIVES_HINT = N_("{cards}, or {none}")
# TRANSLATORS: {cards} are the cards completed as typed ("thames central"), or the typed word for none.
OBJECTIVES_RESULT = N_("  {player}'s shared objectives: {cards} → +{points}")
# TRANSLATORS: {cards} are the objective cards in play as typed ("thames central").
OBJECTIVES_NOT_A_COUNT = N_("name the cards completed ({cards}), not how many; Enter alone: none")
OBJECTIVE_NOT_IN_PLAY = N_("{word!r} names no objective card in play (in play: {names})")
# `show`: the objective cards each player completed.
OBJECTIVES_DONE = N_("Shared objectives completed:")
# TRANSLATORS: {cards} as typed ("thames central"; or a number, in a game of an older scorepad).
OBJECTIVES_DONE_LINE = N_("  {player}: {cards} (+{points})")
NOT_A_NUMBER = N_("{text!r} is not a whole number ({span})")
NO_NUMBER = N_("a whole number, please ({span})")
# TRANSLATORS: a range with no top: "0 or more".
OR_MORE = N_("{low} or more")
ECHO_MAX = 20  # characters of a refused answer repeated in the message
THREE_NUMBERS = N_("up to three whole numbers, please: stations on 2, 3 and 4 lines (e.g. 5 2 1; 5 2 is none on 4 "
                   "lines)")
# TRANSLATORS: {reckoning} is "147 − 20 (2 modules) = 127", {band} the band ("121–135").
SOLO_RATING = N_("Solo rating: {reckoning} → band {band}.")
SHEET_RATING = N_("Solo rating: {reckoning}, in the band {band}.")  # the sheet's font has no arrow
SOLO_MINUS = NP_("{total} − {penalty} ({used} module) = {rated}", "{total} − {penalty} ({used} modules) = {rated}")
SOLO_NO_MODULES = N_("{total} (no modules)")
# A table that draws its own objective and power cards names them (setup question, or play's options).
OBJECTIVE_CARDS = N_("The five shared objective cards:")
POWER_CARDS = N_("The four pencil power cards (one on each pencil, used or not):")
CARD_LINE_TEXT = "  {name:<13} {text}"  # a card's name to type, then what it says
ASK_OBJECTIVE_CARDS = N_("Shared objectives: does scorepad draw the two cards, or did you draw them?")
ASK_POWER_CARDS = N_("Pencil powers: does scorepad deal the four cards, or did you deal them?")
ASK_BOTH_CARDS = N_("Objective and power cards: does scorepad draw them, or did you?")
CARD_CHOICES = (N_("scorepad draws"), N_("we drew these"))
SCOREPAD_DRAWS, WE_DREW = CARD_CHOICES
ASK_OBJECTIVE_NAMES = N_("Which two objective cards?")
# TRANSLATORS: the examples are card names as typed: keep them (or give your language's typed words).
OBJECTIVE_NAMES_HINT = N_("names or first letters, e.g. tourist central")
ASK_POWER_NAMES = N_("Power on each pencil, pink green blue purple")
# TRANSLATORS: the examples are power cards' names as typed: keep them (or give your language's typed words).
POWER_NAMES_HINT = N_("e.g. circle joker double switch, or pink=circle …")
NOT_AN_OBJECTIVE = N_("{word!r} names no objective card (objectives: {names})")
NOT_A_POWER = N_("{word!r} names no power card (powers: {names})")
CARD_AMBIGUOUS = N_("{word!r} could be {matches}: type more letters")
# TRANSLATORS: between the two or more cards a typed word could be: "'c' could be circle or central".
OR = N_(" or ")
CARD_TWICE = N_("{name} appears twice")
OBJECTIVE_COUNT = NP_("{count} objective card; name the {wanted} in play", "{count} objective cards; name the "
                      "{wanted} in play")
POWER_COUNT = NP_("{count} power card; name one for each of the {wanted} pencils ({colours})",
                  "{count} power cards; name one for each of the {wanted} pencils ({colours})")
POWER_PAIRS = N_("{word!r}: give every pencil as colour=power, or only the powers in the order {colours}")
NOT_A_COLOUR = N_("{word!r} is not one colour of {colours}")
# TRANSLATORS: pi and pu are what a player types for pink and purple.
NOT_ONE_COLOUR = N_("{word!r} is not one colour of {colours} (pi = pink, pu = purple)")
COLOURS_COUNT = NP_("{count} colour; name all four, each once", "{count} colours; name all four, each once")
CHOOSE = N_("{text!r}: choose {first} or {second}")
# TRANSLATORS: `--module` is an option: keep it and {module}.
CARDS_NEED_MODULE = N_("the module {module!r} is not in play: add --module {module}")
ROUNDS_HEADING = N_("Lines so far:")
NOTHING_YET = N_("Nothing scored yet.")
PLAYER_HEADING = N_("Player")
ROUND_COLUMN = N_("Round {number}")
TOURIST_COLUMN = N_("Tourist track")
SO_FAR_COLUMN = N_("So far")
CROSSED = N_("{crossed} crossed = {points}")
FIRST_CONTROLLER = N_("First controller: {controller}")
ROUND_REPORT = N_("Round {number}:")
# `stats`: the means of the lines and parts of every game, and the solo ratings (facts.py).
# TRANSLATORS: Next Station: London's figures: a line's own means (per round), then the parts' (per game).
LINES = N_("Lines (means per line) and parts (means per game):")
# TRANSLATORS: a column of Next Station: London's figures: the mean points of one line (one round).
MEAN_LINE = N_("Mean line")
# TRANSLATORS: columns of Next Station: London's figures: the mean count per line of districts, stations and
# Thames crossings (the scoring sheet's words).
DISTRICTS = N_("Districts")
STATIONS = N_("Stations")
THAMES = N_("Thames")
SOLO = N_("Solo ratings over time:")
# TRANSLATORS: under the solo ratings when only the latest are listed.
SOLO_LATEST = N_("(the latest {shown} of {count})")
DATE = N_("Date")
SCORE = N_("Score")
RATING = N_("Rating")
UNKNOWN_DATE = N_("unknown date")
SOLO_SHOWN = 10  # solo ratings listed: the latest ones (the PDF report draws them all)
# The fields of a line, as the questions name them (the table file's keys stay English).
FIELD_NAMES = {
    "sections": lambda: pgettext("line field", "sections"),
    "districts": lambda: pgettext("line field", "districts"),
    "stations": lambda: pgettext("line field", "stations"),
    "thames": lambda: pgettext("line field", "thames"),
    "tourist": lambda: pgettext("line field", "tourist"),
}
# The parts of a score, as the breakdown under the standings names them (Standing.parts keys stay English).
PART_NAMES = {
    "lines": lambda: pgettext("score part", "lines"),
    "tourist": lambda: pgettext("score part", "tourist"),
    "interchanges": lambda: pgettext("score part", "interchanges"),
    "objectives": lambda: pgettext("score part", "objectives"),
}
COMMAND_HELP = {"summary": N_("the scores so far"), "guide": N_("this round's controller, pencils, objectives, powers"),
                "pencils": N_("every player's pencil in every round")}
# The words typed for the commands, for the colours and for the cards, in the chosen language (English always works).
TYPED = {
    "summary": lambda: pgettext("typed word", "summary"),
    "guide": lambda: pgettext("typed word", "guide"),
    "pencils": lambda: pgettext("typed word", "pencils"),
    "pink": lambda: pgettext("typed word", "pink"),
    "green": lambda: pgettext("typed word", "green"),
    "blue": lambda: pgettext("typed word", "blue"),
    "purple": lambda: pgettext("typed word", "purple"),
    "interchanges": lambda: pgettext("typed word", "interchanges"),
    "districts": lambda: pgettext("typed word", "districts"),
    "tourist": lambda: pgettext("typed word", "tourist"),
    "central": lambda: pgettext("typed word", "central"),
    "thames": lambda: pgettext("typed word", "thames"),
    "double": lambda: pgettext("typed word", "double"),
    "joker": lambda: pgettext("typed word", "joker"),
    "switch": lambda: pgettext("typed word", "switch"),
    "circle": lambda: pgettext("typed word", "circle"),
    "none": lambda: pgettext("typed word", "none"),
}
NONE_WORDS = ("none", "-", "—")  # typed for no objective completed, besides Enter alone and the language's word
COLOUR_NAMES = {
    "pink": lambda: pgettext("Next Station: London pencil", "Pink"),
    "green": lambda: pgettext("Next Station: London pencil", "Green"),
    "blue": lambda: pgettext("Next Station: London pencil", "Blue"),
    "purple": lambda: pgettext("Next Station: London pencil", "Purple"),
}
# The station cards: a symbol (or joker, or the Railroad Switch) and the kind of card.
FACE_NAMES = {"square": N_("■ square"), "triangle": N_("▲ triangle"), "pentagon": N_("⬟ pentagon"),
              "circle": N_("● circle"), "joker": N_("★ joker (any symbol)"), "switch": N_("↔ Railroad Switch")}
KIND_NAMES = {"street": lambda: pgettext("station card", "Street"),
              "underground": lambda: pgettext("station card", "UNDERGROUND")}


def objective_text(key: str) -> str:
    return _(OBJECTIVE_TEXTS[key]).format(n=OBJECTIVE_FIGURES[key])


def power_name(key: str) -> str:
    return POWER_NAMES[key]()


def power_text(key: str) -> str:
    """`Joker: treat this turn's card as a joker (any symbol).`"""
    return _(POWER_LINE).format(name=power_name(key), text=_(POWER_TEXTS[key]))


def band_text(band: tuple[int | None, int | None]) -> str:
    """A solo band in words: `90 or less (the lowest band)`, `121–135`, `over 150 (the best band)`."""
    low, high = band
    if low is None:
        return _(SOLO_LOWEST_BAND).format(top=high)
    if high is None:
        return _(SOLO_BEST_BAND).format(low=low - 1)
    return _(SOLO_BAND).format(low=low, high=high)


def typed_words(keys: Sequence[str]) -> dict[str, str]:
    """What a player may type for each key: the key, and the chosen language's word for it → the key."""
    words = {key: key for key in keys}
    for key in keys:
        own = TYPED[key]().strip().casefold() if key in TYPED else key
        words.setdefault(own, key)
    return words


def _bests(values: Any) -> str:
    return listed([_(BEST_LINE).format(player=p, best=best) for p, best in values["bests"]])


def _tie_decided(values: Any) -> str:
    text = _(TIE_DECIDED).format(names=names_text(values["names"]), total=values["total"], bests=_bests(values))
    return " ".join([text, *(_(TIE_STILL_LEVEL).format(names=names_text(still)) for still in values["still"])])


def _interchange_sum(values: Any) -> str:
    counts = values["counts"]
    terms = " + ".join(f"{key} × {counts[key]}" for key in rules.INTERCHANGE_POINTS)
    return _(TOO_MANY_INTERCHANGES).format(terms=terms, **{k: v for k, v in values.items() if k != "counts"})


# The refusals and tie-breaks of calculators/next_station_london.py: code → wording (scorepad/words.py).
# The field names inside them (stations, districts, sections, thames) are the table file's: English keys.
PHRASES: dict[str, Any] = {
    "next-station-london.tie-shared": lambda v: _(TIE_SHARED).format(names=names_text(v["names"]), total=v["total"],
                                                                     bests=_bests(v)),
    "next-station-london.tie-decided": _tie_decided,
    "next-station-london.missing": N_("missing"),
    # TRANSLATORS: stations, districts, sections and thames are the table file's field names: keep them.
    "next-station-london.districts-without-stations": N_(
        "stations 0 but districts {districts}: districts is 0 exactly when stations is 0 "
        "(a line without a station passes through no district)"),
    "next-station-london.stations-without-districts": N_(
        "stations {stations} but districts 0: districts is 0 exactly when stations is 0 "
        "(a line with a station lies in a district)"),
    # TRANSLATORS: {more} is 2: the departure station and the circle power's one more.
    "next-station-london.stations-over-sections": N_(
        "stations {stations} but sections {sections}: at most sections + {more} in one district "
        "(the departure station, one a section, and the circle power's one more)"),
    # TRANSLATORS: a line's most stations in one district, typed for a pencil without the Circle power.
    "next-station-london.stations-need-circle": N_("{stations} stations in one district needs the Circle power; "
                                                   "without it a line has at most {most} there"),
    "next-station-london.sections-without-stations": N_(
        "stations 0 but sections {sections}: each section joins two stations of the line"),
    "next-station-london.thames-over-sections": N_(
        "thames {thames} but sections {sections}: each section crosses the Thames at most once"),
    "next-station-london.too-many-interchanges": _interchange_sum,
    "next-station-london.interchanges-not-a-map": lambda v: _(INTERCHANGES_NOT_A_MAP).format(
        value=v["value"], keys=names_text([str(key) for key in v["keys"]])),
    "next-station-london.interchanges-unknown-key": lambda v: _(INTERCHANGES_UNKNOWN_KEY).format(
        key=v["key"], keys=listed(v["keys"])),
    "next-station-london.objectives-without-module": lambda v: plural(OBJECTIVES_WITHOUT_MODULE, v["done"]).format(
        done=v["done"], modules=listed(v["modules"])),
    "next-station-london.objective-unknown": lambda v: _(OBJECTIVE_UNKNOWN).format(name=v["name"],
                                                                                  cards=listed(v["cards"])),
    "next-station-london.objective-twice": N_("{name!r} appears twice"),
    "next-station-london.objectives-not-cards": lambda v: _(OBJECTIVES_NOT_CARDS).format(
        value=v["value"], cards=listed(v["cards"]), most=v["most"]),
    "next-station-london.objectives-not-in-play": lambda v: _(OBJECTIVES_NOT_IN_PLAY).format(
        cards=listed([as_typed(card) for card in v["cards"]]), most=v["most"]),
    "next-station-london.objective-ruled-out": lambda v: _(OBJECTIVE_RULED_OUT[v["card"]]).format(
        card=as_typed(v["card"]), found=v["found"], least=v["least"]),
}
# TRANSLATORS: {cards} are the card names of a table file (interchanges, districts, …): keep them.
OBJECTIVE_UNKNOWN = N_("{name!r} is no objective card (the cards: {cards})")
# TRANSLATORS: {cards} are the card names of a table file: keep them.
OBJECTIVES_NOT_CARDS = N_("{value!r}: the objectives completed are a list of cards ({cards}), or a count 0–{most} "
                          "in older files")
# TRANSLATORS: {cards} are objective cards as typed; {most} is 2, the cards in play.
OBJECTIVES_NOT_IN_PLAY = N_("{cards} completed, but only {most} objective cards are in play")
# A completed objective the player's own figures rule out (spec): {card} is the card as typed, {least} the least
# it needs, {found} what the player's figures hold (the lines' added up, or the interchange stations counted).
OBJECTIVE_RULED_OUT = {
    "thames": N_("the {card} objective needs {least} Thames crossings; the lines have {found}"),
    "interchanges": N_("the {card} objective needs {least} interchange stations; there are {found}"),
    "tourist": N_("the {card} objective needs all {least} tourist sites; the lines pass {found}"),
    "districts": N_("the {card} objective needs all {least} districts; the lines pass through {found}"),
}
# TRANSLATORS: {terms} is "2 × 5 + 3 × 2 + 4 × 1": stations on 2, 3 and 4 lines; {lines} × {stations} is 4 × 11.
TOO_MANY_INTERCHANGES = N_("{terms} = {total} stations on lines; four lines hold at most {most} ({lines} × {stations})")
# TRANSLATORS: {keys} are the table file's keys 2, 3, 4 (lines through a station).
INTERCHANGES_NOT_A_MAP = N_("{value!r} must map {keys} lines to station counts")
INTERCHANGES_UNKNOWN_KEY = N_("unknown key {key!r} (expected: {keys})")
# TRANSLATORS: 'objectives' is the module's name: keep it; {modules} are module names (or "none").
OBJECTIVES_WITHOUT_MODULE = NP_("{done} objective, but the module 'objectives' is not in play (modules: {modules})",
                                "{done} objectives, but the module 'objectives' is not in play (modules: {modules})")


def as_typed(key: str) -> str:
    """A card's or a colour's word as the player types it in the chosen language (the English key in English)."""
    return TYPED[key]() if key in TYPED else key


def module_name(module: str) -> str:
    """A module as the setup names it, in the chosen language ("shared objectives")."""
    return _(MODULE_NAMES[module]) if module in MODULE_NAMES else module


def colour_name(colour: str) -> str:
    """A pencil's colour as a label, in the chosen language ("Pink")."""
    return COLOUR_NAMES[colour]() if colour in COLOUR_NAMES else colour.title()


def part_label(key: str) -> str:
    """How a part of a score (a Standing.parts key, English in the JSON) is named on screen ("tourist")."""
    return PART_NAMES[key]() if key in PART_NAMES else _(key)


def field_label(key: str) -> str | None:
    """How an error names a table file's field: a line's field as the questions name it ("districts")."""
    return FIELD_NAMES[key]() if key in FIELD_NAMES else None


def column_heading() -> str:
    """The heading of its column in `scorepad players` (the line under the table gives the whole title)."""
    # TRANSLATORS: a column heading of `scorepad players`: finished Next Station: London sessions (short).
    return pgettext("players column", "NSL")


# --- the score sheet ---------------------------------------------------------------------------------

LINE_ROWS = (("sections", N_("Sections")), ("districts", N_("Districts")), ("stations", N_("Stations")),
             ("thames", N_("Thames (×{points})")))
# The rules' reminder under the title, worded here with the calculator's values; the template's own notes are
# the official rules' English, for data without notes (tests/test_next_station_london.py keeps them equal).
SHEET_LINE_NOTE = {False: N_("Line = districts × stations (most in one district) + {points} per Thames crossing."),
                   True: N_("Line (additive-lines) = sections + districts + stations + {points} per Thames "
                            "crossing.")}
SHEET_TOURIST_NOTE = N_("Tourist track: cross a circle per tourist site on each line; score the last value crossed "
                        "({cap} at most = {most}).")
SHEET_INTERCHANGE_NOTE = {True: N_("Interchange stations, each counted once: on 2 lines = {p2}, 3 lines = {p3}, "
                                   "4 lines = {p4}."),
                          False: N_("Interchange stations score nothing (no-interchanges).")}
SHEET_END_NOTE = N_("Shared objectives: +{points} each.   Tie-break: the highest single line.")
# TRANSLATORS: {bands} are the solo bands ("90 or less (the lowest band) · 91–105 · …").
SHEET_SOLO_NOTE = N_("Solo rating = total − {penalty} per module used; the bands: {bands}.")
# TRANSLATORS: two notes side by side on one line of the sheet.
NOTES_LINE = N_("{first}   {second}")
PAD_ROUNDS = N_("{rounds} rounds; a Next Station: London pad has {low}–{high} (one line per pencil colour)")
END_LINES = N_("Lines")
END_TOURIST = N_("Tourist track")
# TRANSLATORS: a row of the sheet: interchange stations on {lines} lines, {points} points each.
END_INTERCHANGES = N_("Interchanges {lines} lines ×{points}")
END_OBJECTIVES = N_("Objectives ×{points}")
# TRANSLATORS: the objectives row of a filled sheet: {cards} are the cards completed, as typed.
END_OBJECTIVES_CARDS = N_("Objectives ×{points}: {cards}")
END_TOTAL = N_("Total")
# Solo: under the total, the modules used (count) and the rating (points), NSL-RB.
RATING_ROW = N_("Solo rating (−{penalty} per module)")
POINTS_ROW = N_("Points")
