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
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.prompts import Prompter

if TYPE_CHECKING:
    from scorepad.store import Store

RESUMED, QUIET = -1, -2
# The words a player types instead of an answer. The English word always works, and the table's language's own
# (pgettext "typed word": one short word, typed on that language's keyboard); the help lists the language's.
UNDO_WORD = "undo"
HELP_WORD = "help"
FIX_WORD = "fix"
TYPED = "typed word"  # the context of every prompt word's translation (a game's words too: `cash`, `summary`)
# Marked here for the catalogue (the extractor needs them written out); typed_word() looks them up.
# TRANSLATORS: a word typed at any prompt of a game instead of an answer: take back the previous answer.
# One short word, easy to type on your keyboard; the English word keeps working.
pgettext("typed word", "undo")
# TRANSLATORS: a word typed at any prompt instead of an answer: list the words one may type.
pgettext("typed word", "help")
# TRANSLATORS: a word typed at any prompt instead of an answer: change an answer given earlier.
pgettext("typed word", "fix")
HELP_TITLE = N_("Words you can type instead of an answer, at a menu too (a menu takes the arrow keys or the first "
                "letters of a choice; Ctrl-C stops, saved):")
UNDO_HELP = N_("take back the previous answer (right after a fix: the fix)")
FIX_HELP = N_("change an answer given earlier (a menu of everything recorded), then back to this question")
HELP_LINE = "  {word} {explanation}"
HELP_WORD_COLUMNS = 10  # the words' column: the explanations start after it
FINISHED = N_("Game over: session {id} is finished.")
OFFER_SHEET = N_("Write the score sheet as a PDF?")
# TRANSLATORS: the last question of a guided game on a terminal (default: no); yes draws a QR code to scan.
OFFER_CODE = N_("Show a QR code that adds this play to BG Stats on a phone?")
# The usual name is offered in brackets, not pre-filled: a path typed over pre-filled text was appended to it
# ("london-2e-3.pdf/tmp/x.pdf"), as with London's tracked figures (games/base.py keeping()).
# TRANSLATORS: {name} is a file name ("london-2e-3.pdf"), kept as it is.
ASK_SHEET_PATH = N_("File name for the PDF [{name}; Enter keeps it]:")
# TRANSLATORS: {reason} says why the file could not be written (the folder is gone, the disk is full).
SHEET_NOT_WRITTEN = N_("{reason} — another name, please.")
# TRANSLATORS: {path} is where the PDF was written.
WROTE = N_("Wrote {path}")
# An answer (undo, fix, the end) given to a session that another process changed after the question was shown:
# refused in one line, the session shown as it now stands, the open question asked.
# TRANSLATORS: {what} lists the changes, e.g. "Game 1 · Ben · Blue is now 3 4; Game 1 · Ana · Red was taken back".
CHANGED_ELSEWHERE = N_("session {id} changed in another terminal: {what}")
NOW_HOLDS = N_("{name} is now {shown}")
TAKEN_BACK_ELSEWHERE = N_("{name} was taken back")
NOW_FINISHED = N_("it is finished")
REOPENED = N_("it was reopened")
CHANGED_BACK = N_("its answers were changed and changed back")
AND_MORE = NP_("and {count} more", "and {count} more")
# TRANSLATORS: between the changes another terminal made (CHANGED_ELSEWHERE's {what}).
CHANGES_SEPARATOR = N_("; ")
MOST_NAMED = 3  # changes named in the line; any more are counted


def typed_word(english: str) -> str:
    """The table's language's word for a prompt word (`undo`), as a player types it."""
    return pgettext(TYPED, english)


def words_for(english: str) -> set[str]:
    """What a player may type for a prompt word: the English word and the language's, case aside."""
    return {english, typed_word(english).casefold()}


def prompt_word(text: str, commands: Commands = {}) -> str | None:
    """The prompt word (in English: `undo`, `fix`, `help`, a game's `cash`) a typed text starts with, if any."""
    first = text.split()[0].casefold() if text.split() else ""
    return next((word for word in (UNDO_WORD, FIX_WORD, HELP_WORD, *commands) if first in words_for(word)), None)


