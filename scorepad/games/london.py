"""London, both editions, at the table: setup guide, tracking during play, the reckoning step by step, sheet data."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from calculators import london as rules
from calculators.core import InvalidInput, Result, require_int, say
from scorepad.games.base import Ask, Commands, Game, Say, Step, keeping, one_of_players
from scorepad import words
from scorepad.grid import cell, grid, names_text, safe, standings_text
from scorepad.i18n import N_, NP_, Plural, _, pgettext, plural, western_digits

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------
# Every text is an English msgid (N_, NP_), translated where it is used (_(), plural()). The players' own words
# (docs/glossary.md): poverty (فقر, 貧困), debt and loans (بدهی, 貸款), boroughs (行政區), city cards (城市卡),
# prestige (聲望, the 2nd edition's points). Rule values are never typed here: {loan}, {repay}, … are filled in
# from calculators/london.py (RULE_VALUES below).

# TRANSLATORS: the game's title as published in your language where it is (else "London"), with its edition.
TITLES = {"london-1e": N_("London (first edition, 2010)"), "london-2e": N_("London (second edition, 2017)")}
BLURBS = {
    "london-1e": N_("Treefrog 2010: build a city, buy boroughs on the map, keep poverty down; loans repaid only "
                    "at the end."),
    "london-2e": N_("Osprey 2017: build a city, buy borough cards, keep poverty down; loans repaid at the start "
                    "of a turn."),
}
EDITION_NAMES = {"london-1e": N_("first edition, Treefrog 2010"), "london-2e": N_("second edition, Osprey 2017")}
FLAT_NAME = N_("flat penalties, from the Persian summary")
# What `scorepad games` and the variant menu say of a variant (the Game's `variants`).
VARIANT_TEXTS = {
    rules.FLAT_PENALTIES: N_("the Persian summary's scoring: card points + bonus − debt − poverty, ties shared "
                             "(not the real London)"),
}
# The sheet's "Rules" field (else words.OFFICIAL_RULES).
FLAT_FIELD = N_("flat penalties")

# TRANSLATORS: {title} is the game's title, {count} the number of players (2–4: the singular form is never
# shown), {players} their names; {first} the first player. The £ figures and counts are the rules' values.
SETUP_1E = NP_("""\
{title} — setup for {count} player: {players}
  • Money: £{money} each, kept in view. Poverty: {poverty} points each. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Card display: two rows; with {count} player use the first {columns} columns.
  • Beside the board: VP counters, loan counters (£{loan}), poverty cubes ({cube}) and discs ({disc}), {counters}
    Underground counters, coins. Each player takes the {buildings} building counters of a colour.
  • First player: the rules draw a building counter at random — scorepad drew {first}.""", """\
{title} — setup for {count} players: {players}
  • Money: £{money} each, kept in view. Poverty: {poverty} points each. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Card display: two rows; with {count} players use the first {columns} columns.
  • Beside the board: VP counters, loan counters (£{loan}), poverty cubes ({cube}) and discs ({disc}), {counters}
    Underground counters, coins. Each player takes the {buildings} building counters of a colour.
  • First player: the rules draw a building counter at random — scorepad drew {first}.""")
SETUP_2E = NP_("""\
{title} — setup for {count} player: {players}
  • Money: £{money} each, on display. Poverty: none. Score trackers at 0. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Development board: two rows; with {count} player use the first {columns} spaces of each row.
  • Boroughs: City, Westminster and Southwark & Bermondsey face up; shuffle the rest as the borough
    deck (there are always {face_up} face up).
  • First player: the player who set up the game, then clockwise.""", """\
{title} — setup for {count} players: {players}
  • Money: £{money} each, on display. Poverty: none. Score trackers at 0. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Development board: two rows; with {count} players use the first {columns} spaces of each row.
  • Boroughs: City, Westminster and Southwark & Bermondsey face up; shuffle the rest as the borough
    deck (there are always {face_up} face up).
  • First player: the player who set up the game, then clockwise.""")
# TRANSLATORS: {hand_limit}, {loan}, {repay}, {unpaid} and {draw} are the rules' values (cards, £, points).
GUIDE_1E = N_("""\
A turn (first edition):
  1. Take one card: the top of the deck or any card of the card display (compulsory).
  2. One action (no passing):
     • Play cards — each needs a card of the same colour from hand onto the display, plus its £ cost;
       cards go on any stack or start a new one (never on a card played this turn).
     • Run city — activate face-up cards in any order, then poverty changes by
       stacks + cards in hand − boroughs occupied (negative: discard that many).
     • Buy land — one building counter in a free borough (the game's first purchase: City, Westminster
       or Southwark & Bermondsey; later ones next to anyone's borough); pay its cost, draw its cards.
     • Take {draw} cards.
  3. Over {hand_limit} cards in hand: discard down to {hand_limit} onto the display.
  Loans: £{loan} each, whenever you need money; they are repaid only at the end (£{repay} each, −{unpaid} if not).
End: when the last card is taken from the deck, that turn ends and every other player has one more
turn. Then the final reckoning.""")
GUIDE_2E = N_("""\
A turn (second edition):
  1. Start of the turn: you may repay loans, £{repay} each.
  2. Draw one city card: the top of the deck or any card of the development board.
  3. One action:
     • Develop — play cards; each needs a same-colour discard to the board plus its extra cost.
     • Buy land — take one of the {face_up} face-up boroughs, pay its cost, take its rewards (cards, prestige,
       poverty removed); it goes on top of your last borough.
     • Run your city — activate face-up cards in any order; then gain 1 poverty per stack,
       1 per £{loan} of loans and 1 per card in hand.
     • Draw {draw} cards.
  4. Discard down to {hand_limit} cards.
  Loans: £{loan} each, any time (forced if you must pay and cannot); −{unpaid} each if unpaid at the end.
End: when the city deck is empty at the end of a turn, every other player takes one final turn.
Then the final reckoning.""")
# TRANSLATORS: {rounds} is the number of rounds (3), {cap} the most debt or poverty a round may end with (10).
GUIDE_FLAT = N_("""\
Flat penalties (the Persian "London 2010" summary — not the official rules):
  • {rounds} rounds; a round ends when the central deck is empty.
  • At a round's end: debt above {cap} → return city cards until it is {cap}; then the same for poverty.
  • After round {rounds}: score = points on your city cards + bonus − debt − poverty. Ties are shared.
  • Enter each player's card points, bonus, debt and poverty at the end.""")
SETUP_FLAT = NP_("""\
{title}, played from the Persian summary ("flat penalties") — {count} player: {players}
  • Each player takes a player guide, a city board and a debt marker; deal {flat_hand} cards each and keep hands
    hidden; the rest is the central deck.""", """\
{title}, played from the Persian summary ("flat penalties") — {count} players: {players}
  • Each player takes a player guide, a city board and a debt marker; deal {flat_hand} cards each and keep hands
    hidden; the rest is the central deck.""")
# TRANSLATORS: {summary}, {guide}, {undo} and {help} are the words a player types (the "typed word" messages).
TRACKING = N_("""\
During play, tell scorepad what happens (all optional) so the end needs few inputs: loans, runs of
a city (scorepad works out the poverty), poverty removed or gained, points scored. Choose "Go to the
final reckoning" when the game has ended. At any typed answer: `{summary}`, `{guide}`, `{undo}`, `{help}`.""")
# What the game's prompt words do (scorepad/play.py help lists them; typed_words() below).
SUMMARY_HELP = N_("every player's loans, poverty and points so far")
GUIDE_HELP = N_("the turn structure and how the game ends")

ASK_EVENT = N_("What happened?")
# TRANSLATORS: how `edit` and `undo` name a tracked event's answers: {n} is the event's number, {question} the
# question asked (e.g. "Event 3 · Who takes loans").
EVENT_LABEL = N_("Event {n} · {question}")
# The event is named in the question: a resumed game shows no menu before it.
ASK_WHO = {"loan": N_("Who takes loans?"), "repay": N_("Who repays loans?"), "run": N_("Who runs their city?"),
           "relief": N_("Who removes poverty?"), "gain": N_("Who gains poverty?"),
           "points": N_("Who scores points?")}
# TRANSLATORS: {undo} is the menu's last choice, the word typed to take back the previous answer.
NOBODY_TO_REPAY = N_("Who repays loans? (nobody holds a tracked loan: choose {undo})")
EVENT_TEXTS = {  # the menu's labels, before the rule values are filled in (event_labels())
    "loan": N_("Take a loan (£{loan} each)"),
    "repay": N_("Repay loans (£{repay} each, at the start of a turn)"),
    "run": N_("Run a city (poverty helper)"),
    "relief": N_("Poverty removed (cards, boroughs)"),
    "gain": N_("Poverty gained outside a run (e.g. a card played on them)"),  # 2nd ed. Police Force, Lloyd's (S13)
    "points": N_("Points scored during play"),
    "summary": N_("Show every player's loans, poverty and points"),
    "guide": N_("Show the turn guide"),
    "end": N_("Go to the final reckoning"),
}
ASK_COUNT = {"loan": N_("How many loans does {player} take?"), "repay": N_("How many loans does {player} repay?"),
             "relief": N_("How much poverty does {player} remove?"),
             "gain": N_("How much poverty does {player} gain?"),
             "points": N_("How many points does {player} score?")}
ASK_STACKS = N_("How many stacks in {player}'s city?")
ASK_HAND = N_("Cards in {player}'s hand after running?")
ASK_BOROUGHS = N_("Boroughs {player} occupies?")
ASK_LOANS = N_("Loans {player} holds (£{loan} each)?")

# TRANSLATORS: an echo of a tracked event; {held} is "N loans held" (the message after it).
EVENT_LOAN = NP_("{player} takes {n} loan: £{money} — {held}.", "{player} takes {n} loans: £{money} — {held}.")
EVENT_REPAY = NP_("{player} repays {n} loan for £{money} — {held}.",
                  "{player} repays {n} loans for £{money} — {held}.")
LOANS_HELD = NP_("{n} loan held", "{n} loans held")
# TRANSLATORS: {before} → {after} is the player's poverty before and after; {floor} is empty or the message
# " (poverty cannot go below 0)".
EVENT_RELIEF = NP_("{player} removes {n} poverty: {before} → {after}.{floor}",
                   "{player} removes {n} poverty: {before} → {after}.{floor}")
EVENT_GAIN = NP_("{player} gains {n} poverty: {before} → {after}.", "{player} gains {n} poverty: {before} → {after}.")
EVENT_POINTS = NP_("{player} scores {n} point: {before} → {after}.", "{player} scores {n} points: {before} → {after}.")
# TRANSLATORS: {formula} is the run's sum, e.g. "3 stacks + 2 in hand − 4 boroughs"; {change} is signed (+5, −2).
EVENT_RUN = N_("{player} runs the city: {formula} = {change} poverty: {before} → {after}.{floor}")
# TRANSLATORS: the 1st edition's run: poverty = stacks + cards in hand − boroughs occupied.
FORMULA_1E = N_("{stacks} + {hand} in hand − {boroughs}")
# TRANSLATORS: the 2nd edition's run: poverty = stacks + 1 per loan + cards in hand.
FORMULA_2E = N_("{stacks} + {loans} + {hand} in hand")
STACKS = NP_("{n} stack", "{n} stacks")
BOROUGHS = NP_("{n} borough", "{n} boroughs")
LOANS = NP_("{n} loan", "{n} loans")
FLOOR = N_(" (poverty cannot go below 0)")

FINAL_INTRO = N_("""\
Final reckoning ({edition}). For each player, the end-of-game figures.
Enter alone = 0, or keeps the figure tracked during play, shown in brackets (type another to correct it).""")
FINAL_INTRO_FLAT = N_("""\
Final reckoning ({edition}). For each player, the figures after round {rounds}. Enter alone = 0.""")
# TRANSLATORS: a question of the reckoning: {player}'s name, then what is asked (e.g. "£ in hand").
ASK_FIELD = N_("{player} · {question}:")
# TRANSLATORS: said before a tie-break question; {names} are the tied players, {figures} what they are also level
# on ("4 poverty left" or "4 poverty left and 3 borough cards"), {decides} which tie-break decides.
TIE_REACHED = NP_("{names} tie on {total} point with {figures} each: {decides}.",
                  "{names} tie on {total} points with {figures} each: {decides}.")
TIE_DECIDES = {rules.BOROUGH: N_("most boroughs decides (tie-break 2)"),
               rules.BOROUGH_CARD: N_("most borough cards decides (tie-break 2)"),
               "best_card": N_("the best single card decides (tie-break 3)")}
# What the players a tie-break question is asked of are level on: tie-break 3 is reached only by players level on
# boroughs too ("4 poverty left and 3 borough cards each", not just "4 poverty left each").
POVERTY_LEFT = N_("{left} poverty left")
# TRANSLATORS: {boroughs} is "3 boroughs" or "3 borough cards".
POVERTY_LEFT_AND = N_("{left} poverty left and {boroughs}")
BOROUGH_COUNTS = {rules.BOROUGH: BOROUGHS, rules.BOROUGH_CARD: NP_("{n} borough card", "{n} borough cards")}
RANKING_TITLE, RANKING_TITLE_FLAT = N_("Place and tie-breaks"), N_("Place (ties are shared)")  # sheet sections
# TRANSLATORS: {message} is the question, {value} the figure scorepad tracked during play.
ASK_TRACKED = N_("{message} [{value} tracked; Enter keeps it]:")
ASK_STARTING = N_("{message} [{value} at the start, nothing tracked; Enter keeps it]:")  # 1st ed: 5 poverty each
QUESTIONS = {
    "vp_1e": N_("VP counters gained during play"),
    "vp_2e": N_("prestige on the score track"),
    "boroughs_1e": N_("boroughs occupied"),
    "boroughs_2e": N_("borough cards held"),
    "borough_vp": N_("printed VP of the boroughs occupied"),
    "underground": N_("how many boroughs occupied hold an Underground counter"),
    "card_vp_1e": N_("end-game VP of all city cards (covered and flipped too)"),
    "card_vp_2e": N_("end-game prestige of all city cards (covered and flipped too)"),  # the 2nd ed. says prestige
    "best_card_1e": N_("VP of the single best city card"),
    "best_card_2e": N_("prestige of the single best city card"),
    "money": N_("£ in hand"),
    "loans": N_("loans still held"),
    "hand": N_("cards left in hand"),
    "poverty": N_("poverty held (before the hand)"),
    "flat_card_vp": N_("points printed on the city cards"),
    "bonus": N_("set bonus"),
    "debt": N_("debt"),
    "flat_poverty": N_("poverty"),
}
RECKONING_TITLE = N_("The reckoning, step by step in the rulebook's order ({edition}):")
RECKONING_TITLE_FLAT = N_("The reckoning ({edition}):")
# TRANSLATORS: {names} are the players with the least poverty, {least} that poverty.
LEAST_LINE = N_("Least poverty after hands: {names} with {least}; everyone drops {least}.")
SUMMARY_TITLE = N_("Loans, poverty and points so far:")
SUMMARY_HEADERS = (N_("Player"), N_("Loans"), N_("Poverty"))
SUMMARY_POINTS = {"london-1e": N_("VP counters"), "london-2e": N_("Score track")}
SUMMARY_BOROUGHS = N_("Boroughs")
NOTHING_YET = N_("Nothing recorded yet.")
TRACKED_TITLE = N_("Tracked during play:")

# Rows of the reckoning, in the rulebook's order: (label, what to show) — S1 §2.6 and S3 §3.6.
ROWS_1E = (
    # TRANSLATORS: rows of the reckoning (screen and sheet). Keep each row's step number and its leading spaces:
    # they indent the rows of one step under its first.
    (N_("1. Money £"), "money"), (N_("   Loans"), "loans"), (N_("   Loans repaid (£{repay} each)"), "repaid"),
    (N_("   Money left £"), "money_left"),
    (N_("2. Poverty held"), "poverty_held"), (N_("   + cards in hand"), "hand"), (N_("   = poverty"), "poverty"),
    (N_("3a. 1 VP per full £{per_point}"), "money_vp"), (N_("3b. Borough VP"), "land_vp"),
    (N_("      + {underground} per Underground"), "underground_vp"),
    (N_("3c. City cards"), "card_vp"), (N_("3d. VP counters"), "vp"),
    (N_("4. − {unpaid} per unpaid loan"), "-loan_penalty"), (N_("   = VP before poverty"), "before_poverty"),
    (N_("5. − least poverty"), "-least"), (N_("   = poverty left (tie-break 1)"), "poverty_left"),
    (N_("6. Poverty penalty"), "-penalty"),
)
ROWS_2E = (
    (N_("1. Poverty held"), "poverty_held"), (N_("   + cards in hand"), "hand"), (N_("   = poverty"), "poverty"),
    (N_("2. Score track"), "vp"), (N_("   + city cards"), "card_vp"),
    (N_("3. Money £"), "money"), (N_("   Loans"), "loans"), (N_("   Loans repaid (£{repay} each)"), "repaid"),
    (N_("   Money left £"), "money_left"), (N_("4. 1 per full £{per_point}"), "money_vp"),
    (N_("5. − {unpaid} per unpaid loan"), "-loan_penalty"),
    (N_("   = prestige before poverty"), "before_poverty"),
    (N_("6. − least poverty"), "-least"), (N_("   = poverty left (tie-break 1)"), "poverty_left"),
    (N_("7. Poverty penalty"), "-penalty"),
)
TIEBREAK_ROWS = {"london-1e": ((N_("Tie-break 2: boroughs"), "boroughs"),
                               (N_("Tie-break 3: best card"), "best_card")),
                 "london-2e": ((N_("Tie-break 2: borough cards"), "boroughs"),
                               (N_("Tie-break 3: best card"), "best_card"))}
ROWS_FLAT = ((N_("Card points"), "card_vp"), (N_("+ bonus"), "bonus"), (N_("− debt"), "-debt"),
             (N_("− poverty"), "-poverty"))
SHEET_NOTES_FLAT = [
    N_("Flat penalties (the Persian \"London 2010\" summary, not the official rules): {rounds} rounds; at a round's "
       "end debt above {cap}, then poverty above {cap}, is paid off by returning city cards."),
    N_("Score = points on your city cards + bonus − debt − poverty. Ties are shared."),
]
SHEET_NOTES = {  # the official reckoning in the rulebook's order (S1 §2.6, S3 §3.6), above the sheet's grids
    "london-1e": [
        N_("1. Repay loans, £{repay} each, while money lasts.  2. +1 poverty per card in hand."),
        N_("3. +1 VP per full £{per_point} left, + printed VP of boroughs occupied (+{underground} each with an "
           "Underground counter), + VP of every city card (covered and flipped too), + VP counters."),
        N_("4. −{unpaid} per unpaid loan.  5. The least poor player drops all poverty; everyone else drops as "
           "much.  6. Lose VP for the poverty left (table below)."),
        N_("Ties: fewest poverty points, then most boroughs occupied, then the single best VP card."),
    ],
    "london-2e": [
        N_("1. +1 poverty per card in hand.  2. Score track + end-game prestige of every city card (covered and "
           "flipped too)."),
        N_("3. Repay loans, £{repay} each, while money lasts.  4. +1 per full £{per_point} left.  "
           "5. −{unpaid} per unpaid loan."),
        N_("6. The least poor player drops all poverty; everyone else drops as much.  7. Lose points for the "
           "poverty left (table below)."),
        N_("Ties: least poverty, then most borough cards, then the single best city card."),
    ],
}
# TRANSLATORS: the sheet's title; {title} is the game's title with its edition.
SHEET_TITLE = N_("{title} — final reckoning")
POVERTY_ROW = N_("Points lost")
# TRANSLATORS: a band of the poverty table: poverty left from {low} to {high}.
POVERTY_BAND = N_("{low}–{high}")
# TRANSLATORS: the poverty table's last column: every point of poverty left over {top} (10) ...
POVERTY_OVER = N_("each over {top}")
# TRANSLATORS: ... costs {n} (3) points more.
POVERTY_OVER_VALUE = N_("{n} more each")
TEMPLATE = "london"  # templates/london.toml: both editions and the variant
TOTAL_LABEL = N_("Final score")
RANK_LABEL = N_("Rank")
ROUND_LABEL = N_("Round")

# What the calculator's `parts` keys (its JSON labels, never translated there) are called on a screen.
PARTS = {"VP counters": N_("VP counters"), "score track": N_("score track"), "boroughs": N_("boroughs"),
         "underground": N_("underground"), "city cards": N_("city cards"), "money": N_("money"),
         "unpaid loans": N_("unpaid loans"), "poverty": N_("poverty"), "card points": N_("card points"),
         "bonus": N_("bonus"), "debt": N_("debt")}

# --- the calculator's phrases (calculators/london.py), worded ---------------------------------------------------

NO_ROUNDS = N_("London has no rounds: leave `rounds` out or [] and put the inputs in `final`")
# TRANSLATORS: {figure} is "debt" or "poverty"; {cap} is 10.
FLAT_CAP = N_("{figure} {value} is over {cap}: in the Persian summary debt and poverty are at most {cap} at the end "
              "of every round, the excess paid off by returning city cards")
FLAT_FIGURES = {"debt": N_("debt"), "poverty": N_("poverty")}
# `boroughs` and `best_card` are table-file field names, kept as they are.
MISSING = N_("missing: every end-game figure is needed except boroughs and best_card (only a tie needs them)")
MISSING_FLAT = N_("missing: flat-penalties needs all four figures (card_vp, bonus, debt, poverty)")
MISSING_PLAYER = N_("missing from final: the reckoning needs every player")
BEST_CARD_OVER = N_("best card {best} is worth more than all city cards together ({cards})")
# TRANSLATORS: {counters} is "3 Underground counters", {boroughs} "2 boroughs".
UNDERGROUND_OVER = N_("{counters} but {boroughs} occupied: a counter only scores in a borough you occupy")
COUNTERS = NP_("{n} Underground counter", "{n} Underground counters")
BOROUGH_VP_ALONE = N_("borough VP {vp} but no borough occupied")
UNDERGROUND_BOX = NP_("{n} Underground counter; the box has {box}", "{n} Underground counters; the box has {box}")
BOROUGHS_GAME = NP_("{n} borough; the game has {limit}", "{n} boroughs; the game has {limit}")
# TRANSLATORS: {counted} is "21 boroughs", "21 borough cards" or "11 Underground counters".
OVER_THE_TABLE = N_("{counted} across the table; the game has {limit}")
# TRANSLATORS: a table file leaves out a figure a tie needs. {names} tie on {total} points, {figures}: "0 poverty
# left" (or "4 poverty left and 3 borough cards"); {level} is 2 or 3; {need} the table file's field name (boroughs
# or best_card, kept as it is); {missing} the players whose figure is missing.
TIE_NEEDS = NP_("{names} tie on {total} point with {figures} each, so tie-break {level} needs {need} of each of "
                "them (missing for {missing})",
                "{names} tie on {total} points with {figures} each, so tie-break {level} needs {need} of each of "
                "them (missing for {missing})")
# scorepad's own refusals at the prompt
# TRANSLATORS: {undo} is the word typed to take back the previous answer.
NO_NUMBER = N_("type a whole number from {low} to {high}, or {undo}")
NOT_WHOLE = N_("{text} is not a whole number")
# TRANSLATORS: {choices} is the menu's choices, separated by commas.
NOT_A_CHOICE = N_("{text} is not one of: {choices}")
TOO_MANY_REPAID = NP_("{player} holds {n} loan", "{player} holds {n} loans")

# The tie-break lines under the standings (a "london.tiebreak" phrase: calculators/london.py _tiebreak_lines).
# TRANSLATORS: the start of a tie-break line: {names} tie on {total} points.
TIE_ON = NP_("{names} tie on {total} point", "{names} tie on {total} points")
# TRANSLATORS: the start of a line about players of a tie still level after a tie-break ({level}: "0 poverty left
# each").
STILL_LEVEL = N_("{names} are still level ({level})")
# TRANSLATORS: a tie-break line's start ({lead}) and one more figure they are level on ({level}).
LEVEL_TOO = N_("{lead}, {level}")
LEVEL_EACH = {"poverty_left": NP_("{n} poverty left each", "{n} poverty left each"),
              rules.BOROUGH: NP_("{n} borough each", "{n} boroughs each"),
              rules.BOROUGH_CARD: NP_("{n} borough card each", "{n} borough cards each"),
              "best_card": N_("best card {n} each")}
# TRANSLATORS: {lead} is the line's start ("A and B tie on 48 points, 0 poverty left each"), {facts} each
# player's figure ("A 4, B 3"), {ranking} the order it gives ("A ahead of B").
DECIDES = {"poverty_left": N_("{lead}; least poverty decides (poverty left: {facts}): {ranking}."),
           rules.BOROUGH: N_("{lead}; most boroughs decides (boroughs: {facts}): {ranking}."),
           rules.BOROUGH_CARD: N_("{lead}; most borough cards decides (borough cards: {facts}): {ranking}."),
           "best_card": N_("{lead}; best single card decides (best card: {facts}): {ranking}.")}
SHARED = N_("{lead}; still level after every tie-break, so they share the place.")
# TRANSLATORS: one player's figure in a tie-break line: "Ana 4".
FACT = N_("{player} {value}")
SEPARATOR = N_(", ")  # between the figures of a tie-break line, the choices of a menu, the players of a sheet
# TRANSLATORS: who a tie-break puts first: "{ahead} ahead of {behind}" (each side a name or "A and B").
AHEAD_OF = N_("{ahead} ahead of {behind}")


# The rule values the texts above name, filled in from the calculator so that none is typed twice ({loan}: £10).
RULE_VALUES = {"loan": rules.LOAN_VALUE, "repay": rules.LOAN_REPAYMENT, "unpaid": rules.UNPAID_LOAN_PENALTY,
               "per_point": rules.MONEY_PER_POINT, "underground": rules.UNDERGROUND_VP,
               "counters": rules.UNDERGROUND_COUNTERS, "hand_limit": rules.HAND_LIMIT, "cap": rules.FLAT_CAP,
               "buildings": rules.BUILDING_COUNTERS, "cube": rules.POVERTY_CUBE, "disc": rules.POVERTY_DISC,
               "face_up": rules.FACE_UP_BOROUGHS, "draw": rules.DRAW_ACTION_CARDS, "rounds": rules.FLAT_ROUNDS,
               "flat_hand": rules.FLAT_HAND}


def rule_text(text: str, **values: Any) -> str:
    """A text (an English msgid) in the chosen language, with the calculator's rule values (and any others).

    >>> rule_text("Loans: £{loan} each, −{unpaid} if unpaid.")
    'Loans: £10 each, −7 if unpaid.'
    """
    return with_rules(_(text), **values)


def with_rules(translated: str, **values: Any) -> str:
    """A text already in the chosen language (a plural form), with the rule values (and any others) filled in."""
    return translated.format(**RULE_VALUES, **values)


def event_labels() -> dict[str, str]:
    """The event menu's labels in the chosen language, the rule values filled in; the last is the undo word."""
    return {**{key: rule_text(text) for key, text in EVENT_TEXTS.items()}, "undo": typed_words()["undo"]}


def typed_words() -> dict[str, str]:
    """The prompt words in the table's language, as the texts name them (the play loop takes the English word and
    this one: scorepad/play.py typed_word; `undo` ends the player menus, and the loop takes it as the word)."""
    # TRANSLATORS: a word a player types at any prompt of a London game to see every player's loans, poverty and
    # points (one short word; "summary" always works too).
    summary = pgettext("typed word", "summary")
    # TRANSLATORS: a word typed at any prompt of a London game to see the turn guide (one short word; "guide"
    # always works too).
    guide = pgettext("typed word", "guide")
    return {"summary": summary, "guide": guide, "undo": pgettext("typed word", "undo"),
            "help": pgettext("typed word", "help")}


def rows_for(r: rules.Rules, flat: bool) -> tuple[tuple[str, str], ...]:
    rows = ROWS_FLAT if flat else ROWS_1E if r is rules.FIRST_EDITION else ROWS_2E
    return tuple((rule_text(label), key) for label, key in rows)


def poverty_bands() -> list[tuple[str, int]]:
    """The poverty table as printed (rules §4): each band of poverty left with the points it costs, read from the
    calculator's POVERTY_PENALTY.

    >>> poverty_bands()[:4], poverty_bands()[-1]
    ([('0', 0), ('1–2', 1), ('3', 2), ('4', 3)], ('10', 15))
    """
    bands: list[tuple[int, int, int]] = []  # (low, high, penalty)
    for left, penalty in enumerate(rules.POVERTY_PENALTY):
        if bands and bands[-1][2] == penalty:
            bands[-1] = (bands[-1][0], left, penalty)
        else:
            bands.append((left, left, penalty))
    return [(str(low) if low == high else _(POVERTY_BAND).format(low=low, high=high), penalty)
            for low, high, penalty in bands]


def part_name(key: str) -> str:
    """What a `parts` key of the calculator is called on a screen, in the chosen language."""
    return _(PARTS[key]) if key in PARTS else key


def counted(message: Plural, n: int) -> str:
    return plural(message, n).format(n=n)


def tied_figures(left: int, boroughs: int | None, noun: str) -> str:
    """What the players a tie-break question is asked of are level on besides points ('4 poverty left', '4 poverty
    left and 3 borough cards').

    >>> tied_figures(4, None, rules.BOROUGH_CARD), tied_figures(4, 3, rules.BOROUGH_CARD)
    ('4 poverty left', '4 poverty left and 3 borough cards')
    """
    if boroughs is None:
        return _(POVERTY_LEFT).format(left=left)
    return _(POVERTY_LEFT_AND).format(left=left, boroughs=counted(BOROUGH_COUNTS[noun], boroughs))


def _tie_needs(v: Mapping[str, Any]) -> str:
    return plural(TIE_NEEDS, abs(v["total"])).format(
        names=names_text(v["players"]), total=cell(v["total"]),
        figures=tied_figures(v["left"], v["boroughs"], v["noun"]), level=v["level"], need=v["need"],
        missing=names_text(v["missing"]))


def _level_each(key: str, value: int, noun: str) -> str:
    form = LEVEL_EACH[noun if key == "boroughs" else key]
    return _(form).format(n=value) if isinstance(form, str) else counted(form, value)


def _tiebreak(v: Mapping[str, Any]) -> str:
    """A "london.tiebreak" phrase (calculators/london.py _tiebreak_lines) in words."""
    noun = v["noun"]
    levels = [_level_each(key, value, noun) for key, value in v["level"]]
    if v["total"] is None:  # a group still level inside a tie already told: its first figure in brackets
        lead = _(STILL_LEVEL).format(names=names_text(v["players"]), level=levels.pop(0))
    else:
        lead = plural(TIE_ON, abs(v["total"])).format(names=names_text(v["players"]), total=cell(v["total"]))
    for level in levels:
        lead = _(LEVEL_TOO).format(lead=lead, level=level)
    if v["decider"] is None:
        return _(SHARED).format(lead=lead)
    facts = _(SEPARATOR).join(_(FACT).format(player=safe(p), value=value) for p, value in v["facts"])
    ranking = names_text(v["ranking"][0])
    for group in v["ranking"][1:]:
        ranking = _(AHEAD_OF).format(ahead=ranking, behind=names_text(group))
    decider = noun if v["decider"] == "boroughs" else v["decider"]
    return _(DECIDES[decider]).format(lead=lead, facts=facts, ranking=ranking)


def _over_the_table(v: Mapping[str, Any]) -> str:
    noun = COUNTERS if v["noun"] == "underground" else BOROUGH_COUNTS[v["noun"]]
    return _(OVER_THE_TABLE).format(counted=counted(noun, v["total"]), limit=v["limit"])


# The calculator's codes (and scorepad's own refusals here), worded: scorepad/words.py say() finds this table by
# the `london.` prefix.
PHRASES: dict[str, Any] = {
    "london.no-rounds": NO_ROUNDS,
    "london.flat-cap": lambda v: _(FLAT_CAP).format(figure=_(FLAT_FIGURES[v["figure"]]), value=v["value"],
                                                    cap=v["cap"]),
    "london.missing": MISSING,
    "london.missing-flat": MISSING_FLAT,
    "london.missing-player": MISSING_PLAYER,
    "london.best-card-over-cards": BEST_CARD_OVER,
    "london.underground-over-boroughs": lambda v: _(UNDERGROUND_OVER).format(
        counters=counted(COUNTERS, v["counters"]), boroughs=counted(BOROUGHS, v["boroughs"])),
    "london.borough-vp-without-borough": BOROUGH_VP_ALONE,
    "london.underground-over-box": lambda v: plural(UNDERGROUND_BOX, v["counters"]).format(n=v["counters"],
                                                                                          box=v["box"]),
    "london.boroughs-over-game": lambda v: plural(BOROUGHS_GAME, v["boroughs"]).format(n=v["boroughs"],
                                                                                       limit=v["limit"]),
    "london.over-the-table": _over_the_table,
    "london.tie-needs": _tie_needs,
    "london.tiebreak": _tiebreak,
    "london.no-number": lambda v: _(NO_NUMBER).format(low=v["low"], high=v["high"], undo=typed_words()["undo"]),
    "london.not-whole": lambda v: _(NOT_WHOLE).format(text=repr(v["text"])),
    "london.not-a-choice": lambda v: _(NOT_A_CHOICE).format(text=repr(v["text"]),
                                                            choices=_(SEPARATOR).join(v["choices"])),
    "london.too-many-repaid": lambda v: plural(TOO_MANY_REPAID, v["loans"]).format(player=v["holder"], n=v["loans"]),
}


# --- tracking during play ------------------------------------------------------------------------------

@dataclass
class Tracked:
    """What the table told scorepad during play, per player."""

    loans: int = 0
    poverty: int = 0
    points: int = 0
    boroughs: int | None = None
    changed_poverty: bool = False  # a tracked event changed it (else it is the setup's figure)


def edition(session: Session) -> rules.Rules:
    return rules.EDITIONS[session.game.slug]


def flat(session: Session) -> bool:
    return rules.FLAT_PENALTIES in session.variants


VIEWS = ("summary", "guide")  # display choices of the event menu: shown, never stored (issue 9, point 4)


def event_keys(r: rules.Rules) -> list[str]:
    """The event menu's answers (the display choices are not among them)."""
    return [k for k in (*EVENT_TEXTS, "undo") if k not in VIEWS and (k != "repay" or r.repay_during_play)]


def track(session: Session, upto: int | None = None) -> dict[str, Tracked]:
    """Replay the tracked events (all of them, or the first `upto`): loans, poverty, points per player."""
    return _replay(session, upto)[0]


def event_lines(session: Session) -> list[str]:
    """What was tracked, in the order it happened."""
    return _replay(session)[1]


def _replay(session: Session, upto: int | None = None) -> tuple[dict[str, Tracked], list[str]]:
    r = edition(session)
    state = {p: Tracked(poverty=r.starting_poverty) for p in session.players}
    lines = []
    k = 0
    while (upto is None or k < upto) and session.get("setup", "track", k, "event") is not None:
        line = apply_event(session, k, state, r)
        if line:
            lines.append(line)
        k += 1
    return state, lines


def apply_event(session: Session, k: int, state: dict[str, Tracked], r: rules.Rules) -> str | None:
    """Apply event k to `state` if all its answers are in; the line that says what happened."""
    def get(name: str) -> Any:
        return session.get("setup", "track", k, name)

    kind, player = get("event"), get("player")
    if kind not in ASK_WHO or player is None:
        return None
    s = state[player]
    if kind == "run":
        stacks, hand, extra = get("stacks"), get("hand"), get("boroughs" if r.boroughs_reduce_poverty else "loans")
        if None in (stacks, hand, extra):
            return None
        if r.boroughs_reduce_poverty:
            change = rules.run_city_poverty(r, stacks=stacks, hand=hand, boroughs=extra)
            formula = _(FORMULA_1E).format(stacks=counted(STACKS, stacks), hand=hand, boroughs=counted(BOROUGHS, extra))
            s.boroughs = extra
        else:
            change = rules.run_city_poverty(r, stacks=stacks, hand=hand, loans=extra)
            formula = _(FORMULA_2E).format(stacks=counted(STACKS, stacks), loans=counted(LOANS, extra), hand=hand)
            s.loans = extra
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, change), True
        return _(EVENT_RUN).format(player=player, formula=formula, change=_signed(change), before=before,
                                   after=s.poverty, floor=_(FLOOR) if before + change < 0 else "")
    n = get("count")
    if n is None:
        return None
    if kind == "loan":
        s.loans += n
        return plural(EVENT_LOAN, n).format(player=player, n=n, money=rules.LOAN_VALUE * n,
                                            held=counted(LOANS_HELD, s.loans))
    if kind == "repay":
        s.loans -= n
        return plural(EVENT_REPAY, n).format(player=player, n=n, money=rules.LOAN_REPAYMENT * n,
                                             held=counted(LOANS_HELD, s.loans))
    if kind == "relief":
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, -n), True
        return plural(EVENT_RELIEF, n).format(player=player, n=n, before=before, after=s.poverty,
                                              floor=_(FLOOR) if before - n < 0 else "")
    if kind == "gain":
        before, s.poverty, s.changed_poverty = s.poverty, s.poverty + n, True
        return plural(EVENT_GAIN, n).format(player=player, n=n, before=before, after=s.poverty)
    before, s.points = s.points, s.points + n
    return plural(EVENT_POINTS, n).format(player=player, n=n, before=before, after=s.points)


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def summary_text(session: Session) -> str:
    state = track(session)
    r = edition(session)
    headers = [*map(_, SUMMARY_HEADERS), _(SUMMARY_POINTS[r.slug])]
    if r.boroughs_reduce_poverty:
        headers.append(_(SUMMARY_BOROUGHS))
    rows = []
    for p in session.players:
        s = state[p]
        row: list[Any] = [p, s.loans, s.poverty, s.points]
        if r.boroughs_reduce_poverty:
            row.append("" if s.boroughs is None else s.boroughs)
        rows.append(row)
    return _(SUMMARY_TITLE) + "\n" + grid(headers, rows)


