"""What every game's scoring shares: input errors that say where they are, the table's common shape, standings and ranks."""

from __future__ import annotations

import contextlib
import contextvars
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# The keys every table file may hold (shared/spec/table-format.md, "Common shape"). `session` is the
# export's record of the game as played; scorepad checks what is inside it, scoring only allows it.
COMMON_KEYS = ("game", "variants", "players", "rounds", "final", "modules", "date", "session")
NAME_LIMIT = 40  # characters in a player's name (spec, "Common shape")
# Bidi overrides and isolates reorder the text around them: a name holding one prints as another name.
# ZWNJ, ZWJ, LRM and RLM are allowed: Persian, Indic and emoji names need them (spec, "Common shape").
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
# The longest text a table file or an answer may hold anywhere (a trade's note, say): a sentence, not a page.
TEXT_LIMIT = 200
CONTROL = "{text} holds a control character (U+{code:04X})"
BIDI = "{text} holds a bidi override or isolate (U+{code:04X})"
TOO_LONG = "{text} is {length} characters long (at most {limit})"
# ISO 8601 as the spec writes it: a date, or a date and time with an optional offset.
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?", re.ASCII)


@dataclass(frozen=True)
class Phrase:
    """Something scoring has to tell a person, as data: a code and its values. The calculators hold no sentences
    (design.md rule 8); scorepad words a phrase in the table's language (scorepad/words.py).

    >>> Phrase("lost-cities.not-up", {"card": 5, "last": 9})
    Phrase(code='lost-cities.not-up', values={'card': 5, 'last': 9})
    """

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)


def _unworded(phrase: Phrase) -> str:
    # Until scorepad installs its wording (set_wording), a phrase reads as its code and values (doctests).
    if phrase.code == "error.where":
        where = [f"{k}={v!r}" for k, v in phrase.values.items() if k != "message" and v is not None]
        return " ".join(where) + ": " + phrase.values["message"] if where else phrase.values["message"]
    values = ", ".join(f"{k}={v!r}" for k, v in phrase.values.items())
    return f"{phrase.code}({values})" if values else phrase.code


_words: Callable[[Phrase], str] = _unworded
PHRASE_CODE = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")


def set_wording(words: Callable[[Phrase], str]) -> None:
    """How phrases become text: scorepad/words.py installs the one that speaks the chosen language."""
    global _words
    _words = words


def say(phrase: Phrase) -> str:
    return _words(phrase)


class InvalidInput(ValueError):
    """Input that scoring must refuse: a code and its values, and the round, player and field at fault.

    `code` is a Phrase code ("lost-cities.not-up": dotted, lower case); the values are keyword arguments. Any other
    text is a refusal already worded by scorepad (in the table's language), kept as it is.

    >>> error = InvalidInput("lost-cities.not-up", card=5, last=9, round=2, player="Ana", field="blue")
    >>> error.phrase, error.round, error.field
    (Phrase(code='lost-cities.not-up', values={'card': 5, 'last': 9}), 2, 'blue')
    >>> InvalidInput("5 after 9: numbers must go up", round=2).message
    '5 after 9: numbers must go up'
    """

    def __init__(self, code: str, /, *, round: int | None = None, player: str | None = None,
                 field: str | None = None, **values: Any) -> None:
        self.code = code
        self.values = values
        self.round = round
        self.player = player
        self.field = field
        super().__init__(code)

    @property
    def phrase(self) -> Phrase:
        return Phrase(self.code, self.values)

    @property
    def message(self) -> str:
        """What is wrong, worded, without where it is."""
        return say(self.phrase) if PHRASE_CODE.fullmatch(self.code) else self.code

    def __str__(self) -> str:
        # Where it is, worded the same way as the message (scorepad/words.py: the "error.where" phrase).
        return say(Phrase("error.where", {"round": self.round, "player": self.player, "field": self.field,
                                          "message": self.message}))


