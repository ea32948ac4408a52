"""The guided loop: say what the table needs, ask the next question, save the answer at once, repeat.

It takes a Prompter and an output function, so it runs in tests without a terminal. Every answer is
written to the store before the next question is asked; the position in the game is never kept
anywhere but in the stored answers, so a resumed session continues exactly where it stopped.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from calculators.core import InvalidInput
from scorepad.cli import asking, fixing, signals
from scorepad.errors import Changed, ScorepadError
from scorepad.games.base import Ask, Commands, Content, Say
from scorepad.grid import width
from scorepad.i18n import N_, NP_, _, plural
from scorepad.cli.prompt_words import FIX_WORD, HELP_WORD, UNDO_WORD, menu_words, prompt_word, typed_word, undo_or_fix
from scorepad.cli.prompter import Prompter
from scorepad.table import Records, Session, Table
from scorepad.table.naming import EMPTY, named, parse, typed
from scorepad.table.recap import recap

RESUMED, QUIET = -1, -2
HELP_TITLE = N_("Words you can type instead of an answer, at a menu too (a menu takes the arrow keys or the first "
                "letters of a choice; Ctrl-C stops, saved):")
UNDO_HELP = N_("take back the previous answer (right after a fix: the fix)")
FIX_HELP = N_("change an answer given earlier (a menu of everything recorded), then back to this question")
HELP_LINE = "  {word} {explanation}"
# TRANSLATORS: under a question answered with Enter alone, which keeps the figure scorepad tracked ("  10 (kept)").
KEPT = N_("  {value} (kept)")
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


def play(store: Records, session_id: int, prompter: Prompter, out: Callable[[str], None],
         write_sheet: Callable[[Session, str], str] | None = None,
         check_sheet_path: Callable[[str], str | None] | None = None,
         resumed: bool = False, show_code: Callable[[Session], None] | None = None,
         code_refusal: Callable[[Session], str | None] | None = None) -> Session:
    """Run a session to its end (Aborted from the prompter leaves it saved where it stands). A resumed game
    first says where it stands: the round, the running totals, what this round already holds.

    At the end it offers the sheet: `check_sheet_path` refuses a name at the prompt (the rules of `sheet -o`),
    and a name `write_sheet` cannot write (ScorepadError) is asked again, not the end of the game's last prompt.
    Then, with `show_code` (on a terminal), the offer of BG Stats' QR code of the play (default no: one key), or
    the line `code_refusal` says where the terminal is too small for it.
    """
    table = Table(store, session_id)
    # The first step whose text is still to be printed: RESUMED repeats the guidance that leads to
    # the current question, QUIET (after an undo) prints nothing but the question.
    start: int = RESUMED
    while True:
        session = table.session
        steps = session.steps()
        questions = table.open()
        index = len(steps) if not questions else next(
            i for i, step in enumerate(steps) if isinstance(step, Ask) and step.at == questions[0].at)
        if start == QUIET:
            start = index
        elif start == RESUMED:
            if resumed:
                text = recap(session, steps)
                if text:
                    out("\n" + text)
            start = index
            while start > 0 and isinstance(steps[start - 1], Say):
                start -= 1
        for step in steps[start:index]:
            if isinstance(step, Say):
                out("\n" + asking.text(step.said()))
        # Every write below is a compare-and-set: refused (Changed) if the stored session is no longer the one
        # this question was computed from (another terminal or a phone answered, took back or fixed meanwhile).
        try:
            if index == len(steps):
                table.finish()
                break
            ask = questions[0].ask
            commands = session.game.commands(session)
            # A signal once the prompt took the answer waits until the answer (or the undo) is stored and
            # echoed: what the screen shows as answered is on disk when the process ends.
            with signals.answering():
                answer = _ask(prompter, ask, commands, lambda text: table.check(ask.at, text))
                given = isinstance(answer, str) and answer not in ask.views and answer not in (UNDO_WORD, FIX_WORD)
                if given:
                    echo = table.answer(ask.at, answer, session.version, finishing=False).echo
                    # the prompt's line reads blank: the figure Enter kept (a menu's default is the choice shown)
                    if ask.default and not ask.choices and not answer.strip():
                        out(_(KEPT).format(value=ask.default))
                    if echo:
                        out(echo)
                    if table.version > session.version + 1:  # recorded: its question was untouched meanwhile
                        elsewhere = _changes(session, table.session, mine=ask.at)
                        if elsewhere:
                            out(_(CHANGED_ELSEWHERE).format(id=session_id, what=elsewhere))
                elif answer == UNDO_WORD:
                    out(table.undo(session.version, guided=True))
            if answer == FIX_WORD:
                fixed = fixing.interactive(table, prompter, out, cancel_quietly=True)
                table.refresh()
                if not fixed and table.version != session.version:  # the fix menu showed what the other did
                    raise Changed(_(CHANGED_ELSEWHERE), table.session.doc)
        except Changed as changed:
            table.seen(changed.doc)
            out(_(CHANGED_ELSEWHERE).format(id=session_id, what=_what_changed(session, table.session)))
            start, resumed = RESUMED, True  # where it now stands, then the open question
            continue
        if given:
            start = index + 1
            continue
        if isinstance(answer, _Command):
            shown = answer.run()
            out(asking.text(shown) if isinstance(shown, Content) else shown)
            start = QUIET
            continue
        if answer in ask.views:  # a display choice (a summary, a guide): shown, never stored
            out("\n" + ask.views[answer]())
            start = QUIET
            continue
        if answer in (UNDO_WORD, FIX_WORD):
            start = QUIET  # back to the open question (the same one, unless the fix answered it)
            continue
    session = table.session
    out(_(FINISHED).format(id=session_id))
    if write_sheet and prompter.confirm(_(OFFER_SHEET), default=True):
        _offer_sheet(session, prompter, out, write_sheet, check_sheet_path)
    refusal = code_refusal(session) if show_code and code_refusal else None
    if refusal:  # a terminal too small for the code: said once, instead of offering it
        out(refusal)
    elif show_code and prompter.confirm(_(OFFER_CODE), default=False):
        show_code(session)
    return session


def _what_changed(seen: Session, now: Session) -> str:
    """What another terminal changed, as the table names the answers: `Game 1 · Ben · Blue is now 3 4`."""
    return _changes(seen, now) or _(CHANGED_BACK if now.finished == seen.finished
                                    else NOW_FINISHED if now.finished else REOPENED)


def _changes(seen: Session, now: Session, mine: tuple | None = None) -> str:
    """The answers another screen changed between two views (not `mine`, this terminal's own), or ""."""
    parts = []
    for at, value in now.answers.items():
        if at != mine and (at not in seen.answers or seen.answers[at] != value):
            ask = now.find_ask(at)
            parts.append(_(NOW_HOLDS).format(name=named(ask, at), shown=typed(ask, value) or _(EMPTY)))
    parts += [_(TAKEN_BACK_ELSEWHERE).format(name=named(seen.find_ask(at), at)) for at in seen.answers
              if at not in now.answers]
    if not parts:
        return ""
    if len(parts) > MOST_NAMED:
        more = len(parts) - MOST_NAMED
        parts = [*parts[:MOST_NAMED], plural(AND_MORE, more).format(count=more)]
    return _(CHANGES_SEPARATOR).join(parts)


def _offer_sheet(session: Session, prompter: Prompter, out: Callable[[str], None],
                 write_sheet: Callable[[Session, str], str],
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
    def line(english: str, explanation: str) -> str:
        word = typed_word(english)  # a Chinese word takes two columns a character
        return HELP_LINE.format(word=word + " " * max(0, HELP_WORD_COLUMNS - width(word)), explanation=explanation)

    lines = [_(HELP_TITLE), line(UNDO_WORD, _(UNDO_HELP)), line(FIX_WORD, _(FIX_HELP))]
    lines += [line(word, explanation) for word, (explanation, _run) in commands.items()]
    return "\n".join(lines)


def _ask(prompter: Prompter, ask: Ask, commands: Commands,
         check: Callable[[str], object] | None = None) -> str | _Command:
    """The answer typed or picked: a text to record, a prompt word, or a display choice; `check` refuses a typed
    text at the prompt (the table's own check of the open question)."""
    if ask.choices:  # a menu also takes the prompt words, typed (`undo`, `fix`, `help`, a game's `cash Ana`)
        answer = prompter.select(asking.prompt(ask), ask.choices, default=ask.default or None, words=menu_words(commands))
        # The words first: London's player menus end with an `undo` choice of their own, which is the word, not
        # a player (it was parsed as one: "'undo' is not one of the players", and the game ended).
        if undo_or_fix(answer):
            return undo_or_fix(answer)  # type: ignore[return-value]
        if answer in ask.choices:
            return answer
        return _command(answer, commands) or answer

    def validate(text: str) -> str | None:
        if undo_or_fix(text) or _command(text, commands):
            return None
        try:
            (check or (lambda typed: parse(ask, typed)))(text)
        except InvalidInput as error:
            return error.message
        return None

    answer = prompter.text(asking.prompt(ask), validate=validate)
    return undo_or_fix(answer) or _command(answer, commands) or answer
