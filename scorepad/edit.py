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
from scorepad.i18n import N_, _, pgettext
from scorepad.prompts import Aborted, Prompter
from scorepad.words import number

if TYPE_CHECKING:
    from scorepad.store import Store

# --- text for people ----------------------------------------------------------------------------------

CHOOSE = N_("Which answer? (newest first; type to filter)")
BACK = N_("← back: change nothing")
# TRANSLATORS: {name} names the answer ("Game 1 · Ana · Blue"), {shown} is it now as typed ("W 3 5").
ASK_NEW = N_("{name} — now {shown}; the new answer (Enter keeps it):")
ASK_NEW_MENU = N_("{name} — now {shown}:")
ASK_NEEDED = N_("The edit asks a new question: {name}")
UNCHANGED = N_("Nothing changed.")
CANCELLED = N_("Edit cancelled; nothing changed.")
NOTHING_RECORDED = N_("session {id} has nothing recorded to edit yet")
# TRANSLATORS: after an edit: {old} → {new} are the answer before and after, as typed.
CHANGED = N_("Changed {name}: {old} → {new}.")
ALSO_ASKED = N_("  Asked too: {name}: {shown}.")
DROPPED = N_("  No longer asked, dropped: {name}: {shown}.")
UNASKED = N_("  No longer asked (no tie reaches it), kept in the table: {name}: {shown}.")
# TRANSLATORS: an answer Enter kept (a tracked figure) that Enter would now keep differently: {now}.
KEPT = N_("  Check {name}: {shown} was what Enter kept; Enter would keep {now} now (fix it if it should follow).")
# TRANSLATORS: one player's changed scores after an edit: {changes} is CHANGE_ROUND, CHANGE_TOTAL… joined by "; ".
SCORE_LINE = N_("  {player}: {changes}")
# TRANSLATORS: a round's score before → after an edit: "Round 2 40 → 52" ({label} is what the game calls a round).
CHANGE_ROUND = N_("{label} {number} {change}")
# TRANSLATORS: a part of the score ({part}: the breakdown's row name) before → after an edit.
CHANGE_PART = N_("{part} {change}")
CHANGE_TOTAL = N_("total {change}")
CHANGE_RANK = N_("rank {before} → {after}")
ARROW = "{before} → {after}"
NOT_THERE = "—"  # no value before (a round the edit adds), or an answer given as Enter alone
NO_SCORE_CHANGED = N_("  No score changed.")
# TRANSLATORS: `cash NAME` is a prompt word of Chinatown, typed as it is (cash in your language works too).
PRIVATE = N_("  Cash stays private: `cash NAME` shows one balance.")
UNDO_HINT = N_("(`undo` right now puts the old answer back.)")
# TRANSLATORS: an edit refused because another recorded answer would no longer be possible: {name} names it,
# {shown} is its value, {reason} why the game now refuses it. One line at the prompt.
BREAKS = N_("the edit breaks {name}: {reason}")
NO_LONGER_ASKED = N_("the edit leaves {name} ({shown}) unasked: the game would no longer ask it")
NEEDED = N_("that makes a new question necessary: {name}; give it at the prompt (scorepad edit {id}) "
            "or change another answer first")
NOT_SCORING = N_("the table would no longer score: {reason}")
NO_NONE = N_("an edit changes an answer; it cannot end the list here (undo back to it to remove one)")
CHANGED_MEANWHILE = N_("session {id} changed while it was being edited; nothing was saved: try again")
# TRANSLATORS: {player} is the name as given (in quotes); {players} lists the session's players.
NO_PLAYER = N_("no player {player!r} in session {id} (players: {players})")
# TRANSLATORS: {label} is what the game calls a round, lower case ("round", "game"); {known}: "1, 2" or "none".
NO_ROUND = N_("session {id} has no {label} {number} recorded (recorded: {known})")
# TRANSLATORS: {field} is a table-file field name (kept as it is); {where} is WHERE_ROUND, WHERE_END or WHERE_NOTES.
NO_FIELD = N_("no field {field!r} recorded for {where} (recorded: {known})")
WHERE_ROUND = N_("{player} in {label} {number}")
WHERE_END = N_("{player} at the end")
NO_NOTE = N_("no session note {field!r} in session {id} (notes: {known}); a player's field needs --player "
             "(and --round)")