@dataclass(frozen=True)
class Standing:
    """One player's place: `parts` is the breakdown the score sheet prints and adds up to `total`."""

    player: str
    rank: int
    total: int
    rounds: tuple[int, ...] = ()
    parts: Mapping[str, int] = field(default_factory=dict)
    # A game's own figures for the JSON output, after the common ones (Next Station: London solo: `rating`).
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "rank": self.rank, "total": self.total,
                "rounds": list(self.rounds), "parts": dict(self.parts), **self.extra}


@dataclass(frozen=True)
class Result:
    """A scored table. `detail` is the game's own breakdown for screens and sheets (not in the JSON)."""

    game: str
    variants: tuple[str, ...]
    standings: tuple[Standing, ...]
    detail: Any = None
    # One line per tie that a tie-break decided, for the table to read (empty when none did).
    tiebreaks: tuple[str, ...] = ()
    # False for a game still being played (a table whose session is `playing`): its first place leads, not wins.
    finished: bool = True

    @property
    def winners(self) -> list[str]:
        return [s.player for s in self.standings if s.rank == 1]

    def to_json(self) -> dict[str, Any]:
        """The output of `scorepad score --json`, exactly as shared/spec/table-format.md gives it."""
        return {"game": self.game, "variants": list(self.variants),
                "standings": [s.to_json() for s in self.standings], "winners": self.winners,
                "finished": self.finished}


def rank(players: Sequence[str], totals: Mapping[str, int],
         tiebreak: Callable[[str], tuple] = lambda player: ()) -> dict[str, int]:
    """Competition ranks (1, 1, 3): higher total first, then higher tie-break key; still level = shared.

    >>> rank(["Ana", "Ben", "Cy"], {"Ana": 5, "Ben": 9, "Cy": 5})
    {'Ben': 1, 'Ana': 2, 'Cy': 2}
    """
    key = {p: (totals[p], *tiebreak(p)) for p in players}
    order = sorted(players, key=lambda p: key[p], reverse=True)  # sorted() is stable: table order among equals
    ranks: dict[str, int] = {}
    for place, player in enumerate(order, start=1):
        previous = order[place - 2] if place > 1 else None
        ranks[player] = ranks[previous] if previous and key[previous] == key[player] else place
    return ranks


def standings(players: Sequence[str], totals: Mapping[str, int], *,
              rounds: Mapping[str, Sequence[int]] | None = None,
              parts: Mapping[str, Mapping[str, int]] | None = None,
              tiebreak: Callable[[str], tuple] = lambda player: ()) -> tuple[Standing, ...]:
    """Standings sorted by rank, then by the order of `players` (the spec's order)."""
    ranks = rank(players, totals, tiebreak)
    ordered = sorted(players, key=lambda p: (ranks[p], players.index(p)))
    return tuple(Standing(p, ranks[p], totals[p], tuple((rounds or {}).get(p, ())), dict((parts or {}).get(p, {})))
                 for p in ordered)


# --- the common shape of a table file -------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """A table file after its common shape is checked: names trimmed, every round holding every player."""

    game: str
    variants: tuple[str, ...]
    players: tuple[str, ...]
    rounds: tuple[Mapping[str, Any], ...]
    final: Mapping[str, Any]
    extra: Mapping[str, Any]
    modules: tuple[str, ...] = ()


def is_int(value: Any) -> bool:
    # JSON integers only: bool is an int subclass in Python, and 3.0 is not an integer card.
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(value: Any, low: int, high: int | None = None, **where: Any) -> int:
    """An integer in [low, high], or InvalidInput naming where it came from."""
    span = f"{low}–{high}" if high is not None else f"{low} or more"
    if not is_int(value):
        raise InvalidInput(f"{value!r} is not a whole number (expected {span})", **where)
    if value < low or (high is not None and value > high):
        raise InvalidInput(f"{value} is out of range (expected {span})", **where)
    return value


