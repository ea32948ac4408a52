"""London, both editions, at the table: setup guide, tracking during play, the reckoning step by step, sheet data."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from calculators import london as rules
from calculators.core import InvalidInput, Result, require_int
from scorepad.games.base import Ask, Commands, Game, Say, Step, keeping, one_of_players
from scorepad.grid import cell, grid, standings_text

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------

TITLES = {"london-1e": "London (first edition, 2010)", "london-2e": "London (second edition, 2017)"}
BLURBS = {
    "london-1e": "Treefrog 2010: build a city, buy boroughs on the map, keep poverty down; loans repaid only "
                 "at the end.",
    "london-2e": "Osprey 2017: build a city, buy borough cards, keep poverty down; loans repaid at the start "
                 "of a turn.",
}
EDITION_NAMES = {"london-1e": "first edition, Treefrog 2010", "london-2e": "second edition, Osprey 2017"}
FLAT_NAME = "flat penalties, from the Persian summary"

SETUP_1E = """\
{title} — setup for {count} players: {players}
  • Money: £{money} each, kept in view. Poverty: {poverty} points each. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Card display: two rows; with {count} players use the first {columns} columns.
  • Beside the board: VP counters, loan counters (£{loan}), poverty cubes (1) and discs (5), {counters} Underground
    counters, coins. Each player takes the 11 building counters of a colour.
  • First player: the rules draw a building counter at random — scorepad drew {first}."""
SETUP_2E = """\
{title} — setup for {count} players: {players}
  • Money: £{money} each, on display. Poverty: none. Score trackers at 0. No loans yet.
  • City cards: shuffle decks A, B and C separately; put C at the bottom, B on it, A on top.
    Deal {hand} cards to each player.
  • Development board: two rows; with {count} players use the first {columns} spaces of each row.
  • Boroughs: City, Westminster and Southwark & Bermondsey face up; shuffle the rest as the borough
    deck (there are always 3 face up).
  • First player: the player who set up the game, then clockwise."""
GUIDE_1E = """\
A turn (first edition):
  1. Take one card: the top of the deck or any card of the card display (compulsory).
  2. One action (no passing):
     • Play cards — each needs a card of the same colour from hand onto the display, plus its £ cost;
       cards go on any stack or start a new one (never on a card played this turn).
     • Run city — activate face-up cards in any order, then poverty changes by
       stacks + cards in hand − boroughs occupied (negative: discard that many).
     • Buy land — one building counter in a free borough (the game's first purchase: City, Westminster
       or Southwark & Bermondsey; later ones next to anyone's borough); pay its cost, draw its cards.
     • Take three cards.
  3. Over {hand_limit} cards in hand: discard down to {hand_limit} onto the display.
  Loans: £{loan} each, whenever you need money; they are repaid only at the end (£{repay} each, −{unpaid} if not).
End: when the last card is taken from the deck, that turn ends and every other player has one more
turn. Then the final reckoning."""
GUIDE_2E = """\
A turn (second edition):
  1. Start of the turn: you may repay loans, £{repay} each.
  2. Draw one city card: the top of the deck or any card of the development board.
  3. One action:
     • Develop — play cards; each needs a same-colour discard to the board plus its extra cost.
     • Buy land — take one of the 3 face-up boroughs, pay its cost, take its rewards (cards, prestige,
       poverty removed); it goes on top of your last borough.
     • Run your city — activate face-up cards in any order; then gain 1 poverty per stack,
       1 per £{loan} of loans and 1 per card in hand.
     • Draw three cards.
  4. Discard down to {hand_limit} cards.
  Loans: £{loan} each, any time (forced if you must pay and cannot); −{unpaid} each if unpaid at the end.
End: when the city deck is empty at the end of a turn, every other player takes one final turn.
Then the final reckoning."""
GUIDE_FLAT = """\
Flat penalties (the Persian "London 2010" summary — not the official rules):
  • Three rounds; a round ends when the central deck is empty.
  • At a round's end: debt above {cap} → return city cards until it is {cap}; then the same for poverty.
  • After round 3: score = points on your city cards + bonus − debt − poverty. Ties are shared.
  • Enter each player's card points, bonus, debt and poverty at the end."""
SETUP_FLAT = """\
{title}, played from the Persian summary ("flat penalties") — {count} players: {players}
  • Each player takes a player guide, a city board and a debt marker; deal 7 cards each and keep hands
    hidden; the rest is the central deck."""
TRACKING = """\
During play, tell scorepad what happens (all optional) so the end needs few inputs: loans, runs of
a city (scorepad works out the poverty), poverty removed or gained, points scored. Choose "Go to the
final reckoning" when the game has ended. At any typed answer: `summary`, `guide`, `undo`, `help`."""

ASK_EVENT = "What happened?"
EVENT_LABEL = "Event {n} · {question}"  # how edit and undo name a tracked event's answers (many ask alike)
# The event is named in the question: a resumed game shows no menu before it.
ASK_WHO = {"loan": "Who takes loans?", "repay": "Who repays loans?", "run": "Who runs their city?",
           "relief": "Who removes poverty?", "gain": "Who gains poverty?", "points": "Who scores points?"}
NOBODY_TO_REPAY = "Who repays loans? (nobody holds a tracked loan: choose undo)"
EVENT_TEXTS = {  # the menu's labels, before the rule values are filled in (EVENT_LABELS below)
    "loan": "Take a loan (£{loan} each)",
    "repay": "Repay loans (£{repay} each, at the start of a turn)",
    "run": "Run a city (poverty helper)",
    "relief": "Poverty removed (cards, boroughs)",
    "gain": "Poverty gained outside a run (e.g. a card played on them)",  # 2nd ed. Police Force, Lloyd's (S13)
    "points": "Points scored during play",
    "summary": "Show every player's loans, poverty and points",
    "guide": "Show the turn guide",
    "end": "Go to the final reckoning",
    "undo": "undo",  # the play loop takes back the previous answer when a choice is exactly "undo"
}
ASK_COUNT = {"loan": "How many loans does {player} take?", "repay": "How many loans does {player} repay?",
             "relief": "How much poverty does {player} remove?", "gain": "How much poverty does {player} gain?",
             "points": "How many points does {player} score?"}
ASK_STACKS = "How many stacks in {player}'s city?"
ASK_HAND = "Cards in {player}'s hand after running?"
ASK_BOROUGHS = "Boroughs {player} occupies?"
ASK_LOANS = "Loans {player} holds (£{loan} each)?"
REPAY_1E = "(First edition: loans are repaid only at the end.)"
TOO_MANY_REPAID = "{player} holds {loans} loan{s}"
NO_NUMBER = "type a whole number from {low} to {high}, or undo"

EVENT_LOAN = "{player} takes {n} loan{s}: £{money} — {loans} loan{ls} held."
EVENT_REPAY = "{player} repays {n} loan{s} for £{money} — {loans} loan{ls} held."
EVENT_RELIEF = "{player} removes {n} poverty: {before} → {after}.{floor}"
EVENT_GAIN = "{player} gains {n} poverty: {before} → {after}."
EVENT_POINTS = "{player} scores {n} point{s}: {before} → {after}."
EVENT_RUN = "{player} runs the city: {formula} = {change} poverty: {before} → {after}.{floor}"
FLOOR = " (poverty cannot go below 0)"

FINAL_INTRO = """\
Final reckoning ({edition}). For each player, the end-of-game figures.
Enter alone = 0, or keeps the figure tracked during play, shown in brackets (type another to correct it)."""
FINAL_INTRO_FLAT = """\
Final reckoning ({edition}). For each player, the figures after round 3. Enter alone = 0."""
ASK_FIELD = "{player} · {question}:"
TIE_REACHED = "{names} tie on {total} point{s} with {figures} each: {decides}."  # figures: rules.TIED_ON
TIE_DECIDES = {"boroughs": "most {noun}s decides (tie-break 2)",
               "best_card": "the best single card decides (tie-break 3)"}
RANKING_TITLE, RANKING_TITLE_FLAT = "Place and tie-breaks", "Place (ties are shared)"  # sheet section titles
ASK_TRACKED = "{message} [{value} tracked; Enter keeps it]:"  # a figure from the tracking, kept by Enter
ASK_STARTING = "{message} [{value} at the start, nothing tracked; Enter keeps it]:"  # 1st ed: 5 poverty each
QUESTIONS = {
    "vp_1e": "VP counters gained during play",
    "vp_2e": "prestige on the score track",
    "boroughs_1e": "boroughs occupied",
    "boroughs_2e": "borough cards held",
    "borough_vp": "printed VP of the boroughs occupied",
    "underground": "how many boroughs occupied hold an Underground counter",
    "card_vp_1e": "end-game VP of all city cards (covered and flipped too)",
    "card_vp_2e": "end-game prestige of all city cards (covered and flipped too)",  # the 2nd ed. says prestige
    "best_card_1e": "VP of the single best city card",
    "best_card_2e": "prestige of the single best city card",
    "money": "£ in hand",
    "loans": "loans still held",
    "hand": "cards left in hand",
    "poverty": "poverty held (before the hand)",
    "flat_card_vp": "points printed on the city cards",
    "bonus": "set bonus",
    "debt": "debt",
    "flat_poverty": "poverty",
}
RECKONING_TITLE = "The reckoning, step by step in the rulebook's order ({edition}):"
RECKONING_TITLE_FLAT = "The reckoning ({edition}):"
LEAST_LINE = "Least poverty after hands: {names} with {least}; everyone drops {least}."
SUMMARY_TITLE = "Loans, poverty and points so far:"
NOTHING_YET = "Nothing recorded yet."
TRACKED_TITLE = "Tracked during play:"

# Rows of the reckoning, in the rulebook's order: (label, what to show) — S1 §2.6 and S3 §3.6.
ROWS_1E = (
    ("1. Money £", "money"), ("   Loans", "loans"), ("   Loans repaid (£{repay} each)", "repaid"),
    ("   Money left £", "money_left"),
    ("2. Poverty held", "poverty_held"), ("   + cards in hand", "hand"), ("   = poverty", "poverty"),
    ("3a. 1 VP per full £{per_point}", "money_vp"), ("3b. Borough VP", "land_vp"),
    ("      + {underground} per Underground", "underground_vp"),
    ("3c. City cards", "card_vp"), ("3d. VP counters", "vp"),
    ("4. − {unpaid} per unpaid loan", "-loan_penalty"), ("   = VP before poverty", "before_poverty"),
    ("5. − least poverty", "-least"), ("   = poverty left (tie-break 1)", "poverty_left"),
    ("6. Poverty penalty", "-penalty"),
)
ROWS_2E = (
    ("1. Poverty held", "poverty_held"), ("   + cards in hand", "hand"), ("   = poverty", "poverty"),
    ("2. Score track", "vp"), ("   + city cards", "card_vp"),
    ("3. Money £", "money"), ("   Loans", "loans"), ("   Loans repaid (£{repay} each)", "repaid"),
    ("   Money left £", "money_left"), ("4. 1 per full £{per_point}", "money_vp"),
    ("5. − {unpaid} per unpaid loan", "-loan_penalty"), ("   = prestige before poverty", "before_poverty"),
    ("6. − least poverty", "-least"), ("   = poverty left (tie-break 1)", "poverty_left"),
    ("7. Poverty penalty", "-penalty"),
)
TIEBREAK_ROWS = {"london-1e": (("Tie-break 2: boroughs", "boroughs"), ("Tie-break 3: best card", "best_card")),
                 "london-2e": (("Tie-break 2: borough cards", "boroughs"), ("Tie-break 3: best card", "best_card"))}
ROWS_FLAT = (("Card points", "card_vp"), ("+ bonus", "bonus"), ("− debt", "-debt"), ("− poverty", "-poverty"))
SHEET_NOTES_FLAT = [
    ("Flat penalties (the Persian \"London 2010\" summary, not the official rules): three rounds; at a round's "
     "end debt above {cap}, then poverty above {cap}, is paid off by returning city cards."),
    "Score = points on your city cards + bonus − debt − poverty. Ties are shared.",
]
SHEET_NOTES = {  # the official reckoning in the rulebook's order (S1 §2.6, S3 §3.6), above the sheet's grids
    "london-1e": [
        "1. Repay loans, £{repay} each, while money lasts.  2. +1 poverty per card in hand.",
        ("3. +1 VP per full £{per_point} left, + printed VP of boroughs occupied (+{underground} each with an "
         "Underground counter), + VP of every city card (covered and flipped too), + VP counters."),
        ("4. −{unpaid} per unpaid loan.  5. The least poor player drops all poverty; everyone else drops as much.  "
         "6. Lose VP for the poverty left (table below)."),
        "Ties: fewest poverty points, then most boroughs occupied, then the single best VP card.",
    ],
    "london-2e": [
        ("1. +1 poverty per card in hand.  2. Score track + end-game prestige of every city card (covered and "
         "flipped too)."),
        ("3. Repay loans, £{repay} each, while money lasts.  4. +1 per full £{per_point} left.  "
         "5. −{unpaid} per unpaid loan."),
        ("6. The least poor player drops all poverty; everyone else drops as much.  7. Lose points for the poverty "
         "left (table below)."),
        "Ties: least poverty, then most borough cards, then the single best city card.",
    ],
}
SHEET_TITLE = "{title} — final reckoning"
POVERTY_ROW = "Points lost"
POVERTY_BAND = "{low}–{high}"
POVERTY_OVER = "each over {top}"
POVERTY_OVER_VALUE = "{n} more each"
TEMPLATE = "london"  # templates/london.toml: both editions and the variant
TOTAL_LABEL = "Final score"
RANK_LABEL = "Rank"


# The rule values the texts above name, filled in from the calculator so that none is typed twice ({loan}: £10).
RULE_VALUES = {"loan": rules.LOAN_VALUE, "repay": rules.LOAN_REPAYMENT, "unpaid": rules.UNPAID_LOAN_PENALTY,
               "per_point": rules.MONEY_PER_POINT, "underground": rules.UNDERGROUND_VP,
               "counters": rules.UNDERGROUND_COUNTERS, "hand_limit": rules.HAND_LIMIT, "cap": rules.FLAT_CAP}
EVENT_LABELS = {key: text.format(**RULE_VALUES) for key, text in EVENT_TEXTS.items()}


def rule_text(text: str, **values: Any) -> str:
    """A text with the calculator's rule values (and any others) filled in.

    >>> rule_text("Loans: £{loan} each, −{unpaid} if unpaid.")
    'Loans: £10 each, −7 if unpaid.'
    """
    return text.format(**RULE_VALUES, **values)


def rows_for(r: rules.Rules, flat: bool) -> tuple[tuple[str, str], ...]:
    rows = ROWS_FLAT if flat else ROWS_1E if r is rules.FIRST_EDITION else ROWS_2E
    return tuple((rule_text(label), key) for label, key in rows)


def poverty_bands() -> list[tuple[str, int]]:
    """The poverty table as printed (rules §4): each band of poverty left with the points it costs.

    >>> poverty_bands()[:4], poverty_bands()[-1]
    ([('0', 0), ('1–2', 1), ('3', 2), ('4', 3)], ('10', 15))
    """
    bands: list[tuple[int, int, int]] = []  # (low, high, penalty)
    for left, penalty in enumerate(rules.POVERTY_PENALTY):
        if bands and bands[-1][2] == penalty:
            bands[-1] = (bands[-1][0], left, penalty)
        else:
            bands.append((left, left, penalty))
    return [(str(low) if low == high else POVERTY_BAND.format(low=low, high=high), penalty)
            for low, high, penalty in bands]


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
    return [k for k in EVENT_LABELS if k not in VIEWS and (k != "repay" or r.repay_during_play)]


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
            formula = f"{_n(stacks, 'stack')} + {hand} in hand − {_n(extra, 'borough')}"
            s.boroughs = extra
        else:
            change = rules.run_city_poverty(r, stacks=stacks, hand=hand, loans=extra)
            formula = f"{_n(stacks, 'stack')} + {_n(extra, 'loan')} + {hand} in hand"
            s.loans = extra
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, change), True
        return EVENT_RUN.format(player=player, formula=formula, change=_signed(change), before=before, after=s.poverty,
                                floor=FLOOR if before + change < 0 else "")
    n = get("count")
    if n is None:
        return None
    plural = "" if n == 1 else "s"
    if kind == "loan":
        s.loans += n
        return EVENT_LOAN.format(player=player, n=n, s=plural, money=rules.LOAN_VALUE * n, loans=s.loans,
                                 ls="" if s.loans == 1 else "s")
    if kind == "repay":
        s.loans -= n
        return EVENT_REPAY.format(player=player, n=n, s=plural, money=rules.LOAN_REPAYMENT * n, loans=s.loans,
                                  ls="" if s.loans == 1 else "s")
    if kind == "relief":
        before, s.poverty, s.changed_poverty = s.poverty, rules.poverty_after(s.poverty, -n), True
        return EVENT_RELIEF.format(player=player, n=n, before=before, after=s.poverty,
                                   floor=FLOOR if before - n < 0 else "")
    if kind == "gain":
        before, s.poverty, s.changed_poverty = s.poverty, s.poverty + n, True
        return EVENT_GAIN.format(player=player, n=n, before=before, after=s.poverty)
    before, s.points = s.points, s.points + n
    return EVENT_POINTS.format(player=player, n=n, s=plural, before=before, after=s.points)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def summary_text(session: Session) -> str:
    state = track(session)
    r = edition(session)
    headers = ["Player", "Loans", "Poverty", "VP counters" if r.land_scores_at_end else "Score track"]
    if r.boroughs_reduce_poverty:
        headers.append("Boroughs")
    rows = []
    for p in session.players:
        s = state[p]
        row: list[Any] = [p, s.loans, s.poverty, s.points]
        if r.boroughs_reduce_poverty:
            row.append("" if s.boroughs is None else s.boroughs)
        rows.append(row)
    return SUMMARY_TITLE + "\n" + grid(headers, rows)


