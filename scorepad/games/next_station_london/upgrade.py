"""A Next Station: London session of an older scorepad, as this release reads it (Game.upgrade)."""

from __future__ import annotations

from typing import Any


def upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """A session of scorepad 0.1 meaning what it meant then: 0.1 scored the objectives whatever the modules; a
    table now needs the `objectives` module for them, so a 0.1 game that scored objectives was played with it."""
    scored = any(e.get("at", [None])[0] == "final" and e["at"][-1] == "objectives" and e.get("value")
                 for e in doc.get("entries", []) if isinstance(e, dict) and isinstance(e.get("at"), list))
    modules = doc.get("modules") or []
    if scored and isinstance(modules, list) and "objectives" not in modules:
        doc = {**doc, "modules": [*modules, "objectives"]}
    return doc
