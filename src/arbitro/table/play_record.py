"""The play as it happened: tricks, revokes, claims and defective tricks.

Every value here is frozen: a completed :class:`Trick`, a :class:`RevokeEntry` (Law 61A),
the board's :class:`Claim` or concession (68-71) and a :class:`Defect` (67).

>>> Claim(Seat.SOUTH, 3, 4, "draw trumps").to_json()
{'seat': 'S', 'tricks': 3, 'remaining': 4, 'statement': 'draw trumps'}
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.core import Card, Seat, Side, Suit
from arbitro.table.restrictions import Restriction


@dataclass(frozen=True, slots=True, init=False)
class Trick:
    """A completed trick: who led, the four cards in order of play, and the winner.

    >>> trick = Trick(Seat.WEST, tuple(Card.from_str(c) for c in ("C2", "C3", "C4", "C5")),
    ...               Seat.SOUTH)
    >>> trick.seats
    (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    """

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def __init__(self, leader: Seat, cards: tuple[Card, ...], winner: Seat) -> None:
        # Each field set through its slot, as the frozen dataclass's own __init__ does
        # through object.__setattr__ by name, at half the cost: a board closes 13 tricks.
        _SET_LEADER(self, leader)
        _SET_CARDS(self, cards)
        _SET_WINNER(self, winner)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in the order they played to the trick.

        >>> Trick(Seat.NORTH, (), Seat.NORTH).seats
        (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        """
        return tuple(Seat((self.leader + offset) % 4) for offset in range(4))

    def to_json(self) -> dict[str, object]:
        """The trick as JSON data.

        >>> Trick(Seat.NORTH, (Card.from_str("SA"),), Seat.NORTH).to_json()
        {'leader': 'N', 'cards': ['SA'], 'winner': 'N'}
        """
        return {
            "leader": str(self.leader),
            "cards": [str(card) for card in self.cards],
            "winner": str(self.winner),
        }


_SET_LEADER = Trick.__dict__["leader"].__set__
_SET_CARDS = Trick.__dict__["cards"].__set__
_SET_WINNER = Trick.__dict__["winner"].__set__


@dataclass(frozen=True, slots=True)
class RevokeEntry:
    """A revoke as it happened (Law 61A).

    The trick (from 0), the seat, the card played, and the suit it failed to follow;
    whether it is established (63A) and whether attention was drawn to it (and when,
    for 64B4-5).

    >>> RevokeEntry(2, Seat.EAST, Card.from_str("C2"), Suit.HEARTS).to_json()["trick"]
    3
    """

    trick: int
    seat: Seat
    card: Card
    suit: Suit
    established: bool = False
    noticed: bool = False
    late: str | None = None
    exposed_card: bool = False
    event: int = 0
    """The position in the table log of the event that made the revoke."""
    penalty_card: Restriction | None = None
    """The card was a penalty card, face up, when played: corrected, it is one again (62B2)."""

    def to_json(self) -> dict[str, object]:
        """The revoke as JSON data, tricks counted from 1.

        >>> RevokeEntry(0, Seat.WEST, Card.from_str("S2"), Suit.CLUBS, True).to_json()
        {'trick': 1, 'seat': 'W', 'card': 'S2', 'suit': 'C', 'established': True, 'noticed': False}
        """
        data: dict[str, object] = {
            "trick": self.trick + 1,
            "seat": str(self.seat),
            "card": str(self.card),
            "suit": self.suit.to_str(),
            "established": self.established,
            "noticed": self.noticed,
        }
        if self.late is not None:
            data["late"] = self.late
        return data


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession at the table and what became of it.

    ``tricks`` of the ``remaining`` ones claimed by ``seat``'s side; ``awarded`` the
    tricks it was finally credited with (None while open) and the Law that settled it
    (``69A``, ``70``, ``69B``, ``71``).

    >>> Claim(Seat.SOUTH, 3, 4, "draw trumps").concedes
    1
    """

    seat: Seat
    tricks: int
    remaining: int
    statement: str = ""
    awarded: int | None = None
    law: str | None = None

    @property
    def side(self) -> Side:
        """The claimer's side.

        >>> Claim(Seat.EAST, 0, 2).side
        Side.EW
        """
        return self.seat.side

    @property
    def concedes(self) -> int:
        """The tricks the claim concedes to the opponents (68B1).

        >>> Claim(Seat.EAST, 0, 2).concedes
        2
        """
        return self.remaining - self.tricks

    def to_json(self) -> dict[str, object]:
        """The claim as JSON data.

        >>> Claim(Seat.SOUTH, 3, 4, awarded=4, law="71").to_json()["awarded"]
        4
        """
        data: dict[str, object] = {
            "seat": str(self.seat),
            "tricks": self.tricks,
            "remaining": self.remaining,
        }
        if self.statement:
            data["statement"] = self.statement
        if self.awarded is not None:
            data["awarded"] = self.awarded
            data["law"] = self.law
        return data


@dataclass(frozen=True, slots=True)
class Defect:
    """A defective trick as it happened, and whether attention has been drawn to it.

    The trick (from 0), the offender, and his extra card (None: he played no card to it).

    >>> Defect(3, Seat.EAST, None).to_json()
    {'trick': 4, 'seat': 'E', 'card': None, 'noticed': False}
    """

    trick: int
    seat: Seat
    card: Card | None
    noticed: bool = False

    def to_json(self) -> dict[str, object]:
        """The defect as JSON data, tricks counted from 1.

        >>> Defect(0, Seat.WEST, Card.from_str("H5"), True).to_json()["card"]
        'H5'
        """
        return {
            "trick": self.trick + 1,
            "seat": str(self.seat),
            "card": None if self.card is None else str(self.card),
            "noticed": self.noticed,
        }
