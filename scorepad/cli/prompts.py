"""The real prompts: questionary's (the only questionary and prompt_toolkit imports), loaded only by a command
that asks (scorepad.cli.terminal.make_prompter). What the loop needs of a prompter is scorepad.cli.prompter's."""

from __future__ import annotations

import contextlib
import gc
import logging
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

import questionary
from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import to_formatted_text
from prompt_toolkit.input.typeahead import clear_typeahead
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.utils import get_cwidth
from questionary.question import Question
from questionary.styles import merge_styles_default

from calculators.core import excerpt
from scorepad.cli import signals
from scorepad.cli.menu import menu, stopping
from scorepad.cli.prompter import (
    NO_OR_YES,
    REFUSED,
    REFUSED_EMPTY,
    YES_OR_NO,
    Aborted,
    Known,
    Validator,
    completions,
    confirm_keys,
    menu_kept,
    question_mark,
    word_at,
    wrap_lines,
    yes_no,
)
from scorepad.grid import safe, width, wrap_line  # a question or a choice names players, perhaps from an older database
from scorepad.i18n import N_, _

try:
    import termios  # POSIX terminals: what is typed ahead is dropped from their buffer
except ImportError:  # pragma: no cover - Windows: prompt_toolkit's own typeahead is all there is to drop
    termios = None  # type: ignore[assignment]


class _StoppingSignal(logging.Filter):
    """A stopping signal that lands while prompt_toolkit loads a prompt's history (a task of its own) is logged by
    prompt_toolkit as "Loading history failed" with a traceback; the signal is stopping the command already (it is
    raised again once the prompt ends), so that record says nothing a player needs."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], KeyboardInterrupt))


logging.getLogger("prompt_toolkit.buffer").addFilter(_StoppingSignal())

# --- text for people ----------------------------------------------------------------------------------

REFUSED_INDENT = "    "  # a refusal's next lines start under its text
# TRANSLATORS: beside a menu's question (questionary prints "(Use arrow keys)" there otherwise).
MENU_HINT = N_("(arrows, or type to pick)")
REFUSED_STYLE = "fg:ansired"
QUESTION_INDENT = "  "  # a question's next lines, under its first word (after "? ")
ROOM_TO_TYPE = 12  # columns left on a question's last line for the answer typed after it
CHOICE_INDENT = " » "  # before a menu's choice


class QuestionaryPrompter:
    """The real prompts, questionary's: a refused answer is cleared and its reason stays over the question asked
    again; a menu takes the arrow keys or typed letters (questionary's search filter), several typed words, and
    the prompt words it is given. What `unsafe_ask` does, because `ask` swallows Ctrl-C and returns None
    (tech-notes §2).
    Tests pass prompt_toolkit's `input=`/`output=` (a pipe)."""

    def __init__(self, **session: Any) -> None:
        self._session = session
        # questionary builds a prompt_toolkit application for every question; the garbage collector then walks
        # every object the imports made, a full pass every few questions (docs/performance.md, The terminal).
        # What is loaded by now lives as long as the process: freeze it out of the collector's passes.
        gc.freeze()

    def _ask(self, question: Any) -> Any:
        # unsafe_ask() is application.run(): run here with scorepad's signal handling (signals.prompt_options),
        # which prompt_toolkit's own would replace while the question is asked.
        app = question.application
        try:
            return app.run(**signals.prompt_options(app))
        except (KeyboardInterrupt, EOFError) as error:
            raise Aborted from error

    def text(self, message: str, *, default: str = "", validate: Validator | None = None,
             complete: Known | None = None) -> str:

        while True:
            offer = _name_completion(complete) if complete is not None else {}
            question = questionary.text(self._laid_out(message, ROOM_TO_TYPE), default=default,
                                        qmark=question_mark(), **offer, **self._session)
            if complete is not None:
                question.application.after_render += _read_once_drawn(complete)
            answer = self._ask(question)
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            # The question stays on screen with the refused answer; the reason under it; then the same
            # question again, from an empty line (not from "3-1").
            shown = excerpt(answer.strip())  # a pasted page is quoted as its start (core.excerpt)
            refused = (_(REFUSED).format(text=shown, problem=problem) if shown
                       else _(REFUSED_EMPTY).format(problem=problem))
            self._say(refused)
            default = ""

    def _columns(self) -> int:
        return (self._session.get("output") or get_app_session().output).get_size().columns

    def _laid_out(self, message: str, after: int) -> str:
        """A question in lines that fit the terminal behind its "? ", each next line under its first word, the
        last leaving `after` columns for what follows it (the hint, or room to type), else ending the line."""
        columns = max(self._columns() - len(QUESTION_INDENT), 1)
        lines = [line for part in safe(message, keep="\n").split("\n") for line in wrap_line(part, columns, "")]
        if width(lines[-1]) + 1 + after > columns:
            lines.append("")  # what follows starts a line of its own
        return ("\n" + QUESTION_INDENT).join(lines)

    def _choice(self, choice: str) -> str:
        """A menu's choice as it is drawn: escaped, and if wider than the terminal, its first words and "…"."""
        shown, room = safe(choice), self._columns() - len(CHOICE_INDENT)
        return shown if width(shown) <= room else wrap_line(shown, max(room - 2, 1), "")[0] + " …"

    def _say(self, refused: str) -> None:
        """The reason, in lines cut to the terminal's width, each next one under the reason's text."""

        output = self._session.get("output") or get_app_session().output
        lines = wrap_lines(safe(refused), output.get_size().columns, width=get_cwidth)
        questionary.print("\n".join(lines), style=REFUSED_STYLE, output=output)

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None,
               words: Sequence[str] = ()) -> str:
        choices = list(choices)
        hint = _(MENU_HINT)
        laid_out = self._laid_out(message, width(hint))
        question = menu(laid_out, choices, default=default if default in choices else None,
                        instruction=hint, qmark=question_mark(), kept=menu_kept,
                        word=lambda typed: word_at(typed, choices, words), shown=self._choice,
                        answered=lambda choice: self._answer(laid_out, choice), **self._session)
        return self._ask(question)

    def _answer(self, laid_out: str, answer: str) -> str:
        """A menu's answer as it is printed after its question (laid out by _laid_out): on the question's last line
        if it fits there, else wrapped at its words on lines of its own, under the question's first word."""
        columns = self._columns()
        *before, last = laid_out.split("\n")
        # after "? " on the first line, after QUESTION_INDENT (in the line) on the next ones; then a space
        taken = (width(question_mark()) + 1 if not before else 0) + width(last) + 1
        answer = safe(answer)
        if taken + width(answer) <= columns:
            return answer
        lines = wrap_line(answer, max(columns - len(QUESTION_INDENT) - 1, 1), "")
        start = "" if not last.strip() else "\n" + QUESTION_INDENT  # a line of its own, or the empty one there
        return start + ("\n" + QUESTION_INDENT).join(lines)

    def confirm(self, message: str, *, default: bool = True, enter: bool = False) -> bool:
        """y or n at once (or the table's language's letters for yes and no), Enter for the default.

        questionary's confirm, in the table's language: its hint and its "Yes"/"No" are English, and it takes
        only y and n; this one is built as questionary builds it (the same look), with our words and keys.
        `enter` (questionary's auto_enter=False): the letter is shown and Enter takes it, so the Enter typed after
        `y` is this question's, not the next one's; keys typed before the question was shown are dropped."""

        answer: list[bool] = []
        chosen: list[bool] = []  # with `enter`: the letter typed, until Enter takes it
        hint, yes_word, no_word = _(YES_OR_NO if default else NO_OR_YES), yes_no(True), yes_no(False)
        laid_out = self._laid_out(message, width(hint) + max(width(yes_word), width(no_word)))

        def tokens() -> Any:
            shown = [("class:qmark", question_mark()), ("class:question", f" {laid_out} ")]
            if answer:
                shown.append(("class:answer", yes_word if answer[0] else no_word))
            elif chosen:
                shown.append(("class:answer", yes_word if chosen[0] else no_word))
            else:
                shown.append(("class:instruction", f"{hint} "))
            return to_formatted_text(shown)

        bindings = KeyBindings()

        def answering(value: bool) -> Callable[[Any], None]:
            def take(event: Any) -> None:
                answer[:] = [value]
                event.app.exit(result=value)
            return take

        def choosing(value: bool) -> Callable[[Any], None]:
            def choose(event: Any) -> None:
                chosen[:] = [value]
            return choose

        for value in (True, False):
            for key in confirm_keys(value):
                bindings.add(key)((choosing if enter else answering)(value))
        bindings.add(Keys.ControlM, eager=True)(lambda event: answering(chosen[0] if chosen else default)(event))
        if enter:
            bindings.add(Keys.Backspace)(lambda event: chosen.clear())

        stopping(bindings)

        @bindings.add(Keys.Any)
        def other(event: Any) -> None:
            """Any other key types nothing."""

        session = PromptSession(tokens, key_bindings=bindings, style=merge_styles_default([None]), **self._session)
        if not enter:
            return self._ask(Question(session.app))
        self._drop_typed_ahead()
        try:
            return self._ask(Question(session.app))
        finally:
            self._drop_typed_ahead()  # typed after the Enter: for no question shown yet

    def _drop_typed_ahead(self) -> None:
        """Forget the keys typed at the terminal that no question has taken yet: those still in the terminal's
        buffer (tcflush) and those prompt_toolkit read and keeps for the next question (its typeahead). Only at a
        real terminal: a test's or a pipe's input is what it is meant to answer."""
        if "input" in self._session or not sys.stdin.isatty():
            return
        if termios is not None:
            with contextlib.suppress(OSError, termios.error):
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        clear_typeahead(get_app_session().input)


