"""Revokes (Laws 61-64): what a revoke is, and the tricks transferred after one.

The transfer is computed at the end of play from the winners of the tricks and the
established revokes the Director was told of. Tricks are numbered from 0; the seats
are the hands that won them, dummy's wins written as dummy's seat.

>>> from arbitro.core import Seat, Suit
>>> winners = [Seat.EAST] * 3 + [Seat.NORTH] * 10
>>> revoke = Revoke(trick=1, seat=Seat.EAST, suit=Suit.HEARTS)
>>> [(t.law, t.tricks) for t in transfers(winners, [revoke])]
[('64A1', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.core import Seat, Side, Suit


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke the Director was told of (Laws 61A, 63).

    ``exposed_card`` says the revoke was a failure to play a card lying face up (a
    penalty card, or a card of dummy's, 64B3); ``late`` that attention was drawn only
    after the non-offending side called on the next board (64B4) or after the round
    (64B5): ``"next board"`` or ``"round end"``; ``"43B3"`` that dummy, having
    forfeited his rights, drew attention to it first (no rectification, 43B3).

    >>> Revoke(trick=4, seat=Seat.WEST, suit=Suit.CLUBS).trick
    4
    """

    trick: int
    seat: Seat
    suit: Suit
    exposed_card: bool = False
    late: str | None = None


@dataclass(frozen=True, slots=True)
class Transfer:
    """Tricks transferred to the non-offending side for one revoke, and the Law.

    ``tricks`` is 0 when a 64B exception applies (``law`` names it).

    >>> Transfer(Revoke(1, Seat.EAST, Suit.HEARTS), 1, "64A2").tricks
    1
    """

    revoke: Revoke
    tricks: int
    law: str


def transfers(winners: Sequence[Seat], revokes: Sequence[Revoke]) -> list[Transfer]:
    """The Law 64 transfer for each revoke, in the order the revokes were made.

    64A1: the revoke trick won by the offender goes over, and one more if the offending
    side won any later trick. 64A2: otherwise one trick, if the offending side won the
    revoke trick or a later one. A trick won in dummy is not won by declarer (the winners name dummy's seat). No
    transfer (64B): the offending side won neither (B1); a later revoke in the same
    suit by the same player (B2); a card face up on the table (B3); attention drawn
    too late (B4, B5); a revoke in the twelfth trick (B6); both sides revoked (B7). The
    tricks transferred never exceed those the offending side won from the revoke trick
    on.

    >>> winners = [Seat.NORTH] * 12 + [Seat.EAST]
    >>> transfers(winners, [Revoke(11, Seat.EAST, Suit.SPADES)])[0].law
    '64B6'
    """
    sides = {revoke.seat.side for revoke in revokes if revoke.late != "43B3"}
    results: list[Transfer] = []
    seen: set[tuple[Seat, Suit]] = set()
    given = {Side.NS: 0, Side.EW: 0}
    for revoke in revokes:
        key = (revoke.seat, revoke.suit)
        law = _exception(revoke, key in seen, len(sides) > 1)
        seen.add(key)
        if law is not None:
            results.append(Transfer(revoke, 0, law))
            continue
        side = revoke.seat.side
        later = winners[revoke.trick :]
        won_after = sum(1 for seat in later if seat.side == side)
        if winners[revoke.trick] == revoke.seat:
            count = 1 + (1 if any(s.side == side for s in winners[revoke.trick + 1 :]) else 0)
            law = "64A1"
        elif won_after:
            count, law = 1, "64A2"
        else:
            results.append(Transfer(revoke, 0, "64B1"))
            continue
        count = min(count, won_after - given[side])
        given[side] += count
        results.append(Transfer(revoke, count, law))
    return results


def _exception(revoke: Revoke, repeated: bool, both_sides: bool) -> str | None:
    if revoke.late == "43B3":
        # Dummy, having forfeited his rights, drew attention to it first: no rectification.
        return "43B3"
    if both_sides:
        return "64B7"
    if repeated:
        return "64B2"
    if revoke.exposed_card:
        return "64B3"
    if revoke.trick == 11:
        # Before 64B4-5: a revoke in the twelfth trick brings no transfer whenever it
        # comes to light (corrected under 62D1 while the hands are out of the board).
        return "64B6"
    if revoke.late == "next board":
        return "64B4"
    if revoke.late == "round end":
        return "64B5"
    return None
