"""Claims and concessions: the structured statement and the claim checker (Laws 68-71).

>>> from arbitro.core import Seat
>>> position = Position.from_str("N:AK... 32... QJ... 54...", trump=None, leader=Seat.NORTH)
>>> check_claim(position, Seat.NORTH, ClaimStatement.from_str("all")).award
2
"""

from pathlib import Path

from arbitro.analysis.claims.compiled import run_stale_from_source

# The search core is compiled (mypyc); a compiled module built from another source than
# the one beside it runs from its source instead, with a warning (see compiled.py).
run_stale_from_source(__name__, Path(__file__).parent)

from arbitro.analysis.claims.checker import (  # noqa: E402
    ClaimCheck,
    ClaimCheckCancelledError,
    InvalidPositionError,
    Position,
    check_claim,
    worst_line_brute_force,
)
from arbitro.analysis.claims.statement import (  # noqa: E402
    ClaimStatement,
    InvalidClaimError,
    Step,
)

__all__ = [
    "ClaimCheck",
    "ClaimCheckCancelledError",
    "ClaimStatement",
    "InvalidClaimError",
    "InvalidPositionError",
    "Position",
    "Step",
    "check_claim",
    "worst_line_brute_force",
]