def guide_text(session: Session) -> str:
    if flat(session):
        return rule_text(GUIDE_FLAT)
    return rule_text(GUIDE_1E if edition(session) is rules.FIRST_EDITION else GUIDE_2E)


def commands(session: Session) -> Commands:
    """The words typed for the summary and the guide, in English: the play loop takes the language's too."""
    guide = {"guide": (_(GUIDE_HELP), lambda rest: guide_text(session))}
    if flat(session):  # nothing is tracked: a summary of loans and poverty would show only the official setup
        return guide
    return {"summary": (_(SUMMARY_HELP), lambda rest: summary_text(session)), **guide}


# --- parsing -------------------------------------------------------------------------------------------

def parse_count(text: str, low: int = 0, high: int = rules.MAX_FIGURE, **where: Any) -> int:
    """A whole number typed at a prompt, in any script's digits (۱۲ is 12); Enter alone is 0 (when 0 is allowed)."""
    text = text.strip()
    if not text and low == 0:
        return 0
    if not text:
        raise InvalidInput("london.no-number", low=low, high=high, **where)
    try:
        value = int(western_digits(text))
    except ValueError:
        raise InvalidInput("london.not-whole", text=text, **where) from None
    return require_int(value, low, high, **where)


def _choice(labels: dict[str, str]):
    by_label = {label: key for key, label in labels.items()}

    def parse(text: str) -> str:
        if text in by_label:
            return by_label[text]
        if text in labels:
            return text
        raise InvalidInput("london.not-a-choice", text=text, choices=tuple(labels.values()))
    return parse