def is_unsafe(char: str) -> bool:
    """A character that can drive a terminal or reorder the text around it: C0, DEL, C1, bidi overrides and isolates.

    >>> [is_unsafe(c) for c in ("\x1b", "\x7f", "\x9b", "\u202e", "\u2066", "\u200c", "\u200f", "é")]
    [True, True, True, True, True, False, False, False]
    """
    return char in BIDI_CONTROLS or unicodedata.category(char) == "Cc"


def text_problem(text: str, limit: int = TEXT_LIMIT) -> str | None:
    """Why a text cannot be kept (a control character, a bidi override, too long), or None."""
    for char in text:
        if is_unsafe(char):
            form = BIDI if char in BIDI_CONTROLS else CONTROL
            return form.format(text=repr(text) if len(text) <= limit else repr(text[:limit]) + "…", code=ord(char))
    if len(text) > limit:
        return TOO_LONG.format(text=repr(text[:limit]) + "…" if limit > NAME_LIMIT else repr(text), length=len(text),
                               limit=limit)
    return None


# While set, a session already stored is being scored: its texts are taken as they were stored (a database older
# than these rules may hold a name of 60 characters or an escape sequence), so that it stays readable; every screen
# prints such text escaped (scorepad.grid.safe). The rules hold wherever text comes in: table files and prompts.
_STORED = contextvars.ContextVar("stored", default=False)


@contextlib.contextmanager
def as_stored() -> Iterator[None]:
    """Score a stored session: the text rules are input rules, and its texts came in before them."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def check_text(text: str, limit: int = TEXT_LIMIT, **where: Any) -> str:
    """A text as given, or InvalidInput naming where it came from (the round, player and field)."""
    if _STORED.get():
        return text
    problem = text_problem(text, limit)
    if problem:
        raise InvalidInput(problem, **where)
    return text


def check_name(name: Any, others: Iterable[str] = ()) -> str:
    """One player's name, trimmed; `others` are the names already taken. The guided prompt calls this too.

    >>> check_name(" Zoë ")
    'Zoë'
    >>> check_name("ana", ["Ana"])
    Traceback (most recent call last):
    ...
    calculators.core.InvalidInput: players: 'ana' and 'Ana' are the same player (names ignore case)
    """
    if not isinstance(name, str):
        raise InvalidInput(f"{name!r} is not a name", field="players")
    trimmed = name.strip()
    if not trimmed:
        raise InvalidInput("empty name", field="players")
    check_text(trimmed, NAME_LIMIT, field="players")
    for other in others:
        if other == trimmed:
            raise InvalidInput(f"{trimmed!r} appears twice", field="players")
        if other.casefold() == trimmed.casefold():
            raise InvalidInput(f"{trimmed!r} and {other!r} are the same player (names ignore case)",
                               field="players")
    return trimmed


def check_players(names: Any, counts: Iterable[int]) -> tuple[str, ...]:
    """Trimmed, unique (also ignoring case), printable names of at most 40 characters, as many as the game takes."""
    counts = tuple(counts)
    if not isinstance(names, list) or not names:
        raise InvalidInput("must be a non-empty list of names", field="players")
    trimmed: list[str] = []
    for name in names:
        trimmed.append(check_name(name, trimmed))
    if len(trimmed) not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
        plural = "" if len(trimmed) == 1 else "s"
        raise InvalidInput(f"{len(trimmed)} player{plural}; this game takes {allowed}", field="players")
    return tuple(trimmed)


def check_variants(names: Any, known: Iterable[str]) -> tuple[str, ...]:
    """Known variant names in the table's order, each once."""
    return _known_names(names, known, "variant")


def check_modules(names: Any, known: Iterable[str]) -> tuple[str, ...]:
    """Known module names in the table's order, each once."""
    return _known_names(names, known, "module")


