"""Next Station: London at the table: setup, pencils and controllers, the digital station deck, line entry, sheets."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from calculators import next_station_london as rules
from calculators.core import InvalidInput, Result
from scorepad.games.base import Ask, Commands, Game, Say, Step, keeping, one_of_players
from scorepad.grid import grid, standings_text

if TYPE_CHECKING:
    from scorepad.session import Session

# --- text for people ----------------------------------------------------------------------------------

TITLE = "Next Station: London"
BLURB = "Draw four Underground lines, one per pencil colour; scorepad can turn the station cards for you."
SETUP = """\
Setup for {players}{modules}:
  • Each player takes a map sheet{pencil_text}.
{pencils}"""
# Pencils and controllers go round the table in the order of the names: each player's left-hand
# neighbour is the next name (NSL-RB: pass left, the controller role passes left).
SEATING = "  • Sit round the table in this order, clockwise: {order} (each next name on the left)."
SOLO_SETUP = """\
Setup, solo{modules}:
  • Take a map sheet and lay the four pencils above it in the order you choose:
    that is the order of your lines.
  • Your rating at the end: your score, less {penalty} for each module used."""
PLACES_3 = "  • The spare {colour} pencil lies on the table between {right} and {left} (on {left}'s right)."
PLACES_2 = "  • Spare pencils: {a} to {p}'s left (between {p} and {q}), {b} to {q}'s left (between {q} and {p})."
OBJECTIVES_TEXT = "Shared objectives in play (+{points} each for everyone who completes it):"
POWERS_TEXT = "Pencil powers (each stays with its pencil; once per round, optional):"
ASK_CONTROLLER = "Who last rode the Underground? (They are the first controller.)"
ASK_ORDER = "Your order of the four pencils, by names or first letters [Enter: pink green blue purple]:"
ROUND_START = """\
── Round {number} of {rounds} ──
{controller}{passing}{heading}
{pencils}
  Start at the departure station of your colour. Each turn {who_turns} a card; you may draw
  one straight section from either end of your line to a station of that symbol (a joker is any).
  No crossing sections, no passing through a station, no visiting a station of this line twice.{joining}
  The round ends on the 5th Underground (pink-and-yellow) card; you may still draw for that card."""
CONTROLLER = "Controller: {controller}.\n"
PENCILS_HEADING = "Pencils this round:"
SOLO_HEADING = "Your pencil this round:"
# From round 2 on a line may use stations of earlier lines (NSL-RB): the round text forbids only this line's own.
JOINING = "\n  Your line may pass through stations of your earlier lines: each such station is an interchange."
PASSING = {
    1: "Take the next pencil of your order.\n",
    2: "Each of you takes the spare pencil on your right, then lays the pencil you used on your left.\n",
    3: "Pass pencils left; {first} takes the spare on their right instead, and {last} puts theirs there.\n",
    4: "Pass pencils left: each of you takes the one from your right.\n",
}
ASK_DECK = "Round {number}: turn the station cards with scorepad, or use the physical cards?"
DECK_CHOICES = ("Digital deck", "Physical cards")
DIGITAL, PHYSICAL = DECK_CHOICES
ASK_TURN = "Round {number} · turn {turn} — Enter turns the card:"
PRESS_ENTER = "press Enter to turn the card (or type undo, help)"
CARD_LINE = "  Turn {turn}: {cards}   Underground cards: {underground} of 5"
SWITCH_BRANCH = ("  RAILROAD SWITCH: this turn's section may start from ANY station of your line (a branch);\n"
                 "  the next card was turned with it.")
SWITCH_IGNORED = ("  RAILROAD SWITCH on turn {turn}: ignored this early (extend an end as usual);\n"
                  "  the next card was turned with it.")
ROUND_OVER = "  That was the 5th Underground card: draw your last section; round {number} is over."
PHYSICAL_DECK = """\
  {shuffle} the 11 station cards and turn one per turn; the round ends on the
  5th Underground card. The Railroad Switch: turn the next card at once; that turn's section may
  start from any station of the line (a branch). On turns 1 and 2 the Switch is ignored."""
SHUFFLE = {"solo": "Shuffle", "table": "Controller: shuffle"}
WHO_TURNS = {"solo": "you turn", "table": "the controller turns"}
SCORE_ROUND = """\
Score round {number}, each player for the line just drawn:{sections}
  districts = districts the line passes through (0–13)
  stations  = most stations of the line in one district (0–10){circle}
  thames    = Thames crossings (0–10, one a section at most; 2 points each)
  tourist   = tourist sites on the line (0–5): cross that many circles of your tourist track"""
SECTIONS_HELP = "\n  sections  = sections drawn this round (0–10; additive-lines variant)"
CIRCLE_HELP = "\n              ({player}'s Circle power: the circled station counts twice in its district)"
ASK_FIELD = "Round {number} · {player} ({colour}) · {field}:"
LINE_RESULT = "  {player}'s {colour}line: {formula}   Tourist track: {crossed} crossed = {points}"
INTERCHANGE_RESULT = "  {player}'s interchanges: {formula}"
SCORE_FINAL = "End of the game.{interchanges}{objectives}"
COUNT_INTERCHANGES = """
  Count each interchange station once, by the lines through it:
  2 lines = 2 points, 3 lines = 5, 4 lines = 9."""
NO_INTERCHANGES = "\n  Interchange stations score nothing (no-interchanges variant): nothing to count."
FINAL_OBJECTIVES = "\n  Shared objectives: how many of these two did each player complete (0–2)?"
ASK_INTERCHANGES = "{player} · interchange stations on 2, 3 and 4 lines (e.g. 5 2 1; Enter = none):"
ASK_OBJECTIVES = "{player} · shared objectives completed (0–2):"
NOT_A_NUMBER = "{text!r} is not a whole number ({span})"
NO_NUMBER = "a whole number, please ({span})"
ECHO_MAX = 20  # characters of a refused answer repeated in the message
THREE_NUMBERS = "three whole numbers, please: stations on 2, 3 and 4 lines (e.g. 5 2 1)"
SOLO_RATING = "Solo rating: {reckoning} → band {band}."
SHEET_RATING = "Solo rating: {reckoning}, in the band {band}."  # the sheet's font has no arrow
SOLO_MINUS = "{total} − {penalty} ({used} module{s}) = {rated}"
SOLO_NO_MODULES = "{total} (no modules)"
# A table that draws its own objective and power cards names them (setup question, or play's options).
OBJECTIVE_CARDS = "The five shared objective cards:"
POWER_CARDS = "The four pencil power cards (one on each pencil, used or not):"
CARD_LINE_TEXT = "  {name:<13} {text}"  # a card's name to type, then what it says
ASK_OBJECTIVE_CARDS = "Shared objectives: does scorepad draw the two cards, or did you draw them?"
ASK_POWER_CARDS = "Pencil powers: does scorepad deal the four cards, or did you deal them?"
CARD_CHOICES = ("scorepad draws", "we drew these")
SCOREPAD_DRAWS, WE_DREW = CARD_CHOICES
ASK_OBJECTIVE_NAMES = "Which two objective cards? (names or first letters, e.g. tourist central):"
ASK_POWER_NAMES = "Power on each pencil, pink green blue purple (e.g. circle joker double switch, or pink=circle …):"
NOT_A_CARD = "{word!r} names no {what} card ({what}s: {names})"
CARD_AMBIGUOUS = "{word!r} could be {matches}: type more letters"
CARD_TWICE = "{name} appears twice"
OBJECTIVE_COUNT = "{count} objective cards; name the {wanted} in play"
POWER_COUNT = "{count} power cards; name one for each of the {wanted} pencils ({colours})"
POWER_PAIRS = "{word!r}: give every pencil as colour=power, or only the powers in the order {colours}"
CARDS_NEED_MODULE = "the module {module!r} is not in play: add --module {module}"
ROUNDS_HEADING = "Lines so far:"
NOTHING_YET = "Nothing scored yet."
FIELD_NAMES = {"sections": "sections", "districts": "districts", "stations": "stations", "thames": "thames",
               "tourist": "tourist"}
COMMAND_HELP = {"summary": "the scores so far", "guide": "this round's controller, pencils, objectives, powers",
                "pencils": "every player's pencil in every round"}
COLOUR_NAMES = {"pink": "Pink", "green": "Green", "blue": "Blue", "purple": "Purple"}
FACE_NAMES = {"square": "■ square", "triangle": "▲ triangle", "pentagon": "⬟ pentagon", "circle": "● circle",
              "joker": "★ joker (any symbol)", "switch": "⑂ Railroad Switch"}
KIND_NAMES = {"street": "Street", "underground": "UNDERGROUND"}


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


def _card(word: str, cards: Sequence[str], what: str, field: str) -> str:
    """A card's name, or the first letters of exactly one."""
    if word in cards:
        return word
    matches = [name for name in cards if name.startswith(word)]
    if len(matches) != 1:
        text = CARD_AMBIGUOUS if matches else NOT_A_CARD
        raise InvalidInput(text.format(word=word, matches=" or ".join(matches), what=what, names=", ".join(cards)),
                           field=field)
    return matches[0]


