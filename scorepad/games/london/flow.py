"""The guided London game: the setup and turn guide, the events tracked during play, then the final reckoning in
the rulebook's order with the tie-break questions the answers reach."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from calculators import london as rules
from calculators.core import InvalidInput
from scorepad.games.base import NUMBER, Ask, Say, Session, Step, keeping, one_of_players
from scorepad.games.london.notation import parse_choice, parse_count
from scorepad.games.london.tracking import (VIEWS, Tracked, apply_event, edition, event_keys, flat, guide_text,
                                            summary_text, track)
from scorepad.games.london.words import (ASK_BOROUGHS, ASK_COUNT, ASK_EVENT, ASK_FIELD, ASK_HAND, ASK_LOANS,
                                         ASK_STACKS, ASK_WHO, EDITION_NAMES, EVENT_LABEL, STARTING, TRACKED,
                                         FINAL_INTRO, FINAL_INTRO_FLAT, FLAT_NAME, NOBODY_TO_REPAY, QUESTIONS,
                                         RECAP_EVENT, SEPARATOR, SETUP_1E, SETUP_2E, SETUP_FLAT, TIE_DECIDES,
                                         TIE_REACHED, TRACKING, event_labels, rule_text, tied_figures, typed_words,
                                         with_rules)
from scorepad.grid import cell, names_text, standings_text
from scorepad.i18n import _, plural, western_digits


def first_player(session: Session) -> str:
    """1st ed: drawn at random (S1); the draw comes from the session's seed, so a resumed game shows the same."""
    return random.Random(f"{session.seed}:first-player").choice(session.players)


def start_player(session: Session) -> str | None:
    """Who started a 1st edition game (BG Stats' start player): the draw scorepad made from the session's seed, or
    nobody in the flat-penalties variant. The 2nd edition's first player is "whoever set up the game", which
    scorepad is not told."""
    return None if flat(session) else first_player(session)


def turn_order(session: Session) -> list[str]:
    """The players in the order they take turns: from the first player scorepad drew (1st ed.), else as seated."""
    first = start_player(session) if edition(session) is rules.FIRST_EDITION else None
    at = session.players.index(first) if first in session.players else 0
    return [*session.players[at:], *session.players[:at]]


def setup_text(session: Session) -> str:
    r, count = edition(session), len(session.players)
    values = {"title": session.game.title, "count": count, "players": _(SEPARATOR).join(session.players),
              "money": rules.STARTING_MONEY, "poverty": r.starting_poverty, "hand": rules.STARTING_HAND,
              "columns": rules.DISPLAY_COLUMNS[count]}
    if flat(session):
        return with_rules(plural(SETUP_FLAT, count), **values)
    if r is rules.FIRST_EDITION:
        return with_rules(plural(SETUP_1E, count), first=first_player(session), **values)
    return with_rules(plural(SETUP_2E, count), **values)


def steps(session: Session) -> list[Step]:
    out: list[Step] = [Say(lambda: setup_text(session)), Say(lambda: guide_text(session))]
    if not flat(session):
        out.append(Say(lambda: _(TRACKING).format(**typed_words())))
        out += tracking_steps(session)
    out += reckoning_steps(session)
    return out


def tracking_steps(session: Session) -> list[Step]:
    r = edition(session)
    every = event_labels()
    labels = {k: every[k] for k in event_keys(r)}
    views = {every["summary"]: lambda: summary_text(session), every["guide"]: lambda: guide_text(session)}
    choices = tuple(label for k, label in every.items() if k in labels or k in VIEWS)  # the menu's order
    events = {k: label for k, label in labels.items() if k != "undo"}
    out: list[Step] = []
    state = {p: Tracked(poverty=r.starting_poverty) for p in session.players}  # replayed once, event by event
    k = 0
    while True:
        part = _(RECAP_EVENT).format(number=k + 1)  # what a resumed game recaps: the event being told
        # The menu ends with `undo`, the prompt word the terminal's loop takes before any answer: not an event.
        out.append(Ask(("setup", "track", k, "event"), _(ASK_EVENT), parse=parse_choice(events), choices=choices,
                       show=lambda key: every.get(key, key), views=views, part=part,
                       name=_(EVENT_LABEL).format(n=k + 1, question=_(ASK_EVENT))))
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
    players = [p for p in turn_order(session) if kind != "repay" or state[p].loans > 0]
    hint = "" if players else _(NOBODY_TO_REPAY).format(undo=typed_words()["undo"])
    out: list[Step] = [Ask((*at, "player"), _(ASK_WHO[kind]), parse=one_of_players(session.players),
                           choices=(*players, typed_words()["undo"]), hint=hint)]
    player = session.get(*at, "player")
    if player is None:
        return out
    before = state[player]
    if kind == "run":
        out.append(Ask((*at, "stacks"), _(ASK_STACKS).format(player=player),
                       parse=lambda text: parse_count(text, field="stacks"), kind=NUMBER))
        out.append(Ask((*at, "hand"), _(ASK_HAND).format(player=player),
                       parse=lambda text: parse_count(text, field="hand"), kind=NUMBER))
        if r.boroughs_reduce_poverty:
            out.append(_tracked_ask((*at, "boroughs"), _(ASK_BOROUGHS).format(player=player),
                                    lambda text: parse_count(text, 0, rules.BOROUGHS, field="boroughs"),
                                    before.boroughs))
        else:
            out.append(_tracked_ask((*at, "loans"), rule_text(ASK_LOANS, player=player),
                                    lambda text: parse_count(text, field="loans"), before.loans))
    else:
        high = before.loans if kind == "repay" else None

        def parse(text: str) -> int:
            # isdecimal: '²' passes isdigit() but int() refuses it; 4,300+ digits too
            figure = western_digits(text.strip())
            if high is not None and figure.isdecimal() and len(figure) < 5 and high < int(figure) <= rules.MAX_FIGURE:
                raise InvalidInput("london.too-many-repaid", holder=player, loans=high, field="count")
            return parse_count(text, 1, rules.MAX_FIGURE if high is None else high, field="count")

        out.append(Ask((*at, "count"), _(ASK_COUNT[kind]).format(player=player), parse=parse, kind=NUMBER))
    out.append(Say(lambda: apply_event(session, k, track(session, upto=k), r) or "", kind="echo"))
    # The figures are the player's own (whose phone answers them), the choice of who is the table's.
    return [replace(step, name=_(EVENT_LABEL).format(n=k + 1, question=step.label),
                    player=player if step.at[-1] != "player" else None)
            if isinstance(step, Ask) else step for step in out]


