"""Text for the terminal: text from data made safe to print, plain-text tables (columns padded to their widest
cell, numbers right-aligned), text and tables fitted to the terminal's width, and the standings every screen
prints."""

from __future__ import annotations

import contextvars
import functools
import json
import re
import unicodedata
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
# And the line and paragraph separators (U+2028, U+2029): a terminal breaks the line there or shows nothing, so a
# column holding one no longer lines up.
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(BIDI_CONTROLS)) + "]"


@functools.cache
def _unsafe() -> re.Pattern[str]:
    return re.compile(_UNSAFE)


def safe(text: Any, keep: str = "") -> str:
    """`text` with every character that could drive the terminal, break or reorder the line (C0, DEL, C1, U+2028,
    U+2029, bidi overrides and isolates) written as its escape (\\x1b, \\u202e), as a table file's rules refuse them at input
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
    by position (a day or a list of ids: one holding only "—", or only single ids, still reads as text). Wider than
    the terminal (fit_to), the widest columns of text wrap their cells at word breaks (a row then takes several
    lines), each rule as wide as its column; a table that cannot fit so is printed in parts, one under the other,
    each beginning with the columns that name a row.

    Made column by column (`list --all` prints 10,000 rows): a column in ASCII alone is measured by len and padded
    by str.ljust/rjust; any other is measured by `width`. A row shorter than the headers ends early."""
    count = len(headers)
    if not count:
        return "\n".join([indent.rstrip(), indent, *(indent.rstrip() for _row in rows)])
    if all(len(row) == count for row in rows):  # the usual table: transposed at C speed
        given = list(zip(headers, *rows)) if rows else [(header,) for header in headers]
    else:
        given = [(header, *(row[i] if i < len(row) else "" for row in rows)) for i, header in enumerate(headers)]
    columns, rights, wides = [], [], []
    for at, values in enumerate(given):
        # cell(value), without a call for the usual cells (printable text, a whole number not below zero)
        column = [value if value.__class__ is str and value.isprintable()
                  else str(value) if value.__class__ is int and value >= 0 else cell(value) for value in values]
        filled = [value for value in values[1:] if value is not None and value != ""]
        columns.append(column)
        rights.append(bool(filled) and at not in text and all(map(_is_figure, filled)))
        wides.append(max(map(len, column)) if "".join(column).isascii() else max(map(width, column)))
    return _layout(columns, rights, wides, indent, _fitting.get())


def _layout(columns: list[list[str]], rights: list[bool], wides: list[int], indent: str, room: int | None,
            parts: bool = True) -> str:
    """Columns of cells (the heading first) as a table: as they are, or fitted to `room` terminal columns."""
    if room is not None and width(indent) + sum(wides) + 2 * (len(wides) - 1) > room:
        return _fitted(columns, rights, wides, indent, room, parts)
    padded = [[cell_.rjust(wide) if right else cell_.ljust(wide) for cell_ in column] if "".join(column).isascii()
              else [_pad(cell_, wide, right) for cell_ in column]
              for column, right, wide in zip(columns, rights, wides)]
    lines = [(indent + "  ".join(parts)).rstrip() for parts in zip(*padded)]
    rule = indent + "  ".join("─" * wide for wide in wides)
    return "\n".join([lines[0], rule, *lines[1:]])


def _pad(text: str, wide: int, right: bool = False) -> str:
    """`text` padded to `wide` terminal columns (a Chinese character takes two)."""
    room = wide - width(text) + len(text)
    return text.rjust(room) if right else text.ljust(room)


