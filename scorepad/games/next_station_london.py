"""Next Station: London at the table: setup, pencils and controllers, the digital station deck, line entry, sheets."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from calculators import next_station_london as rules
from calculators.core import InvalidInput, Phrase, Result, say
from scorepad.games.base import Ask, Commands, Explained, Game, Say, Step, keeping, one_of_players
from scorepad.grid import _parts, cell, grid, names_text, standings_text
from scorepad.i18n import N_, NP_, _, pgettext, plural, western_digits
from scorepad.words import listed, variants_text

if TYPE_CHECKING:
    from scorepad.session import Session

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
# TRANSLATORS: {modules} are module names as typed (objectives, powers): keep them.
SETUP_HEADING_MODULES = N_("Setup for {players}, modules: {modules}:")
MAP_SHEET = N_("  • Each player takes a map sheet and the pencil below.")
PLAYER_PENCIL = N_("  • {player}: the {colour} pencil")
# Pencils and controllers go round the table in the order of the names: each player's left-hand
# neighbour is the next name (NSL-RB: pass left, the controller role passes left).
SEATING = N_("  • Sit round the table in this order, clockwise: {order} (each next name on the left).")
SOLO_HEADING_LINE = N_("Setup, solo:")
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
ASK_CONTROLLER = N_("Who last rode the Underground? (They are the first controller.)")
# TRANSLATORS: {order} are the colours as typed (pink green blue purple), the answer Enter gives.
ASK_ORDER = N_("Your order of the four pencils, by names or first letters [Enter: {order}]:")
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
JOINING = N_("  Your line may pass through stations of your earlier lines: each such station is an interchange.")
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
ASK_TURN = N_("Round {number} · turn {turn} — Enter turns the card:")
# TRANSLATORS: `undo` and `help` are words typed at the prompt.
PRESS_ENTER = N_("press Enter to turn the card (or type undo, help)")
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
CIRCLE_HELP = N_("              ({player}'s Circle power: the circled station counts twice in its district)")
# TRANSLATORS: a question: round, player, their pencil colour and the field ("districts"). Keep the colon.
ASK_FIELD = N_("Round {number} · {player} ({colour}) · {field}:")
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
FINAL_OBJECTIVES = N_("  Shared objectives: how many of these two did each player complete (0–{most})?")
# TRANSLATORS: `5 2 1` is an example answer: keep it.
ASK_INTERCHANGES = N_("{player} · interchange stations on 2, 3 and 4 lines (e.g. 5 2 1; Enter = none):")
ASK_OBJECTIVES = N_("{player} · shared objectives completed (0–{most}):")
NOT_A_NUMBER = N_("{text!r} is not a whole number ({span})")
NO_NUMBER = N_("a whole number, please ({span})")
# TRANSLATORS: a range with no top: "0 or more".
OR_MORE = N_("{low} or more")
ECHO_MAX = 20  # characters of a refused answer repeated in the message
THREE_NUMBERS = N_("three whole numbers, please: stations on 2, 3 and 4 lines (e.g. 5 2 1)")
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
CARD_CHOICES = (N_("scorepad draws"), N_("we drew these"))
SCOREPAD_DRAWS, WE_DREW = CARD_CHOICES
# TRANSLATORS: the examples are card names as typed: keep them (or give your language's typed words).
ASK_OBJECTIVE_NAMES = N_("Which two objective cards? (names or first letters, e.g. tourist central):")
ASK_POWER_NAMES = N_("Power on each pencil, pink green blue purple (e.g. circle joker double switch, or "
                     "pink=circle …):")
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
}
COLOUR_NAMES = {
    "pink": lambda: pgettext("Next Station: London pencil", "Pink"),
    "green": lambda: pgettext("Next Station: London pencil", "Green"),
    "blue": lambda: pgettext("Next Station: London pencil", "Blue"),
    "purple": lambda: pgettext("Next Station: London pencil", "Purple"),
}
# The station cards: a symbol (or joker, or the Railroad Switch) and the kind of card.
FACE_NAMES = {"square": N_("■ square"), "triangle": N_("▲ triangle"), "pentagon": N_("⬟ pentagon"),
              "circle": N_("● circle"), "joker": N_("★ joker (any symbol)"), "switch": N_("⑂ Railroad Switch")}
KIND_NAMES = {"street": lambda: pgettext("station card", "Street"),
              "underground": lambda: pgettext("station card", "UNDERGROUND")}


def _listed(items: Sequence[str]) -> str:
    return listed(items)


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
    return _listed([_(BEST_LINE).format(player=p, best=best) for p, best in values["bests"]])


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
    "next-station-london.sections-without-stations": N_(
        "stations 0 but sections {sections}: each section joins two stations of the line"),
    "next-station-london.thames-over-sections": N_(
        "thames {thames} but sections {sections}: each section crosses the Thames at most once"),
    "next-station-london.too-many-interchanges": _interchange_sum,
    "next-station-london.interchanges-not-a-map": lambda v: _(INTERCHANGES_NOT_A_MAP).format(
        value=v["value"], keys=names_text([str(key) for key in v["keys"]])),
    "next-station-london.interchanges-unknown-key": lambda v: _(INTERCHANGES_UNKNOWN_KEY).format(
        key=v["key"], keys=_listed(v["keys"])),
    "next-station-london.objectives-without-module": lambda v: plural(OBJECTIVES_WITHOUT_MODULE, v["done"]).format(
        done=v["done"], modules=_listed(v["modules"])),
}
# TRANSLATORS: {terms} is "2 × 5 + 3 × 2 + 4 × 1": stations on 2, 3 and 4 lines; {lines} × {stations} is 4 × 11.
TOO_MANY_INTERCHANGES = N_("{terms} = {total} stations on lines; four lines hold at most {most} ({lines} × {stations})")
# TRANSLATORS: {keys} are the table file's keys 2, 3, 4 (lines through a station).
INTERCHANGES_NOT_A_MAP = N_("{value!r} must map {keys} lines to station counts")
INTERCHANGES_UNKNOWN_KEY = N_("unknown key {key!r} (expected: {keys})")
# TRANSLATORS: 'objectives' is the module's name: keep it; {modules} are module names (or "none").
OBJECTIVES_WITHOUT_MODULE = NP_("{done} objective, but the module 'objectives' is not in play (modules: {modules})",
                                "{done} objectives, but the module 'objectives' is not in play (modules: {modules})")


# --- who holds what ----------------------------------------------------------------------------------

def start_colours(session: Session) -> tuple[str, ...]:
    """The colour at each of the 4 places at the start; solo: the chosen order (until chosen, the default)."""
    if len(session.players) == 1:
        return tuple(session.get("setup", "order", default=list(rules.PENCILS)))
    return rules.deal_pencils(session.seed)


def pencils(session: Session, number: int) -> list[str]:
    """Each player's colour in round `number` (0-based)."""
    return rules.pencil_rounds(len(session.players), start_colours(session))[number % 4]


