"""The names of Chinatown's twelve business types (a label, a word in a sentence, what a player types) and the
other words typed at its prompts: thousands, none, between businesses, between payer and payee."""

from __future__ import annotations

from collections.abc import Callable

from calculators import chinatown as rules
from scorepad.i18n import N_, _, pgettext
from scorepad.words import DOLLARS

# The twelve business types (calculators/chinatown.py COMPLETE_SIZE; the table file's keys stay English): the name
# as a label (a ledger, the sheet), as a word in a sentence (a refusal; in English the table file's key), and the
# short word typed for it. The English typed words always work too, and any clear start of a name.
TYPE_NAMES: dict[str, Callable[[], str]] = {
    "photo": lambda: pgettext("Chinatown business", "Photo"),
    "tea-house": lambda: pgettext("Chinatown business", "Tea House"),
    "seafood": lambda: pgettext("Chinatown business", "Seafood"),
    "jewelry": lambda: pgettext("Chinatown business", "Jewelry"),
    "florist": lambda: pgettext("Chinatown business", "Florist"),
    "tropical-fish": lambda: pgettext("Chinatown business", "Tropical Fish"),
    "take-out": lambda: pgettext("Chinatown business", "Take-Out"),
    "laundry": lambda: pgettext("Chinatown business", "Laundry"),
    "dim-sum": lambda: pgettext("Chinatown business", "Dim Sum"),
    "antiques": lambda: pgettext("Chinatown business", "Antiques"),
    "factory": lambda: pgettext("Chinatown business", "Factory"),
    "restaurant": lambda: pgettext("Chinatown business", "Restaurant"),
}
TYPE_WORDS: dict[str, Callable[[], str]] = {
    # TRANSLATORS: a Chinatown business in a sentence ("7 photo tiles on the board this year"); English uses the
    # table file's name of the type.
    "photo": lambda: pgettext("Chinatown business, in a sentence", "photo"),
    "tea-house": lambda: pgettext("Chinatown business, in a sentence", "tea-house"),
    "seafood": lambda: pgettext("Chinatown business, in a sentence", "seafood"),
    "jewelry": lambda: pgettext("Chinatown business, in a sentence", "jewelry"),
    "florist": lambda: pgettext("Chinatown business, in a sentence", "florist"),
    "tropical-fish": lambda: pgettext("Chinatown business, in a sentence", "tropical-fish"),
    "take-out": lambda: pgettext("Chinatown business, in a sentence", "take-out"),
    "laundry": lambda: pgettext("Chinatown business, in a sentence", "laundry"),
    "dim-sum": lambda: pgettext("Chinatown business, in a sentence", "dim-sum"),
    "antiques": lambda: pgettext("Chinatown business, in a sentence", "antiques"),
    "factory": lambda: pgettext("Chinatown business, in a sentence", "factory"),
    "restaurant": lambda: pgettext("Chinatown business, in a sentence", "restaurant"),
}
# The note for translators: the short word a player types for a Chinatown business when listing their businesses
# (`rest 4, photo 3`): short, one word, no digits, and no two alike. The English word and any clear start of the
# business's name (in English or in your language) work too.
SHORT_NAMES: dict[str, Callable[[], str]] = {
    # TRANSLATORS: typed for the Chinatown business Photo (`photo 3`): one short word, no digit.
    "photo": lambda: pgettext("typed word", "photo"),
    # TRANSLATORS: typed for the Chinatown business Tea House (`tea 3`): one short word, no digit.
    "tea-house": lambda: pgettext("typed word", "tea"),
    # TRANSLATORS: typed for the Chinatown business Seafood (`sea 3`): one short word, no digit.
    "seafood": lambda: pgettext("typed word", "sea"),
    # TRANSLATORS: typed for the Chinatown business Jewelry (`jewel 3`): one short word, no digit.
    "jewelry": lambda: pgettext("typed word", "jewel"),
    # TRANSLATORS: typed for the Chinatown business Florist (`flor 3`): one short word, no digit.
    "florist": lambda: pgettext("typed word", "flor"),
    # TRANSLATORS: typed for the Chinatown business Tropical Fish (`fish 3`): one short word, no digit.
    "tropical-fish": lambda: pgettext("typed word", "fish"),
    # TRANSLATORS: typed for the Chinatown business Take-Out (`take 3`): one short word, no digit.
    "take-out": lambda: pgettext("typed word", "take"),
    # TRANSLATORS: typed for the Chinatown business Laundry (`laun 3`): one short word, no digit.
    "laundry": lambda: pgettext("typed word", "laun"),
    # TRANSLATORS: typed for the Chinatown business Dim Sum (`dim 3`): one short word, no digit.
    "dim-sum": lambda: pgettext("typed word", "dim"),
    # TRANSLATORS: typed for the Chinatown business Antiques (`ant 3`): one short word, no digit.
    "antiques": lambda: pgettext("typed word", "ant"),
    # TRANSLATORS: typed for the Chinatown business Factory (`fact 3`): one short word, no digit.
    "factory": lambda: pgettext("typed word", "fact"),
    # TRANSLATORS: typed for the Chinatown business Restaurant (`rest 3`): one short word, no digit.
    "restaurant": lambda: pgettext("typed word", "rest"),
}
# TRANSLATORS: the mark of a Chinatown business on the board's map (the terminal's `board`, the sheet): two
# letters, or one character of a wide script (Chinese), no two alike; a legend under the map says what each means.
MAP_MARKS: dict[str, Callable[[], str]] = {
    "photo": lambda: pgettext("board mark", "Ph"),
    "tea-house": lambda: pgettext("board mark", "Te"),
    "seafood": lambda: pgettext("board mark", "Se"),
    "jewelry": lambda: pgettext("board mark", "Je"),
    "florist": lambda: pgettext("board mark", "Fl"),
    "tropical-fish": lambda: pgettext("board mark", "Fi"),
    "take-out": lambda: pgettext("board mark", "TO"),
    "laundry": lambda: pgettext("board mark", "La"),
    "dim-sum": lambda: pgettext("board mark", "DS"),
    "antiques": lambda: pgettext("board mark", "An"),
    "factory": lambda: pgettext("board mark", "Fa"),
    "restaurant": lambda: pgettext("board mark", "Re"),
}
# The English typed words (each a start of its name, but for these), which work in every language.
ENGLISH_SHORT = {"photo": "photo", "tea-house": "tea", "seafood": "sea", "jewelry": "jewel", "florist": "flor",
                 "tropical-fish": "fish", "take-out": "take", "laundry": "laun", "dim-sum": "dim", "antiques": "ant",
                 "factory": "fact", "restaurant": "rest"}