def _fitted(columns: list[list[str]], rights: list[bool], wides: list[int], indent: str, room: int,
            parts: bool = True) -> str:
    """A table too wide for `room` columns: its widest columns of text narrowed, one column at a time, down to their
    longest word (and only if that is not enough, down to the parts of a hyphenated one: `next-station-`, then with
    one space between the columns instead of two); each cell wrapped within its column, a row as many lines as its
    fullest cell, each column (and its rule) as wide as what it then holds. A table that does not fit even so is
    printed in `parts`: tables one under the other, each with the columns that name a row (_keys) and as many of
    the others as fit."""
    full = list(wides)
    over = width(indent) + sum(wides) + 2 * (len(wides) - 1) - room
    hyphens, gap = False, "  "
    for hyphens, gap in ((False, "  "), (True, "  "), (True, " ")):  # last, one space between the columns
        over -= (len(wides) - 1) * (2 - len(gap)) if gap == " " else 0
        # A column of figures keeps each figure whole on one line; only its heading may wrap, at its words.
        least = [max([1, *(width(unit) for text in (column[:1] if right else column) for word in text.split(" ")
                           for unit in break_units(word, hyphens)), *(map(width, column[1:]) if right else ())])
                 for column, right in zip(columns, rights)]
        while over > 0:
            slack = [(wide, at) for at, (wide, low) in enumerate(zip(wides, least)) if wide > low]
            if not slack:
                break
            at = max(slack)[1]
            wides[at] -= 1
            over -= 1
        if over <= 0:
            break
    keys = _keys(rights)
    if over > 0 and parts and len(columns) > keys + 1:
        return "\n\n".join(_layout([columns[at] for at in group], [rights[at] for at in group],
                                    [full[at] for at in group], indent, room, parts=False)
                            for group in _parts_of(full, keys, indent, room))
    narrowed = [at for at, (wide, was) in enumerate(zip(wides, full)) if wide < was]
    wrapped = [[wrap_line(text, wide, "", hyphens) if width(text) > wide else [text] for text in column]
               for column, wide in zip(columns, wides)]
    # A column wrapped at word breaks holds less than its width: each narrowed column is as wide as its lines, and
    # what that frees goes once to the others narrowed (the narrowest first), their cells wrapped again.
    for at in narrowed:
        wides[at] = max(width(part) for text in wrapped[at] for part in text)
    free = room - (width(indent) + sum(wides) + len(gap) * (len(wides) - 1))
    for at in sorted(narrowed, key=wides.__getitem__):
        more = min(free, full[at] - wides[at])
        if more > 0:
            wrapped[at] = [wrap_line(text, wides[at] + more, "", hyphens) if width(text) > wides[at] + more
                           else [text] for text in columns[at]]
            wider = max(width(part) for text in wrapped[at] for part in text)
            free -= wider - wides[at]
            wides[at] = wider
    lines = []
    for row in zip(*wrapped):
        for depth in range(max(map(len, row))):
            cells = [_pad(cell_[depth] if depth < len(cell_) else "", wide, right)
                     for cell_, wide, right in zip(row, wides, rights)]
            lines.append((indent + gap.join(cells)).rstrip())
    head = max(map(len, (column[0] for column in wrapped)))
    rule = indent + gap.join("─" * wide for wide in wides)
    # Narrower than the columns that name a row and one other: each line (the heading's too, above the rule) still
    # wraps where a line may break, never in a word.
    heading = [part for line in lines[:head] for part in wrap_line(line, room, indent)]
    return "\n".join([*heading, rule, *(part for line in lines[head:] for part in wrap_line(line, room, indent))])


def _keys(rights: list[bool]) -> int:
    """How many columns name a row, to be repeated in each part of a table too wide: those up to the first column of
    text (a rank and a player, an id and a game, a player, the name of a step)."""
    return next((at + 1 for at, right in enumerate(rights) if not right), 1)


def _parts_of(wides: list[int], keys: int, indent: str, room: int) -> list[list[int]]:
    """The columns of each part of a table too wide for `room`: the first `keys` columns, then as many of the next
    as fit at their widths (at least one: a part too wide is narrowed on its own)."""
    groups: list[list[int]] = []
    for at in range(keys, len(wides)):
        group = groups[-1] if groups else None
        if group is None or width(indent) + sum(wides[k] for k in group) + 2 * len(group) + wides[at] > room:
            groups.append([*range(keys), at])
        else:
            group.append(at)
    return groups


# --- text fitted to the terminal's width ------------------------------------------------------------------

