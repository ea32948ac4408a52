"""The words a player types at a terminal prompt instead of an answer (`undo`, `fix`, `help`, a game's own such
as Chinatown's `cash`), in English and in the table's language."""

from __future__ import annotations

from scorepad.games.base import Commands
from scorepad.i18n import pgettext
from scorepad.table import session_of

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


def menu_words(commands: Commands) -> list[str]:
    """The words a menu takes typed: each in English and in the table's language."""
    return list(dict.fromkeys(w for word in (UNDO_WORD, FIX_WORD, HELP_WORD, *commands)
                              for w in (word, typed_word(word))))


def prompt_word_in(doc: dict, name: str, id: int | None = None) -> str | None:
    """The prompt word a player's name starts with, if any (`undo`, `help`, or one of the game's words, in
    English or the table's language), as the player would type it. `id`: the stored session's, named if it is
    damaged."""
    session = session_of(doc, id)
    word = prompt_word(name, session.game.commands(session))
    return name.split()[0].casefold() if word else None


def undo_or_fix(answer: str) -> str | None:
    """UNDO_WORD or FIX_WORD when the answer is that word alone (in English or the table's language)."""
    word = prompt_word(answer)
    return word if word in (UNDO_WORD, FIX_WORD) and len(answer.split()) == 1 else None
