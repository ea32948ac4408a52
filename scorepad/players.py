"""Players are people (issue 12, point 3): who has played across every stored session, renaming a player in
every session, and the names the name prompt offers.

A player is the same person across sessions when the names match after strip() and casefold() (the spec's
"History and exports"): `key`. Everything here reads the store's summaries (scorepad/summary.py), never a
session file, except `rename`, which rewrites each session it changes through Store.update (locked, atomic, one
session at a time, its summary made again in the same step).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from scorepad.errors import ScorepadError
from scorepad.games import by_slug
from scorepad.history import key  # the spec's matching: strip() + casefold()
from scorepad.i18n import N_, NP_, _, pgettext, plural
from scorepad.store import claims
from scorepad.table import Table, seats
from scorepad.table.summary import order

if TYPE_CHECKING:
    from scorepad.games.base import Game
    from scorepad.store import Store

LATEST = 3  # session ids `players` shows for each person, newest first (`list --player NAME` shows them all)
FINISHED, PLAYING = "finished", "playing"
# --- text for people ------------------------------------------------------------------------------------
# TRANSLATORS: {name} is a player's name as typed; `scorepad players` is a command, kept as written.
NO_SUCH_PLAYER = N_("no player {name} in any session (scorepad players lists them)")
# TRANSLATORS: {ids} lists session ids ("3, 7"); {old} and {new} are the two names given to `players rename`.
BOTH_PLAYERS = NP_("session {ids} has both {old} and {new} as two different players: renaming would make them "
                   "one; nothing was renamed",
                   "sessions {ids} have both {old} and {new} as two different players: renaming would make them "
                   "one; nothing was renamed")
# TRANSLATORS: {ids} lists session ids; another scorepad (`play` or `resume`) has the session open right now.
BEING_PLAYED = NP_("session {ids} is open in another scorepad right now: finish or stop that game first; nothing "
                   "was renamed",
                   "sessions {ids} are open in another scorepad right now: finish or stop those games first; "
                   "nothing was renamed")
# TRANSLATORS: {word} is a word a player may type at the game's prompts (undo, help, cash…).
NEW_IS_A_WORD = N_("{name} starts with {word}, a word scorepad takes at the prompts of session {id}: add an "
                   "initial or a nickname; nothing was renamed")
# TRANSLATORS: {reason} says what went wrong; the sessions renamed before it stay renamed, each of them whole.
PART_DONE = NP_("{reason} ({done} of {count} session was renamed, each session whole: run the same command again "
                "to finish)",
                "{reason} ({done} of {count} sessions were renamed, each session whole: run the same command again "
                "to finish)")


def _sessions(summaries: dict[int, dict]) -> list[tuple[int, dict]]:
    """The sessions with players, oldest first (the summaries' order: the day played, then the id)."""
    found = [(doc_id, s) for doc_id, s in summaries.items() if isinstance(s.get("players"), list)]
    return sorted(found, key=lambda item: order(*item))


def people(summaries: dict[int, dict]) -> list[dict[str, Any]]:
    """Every person of the stored sessions, the one who played last first: what `players --json` prints.

    `finished` and `playing` count their sessions by status; `games`, as stats counts, only finished sessions
    (per game slug); `last_played` (the day, or None when unknown) and `latest` (ids, newest first) take every
    session, a game being played tonight included: it is the same person at the same table. The name is the
    spelling of their most recent finished session (history.people's rule, which stats shows), else of their most
    recent session being played (someone who has not finished a game yet is still someone).
    """
    found: dict[str, dict[str, Any]] = {}
    spelled: set[str] = set()  # the people whose name is their latest finished session's spelling
    keys: dict[str, str] = {}  # each spelling's key, made once (10,000 sessions hold a few hundred spellings)
    for doc_id, summary in reversed(_sessions(summaries)):  # newest first
        finished = summary.get("status") == FINISHED
        for name in summary["players"]:
            k = keys.get(name)
            if k is None:
                k = keys[name] = key(name)
            person = found.get(k)
            if person is None:
                person = found[k] = {"name": str(name).strip(), FINISHED: 0, PLAYING: 0, "games": {},
                                     "last_played": _day(summary.get("date")), "latest": []}
            if finished:
                person[FINISHED] += 1
                game = str(summary.get("game"))
                person["games"][game] = person["games"].get(game, 0) + 1
                if k not in spelled:
                    person["name"] = str(name).strip()
                    spelled.add(k)
            else:
                person[PLAYING] += 1
            if len(person["latest"]) < LATEST:
                person["latest"].append(doc_id)
    return list(found.values())


def _day(date: Any) -> str | None:
    return date[:10] if isinstance(date, str) and date else None


def known_names(summaries: dict[int, dict]) -> list[str]:
    """The names the name prompt offers: every person once, as shown, the one who played last first."""
    return [person["name"] for person in people(summaries)]


def offered(known: Iterable[str], taken: Iterable[str]) -> list[str]:
    """The known names still to offer once `taken` are in the game (a person plays once)."""
    taken_keys = {key(name) for name in taken}
    return [name for name in known if key(name) not in taken_keys]


# --- renaming ------------------------------------------------------------------------------------------

class _Unchanged(Exception):
    """Raised inside a store update to write nothing: the session no longer names the player (a second run)."""


def player_in(players: Iterable[Any], name: str) -> str | None:
    """The player of a session who is `name` (strip + casefold), as that session spells it."""
    wanted = key(name)
    return next((str(p) for p in players if key(p) == wanted), None)


def _matches(pattern: Sequence[Any], at: Sequence[Any]) -> bool:
    return len(pattern) == len(at) and all(p is None or p == a for p, a in zip(pattern, at))


def renamed_doc(doc: dict[str, Any], game: Game, old: str, new: str) -> dict[str, Any]:
    """The session document with player `old` (exactly as it spells it) called `new` in every place a name lives:
    the players, every answer's path (rounds N PLAYER …, final PLAYER …), the answers that are names (the game's
    `named_answers`), and the same inside what `undo` puts back after an edit. Free notes are left as written."""
    def name(value: Any) -> Any:
        return new if value == old else value

    def path(at: list) -> list:
        at = list(at)
        if len(at) >= 3 and at[0] == "rounds":
            at[2] = name(at[2])
        elif len(at) >= 2 and at[0] == "final":
            at[1] = name(at[1])
        return at

    def value(at: Sequence[Any], answer: Any) -> Any:
        for pattern, field in game.named_answers:
            if _matches(pattern, at):
                if field is None:
                    answer = name(answer)
                elif isinstance(answer, dict) and field in answer:
                    answer = {**answer, field: name(answer[field])}
        return answer

    def entries(listed: Any) -> Any:
        if not isinstance(listed, list):
            return listed
        return [{**e, "at": path(e["at"]), "value": value(e["at"], e.get("value"))}
                if isinstance(e, dict) and isinstance(e.get("at"), list) else e for e in listed]

    out = seats.renamed({**doc, "players": [name(p) for p in doc["players"]], "entries": entries(doc.get("entries"))},
                        old, new)
    edit = doc.get("edit")
    if isinstance(edit, dict):  # what undo restores right after an edit: the old answers, with the same names
        out["edit"] = {**edit, "entries": entries(edit.get("entries"))}
        if isinstance(edit.get("at"), list):
            out["edit"]["at"] = path(edit["at"])
            out["edit"]["value"] = value(edit["at"], edit.get("value"))
    return out


def plan(store: Store, old: str, new: str,
         prompt_word: Callable[[dict[str, Any], str, int], str | None]) -> list[int]:
    """The sessions `rename` will change, every one checked before any is written: refused (ScorepadError, nothing
    changed) when no session has `old`, or one has `old` and `new` as two different players, is open in another
    scorepad, or would take `new` as a prompt word (`prompt_word(doc, name, id)`: the word a name starts with, that
    the terminal takes at its prompts; a damaged session is named). `new` must already be a valid name
    (calculators.check_name)."""
    summaries = store.summaries()
    ids = [doc_id for doc_id, s in _sessions(summaries) if player_in(s["players"], old) is not None]
    if not ids:
        raise ScorepadError(_(NO_SUCH_PLAYER).format(name=old.strip()))
    both = [doc_id for doc_id in ids if any(key(p) == key(new) and key(p) != key(old)
                                            for p in summaries[doc_id]["players"])]
    if both:
        raise ScorepadError(plural(BOTH_PLAYERS, len(both)).format(ids=_ids(both), old=old.strip(), new=new))
    ids = [doc_id for doc_id in ids if player_in(summaries[doc_id]["players"], old) != new]  # done already
    open_ = [doc_id for doc_id in ids if claims.others(store.claims_folder, doc_id)]
    if open_:
        raise ScorepadError(plural(BEING_PLAYED, len(open_)).format(ids=_ids(open_)))
    if ids:
        for doc_id in ids:
            word = prompt_word(store.get(doc_id), new, doc_id)
            if word:
                raise ScorepadError(_(NEW_IS_A_WORD).format(name=new, word=word, id=doc_id))
    return sorted(ids)


def _ids(ids: Sequence[int]) -> str:
    return pgettext("between names", ", ").join(map(str, ids))


def rename(store: Store, ids: Sequence[int], old: str, new: str,
           done: Callable[[int], None] = lambda doc_id: None) -> int:
    """`old` becomes `new` in each session of `ids` (from `plan`), one locked atomic update each; how many changed.

    A session is whole whenever the process stops (Store.update); one already renamed is skipped, so running
    the same rename again after an interruption finishes it. `done(id)` is called after each session written.
    """
    changed = 0
    for doc_id in ids:
        def change(doc: dict[str, Any]) -> dict[str, Any]:
            spelled = player_in(doc.get("players", []), old)
            if spelled is None or spelled == new:
                raise _Unchanged
            if any(key(p) == key(new) and p != spelled for p in doc["players"]):  # added meanwhile
                raise ScorepadError(plural(BOTH_PLAYERS, 1).format(ids=doc_id, old=old.strip(), new=new))
            return renamed_doc(doc, by_slug(doc["game"]), spelled, new)

        try:
            Table(store, doc_id).rename(change)  # a new version: a phone's answer for the old name is refused
        except _Unchanged:
            continue
        except ScorepadError as error:
            if not changed:
                raise
            raise ScorepadError(plural(PART_DONE, len(ids)).format(reason=error, done=changed, count=len(ids))) \
                from None
        changed += 1
        done(doc_id)
    return changed