# How many columns the terminal has, for this run (the command line sets it: scorepad.cli.output): None, no limit
# (a file, a pipe, a phone's page). A context variable, as the language is.
_fitting: contextvars.ContextVar[int | None] = contextvars.ContextVar("scorepad_columns", default=None)
# Where a line may break inside a word: between two wide (CJK) characters, but never before a closing mark nor
# after an opening one (Chinese keeps "，" and "）" on the line of the character before them).
_OPENING = frozenset("（「『《〈【〔［｛(“‘")
_CLOSING = frozenset("，。、；：？！）」』》〉】〕］｝…,.;:?!)”’%％·／")
# A list item's mark, after the indent: its next lines start under the text after it.
_HYPHENS = re.compile(r"(?<=[^\W\d_]-)(?=[^\W\d_])")  # after a hyphen between two letters (of any script)
_NAME_LENGTH = 4  # the most characters of a Chinese name: a longer run without punctuation is a sentence
_MARK = re.compile(r" *(?:[•·*✗→-]|\d{1,2}[.)])\s+")
# A label and the gap after it (two spaces or more), near the start: its next lines start under the text after it.
_LABEL = re.compile(r" *[^ ].{0,22}?[^ ]( {2,})(?:= )?")


def fit_to(columns: int | None) -> None:
    """Fit tables and text to a terminal this many columns wide from now on, in this thread or task (None: no
    limit)."""
    _fitting.set(columns if columns is None else max(columns, 1))


def fitting() -> int | None:
    """The terminal's width that text is fitted to now (None: no limit)."""
    return _fitting.get()


def _wide(c: str) -> bool:
    return unicodedata.east_asian_width(c) in "WF"


def break_units(word: str, hyphens: bool = False) -> list[str]:
    """The pieces of a word between which a line may break: the word itself (with `hyphens`, its parts after a
    hyphen between two letters: `next-station-` `london`), unless it holds Chinese. Chinese
    breaks after its punctuation (、，：…), and between the characters of a run longer than a name (a sentence),
    never before a closing mark nor after an opening one. A Persian or Russian word never breaks.

    >>> break_units("lost-cities"), break_units("lost-cities", True), break_units("2026-11-29", True)
    (['lost-cities'], ['lost-', 'cities'], ['2026-11-29'])
    >>> break_units("Ana"), break_units("王小明、李美華"), break_units("請輸入三個整數（例如5）：")
    (['Ana'], ['王小明、', '李美華'], ['請', '輸', '入', '三', '個', '整', '數', '（例', '如', '5）：'])
    >>> break_units("獲勝（$802,000）"), break_units("王小明王、李美華李")
    (['獲勝', '（$802,000）'], ['王小明王、', '李美華李'])
    """
    if word.isascii() or not any(map(_wide, word)):
        return _HYPHENS.split(word) if hyphens else [word]
    pieces = [word[0]]  # first at punctuation: a name of Chinese characters stays whole
    for before, c in zip(word, word[1:]):
        # at a mark beside a Chinese character: never inside a figure or a word of Latin letters ("$802,000")
        if (before in _CLOSING or c in _OPENING) and c not in _CLOSING and before not in _OPENING \
                and (_wide(before) or _wide(c)):
            pieces.append(c)
        else:
            pieces[-1] += c
    units: list[str] = []
    for piece in pieces:
        core = piece.rstrip("".join(_CLOSING))  # a name of four and its "、" stay whole; "（例如5）：" is no name
        if len(core) <= _NAME_LENGTH and core[:1] not in _OPENING or len(piece) <= _NAME_LENGTH:
            units.append(piece)
            continue
        units.append(piece[0])
        for before, c in zip(piece, piece[1:]):
            if (_wide(c) or _wide(before)) and c not in _CLOSING and before not in _OPENING:
                units.append(c)
            else:
                units[-1] += c
    return units


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" "))]


def hanging(line: str) -> str:
    """Where a line's next lines start when it wraps: under the text after a list item's mark ("  • ", "  1. "),
    or after a label and its gap ("  districts  = "); else two columns in from an indented line's own indent (a
    line that is not indented goes on where it started)."""
    found = _MARK.match(line) or _LABEL.match(line)
    if found:
        return " " * width(found.group(0))
    lead = _indent(line)
    return lead + "  " if lead else ""