def _name_completion(complete: Known) -> dict[str, Any]:
    """prompt_toolkit's options for a text prompt that offers known names: a menu of those the typed letters
    complete, shown as one types (the arrows pick from it); Tab takes the first at once, the next at each press."""

    class Names(Completer):
        def get_completions(self, document: Any, event: Any) -> Any:
            typed = document.text_before_cursor
            for name in completions(typed, complete()):
                yield Completion(name, start_position=-len(typed), display=safe(name))

    bindings = KeyBindings()

    # prompt_toolkit's own Tab starts a completion in the background: with keys typed ahead (or pasted), Enter
    # could take the letters before the name. This one completes at once; in an open menu it moves down it.
    @bindings.add("tab")
    def take_a_name(event: Any) -> None:
        buffer = event.current_buffer
        if buffer.complete_state:
            buffer.complete_next()
            return
        found = completions(buffer.text, complete())
        if found:
            buffer.text = found[0]
            buffer.cursor_position = len(buffer.text)

    return {"completer": Names(), "complete_while_typing": True, "key_bindings": bindings}


def _read_once_drawn(complete: Known) -> Callable[[Any], None]:
    """Once the prompt is drawn, the known names are read in the background (at 10,000 sessions, the index of
    summaries takes a tenth of a second or more): the first letter typed finds them ready, and the prompt itself
    never waits for them. `complete` keeps what it read (cli._ask_names), and a letter typed sooner waits for it."""
    started: list[bool] = []

    def on_render(app: Any) -> None:
        if not started:

            started.append(True)
            threading.Thread(target=complete, daemon=True).start()

    return on_render


