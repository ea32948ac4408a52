"""Layout templates (templates/*.toml): found by name, parsed, and checked key by key before anything is drawn.

A template is data only (its format is documented at the top of templates/lost-cities.toml): where the header
fields and the grids go, and what their labels are; the game's code builds the sheet data with the values.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from scorepad.errors import ScorepadError

# Installed: pyproject maps the top-level templates/ to the package scorepad.templates.
# Source checkout: templates/ sits next to the scorepad package.
TEMPLATE_DIRS = (
    Path(__file__).parent.parent / "templates",
    Path(__file__).parent.parent.parent / "templates",
)

# What the author of a template reads when it is refused (the shipped templates never are).
TEXT = {
    "no_template": "no sheet template '{name}'",
    "bad_toml": "sheet template '{name}' is not valid TOML: {reason}",
    "bad_template": "sheet template: {reason}",
    "template_key": "sheet template '{name}': {where}{problem}",
    "template_unknown": "unknown key {key!r} (known: {known})",
    "template_missing": "missing key {key!r}",
    "template_value": "{key!r} must be {kind}",
    "template_needs_each": "{key!r} needs 'each' (it counts repeated columns)",
    "template_tables": "a list of tables ([[{key}]])",
    "template_table": "a table ([{key}])",
    "template_count": "a whole number or the name of a list or number in the sheet data",
    "template_colours": "a table of '#rrggbb' colours",
}


def load_template(name: str) -> dict:
    """The layout template `<name>.toml`, looked up in TEMPLATE_DIRS in order."""
    # Only plain slugs: a name must never reach outside the templates directory.
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", name) and ".." not in name:
        for folder in TEMPLATE_DIRS:
            path = folder / f"{name}.toml"
            if path.is_file():
                try:
                    with path.open("rb") as f:
                        template = tomllib.load(f)
                except tomllib.TOMLDecodeError as e:
                    raise ScorepadError(TEXT["bad_toml"].format(name=name, reason=e)) from None
                check_template(name, template)
                return template
    raise ScorepadError(TEXT["no_template"].format(name=name))


# The template format (documented at the top of templates/lost-cities.toml): for each kind of table,
# its keys -> (what the value must be, required). A typo ("widht") or a missing key would otherwise
# draw a sheet that is silently wrong, so loading refuses both.
_TEXT_VALUE = "text"
_NUMBER = "a number"
_WHOLE = "a whole number"
_YES_NO = "true or false"
_TEXTS = "a list of texts"
_ALIGN = ("left", "center", "right")
PAGE_SIZES = ("A3", "A4", "A5", "LETTER", "LEGAL")
TEMPLATE_SCHEMA: dict[str, dict[str, tuple[Any, bool]]] = {
    "template": {"page": ("page", True), "fields": ("field", False), "grids": ("grid", True), "maps": ("map", False)},
    "page": {"title": (_TEXT_VALUE, True), "size": (PAGE_SIZES, False),
             "orientation": (("portrait", "landscape"), False),
             "margin_mm": (_NUMBER, False), "subtitle": (_TEXT_VALUE, False), "notes": (_TEXTS, False),
             "font_size": (_NUMBER, False), "gap_mm": (_NUMBER, False), "field_columns": (_WHOLE, False)},
    "field": {"key": (_TEXT_VALUE, True), "label": (_TEXT_VALUE, True), "width": (_NUMBER, False),
              "format": (("date",), False)},
    "grid": {"key": (_TEXT_VALUE, True), "title": (_TEXT_VALUE, False), "columns": ("column", True),
             "across": (_WHOLE, False), "width": (_NUMBER, False), "row_height_mm": (_NUMBER, False),
             "total_label": (_TEXT_VALUE, False), "total_span": (_WHOLE, False), "total_align": (_ALIGN, False),
             "mark_text": (_TEXT_VALUE, False), "page_break": (_YES_NO, False), "halves": (_YES_NO, False),
             "row_colors": ("colours", False)},
    # A small map (scorepad/sheets/maps.py) drawn after the grid `after` (or after every grid), when the data
    # gives one under its key (data["maps"]).
    "map": {"key": (_TEXT_VALUE, True), "title": (_TEXT_VALUE, False), "after": (_TEXT_VALUE, False),
            "cell_mm": (_NUMBER, False)},
    "column": {"key": (_TEXT_VALUE, True), "label": (_TEXT_VALUE, True), "width": (_NUMBER, False),
               "align": (_ALIGN, False), "shade": (_YES_NO, False), "each": (_TEXT_VALUE, False),
               "count": ("count", False), "labels": (_TEXT_VALUE, False)},
}
# The keys whose values are printed text: msgids, extracted by tools/catalogues.py and translated when drawn.
TEMPLATE_TEXT = frozenset({"title", "subtitle", "notes", "label", "total_label", "mark_text"})
_LISTS = {"page": False, "field": True, "grid": True, "column": True, "map": True}  # [[fields]] is a list of tables


def check_template(name: str, template: dict) -> None:
    """Refuse a template with an unknown or missing key, or a value of the wrong kind: one line naming both.

    >>> check_template("demo", {"page": {"title": "T"}, "grids": [{"key": "g", "columns": [{"key": "a"}]}]})
    Traceback (most recent call last):
    scorepad.errors.ScorepadError: sheet template 'demo': grid 'g', column 'a': missing key 'label'
    """

    def refuse(where: str, problem: str) -> ScorepadError:
        return ScorepadError(TEXT["template_key"].format(name=name, where=f"{where}: " if where else "",
                                                         problem=problem))

    def check_value(kind: Any, value: Any, where: str, key: str) -> None:
        is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
        ok = {_TEXT_VALUE: isinstance(value, str), _NUMBER: is_number, _YES_NO: isinstance(value, bool),
              _WHOLE: is_number and isinstance(value, int),
              _TEXTS: isinstance(value, list) and all(isinstance(v, str) for v in value),
              "count": isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)),
              "colours": isinstance(value, dict) and all(isinstance(v, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", v)
                                                         for v in value.values())}.get(kind)
        if isinstance(kind, tuple):
            ok = isinstance(value, str) and (value.upper() if kind is PAGE_SIZES else value) in kind
            kind = " or ".join(repr(k) for k in kind)
        elif kind in _LISTS:
            tables = value if _LISTS[kind] else [value]
            if not isinstance(value, list if _LISTS[kind] else dict) or not all(isinstance(t, dict) for t in tables):
                shape = TEXT["template_tables" if _LISTS[kind] else "template_table"].format(key=key)
                raise refuse(where, TEXT["template_value"].format(key=key, kind=shape))
            for n, table in enumerate(tables, start=1):
                label = kind if kind == "page" else f"{kind} {table.get('key', n)!r}"
                check_table(kind, table, f"{where}, {label}" if where else label)
            return
        elif kind == "count":
            kind = TEXT["template_count"]
        elif kind == "colours":
            kind = TEXT["template_colours"]
        if not ok:
            raise refuse(where, TEXT["template_value"].format(key=key, kind=kind))

    def check_table(kind: str, table: dict, where: str) -> None:
        schema = TEMPLATE_SCHEMA[kind]
        for key in table:
            if key not in schema:
                raise refuse(where, TEXT["template_unknown"].format(key=key, known=", ".join(schema)))
        for key, (value_kind, required) in schema.items():
            if key in table:
                check_value(value_kind, table[key], where, key)
            elif required:
                raise refuse(where, TEXT["template_missing"].format(key=key))
        if kind == "column" and "each" not in table:
            for key in ("count", "labels"):
                if key in table:
                    raise refuse(where, TEXT["template_needs_each"].format(key=key))

    check_table("template", template, "")
