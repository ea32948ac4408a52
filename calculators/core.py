"""What every game's scoring shares: input errors that say where they are, the table's common shape, standings and ranks."""

from __future__ import annotations

import contextlib
import contextvars
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
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
# What an error quotes of a text it was given: a whole name, even one a little too long or from an older database,
# and the start of anything longer (a key of a million characters made a 2 MB error line).
EXCERPT = 60
# ISO 8601 as the spec writes it: a date, or a date and time with an optional offset.
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?", re.ASCII)
# The years a date may fall in, in UTC too (Python's datetime ends at 9999; an offset past it cannot be converted).
# The oldest game scored here, Lost Cities, was published in 1999: an earlier year is a typing slip, or a day
# of another calendar (1405-09-10 in the Persian one), as `stats --since` says.
EARLIEST_YEAR, LATEST_YEAR = 1900, 9999


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
        where = [f"{k}={v!r}" for k, v in phrase.values.items() if k not in ("message", "game") and v is not None]
        return " ".join(where) + ": " + phrase.values["message"] if where else phrase.values["message"]
    values = ", ".join(f"{k}={v!r}" for k, v in phrase.values.items())
    return f"{phrase.code}({values})" if values else phrase.code


_words: Callable[[Phrase], str] = _unworded
PHRASE_CODE = r"[a-z0-9-]+(\.[a-z0-9-]+)+"  # compiled by re when an error is first worded


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
        self.values = {key: excerpt(value) for key, value in values.items()}
        self.round = round
        self.player = player
        self.field = field
        # The game whose table this is (its slug), stamped by scorepad where it scores one (Game.naming_fields),
        # so that the error names its field as the game labels it; the calculators leave it None.
        self.game: str | None = None
        super().__init__(code)

    @property
    def phrase(self) -> Phrase:
        return Phrase(self.code, self.values)

    @property
    def message(self) -> str:
        """What is wrong, worded, without where it is."""
        return say(self.phrase) if re.fullmatch(PHRASE_CODE, self.code) else self.code

    def __str__(self) -> str:
        # Where it is, worded the same way as the message (scorepad/words.py: the "error.where" phrase).
        return say(Phrase("error.where", {"round": self.round, "player": self.player, "field": self.field,
                                          "game": self.game, "message": self.message}))


def excerpt(value: Any, limit: int = EXCERPT) -> Any:
    """What an error quotes of a value it was given: a text longer than `limit` cut there and marked with …, and
    so each text of a list; anything else as it is.

    >>> excerpt("x" * 100_000, 10), excerpt(["Ana", "y" * 50], 10), excerpt(7), excerpt("Ana")
    ('xxxxxxxxxx…', ['Ana', 'yyyyyyyyyy…'], 7, 'Ana')
    """
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + "…"
    if isinstance(value, (list, tuple)) and any(isinstance(item, str) and len(item) > limit for item in value):
        return type(value)(excerpt(item, limit) for item in value)
    return value


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
    """An integer in [low, high] (None: no upper bound), or InvalidInput naming where it came from.

    >>> try: require_int("3", 0, 9)
    ... except InvalidInput as error: error.code, error.values
    ('number.not-whole', {'value': '3', 'low': 0, 'high': 9})
    """
    if not is_int(value):
        raise InvalidInput("number.not-whole", value=value, low=low, high=high, **where)
    if value < low or (high is not None and value > high):
        raise InvalidInput("number.out-of-range", value=value, low=low, high=high, **where)
    return value


def is_unsafe(char: str) -> bool:
    """A character that can drive a terminal or reorder the text around it: C0, DEL, C1, bidi overrides and isolates.

    >>> [is_unsafe(c) for c in ("\x1b", "\x7f", "\x9b", "\u202e", "\u2066", "\u200c", "\u200f", "é")]
    [True, True, True, True, True, False, False, False]
    """
    return char in BIDI_CONTROLS or unicodedata.category(char) == "Cc"


def text_problem(text: str, limit: int = TEXT_LIMIT) -> Phrase | None:
    """Why a text cannot be kept, or None: `text.control`, `text.bidi` (a control character or a bidi override at
    `code`, its code point) or `text.too-long` (`length` characters, at most `limit`). `text` is the text as an
    error shows it: cut at `limit` characters (`cut` says so), or whole for a name too long (a name is short).

    >>> text_problem("Ana\\x1b[2J")
    Phrase(code='text.control', values={'text': 'Ana\\x1b[2J', 'cut': False, 'code': 27})
    >>> text_problem("x" * 41, 40).values["length"], text_problem("Ana") is None
    (41, True)
    """
    for char in text:
        if is_unsafe(char):
            code = "text.bidi" if char in BIDI_CONTROLS else "text.control"
            return Phrase(code, {"text": text[:limit], "cut": len(text) > limit, "code": ord(char)})
    if len(text) > limit:
        cut = limit > NAME_LIMIT
        return Phrase("text.too-long", {"text": text[:limit] if cut else text, "cut": cut, "length": len(text),
                                        "limit": limit})
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
        raise InvalidInput(problem.code, **problem.values, **where)
    return text


