"""Text for the terminal: text from data made safe to print, plain-text tables (columns padded to their widest
cell, numbers right-aligned), and the standings every screen prints."""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from calculators.core import BIDI_CONTROLS, Phrase, say

# What json.dumps(ensure_ascii=False) leaves raw and a terminal would obey: DEL, C1, bidi overrides and isolates
# (it escapes C0 itself). Escaped as \u007f…, the same string to any JSON reader; other non-ASCII stays readable.
_JSON_RAW = {c: f"\\u{c:04x}" for c in (0x7F, *range(0x80, 0xA0), *map(ord, BIDI_CONTROLS))}
# The same characters as calculators.core.is_unsafe (category Cc is exactly C0, DEL and C1), as one pattern:
# `list --all` of 10,000 sessions looked at each character of every cell in Python.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")


def safe(text: Any, keep: str = "") -> str:
    """`text` with every character that could drive the terminal or reorder the line (C0, DEL, C1, bidi
    overrides and isolates) written as its escape (\\x1b, \\u202e), as a table file's rules refuse them at input
    and an older database may still hold them. `keep`: characters our own text uses (a newline between lines).
    ZWNJ, ZWJ, LRM and RLM, which Persian and Arabic names need, print as they are.

    >>> safe("Ben\\x1b[2J \\u202eanA\\u200c"), safe("a\\nb", keep="\\n")
    ('Ben\\\\x1b[2J \\\\u202eanA\\u200c', 'a\\nb')
    """
    text = str(text)
    if text.isascii() and text.isprintable():  # the usual case, at C speed
        return text
    return _UNSAFE.sub(lambda m: m[0] if m[0] in keep else ascii(m[0])[1:-1], text)


def json_text(value: Any, **options: Any) -> str:
    """JSON as scorepad prints and writes it: readable non-ASCII, and nothing a terminal would obey."""
    return json.dumps(value, ensure_ascii=False, **options).translate(_JSON_RAW)


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"  # a real minus sign reads better than a hyphen in a column of figures
    return safe(value)  # a player's name from an older database


@functools.lru_cache(maxsize=4096)  # the same names and figures fill a long list again and again
def width(text: str) -> int:
    """Columns a text takes in a terminal: a Chinese or Japanese character takes two, a combining accent none."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, columns: int, right: bool) -> str:
    fill = " " * (columns - width(text))
    return fill + text if right else text + fill


def grid(headers: Sequence[Any], rows: Sequence[Sequence[Any]], indent: str = "  ") -> str:
    """Headers, a rule, then rows; a cell holding an int (or a figure) is right-aligned."""
    texts = [[cell(v) for v in headers]] + [[cell(v) for v in row] for row in rows]
    widths = [max(width(r[i]) for r in texts if i < len(r)) for i in range(len(headers))]
    numeric = [all(_is_figure(row[i]) for row in rows if i < len(row) and row[i] not in (None, ""))
               and any(i < len(row) and row[i] not in (None, "") for row in rows) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        parts = [_pad(c, widths[i], numeric[i]) for i, c in enumerate(row)]
        return (indent + "  ".join(parts)).rstrip()

    rule = indent + "  ".join("─" * w for w in widths)
    return "\n".join([line(texts[0]), rule] + [line(r) for r in texts[1:]])


def _is_figure(value: Any) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return True
    return isinstance(value, str) and value.lstrip("+−-×$").replace(",", "").isdigit()


# --- standings: `score`, `show` and the end of a guided game print them through standings_text ------------

FINAL_TITLE = "Final standings:"
SO_FAR_TITLE = "Standings so far:"
BREAKDOWN_TITLE = "Breakdown:"
WINS = "{names} wins with {total}."
SHARE_WIN = "{names} share the win with {total} each."
LEADS = "{names} leads with {total}."
SHARE_LEAD = "{names} share the lead with {total} each."
SCORES = "{names} scores {total}."  # a solo game (Next Station: London) has a score, not a winner
HAS_SO_FAR = "{names} has {total} so far."
TIE_BREAK = "Tie-break: {line}"


def names_text(names: Sequence[str]) -> str:
    """`Ana`, `Ana and Ben`, `Ana, Ben and Cy`."""
    names = [safe(name) for name in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def standings_text(result: Any, game: Any, finished: bool = True, breakdown: bool = True) -> str:
    """The standings of a scored table, the same on every screen: rank, player, each round and the total;
    the game's breakdown (its own, e.g. London's reckoning step by step, else each player's `parts`); who
    wins (or, in a game still being played, who leads); each tie-break in words; the game's notes (a solo
    rating)."""
    f = game.figure or cell  # a game's own way to print a score (Chinatown: "$988,000")
    rounds = max((len(s.rounds) for s in result.standings), default=0)
    label = game.label_for(result.variants)
    headers = ["Rank", "Player", *[f"{label} {n}" for n in range(1, rounds + 1)], "Total"]
    rows = [[s.rank, s.player, *map(f, s.rounds), f(s.total)] for s in result.standings]
    lines = [FINAL_TITLE if finished else SO_FAR_TITLE, grid(headers, rows)]
    parts = (game.breakdown(result) if game.breakdown else _parts(result, f)) if breakdown else ""
    if parts:  # without it (`edit` prints only what changed, then these standings)
        lines += ["", parts]
    top = result.standings[0]
    if len(result.standings) == 1:
        form = SCORES if finished else HAS_SO_FAR
    elif len(result.winners) == 1:
        form = WINS if finished else LEADS
    else:
        form = SHARE_WIN if finished else SHARE_LEAD
    lines += ["", form.format(names=names_text(result.winners), total=f(top.total))]
    lines += [TIE_BREAK.format(line=say(line) if isinstance(line, Phrase) else line) for line in result.tiebreaks]
    return "\n".join([*lines, *game.result_notes(result)])


def _parts(result: Any, f: Callable[[int], str]) -> str:
    """Each player's `parts` (expeditions, income and trades, lines and tourist track), a column per player."""
    labels = list(dict.fromkeys(label for s in result.standings for label in s.parts))
    if not labels:
        return ""
    rows = [[label, *[f(s.parts.get(label, 0)) for s in result.standings]] for label in labels]
    rows.append(["total", *[f(s.total) for s in result.standings]])
    return BREAKDOWN_TITLE + "\n" + grid(["", *[s.player for s in result.standings]], rows)
