"""London's words, both editions: its texts for people with the calculator's rule values, the typed words, and
the wording of its phrases (its calculator's refusals and tie-break lines, the prompt's refusals)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculators import london as rules
from scorepad.grid import cell, names_text, safe
from scorepad.i18n import N_, NP_, Plural, _, pgettext, plural

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
# The heading of each edition's column in `scorepad players` (the line under the table gives the whole title).
COLUMN_HEADINGS = {
    # TRANSLATORS: a column heading of `scorepad players`: finished London (first edition, 2010) sessions (short).
    "london-1e": lambda: pgettext("players column", "L1"),
    # TRANSLATORS: a column heading of `scorepad players`: finished London (second edition, 2017) sessions (short).
    "london-2e": lambda: pgettext("players column", "L2"),
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
# question asked (e.g. "Event 3 · Who takes loans?").
EVENT_LABEL = N_("Event {n} · {question}")
# The event is named in the question: a resumed game shows no menu before it.
ASK_WHO = {"loan": N_("Who takes loans?"), "repay": N_("Who repays loans?"), "run": N_("Who runs their city?"),
           "relief": N_("Who removes poverty?"), "gain": N_("Who gains poverty?"),
           "points": N_("Who scores points?")}
# TRANSLATORS: {undo} is the menu's last choice, the word typed to take back the previous answer.
# TRANSLATORS: under "Who repays loans?" when nobody can: {undo} is the menu's choice that takes the event back.
NOBODY_TO_REPAY = N_("nobody holds a tracked loan: choose {undo}")
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
ASK_FIELD = N_("{player} · {question}")
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
# TRANSLATORS: under a question: {value} is the figure scorepad tracked during play (an empty answer keeps it).
TRACKED = N_("{value} tracked")
STARTING = N_("{value} at the start, nothing tracked")  # 1st ed: 5 poverty each
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
# `stats`: poverty and loans, as means per game (facts.py).
POVERTY = N_("Poverty and loans (means per game):")
# TRANSLATORS: a column of London's figures: the points lost to poverty.
POVERTY_PENALTY = N_("Poverty penalty")
# TRANSLATORS: a column of London's figures: the most poverty a player ended one game with (poverty points, not
# the points they cost).
POVERTY_WORST = N_("Worst poverty")
UNPAID_LOANS = N_("Unpaid loans")
# TRANSLATORS: a column of London's figures: the points lost to unpaid loans.
LOAN_PENALTY = N_("Loan penalty")

# Rows of the reckoning, in the rulebook's order: (label, what to show) — S1 §2.6 and S3 §3.6.
ROWS_1E = (
    # TRANSLATORS: rows of the reckoning (screen and sheet). Keep each row's step number and its leading spaces:
    # they indent the rows of one step under its first.
    (N_("1. Money £"), "money"), (N_("   Loans"), "loans"), (N_("   Loans repaid (£{repay} each)"), "repaid"),
    (N_("   Money left £"), "money_left"),
    (N_("2. Poverty held"), "poverty_held"), (N_("   + cards in hand"), "hand"), (N_("   = poverty"), "poverty"),
    (N_("3a. 1 VP per full £{per_point}"), "money_vp"), (N_("3b. Borough VP"), "land_vp"),
    # TRANSLATORS: right to left, write the figure with its sign against it (−{unpaid}, +{underground}) as the
    # notes do: a sign a space away reads as the step's operator, and the sheet draws it at the figure's right.
    (N_("      + {underground} per Underground"), "underground_vp"),
    (N_("3c. City cards"), "card_vp"), (N_("3d. VP counters"), "vp"),
    # TRANSLATORS: right to left, write the figure with its sign against it (−{unpaid}, +{underground}) as the
    # notes do: a sign a space away reads as the step's operator, and the sheet draws it at the figure's right.
    (N_("4. − {unpaid} per unpaid loan"), "-loan_penalty"), (N_("   = VP before poverty"), "before_poverty"),
    (N_("5. − least poverty"), "-least"), (N_("   = poverty left (tie-break 1)"), "poverty_left"),
    (N_("6. Poverty penalty"), "-penalty"),
)
ROWS_2E = (
    (N_("1. Poverty held"), "poverty_held"), (N_("   + cards in hand"), "hand"), (N_("   = poverty"), "poverty"),
    (N_("2. Score track"), "vp"), (N_("   + city cards"), "card_vp"),
    (N_("3. Money £"), "money"), (N_("   Loans"), "loans"), (N_("   Loans repaid (£{repay} each)"), "repaid"),
    (N_("   Money left £"), "money_left"), (N_("4. 1 per full £{per_point}"), "money_vp"),
    # TRANSLATORS: right to left, write the figure with its sign against it (−{unpaid}, +{underground}) as the
    # notes do: a sign a space away reads as the step's operator, and the sheet draws it at the figure's right.
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
# TRANSLATORS: {counters} is "7 Underground counters"; each lies in an occupied borough, worth {least} VP or more,
# so they need {need} borough VP at least.
UNDERGROUND_OVER_VP = N_("{counters} but borough VP {vp}: each lies in an occupied borough worth {least} VP or more "
                         "({need} at least)")
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
    "london.underground-over-borough-vp": lambda v: _(UNDERGROUND_OVER_VP).format(
        counters=counted(COUNTERS, v["counters"]), vp=v["vp"], least=v["least"], need=v["counters"] * v["least"]),
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


RECAP_EVENT = N_("during play, event {number}")  # a tracked event: the part of a London game a resume recaps
