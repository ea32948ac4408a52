"""The language scorepad speaks: which one (--lang, SCOREPAD_LANG, the locale), its gettext catalogue (only the
chosen one is read), and numbers typed in any script's digits.

Text for people is marked where it is written: `N_("…")` for a module-level constant (English, the msgid;
translated where it is used, with `_(CONSTANT)`), `_("…")` for text made at run time, `NP_("…", "…")` for a
constant with plural forms (`plural(CONSTANT, n)`), `pgettext(context, "…")` where one English word means two
things. `python -m tools.catalogues` extracts them (Babel) into scorepad/locale/*/LC_MESSAGES/scorepad.po and
compiles the .mo files, which are kept in the repository; tests/test_i18n.py checks they are current.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

DOMAIN = "scorepad"
LOCALE_DIR = Path(__file__).parent / "locale"
# The languages of the players who wrote the rule summaries (shared/summaries/README.md), and English.
# Each name is written in its own language, as a menu of languages shows it.
LANGUAGES = {"en": "English", "fa": "فارسی", "ar": "العربية", "zh-Hant": "繁體中文", "ru": "Русский"}
RIGHT_TO_LEFT = frozenset({"fa", "ar"})
ENGLISH = "en"
# Locale names that are not simply the language: Taiwan and Hong Kong write Traditional Chinese
# (zh_CN and zh_SG write Simplified, which scorepad does not have: English).
_TRADITIONAL = frozenset({"tw", "hk", "mo", "hant"})
# The first of these that is set and not empty decides, as POSIX says (LC_ALL overrides LC_MESSAGES, which
# overrides LANG); SCOREPAD_LANG comes before them, --lang before everything.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class Plural(NamedTuple):
    """A message with plural forms, as a constant: English singular and plural; `plural()` picks the form."""

    singular: str
    plural: str


def N_(message: str) -> str:
    """Mark a constant for the catalogue; it is translated where it is used, with `_()`."""
    return message


def NP_(singular: str, plural_: str) -> Plural:
    """Mark a constant with plural forms for the catalogue; `plural(CONSTANT, n)` translates it."""
    return Plural(singular, plural_)


# The language in use and its catalogue. A context variable, not a global: `scorepad host` answers each phone in
# its own language, several requests at once, and each request's task sees only the language it chose.
_speaking: contextvars.ContextVar[tuple[str, gettext.NullTranslations]] = contextvars.ContextVar(
    "scorepad_language", default=(ENGLISH, gettext.NullTranslations()))


def _(message: str) -> str:
    """`message` (an English msgid) in the current language ("" stays "": gettext would give the header)."""
    return _speaking.get()[1].gettext(message) if message else message


def ngettext(singular: str, plural_: str, n: int) -> str:
    return _speaking.get()[1].ngettext(singular, plural_, n)


def pgettext(context: str, message: str) -> str:
    return _speaking.get()[1].pgettext(context, message)


def plural(message: Plural, n: int) -> str:
    """The form of a plural constant for the count `n` (Russian has three; Persian and Chinese one)."""
    return _speaking.get()[1].ngettext(message.singular, message.plural, n)


def language() -> str:
    """The language in use (a key of LANGUAGES)."""
    return _speaking.get()[0]


def right_to_left() -> bool:
    return language() in RIGHT_TO_LEFT


def folder(code: str) -> str:
    """The catalogue folder of a language: Babel's name (zh_Hant for zh-Hant)."""
    return code.replace("-", "_")


def known(code: str) -> str | None:
    """The language a --lang or SCOREPAD_LANG value names (any case, - or _), or None.

    >>> known("fa"), known("ZH-hant"), known("zh_TW"), known("ru_RU"), known("de")
    ('fa', 'zh-Hant', 'zh-Hant', 'ru', None)
    """
    parts = code.strip().replace("-", "_").split(".")[0].split("@")[0].lower().split("_")
    if parts[0] == "zh":
        return "zh-Hant" if _TRADITIONAL & set(parts[1:]) else None
    for name in LANGUAGES:
        if name == parts[0]:
            return name
    return None


def from_locale(environ: Mapping[str, str]) -> str:
    """The language the system locale asks for; English when it names none of ours (C, POSIX, de_DE, zh_CN).

    >>> from_locale({"LANG": "fa_IR.UTF-8"}), from_locale({"LANG": "zh_HK.UTF-8"}), from_locale({"LANG": "zh_CN"})
    ('fa', 'zh-Hant', 'en')
    >>> from_locale({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}), from_locale({"LC_MESSAGES": "ar_EG", "LANG": "C"})
    ('en', 'ar')
    """
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return known(value) or ENGLISH
    return ENGLISH


def choose(flag: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: --lang, else SCOREPAD_LANG, else the locale, else English.
    An unknown --lang or SCOREPAD_LANG raises ValueError naming it (scorepad.cli makes it a usage error)."""
    for given in (flag, environ.get("SCOREPAD_LANG") or None):
        if given is not None:
            code = known(given)
            if code is None:
                raise ValueError(given)
            return code
    return from_locale(environ)


def use(code: str) -> None:
    """Speak `code` from now on, in this thread or task."""
    _speaking.set((code, catalogue(code)))


def catalogue(code: str) -> gettext.NullTranslations:
    """The catalogue of `code` (only that one is read; English needs none; gettext keeps one once read)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [folder(code)])  # LOCALE_DIR/<folder>/LC_MESSAGES/scorepad.mo


@contextlib.contextmanager
def speaking(code: str, translation: gettext.NullTranslations | None = None) -> Iterator[None]:
    """Speak `code` inside the block (with `translation`, a catalogue of one's own, e.g. a test's), then as before."""
    token = _speaking.set((code, translation if translation is not None else catalogue(code)))
    try:
        yield
    finally:
        _speaking.reset(token)


# --- numbers typed in another script's digits ---------------------------------------------------------------

# Arabic-Indic (U+0660–0669) and Extended Arabic-Indic, Persian (U+06F0–06F9) digits, the Arabic decimal and
# thousands separators (U+066B, U+066C) and the Arabic comma (U+060C), as a Persian or Arabic keyboard types them.
_DIGITS = {**{0x0660 + d: str(d) for d in range(10)}, **{0x06F0 + d: str(d) for d in range(10)},
           0x066B: ".", 0x066C: ",", 0x060C: ","}


def western_digits(text: str) -> str:
    """`text` with Persian and Arabic-Indic digits and separators as a Western keyboard types them.

    >>> western_digits("۱۲ ٣٤٫٥ ۱٬۰۰۰")
    '12 34.5 1,000'
    """
    return text.translate(_DIGITS)
