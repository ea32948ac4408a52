"""How an answer is typed and named: a typed text read as its question stores it, and a recorded answer shown
as the table saw it ("Game 1 · Ana · Blue: W 3 5"), for every screen, undo and edit alike."""

from __future__ import annotations

from typing import Any

from calculators.core import InvalidInput
from scorepad.games.base import Ask
from scorepad.i18n import N_, western_digits

# TRANSLATORS: an answer given as Enter alone, as undo names it.
EMPTY = N_("(empty)")
# TRANSLATORS: a Lost Cities expedition given as Enter alone (not started), as undo names it.
NOT_STARTED = N_("(not started)")


def parse(ask: Ask, text: str) -> Any:
    """A typed answer as its question stores it, in whichever digits it was typed: Persian ۰–۹ and Arabic-Indic
    ٠–٩ (and their decimal and thousands marks) read as 0–9. The text as typed first, so that a name or a note
    that parses keeps its own digits; else with Western digits; a refusal is then about the Western text.

    >>> parse(Ask(("setup", "n"), "How many?", parse=int), "۱۲"), parse(Ask(("setup", "n"), "?", parse=str), "۱۲")
    (12, '۱۲')
    """
    try:
        return ask.parse(text)
    except InvalidInput:
        western = western_digits(text)
        if western == text:
            raise
    return ask.parse(western)


def name(ask: Ask) -> str:
    """How the table knows a question: its label, else its message without the hints
    ("Game 1 · Ana · Blue:" → "Game 1 · Ana · Blue"; "Ana · £ in hand [17 tracked; …]:" → "Ana · £ in hand").

    >>> name(Ask(("x",), "دست ۱ · علی · زرد (مثلاً W 3 5)؛ Enter یعنی شروع نشده:", str))
    'دست ۱ · علی · زرد'
    >>> name(Ask(("x",), "王 · 貸款（例如 2）：", str))
    '王 · 貸款'
    """
    if ask.label:
        return ask.label
    text = ask.message
    while True:
        before = text
        text = text.rstrip(" :?：？؟")  # a question's end in English, Chinese, Persian and Arabic
        if text.endswith(")") and " (" in text:  # a trailing hint: "(They start game 1.)", "(e.g. 5 2 1)"
            text = text[:text.rfind(" (")]
        if text.endswith("）") and "（" in text:  # Chinese brackets
            text = text[:text.rfind("（")].rstrip()
        for cut in (" [", "; ", "؛ ", " — ", "；"):  # ؛ and ； are the Persian and Chinese semicolons
            if cut in text:
                text = text[:text.index(cut)]
        if text == before:
            return text


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
