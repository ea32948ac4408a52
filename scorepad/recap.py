"""Moved to scorepad.table.recap; this name stays until every caller uses it."""

from scorepad.table import recap


def __getattr__(name: str):
    return getattr(recap, name)
