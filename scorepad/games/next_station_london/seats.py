"""Who holds what in Next Station: London: each player's pencil round by round, the controller, and the objective
and power cards in play (drawn by scorepad from the session's seed, or named by the table)."""

from __future__ import annotations


from calculators import next_station_london as rules
from scorepad.games.base import Session
from scorepad.games.next_station_london.words import WE_DREW


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


# One question for both kinds of cards when both modules are in play (a session of an older scorepad, or one whose
# command line named one kind, asked each kind's own: CARD_OPTIONS' paths).
BOTH_CARDS = ("setup", "cards")


def drew_own(session: Session, question: tuple) -> bool:
    """Whether the table drew these cards itself: the answer to their question, else to the one for both kinds."""
    answer = session.get(*question)
    return (answer if answer is not None else session.get(*BOTH_CARDS)) == WE_DREW


def objectives(session: Session) -> tuple[str, ...]:
    """The 2 objectives in play: the cards the table drew, if it named them, else scorepad's seeded draw."""
    if "objectives" not in session.modules:
        return ()
    named = session.get("setup", "objectives") if drew_own(session, ("setup", "objective-cards")) else None
    return tuple(named or rules.draw_objectives(session.seed))


def powers(session: Session) -> dict[str, str]:
    """Colour → power: the cards the table dealt, if it named them, else scorepad's seeded deal."""
    if "powers" not in session.modules:
        return {}
    named = session.get("setup", "powers") if drew_own(session, ("setup", "power-cards")) else None
    return dict(named or rules.deal_powers(session.seed))


def circle_holder(session: Session, number: int) -> str | None:
    """Who draws with the pencil that holds the Circle power this round (None: it is a spare, or no powers)."""
    by_colour = {colour: player for player, colour in zip(session.players, pencils(session, number))}
    return next((by_colour.get(c) for c, power in powers(session).items() if power == "circle"), None)
