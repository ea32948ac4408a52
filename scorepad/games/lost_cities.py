"""Lost Cities at the table: the card notation, the guided match, the breakdowns, and the sheet data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from calculators import lost_cities as rules
from calculators.core import InvalidInput, Result
from scorepad.games.base import Ask, Game, Say, Step, one_of_players
from scorepad.grid import cell, grid, standings_text

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------

TITLE = "Lost Cities"
BLURB = "Two explorers, five expeditions (six with purple); a match is three games, scores added."
NOTATION = """  Type each expedition's cards in the order played: w = wager, then the numbers.
    `w w 3 5 9 10`, `ww35910` and `ww3590` (0 = ten) are the same; Enter alone = not started;
    `undo` takes back the previous answer; Ctrl-C stops (everything is saved)."""
SETUP = """\
Setup for {players}: {games}, {variant_text}.
  • Deck: {deck} cards — {colours}: numbers 2–10 and 3 wagers each.
  • The board between you; each colour's discard pile goes on its space.
  • Shuffle, deal {hand} cards to each of you, face down. The other {pile} cards are the draw pile."""
GAME_START = """\
── Game {number} of {games} ──
{starter} starts{why}.{reshuffle}
  A turn: 1. play a card onto your own expedition of its colour, or discard it face up on that
             colour's pile;  2. draw the top card of the draw pile or of any discard pile
             (not the card you have just discarded).
  Numbers go up within an expedition; wagers only before the first number.
  The game ends the moment the last card of the draw pile is drawn. Cards in hand don't count.
  Then enter each player's expeditions.
{notation}"""
RESHUFFLE = "\n  Gather all cards, shuffle, deal {hand} each; the rest is the draw pile."
ASK_OLDEST = "Who is the oldest player? (They start game 1.)"
ASK_CARDS = "Game {number} · {player} · {colour}:"

COLOUR_NAMES = {"yellow": "Yellow", "blue": "Blue", "white": "White", "green": "Green", "red": "Red",
                "purple": "Purple"}


# --- the notation ---------------------------------------------------------------------------------------

def parse_cards(text: str, **where: Any) -> list[Any]:
    """`w w 3 5 9 10`, `ww35910`, `W,W,3,5,9,0` → ["W", "W", 3, 5, 9, 10]; "" or "-" → [].

    There is no card 1, so a 1 can only start a 10; a lone 0 is also ten, the easiest to type.
    """
    compact = "".join(ch for ch in text.strip() if not ch.isspace() and ch != ",")
    if compact in ("", "-"):
        return []
    cards: list[Any] = []
    i = 0
    while i < len(compact):
        ch = compact[i]
        if ch in "wW":
            cards.append(rules.WAGER)
        elif ch == "1" and compact[i + 1:i + 2] == "0":
            cards.append(10)
            i += 1
        elif ch == "0":
            cards.append(10)
        elif ch in "23456789":
            cards.append(int(ch))
        elif ch == "1":
            raise InvalidInput("there is no card 1: type 10 (or 0) for ten", **where)
        else:
            raise InvalidInput(f"{ch!r} is not a card: w for a wager, 2–9, and 10 (or 0) for ten", **where)
        i += 1
    return cards


def format_cards(cards: Sequence[Any]) -> str:
    return " ".join(str(card).upper() for card in cards)


def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour.title())


# --- the guided match ---------------------------------------------------------------------------------

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    out: list[Step] = [Say(lambda: setup_text(session, r)),
                       Ask(("setup", "oldest"), ASK_OLDEST, parse=one_of_players(session.players, field="oldest"),
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
        return f"  {colour_name(colour)}: {expedition_line(rules.score_expedition(cards, r, colour))}"

    return Ask(("rounds", number, player, colour),
               ASK_CARDS.format(number=number + 1, player=player, colour=colour_name(colour)),
               parse=parse, show=format_cards, echo=echo)


def setup_text(session: Session, r: rules.Rules) -> str:
    games = session.rounds_planned
    return SETUP.format(players=" and ".join(session.players),
                        games=f"{games} game{'s' if games != 1 else ''}",
                        variant_text=variant_text(session.variants), deck=r.deck_size,
                        colours=", ".join(colour_name(c) for c in r.colours), hand=rules.HAND_SIZE,
                        pile=r.deck_size - 2 * rules.HAND_SIZE)


def variant_text(variants: Sequence[str]) -> str:
    return "official rules" if not variants else "variants: " + ", ".join(variants)


def starter(session: Session, number: int) -> tuple[str, str]:
    """Who starts game `number` (0-based), and why (K-EN: the oldest, then whoever scored more).

    On a level previous game the rules are silent; the other player starts, so starts alternate.
    """
    if number == 0:
        return session.get("setup", "oldest", default=session.players[0]), " (the oldest player)"
    last = session.score(number).detail[number - 1]
    a, b = session.players
    score_a, score_b = (sum(e.score for e in last[p]) for p in (a, b))
    if score_a != score_b:
        winner, loser = (a, b) if score_a > score_b else (b, a)
        high, low = max(score_a, score_b), min(score_a, score_b)
        return winner, f" (scored more in game {number}: {cell(high)} to {cell(low)})"
    previous, _ = starter(session, number - 1)
    other = b if previous == a else a
    return other, f" (game {number} was level at {cell(score_a)}; {previous} started it)"


def game_start_text(session: Session, number: int, r: rules.Rules) -> str:
    name, why = starter(session, number)
    return GAME_START.format(number=number + 1, games=session.rounds_planned, starter=name, why=why,
                             reshuffle=RESHUFFLE.format(hand=rules.HAND_SIZE) if number else "",
                             notation=NOTATION)


# --- breakdowns -----------------------------------------------------------------------------------------

def expedition_line(e: rules.Expedition) -> str:
    """`W 3 4 6 8 9  (30 − 20) × 2 = 20`, with the bonus and the variants' zero spelled out."""
    if not e.started:
        return "not started = 0"
    text = f"{format_cards(e.cards)}   ({e.card_sum} − {rules.EXPEDITION_COST})"
    if not e.numbers and e.score == 0:
        return f"{format_cards(e.cards)}   wagers alone = 0"
    if e.multiplier > 1:
        text += f" × {e.multiplier}"
    if e.bonus:
        text += f" + {e.bonus} bonus"
    return f"{text} = {cell(e.score)}"


