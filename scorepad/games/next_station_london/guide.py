"""What a Next Station: London table reads before and during its rounds: the setup, the modules in play, each
round's controller, pencils and rules, and every player's pencil in every round."""

from __future__ import annotations


from calculators import next_station_london as rules
from scorepad.games.base import Content, Session
from scorepad.games.next_station_london.seats import controller, objectives, pencils, powers, start_colours
from scorepad.games.next_station_london.words import (JOINING, MAP_SHEET, OBJECTIVES_TEXT, PASSING, PENCIL_POWER,
                                                      PENCILS_HEADING, PLACES_2, PLACES_3, PLAYER_HEADING,
                                                      PLAYER_PENCIL, POWERS_TEXT, ROUND_COLUMN, ROUND_END_RULE,
                                                      ROUND_HEADING, ROUND_PENCIL, ROUND_PENCIL_POWER,
                                                      ROUND_AGAIN, ROUND_RULES_SOLO, ROUND_RULES_TABLE, SEATING, SETUP_HEADING,
                                                      SETUP_HEADING_MODULES, SOLO_HEADING, SOLO_HEADING_LINE,
                                                      SOLO_HEADING_MODULES, SOLO_SETUP, CONTROLLER, colour_name,
                                                      module_name, objective_text, power_name, power_text)
from scorepad.i18n import _, pgettext
from scorepad.words import listed, names_text


def objectives_list(session: Session, indent: str = "  ") -> str:
    return "".join(f"\n{indent}{n}. {objective_text(key)}" for n, key in enumerate(objectives(session), start=1))


def setup_text(session: Session) -> str:
    players = session.players
    modules = names_text([module_name(m) for m in session.modules]) if session.modules else ""
    if len(players) == 1:
        heading = _(SOLO_HEADING_MODULES).format(modules=modules) if modules else _(SOLO_HEADING_LINE)
        text = heading + "\n" + _(SOLO_SETUP).format(penalty=rules.SOLO_MODULE_PENALTY)
    else:
        start = start_colours(session)
        seats = rules.seats(len(players))
        lines = [_(SEATING).format(order=listed(players))] if len(players) > 2 else []
        lines += [_(PLAYER_PENCIL).format(player=p, colour=colour_name(start[seat])) for p, seat in zip(players, seats)]
        spares = rules.spare_places(len(players))
        if len(players) == 3:
            lines.append(_(PLACES_3).format(colour=colour_name(start[spares[0]]), right=players[-1], left=players[0]))
        elif len(players) == 2:
            lines.append(_(PLACES_2).format(a=colour_name(start[spares[0]]), b=colour_name(start[spares[1]]),
                                            p=players[0], q=players[1]))
        names = listed(players)
        heading = _(SETUP_HEADING_MODULES).format(players=names, modules=modules) if modules else \
            _(SETUP_HEADING).format(players=names)
        text = "\n".join([heading, _(MAP_SHEET), *lines])
    return text + modules_guide(session)


def modules_guide(session: Session) -> str:
    text = ""
    if objectives(session):
        text += "\n" + _(OBJECTIVES_TEXT).format(points=rules.OBJECTIVE_POINTS)
        text += objectives_list(session)
    if powers(session):
        text += "\n" + _(POWERS_TEXT)
        text += "".join("\n" + _(PENCIL_POWER).format(colour=colour_name(c), power=power_text(p))
                        for c, p in powers(session).items())
    return text


def round_content(session: Session, number: int, whole: bool = False) -> Content:
    """A round's guide: its heading, then the controller, the pencils passed, each player's pencil (and power), and
    its rules: whole in the first round (and `whole`: the prompt word `guide`), else what changed and the word that
    shows them."""
    dealt = powers(session)
    solo = len(session.players) == 1
    lines = []
    if not solo:
        lines.append(_(CONTROLLER).format(controller=controller(session, number)))
    if number:
        lines.append(_(PASSING[len(session.players)]).format(first=session.players[0], last=session.players[-1]))
    lines.append(_(SOLO_HEADING if solo else PENCILS_HEADING))
    for player, colour in zip(session.players, pencils(session, number)):
        if dealt:
            lines.append(_(ROUND_PENCIL_POWER).format(player=player, colour=colour_name(colour),
                                                      power=power_name(dealt[colour])))
        else:
            lines.append(_(ROUND_PENCIL).format(player=player, colour=colour_name(colour)))
    if number and not whole:
        lines.append(_(ROUND_AGAIN).format(guide=pgettext("typed word", "guide")))
        return Content(_(ROUND_HEADING).format(number=number + 1, rounds=session.rounds_planned), tuple(lines))
    lines.append(_(ROUND_RULES_SOLO if solo else ROUND_RULES_TABLE))
    if number:
        lines.append(_(JOINING))
    lines.append(_(ROUND_END_RULE).format(n=rules.UNDERGROUND_TO_END))
    return Content(_(ROUND_HEADING).format(number=number + 1, rounds=session.rounds_planned), tuple(lines))


def round_text(session: Session, number: int, whole: bool = False) -> str:
    content = round_content(session, number, whole)
    return "\n".join([content.title, *content.lines])


def guide_text(session: Session) -> Content:
    """The `guide` word: the round being played, and the modules' cards in play."""
    number = min(session.complete_rounds(), max(session.rounds_planned - 1, 0))
    content = round_content(session, number, whole=True)
    return Content(content.title, content.lines + tuple(modules_guide(session).split("\n")[1:]))


def pencils_text(session: Session) -> Content:
    """Every player's pencil in every round, as a table (the `pencils` word)."""
    rounds = [pencils(session, n) for n in range(4)]
    rows = [(p, *[colour_name(rounds[n][i]) for n in range(4)]) for i, p in enumerate(session.players)]
    return Content(rows=((_(PLAYER_HEADING), *[_(ROUND_COLUMN).format(number=n) for n in range(1, 5)]), *rows))
