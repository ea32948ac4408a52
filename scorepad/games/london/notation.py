"""How a London answer is typed: a whole number in any script's digits, or a menu's choice by its label."""

from __future__ import annotations

from typing import Any

from calculators import london as rules
from calculators.core import InvalidInput, require_int
from scorepad.i18n import western_digits


def parse_count(text: str, low: int = 0, high: int = rules.MAX_FIGURE, **where: Any) -> int:
    """A whole number typed at a prompt, in any script's digits (۱۲ is 12); Enter alone is 0 (when 0 is allowed)."""
    text = text.strip()
    if not text and low == 0:
        return 0
    if not text:
        raise InvalidInput("london.no-number", low=low, high=high, **where)
    try:
        value = int(western_digits(text))
    except ValueError:
        raise InvalidInput("london.not-whole", text=text, **where) from None
    return require_int(value, low, high, **where)


def parse_choice(labels: dict[str, str]):
    by_label = {label: key for key, label in labels.items()}

    def parse(text: str) -> str:
        if text in by_label:
            return by_label[text]
        if text in labels:
            return text
        raise InvalidInput("london.not-a-choice", text=text, choices=tuple(labels.values()))
    return parse