# --- the guided game -----------------------------------------------------------------------------------

def first_player(session: Session) -> str:
    """1st ed: drawn at random (S1); the draw comes from the session's seed, so a resumed game shows the same."""
    return random.Random(f"{session.seed}:first-player").choice(session.players)


def setup_text(session: Session) -> str:
    r, count = edition(session), len(session.players)
    values = {"title": session.game.title, "count": count, "players": _(SEPARATOR).join(session.players),
              "money": rules.STARTING_MONEY, "poverty": r.starting_poverty, "hand": rules.STARTING_HAND,
              "columns": rules.DISPLAY_COLUMNS[count]}
    if flat(session):
        return with_rules(plural(SETUP_FLAT, count), **values)
    if r is rules.FIRST_EDITION:
        return with_rules(plural(SETUP_1E, count), first=first_player(session), **values)
    return with_rules(plural(SETUP_2E, count), **values)


def steps(session: Session) -> list[Step]:
    out: list[Step] = [Say(lambda: setup_text(session)), Say(lambda: guide_text(session))]
    if not flat(session):
        out.append(Say(lambda: _(TRACKING).format(**typed_words())))
        out += tracking_steps(session)
    out += reckoning_steps(session)
    return out


def tracking_steps(session: Session) -> list[Step]:
    r = edition(session)
    every = event_labels()
    labels = {k: every[k] for k in event_keys(r)}
    views = {every["summary"]: lambda: summary_text(session), every["guide"]: lambda: guide_text(session)}
    choices = tuple(label for k, label in every.items() if k in labels or k in VIEWS)  # the menu's order
    out: list[Step] = []
    state = {p: Tracked(poverty=r.starting_poverty) for p in session.players}  # replayed once, event by event
    k = 0
    while True:
        part = _(RECAP_EVENT).format(number=k + 1)  # what a resumed game recaps: the event being told
        out.append(Ask(("setup", "track", k, "event"), _(ASK_EVENT), parse=_choice(labels), choices=choices,
                       show=lambda key: every.get(key, key), views=views, part=part,
                       label=_event_label(k, _(ASK_EVENT))))
        kind = session.get("setup", "track", k, "event")
        if kind is None or kind == "end":
            return out
        if kind not in VIEWS:  # a database from before views were kept out of the answers may hold them
            out += [replace(step, part=part) if isinstance(step, Ask) else step
                    for step in event_steps(session, k, kind, r, {p: replace(t) for p, t in state.items()})]
            apply_event(session, k, state, r)
        k += 1


