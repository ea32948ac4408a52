"""Scripts that are not drawn a character at a time: Arabic letters joined (arabic-reshaper) and lines put in the
order they are drawn (python-bidi), and where a line of Chinese may break.

Persian and Arabic pages run right to left: each line is joined and reordered on its own, in the page's direction.
"""

from __future__ import annotations

import re
import unicodedata

from arabic_reshaper import ArabicReshaper
from arabic_reshaper.ligatures import SENTENCES_LIGATURES
from bidi import get_display
from bidi.mirror import MIRRORED

# Code points that pick a font: Arabic script (with the presentation forms the reshaper produces).
ARABIC_RANGES = ((0x0600, 0x06FF), (0x0750, 0x077F), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
# arabic_reshaper's own options, with its ligatures of whole phrases ("bismillah") off, as they are by default:
# letters then join only inside a word, so a line's joined forms are its words' (join).
RESHAPER = ArabicReshaper(configuration={name: False for name, _forms in SENTENCES_LIGATURES})

# Chinese has no spaces: a line may break between any two ideographs, but not before a closing mark
# (，。、) nor after an opening one (（「), as Chinese typesetting does.
_CJK_BREAKABLE = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
_NO_BREAK_BEFORE = frozenset("，。、；：？！）」』】》〉・…,.;:?!)")
_NO_BREAK_AFTER = frozenset("（「『【《〈(")


# Scripts whose letters a font draws only after shaping this program does not do (HarfBuzz's job): Hebrew (right to
# left), Syriac, N'Ko, the Indic scripts (conjuncts, vowel signs placed before their consonant), Thai, Lao, Tibetan,
# Myanmar, Khmer, Mongolian. Drawn one by one they read wrong: a sheet says so (text.Pen.warnings).
UNSHAPED_RANGES = ((0x0590, 0x05FF), (0x0700, 0x074F), (0x07C0, 0x07FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF),
                   (0x1000, 0x109F), (0x1780, 0x18AF), (0xA8E0, 0xA8FF), (0xFB1D, 0xFB4F))


def needs_shaping(ch: str) -> bool:
    """Is `ch` of a script a sheet cannot draw as it is written (UNSHAPED_RANGES)?"""
    code = ord(ch)
    return 0x0590 <= code and any(lo <= code <= hi for lo, hi in UNSHAPED_RANGES)


def script_of(ch: str) -> str:
    """The script's name as Unicode gives it (DEVANAGARI LETTER NA: Devanagari), for a warning."""
    return unicodedata.name(ch, "?").split(" ")[0].title()


def is_arabic(ch: str) -> bool:
    """Is `ch` Arabic script (joined, reordered and drawn in the Arabic font)? Other characters take the font
    that has them."""
    code = ord(ch)
    return code >= 0x0600 and any(lo <= code <= hi for lo, hi in ARABIC_RANGES)


def has_arabic(s: str) -> bool:
    return any(is_arabic(ch) for ch in s)


def join_word(word: str) -> str:
    """The joined forms of `word`; without its ZWJs where arabic_reshaper fails on it: it drops a ZWJ from the
    letters it joins but finds its ligatures in the text with it, so a ligature after one ("ک\u200dلا", "ک\u200dالله")
    pointed past the end and the whole sheet stopped with an IndexError."""
    try:
        return RESHAPER.reshape(word)
    except IndexError:
        return RESHAPER.reshape(word.replace("\u200d", ""))


def join(s: str, known: dict[str, str] | None = None) -> str:
    """The joined forms of `s` (logical order), put together from its words': letters join only inside a word,
    so a page joins each word once (`known`: its words joined so far), in the lines it tries and then draws."""
    known = {} if known is None else known
    out = []
    for word in s.split(" "):
        found = known.get(word)
        if found is None:
            found = known[word] = join_word(word)
        out.append(found)
    return " ".join(out)


def shape(s: str, base: str = "L", known: dict[str, str] | None = None) -> str:
    """Logical order -> the visual string to draw: joined letter forms, right to left; `base` is the line's
    direction ("L" on a left-to-right page, "R" on a right-to-left one)."""
    return visual_order(join(s, known), base)


# A number with its sign or currency symbol before its digits (−7, +20, ×2, £15, −$5,000): on a right-to-left line
# the bidi algorithm puts the sign after the digits where Arabic script comes before them (they are then Arabic
# numbers, which a sign or a £ does not join), before them elsewhere. Isolated left to right, the number is drawn
# whole, its sign at its left wherever it is, as the table cells and Persian number formats (CLDR "‎£15", "‎−7")
# write it, and it leaves the order of what follows alone.
SIGNED = re.compile(r"(?<![\w.,])(?:[−+\-×][£$]?|[£$])\d+(?:[.,]\d+)*")
LRI, PDI = "\u2066", "\u2069"  # left-to-right isolate, and its end


def visual_order(s: str, base: str = "L") -> str:
    """The Unicode bidi algorithm on one line: characters in the order they are drawn.

    The line's direction is the sheet's, never guessed from its first letter: on a left-to-right sheet
    ("Game 1 — {player}", names joined with ", " in table order) only the Arabic-script stretches are
    reversed (letting the first letter decide turned "علی, Алиса" into "Алиса ,علی", against the order of
    the grids); on a Persian or Arabic sheet the line runs right to left, and a Latin name or a number in
    it still reads left to right, with its sign or currency symbol at its left (SIGNED).

    >>> visual_order("هر −7. 5. £15", "R")  # drawn from the left: £15, "5.", "−7.", هر
    '£15 .5 .−7 ره'
    """
    if base == "R":  # a number keeps its sign at its left (SIGNED); the isolates are ours, none is drawn
        isolated = SIGNED.sub(lambda found: LRI + found[0] + PDI, s)
        return _reordered(isolated, base).replace(LRI, "").replace(PDI, "")
    return _reordered(s, base)


def _reordered(s: str, base: str) -> str:
    """get_display's order of `s`, with the mirrored brackets python-bidi leaves out (below)."""
    visual = get_display(s, base_dir=base)
    # python-bidi >= 0.5 (a wrapper of Rust unicode-bidi) orders brackets right but skips
    # rule L4: a bracket inside a right-to-left stretch keeps its glyph, so "علی (رضا)" was
    # drawn as ")رضا( علی" (python-bidi issue #25). Its pure-Python bidi.algorithm mirrors
    # but lacks bracket pairing and misplaces them worse. So mirror here, using the levels
    # the same call reports with debug=True, and only when rebuilding the order from those
    # levels gives back exactly `visual` (if the debug format ever changes: no mirroring).
    if not any(unicodedata.mirrored(ch) for ch in s):
        return visual
    try:
        info = str(get_display(s, base_dir=base, debug=True))
        per_byte = [int(n) for n in re.findall(r"Level\(\s*(\d+)", info.split("levels:", 1)[1].split("]", 1)[0])]
        levels, offset = [], 0
        for ch in s:
            levels.append(per_byte[offset])
            offset += len(ch.encode("utf-8"))
    except (IndexError, ValueError):
        return visual
    for i in range(len(s) - 1, -1, -1):  # L1: trailing white space takes the line's level
        if unicodedata.bidirectional(s[i]) not in ("WS", "BN", "FSI", "LRI", "RLI", "PDI"):
            break
        levels[i] = 1 if base == "R" else 0
    chars = [MIRRORED.get(ch, ch) if level % 2 else ch for ch, level in zip(s, levels)]
    plain = list(s)
    for level in range(max(levels), 0, -1):  # L2: reverse every run at this level or higher
        i = 0
        while i < len(levels):
            if levels[i] >= level:
                j = i
                while j < len(levels) and levels[j] >= level:
                    j += 1
                chars[i:j], plain[i:j], levels[i:j] = chars[i:j][::-1], plain[i:j][::-1], levels[i:j][::-1]
                i = j
            else:
                i += 1
    return "".join(chars) if "".join(plain) == visual else visual


def mirror(ch: str) -> str:
    """What `ch` is drawn as in a right-to-left stretch (visual_order): its mirror, or itself."""
    return MIRRORED.get(ch, ch)


def _cjk(ch: str) -> bool:
    code = ord(ch)
    return code >= 0x2E80 and any(lo <= code <= hi for lo, hi in _CJK_BREAKABLE)


def pieces(word: str) -> list[str]:
    """A word cut where a line may break inside it: before and after each Chinese character.

    >>> pieces("計分表（第1局），Ben")
    ['計', '分', '表', '（第', '1', '局），', 'Ben']
    """
    out = [""]
    for ch in word:
        last = out[-1][-1:] if out[-1] else ""
        if (last and (_cjk(ch) or _cjk(last)) and ch not in _NO_BREAK_BEFORE and last not in _NO_BREAK_AFTER):
            out.append(ch)
        else:
            out[-1] += ch
    return out