def check_name(name: Any, others: Iterable[str] = ()) -> str:
    """One player's name, trimmed and normalised (`normal_name`); `others` are the names already taken, and a name
    the same as one of them once normalised, or but for case, is refused. The guided prompt calls this too.

    >>> check_name(" Zoë ")
    'Zoë'
    >>> check_name("ana", ["Ana"])
    Traceback (most recent call last):
    ...
    calculators.core.InvalidInput: players: 'ana' and 'Ana' are the same player (names ignore case)
    >>> check_name("Ana\u200b", ["Ana"])
    Traceback (most recent call last):
    ...
    calculators.core.InvalidInput: players: 'Ana' appears twice
    """
    if not isinstance(name, str):
        raise InvalidInput("name.not-text", value=name, field="players")
    if not name.strip():
        raise InvalidInput("name.empty", field="players")
    trimmed = player_name(name)
    check_text(trimmed, NAME_LIMIT, field="players")
    if not _STORED.get() and not any(_visible(char) for char in trimmed):
        raise InvalidInput("name.invisible", field="players")
    for other in others:
        if player_name(other) == trimmed:  # an older session's `Ana\u200b` is this `Ana`
            raise InvalidInput("name.twice", name=trimmed, field="players")
        if other.casefold() == trimmed.casefold() or player_name(other).casefold() == trimmed.casefold():
            raise InvalidInput("name.same-player", name=trimmed, other=other, field="players")
    return trimmed


def player_name(text: str) -> str:
    """A name as a table or a prompt gives it, the way it is compared and stored: trimmed and `normal_name`d. A
    stored session's names are taken as they were stored (as_stored), so that an older one reads as before.

    >>> player_name(" Ana\u200b "), player_name("Zoe\u0308") == "Zoë"
    ('Ana', True)
    """
    return text.strip() if _STORED.get() else normal_name(text.strip()).strip()


# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt, which unicodedata does not expose), less the
# bidi overrides and isolates, which a name may not hold at all (text_problem refuses them).
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x2060, 0x2065), (0x206A, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
ZWNJ, ZWJ = "\u200c", "\u200d"
# Arabic letters that join only the letter before them (Joining_Type R) or none (U): a ZWNJ after one of them
# changes nothing. Every other letter of the Arabic, Syriac and N'Ko blocks joins both ways (D) or is taken so.
_JOINS_BEFORE_ONLY = frozenset("\u0621\u0622\u0623\u0624\u0625\u0627\u0629\u062f\u0630\u0631\u0632\u0648"
                               "\u0671\u0672\u0673\u0674\u0675\u0676\u0677\u06c0\u06c3\u06c4\u06c5\u06c6"
                               "\u06c7\u06c8\u06c9\u06ca\u06cb\u06cd\u06cf\u06d2\u06d3\u06d5\u06ee\u06ef"
                               + "".join(map(chr, range(0x0688, 0x069A))))
_JOINING_SCRIPTS = ((0x0620, 0x06FF), (0x0710, 0x074F), (0x0750, 0x077F), (0x07C0, 0x07FF), (0x0860, 0x086F),
                    (0x08A0, 0x08FF))


def _within(char: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in ranges)


def _joining(char: str | None) -> bool:
    return char is not None and unicodedata.category(char) == "Lo" and _within(char, _JOINING_SCRIPTS)


def _neighbour(text: str, at: int, step: int) -> str | None:
    """The character before (`step` -1) or after (+1) position `at`, skipping combining marks (they are
    transparent to joining), or None at either end."""
    at += step
    while 0 <= at < len(text) and unicodedata.category(text[at]) in ("Mn", "Me"):
        at += step
    return text[at] if 0 <= at < len(text) else None


def _changes_something(text: str, at: int) -> bool:
    """Whether the default-ignorable character at `at` changes how `text` looks, as Unicode's identifier guidance
    (UAX #31, A1, A2 and B) allows them: a ZWNJ between two letters that would join (می‌خواهم) or after a virama;
    a ZWJ after a virama or inside an emoji sequence (👩‍💻); a variation selector after a symbol or an ideograph,
    a Mongolian one after a Mongolian letter; the tags of a flag (🏴 and its tags)."""
    char, before = text[at], text[at - 1] if at else None
    if char in (ZWNJ, ZWJ) and before is not None and unicodedata.combining(before) == 9:  # a virama
        return True
    if char == ZWNJ:
        previous, following = _neighbour(text, at, -1), _neighbour(text, at, 1)
        return _joining(previous) and previous not in _JOINS_BEFORE_ONLY and _joining(following) \
            and following != "\u0621"
    if char == ZWJ:
        following = text[at + 1] if at + 1 < len(text) else None
        return before is not None and following is not None and unicodedata.category(following) == "So" \
            and (unicodedata.category(before) in ("So", "Sk") or before == "\ufe0f")
    if before is None:
        return False
    code = ord(char)
    if 0xFE00 <= code <= 0xFE0F:  # text or emoji presentation of a symbol, a keycap's digit
        return unicodedata.category(before) in ("So", "Sm", "Nd") or before in "#*"
    if 0xE0100 <= code <= 0xE01EF:  # an ideographic variation sequence
        return unicodedata.name(before, "").startswith("CJK")
    if 0x180B <= code <= 0x180F and code != 0x180E:
        return 0x1820 <= ord(before) <= 0x18AF
    if 0xE0020 <= code <= 0xE007F:  # a flag's tags: a run of them right after the black flag
        start = at
        while start and 0xE0020 <= ord(text[start - 1]) <= 0xE007F:
            start -= 1
        return start > 0 and text[start - 1] == "\U0001f3f4"
    return False


def normal_name(text: str) -> str:
    """`text` as a name is compared and stored: in Unicode's composed form (NFC: `e` + U+0301 is `é`), without the
    invisible characters that change nothing (a zero-width space, a soft hyphen, a byte order mark, LRM and RLM,
    a ZWNJ where no letters would join), so that two names that look the same are the same name.

    >>> [normal_name(n) for n in ("Ana\u200b", "A\u00adna", "Ana\ufeff", "Ana\u200d", "Ana\u200e", "\u3164")]
    ['Ana', 'Ana', 'Ana', 'Ana', 'Ana', '']
    >>> persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # می‌خواهم: the ZWNJ keeps two letters apart
    >>> normal_name(persian) == persian
    True
    >>> normal_name("\u062f\u200c\u0627")  # after د, which never joins the next letter, the ZWNJ does nothing
    'دا'
    """
    if text.isascii():  # nothing to compose, nothing invisible: most names, at C speed
        return text
    text = unicodedata.normalize("NFC", text)
    kept = [char for at, char in enumerate(text) if not _within(char, _IGNORABLE) or _changes_something(text, at)]
    return unicodedata.normalize("NFC", "".join(kept))


def _visible(char: str) -> bool:
    """A character that shows something (a letter, a mark, a digit, a sign; an unassigned or private one shows as a
    box): not a space or a separator, a control or an invisible format character, the blank Braille pattern."""
    return unicodedata.category(char) not in ("Zs", "Zl", "Zp", "Cc", "Cf") and char != "\u2800"


def check_players(names: Any, counts: Iterable[int]) -> tuple[str, ...]:
    """Trimmed, unique (also ignoring case), printable names of at most 40 characters, as many as the game takes."""
    counts = tuple(counts)
    if not isinstance(names, list) or not names:
        raise InvalidInput("players.not-a-list", field="players")
    trimmed: list[str] = []
    for name in names:
        trimmed.append(check_name(name, trimmed))
    if len(trimmed) not in counts:
        raise InvalidInput("players.count", count=len(trimmed), low=counts[0], high=counts[-1], field="players")
    return tuple(trimmed)


def check_variants(names: Any, known: Iterable[str]) -> tuple[str, ...]:
    """Known variant names in the table's order, each once."""
    return _known_names(names, known, "variants", "variants.not-a-list", "variants.unknown")


def check_modules(names: Any, known: Iterable[str]) -> tuple[str, ...]:
    """Known module names in the table's order, each once."""
    return _known_names(names, known, "modules", "modules.not-a-list", "modules.unknown")


def _known_names(names: Any, known: Iterable[str], key: str, not_a_list: str, unknown: str) -> tuple[str, ...]:
    """A table's list of variant or module names (`key`: the table file's key): each known to the game, kept in
    order, each once; refused with the codes given."""
    known = tuple(known)
    if names is None:
        return ()
    if not isinstance(names, list):
        raise InvalidInput(not_a_list, field=key)
    seen: list[str] = []
    for name in names:
        if name not in known:
            raise InvalidInput(unknown, name=name, known=list(known), field=key)
        if name not in seen:
            seen.append(name)
    return tuple(seen)


def check_date(value: Any) -> str:
    """An ISO 8601 date (`2026-11-29`) or date and time (`2026-11-29T20:15:00+01:00`) that exists, from the year
    EARLIEST_YEAR to LATEST_YEAR (its moment in UTC too)."""
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            moment = None
        if moment is not None:
            try:
                utc = moment.astimezone(timezone.utc) if moment.tzinfo is not None else moment
            except OverflowError:  # 9999-12-31T23:59-01:00 is a moment of the year 10000
                utc = None
            if utc is not None and min(moment.year, utc.year) >= EARLIEST_YEAR:  # (datetime ends at LATEST_YEAR)
                return value
            raise InvalidInput("date.out-of-range", value=value, earliest=EARLIEST_YEAR, latest=LATEST_YEAR,
                               field="date")
    raise InvalidInput("date.not-iso", value=value, field="date")


def _by_player(mapping: Any, players: Sequence[str], round: int | None = None) -> dict[str, Any]:
    """A round's inputs (`round` given) or the final inputs, by player; refused as `table.round-not-by-player`,
    `table.unknown-player`, `table.player-twice` or `table.inputs-not-object` (`table.final-…` for the final)."""
    if not isinstance(mapping, dict):
        raise InvalidInput("table.round-not-by-player" if round else "table.final-not-by-player", round=round,
                           field=None if round else "final")
    found: dict[str, Any] = {}
    for name, value in mapping.items():
        key = player_name(name) if isinstance(name, str) else name
        if key not in players:
            raise InvalidInput("table.unknown-player", name=name, players=list(players), round=round,
                               field=None if round else "final")
        if key in found:  # "Ana" and "Ana " trim to one name: which inputs would count is a guess
            raise InvalidInput("table.player-twice", name=name, round=round, field=None if round else "final")
        if not isinstance(value, dict):
            raise InvalidInput("table.round-inputs-not-object" if round else "table.final-inputs-not-object",
                               round=round, player=key)
        found[key] = value
    return found


def check_table(table: Any, *, game: str, players: Iterable[int], variants: Iterable[str],
                rounds: range, extra_keys: Iterable[str] = (), final: bool = False,
                modules: Iterable[str] = ()) -> Table:
    """The checks every game shares; the game's own module checks what is inside each player's inputs."""
    if not isinstance(table, dict):
        raise InvalidInput("table.not-object")
    extra_keys = tuple(extra_keys)
    for key in table:
        if key not in COMMON_KEYS + extra_keys:
            raise InvalidInput("table.unknown-key", key=key, field=str(key))
    if table.get("game") != game:
        raise InvalidInput("table.wrong-game", expected=game, got=table.get("game"), field="game")
    names = check_players(table.get("players"), players)
    chosen = check_variants(table.get("variants", []), variants)
    chosen_modules = check_modules(table.get("modules", []), modules)
    if "date" in table:
        check_date(table["date"])
    raw_rounds = table.get("rounds", [])
    if not isinstance(raw_rounds, list):
        raise InvalidInput("table.rounds-not-a-list", field="rounds")
    if len(raw_rounds) not in rounds:
        raise InvalidInput("table.rounds-count", count=len(raw_rounds), low=rounds.start,
                           high=None if rounds.stop > 99 else rounds.stop - 1, field="rounds")
    checked_rounds = []
    for number, entry in enumerate(raw_rounds, start=1):
        inputs = _by_player(entry, names, round=number)
        for name in names:
            if name not in inputs:
                raise InvalidInput("table.missing-player", round=number, player=name)
        checked_rounds.append(inputs)
    if "final" in table and not final:
        raise InvalidInput("table.no-final", field="final")
    checked_final = _by_player(table.get("final", {}), names)
    return Table(game, chosen, names, tuple(checked_rounds), checked_final,
                 {k: table[k] for k in extra_keys if k in table}, chosen_modules)


def unknown_keys(inputs: Mapping[str, Any], allowed: Iterable[str], **where: Any) -> None:
    """Typos must not silently score 0: any key the game does not know is an error."""
    allowed = tuple(allowed)
    for key in inputs:
        if key not in allowed:
            raise InvalidInput("table.unknown-field", key=key, allowed=list(allowed), **where)
