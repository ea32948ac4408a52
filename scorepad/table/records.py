"""What the engine needs of the place sessions are kept: the store fulfils it, and the engine never imports the
store (it sits above the engine: docs/architecture.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Records(Protocol):
    def get(self, doc_id: int) -> dict[str, Any]:
        """The session document as stored (NotFound when there is none)."""

    def update(self, doc_id: int, change: Callable[[dict[str, Any]], Any], *,
               expect: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        """The document after `change`, read and written under the lock; `expect` refuses it (errors.Changed)
        when the stored document is not the one the caller saw."""

    def insert(self, doc: dict[str, Any]) -> int:
        """Keep a new session document; its id."""
