"""Law 64 at the table: the tricks an established revoke transfers at the end of play."""

from __future__ import annotations

from arbitro.core import Side
from arbitro.laws.revoke import Revoke, Transfer, transfers
from arbitro.table.base import TableState
from arbitro.table.rectify.claimed_tricks import claimed_winners


def trick_transfers(table: TableState) -> list[Transfer]:
    """The Law 64 transfers for the revokes the Director was told of, once play is over.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> trick_transfers(Table(EXAMPLE_DEAL, number=1))
    []
    """
    # Play ended by a claim: the tricks awarded count as won after the revoke (64A).
    winners = [trick.winner for trick in table.tricks_played] + claimed_winners(table)
    if len(winners) < 13:
        return []
    counted = [
        Revoke(r.trick, r.seat, r.suit, r.exposed_card, r.late)
        for r in table.revokes_made
        if r.established and r.noticed
    ]
    if not counted:
        return []
    return transfers(winners, counted)


def tricks_after_transfers(table: TableState, side: Side) -> int:
    """The tricks ``side`` is credited with: won in play, plus or minus Law 64 transfers.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> tricks_after_transfers(Table(EXAMPLE_DEAL, number=1), Side.NS)
    0
    """
    total = table.won[side]
    for transfer in trick_transfers(table):
        if transfer.revoke.seat.side == side:
            total -= transfer.tricks
        else:
            total += transfer.tricks
    return total
