"""Law 62A under a claim: a revoke the claim did not establish is corrected, and the claim stands.

Play stops for a claim (68D), so no later play establishes a revoke (63A1), and a revoke
of the side that disputes the claim, having neither made nor accepted it, is not
established by it either (63A3). When attention is drawn to it, it is corrected (62A-B):
the card goes back, a defender's as a major penalty card (62B1), and the claim is
answered or ruled by the Director from the corrected position (69, 70), with the
revoker's legal card part of it. No trick is transferred (64 applies to established
revokes only).
"""

from __future__ import annotations

from arbitro.core import Deal, Seat, Side
from arbitro.table import Phase, Table
from arbitro.table.events import ClaimEvent, RevokeEvent
from arbitro.table.restrictions import RestrictionKind
from arbitro.tournament.claims import position_of

DEAL = "N:AKQJT.AK.AK2.432 98.QJT9.QJT9.KQJ 7654.8765.543.A5 32.432.876.T9876"


def _east_ruffs_and_north_claims(*cards: str) -> Table:
    """4♠ by North; at trick 2 East ruffs North's ♦A holding diamonds; North claims 11."""
    table = Table(Deal.from_str(DEAL), number=1)
    for seat, call in (("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"), ("N", "Pass"),
                       ("E", "Pass")):  # fmt: skip
        table.call(seat, call)
    table.play("E", "HQ")
    table.face_lead()
    for seat, card in (("S", "H5"), ("W", "H2"), ("N", "HA"), ("N", "DA"), ("E", "S9")):
        table.play(seat, card)
    for played in cards:
        seat, card = played.split()
        table.play(seat, card)
    table.apply(ClaimEvent(Seat.NORTH, 11, "concede a club"))
    return table


def _is_penalty_card(table: Table, seat: str, card: str) -> bool:
    return any(
        r.kind is RestrictionKind.PENALTY_CARD and str(r.seat) == seat and str(r.card) == card
        for r in table.in_force
    )


def test_law62a_revoke_of_the_disputing_side_is_corrected_before_the_award() -> None:
    table = _east_ruffs_and_north_claims()
    table.decide("E", "dispute")
    table.apply(RevokeEvent(Seat.EAST))
    # 62B1: the ruff goes back as a major penalty card; the claim still waits on the
    # Director, from the trick of the revoke with East to play a legal card.
    assert _is_penalty_card(table, "E", "S9")
    assert [str(card) for _, card in table.current_trick] == ["DA"]
    made = table.claim
    assert made is not None
    assert (made.tricks, made.remaining, made.awarded) == (11, 12, None)
    pending = table.pending
    assert pending is not None
    assert pending.law == "70"
    assert position_of(table).remaining == 12
    table.decide("director", "12")
    assert table.phase is Phase.COMPLETE
    assert table.tricks_credited(Side.NS) == 13
    assert not table.revokes


def test_law62a_revoke_noticed_after_the_award_is_corrected_and_the_claim_ruled_again() -> None:
    table = _east_ruffs_and_north_claims()
    table.decide("E", "dispute")
    table.decide("director", "10")
    assert table.tricks_credited(Side.NS) == 11
    table.apply(RevokeEvent(Seat.EAST))
    # The award was given on the uncorrected position: it is withdrawn, and the
    # Director awards again.
    assert table.tricks_credited(Side.NS) == 1
    pending = table.pending
    assert pending is not None
    assert pending.law == "70"
    table.decide("director", "11")
    assert table.tricks_credited(Side.NS) == 12


def test_law62a_revoke_noticed_before_the_answer_is_corrected_and_the_claim_answered() -> None:
    table = _east_ruffs_and_north_claims()
    table.apply(RevokeEvent(Seat.EAST))
    assert _is_penalty_card(table, "E", "S9")
    pending = table.pending
    assert pending is not None
    assert pending.law == "69"
    table.decide("E", "accept")
    assert table.tricks_credited(Side.NS) == 12


def test_law62c1_revoke_of_the_trick_before_goes_back_into_the_claim() -> None:
    # East discards ♣K on ♦A holding diamonds; North wins trick 2 and leads ♦K, then
    # claims before East-West play to trick 3: East's revoke is not established (63A1).
    table = Table(Deal.from_str(DEAL), number=1)
    for seat, call in (("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"), ("N", "Pass"),
                       ("E", "Pass")):  # fmt: skip
        table.call(seat, call)
    table.play("E", "HQ")
    table.face_lead()
    for seat, card in (("S", "H5"), ("W", "H2"), ("N", "HA"), ("N", "DA"), ("E", "CK"),
                       ("S", "D3"), ("W", "D6"), ("N", "DK")):  # fmt: skip
        table.play(seat, card)
    table.apply(ClaimEvent(Seat.NORTH, 10, "concede the clubs"))
    table.decide("E", "dispute")
    table.apply(RevokeEvent(Seat.EAST, trick=2))
    # 62C1: the cards played since go back; trick 2, which North's side won as played,
    # is in the claim again: 11 of the 12 tricks left.
    assert len(table.tricks) == 1
    assert [str(card) for _, card in table.current_trick] == ["DA"]
    assert _is_penalty_card(table, "E", "CK")
    made = table.claim
    assert made is not None
    assert (made.tricks, made.remaining) == (11, 12)
    pending = table.pending
    assert pending is not None
    assert pending.law == "70"