def guide_text(session: Session) -> str:
    if flat(session):
        return rule_text(GUIDE_FLAT)
    return rule_text(GUIDE_1E if edition(session) is rules.FIRST_EDITION else GUIDE_2E)


def commands(session: Session) -> Commands:
    guide = {"guide": ("the turn structure and how the game ends", lambda rest: guide_text(session))}
    if flat(session):  # nothing is tracked: a summary of loans and poverty would show only the official setup
        return guide
    return {"summary": ("every player's loans, poverty and points so far", lambda rest: summary_text(session)),
            **guide}


# --- parsing -------------------------------------------------------------------------------------------

def parse_count(text: str, low: int = 0, high: int = rules.MAX_FIGURE, **where: Any) -> int:
    """A whole number typed at a prompt; Enter alone is 0 (when 0 is allowed)."""
    text = text.strip()
    if not text and low == 0:
        return 0
    if not text:
        raise InvalidInput(NO_NUMBER.format(low=low, high=high), **where)
    try:
        value = int(text)
    except ValueError:
        raise InvalidInput(f"{text!r} is not a whole number", **where) from None
    return require_int(value, low, high, **where)


def _choice(labels: dict[str, str]):
    by_label = {label: key for key, label in labels.items()}

    def parse(text: str) -> str:
        if text in by_label:
            return by_label[text]
        if text in labels:
            return text
        raise InvalidInput(f"{text!r} is not one of: {', '.join(labels.values())}")
    return parse


