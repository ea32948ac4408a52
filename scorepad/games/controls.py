"""The controls a game declares for its questions, as data a screen draws its own way: a few generic kinds (pick,
toggle grid, number, several numbers, text, confirm, card), each with what it shows and how its values become the
answer as typed (`compose`: the game's own notation, made here on the server, never by a page).

A game's `phone.py` declares them (Game.control); scorepad.table.telling hands them to the screens and composes an
answer from the values a screen sends. A new game needs nothing outside its own package for its phone pad.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from calculators.core import InvalidInput
from scorepad.i18n import N_, _

# TRANSLATORS: a phone sent values its control does not take (a page out of date, or a forged request).
NOT_VALUES = N_("these values do not answer this question: {values}")


@dataclass(frozen=True)
class Option:
    """One thing to tap: the word it stands for as typed, what it shows, whether it is greyed out (a card another
    player holds), and a colour where the game's things have one (Lost Cities' expeditions), as CSS takes it."""

    value: str
    label: str
    taken: bool = False
    colour: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "label": self.label}
        if self.taken:
            out["taken"] = True
        if self.colour:
            out["colour"] = self.colour
        return out


@dataclass(frozen=True)
class Field:
    """One number of several (`Numbers`): its key, its label, its range."""

    key: str
    label: str
    low: int = 0
    high: int | None = None


def _spaced(values: Sequence[Any]) -> str:
    return " ".join(str(v) for v in values)


@dataclass(frozen=True)
class Control:
    """A generic control: `kind` names it for every screen; `notation` composes the typed answer from its values
    (a game's own where the words alone do not make it: Lost Cities' `w w 3 5`)."""

    kind: str
    options: tuple[Option, ...] = ()
    fields: tuple[Field, ...] = ()
    low: int | None = None
    high: int | None = None
    none: str = ""  # the word typed for none (a pick of nothing)
    button: str = ""  # what the one button says (a card to turn, a confirm's yes)
    notation: Callable[[Any], str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # a game's own keys for its page (a trade's parties)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.options:
            out["options"] = [o.to_json() for o in self.options]
        if self.fields:
            out["fields"] = [{"key": f.key, "label": f.label, "min": f.low, "max": f.high} for f in self.fields]
        for key, value in (("min", self.low), ("max", self.high), ("none", self.none), ("button", self.button)):
            if value not in (None, ""):
                out[key] = value
        return {**out, **self.extra}

    def compose(self, values: Any) -> str:
        """The answer as typed, from the values a screen sends: a pick's or a grid's chosen option values (a list),
        a number, several numbers (a list, in the fields' order), a text, a confirm's true or false, nothing for a
        card. InvalidInput when they are not values of this control."""
        if not self._takes(values):
            raise InvalidInput(_(NOT_VALUES).format(values=str(values)[:80]))
        if self.notation is not None:
            return self.notation(values)
        if self.kind in (PICK, GRID):
            return _spaced(values) if values else self.none
        if self.kind == NUMBERS:
            return _spaced(values)
        if self.kind == CONFIRM:
            return self.button if values else ""
        if self.kind == CARD:
            return ""
        return str(values)

    def _takes(self, values: Any) -> bool:
        if self.kind in (PICK, GRID):
            known = [o.value for o in self.options]
            return isinstance(values, list) and all(isinstance(v, str) and v in known for v in values) and all(
                values.count(v) <= known.count(v) for v in set(values))
        if self.kind == NUMBER:
            return _whole(values)
        if self.kind == NUMBERS:
            return isinstance(values, list) and len(values) <= len(self.fields) and all(_whole(v) for v in values)
        if self.kind == CONFIRM:
            return isinstance(values, bool)
        if self.kind == CARD:
            return values in (None, "", [])
        return isinstance(values, str)


def as_data(declared: Any) -> dict[str, Any] | None:
    """What a game declared for a question (Game.control) as plain data: a Control's JSON, a game's own dict as it
    is (London's event, Chinatown's trade), or None."""
    return declared.to_json() if isinstance(declared, Control) else declared


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


PICK, GRID, NUMBER, NUMBERS, TEXT, CONFIRM, CARD = "pick", "grid", "number", "numbers", "text", "confirm", "card"


def pick(options: Sequence[Option], none: str = "", notation: Callable[[Any], str] | None = None) -> Control:
    """Things to tap, any number of them (Next Station: London's objective cards completed)."""
    return Control(PICK, tuple(options), none=none, notation=notation)


def grid(options: Sequence[Option], notation: Callable[[Any], str] | None = None, **extra: Any) -> Control:
    """A grid of things toggled on and off, a value possibly more than once (Lost Cities' wagers and cards)."""
    return Control(GRID, tuple(options), notation=notation, extra=extra)


def number(low: int = 0, high: int | None = None) -> Control:
    return Control(NUMBER, low=low, high=high)


def numbers(fields: Sequence[Field], notation: Callable[[Any], str] | None = None) -> Control:
    """Several numbers in one answer (interchanges on 2, 3 and 4 lines; two dice)."""
    return Control(NUMBERS, fields=tuple(fields), notation=notation)


def text(**extra: Any) -> Control:
    return Control(TEXT, extra=extra)


def confirm(yes: str) -> Control:
    return Control(CONFIRM, button=yes)


def card(button: str) -> Control:
    """One button that answers (Enter alone at a terminal): turn the next station card."""
    return Control(CARD, button=button)
