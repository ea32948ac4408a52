"""Moved to scorepad.table.summary; this name stays until every caller uses it."""

from scorepad.table import summary


def __getattr__(name: str):
    return getattr(summary, name)
