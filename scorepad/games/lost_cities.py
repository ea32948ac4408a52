"""Lost Cities at the table: the card notation, the guided match, the breakdowns, and the sheet data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from calculators import lost_cities as rules
from calculators.core import InvalidInput, Result
from scorepad.games.base import Ask, Explained, Game, Say, Step, one_of_players
from scorepad.grid import _parts, cell, grid, names_text, standings_text
from scorepad.i18n import N_, NP_, _, pgettext, plural, western_digits
from scorepad.words import OFFICIAL_RULES, listed

if TYPE_CHECKING:
    from scorepad.session import Session

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
NOTATION = N_("""  Type each expedition's cards in the order played: {wager} = wager, then the numbers.
    `w w 3 5 9 10`, `ww35910` and `ww3590` (0 = ten) are the same; Enter alone = not started;
    `undo` takes back the previous answer; Ctrl-C stops (everything is saved).""")
# TRANSLATORS: {players} are the two names, {games} "3 games", {variant_text} "official rules" or the variants.
# Keep the line breaks and the indentation.
SETUP = N_("""\
Setup for {players}: {games}, {variant_text}.
  • Deck: {deck} cards — {colours}: numbers {low}–{high} and {wagers} wagers each.
  • The board between you; each colour's discard pile goes on its space.
  • Shuffle, deal {hand} cards to each of you, face down. The other {pile} cards are the draw pile.""")
GAMES = NP_("{n} game", "{n} games")
# TRANSLATORS: {starts} is who starts and why ("Ana starts (the oldest player)."), {reshuffle} the dealing
# line of games 2 and 3 (or nothing), {notation} how to type the cards. Keep the line breaks and indentation.
GAME_START = N_("""\
── Game {number} of {games} ──
{starts}{reshuffle}
  A turn: 1. play a card onto your own expedition of its colour, or discard it face up on that
             colour's pile;  2. draw the top card of the draw pile or of any discard pile
             (not the card you have just discarded).
  Numbers go up within an expedition; wagers only before the first number.
  The game ends the moment the last card of the draw pile is drawn. Cards in hand don't count.
  Then enter each player's expeditions.
{notation}""")
STARTS_OLDEST = N_("{starter} starts (the oldest player).")
# TRANSLATORS: {high} and {low} are the two scores of the previous game, {number}.
STARTS_SCORED_MORE = N_("{starter} starts (scored more in game {number}: {high} to {low}).")
STARTS_AFTER_LEVEL = N_("{starter} starts (game {number} was level at {score}; {previous} started it).")
RESHUFFLE = N_("Gather all cards, shuffle, deal {hand} each; the rest is the draw pile.")
ASK_OLDEST = N_("Who is the oldest player? (They start game 1.)")
# TRANSLATORS: a question; {colour} is the expedition's colour, as a label ("Yellow"). Keep the colon at the end.
ASK_CARDS = N_("Game {number} · {player} · {colour}:")
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


def wager_words() -> tuple[str, ...]:
    """What a player types for a wager: `w`, and the chosen language's own short word."""
    # TRANSLATORS: typed for a wager card in Lost Cities (English: w); one or two letters of your word for a
    # wager, different from every digit. `w` always works too.
    own = pgettext("typed word", "w").strip().casefold()
    return tuple(dict.fromkeys(word for word in ("w", own) if word))


def _listed(items: Sequence[str]) -> str:
    return listed(items)


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
                                                                     colours=_listed(v["colours"])),
    "lost-cities.deck-wagers": lambda v: _(DECK_WAGERS).format(**{**v, "colour": colour_word(v["colour"])}),
    "lost-cities.card-taken": lambda v: _(CARD_TAKEN).format(**{**v, "colour": colour_word(v["colour"])}),
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
# TRANSLATORS: {char} is the character typed; {wager} the letter(s) for a wager (w, and your language's word).
NOT_A_TYPED_CARD = N_("{char!r} is not a card: {wager} for a wager, 2–9, and 10 (or 0) for ten")


# --- the notation ---------------------------------------------------------------------------------------