ALIASES = {"fish": "tropical-fish", "jewellery": "jewelry", "jewel": "jewelry"}  # words that are no name's start
# Typed for no businesses at all: these, and the language's own word (the typed word "none").
NONE_WORDS = ("none", "-", "—", "0", "nothing")
# Between two businesses: these, and the language's own word for "and" (the typed word "and").
SEPARATORS = (",", ";", "+", "/", "&", "and", "、", "，", "；", "،", "؛")  # also the CJK and Arabic list marks
# Between payer and payee in a trade (`Ana to Ben 10k`): these, and the language's own (the typed words).
PAYS_WORDS = ("to", "pays")

# TRANSLATORS: a number of thousands, as a shop's income and the sheet's income table print it ("60k", "$10k");
# use the k your players type for thousands (the typed word "k").
THOUSANDS = N_("{amount}k")


def thousands(amount: int) -> str:
    """`60k`: a number of dollars in thousands (shops' income, the sheet's income table)."""
    return _(THOUSANDS).format(amount=amount // 1000)


def money_k(amount: int) -> str:
    """`$10k` (scorepad/words.py writes the dollars, money() the whole amount)."""
    return _(DOLLARS).format(amount=thousands(amount))


def type_name(kind: str) -> str:
    """A business type as a label, in the chosen language ("Tea House")."""
    return TYPE_NAMES[kind]()


def type_word(kind: str) -> str:
    """A business type as a word in a sentence, in the chosen language (in English the table file's key)."""
    return TYPE_WORDS[kind]() if kind in TYPE_WORDS else str(kind)


def short_name(kind: str) -> str:
    """What to type for a business type in the chosen language (`rest`)."""
    return SHORT_NAMES[kind]().strip() or ENGLISH_SHORT[kind]


def map_mark(kind: str) -> str:
    """A business type's mark on the board's map, in the chosen language (`Ph`)."""
    return MAP_MARKS[kind]().strip() or ENGLISH_SHORT[kind][:2]


def _typed(english: str, own: str) -> tuple[str, ...]:
    """A word typed at a prompt: the English one always, and the chosen language's own (casefolded, once each)."""
    return tuple(dict.fromkeys(word.strip().casefold() for word in (english, own) if word.strip()))


def thousand_words() -> tuple[str, ...]:
    # TRANSLATORS: typed after a number of dollars for thousands (`10k` = $10,000): a letter or short word of your
    # language for "thousand", no digit. `k` always works too.
    return _typed("k", pgettext("typed word", "k"))


def none_words() -> tuple[str, ...]:
    # TRANSLATORS: typed for a player who has no business this year. `none` always works too.
    return (*NONE_WORDS, *_typed("none", pgettext("typed word", "none")))


def separator_words() -> tuple[str, ...]:
    # TRANSLATORS: typed between two businesses (`rest 4 and photo 3`). `and` always works too.
    return (*SEPARATORS, *_typed("and", pgettext("typed word", "and")))


def pays_words() -> tuple[str, ...]:
    # TRANSLATORS: typed between payer and payee in a trade (`Ana to Ben 10k`, `Ana pays Ben 10k`); the English
    # words always work too.
    return (*PAYS_WORDS, *_typed("to", pgettext("typed word", "to")), *_typed("pays", pgettext("typed word", "pays")))


def by_size(name: Callable[[str], str]) -> dict[int, list[str]]:
    """Type names (name(kind)) grouped by complete size (3, 4, 5, 6), in the calculator's order."""
    groups: dict[int, list[str]] = {}
    for kind, size in rules.COMPLETE_SIZE.items():
        groups.setdefault(size, []).append(name(kind))
    return groups


def types_explained(heading: str, typed: str) -> str:
    """`types` at a prompt: `heading`, then a line for each complete size, each type as `typed` words it
    ("rest = Restaurant"): the short words a language chose (کار for کارخانه) say what they stand for."""
    lines = [f"  {size}: " + " · ".join(typed.format(typed=short_name(kind), name=type_name(kind)) for kind in kinds)
             for size, kinds in by_size(str).items()]
    return "\n".join([heading, *lines])


def types_text() -> str:
    """`3: photo tea sea · 4: jewel flor fish · …`: what to type for each type, by complete size."""
    return " · ".join(f"{size}: {' '.join(words)}" for size, words in by_size(short_name).items())
