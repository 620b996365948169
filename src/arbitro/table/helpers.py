"""Small helpers the table's state and its rules share.

The seats in rotation (:data:`NEXT`), every card by its index (:data:`CARDS`), the cards
of a 52-bit mask (:func:`cards_of`, :func:`suit_cards`), a seat from its letter
(:func:`as_seat`), the suits a call relates to (:func:`suits_of`), a decision's options
(:func:`options`), and the refusal of an action while a procedure waits
(:func:`waiting`).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, bid_shows_suit
from arbitro.table.procedure import Procedure
from arbitro.table.state import IllegalActionError, Message, Option

NEXT = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
"""The seat after each seat, in clockwise order (``NEXT[seat]``)."""
CARDS = tuple(Card.from_index(index) for index in range(52))
"""Every card, by its index."""


def waiting(procedure: Procedure) -> IllegalActionError:
    """The refusal of an action while ``procedure`` waits on something else.

    >>> print(waiting(Procedure("31", "replace", Seat.EAST, 0, awaiting=Seat.EAST)))
    the table waits for a call by East (Law 31)
    """
    decision = procedure.decision
    if decision is not None:
        return IllegalActionError(
            Message(
                N_("the table waits for a decision by {who} (Law {law}): {question}"),
                {
                    "who": Message(N_("the Director")) if decision.by is None else decision.by,
                    "law": decision.law,
                    "question": decision.question,
                },
            )
        )
    if procedure.awaiting is None:
        return IllegalActionError(
            Message(
                N_("the table waits for {seat}'s card played early to count (Law {law})"),
                {"seat": procedure.offender, "law": procedure.law},
            )
        )
    return IllegalActionError(
        Message(
            N_("the table waits for a call by {seat} (Law {law})"),
            {"seat": procedure.awaiting, "law": procedure.law},
        )
    )


def options(*items: tuple[str, str, str]) -> tuple[Option, ...]:
    """Options from (choice, law, text) triples.

    >>> options(("accept", "29A", N_("accept the call")))[0].law
    '29A'
    """
    return tuple(Option(choice, law, text) for choice, law, text in items)


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
