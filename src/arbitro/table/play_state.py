"""The play's book-keeping on the table's base state.

:class:`PlayState` shows the play from the fields (the declarer, dummy and opening
leader of the contract, the face-down lead, the tricks played and the one in progress,
the hands, the tricks won, the revokes), takes a face-down lead back to the hand (41A),
and gives the cards a seat may lead under the Law 26 restrictions in force. A mixin
over :class:`~arbitro.table.state_fields.StateFields`, gathered by
:class:`~arbitro.table.base.TableState`.
"""

from __future__ import annotations

from arbitro.core import Card, Hand, Seat, Side
from arbitro.laws.play import suit_mask
from arbitro.table.cards_and_seats import as_seat
from arbitro.table.events import EXAMPLE_DEAL  # noqa: F401  (the examples' deal)
from arbitro.table.play_record import RevokeEntry, Trick
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.state import Phase
from arbitro.table.state_fields import StateFields


class PlayState(StateFields):
    """The play's book-keeping: the contract's seats, the tricks, the hands, the lead."""

    __slots__ = ()

    @property
    def declarer(self) -> Seat | None:
        """The declarer, once there is a contract.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).declarer is None
        True
        """
        return None if self.contract is None else self.contract.declarer

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner, once there is a contract.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).dummy is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """The defender on declarer's left, who makes the opening lead (Law 41A).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).opening_leader is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    @property
    def face_down_lead(self) -> Card | None:
        """The opening lead while it lies face down (Law 41A).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).face_down_lead is None
        True
        """
        return self.face_down

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).tricks
        ()
        """
        return tuple(self.tricks_played)

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played so far to the trick in progress, with their seats.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).current_trick
        ()
        """
        if self.skipped is None:
            return tuple(
                (Seat((self.leader + offset) % 4), Card.from_index(index))
                for offset, index in enumerate(self.trick)
            )
        seats = [Seat((self.leader + offset) % 4) for offset in range(4)]
        seats.remove(self.skipped)
        return tuple(zip(seats, map(Card.from_index, self.trick), strict=False))

    def hand(self, seat: Seat | str) -> Hand:
        """The cards ``seat`` still holds.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).hand("N") == EXAMPLE_DEAL[Seat.NORTH]
        True
        """
        return Hand(self.hands[as_seat(seat)])

    def tricks_won(self, side: Side) -> int:
        """How many tricks ``side`` has won so far.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).tricks_won(Side.NS)
        0
        """
        return self.won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """The tricks won by the declaring side, once there is a contract.

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).declarer_tricks is None
        True
        """
        declarer = self.declarer
        return None if declarer is None else self.won[declarer.side]

    @property
    def revokes(self) -> tuple[RevokeEntry, ...]:
        """The revokes made on this board, as they happened (Law 61A).

        >>> from arbitro.table.base import TableState
        >>> TableState(EXAMPLE_DEAL, number=1).revokes
        ()
        """
        return tuple(self.revokes_made)

    def lead_back_to_hand(self) -> Card | None:
        """The face-down opening lead, if any, goes back to the leader's hand (41A).

        The leader is to lead again; returns the card that went back.
        """
        card = self.face_down
        if card is not None:
            self.hands[self.leader] |= 1 << card.index
            self.face_down = None
            self.phase = Phase.OPENING_LEAD
        return card

    def lead_mask(self, seat: Seat) -> int:
        """The cards ``seat`` may lead, after any Law 26 restriction (59 if it cannot comply)."""
        hand = self.hands[seat]
        if seat not in self.restricted:
            return hand
        for restriction in self.in_force:
            if restriction.seat != seat or not restriction.suits:
                continue
            bits = 0
            for suit in restriction.suits:  # 51B2b may forbid several suits
                bits |= suit_mask(suit)
            if restriction.kind is RestrictionKind.LEAD_REQUIRED and hand & bits:
                return hand & bits
            if restriction.kind is RestrictionKind.LEAD_FORBIDDEN and hand & ~bits:
                return hand & ~bits
        return hand
