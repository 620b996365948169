"""Law 64A1 after a claim: the revoke trick in progress goes to the player who surely wins it.

East ruffs declarer's ♦A while holding diamonds (a revoke); South and West, still to
play, must follow to diamonds, so East wins the trick whatever they play. North claims
10 of the 12 tricks left, conceding the ruff and one more, and East accepts (63A3
establishes the revoke). The offender won the revoke trick and his side won a later
trick: 64A1 transfers two tricks, not one (64A2).
"""

from __future__ import annotations

from arbitro.core import Deal, Seat, Side
from arbitro.table import Table
from arbitro.table.events import ClaimEvent, RevokeEvent
from arbitro.table.rectify.claimed_tricks import claimed_winners, sure_winner

DEAL = "N:AKQJT.AK.AK2.432 98.QJT9.QJT9.KQJ 7654.8765.543.A5 32.432.876.T9876"


def _ruffed_and_claimed() -> Table:
    table = Table(Deal.from_str(DEAL), number=1)
    for seat, call in (("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"), ("N", "Pass"),
                       ("E", "Pass")):  # fmt: skip
        table.call(seat, call)
    table.play("E", "HQ")
    table.face_lead()
    for seat, card in (("S", "H5"), ("W", "H2"), ("N", "HA"), ("N", "DA"), ("E", "S9")):
        table.play(seat, card)
    table.apply(ClaimEvent(Seat.NORTH, 10, "concede the ruff and a trump trick"))
    return table


def test_law64a1_ruff_that_surely_wins_the_trick_in_progress_is_the_offenders() -> None:
    table = _ruffed_and_claimed()
    assert sure_winner(table) is Seat.EAST
    table.decide("E", "accept")
    assert claimed_winners(table)[0] is Seat.EAST
    table.apply(RevokeEvent(Seat.EAST))
    # One trick before the claim, ten by the claim, two transferred by 64A1.
    assert table.tricks_credited(Side.NS) == 13


def test_law64_no_sure_winner_while_a_player_to_play_can_beat_the_card() -> None:
    table = Table(Deal.from_str(DEAL), number=1)
    for seat, call in (("N", "1S"), ("E", "Pass"), ("S", "4S"), ("W", "Pass"), ("N", "Pass"),
                       ("E", "Pass")):  # fmt: skip
        table.call(seat, call)
    table.play("E", "HQ")
    table.face_lead()
    # North, still to play, holds ♥A K, which beat the queen: nobody surely wins yet.
    assert sure_winner(table) is None
