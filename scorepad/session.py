"""A game at the table as stored: the entry log, the table file built from it, undo, and table-file I/O.

A session document holds the game, players, variants and planned rounds, and `entries`: every
answer in the order it was given, each with the path it fills in the table file
(shared/spec/table-format.md). The table file is built from the entries, never stored beside them.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from calculators.core import (COMMON_KEYS, TEXT_LIMIT, InvalidInput, Result, as_stored, check_date, check_modules,
                             check_players, check_text, check_variants, is_int)
from scorepad.errors import ScorepadError, StoreError, TableFileError
from scorepad.games.base import Ask, Game
from scorepad.i18n import N_, NP_, _, pgettext, plural

PLAYING, FINISHED = "playing", "finished"
REQUIRED_PARTS = ("game", "players", "status", "entries")  # of a stored session document
EDIT = "edit"  # the last change was an edit: what `undo` puts back (the entries and status before it)
SETUP = "setup"  # entries under this path are the session's own notes (e.g. who is oldest)
# A session made by `import`: its answers are a table file's, not a guided game's, so they cannot be
# taken back one by one (the guided game would start again at its setup, and a missing field counts as
# an unanswered question: the table would no longer score).
IMPORTED = "imported"
# The fingerprint of the file a session was imported from (see `fingerprint`): importing it again is refused.
SOURCE = "source"
# The database's JSON library (orjson) writes integers of at most 64 bits and reads a larger one back
# as a float: a number beyond this could not be kept, so a table holding one is refused everywhere.
LARGEST = 2**63 - 1
TOO_LARGE = N_("a {digits}-digit number is too large to keep (the largest is {largest})")
# JSON may escape half of a UTF-16 pair ("\ud800"); such a string can be neither printed nor stored.
NOT_TEXT = N_("{text} is not valid Unicode text (a lone surrogate)")
# The `session` block of a table file (shared/spec/table-format.md, "Sessions in a file"), in its order.
SESSION_KEYS = ("status", "rounds_planned", "created", "updated", "seed", "log")
# --- text for people (the keys, slugs and JSON in them are the table file's: translators keep them) -----------
# TRANSLATORS: {key} is a key of a table file's session block; {keys}: the keys it may hold (JSON names).
UNKNOWN_SESSION_KEY = N_("unknown key {key!r} (a session holds: {keys})")
# TRANSLATORS: the JSON is literal: an entry of a table file's session log.
NOT_AN_ENTRY = N_('must be {"at": [where], "value": answer}')
# TRANSLATORS: {at} is a place in a table file, as JSON (["rounds", 0, "Ana", "blue"]); {title}: the game.
NOT_A_PATH = N_("{at} is not a place in a {title} table")
ANSWERED_TWICE = N_("{at} is answered twice")
NOT_ASKED = N_("{at} is not a question of this {title} game")
# TRANSLATORS: {held} and {built} are values as JSON ([2, 5, 7]), or "nothing" (NOTHING below).
DIFFERS = N_("the table holds {held} but the session's log builds {built}")
NOTHING = N_("nothing")
# TRANSLATORS: {value} is an answer as JSON; {question} is the question it was stored for, quoted.
NOT_AN_ANSWER = N_("{value} is not an answer to {question!r}")
NOT_SESSION_BLOCK = N_("must be an object (status, rounds_planned, created, updated, seed, log)")
# TRANSLATORS: {status} is the file's value; {playing} and {finished} are the JSON values 'playing', 'finished'.
NOT_A_STATUS = N_("{status!r} is not {playing!r} or {finished!r}")
NOT_WHOLE = N_("{value!r} is not a whole number")
NOT_WHOLE_OR_ZERO = N_("{value!r} is not a whole number 0 or more")
# TRANSLATORS: rounds_planned and null are the table file's JSON, kept as written.
NO_ROUNDS_PLANNED = N_("{title} has no rounds: rounds_planned is null")
ROUNDS_PLANNED_MISSING = N_("missing: the number of rounds planned")
NOT_A_LOG = N_("must be the list of answers in the order given")
NOTHING_YET = N_("the game in this file has not reached its final scoring yet")
# The game in a file has no complete round: one whole sentence for each thing a round may be called (Russian
# inflects the word), by the game's label (Game.label_key_for); another label: the last, with the label's word.
NO_ROUND_YET = {"Round": N_("the game in this file has no complete round yet"),
                "Game": N_("the game in this file has no complete game yet"),
                "Year": N_("the game in this file has no complete year yet"),
                "Season": N_("the game in this file has no complete season yet")}
# TRANSLATORS: {round} is what a round is called at this table (in lower case).
NO_LABELLED_ROUND_YET = N_("the game in this file has no complete {round} yet")
# A hand-edited database names its damage in one line (scorepad's words around Python's own).
# TRANSLATORS: {problem} is what is wrong, as Python says it (in English), e.g. "KeyError: 'status'".
DAMAGED = N_("session {id} in the database is damaged ({problem})")
OPENED_AS = N_("a {game!r} session opened as {slug!r}")
NOT_A_SESSION = N_("its entries or status are not a session's")
UNKNOWN_MODULE = N_("unknown module {module!r} for {title} (modules: {known})")
NO_MODULES = N_("none")  # "(modules: none)"
# TRANSLATORS: {modules} names the kinds of cards (module names of the game, e.g. objectives), kept as written.
NO_CARDS = N_("{title} has no {modules} cards to name")
# TRANSLATORS: {rounds} is a number; --rounds is the option's name.
NO_ROUNDS = N_("{title} has no rounds: leave out --rounds")
# TRANSLATORS: {allowed} is a range of counts ("1–20", "1 or more").
ROUND_COUNT = NP_("{rounds} round; {title} takes {allowed}", "{rounds} rounds; {title} takes {allowed}")
# TRANSLATORS: {variants} are the variants chosen (their names, kept as written).
ROUND_COUNT_WITH = NP_("{rounds} round; {title} with {variants} takes {allowed}",
                       "{rounds} rounds; {title} with {variants} takes {allowed}")
NOTHING_TO_UNDO = N_("nothing to undo: no answer is recorded yet")
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


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


class Session:
    """A read-only view of a session document, with what the table and the play loop derive from it."""

    def __init__(self, doc: dict[str, Any], game: Game, id: int | None = None) -> None:
        if not isinstance(game, Game):  # the old Session(doc, id): the caller looks the game up now
            raise TypeError("Session(doc, game, id): look the game up with scorepad.games.by_slug (or session_of)")
        self.doc = doc
        self.id = id
        self.game = game
        try:  # a hand-edited database must give one clear line, not a traceback
            if doc["game"] != game.slug:
                raise ValueError(_(OPENED_AS).format(game=doc["game"], slug=game.slug))
            self.players: list[str] = [str(p) for p in doc["players"]]
            self.variants: list[str] = list(doc.get("variants", []))
            self.rounds_planned: int = int(doc.get("rounds_planned") or 0)
            self.modules: list[str] = [str(m) for m in doc.get("modules", [])]
            self.seed: int = int(doc.get("seed", 0))  # every random draw of the game derives from it
            # Every part a session is written with: one a hand edit took away is damage, not an empty game.
            missing = next((key for key in REQUIRED_PARTS if key not in doc), None)
            if missing is not None:
                raise KeyError(missing)
            if not isinstance(doc["entries"], list) or doc["status"] not in (PLAYING, FINISHED):
                raise ValueError(_(NOT_A_SESSION))
            self.answers: dict[tuple, Any] = {tuple(e["at"]): e["value"] for e in doc["entries"]}
        except (KeyError, TypeError, ValueError, InvalidInput) as error:
            raise damaged(id, error) from None

    @property
    def finished(self) -> bool:
        return self.doc.get("status") == FINISHED

    @property
    def date(self) -> str | None:
        """When the game was played (ISO 8601): a table file's `date`, else the session's start; None: unknown."""
        return self.doc.get("date") or self.doc.get("created") or None

    def get(self, *at: Any, default: Any = None) -> Any:
        return self.answers.get(tuple(at), default)

    # The question list and progress live in scorepad.progress (with play, undo and edit); these are its views.
    def asks(self) -> list[Ask]:
        from scorepad import progress

        return progress.asks(self)

    def next_ask(self) -> Ask | None:
        """The first question not answered yet: where a resumed game picks up."""
        from scorepad import progress

        return progress.next_ask(self)

    def complete_rounds(self) -> int:
        """Rounds whose every question is answered, counted from the first (all recorded ones once finished)."""
        from scorepad import progress

        return progress.complete_rounds(self)

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
        # An older database's names and notes are read as stored, and printed escaped.
        with as_stored(), self.game.naming_fields():
            return self.game.score(self.table(rounds))

    def score_so_far(self, rounds: int | None = None) -> Result:
        """The score as the session stands: one still being played is not finished (its first place leads).

        The table is scored as a table file of a game in progress (its session `playing`), as `score --table`
        of an exported one would be, so a game's own words for it (e.g. who is ahead on a tie) are the same.
        """
        if self.finished:
            return self.score(rounds)
        with as_stored(), self.game.naming_fields():
            result = self.game.score({**self.table(rounds), "session": {"status": PLAYING}})
        return dataclasses.replace(result, finished=False)


def damaged(id: int | None, error: Exception) -> StoreError:
    """A stored session that cannot be read as one: one clear line, not a traceback."""
    return StoreError(_(DAMAGED).format(id=id, problem=f"{type(error).__name__}: {error}"))


def _round_of(item: Any) -> int:
    """The 1-based round a list item belongs to (e.g. a trade's "round"), or 0 when it names none."""
    number = item.get("round") if isinstance(item, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else 0


# --- changes to a session document (each runs inside one locked store update) ----------------------

def check_options(game: Game, variants: Iterable[str], rounds: int | None,
                  modules: Iterable[str] = (), drawn: Mapping[str, Sequence[str]] | None = None) -> tuple[str, ...]:
    """The variants, round count, modules and cards the table drew (`drawn`, e.g. {"objectives": [...]})
    asked for, refused as the table file or the setup question would refuse them."""
    from scorepad.words import count_range, listed

    chosen = check_variants(list(variants), game.variants)
    modules = list(modules)
    for module in modules:
        if module not in game.modules:
            raise InvalidInput(_(UNKNOWN_MODULE).format(module=module, title=game.title,
                                                        known=listed(game.modules) if game.modules else _(NO_MODULES)),
                               field="module")
    if drawn and game.preset is None:
        # TRANSLATORS: between the names of kinds of cards, "objectives or tourists".
        kinds = pgettext("alternatives", " or ").join(drawn)
        raise InvalidInput(_(NO_CARDS).format(title=game.title, modules=kinds), field=next(iter(drawn)))
    if drawn:
        game.preset(drawn, modules)
    if rounds is not None and game.default_rounds is None:
        raise InvalidInput(_(NO_ROUNDS).format(title=game.title), field="rounds")
    limit = game.round_limit(chosen)
    if rounds is not None and (rounds < 1 or (limit and rounds > limit)):
        allowed = count_range(1, limit or None)
        if limit != game.max_rounds:  # a variant's own limit
            raise InvalidInput(plural(ROUND_COUNT_WITH, rounds).format(
                rounds=rounds, title=game.title, variants=listed(chosen), allowed=allowed), field="rounds")
        raise InvalidInput(plural(ROUND_COUNT, rounds).format(rounds=rounds, title=game.title, allowed=allowed),
                           field="rounds")
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
    doc.pop(EDIT, None)  # a later answer makes an edit permanent: undo now takes back this answer
    doc["updated"] = now()


def undo(doc: dict[str, Any]) -> dict[str, Any]:
    """Remove the last answer (it will be asked again) and return it; right after an edit, take back the edit.

    Taking back an edit restores the answers and status from before it (a finished game stays finished,
    and any answer the edit asked for or dropped is as it was); the returned entry has `edit` and `new`.
    """
    edit = doc.pop(EDIT, None)
    if edit:
        new = next((e["value"] for e in doc["entries"] if e["at"] == edit["at"]), None)
        doc["entries"], doc["status"] = edit["entries"], edit["status"]
        doc["updated"] = now()
        return {"at": edit["at"], "value": edit["value"], "new": new, "edit": True}
    if not doc["entries"]:
        raise ScorepadError(_(NOTHING_TO_UNDO))
    removed = doc["entries"].pop()
    doc["status"] = PLAYING
    doc["updated"] = now()
    return removed


def edit(doc: dict[str, Any], entries: list[dict[str, Any]], at: tuple) -> None:
    """Replace the answer log with an edited one, keeping what `undo` needs to put the old one back."""
    old = next(e["value"] for e in doc["entries"] if tuple(e["at"]) == tuple(at))
    doc[EDIT] = {"at": list(at), "value": old, "entries": doc["entries"], "status": doc.get("status", PLAYING)}
    doc["entries"] = entries
    doc["updated"] = now()


def finish(doc: dict[str, Any]) -> None:
    doc["status"] = FINISHED
    doc["updated"] = now()


def doc_from_table(table: dict[str, Any], game: Game) -> dict[str, Any]:
    """A finished session holding exactly this table file (which must score), played on its `date` if it has one.

    Without a date the game was played on an unknown day: `created` is null, not the day of the import.
    """
    with game.naming_fields():
        game.score(table)  # every check the calculator makes, before anything is stored
        check_storable(table)
    rounds = None if game.default_rounds is None else max(1, len(table.get("rounds") or []))
    source = fingerprint(_normal(table))
    # The seed of a table's game comes from the table (its first 32 bits): the same table is the same session
    # wherever it is imported or printed (the BG Stats uuids of scorepad/exports.py derive from it).
    doc = new_doc(game, table["players"], table.get("variants") or [], rounds,  # null: the default, as in scoring
                  table.get("modules") or [], seed=int(source[:8], 16))
    # Each place of a table is filled once, so the answers are appended as they come (record() looks for a
    # previous answer to replace: quadratic over a 10,000-table import).
    add = lambda at, value: doc["entries"].append({"at": list(at), "value": value})  # noqa: E731
    for number, inputs in enumerate(table.get("rounds", [])):
        for name, fields in inputs.items():
            for key, value in fields.items():
                add(("rounds", number, name.strip(), key), value)
    for name, fields in table.get("final", {}).items():
        for key, value in fields.items():
            add(("final", name.strip(), key), value)
    for key, value in table.items():
        if key in COMMON_KEYS:
            continue
        if isinstance(value, list):  # item by item, as the guided game records them (e.g. trades)
            for number, item in enumerate(value):
                add((key, number), item)
        else:
            add((key,), value)
    finish(doc)
    doc["created"] = doc["updated"] = table.get("date")
    if _as_guided(Session(doc, game), game) is not True:
        doc[IMPORTED] = True
    doc[SOURCE] = source
    return doc


def doc_from_session(table: dict[str, Any], game: Game) -> dict[str, Any]:
    """The session a table file's `session` block records, refused unless its table part is what its log builds."""
    from scorepad.words import listed

    if table.get("game") != game.slug:
        raise InvalidInput("table.wrong-game", expected=game.slug, got=table.get("game"), field="game")
    block = table["session"]
    if not isinstance(block, dict):
        raise InvalidInput(_(NOT_SESSION_BLOCK), field="session")
    for key in block:
        if key not in SESSION_KEYS:
            raise InvalidInput(_(UNKNOWN_SESSION_KEY).format(key=key, keys=listed(SESSION_KEYS)), field="session")
    check_storable(table)
    variants = check_variants(table.get("variants", []), game.variants)
    modules = check_modules(table.get("modules", []), game.modules)
    players = check_players(table.get("players"), game.players)
    if "date" in table:
        check_date(table["date"])
    status = block.get("status")
    if status not in (PLAYING, FINISHED):
        raise InvalidInput(_(NOT_A_STATUS).format(status=status, playing=PLAYING, finished=FINISHED),
                           field="session status")
    planned = block.get("rounds_planned")
    if planned is not None and not is_int(planned):
        raise InvalidInput(_(NOT_WHOLE).format(value=planned), field="session rounds_planned")
    if (planned is None) != (game.default_rounds is None):
        raise InvalidInput(_(NO_ROUNDS_PLANNED).format(title=game.title) if planned is not None
                           else _(ROUNDS_PLANNED_MISSING), field="session rounds_planned")
    check_options(game, variants, planned, modules)
    for key in ("created", "updated"):
        if block.get(key) is not None:
            _check_stamp(block[key], f"session {key}")
    seed = block.get("seed")
    if not is_int(seed) or seed < 0:
        raise InvalidInput(_(NOT_WHOLE_OR_ZERO).format(value=seed), field="session seed")
    log = block.get("log")
    if not isinstance(log, list):
        raise InvalidInput(_(NOT_A_LOG), field="session log")
    seen: set[tuple] = set()
    entries = []
    for number, entry in enumerate(log, start=1):
        where = f"session log {number}"
        if not isinstance(entry, dict) or set(entry) != {"at", "value"}:
            raise InvalidInput(_(NOT_AN_ENTRY), field=where)
        at = _check_path(entry["at"], players, game, where)
        if at in seen:
            raise InvalidInput(_(ANSWERED_TWICE).format(at=_shown(at)), field=where)
        seen.add(at)
        entries.append({"at": list(at), "value": entry["value"]})
    doc = {"game": game.slug, "variants": list(variants), "players": list(players), "rounds_planned": planned,
           "modules": list(modules), "seed": seed, "status": status, "created": block.get("created"),
           "updated": block.get("updated"), "entries": entries}
    if table.get("date") is not None and table["date"] != doc["created"]:
        doc["date"] = table["date"]
    session = Session(doc, game)
    built = {k: v for k, v in export_doc(session).items() if k not in ("session", "date")}
    held = {k: v for k, v in table.items() if k not in ("session", "date")}
    difference = _first_difference(_normal(held), _normal(built))
    if difference:
        at, held_value, built_value = difference
        raise InvalidInput(_(DIFFERS).format(held=_value(held_value), built=_value(built_value)), **_where(at))
    if session.scorable():
        session.score(session.complete_rounds())  # every check the calculator makes
    guided = _as_guided(session, game)
    if status == PLAYING and guided is not True:
        number, at = guided
        raise InvalidInput(_(NOT_ASKED).format(at=_shown(at), title=game.title), field=f"session log {number}")
    if guided is True:
        _check_answers(session)
    else:
        doc[IMPORTED] = True  # e.g. an imported table file, exported with its log: undo cannot take it apart
    doc[SOURCE] = fingerprint(export_doc(session))
    return doc


def doc_from_file(table: dict[str, Any], game: Game) -> dict[str, Any]:
    """The session a table file of this game holds: the one its `session` block records, else a finished game."""
    with game.naming_fields():
        if "session" in table:
            return doc_from_session(table, game)
        return doc_from_table(table, game)


def _as_guided(session: Session, game: Game) -> bool | tuple[int, tuple]:
    """True when every answer is one the guided game asks, and (once finished) nothing it asks is left open:
    then resume and undo work on it. Else (the log's number, path) of the first answer it would not ask."""
    asked = {ask.at for ask in session.asks()}
    for number, entry in enumerate(session.doc["entries"], start=1):
        if tuple(entry["at"]) not in asked:
            return number, tuple(entry["at"])
    if session.finished and session.next_ask() is not None:
        return 0, session.next_ask().at
    return True


def _check_answers(session: Session) -> None:
    """Each answer of the log has the shape its question gives: its question can show it as typed, and that
    text reads back as a value of the same kind. The table part is checked by scoring it; this covers the round
    being played and the setup notes too, which resume, show and undo read before any scoring."""
    asks = {ask.at: ask for ask in session.asks()}
    for number, entry in enumerate(session.doc["entries"], start=1):
        ask, value = asks[tuple(entry["at"])], entry["value"]
        try:
            shown = ask.show(value)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):  # e.g. a number for a list
            shown = None
        try:  # a text the question refuses proves nothing: a display ("(no note)") need not read back
            again = ask.parse(shown) if isinstance(shown, str) else _MISSING
        except InvalidInput:
            again = value
        if ask.choices and shown not in ask.choices:  # a menu's answer is one of its choices
            shown = None
        if not isinstance(shown, str) or (value is not None and type(again) is not type(value)):
            raise InvalidInput(_(NOT_AN_ANSWER).format(value=_value(value), question=ask.message.rstrip(" :?：？؟")),
                               field=f"session log {number}")


def _check_stamp(value: Any, field: str) -> str:
    try:
        return check_date(value)
    except InvalidInput as error:
        raise InvalidInput(error.code, **error.values, field=field) from None


def _check_path(at: Any, players: tuple[str, ...], game: Game, where: str) -> tuple:
    """A log entry's place: rounds N PLAYER FIELD, final PLAYER FIELD, setup …, or a game's own key (KEY [N])."""
    def text(value: Any) -> bool:
        return isinstance(value, str)

    ok = isinstance(at, list) and at and text(at[0])
    if ok and at[0] == "rounds":
        ok = len(at) == 4 and is_int(at[1]) and at[1] >= 0 and at[2] in players and text(at[3])
    elif ok and at[0] == "final":
        ok = len(at) == 3 and at[1] in players and text(at[2])
    elif ok and at[0] == SETUP:
        ok = len(at) >= 2 and all(text(k) or is_int(k) for k in at)
    elif ok:
        ok = at[0] not in COMMON_KEYS and (len(at) == 1 or (len(at) == 2 and is_int(at[1]) and at[1] >= 0))
    if not ok:
        raise InvalidInput(_(NOT_A_PATH).format(at=json.dumps(at, ensure_ascii=False), title=game.title),
                           field=where)
    return tuple(at)


def _shown(at: tuple) -> str:
    return json.dumps(list(at), ensure_ascii=False)


def _value(value: Any) -> str:
    return _(NOTHING) if value is _MISSING else json.dumps(value, ensure_ascii=False)


_MISSING = object()


def _normal(table: dict[str, Any]) -> dict[str, Any]:
    """Defaults written out, so that a left-out key and its default compare equal (`variants` [] and so on);
    a player's empty final inputs are left out, as the log builds none for a player with no final answer."""
    out = dict(table)
    for key in ("variants", "modules", "rounds"):
        if key not in out:
            out[key] = []
    if isinstance(out.get("final"), dict):
        out["final"] = {p: v for p, v in out["final"].items() if v != {}}
        if not out["final"]:
            del out["final"]
    return out


def _first_difference(held: Any, built: Any, at: tuple = ()) -> tuple[tuple, Any, Any] | None:
    """The first place (in the table's order) where two table parts differ, with both values there."""
    if isinstance(held, dict) and isinstance(built, dict):
        for key in [*built, *(k for k in held if k not in built)]:
            found = _first_difference(held.get(key, _MISSING), built.get(key, _MISSING), (*at, key))
            if found:
                return found
        return None
    if isinstance(held, list) and isinstance(built, list) and any(
            isinstance(item, (dict, list)) for item in [*held, *built]):  # rounds, trades; cards compare whole
        for index in range(max(len(held), len(built))):
            found = _first_difference(held[index] if index < len(held) else _MISSING,
                                      built[index] if index < len(built) else _MISSING, (*at, index))
            if found:
                return found
        return None
    if held is built or (type(held) is type(built) and held == built):
        return None
    return at, held, built


# --- a session as a table file (export), and what tells one game from another ----------------------

def export_doc(session: Session) -> dict[str, Any]:
    """The table file of a whole session: the table part (what `score --table` reads: the complete rounds),
    its modules and date, and the `session` block whose log holds every answer, so `import` gives it back."""
    table = session.table(session.complete_rounds())  # without items of a round still being played
    doc: dict[str, Any] = {"game": table.pop("game"), "variants": table.pop("variants"),
                           "modules": list(session.modules), "players": table.pop("players")}
    if session.date:
        doc["date"] = session.date
    doc.update(table)
    doc["session"] = {"status": PLAYING if not session.finished else FINISHED,
                      "rounds_planned": session.doc.get("rounds_planned"),
                      "created": session.doc.get("created"), "updated": session.doc.get("updated"),
                      "seed": session.seed,
                      "log": [{"at": list(e["at"]), "value": e["value"]} for e in session.doc.get("entries", [])]}
    return doc


def upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """A session of scorepad 0.1 as this release reads it, meaning what it meant then (the store's migration).

    0.1 scored Next Station: London objectives whatever the modules; a table now needs the `objectives`
    module for them, so a 0.1 game that scored objectives was played with it.
    """
    if doc.get("game") == "next-station-london":
        scored = any(e.get("at", [None])[0] == "final" and e["at"][-1] == "objectives" and e.get("value")
                     for e in doc.get("entries", []) if isinstance(e, dict) and isinstance(e.get("at"), list))
        modules = doc.get("modules") or []
        if scored and isinstance(modules, list) and "objectives" not in modules:
            doc = {**doc, "modules": [*modules, "objectives"]}
    return doc


def identities(doc: dict[str, Any]) -> list[str]:
    """What a session answers to when a file is imported: the file it was imported from, and the game itself
    (its game, start and seed: the same session exported at any later answer is still that game). Stable
    from answer to answer, so the store's index keeps them (scorepad/summary.py) and an import compares
    them without opening a single session file.
    """
    marks = [doc[SOURCE]] if isinstance(doc.get(SOURCE), str) else []
    if "seed" in doc:  # a 32-bit random seed drawn when the session began (its start may be unknown: null)
        marks.append(f"{doc.get('game')}|{doc.get('created')}|{doc['seed']}")
    return marks


def fingerprint(table: dict[str, Any]) -> str:
    """What makes two table files the same game: everything but the time of the last answer.

    A played session is its start, seed and answer log (the table part is built from them); a file without
    a session block is its table alone (its date included: the same scores on another evening are another game).
    """
    same = dict(table)
    if isinstance(same.get("session"), dict):
        same["session"] = {k: v for k, v in same["session"].items() if k != "updated"}
    text = json.dumps(same, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return _sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _sha256(data: bytes) -> Any:
    """hashlib.sha256, from CPython's own SHA-2 module where there is one (as random.py takes _sha512): hashlib
    loads OpenSSL, 11 M instructions (4% of `scorepad import FILE`), for the one hash an import makes."""
    try:
        from _sha2 import sha256  # Python 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # Python 3.11
        except ImportError:
            from hashlib import sha256
    return sha256(data)


# --- table files -----------------------------------------------------------------------------------

def load_table_file(path: Path) -> dict[str, Any]:
    """Read a table file; one clear line if it cannot be read or is not JSON."""
    return _parse(_read(path), path)


def load_table_files(path: Path) -> Iterator[tuple[str | None, Any]]:
    """Every table a file holds, each with where it is: a table file (None), a JSON array of them ("item N")
    or JSON Lines ("line N", blank lines skipped). JSON Lines are read a line at a time, as they are used."""
    text = _read(path)
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as error:
        if error.msg != "Extra data":  # more than one JSON value: JSON Lines
            raise _not_json(path, error) from None
        return _lines(text, path)
    except (ValueError, RecursionError):
        return iter([(None, _parse(text, path))])  # the same words as for one table file
    if isinstance(whole, list):
        if not whole:
            raise TableFileError(_(EMPTY_LIST).format(path=path))
        return ((_(ITEM).format(number=number), table) for number, table in enumerate(whole, start=1))
    return iter([(None, whole)])


def _lines(text: str, path: Path) -> Iterator[tuple[str, Any]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield _(LINE).format(number=number), _parse(line, _(FILE_LINE).format(path=path, number=number))


def _read(path: Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")  # a BOM (Windows Notepad) is not an error (RFC 8259 §8.1)
    except FileNotFoundError:
        raise TableFileError(_(NO_SUCH_FILE).format(path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise TableFileError(_(CANNOT_READ).format(path=path, reason=getattr(error, "strerror", None) or error)) \
            from None


def _parse(text: str, where: Any) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise _not_json(where, error) from None
    except (ValueError, RecursionError) as error:  # a number of 4,300+ digits; nesting deeper than Python's stack
        raise TableFileError(_(NOT_READABLE_JSON).format(path=where, reason=str(error).split(":")[0])) from None


def _not_json(where: Any, error: json.JSONDecodeError) -> TableFileError:
    return TableFileError(_(NOT_JSON).format(path=where, reason=error.msg, line=error.lineno, column=error.colno))


def score_table(table: dict[str, Any], game: Game) -> Result:
    """Score a table file as `score --table` does: a game in progress (its session `playing`) scores what its
    complete rounds hold, and its result is not finished."""
    if isinstance(table, dict) and "session" in table:
        with game.naming_fields():
            session = Session(doc_from_session(table, game), game)
        if not session.scorable():
            raise ScorepadError(_(NOTHING_YET) if session.game.default_rounds is None else _no_round_yet(session))
        return session.score_so_far(session.complete_rounds())
    with game.naming_fields():
        result = game.score(table)
        check_storable(table)  # what scores can be imported, and what is refused there is refused here too
    return result


def _no_round_yet(session: Session) -> str:
    key = session.game.label_key_for(session.variants)
    if key in NO_ROUND_YET:
        return _(NO_ROUND_YET[key])
    return _(NO_LABELLED_ROUND_YET).format(round=session.game.label_for(session.variants).lower())


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
            raise InvalidInput(_(TOO_LARGE).format(digits=len(str(abs(value))), largest=LARGEST), **_where(at))
        for text in [value] if isinstance(value, str) else value if isinstance(value, dict) else ():
            if isinstance(text, str) and not _is_unicode(text):
                raise InvalidInput(_(NOT_TEXT).format(text=ascii(text)), **_where(at))
            if isinstance(text, str):  # a name, note or key: nothing that drives the terminal, no page of text
                check_text(text, **_where(at))
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


def _where(at: tuple) -> dict[str, Any]:
    """A path in a table file as the round, player and field an error names (items counted from 1)."""
    def field(keys: tuple) -> str | None:
        return " ".join(str(k + 1) if isinstance(k, int) else str(k) for k in keys) or None

    if len(at) >= 2 and at[0] == "rounds":
        return {"round": at[1] + 1, "player": str(at[2]).strip() if len(at) > 2 else None, "field": field(at[3:])}
    if len(at) >= 2 and at[0] == "final":
        return {"player": str(at[1]).strip(), "field": field(at[2:])}
    return {"field": field(at)}
