"""A revoke and a claim on the same board: the award and the Law 64 transfer both apply.

Laws 63A3 (a claim or its acceptance by the offending side establishes its revoke), 64A
(the tricks transferred count the tricks the offending side won after the revoke,
the tricks a claim gave it included), 69 and 70 (the claim settles the tricks not
played; Law 64 then applies to the whole board).

Every board: 1♠ by North (the example deal; nobody vulnerable). East leads the ♥5,
dummy plays the ♥2, West ruffs with the ♠2 holding ♥AKQJ (a revoke) and wins, North
follows with the ♥8.
"""

from __future__ import annotations

from arbitro.core import Seat, Side
from arbitro.table import Phase, Table
from arbitro.table.events import (
    EXAMPLE_DEAL,
    ClaimEvent,
    ClaimReviewEvent,
    ObjectionEvent,
    RevokeEvent,
)


def _revoked() -> Table:
    """Trick 1 played; West's revoke is not yet established."""
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"], strict=True):
        table.call(seat, call)
    table.play("E", "H5")
    table.face_lead()
    for seat, card in (("S", "H2"), ("W", "S2"), ("N", "H8")):
        table.play(seat, card)
    return table


def _established() -> Table:
    """Trick 2: West leads the ♠3 (establishing his revoke, 63A1), North's ♠A wins; then
    attention is drawn to the revoke (63B). One trick each side; eleven left."""
    table = _revoked()
    for seat, card in (("W", "S3"), ("N", "SA"), ("E", "S8"), ("S", "S5")):
        table.play(seat, card)
    table.apply(RevokeEvent(Seat.WEST))
    assert table.tricks_won(Side.NS) == 1
    assert table.tricks_won(Side.EW) == 1
    return table


def test_law_64a1_tricks_claimed_count_as_won_after_the_revoke() -> None:
    """North claims ten of the eleven tricks left, accepted (69A). West won the revoke
    trick and his side is given a later trick by the claim: two tricks go over
    (64A1). North-South: 1 won + 10 claimed + 2 transferred."""
    table = _established()
    table.apply(ClaimEvent(Seat.NORTH, 10))
    table.decide("E", "accept")
    assert table.phase is Phase.COMPLETE
    assert [(t.tricks, t.law) for t in table.transfers] == [(2, "64A1")]
    assert table.tricks_credited(Side.NS) == 1 + 10 + 2
    assert table.tricks_credited(Side.EW) == 1 + 1 - 2


def test_law_64a1_a_claim_of_all_leaves_the_offenders_no_later_trick() -> None:
    """North claims all eleven: East-West win no trick after the revoke trick, so only
    that trick goes over (64A1)."""
    table = _established()
    table.apply(ClaimEvent(Seat.NORTH, 11))
    table.decide("E", "accept")
    assert [(t.tricks, t.law) for t in table.transfers] == [(1, "64A1")]
    assert table.tricks_credited(Side.NS) == 1 + 11 + 1
    assert table.tricks_credited(Side.EW) == 1 - 1


def test_law_70_the_directors_award_then_the_transfer() -> None:
    """North claims all eleven, East disputes; the Director awards eight (70). The
    three East-West are given are later tricks of the offending side: two go over."""
    table = _established()
    table.apply(ClaimEvent(Seat.NORTH, 11))
    table.decide("E", "dispute")
    table.decide("director", "8")
    assert [(t.tricks, t.law) for t in table.transfers] == [(2, "64A1")]
    assert table.tricks_credited(Side.NS) == 1 + 8 + 2
    assert table.tricks_credited(Side.EW) == 1 + 3 - 2
    assert table.score() == 30 + 4 * 30 + 50  # Law 77: 1♠ made with four overtricks


def test_law_69b_a_review_of_the_claim_recounts_the_transfer() -> None:
    """North's claim of all eleven is accepted (one trick over), then East withdraws
    the acquiescence (69B) and the Director gives East-West two: two tricks over."""
    table = _established()
    table.apply(ClaimEvent(Seat.NORTH, 11))
    table.decide("E", "accept")
    assert [t.tricks for t in table.transfers] == [1]
    table.apply(ClaimReviewEvent(Seat.EAST))
    table.decide("director", "9")
    assert [t.tricks for t in table.transfers] == [2]
    assert table.tricks_credited(Side.NS) == 1 + 9 + 2


def test_law_63a3_a_concession_by_the_offender_establishes_his_revoke() -> None:
    """West, on lead after his revoke, concedes the rest (0 of 12) before playing to
    the next trick. Once the concession stands (East did not object at once, 68B2) it
    establishes the revoke (63A3). Attention drawn to it later, the trick stands (63B)
    and one trick goes over at the end (64A1: West won the revoke trick, his side no
    later one)."""
    table = _revoked()
    table.apply(ClaimEvent(Seat.WEST, 0))
    assert not table.revokes[0].established  # East may still object (68B2)
    table.decide("N", "accept")
    assert table.revokes[0].established
    assert any(note.law == "63A3" for note in table.notes)
    table.apply(RevokeEvent(Seat.WEST))
    assert [(t.tricks, t.law) for t in table.transfers] == [(1, "64A1")]
    assert table.tricks_credited(Side.NS) == 12 + 1
    assert table.tricks_credited(Side.EW) == 1 - 1


def test_law_68b2_a_concession_partner_objects_to_establishes_nothing() -> None:
    """West concedes, East objects at once: there is no concession (68B2), so it does
    not establish West's revoke (63A3), which is corrected when attention is drawn to
    it during the play (62A)."""
    table = _revoked()
    table.apply(ClaimEvent(Seat.WEST, 0))
    table.apply(ObjectionEvent(Seat.EAST))
    assert table.phase is Phase.PLAY
    assert not table.revokes[0].established
    assert not any(note.law == "63A3" for note in table.notes)


def test_law_63a3_agreeing_to_a_claim_establishes_the_revoke() -> None:
    """North claims the last twelve at once; East (West's partner) agrees: West's revoke
    is established (63A3), and the trick stands when attention is drawn to it."""
    table = _revoked()
    table.apply(ClaimEvent(Seat.NORTH, 12))
    assert not table.revokes[0].established  # the claim is North-South's
    table.decide("E", "accept")
    assert table.revokes[0].established
    table.apply(RevokeEvent(Seat.WEST))
    assert [(t.tricks, t.law) for t in table.transfers] == [(1, "64A1")]
    assert table.tricks_credited(Side.NS) == 12 + 1


def test_law_64_no_transfer_for_a_revoke_nobody_noticed() -> None:
    """The claim alone transfers nothing: Law 64 applies to a revoke attention is drawn
    to."""
    fresh = _revoked()
    for seat, card in (("W", "S3"), ("N", "SA"), ("E", "S8"), ("S", "S5")):
        fresh.play(seat, card)
    fresh.apply(ClaimEvent(Seat.NORTH, 10))
    fresh.decide("E", "accept")
    assert not fresh.transfers
    assert fresh.tricks_credited(Side.NS) == 1 + 10