def parse_objective_cards(text: str) -> list[str]:
    """`tourist central`, `to c` → the two objective cards in play, each once (NSL-RB: 2 of the 5)."""
    chosen: list[str] = []
    for word in text.replace(",", " ").lower().split():
        name = _card(word, list(rules.OBJECTIVES), "objective", "objectives")
        if name in chosen:
            raise InvalidInput(CARD_TWICE.format(name=name), field="objectives")
        chosen.append(name)
    if len(chosen) != rules.OBJECTIVES_IN_PLAY:
        raise InvalidInput(OBJECTIVE_COUNT.format(count=len(chosen), wanted=rules.OBJECTIVES_IN_PLAY),
                           field="objectives")
    return chosen


def parse_power_cards(text: str) -> dict[str, str]:
    """`circle joker double switch` (pink green blue purple in order) or `pu=circle pi=joker …` → colour → power,
    one power on each of the 4 pencils (NSL-RB)."""
    words = text.replace(",", " ").lower().split()
    colours = " ".join(rules.PENCILS)
    if len(words) != len(rules.PENCILS):
        raise InvalidInput(POWER_COUNT.format(count=len(words), wanted=len(rules.PENCILS), colours=colours),
                           field="powers")
    paired = any("=" in word for word in words)
    dealt: dict[str, str] = {}
    for place, word in enumerate(words):
        colour, sep, name = word.partition("=")
        if sep != ("=" if paired else ""):
            raise InvalidInput(POWER_PAIRS.format(word=word, colours=colours), field="powers")
        colour = _colour(colour, "powers") if paired else rules.PENCILS[place]
        if colour in dealt:
            raise InvalidInput(CARD_TWICE.format(name=colour), field="powers")
        power = _card(name if paired else word, list(rules.POWERS), "power", "powers")
        if power in dealt.values():
            raise InvalidInput(CARD_TWICE.format(name=power), field="powers")
        dealt[colour] = power
    return {colour: dealt[colour] for colour in rules.PENCILS}


