"""A deal as the public pages draw it: a compass diagram, each hand by suit.

North on top, West on the left, East on the right, South below; the dealer and the
vulnerability (Law 2, or the board's own marking) in the centre. The suits carry their
symbols, hearts and diamonds marked red, and the cards are written in the page's
language (``R``, ``D``, ``V`` in Spanish). The template is the shared macro in
``templates/deal.html``.

>>> from arbitro.core.board import Board
>>> diagram = deal_diagram(Deal.from_number(7), Board(7), "es")
>>> [hand.label for hand in diagram.hands], diagram.dealer, diagram.vulnerability
(['North', 'East', 'South', 'West'], 'South', 'Todos')
>>> [(suit.symbol, suit.red) for suit in diagram.hands[0].suits]
[('♠', False), ('♥', True), ('♦', True), ('♣', False)]
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.core.suit import Suit
from arbitro.i18n import N_

__all__ = ["DealDiagram", "DiagramHand", "DiagramSuit", "deal_diagram"]

_SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RED = (Suit.HEARTS, Suit.DIAMONDS)
_SEAT_NAMES = {
    Seat.NORTH: N_("North"),
    Seat.EAST: N_("East"),
    Seat.SOUTH: N_("South"),
    Seat.WEST: N_("West"),
}
"""The seats' names, catalog messages the template translates."""


@dataclass(frozen=True, slots=True)
class DiagramSuit:
    """One suit of a hand: its symbol, whether it is red, the cards held (highest first)."""

    symbol: str
    red: bool
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiagramHand:
    """One seat's hand: the seat (``N``, ``E``...), its name (a catalog message), its suits."""

    seat: str
    label: str
    dealer: bool
    vulnerable: bool
    suits: tuple[DiagramSuit, ...]


@dataclass(frozen=True, slots=True)
class DealDiagram:
    """The four hands (North, East, South, West), the board's dealer (a catalog message) and vulnerability."""

    hands: tuple[DiagramHand, ...]
    dealer: str
    vulnerability: str

    def hand(self, seat: str) -> DiagramHand:
        """The hand at ``seat`` (``N``, ``E``, ``S`` or ``W``).

        >>> deal_diagram(Deal.from_number(7), Board(7), "en").hand("W").label
        'West'
        """
        return next(hand for hand in self.hands if hand.seat == seat)


def deal_diagram(deal: Deal, board: Board, lang: str) -> DealDiagram:
    """The diagram of ``deal`` played as ``board`` (its dealer and vulnerability), in ``lang``.

    >>> hand = deal_diagram(Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ "
    ...     "765.432.AKQJ.T98 432.AKQJ.T98.765"), Board(1), "es").hand("N")
    >>> [(suit.symbol, "".join(suit.cards)) for suit in hand.suits]
    [('♠', 'ARDV'), ('♥', '1098'), ('♦', '765'), ('♣', '432')]
    """
    hands = tuple(
        DiagramHand(
            seat=seat.to_str(),
            label=_SEAT_NAMES[seat],
            dealer=seat == board.dealer,
            vulnerable=board.vulnerability.is_vulnerable(seat),
            suits=tuple(
                DiagramSuit(
                    symbol=suit.to_str(lang, symbols=True),
                    red=suit in _RED,
                    cards=tuple(rank.printed(lang) for rank in deal[seat].ranks(suit)),
                )
                for suit in _SUITS_DOWN
            ),
        )
        for seat in Seat
    )
    return DealDiagram(hands, _SEAT_NAMES[board.dealer], board.vulnerability.to_str(lang))
