"""The database file itself (the one `--db PATH` names): the meta record of its folder, PATH.d.

    {"meta": {"1": {"layout": 2, "next_id": N, "summary_version": V}}}
"""

from __future__ import annotations

from scorepad.errors import StoreError
from scorepad.i18n import N_, _
from scorepad.store.disk import META, UNREADABLE, write_json
from scorepad.store.layout import Layout

LAYOUT = 2  # of the files on disk (1: one file holding every session, scorepad 0.1)
SHAPE = '{"meta": {...}} or {"sessions": {"1": {...}}}'  # JSON, as it is in the file
# TRANSLATORS: {shape} is JSON, kept as written.
NOT_A_DATABASE_SHAPE = N_("not a scorepad database (expected {shape})")
NEWER_LAYOUT = N_("the database {path} was written by a newer scorepad (layout {layout!r})")


def checked(tables: dict | None, layout: Layout) -> dict | None:
    """The meta record of the database file's tables (None: an empty or missing file); one of another shape or of
    a newer layout is refused."""
    if not tables:
        return None
    if set(tables) != {META} or list(tables[META]) != ["1"]:
        problem = _(NOT_A_DATABASE_SHAPE).format(shape=SHAPE)
        raise StoreError(_(UNREADABLE).format(path=layout.path, problem=problem))
    meta = tables[META]["1"]
    if meta.get("layout") != LAYOUT:
        raise StoreError(_(NEWER_LAYOUT).format(path=layout.path, layout=meta.get("layout")))
    return meta


def fresh(layout: Layout, summary_version: int) -> dict:
    """The meta record of a database file that is missing. Its folder may still hold sessions (the file was deleted
    by hand): then nothing is lost, the ids go on after theirs and every summary is rebuilt."""
    last = layout.last_id_on_disk()
    if not last:
        return {"layout": LAYOUT, "next_id": 1, "summary_version": summary_version}
    return {"layout": LAYOUT, "next_id": last + 1, "summary_version": None}


def write_meta(layout: Layout, meta: dict) -> None:
    write_json(layout.real, {META: {"1": meta}}, layout.path)