def _colour(word: str, field: str) -> str:
    matches = [c for c in rules.PENCILS if c.startswith(word)] if word else []
    if len(matches) != 1:
        raise InvalidInput(f"{word!r} is not one colour of {', '.join(rules.PENCILS)}"
                           + (" (pi = pink, pu = purple)" if len(matches) > 1 else ""), field=field)
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
            raise InvalidInput(CARDS_NEED_MODULE.format(module=module), field=module)
        entries += [(question, WE_DREW), (cards, parse(" ".join(drawn[module])))]
    return entries


def _card_steps(session: Session) -> list[Step]:
    """With a module: whether scorepad draws its cards or the table did, and then which ones."""
    out: list[Step] = []
    listed = {"objectives": (OBJECTIVE_CARDS, rules.OBJECTIVES, ASK_OBJECTIVE_CARDS, ASK_OBJECTIVE_NAMES, " ".join),
              "powers": (POWER_CARDS, {k: v.split(": ", 1)[-1] for k, v in rules.POWERS.items()}, ASK_POWER_CARDS,
                         ASK_POWER_NAMES, _show_powers)}
    for module, (question, cards, parse) in CARD_OPTIONS.items():
        if module not in session.modules:
            continue
        heading, texts, ask, ask_names, show = listed[module]
        out.append(Say(lambda heading=heading, texts=texts: heading + "".join(
            "\n" + CARD_LINE_TEXT.format(name=name, text=text) for name, text in texts.items())))
        out.append(Ask(question, ask, parse=_pick_card_source, choices=CARD_CHOICES))
        if session.get(*question) == WE_DREW:
            out.append(Ask(cards, ask_names, parse=parse, show=show))
    return out