# --- the guided game -----------------------------------------------------------------------------------

def first_player(session: Session) -> str:
    """1st ed: drawn at random (S1); the draw comes from the session's seed, so a resumed game shows the same."""
    return random.Random(f"{session.seed}:first-player").choice(session.players)


def setup_text(session: Session) -> str:
    r, count = edition(session), len(session.players)
    values = {"title": session.game.title, "count": count, "players": ", ".join(session.players),
              "money": rules.STARTING_MONEY, "poverty": r.starting_poverty, "hand": rules.STARTING_HAND,
              "columns": rules.DISPLAY_COLUMNS[count]}
    if flat(session):
        return rule_text(SETUP_FLAT, **values)
    if r is rules.FIRST_EDITION:
        return rule_text(SETUP_1E, first=first_player(session), **values)
    return rule_text(SETUP_2E, **values)


def steps(session: Session) -> list[Step]:
    out: list[Step] = [Say(lambda: setup_text(session)), Say(lambda: guide_text(session))]
    if not flat(session):
        out.append(Say(lambda: TRACKING))
        out += tracking_steps(session)
    out += reckoning_steps(session)
    return out


def tracking_steps(session: Session) -> list[Step]:
    r = edition(session)
    labels = {k: EVENT_LABELS[k] for k in event_keys(r)}
    views = {EVENT_LABELS["summary"]: lambda: summary_text(session), EVENT_LABELS["guide"]: lambda: guide_text(session)}
    choices = tuple(label for k, label in EVENT_LABELS.items() if k in labels or k in VIEWS)  # the menu's order
    out: list[Step] = []
    state = {p: Tracked(poverty=r.starting_poverty) for p in session.players}  # replayed once, event by event
    k = 0
    while True:
        part = RECAP_EVENT.format(number=k + 1)  # what a resumed game recaps: the event being told
        out.append(Ask(("setup", "track", k, "event"), ASK_EVENT, parse=_choice(labels), choices=choices,
                       show=lambda key: EVENT_LABELS.get(key, key), views=views, part=part,
                       label=_event_label(k, ASK_EVENT)))
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
    message = ASK_WHO[kind] if players else NOBODY_TO_REPAY
    out: list[Step] = [Ask((*at, "player"), message, parse=one_of_players(session.players),
                           choices=(*players, EVENT_LABELS["undo"]))]
    player = session.get(*at, "player")
    if player is None:
        return out
    before = state[player]
    if kind == "run":
        out.append(Ask((*at, "stacks"), ASK_STACKS.format(player=player),
                       parse=lambda text: parse_count(text, field="stacks")))
        out.append(Ask((*at, "hand"), ASK_HAND.format(player=player),
                       parse=lambda text: parse_count(text, field="hand")))
        if r.boroughs_reduce_poverty:
            out.append(_tracked_ask((*at, "boroughs"), ASK_BOROUGHS.format(player=player),
                                    lambda text: parse_count(text, 0, rules.BOROUGHS, field="boroughs"),
                                    before.boroughs))
        else:
            out.append(_tracked_ask((*at, "loans"), rule_text(ASK_LOANS, player=player),
                                    lambda text: parse_count(text, field="loans"), before.loans))
    else:
        high = before.loans if kind == "repay" else None

        def parse(text: str) -> int:
            figure = text.strip()  # isdecimal: '²' passes isdigit() but int() refuses it; 4,300+ digits too
            if high is not None and figure.isdecimal() and len(figure) < 5 and high < int(figure) <= rules.MAX_FIGURE:
                raise InvalidInput(TOO_MANY_REPAID.format(player=player, loans=high, s="" if high == 1 else "s"),
                                   field="count")
            return parse_count(text, 1, rules.MAX_FIGURE if high is None else high, field="count")

        out.append(Ask((*at, "count"), ASK_COUNT[kind].format(player=player), parse=parse))
    out.append(Say(lambda: apply_event(session, k, track(session, upto=k), r) or ""))
    return [replace(step, label=_event_label(k, step.message)) if isinstance(step, Ask) else step for step in out]


