"""PDFs: score sheets drawn from layout templates, and the statistics report; the home of reportlab, fontTools,
arabic-reshaper and python-bidi.

Callers import this package inside the function that draws a PDF, so that no other command pays for reportlab.
What they use is here:

- `load_template(name)` and `check_template(name, template)`: a layout (templates/*.toml), found and checked;
- `render(template, data, out)`: a sheet of `data` on that layout, written to `out`; the warnings for the player;
- `render_report(report, out)`: the statistics report (scorepad.report.build) as a PDF;
- `format_value`, `format_date`: a cell's and a date's text as a sheet prints them;
- `cache_folder()`: where the Chinese font's subsets are kept.

The modules, one job each: templates (load and check a layout), fonts (registering, the Chinese subsets' cache),
subset (making a Chinese subset with fontTools), shaping (Arabic joining, bidi order, where a Chinese line
breaks), text (the pen: each character's font, widths, a line drawn), lines (fitting and wrapping text), sheet
(a sheet's page: header, fields, the QR code, its grids in bands), grids (one table), report and charts (the
statistics report), style (the inks and the unit).
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from scorepad.sheets.fonts import cache_folder
from scorepad.sheets.sheet import render
from scorepad.sheets.templates import check_template, load_template
from scorepad.sheets.text import format_date, format_value

__all__ = ["cache_folder", "check_template", "format_date", "format_value", "load_template", "render",
           "render_report"]


def render_report(report: dict, out: str | Path | BinaryIO, *, invariant: bool = True) -> list[str]:
    """Draw the statistics report `report` (scorepad.report.build) and write the PDF to `out`, as `render` writes a
    sheet; returns the warnings for the player."""
    # The report's charts load reportlab.graphics, which a sheet does not need: loaded for a report only
    # (docs/performance.md, "Sheets and QR codes").
    from scorepad.sheets import report as pages

    return pages.render_report(report, out, invariant=invariant)
