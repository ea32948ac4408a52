"""Development tool: extract every text for people into the catalogues and compile them (Babel).

    python -m tools.catalogues          # extract, update every .po, compile every .mo
    python -m tools.catalogues --check  # exit 1 if a .po or .mo is not current with the code (tests run this)
    python -m tools.catalogues ru       # only these languages (Babel's names: fa ar zh_Hant ru)

Text is marked in the code with N_(), _(), NP_(), ngettext() and pgettext() (scorepad/i18n.py); the sheet
templates' labels, titles and notes are extracted from templates/*.toml. New messages arrive untranslated (empty)
in every .po; tests/test_i18n.py refuses an empty or fuzzy one, so a new English sentence cannot land alone.
"""

from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "scorepad" / "locale"
DOMAIN = "scorepad"
LANGUAGES = ("fa", "ar", "zh_Hant", "ru")  # Babel's names (scorepad.i18n.folder)
KEYWORDS = {"_": None, "N_": None, "NP_": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
SOURCES = ("scorepad", "calculators")
# The template keys that hold printed text (scorepad/sheets/templates.py TEMPLATE_SCHEMA).
TEMPLATE_TEXT = {"title", "subtitle", "notes", "label", "total_label", "mark_text"}
VERSION = "0.1"
HEADER = "Translations of scorepad, a score pad for board games played at a real table."


def _template_messages(path: Path):
    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in TEMPLATE_TEXT:
                    for text in (item if isinstance(item, list) else [item]):
                        if isinstance(text, str) and text.strip():
                            yield text, where
                else:
                    yield from walk(item, where)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item, where)

    yield from walk(tomllib.loads(path.read_text(encoding="utf-8")), path.relative_to(ROOT).as_posix())


def extract() -> Catalog:
    """Every msgid in the code and the templates, with where it is (file names only: line numbers churn)."""
    catalog = Catalog(project="scorepad", msgid_bugs_address="", copyright_holder="", charset="utf-8",
                      header_comment=f"# {HEADER}")
    for source in SOURCES:
        for filename, _lineno, message, comments, context in extract_from_dir(
                ROOT / source, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            catalog.add(message, locations=[(f"{source}/{filename}", None)], auto_comments=comments,
                        context=context)
    for path in sorted((ROOT / "templates").glob("*.toml")):
        for message, where in _template_messages(path):
            catalog.add(message, locations=[(where, None)])
    return catalog


def _po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=116, omit_header=False, sort_output=True, include_lineno=False)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def updated(language: str, template: Catalog) -> Catalog:
    path = _po_path(language)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=language)
    else:
        catalog = Catalog(locale=language, project="scorepad", charset="utf-8", header_comment=f"# {HEADER}")
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.fuzzy = False  # the header is ours, not a guess (msgfmt skips a fuzzy header)
    catalog.version = VERSION
    catalog.last_translator = catalog.language_team = "scorepad <https://github.com/scorepad>"
    catalog.msgid_bugs_address = ""
    catalog.obsolete.clear()  # a message the code no longer has is gone; git keeps its history
    catalog.revision_date = catalog.creation_date = template.creation_date.replace(year=2026, month=12, day=1,
                                                                                     hour=0, minute=0)
    return catalog


def main(argv: list[str]) -> int:
    check = "--check" in argv
    chosen = [a for a in argv if not a.startswith("--")] or list(LANGUAGES)
    template = extract()
    stale = []
    for language in chosen:
        catalog = updated(language, template)
        po, mo = _po_text(catalog), _mo_bytes(catalog)
        path = _po_path(language)
        for target, data in ((path, po), (path.with_suffix(".mo"), mo)):
            if not target.exists() or target.read_bytes() != data:
                stale.append(target.relative_to(ROOT))
                if not check:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
    if check and stale:
        print("not current (run: python -m tools.catalogues): " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    for name in stale:
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
