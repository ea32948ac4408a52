"""The words of Chinatown's board: its questions (the lots and shops of each year), the map's titles and legends,
and the refusals of a board no table can have (calculators/chinatown_board.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.games.chinatown.names import short_name, type_word
from scorepad.games.chinatown.words import listed
from scorepad.i18n import N_, _, pgettext

# TRANSLATORS: under the guide to a year's income; `{lots}` and `{shops}` are examples of what to type, `{board}`
# the word that shows the board.
BOARD_HINT = N_("  Or count from the board: type your lots (`{lots}`), then your new shops (`{shops}`); "
                "`{board}` shows it.")
LOTS_LABEL = N_("{year} · {player}'s lots")
SHOPS_LABEL = N_("{year} · {player}'s shops")
NEW_SHOPS_LABEL = N_("{year} · {player}'s new shops")
# TRANSLATORS: how to type one's lots or shops: {example} is what to type ("12 13 40", "photo 12 13, flor 40").
TYPED_EXAMPLE = N_("e.g. `{example}`")
# TRANSLATORS: {previous} is last year ("1965"), {last} the lots owned then ("12 13 40"); an empty answer keeps them.
LOTS_KEPT = N_("{previous}: {last}; add this year's cards, `-12` for a lot traded away")
# TRANSLATORS: {last} are the shops already on the player's lots ("photo 12 13, flor 40").
ON_THE_BOARD = N_("on the board: {last}")
# TRANSLATORS: what an empty shops answer means once shops stand on the player's lots (a terminal: "Enter: none new").
NONE_NEW = N_("none new")
ECHO_LOTS = N_("  {player}'s lots: {lots} ({count})")
NO_LOTS = N_("none")
# `board` at a prompt, and the sheet.
BOARD_HELP = N_("{word}: the board as entered (lots, owners and shops)")
BOARD_EMPTY = N_("No lots entered yet: the board fills in as the players type their lots.")
# TRANSLATORS: above the board's map; each lot shows its number and its owner's letter (A, B, C…: the legend below
# says who), its shop under it.
BOARD_TITLE = N_("The board in {year} (each lot: its number, its owner's letter; its shop below):")
BOARD_LEGEND_NOBODY = N_("· nobody's")
# TRANSLATORS: {marks} are the shops' marks on the map and their names ("Ph Photo · Fl Florist").
BOARD_TYPES_LEGEND = N_("Shops: {marks}")
SHEET_BOARD = N_("The board in {year}")

# The refusals of a typed lot or shop, and of calculators/chinatown_board.py.
NOT_A_LOT = N_("{lot!r} is not a lot of the board (1–{last})")
NOT_LOT_WORD = N_("{token!r} is not a lot number (e.g. `{example}`)")
# TRANSLATORS: {name} is a business type as typed, without lots after it.
SHOP_LOTS = N_("which lots hold the {name} shops? e.g. `{name} 12 13`")
# TRANSLATORS: {given} and {derived} are lists of businesses ("photo 3, florist 2").
NOT_THE_BOARD = N_("the businesses given ({given}) are not the ones the board makes ({derived})")
OVER_SUPPLY_LOT = N_("in {year} the {kind} shop on lot {lot} is one more than the box holds ({supply} {kind} "
                     "tiles)")
# TRANSLATORS: {owned} lots owned by all the players together; {kept} building cards kept by everyone so far.
TOO_MANY_LOTS = N_("with lot {lot} the players own {owned} lots in {year}, but only {kept} building cards were kept "
                   "by then")
TOO_FEW_LOTS = N_("the players own {owned} lots in {year}, but {kept} building cards were kept by then: a lot is "
                  "missing")
# TRANSLATORS: {before} and {year} are years (1965, 1966).
LOT_LOST = N_("lot {lot} was theirs in {before} and is nobody's in {year}: a lot once owned stays owned")
SHOP_NOT_OWNED = N_("in {year} a {kind} shop stands on lot {lot}, which is not theirs")
SHOP_GONE = N_("in {year} lot {lot} has no {kind} shop, but one stood there in {before}: shops never move")
SHOP_CHANGED = N_("in {year} lot {lot} holds {now}, but a {kind} shop stood there in {before}: shops never move "
                  "or change")


def board_word() -> str:
    """The word typed for the board (`board`, and the form of the question before the first income)."""
    # TRANSLATORS: typed at any prompt of a Chinatown game to see the board, and to choose to count businesses
    # from it. One short word, no spaces; `board` always works too.
    return pgettext("typed word", "board").strip().casefold() or "board"


def lots_word() -> str:
    # TRANSLATORS: may start a list of lots as typed (`lots 12 13 40`); `lots` always works too.
    return pgettext("typed word", "lots").strip().casefold() or "lots"


def lots_example() -> str:
    return "12 13 40"


def shops_example() -> str:
    return listed([f"{short_name('photo')} 12 13", f"{short_name('florist')} 40"])


def _businesses(items: Any) -> str:
    return listed([f"{type_word(kind)} {tiles}" for kind, tiles in items]) or _(NO_LOTS)


def _shop_moved(v: Mapping[str, Any]) -> str:
    if v.get("now") is None:
        return _(SHOP_GONE).format(lot=v["lot"], kind=type_word(v["kind"]), year=v["year"], before=v["before"])
    return _(SHOP_CHANGED).format(lot=v["lot"], kind=type_word(v["kind"]), now=type_word(v["now"]), year=v["year"],
                                  before=v["before"])


PHRASES: dict[str, Any] = {
    # TRANSLATORS: {value} is what the table file holds for a player's lots.
    "chinatown.not-lots": N_("{value!r} is not a list of lot numbers"),
    "chinatown.not-a-lot": NOT_A_LOT,
    "chinatown.lot-twice": N_("lot {lot} is listed twice"),
    # TRANSLATORS: {value} is what the table file holds; {{"12": "photo"}} the shape it should have: keep it.
    "chinatown.not-shops": N_("{value!r} is not shops by lot (e.g. {{\"12\": \"photo\"}})"),
    # TRANSLATORS: {lot} is a key of the table file's shops, which should be a lot number ("12").
    "chinatown.not-a-lot-key": N_("{lot!r} is not a lot number"),
    "chinatown.shop-not-owned": lambda v: _(SHOP_NOT_OWNED).format(kind=type_word(v["kind"]), lot=v["lot"],
                                                                    year=v["year"]),
    "chinatown.no-board": N_("lots and shops need the board's layout to be counted"),
    "chinatown.not-the-board": lambda v: _(NOT_THE_BOARD).format(given=_businesses(v["given"]),
                                                                 derived=_businesses(v["derived"])),
    "chinatown.lot-owned-twice": N_("in {year} lot {lot} is {other}'s too"),
    "chinatown.board-over-supply": lambda v: _(OVER_SUPPLY_LOT).format(**{**v, "kind": type_word(v["kind"])}),
    "chinatown.too-many-lots": TOO_MANY_LOTS,
    "chinatown.too-few-lots": TOO_FEW_LOTS,
    "chinatown.lot-lost": LOT_LOST,
    "chinatown.shop-moved": _shop_moved,
    "chinatown.not-lot-word": lambda v: _(NOT_LOT_WORD).format(token=v["token"], example=lots_example()),
    "chinatown.shop-lots": SHOP_LOTS,
}
