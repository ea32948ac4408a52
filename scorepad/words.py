"""Shared wording: how the calculators' phrases (codes and values) become sentences in the chosen language, and
the words every screen shares (the winner line, plurals, money, minus signs) — one home for each.

A phrase code is `GAME.NAME` for a game's own (its wording is the `PHRASES` table of scorepad/games/<module>.py)
or a bare name for the common ones (PHRASES below). A table entry is a template (an `N_()` msgid, filled with the
phrase's values by str.format) or a function of the values that returns the text (for plurals or words that
depend on a value). Importing this module installs it as the calculators' wording.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

from calculators import core
from calculators.core import Phrase
from scorepad.i18n import N_, NP_, Plural, _, pgettext, plural

Wording = Union[str, Callable[[Mapping[str, Any]], str]]

# Where each game's phrases are worded: the prefix of its codes → the module holding its PHRASES table.
# (Both London editions share one calculator and one prefix.)
GAME_PHRASES = {
    "lost-cities": "scorepad.games.lost_cities",
    "next-station-london": "scorepad.games.next_station_london",
    "london": "scorepad.games.london",
    "chinatown": "scorepad.games.chinatown",
}

ROUND = N_("round {round}")
PLAYER = N_("player {player}")
WHERE = N_("{where}: {message}")  # "round 2, player Ana, blue: 5 after 9: numbers must go up"
WHERE_SEPARATOR = N_(", ")


def _where(values: Mapping[str, Any]) -> str:
    where = []
    if values.get("round") is not None:
        where.append(_(ROUND).format(round=values["round"]))
    if values.get("player") is not None:
        where.append(_(PLAYER).format(player=values["player"]))
    if values.get("field") is not None:
        where.append(str(values["field"]))
    if not where:
        return values["message"]
    return _(WHERE).format(where=_(WHERE_SEPARATOR).join(where), message=values["message"])


# The common phrases (calculators/core.py and scorepad's own).
PHRASES: dict[str, Wording] = {
    "error.where": _where,
}


def _table(code: str) -> Mapping[str, Wording]:
    prefix, dot, _name = code.partition(".")
    module = GAME_PHRASES.get(prefix) if dot else None
    return importlib.import_module(module).PHRASES if module else PHRASES


def say(phrase: Phrase) -> str:
    """A phrase in the chosen language. An unknown code is a bug (a test checks every code has its wording)."""
    wording = _table(phrase.code).get(phrase.code) or PHRASES[phrase.code]
    if callable(wording):
        return wording(phrase.values)
    return _(wording).format(**phrase.values)


core.set_wording(say)


# --- the words every screen shares: the winner line, lists of names, the rules played, numbers and money --------
# One home for each, so the standings, `list`, a resumed game's recap, the sheets and a game's notes say it alike.

MINUS = "\u2212"  # a real minus sign: a hyphen reads as a dash in a column of figures
# TRANSLATORS: the last two names of a list of players: "Ana and Ben", "Ana, Ben and Cy" ({names} is the rest).
AND = N_("{names} and {last}")
WINS = N_("{names} wins with {total}.")
# TRANSLATORS: two or more players ({names}: "Ana and Ben") level at the top of a finished game; the count is
# how many share it. {total} is each one's score ("52", "$988,000").
SHARE_WIN = NP_("{names} shares the win with {total} each.", "{names} share the win with {total} each.")
LEADS = N_("{names} leads with {total}.")  # a game still being played
# TRANSLATORS: as "share the win", in a game still being played.
SHARE_LEAD = NP_("{names} shares the lead with {total} each.", "{names} share the lead with {total} each.")
SCORES = N_("{names} scores {total}.")  # a solo game (Next Station: London) has a score, not a winner
HAS_SO_FAR = N_("{names} has {total} so far.")
# TRANSLATORS: the last column of `scorepad list` for a finished game: "won by Ana and Ben (52)".
WON_BY = N_("won by {names} ({total})")
# TRANSLATORS: the rules a game was played with when it used no variant (`score`, `show`, the sheets).
OFFICIAL_RULES = N_("official rules")
# TRANSLATORS: an amount of money in dollars (Chinatown); {amount} is "50,000". Keep the $ sign.
DOLLARS = N_("${amount}")
# TRANSLATORS: an amount of money in pounds (London); {amount} is "17". Keep the £ sign.
POUNDS = N_("£{amount}")
CURRENCIES = {"$": DOLLARS, "£": POUNDS}


def names_text(names: Sequence[str]) -> str:
    """A list of names as a sentence holds it: `Ana`, `Ana and Ben`, `Ana, Ben and Cy`.

    >>> names_text(["Ana"]), names_text(["Ana", "Ben", "Cy"])
    ('Ana', 'Ana, Ben and Cy')
    """
    names = [str(name) for name in names]
    if len(names) < 2:
        return "".join(names)
    # TRANSLATORS: between the names of a list of players, before the last two ("Ana, Ben and Cy"); Chinese 、
    separator = pgettext("between names", ", ")
    return _(AND).format(names=separator.join(names[:-1]), last=names[-1])


def winner_line(winners: Sequence[str], total: str, *, finished: bool = True, solo: bool = False) -> str:
    """Who wins (or, while the game is played, who leads) and with what: the line under every standings.
    `total` is the top score as the game prints it; `solo`: one player, who scores rather than wins.

    >>> winner_line(["Ana"], "52"), winner_line(["Ana", "Ben"], "52", finished=False)
    ('Ana wins with 52.', 'Ana and Ben share the lead with 52 each.')
    """
    names = names_text(winners)
    if solo:
        return _(SCORES if finished else HAS_SO_FAR).format(names=names, total=total)
    if len(winners) == 1:
        return _(WINS if finished else LEADS).format(names=names, total=total)
    return plural(SHARE_WIN if finished else SHARE_LEAD, len(winners)).format(names=names, total=total)


def won_by(winners: Sequence[str], total: str) -> str:
    """`won by Ana and Ben (52)`: a finished game in one cell (`scorepad list`)."""
    return _(WON_BY).format(names=names_text(winners), total=total)


def variants_text(variants: Sequence[str]) -> str:
    """The variants played (their slugs, as the table file names them), or "official rules" when none."""
    return ", ".join(variants) or _(OFFICIAL_RULES)


def counted(message: Plural, n: int, **values: Any) -> str:
    """A plural constant in the form for `n`, filled: `counted(ROUNDS, 3)` → "3 rounds" (Russian: 3 forms)."""
    return plural(message, n).format(n=n, **values)


def number(value: Any, minus: str = MINUS) -> str:
    """A whole number as scorepad prints it, a negative one with a real minus sign (`minus`: a sheet's font may
    have no U+2212 and pass "-").

    >>> number(-14), number(3), number(-2, minus="-")
    ('−14', '3', '-2')
    """
    return f"{minus}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change with its sign: `+3`, `−3`, `+0`."""
    return number(value) if value < 0 else f"+{value}"


def money(amount: int, currency: str = "$") -> str:
    """An amount as the table counts it: `$50,000`, `−$5,000`, `£17` (the language's thousands mark).

    >>> money(50000), money(-5000), money(17, "£")
    ('$50,000', '−$5,000', '£17')
    """
    # TRANSLATORS: the mark between thousands in an amount of money ("$50,000"); Persian and Arabic may write ٬
    # (typed back, it is read as a comma).
    digits = f"{abs(amount):,}".replace(",", pgettext("thousands separator", ","))
    text = _(CURRENCIES[currency]).format(amount=digits)
    return MINUS + text if amount < 0 else text