def _event_label(k: int, message: str) -> str:
    return EVENT_LABEL.format(n=k + 1, question=message.split(" [")[0].split(" (")[0].rstrip(" :?"))


def _tracked_ask(at: tuple, message: str, parse: Callable[[str], int], known: int | None,
                 form: str = ASK_TRACKED) -> Ask:
    """A question whose answer scorepad already tracked: Enter alone keeps that figure.

    (Not an editable pre-filled answer: typing a correction would append to it, and a player would
    have to clear it first before typing `summary` or `undo`.)
    """
    if not known:  # nothing tracked, or 0: Enter alone is 0 anyway
        return Ask(at, message, parse=parse)

    # the kept figure is checked like a typed one (e.g. boroughs across the table)
    return Ask(at, form.format(message=message.rstrip("?:"), value=known), parse=keeping(parse, str(known)))


def reckoning_steps(session: Session) -> list[Step]:
    r = edition(session)
    is_flat = flat(session)
    tracked = track(session) if not is_flat else {}
    intro = FINAL_INTRO_FLAT.format(edition=FLAT_NAME) if is_flat else FINAL_INTRO.format(edition=EDITION_NAMES[r.slug])
    out: list[Step] = [Say(lambda: intro)]

    def ask(player: str, name: str) -> Ask:
        message = ASK_FIELD.format(player=player, question=question(r, name, is_flat))
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
        out.append(Say(lambda group=group, name=name, first=first: TIE_REACHED.format(
            names=rules.join_names(group), total=cell(first.total), s="" if abs(first.total) == 1 else "s",
            figures=rules.tied_on(name, first, r), decides=TIE_DECIDES[name].format(noun=r.borough_noun))))
        out += [ask(player, name) for player in group]
    reached = {(player, name) for name, group in rules.tie_needs(reckonings, session.players) for player in group}
    out += [ask(player, name) for player in session.players for name in rules.TIEBREAK_FIELDS
            if (player, name) not in reached and session.get("final", player, name) is not None]
    return out


