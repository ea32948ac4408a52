"""What a screen may do to a table (scorepad.table.engine's `Table.act`): answer, fix, take back, and say yes or no
to an answer that waits for a player's yes (a proposal), each with its seat's rights and the version rule.

The version rule: a screen sends the version it saw. An answer is recorded when its question is open now and
nobody answered, took it back or changed it after that version, whatever else happened in between (players
answering their own parts together is the normal case); else `Changed`, nothing recorded. Every check runs on the
stored session inside the one locked write that records the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from calculators.core import InvalidInput
from scorepad.errors import Changed, ScorepadError
from scorepad.games.base import Ask, Elsewhere
from scorepad.games.controls import as_data
from scorepad.i18n import N_, _
from scorepad.table import changes, edit, seats
from scorepad.table.naming import name, named, parse, typed
from scorepad.table.session import Session, player_of
from scorepad.table.tablefile import check_storable

HOST = "host"  # the seat of a terminal: it may answer every question and see what the rules let the table see
TABLE_SCREEN = None  # the seat of a screen for the whole table (a tablet in the middle): no player's


class _Nobody:
    def __repr__(self) -> str:
        return "NOBODY"


NOBODY: Any = _Nobody()  # a phone that took no seat yet: it reads what the table's screen reads, answers nothing

# TRANSLATORS: an answer sent for a question that is not open now (answered already, or not reached yet);
# {name} names the question ("Game 1 · Ana · Blue").
NOT_OPEN = N_("{name} is not open now")
# TRANSLATORS: an answer sent from one player's phone for another player's question; {name} names it.
NOT_YOURS = N_("{name} is another player's to answer")
# The same words as the store's own refusal of a write over a session changed meanwhile.
CHANGED_MEANWHILE = N_("session {id} changed meanwhile; nothing was saved")
# TRANSLATORS: a phone's answer refused because the same question was answered on another screen after the phone
# showed it; {name} names the question.
ANSWERED_MEANWHILE = N_("{name} was answered on another screen meanwhile; your answer was not recorded.")
TAKEN_BACK_MEANWHILE = N_("{name} was taken back or changed meanwhile; your answer was not recorded.")
NO_LONGER_OPEN = N_("{name} is no longer open (the game moved on); your answer was not recorded.")
# TRANSLATORS: a phone's answer that another player's private figure (Chinatown cash) refuses: it may not say the
# figure, so it names whose it is; {player} is that player.
PRIVATE_REFUSED = N_("That cannot be recorded: it does not fit a figure that only {player} may see; ask {player}.")
PRIVATE_FIX = N_("That change does not fit figures the rules keep private; ask at the table.")
NO_SEAT_YET = N_("take a seat first")
FINISHED_READ_ONLY = N_("session {id} is finished: the phones may read it, not change it")
# TRANSLATORS: a phone asked for a seat another phone holds; {player} is the seat's name.
SEAT_HELD = N_("{player}'s seat is held by another phone (the host can free it)")
# TRANSLATORS: a phone asked for a seat of a player who is not at this table.
NO_SUCH_SEAT = N_("{player!r} is not a player of this game")
NOTHING_TO_CONFIRM = N_("there is nothing to confirm now")
# TRANSLATORS: a phone said yes or no to a trade that waits for another player's yes; {player} is that player.
NOT_YOURS_TO_CONFIRM = N_("That waits for {player}'s yes, on their phone.")
# TRANSLATORS: a phone asked to take back another player's answer, while that player's phone holds their seat.
NOT_YOURS_TO_TAKE_BACK = N_("The last answer is {player}'s: their phone takes it back.")
# TRANSLATORS: a phone asked to change a trade that names another player whose phone holds their seat; {name}
# names the trade, {player} that player.
NOT_YOURS_TO_CHANGE = N_("{name} names {player}: it changes only with {player}'s yes, on their phone.")
# TRANSLATORS: a phone asked to fix an answer that is not recorded (or not one a fix changes); {name} names it.
NOTHING_TO_FIX = N_("{name} has no answer to fix")
# TRANSLATORS: "trading done" while a trade still waits for a player's yes: {what} is the trade
# ("Ava pays Ben $10,000."); the phone asks before it ends the trading.
STILL_WAITING = N_("A trade still waits for a yes: {what} End the trading anyway (it will not count)?")
# TRANSLATORS: a phone confirmed a trade when its year's trading had ended: {what} is the trade.
LAPSED_NOW = N_("Not recorded, the trading ended first: {what}")
UNCHANGED = N_("Nothing changed.")

# What an act did (Done.kind).
RECORDED, PROPOSED, DECIDED, UNDONE, FIXED = "recorded", "proposed", "decided", "taken back", "fixed"


class NotOpen(ScorepadError):
    """The question is not one that may be answered now."""


class Finished(NotOpen):
    """The game is over: nothing more to answer or change from a phone."""


class NotYours(ScorepadError):
    """The seat may not do that (another player's question, or a proposal waiting for someone else)."""


class NoSeat(ScorepadError):
    """A phone that took no seat asked to change the game."""


class SeatHeld(ScorepadError):
    """Another phone holds that seat."""


class NoSuchSeat(ScorepadError):
    """No such player at this table."""


class NothingToConfirm(ScorepadError):
    """No proposal with that id waits (decided already, or never made)."""


class AskFirst(ScorepadError):
    """Trading would end while a trade still waits for a yes: the screen asks its player first."""


@dataclass(frozen=True)
class Answer:
    at: Any
    text: str
    anyway: bool = False  # end the trading even though a trade still waits (the player was asked)


@dataclass(frozen=True)
class Fix:
    at: Any
    text: str


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Confirm:
    id: str
    accept: bool


Action = Answer | Fix | Undo | Confirm


@dataclass(frozen=True)
class Question:
    """An open question: where its answer goes, whose it is (None: the table's), and the game's step."""

    at: tuple
    player: str | None
    ask: Ask

    @property
    def label(self) -> str:
        return self.ask.label


@dataclass(frozen=True)
class Answered:
    question: Question
    value: Any
    events: tuple

    @property
    def echo(self) -> str | None:
        """The line a terminal prints once the answer is accepted (the expedition's score), if the game has one."""
        return self.question.ask.echo(self.value) if self.question.ask.echo else None


@dataclass(frozen=True)
class Done:
    """What an act did: its kind, what to tell the screen (or None), the events, the answer recorded, the id of a
    proposal made."""

    kind: str
    message: str | None = None
    events: tuple = ()
    answered: Answered | None = None
    id: str | None = None


def place(at: Any) -> tuple:
    return tuple(at) if isinstance(at, (list, tuple)) else (at,)


def may_answer(doc: dict[str, Any], seat: Any, player: str | None) -> bool:
    """A terminal answers everything; a phone its own player's questions and the table's, another player's only
    while no phone holds that player's seat (a player without a phone, answered for by a neighbour)."""
    if seat is NOBODY:
        return False
    if seat == HOST or player is None or player == seat:
        return True
    return player not in seats.holders(doc)


def read(session: Session, seat: Any, ask: Ask, text: str) -> tuple[Any, str | None]:
    """`text` as `ask` stores it, with every check of the table: (value, None). A refusal that would tell `seat` a
    figure the rules keep private to another player is not said: the answer is read on its own (the game's
    `Ask.read`) and (value, that player) returned, for that player to check; InvalidInput without a figure when
    the game cannot read it alone."""
    try:
        value = parse(ask, text)
    except InvalidInput as error:
        hidden = error.player
        if seat == HOST or not session.game.private(session) or hidden in (None, seat):
            raise
        if ask.read is None:
            raise InvalidInput(_(PRIVATE_REFUSED).format(player=hidden)) from None
        value = parse(replace(ask, parse=ask.read), text)
        check_storable(storable(value))
        return value, hidden
    check_storable(storable(value))
    return value, None


def storable(value: Any) -> Any:
    """What an answer stores (an answer typed in another form of its question is kept at that form's path)."""
    return value.value if isinstance(value, Elsewhere) else value


def fresh(session: Session, at: tuple, version: int) -> Question:
    """The question at `at`, open in `session` (the stored one) and untouched since `version`; else Changed (it was
    answered, taken back or changed after `version`, or is no longer open) or NotOpen (it was not open then)."""
    if version > session.version:
        raise Changed(_(CHANGED_MEANWHILE).format(id=session.id), session.doc)
    moved = seats.moved_at(session.doc, at) > version
    found = next((ask for ask in session.open_asks() if ask.at == at), None)
    if found is not None and not moved:
        return Question(found.at, player_of(found), found)
    label = named(session.find_ask(at), at)
    if moved:
        said = ANSWERED_MEANWHILE if at in session.answers else TAKEN_BACK_MEANWHILE
        raise Changed(_(said).format(name=label), session.doc)
    if session.finished and version < session.version:
        raise Finished(_(FINISHED_READ_ONLY).format(id=session.id))
    if version < session.version and at not in session.answers:
        raise Changed(_(NO_LONGER_OPEN).format(name=label), session.doc)
    raise NotOpen(_(NOT_OPEN).format(name=label))


def answer(table: Any, seat: Any, action: Answer, version: int, *, finishing: bool = True,
           proposing: bool = True) -> Done:
    """Record an answer, or keep it waiting for the other player's yes (a trade entered while that player's phone
    holds their seat): see the module's version rule."""
    at = place(action.at)
    result: dict[str, Any] = {}
    made: list[Session] = []

    def change(doc: dict[str, Any]) -> None:
        now = table.stored(doc)
        if now.finished and seat != HOST:
            raise Finished(_(FINISHED_READ_ONLY).format(id=table.id))
        question = fresh(now, at, version)
        if not may_answer(doc, seat, question.player):
            raise NotYours(_(NOT_YOURS).format(name=name(question.ask)))
        value, hidden = read(now, seat, question.ask, action.text)
        waits_for = _proposal(doc, now, seat, question, value) if proposing else None
        if waits_for is not None:
            by = seat if isinstance(seat, str) and seat != HOST else None
            result["id"] = seats.propose(doc, question.at, by, waits_for[0], value, waits_for[1])
            seats.heard(doc, seat)
            return
        if hidden is not None:
            raise InvalidInput(_(PRIVATE_REFUSED).format(player=hidden))
        _end_of_trading(doc, now, question, value, action.anyway or seat == HOST)  # a terminal has said it
        if isinstance(value, Elsewhere):  # e.g. a Chinatown player's lots typed at the businesses question
            changes.record(doc, value.at, value.value)
        else:
            changes.record(doc, question.at, value)
        seats.heard(doc, seat)
        after = _seat_answer(doc, Session(doc, now.game, table.id), seat, question)
        result.update(question=question, value=value)
        made[:] = [after]
        if finishing and after.next_ask() is None:
            changes.finish(doc)
            made.clear()  # the status changed after the view was made

    events = table._write(change, made, expect=False)
    if "id" in result:
        return Done(PROPOSED, id=result["id"])
    return Done(RECORDED, events=events, answered=Answered(result["question"], result["value"], events))


def _proposal(doc: dict[str, Any], session: Session, seat: Any, question: Question,
              value: Any) -> tuple[str, list[str]] | None:
    """An answer that names two players (the game's control names them: a trade's payer and payee), entered on a
    phone while another of them holds their seat on theirs, waits for that player's yes (the payer's first):
    (whose yes, the players it names), or None."""
    if seat == HOST:
        return None
    control = as_data(session.game.control(session, question.ask)) or {}
    if not control.get("parties") or not isinstance(value, dict):
        return None
    players = [value.get(key) for key in control["parties"]]
    held = seats.holders(doc)
    others = [p for p in players if p != seat and p in held]
    return (others[0], players) if others else None


def only_its_parties(session: Session, seat: Any, ask: Ask, value: Any, named: bool = False) -> None:
    """A fix or an undo is no way round a proposal: a phone changes an answer naming two players (a trade) only
    while no other phone holds a seat it names, before the change or after it (NotYours); with `named`, a phone of
    a player it names may (an undo: the trade is entered again, and waits for the yes again)."""
    if seat == HOST or not isinstance(value, dict):
        return
    control = session.game.control(session, ask) or {}
    held = seats.holders(session.doc)
    others = [value.get(key) for key in control.get("parties", ()) if value.get(key) not in (seat, None)]
    other = next((p for p in others if p in held), None)
    if other is not None and not (named and seat in [value.get(key) for key in control["parties"]]):
        raise NotYours(_(NOT_YOURS_TO_CHANGE).format(name=name(ask), player=other))


def _end_of_trading(doc: dict[str, Any], session: Session, question: Question, value: Any, anyway: bool) -> None:
    """"Trading done" (a proposing question's empty answer) while trades still wait: asked first (AskFirst); once
    asked, the waiting ones lapse, their players told."""
    control = as_data(session.game.control(session, question.ask)) or {}
    if not control.get("parties") or isinstance(value, dict):
        return
    waiting = [p for p in seats.proposals(doc) if p["at"][:1] == list(question.at[:1])]
    if waiting and not anyway:
        raise AskFirst(_(STILL_WAITING).format(what=said(session, waiting[0])))
    for proposal in waiting:
        seats.decide(doc, proposal["id"], seats.LAPSED)


def _seat_answer(doc: dict[str, Any], after: Session, seat: Any, question: Question) -> Session:
    """The question the game's control names as whose-is-it (London's event: whose loan), answered with the
    phone's seat now that it told what happened; left open, as at a terminal, where the seat does not fit."""
    control = as_data(after.game.control(after, question.ask)) or {}
    if not control.get("seat") or not isinstance(seat, str) or seat == HOST:
        return after
    whose = next((ask for ask in after.open_asks() if ask.at == tuple(control["seat"])), None)
    if whose is None or (whose.choices and seat not in whose.choices):
        return after  # not this player's to do (a repayment without a loan): asked as any menu is
    try:
        value = parse(whose, seat)
    except InvalidInput:
        return after
    changes.record(doc, whose.at, value)
    return Session(doc, after.game, after.id)


def said(session: Session, proposal: dict[str, Any]) -> str:
    """A proposal's answer as the terminal says it once recorded ("Ava pays Ben $10,000."), in the language now."""
    at = tuple(proposal["at"])
    ask = session.find_ask(at) or next((a for a in session.asks() if a.at[:1] == at[:1]), None)
    if ask is None:
        return typed(None, proposal["value"])
    return (ask.echo(proposal["value"]) if ask.echo else typed(ask, proposal["value"])).strip()


def confirm(table: Any, seat: Any, action: Confirm) -> Done:
    """The yes or no of the player a proposal waits for. Yes records the value the proposer's phone read, at the
    open question of its kind (an optional question in the way, the previous trade's note, is left empty)."""
    result: dict[str, Any] = {}
    made: list[Session] = []

    def change(doc: dict[str, Any]) -> None:
        found = next((p for p in seats.proposals(doc) if p["id"] == action.id), None)
        if found is None:
            raise NothingToConfirm(_(NOTHING_TO_CONFIRM))
        if seat != found["for"] and seat != HOST:
            raise NotYours(_(NOT_YOURS_TO_CONFIRM).format(player=found["for"]))
        now = table.stored(doc)
        result["proposal"] = found
        if not action.accept:
            seats.decide(doc, found["id"], seats.REFUSED)
            seats.heard(doc, seat)
            result["fate"] = seats.REFUSED
            return
        question = _question_of_kind(doc, now, tuple(found["at"]))
        if question is None or now.finished:
            seats.decide(doc, found["id"], seats.LAPSED)
            result["fate"] = seats.LAPSED
            return
        value, hidden = read(now, seat, question.ask, typed(question.ask, found["value"]))
        if hidden is not None:
            raise InvalidInput(_(PRIVATE_REFUSED).format(player=hidden))
        if value != found["value"]:  # read now it is another answer (another year's trade): it lapses
            seats.decide(doc, found["id"], seats.LAPSED)
            result["fate"] = seats.LAPSED
            return
        changes.record(doc, question.at, value)
        seats.decide(doc, found["id"], seats.ACCEPTED)
        seats.heard(doc, seat)
        result["fate"] = seats.ACCEPTED
        made[:] = [Session(doc, now.game, table.id)]

    events = table._write(change, made, expect=False)
    message = _(LAPSED_NOW).format(what=said(table.session, result["proposal"])) \
        if result["fate"] == seats.LAPSED else None
    return Done(DECIDED, message, events)


def _question_of_kind(doc: dict[str, Any], session: Session, at: tuple) -> Question | None:
    """The open question a proposal made at `at` is recorded at now (the next trade's). When an optional question
    stands in the way (the note of the trade recorded just before: Enter alone answers it), it is answered empty
    in `doc` first."""
    def of_kind(view: Session) -> Ask | None:
        return next((ask for ask in view.open_asks() if ask.at[:1] == at[:1]), None)

    found = of_kind(session)
    if found is None:
        first = session.open_asks()[:1]
        if not first or first[0].choices:
            return None
        try:
            empty = parse(first[0], "")
        except InvalidInput:
            return None
        trial = Session({**doc, "entries": [*doc["entries"], {"at": list(first[0].at), "value": empty}]},
                        session.game, session.id)
        found = of_kind(trial)
        if found is None:
            return None
        changes.record(doc, first[0].at, empty)
    return Question(found.at, player_of(found), found)


def fix(table: Any, seat: Any, action: Fix, version: int) -> Done:
    """Change an earlier answer (as `fix` at the prompt): the seat's own, or any from a screen while no phone holds
    that player; refused when that answer changed after `version`. The same checks as the prompt's fix."""
    at = place(action.at)
    table.refresh()
    session = table.session
    if session.finished and seat != HOST:
        raise Finished(_(FINISHED_READ_ONLY).format(id=table.id))
    item = next((i for i in edit.items(session) if i.ask.at == at), None)
    if item is None:
        raise NotOpen(_(NOTHING_TO_FIX).format(name=named(session.find_ask(at), at)))
    if not may_answer(session.doc, seat, player_of(item.ask)):
        raise NotYours(_(NOT_YOURS).format(name=name(item.ask)))
    if seats.moved_at(session.doc, at) > version or version > session.version:
        raise Changed(_(TAKEN_BACK_MEANWHILE).format(name=name(item.ask)), session.doc)
    only_its_parties(session, seat, item.ask, item.value)
    private = seat != HOST and session.game.private(session)
    value, _hidden = read(session, seat, item.ask, action.text)  # its own refusal, with no other's figure
    only_its_parties(session, seat, item.ask, storable(value))
    try:
        change = edit.check(session, item, action.text)
    except InvalidInput:
        if private:  # what the rest of the game says of it may name another player's cash
            raise InvalidInput(_(PRIVATE_FIX)) from None
        raise
    if change.needed:
        raise InvalidInput(_(edit.NEEDED).format(name=name(change.needed[0]), id=table.id))
    if change.after.answers[at] == item.value:
        return Done(FIXED, _(UNCHANGED))
    saved = table.save_edit(change.after.doc["entries"], at, session.doc)
    text = edit.changes_text(change, saved, None)
    return Done(FIXED, text.splitlines()[0] if private else text)
