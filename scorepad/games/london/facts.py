"""What `stats` keeps of a finished London game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from calculators.core import Result

if TYPE_CHECKING:
    from scorepad.session import Session


def facts(session: Session, result: Result) -> dict[str, Any]:
    """For `stats`: per player [poverty points lost, unpaid loans, points they cost]; the flat-penalties variant
    records its poverty and debt points and no count of loans (None)."""
    detail = result.detail
    if detail.flat:
        return {"players": {p: [inputs["poverty"], None, inputs["debt"]] for p, inputs in detail.flat_inputs.items()}}
    return {"players": {p: [r.penalty, r.unpaid, r.loan_penalty] for p, r in detail.reckonings.items()}}
