"""The guided loop: say what the table needs, ask the next question, save the answer at once, repeat.

It takes a Prompter and an output function, so it runs in tests without a terminal. Every answer is
written to the store before the next question is asked; the position in the game is never kept
anywhere but in the stored answers, so a resumed session continues exactly where it stopped.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from calculators.core import InvalidInput
from scorepad import progress, signals
from scorepad import session as sessions
from scorepad.errors import Changed, ScorepadError
from scorepad.games import session_of
from scorepad.games.base import Ask, Commands, Say
from scorepad.prompts import Prompter

if TYPE_CHECKING:
    from scorepad.store import Store

RESUMED, QUIET = -1, -2
UNDO_WORD = "undo"
HELP_WORD = "help"
HELP_TITLE = ("Words you can type instead of an answer, at a menu too (a menu takes the arrow keys or the first "
              "letters of a choice; Ctrl-C stops, saved):")
UNDO_HELP = "take back the previous answer (right after a fix: the fix)"
FIX_WORD = "fix"
FIX_HELP = "change an answer given earlier (a menu of everything recorded), then back to this question"
FINISHED = "Game over: session {id} is finished."
OFFER_SHEET = "Write the score sheet as a PDF?"
# The usual name is offered in brackets, not pre-filled: a path typed over pre-filled text was appended to it
# ("london-2e-3.pdf/tmp/x.pdf"), as with London's tracked figures (games/base.py keeping()).
ASK_SHEET_PATH = "File name for the PDF [{name}; Enter keeps it]:"
SHEET_NOT_WRITTEN = "{reason} — another name, please."
# An answer (undo, fix, the end) given to a session that another process changed after the question was shown:
# refused in one line, the session shown as it now stands, the open question asked.
CHANGED_ELSEWHERE = "session {id} changed in another terminal: {what}"
NOW_HOLDS = "{name} is now {shown}"
TAKEN_BACK_ELSEWHERE = "{name} was taken back"
NOW_FINISHED = "it is finished"
REOPENED = "it was reopened"
CHANGED_BACK = "its answers were changed and changed back"
AND_MORE = "and {count} more"
MOST_NAMED = 3  # changes named in the line; any more are counted


def prompt_word_in(doc: dict, name: str) -> str | None:
    """The prompt word a player's name starts with, if any (`undo`, `help`, or one of the game's words)."""
    session = session_of(doc)
    words = {UNDO_WORD, HELP_WORD, FIX_WORD, *session.game.commands(session)}
    first = name.split()[0].lower() if name.split() else ""
    return first if first in words else None


def play(store: Store, session_id: int, prompter: Prompter, out: Callable[[str], None],
         write_sheet: Callable[[sessions.Session, str], str] | None = None,
         check_sheet_path: Callable[[str], str | None] | None = None,
         resumed: bool = False) -> sessions.Session:
    """Run a session to its end (Aborted from the prompter leaves it saved where it stands). A resumed game
    first says where it stands: the round, the running totals, what this round already holds.

    At the end it offers the sheet: `check_sheet_path` refuses a name at the prompt (the rules of `sheet -o`),
    and a name `write_sheet` cannot write (ScorepadError) is asked again, not the end of the game's last prompt.
    """
    # The first step whose text is still to be printed: RESUMED repeats the guidance that leads to
    # the current question, QUIET (after an undo) prints nothing but the question.
    start: int = RESUMED
    doc = store.get(session_id)
    game = session_of(doc, session_id).game
    while True:
        session = sessions.Session(doc, game, session_id)
        steps = session.game.steps(session)
        index = next((i for i, s in enumerate(steps) if isinstance(s, Ask) and s.at not in session.answers),
                     len(steps))
        if start == QUIET:
            start = index
        elif start == RESUMED:
            if resumed:
                from scorepad.recap import recap

                text = recap(session, steps)
                if text:
                    out("\n" + text)
            start = index
            while start > 0 and isinstance(steps[start - 1], Say):
                start -= 1
        for step in steps[start:index]:
            if isinstance(step, Say):
                out("\n" + step.text())
        # Every write below is a compare-and-set: refused (Changed) if the stored session is no longer `doc`,
        # the one this question was computed from (another terminal answered, took back or fixed meanwhile).
        try:
            if index == len(steps):
                if not session.finished:
                    session = sessions.Session(store.update(session_id, sessions.finish, expect=_as_seen(doc)),
                                               game, session_id)
                break
            ask = steps[index]
            commands = session.game.commands(session)
            # A signal once the prompt took the answer waits until the answer (or the undo) is stored and
            # echoed: what the screen shows as answered is on disk when the process ends.
            with signals.answering():
                answer = _ask(prompter, ask, commands)
                given = isinstance(answer, str) and answer not in ask.views and answer not in (UNDO_WORD, FIX_WORD)
                if given:
                    value = ask.parse(answer)
                    doc = store.update(session_id, lambda stored: sessions.record(stored, ask.at, value),
                                       expect=_as_seen(doc))
                    if ask.echo:
                        out(ask.echo(value))
                elif answer == UNDO_WORD:
                    if not session.doc.get("entries"):
                        out(progress.NOTHING_TO_TAKE_BACK)
                    else:
                        message, doc = progress.undo(store, session_id, guided=True, expect=_as_seen(doc))
                        out(message)
            if answer == FIX_WORD:
                from scorepad import edit  # only a fix pays for it

                fixed = edit.interactive(store, session_id, prompter, out, cancel_quietly=True)
                now = store.get(session_id)
                if not fixed and not _as_seen(doc)(now):  # the fix menu showed what the other terminal did
                    raise Changed(CHANGED_ELSEWHERE, now)
                doc = now
        except Changed as changed:
            doc = changed.doc
            out(CHANGED_ELSEWHERE.format(id=session_id,
                                         what=_what_changed(session, sessions.Session(doc, game, session_id))))
            start, resumed = RESUMED, True  # where it now stands, then the open question
            continue
        if given:
            start = index + 1
            continue
        if isinstance(answer, _Command):
            out(answer.run())
            start = QUIET
            continue
        if answer in ask.views:  # a display choice (a summary, a guide): shown, never stored
            out("\n" + ask.views[answer]())
            start = QUIET
            continue
        if answer in (UNDO_WORD, FIX_WORD):
            start = QUIET  # back to the open question (the same one, unless the fix answered it)
            continue
    out(FINISHED.format(id=session_id))
    if write_sheet and prompter.confirm(OFFER_SHEET, default=True):
        _offer_sheet(session, prompter, out, write_sheet, check_sheet_path)
    return session


def _as_seen(seen: dict) -> Callable[[dict], bool]:
    """The store's compare-and-set: the stored session still holds the answers and status the caller read."""
    entries, status = seen.get("entries"), seen.get("status")
    return lambda stored: stored.get("entries") == entries and stored.get("status") == status