def _menu_words(commands: Commands) -> list[str]:
    """The words a menu takes typed: each in English and in the table's language."""
    return list(dict.fromkeys(w for word in (UNDO_WORD, FIX_WORD, HELP_WORD, *commands)
                              for w in (word, typed_word(word))))


def prompt_word_in(doc: dict, name: str) -> str | None:
    """The prompt word a player's name starts with, if any (`undo`, `help`, or one of the game's words, in
    English or the table's language), as the player would type it."""
    session = session_of(doc)
    word = prompt_word(name, session.game.commands(session))
    return name.split()[0].casefold() if word else None


def play(store: Store, session_id: int, prompter: Prompter, out: Callable[[str], None],
         write_sheet: Callable[[sessions.Session, str], str] | None = None,
         check_sheet_path: Callable[[str], str | None] | None = None,
         resumed: bool = False, show_code: Callable[[sessions.Session], None] | None = None) -> sessions.Session:
    """Run a session to its end (Aborted from the prompter leaves it saved where it stands). A resumed game
    first says where it stands: the round, the running totals, what this round already holds.

    At the end it offers the sheet: `check_sheet_path` refuses a name at the prompt (the rules of `sheet -o`),
    and a name `write_sheet` cannot write (ScorepadError) is asked again, not the end of the game's last prompt.
    Then, with `show_code` (on a terminal), the offer of BG Stats' QR code of the play (default no: one key).
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
                    value = progress.parse(ask, answer)
                    doc = store.update(session_id, lambda stored: sessions.record(stored, ask.at, value),
                                       expect=_as_seen(doc))
                    if ask.echo:
                        out(ask.echo(value))
                elif answer == UNDO_WORD:
                    if not session.doc.get("entries"):
                        out(_(progress.NOTHING_TO_TAKE_BACK))
                    else:
                        message, doc = progress.undo(store, session_id, guided=True, expect=_as_seen(doc))
                        out(message)
            if answer == FIX_WORD:
                from scorepad import edit  # only a fix pays for it

                fixed = edit.interactive(store, session_id, prompter, out, cancel_quietly=True)
                now = store.get(session_id)
                if not fixed and not _as_seen(doc)(now):  # the fix menu showed what the other terminal did
                    raise Changed(_(CHANGED_ELSEWHERE), now)
                doc = now
        except Changed as changed:
            doc = changed.doc
            out(_(CHANGED_ELSEWHERE).format(id=session_id,
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
    out(_(FINISHED).format(id=session_id))
    if write_sheet and prompter.confirm(_(OFFER_SHEET), default=True):
        _offer_sheet(session, prompter, out, write_sheet, check_sheet_path)
    if show_code and prompter.confirm(_(OFFER_CODE), default=False):
        show_code(session)
    return session


def _as_seen(seen: dict) -> Callable[[dict], bool]:
    """The store's compare-and-set: the stored session still holds the answers, status and players the caller read
    (`players rename` may rename a game not yet answered: an answer for the old name would damage it)."""
    entries, status, players = seen.get("entries"), seen.get("status"), seen.get("players")
    return lambda stored: (stored.get("entries") == entries and stored.get("status") == status
                           and stored.get("players") == players)


def _what_changed(seen: sessions.Session, now: sessions.Session) -> str:
    """What another terminal changed, as the table names the answers: `Game 1 · Ben · Blue is now 3 4`."""
    def named(session: sessions.Session, at: tuple) -> tuple[Ask | None, str]:
        ask = progress.find_ask(session, at)
        return ask, progress.name(ask) if ask is not None else " / ".join(map(str, at))

    parts = []
    for at, value in now.answers.items():
        if at not in seen.answers or seen.answers[at] != value:
            ask, name = named(now, at)
            parts.append(_(NOW_HOLDS).format(name=name, shown=progress.typed(ask, value) or _(progress.EMPTY)))
    parts += [_(TAKEN_BACK_ELSEWHERE).format(name=named(seen, at)[1]) for at in seen.answers
              if at not in now.answers]
    if not parts:
        parts = [_(CHANGED_BACK if now.finished == seen.finished else NOW_FINISHED if now.finished else REOPENED)]
    if len(parts) > MOST_NAMED:
        more = len(parts) - MOST_NAMED
        parts = [*parts[:MOST_NAMED], plural(AND_MORE, more).format(count=more)]
    return _(CHANGES_SEPARATOR).join(parts)


def _offer_sheet(session: sessions.Session, prompter: Prompter, out: Callable[[str], None],
                 write_sheet: Callable[[sessions.Session, str], str],
                 check: Callable[[str], str | None] | None) -> None:
    usual = f"{session.game.slug}-{session.id}.pdf"

    def chosen(text: str) -> str:
        return os.path.expanduser(text.strip() or usual)

    def problem(text: str) -> str | None:
        return check(chosen(text)) if check else None

    while True:  # until written, or Ctrl-C (the game is finished and saved either way)
        path = prompter.text(_(ASK_SHEET_PATH).format(name=usual), validate=problem)
        try:
            out(_(WROTE).format(path=write_sheet(session, chosen(path))))
            return
        except ScorepadError as error:  # e.g. the folder went away, or the disk is full
            out(_(SHEET_NOT_WRITTEN).format(reason=error))


class _Command:
    """A prompt word the player typed instead of an answer (`help`, or one of the game's commands)."""

    def __init__(self, run: Callable[[], str]) -> None:
        self.run = run


def _command(text: str, commands: Commands) -> _Command | None:
    typed, _space, rest = text.strip().partition(" ")
    word = prompt_word(typed, commands)
    if word == HELP_WORD and (commands or not rest):
        return _Command(lambda: _help(commands))
    if word in commands:
        return _Command(lambda: commands[word][1](rest.strip()))
    return None


def _help(commands: Commands) -> str:
    """The prompt words in the table's language, each with what it does, the explanations in one column."""
    from scorepad.grid import width

    def line(english: str, explanation: str) -> str:
        word = typed_word(english)  # a Chinese word takes two columns a character
        return HELP_LINE.format(word=word + " " * max(0, HELP_WORD_COLUMNS - width(word)), explanation=explanation)

    lines = [_(HELP_TITLE), line(UNDO_WORD, _(UNDO_HELP)), line(FIX_WORD, _(FIX_HELP))]
    lines += [line(word, explanation) for word, (explanation, _run) in commands.items()]
    return "\n".join(lines)


def _undo_or_fix(answer: str) -> str | None:
    """UNDO_WORD or FIX_WORD when the answer is that word alone (in English or the table's language)."""
    word = prompt_word(answer)
    return word if word in (UNDO_WORD, FIX_WORD) and len(answer.split()) == 1 else None


def _ask(prompter: Prompter, ask: Ask, commands: Commands) -> str | _Command:
    if ask.choices:  # a menu also takes the prompt words, typed (`undo`, `fix`, `help`, a game's `cash Ana`)
        answer = prompter.select(ask.message, ask.choices, default=ask.default or None, words=_menu_words(commands))
        # The words first: London's player menus end with an `undo` choice of their own, which is the word, not
        # a player (it was parsed as one: "'undo' is not one of the players", and the game ended).
        if _undo_or_fix(answer):
            return _undo_or_fix(answer)  # type: ignore[return-value]
        if answer in ask.choices:
            return answer
        return _command(answer, commands) or answer

    def validate(text: str) -> str | None:
        if _undo_or_fix(text) or _command(text, commands):
            return None
        try:
            sessions.check_storable(progress.parse(ask, text))
        except InvalidInput as error:
            return error.message
        return None

    answer = prompter.text(ask.message, default=ask.default, validate=validate)
    return _undo_or_fix(answer) or _command(answer, commands) or answer
