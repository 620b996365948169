"""Laws 41 and 68: a claim with the opening lead face down is taken as one before the lead.

The play period begins when the opening lead is faced (41C); a claim made before the
lead is one of all thirteen tricks, and so is one made while the lead lies face down
(41A): the face-down card is the lead made, and the claim is checked from it.
"""

from __future__ import annotations

from arbitro.core import Deal, Seat, Side
from arbitro.table import Phase, Table
from arbitro.table.events import ClaimEvent
from arbitro.tournament.claims import position_of

DEAL = "N:AQ3.AKQJ.AKQJ.AK KJ2.T98.T98.QJT9 54.5432.5432.543 T9876.76.76.8762"


def _led_face_down() -> Table:
    table = Table(Deal.from_str(DEAL), number=1)
    for seat, call in zip("NESW", ["6NT", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "CQ")
    assert table.phase is Phase.LEAD_FACE_DOWN
    return table


def test_law41_claim_with_the_lead_face_down_is_a_claim_of_thirteen_tricks() -> None:
    table = _led_face_down()
    table.apply(ClaimEvent(Seat.NORTH, 12, "concede the spade king"))
    made = table.claim
    assert made is not None
    assert (made.tricks, made.remaining) == (12, 13)
    position = position_of(table)
    assert position.remaining == 13
    assert position.leader is Seat.EAST
    assert [str(card) for card in position.trick] == ["CQ"]
    table.decide("E", "accept")
    assert table.tricks_credited(Side.NS) == 12


def test_law69a_objection_after_acceptance_leaves_the_lead_face_down() -> None:
    table = _led_face_down()
    table.apply(ClaimEvent(Seat.NORTH, 12, "concede the spade king"))
    table.decide("E", "accept")
    table.decide("W", "dispute")
    assert table.phase is Phase.LEAD_FACE_DOWN
    table.decide("director", "12")
    assert table.tricks_credited(Side.NS) == 12