def event_steps(session: Session, k: int, kind: str, r: rules.Rules, state: dict[str, Tracked]) -> list[Step]:
    """The questions of tracked event k; `state` is every player's state before it.

    The player is chosen from a menu that ends with undo (undo may also be typed, as at any menu); only players
    holding a tracked loan can repay one.
    """
    at = ("setup", "track", k)
    players = [p for p in session.players if kind != "repay" or state[p].loans > 0]
    message = _(ASK_WHO[kind]) if players else _(NOBODY_TO_REPAY).format(undo=typed_words()["undo"])
    out: list[Step] = [Ask((*at, "player"), message, parse=one_of_players(session.players),
                           choices=(*players, typed_words()["undo"]))]
    player = session.get(*at, "player")
    if player is None:
        return out
    before = state[player]
    if kind == "run":
        out.append(Ask((*at, "stacks"), _(ASK_STACKS).format(player=player),
                       parse=lambda text: parse_count(text, field="stacks")))
        out.append(Ask((*at, "hand"), _(ASK_HAND).format(player=player),
                       parse=lambda text: parse_count(text, field="hand")))
        if r.boroughs_reduce_poverty:
            out.append(_tracked_ask((*at, "boroughs"), _(ASK_BOROUGHS).format(player=player),
                                    lambda text: parse_count(text, 0, rules.BOROUGHS, field="boroughs"),
                                    before.boroughs))
        else:
            out.append(_tracked_ask((*at, "loans"), rule_text(ASK_LOANS, player=player),
                                    lambda text: parse_count(text, field="loans"), before.loans))
    else:
        high = before.loans if kind == "repay" else None

        def parse(text: str) -> int:
            # isdecimal: '²' passes isdigit() but int() refuses it; 4,300+ digits too
            figure = western_digits(text.strip())
            if high is not None and figure.isdecimal() and len(figure) < 5 and high < int(figure) <= rules.MAX_FIGURE:
                raise InvalidInput("london.too-many-repaid", holder=player, loans=high, field="count")
            return parse_count(text, 1, rules.MAX_FIGURE if high is None else high, field="count")

        out.append(Ask((*at, "count"), _(ASK_COUNT[kind]).format(player=player), parse=parse))
    out.append(Say(lambda: apply_event(session, k, track(session, upto=k), r) or ""))
    return [replace(step, label=_event_label(k, step.message)) if isinstance(step, Ask) else step for step in out]


