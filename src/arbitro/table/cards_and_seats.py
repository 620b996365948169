"""The cards and seats the table's state and its rules look up.

The seats in rotation (:data:`NEXT`), every card by its index (:data:`CARDS`), the cards
of a 52-bit mask (:func:`cards_of`, :func:`suit_cards`), a seat from its letter
(:func:`as_seat`) and the suits a call relates to (:func:`suits_of`).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.core import Card, Seat, Suit
from arbitro.laws.auction import AnyCall, bid_shows_suit

NEXT = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
"""The seat after each seat, in clockwise order (``NEXT[seat]``)."""
CARDS = tuple(Card.from_index(index) for index in range(52))
"""Every card, by its index."""


def suits_of(call: AnyCall, given: Sequence[Suit] | None) -> tuple[Suit, ...]:
    """The suits a call relates to: those the Director gave, else a natural bid's suit.

    >>> from arbitro.laws.auction import read_call
    >>> suits_of(read_call("2H"), None), suits_of(read_call("2NT"), None)
    ((Suit.HEARTS,), ())
    """
    if given is not None:
        return tuple(given)
    strain = bid_shows_suit(call)
    return () if strain is None else (Suit(int(strain)),)


def cards_of(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, highest index (the ace of spades) first.

    >>> cards_of(0b101)
    [Card(Suit.CLUBS, Rank.FOUR), Card(Suit.CLUBS, Rank.TWO)]
    """
    clubs, diamonds, hearts, spades = SUIT_CARDS
    try:
        return [
            *spades[mask >> 39],
            *hearts[mask >> 26 & 0x1FFF],
            *diamonds[mask >> 13 & 0x1FFF],
            *clubs[mask & 0x1FFF],
        ]
    except KeyError:
        for suit in range(4):
            suit_cards(suit, mask >> 13 * suit & 0x1FFF)
        return cards_of(mask)


# The cards of each suit's 13-bit masks, highest first, filled as masks turn up (4 x 8192
# at most): the play reads its legal cards from here.
SUIT_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit mask, highest first."""
    known = SUIT_CARDS[suit]
    cards = known.get(bits)
    if cards is None:
        cards = known[bits] = tuple(
            CARDS[13 * suit + rank] for rank in range(12, -1, -1) if bits >> rank & 1
        )
    return cards


def as_seat(seat: Seat | str) -> Seat:
    """``seat``, or the seat it names (``'N'``, ``'E'``, ...).

    >>> as_seat('W')
    Seat.WEST
    """
    return seat if isinstance(seat, Seat) else Seat.from_str(seat)