def pencils_known(session: Session) -> bool:
    """Whether the pencils were dealt at this table (an imported table file never says who drew which colour)."""
    return any(at[0] == "setup" for at in session.answers)


def controller(session: Session, number: int) -> str:
    """The round's controller: the first one, then the player to the left of the last (NSL-RB)."""
    players = session.players
    first = session.get("setup", "controller", default=players[0])
    return players[(players.index(first) + number) % len(players)]


def objectives(session: Session) -> tuple[str, ...]:
    """The 2 objectives in play: the cards the table drew, if it named them, else scorepad's seeded draw."""
    if "objectives" not in session.modules:
        return ()
    named = session.get("setup", "objectives") if session.get("setup", "objective-cards") == WE_DREW else None
    return tuple(named or rules.draw_objectives(session.seed))


def powers(session: Session) -> dict[str, str]:
    """Colour → power: the cards the table dealt, if it named them, else scorepad's seeded deal."""
    if "powers" not in session.modules:
        return {}
    named = session.get("setup", "powers") if session.get("setup", "power-cards") == WE_DREW else None
    return dict(named or rules.deal_powers(session.seed))


def _card(word: str, cards: Sequence[str], not_one: str, field: str) -> str:
    """A card's name (English, or the chosen language's typed word), or the first letters of exactly one."""
    words = typed_words(cards)
    if word in words:
        return words[word]
    matches = list(dict.fromkeys(key for typed, key in words.items() if typed.startswith(word)))
    if len(matches) != 1:
        if matches:
            raise InvalidInput(_(CARD_AMBIGUOUS).format(word=word, matches=_(OR).join(map(_typed, matches))),
                               field=field)
        raise InvalidInput(_(not_one).format(word=word, names=_listed([_typed(c) for c in cards])), field=field)
    return matches[0]


def parse_objective_cards(text: str) -> list[str]:
    """`tourist central`, `to c` → the two objective cards in play, each once (NSL-RB: 2 of the 5)."""
    chosen: list[str] = []
    for word in _words(text):
        name = _card(word, rules.OBJECTIVES, NOT_AN_OBJECTIVE, "objectives")
        if name in chosen:
            raise InvalidInput(_(CARD_TWICE).format(name=_typed(name)), field="objectives")
        chosen.append(name)
    if len(chosen) != rules.OBJECTIVES_IN_PLAY:
        raise InvalidInput(plural(OBJECTIVE_COUNT, len(chosen)).format(count=len(chosen),
                                                                       wanted=rules.OBJECTIVES_IN_PLAY),
                           field="objectives")
    return chosen