def _what_changed(seen: sessions.Session, now: sessions.Session) -> str:
    """What another terminal changed, as the table names the answers: `Game 1 · Ben · Blue is now 3 4`."""
    def named(session: sessions.Session, at: tuple) -> tuple[Ask | None, str]:
        ask = progress.find_ask(session, at)
        return ask, progress.name(ask) if ask is not None else " / ".join(map(str, at))

    parts = []
    for at, value in now.answers.items():
        if at not in seen.answers or seen.answers[at] != value:
            ask, name = named(now, at)
            parts.append(NOW_HOLDS.format(name=name, shown=progress.typed(ask, value) or progress.EMPTY))
    parts += [TAKEN_BACK_ELSEWHERE.format(name=named(seen, at)[1]) for at in seen.answers if at not in now.answers]
    if not parts:
        parts = [CHANGED_BACK if now.finished == seen.finished else NOW_FINISHED if now.finished else REOPENED]
    if len(parts) > MOST_NAMED:
        parts = [*parts[:MOST_NAMED], AND_MORE.format(count=len(parts) - MOST_NAMED)]
    return "; ".join(parts)


def _offer_sheet(session: sessions.Session, prompter: Prompter, out: Callable[[str], None],
                 write_sheet: Callable[[sessions.Session, str], str],
                 check: Callable[[str], str | None] | None) -> None:
    usual = f"{session.game.slug}-{session.id}.pdf"

    def chosen(text: str) -> str:
        return os.path.expanduser(text.strip() or usual)

    def problem(text: str) -> str | None:
        return check(chosen(text)) if check else None

    while True:  # until written, or Ctrl-C (the game is finished and saved either way)
        path = prompter.text(ASK_SHEET_PATH.format(name=usual), validate=problem)
        try:
            out(f"Wrote {write_sheet(session, chosen(path))}")
            return
        except ScorepadError as error:  # e.g. the folder went away, or the disk is full
            out(SHEET_NOT_WRITTEN.format(reason=error))


class _Command:
    """A prompt word the player typed instead of an answer (`help`, or one of the game's commands)."""

    def __init__(self, run: Callable[[], str]) -> None:
        self.run = run


def _command(text: str, commands: Commands) -> _Command | None:
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    if word == HELP_WORD and (commands or not rest):
        return _Command(lambda: _help(commands))
    if word in commands:
        return _Command(lambda: commands[word][1](rest.strip()))
    return None


def _help(commands: Commands) -> str:
    lines = [HELP_TITLE, f"  {UNDO_WORD:<10} {UNDO_HELP}", f"  {FIX_WORD:<10} {FIX_HELP}"]
    lines += [f"  {word:<10} {explanation}" for word, (explanation, _) in commands.items()]
    return "\n".join(lines)


def _ask(prompter: Prompter, ask: Ask, commands: Commands) -> str | _Command:
    if ask.choices:  # a menu also takes the prompt words, typed (`undo`, `fix`, `help`, a game's `cash Ana`)
        answer = prompter.select(ask.message, ask.choices, default=ask.default or None,
                                 words=[UNDO_WORD, FIX_WORD, HELP_WORD, *commands])
        # The words first: London's player menus end with an `undo` choice of their own, which is the word, not
        # a player (it was parsed as one: "'undo' is not one of the players", and the game ended).
        if answer.strip().lower() in (UNDO_WORD, FIX_WORD):
            return answer.strip().lower()
        if answer in ask.choices:
            return answer
        return _command(answer, commands) or answer

    def validate(text: str) -> str | None:
        if text.strip().lower() in (UNDO_WORD, FIX_WORD) or _command(text, commands):
            return None
        try:
            sessions.check_storable(ask.parse(text))
        except InvalidInput as error:
            return error.message
        return None

    answer = prompter.text(ask.message, default=ask.default, validate=validate)
    if answer.strip().lower() in (UNDO_WORD, FIX_WORD):
        return answer.strip().lower()
    return _command(answer, commands) or answer

