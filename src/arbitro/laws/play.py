"""The play of a trick (Law 44): following suit, and who wins the trick.

Cards are handled as indexes 0..51 (``13 * suit + rank - 2``) and hands as 52-bit
masks, so a legality check is a couple of bit operations.

>>> from arbitro.core import Card, Hand, Strain
>>> hand = Hand.from_str("AK.Q.-.J32")
>>> led = Card.from_str("C4")
>>> Hand(playable_mask(hand.mask, led.suit)) == Hand.from_str("...J32")
True
>>> trick_winner([Card.from_str(c).index for c in ("C4", "CA", "S2", "C5")], Strain.SPADES)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.core import Strain

SUIT_BITS = (1 << 13) - 1
SUIT_MASKS = tuple(SUIT_BITS << (13 * suit) for suit in range(4))
"""The 13 bits of each suit (clubs to spades) within a 52-bit hand mask."""


def suit_mask(suit: int) -> int:
    """The 13 bits of ``suit`` within a 52-bit hand mask.

    >>> from arbitro.core import Suit
    >>> hex(suit_mask(Suit.CLUBS))
    '0x1fff'
    """
    return SUIT_MASKS[suit]


def playable_mask(hand_mask: int, led_suit: int | None) -> int:
    """The cards a player may play (Law 44C, 44D): the led suit if held, else any card.

    ``led_suit`` is None when the player is on lead (44A: any card).

    >>> from arbitro.core import Suit
    >>> bin(playable_mask(0b11 << 13, Suit.CLUBS))
    '0b110000000000000'
    """
    if led_suit is None:
        return hand_mask
    return hand_mask & SUIT_MASKS[led_suit] or hand_mask


def trick_winner(cards: Sequence[int], trumps: Strain) -> int:
    """The position (0 to 3) in ``cards`` of the card that wins the trick (Law 44E, 44F).

    The highest trump wins; with no trump in the trick, the highest card of the suit led.

    >>> trick_winner([0, 12, 1, 2], Strain.NOTRUMP)
    1
    """
    order = _ORDER[trumps][cards[0] // 13]
    values = list(map(order.__getitem__, cards))
    return values.index(max(values))


def _order(trumps: int, led: int) -> tuple[int, ...]:
    """Each card's place in a trick (Law 44E-F): a trump above the suit led, above the rest.

    The rank (0 to 12), plus 13 for the suit led and 26 for trumps: a card of another
    suit never beats the card led, nor a card of the suit led a trump.
    """
    return tuple(
        index % 13 + 13 * (index // 13 == led) + 26 * (index // 13 == trumps) for index in range(52)
    )


_ORDER = tuple(tuple(_order(trumps, led) for led in range(4)) for trumps in range(5))
"""Each card's place in a trick, by trumps (notrump is 4) and the suit led."""
