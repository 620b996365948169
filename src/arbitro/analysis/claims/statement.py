"""The claim statement as the checker names it: a value of :mod:`arbitro.core.claim_statement`.

The statement (Law 68C) is written and read in ``core`` so that the table, whose
messages quote it, and the PBN notes, which carry it, read and write it too; the
checker (compiled, :mod:`arbitro.analysis.claims.checker`) imports its names from here.

>>> ClaimStatement.from_str("all: draw trumps, S").to_str("es")
'todas: arrastrar triunfos, P'
"""

from __future__ import annotations

from arbitro.core.claim_statement import (
    STEP_KINDS,
    WORDS_READ,
    WORDS_WRITTEN,
    ClaimStatement,
    InvalidClaimError,
    Step,
)

__all__ = [
    "STEP_KINDS",
    "WORDS_READ",
    "WORDS_WRITTEN",
    "ClaimStatement",
    "InvalidClaimError",
    "Step",
]
