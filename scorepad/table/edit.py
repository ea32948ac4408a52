"""Fix one recorded answer: what can be changed, the checked change, and what it changed.

An edit is checked as the guided prompt checks the answer (the question's own parse, which sees the
whole table with the new value in it), then every other recorded answer is checked again against the
edited game: an answer that was possible and no longer is (a Lost Cities card now held by both
players, a Chinatown trade that now takes a player below $0, a London repayment of loans no longer
held) refuses the edit, naming that answer; so does an answer whose question the game would no
longer ask, unless it belonged to the edited answer itself (the old event's details when a London
event changes kind) or is an end-of-game figure the game now leaves out (a tie-break with no tie).
A question the edit makes necessary (a London tie-break) is asked by the screen, or refused by the
non-interactive form. The session keeps its status; `undo` right after puts the old answers back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from calculators.core import InvalidInput, Result
from scorepad import grid
from scorepad.errors import ScorepadError
from scorepad.games.base import Ask, from_the_shell
from scorepad.i18n import N_, _, pgettext
from scorepad.table.naming import name, parse, typed
from scorepad.table.session import SETUP, Session
from scorepad.table.tablefile import check_storable
from scorepad.words import answered, number

# --- text for people ----------------------------------------------------------------------------------

UNCHANGED = N_("Nothing changed.")
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
# The total with the round being played (what a fix at the prompt changes), not the standings' total of the complete
# rounds printed under it: "total 124 → 134" beside "Ben leads (66)" read as a contradiction.
# TRANSLATORS: {label} {number} is the round being played ("Game 2"); {change} "124 → 134".
CHANGE_TOTAL_PLAYING = N_("total with {label} {number} so far {change}")
CHANGE_RANK = N_("rank {before} → {after}")
# TRANSLATORS: a score before → after an edit; point the arrow as your language's other arrows (Persian, Arabic:
# "{before} ← {after}", as in "Changed {name}: {old} → {new}.").
ARROW = N_("{before} → {after}")
NOT_THERE = "—"  # no value before (a round the edit adds), or an answer given as Enter alone
NO_SCORE_CHANGED = N_("  No score changed.")
# TRANSLATORS: `cash NAME` is a prompt word of Chinatown, typed as it is (cash in your language works too).
# TRANSLATORS: {cash} is the word typed at Chinatown's prompts for a player's cash (your language's).
PRIVATE = N_("  Cash stays private: `{cash} NAME` shows one balance.")
# After `scorepad edit` at the shell (the prompt's own hint, its word for undo, is the terminal's: cli/fixing.py).
UNDO_HINT = N_("(`scorepad undo {id}` right now puts the old answer back.)")
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
# TRANSLATORS: what a list holds when it holds nothing ("recorded: none").
NONE_RECORDED = N_("none")


# --- what can be edited -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Item:
    """One recorded answer that an edit can change."""

    ask: Ask
    value: Any

    @property
    def name(self) -> str:
        return name(self.ask)

    @property
    def shown(self) -> str:
        return typed(self.ask, self.value)


def items(session: Session) -> list[Item]:
    """Everything recorded that has something to change, newest first.

    Left out: answers with nothing to change (a station card turned by Enter), and the end of a list
    (Chinatown's "trading is done"): changing that would add or remove items, which `undo` does.
    """
    by_at = {ask.at: ask for ask in session.asks()}
    found = []
    for entry in reversed(session.doc.get("entries", [])):
        ask = by_at.get(tuple(entry["at"]))
        if ask is not None and ask.editable and entry["value"] is not None:
            found.append(Item(ask, entry["value"]))
    return found


def menu_labels(listed: list[Item]) -> list[str]:
    labels: list[str] = []
    for item in listed:
        label = answered(item.name, item.shown or NOT_THERE)
        if label in labels:  # two answers named alike: the menu needs each choice once
            label += f" ({sum(1 for known in labels if known.startswith(label)) + 1})"
        labels.append(label)
    return labels


def find(session: Session, round: int | None, player: str | None, field: str) -> Item:
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
        at = (SETUP, field)
        where = ""  # NO_NOTE says where
        known_fields = [a[1] for a in session.answers if len(a) == 2 and a[0] == SETUP]
    listed = {item.ask.at: item for item in items(session)}
    if at not in session.answers:
        if round is None and player is not None and any(a[0] == "rounds" and a[3] == field for a in session.answers):
            raise ScorepadError(_(NEEDS_ROUND).format(field=field, label=label))
        known = ", ".join(dict.fromkeys(map(str, known_fields))) or _(NONE_RECORDED)
        text = NO_NOTE if player is None else NO_FIELD
        raise ScorepadError(_(text).format(field=field, where=where, id=sid, known=known))
    if at not in listed:
        ask = session.find_ask(at)
        raise ScorepadError(_(NOT_EDITABLE).format(name=name(ask) if ask else field))
    return listed[at]


# --- a checked change ---------------------------------------------------------------------------------

@dataclass
class Change:
    """An edit checked against the whole game: the session before and after, and what else it changed."""

    before: Session
    after: Session
    at: tuple
    dropped: list[tuple[Ask, Any]] = field(default_factory=list)
    asked: list[tuple[Ask, Any]] = field(default_factory=list)
    needed: list[Ask] = field(default_factory=list)
    kept: list[tuple[Ask, Any, Any]] = field(default_factory=list)
    unasked: list[tuple[Ask, Any]] = field(default_factory=list)  # end-of-game figures no longer asked, kept


def check(session: Session, item: Item, text: str) -> Change:
    """Parse `text` as the question's answer and check the edited game; InvalidInput says why not."""
    at = item.ask.at
    try:
        value = parse(item.ask, text)
        check_storable(value)
    except InvalidInput as error:
        raise _about_another(session, at, error) from None
    if value is None:
        raise InvalidInput(_(NO_NONE))
    entries = [dict(e, value=value) if tuple(e["at"]) == at else e for e in session.doc["entries"]]
    return settle(session, at, entries)


def settle(before: Session, at: tuple, entries: list[dict[str, Any]],
           asked: list[tuple[Ask, Any]] | None = None, dropped: list[tuple[Ask, Any]] | None = None) -> Change:
    """The edited log, checked: answers no longer asked dropped or refused, every other answer re-checked."""
    old_asks = {ask.at: ask for ask in before.asks()}
    dropped = list(dropped or [])
    kept_unasked: list[tuple[Ask, Any]] = []
    while True:
        after = Session({**before.doc, "entries": entries}, before.game, before.id)
        new_asks = {ask.at: ask for ask in after.asks()}
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
                raise InvalidInput(_(NO_LONGER_ASKED).format(name=name(ask),
                                                             shown=typed(ask, entry["value"]) or NOT_THERE))
        entries = [e for e in entries if e not in gone or tuple(e["at"])[0] == "final"]
        old_asks = {p: a for p, a in old_asks.items() if p[0] != "final" or p in new_asks}
    for path, value in after.answers.items():
        ask = new_asks.get(path)
        if path == at or value is None or ask is None or path not in old_asks:
            continue
        try:
            ask.parse(typed(ask, value))
        except InvalidInput as error:
            if _accepted(old_asks[path], value):  # possible before the edit, impossible after it
                raise InvalidInput(_(BREAKS).format(name=name(ask),
                                                    shown=typed(ask, value) or NOT_THERE,
                                                    reason=error.message)) from None
    old_open = {ask.at for ask in before.open_before()}
    needed = [ask for ask in after.open_before() if ask.at not in old_open]
    if not needed:
        _still_scores(before, after, at)
    return Change(before, after, at, dropped, list(asked or []), needed, _kept(before, after, old_asks, new_asks, at),
                  kept_unasked)


def _kept(before: Session, after: Session, old_asks: dict, new_asks: dict,
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
        ask.parse(typed(ask, value))
    except InvalidInput:
        return False
    return True


def _still_scores(before: Session, after: Session, at: tuple) -> None:
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


def _about_another(session: Session, at: tuple, error: InvalidInput,
                   otherwise: str | None = None) -> InvalidInput:
    """An error about another recorded answer names that answer; one about this answer is the prompt's own."""
    paths = []
    if error.player is not None and error.field is not None:
        if error.round is not None:
            paths.append(("rounds", error.round - 1, error.player, error.field))
        paths.append(("final", error.player, error.field))
    other = next((p for p in paths if p in session.answers and p != at), None)
    if other is not None:
        ask = session.find_ask(other)
        if ask is not None:
            shown = typed(ask, session.answers[other]) or NOT_THERE
            return InvalidInput(_(BREAKS).format(name=name(ask), shown=shown, reason=error.message))
    if otherwise:
        return InvalidInput(otherwise.format(reason=str(error)))
    return InvalidInput(error.message) if (error.player, error.field) != (None, None) else error


def answer_needed(change: Change, ask: Ask, value: Any) -> Change:
    entries = change.after.doc["entries"] + [{"at": list(ask.at), "value": value}]
    return settle(change.before, change.at, entries, [*change.asked, (ask, value)], change.dropped)


def save(table: Any, change: Change) -> Session:
    """Store the edited log through the table (scorepad.table.Table.save_edit: one locked update, refused if the
    session's answers changed meanwhile)."""
    return table.save_edit(change.after.doc["entries"], change.at, change.before.doc)


# --- what it changed ----------------------------------------------------------------------------------

def changes_text(change: Change, saved: Session,
                 standings: Callable[[Result, Session], str] | None = None, hint: str | None = None) -> str:
    """The answer before → after, what else the edit asked or dropped, each changed score line, the standings;
    last, `hint`: how to take the edit back (default: `scorepad undo ID`, as the shell types it)."""
    hint = _(UNDO_HINT).format(id=saved.id) if hint is None else hint
    before = change.before
    ask = saved.find_ask(change.at) or before.find_ask(change.at)
    def shown(ask: Ask | None, value: Any) -> str:
        return typed(ask, value) or NOT_THERE

    lines = [_(CHANGED).format(name=name(ask), old=shown(ask, before.answers[change.at]),
                               new=shown(ask, saved.answers[change.at]))]
    lines += [_(ALSO_ASKED).format(name=name(a), shown=shown(a, v)) for a, v in change.asked]
    lines += [_(DROPPED).format(name=name(a), shown=shown(a, v)) for a, v in change.dropped]
    lines += [_(UNASKED).format(name=name(a), shown=shown(a, v)) for a, v in change.unasked]
    lines += [_(KEPT).format(name=name(a), shown=shown(a, v), now=shown(a, now)) for a, v, now in change.kept]
    if saved.game.private(saved):
        return "\n".join([*lines, _(PRIVATE).format(cash=pgettext("typed word", "cash")), hint])
    old, new = _so_far(before, saved)
    if new is not None:
        playing = len(new.standings[0].rounds) if new.standings else 0
        playing = playing if playing > saved.complete_rounds() else None
        lines += score_lines(old, new, saved, playing) or [_(NO_SCORE_CHANGED)]
    if saved.scorable():
        lines += ["", (standings or standings_text)(saved.score(saved.complete_rounds()), saved)]
    return "\n".join([*lines, hint])


def _so_far(before: Session, after: Session) -> tuple[Result | None, Result | None]:
    """Both scores of an edit, the round being played included when both score with it (a fix at the prompt
    changes it most often: each Lost Cities expedition scores alone); else the complete rounds alone."""
    if not after.finished and after.game.default_rounds is not None:
        playing = after.complete_rounds() + 1
        if any(at[0] == "rounds" and at[1] == playing - 1 for at in after.answers):
            try:
                return before.score(playing), after.score(playing)
            except InvalidInput:
                pass  # a round that scores only once every answer is in (Next Station: London's lines)
    return (before.score(before.complete_rounds()) if before.scorable() else None,
            after.score(after.complete_rounds()) if after.scorable() else None)


def standings_text(result: Result, session: Session) -> str:
    return grid.standings_text(result, session.game, finished=session.finished, breakdown=False)


def score_lines(old: Result | None, new: Result, session: Session, playing: int | None = None) -> list[str]:
    """Each player's changed scores; `playing`: the round being played (1-based) that `new` includes, named with
    the total (the standings printed under them count the complete rounds alone)."""
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
            change = _arrow(was.total if was else None, now.total, figure)
            changes.append(_(CHANGE_TOTAL_PLAYING).format(label=label, number=playing, change=change) if playing
                           else _(CHANGE_TOTAL).format(change=change))
        if was is not None and was.rank != now.rank:
            changes.append(_(CHANGE_RANK).format(before=was.rank, after=now.rank))
        if changes:
            # TRANSLATORS: between the changes of one player's scores after an edit.
            lines.append(_(SCORE_LINE).format(player=player, changes=pgettext("between changes", "; ").join(changes)))
    return lines


def _arrow(before: int | None, after: int, figure: Callable[[int], str]) -> str:
    return _(ARROW).format(before=NOT_THERE if before is None else figure(before), after=figure(after))



# --- the non-interactive form -------------------------------------------------------------------------

def edit_one(table: Any, round: int | None, player: str | None, field_name: str, text: str,
             standings: Callable[[Result, Session], str] | None = None) -> str:
    """`scorepad edit ID [--round N] [--player NAME] --field FIELD VALUE` on the session `table` holds (a
    scorepad.table.Table): what it changed, or InvalidInput."""
    session = table.session
    if not session.answers:
        raise ScorepadError(_(NOTHING_RECORDED).format(id=table.id))
    item = find(session, round, player, field_name)
    with from_the_shell():  # a refusal names the shell's way to change another answer, not the prompt's
        change = check(session, item, text)
        if change.needed:
            raise InvalidInput(_(NEEDED).format(name=name(change.needed[0]), id=table.id))
        if change.after.answers[item.ask.at] == item.value:
            return _(UNCHANGED)
        return changes_text(change, save(table, change), standings)
