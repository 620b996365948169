"""Claims and concessions: the structured statement and the claim checker (Laws 68-71).

>>> from arbitro.core import Seat
>>> position = Position.from_str("N:AK... 32... QJ... 54...", trump=None, leader=Seat.NORTH)
>>> check_claim(position, Seat.NORTH, ClaimStatement.from_str("all")).award
2
"""

from arbitro.analysis.claims.checker import (
    ClaimCheck,
    InvalidPositionError,
    Position,
    check_claim,
    worst_line_brute_force,
)
from arbitro.analysis.claims.statement import ClaimStatement, InvalidClaimError, Step

__all__ = [
    "ClaimCheck",
    "ClaimStatement",
    "InvalidClaimError",
    "InvalidPositionError",
    "Position",
    "Step",
    "check_claim",
    "worst_line_brute_force",
]
