"""A language for tests, before (or whatever) the translators write: a few messages, its own plural rule.

    with speaking({"Rank": "رتبه", ("typed word", "undo"): "واگرد"}): ...

Keys: a msgid, (context, msgid) for pgettext, (singular, plural) -> [forms] for plurals."""

import gettext

from scorepad import i18n


def russian_plural(n):
    """Russian's three forms (one, few, many), as its catalogue's Plural-Forms says."""
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


class Catalogue(gettext.NullTranslations):
    def __init__(self, messages, plural=lambda n: int(n != 1)):
        super().__init__()
        self.messages, self.plural = messages, plural

    def gettext(self, message):
        return self.messages.get(message, message)

    def pgettext(self, context, message):
        return self.messages.get((context, message), message)

    def ngettext(self, singular, plural, n):
        forms = self.messages.get((singular, plural))
        return forms[self.plural(n)] if forms else singular if n == 1 else plural


def speaking(messages, code="fa", plural=lambda n: int(n != 1)):
    return i18n.speaking(code, Catalogue(messages, plural))
