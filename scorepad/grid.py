"""Text for the terminal: text from data made safe to print, plain-text tables (columns padded to their widest
cell, numbers right-aligned), and the standings every screen prints."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any


from calculators.core import BIDI_CONTROLS, Phrase, say
from scorepad import words
from scorepad.i18n import N_, _
from scorepad.words import number

# What json.dumps(ensure_ascii=False) leaves raw and a terminal would obey: DEL, C1, bidi overrides and isolates
# (it escapes C0 itself). Escaped as \u007f…, the same string to any JSON reader; other non-ASCII stays readable.
_JSON_RAW = {c: f"\\u{c:04x}" for c in (0x7F, *range(0x80, 0xA0), *map(ord, BIDI_CONTROLS))}
# The same characters as calculators.core.is_unsafe (category Cc is exactly C0, DEL and C1), as one pattern:
# `list --all` of 10,000 sessions looked at each character of every cell in Python.
# Compiled when first needed (functools.cache): safe() sees printable text nearly always, and never needs it then.
_UNSAFE = "[\x00-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]"


@functools.cache
def _unsafe() -> re.Pattern[str]:
    return re.compile(_UNSAFE)


def safe(text: Any, keep: str = "") -> str:
    """`text` with every character that could drive the terminal or reorder the line (C0, DEL, C1, bidi
    overrides and isolates) written as its escape (\\x1b, \\u202e), as a table file's rules refuse them at input
    and an older database may still hold them. `keep`: characters our own text uses (a newline between lines).
    ZWNJ, ZWJ, LRM and RLM, which Persian and Arabic names need, print as they are.

    >>> safe("Ben\\x1b[2J \\u202eanA\\u200c"), safe("a\\nb", keep="\\n")
    ('Ben\\\\x1b[2J \\\\u202eanA\\u200c', 'a\\nb')
    """
    text = str(text)
    if text.isprintable():  # the usual case, at C speed: every character escaped below is unprintable (Cc, Cf)
        return text
    probe = text
    for c in keep:  # a whole screen (`list --all`: 10,000 lines) is looked at in C, not a call per newline
        probe = probe.replace(c, "")
    if probe.isprintable() or not _unsafe().search(probe):
        return text
    return _unsafe().sub(lambda m: m[0] if m[0] in keep else ascii(m[0])[1:-1], text)


def json_text(value: Any, **options: Any) -> str:
    """JSON as scorepad prints and writes it: readable non-ASCII, and nothing a terminal would obey."""
    return json.dumps(value, ensure_ascii=False, **options).translate(_JSON_RAW)


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)  # a real minus sign reads better than a hyphen in a column of figures
    return safe(value)  # a player's name from an older database


@functools.lru_cache(maxsize=4096)  # the same names and figures fill a long list again and again
def width(text: str) -> int:
    """Columns a text takes in a terminal, as wcwidth counts them: a Chinese character takes two, a combining
    mark, ZWNJ or ZWJ none, an emoji two (a family joined by ZWJ: two in all).

    >>> width("Ana"), width("王小明"), width("می\u200cخواهم"), width("e\u0301"), width("👩\u200d👩\u200d👧")
    (3, 6, 7, 1, 2)
    """
    if text.isascii():
        return len(text)
    # wcwidth's import is a third of `import typer` (docs/performance.md, The terminal): only a command that
    # measures a text beyond ASCII pays for it (docs/architecture.md, late imports).
    from wcwidth import wcswidth

    columns = wcswidth(text)
    return columns if columns >= 0 else len(text)  # a control character: escaped before it is shown


def grid(headers: Sequence[Any], rows: Sequence[Sequence[Any]], indent: str = "  ",
         text: Collection[int] = ()) -> str:
    """Headers, a rule, then rows; a column of ints (or figures) is right-aligned, except the columns `text` names
    by position (a day or a list of ids: one holding only "—", or only single ids, still reads as text).

    Made column by column (`list --all` prints 10,000 rows): a column in ASCII alone is measured by len and padded
    by str.ljust/rjust; any other is measured by `width`. A row shorter than the headers ends early."""
    count = len(headers)
    if not count:
        return "\n".join([indent.rstrip(), indent, *(indent.rstrip() for _row in rows)])
    if all(len(row) == count for row in rows):  # the usual table: transposed at C speed
        given = list(zip(headers, *rows)) if rows else [(header,) for header in headers]
    else:
        given = [(header, *(row[i] if i < len(row) else "" for row in rows)) for i, header in enumerate(headers)]
    padded, wides = [], []
    for at, values in enumerate(given):
        # cell(value), without a call for the usual cells (printable text, a whole number not below zero)
        column = [value if value.__class__ is str and value.isprintable()
                  else str(value) if value.__class__ is int and value >= 0 else cell(value) for value in values]
        filled = [value for value in values[1:] if value is not None and value != ""]
        right = bool(filled) and at not in text and all(map(_is_figure, filled))
        if "".join(column).isascii():
            wide = max(map(len, column))
            padded.append([text.rjust(wide) for text in column] if right else [text.ljust(wide) for text in column])
        else:
            widths = [width(text) for text in column]
            wide = max(widths)
            padded.append([text.rjust(wide - w + len(text)) if right else text.ljust(wide - w + len(text))
                           for text, w in zip(column, widths)])
        wides.append(wide)
    lines = [(indent + "  ".join(parts)).rstrip() for parts in zip(*padded)]
    rule = indent + "  ".join("─" * wide for wide in wides)
    return "\n".join([lines[0], rule, *lines[1:]])


# A figure as scorepad prints one: 12, −3, +2, ×2, $50,000, 41.50, 58.33% (the language's thousands and decimal
# marks: ٬ ٫ ٪ too), a mean and its count "7.00 (2)"; "—" where there is none. Right-aligned in a column of them.
_FIGURE = re.compile(r"[+−×$-]*\d[\d,.٫٬]*[%٪]?( \(\d+\))?|—")


def _is_figure(value: Any) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, str) and _FIGURE.fullmatch(value) is not None


# --- standings: `score`, `show` and the end of a guided game print them through standings_text ------------

FINAL_TITLE = N_("Final standings:")
SO_FAR_TITLE = N_("Standings so far:")
BREAKDOWN_TITLE = N_("Breakdown:")
RANK = N_("Rank")
PLAYER = N_("Player")
# TRANSLATORS: a column of the standings: a round by the game's name for it and its number ("Round 2", "Game 2").
ROUND_COLUMN = N_("{label} {number}")
TOTAL = N_("Total")
# TRANSLATORS: the last row of the breakdown table, the sum of the parts above it.
BREAKDOWN_TOTAL = N_("total")
# TRANSLATORS: under the standings, one line for each step of the tie-break ({line} says who it put ahead).
TIE_BREAK = N_("Tie-break: {line}")


def names_text(names: Sequence[str]) -> str:
    """`Ana`, `Ana and Ben`, `Ana, Ben and Cy` (in the table's language), each name safe to print."""
    return words.names_text([safe(name) for name in names])


def standings_text(result: Any, game: Any, finished: bool = True, breakdown: bool = True) -> str:
    """The standings of a scored table, the same on every screen: rank, player, each round and the total;
    the game's breakdown (its own, e.g. London's reckoning step by step, else each player's `parts`); who
    wins (or, in a game still being played, who leads); each tie-break in words; the game's notes (a solo
    rating)."""
    f = game.figure or cell  # a game's own way to print a score (Chinatown: "$988,000")
    rounds = max((len(s.rounds) for s in result.standings), default=0)
    label = _(game.label_for(result.variants))
    headers = [_(RANK), _(PLAYER), *[_(ROUND_COLUMN).format(label=label, number=n) for n in range(1, rounds + 1)],
               _(TOTAL)]
    rows = [[s.rank, s.player, *map(f, s.rounds), f(s.total)] for s in result.standings]
    lines = [_(FINAL_TITLE if finished else SO_FAR_TITLE), grid(headers, rows)]
    parts = (game.breakdown(result) if game.breakdown else _parts(result, f)) if breakdown else ""
    if parts:  # without it (`edit` prints only what changed, then these standings)
        lines += ["", parts]
    top = result.standings[0]
    lines += ["", words.winner_line([safe(name) for name in result.winners], f(top.total), finished=finished,
                                    solo=len(result.standings) == 1)]
    lines += [_(TIE_BREAK).format(line=say(line) if isinstance(line, Phrase) else line) for line in result.tiebreaks]
    return "\n".join([*lines, *game.result_notes(result)])


def _parts(result: Any, f: Callable[[int], str]) -> str:
    """Each player's `parts` (expeditions, income and trades, lines and tourist track), a column per player."""
    labels = list(dict.fromkeys(label for s in result.standings for label in s.parts))
    if not labels:
        return ""
    # A part's name is the calculators' key; a game that words its parts marks them for the catalogue.
    rows = [[_(label), *[f(s.parts.get(label, 0)) for s in result.standings]] for label in labels]
    rows.append([_(BREAKDOWN_TOTAL), *[f(s.total) for s in result.standings]])
    return _(BREAKDOWN_TITLE) + "\n" + grid(["", *[s.player for s in result.standings]], rows)
