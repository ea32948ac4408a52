"""A game at the table as stored: the entry log, the table file built from it, undo, and table-file I/O.

A session document holds the game, players, variants and planned rounds, and `entries`: every
answer in the order it was given, each with the path it fills in the table file
(shared/spec/table-format.md). The table file is built from the entries, never stored beside them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from calculators.core import COMMON_KEYS, InvalidInput, Result, check_players, check_variants, is_int
from scorepad.errors import ScorepadError, StoreError, TableFileError
from scorepad.games import by_slug
from scorepad.games.base import Ask, Game

PLAYING, FINISHED = "playing", "finished"
SETUP = "setup"  # entries under this path are the session's own notes (e.g. who is oldest)
# A session made by `import`: its answers are a table file's, not a guided game's, so they cannot be
# taken back one by one (the guided game would start again at its setup, and a missing field counts as
# an unanswered question: the table would no longer score).
IMPORTED = "imported"
# The database's JSON library (orjson) writes integers of at most 64 bits and reads a larger one back
# as a float: a number beyond this could not be kept, so a table holding one is refused everywhere.
LARGEST = 2**63 - 1
TOO_LARGE = "a {digits}-digit number is too large to keep (the largest is {largest})"
# JSON may escape half of a UTF-16 pair ("\ud800"); such a string can be neither printed nor stored.
NOT_TEXT = "{text} is not valid Unicode text (a lone surrogate)"


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


class Session:
    """A read-only view of a session document, with what the table and the play loop derive from it."""

    def __init__(self, doc: dict[str, Any], id: int | None = None) -> None:
        self.doc = doc
        self.id = id
        try:  # a hand-edited database must give one clear line, not a traceback
            self.game: Game = by_slug(doc["game"])
            self.players: list[str] = [str(p) for p in doc["players"]]
            self.variants: list[str] = list(doc.get("variants", []))
            self.rounds_planned: int = int(doc.get("rounds_planned") or 0)
            self.modules: list[str] = [str(m) for m in doc.get("modules", [])]
            self.seed: int = int(doc.get("seed", 0))  # every random draw of the game derives from it
            self.answers: dict[tuple, Any] = {tuple(e["at"]): e["value"] for e in doc.get("entries", [])}
        except (KeyError, TypeError, ValueError, InvalidInput) as error:
            raise StoreError(f"session {id} in the database is damaged ({type(error).__name__}: {error})") from None

    @property
    def finished(self) -> bool:
        return self.doc.get("status") == FINISHED

    def get(self, *at: Any, default: Any = None) -> Any:
        return self.answers.get(tuple(at), default)

    def asks(self) -> list[Ask]:
        return [step for step in self.game.steps(self) if isinstance(step, Ask)]

    def next_ask(self) -> Ask | None:
        """The first question not answered yet: where a resumed game picks up."""
        return next((ask for ask in self.asks() if ask.at not in self.answers), None)

    def complete_rounds(self) -> int:
        """Rounds whose every question is answered, counted from the first (all recorded ones once finished)."""
        if self.finished:
            return max((at[1] + 1 for at in self.answers if at[0] == "rounds"), default=0)
        done = 0
        while True:
            asks = [a for a in self.asks() if a.at[:2] == ("rounds", done)]
            if not asks or any(a.at not in self.answers for a in asks):
                return done
            done += 1

    def scorable(self) -> bool:
        """Something to score: a complete round, or (a game without rounds) the finished reckoning."""
        if self.game.default_rounds is None:
            return self.finished
        return self.complete_rounds() > 0

    def table(self, rounds: int | None = None) -> dict[str, Any]:
        """The table file of this session: the first `rounds` rounds (default: the complete ones)."""
        count = self.complete_rounds() if rounds is None else rounds
        table: dict[str, Any] = {"game": self.game.slug, "variants": list(self.variants),
                                 "players": list(self.players),
                                 "rounds": [{p: {} for p in self.players} for _ in range(count)]}
        if self.modules:  # they change what a table scores (Next Station: London objectives, the solo rating)
            table["modules"] = list(self.modules)
        listed: dict[str, list[tuple[int, Any]]] = {}
        for at, value in self.answers.items():
            if at[0] == "rounds" and at[1] < count:
                table["rounds"][at[1]][at[2]][at[3]] = value
            elif at[0] == "final":
                table.setdefault("final", {p: {} for p in self.players})[at[1]][at[2]] = value
            elif at[0] not in ("rounds", SETUP) and len(at) == 2:  # an item of a game's own list, e.g. a trade
                # None: "no more items" (e.g. the year's trading is done). The table of the first `rounds`
                # rounds leaves out items of later rounds: a trade recorded in a round not yet complete.
                if value is None or (rounds is not None and _round_of(value) > count):
                    continue
                listed.setdefault(at[0], []).append((at[1], value))
            elif at[0] not in ("rounds", SETUP):  # a game's own top-level key
                table[at[0]] = value
        for key, items in listed.items():
            table[key] = [value for _, value in sorted(items, key=lambda item: item[0])]
        return table

    def score(self, rounds: int | None = None) -> Result:
        return self.game.score(self.table(rounds))


def _round_of(item: Any) -> int:
    """The 1-based round a list item belongs to (e.g. a trade's "round"), or 0 when it names none."""
    number = item.get("round") if isinstance(item, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else 0


# --- changes to a session document (each runs inside one locked store update) ----------------------

def check_options(game: Game, variants: Iterable[str], rounds: int | None,
                  modules: Iterable[str] = (), drawn: Mapping[str, Sequence[str]] | None = None) -> tuple[str, ...]:
    """The variants, round count, modules and cards the table drew (`drawn`, e.g. {"objectives": [...]})
    asked for, refused as the table file or the setup question would refuse them."""
    chosen = check_variants(list(variants), game.variants)
    modules = list(modules)
    for module in modules:
        if module not in game.modules:
            known = ", ".join(game.modules) or "none"
            raise InvalidInput(f"unknown module {module!r} for {game.title} (modules: {known})", field="module")
    if drawn and game.preset is None:
        raise InvalidInput(f"{game.title} has no {' or '.join(drawn)} cards to name", field=next(iter(drawn)))
    if drawn:
        game.preset(drawn, modules)
    if rounds is not None and game.default_rounds is None:
        raise InvalidInput(f"{game.title} has no rounds: leave out --rounds", field="rounds")
    limit = game.round_limit(chosen)
    if rounds is not None and (rounds < 1 or (limit and rounds > limit)):
        top = f"1–{limit}" if limit else "1 or more"
        rules = f" with {', '.join(chosen)}" if limit != game.max_rounds else ""
        raise InvalidInput(f"{rounds} rounds; {game.title}{rules} takes {top}", field="rounds")
    return chosen


def new_doc(game: Game, players: Iterable[str], variants: Iterable[str], rounds: int | None,
            modules: Iterable[str] = (), seed: int | None = None,
            drawn: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """A fresh session document, refusing what the table file would refuse; `drawn`: see check_options."""
    modules = list(dict.fromkeys(modules))
    chosen = check_options(game, variants, rounds, modules, drawn)
    names = check_players(list(players), game.players)
    stamp = now()
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return {"game": game.slug, "variants": list(chosen), "players": list(names),
            "rounds_planned": rounds or planned_rounds(game, chosen), "modules": modules, "seed": seed,
            "status": PLAYING, "created": stamp, "updated": stamp,
            "entries": [{"at": list(at), "value": value} for at, value in
                        (game.preset(drawn, modules) if drawn and game.preset else [])]}


def planned_rounds(game: Game, variants: tuple[str, ...]) -> int | None:
    if game.default_rounds is None:
        return None
    limit = game.round_limit(variants)
    return min(game.default_rounds, limit) if limit else game.default_rounds


def record(doc: dict[str, Any], at: tuple, value: Any) -> None:
    """Store one answer; a second answer to the same question replaces the first."""
    doc["entries"] = [e for e in doc["entries"] if tuple(e["at"]) != tuple(at)]
    doc["entries"].append({"at": list(at), "value": value})
    doc["updated"] = now()


def undo(doc: dict[str, Any]) -> dict[str, Any]:
    """Remove the last answer (it will be asked again) and return it."""
    if not doc["entries"]:
        raise ScorepadError("nothing to undo: no answer is recorded yet")
    removed = doc["entries"].pop()
    doc["status"] = PLAYING
    doc["updated"] = now()
    return removed


def finish(doc: dict[str, Any]) -> None:
    doc["status"] = FINISHED
    doc["updated"] = now()


def doc_from_table(table: dict[str, Any]) -> dict[str, Any]:
    """A finished session holding exactly this table file (which must score)."""
    game = game_of(table)
    game.score(table)  # every check the calculator makes, before anything is stored
    check_storable(table)
    rounds = None if game.default_rounds is None else max(1, len(table.get("rounds") or []))
    doc = new_doc(game, table["players"], table.get("variants") or [], rounds,  # null: the default, as in scoring
                  table.get("modules") or [])
    for number, inputs in enumerate(table.get("rounds", [])):
        for name, fields in inputs.items():
            for key, value in fields.items():
                record(doc, ("rounds", number, name.strip(), key), value)
    for name, fields in table.get("final", {}).items():
        for key, value in fields.items():
            record(doc, ("final", name.strip(), key), value)
    for key, value in table.items():
        if key in COMMON_KEYS:
            continue
        if isinstance(value, list):  # item by item, as the guided game records them (e.g. trades)
            for number, item in enumerate(value):
                record(doc, (key, number), item)
        else:
            record(doc, (key,), value)
    doc[IMPORTED] = True
    finish(doc)
    return doc


# --- table files -----------------------------------------------------------------------------------

def game_of(table: Any) -> Game:
    if not isinstance(table, dict):
        raise InvalidInput("a table file must be a JSON object")
    slug = table.get("game")
    if not isinstance(slug, str):
        raise InvalidInput("missing or not a game name", field="game")
    return by_slug(slug)


def load_table_file(path: Path) -> dict[str, Any]:
    """Read a table file; one clear line if it cannot be read or is not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a BOM (Windows Notepad) is not an error (RFC 8259 §8.1)
    except FileNotFoundError:
        raise TableFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise TableFileError(f"{path}: cannot read it ({getattr(error, 'strerror', None) or error})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise TableFileError(f"{path}: not valid JSON ({error.msg}, line {error.lineno}, "
                             f"column {error.colno})") from None
    except (ValueError, RecursionError) as error:  # a number of 4,300+ digits; nesting deeper than Python's stack
        raise TableFileError(f"{path}: cannot read it as JSON ({str(error).split(':')[0]})") from None


def score_table(table: Any) -> Result:
    result = game_of(table).score(table)
    check_storable(table)  # what scores can be imported, and what is refused there is refused here too
    return result


def check_storable(value: Any) -> None:
    """Refuse an integer or a string the database could not keep, naming where it is (as the calculators do)."""
    todo: list[tuple[tuple, Any]] = [((), value)]  # a loop, not recursion: a file may nest deeper than the stack
    while todo:
        at, value = todo.pop()
        if is_int(value) and not -LARGEST - 1 <= value <= LARGEST:
            raise InvalidInput(TOO_LARGE.format(digits=len(str(abs(value))), largest=LARGEST), **_where(at))
        for text in [value] if isinstance(value, str) else value if isinstance(value, dict) else ():
            if isinstance(text, str) and not _is_unicode(text):
                raise InvalidInput(NOT_TEXT.format(text=ascii(text)), **_where(at))
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        todo.extend(((*at, key), item) for key, item in reversed(list(items)))


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _where(at: tuple) -> dict[str, Any]:
    """A path in a table file as the round, player and field an error names (items counted from 1)."""
    def field(keys: tuple) -> str | None:
        return " ".join(str(k + 1) if isinstance(k, int) else str(k) for k in keys) or None

    if len(at) >= 2 and at[0] == "rounds":
        return {"round": at[1] + 1, "player": str(at[2]).strip() if len(at) > 2 else None, "field": field(at[3:])}
    if len(at) >= 2 and at[0] == "final":
        return {"player": str(at[1]).strip(), "field": field(at[2:])}
    return {"field": field(at)}
