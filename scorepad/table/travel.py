"""A session travelling as a table file: `export` writes one with its `session` block, `import` takes one back
(the same session, at the same question), and what tells one game from another (fingerprints, identities)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from calculators.core import (COMMON_KEYS, InvalidInput, Result, check_date, check_modules, check_players, check_variants,
                             is_int)
from scorepad import games, i18n
from scorepad.errors import ScorepadError
from scorepad.games.base import Game
from scorepad.i18n import N_, _
from scorepad.table.changes import check_options, finish, new_doc
from scorepad.table.session import (FINISHED, IMPORTED, NOT_AN_ENTRY, PLAYING, SETUP, SOURCE, Session, check_path,
                                    check_stamp)
from scorepad.table.tablefile import check_storable, place
from scorepad.words import listed

# The `session` block of a table file (shared/spec/table-format.md, "Sessions in a file"), in its order.
SESSION_KEYS = ("status", "rounds_planned", "created", "updated", "seed", "lang", "log")
# --- text for people (the keys, slugs and JSON in them are the table file's: translators keep them) -----------
# TRANSLATORS: {key} is a key of a table file's session block; {keys}: the keys it may hold (JSON names).
UNKNOWN_SESSION_KEY = N_("unknown key {key!r} (a session holds: {keys})")
ANSWERED_TWICE = N_("{at} is answered twice")
NOT_ASKED = N_("{at} is not a question of this {title} game")
# TRANSLATORS: {held} and {built} are values as JSON ([2, 5, 7]), or "nothing" (NOTHING below).
DIFFERS = N_("the table holds {held} but the session's log builds {built}")
NOTHING = N_("nothing")
# TRANSLATORS: {value} is an answer as JSON; {question} is the question it was stored for, quoted.
NOT_AN_ANSWER = N_("{value} is not an answer to {question!r}")
NOT_SESSION_BLOCK = N_("must be an object (status, rounds_planned, created, updated, seed, lang, log)")
# TRANSLATORS: {lang} is the file's value; {languages}: the codes a session may hold (en, fa, …), kept as written.
NOT_A_LANGUAGE = N_("{lang!r} is not a language scorepad speaks ({languages})")
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
            check_stamp(block[key], f"session {key}")
    seed = block.get("seed")
    if not is_int(seed) or seed < 0:
        raise InvalidInput(_(NOT_WHOLE_OR_ZERO).format(value=seed), field="session seed")
    lang = block.get("lang")
    if "lang" in block and not _language(lang):
        raise InvalidInput(_(NOT_A_LANGUAGE).format(lang=lang, languages=listed(i18n.LANGUAGES)),
                           field="session lang")
    log = block.get("log")
    if not isinstance(log, list):
        raise InvalidInput(_(NOT_A_LOG), field="session log")
    seen: set[tuple] = set()
    entries = []
    for number, entry in enumerate(log, start=1):
        where = f"session log {number}"
        if not isinstance(entry, dict) or not {"at", "value"} <= set(entry) <= {"at", "value", "time"}:
            raise InvalidInput(_(NOT_AN_ENTRY), field=where)
        at = check_path(entry["at"], players, game, where)
        if at in seen:
            raise InvalidInput(_(ANSWERED_TWICE).format(at=_shown(at)), field=where)
        seen.add(at)
        entries.append({"at": list(at), "value": entry["value"]})
        if "time" in entry:  # when the answer was given (the play's length), as `created` is written
            entries[-1]["time"] = check_stamp(entry["time"], f"{where} time")
    doc = {"game": game.slug, "variants": list(variants), "players": list(players), "rounds_planned": planned,
           "modules": list(modules), "seed": seed, "status": status, "created": block.get("created"),
           "updated": block.get("updated"), "entries": entries}
    if lang is not None:
        doc["lang"] = lang
    if table.get("date") is not None and table["date"] != doc["created"]:
        doc["date"] = table["date"]
    session = Session(doc, game)
    built = {k: v for k, v in export_doc(session).items() if k not in ("session", "date")}
    held = {k: v for k, v in table.items() if k not in ("session", "date")}
    difference = _first_difference(_normal(held), _normal(built))
    if difference:
        at, held_value, built_value = difference
        raise InvalidInput(_(DIFFERS).format(held=_value(held_value), built=_value(built_value)), **place(at))
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
            raise InvalidInput(_(NOT_AN_ANSWER).format(value=_value(value), question=ask.label),
                               field=f"session log {number}")


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
                      **({"lang": session.doc["lang"]} if _language(session.doc.get("lang")) else {}),
                      "log": [_logged(entry) for entry in session.doc.get("entries", [])]}
    return doc


def _language(value: Any) -> bool:
    """Whether a session's `lang` names a language scorepad speaks (exactly as the spec writes it: `zh-Hant`)."""
    return isinstance(value, str) and value in i18n.LANGUAGES


def _logged(entry: dict[str, Any]) -> dict[str, Any]:
    """An answer as the log writes it: where it goes, the answer, and when it was given (where that is known)."""
    logged = {"at": list(entry["at"]), "value": entry["value"]}
    if "time" in entry:
        logged["time"] = entry["time"]
    return logged


def upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """A session of an older scorepad as this release reads it, meaning what it meant then (the store's migration):
    each game upgrades its own (Game.upgrade)."""
    return games.upgraded(doc)


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
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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
