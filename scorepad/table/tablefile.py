"""Table files as JSON: reading one, a JSON array of them, or JSON Lines; and the checks every value must pass
before it is stored or printed (shared/spec/table-format.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from calculators.core import TEXT_LIMIT, InvalidInput, check_text, is_int
from scorepad.errors import TableFileError
from scorepad.files import LARGEST_TABLE_FILE, read_limited
from scorepad.grid import json_text
from scorepad.i18n import N_, _

# The database's JSON library (orjson) writes integers of at most 64 bits and reads a larger one back
# as a float: a number beyond this could not be kept, so a table holding one is refused everywhere.
LARGEST = 2**63 - 1
TOO_LARGE = N_("a {digits}-digit number is too large to keep (the largest is {largest})")
# JSON may escape half of a UTF-16 pair ("\ud800"); such a string can be neither printed nor stored.
NOT_TEXT = N_("{text} is not valid Unicode text (a lone surrogate)")
# Table files that cannot be read ({path}: the file as given; {reason}: the system's words, e.g. "Permission denied").
EMPTY_LIST = N_("{path}: an empty list, no table in it")
NO_SUCH_FILE = N_("{path}: no such file")
CANNOT_READ = N_("{path}: cannot read it ({reason})")
# TRANSLATORS: {reason} is Python's own words (in English), e.g. "Exceeds the limit (4300 digits)".
NOT_READABLE_JSON = N_("{path}: cannot read it as JSON ({reason})")
# TRANSLATORS: {reason} is the JSON reader's own words (in English), e.g. "Expecting value".
NOT_JSON = N_("{path}: not valid JSON ({reason}, line {line}, column {column})")
# TRANSLATORS: where a table is in a JSON Lines file: the file's path and the line's number.
FILE_LINE = N_("{path} line {number}")
# TRANSLATORS: where a table is in a file holding several: "item 3" of a JSON array, "line 3" of JSON Lines.
ITEM = N_("item {number}")
LINE = N_("line {number}")
# JSON lets an object name a key twice and Python's reader keeps the last: a player's cards would vanish unseen.
KEY_TWICE = N_("the key {key!r} is given twice in one object: which of its values counts would be a guess")
# TRANSLATORS: {path} is a table file (and where in it: "item 3", "line 3"); {problem}: what is wrong there.
IN_TABLE = N_("{path}: {problem}")
# A file of another kind, said as such (it was "game: missing or not a game name"): what it is, and what scorepad
# reads. TRANSLATORS: `scorepad export` and `export --all` are commands: keep them; BG Stats is the app's name.
BGSTATS_FILE = N_("{path} is a BG Stats backup, not a table file: scorepad reads table files (what `scorepad "
                  "export` writes), a JSON array of them, or JSON Lines (what `export --all` writes)")
CSV_FILE = N_("{path} is a CSV file, not a table file: scorepad reads table files (what `scorepad export` writes), "
              "a JSON array of them, or JSON Lines (what `export --all` writes)")
BGSTATS_KEYS = ("games", "players", "plays")  # the app's own backup and `export --format bgstats` alike


def load_table_file(path: Path) -> dict[str, Any]:
    """Read a table file; one clear line if it cannot be read or is not JSON."""
    text = _read(path)
    return _not_bgstats(_parse(text, path, csv=_csv(text)), path)


def _csv(text: str) -> bool:
    """Whether a text that is not JSON looks like a CSV file: its first line holds commas and no JSON opens it."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return "," in first and not first.lstrip().startswith(("{", "["))


def _not_bgstats(value: Any, path: Path) -> Any:
    """`value`, unless it is a BG Stats backup (its games, players and plays, and no game of ours)."""
    if isinstance(value, dict) and "game" not in value and all(key in value for key in BGSTATS_KEYS):
        raise TableFileError(_(BGSTATS_FILE).format(path=path))
    return value


def load_table_files(path: Path) -> Iterator[tuple[str | None, Any]]:
    """Every table a file holds, each with where it is: a table file (None), a JSON array of them ("item N")
    or JSON Lines ("line N", blank lines skipped). JSON Lines are read a line at a time, as they are used."""
    text = _read(path)
    try:
        whole = _not_bgstats(_loads(text, path), path)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":  # more than one JSON value: JSON Lines
            raise TableFileError(_(CSV_FILE).format(path=path)) if _csv(text) else _not_json(path, error) from None
        return _lines(text, path)
    except (ValueError, RecursionError):
        return iter([(None, _parse(text, path))])  # the same words as for one table file
    if isinstance(whole, list):
        if not whole:
            raise TableFileError(_(EMPTY_LIST).format(path=path))
        return ((_(ITEM).format(number=number), table) for number, table in enumerate(whole, start=1))
    return iter([(None, whole)])


def _lines(text: str, path: Path) -> Iterator[tuple[str, Any]]:
    # Lines end at "\n" alone (JSON Lines): str.splitlines() would also cut at U+2028 inside a name.
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            yield _(LINE).format(number=number), _parse(line, _(FILE_LINE).format(path=path, number=number))


def json_line(table: Any) -> str:
    """One line of JSON Lines, its "\n" included. U+2028 and U+2029 (which a name may hold) are escaped: JSON
    allows them raw, but a reader that splits lines as Python's str.splitlines() does would cut the line there."""
    return json_text(table).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + "\n"


def _read(path: Path) -> str:
    try:  # a BOM (Windows Notepad) is not an error (RFC 8259 §8.1)
        return read_limited(path, LARGEST_TABLE_FILE).decode("utf-8-sig")
    except FileNotFoundError:
        raise TableFileError(_(NO_SUCH_FILE).format(path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise TableFileError(_(CANNOT_READ).format(path=path, reason=getattr(error, "strerror", None) or error)) \
            from None


class _Twice(dict):
    """An object that named `key` twice, as parsed (its last value kept), until where it is can be said."""

    key: str


def _loads(text: str, where: Any) -> Any:
    """json.loads, refusing an object that names a key twice (TableFileError, saying where the object is)."""
    twice: list[_Twice] = []

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) == len(pairs):
            return found
        seen: set[str] = set()
        marked = _Twice(found)
        marked.key = next(key for key, _value in pairs if key in seen or seen.add(key))
        twice.append(marked)
        return marked

    value = json.loads(text, object_pairs_hook=unique)
    if twice:
        at, key = _first_twice(value)
        if at and isinstance(at[0], int):  # an item of a JSON array of tables
            where, at = f"{where} {_(ITEM).format(number=at[0] + 1)}", at[1:]
        problem = InvalidInput(_(KEY_TWICE).format(key=key), **place((*at, key)))
        raise TableFileError(_(IN_TABLE).format(path=where, problem=problem))
    return value


def _first_twice(value: Any) -> tuple[tuple, str]:
    """The place of the first object (in the file's order) that named a key twice, and that key."""
    todo: list[tuple[tuple, Any]] = [((), value)]
    while todo:
        at, item = todo.pop()
        if isinstance(item, _Twice):
            return at, item.key
        items = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        todo.extend(((*at, key), inner) for key, inner in reversed(list(items)))
    raise AssertionError("no object named a key twice")  # pragma: no cover - _loads saw one


def _parse(text: str, where: Any, csv: bool = False) -> Any:
    try:
        return _loads(text, where)
    except json.JSONDecodeError as error:
        raise TableFileError(_(CSV_FILE).format(path=where)) if csv else _not_json(where, error) from None
    except (ValueError, RecursionError) as error:  # a number of 4,300+ digits; nesting deeper than Python's stack
        raise TableFileError(_(NOT_READABLE_JSON).format(path=where, reason=str(error).split(":")[0])) from None


def _not_json(where: Any, error: json.JSONDecodeError) -> TableFileError:
    return TableFileError(_(NOT_JSON).format(path=where, reason=error.msg, line=error.lineno, column=error.colno))


def check_storable(value: Any) -> None:
    """Refuse an integer or a string the database could not keep, or a text that could drive the terminal where
    it is printed (a control character, a bidi override) or that is longer than any the games take, naming where
    it is (as the calculators do). Table files, the prompts and `edit` all pass through here."""
    if _plainly_storable(value):  # nearly every table: walked once without keeping paths (a 10,000-table import)
        return
    todo: list[tuple[tuple, Any]] = [((), value)]  # a loop, not recursion: a file may nest deeper than the stack
    while todo:
        at, value = todo.pop()
        if is_int(value) and not -LARGEST - 1 <= value <= LARGEST:
            raise InvalidInput(_(TOO_LARGE).format(digits=len(str(abs(value))), largest=LARGEST), **place(at))
        for text in [value] if isinstance(value, str) else value if isinstance(value, dict) else ():
            if isinstance(text, str) and not _is_unicode(text):
                raise InvalidInput(_(NOT_TEXT).format(text=ascii(text)), **place(at))
            if isinstance(text, str):  # a name, note or key: nothing that drives the terminal, no page of text
                check_text(text, **place(at))
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        todo.extend(((*at, key), item) for key, item in reversed(list(items)))


def _plainly_storable(value: Any) -> bool:
    """True when check_storable could refuse nothing in `value`: whole numbers of 64 bits, ASCII text without a
    control character and within the length every text is held to, lists and objects of those. Anything else
    (False) is walked again by check_storable, which names where it is, or lets it through as before."""
    todo = [value]
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is str:
            if not (item.isascii() and item.isprintable() and len(item) <= TEXT_LIMIT):
                return False
        elif kind is int:
            if not -LARGEST - 1 <= item <= LARGEST:
                return False
        elif kind is dict:
            if not all(type(key) is str and key.isascii() and key.isprintable() and len(key) <= TEXT_LIMIT
                       for key in item):
                return False
            todo.extend(item.values())
        elif kind is list:
            todo.extend(item)
        elif not (item is None or kind is bool or kind is float):
            return False
    return True


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def place(at: tuple) -> dict[str, Any]:
    """A path in a table file as the round, player and field an error names (items counted from 1)."""
    def field(keys: tuple) -> str | None:
        return " ".join(str(k + 1) if isinstance(k, int) else str(k) for k in keys) or None

    if len(at) >= 2 and at[0] == "rounds":
        return {"round": at[1] + 1, "player": str(at[2]).strip() if len(at) > 2 else None, "field": field(at[3:])}
    if len(at) >= 2 and at[0] == "final":
        return {"player": str(at[1]).strip(), "field": field(at[2:])}
    return {"field": field(at)}