# How a question ends in English, Chinese (： ？), Persian and Arabic (؟): taken off before a hint is put after it.
_QUESTION_END = " :?：？؟"


def _event_label(k: int, message: str) -> str:
    return _(EVENT_LABEL).format(n=k + 1, question=message.split(" [")[0].split(" (")[0].split("（")[0]
                                 .rstrip(_QUESTION_END))


def _tracked_ask(at: tuple, message: str, parse: Callable[[str], int], known: int | None,
                 form: str = ASK_TRACKED) -> Ask:
    """A question whose answer scorepad already tracked: Enter alone keeps that figure.

    (Not an editable pre-filled answer: typing a correction would append to it, and a player would
    have to clear it first before typing `summary` or `undo`.)
    """
    if not known:  # nothing tracked, or 0: Enter alone is 0 anyway
        return Ask(at, message, parse=parse)

    # the kept figure is checked like a typed one (e.g. boroughs across the table)
    return Ask(at, _(form).format(message=message.rstrip(_QUESTION_END), value=known),
               parse=keeping(parse, str(known)))


def reckoning_steps(session: Session) -> list[Step]:
    r = edition(session)
    is_flat = flat(session)
    tracked = track(session) if not is_flat else {}
    intro = rule_text(FINAL_INTRO_FLAT, edition=_(FLAT_NAME)) if is_flat else \
        _(FINAL_INTRO).format(edition=_(EDITION_NAMES[r.slug]))
    out: list[Step] = [Say(lambda: intro)]

    def ask(player: str, name: str) -> Ask:
        message = _(ASK_FIELD).format(player=player, question=question(r, name, is_flat))
        parse = _final_parser(session, r, player, name)
        known, form = None, ASK_TRACKED
        if not is_flat:
            s = tracked[player]
            known = {"vp": s.points, "loans": s.loans, "poverty": s.poverty, "boroughs": s.boroughs}.get(name)
            if name == "poverty" and not s.changed_poverty:
                form = ASK_STARTING
        return _tracked_ask(("final", player, name), message, parse, known, form)

    required = rules.required_fields(r, session.variants)
    out += [ask(player, name) for player in session.players for name in required]
    if not is_flat:
        if any(session.get("final", p, name) is None for p in session.players for name in required):
            return out  # the tie-break questions depend on every other answer
        out += tiebreak_steps(session, r, ask)
    out.append(Say(lambda: standings_text(session.score(), session.game)))
    return out


