"""The guided Next Station: London game: the cards of the modules, the setup, each round's deck and lines, the
interchanges and objectives at the end, the standings; and the words a player may type at its prompts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators import next_station_london as rules
from calculators.core import InvalidInput
from scorepad.games.base import NUMBER, PRESS, Ask, Commands, Content, Say, Session, Step, keeping, one_of_players
from scorepad.games.next_station_london.deck import turn_text
from scorepad.games.next_station_london.guide import (guide_text, objectives_list, pencils_text, round_content,
                                                      setup_text)
from scorepad.games.next_station_london.notation import (CARD_OPTIONS, field_span, not_a_number, parse_interchanges,
                                                         parse_completed, parse_order, show_completed,
                                                         show_interchanges, show_powers, show_words, whole_number)
from scorepad.games.next_station_london.report import interchange_formula, line_result, summary_text
from scorepad.games.next_station_london.seats import BOTH_CARDS, circle_holder, drew_own, objectives, pencils
from scorepad.games.next_station_london.words import (ASK_BOTH_CARDS, ASK_CONTROLLER, ASK_DECK, ASK_FIELD,
                                                      ASK_INTERCHANGES,
                                                      ASK_OBJECTIVE_CARDS, ASK_OBJECTIVE_NAMES, ASK_OBJECTIVES,
                                                      ASK_ORDER, ASK_POWER_CARDS, ASK_POWER_NAMES, ASK_TURN,
                                                      CONTROLLER_HINT, FIELD_HINTS, INTERCHANGES_HINT, NONE,
                                                      OBJECTIVE_NAMES_HINT, OBJECTIVES_HINT, POWER_NAMES_HINT,
                                                      TURN_CARD,
                                                      CARD_CHOICES, CARD_LINE_TEXT, CHOOSE, CIRCLE_HELP,
                                                      COMMAND_HELP, COUNT_INTERCHANGES, DECK_CHOICES, DIGITAL,
                                                      END_OF_GAME, FACE_NAMES, FIELD_NAMES, FINAL_OBJECTIVES,
                                                      INTERCHANGE_RESULT, NO_INTERCHANGES, OBJECTIVE_CARDS,
                                                      OBJECTIVES_RESULT,
                                                      PHYSICAL, PHYSICAL_DECK_SOLO, PHYSICAL_DECK_TABLE, POWER_CARDS,
                                                      POWER_TEXTS, PRESS_ENTER, SCORE_ROUND, SECTIONS_HELP, TYPED,
                                                      WE_DREW, as_typed, colour_name, objective_text)
from scorepad.grid import standings_text
from scorepad.i18n import _, pgettext, western_digits


def _card_steps(session: Session) -> list[Step]:
    """With a module: whether scorepad draws its cards or the table did, and then which ones; with both, one
    question for both kinds (the table that deals its own power cards draws its own objectives too)."""
    listed = {"objectives": (OBJECTIVE_CARDS, {k: objective_text(k) for k in rules.OBJECTIVES}, ASK_OBJECTIVE_CARDS,
                             (ASK_OBJECTIVE_NAMES, OBJECTIVE_NAMES_HINT), show_words),
              "powers": (POWER_CARDS, {k: _(POWER_TEXTS[k]) for k in rules.POWERS}, ASK_POWER_CARDS,
                         (ASK_POWER_NAMES, POWER_NAMES_HINT), show_powers)}
    chosen = [module for module in CARD_OPTIONS if module in session.modules]
    both = len(chosen) > 1 and all(session.get(*CARD_OPTIONS[module][0]) is None for module in chosen)
    told: list[Step] = []
    asked: list[Step] = []
    for module in chosen:
        question, cards, parse = CARD_OPTIONS[module]
        heading, texts, ask, ask_names, show = listed[module]
        told.append(Say(lambda heading=heading, texts=texts: Content(_(heading), tuple(
            CARD_LINE_TEXT.format(name=TYPED[name](), text=text) for name, text in texts.items())), kind="lead"))
        steps = [] if both else [_menu(question, _(ask), CARD_CHOICES, "cards")]
        if drew_own(session, question):
            steps.append(Ask(cards, _(ask_names[0]), parse=parse, show=show, hint=_(ask_names[1])))
        (asked if both else told).extend(steps)
    if both:
        return [*told, _menu(BOTH_CARDS, _(ASK_BOTH_CARDS), CARD_CHOICES, "cards"), *asked]
    return told


def _menu(at: tuple, message: str, choices: Sequence[str], field: str, **options: Any) -> Ask:
    """A menu whose choices show in the chosen language; the answer is stored as the English choice, so a game
    goes on the same in another language (the table file's session, `resume --lang`)."""
    def parse(text: str) -> str:
        for choice in choices:
            if text in (choice, _(choice)):
                return choice
        raise InvalidInput(_(CHOOSE).format(text=text, first=_(choices[0]), second=_(choices[1])), field=field)

    return Ask(at, message, parse=parse, choices=tuple(_(c) for c in choices), show=_, **options)


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
                    raise InvalidInput(_(PRESS_ENTER).format(undo=pgettext("typed word", "undo"),
                                                             help=pgettext("typed word", "help")))
                return shown  # stored so undo names the card it takes back

            out.append(Ask(("setup", "deck", number, turn), _(ASK_TURN).format(number=number + 1, turn=turn + 1),
                           parse=parse, kind=PRESS, empty=_(TURN_CARD),
                           show=lambda value, cards=cards: " + ".join(_(FACE_NAMES[c.face]) for c in cards),
                           editable=False))
            out.append(Say(lambda n=number, t=turn: turn_text(session, n, t), kind="echo"))
    return out


# --- line entry ----------------------------------------------------------------------------------------

def _field_question(session: Session, r: rules.Rules, number: int, player: str, name: str, colour: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": name}
    # A district holds at most MOST_STATIONS of a line's stations: only the Circle power's pencil counts one twice.
    circled = name == "stations" and circle_holder(session, number) == player

    def parse(text: str) -> int:
        text = western_digits(text).strip()
        value = whole_number(text)
        if value is None:
            span = field_span(name) if name != "stations" or circled else f"0–{MOST_STATIONS}"
            raise InvalidInput(not_a_number(text, span), **where)
        if name == "stations" and not circled and value > MOST_STATIONS:
            if value <= rules.MAX_STATIONS:
                raise InvalidInput("next-station-london.stations-need-circle", stations=value, most=MOST_STATIONS,
                                   **where)
            raise InvalidInput("number.out-of-range", value=value, low=0, high=MOST_STATIONS, **where)
        # the line's other fields as recorded so far: the same checks as scoring, field by field
        others = {other: session.get("rounds", number, player, other) for other in r.line_fields if other != name}
        return rules.check_line_field(name, value, {k: v for k, v in others.items() if v is not None}, **where)

    high = rules.MAX_STATIONS if circled else MOST_STATIONS if name == "stations" else rules.FIELD_RANGES[name][1]
    return Ask(("rounds", number, player, name),
               _(ASK_FIELD).format(number=number + 1, player=player, colour=colour, field=FIELD_NAMES[name]()),
               parse=parse, together=("lines", number), kind=NUMBER,
               hint=_(FIELD_HINTS[name]).format(high=high, points=rules.THAMES_POINTS))


# --- the guided game ---------------------------------------------------------------------------------

END = ("end",)  # every player's end-of-game figures are counted at the same time
MOST_STATIONS = rules.MAX_STATIONS - rules.CIRCLE_EXTRA  # of a line in one district, without the Circle power

def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    solo = len(session.players) == 1
    out: list[Step] = [*_card_steps(session), Say(lambda: setup_text(session))]
    if solo:
        default = show_words(rules.PENCILS)
        out.append(Ask(("setup", "order"), _(ASK_ORDER), parse=keeping(parse_order, default), default=default,
                       show=show_words))
    else:
        out.append(Ask(("setup", "controller"), _(ASK_CONTROLLER), hint=_(CONTROLLER_HINT),
                       parse=one_of_players(session.players, field="controller"), choices=tuple(session.players)))
    for number in range(session.rounds_planned):
        out.append(Say(lambda n=number: round_content(session, n)))
        out += _deck_steps(session, number)
        out.append(Say(lambda n=number: score_round_text(session, r, n)))
        for index, player in enumerate(session.players):
            colour = colour_name(pencils(session, number)[index])
            for name in r.line_fields:
                out.append(_field_question(session, r, number, player, name, colour))
            out.append(Say(lambda n=number, p=player: line_result(session, r, n, p), kind="score"))
        out.append(Say(lambda: summary_text(session), kind="score"))
    out.append(Say(lambda: final_text(session, r)))
    for player in session.players:
        if r.interchanges_score:
            out.append(Ask(("final", player, "interchanges"), _(ASK_INTERCHANGES).format(player=player),
                           parse=_interchanges_parse(session, player), show=show_interchanges,
                           echo=lambda value, p=player: _(INTERCHANGE_RESULT).format(
                               player=p, formula=interchange_formula(value)), together=END,
                           hint=_(INTERCHANGES_HINT), empty=_(NONE)))
        if "objectives" in session.modules:
            out.append(_objectives_question(session, player))
    out.append(Say(lambda: standings_text(session.score(session.complete_rounds()), session.game), kind="score"))
    return out


def cards_in_play(session: Session) -> tuple[str, ...]:
    """The objective cards a player may name: those in play, or any where the session never drew them (a table
    file imported has no setup; scoring still holds the table to 2 cards). Drawn: the objectives' own question,
    or the one for both kinds of cards, was answered."""
    drawn = any(session.get(*question) is not None for question in (CARD_OPTIONS["objectives"][0], BOTH_CARDS))
    return objectives(session) if drawn else rules.OBJECTIVES


def player_figures(session: Session, player: str, interchanges: dict[str, int] | None = None) -> dict[str, int]:
    """What the objectives are checked against (rules.objective_figures), from the player's answers so far."""
    lines = [{name: session.get("rounds", n, player, name, default=0) for name in ("thames", "tourist", "districts")}
             for n in range(session.complete_rounds())]
    counts = interchanges if interchanges is not None else session.get("final", player, "interchanges")
    return rules.objective_figures(lines, counts)


def _objectives_question(session: Session, player: str) -> Ask:
    in_play = cards_in_play(session)

    def parse(text: str) -> list[str]:
        done = parse_completed(text, in_play, player, session.modules)
        rules.check_completions(done, player_figures(session, player), player=player)
        return done

    def echo(done: Any) -> str:
        points = rules.OBJECTIVE_POINTS * rules.completed(done)
        return _(OBJECTIVES_RESULT).format(player=player, cards=show_completed(done), points=points)

    return Ask(("final", player, "objectives"), _(ASK_OBJECTIVES).format(player=player),
               hint=_(OBJECTIVES_HINT).format(cards=show_words(in_play), none=as_typed("none")), empty=_(NONE),
               parse=parse, show=show_completed, echo=echo, together=END)


def _interchanges_parse(session: Session, player: str) -> Any:
    """The interchanges typed, refused when they rule out an objective the player already named completed (the
    end's questions may be answered in any order)."""
    def parse(text: str) -> dict[str, int]:
        counts = parse_interchanges(text, player)
        rules.check_completions(session.get("final", player, "objectives") or [],
                                player_figures(session, player, counts), player=player, field="interchanges")
        return counts

    return parse


def final_text(session: Session, r: rules.Rules) -> str:
    """The end of the game: what to count (interchanges, objectives)."""
    points = {f"p{k}": v for k, v in rules.INTERCHANGE_POINTS.items()}
    lines = [_(END_OF_GAME), _(COUNT_INTERCHANGES).format(**points) if r.interchanges_score else _(NO_INTERCHANGES)]
    if "objectives" in session.modules:
        lines.append(_(FINAL_OBJECTIVES) + objectives_list(session, "    "))
    return "\n".join(lines)


def score_round_text(session: Session, r: rules.Rules, number: int) -> str:
    holder = circle_holder(session, number)
    high = {name: top for name, (_low, top) in rules.FIELD_RANGES.items()}
    circle = "\n" + _(CIRCLE_HELP).format(player=holder, most=high["stations"]) if holder else ""
    return _(SCORE_ROUND).format(
        number=number + 1, sections="\n" + _(SECTIONS_HELP).format(sections=high["sections"]) if r.additive_lines
        else "", circle=circle, districts=high["districts"], stations=MOST_STATIONS, thames=high["thames"],
        points=rules.THAMES_POINTS, tourist=high["tourist"])


def commands(session: Session) -> Commands:
    """The prompt words summary, guide and pencils (in English: the play loop takes the language's word too)."""
    shown = {"summary": lambda rest: summary_text(session), "guide": lambda rest: guide_text(session),
             "pencils": lambda rest: pencils_text(session)}
    return {word: (_(COMMAND_HELP[word]), show) for word, show in shown.items()}
