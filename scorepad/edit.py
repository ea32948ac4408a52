"""Moved to scorepad.table.edit (the checked change) and scorepad.fixing (the terminal's menu); this name stays
until every caller uses those."""

from scorepad import fixing
from scorepad.table import Table, edit


def __getattr__(name: str):
    return getattr(edit, name) if hasattr(edit, name) else getattr(fixing, name)


def interactive(store, session_id, prompter, out, standings=None, *, cancel_quietly=False):
    return fixing.interactive(Table(store, session_id), prompter, out, standings, cancel_quietly=cancel_quietly)
