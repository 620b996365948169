"""A claim at a table (Laws 68-71): the position the claim checker reads, what was shown out.

The table holds the play; :mod:`arbitro.analysis.claims` checks a claim from a
position. These put one into the other's terms, for the CLI and the web alike.

>>> from arbitro.table.events import EXAMPLE_DEAL
>>> shown_out(Table(EXAMPLE_DEAL, number=1))
[]
"""

from __future__ import annotations

from arbitro.analysis.claims import Position
from arbitro.core import Seat, Strain, Suit
from arbitro.core.errors import RefusedError
from arbitro.i18n import N_, gettext
from arbitro.table import Phase, Table

__all__ = ["NoPlayToClaimError", "double_dummy", "position_of", "shown_out"]


class NoPlayToClaimError(RefusedError):
    """A claim asked of a table that has no contract (the auction is not over, or passed out).

    >>> print(NoPlayToClaimError(N_("the log has no contract: there is no play to claim in")))
    the log has no contract: there is no play to claim in
    """

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return gettext(self.message)


def position_of(table: Table) -> Position:
    """The position at the table now (or when play stopped for a claim), for the checker.

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> position_of(table).remaining, position_of(table).leader
    (13, Seat.EAST)
    """
    contract = table.contract
    if contract is None or table.phase in (Phase.AUCTION, Phase.PASSED_OUT):
        raise NoPlayToClaimError(N_("the log has no contract: there is no play to claim in"))
    trick = table.current_trick
    if trick:
        leader = trick[0][0]
    elif table.turn is not None:
        leader = table.turn
    elif table.tricks:
        leader = table.tricks[-1].winner
    else:
        declarer = contract.declarer
        assert declarer is not None
        leader = declarer.lho
    held = (
        table.hand(Seat.NORTH),
        table.hand(Seat.EAST),
        table.hand(Seat.SOUTH),
        table.hand(Seat.WEST),
    )
    trump = None if contract.strain is Strain.NOTRUMP else Suit(int(contract.strain))
    return Position(held, trump, leader, tuple(card for _, card in trick))


def shown_out(table: Table) -> list[tuple[Seat, Suit]]:
    """The suits each player has failed to follow so far (for Law 70E1).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> shown_out(Table(EXAMPLE_DEAL, number=1))
    []
    """
    found: list[tuple[Seat, Suit]] = []
    plays = [tuple(zip(trick.seats, trick.cards, strict=True)) for trick in table.tricks]
    plays.append(table.current_trick)
    for played in plays:
        if not played:
            continue
        lead = played[0][1].suit
        for seat, card in played[1:]:
            if card.suit is not lead and (seat, lead) not in found:
                found.append((seat, lead))
    return found


def double_dummy(position: Position) -> int:
    """The tricks the side on lead takes at double dummy from ``position`` (DDS).

    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> from arbitro.table import Table
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> 0 <= double_dummy(position_of(table)) <= 13
    True
    """
    from arbitro.analysis.solver import position_tricks  # endplay only when a claim is checked

    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks(
        [hand.to_str() for hand in position.hands],
        trump,
        position.leader,
        [str(card) for card in position.trick],
    )