def _known_names(names: Any, known: Iterable[str], kind: str) -> tuple[str, ...]:
    """A table's list of variant or module names: each known to the game, kept in order, each once."""
    known = tuple(known)
    if names is None:
        return ()
    if not isinstance(names, list):
        raise InvalidInput(f"must be a list of {kind} names", field=f"{kind}s")
    seen: list[str] = []
    for name in names:
        if name not in known:
            choices = ", ".join(known) if known else "none"
            raise InvalidInput(f"unknown {kind} {name!r} (this game has: {choices})", field=f"{kind}s")
        if name not in seen:
            seen.append(name)
    return tuple(seen)


def check_date(value: Any) -> str:
    """An ISO 8601 date (`2026-11-29`) or date and time (`2026-11-29T20:15:00+01:00`) that exists."""
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
            return value
        except ValueError:
            pass
    raise InvalidInput(f"{value!r} is not an ISO 8601 date (e.g. 2026-11-29 or 2026-11-29T20:15:00+01:00)",
                       field="date")


def _by_player(mapping: Any, players: Sequence[str], what: str, round: int | None = None) -> dict[str, Any]:
    if not isinstance(mapping, dict):
        raise InvalidInput(f"must map each player's name to their {what}", round=round,
                           field=None if round else "final")
    found: dict[str, Any] = {}
    for name, value in mapping.items():
        key = name.strip() if isinstance(name, str) else name
        if key not in players:
            raise InvalidInput(f"unknown player {name!r} (players: {', '.join(players)})", round=round,
                               field=None if round else "final")
        if key in found:  # "Ana" and "Ana " trim to one name: which inputs would count is a guess
            raise InvalidInput(f"{name!r} appears twice", round=round, field=None if round else "final")
        if not isinstance(value, dict):
            raise InvalidInput(f"{what} must be an object", round=round, player=key)
        found[key] = value
    return found


def check_table(table: Any, *, game: str, players: Iterable[int], variants: Iterable[str],
                rounds: range, extra_keys: Iterable[str] = (), final: bool = False,
                modules: Iterable[str] = ()) -> Table:
    """The checks every game shares; the game's own module checks what is inside each player's inputs."""
    if not isinstance(table, dict):
        raise InvalidInput("a table file must be a JSON object")
    extra_keys = tuple(extra_keys)
    for key in table:
        if key not in COMMON_KEYS + extra_keys:
            raise InvalidInput(f"unknown top-level key {key!r}", field=str(key))
    if table.get("game") != game:
        raise InvalidInput(f"expected {game!r}, got {table.get('game')!r}", field="game")
    names = check_players(table.get("players"), players)
    chosen = check_variants(table.get("variants", []), variants)
    chosen_modules = check_modules(table.get("modules", []), modules)
    if "date" in table:
        check_date(table["date"])
    raw_rounds = table.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise InvalidInput("must be a list of rounds", field="rounds")
    if len(raw_rounds) not in rounds:
        span = f"{rounds.start} or more" if rounds.stop > 99 else f"{rounds.start}–{rounds.stop - 1}"
        raise InvalidInput(f"{len(raw_rounds)} rounds; this game takes {span}", field="rounds")
    checked_rounds = []
    for number, entry in enumerate(raw_rounds, start=1):
        inputs = _by_player(entry, names, "inputs", round=number)
        for name in names:
            if name not in inputs:
                raise InvalidInput("missing from this round", round=number, player=name)
        checked_rounds.append(inputs)
    if "final" in table and not final:
        raise InvalidInput("this game has no final inputs", field="final")
    checked_final = _by_player(table.get("final", {}), names, "final inputs")
    return Table(game, chosen, names, tuple(checked_rounds), checked_final,
                 {k: table[k] for k in extra_keys if k in table}, chosen_modules)


def unknown_keys(inputs: Mapping[str, Any], allowed: Iterable[str], **where: Any) -> None:
    """Typos must not silently score 0: any key the game does not know is an error."""
    allowed = tuple(allowed)
    for key in inputs:
        if key not in allowed:
            raise InvalidInput(f"unknown field {key!r} (expected: {', '.join(allowed)})", **where)
