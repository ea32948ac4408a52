"""Moved to scorepad.table (Session's question list, naming, Table.undo); this name stays until every caller
uses those."""

from scorepad.table import Table, naming
from scorepad.table.engine import NOTHING_TO_TAKE_BACK, REMOVED, REMOVED_EDIT, TOOK_BACK, TOOK_BACK_EDIT  # noqa: F401

EMPTY, NOT_STARTED, name, typed, parse = naming.EMPTY, naming.NOT_STARTED, naming.name, naming.typed, naming.parse


def asks(session):
    return session.asks()


def next_ask(session):
    return session.next_ask()


def complete_rounds(session):
    return session.complete_rounds()


def find_ask(session, at):
    return session.find_ask(at)


def open_before(session):
    return session.open_before()


def undo(store, session_id, *, guided, check=None, expect=None):
    table = Table(store, session_id)
    message = table.undo(table.version, guided=guided, check=check)
    return message, table.session.doc
