"""The terminal's `fix`: a menu of everything recorded, the new answer, any question the edit makes necessary.
The checks and the change itself are the engine's (scorepad.table.edit); this asks and prints."""

from __future__ import annotations

from collections.abc import Callable

from calculators.core import InvalidInput, Result
from scorepad.errors import ScorepadError
from scorepad.games.base import Ask
from scorepad.i18n import N_, _
from scorepad.cli import asking
from scorepad.cli.prompt_words import UNDO_WORD, prompt_word, typed_word
from scorepad.cli.prompter import Aborted, Prompter
from scorepad.table import Session, Table
from scorepad.table.edit import (NOT_THERE, NOTHING_RECORDED, UNCHANGED, Change, Item, answer_needed, changes_text,
                                 check, items, menu_labels, save)
from scorepad.table.naming import name, parse

CHOOSE = N_("Which answer? (newest first; type any words of it)")
BACK = N_("← back: change nothing")
# TRANSLATORS: {name} names the answer ("Game 1 · Ana · Blue"), {shown} is it now as typed ("W 3 5").
ASK_NEW = N_("{name} — now {shown}; the new answer (Enter keeps it):")
ASK_NEW_MENU = N_("{name} — now {shown}:")
ASK_NEEDED = N_("The edit asks a new question: {name}")
CANCELLED = N_("Edit cancelled; nothing changed.")
TOO_MANY = N_("the edit keeps asking new questions; nothing was saved")
# TRANSLATORS: a menu answer the edit refuses; {reason} says why.
REFUSED = N_("Refused: {reason}")
# TRANSLATORS: after `fix` at a game's prompt: {undo} is the word typed there to take the fix back (your language's).
UNDO_AT_PROMPT = N_("(`{undo}` right now puts the old answer back.)")


def interactive(table: Table, prompter: Prompter, out: Callable[[str], None],
                standings: Callable[[Result, Session], str] | None = None, *,
                cancel_quietly: bool = False) -> bool:
    """The edit menu, the new answer, any question it makes necessary; True when something changed.

    `cancel_quietly` (the prompt word `fix`): Ctrl-C cancels the edit and returns to the game
    instead of stopping it, and the undo that takes the fix back is the prompt's word, not `scorepad undo ID`.
    """
    try:
        return _interactive(table, prompter, out, standings, at_prompt=cancel_quietly)
    except Aborted:
        if not cancel_quietly:
            raise
        out(_(CANCELLED))
        return False


def _interactive(table: Table, prompter: Prompter, out: Callable[[str], None],
                 standings: Callable[[Result, Session], str] | None, *, at_prompt: bool) -> bool:
    table.refresh()
    session = table.session
    listed = items(session)
    if not listed:
        out(_(NOTHING_RECORDED).format(id=table.id))
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
    for _attempt in range(len(change.after.asks()) + 1):
        if not change.needed:
            break
        change = _ask_needed(prompter, change, change.needed[0], out)
    else:
        raise ScorepadError(_(TOO_MANY))
    saved = save(table, change)
    hint = _(UNDO_AT_PROMPT).format(undo=typed_word(UNDO_WORD)) if at_prompt else None
    out(changes_text(change, saved, standings, hint))
    return True


def _answers(ask: Ask) -> list[str]:
    """A menu's choices that are answers: not its views, nor its own undo (London's player menus end with one:
    in the play loop it takes back the previous answer; picked here, it was parsed as a player, and the game
    ended: found by the campaign's fuzzed prompts)."""
    return [choice for choice in ask.choices if choice not in ask.views
            and not (len(choice.split()) == 1 and prompt_word(choice) == UNDO_WORD)]


def _ask_new(prompter: Prompter, session: Session, item: Item, out: Callable[[str], None]) -> Change | None:
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
    out(_(ASK_NEEDED).format(name=name(ask)))
    if ask.choices:
        choices = _answers(ask)
        while True:
            try:
                return answer_needed(change, ask, ask.parse(prompter.select(asking.prompt(ask), choices,
                                                                             default=ask.default or None)))
            except InvalidInput as error:  # a refusal of the edited game: said, and asked again
                out(_(REFUSED).format(reason=error))

    def validate(text: str) -> str | None:
        try:
            answer_needed(change, ask, parse(ask, text))
        except InvalidInput as error:
            return error.message
        return None

    typed = prompter.text(asking.prompt(ask), validate=validate)
    return answer_needed(change, ask, parse(ask, typed))