def _tracked_ask(at: tuple, label: str, parse: Callable[[str], int], known: int | None,
                 form: str = TRACKED) -> Ask:
    """A question whose answer scorepad already tracked: an empty answer keeps that figure (its default).

    (Not an editable pre-filled answer at the terminal: typing a correction would append to it, and a player would
    have to clear it first before typing `summary` or `undo`.)
    """
    if not known:  # nothing tracked, or 0: an empty answer is 0 anyway
        return Ask(at, label, parse=parse, kind=NUMBER)

    # the kept figure is checked like a typed one (e.g. boroughs across the table)
    return Ask(at, label, parse=keeping(parse, str(known)), kind=NUMBER, default=str(known),
               hint=_(form).format(value=known))


def reckoning_steps(session: Session) -> list[Step]:
    r = edition(session)
    is_flat = flat(session)
    tracked = track(session) if not is_flat else {}
    intro = rule_text(FINAL_INTRO_FLAT, edition=_(FLAT_NAME)) if is_flat else \
        _(FINAL_INTRO).format(edition=_(EDITION_NAMES[r.slug]))
    out: list[Step] = [Say(lambda: intro)]

    def ask(player: str, name: str) -> Ask:
        message = _(ASK_FIELD).format(player=player, question=question(r, name, is_flat))
        parse = _final_parser(session, r, player, name)
        known, form = None, TRACKED
        if not is_flat:
            s = tracked[player]
            known = {"vp": s.points, "loans": s.loans, "poverty": s.poverty, "boroughs": s.boroughs}.get(name)
            if name == "poverty" and not s.changed_poverty:
                form = STARTING
        return _tracked_ask(("final", player, name), message, parse, known, form)

    required = rules.required_fields(r, session.variants)
    # Every player counts their own city at the same time; the tie-breaks wait for all of it.
    out += [replace(ask(player, name), together=("reckoning",)) for player in session.players for name in required]
    if not is_flat:
        if any(session.get("final", p, name) is None for p in session.players for name in required):
            return out  # the tie-break questions depend on every other answer
        out += tiebreak_steps(session, r, ask)
    out.append(Say(lambda: standings_text(session.score(), session.game), kind="score"))
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
        out.append(Say(lambda group=group, name=name, first=first: plural(TIE_REACHED, abs(first.total)).format(
            names=names_text(group), total=cell(first.total),
            figures=tied_figures(first.poverty_left, first.boroughs if name == "best_card" else None, r.borough_noun),
            decides=_(TIE_DECIDES[r.borough_noun if name == "boroughs" else name]))))
        out += [ask(player, name) for player in group]
    reached = {(player, name) for name, group in rules.tie_needs(reckonings, session.players) for player in group}
    out += [ask(player, name) for player in session.players for name in rules.TIEBREAK_FIELDS
            if (player, name) not in reached and session.get("final", player, name) is not None]
    return out


def question(r: rules.Rules, name: str, is_flat: bool) -> str:
    if is_flat and f"flat_{name}" in QUESTIONS:
        return _(QUESTIONS[f"flat_{name}"])
    if name in ("vp", "boroughs", "card_vp", "best_card"):
        return _(QUESTIONS[f"{name}_{'1e' if r.land_scores_at_end else '2e'}"])
    return _(QUESTIONS[name])


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