def question(r: rules.Rules, name: str, is_flat: bool) -> str:
    if is_flat and f"flat_{name}" in QUESTIONS:
        return QUESTIONS[f"flat_{name}"]
    if name in ("vp", "boroughs", "card_vp", "best_card"):
        return QUESTIONS[f"{name}_{'1e' if r.land_scores_at_end else '2e'}"]
    return QUESTIONS[name]


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

    return (rows(rows_for(d.rules, d.flat)), [TOTAL_LABEL, *[by[p].total for p in players]],
            [RANK_LABEL, *[by[p].rank for p in players]], [] if d.flat else rows(TIEBREAK_ROWS[d.rules.slug]))


def reckoning_text(result: Result) -> str:
    """The breakdown under London's standings: the reckoning step by step, a column per player in seating order."""
    d: rules.Detail = result.detail
    players = list(d.flat_inputs if d.flat else d.reckonings)
    steps_, total, ranks, ties = reckoning_table(result, players)
    title = RECKONING_TITLE_FLAT.format(edition=FLAT_NAME) if d.flat else \
        RECKONING_TITLE.format(edition=EDITION_NAMES[d.rules.slug])
    ties = [row for row in ties if any(v is not None for v in row[1:])]  # a figure no tie reached: not asked
    text = (title + "\n"
            + grid(["", *players], [*steps_, total, ranks, *ties]))
    if not d.flat:
        text += "\n" + LEAST_LINE.format(names=rules.join_names(d.least_players), least=d.least)
    return text