def tiebreak_steps(session: Session, r: rules.Rules, ask: Callable[[str, str], Ask]) -> list[Step]:
    """Boroughs, then best card, asked only of the players still tied when that tie-break is reached.

    Derived from the answers alone, every time the steps are built: an answer changed later (undo, an edit)
    that makes or ends a tie adds these questions or leaves them unreached. A figure given that no tie reaches
    now is still true and stays in the table; it stays among the answered questions too, so that `edit` and
    `fix` can change it: it is still checked (a best card above the city cards' total is refused), and an edit
    of the city cards below a best card that no edit could reach would have had no way out but undo.
    """
    final = {p: {f: session.get("final", p, f) for f in r.fields if session.get("final", p, f) is not None}
             for p in session.players}
    _own, reckonings = rules.reckonings_of(final, session.players, r)
    out: list[Step] = []
    for name, group in rules.tie_needs(reckonings, session.players):
        first = reckonings[group[0]]
        out.append(Say(lambda group=group, name=name, first=first: plural(TIE_REACHED, abs(first.total)).format(
            names=names_text(group), total=cell(first.total),
            figures=tied_figures(first.poverty_left, first.boroughs if name == "best_card" else None, r.borough_noun),
            decides=_(TIE_DECIDES[r.borough_noun if name == "boroughs" else name]))))
        out += [ask(player, name) for player in group]
    reached = {(player, name) for name, group in rules.tie_needs(reckonings, session.players) for player in group}
    out += [ask(player, name) for player in session.players for name in rules.TIEBREAK_FIELDS
            if (player, name) not in reached and session.get("final", player, name) is not None]
    return out


