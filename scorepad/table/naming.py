"""How an answer is typed and named: a typed text read as its question stores it, and a recorded answer shown
as the table saw it ("Game 1 · Ana · Blue: W 3 5"), for every screen, undo and edit alike."""

from __future__ import annotations

from typing import Any

from calculators.core import InvalidInput
from scorepad.games.base import Ask
from scorepad.i18n import N_, western_digits
from scorepad.words import answered

# TRANSLATORS: an answer given as Enter alone, as undo names it.
EMPTY = N_("(empty)")
# TRANSLATORS: a Lost Cities expedition given as Enter alone (not started), as undo names it.
NOT_STARTED = N_("(not started)")


def parse(ask: Ask, text: str) -> Any:
    """A typed answer as its question stores it, in whichever digits it was typed: Persian ۰–۹ and Arabic-Indic
    ٠–٩ (and their decimal and thousands marks) read as 0–9. The text as typed first, so that a name or a note
    that parses keeps its own digits; else with Western digits; a refusal is then about the Western text.

    >>> parse(Ask(("setup", "n"), "How many?", parse=int), "۱۲"), parse(Ask(("setup", "n"), "Note", parse=str), "۱۲")
    (12, '۱۲')
    """
    try:
        return ask.parse(text)
    except InvalidInput:
        western = western_digits(text)
        if western == text:
            raise
    return ask.parse(western)


QUESTION_MARKS = ("?", "؟", "？")  # a label that ends with one is a question (English, Persian and Arabic, Chinese)


def name(ask: Ask) -> str:
    """How the table knows a question (undo, fix, edit): its own name where its label does not say which it is
    (London's event number), else its label; a question without its question mark, as a name stands before a
    colon ("Who is the oldest player: Ben")."""
    text = ask.name or ask.label
    return text[:-1] if text.endswith(QUESTION_MARKS) else text


def answer_text(ask: Ask, shown: str) -> str:
    """An answer with its question, as the table reads it back: `Game 1 · Ana · Blue: W 3 5`, or after a question
    `Who scores points? Ana`."""
    return f"{ask.label} {shown}" if ask.label.endswith(QUESTION_MARKS) else answered(name(ask), shown)


def named(ask: Ask | None, at: tuple) -> str:
    """A recorded answer's name, or its path when the game no longer asks it."""
    return name(ask) if ask is not None else " / ".join(map(str, at))


def typed(ask: Ask | None, value: Any) -> str:
    """A recorded answer as it is typed at its question (`W 3 5`, `rest 4, photo 3`)."""
    if ask is not None and ask.show is not str:
        return ask.show(value)
    if isinstance(value, list):
        return " ".join(map(str, value))
    return "" if value is None else str(value)
