"""calculators.core.record: the value classes of the calculators and games behave as the dataclasses they replace.

Each behaviour is checked on one class made both ways, `@dataclasses.dataclass(frozen=True)` and `@record`, so a
difference between the two fails here rather than somewhere a game relies on it."""

import dataclasses
from collections.abc import Mapping

import pytest

from calculators.core import record


def _card(make):
    @make
    class Card:
        colour: str
        number: int = 0
        marks: Mapping[str, int] = dataclasses.field(default_factory=dict)

        def __post_init__(self):
            if self.number < 0:
                raise ValueError("negative")

        @property
        def worth(self):
            return self.number * 2

    return Card


FROZEN = {"dataclass": _card(dataclasses.dataclass(frozen=True)), "record": _card(record)}


def _behaviour(Card):
    seen = {}
    a, b = Card("red", 5), Card("red", 5)
    seen["repr"] = repr(Card("red", 5, {"x": 1})).replace("record", "dataclass")
    seen["eq"] = (a == b, a == Card("red"), a != Card("blue", 5), a == ("red", 5, {}))
    seen["hash"] = hash(Card("red", 5, ())) == hash(Card("red", 5, ()))
    seen["factory"] = Card("red").marks == {} and Card("red").marks is not Card("red").marks
    seen["keywords"] = Card(number=3, colour="blue").worth
    seen["fields"] = [f.name for f in dataclasses.fields(Card)]
    seen["replace"] = repr(dataclasses.replace(a, number=7))
    seen["match"] = Card.__match_args__
    for name, attempt in {"assign": lambda: setattr(a, "number", 3), "delete": lambda: delattr(a, "colour"),
                          "new": lambda: setattr(a, "other", 1), "missing": lambda: Card(),
                          "too many": lambda: Card("red", 1, {}, 4), "unknown": lambda: Card("red", size=2),
                          "twice": lambda: Card("red", colour="blue"), "post_init": lambda: Card("red", -1)}.items():
        try:
            attempt()
        except Exception as error:  # noqa: BLE001 - what each raises is what is compared
            seen[name] = type(error).__name__
    seen["after"] = (a.number, a.colour)
    return seen


def test_record_behaves_as_a_frozen_dataclass():
    assert _behaviour(FROZEN["record"]) == _behaviour(FROZEN["dataclass"])


def test_record_is_a_dataclass_to_the_library():
    Card = FROZEN["record"]
    assert dataclasses.is_dataclass(Card) and dataclasses.asdict(Card("red", 2)) == {"colour": "red", "number": 2,
                                                                                      "marks": {}}


def test_a_record_that_may_change():
    @record(frozen=False)
    class Tally:
        count: int = 0
        names: list = dataclasses.field(default_factory=list)

    tally = Tally()
    tally.count += 2
    tally.names.append("Ana")
    assert tally == Tally(2, ["Ana"]) and tally != Tally(2)
    with pytest.raises(TypeError):
        hash(tally)  # as a dataclass with eq and without frozen: unhashable