def parse_cards(text: str, **where: Any) -> list[Any]:
    """`w w 3 5 9 10`, `ww35910`, `W,W,3,5,9,0` → ["W", "W", 3, 5, 9, 10]; "" or "-" → [].

    There is no card 1, so a 1 can only start a 10; a lone 0 is also ten, the easiest to type. Persian and
    Arabic-Indic digits are the same cards (`۳ ۵ ۹`, `٣٥٩`), and the chosen language's word for a wager is a wager.
    """
    compact = "".join(ch for ch in western_digits(text.strip()) if not ch.isspace() and ch != ",")
    if compact in ("", "-"):
        return []
    wagers = sorted(wager_words(), key=len, reverse=True)  # the longest first: "ст" before "с"
    cards: list[Any] = []
    i = 0
    while i < len(compact):
        ch = compact[i]
        word = next((w for w in wagers if compact[i:i + len(w)].casefold() == w), None)
        if word:
            cards.append(rules.WAGER)
            i += len(word) - 1
        elif ch == "1" and compact[i + 1:i + 2] == "0":
            cards.append(10)
            i += 1
        elif ch == "0":
            cards.append(10)
        elif ch in "23456789":
            cards.append(int(ch))
        elif ch == "1":
            raise InvalidInput("lost-cities.no-card-one", **where)
        else:
            raise InvalidInput("lost-cities.not-a-typed-card", char=ch, **where)
        i += 1
    return cards


def format_cards(cards: Sequence[Any]) -> str:
    """`W 3 5 10`: a wager as the chosen language's letter for it (`ش 3 5 10` in Persian), so it parses back."""
    wager = wager_words()[-1].upper()
    return " ".join(wager if str(card).upper() == rules.WAGER else str(card).upper() for card in cards)


# --- the guided match ---------------------------------------------------------------------------------

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    out: list[Step] = [Say(lambda: setup_text(session, r)),
                       Ask(("setup", "oldest"), _(ASK_OLDEST), parse=one_of_players(session.players, field="oldest"),
                           choices=tuple(session.players))]
    for number in range(session.rounds_planned):
        out.append(Say(lambda n=number: game_start_text(session, n, r)))
        for player in session.players:
            for colour in r.colours:
                out.append(_card_question(session, r, number, player, colour))
            out.append(Say(lambda n=number, p=player: player_breakdown(session, n, p, r)))
        out.append(Say(lambda n=number: games_table(session.score(n + 1), session.players)))
    out.append(Say(lambda: standings_text(session.score(session.rounds_planned), session.game)))
    return out


