"""Noto Sans CJK TC subset to a sheet's characters and converted to TrueType, which reportlab can embed (its
outlines are CFF, which it cannot): fontTools' subsetter, then each cubic outline approximated by quadratic
curves, as fontTools' otf2ttf snippet does.

scorepad.sheets.fonts imports this module only to make a subset its cache folder does not hold: fontTools'
subsetter is slow to import, and a sheet whose subset is cached does not need it (docs/performance.md).
"""

from __future__ import annotations

import io
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable


def cjk_subset(source: Path, chars: str) -> bytes:
    """The glyphs of `chars` from the CFF font `source`, as the bytes of a TrueType (glyf) font file."""
    options = subset.Options()
    options.layout_features = []  # no shaping tables: reportlab draws one glyph per character
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]  # the licence and the names stay with the font
    options.drop_tables += ["VORG", "vhea", "vmtx", "GSUB", "GPOS", "GDEF", "BASE"]
    font = TTFont(str(source), lazy=True, recalcTimestamp=False)  # the same characters make the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(ch) for ch in chars])
    subsetter.subset(font)
    order = font.getGlyphOrder()
    outlines = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        outlines[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))  # 1 unit of 1000: invisible
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    glyf.compile(font)  # computes each glyph's bounds
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():
        hmtx.metrics[name] = (hmtx.metrics[name][0], getattr(glyph, "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
