"""The one view of a table a seat may see (shared/spec/table-web.md's state), in the language spoken now: the open
questions with their labels and choices and whether this seat may answer each, who still has to answer, the
standings where the rules show them, the player's own private figures (to that player alone), the seats held,
the proposals waiting that concern this seat and what became of the decided ones. Every screen reads this one;
no screen decides what a seat may see.
"""

from __future__ import annotations

from typing import Any

from calculators.core import InvalidInput
from scorepad import i18n
from scorepad.grid import cell
from scorepad.i18n import N_, _
from scorepad.table import seats, telling
from scorepad.table.acts import HOST, LAPSED_NOW, NOBODY, TABLE_SCREEN, Question, may_answer, said
from scorepad.table.recap import WHERE, part_name, part_of
from scorepad.table.session import Session, player_of

# TRANSLATORS: a trade (or another answer two players agree to) entered on one phone, to confirm on the other's:
# {player} entered it; {what} is the trade as the terminal says it ("Ana pays Ben $10,000.").
CONFIRM_ASKED = N_("{player} entered: {what} Is that right?")
CONFIRM_ASKED_SCREEN = N_("The table's screen entered: {what} Is that right?")
# TRANSLATORS: on the phones of a trade's players: {player} is the player whose yes it waits for.
CONFIRM_WAITING = N_("Waiting for {player} to confirm: {what}")
# TRANSLATORS: what became of a trade that waited for {player}'s yes; {what} is the trade.
SAID_YES = N_("{player} said yes: {what}")
SAID_NO = N_("{player} said no, so it does not count: {what}")


def view(table: Any, seat: Any) -> dict[str, Any]:
    """The state of the table as `seat` may see it (a player, None for the table's screen, NOBODY for a phone
    without a seat yet, HOST for a terminal)."""
    session = table.worded()  # its words in the language spoken now
    doc = session.doc
    questions = [Question(ask.at, player_of(ask), ask) for ask in session.open_asks()]
    result = table.standings(seat=seat)
    player = seat if isinstance(seat, str) and seat != HOST else None
    reader = TABLE_SCREEN if seat is NOBODY else seat  # a phone without a seat reads what the table's screen reads
    return {
        "session": table.id, "game": session.game.slug, "title": session.game.title,
        "players": list(session.players), "where": where(session),
        "seat": player, "seated": seat is not NOBODY, "version": session.version,
        "status": "finished" if session.finished else "playing",
        "open": [_open(session, doc, q, seat) for q in questions],
        "waiting": list(dict.fromkeys(q.player for q in questions if q.player is not None)),
        "standings": result.to_json()["standings"] if result is not None else None,
        "shown": _shown(session, result) if result is not None else None,
        "board": session.game.board(session),
        "own": session.game.own(session, player) if player is not None else None,
        "held": sorted(seats.holders(doc)),
        # What the game says now, the words it answers, what this seat entered, the result (scorepad.table.telling;
        # the result's BG Stats link is added by the screen that shows it: the exports are a layer above)
        "said": telling.said(session), "words": telling.words(session),
        "answers": telling.answers(session, reader),
        "result": telling.result(session) if session.finished else None,
        "proposals": _proposals(session, seat),
        "decided": _decided(session, seat),
        "lang": i18n.language(), "dir": "rtl" if i18n.right_to_left() else "ltr",
    }


def where(session: Session) -> str | None:
    """Where the game is ("Where you are: round 2 of 3."), as a resumed terminal says it."""
    asks = session.asks()
    first = next((i for i, ask in enumerate(asks) if ask.at not in session.answers), None)
    if first is None:
        return None
    return _(WHERE).format(part=part_name(session, part_of(session, asks)[first]))


def _open(session: Session, doc: dict[str, Any], question: Question, seat: Any) -> dict[str, Any]:
    ask = question.ask
    item: dict[str, Any] = {"at": list(question.at), "player": question.player, "label": ask.label,
                            "hint": ask.hint or None, "kind": ask.kind,
                            "mine": seat is not NOBODY and may_answer(doc, seat, question.player)}
    control = telling.control(session, ask)
    if control is not None:
        item["control"] = control
    if ask.choices:  # a menu's answers: not its display choices, nor a word of the terminal's (London's undo)
        item["choices"] = [c for c in ask.choices if c not in ask.views and _answers(ask, c)]
    if ask.default:
        item["default"] = ask.default
    if ask.empty:  # what an empty answer means (a phone's button says it: "trading is done", "none")
        item["empty"] = ask.empty
    return item


def _concerns(proposal: dict[str, Any], seat: Any) -> bool:
    return seat == HOST or seat in (proposal.get("by"), proposal["for"], *proposal.get("parties", []))


def _proposals(session: Session, seat: Any) -> list[dict[str, Any]]:
    """The answers waiting for a player's yes that concern this seat: to say yes or no to on the phone they wait
    for, to wait for on the others'."""
    shown = []
    for proposal in seats.proposals(session.doc):
        if seat is NOBODY or not _concerns(proposal, seat):
            continue
        what = said(session, proposal)
        if seat == proposal["for"]:
            by = proposal.get("by")
            text = _(CONFIRM_ASKED).format(player=by, what=what) if by else _(CONFIRM_ASKED_SCREEN).format(what=what)
        else:
            text = _(CONFIRM_WAITING).format(player=proposal["for"], what=what)
        shown.append({"id": proposal["id"], "at": proposal["at"], "by": proposal.get("by"),
                      "for": proposal["for"], "text": text})
    return shown


def _decided(session: Session, seat: Any) -> list[dict[str, Any]]:
    """What became of the proposals this seat's player took part in, until they act again."""
    shown = []
    for item in seats.told(session.doc):
        if seat not in item["tell"]:
            continue
        what = said(session, item)
        text = {seats.ACCEPTED: SAID_YES, seats.REFUSED: SAID_NO}.get(item.get("fate"), LAPSED_NOW)
        shown.append({"id": item["id"], "fate": item.get("fate"),
                      "text": _(text).format(player=item["for"], what=what)})
    return shown


def _answers(ask: Any, choice: str) -> bool:
    try:
        ask.parse(choice)
    except InvalidInput:
        return False
    return True


def _shown(session: Session, result: Any) -> list[dict[str, Any]]:
    """The standings as the page shows them: each total and part worded as the terminal's breakdown words them
    (a game's own figures: Chinatown's dollars). `standings` stays as `score --json` prints it (the spec)."""
    figure = session.game.figure or cell  # a real minus sign, as the terminal prints it
    label = session.game.part_label or _
    return [{"rank": s.rank, "player": s.player, "total": figure(s.total),
             "parts": [[label(part), figure(value)] for part, value in s.parts.items()]} for s in result.standings]