def parse_power_cards(text: str) -> dict[str, str]:
    """`circle joker double switch` (pink green blue purple in order) or `pu=circle pi=joker …` → colour → power,
    one power on each of the 4 pencils (NSL-RB)."""
    words = _words(text)
    colours = " ".join(map(_typed, rules.PENCILS))  # as the player types them
    if len(words) != len(rules.PENCILS):
        raise InvalidInput(plural(POWER_COUNT, len(words)).format(count=len(words), wanted=len(rules.PENCILS),
                                                                  colours=colours), field="powers")
    paired = any("=" in word for word in words)
    dealt: dict[str, str] = {}
    for place, word in enumerate(words):
        colour, sep, name = word.partition("=")
        if sep != ("=" if paired else ""):
            raise InvalidInput(_(POWER_PAIRS).format(word=word, colours=colours), field="powers")
        colour = _colour(colour, "powers") if paired else rules.PENCILS[place]
        if colour in dealt:
            raise InvalidInput(_(CARD_TWICE).format(name=_typed(colour)), field="powers")
        power = _card(name if paired else word, rules.POWERS, NOT_A_POWER, "powers")
        if power in dealt.values():
            raise InvalidInput(_(CARD_TWICE).format(name=_typed(power)), field="powers")
        dealt[colour] = power
    return {colour: dealt[colour] for colour in rules.PENCILS}


def _typed(key: str) -> str:
    """A card's or a colour's word as the player types it in the chosen language (the English key in English)."""
    return TYPED[key]() if key in TYPED else key


def _words(text: str) -> list[str]:
    """The words of an answer, lower case; the Arabic comma separates as a comma does."""
    return western_digits(text).replace(",", " ").lower().split()


def _colour(word: str, field: str) -> str:
    """A pencil colour: its name (English, or the chosen language's typed word) or its first letters."""
    words = typed_words(rules.PENCILS)
    if word in words:
        return words[word]
    matches = list(dict.fromkeys(key for typed, key in words.items() if typed.startswith(word))) if word else []
    if len(matches) != 1:
        text = NOT_ONE_COLOUR if len(matches) > 1 else NOT_A_COLOUR
        raise InvalidInput(_(text).format(word=word, colours=_listed([_typed(c) for c in rules.PENCILS])), field=field)
    return matches[0]


# What play's --objectives and --powers name, by module: (the question's path, the cards' path, parse).
CARD_OPTIONS = {"objectives": (("setup", "objective-cards"), ("setup", "objectives"), parse_objective_cards),
                "powers": (("setup", "power-cards"), ("setup", "powers"), parse_power_cards)}


def preset(drawn: Any, modules: Sequence[str]) -> list[tuple[tuple, Any]]:
    """The setup answers for cards the table drew itself, named on the command line; refused like the prompt."""
    entries: list[tuple[tuple, Any]] = []
    for module, (question, cards, parse) in CARD_OPTIONS.items():
        if module not in drawn:
            continue
        if module not in modules:
            raise InvalidInput(_(CARDS_NEED_MODULE).format(module=module), field=module)
        entries += [(question, WE_DREW), (cards, parse(" ".join(drawn[module])))]
    return entries


def _card_steps(session: Session) -> list[Step]:
    """With a module: whether scorepad draws its cards or the table did, and then which ones."""
    out: list[Step] = []
    listed = {"objectives": (OBJECTIVE_CARDS, {k: objective_text(k) for k in rules.OBJECTIVES}, ASK_OBJECTIVE_CARDS,
                             ASK_OBJECTIVE_NAMES, _show_words),
              "powers": (POWER_CARDS, {k: _(POWER_TEXTS[k]) for k in rules.POWERS}, ASK_POWER_CARDS,
                         ASK_POWER_NAMES, _show_powers)}
    for module, (question, cards, parse) in CARD_OPTIONS.items():
        if module not in session.modules:
            continue
        heading, texts, ask, ask_names, show = listed[module]
        out.append(Say(lambda heading=heading, texts=texts: _(heading) + "".join(
            "\n" + CARD_LINE_TEXT.format(name=TYPED[name](), text=text) for name, text in texts.items())))
        out.append(_menu(question, _(ask), CARD_CHOICES, "cards"))
        if session.get(*question) == WE_DREW:
            out.append(Ask(cards, _(ask_names), parse=parse, show=show))
    return out


def _menu(at: tuple, message: str, choices: Sequence[str], field: str, **options: Any) -> Ask:
    """A menu whose choices show in the chosen language; the answer is stored as the English choice, so a game
    goes on the same in another language (the table file's session, `resume --lang`)."""
    def parse(text: str) -> str:
        for choice in choices:
            if text in (choice, _(choice)):
                return choice
        raise InvalidInput(_(CHOOSE).format(text=text, first=_(choices[0]), second=_(choices[1])), field=field)

    return Ask(at, message, parse=parse, choices=tuple(_(c) for c in choices), show=_, **options)


def _show_words(value: Sequence[str]) -> str:
    """Cards or colours as the player types them in the chosen language (`tourist central`): they parse back."""
    return " ".join(map(_typed, value))


def _show_powers(value: dict[str, str]) -> str:
    """`pink=circle green=joker …` in the chosen language's typed words: it parses back."""
    return " ".join(f"{_typed(colour)}={_typed(power)}" for colour, power in value.items())


def colour_name(colour: str) -> str:
    """A pencil's colour as a label, in the chosen language ("Pink")."""
    return COLOUR_NAMES[colour]() if colour in COLOUR_NAMES else colour.title()


