"""The table engine: a game in progress that any screen can drive, and no screen of its own.

A `Table` holds one stored session and answers what every screen asks of it: which questions are open now
(several at once where the rules let players answer together), an answer to one of them through the game's own
parser and every check of the whole table, undo, the session's version (so a screen that saw an older one is
told, not overwritten), the standings as a seat may see them, and the events a listener follows. Every change is
written to the records (the store) before it is reported; the position in the game is never kept anywhere but
in the stored answers, so any number of screens, in this process or another, stay one game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calculators.core import InvalidInput, Result
from scorepad.errors import Changed, ScorepadError
from scorepad.games.base import Ask
from scorepad.i18n import N_, _, language
from scorepad.table import changes
from scorepad.table.naming import EMPTY, NOT_STARTED, answer_text, name, named, parse, typed
from scorepad.table.records import Records
from scorepad.table.session import EDIT, VERSION, Session, player_of, session_of
from scorepad.table.tablefile import check_storable
from scorepad.words import answered

# TRANSLATORS: said at the prompt after `undo`: {answer} is the answer taken back, named and as it was typed
# ("Game 1 · Ana · Blue: W 3 5").
TOOK_BACK = N_("Took back {answer} — asked again.")
# TRANSLATORS: {name} names the answer ("Game 1 · Ana · Blue"), {shown} is it before the edit, {new} after it.
TOOK_BACK_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}).")
REMOVED = N_("Removed {name}: {shown}; it will be asked again: scorepad resume {id}")
REMOVED_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}). Session {id} is as before the edit.")
NOTHING_TO_TAKE_BACK = N_("Nothing to take back yet.")
# TRANSLATORS: an answer sent for a question that is not open now (answered already, or not reached yet);
# {name} names the question ("Game 1 · Ana · Blue").
NOT_OPEN = N_("{name} is not open now")
# TRANSLATORS: an answer sent from one player's phone for another player's question; {name} names it.
NOT_YOURS = N_("{name} is another player's to answer")
# The same words as the store's own refusal of a write over a session changed meanwhile.
CHANGED_MEANWHILE = N_("session {id} changed meanwhile; nothing was saved")

# What a listener hears (Event.kind); a question may name its own for "answered" (Ask.event: "card turned").
ANSWERED, TAKEN_BACK, ROUND_CLOSED, FINISHED, REOPENED, CHANGED = (
    "answered", "taken back", "round closed", "finished", "reopened", "changed")
HOST = "host"  # the seat of a terminal: it may answer every question and see what the rules let the table see


class NotOpen(ScorepadError):
    """The question is not one that may be answered now."""


class NotYours(ScorepadError):
    """The seat may not answer that question."""


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
class Event:
    """A change of the session, as a listener follows it: `kind`, the version it made, and where (if one place)."""

    kind: str
    version: int
    at: tuple | None = None
    player: str | None = None
    round: int | None = None


@dataclass(frozen=True)
class Answered:
    question: Question
    value: Any
    events: tuple[Event, ...]

    @property
    def echo(self) -> str | None:
        """The line a terminal prints once the answer is accepted (the expedition's score), if the game has one."""
        return self.question.ask.echo(self.value) if self.question.ask.echo else None


Listener = Callable[["Table", list[Event]], None]


class Table:
    """One stored session, driven by screens: `records` is where it is kept (the store)."""

    def __init__(self, records: Records, session_id: int, session: Session | None = None) -> None:
        self.records = records
        self.id = session_id
        self.session = session if session is not None else session_of(records.get(session_id), session_id)
        self._listeners: list[Listener] = []
        self._worded: dict[str, Session] = {}  # the session worded in another language than its own view's

    # --- what a screen reads ---------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def finished(self) -> bool:
        return self.session.finished

    def worded(self) -> Session:
        """The session as it stands, its questions worded in the language spoken now: the engine's own view keeps
        the words of whoever asked first (a terminal in English), a phone in Persian gets a view of its own."""
        view = self.session
        if view.worded_in in (None, language()):
            return view
        worded = self._worded.get(language())
        if worded is None or worded.doc is not view.doc:
            worded = self._worded[language()] = Session(view.doc, view.game, self.id)
        return worded

    def open(self) -> list[Question]:
        """The questions that may be answered now, in the order a terminal asks them."""
        return [Question(ask.at, player_of(ask), ask) for ask in self.worded().open_asks()]

    def question(self, at: Any) -> Question:
        """The open question at `at` (NotOpen when it is not open now)."""
        at = tuple(at) if isinstance(at, (list, tuple)) else at
        found = next((q for q in self.open() if q.at == at), None)
        if found is None:
            ask = self.worded().find_ask(at) if isinstance(at, tuple) else None
            raise NotOpen(_(NOT_OPEN).format(name=named(ask, at if isinstance(at, tuple) else (at,))))
        return found

    def last_answered(self) -> Question | None:
        """The answer `undo` would take back now, as a question (whose it is), or None: nothing to take back, or the
        edit just made (an edit is the table's, not a player's)."""
        entries = self.session.doc.get("entries") or []
        if not entries or self.session.doc.get(EDIT):
            return None
        at = tuple(entries[-1]["at"])
        ask = self.worded().find_ask(at)
        return Question(at, player_of(ask), ask) if ask is not None else None

    def standings(self, seat: str | None = HOST) -> Result | None:
        """The standings as they stand (a game in progress leads, never wins), or None: nothing to score yet, or
        the rules keep the totals from this seat (Chinatown's cash, while the game is played)."""
        session = self.session
        if not session.scorable():
            return None
        if seat != HOST and session.game.private(session):
            return None
        return session.score_so_far(session.complete_rounds())

    # --- answers ---------------------------------------------------------------------------------------------

    def check(self, at: Any, text: str) -> Any:
        """`text` read as the answer to the open question at `at`: the value it stores, or InvalidInput saying why
        not (the same sentence whatever the screen). Nothing is recorded."""
        return self._value(self.question(at), text)

    def answer(self, at: Any, text: str, version: int, *, seat: str | None = HOST, finishing: bool = True) -> Answered:
        """Record `text` as the answer to the open question at `at`, given by a screen that saw `version`.

        Changed: the session is no longer at `version` (another screen answered first; nothing recorded).
        NotOpen, NotYours, InvalidInput: refused, nothing recorded. The answer is stored before this returns,
        and the game is finished in the same write when it was the last question (unless not `finishing`: the
        terminal first prints what the game says after its last question, then calls `finish`).
        """
        self._expect(version)
        question = self.question(at)
        if seat != HOST and question.player is not None and question.player != seat:
            raise NotYours(_(NOT_YOURS).format(name=name(question.ask)))
        value = self._value(question, text)
        game = self.session.game
        made: list[Session] = []

        def record(doc: dict[str, Any]) -> None:
            changes.record(doc, question.at, value)
            made[:] = [Session(doc, game, self.id)]  # its steps serve the next question too
            if finishing and made[0].next_ask() is None:
                changes.finish(doc)
                made.clear()  # the status changed after the view was made

        events = self._write(record, made)
        return Answered(question, value, events)

    def finish(self) -> tuple[Event, ...]:
        """End a game whose every question is answered (a session stored just before its end was written)."""
        if self.session.finished or self.session.next_ask() is not None:
            return ()
        return self._write(changes.finish)

    def undo(self, version: int, *, guided: bool, check: Callable[[dict], None] | None = None) -> str:
        """Take back the last answer, or the edit just made; what to say.

        `guided`: said at the prompt of a game being played (else by `scorepad undo`). `check` sees the stored
        document first, inside the same locked update, and may refuse (raise).
        """
        self._expect(version)
        if not self.session.doc.get("entries") and not self.session.doc.get(EDIT):
            if guided:
                return _(NOTHING_TO_TAKE_BACK)
        removed: dict[str, Any] = {}

        def take_back(stored: dict) -> None:
            if check is not None:
                check(stored)
            removed.update(changes.undo(stored))

        self._write(take_back)
        ask = self.worded().find_ask(tuple(removed["at"]))
        label = named(ask, tuple(removed["at"]))
        shown = typed(ask, removed["value"]) or _(NOT_STARTED if guided else EMPTY)
        if removed.get("edit"):
            new = typed(ask, removed["new"]) or _(EMPTY)
            text = TOOK_BACK_EDIT if guided else REMOVED_EDIT
            return _(text).format(name=label, shown=shown, new=new, id=self.id)
        if guided:
            return _(TOOK_BACK).format(answer=answer_text(ask, shown) if ask else answered(label, shown))
        return _(REMOVED).format(name=label, shown=shown, id=self.id)

    # --- following the session -------------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(table, events)` after each change this table makes or sees; returns the unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def refresh(self) -> tuple[Event, ...]:
        """Read the session again (another screen or process may have changed it): the events since last seen."""
        return self._moved_to(self.records.get(self.id))

    def seen(self, doc: dict[str, Any]) -> tuple[Event, ...]:
        """Take `doc` as the session now (e.g. the stored one a refused write came back with)."""
        return self._moved_to(doc)

    # --- inside ------------------------------------------------------------------------------------------------

    def _value(self, question: Question, text: str) -> Any:
        value = parse(question.ask, text)
        check_storable(value)
        return value

    def _expect(self, version: int) -> None:
        if version != self.version:
            raise Changed(_(CHANGED_MEANWHILE).format(id=self.id), self.session.doc)

    def _write(self, change: Callable[[dict], Any], made: list[Session] | None = None) -> tuple[Event, ...]:
        try:
            doc = self.records.update(self.id, change, expect=as_seen(self.session.doc))
        except Changed as changed:
            self._moved_to(changed.doc)
            raise
        return self._moved_to(doc, made[0] if made and made[0].doc is doc else None)

    def _moved_to(self, doc: dict[str, Any], made: Session | None = None) -> tuple[Event, ...]:
        before = self.session
        if doc is before.doc:
            return ()
        after = made if made is not None else Session(doc, before.game, self.id)
        self.session = after
        self._worded.clear()
        found = tuple(events_between(before, after))
        if found:
            for listener in list(self._listeners):
                listener(self, list(found))
        return found



def as_seen(seen: dict) -> Callable[[dict], bool]:
    """The store's compare-and-set: the stored session still holds the answers, status, players and version the
    caller read (`players rename` may rename a game not yet answered: an answer for the old name would damage it).
    """
    entries, status, players = seen.get("entries"), seen.get("status"), seen.get("players")
    version = seen.get(VERSION, 0)
    return lambda stored: (stored.get("entries") == entries and stored.get("status") == status
                           and stored.get("players") == players and stored.get(VERSION, 0) == version)


def events_between(before: Session, after: Session) -> list[Event]:
    """What changed from one view of a session to the next, as listeners hear it."""
    version = after.version
    found: list[Event] = []
    if before.players != after.players:
        found.append(Event(CHANGED, version))
    for at, value in after.answers.items():
        if at not in before.answers or before.answers[at] != value:
            ask = after.find_ask(at)
            kind = ask.event if ask is not None else ANSWERED
            found.append(Event(kind, version, at, player_of(ask) if ask is not None else None))
    found += [Event(TAKEN_BACK, version, at) for at in before.answers if at not in after.answers]
    try:
        closed = after.complete_rounds() > before.complete_rounds()
    except InvalidInput:
        closed = False
    if closed:
        found.append(Event(ROUND_CLOSED, version, round=after.complete_rounds()))
    if after.finished != before.finished:
        found.append(Event(FINISHED if after.finished else REOPENED, version))
    if not found and after.version != before.version:
        found.append(Event(CHANGED, version))
    return found