def question(r: rules.Rules, name: str, is_flat: bool) -> str:
    if is_flat and f"flat_{name}" in QUESTIONS:
        return _(QUESTIONS[f"flat_{name}"])
    if name in ("vp", "boroughs", "card_vp", "best_card"):
        return _(QUESTIONS[f"{name}_{'1e' if r.land_scores_at_end else '2e'}"])
    return _(QUESTIONS[name])


def _final_parser(session: Session, r: rules.Rules, player: str, name: str):
    def parse(text: str) -> int:
        value = parse_count(text, player=player, field=name)
        # The calculator's own checks, on everything entered so far with this answer in it.
        final = {p: {f: session.get("final", p, f) for f in rules.fields_for(r, session.variants)
                     if session.get("final", p, f) is not None} for p in session.players}
        final[player][name] = value
        try:
            rules.check_final({p: v for p, v in final.items() if v}, session.players, r, session.variants,
                              complete=False)
        except InvalidInput as error:
            if (error.player, error.field) == (player, name):
                raise
            # About an earlier answer: the prompt shows only the message, so say which answer it is.
            raise InvalidInput(str(error), player=player, field=name) from None
        return value
    return parse


# --- the reckoning on screen ----------------------------------------------------------------------------

def value_of(row_key: str, source: Any) -> int:
    negative = row_key.startswith("-")
    key = row_key.lstrip("-")
    value = source.get(key, 0) if isinstance(source, dict) else getattr(source, key)
    return -value if negative and value else value