def field_label(key: str) -> str | None:
    """How an error names a table file's field: a line's field as the questions name it ("districts")."""
    return FIELD_NAMES[key]() if key in FIELD_NAMES else None


def parse_order(text: str) -> list[str]:
    """`pink green blue purple`, `pi g b pu`, `pink, blue, ...` → the four colours, each once."""
    order = []
    for word in _words(text):
        colour = _colour(word, "order")
        if colour in order:
            raise InvalidInput(_(CARD_TWICE).format(name=_typed(colour)), field="order")
        order.append(colour)
    if len(order) != len(rules.PENCILS):
        raise InvalidInput(plural(COLOURS_COUNT, len(order)).format(count=len(order)), field="order")
    return order


# --- the station deck --------------------------------------------------------------------------------

def card_text(card: rules.Card) -> str:
    return f"{_(FACE_NAMES[card.face])} — {KIND_NAMES[card.kind]()}"


def turn_text(session: Session, number: int, turn: int) -> str:
    played = rules.round_turns(session.seed, number)
    underground = sum(c.underground for t in played[:turn + 1] for c in t)
    lines = [_(CARD_LINE).format(turn=turn + 1, cards="  +  ".join(card_text(c) for c in played[turn]),
                                 underground=underground, of=rules.UNDERGROUND_TO_END)]
    if played[turn][0].face == "switch":
        ignored = turn < rules.SWITCH_IGNORED_TURNS
        lines.append(_(SWITCH_IGNORED).format(turn=turn + 1) if ignored else _(SWITCH_BRANCH))
    if turn == len(played) - 1:
        lines.append(_(ROUND_OVER).format(n=rules.UNDERGROUND_TO_END, number=number + 1))
    return "\n".join(lines)


def _deck_steps(session: Session, number: int) -> list[Step]:
    # A table that chose the physical cards last round most likely keeps them: that choice comes first.
    last = session.get("setup", "deck-mode", number - 1) if number else None
    out: list[Step] = [_menu(("setup", "deck-mode", number), _(ASK_DECK).format(number=number + 1), DECK_CHOICES,
                             "deck", default=_(last) if last else "",
                             editable=False)]  # played already: which deck it was changes no score
    mode = session.get("setup", "deck-mode", number)
    if mode == PHYSICAL:
        physical = PHYSICAL_DECK_SOLO if len(session.players) == 1 else PHYSICAL_DECK_TABLE
        out.append(Say(lambda: _(physical).format(cards=len(rules.DECK), n=rules.UNDERGROUND_TO_END)))
    elif mode == DIGITAL:
        for turn, cards in enumerate(rules.round_turns(session.seed, number)):
            shown = " + ".join(card.name for card in cards)

            def parse(text: str, shown: str = shown) -> str:
                if text.strip():
                    raise InvalidInput(_(PRESS_ENTER))
                return shown  # stored so undo names the card it takes back

            out.append(Ask(("setup", "deck", number, turn), _(ASK_TURN).format(number=number + 1, turn=turn + 1),
                           parse=parse,
                           show=lambda value, cards=cards: " + ".join(_(FACE_NAMES[c.face]) for c in cards),
                           editable=False))
            out.append(Say(lambda n=number, t=turn: turn_text(session, n, t)))
    return out


# --- line entry ----------------------------------------------------------------------------------------