NEEDS_ROUND = N_("{field!r} is a {label} field: give --round N")
NOT_EDITABLE = N_("{name} has nothing to change")
TOO_MANY = N_("the edit keeps asking new questions; nothing was saved")
# TRANSLATORS: what a list holds when it holds nothing ("recorded: none").
NONE_RECORDED = N_("none")
# TRANSLATORS: a menu answer the edit refuses; {reason} says why.
REFUSED = N_("Refused: {reason}")


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
        label = f"{item.name}: {item.shown or NOT_THERE}"
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
            raise ScorepadError(_(NO_PLAYER).format(player=player, id=sid, players=", ".join(session.players)))
        player = found[0]
    label = _(session.game.label_for(session.variants)).lower()
    if round is not None:
        rounds = sorted({at[1] + 1 for at in session.answers if at[0] == "rounds"})
        if round not in rounds:
            known = ", ".join(map(str, rounds)) or _(NONE_RECORDED)
            raise ScorepadError(_(NO_ROUND).format(id=sid, label=label, number=round, known=known))
        if player is None:
            raise ScorepadError(_(NO_PLAYER).format(player="", id=sid, players=", ".join(session.players)))
        at: tuple = ("rounds", round - 1, player, field)
        where = _(WHERE_ROUND).format(player=player, label=label, number=round)
        known_fields = [a[3] for a in session.answers if a[:3] == at[:3]]
    elif player is not None:
        at = ("final", player, field)
        where = _(WHERE_END).format(player=player)
        known_fields = [a[2] for a in session.answers if a[:2] == at[:2]]
        if not known_fields and any(a[0] == "rounds" and a[2] == player and a[3] == field for a in session.answers):
            raise ScorepadError(_(NEEDS_ROUND).format(field=field, label=label))
    else:
        at = (sessions.SETUP, field)
        where = ""  # NO_NOTE says where
        known_fields = [a[1] for a in session.answers if len(a) == 2 and a[0] == sessions.SETUP]
    listed = {item.ask.at: item for item in items(session)}
    if at not in session.answers:
        if round is None and player is not None and any(a[0] == "rounds" and a[3] == field for a in session.answers):
            raise ScorepadError(_(NEEDS_ROUND).format(field=field, label=label))
        known = ", ".join(dict.fromkeys(map(str, known_fields))) or _(NONE_RECORDED)
        text = NO_NOTE if player is None else NO_FIELD
        raise ScorepadError(_(text).format(field=field, where=where, id=sid, known=known))
    if at not in listed:
        ask = progress.find_ask(session, at)
        raise ScorepadError(_(NOT_EDITABLE).format(name=progress.name(ask) if ask else field))
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
        value = progress.parse(item.ask, text)
        sessions.check_storable(value)
    except InvalidInput as error:
        raise _about_another(session, at, error) from None
    if value is None:
        raise InvalidInput(_(NO_NONE))
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
                raise InvalidInput(_(NO_LONGER_ASKED).format(name=progress.name(ask),
                                                             shown=progress.typed(ask, entry["value"]) or NOT_THERE))
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
                raise InvalidInput(_(BREAKS).format(name=progress.name(ask),
                                                    shown=progress.typed(ask, value) or NOT_THERE,
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
        raise _about_another(after, at, error, _(NOT_SCORING)) from None


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
            shown = progress.typed(ask, session.answers[other]) or NOT_THERE
            return InvalidInput(_(BREAKS).format(name=progress.name(ask), shown=shown, reason=error.message))
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
            raise Changed(_(CHANGED_MEANWHILE).format(id=sid), doc)  # the play loop's fix says what changed
        sessions.edit(doc, change.after.doc["entries"], change.at)

    return sessions.Session(store.update(sid, update), change.before.game, sid)


# --- what it changed ----------------------------------------------------------------------------------

def changes_text(change: Change, saved: sessions.Session,
                 standings: Callable[[Result, sessions.Session], str] | None = None) -> str:
    """The answer before → after, what else the edit asked or dropped, each changed score line, the standings."""
    before = change.before
    ask = progress.find_ask(saved, change.at) or progress.find_ask(before, change.at)
    def shown(ask: Ask | None, value: Any) -> str:
        return progress.typed(ask, value) or NOT_THERE

    lines = [_(CHANGED).format(name=progress.name(ask), old=shown(ask, before.answers[change.at]),
                               new=shown(ask, saved.answers[change.at]))]
    lines += [_(ALSO_ASKED).format(name=progress.name(a), shown=shown(a, v)) for a, v in change.asked]
    lines += [_(DROPPED).format(name=progress.name(a), shown=shown(a, v)) for a, v in change.dropped]
    lines += [_(UNASKED).format(name=progress.name(a), shown=shown(a, v)) for a, v in change.unasked]
    lines += [_(KEPT).format(name=progress.name(a), shown=shown(a, v), now=shown(a, now)) for a, v, now in change.kept]
    if saved.game.private(saved):
        return "\n".join([*lines, _(PRIVATE), _(UNDO_HINT)])
    old = before.score(before.complete_rounds()) if before.scorable() else None
    new = saved.score(saved.complete_rounds()) if saved.scorable() else None
    if new is not None:
        lines += score_lines(old, new, saved) or [_(NO_SCORE_CHANGED)]
        lines += ["", (standings or standings_text)(new, saved)]
    return "\n".join([*lines, _(UNDO_HINT)])


def standings_text(result: Result, session: sessions.Session) -> str:
    from scorepad import grid

    return grid.standings_text(result, session.game, finished=session.finished, breakdown=False)


def score_lines(old: Result | None, new: Result, session: sessions.Session) -> list[str]:
    figure = session.game.figure or number
    label = _(session.game.label_for(session.variants))
    by_old = {s.player: s for s in old.standings} if old else {}
    lines = []
    for player in session.players:
        now = next(s for s in new.standings if s.player == player)
        was = by_old.get(player)
        changes = []
        for n, value in enumerate(now.rounds):
            before = was.rounds[n] if was and n < len(was.rounds) else None
            if before != value:
                changes.append(_(CHANGE_ROUND).format(label=label, number=n + 1, change=_arrow(before, value, figure)))
        for part, value in now.parts.items():
            before = was.parts.get(part) if was else None
            if before != value:
                name = session.game.part_label(part) if session.game.part_label else _(part)
                changes.append(_(CHANGE_PART).format(part=name, change=_arrow(before, value, figure)))
        if was is None or was.total != now.total:
            changes.append(_(CHANGE_TOTAL).format(change=_arrow(was.total if was else None, now.total, figure)))
        if was is not None and was.rank != now.rank:
            changes.append(_(CHANGE_RANK).format(before=was.rank, after=now.rank))
        if changes:
            # TRANSLATORS: between the changes of one player's scores after an edit.
            lines.append(_(SCORE_LINE).format(player=player, changes=pgettext("between changes", "; ").join(changes)))
    return lines


def _arrow(before: int | None, after: int, figure: Callable[[int], str]) -> str:
    return ARROW.format(before=NOT_THERE if before is None else figure(before), after=figure(after))


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
        out(_(CANCELLED))
        return False


def _interactive(store: Store, session_id: int, prompter: Prompter, out: Callable[[str], None],
                 standings: Callable[[Result, sessions.Session], str] | None) -> bool:
    session = session_of(store.get(session_id), session_id)
    listed = items(session)
    if not listed:
        out(_(NOTHING_RECORDED).format(id=session_id))
        return False
    labels = menu_labels(listed)
    back = _(BACK)
    choice = prompter.select(_(CHOOSE), [back, *labels], default=back)
    if choice == back:
        out(_(UNCHANGED))
        return False
    item = listed[labels.index(choice)]
    change = _ask_new(prompter, session, item, out)
    if change is None:
        out(_(UNCHANGED))
        return False
    for _attempt in range(len(progress.asks(change.after)) + 1):
        if not change.needed:
            break
        change = _ask_needed(prompter, change, change.needed[0], out)
    else:
        raise ScorepadError(_(TOO_MANY))
    saved = save(store, change)
    out(changes_text(change, saved, standings))
    return True


def _answers(ask: Ask) -> list[str]:
    """A menu's choices that are answers: not its views, nor its own undo (London's player menus end with one:
    in the play loop it takes back the previous answer; picked here, it was parsed as a player, and the game
    ended: found by the campaign's fuzzed prompts)."""
    from scorepad.play import prompt_word

    return [choice for choice in ask.choices if choice not in ask.views
            and not (len(choice.split()) == 1 and prompt_word(choice) == "undo")]


def _ask_new(prompter: Prompter, session: sessions.Session, item: Item, out: Callable[[str], None]) -> Change | None:
    shown = item.shown or NOT_THERE
    if item.ask.choices:
        choices = _answers(item.ask)
        while True:
            picked = prompter.select(_(ASK_NEW_MENU).format(name=item.name, shown=shown), choices,
                                     default=shown if shown in choices else None)
            try:
                value = item.ask.parse(picked)
                if value == item.value:
                    return None
                return check(session, item, picked)
            except InvalidInput as error:
                out(_(REFUSED).format(reason=error))
    def validate(text: str) -> str | None:
        if not text.strip():
            return None
        try:
            check(session, item, text)
        except InvalidInput as error:
            return str(error)
        return None

    text = prompter.text(_(ASK_NEW).format(name=item.name, shown=shown), validate=validate)
    if not text.strip():
        return None
    change = check(session, item, text)  # again: the validator may not have seen exactly this text
    return None if change.after.answers[item.ask.at] == item.value else change


def _ask_needed(prompter: Prompter, change: Change, ask: Ask, out: Callable[[str], None]) -> Change:
    out(_(ASK_NEEDED).format(name=progress.name(ask)))
    if ask.choices:
        choices = _answers(ask)
        while True:
            try:
                return answer_needed(change, ask, ask.parse(prompter.select(ask.message, choices,
                                                                             default=ask.default or None)))
            except InvalidInput as error:  # a refusal of the edited game: said, and asked again
                out(_(REFUSED).format(reason=error))

    def validate(text: str) -> str | None:
        try:
            answer_needed(change, ask, progress.parse(ask, text))
        except InvalidInput as error:
            return error.message
        return None

    typed = prompter.text(ask.message, default=ask.default, validate=validate)
    return answer_needed(change, ask, progress.parse(ask, typed))


# --- the non-interactive form -------------------------------------------------------------------------

def edit_one(store: Store, session_id: int, round: int | None, player: str | None, field_name: str, text: str,
             standings: Callable[[Result, sessions.Session], str] | None = None) -> str:
    """`scorepad edit ID [--round N] [--player NAME] --field FIELD VALUE`: what it changed, or InvalidInput."""
    session = session_of(store.get(session_id), session_id)
    if not session.answers:
        raise ScorepadError(_(NOTHING_RECORDED).format(id=session_id))
    item = find(session, round, player, field_name)
    change = check(session, item, text)
    if change.needed:
        raise InvalidInput(_(NEEDED).format(name=progress.name(change.needed[0]), id=session_id))
    if change.after.answers[item.ask.at] == item.value:
        return _(UNCHANGED)
    return changes_text(change, save(store, change), standings)