def _pick_card_source(text: str) -> str:
    if text not in CARD_CHOICES:
        raise InvalidInput(f"{text!r}: choose {' or '.join(CARD_CHOICES)}", field="cards")
    return text


def _show_powers(value: dict[str, str]) -> str:
    return " ".join(f"{colour}={power}" for colour, power in value.items())


def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour.title())


def parse_order(text: str) -> list[str]:
    """`pink green blue purple`, `pi g b pu`, `pink, blue, ...` → the four colours, each once."""
    words = [w for w in text.replace(",", " ").lower().split() if w]
    order = []
    for word in words:
        matches = [c for c in rules.PENCILS if c.startswith(word)]
        if len(matches) != 1:
            raise InvalidInput(f"{word!r} is not one colour of {', '.join(rules.PENCILS)}"
                               + (" (pi = pink, pu = purple)" if len(matches) > 1 else ""), field="order")
        if matches[0] in order:
            raise InvalidInput(f"{matches[0]} appears twice", field="order")
        order.append(matches[0])
    if len(order) != len(rules.PENCILS):
        raise InvalidInput(f"{len(order)} colours; name all four, each once", field="order")
    return order


# --- the station deck --------------------------------------------------------------------------------

def card_text(card: rules.Card) -> str:
    return f"{FACE_NAMES[card.face]} — {KIND_NAMES[card.kind]}"


def turn_text(session: Session, number: int, turn: int) -> str:
    played = rules.round_turns(session.seed, number)
    underground = sum(c.underground for t in played[:turn + 1] for c in t)
    lines = [CARD_LINE.format(turn=turn + 1, cards="  +  ".join(card_text(c) for c in played[turn]),
                              underground=underground)]
    if played[turn][0].face == "switch":
        ignored = turn < rules.SWITCH_IGNORED_TURNS
        lines.append(SWITCH_IGNORED.format(turn=turn + 1) if ignored else SWITCH_BRANCH)
    if turn == len(played) - 1:
        lines.append(ROUND_OVER.format(number=number + 1))
    return "\n".join(lines)


def _deck_steps(session: Session, number: int) -> list[Step]:
    # A table that chose the physical cards last round most likely keeps them: that choice comes first.
    last = session.get("setup", "deck-mode", number - 1) if number else None
    out: list[Step] = [Ask(("setup", "deck-mode", number), ASK_DECK.format(number=number + 1),
                           parse=_pick_deck, choices=DECK_CHOICES, default=last or "",
                           editable=False)]  # played already: which deck it was changes no score
    mode = session.get("setup", "deck-mode", number)
    if mode == PHYSICAL:
        out.append(Say(lambda: PHYSICAL_DECK.format(shuffle=SHUFFLE[table_kind(session)])))
    elif mode == DIGITAL:
        for turn, cards in enumerate(rules.round_turns(session.seed, number)):
            shown = " + ".join(card.name for card in cards)

            def parse(text: str, shown: str = shown) -> str:
                if text.strip():
                    raise InvalidInput(PRESS_ENTER)
                return shown  # stored so undo names the card it takes back

            out.append(Ask(("setup", "deck", number, turn), ASK_TURN.format(number=number + 1, turn=turn + 1),
                           parse=parse, show=lambda value, cards=cards: " + ".join(FACE_NAMES[c.face] for c in cards),
                           editable=False))
            out.append(Say(lambda n=number, t=turn: turn_text(session, n, t)))
    return out


def _pick_deck(text: str) -> str:
    if text not in DECK_CHOICES:
        raise InvalidInput(f"{text!r}: choose {' or '.join(DECK_CHOICES)}", field="deck")
    return text


