"""Hand statistics for hand records: high-card points, suit lengths and patterns.

>>> from arbitro.core import Hand
>>> hand = Hand.from_str("AKQ.JT9.876.5432")
>>> hcp(hand), lengths(hand), pattern(hand)
(10, (3, 3, 3, 4), (4, 3, 3, 3))
>>> pattern_str(hand)
'4-3-3-3'
"""

from __future__ import annotations

from arbitro.core.hand import Hand
from arbitro.core.suit import Suit

_HONOUR_BITS = ((1 << 12, 4), (1 << 11, 3), (1 << 10, 2), (1 << 9, 1))  # A K Q J of a suit
_HCP_MASKS = tuple(
    (sum(bit << (13 * suit) for suit in range(4)), points) for bit, points in _HONOUR_BITS
)


def hcp(hand: Hand) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1 (40 in the pack).

    >>> hcp(Hand.from_str("AKQJ.AKQJ.AKQJ.A"))
    34
    """
    return sum((hand.mask & mask).bit_count() * points for mask, points in _HCP_MASKS)


def lengths(hand: Hand) -> tuple[int, int, int, int]:
    """The number of spades, hearts, diamonds and clubs, in that order.

    >>> lengths(Hand.from_str("AKQJT98765432..."))
    (13, 0, 0, 0)
    """
    spades, hearts, diamonds, clubs = (hand.length(suit) for suit in reversed(Suit))
    return spades, hearts, diamonds, clubs


def pattern(hand: Hand) -> tuple[int, int, int, int]:
    """The suit lengths longest first, whatever the suits: a 4-4-3-2 hand is ``(4, 4, 3, 2)``.

    >>> pattern(Hand.from_str("K2.AQ76.J985.T43"))
    (4, 4, 3, 2)
    """
    first, second, third, fourth = sorted(lengths(hand), reverse=True)
    return first, second, third, fourth


def pattern_str(hand: Hand) -> str:
    """The pattern written with dashes, as players say it: ``5-3-3-2``.

    >>> pattern_str(Hand.from_str("AKQJ2.A76.985.43"))
    '5-3-3-2'
    """
    return "-".join(str(length) for length in pattern(hand))
