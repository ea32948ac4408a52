"""A session as the engine reads it: the stored document, its game, and the questions it asks.

A session document holds the game, players, variants and planned rounds, and `entries`: every answer in the
order it was given, each with the path it fills in the table file (shared/spec/table-format.md). The table
file is built from the entries, never stored beside them. The question list is the game's steps given what is
recorded; which of its questions are open, and whose each is, is decided here for every screen alike.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from calculators.core import (COMMON_KEYS, TEXT_LIMIT, InvalidInput, Result, as_stored, check_date, check_modules,
                              check_players, check_variants, is_int, normal_name, require_int,
                              text_problem)
from scorepad.errors import StoreError
from scorepad.games import by_slug
from scorepad.games.base import Ask, Game, Step
from scorepad.i18n import N_, _, language
from scorepad.table.records import Records

PLAYING, FINISHED = "playing", "finished"
REQUIRED_PARTS = ("game", "players", "status", "entries")  # of a stored session document
EDIT = "edit"  # the last change was an edit: what `undo` puts back (the entries and status before it)
SETUP = "setup"  # entries under this path are the session's own notes (e.g. who is oldest)
# A session made by `import`: its answers are a table file's, not a guided game's, so they cannot be taken back
# one by one (the guided game would start again at its setup, and a missing field would be an open question).
IMPORTED = "imported"
# The fingerprint of the file a session was imported from (tablefile.fingerprint): importing it again is refused.
SOURCE = "source"
# Counts every change of the session, so that a screen can say "as I saw it" in one number (changes.touch).
VERSION = "version"

# A hand-edited database names its damage in one line (scorepad's words around Python's own).
# TRANSLATORS: {problem} is what is wrong, as Python says it (in English), e.g. "KeyError: 'status'".
DAMAGED = N_("session {id} in the database is damaged ({problem})")
OPENED_AS = N_("a {game!r} session opened as {slug!r}")
NOT_A_SESSION = N_("its entries or status are not a session's")
# TRANSLATORS: {at} is a place in a table file, as JSON (["rounds", 0, "Ana", "blue"]); {title}: the game.
NOT_A_PATH = N_("{at} is not a place in a {title} table")
# TRANSLATORS: the JSON is literal: an entry of a table file's session log.
NOT_AN_ENTRY = N_('must be {"at": [where], "value": answer}')
# TRANSLATORS: `undo` is the command, kept as it is.
NOT_AN_EDIT = N_("what `undo` puts back after an edit is not a session's answers")


class Session:
    """A read-only view of a session document, with what the table and every screen derive from it."""

    def __init__(self, doc: dict[str, Any], game: Game, id: int | None = None) -> None:
        self.doc = doc
        self.id = id
        self.game = game
        self._steps: list[Step] | None = None
        self.worded_in: str | None = None  # the language its questions were worded in, once they are
        try:  # a hand-edited database must give one clear line, not a traceback
            if doc["game"] != game.slug:
                raise ValueError(_(OPENED_AS).format(game=doc["game"], slug=game.slug))
            self.players: list[str] = _texts(doc["players"], "players.not-a-list", "players")
            self.variants: list[str] = _texts(doc.get("variants", []), "variants.not-a-list", "variants")
            self.modules: list[str] = _texts(doc.get("modules", []), "modules.not-a-list", "modules")
            # The table format's limits, held when a session is read as when a file is imported: a hand edit
            # (rounds_planned 1,000,000, a name of a megabyte) must not make every command slow or huge.
            # Texts stay as stored (an older database's names predate the rules: as_stored), up to TEXT_LIMIT.
            with as_stored():
                check_players(self.players, game.players)
            seen: dict[str, str] = {}
            for name in self.players:
                problem = text_problem(name[:TEXT_LIMIT + 1]) if len(name) > TEXT_LIMIT else None
                if problem is not None:
                    raise InvalidInput(problem.code, **problem.values, field="players")
                # Normalized as a typed name is (NFC, invisible characters gone): an older database's "Zoë" and
                # "Zoe\u0308" at one table are one name twice, which stats would count as one player twice.
                same = normal_name(name.strip()).strip()
                if same.casefold() in seen:
                    raise InvalidInput("name.twice", name=same, field="players")
                seen[same.casefold()] = name
            check_variants(self.variants, game.variants)
            check_modules(self.modules, game.modules)
            self.round_limit = round_limit(game, self.variants)
            planned = doc.get("rounds_planned")
            self.rounds_planned: int = 0 if planned is None else require_int(
                planned, 0, self.round_limit, field="rounds_planned")
            # Every random draw of the game derives from it.
            self.seed: int = require_int(doc.get("seed", 0), 0, field="seed")
            for key in ("created", "updated", "date"):  # what list, sheets and exports read as ISO 8601 dates
                if doc.get(key) is not None:
                    check_stamp(doc[key], key)
            # Every part a session is written with: one a hand edit took away is damage, not an empty game.
            missing = next((key for key in REQUIRED_PARTS if key not in doc), None)
            if missing is not None:
                raise KeyError(missing)
            if not isinstance(doc["entries"], list) or doc["status"] not in (PLAYING, FINISHED):
                raise ValueError(_(NOT_A_SESSION))
            if EDIT in doc and not _is_edit(doc[EDIT]):
                raise InvalidInput(_(NOT_AN_EDIT), field=EDIT)
            for number, entry in enumerate(doc["entries"], start=1):
                if not isinstance(entry, dict) or "at" not in entry or "value" not in entry:
                    raise InvalidInput(_(NOT_AN_ENTRY), field=f"entries {number}")
                check_path(entry["at"], self.players, game, f"entries {number}", self.round_limit)
            self.answers: dict[tuple, Any] = {tuple(e["at"]): e["value"] for e in doc["entries"]}
        except (KeyError, TypeError, ValueError, InvalidInput) as error:
            raise damaged(id, error) from None

    @property
    def finished(self) -> bool:
        return self.doc.get("status") == FINISHED

    @property
    def version(self) -> int:
        """How many times the session has changed (0 for a session stored before versions were counted)."""
        version = self.doc.get(VERSION, 0)
        return version if isinstance(version, int) and not isinstance(version, bool) else 0

    @property
    def date(self) -> str | None:
        """When the game was played (ISO 8601): a table file's `date`, else the session's start; None: unknown."""
        return self.doc.get("date") or self.doc.get("created") or None

    def get(self, *at: Any, default: Any = None) -> Any:
        return self.answers.get(tuple(at), default)

    # --- the questions ------------------------------------------------------------------------------------

    def steps(self) -> list[Step]:
        """The guided game as it stands: what to say and what to ask, in order.

        Kept while the view lives: the open questions, complete rounds, the terminal's loop and an import's
        checks each ask for them, and a game's steps are its costliest part (a long Chinatown game has hundreds).
        """
        if self._steps is None:
            self._steps = self.game.steps(self)
            self.worded_in = language()
        return list(self._steps)

    def asks(self) -> list[Ask]:
        """Every question the session asks, in order, given what is recorded (a later answer may add questions)."""
        return [step for step in self.steps() if isinstance(step, Ask)]

    def next_ask(self) -> Ask | None:
        """The first question not answered yet: where a resumed game picks up, and what a terminal asks."""
        return next((ask for ask in self.asks() if ask.at not in self.answers), None)

    def open_asks(self) -> list[Ask]:
        """The questions that may be answered now, in the order a terminal asks them.

        The first unanswered question, and with it every unanswered question of its group (`Ask.together`):
        the questions the rules let players answer at the same time, such as each player's expeditions at the
        end of a Lost Cities hand. The group is the run of questions sharing its key, answered ones included.
        """
        listed = self.asks()
        first = next((i for i, ask in enumerate(listed) if ask.at not in self.answers), None)
        if first is None:
            return []
        key = listed[first].together
        if key is None:
            return [listed[first]]
        found = []
        for ask in listed[first:]:
            if ask.together != key:
                break
            if ask.at not in self.answers:
                found.append(ask)
        return found

    def find_ask(self, at: tuple) -> Ask | None:
        at = tuple(at)
        return next((ask for ask in self.asks() if ask.at == at), None)

    def open_before(self) -> list[Ask]:
        """Questions left unanswered behind a recorded answer (or any, once finished): a guided game has none.

        An edit can open one: e.g. a London reckoning where the edit makes two players tie, so a tie-break
        figure is now asked.
        """
        listed = self.asks()
        last = max((i for i, ask in enumerate(listed) if ask.at in self.answers), default=-1)
        return [ask for i, ask in enumerate(listed)
                if ask.at not in self.answers and (self.finished or i < last)]

    def complete_rounds(self) -> int:
        """Rounds whose every question is answered, counted from the first (all recorded ones once finished)."""
        if self.finished:
            # Every round it was played with, too: a guided game finishes once all are answered, and a table file's
            # rounds are all planned (travel.doc_from_table), so a last hand where no expedition was started (no
            # answer recorded) is still a hand, as `score --table` reads it.
            recorded = max((at[1] + 1 for at in self.answers if at[0] == "rounds"), default=0)
            return max(recorded, self.rounds_planned)
        listed = self.asks()
        done = 0
        while True:
            in_round = [a for a in listed if a.at[:2] == ("rounds", done)]
            if not in_round or any(a.at not in self.answers for a in in_round):
                return done
            done += 1

    # --- the table and its score ------------------------------------------------------------------------

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


def player_of(ask: Ask) -> str | None:
    """Whose question it is: the player its answer belongs to (a round's or the final reckoning's field, or a
    question the game gives a player), or None for a question of the whole table (the setup, a card to turn)."""
    if ask.player is not None:
        return ask.player
    if ask.at[0] == "rounds" and len(ask.at) == 4:
        return ask.at[2]
    if ask.at[0] == "final" and len(ask.at) == 3:
        return ask.at[1]
    return None


def session_of(doc: dict[str, Any], id: int | None = None) -> Session:
    """A stored session document opened with its game (a document naming no known game is damaged)."""
    try:
        game = by_slug(doc["game"])
    except (KeyError, TypeError, InvalidInput) as error:
        raise damaged(id, error) from None
    return Session(doc, game, id)


def open_session(records: Records, id: int) -> Session:
    """The session `id` as stored now."""
    return session_of(records.get(id), id)


def damaged(id: int | None, error: Exception) -> StoreError:
    """A stored session that cannot be read as one: one clear line, not a traceback."""
    problem = str(error) if isinstance(error, InvalidInput) else f"{type(error).__name__}: {error}"
    return StoreError(_(DAMAGED).format(id=id, problem=problem))


def round_limit(game: Game, variants: list[str]) -> int:
    """The most rounds a session of this game may hold (0: a game without rounds)."""
    if game.default_rounds is None:
        return 0
    return game.round_limit(variants) or game.default_rounds


def check_path(at: Any, players: Any, game: Game, where: str, rounds: int | None = None) -> tuple:
    """A log entry's place: rounds N PLAYER FIELD, final PLAYER FIELD, setup …, or a game's own key (KEY [N]);
    `rounds`: the most rounds the session may hold (None: not bounded here). Refused as InvalidInput."""
    def text(value: Any) -> bool:
        return isinstance(value, str) and len(value) <= TEXT_LIMIT

    ok = isinstance(at, list) and bool(at) and text(at[0])
    if ok and at[0] == "rounds":
        ok = (len(at) == 4 and is_int(at[1]) and at[1] >= 0 and (rounds is None or at[1] < rounds)
              and at[2] in players and text(at[3]))
    elif ok and at[0] == "final":
        ok = len(at) == 3 and at[1] in players and text(at[2])
    elif ok and at[0] == SETUP:
        ok = len(at) >= 2 and all(text(k) or is_int(k) for k in at)
    elif ok:
        ok = at[0] not in COMMON_KEYS and (len(at) == 1 or (len(at) == 2 and is_int(at[1]) and at[1] >= 0))
    if not ok:
        shown = json.dumps(at, ensure_ascii=False)
        if len(shown) > 2 * TEXT_LIMIT:
            shown = shown[:TEXT_LIMIT] + "…"
        raise InvalidInput(_(NOT_A_PATH).format(at=shown, title=game.title), field=where)
    return tuple(at)


def _is_edit(edit: Any) -> bool:
    """What changes.edit keeps for undo: the place and old value of the answer edited, and the answers and status
    before the edit (none, or empty: nothing to put back)."""
    return not edit or (isinstance(edit, dict) and isinstance(edit.get("at"), list) and "value" in edit
                            and edit.get("status") in (PLAYING, FINISHED) and isinstance(edit.get("entries"), list)
                            and all(isinstance(e, dict) and isinstance(e.get("at"), list) for e in edit["entries"]))


def _texts(value: Any, code: str, field: str) -> list[str]:
    """A stored list of names (players, variants, modules), as stored: a hand edit may have left anything there."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise InvalidInput(code, field=field)
    return list(value)


def check_stamp(value: Any, field: str) -> str:
    """An ISO 8601 date of a session (check_date), refused as its field."""
    try:
        return check_date(value)
    except InvalidInput as error:
        raise InvalidInput(error.code, **error.values, field=field) from None


def _round_of(item: Any) -> int:
    """The 1-based round a list item belongs to (e.g. a trade's "round"), or 0 when it names none."""
    number = item.get("round") if isinstance(item, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) else 0