# --- line entry ----------------------------------------------------------------------------------------

def _field_question(session: Session, r: rules.Rules, number: int, player: str, name: str, colour: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": name}

    def parse(text: str) -> int:
        text = text.strip()
        value = whole_number(text)
        if value is None:
            span = field_span(name)
            raise InvalidInput(not_a_number(text, span), **where)
        # the line's other fields as recorded so far: the same checks as scoring, field by field
        others = {other: session.get("rounds", number, player, other) for other in r.line_fields if other != name}
        return rules.check_line_field(name, value, {k: v for k, v in others.items() if v is not None}, **where)

    return Ask(("rounds", number, player, name),
               ASK_FIELD.format(number=number + 1, player=player, colour=colour, field=FIELD_NAMES[name]),
               parse=parse)


def whole_number(text: str) -> int | None:
    """`12` or `-3` as typed, else None: not `--5`, `²` or `3.0`, nor more digits than Python converts."""
    if not re.fullmatch(r"-?[0-9]+", text.strip()):
        return None
    try:
        return int(text)
    except ValueError:  # over 4,300 digits (sys.get_int_max_str_digits)
        return None


def not_a_number(text: str, span: str) -> str:
    if not text:
        return NO_NUMBER.format(span=span)
    shown = text if len(text) <= ECHO_MAX else text[:ECHO_MAX - 1] + "…"  # a slip on the keyboard, not a page
    return NOT_A_NUMBER.format(text=shown, span=span)


def field_span(name: str) -> str:
    low, high = rules.FIELD_RANGES[name]
    return f"{low}–{high}" if high is not None else f"{low} or more"


def circle_holder(session: Session, number: int) -> str | None:
    """Who draws with the pencil that holds the Circle power this round (None: it is a spare, or no powers)."""
    by_colour = {colour: player for player, colour in zip(session.players, pencils(session, number))}
    return next((by_colour.get(c) for c, power in powers(session).items() if power == "circle"), None)


def entered_line(session: Session, r: rules.Rules, number: int, player: str) -> rules.Line | None:
    inputs = {name: session.get("rounds", number, player, name) for name in r.line_fields}
    return None if None in inputs.values() else rules.make_line(inputs, r)


def line_formula(line: rules.Line, r: rules.Rules) -> str:
    thames = f"2 × {line.thames}"
    if r.additive_lines:
        return f"{line.sections} + {line.districts} + {line.stations} + {thames} = {line.score}"
    return f"{line.districts} × {line.stations} + {thames} = {line.score}"


def line_result(session: Session, r: rules.Rules, number: int, player: str) -> str:
    line = entered_line(session, r, number, player)
    if line is None:
        return ""
    passes = sum(session.get("rounds", n, player, "tourist", default=0) for n in range(number + 1))
    crossed, points = rules.tourist_points(passes)
    colour = colour_name(pencils(session, number)[session.players.index(player)]) + " " \
        if pencils_known(session) else ""
    return LINE_RESULT.format(player=player, colour=colour, formula=line_formula(line, r), crossed=crossed,
                              points=points)


def _parse_interchanges(text: str, player: str) -> dict[str, int]:
    words = text.replace(",", " ").split()
    if not words:
        return {key: 0 for key in rules.INTERCHANGE_POINTS}
    numbers = [whole_number(word) for word in words]
    if len(words) != 3 or None in numbers:
        raise InvalidInput(THREE_NUMBERS, player=player, field="interchanges")
    return rules.check_interchanges(dict(zip(rules.INTERCHANGE_POINTS, numbers)), player=player)


def _parse_objectives(text: str, player: str, modules: Sequence[str]) -> int:
    text = text.strip()
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
        out.append(Ask(("setup", "order"), ASK_ORDER, parse=keeping(parse_order, " ".join(rules.PENCILS)), show=" ".join))
    else:
        out.append(Ask(("setup", "controller"), ASK_CONTROLLER, parse=one_of_players(session.players, field="controller"),
                       choices=tuple(session.players)))
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
    out.append(Say(lambda: SCORE_FINAL.format(
        interchanges=COUNT_INTERCHANGES if r.interchanges_score else NO_INTERCHANGES,
        objectives=FINAL_OBJECTIVES + objectives_list(session, "    ") if "objectives" in session.modules else "")))
    for player in session.players:
        if r.interchanges_score:
            out.append(Ask(("final", player, "interchanges"), ASK_INTERCHANGES.format(player=player),
                           parse=lambda text, p=player: _parse_interchanges(text, p), show=_show_interchanges,
                           echo=lambda value, p=player: INTERCHANGE_RESULT.format(
                               player=p, formula=interchange_formula(value))))
        if "objectives" in session.modules:
            out.append(Ask(("final", player, "objectives"), ASK_OBJECTIVES.format(player=player),
                           parse=lambda text, p=player: _parse_objectives(text, p, session.modules)))
    out.append(Say(lambda: standings_text(session.score(session.complete_rounds()), session.game)))
    return out


def score_round_text(session: Session, r: rules.Rules, number: int) -> str:
    holder = circle_holder(session, number)
    return SCORE_ROUND.format(number=number + 1, sections=SECTIONS_HELP if r.additive_lines else "",
                              circle=CIRCLE_HELP.format(player=holder) if holder else "")


def objectives_list(session: Session, indent: str = "  ") -> str:
    return "".join(f"\n{indent}{n}. {rules.OBJECTIVES[key]}" for n, key in enumerate(objectives(session), start=1))


def table_kind(session: Session) -> str:
    return "solo" if len(session.players) == 1 else "table"


def modules_text(session: Session) -> str:
    return f", modules: {', '.join(session.modules)}" if session.modules else ""


def setup_text(session: Session) -> str:
    players = session.players
    if len(players) == 1:
        text = SOLO_SETUP.format(modules=modules_text(session), penalty=rules.SOLO_MODULE_PENALTY)
    else:
        start = start_colours(session)
        seats = rules.seats(len(players))
        lines = [SEATING.format(order=", ".join(players))] if len(players) > 2 else []
        lines += [f"  • {p}: the {colour_name(start[seat])} pencil" for p, seat in zip(players, seats)]
        spares = rules.spare_places(len(players))
        if len(players) == 3:
            lines.append(PLACES_3.format(colour=colour_name(start[spares[0]]), right=players[-1], left=players[0]))
        elif len(players) == 2:
            lines.append(PLACES_2.format(a=colour_name(start[spares[0]]), b=colour_name(start[spares[1]]),
                                         p=players[0], q=players[1]))
        text = SETUP.format(players=", ".join(players), modules=modules_text(session),
                            pencil_text=" and the pencil below", pencils="\n".join(lines))
    return text + modules_guide(session)


def modules_guide(session: Session) -> str:
    text = ""
    if objectives(session):
        text += "\n" + OBJECTIVES_TEXT.format(points=rules.OBJECTIVE_POINTS)
        text += objectives_list(session)
    if powers(session):
        text += "\n" + POWERS_TEXT
        text += "".join(f"\n  {colour_name(c)}: {rules.POWERS[p]}" for c, p in powers(session).items())
    return text


def round_text(session: Session, number: int) -> str:
    dealt = powers(session)
    lines = []
    for player, colour in zip(session.players, pencils(session, number)):
        power = f"  (power: {rules.POWERS[dealt[colour]].split(':')[0]})" if dealt else ""
        lines.append(f"  • {player}: {colour_name(colour)}{power}")
    solo = len(session.players) == 1
    passing = PASSING[len(session.players)].format(first=session.players[0], last=session.players[-1])
    return ROUND_START.format(number=number + 1, rounds=session.rounds_planned,
                              controller="" if solo else CONTROLLER.format(controller=controller(session, number)),
                              passing=passing if number else "", heading=SOLO_HEADING if solo else PENCILS_HEADING,
                              pencils="\n".join(lines), joining=JOINING if number else "",
                              who_turns=WHO_TURNS[table_kind(session)])


def guide_text(session: Session) -> str:
    number = min(session.complete_rounds(), max(session.rounds_planned - 1, 0))
    return round_text(session, number) + modules_guide(session)


def pencils_text(session: Session) -> str:
    rounds = [pencils(session, n) for n in range(4)]
    rows = [[p, *[colour_name(rounds[n][i]) for n in range(4)]] for i, p in enumerate(session.players)]
    return grid(["Player", "Round 1", "Round 2", "Round 3", "Round 4"], rows)


# --- scores ------------------------------------------------------------------------------------------

def summary_text(session: Session) -> str:
    """Each round's line per player, the tourist track and the running total (interchanges come at the end)."""
    r = rules.rules_for(session.variants)
    rows = []
    for player in session.players:
        lines = [entered_line(session, r, n, player) for n in range(session.rounds_planned)]
        done = [line for line in lines if line is not None]
        crossed, points = rules.tourist_points(sum(line.tourist for line in done))
        rows.append([player, *[line.score if line else "" for line in lines], f"{crossed} crossed = {points}",
                     sum(line.score for line in done) + points])
    if not any(any(cell != "" for cell in row[1:-2]) for row in rows):
        return NOTHING_YET
    headers = ["Player", *[f"Round {n}" for n in range(1, session.rounds_planned + 1)], "Tourist track", "So far"]
    return ROUNDS_HEADING + "\n" + grid(headers, rows)


def result_notes(result: Result) -> list[str]:
    """Under the standings of a solo game: its rating and band, from the standing's `rating` (NSL-RB)."""
    if len(result.standings) != 1 or "rating" not in result.standings[0].extra:
        return []
    return [rating_text(result.standings[0])]


def rating_text(standing: Any, text: str = SOLO_RATING) -> str:
    rated = standing.extra["rating"]
    penalty = standing.total - rated  # 10 for each module in the table's `modules`
    used = penalty // rules.SOLO_MODULE_PENALTY
    reckoning = SOLO_MINUS.format(total=standing.total, penalty=penalty, used=used, s="s" if used != 1 else "",
                                  rated=rated) if used else SOLO_NO_MODULES.format(total=standing.total)
    return text.format(reckoning=reckoning, band=rules.solo_band(rated))


def commands(session: Session) -> Commands:
    return {"summary": (COMMAND_HELP["summary"], lambda rest: summary_text(session)),
            "guide": (COMMAND_HELP["guide"], lambda rest: guide_text(session)),
            "pencils": (COMMAND_HELP["pencils"], lambda rest: pencils_text(session))}


def report(session: Session) -> str:
    """Everything recorded so far: setup, each line with its formula, then the standings once finished."""
    r = rules.rules_for(session.variants)
    parts = [setup_text(session)] if pencils_known(session) else []
    if session.get("setup", "controller"):
        parts.append(f"First controller: {session.get('setup', 'controller')}")
    for number in range(session.rounds_planned):
        entered = [text for text in (line_result(session, r, number, p) for p in session.players) if text]
        if entered:
            parts.append(f"Round {number + 1}:\n" + "\n".join(entered))
    parts.append(summary_text(session))
    if session.finished and session.complete_rounds():
        parts.append(standings_text(session.score(session.complete_rounds()), session.game))
    return "\n\n".join(parts)


# --- the score sheet ---------------------------------------------------------------------------------

LINE_ROWS = (("sections", "Sections"), ("districts", "Districts"), ("stations", "Stations"),
             ("thames", "Thames (×2)"))
# The template's notes are the official rules' reminder; a variant or a solo pad replaces them.
SHEET_LINE_NOTE = {False: "Line = districts × stations (most in one district) + 2 per Thames crossing.",
                   True: "Line (additive-lines) = sections + districts + stations + 2 per Thames crossing."}
SHEET_TOURIST_NOTE = ("Tourist track: cross a circle per tourist site on each line; score the last value crossed "
                      "(10 at most = 25).")
SHEET_INTERCHANGE_NOTE = {True: "Interchange stations, each counted once: on 2 lines = 2, 3 lines = 5, 4 lines = 9.",
                          False: "Interchange stations score nothing (no-interchanges)."}
SHEET_END_NOTE = "Shared objectives: +10 each.   Tie-break: the highest single line."
SHEET_SOLO_NOTE = "Solo rating = total − {penalty} per module used; the bands: {bands}."
PAD_ROUNDS = "{rounds} rounds; a Next Station: London pad has {low}–{high} (one line per pencil colour)"
END_ROWS = ("Lines", "Tourist track", "Interchanges 2 lines ×2", "Interchanges 3 lines ×5",
            "Interchanges 4 lines ×9", "Objectives ×10", "Total")
# Solo: under the total, the modules used (count) and the rating (points), NSL-RB.
RATING_ROW = "Solo rating (−10 per module)"


def sheet(result: Result | None = None, *, players: Sequence[str] = ("",), rounds: int = rules.DEFAULT_ROUNDS,
          variants: Sequence[str] = (), date: str = "") -> dict[str, Any]:
    """Data for templates/next-station-london.toml: filled from a scored table, or a blank pad."""
    r = rules.rules_for(result.variants if result else variants)
    if result is not None:
        rounds = len(result.standings[0].rounds)
    elif rounds not in rules.ROUNDS:  # a pad of 7 rounds drew 7 columns for a 4-round game
        raise InvalidInput(PAD_ROUNDS.format(rounds=rounds, low=rules.ROUNDS[0], high=rules.ROUNDS[-1]),
                           field="rounds")
    by = {s.player: s for s in result.standings} if result else {}
    shown = [(k, label) for k, label in LINE_ROWS if k != "sections" or r.additive_lines]
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
        end = [{"label": label} for label in END_ROWS + ((RATING_ROW,) if len(players) == 1 else ())]
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
            end[len(END_ROWS) - 1]["mark"] = s.rank == 1 and len(players) > 1  # solo has a rating, not a winner
        end_grids.append({"vars": {"player": player}, "rows": end})
        track = {"label": player}
        if summary:
            track.update({f"c{n}": "X" for n in range(1, summary.crossed + 1)})
            track["points"] = summary.tourist
        track_rows.append(track)
    points_row = {"label": "Points", **{f"c{n}": rules.TOURIST_TRACK[n] for n in range(1, rules.TOURIST_CAP + 1)}}
    fields: dict[str, Any] = {}
    chosen = result.variants if result else variants
    variant_text = ", ".join(chosen) or ("official rules" if result else "")
    if result is not None:
        fields = {"players": ", ".join(players), "date": date, "variants": variant_text,
                  "winner": " and ".join(result.winners) if len(players) > 1 else "",
                  "tiebreak": " ".join(result.tiebreaks)}
    elif variants:
        fields = {"variants": variant_text}
    data: dict[str, Any] = {"rounds": rounds, "fields": fields,
                            "grids": {"lines": line_grids, "end": end_grids,
                                      "track": [{"vars": {}, "rows": [points_row, *track_rows]}]}}
    if r != rules.OFFICIAL or len(players) == 1:
        data["notes"] = sheet_notes(r, solo=len(players) == 1)
    if result is not None and len(result.standings) == 1 and "rating" in result.standings[0].extra:
        data["notes"] = [rating_text(result.standings[0], SHEET_RATING), *data.get("notes", [])]
    return data


def sheet_notes(r: rules.Rules, solo: bool) -> list[str]:
    notes = [f"{SHEET_LINE_NOTE[r.additive_lines]}   {SHEET_TOURIST_NOTE}",
             f"{SHEET_INTERCHANGE_NOTE[r.interchanges_score]}   {SHEET_END_NOTE}"]
    if solo:
        bands = " · ".join(band for _, band in rules.SOLO_BANDS)
        notes.append(SHEET_SOLO_NOTE.format(penalty=rules.SOLO_MODULE_PENALTY, bands=bands))
    return notes


GAME = Game(slug=rules.GAME, title=TITLE, players=rules.PLAYERS, variants=rules.VARIANTS,
            default_rounds=rules.DEFAULT_ROUNDS, score=rules.score, steps=steps, template="next-station-london",
            sheet=sheet, report=report, round_label="Round", blurb=BLURB, max_rounds=rules.DEFAULT_ROUNDS,
            modules=rules.MODULES, commands=commands, result_notes=result_notes, preset=preset)