def reckoning_table(result: Result, players: Sequence[str]) -> tuple[list[list[Any]], list[Any], list[Any],
                                                                    list[list[Any]]]:
    """The reckoning as rows × players: the steps, the final scores, the ranks, the tie-break figures.

    The screen and the sheet print the same rows.
    """
    d: rules.Detail = result.detail
    by = {s.player: s for s in result.standings}
    sources = d.flat_inputs if d.flat else d.reckonings

    def rows(spec: Sequence[tuple[str, str]]) -> list[list[Any]]:
        return [[label, *[value_of(key, sources[p]) for p in players]] for label, key in spec]

    ties = tuple((_(label), key) for label, key in TIEBREAK_ROWS[d.rules.slug])
    return (rows(rows_for(d.rules, d.flat)), [_(TOTAL_LABEL), *[by[p].total for p in players]],
            [_(RANK_LABEL), *[by[p].rank for p in players]], [] if d.flat else rows(ties))


def reckoning_text(result: Result) -> str:
    """The breakdown under London's standings: the reckoning step by step, a column per player in seating order."""
    d: rules.Detail = result.detail
    players = list(d.flat_inputs if d.flat else d.reckonings)
    steps_, total, ranks, ties = reckoning_table(result, players)
    title = _(RECKONING_TITLE_FLAT).format(edition=_(FLAT_NAME)) if d.flat else \
        _(RECKONING_TITLE).format(edition=_(EDITION_NAMES[d.rules.slug]))
    ties = [row for row in ties if any(v is not None for v in row[1:])]  # a figure no tie reached: not asked
    text = (title + "\n"
            + grid(["", *players], [*steps_, total, ranks, *ties]))
    if not d.flat:
        text += "\n" + _(LEAST_LINE).format(names=names_text(d.least_players), least=d.least)
    return text


def report(session: Session) -> str:
    parts = []
    if not flat(session):
        lines = event_lines(session)
        if lines:
            parts.append(_(TRACKED_TITLE) + "\n" + "\n".join("  " + line for line in lines))
        parts.append(summary_text(session))
    if session.scorable():
        parts.append(standings_text(session.score(), session.game))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)


# --- the score sheet ------------------------------------------------------------------------------------

def sheet_for(r: rules.Rules):
    def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = 0,
              variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
        """Data for templates/london.toml: the edition's title, notes and rows; a column per player."""
        is_flat = rules.FLAT_PENALTIES in (result.variants if result else variants)
        if result is None:
            rows = [{"label": label} for label, _key in rows_for(r, is_flat)]
            ranking = [{"label": _(RANK_LABEL)}, *({"label": _(label)} for label, _key in
                                                   (() if is_flat else TIEBREAK_ROWS[r.slug]))]
            total = None
            fields = {"variants": _(FLAT_FIELD)} if is_flat else {}
        else:
            steps_, total_row, ranks, ties = reckoning_table(result, players)

            def by_player(row: Sequence[Any]) -> dict[str, Any]:
                return {"label": row[0], **{f"p{n}": v for n, v in enumerate(row[1:], start=1)}}

            rows = [by_player(row) for row in steps_]
            ranking = [by_player(row) for row in (ranks, *ties)]
            total = {f"p{n}": v for n, v in enumerate(total_row[1:], start=1)}
            fields = {"players": _(SEPARATOR).join(players), "date": date, "winner": names_text(result.winners),
                      "variants": _(FLAT_FIELD if is_flat else words.OFFICIAL_RULES)}
        # The place and tie-break figures come after the final score, in a grid of their own.
        reckoning = {"vars": {}, "rows": rows, **({"total": total} if total else {})}
        title = _(RANKING_TITLE_FLAT if is_flat else RANKING_TITLE)
        data: dict[str, Any] = {"title": _(SHEET_TITLE).format(title=_(TITLES[r.slug])), "player_names": list(players),
                                "fields": fields,
                                "notes": [rule_text(note) for note in (SHEET_NOTES_FLAT if is_flat
                                                                       else SHEET_NOTES[r.slug])],
                                "grids": {"reckoning": [reckoning], "ranking": [{"vars": {"title": title},
                                                                                 "rows": ranking}]}}
        if not is_flat:  # the variant has no poverty table
            bands = poverty_bands()
            data["poverty_bands"] = [label for label, _penalty in bands]
            data["poverty_over"] = [_(POVERTY_OVER).format(top=len(rules.POVERTY_PENALTY) - 1)]
            data["grids"]["poverty"] = [{"vars": {}, "rows": [
                {"label": _(POVERTY_ROW), **{f"band{n}": -penalty for n, (_band, penalty) in enumerate(bands, start=1)},
                 "over1": _(POVERTY_OVER_VALUE).format(n=rules.POVERTY_PENALTY_OVER_10)}]}]
        if result is not None and result.tiebreaks:
            data["grids"]["tiebreaks"] = [{"vars": {}, "rows": [{"label": say(line)} for line in result.tiebreaks]}]
        return data
    return sheet


# --- the recap on resume (scorepad.recap) ------------------------------------------------------------

RECAP_EVENT = N_("during play, event {number}")  # a tracked event: the part of a London game a resume recaps


def recap_totals(session: Session) -> str:
    return "" if flat(session) else summary_text(session)  # the flat variant tracks nothing


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [poverty points lost, unpaid loans, points they cost]; the flat-penalties variant
    records its poverty and debt points and no count of loans (None)."""
    detail = result.detail
    if detail.flat:
        return {"players": {p: [inputs["poverty"], None, inputs["debt"]] for p, inputs in detail.flat_inputs.items()}}
    return {"players": {p: [r.penalty, r.unpaid, r.loan_penalty] for p, r in detail.reckonings.items()}}


def _game(r: rules.Rules) -> Game:
    # title, blurb, variants and round_label are msgids: whoever prints them translates them (_()).
    return Game(slug=r.slug, title=TITLES[r.slug], players=rules.PLAYERS, variants=VARIANT_TEXTS,
                named_answers=((("setup", "track", None, "player"), None),),
                default_rounds=None, score=rules.score, steps=steps, template=TEMPLATE, sheet=sheet_for(r),
                report=report, round_label=ROUND_LABEL, blurb=BLURBS[r.slug], max_rounds=0, commands=commands,
                recap_totals=recap_totals, breakdown=reckoning_text, part_label=part_name, facts=facts,
                phrases=PHRASES)


GAME_1E = _game(rules.FIRST_EDITION)
GAME_2E = _game(rules.SECOND_EDITION)
