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

from arbitro.core import Seat, Suit


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
    revoke trick or a later one. A trick won in dummy is not won by declarer (the
    winners name dummy's seat). No transfer (64B): the offending side won neither (B1);
    a later revoke in the same suit by the same player (B2); a card face up on the table
    (B3); attention drawn too late (B4, B5); a revoke in the twelfth trick (B6); both
    sides revoked (B7).

    Several revokes by one side: each is rectified on its own (64A), and a trick won
    is transferred once. The exceptions are read in the order of play (64B2 names the
    later revoke); then the tricks are handed out from the latest revoke back, each
    taking its own trick (64A1) and then a trick its side won after it (64A1) or from it
    on (64A2) that no later revoke took. So the second revoke always gets its own
    tricks, and the total never exceeds the tricks the offending side won from its
    first revoke on.

    >>> winners = [Seat.NORTH] * 12 + [Seat.EAST]
    >>> transfers(winners, [Revoke(11, Seat.EAST, Suit.SPADES)])[0].law
    '64B6'
    >>> winners = [Seat.NORTH, Seat.EAST, Seat.EAST] + [Seat.NORTH] * 7 + [Seat.WEST] * 3
    >>> two = [Revoke(1, Seat.EAST, Suit.HEARTS), Revoke(10, Seat.WEST, Suit.CLUBS)]
    >>> [(t.law, t.tricks) for t in transfers(winners, two)]
    [('64A1', 2), ('64A1', 2)]
    """
    sides = {revoke.seat.side for revoke in revokes if revoke.late != "43B3"}
    results: list[Transfer | None] = [None] * len(revokes)
    seen: set[tuple[Seat, Suit]] = set()
    due: list[tuple[int, str, int]] = []
    for position, revoke in enumerate(revokes):
        key = (revoke.seat, revoke.suit)
        law = _exception(revoke, key in seen, len(sides) > 1)
        seen.add(key)
        if law is not None:
            results[position] = Transfer(revoke, 0, law)
            continue
        side = revoke.seat.side
        later = any(seat.side == side for seat in winners[revoke.trick + 1 :])
        if winners[revoke.trick] == revoke.seat:
            due.append((position, "64A1", 2 if later else 1))
        elif later or winners[revoke.trick].side == side:
            due.append((position, "64A2", 1))
        else:
            results[position] = Transfer(revoke, 0, "64B1")
    taken: set[int] = set()
    for position, law, count in sorted(
        due, key=lambda item: (-revokes[item[0]].trick, item[1] != "64A1")
    ):
        revoke = revokes[position]
        side = revoke.seat.side
        picked: list[int] = []
        if law == "64A1":
            picked.append(revoke.trick)
        first = revoke.trick + 1 if law == "64A1" else revoke.trick
        for trick in range(first, len(winners)):
            if len(picked) == count:
                break
            if winners[trick].side == side and trick not in taken:
                picked.append(trick)
        taken.update(picked)
        results[position] = Transfer(revoke, len(picked), law)
    return [result for result in results if result is not None]


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
