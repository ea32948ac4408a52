"""Changes to a session document: a new session, an answer, undo, an edit, the end. Each runs inside one locked
store update, and each counts as a new version of the session (`touch`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from calculators.core import InvalidInput, check_players, check_variants
from scorepad.errors import ScorepadError
from scorepad.games.base import Game
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.table.session import EDIT, FINISHED, PLAYING, VERSION
from scorepad.words import count_range, listed

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


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def touch(doc: dict[str, Any]) -> None:
    """Mark a change: the time of the last answer, and one more version (a screen that read an older one is told
    the session changed before it writes over it)."""
    doc["updated"] = now()
    version = doc.get(VERSION, 0)
    doc[VERSION] = (version if isinstance(version, int) and not isinstance(version, bool) else 0) + 1


def touch_version(doc: dict[str, Any]) -> None:
    """One more version without a new answer time (a player renamed: the game was not played meanwhile)."""
    version = doc.get(VERSION, 0)
    doc[VERSION] = (version if isinstance(version, int) and not isinstance(version, bool) else 0) + 1


def check_options(game: Game, variants: Iterable[str], rounds: int | None,
                  modules: Iterable[str] = (), drawn: Mapping[str, Sequence[str]] | None = None) -> tuple[str, ...]:
    """The variants, round count, modules and cards the table drew (`drawn`, e.g. {"objectives": [...]})
    asked for, refused as the table file or the setup question would refuse them."""
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
            drawn: Mapping[str, Sequence[str]] | None = None, lang: str | None = None) -> dict[str, Any]:
    """A fresh session document, refusing what the table file would refuse; `drawn`: see check_options. `lang`:
    the language the table plays in (resume, undo and edit speak it again); None for a game no one played here."""
    modules = list(dict.fromkeys(modules))
    chosen = check_options(game, variants, rounds, modules, drawn)
    names = check_players(list(players), game.players)
    stamp = now()
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    doc = {"game": game.slug, "variants": list(chosen), "players": list(names),
           "rounds_planned": rounds or planned_rounds(game, chosen), "modules": modules, "seed": seed,
           "status": PLAYING, "created": stamp, "updated": stamp,
           "entries": [{"at": list(at), "value": value, "time": stamp} for at, value in
                       (game.preset(drawn, modules) if drawn and game.preset else [])]}
    if lang is not None:
        doc["lang"] = lang
    return doc


def planned_rounds(game: Game, variants: tuple[str, ...]) -> int | None:
    if game.default_rounds is None:
        return None
    limit = game.round_limit(variants)
    return min(game.default_rounds, limit) if limit else game.default_rounds


def record(doc: dict[str, Any], at: tuple, value: Any) -> None:
    """Store one answer, with the time it was given (the play's length: scorepad.table.timing); a second answer to
    the same question replaces the first."""
    doc["entries"] = [e for e in doc["entries"] if tuple(e["at"]) != tuple(at)]
    doc["entries"].append({"at": list(at), "value": value, "time": now()})
    doc.pop(EDIT, None)  # a later answer makes an edit permanent: undo now takes back this answer
    touch(doc)


def undo(doc: dict[str, Any]) -> dict[str, Any]:
    """Remove the last answer (it will be asked again) and return it; right after an edit, take back the edit.

    Taking back an edit restores the answers and status from before it (a finished game stays finished,
    and any answer the edit asked for or dropped is as it was); the returned entry has `edit` and `new`.
    """
    edit = doc.pop(EDIT, None)
    if edit:
        new = next((e["value"] for e in doc["entries"] if e["at"] == edit["at"]), None)
        doc["entries"], doc["status"] = edit["entries"], edit["status"]
        touch(doc)
        return {"at": edit["at"], "value": edit["value"], "new": new, "edit": True}
    if not doc["entries"]:
        raise ScorepadError(_(NOTHING_TO_UNDO))
    removed = doc["entries"].pop()
    doc["status"] = PLAYING
    touch(doc)
    return removed


def edit(doc: dict[str, Any], entries: list[dict[str, Any]], at: tuple) -> None:
    """Replace the answer log with an edited one, keeping what `undo` needs to put the old one back."""
    old = next(e["value"] for e in doc["entries"] if tuple(e["at"]) == tuple(at))
    doc[EDIT] = {"at": list(at), "value": old, "entries": doc["entries"], "status": doc.get("status", PLAYING)}
    doc["entries"] = entries
    touch(doc)


def finish(doc: dict[str, Any]) -> None:
    doc["status"] = FINISHED
    touch(doc)