def report(session: Session) -> str:
    parts = []
    if not flat(session):
        lines = event_lines(session)
        if lines:
            parts.append(TRACKED_TITLE + "\n" + "\n".join("  " + line for line in lines))
        parts.append(summary_text(session))
    if session.scorable():
        parts.append(standings_text(session.score(), session.game))
    return "\n\n".join(parts) if parts else NOTHING_YET


# --- the score sheet ------------------------------------------------------------------------------------

def sheet_for(r: rules.Rules):
    def sheet(result: Result | None = None, *, players: Sequence[str] = ("", ""), rounds: int = 0,
              variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
        """Data for templates/london.toml: the edition's title, notes and rows; a column per player."""
        is_flat = rules.FLAT_PENALTIES in (result.variants if result else variants)
        if result is None:
            rows = [{"label": label} for label, _ in rows_for(r, is_flat)]
            ranking = [{"label": RANK_LABEL}, *({"label": label} for label, _ in
                                                (() if is_flat else TIEBREAK_ROWS[r.slug]))]
            total = None
            fields = {"variants": "flat penalties"} if is_flat else {}
        else:
            steps_, total_row, ranks, ties = reckoning_table(result, players)

            def by_player(row: Sequence[Any]) -> dict[str, Any]:
                return {"label": row[0], **{f"p{n}": v for n, v in enumerate(row[1:], start=1)}}

            rows = [by_player(row) for row in steps_]
            ranking = [by_player(row) for row in (ranks, *ties)]
            total = {f"p{n}": v for n, v in enumerate(total_row[1:], start=1)}
            fields = {"players": ", ".join(players), "date": date, "winner": " and ".join(result.winners),
                      "variants": "flat penalties" if is_flat else "official rules"}
        # The place and tie-break figures come after the final score, in a grid of their own.
        reckoning = {"vars": {}, "rows": rows, **({"total": total} if total else {})}
        title = RANKING_TITLE_FLAT if is_flat else RANKING_TITLE
        data: dict[str, Any] = {"title": SHEET_TITLE.format(title=TITLES[r.slug]), "player_names": list(players),
                                "fields": fields,
                                "notes": [rule_text(note) for note in (SHEET_NOTES_FLAT if is_flat
                                                                       else SHEET_NOTES[r.slug])],
                                "grids": {"reckoning": [reckoning], "ranking": [{"vars": {"title": title},
                                                                                 "rows": ranking}]}}
        if not is_flat:  # the variant has no poverty table
            bands = poverty_bands()
            data["poverty_bands"] = [label for label, _ in bands]
            data["poverty_over"] = [POVERTY_OVER.format(top=len(rules.POVERTY_PENALTY) - 1)]
            data["grids"]["poverty"] = [{"vars": {}, "rows": [
                {"label": POVERTY_ROW, **{f"band{n}": -penalty for n, (_, penalty) in enumerate(bands, start=1)},
                 "over1": POVERTY_OVER_VALUE.format(n=rules.POVERTY_PENALTY_OVER_10)}]}]
        if result is not None and result.tiebreaks:
            data["grids"]["tiebreaks"] = [{"vars": {}, "rows": [{"label": line} for line in result.tiebreaks]}]
        return data
    return sheet


# --- the recap on resume (scorepad.recap) ------------------------------------------------------------

RECAP_EVENT = "during play, event {number}"  # a tracked event: the part of a London game a resume recaps


def recap_totals(session: Session) -> str:
    return "" if flat(session) else summary_text(session)  # the flat variant tracks nothing


def _game(r: rules.Rules) -> Game:
    return Game(slug=r.slug, title=TITLES[r.slug], players=rules.PLAYERS, variants=rules.VARIANTS,
                default_rounds=None, score=rules.score, steps=steps, template=TEMPLATE, sheet=sheet_for(r),
                report=report, round_label="Round", blurb=BLURBS[r.slug], max_rounds=0, commands=commands,
                recap_totals=recap_totals, breakdown=reckoning_text)


GAME_1E = _game(rules.FIRST_EDITION)
GAME_2E = _game(rules.SECOND_EDITION)
