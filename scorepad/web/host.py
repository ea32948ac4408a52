"""The phones' side of a hosted table: a phone's requests translated into the engine's acts, and the engine's
refusals into HTTP statuses. No rule lives here: who may answer, the version rule, the seats, the proposals and
what each seat may see are the engine's (scorepad.table: Table.act, Table.view, the seats it keeps with the
session). No web framework either (scorepad.web.app turns these into routes).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calculators.core import InvalidInput
from scorepad import exports, i18n
from scorepad.errors import Changed, ScorepadError, StoreError
from scorepad.i18n import N_, _
from scorepad.table import (NOBODY, TABLE_SCREEN, Answer, AskFirst, Confirm, Finished, Fix, NoSeat, NoSuchSeat,
                            NothingToConfirm, NotOpen, NotYours, SeatHeld, Session, Table, Undo, telling)
from scorepad.table.acts import CHANGED_MEANWHILE, NO_SUCH_SEAT
from scorepad.table.records import Records

NOT_A_TEXT = N_("the answer must be a text, as typed at the terminal")
NOT_A_VERSION = N_("the version must be a whole number")
NOT_A_PLACE = N_("'at' must be a place in the table file, e.g. [\"rounds\", 0, \"Ana\", \"yellow\"]")
# TRANSLATORS: a phone's yes or no named no proposal: `id` and `accept` are the JSON keys, kept as they are.
NOT_A_DECISION = N_("a yes or no needs the proposal's 'id' and 'accept' (true or false)")
# TRANSLATORS: the host's terminal when a phone takes a seat ({player}) or the table's screen.
SEAT_TAKEN = N_("  a phone took {player}'s seat")
SCREEN_TAKEN = N_("  a phone became the table's screen")

# The engine's refusals as a phone hears them: the HTTP status, and whether the state as it now is comes with it.
STATUS = [(NoSeat, 403, False), (NotYours, 403, False), (Finished, 409, True), (NotOpen, 409, True),
          (Changed, 409, True), (AskFirst, 409, True), (NothingToConfirm, 409, True), (SeatHeld, 409, False),
          (NoSuchSeat, 422, False), (InvalidInput, 422, False), (ScorepadError, 422, False)]


class Refused(Exception):
    """A request the host refuses: an HTTP status and the sentence that says why, in the phone's language."""

    def __init__(self, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.state = state


@dataclass
class Phone:
    """One browser that joined: its id (in its cookie) and its language once chosen; its seat is the engine's."""

    id: str
    language: str | None = None


class Seats:
    """The seats as the host's terminal sees them (its `free NAME`): the engine keeps them."""

    def __init__(self, table: Table, poke: Callable[[], None]) -> None:
        self.table = table
        self.poke = poke

    @property
    def players(self) -> list[str]:
        return list(self.table.session.players)

    @property
    def held(self) -> dict[str, str]:
        return self.table.held()

    def free(self, player: str) -> bool:
        """The host frees a seat (a phone lost or flat): True if a phone held it. Every phone hears it at once (a
        player waiting on a new phone takes it)."""
        freed = self.table.free(player)
        self.poke()
        return freed


class Host:
    """One session opened to the phones: its engine, the secret of its join link, the phones that joined."""

    def __init__(self, records: Records, session_id: int, language: str, secret: str | None = None,
                 tell: Callable[[str], None] = lambda line: None) -> None:
        self.table = Table(records, session_id)
        self.tell = tell  # a line for the host's terminal, worded in the host's language
        self.secret = secret or secrets.token_urlsafe(24)  # 192 random bits, the session's while its game lasts
        self.language = language
        self.phones: dict[str, Phone] = {}
        self.seats = Seats(self.table, self._poke)
        self.pokes: list[Callable[[], None]] = []  # told when what phones see changes without a new version

    @property
    def id(self) -> int:
        return self.table.id

    # --- phones ---------------------------------------------------------------------------------------------

    def join(self, phone_id: str | None) -> Phone:
        """The phone with this id (one this server has not seen yet: a phone that joined before a restart, its
        id vouched for by the caller), or a new one with a new id."""
        if phone_id and phone_id in self.phones:
            return self.phones[phone_id]
        phone = Phone(phone_id or secrets.token_urlsafe(16))
        self.phones[phone.id] = phone
        return phone

    def seat(self, phone: Phone) -> Any:
        """The engine's seat of this phone: its player, None for the table's screen, NOBODY before it chose."""
        return self.table.seat_of(phone.id)

    def take_seat(self, phone: Phone, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or "player" not in body or not (
                body["player"] is None or isinstance(body["player"], str)):
            raise Refused(422, _(NO_SUCH_SEAT).format(player=body.get("player") if isinstance(body, dict) else body))
        player = body["player"]
        already = self.seat(phone)
        self._do(phone, lambda: self.table.take_seat(phone.id, player))
        self._poke()
        if already != player:  # taking one's own seat again says nothing new
            with i18n.speaking(self.language):
                self.tell(_(SEAT_TAKEN).format(player=player) if player is not None else _(SCREEN_TAKEN))
        return self.state(phone)

    def leave(self, phone: Phone) -> None:
        self.table.leave(phone.id)
        self._poke()

    # --- what a phone reads -----------------------------------------------------------------------------------

    def state(self, phone: Phone) -> dict[str, Any]:
        """The session as this phone's seat may see it (shared/spec/table-web.md, GET /api/state): the engine's
        view of that seat, in the phone's language, with the link that adds a finished play to BG Stats (the
        exports' own, a layer above the engine)."""
        state = self.table.view(self.seat(phone))
        if state.get("result") is not None:
            state["result"] = {**state["result"], "bgstats": exports.push_url(exports.play_of(self.table.worded()))}
        return state

    def may_answer(self, phone: Phone, question: Any) -> bool:
        return self.table.may_answer(self.seat(phone), question)

    def word(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/word {"word": "cash", "rest": "Ana"}: what the game answers to a word typed at its questions
        (`summary`, `guide`, `pencils`, `cash`), as the terminal does; the engine's telling refuses another seat's
        private figures (a phone without a seat reads what the table's screen reads)."""
        if not isinstance(body, dict) or not all(isinstance(body.get(key, ""), str) for key in ("word", "rest")):
            raise Refused(422, _(NOT_A_TEXT))
        seat = self.seat(phone)
        seat = TABLE_SCREEN if seat is NOBODY else seat
        shown = self._do(phone, lambda: telling.answer_word(self.table.worded(), body["word"], body.get("rest", ""),
                                                            seat), with_state=False)
        return {"items": shown.items()}

    # --- what a phone does ------------------------------------------------------------------------------------

    def answer(self, phone: Phone, body: Any) -> tuple[int, dict[str, Any]]:
        """POST /api/answer: 200 and the state once recorded, 202 when it waits for another player's yes. A
        control's `values` in place of `value` are composed into the answer as typed by the game."""
        at, value, version = _answer_body(body, self.table.worded())
        anyway = isinstance(body, dict) and body.get("anyway") is True
        done = self._do(phone, lambda: self.table.act(self.seat(phone), Answer(at, value, anyway), version))
        if done.id is not None:
            self._poke()
            return 202, self.state(phone)
        return 200, self.state(phone)

    def fix(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/fix: change an earlier answer, as `fix` at the prompt."""
        at, value, version = _answer_body(body, self.table.worded())
        done = self._do(phone, lambda: self.table.act(self.seat(phone), Fix(at, value), version))
        return {**self.state(phone), "message": done.message}

    def confirm(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/confirm {"id", "accept"}: the yes or no of the player a proposal waits for."""
        if not isinstance(body, dict) or not isinstance(body.get("id"), str) or not isinstance(body.get("accept"),
                                                                                              bool):
            raise Refused(422, _(NOT_A_DECISION))
        done = self._do(phone, lambda: self.table.act(self.seat(phone), Confirm(body["id"], body["accept"])))
        self._poke()  # the proposer's phone hears what became of it
        state = self.state(phone)
        return {**state, "message": done.message} if done.message else state

    def check(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/check: what an answer would be, without recording it (a phone's preview as cards are
        tapped): the line the terminal echoes, or the refusal; only for a question this seat may answer, and
        never a figure or a card the rules keep from it."""
        at, value, _version = _answer_body({**body, "version": 0} if isinstance(body, dict) else body)
        echo = self._do(phone, lambda: self.table.preview(self.seat(phone), at, value), with_state=False)
        return {"echo": echo}

    def undo(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/undo: take back the last answer, as `undo` at the prompt (the same version rule)."""
        version = body.get("version") if isinstance(body, dict) else None
        if not _is_int(version):
            raise Refused(422, _(NOT_A_VERSION))
        done = self._do(phone, lambda: self.table.act(self.seat(phone), Undo(), version))
        return {**self.state(phone), "message": done.message}

    def _do(self, phone: Phone, act: Callable[[], Any], with_state: bool = True) -> Any:
        try:
            return act()
        except tuple(kind for kind, _status, _state in STATUS) as error:
            if isinstance(error, StoreError) and not isinstance(error, Changed):
                raise  # nothing was saved (a full disk): scorepad.web.app says so, without the host's paths
            status, stateful = next((s, w) for kind, s, w in STATUS if isinstance(error, kind))
            message = error.message if isinstance(error, InvalidInput) else str(error)
            if isinstance(error, Changed) and not message:
                message = _(CHANGED_MEANWHILE).format(id=self.id)
            state = self.state(phone) if stateful and with_state else None
            if state is not None and isinstance(error, AskFirst):
                state = {**state, "ask": True}
            raise Refused(status, message, state) from None

    def _poke(self) -> None:
        for poke in self.pokes:
            poke()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _answer_body(body: Any, view: Session | None = None) -> tuple[tuple, str, int]:
    if not isinstance(body, dict):
        raise Refused(422, _(NOT_A_PLACE))
    at, value, version = _place(body.get("at")), body.get("value"), body.get("version")
    if at is None:
        raise Refused(422, _(NOT_A_PLACE))
    if value is None and "values" in body and view is not None:  # a control's values: the game writes the answer
        try:
            value = telling.compose(view, at, body["values"])
        except InvalidInput as error:
            raise Refused(422, error.message) from None
    if not isinstance(value, str):
        raise Refused(422, _(NOT_A_TEXT))
    if not _is_int(version):
        raise Refused(422, _(NOT_A_VERSION))
    return at, value, version


def _place(at: Any) -> tuple | None:
    """A question's place as a phone sends it (a JSON list of names and numbers), or None."""
    if not isinstance(at, list) or not at or not all(isinstance(k, str) or _is_int(k) for k in at):
        return None
    return tuple(at)
