"""Shared wording: how the calculators' phrases (codes and values) become sentences in the chosen language, and
the words every screen shares (the winner line, plurals, money, minus signs) — one home for each.

A phrase code is `GAME.NAME` for a game's own (its wording is the game's `phrases`, which the registry hands over
as it loads the game: `learn_game`) or a bare name for the common ones (PHRASES below). A table entry is a template
(an `N_()` msgid, filled with the phrase's values by str.format) or a function of the values that returns the text
(for plurals or words that depend on a value). Importing this module installs it as the calculators' wording.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

from calculators import core
from calculators.core import Phrase
from scorepad.i18n import N_, NP_, Plural, _, pgettext, plural

Wording = Union[str, Callable[[Mapping[str, Any]], str]]

# The games' own wording, handed over by the registry as it loads each game (scorepad/games/__init__.py): the
# wording sits below the games and never imports one. A game's slug -> (its phrases, how it labels its fields).
_GAMES: dict[str, tuple[Mapping[str, Wording], Callable[[str], str | None] | None]] = {}

ROUND = N_("round {round}")
PLAYER = N_("player {player}")
WHERE = N_("{where}: {message}")  # "round 2, player Ana, blue: 5 after 9: numbers must go up"
WHERE_SEPARATOR = N_(", ")
# TRANSLATORS: a recorded answer, named and as it was typed ("Game 1 · Ana · Blue: 2 5 9": the fix menu, the recap
# of a resumed game); write the colon as your language does (Chinese ：).
ANSWERED = N_("{name}: {shown}")


def learn_game(slug: str, phrases: Mapping[str, Wording], field_label: Callable[[str], str | None] | None) -> None:
    """Word a game's own phrase codes and name its fields in errors as it does (Game.phrases, Game.field_label):
    the registry calls this as it loads the game; a game loaded again replaces what was learnt of it."""
    _GAMES[slug] = (phrases, field_label)


def forget_game(slug: str) -> None:
    """What `learn_game` learnt of a game, forgotten (a test's own game, once the test is done with it)."""
    _GAMES.pop(slug, None)


def _field(game: str | None, field: str) -> str:
    """How an error names a field: as the game labels it (its `field_label`, e.g. a colour's name), else as the
    table file's key. `game` is the slug scorepad stamps on an error raised while it scores that game's table (a
    game no longer known: its key, as a table file has it)."""
    label = _GAMES[game][1] if game in _GAMES else None
    if label is not None:
        return label(field) or field
    return field


def _where(values: Mapping[str, Any]) -> str:
    where = []
    if values.get("round") is not None:
        where.append(_(ROUND).format(round=values["round"]))
    if values.get("player") is not None:  # a name or key as an error quotes it: core.excerpt
        where.append(_(PLAYER).format(player=core.excerpt(values["player"])))
    if values.get("field") is not None:
        where.append(core.excerpt(_field(values.get("game"), str(values["field"]))))
    if not where:
        return values["message"]
    return _(WHERE).format(where=_(WHERE_SEPARATOR).join(where), message=values["message"])


# --- the common phrases: calculators/core.py's refusals, and scorepad/games' (codes and their values) ----------

# TRANSLATORS: a range of whole numbers, "2–4" ({low} and {high} are numbers).
SPAN = N_("{low}–{high}")
# TRANSLATORS: a range with no upper end, "1 or more" ({low} is a number).
AT_LEAST = N_("{low} or more")
NONE = N_("none")  # "this game has: none" (no variants or no modules)
NOT_WHOLE = N_("{value} is not a whole number (expected {expected})")
OUT_OF_RANGE = N_("{value} is out of range (expected {expected})")
# TRANSLATORS: {text} is the text quoted ('Ana…'), {codepoint} the character's Unicode number (U+001B).
CONTROL = N_("{text} holds a control character ({codepoint})")
# TRANSLATORS: a bidi override or isolate reorders the text around it (U+202E, U+2066…): {codepoint} is it.
BIDI = N_("{text} holds a bidi override or isolate ({codepoint})")
TOO_LONG = NP_("{text} is {length} character long (at most {limit})",
               "{text} is {length} characters long (at most {limit})")
NOT_A_NAME = N_("{value!r} is not a name")
EMPTY_NAME = N_("empty name")
# TRANSLATORS: a name made only of characters that show nothing (a zero-width space, a Hangul filler).
INVISIBLE_NAME = N_("a name needs something visible (a letter, a digit or a sign), not only invisible characters")
TWICE = N_("{name!r} appears twice")
SAME_PLAYER = N_("{name!r} and {other!r} are the same player (names ignore case)")
NOT_NAMES = N_("must be a non-empty list of names")
# TRANSLATORS: {allowed} is a count or a range of counts ("2–4").
PLAYER_COUNT = NP_("{count} player; this game takes {allowed}", "{count} players; this game takes {allowed}")
NOT_VARIANTS = N_("must be a list of variant names")
NOT_MODULES = N_("must be a list of module names")
# TRANSLATORS: {name} is a variant's name as the table file gives it; {known}: the game's variants (slugs).
UNKNOWN_VARIANT = N_("unknown variant {name!r} (this game has: {known})")
UNKNOWN_MODULE = N_("unknown module {name!r} (this game has: {known})")
NOT_ISO_DATE = N_("{value!r} is not an ISO 8601 date (e.g. 2026-11-29 or 2026-11-29T20:15:00+01:00)")
# TRANSLATORS: {earliest} and {latest} are years (1900, 9999); a date is written in the Gregorian calendar.
DATE_OUT_OF_RANGE = N_("{value!r} is not a day from the year {earliest} to {latest} (in UTC too); dates are "
                       "written in the Gregorian calendar")
ROUND_NOT_BY_PLAYER = N_("must map each player's name to their inputs")
FINAL_NOT_BY_PLAYER = N_("must map each player's name to their final inputs")
UNKNOWN_PLAYER = N_("unknown player {name!r} (players: {players})")
INPUTS_NOT_OBJECT = N_("inputs must be an object")
FINAL_INPUTS_NOT_OBJECT = N_("final inputs must be an object")
NOT_A_TABLE = N_("a table file must be a JSON object")
# TRANSLATORS: {key} is a key of the table file (JSON), kept as written.
UNKNOWN_KEY = N_("unknown top-level key {key!r}")
# TRANSLATORS: {expected} and {got} are game slugs ('lost-cities').
WRONG_GAME = N_("expected {expected!r}, got {got!r}")
NOT_ROUNDS = N_("must be a list of rounds")
# TRANSLATORS: {allowed} is a range of counts ("1–3", "1 or more").
ROUND_COUNT = NP_("{count} round; this game takes {allowed}", "{count} rounds; this game takes {allowed}")
MISSING_PLAYER = N_("missing from this round")
NO_FINAL = N_("this game has no final inputs")
# TRANSLATORS: {key} is a field of a player's inputs as the table file names it; {allowed}: the fields it takes.
UNKNOWN_FIELD = N_("unknown field {key!r} (expected: {allowed})")
# scorepad/games: the registry and the menus every game shares.
# TRANSLATORS: {name} is the game the file names; {games}: the games scorepad knows (slugs, kept as written).
UNKNOWN_GAME = N_("unknown game {name!r} (games: {games})")
# TRANSLATORS: "game" is the table file's key, kept as written; {games}: the games scorepad knows (slugs).
NO_GAME = N_("the file names no game: a table file gives \"game\", one of {games}")
NOT_ONE_OF_PLAYERS = N_("{name!r} is not one of the players ({players})")


def count_range(low: int, high: int | None) -> str:
    """The counts a rule allows: "1–20", or (no upper end: None) "1 or more"."""
    if high is None:
        return _(AT_LEAST).format(low=low)
    return _(SPAN).format(low=low, high=high)


def listed(names: Any) -> str:
    """Names from a table file (slugs, keys, players' names) as a list in a sentence; "none" for no names."""
    # TRANSLATORS: what a list of names from a table file is joined with ("tourist, central"); the names stay
    # as the file writes them (slugs and players' names).
    return pgettext("list separator", ", ").join(str(name) for name in names) if names else _(NONE)


def _quoted(values: Mapping[str, Any]) -> str:
    text = values["text"]  # cut once more to an excerpt when longer (core.excerpt), and marked once
    return repr(text) + ("…" if values["cut"] and not text.endswith("…") else "")


def _codepoint(values: Mapping[str, Any]) -> str:
    return f"U+{values['code']:04X}"


# Code → wording (each game's own are its `phrases`, in scorepad/games/<game>/words.py).
PHRASES: dict[str, Wording] = {
    "error.where": _where,
    "number.not-whole": lambda v: _(NOT_WHOLE).format(value=repr(v["value"]),
                                                      expected=count_range(v["low"], v["high"])),
    "number.out-of-range": lambda v: _(OUT_OF_RANGE).format(value=v["value"],
                                                            expected=count_range(v["low"], v["high"])),
    "text.control": lambda v: _(CONTROL).format(text=_quoted(v), codepoint=_codepoint(v)),
    "text.bidi": lambda v: _(BIDI).format(text=_quoted(v), codepoint=_codepoint(v)),
    "text.too-long": lambda v: plural(TOO_LONG, v["length"]).format(text=_quoted(v), length=v["length"],
                                                                     limit=v["limit"]),
    "name.not-text": NOT_A_NAME,
    "name.empty": EMPTY_NAME,
    "name.invisible": INVISIBLE_NAME,
    "name.twice": TWICE,
    "name.same-player": SAME_PLAYER,
    "players.not-a-list": NOT_NAMES,
    "players.count": lambda v: plural(PLAYER_COUNT, v["count"]).format(
        count=v["count"], allowed=v["low"] if v["low"] == v["high"] else count_range(v["low"], v["high"])),
    "variants.not-a-list": NOT_VARIANTS,
    "modules.not-a-list": NOT_MODULES,
    "variants.unknown": lambda v: _(UNKNOWN_VARIANT).format(name=v["name"], known=listed(v["known"])),
    "modules.unknown": lambda v: _(UNKNOWN_MODULE).format(name=v["name"], known=listed(v["known"])),
    "date.not-iso": NOT_ISO_DATE,
    "date.out-of-range": DATE_OUT_OF_RANGE,
    "table.round-not-by-player": ROUND_NOT_BY_PLAYER,
    "table.final-not-by-player": FINAL_NOT_BY_PLAYER,
    "table.unknown-player": lambda v: _(UNKNOWN_PLAYER).format(name=v["name"], players=listed(v["players"])),
    "table.player-twice": TWICE,
    "table.round-inputs-not-object": INPUTS_NOT_OBJECT,
    "table.final-inputs-not-object": FINAL_INPUTS_NOT_OBJECT,
    "table.not-object": NOT_A_TABLE,
    "table.unknown-key": UNKNOWN_KEY,
    "table.wrong-game": WRONG_GAME,
    "table.rounds-not-a-list": NOT_ROUNDS,
    "table.rounds-count": lambda v: plural(ROUND_COUNT, v["count"]).format(count=v["count"],
                                                                           allowed=count_range(v["low"], v["high"])),
    "table.missing-player": MISSING_PLAYER,
    "table.no-final": NO_FINAL,
    "table.unknown-field": lambda v: _(UNKNOWN_FIELD).format(key=v["key"], allowed=listed(v["allowed"])),
    "game.unknown": lambda v: _(UNKNOWN_GAME).format(name=v["name"], games=listed(v["games"])),
    "game.missing": lambda v: _(NO_GAME).format(games=listed(v["games"])),
    "players.not-one-of": lambda v: _(NOT_ONE_OF_PLAYERS).format(name=v["name"], players=listed(v["players"])),
}


def _wording(code: str) -> Wording:
    """A code's wording: a game's own (learn_game), else a common one."""
    for phrases, _label in _GAMES.values():
        if code in phrases:
            return phrases[code]
    return PHRASES[code]


# Zero-width joiners and marks Persian, Arabic and emoji names hold (calculators.core allows them in names).
_JOINERS = frozenset("\u200c\u200d\u200e\u200f")


class _Quoted(str):
    """A text value whose repr ({name!r} in a message) writes ZWNJ, ZWJ, LRM and RLM as they are: repr() escapes
    them (not printable), so 'علی‌رضا' read 'علی\\u200cرضا'. Everything else as repr() writes it.

    >>> repr(_Quoted("a\\u200cb")) == "'a\\u200cb'", repr(_Quoted("a\\u200cb\\n"))
    (True, "'a\\u200cb\\\\n'")
    """

    def __repr__(self) -> str:
        text = str(self)
        if not _JOINERS & set(text):
            return str.__repr__(self)
        quote = '"' if "'" in text and '"' not in text else "'"
        return quote + "".join(c if c in _JOINERS else "\\" + c if c in (quote, "\\") else
                               c if c.isprintable() else ascii(c)[1:-1] for c in text) + quote


def quoted(text: str) -> str:
    """`text` for a message's {name!r} outside a Phrase: quoted as repr() quotes it, its ZWNJ, ZWJ, LRM and RLM as
    they are (as say() hands text values over)."""
    return _Quoted(text)


def say(phrase: Phrase) -> str:
    """A phrase in the chosen language. An unknown code is a bug (a test checks every code has its wording)."""
    wording = _wording(phrase.code)
    values = {key: _Quoted(value) if type(value) is str else value for key, value in phrase.values.items()}
    if callable(wording):
        return wording(values)
    return _(wording).format(**values)


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
# TRANSLATORS: an amount of money in pounds (London); {amount} is "17". Keep the £ sign, on the side your
# language writes it (Russian: after the amount, a no-break space apart); write the other £ amounts the same way.
POUNDS = N_("£{amount}")
CURRENCIES = {"$": DOLLARS, "£": POUNDS}
# TRANSLATORS: a percentage ({rate} is "58.33"); write the percent sign as your language does.
PERCENT = N_("{rate}%")


def answered(name: str, shown: str) -> str:
    """A recorded answer, named and as it was typed: `Game 1 · Ana · Blue: 2 5 9`."""
    return _(ANSWERED).format(name=name, shown=shown)


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


def decimal(value: float | None, places: int = 2) -> str:
    """A mean as `stats` prints it: two places, the language's decimal mark, a real minus sign ("—": none)."""
    if value is None:
        return "—"
    # TRANSLATORS: the decimal mark of a number ("41.50"); Persian and Arabic may write ٫, Russian a comma.
    rounded = round(value, places)
    text = f"{abs(rounded):.{places}f}".replace(".", pgettext("decimal mark", "."))
    return MINUS + text if rounded < 0 else text


def percent(rate: float) -> str:
    """A share as a percentage with two places: `58.33%`."""
    return _(PERCENT).format(rate=decimal(rate * 100))


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
