"""Where a resumed game stands: the round being played, the running totals, and what this round already holds.

Generic over the games: a question's round comes from where its answer goes (`rounds`, n, …), and a
question stored elsewhere (a Next Station: London card) belongs to the round whose questions follow it,
unless the question names its part (`Ask.part`: a Chinatown trade's year, a London tracked event).
A game may give its own running figures (`Game.recap_totals`: London's loans, poverty and points).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from calculators.core import InvalidInput
from scorepad.games.base import Ask, Step
from scorepad.grid import cell
from scorepad.i18n import N_, _, pgettext
from scorepad.table.naming import answer_text
from scorepad.table.session import Session

# --- text for people ----------------------------------------------------------------------------------

# TRANSLATORS: the first line when a game is resumed; {part} is "round 2 of 3", "the setup" or "the end of the game".
WHERE = N_("Where you are: {part}.")
# TRANSLATORS: {label} is what the game calls a round ("round", "game", "year"), {number} of {rounds} planned.
ROUND = N_("{label} {number} of {rounds}")
SETUP = N_("the setup")
END = N_("the end of the game")
# TRANSLATORS: over the answers this part already holds; {part} as in "Where you are", its first letter made
# upper case ("Round 2 of 3 so far:").
SO_FAR = N_("{part} so far:")
ANSWER = "  {answer}"
# TRANSLATORS: an answer typed as Enter alone (a colour not started, no note), as the recap lists it.
PRESSED_ENTER = N_("(Enter)")
# TRANSLATORS: {label} is what the game calls a round, lower case ("round", "game"); {totals} is
# "Ana 52, Ben 40" (TOTAL_OF each, joined by TOTALS_SEPARATOR).
TOTALS = N_("Totals after {label} {number}: {totals}.")
# TRANSLATORS: one player's running total in the recap's TOTALS: "Ana 52".
TOTAL_OF = N_("{player} {total}")
PRIVATE = N_("Totals stay private until the game ends.")

def part_of(session: Session, asks: Sequence[Ask]) -> list[Any]:
    """The part of the game each question belongs to: ("round", n), ("setup",), ("end",) or a game's own name."""
    own: list[Any] = []
    for ask in asks:
        if ask.part is not None:
            own.append(ask.part)
        elif ask.at[0] == "rounds":
            own.append(("round", ask.at[1]))
        elif ask.at[0] == "final":
            own.append(("end",))
        elif ask.at[0] == "setup" and len(ask.at) == 2:
            own.append(("setup",))
        else:
            own.append(None)
    following: Any = ("end",)
    for index in reversed(range(len(own))):  # a trade or a card belongs to the round its questions follow
        if own[index] is None:
            own[index] = following
        else:
            following = own[index]
    return own


def part_name(session: Session, part: Any) -> str:
    if isinstance(part, str):
        return part
    if part[0] == "round":
        return _(ROUND).format(label=_(session.game.label_for(session.variants)), number=part[1] + 1,
                               rounds=session.rounds_planned)
    return _(SETUP if part[0] == "setup" else END)


def recap(session: Session, steps: Sequence[Step]) -> str:
    """The recap printed when a game is resumed; "" before anything is recorded or once nothing is left to ask."""
    asks = [step for step in steps if isinstance(step, Ask)]
    open_index = next((i for i, ask in enumerate(asks) if ask.at not in session.answers), None)
    if open_index is None or not session.answers:
        return ""
    parts = part_of(session, asks)
    current = parts[open_index]
    name = part_name(session, current)
    lines = [_(WHERE).format(part=name)]
    totals = running_totals(session, current)
    if totals:
        lines += [totals, ""] if "\n" in totals else [totals]  # a table of figures stands apart
    held = [answer_line(ask, session.answers[ask.at]) for ask, part in zip(asks, parts)
            if part == current and ask.at in session.answers]
    if held:
        lines += [_(SO_FAR).format(part=name[:1].upper() + name[1:]), *held]
    return "\n".join(lines)


def running_totals(session: Session, current: Any = None) -> str:
    """The totals of the complete rounds before the current one (a game's own figures where it has them);
    none while they are private."""
    if session.game.recap_totals:
        return session.game.recap_totals(session)
    complete = session.complete_rounds() if session.game.default_rounds is not None else 0
    if isinstance(current, tuple) and current[0] == "round":  # a round whose later questions are not listed yet
        complete = min(complete, current[1])
    if not complete:
        return ""
    if session.game.private(session):
        return _(PRIVATE)
    try:
        result = session.score(complete)
    except InvalidInput:  # a table that no longer scores says so where it is scored, not here
        return ""
    figure = session.game.figure or cell
    # TRANSLATORS: between the players' totals in the recap ("Ana 52, Ben 40").
    totals = pgettext("between totals", ", ").join(_(TOTAL_OF).format(player=s.player, total=figure(s.total))
                                                   for s in result.standings)
    label = _(session.game.label_for(session.variants)).lower()
    return _(TOTALS).format(label=label, number=complete, totals=totals)


def answer_line(ask: Ask, value: Any) -> str:
    """`  Game 2 · Ana · Yellow: 4 5 7 8 10`, `  Who scores points? Ana`: a stored answer as it was typed."""
    shown = ask.show(value)
    return ANSWER.format(answer=answer_text(ask, shown if shown not in (None, "") else _(PRESSED_ENTER)))
