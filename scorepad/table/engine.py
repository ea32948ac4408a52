"""The table engine: a game in progress that any screen can drive, and no screen of its own.

A `Table` holds one stored session and is the one way in for every screen (the terminal's guided loop, the
phones): `act(seat, action, version)` answers, fixes, takes back, or says yes or no to a proposal, with the seat's
rights and the version rule (scorepad.table.acts); `view(seat)` is what that seat may see (scorepad.table.views);
the seats themselves (which phone holds which player) and the proposals are kept with the session
(scorepad.table.seats). Every change is one locked write of the records (the store), reported only once it is
stored; the position in the game is never kept anywhere but in the stored answers, so any number of screens, in
this process or another, stay one game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calculators.core import InvalidInput, Result
from scorepad.errors import Changed
from scorepad.i18n import N_, _, language
from scorepad.table import acts, changes, seats, views
from scorepad.table.acts import (CHANGED_MEANWHILE, FINISHED_READ_ONLY, HOST, NO_SEAT_YET, NO_SUCH_SEAT, NOBODY,
                                 NOT_OPEN, NOT_YOURS, NOT_YOURS_TO_TAKE_BACK, SEAT_HELD, TABLE_SCREEN, UNDONE,
                                 Action, Answer, Answered, AskFirst, Confirm, Done, Finished, Fix, NoSeat,
                                 NoSuchSeat, NothingToConfirm, NotOpen, NotYours, Question, SeatHeld, Undo)
from scorepad.table.edit import CHANGED_MEANWHILE as EDITED_MEANWHILE
from scorepad.table.naming import EMPTY, NOT_STARTED, answer_text, name, named, typed
from scorepad.table.records import Records
from scorepad.table.session import EDIT, VERSION, Session, player_of, session_of
from scorepad.words import answered

__all__ = ["HOST", "NOBODY", "TABLE_SCREEN", "Action", "Answer", "Answered", "AskFirst", "Confirm", "Done", "Event",
           "Finished", "Fix", "NoSeat", "NoSuchSeat", "NotOpen", "NotYours", "NothingToConfirm", "Question",
           "SeatHeld", "Table", "Undo"]

# TRANSLATORS: said at the prompt after `undo`: {answer} is the answer taken back, named and as it was typed
# ("Game 1 · Ana · Blue: W 3 5").
TOOK_BACK = N_("Took back {answer} — asked again.")
# TRANSLATORS: {name} names the answer ("Game 1 · Ana · Blue"), {shown} is it before the edit, {new} after it.
TOOK_BACK_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}).")
REMOVED = N_("Removed {name}: {shown}; it will be asked again: scorepad resume {id}")
REMOVED_EDIT = N_("Took back the edit of {name}: {shown} again (it was {new}). Session {id} is as before the edit.")
NOTHING_TO_TAKE_BACK = N_("Nothing to take back yet.")

# What a listener hears (Event.kind); a question may name its own for "answered" (Ask.event: "card turned").
ANSWERED, TAKEN_BACK, ROUND_CLOSED, FINISHED, REOPENED, CHANGED = (
    "answered", "taken back", "round closed", "finished", "reopened", "changed")


@dataclass(frozen=True)
class Event:
    """A change of the session, as a listener follows it: `kind`, the version it made, and where (if one place)."""

    kind: str
    version: int
    at: tuple | None = None
    player: str | None = None
    round: int | None = None


Listener = Callable[["Table", list[Event]], None]


class Table:
    """One stored session, driven by screens: `records` is where it is kept (the store)."""

    def __init__(self, records: Records, session_id: int, session: Session | None = None) -> None:
        self.records = records
        self.id = session_id
        self.session = session if session is not None else session_of(records.get(session_id), session_id)
        self._listeners: list[Listener] = []
        self._worded: dict[str, Session] = {}  # the session worded in another language than its own view's

    @classmethod
    def start(cls, records: Records, doc: dict[str, Any]) -> Table:
        """A new session (a document made by `changes.new_doc`, refused there if the options are), kept at once."""
        return cls(records, records.insert(doc))

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
        return _open_question(self.worded(), at)

    def last_answered(self) -> Question | None:
        """The answer `undo` would take back now, as a question (whose it is), or None: nothing to take back, or the
        edit just made (an edit is the table's, not a player's)."""
        entries = self.session.doc.get("entries") or []
        if not entries or self.session.doc.get(EDIT):
            return None
        at = tuple(entries[-1]["at"])
        ask = self.worded().find_ask(at)
        return Question(at, player_of(ask), ask) if ask is not None else None

    def standings(self, seat: Any = HOST) -> Result | None:
        """The standings as they stand (a game in progress leads, never wins), or None: nothing to score yet, or
        the rules keep the totals from this seat (Chinatown's cash, while the game is played)."""
        session = self.session
        if not session.scorable():
            return None
        if seat != HOST and session.game.private(session):
            return None
        return session.score_so_far(session.complete_rounds())

    def view(self, seat: Any) -> dict[str, Any]:
        """The one view of the table a seat may see (shared/spec/table-web.md's state), in the language spoken."""
        return views.view(self, seat)

    # --- seats: which phone holds which player ----------------------------------------------------------------

    def seat_of(self, token: str) -> Any:
        """The seat of the phone with this token: a player, TABLE_SCREEN, or NOBODY (no seat taken yet)."""
        seated, player = seats.seat_of(self.session.doc, token)
        return player if seated else NOBODY

    def held(self) -> dict[str, str]:
        """Each player whose seat a phone holds -> that phone's token."""
        return seats.holders(self.session.doc)

    def take_seat(self, token: str, player: str | None) -> None:
        """The phone `token` takes `player`'s seat (None: the table's screen); SeatHeld when another phone holds it,
        NoSuchSeat when no such player plays."""
        if player is not None and player not in self.session.players:
            raise NoSuchSeat(_(NO_SUCH_SEAT).format(player=player))

        def take(doc: dict[str, Any]) -> None:
            holder = seats.holders(doc).get(player) if player is not None else None
            if holder is not None and holder != token:
                raise SeatHeld(_(SEAT_HELD).format(player=player))
            seats.take(doc, token, player)

        self._write_phones(take)

    def leave(self, token: str) -> None:
        self._write_phones(lambda doc: seats.leave(doc, token))

    def free(self, player: str) -> bool:
        """The host frees a seat (a phone lost or flat): True if a phone held it."""
        freed: list[bool] = []
        self._write_phones(lambda doc: freed.append(seats.free(doc, player)))
        return freed[0]

    def may_answer(self, seat: Any, question: Question) -> bool:
        """A terminal answers everything; a phone its own player's questions and the table's, another player's
        only while no phone holds that player's seat (a player without a phone, answered for by a neighbour)."""
        return acts.may_answer(self.session.doc, seat, question.player)

    # --- the one way in ----------------------------------------------------------------------------------------

    def act(self, seat: Any, action: Action, version: int | None = None) -> Done:
        """Do what a screen asks for `seat` (an answer, a fix, an undo, a yes or no to a proposal).

        `version` is the version the screen saw. Refusals, nothing recorded: NoSeat (no seat taken), NotYours (the
        seat may not), InvalidInput (the answer's own refusal), Changed (what it acts on changed after `version`,
        or is no longer open), NotOpen, Finished, NothingToConfirm, AskFirst (trading ends while a trade waits).
        """
        if seat is NOBODY:
            raise NoSeat(_(NO_SEAT_YET))
        if isinstance(action, Confirm):
            return acts.confirm(self, seat, action)
        if version is None or isinstance(version, bool) or not isinstance(version, int):
            raise Changed(_(CHANGED_MEANWHILE).format(id=self.id), self.session.doc)
        if isinstance(action, Answer):
            return acts.answer(self, seat, action, version)
        if isinstance(action, Fix):
            return acts.fix(self, seat, action, version)
        if isinstance(action, Undo):
            last = self.last_answered()
            if self.finished:
                raise Finished(_(FINISHED_READ_ONLY).format(id=self.id))
            if last is not None and seat != HOST and not self.may_answer(seat, last):
                raise NotYours(_(NOT_YOURS_TO_TAKE_BACK).format(player=last.player))
            if last is not None:
                acts.only_its_parties(self.session, seat, last.ask, self.session.answers.get(last.at), named=True)
            return Done(UNDONE, self.undo(version, guided=True))
        raise TypeError(action)

    def check(self, at: Any, text: str, seat: Any = HOST) -> Any:
        """`text` read as the answer to the open question at `at`: the value it stores, or InvalidInput saying why
        not (the same sentence whatever the screen, but never a figure the rules keep from `seat`). Nothing is
        recorded."""
        question = self.question(at)
        if not self.may_answer(seat, question):
            raise NotYours(_(NOT_YOURS).format(name=name(question.ask)))
        return acts.read(self.worded(), seat, question.ask, text)[0]

    def preview(self, seat: Any, at: Any, text: str) -> str | None:
        """What a phone shows as an answer is typed: the line the terminal prints once it is recorded (no value: a
        hidden card stays hidden until it is turned), or the refusal (InvalidInput, NotYours, NotOpen)."""
        question = self.question(at)
        value = self.check(at, text, seat)
        echo = question.ask.echo(value) if question.ask.echo else None
        return echo.strip() if echo else None

    def answer(self, at: Any, text: str, version: int, *, seat: Any = HOST, finishing: bool = True) -> Answered:
        """Record `text` as the answer to the open question at `at`, given by a screen that saw `version`.

        Changed: that question was answered, taken back or changed after `version`, or is no longer open (nothing
        recorded); an answer to another question in between changes nothing. NotOpen, NotYours, InvalidInput:
        refused. The answer is stored before this returns, and the game is finished in the same write when it was
        the last question (unless not `finishing`: the terminal first prints what the game says after its last
        question, then calls `finish`).
        """
        done = acts.answer(self, seat, Answer(at, text), version, finishing=finishing, proposing=False)
        assert done.answered is not None
        return done.answered

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

    def save_edit(self, entries: list[dict[str, Any]], at: tuple, before: dict[str, Any]) -> Session:
        """Store an edited answer log (scorepad.table.edit checked it against `before`, the document it was made
        from): refused (Changed) when the session's answers are no longer those."""
        def edit(doc: dict[str, Any]) -> None:
            if doc.get("entries") != before.get("entries"):
                raise Changed(_(EDITED_MEANWHILE).format(id=self.id), doc)
            changes.edit(doc, entries, at)

        self._write(edit, expect=False)
        return self.session

    def rename(self, renamed: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        """Rename a player (`scorepad players rename`): `renamed` gives the document with the new name everywhere
        the game keeps one; the seats and proposals follow, and it is a new version (phones see the new name)."""
        def change(doc: dict[str, Any]) -> dict[str, Any]:
            new = renamed(doc)
            changes.touch_version(new)
            seats.mark_every(new, new[VERSION])
            return new

        self._write(change, expect=False)

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

    def stored(self, doc: dict[str, Any]) -> Session:
        """The stored document `doc` as a session worded in the language spoken now (a menu's choices are a
        phone's words): this table's own view when it holds the same (its steps are made already), else a new
        one."""
        return self.worded() if doc == self.session.doc else Session(doc, self.session.game, self.id)

    def _expect(self, version: int) -> None:
        if version != self.version:
            raise Changed(_(CHANGED_MEANWHILE).format(id=self.id), self.session.doc)

    def _write(self, change: Callable[[dict], Any], made: list[Session] | None = None, *,
               expect: bool = True) -> tuple[Event, ...]:
        """One locked write of the session: `change` runs on the stored document (refused unless it is still at
        the version this table holds, when `expect`); each question it answers, takes back or changes is marked
        with the new version (what a phone that saw an older one may still answer)."""
        def marked(doc: dict[str, Any]) -> Any:
            before = list(doc.get("entries") or [])
            result = change(doc)
            new = doc if result is None else result
            seats.mark_moved(new, before, new.get(VERSION, 0))
            return result

        try:
            doc = self.records.update(self.id, marked, expect=as_seen(self.session.doc) if expect else None)
        except Changed as changed:
            self._moved_to(changed.doc)
            raise
        return self._moved_to(doc, made[0] if made and made[0].doc is doc else None)

    def _write_phones(self, change: Callable[[dict], Any]) -> None:
        """A write of the phones' part alone (a seat, a proposal): no new version of the game."""
        self._moved_to(self.records.update(self.id, change))

    def _moved_to(self, doc: dict[str, Any], made: Session | None = None) -> tuple[Event, ...]:
        before = self.session
        if doc is before.doc or (made is None and doc == before.doc):
            return ()  # read again, unchanged: the view and its steps stay
        after = made if made is not None else Session(doc, before.game, self.id)
        self.session = after
        self._worded.clear()
        found = tuple(events_between(before, after))
        if found:
            for listener in list(self._listeners):
                listener(self, list(found))
        return found


def _open_question(view: Session, at: Any) -> Question:
    at = tuple(at) if isinstance(at, (list, tuple)) else at
    found = next((ask for ask in view.open_asks() if ask.at == at), None)
    if found is None:
        ask = view.find_ask(at) if isinstance(at, tuple) else None
        raise NotOpen(_(NOT_OPEN).format(name=named(ask, at if isinstance(at, tuple) else (at,))))
    return Question(found.at, player_of(found), found)


def as_seen(seen: dict) -> Callable[[dict], bool]:
    """The store's compare-and-set on the one token: the stored session is still at the version the caller read
    (every change of its answers, status or players makes a new one: `changes.touch`)."""
    version = seen.get(VERSION, 0)
    return lambda stored: stored.get(VERSION, 0) == version


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