def wrap_line(line: str, columns: int, hang: str | None = None, hyphens: bool = False) -> list[str]:
    """`line` cut into lines of at most `columns` terminal columns where a line may break (at spaces, and between
    Chinese characters; with `hyphens`, after a hyphen between letters), never inside a word; the next lines start
    with `hang` (default: hanging(line)). A word wider than a line stays whole on a line of its own.

    >>> wrap_line("  • Deal 8 cards to each of you, face down.", 24)
    ['  • Deal 8 cards to each', '    of you, face down.']
    >>> wrap_line("請輸入三個整數：在2、3、4條路線上的車站數", 20)
    ['請輸入三個整數：', '在2、3、4條路線上的', '車站數']
    """
    if width(line) <= columns:
        return [line]
    lead = _indent(line)
    hang = hanging(line) if hang is None else hang
    lines, now, filled = [], lead, False
    for gap, word in re.findall(r"( *)([^ ]+)", line[len(lead):]):
        for k, unit in enumerate(break_units(word, hyphens)):
            space = gap if k == 0 and filled else ""
            if filled and width(now + space + unit) > columns:
                lines.append(now.rstrip())
                now = hang + unit
            elif not filled and width(now + unit) > columns:
                now = hang + unit  # indented past the line's end: the word starts where the next lines do
            else:
                now += space + unit
            filled = True
    lines.append(now.rstrip())
    return lines


def fit(text: str, columns: int | None = None) -> str:
    """`text` with each line wider than the terminal (`columns`, default fitting()) wrapped where a line may
    break. A line that stops mid-sentence and the lines after it indented as far or further (not list items, not a
    table's aligned cells) are one paragraph: if a line of it is too wide, it is wrapped whole, its next lines
    starting where they did (or, indented as far, as a line's next lines do: hanging()).

    >>> print(fit("Turn: play a card on your own expedition,\\n      or discard it.", 30))
    Turn: play a card on your own
          expedition, or discard
          it.
    """
    columns = _fitting.get() if columns is None else columns
    if columns is None or text.isascii() and max(map(len, text.split("\n"))) <= columns:
        return text
    lines = text.split("\n")
    if all(width(line) <= columns for line in lines):
        return text
    out, at = [], 0
    while at < len(lines):
        line = first = lines[at]
        paragraph = [first]
        at += 1
        hang = hanging(first)
        if at < len(lines) and _continues(lines[at], first) and len(_indent(lines[at])) > len(_indent(first)):
            hang = _indent(lines[at])
        while at < len(lines) and _continues(lines[at], first) and _indent(lines[at]) in (hang, _indent(first)) \
                and not _ends(line, further=_indent(lines[at]) != _indent(first)):
            line += " " + lines[at].strip()
            paragraph.append(lines[at])
            at += 1
        # as it is if every line of it fits; else wrapped whole, from its first line (which may fit)
        out += paragraph if all(width(part) <= columns for part in paragraph) else wrap_line(line, columns, hang)
    return "\n".join(out)


def _continues(line: str, before: str) -> bool:
    """Whether `line` goes on with the paragraph of the line `before` it: indented further, or as far where
    `before` stops mid-sentence; not a list item; neither of them a table's row (cells apart by two spaces or
    more), unless `line` is indented further and `before` stops mid-sentence (a guide's steps apart by two spaces:
    "on that\n      colour's pile;  2. draw"); not the next item after a label (`thames    = …` then, as far in,
    `tourist sites = …`)."""
    text = line.strip()
    further = len(_indent(line)) > len(_indent(before))
    if _MARK.match(before) and not further:  # a list item's next lines hang under its text: "  • Cy: Pink" ends
        return False
    return (bool(text) and (further or len(_indent(line)) == len(_indent(before)) and not _ends(before)
                            and not _LABEL.match(before))
            and not _MARK.match(line) and ("  " not in text or further and not _ends(before))
            and "  " not in before.strip()[len(hanging(before)) - len(_indent(before)):])


def _ends(line: str, further: bool = False) -> bool:
    """Whether a line ends a sentence or introduces what follows (. : ? ! ; in any script); `further`: what follows
    is indented further, and after a semicolon goes on with it ("… plus its £ cost;\n  cards go on …")."""
    return line.rstrip()[-1:] in (".:?!。：？！؟…" if further else ".:?!;。：？！；؟؛…")


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