def _field_question(session: Session, r: rules.Rules, number: int, player: str, name: str, colour: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": name}

    def parse(text: str) -> int:
        text = western_digits(text).strip()
        value = whole_number(text)
        if value is None:
            span = field_span(name)
            raise InvalidInput(not_a_number(text, span), **where)
        # the line's other fields as recorded so far: the same checks as scoring, field by field
        others = {other: session.get("rounds", number, player, other) for other in r.line_fields if other != name}
        return rules.check_line_field(name, value, {k: v for k, v in others.items() if v is not None}, **where)

    return Ask(("rounds", number, player, name),
               _(ASK_FIELD).format(number=number + 1, player=player, colour=colour, field=FIELD_NAMES[name]()),
               parse=parse)


def whole_number(text: str) -> int | None:
    """`12` or `-3` as typed (`۱۲` and `١٢` too), else None: not `--5`, `²` or `3.0`, nor more digits than Python
    converts."""
    text = western_digits(text)
    if not re.fullmatch(r"-?[0-9]+", text.strip()):
        return None
    try:
        return int(text)
    except ValueError:  # over 4,300 digits (sys.get_int_max_str_digits)
        return None


def not_a_number(text: str, span: str) -> str:
    if not text:
        return _(NO_NUMBER).format(span=span)
    shown = text if len(text) <= ECHO_MAX else text[:ECHO_MAX - 1] + "…"  # a slip on the keyboard, not a page
    return _(NOT_A_NUMBER).format(text=shown, span=span)


def field_span(name: str) -> str:
    low, high = rules.FIELD_RANGES[name]
    return f"{low}–{high}" if high is not None else _(OR_MORE).format(low=low)


def circle_holder(session: Session, number: int) -> str | None:
    """Who draws with the pencil that holds the Circle power this round (None: it is a spare, or no powers)."""
    by_colour = {colour: player for player, colour in zip(session.players, pencils(session, number))}
    return next((by_colour.get(c) for c, power in powers(session).items() if power == "circle"), None)


def entered_line(session: Session, r: rules.Rules, number: int, player: str) -> rules.Line | None:
    inputs = {name: session.get("rounds", number, player, name) for name in r.line_fields}
    return None if None in inputs.values() else rules.make_line(inputs, r)


def line_formula(line: rules.Line, r: rules.Rules) -> str:
    thames = f"{rules.THAMES_POINTS} × {line.thames}"
    if r.additive_lines:
        return f"{line.sections} + {line.districts} + {line.stations} + {thames} = {line.score}"
    return f"{line.districts} × {line.stations} + {thames} = {line.score}"


def line_result(session: Session, r: rules.Rules, number: int, player: str) -> str:
    line = entered_line(session, r, number, player)
    if line is None:
        return ""
    passes = sum(session.get("rounds", n, player, "tourist", default=0) for n in range(number + 1))
    crossed, points = rules.tourist_points(passes)
    values = {"player": player, "formula": line_formula(line, r), "crossed": crossed, "points": points}
    if not pencils_known(session):
        return _(LINE_RESULT).format(**values)
    colour = colour_name(pencils(session, number)[session.players.index(player)])
    return _(LINE_RESULT_COLOUR).format(colour=colour, **values)


def _parse_interchanges(text: str, player: str) -> dict[str, int]:
    words = _words(text)
    if not words:
        return {key: 0 for key in rules.INTERCHANGE_POINTS}
    numbers = [whole_number(word) for word in words]
    if len(words) != 3 or None in numbers:
        raise InvalidInput(_(THREE_NUMBERS), player=player, field="interchanges")
    return rules.check_interchanges(dict(zip(rules.INTERCHANGE_POINTS, numbers)), player=player)


def _parse_objectives(text: str, player: str, modules: Sequence[str]) -> int:
    text = western_digits(text).strip()
    value = whole_number(text)
    if value is None:
        span = field_span("objectives")
        raise InvalidInput(not_a_number(text, span), player=player, field="objectives")
    return rules.check_objectives(value, modules, player=player)


def interchange_formula(counts: dict[str, int]) -> str:
    terms = " + ".join(f"{counts.get(k, 0)} × {v}" for k, v in rules.INTERCHANGE_POINTS.items())
    return f"{terms} = {rules.interchange_points(counts)}"


def _show_interchanges(value: dict[str, int]) -> str:
    return " ".join(str(value.get(k, 0)) for k in rules.INTERCHANGE_POINTS)


# --- the guided game ---------------------------------------------------------------------------------

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    solo = len(session.players) == 1
    out: list[Step] = [*_card_steps(session), Say(lambda: setup_text(session))]
    if solo:
        default = _show_words(rules.PENCILS)
        out.append(Ask(("setup", "order"), _(ASK_ORDER).format(order=default), parse=keeping(parse_order, default),
                       show=_show_words))
    else:
        out.append(Ask(("setup", "controller"), _(ASK_CONTROLLER),
                       parse=one_of_players(session.players, field="controller"), choices=tuple(session.players)))
    for number in range(session.rounds_planned):
        out.append(Say(lambda n=number: round_text(session, n)))
        out += _deck_steps(session, number)
        out.append(Say(lambda n=number: score_round_text(session, r, n)))
        for index, player in enumerate(session.players):
            colour = colour_name(pencils(session, number)[index])
            for name in r.line_fields:
                out.append(_field_question(session, r, number, player, name, colour))
            out.append(Say(lambda n=number, p=player: line_result(session, r, n, p)))
        out.append(Say(lambda: summary_text(session)))
    out.append(Say(lambda: final_text(session, r)))
    most = rules.FIELD_RANGES["objectives"][1]
    for player in session.players:
        if r.interchanges_score:
            out.append(Ask(("final", player, "interchanges"), _(ASK_INTERCHANGES).format(player=player),
                           parse=lambda text, p=player: _parse_interchanges(text, p), show=_show_interchanges,
                           echo=lambda value, p=player: _(INTERCHANGE_RESULT).format(
                               player=p, formula=interchange_formula(value))))
        if "objectives" in session.modules:
            out.append(Ask(("final", player, "objectives"), _(ASK_OBJECTIVES).format(player=player, most=most),
                           parse=lambda text, p=player: _parse_objectives(text, p, session.modules)))
    out.append(Say(lambda: standings_text(session.score(session.complete_rounds()), session.game)))
    return out


def final_text(session: Session, r: rules.Rules) -> str:
    """The end of the game: what to count (interchanges, objectives)."""
    points = {f"p{k}": v for k, v in rules.INTERCHANGE_POINTS.items()}
    lines = [_(END_OF_GAME), _(COUNT_INTERCHANGES).format(**points) if r.interchanges_score else _(NO_INTERCHANGES)]
    if "objectives" in session.modules:
        lines.append(_(FINAL_OBJECTIVES).format(most=rules.FIELD_RANGES["objectives"][1])
                     + objectives_list(session, "    "))
    return "\n".join(lines)


def score_round_text(session: Session, r: rules.Rules, number: int) -> str:
    holder = circle_holder(session, number)
    high = {name: top for name, (_low, top) in rules.FIELD_RANGES.items()}
    return _(SCORE_ROUND).format(
        number=number + 1, sections="\n" + _(SECTIONS_HELP).format(sections=high["sections"]) if r.additive_lines
        else "", circle="\n" + _(CIRCLE_HELP).format(player=holder) if holder else "", districts=high["districts"],
        stations=high["stations"], thames=high["thames"], points=rules.THAMES_POINTS, tourist=high["tourist"])


def objectives_list(session: Session, indent: str = "  ") -> str:
    return "".join(f"\n{indent}{n}. {objective_text(key)}" for n, key in enumerate(objectives(session), start=1))


def table_kind(session: Session) -> str:
    return "solo" if len(session.players) == 1 else "table"


def setup_text(session: Session) -> str:
    players = session.players
    modules = _listed(session.modules) if session.modules else ""
    if len(players) == 1:
        heading = _(SOLO_HEADING_MODULES).format(modules=modules) if modules else _(SOLO_HEADING_LINE)
        text = heading + "\n" + _(SOLO_SETUP).format(penalty=rules.SOLO_MODULE_PENALTY)
    else:
        start = start_colours(session)
        seats = rules.seats(len(players))
        lines = [_(SEATING).format(order=_listed(players))] if len(players) > 2 else []
        lines += [_(PLAYER_PENCIL).format(player=p, colour=colour_name(start[seat])) for p, seat in zip(players, seats)]
        spares = rules.spare_places(len(players))
        if len(players) == 3:
            lines.append(_(PLACES_3).format(colour=colour_name(start[spares[0]]), right=players[-1], left=players[0]))
        elif len(players) == 2:
            lines.append(_(PLACES_2).format(a=colour_name(start[spares[0]]), b=colour_name(start[spares[1]]),
                                            p=players[0], q=players[1]))
        names = _listed(players)
        heading = _(SETUP_HEADING_MODULES).format(players=names, modules=modules) if modules else \
            _(SETUP_HEADING).format(players=names)
        text = "\n".join([heading, _(MAP_SHEET), *lines])
    return text + modules_guide(session)


def modules_guide(session: Session) -> str:
    text = ""
    if objectives(session):
        text += "\n" + _(OBJECTIVES_TEXT).format(points=rules.OBJECTIVE_POINTS)
        text += objectives_list(session)
    if powers(session):
        text += "\n" + _(POWERS_TEXT)
        text += "".join("\n" + _(PENCIL_POWER).format(colour=colour_name(c), power=power_text(p))
                        for c, p in powers(session).items())
    return text


def round_text(session: Session, number: int) -> str:
    dealt = powers(session)
    solo = len(session.players) == 1
    lines = [_(ROUND_HEADING).format(number=number + 1, rounds=session.rounds_planned)]
    if not solo:
        lines.append(_(CONTROLLER).format(controller=controller(session, number)))
    if number:
        lines.append(_(PASSING[len(session.players)]).format(first=session.players[0], last=session.players[-1]))
    lines.append(_(SOLO_HEADING if solo else PENCILS_HEADING))
    for player, colour in zip(session.players, pencils(session, number)):
        if dealt:
            lines.append(_(ROUND_PENCIL_POWER).format(player=player, colour=colour_name(colour),
                                                      power=power_name(dealt[colour])))
        else:
            lines.append(_(ROUND_PENCIL).format(player=player, colour=colour_name(colour)))
    lines.append(_(ROUND_RULES_SOLO if solo else ROUND_RULES_TABLE))
    if number:
        lines.append(_(JOINING))
    lines.append(_(ROUND_END_RULE).format(n=rules.UNDERGROUND_TO_END))
    return "\n".join(lines)


def guide_text(session: Session) -> str:
    number = min(session.complete_rounds(), max(session.rounds_planned - 1, 0))
    return round_text(session, number) + modules_guide(session)


def pencils_text(session: Session) -> str:
    rounds = [pencils(session, n) for n in range(4)]
    rows = [[p, *[colour_name(rounds[n][i]) for n in range(4)]] for i, p in enumerate(session.players)]
    return grid([_(PLAYER_HEADING), *[_(ROUND_COLUMN).format(number=n) for n in range(1, 5)]], rows)


# --- scores ------------------------------------------------------------------------------------------

def summary_text(session: Session) -> str:
    """Each round's line per player, the tourist track and the running total (interchanges come at the end)."""
    r = rules.rules_for(session.variants)
    rows = []
    for player in session.players:
        lines = [entered_line(session, r, n, player) for n in range(session.rounds_planned)]
        done = [line for line in lines if line is not None]
        crossed, points = rules.tourist_points(sum(line.tourist for line in done))
        rows.append([player, *[line.score if line else "" for line in lines],
                     _(CROSSED).format(crossed=crossed, points=points), sum(line.score for line in done) + points])
    if not any(any(cell != "" for cell in row[1:-2]) for row in rows):
        return _(NOTHING_YET)
    headers = [_(PLAYER_HEADING), *[_(ROUND_COLUMN).format(number=n) for n in range(1, session.rounds_planned + 1)],
               _(TOURIST_COLUMN), _(SO_FAR_COLUMN)]
    return _(ROUNDS_HEADING) + "\n" + grid(headers, rows)


def breakdown(result: Result) -> str:
    """The breakdown under the standings: each part of the score (lines, tourist track…), worded."""
    worded = replace(result, standings=tuple(
        replace(s, parts={PART_NAMES[k]() if k in PART_NAMES else k: v for k, v in s.parts.items()})
        for s in result.standings))
    return _parts(worded, cell)


def result_notes(result: Result) -> list[str]:
    """Under the standings of a solo game: its rating and band, from the standing's `rating` (NSL-RB)."""
    if len(result.standings) != 1 or "rating" not in result.standings[0].extra:
        return []
    return [rating_text(result.standings[0])]


def rating_text(standing: Any, text: str = SOLO_RATING) -> str:
    rated = standing.extra["rating"]
    penalty = standing.total - rated  # 10 for each module in the table's `modules`
    used = penalty // rules.SOLO_MODULE_PENALTY
    reckoning = plural(SOLO_MINUS, used).format(total=standing.total, penalty=penalty, used=used, rated=rated) \
        if used else _(SOLO_NO_MODULES).format(total=standing.total)
    return _(text).format(reckoning=reckoning, band=band_text(rules.solo_band(rated)))


def commands(session: Session) -> Commands:
    """The prompt words summary, guide and pencils (in English: the play loop takes the language's word too)."""
    shown = {"summary": lambda rest: summary_text(session), "guide": lambda rest: guide_text(session),
             "pencils": lambda rest: pencils_text(session)}
    return {word: (_(COMMAND_HELP[word]), show) for word, show in shown.items()}


def report(session: Session) -> str:
    """Everything recorded so far: setup, each line with its formula, then the standings once finished."""
    r = rules.rules_for(session.variants)
    parts = [setup_text(session)] if pencils_known(session) else []
    if session.get("setup", "controller"):
        parts.append(_(FIRST_CONTROLLER).format(controller=session.get("setup", "controller")))
    for number in range(session.rounds_planned):
        entered = [text for text in (line_result(session, r, number, p) for p in session.players) if text]
        if entered:
            parts.append(_(ROUND_REPORT).format(number=number + 1) + "\n" + "\n".join(entered))
    parts.append(summary_text(session))
    if session.finished and session.complete_rounds():
        parts.append(standings_text(session.score(session.complete_rounds()), session.game))
    return "\n\n".join(parts)


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
END_TOTAL = N_("Total")
# Solo: under the total, the modules used (count) and the rating (points), NSL-RB.
RATING_ROW = N_("Solo rating (−{penalty} per module)")
POINTS_ROW = N_("Points")


def end_rows(solo: bool) -> list[str]:
    """The rows of the end-of-game reckoning, in the chosen language."""
    rows = [_(END_LINES), _(END_TOURIST),
            *[_(END_INTERCHANGES).format(lines=k, points=v) for k, v in rules.INTERCHANGE_POINTS.items()],
            _(END_OBJECTIVES).format(points=rules.OBJECTIVE_POINTS), _(END_TOTAL)]
    return rows + ([_(RATING_ROW).format(penalty=rules.SOLO_MODULE_PENALTY)] if solo else [])


def sheet(result: Result | None = None, *, players: Sequence[str] = ("",), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/next-station-london.toml: filled from a scored table, or a blank pad; every text in the
    chosen language."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.standings[0].rounds)
    elif rounds not in rules.ROUNDS:  # a pad of 7 rounds drew 7 columns for a 4-round game
        raise InvalidInput(_(PAD_ROUNDS).format(rounds=rounds, low=rules.ROUNDS[0], high=rules.ROUNDS[-1]),
                           field="rounds")
    by = {s.player: s for s in result.standings} if result else {}
    shown = [(k, _(label).format(points=rules.THAMES_POINTS)) for k, label in LINE_ROWS
             if k != "sections" or r.additive_lines]
    total_row = len(end_rows(False)) - 1
    line_grids, end_grids, track_rows = [], [], []
    for player in players:
        summary: rules.Summary | None = result.detail[player] if result else None
        rows = []
        for key, label in shown:
            row: dict[str, Any] = {"label": label}
            if summary:
                for n, line in enumerate(summary.lines, start=1):
                    value = getattr(line, key)
                    row[f"r{n}"] = rules.THAMES_POINTS * value if key == "thames" else value
            rows.append(row)
        instance: dict[str, Any] = {"vars": {"player": player}, "rows": rows}
        if summary:
            instance["total"] = {f"r{n}": line.score for n, line in enumerate(summary.lines, start=1)}
        line_grids.append(instance)
        end = [{"label": label} for label in end_rows(len(players) == 1)]
        if summary and not r.interchanges_score:
            for row in end[2:5]:
                row["count"] = "—"
        if summary:
            s = by[player]
            counts = summary.interchange_counts
            values = [("", s.parts["lines"]), (summary.crossed, s.parts["tourist"])]
            values += [(counts.get(k, 0), rules.INTERCHANGE_POINTS[k] * counts.get(k, 0) if r.interchanges_score else 0)
                       for k in rules.INTERCHANGE_POINTS]
            values += [(summary.objectives_done, s.parts["objectives"]), ("", s.total)]
            if "rating" in s.extra:
                values.append(((s.total - s.extra["rating"]) // rules.SOLO_MODULE_PENALTY, s.extra["rating"]))
            for row, (count, points) in zip(end, values):
                row.setdefault("count", count)
                row["points"] = points
            end[total_row]["mark"] = s.rank == 1 and len(players) > 1  # solo has a rating, not a winner
        end_grids.append({"vars": {"player": player}, "rows": end})
        track = {"label": player}
        if summary:
            track.update({f"c{n}": "X" for n in range(1, summary.crossed + 1)})
            track["points"] = summary.tourist
        track_rows.append(track)
    points_row = {"label": _(POINTS_ROW),
                  **{f"c{n}": rules.TOURIST_TRACK[n] for n in range(1, rules.TOURIST_CAP + 1)}}
    fields: dict[str, Any] = {}
    chosen = result.variants if result else variants
    variant_text = variants_text(chosen) if result or chosen else ""
    if result is not None:
        fields = {"players": _listed(players), "date": date, "variants": variant_text,
                  "winner": names_text(result.winners) if len(players) > 1 else "",
                  "tiebreak": " ".join(say(line) if isinstance(line, Phrase) else line for line in result.tiebreaks)}
    elif variants:
        fields = {"variants": variant_text}
    data: dict[str, Any] = {"rounds": rounds, "fields": fields,
                            "grids": {"lines": line_grids, "end": end_grids,
                                      "track": [{"vars": {}, "rows": [points_row, *track_rows]}]},
                            "notes": sheet_notes(r, solo=len(players) == 1)}
    if result is not None and len(result.standings) == 1 and "rating" in result.standings[0].extra:
        data["notes"] = [rating_text(result.standings[0], SHEET_RATING), *data["notes"]]
    return data


def sheet_notes(r: rules.Rules, solo: bool) -> list[str]:
    """The rules' reminder under the sheet's title, for these variants (and the solo bands)."""
    interchanges = {f"p{k}": v for k, v in rules.INTERCHANGE_POINTS.items()}
    line = _(SHEET_LINE_NOTE[r.additive_lines]).format(points=rules.THAMES_POINTS)
    tourist = _(SHEET_TOURIST_NOTE).format(cap=rules.TOURIST_CAP, most=rules.TOURIST_TRACK[rules.TOURIST_CAP])
    inter = _(SHEET_INTERCHANGE_NOTE[r.interchanges_score]).format(**interchanges)
    end = _(SHEET_END_NOTE).format(points=rules.OBJECTIVE_POINTS)
    notes = [_(NOTES_LINE).format(first=line, second=tourist), _(NOTES_LINE).format(first=inter, second=end)]
    if solo:
        bands = " · ".join(band_text(band) for band in rules.SOLO_BANDS)
        notes.append(_(SHEET_SOLO_NOTE).format(penalty=rules.SOLO_MODULE_PENALTY, bands=bands))
    return notes


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: one flat list per player (a history of 10,000 games is read at once): the points of each
    part in the order of `parts` (the calculator's keys), then each line, round by round, as `line` orders its
    figures (districts, stations, Thames crossings, tourist sites, the line's points); and, alone at the table,
    the solo rating (`rating`: player -> rated score)."""
    parts = list(rules.PART_LABELS)
    players: dict[str, list[int]] = {}
    rating: dict[str, int] = {}
    for standing in result.standings:
        found = [standing.parts.get(part, 0) for part in parts]
        for line in result.detail[standing.player].lines:
            found.extend(getattr(line, name) for name in LINE_FIGURES)
        players[standing.player] = found
        if "rating" in standing.extra:
            rating[standing.player] = standing.extra["rating"]
    return {"parts": parts, "line": list(LINE_FIGURES), "players": players, **({"rating": rating} if rating else {})}


LINE_FIGURES = ("districts", "stations", "thames", "tourist", "score")  # of calculators' Line, in facts' order


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=VARIANTS,
            named_answers=((("setup", "controller"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="next-station-london",
            sheet=sheet, report=report, round_label=ROUND_LABEL, blurb=BLURB, max_rounds=rules.DEFAULT_ROUNDS,
            modules=MODULES, commands=commands, result_notes=result_notes, preset=preset, breakdown=breakdown,
            part_label=lambda key: PART_NAMES[key]() if key in PART_NAMES else _(key),
            field_label=field_label, facts=facts, phrases=PHRASES)
