"""The terminal's menu: questionary's select, built as questionary builds it, whose typed filter also keeps the
choices that several words pick out (`ana blue`, `game 1 ana blue`: the edit menu of every answer), while they are
typed, not only at Enter. Loaded only by a command that asks (scorepad.cli.prompts), with questionary.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from typing import Any

import questionary
from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from questionary.prompts import common
from questionary.prompts.common import InquirerControl
from questionary.question import Question
from questionary.styles import merge_styles_default
from questionary.utils import used_kwargs


class _Kept(InquirerControl):
    """questionary's list of choices, filtered by what `kept` keeps of the typed text (questionary's own filter
    keeps only the choices holding the text whole). The whole list when nothing is kept, the text shown in red."""

    def __init__(self, kept: Callable[[str, Sequence[str]], list[str]], *args: Any, **kwargs: Any) -> None:
        self._kept = kept
        super().__init__(*args, **kwargs)

    @property
    def filtered_choices(self) -> list[Any]:
        if not self.search_filter:
            return self.choices
        kept = set(self._kept(self.search_filter, [choice.value for choice in self.choices]))
        found = [choice for choice in self.choices if choice.value in kept]
        self.found_in_search = bool(found)
        return found or self.choices


def stopping(bindings: KeyBindings) -> KeyBindings:
    """`bindings` with every prompt's way out: Ctrl-C and Ctrl-Q stop (KeyboardInterrupt), Ctrl-D ends (EOFError)."""
    @bindings.add(Keys.ControlC, eager=True)
    @bindings.add(Keys.ControlQ, eager=True)
    def stop(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    @bindings.add(Keys.ControlD, eager=True)
    def end(event: Any) -> None:
        event.app.exit(exception=EOFError)

    return bindings


def menu(message: str, choices: Sequence[str], *, default: str | None, instruction: str, qmark: str,
         kept: Callable[[str, Sequence[str]], list[str]], word: Callable[[str], bool],
         shown: Callable[[str], str], answered: Callable[[str], str], **session: Any) -> Question:
    """A menu question. Typed text filters it (`kept`); Enter takes the choice pointed at among those kept, or the
    text itself when `word` says it is a prompt word (`undo`, `cash Ana`), or waits when nothing is kept. A choice
    is drawn as `shown` gives it (escaped, shortened to the terminal's width) and filtered and answered as it is
    given; once taken, it is printed after the question as `answered` lays it out. `session`: prompt_toolkit's
    input and output.
    """
    drawn = [questionary.Choice(title=shown(c), value=c) for c in choices]
    control = _Kept(kept, drawn, default, pointer="»", use_indicator=False, initial_choice=default)

    def tokens() -> list[tuple[str, str]]:
        head = [("class:qmark", qmark), ("class:question", f" {message} ")]
        if control.is_answered:
            return [*head, ("class:answer", answered(control.get_pointed_at().value))]
        return [*head, ("class:instruction", instruction)]

    def typed() -> str:
        return control.search_filter or ""

    bindings = stopping(KeyBindings())

    def down(event: Any) -> None:
        control.select_next()

    def up(event: Any) -> None:
        control.select_previous()

    for key in (Keys.Down, Keys.ControlN):
        bindings.add(key, eager=True)(down)
    for key in (Keys.Up, Keys.ControlP):
        bindings.add(key, eager=True)(up)

    def letter(event: Any) -> None:
        control.add_search_character(event.key_sequence[0].key)

    for character in string.printable:
        bindings.add(character, eager=True)(letter)
    bindings.add(Keys.Backspace, eager=True)(letter)

    @bindings.add(Keys.ControlM, eager=True)
    def enter(event: Any) -> None:
        if typed() and word(typed()):
            event.app.exit(result=typed().strip())
        elif not typed() or kept(typed(), [c.value for c in control.choices]):
            control.is_answered = True
            event.app.exit(result=control.get_pointed_at().value)
        # else nothing to take: the whole list, the text in red; Backspace mends it

    # Beyond ASCII (string.printable): "ع" for علی, "王" or "А" for Анна, "۳" join the typed text too.
    @bindings.add(Keys.Any)
    def any_letter(event: Any) -> None:
        key = event.key_sequence[0].key
        if isinstance(key, str) and len(key) == 1 and not key.isascii() and key.isprintable():
            control.add_search_character(key)

    layout = common.create_inquirer_layout(control, tokens, **session)
    return Question(Application(layout=layout, key_bindings=bindings, style=merge_styles_default([None]),
                                **used_kwargs(session, Application.__init__)))
