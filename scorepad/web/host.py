"""The table as the phones see it: who holds which seat, the state each seat may see, and what a phone's request
does to the game. No web framework here (scorepad.web.app turns these into routes): every change goes through
the engine, as a terminal's does.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from calculators.core import InvalidInput
from scorepad import exports, i18n
from scorepad.errors import Changed, ScorepadError
from scorepad.grid import cell
from scorepad.i18n import N_, _
from scorepad.table import NotOpen, Question, Session, Table
from scorepad.table.engine import CHANGED_MEANWHILE, NOT_YOURS
from scorepad.table.naming import name
from scorepad.table.recap import WHERE, part_name, part_of
from scorepad.table.records import Records
from scorepad.table import telling
from scorepad.table.session import player_of

# TRANSLATORS: a phone asked for a seat another phone holds; {player} is the seat's name.
SEAT_HELD = N_("{player}'s seat is held by another phone (the host can free it)")
# TRANSLATORS: a phone asked for a seat of a player who is not at this table.
NO_SUCH_SEAT = N_("{player!r} is not a player of this game")
NOT_A_TEXT = N_("the answer must be a text, as typed at the terminal")
NOT_A_VERSION = N_("the version must be a whole number")
NOT_A_PLACE = N_("'at' must be a place in the table file, e.g. [\"rounds\", 0, \"Ana\", \"yellow\"]")
NO_SEAT_YET = N_("take a seat first")
FINISHED_READ_ONLY = N_("session {id} is finished: the phones may read it, not change it")
# TRANSLATORS: a trade (or another answer two players agree to) entered on one phone, to confirm on the other's:
# {player} entered it; {what} is the trade as the terminal says it ("Ana pays Ben $10,000.").
CONFIRM_ASKED = N_("{player} entered: {what} Is that right?")
# TRANSLATORS: on the phone that entered a trade: {player} is the other player, who confirms it on their phone.
CONFIRM_WAITING = N_("Waiting for {player} to confirm: {what}")
NOTHING_TO_CONFIRM = N_("there is nothing to confirm now")
# TRANSLATORS: on the phone that entered a trade while another of theirs still waited: {player} was to confirm it.
REPLACED = N_("The trade waiting for {player} to confirm was replaced by this one.")
# TRANSLATORS: a phone asked to take back another player's answer, while that player's phone holds their seat.
NOT_YOURS_TO_TAKE_BACK = N_("The last answer is {player}'s: their phone takes it back.")
# TRANSLATORS: the host's terminal when a phone takes a seat ({player}) or the table's screen.
SEAT_TAKEN = N_("  a phone took {player}'s seat")
SCREEN_TAKEN = N_("  a phone became the table's screen")
TABLE_SCREEN = None  # the seat of a screen for the whole table (a tablet in the middle): no player's


class Refused(Exception):
    """A request the host refuses: an HTTP status and the sentence that says why, in the phone's language."""

    def __init__(self, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.state = state


@dataclass
class Phone:
    """One browser that joined: its id (in its cookie), its seat once taken, its language once chosen."""

    id: str
    seated: bool = False
    seat: str | None = None
    language: str | None = None


@dataclass(frozen=True)
class Proposal:
    """An answer two players agree to (a Chinatown trade), entered on one's phone, waiting for the other's."""

    at: tuple
    text: str
    by: str  # the player who entered it
    to: str  # the player who confirms it
    what: Callable[[], str]  # the answer as the terminal says it, in the language spoken when it is read


@dataclass
class Seats:
    """Which phone holds each player's seat: one phone a seat, until it leaves it or the host frees it."""

    players: list[str]
    held: dict[str, str] = field(default_factory=dict)  # player -> phone id

    def take(self, phone: Phone, player: str | None) -> None:
        if player is not None and player not in self.players:
            raise Refused(422, _(NO_SUCH_SEAT).format(player=player))
        holder = self.held.get(player) if player is not None else None
        if holder is not None and holder != phone.id:
            raise Refused(409, _(SEAT_HELD).format(player=player))
        self.leave(phone)
        if player is not None:
            self.held[player] = phone.id
        phone.seated, phone.seat = True, player

    def leave(self, phone: Phone) -> None:
        if phone.seat is not None and self.held.get(phone.seat) == phone.id:
            del self.held[phone.seat]
        phone.seated, phone.seat = False, None

    def free(self, player: str) -> bool:
        """The host frees a seat (a phone lost or flat): True if a phone held it."""
        return self.held.pop(player, None) is not None


class Host:
    """One session opened to the phones: its engine, the secret of its join link, its phones and seats."""

    def __init__(self, records: Records, session_id: int, language: str, secret: str | None = None,
                 tell: Callable[[str], None] = lambda line: None) -> None:
        self.table = Table(records, session_id)
        self.tell = tell  # a line for the host's terminal, worded in the host's language
        self.secret = secret or secrets.token_urlsafe(24)  # 192 random bits, new each time the host starts
        self.language = language
        self.phones: dict[str, Phone] = {}
        self.seats = Seats(list(self.table.session.players))
        self.proposals: dict[tuple, Proposal] = {}  # by the place of the question they answer
        self.pokes: list[Callable[[], None]] = []  # told when what phones see changes without a new version

    @property
    def id(self) -> int:
        return self.table.id

    # --- phones ---------------------------------------------------------------------------------------------

    def join(self, phone_id: str | None) -> Phone:
        """The phone with this id (a new one, with a new id, for a browser that has none or an unknown one)."""
        if phone_id and phone_id in self.phones:
            return self.phones[phone_id]
        phone = Phone(secrets.token_urlsafe(16))
        self.phones[phone.id] = phone
        return phone

    def take_seat(self, phone: Phone, body: Any) -> None:
        if not isinstance(body, dict) or "player" not in body or not (
                body["player"] is None or isinstance(body["player"], str)):
            raise Refused(422, _(NO_SUCH_SEAT).format(player=body.get("player") if isinstance(body, dict) else body))
        self.seats.take(phone, body["player"])
        with i18n.speaking(self.language):
            player = body["player"]
            self.tell(_(SEAT_TAKEN).format(player=player) if player is not None else _(SCREEN_TAKEN))

    # --- what a phone reads -----------------------------------------------------------------------------------

    def state(self, phone: Phone) -> dict[str, Any]:
        """The session as this phone's seat may see it (shared/spec/table-web.md, GET /api/state), in the phone's
        language: the open questions with their labels and choices, who still has to answer, the standings."""
        table = self.table
        view = table.worded()  # its words in this phone's language
        seat = phone.seat if phone.seated else TABLE_SCREEN
        questions = [Question(ask.at, player_of(ask), ask) for ask in view.open_asks()]
        result = table.standings(seat=seat)
        return {
            "session": table.id, "game": view.game.slug, "title": view.game.title, "players": list(view.players),
            "where": where(view),
            "seat": seat, "seated": phone.seated, "version": view.version,
            "status": "finished" if view.finished else "playing",
            "open": [self._open(view, q, phone) for q in questions],
            "waiting": list(dict.fromkeys(q.player for q in questions if q.player is not None)),
            "standings": result.to_json()["standings"] if result is not None else None,
            "shown": _shown(view, result) if result is not None else None,
            "board": view.game.board(view),
            "own": view.game.own(view, seat) if seat is not None else None,
            "held": sorted(self.seats.held),
            # What the game says now, the words it answers, what this seat entered, the result (scorepad.table.telling)
            "said": telling.said(view), "words": telling.words(view),
            "answers": telling.answers(view, seat),
            "result": telling.result(view, exports.push_url(exports.play_of(view))) if view.finished else None,
            "proposals": self._proposals(phone, questions),
            "lang": i18n.language(), "dir": "rtl" if i18n.right_to_left() else "ltr",
        }

    def _open(self, view: Session, question: Question, phone: Phone) -> dict[str, Any]:
        ask = question.ask
        item: dict[str, Any] = {"at": list(question.at), "player": question.player, "label": ask.label,
                                "hint": ask.hint or None, "kind": ask.kind,
                                "mine": self.may_answer(phone, question)}
        control = telling.control(view, ask)
        if control is not None:
            item["control"] = control
        if ask.choices:  # a menu's answers: not its display choices, nor a word of the terminal's (London's undo)
            item["choices"] = [c for c in ask.choices if c not in ask.views and _answers(ask, c)]
        if ask.default:
            item["default"] = ask.default
        if ask.empty:  # what an empty answer means (a phone's button says it: "trading is done", "none")
            item["empty"] = ask.empty
        return item

    def word(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/word {"word": "cash", "rest": "Ana"}: what the game answers to a word typed at its questions
        (`summary`, `guide`, `pencils`, `cash`), as the terminal does; another seat's private figures are refused."""
        if not isinstance(body, dict) or not all(isinstance(body.get(key, ""), str) for key in ("word", "rest")):
            raise Refused(422, _(NOT_A_TEXT))
        seat = phone.seat if phone.seated else TABLE_SCREEN
        try:
            shown = telling.answer_word(self.table.worded(), body["word"], body.get("rest", ""), seat)
        except InvalidInput as error:
            raise Refused(422, error.message) from None
        return {"items": shown.items()}

    def _proposals(self, phone: Phone, questions: list[Question]) -> list[dict[str, Any]]:
        """The answers waiting for a player's yes: to confirm on the other player's phone, to wait for on the
        entering one's. One whose question is no longer open (answered elsewhere meanwhile) is dropped."""
        open_at = {q.at for q in questions}
        for at in [at for at in self.proposals if at not in open_at]:
            del self.proposals[at]
        shown = []
        for proposal in self.proposals.values():
            if phone.seated and phone.seat == proposal.to:
                text = _(CONFIRM_ASKED).format(player=proposal.by, what=proposal.what())
                shown.append({"at": list(proposal.at), "text": text, "confirm": True})
            elif phone.seated and phone.seat == proposal.by:
                text = _(CONFIRM_WAITING).format(player=proposal.to, what=proposal.what())
                shown.append({"at": list(proposal.at), "text": text, "confirm": False})
        return shown

    def may_answer(self, phone: Phone, question: Question) -> bool:
        """A phone answers its own player's questions and the table's; another player's only while no phone
        holds that player's seat (a player without a phone, answered for by a neighbour)."""
        if not phone.seated:
            return False
        if question.player is None or question.player == phone.seat:
            return True
        return question.player not in self.seats.held

    # --- what a phone does ------------------------------------------------------------------------------------

    def answer(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/answer: record one answer, or Refused with its status (409 with the state as it now is)."""
        at, value, version = _answer_body(body, self.table.worded())
        self._writable(phone)
        table = self.table
        if version != table.version:
            raise self._changed(phone)
        try:
            question = table.question(at)
        except NotOpen as error:
            raise Refused(422, str(error)) from None
        if not self.may_answer(phone, question):
            raise Refused(403, _(NOT_YOURS).format(name=name(question.ask)))
        proposal = self._proposal(phone, question, value)
        if proposal is not None:  # the other player confirms it on their phone first
            waiting = self.proposals.get(question.at)
            self.proposals[question.at] = proposal
            self._poke()
            if waiting is not None and waiting.to != proposal.to:
                return {**self.state(phone), "message": _(REPLACED).format(player=waiting.to)}
            return self.state(phone)
        try:
            table.answer(at, value, version)
        except Changed:
            raise self._changed(phone) from None
        except InvalidInput as error:
            raise Refused(422, error.message) from None
        self._answer_seat(phone, question)
        return self.state(phone)

    def _answer_seat(self, phone: Phone, question: Question) -> None:
        """The question the game's control names as whose-is-it (London's event: whose loan), answered with this
        phone's seat now that it told what happened; left open, as at a terminal, where the seat does not fit."""
        control = telling.control(self.table.worded(), question.ask) or {}
        if not control.get("seat") or not phone.seated or phone.seat is None:
            return
        try:
            whose = self.table.question(tuple(control["seat"]))
            if whose.ask.choices and phone.seat not in whose.ask.choices:
                return  # not this player's to do (a repayment without a loan): asked as any menu is
            self.table.answer(whose.at, phone.seat, self.table.version)
        except (NotOpen, Changed, InvalidInput):
            pass  # left open, asked on every screen as any menu is

    def _proposal(self, phone: Phone, question: Question, text: str) -> Proposal | None:
        """An answer that names two players (the game's control names them: a trade's payer and payee), entered on
        one's phone while the other's phone holds their seat, waits for the other's yes."""
        control = telling.control(self.table.worded(), question.ask) or {}
        if not control.get("parties"):
            return None
        try:
            value = self.table.check(question.at, text)
        except InvalidInput as error:
            raise Refused(422, error.message) from None
        if not isinstance(value, dict):  # Enter alone: the year's trading is done
            return None
        players = [value.get(key) for key in control["parties"]]
        others = [p for p in players if p != phone.seat and self.seats.held.get(p) not in (None, phone.id)]
        if not others:
            return None
        ask = question.ask
        by = phone.seat if phone.seat in players else players[0]
        return Proposal(question.at, text, by, others[0],
                        lambda: (ask.echo(value) if ask.echo else text).strip())

    def confirm(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/confirm: the other player's yes (or no) to an answer waiting for it."""
        at = _place(body.get("at")) if isinstance(body, dict) else None
        proposal = self.proposals.get(at) if at is not None else None
        if proposal is None or not phone.seated or phone.seat != proposal.to:
            raise Refused(409, _(NOTHING_TO_CONFIRM), self.state(phone))
        del self.proposals[at]
        self._poke()  # the phone that entered it stops waiting, whatever the answer
        if body.get("accept") is True:
            try:
                self.table.answer(at, proposal.text, self.table.version)
            except (Changed, NotOpen):
                raise self._changed(phone) from None
            except InvalidInput as error:  # possible when entered, no longer (another answer came between)
                raise Refused(422, error.message) from None
        return self.state(phone)

    def check(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/check: what an answer would be, without recording it (a phone's preview as cards are
        tapped): the line the terminal echoes, or the refusal."""
        at, value, _version = _answer_body({**body, "version": 0} if isinstance(body, dict) else body)
        try:
            question = self.table.question(at)
            stored = self.table.check(at, value)
        except NotOpen as error:
            raise Refused(422, str(error)) from None
        except InvalidInput as error:
            raise Refused(422, error.message) from None
        echo = question.ask.echo(stored) if question.ask.echo else None
        return {"value": stored, "echo": echo.strip() if echo else None}

    def undo(self, phone: Phone, body: Any) -> dict[str, Any]:
        """POST /api/undo: take back the last answer, as `undo` at the prompt (the same version rule)."""
        version = body.get("version") if isinstance(body, dict) else None
        if not _is_int(version):
            raise Refused(422, _(NOT_A_VERSION))
        self._writable(phone)
        last = self.table.last_answered()
        if last is not None and last.player is not None and not self.may_answer(phone, last):
            raise Refused(403, _(NOT_YOURS_TO_TAKE_BACK).format(player=last.player))
        try:
            message = self.table.undo(version, guided=True)
        except Changed:
            raise self._changed(phone) from None
        except ScorepadError as error:
            raise Refused(422, str(error)) from None
        return {**self.state(phone), "message": message}

    def _poke(self) -> None:
        for poke in self.pokes:
            poke()

    def _changed(self, phone: Phone) -> Refused:
        return Refused(409, _(CHANGED_MEANWHILE).format(id=self.table.id), self.state(phone))

    def _writable(self, phone: Phone) -> None:
        if not phone.seated:
            raise Refused(403, _(NO_SEAT_YET))
        if self.table.finished:
            raise Refused(409, _(FINISHED_READ_ONLY).format(id=self.table.id), self.state(phone))


def where(view: Session) -> str | None:
    """Where the game is ("Where you are: round 2 of 3."), as a resumed terminal says it."""
    asks = view.asks()
    first = next((i for i, ask in enumerate(asks) if ask.at not in view.answers), None)
    if first is None:
        return None
    return _(WHERE).format(part=part_name(view, part_of(view, asks)[first]))


def _answers(ask: Any, choice: str) -> bool:
    try:
        ask.parse(choice)
    except InvalidInput:
        return False
    return True


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


def _shown(view: Session, result: Any) -> list[dict[str, Any]]:
    """The standings as the page shows them: each total and part worded as the terminal's breakdown words them
    (a game's own figures: Chinatown's dollars). `standings` stays as `score --json` prints it (the spec)."""
    figure = view.game.figure or cell  # a real minus sign, as the terminal prints it
    label = view.game.part_label or _
    return [{"rank": s.rank, "player": s.player, "total": figure(s.total),
             "parts": [[label(part), figure(value)] for part, value in s.parts.items()]} for s in result.standings]
