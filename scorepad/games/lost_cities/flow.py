"""The guided Lost Cities match: the setup, each game's start, every expedition's question, the standings."""

from __future__ import annotations

from typing import Any

from calculators import lost_cities as rules
from calculators.core import InvalidInput
from scorepad.games.base import Ask, Commands, Say, Session, Step, in_the_shell, one_of_players
from scorepad.games.lost_cities.notation import format_cards, parse_cards
from scorepad.games.lost_cities.report import expedition_line, games_table, player_breakdown
from scorepad.games.lost_cities.words import (ASK_OLDEST, CARDS_LABEL, ECHO, GAME_AGAIN, GAME_HEADING, GAMES, GUIDE_HELP,
                                              NOTATION, OLDEST_HINT, RESHUFFLE, SETUP, STARTS_AFTER_LEVEL,
                                              STARTS_OLDEST, STARTS_SCORED_MORE, TURN_RULES, colour_name,
                                              variant_text, wager_words)
from scorepad.grid import cell, names_text, standings_text
from scorepad.i18n import _, pgettext, plural
from scorepad.words import listed


def steps(session: Session) -> list[Step]:
    r = rules.rules_for(session.variants)
    out: list[Step] = [Say(lambda: setup_text(session, r)),
                       Ask(("setup", "oldest"), _(ASK_OLDEST), parse=one_of_players(session.players, field="oldest"),
                           choices=tuple(session.players), hint=_(OLDEST_HINT))]
    for number in range(session.rounds_planned):
        out.append(Say(lambda n=number: game_start_text(session, n, r)))
        for player in session.players:
            for colour in r.colours:
                out.append(_card_question(session, r, number, player, colour))
            out.append(Say(lambda n=number, p=player: player_breakdown(session, n, p, r), kind="score"))
        out.append(Say(lambda n=number: games_table(session.score(n + 1), session.players), kind="score"))
    out.append(Say(lambda: standings_text(session.score(session.rounds_planned), session.game), kind="score"))
    return out


def _card_question(session: Session, r: rules.Rules, number: int, player: str, colour: str) -> Ask:
    where = {"round": number + 1, "player": player, "field": colour}

    def parse(text: str) -> list[Any]:
        cards = parse_cards(text, **where)
        # The deck check needs both players' cards of this game: check the game with this answer in it.
        game = {p: {c: session.get("rounds", number, p, c) for c in r.colours
                    if session.get("rounds", number, p, c) is not None} for p in session.players}
        game[player][colour] = cards
        try:
            return list(rules.check_round(game, r, round=number + 1)[player][colour])
        except InvalidInput as error:
            if error.code == "lost-cities.card-taken" and error.values["card"] in cards:
                raise _held_elsewhere(session, number, player, colour, error.values["card"], where) from None
            raise

    def echo(cards: list[Any]) -> str:
        line = expedition_line(rules.score_expedition(cards, r, colour))
        return _(ECHO).format(colour=colour_name(colour), line=line)

    return Ask(("rounds", number, player, colour), _cards_label(number, player, colour),
               parse=parse, show=format_cards, echo=echo, together=("hand", number))


def _cards_label(number: int, player: str, colour: str) -> str:
    return _(CARDS_LABEL).format(number=number + 1, player=player, colour=colour_name(colour))


def _held_elsewhere(session: Session, number: int, player: str, colour: str, card: int,
                    where: dict[str, Any]) -> InvalidInput:
    """A card typed for `player` that the other player's earlier answer of this colour holds: that answer is named,
    with its cards, and `fix` is what changes it (the deck check names whoever comes first, perhaps this player)."""
    owner = next(p for p in session.players if p != player and card in (session.get("rounds", number, p, colour) or ()))
    return InvalidInput("lost-cities.card-held", colour=colour, card=card, owner=owner,
                        shell=session.id if in_the_shell() else None,
                        answer=_cards_label(number, owner, colour),
                        cards=format_cards(session.get("rounds", number, owner, colour)), **where)


def setup_text(session: Session, r: rules.Rules) -> str:
    games = session.rounds_planned
    return _(SETUP).format(players=names_text(session.players), games=plural(GAMES, games).format(n=games),
                           variant_text=variant_text(session.variants), deck=r.deck_size,
                           colours=listed([colour_name(c) for c in r.colours]), low=rules.NUMBERS[0],
                           high=rules.NUMBERS[-1], wagers=rules.WAGERS_PER_COLOUR, hand=rules.HAND_SIZE,
                           pile=r.deck_size - 2 * rules.HAND_SIZE)


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
    """The heading of game `number` (0-based) and who starts; the rules of a turn under the first game's only (the
    later games name the word that shows them again: a game's result and the scores stay on an 80×24 screen)."""
    _name, starts = starter(session, number)
    reshuffle = "\n  " + _(RESHUFFLE).format(hand=rules.HAND_SIZE) if number else ""
    heading = _(GAME_HEADING).format(number=number + 1, games=session.rounds_planned, starts=starts,
                                     reshuffle=reshuffle)
    rest = _(GAME_AGAIN).format(guide=pgettext("typed word", "guide")) if number else rules_text()
    return heading + "\n" + rest


def rules_text() -> str:
    """A turn's rules and how to type the cards (the first game's start, and the prompt word `guide`)."""
    notation = _(NOTATION).format(wager=wager_words()[-1], undo=pgettext("typed word", "undo"))
    return _(TURN_RULES).format(notation=notation)


def commands(session: Session) -> Commands:
    """The prompt word `guide` (in English: the play loop takes the language's word too)."""
    return {"guide": (_(GUIDE_HELP), lambda rest: rules_text())}
