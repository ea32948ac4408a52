"""Lost Cities' words: its texts for people, the colours' names, the typed word for a wager, and the wording of its
phrases (its calculator's refusals and the notation's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import lost_cities as rules
from scorepad.games.base import Explained
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.words import OFFICIAL_RULES, listed
# --- text for people ----------------------------------------------------------------------------------
# Every text is an English msgid (scorepad/i18n.py), translated where it is used. Rule values are filled in
# from calculators/lost_cities.py.

# TRANSLATORS: the game's title as published in your language (else the original, Lost Cities).
TITLE = N_("Lost Cities")
BLURB = N_("Two explorers, five expeditions (six with purple); a match is three games, scores added.")
# What each variant (its name is typed: --variant purple) means, as `scorepad games` lists it.
VARIANTS = Explained({
    # TRANSLATORS: a variant of Lost Cities; {cards} is the size of the deck with purple (72), {others} the
    # number of the other expeditions (5).
    "purple": N_("sixth expedition (2019 long game): {cards} cards, purple scores like the other {others}"),
    # TRANSLATORS: a variant of Lost Cities; {bonus} is the bonus (20), {bonus_cards} the cards it needs (8).
    "bonus-numbers-only": N_("the +{bonus} bonus needs {bonus_cards} number cards; wagers don't count "
                             "(Arabic summary)"),
    # TRANSLATORS: a variant of Lost Cities; the three scores are an expedition of 1, 2 or 3 wagers and no number.
    "wagers-alone-score-zero": N_("an expedition of wagers only scores 0 instead of −{one}/−{two}/−{three} "
                                  "(Arabic summary)"),
}, cards=rules.rules_for(["purple"]).deck_size, others=len(rules.CLASSIC_COLOURS), bonus=rules.BONUS,
    bonus_cards=rules.BONUS_MIN_CARDS, **{word: -rules.score_expedition([rules.WAGER] * n).score
                                          for n, word in enumerate(("one", "two", "three"), start=1)})
# TRANSLATORS: what a round is called in a Lost Cities match (a match is three games): "Game 1", "Game 2".
ROUND_LABEL = N_("Game")
# TRANSLATORS: keep the line breaks and the indentation. `w w 3 5 9 10` and the other examples are what a
# player types: keep them; `undo` is the word typed to take an answer back. {wager} is the letter typed for a
# wager in your language (the typed word "w"); 0 stands for the card 10.
# TRANSLATORS: {wager} and {undo} are the words typed at the prompt for a wager and to take an answer back (your
# language's).
NOTATION = N_("""  Type each expedition's cards in the order played: {wager} = wager, then the numbers.
    `w w 3 5 9 10`, `ww35910` and `ww3590` (0 = ten) are the same; Enter alone = not started;
    `{undo}` takes back the previous answer; Ctrl-C stops (everything is saved).""")
# TRANSLATORS: {players} are the two names, {games} "3 games", {variant_text} "official rules" or the variants.
# Keep the line breaks and the indentation.
SETUP = N_("""\
Setup for {players}: {games}, {variant_text}.
  • Deck: {deck} cards — {colours}: numbers {low}–{high} and {wagers} wagers each.
  • The board between you; each colour's discard pile goes on its space.
  • Shuffle, deal {hand} cards to each of you, face down. The other {pile} cards are the draw pile.""")
GAMES = NP_("{n} game", "{n} games")
# TRANSLATORS: {starts} is who starts and why ("Ana starts (the oldest player)."), {reshuffle} the dealing
# line of games 2 and 3 (or nothing). Keep the line breaks.
GAME_HEADING = N_("""\
── Game {number} of {games} ──
{starts}{reshuffle}""")
# The rules of a turn: under the first game's heading, then on `guide` (each game's start repeated them: 16 lines
# that pushed the last breakdown and the scores so far off an 80×24 screen).
# TRANSLATORS: {notation} is how to type the cards. Keep the line breaks and the indentation.
TURN_RULES = N_("""\
  A turn: 1. play a card onto your own expedition of its colour, or discard it face up on that
             colour's pile;  2. draw the top card of the draw pile or of any discard pile
             (not the card you have just discarded).
  Numbers go up within an expedition; wagers only before the first number.
  The game ends the moment the last card of the draw pile is drawn. Cards in hand don't count.
  Then enter each player's expeditions.
{notation}""")
# TRANSLATORS: under the heading of games 2 and 3, instead of the rules; {guide} is the word typed to see them.
GAME_AGAIN = N_("  Then enter each player's expeditions; `{guide}` shows the rules again.")
# TRANSLATORS: what the prompt word `guide` does, in the list `help` prints.
GUIDE_HELP = N_("a turn's rules and how to type the cards")
STARTS_OLDEST = N_("{starter} starts (the oldest player).")
# TRANSLATORS: {high} and {low} are the two scores of the previous game, {number}.
STARTS_SCORED_MORE = N_("{starter} starts (scored more in game {number}: {high} to {low}).")
STARTS_AFTER_LEVEL = N_("{starter} starts (game {number} was level at {score}; {previous} started it).")
RESHUFFLE = N_("Gather all cards, shuffle, deal {hand} each; the rest is the draw pile.")
ASK_OLDEST = N_("Who is the oldest player?")
OLDEST_HINT = N_("They start game 1.")
# TRANSLATORS: an expedition's question, and how `fix` and `undo` name its answer; {colour} is the expedition's
# colour, as a label ("Yellow").
CARDS_LABEL = N_("Game {number} · {player} · {colour}")
ECHO = N_("  {colour}: {line}")  # the answer accepted: "  Blue: W 3 4 6 8 9   (30 − 20) × 2 = 20"
NOT_STARTED = N_("not started = 0")
# TRANSLATORS: {cards} are wagers only ("W W"), which score 0 under the variant wagers-alone-score-zero.
WAGERS_ALONE = N_("{cards}   wagers alone = 0")
# TRANSLATORS: the expedition's reckoning "(30 − 20) × 2" followed by its bonus: "(30 − 20) × 2 + 20 bonus".
WITH_BONUS = N_("{formula} + {bonus} bonus")
BREAKDOWN_HEADERS = [N_("Expedition"), N_("Cards"), N_("Sum"), N_("Cost"), "×", N_("Bonus"), N_("Score")]
NOT_ENTERED = N_("(not entered yet)")
BREAKDOWN_TITLE = N_("{player}, game {number}:")
GAME_TOTAL = N_("Game {number} total for {player}: {total}")
GAME_TOTAL_SO_FAR = N_("Game {number} total for {player} so far: {total}")
GAME_ROW = N_("Game {number}")
SCORES_SO_FAR = N_("Scores so far:")
# TRANSLATORS: a column heading of the scores so far, beside each player's game score: the running total.
RUNNING_TOTAL = N_("total")
OLDEST_PLAYER = N_("Oldest player (started game 1): {oldest}")
NOTHING_YET = N_("Nothing recorded yet.")
# TRANSLATORS: {names} are variant names as typed (purple, bonus-numbers-only): keep them.
VARIANTS_TEXT = N_("variants: {names}")
# The score sheet's reminder under its title, worded here so that the rule values are the calculator's.
SHEET_NOTE = N_("Score = (card sum − {cost}) × (1 + wagers); +{bonus} if {cards} or more cards. "
                "Unstarted expedition: 0.")

# `stats`: what the expeditions of every match returned (facts.py).
EXPEDITIONS = N_("Expeditions (mean points of a started one; with each number of wagers, and how many):")
COLOUR = N_("Colour")
# TRANSLATORS: a column: how often an expedition of this colour was started (a percentage of the chances).
STARTED = N_("Started")
NO_WAGER = N_("No wager")
WAGERS = NP_("{n} wager", "{n} wagers")
# TRANSLATORS: a cell: a mean and, in brackets, how many it is the mean of ("12.50 (4)").
MEAN_OF = N_("{mean} ({count})")

# The colours: an expedition's name as a label ("Yellow", in a question, a breakdown and on the sheet) and as a
# word in a sentence ("blue 9 is already in Ana's expedition"). The table file's keys stay English ("yellow").
COLOUR_LABELS = {
    "yellow": lambda: pgettext("Lost Cities expedition", "Yellow"),
    "blue": lambda: pgettext("Lost Cities expedition", "Blue"),
    "white": lambda: pgettext("Lost Cities expedition", "White"),
    "green": lambda: pgettext("Lost Cities expedition", "Green"),
    "red": lambda: pgettext("Lost Cities expedition", "Red"),
    "purple": lambda: pgettext("Lost Cities expedition", "Purple"),
}
COLOUR_WORDS = {
    "yellow": lambda: pgettext("Lost Cities expedition, in a sentence", "yellow"),
    "blue": lambda: pgettext("Lost Cities expedition, in a sentence", "blue"),
    "white": lambda: pgettext("Lost Cities expedition, in a sentence", "white"),
    "green": lambda: pgettext("Lost Cities expedition, in a sentence", "green"),
    "red": lambda: pgettext("Lost Cities expedition, in a sentence", "red"),
    "purple": lambda: pgettext("Lost Cities expedition, in a sentence", "purple"),
}
# The sheet's colour tabs (templates/lost-cities.toml row_colors) are keyed by the English label.
COLOUR_KEYS = {colour: colour.title() for colour in COLOUR_LABELS}


def colour_name(colour: str) -> str:
    """An expedition's colour as a label, in the chosen language ("Yellow")."""
    return COLOUR_LABELS[colour]() if colour in COLOUR_LABELS else colour.title()


