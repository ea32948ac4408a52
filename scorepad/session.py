"""Moved to scorepad.table (session, changes, tablefile, travel); this name stays until every caller uses those."""

from scorepad.table import changes, session, tablefile, travel


def __getattr__(name: str):
    for module in (session, changes, tablefile, travel):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(name)