def breakdown_rows(expeditions: Sequence[rules.Expedition]) -> list[list[Any]]:
    rows = []
    for e in expeditions:
        if not e.started:
            rows.append([colour_name(e.colour), "—", "", "", "", "", 0])
            continue
        rows.append([colour_name(e.colour), format_cards(e.cards), e.card_sum, -rules.EXPEDITION_COST,
                     f"×{e.multiplier}", f"+{e.bonus}" if e.bonus else "", e.score])
    return rows


BREAKDOWN_HEADERS = ["Expedition", "Cards", "Sum", "Cost", "×", "Bonus", "Score"]


def player_breakdown(session: Session, number: int, player: str, r: rules.Rules) -> str:
    columns = {c: session.get("rounds", number, player, c) for c in r.colours}
    # check_expedition: an imported table may write a wager "w"; it scored, so it is a valid column
    expeditions = rules.score_player({c: list(rules.check_expedition(v)) for c, v in columns.items() if v is not None},
                                     r)
    # A colour missing from an imported table was not started; in a game being entered it is still to come.
    pending = not session.finished and number >= session.complete_rounds()
    rows = [row if columns[e.colour] is not None or not pending else [row[0], "(not entered yet)"]
            for row, e in zip(breakdown_rows(expeditions), expeditions)]
    total = sum(e.score for e in expeditions)
    so_far = " so far" if pending and None in columns.values() else ""
    return (f"{player}, game {number + 1}:\n" + grid(BREAKDOWN_HEADERS, rows)
            + f"\n  Game {number + 1} total for {player}{so_far}: {cell(total)}")


def games_table(result: Result, players: Sequence[str]) -> str:
    """Game scores and running totals for every game so far, a column pair per player."""
    by = {s.player: s for s in result.standings}
    rows = []
    for number in range(len(by[players[0]].rounds)):
        row: list[Any] = [f"Game {number + 1}"]
        for p in players:
            row += [by[p].rounds[number], sum(by[p].rounds[:number + 1])]
        rows.append(row)
    return "Scores so far:\n" + grid(["", *[h for p in players for h in (p, "total")]], rows)


def report(session: Session) -> str:
    """Everything recorded so far: each game's breakdown per player, then the running totals."""
    r = rules.rules_for(session.variants)
    parts = []
    oldest = session.get("setup", "oldest")
    if oldest:
        parts.append(f"Oldest player (started game 1): {oldest}")
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
    return "\n\n".join(parts) if parts else "Nothing recorded yet."


# --- the score sheet ------------------------------------------------------------------------------------

def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/lost-cities.toml: filled from a scored table (players in table order), or a blank pad."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.detail)
    rounds = min(rounds, rules.MAX_ROUNDS)  # a pad of more is refused (`sheet --blank`), after no 100,000 grids
    by = {s.player: s for s in result.standings} if result else {}
    game_grids = []
    for number in range(rounds):
        for player in players:
            if result is None:
                rows = [{"label": colour_name(c)} for c in r.colours]
                total = None
            else:
                expeditions = result.detail[number][player]
                rows = [dict(zip(["label", "cards", "sum", "cost", "mult", "bonus", "score"], row))
                        for row in breakdown_rows(expeditions)]
                for row, e in zip(rows, expeditions):
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
        fields = {"players": ", ".join(players), "date": date, "variants": variant_text(result.variants),
                  "winner": " and ".join(result.winners)}
    elif variants:
        fields = {"variants": variant_text(variants)}
    return {"rounds": rounds, "fields": fields,
            "grids": {"game": game_grids, "match": [{"vars": {}, "rows": match_rows}]}}


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=rules.VARIANTS,
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="lost-cities",
            sheet=sheet, report=report, round_label="Game", blurb=BLURB, max_rounds=rules.MAX_ROUNDS)
