"""The catalogues: compiled from their .po files, well-formed for msgfmt, placeholders kept (scorepad/i18n.py)."""

import gettext
import re
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from scorepad import i18n
from tools import catalogues

LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def po(code):
    with catalogues._po_path(i18n.folder(code)).open("rb") as file:
        return read_po(file, locale=i18n.folder(code))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalogue_is_its_po_file(code):
    path = catalogues._po_path(i18n.folder(code))
    assert path.with_suffix(".mo").read_bytes() == catalogues._mo_bytes(po(code)), "run: python -m tools.catalogues"


@pytest.mark.parametrize("code", LANGUAGES)
def test_msgfmt_checks_the_catalogue(code):
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (Debian gettext) is not installed")
    done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(catalogues._po_path(i18n.folder(code)))],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_and_the_catalogues_are_current(code):
    assert catalogues.main(["--check", i18n.folder(code)]) == 0, "run: python -m tools.catalogues"
    missing = [m.id for m in po(code) if m.id and (not m.string or not all(m.string if isinstance(m.string, tuple)
                                                                          else [m.string]) or m.fuzzy)]
    assert not missing, f"{len(missing)} messages without a translation in {code}: {missing[:20]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_keeps_every_placeholder(code):
    for message in po(code):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for string in strings:
            if string:
                assert set(PLACEHOLDER.findall(string)) <= wanted, (message.id, string)


@pytest.mark.parametrize("code", LANGUAGES)
def test_use_reads_only_the_chosen_catalogue(code):
    i18n.use(code)
    try:
        assert i18n.language() == code
        assert isinstance(i18n.catalogue(code), gettext.GNUTranslations)
    finally:
        i18n.use(i18n.ENGLISH)


@pytest.mark.parametrize(("flag", "environ", "wanted"), [
    (None, {}, "en"),
    ("fa", {"SCOREPAD_LANG": "ru"}, "fa"),
    (None, {"SCOREPAD_LANG": "zh-Hant", "LANG": "fa_IR.UTF-8"}, "zh-Hant"),
    (None, {"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
    (None, {"LANG": "zh_HK"}, "zh-Hant"),
    (None, {"LANG": "zh_CN.UTF-8"}, "en"),  # Simplified Chinese is not one of ours
    (None, {"LC_ALL": "ar_SA.UTF-8", "LANG": "ru_RU.UTF-8"}, "ar"),
    (None, {"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "fa_IR"}, "ru"),
    (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fa_IR"}, "en"),  # LC_ALL decides, and it is none of ours
    (None, {"LANG": "C.UTF-8"}, "en"),
])
def test_the_language_comes_from_the_flag_the_variable_or_the_locale(flag, environ, wanted):
    assert i18n.choose(flag, environ) == wanted


@pytest.mark.parametrize("given", ["de", "zh", "xx-YY", ""])
def test_an_unknown_language_is_refused(given):
    with pytest.raises(ValueError):
        i18n.choose(given, {})


def _modules():
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent
    return sorted(p for folder in ("scorepad", "calculators") for p in (root / folder).rglob("*.py"))


def _scope(function):
    """The nodes of a function's own scope: not those of nested functions, lambdas or comprehensions."""
    import ast

    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
                                 ast.DictComp, ast.GeneratorExp)):
            todo.extend(ast.iter_child_nodes(node))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_function_hides_gettext_behind_a_throwaway_underscore(path):
    # `word, _, rest = text.partition(" ")` makes `_` a local of the whole function: its `_("…")` then raises
    # UnboundLocalError, in whichever language, only on the line that words the message.
    import ast

    for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [n for n in _scope(function) if isinstance(n, ast.Name) and n.id == "_"]
            if any(isinstance(n.ctx, ast.Store) for n in names):
                assert not any(isinstance(n.ctx, ast.Load) for n in names), f"{function.name} assigns `_`"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_answers_as_its_po_file_says(code):
    """Every message, context and plural form of the catalogue, read through i18n's own functions once `use()` has
    chosen the language, is the translation its .po file holds (Babel reads the .po; gettext the compiled .mo)."""
    catalogue = po(code)
    form = gettext.c2py(catalogue.plural_expr)  # the .po's own Plural-Forms: which form a count takes
    i18n.use(code)
    try:
        asked = 0
        for message in catalogue:
            if not message.id:
                continue
            if isinstance(message.id, (tuple, list)):
                singular, plural_ = message.id
                for n in (*range(0, 30), 101, 111, 1001, 2026):
                    assert i18n.plural(i18n.NP_(singular, plural_), n) == message.string[form(n)], (singular, n)
            elif message.context:
                assert i18n.pgettext(message.context, message.id) == message.string, message.id
            else:
                assert i18n._(message.id) == message.string, message.id
            asked += 1
        assert asked > 1000
        assert i18n._("No such message here") == "No such message here" and i18n._("") == ""
        assert i18n.ngettext("{n} thing", "{n} things", 2) == "{n} things"
    finally:
        i18n.use(i18n.ENGLISH)