def _card_question(session: Session, r: rules.Rules, number: int, player: str, colour: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": colour}

    def parse(text: str) -> list[Any]:
        cards = parse_cards(text, **where)
        # The deck check needs both players' cards of this game: check the game with this answer in it.
        game = {p: {c: session.get("rounds", number, p, c) for c in r.colours
                    if session.get("rounds", number, p, c) is not None} for p in session.players}
        game[player][colour] = cards
        return list(rules.check_round(game, r, round=number + 1)[player][colour])

    def echo(cards: list[Any]) -> str:
        line = expedition_line(rules.score_expedition(cards, r, colour))
        return _(ECHO).format(colour=colour_name(colour), line=line)

    return Ask(("rounds", number, player, colour),
               _(ASK_CARDS).format(number=number + 1, player=player, colour=colour_name(colour)),
               parse=parse, show=format_cards, echo=echo)


def setup_text(session: Session, r: rules.Rules) -> str:
    games = session.rounds_planned
    return _(SETUP).format(players=names_text(session.players), games=plural(GAMES, games).format(n=games),
                           variant_text=variant_text(session.variants), deck=r.deck_size,
                           colours=_listed([colour_name(c) for c in r.colours]), low=rules.NUMBERS[0],
                           high=rules.NUMBERS[-1], wagers=rules.WAGERS_PER_COLOUR, hand=rules.HAND_SIZE,
                           pile=r.deck_size - 2 * rules.HAND_SIZE)


def variant_text(variants: Sequence[str]) -> str:
    return _(OFFICIAL_RULES) if not variants else _(VARIANTS_TEXT).format(names=_listed(variants))


def starter(session: Session, number: int) -> tuple[str, str]:
    """Who starts game `number` (0-based), and the line that says so and why (K-EN: the oldest, then whoever
    scored more). On a level previous game the rules are silent; the other player starts, so starts alternate.
    """
    if number == 0:
        name = session.get("setup", "oldest", default=session.players[0])
        return name, _(STARTS_OLDEST).format(starter=name)
    last = session.score(number).detail[number - 1]
    a, b = session.players
    score_a, score_b = (sum(e.score for e in last[p]) for p in (a, b))
    if score_a != score_b:
        winner = a if score_a > score_b else b
        high, low = max(score_a, score_b), min(score_a, score_b)
        return winner, _(STARTS_SCORED_MORE).format(starter=winner, number=number, high=cell(high), low=cell(low))
    previous, _line = starter(session, number - 1)
    other = b if previous == a else a
    return other, _(STARTS_AFTER_LEVEL).format(starter=other, number=number, score=cell(score_a), previous=previous)


def game_start_text(session: Session, number: int, r: rules.Rules) -> str:
    _name, starts = starter(session, number)
    reshuffle = "\n  " + _(RESHUFFLE).format(hand=rules.HAND_SIZE) if number else ""
    notation = _(NOTATION).format(wager=wager_words()[-1])
    return _(GAME_START).format(number=number + 1, games=session.rounds_planned, starts=starts, reshuffle=reshuffle,
                                notation=notation)


# --- breakdowns -----------------------------------------------------------------------------------------

def expedition_line(e: rules.Expedition) -> str:
    """`W 3 4 6 8 9  (30 − 20) × 2 = 20`, with the bonus and the variants' zero spelled out."""
    if not e.started:
        return _(NOT_STARTED)
    if not e.numbers and e.score == 0:
        return _(WAGERS_ALONE).format(cards=format_cards(e.cards))
    formula = f"({e.card_sum} − {rules.EXPEDITION_COST})"
    if e.multiplier > 1:
        formula += f" × {e.multiplier}"
    if e.bonus:
        formula = _(WITH_BONUS).format(formula=formula, bonus=e.bonus)
    return f"{format_cards(e.cards)}   {formula} = {cell(e.score)}"


def breakdown_rows(expeditions: Sequence[rules.Expedition]) -> list[list[Any]]:
    rows = []
    for e in expeditions:
        if not e.started:
            rows.append([colour_name(e.colour), "—", "", "", "", "", 0])
            continue
        rows.append([colour_name(e.colour), format_cards(e.cards), e.card_sum, -rules.EXPEDITION_COST,
                     f"×{e.multiplier}", f"+{e.bonus}" if e.bonus else "", e.score])
    return rows


def player_breakdown(session: Session, number: int, player: str, r: rules.Rules) -> str:
    columns = {c: session.get("rounds", number, player, c) for c in r.colours}
    # check_expedition: an imported table may write a wager "w"; it scored, so it is a valid column
    expeditions = rules.score_player({c: list(rules.check_expedition(v)) for c, v in columns.items() if v is not None},
                                     r)
    # A colour missing from an imported table was not started; in a game being entered it is still to come.
    pending = not session.finished and number >= session.complete_rounds()
    rows = [row if columns[e.colour] is not None or not pending else [row[0], _(NOT_ENTERED)]
            for row, e in zip(breakdown_rows(expeditions), expeditions)]
    total = sum(e.score for e in expeditions)
    line = GAME_TOTAL_SO_FAR if pending and None in columns.values() else GAME_TOTAL
    return (_(BREAKDOWN_TITLE).format(player=player, number=number + 1) + "\n"
            + grid([_(h) for h in BREAKDOWN_HEADERS], rows)
            + "\n  " + _(line).format(number=number + 1, player=player, total=cell(total)))


def games_table(result: Result, players: Sequence[str]) -> str:
    """Game scores and running totals for every game so far, a column pair per player."""
    by = {s.player: s for s in result.standings}
    rows = []
    for number in range(len(by[players[0]].rounds)):
        row: list[Any] = [_(GAME_ROW).format(number=number + 1)]
        for p in players:
            row += [by[p].rounds[number], sum(by[p].rounds[:number + 1])]
        rows.append(row)
    return _(SCORES_SO_FAR) + "\n" + grid(["", *[h for p in players for h in (p, _(RUNNING_TOTAL))]], rows)


def breakdown(result: Result) -> str:
    """The breakdown under the standings: each expedition over the match, its colour worded (`parts` are keys)."""
    worded = replace(result, standings=tuple(
        replace(s, parts={colour_word(colour): points for colour, points in s.parts.items()})
        for s in result.standings))
    return _parts(worded, cell)


def report(session: Session) -> str:
    """Everything recorded so far: each game's breakdown per player, then the running totals."""
    r = rules.rules_for(session.variants)
    parts = []
    oldest = session.get("setup", "oldest")
    if oldest:
        parts.append(_(OLDEST_PLAYER).format(oldest=oldest))
    for number in range(session.rounds_planned):
        for player in session.players:
            if any(session.get("rounds", number, player, c) is not None for c in r.colours):
                parts.append(player_breakdown(session, number, player, r))
    complete = session.complete_rounds()
    if complete:
        result = session.score(complete)
        parts.append(games_table(result, session.players))
        if session.finished:
            parts.append(standings_text(result, session.game))
    return "\n\n".join(parts) if parts else _(NOTHING_YET)


# --- the score sheet ------------------------------------------------------------------------------------

def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/lost-cities.toml: filled from a scored table (players in table order), or a blank pad.
    Every text in it is in the chosen language; a row's `key` (its colour tab) stays English."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.detail)
    rounds = min(rounds, rules.MAX_ROUNDS)  # a pad of more is refused (`sheet --blank`), after no 100,000 grids
    by = {s.player: s for s in result.standings} if result else {}
    game_grids = []
    for number in range(rounds):
        for player in players:
            if result is None:
                rows = [{"label": colour_name(c), "key": COLOUR_KEYS[c]} for c in r.colours]
                total = None
            else:
                expeditions = result.detail[number][player]
                rows = [dict(zip(["label", "cards", "sum", "cost", "mult", "bonus", "score"], row))
                        for row in breakdown_rows(expeditions)]
                for row, e in zip(rows, expeditions):
                    row["key"] = COLOUR_KEYS[e.colour]
                    row["wagers"] = e.wagers if e.started else ""
                    if not e.started:
                        row.update(sum="", cost="", mult="")
                total = {"score": by[player].rounds[number]}
            game_grids.append({"vars": {"round": number + 1, "player": player}, "rows": rows,
                               **({"total": total} if total else {})})
    match_rows = []
    for player in players:
        row: dict[str, Any] = {"label": player}
        if result is not None:
            row.update({f"game{n + 1}": v for n, v in enumerate(by[player].rounds)}, total=by[player].total,
                       mark=by[player].rank == 1)
        match_rows.append(row)
    fields = {}
    if result is not None:
        fields = {"players": _listed(players), "date": date, "variants": variant_text(result.variants),
                  "winner": names_text(result.winners)}
    elif variants:
        fields = {"variants": variant_text(variants)}
    return {"rounds": rounds, "fields": fields, "notes": [sheet_note()],
            "grids": {"game": game_grids, "match": [{"vars": {}, "rows": match_rows}]}}


def sheet_note() -> str:
    return _(SHEET_NOTE).format(cost=rules.EXPEDITION_COST, bonus=rules.BONUS, cards=rules.BONUS_MIN_CARDS)


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: every expedition, one flat list per player (kept flat: a history of 10,000 matches is read
    at once), game by game and colour by colour in the order of `colours`: its points (None: not started) and
    its wager count. scorepad.history counts the starts, the mean points and what the wagers returned."""
    players: dict[str, list[Any]] = {}
    for game in result.detail:
        for player, expeditions in game.items():
            players.setdefault(player, []).extend(
                figure for e in expeditions for figure in (e.score if e.started else None, e.wagers))
    return {"colours": list(rules.rules_for(result.variants).colours), "players": players}


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=VARIANTS,
            named_answers=((("setup", "oldest"), None),),
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="lost-cities",
            sheet=sheet, report=report, round_label=ROUND_LABEL, blurb=BLURB, max_rounds=rules.MAX_ROUNDS,
            breakdown=breakdown, field_label=field_label, part_label=lambda key: field_label(key) or key,
            facts=facts, phrases=PHRASES)
