"""Fix one recorded answer: the menu of everything recorded, the checked change, and what it changed.

An edit is checked as the guided prompt checks the answer (the question's own parse, which sees the
whole table with the new value in it), then every other recorded answer is checked again against the
edited game: an answer that was possible and no longer is (a Lost Cities card now held by both
players, a Chinatown trade that now takes a player below $0, a London repayment of loans no longer
held) refuses the edit, naming that answer; so does an answer whose question the game would no
longer ask, unless it belonged to the edited answer itself (the old event's details when a London
event changes kind) or is an end-of-game figure the game now leaves out (a tie-break with no tie).
A question the edit makes necessary (a London tie-break) is asked at once, or refused by the
non-interactive form. The session keeps its status; `undo` right after puts the old answers back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from calculators.core import InvalidInput, Result
from scorepad import progress
from scorepad import session as sessions
from scorepad.errors import Changed, ScorepadError
from scorepad.games import session_of
from scorepad.games.base import Ask
from scorepad.prompts import Aborted, Prompter

if TYPE_CHECKING:
    from scorepad.store import Store

# --- text for people ----------------------------------------------------------------------------------

CHOOSE = "Which answer? (newest first; type to filter)"
BACK = "← back: change nothing"
ASK_NEW = "{name} — now {shown}; the new answer (Enter keeps it):"
ASK_NEW_MENU = "{name} — now {shown}:"
ASK_NEEDED = "The edit asks a new question: {name}"
UNCHANGED = "Nothing changed."
CANCELLED = "Edit cancelled; nothing changed."
NOTHING_RECORDED = "session {id} has nothing recorded to edit yet"
CHANGED = "Changed {name}: {old} → {new}."
ALSO_ASKED = "  Asked too: {name}: {shown}."
DROPPED = "  No longer asked, dropped: {name}: {shown}."
UNASKED = "  No longer asked (no tie reaches it), kept in the table: {name}: {shown}."
KEPT = "  Check {name}: {shown} was what Enter kept; Enter would keep {now} now (fix it if it should follow)."
SCORE_LINE = "  {player}: {changes}"
NO_SCORE_CHANGED = "  No score changed."
PRIVATE = "  Cash stays private: `cash NAME` shows one balance."
UNDO_HINT = "(`undo` right now puts the old answer back.)"
BREAKS = "the edit breaks {name}: {reason}"  # one line at the prompt: 120 columns hold it
NO_LONGER_ASKED = "the edit leaves {name} ({shown}) unasked: the game would no longer ask it"
NEEDED = ("that makes a new question necessary: {name}; give it at the prompt (scorepad edit {id}) "
          "or change another answer first")
NOT_SCORING = "the table would no longer score: {reason}"
NO_NONE = ("an edit changes an answer; it cannot end the list here (undo back to it to remove one)")
CHANGED_MEANWHILE = "session {id} changed while it was being edited; nothing was saved: try again"
NO_PLAYER = "no player {player!r} in session {id} (players: {players})"
NO_ROUND = "session {id} has no {label} {number} recorded ({label}s recorded: {known})"
NO_FIELD = "no field {field!r} recorded for {where} (recorded: {known})"
NO_NOTE = ("no session note {field!r} in session {id} (notes: {known}); a player's field needs --player "
           "(and --round)")
NEEDS_ROUND = "{field!r} is a {label} field: give --round N"
NOT_EDITABLE = "{name} has nothing to change"
TOO_MANY = "the edit keeps asking new questions; nothing was saved"


# --- what can be edited -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Item:
    """One recorded answer that an edit can change."""

    ask: Ask
    value: Any

    @property
    def name(self) -> str:
        return progress.name(self.ask)

    @property
    def shown(self) -> str:
        return progress.typed(self.ask, self.value)


def items(session: sessions.Session) -> list[Item]:
    """Everything recorded that has something to change, newest first.

    Left out: answers with nothing to change (a station card turned by Enter), and the end of a list
    (Chinatown's "trading is done"): changing that would add or remove items, which `undo` does.
    """
    by_at = {ask.at: ask for ask in progress.asks(session)}
    found = []
    for entry in reversed(session.doc.get("entries", [])):
        ask = by_at.get(tuple(entry["at"]))
        if ask is not None and ask.editable and entry["value"] is not None:
            found.append(Item(ask, entry["value"]))
    return found


def menu_labels(listed: list[Item]) -> list[str]:
    labels: list[str] = []
    for item in listed:
        label = f"{item.name}: {item.shown or '—'}"
        if label in labels:  # two answers named alike: the menu needs each choice once
            label += f" ({sum(1 for known in labels if known.startswith(label)) + 1})"
        labels.append(label)
    return labels


def find(session: sessions.Session, round: int | None, player: str | None, field: str) -> Item:
    """The answer the non-interactive form names (FIELD as the table file names it); one line if none."""
    sid = session.id
    if player is not None:
        found = [p for p in session.players if p == player.strip()] or \
                [p for p in session.players if p.casefold() == player.strip().casefold()]
        if not found:
            raise ScorepadError(NO_PLAYER.format(player=player, id=sid, players=", ".join(session.players)))
        player = found[0]
    label = session.game.label_for(session.variants).lower()
    if round is not None:
        rounds = sorted({at[1] + 1 for at in session.answers if at[0] == "rounds"})
        if round not in rounds:
            known = ", ".join(map(str, rounds)) or "none"
            raise ScorepadError(NO_ROUND.format(id=sid, label=label, number=round, known=known))
        if player is None:
            raise ScorepadError(NO_PLAYER.format(player="", id=sid, players=", ".join(session.players)))
        at: tuple = ("rounds", round - 1, player, field)
        where = f"{player} in {label} {round}"
        known_fields = [a[3] for a in session.answers if a[:3] == at[:3]]
    elif player is not None:
        at = ("final", player, field)
        where = f"{player} at the end"
        known_fields = [a[2] for a in session.answers if a[:2] == at[:2]]
        if not known_fields and any(a[0] == "rounds" and a[2] == player and a[3] == field for a in session.answers):
            raise ScorepadError(NEEDS_ROUND.format(field=field, label=label))
    else:
        at = (sessions.SETUP, field)
        where = "the session"
        known_fields = [a[1] for a in session.answers if len(a) == 2 and a[0] == sessions.SETUP]
    listed = {item.ask.at: item for item in items(session)}
    if at not in session.answers:
        if round is None and player is not None and any(a[0] == "rounds" and a[3] == field for a in session.answers):
            raise ScorepadError(NEEDS_ROUND.format(field=field, label=label))
        known = ", ".join(dict.fromkeys(map(str, known_fields))) or "none"
        text = NO_NOTE if player is None else NO_FIELD
        raise ScorepadError(text.format(field=field, where=where, id=sid, known=known))
    if at not in listed:
        ask = progress.find_ask(session, at)
        raise ScorepadError(NOT_EDITABLE.format(name=progress.name(ask) if ask else field))
    return listed[at]


# --- a checked change ---------------------------------------------------------------------------------

@dataclass
class Change:
    """An edit checked against the whole game: the session before and after, and what else it changed."""

    before: sessions.Session
    after: sessions.Session
    at: tuple
    dropped: list[tuple[Ask, Any]] = field(default_factory=list)
    asked: list[tuple[Ask, Any]] = field(default_factory=list)
    needed: list[Ask] = field(default_factory=list)
    kept: list[tuple[Ask, Any, Any]] = field(default_factory=list)
    unasked: list[tuple[Ask, Any]] = field(default_factory=list)  # end-of-game figures no longer asked, kept


def check(session: sessions.Session, item: Item, text: str) -> Change:
    """Parse `text` as the question's answer and check the edited game; InvalidInput says why not."""
    at = item.ask.at
    try:
        value = item.ask.parse(text)
        sessions.check_storable(value)
    except InvalidInput as error:
        raise _about_another(session, at, error) from None
    if value is None:
        raise InvalidInput(NO_NONE)
    entries = [dict(e, value=value) if tuple(e["at"]) == at else e for e in session.doc["entries"]]
    return settle(session, at, entries)


def settle(before: sessions.Session, at: tuple, entries: list[dict[str, Any]],
           asked: list[tuple[Ask, Any]] | None = None, dropped: list[tuple[Ask, Any]] | None = None) -> Change:
    """The edited log, checked: answers no longer asked dropped or refused, every other answer re-checked."""
    old_asks = {ask.at: ask for ask in progress.asks(before)}
    dropped = list(dropped or [])
    kept_unasked: list[tuple[Ask, Any]] = []
    while True:
        after = sessions.Session({**before.doc, "entries": entries}, before.game, before.id)
        new_asks = {ask.at: ask for ask in progress.asks(after)}
        gone = [e for e in entries if tuple(e["at"]) in old_asks and tuple(e["at"]) not in new_asks]
        if not gone:
            break
        for entry in gone:
            path, ask = tuple(entry["at"]), old_asks[tuple(entry["at"])]
            if path[0] == "final":  # an end-of-game figure no tie reaches now: still true, kept in the table
                kept_unasked.append((ask, entry["value"]))
            elif path[:-1] == at[:-1]:  # a detail of the edited answer's old choice (a London event's count)
                dropped.append((ask, entry["value"]))
            else:
                raise InvalidInput(NO_LONGER_ASKED.format(name=progress.name(ask),
                                                          shown=progress.typed(ask, entry["value"]) or "—"))
        entries = [e for e in entries if e not in gone or tuple(e["at"])[0] == "final"]
        old_asks = {p: a for p, a in old_asks.items() if p[0] != "final" or p in new_asks}
    for path, value in after.answers.items():
        ask = new_asks.get(path)
        if path == at or value is None or ask is None or path not in old_asks:
            continue
        try:
            ask.parse(progress.typed(ask, value))
        except InvalidInput as error:
            if _accepted(old_asks[path], value):  # possible before the edit, impossible after it
                raise InvalidInput(BREAKS.format(name=progress.name(ask), shown=progress.typed(ask, value) or "—",
                                                 reason=error.message)) from None
    old_open = {ask.at for ask in progress.open_before(before)}
    needed = [ask for ask in progress.open_before(after) if ask.at not in old_open]
    if not needed:
        _still_scores(before, after, at)
    return Change(before, after, at, dropped, list(asked or []), needed, _kept(before, after, old_asks, new_asks, at),
                  kept_unasked)


def _kept(before: sessions.Session, after: sessions.Session, old_asks: dict, new_asks: dict,
          at: tuple) -> list[tuple[Ask, Any, Any]]:
    """Answers that are what Enter kept (a tracked London figure, last year's businesses) when the edit changes
    what Enter would keep now: (question, answer, what Enter keeps now). Said, never changed behind the table's back.
    """
    found = []
    for path, value in after.answers.items():
        old, new = old_asks.get(path), new_asks.get(path)
        if path == at or old is None or new is None or value is None:
            continue
        try:
            if old.parse("") != value:
                continue
            now = new.parse("")
        except InvalidInput:
            continue
        if now != value:
            found.append((new, value, now))
    return found


def _accepted(ask: Ask, value: Any) -> bool:
    try:
        ask.parse(progress.typed(ask, value))
    except InvalidInput:
        return False
    return True


def _still_scores(before: sessions.Session, after: sessions.Session, at: tuple) -> None:
    if not after.scorable():
        return
    try:
        after.score(after.complete_rounds())
    except InvalidInput as error:
        try:
            if before.scorable():
                before.score(before.complete_rounds())
        except InvalidInput:
            return  # it did not score before either: not this edit's doing
        raise _about_another(after, at, error, NOT_SCORING) from None


def _about_another(session: sessions.Session, at: tuple, error: InvalidInput,
                   otherwise: str | None = None) -> InvalidInput:
    """An error about another recorded answer names that answer; one about this answer is the prompt's own."""
    paths = []
    if error.player is not None and error.field is not None:
        if error.round is not None:
            paths.append(("rounds", error.round - 1, error.player, error.field))
        paths.append(("final", error.player, error.field))
    other = next((p for p in paths if p in session.answers and p != at), None)
    if other is not None:
        ask = progress.find_ask(session, other)
        if ask is not None:
            shown = progress.typed(ask, session.answers[other]) or "—"
            return InvalidInput(BREAKS.format(name=progress.name(ask), shown=shown, reason=error.message))
    if otherwise:
        return InvalidInput(otherwise.format(reason=str(error)))
    return InvalidInput(error.message) if (error.player, error.field) != (None, None) else error


def answer_needed(change: Change, ask: Ask, value: Any) -> Change:
    entries = change.after.doc["entries"] + [{"at": list(ask.at), "value": value}]
    return settle(change.before, change.at, entries, [*change.asked, (ask, value)], change.dropped)


def save(store: Store, change: Change) -> sessions.Session:
    """Store the edited log in one locked update (refused if the session changed meanwhile)."""
    sid = change.before.id

    def update(doc: dict[str, Any]) -> None:
        if doc.get("entries") != change.before.doc.get("entries"):
            raise Changed(CHANGED_MEANWHILE.format(id=sid), doc)  # the play loop's fix says what changed
        sessions.edit(doc, change.after.doc["entries"], change.at)

    return sessions.Session(store.update(sid, update), change.before.game, sid)


# --- what it changed ----------------------------------------------------------------------------------

def changes_text(change: Change, saved: sessions.Session,
                 standings: Callable[[Result, sessions.Session], str] | None = None) -> str:
    """The answer before → after, what else the edit asked or dropped, each changed score line, the standings."""
    before = change.before
    ask = progress.find_ask(saved, change.at) or progress.find_ask(before, change.at)
    lines = [CHANGED.format(name=progress.name(ask), old=progress.typed(ask, before.answers[change.at]) or "—",
                            new=progress.typed(ask, saved.answers[change.at]) or "—")]
    lines += [ALSO_ASKED.format(name=progress.name(a), shown=progress.typed(a, v) or "—") for a, v in change.asked]
    lines += [DROPPED.format(name=progress.name(a), shown=progress.typed(a, v) or "—") for a, v in change.dropped]
    lines += [UNASKED.format(name=progress.name(a), shown=progress.typed(a, v) or "—") for a, v in change.unasked]
    lines += [KEPT.format(name=progress.name(a), shown=progress.typed(a, v) or "—", now=progress.typed(a, now) or "—")
              for a, v, now in change.kept]
    if saved.game.private(saved):
        return "\n".join([*lines, PRIVATE, UNDO_HINT])
    old = before.score(before.complete_rounds()) if before.scorable() else None
    new = saved.score(saved.complete_rounds()) if saved.scorable() else None
    if new is not None:
        lines += score_lines(old, new, saved) or [NO_SCORE_CHANGED]
        lines += ["", (standings or standings_text)(new, saved)]
    return "\n".join([*lines, UNDO_HINT])


def standings_text(result: Result, session: sessions.Session) -> str:
    from scorepad import grid

    return grid.standings_text(result, session.game, finished=session.finished, breakdown=False)


def score_lines(old: Result | None, new: Result, session: sessions.Session) -> list[str]:
    figure = session.game.figure or _signed
    label = session.game.label_for(session.variants)
    by_old = {s.player: s for s in old.standings} if old else {}
    lines = []
    for player in session.players:
        now = next(s for s in new.standings if s.player == player)
        was = by_old.get(player)
        changes = []
        for n, value in enumerate(now.rounds):
            before = was.rounds[n] if was and n < len(was.rounds) else None
            if before != value:
                changes.append(f"{label} {n + 1} {_arrow(before, value, figure)}")
        for part, value in now.parts.items():
            before = was.parts.get(part) if was else None
            if before != value:
                changes.append(f"{part} {_arrow(before, value, figure)}")
        if was is None or was.total != now.total:
            changes.append(f"total {_arrow(was.total if was else None, now.total, figure)}")
        if was is not None and was.rank != now.rank:
            changes.append(f"rank {was.rank} → {now.rank}")
        if changes:
            lines.append(SCORE_LINE.format(player=player, changes="; ".join(changes)))
    return lines


def _arrow(before: int | None, after: int, figure: Callable[[int], str]) -> str:
    return f"{'—' if before is None else figure(before)} → {figure(after)}"


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


# --- the menu at a terminal -----------------------------------------------------------------------------

def interactive(store: Store, session_id: int, prompter: Prompter, out: Callable[[str], None],
                standings: Callable[[Result, sessions.Session], str] | None = None, *,
                cancel_quietly: bool = False) -> bool:
    """The edit menu, the new answer, any question it makes necessary; True when something changed.

    `cancel_quietly` (the prompt word `fix`): Ctrl-C cancels the edit and returns to the game
    instead of stopping it.
    """
    try:
        return _interactive(store, session_id, prompter, out, standings)
    except Aborted:
        if not cancel_quietly:
            raise
        out(CANCELLED)
        return False


def _interactive(store: Store, session_id: int, prompter: Prompter, out: Callable[[str], None],
                 standings: Callable[[Result, sessions.Session], str] | None) -> bool:
    session = session_of(store.get(session_id), session_id)
    listed = items(session)
    if not listed:
        out(NOTHING_RECORDED.format(id=session_id))
        return False
    labels = menu_labels(listed)
    choice = prompter.select(CHOOSE, [BACK, *labels], default=BACK)
    if choice == BACK:
        out(UNCHANGED)
        return False
    item = listed[labels.index(choice)]
    change = _ask_new(prompter, session, item, out)
    if change is None:
        out(UNCHANGED)
        return False
    for _ in range(len(progress.asks(change.after)) + 1):
        if not change.needed:
            break
        change = _ask_needed(prompter, change, change.needed[0], out)
    else:
        raise ScorepadError(TOO_MANY)
    saved = save(store, change)
    out(changes_text(change, saved, standings))
    return True


def _ask_new(prompter: Prompter, session: sessions.Session, item: Item, out: Callable[[str], None]) -> Change | None:
    shown = item.shown or "—"
    if item.ask.choices:
        choices = [choice for choice in item.ask.choices if choice not in item.ask.views]  # answers, not views
        while True:
            picked = prompter.select(ASK_NEW_MENU.format(name=item.name, shown=shown), choices,
                                     default=shown if shown in choices else None)
            try:
                value = item.ask.parse(picked)
                if value == item.value:
                    return None
                return check(session, item, picked)
            except InvalidInput as error:
                out(f"Refused: {error}")
    def validate(text: str) -> str | None:
        if not text.strip():
            return None
        try:
            check(session, item, text)
        except InvalidInput as error:
            return str(error)
        return None

    text = prompter.text(ASK_NEW.format(name=item.name, shown=shown), validate=validate)
    if not text.strip():
        return None
    change = check(session, item, text)  # again: the validator may not have seen exactly this text
    return None if change.after.answers[item.ask.at] == item.value else change


def _ask_needed(prompter: Prompter, change: Change, ask: Ask, out: Callable[[str], None]) -> Change:
    out(ASK_NEEDED.format(name=progress.name(ask)))
    if ask.choices:
        choices = [choice for choice in ask.choices if choice not in ask.views]
        value = ask.parse(prompter.select(ask.message, choices, default=ask.default or None))
        return answer_needed(change, ask, value)

    def validate(text: str) -> str | None:
        try:
            answer_needed(change, ask, ask.parse(text))
        except InvalidInput as error:
            return error.message
        return None

    return answer_needed(change, ask, ask.parse(prompter.text(ask.message, default=ask.default, validate=validate)))


# --- the non-interactive form -------------------------------------------------------------------------

def edit_one(store: Store, session_id: int, round: int | None, player: str | None, field_name: str, text: str,
             standings: Callable[[Result, sessions.Session], str] | None = None) -> str:
    """`scorepad edit ID [--round N] [--player NAME] --field FIELD VALUE`: what it changed, or InvalidInput."""
    session = session_of(store.get(session_id), session_id)
    if not session.answers:
        raise ScorepadError(NOTHING_RECORDED.format(id=session_id))
    item = find(session, round, player, field_name)
    change = check(session, item, text)
    if change.needed:
        raise InvalidInput(NEEDED.format(name=progress.name(change.needed[0]), id=session_id))
    if change.after.answers[item.ask.at] == item.value:
        return UNCHANGED
    return changes_text(change, save(store, change), standings)
