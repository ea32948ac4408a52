"""A pseudo-language for tests: every msgid reads «as itself in guillemets», so a test can tell a sentence that went
through the catalogue from one that did not (English glued in at run time, or a word nobody marked)."""

import gettext

from scorepad import i18n


class Pseudo(gettext.NullTranslations):
    def gettext(self, message):
        return f"«{message}»" if message else message

    def ngettext(self, singular, plural, n):
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context, message):  # separators and typed words: as they are, to keep lines readable
        return message


def pseudo_language():
    """Speak the pseudo-language for the block."""
    return i18n.speaking(i18n.ENGLISH, Pseudo())