def colour_word(colour: str) -> str:
    """An expedition's colour as a word in a sentence, in the chosen language ("yellow")."""
    return COLOUR_WORDS[colour]() if colour in COLOUR_WORDS else colour


def field_label(key: str) -> str | None:
    """How an error names a table file's field: a colour as its word ("round 2, player Ana, blue: …")."""
    return colour_word(key) if key in COLOUR_WORDS else None


def column_heading() -> str:
    """The heading of its column in `scorepad players` (the line under the table gives the whole title)."""
    # TRANSLATORS: a column heading of `scorepad players`: finished Lost Cities sessions. Two to six characters
    # (an abbreviation is fine: the line under the table gives the whole title).
    return pgettext("players column", "LC")


def wager_words() -> tuple[str, ...]:
    """What a player types for a wager: `w`, and the chosen language's own short word."""
    # TRANSLATORS: typed for a wager card in Lost Cities (English: w) and printed for it on the sheet; one or two
    # letters of your word for a wager that neither are nor look like a digit (an alif reads as a 1 before the
    # cards). `w` always works too.
    own = pgettext("typed word", "w").strip().casefold()
    return tuple(dict.fromkeys(word for word in ("w", own) if word))


def variant_text(variants: Sequence[str]) -> str:
    return _(OFFICIAL_RULES) if not variants else _(VARIANTS_TEXT).format(names=listed(variants))


