"""Small frictions at the table (issue 22, point 4): interchanges typed short."""

import pytest

from calculators.core import InvalidInput
from scorepad.games.next_station_london.notation import parse_interchanges


# --- interchanges: `5 2` is 5 on two lines, 2 on three, none on four -------------------------------------

@pytest.mark.parametrize("typed, counts", [("5 2 1", (5, 2, 1)), ("5 2", (5, 2, 0)), ("5", (5, 0, 0)),
                                           ("", (0, 0, 0)), ("۵ ۲", (5, 2, 0)), ("0 0 3", (0, 0, 3))])
def test_interchanges_typed_short_leave_the_rest_none(typed, counts):
    assert parse_interchanges(typed, "Ana") == dict(zip(("2", "3", "4"), counts))


@pytest.mark.parametrize("typed", ["5 2 1 0", "5 x", "5,,2 1 1"])
def test_more_than_three_or_not_numbers_are_refused(typed):
    with pytest.raises(InvalidInput, match="up to three whole numbers, please"):
        parse_interchanges(typed, "Ana")
