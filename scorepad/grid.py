"""Plain-text tables for the terminal: columns padded to their widest cell, numbers right-aligned."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"  # a real minus sign reads better than a hyphen in a column of figures
    return str(value)


def width(text: str) -> int:
    """Columns a text takes in a terminal: a Chinese or Japanese character takes two, a combining accent none."""
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


def result_text(result: Any, round_label: str = "Round", finished: bool = True,
                figure: Callable[[int], str] | None = None, notes: Sequence[str] = ()) -> str:
    """Standings with per-round subtotals, then each player's breakdown (`parts`), then the winners
    (or, in a game still being played, who leads), then the game's `notes` (a solo rating)."""
    rounds = max((len(s.rounds) for s in result.standings), default=0)
    headers = ["Rank", "Player", *[f"{round_label} {n}" for n in range(1, rounds + 1)], "Total"]
    f = figure or (lambda value: value)  # a game's own way to print a score (Chinatown: "$988,000")
    text = grid(headers, [[s.rank, s.player, *map(f, s.rounds), f(s.total)] for s in result.standings])
    labels = list(dict.fromkeys(label for s in result.standings for label in s.parts))
    if labels:
        rows = [[label, *[f(s.parts.get(label, 0)) for s in result.standings]] for label in labels]
        rows.append(["total", *[f(s.total) for s in result.standings]])
        text += "\n\nBreakdown:\n" + grid(["", *[s.player for s in result.standings]], rows)
    winners = result.winners
    if len(result.standings) == 1:  # a solo game (Next Station: London) has a score, not a winner
        verb = "scores" if finished else "has so far"
        text += f"\n\n{result.standings[0].player} {verb} {cell(result.standings[0].total)}."
        return "\n".join([text, *notes])
    if finished:
        verb = "wins" if len(winners) == 1 else "share the win"
    else:
        verb = "leads" if len(winners) == 1 else "share the lead"
    text += f"\n\n{' and '.join(winners)} {verb}."
    for line in result.tiebreaks:
        text += f"\nTie-break: {line}"
    return "\n".join([text, *notes])