# The refusals of calculators/lost_cities.py and of the notation: code → wording (scorepad/words.py).
PHRASES: dict[str, Any] = {
    "lost-cities.not-a-list": N_("{cards!r} is not a list of cards"),
    # TRANSLATORS: {last} is the number card before the wager.
    "lost-cities.wager-after-number": N_("wager after {last}: wagers go before the first number"),
    "lost-cities.card-twice": N_("{card} appears twice; each number is in the deck once"),
    # TRANSLATORS: {card} was played after {last}, a higher number of the same expedition.
    "lost-cities.not-up": N_("{card} after {last}: numbers must go up"),
    # TRANSLATORS: {card} is what the table file holds; "W" is the table file's wager: keep it.
    "lost-cities.not-a-card": N_("{card!r} is not a card: a wager is \"{wager}\", numbers are {low}–{high}"),
    "lost-cities.too-many-wagers": lambda v: plural(TOO_MANY_WAGERS, v["wagers"]).format(**v),
    "lost-cities.needs-purple": N_("unknown colour {colour!r} (needs the purple variant)"),
    # TRANSLATORS: {colour} and {colours} are the table file's colour keys (yellow, blue…): keep them.
    "lost-cities.unknown-colour": lambda v: _(UNKNOWN_COLOUR).format(colour=v["colour"],
                                                                     colours=listed(v["colours"])),
    "lost-cities.deck-wagers": lambda v: _(DECK_WAGERS).format(**{**v, "colour": colour_word(v["colour"])}),
    "lost-cities.card-taken": lambda v: _(CARD_TAKEN).format(**{**v, "colour": colour_word(v["colour"])}),
    "lost-cities.card-held": lambda v: (
        _(CARD_HELD).format(**{**v, "colour": colour_word(v["colour"])}, fix=pgettext("typed word", "fix"))
        if v.get("shell") is None else _(CARD_HELD_SHELL).format(**{**v, "colour": colour_word(v["colour"])})),
    # TRANSLATORS: typed at the question of an expedition's cards.
    "lost-cities.no-card-one": N_("there is no card 1: type 10 (or 0) for ten"),
    "lost-cities.not-a-typed-card": lambda v: _(NOT_A_TYPED_CARD).format(
        char=v["char"], wager=" / ".join(wager_words())),
}
TOO_MANY_WAGERS = NP_("{wagers} wager; each colour has {most}", "{wagers} wagers; each colour has {most}")
UNKNOWN_COLOUR = N_("unknown colour {colour!r} (colours: {colours})")
# TRANSLATORS: {wagers} wagers of the colour {colour} (a word: "blue") across both players' expeditions.
DECK_WAGERS = N_("{wagers} {colour} wagers in this game across both players; the deck has {most}")
# TRANSLATORS: "{colour} {card}" is a card ("red 7"); {owner} is the other player.
CARD_TAKEN = N_("{colour} {card} is already in {owner}'s expedition; the deck has one of each")
# TRANSLATORS: at the prompt: "{colour} {card}" is a card ("red 7") the other player's earlier answer holds:
# {answer} names it ("Game 1 · Ben · Red"), {cards} are its cards as typed; {fix} is the word typed at the prompt to
# change an earlier answer (your language's).
CARD_HELD = N_("{colour} {card} is already in {owner}'s expedition ({answer}: {cards}); if that answer is wrong, "
               "`{fix}` changes it")
# TRANSLATORS: as CARD_HELD, said by `scorepad edit` in the shell: {shell} is the session's id; `scorepad edit {shell}`
# is the command that changes the other answer (kept as it is).
CARD_HELD_SHELL = N_("{colour} {card} is already in {owner}'s expedition ({answer}: {cards}); if that answer is "
                     "wrong, `scorepad edit {shell}` changes it")
# TRANSLATORS: {char} is the character typed; {wager} the letter(s) for a wager (w, and your language's word).
NOT_A_TYPED_CARD = N_("{char!r} is not a card: {wager} for a wager, 2–9, and 10 (or 0) for ten")
