"""Laws 64, 69-70: the tricks a settled claim credits, as winners of the tricks not played.

The board's claim is read here (:func:`claim_of`); once it is settled, the tricks it
gave each side are counted with the tricks won in play (:func:`claimed_winners`), so
that a revoke established before the claim transfers tricks from them too (64A).
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.laws.play import trick_winner
from arbitro.table.base import TableState
from arbitro.table.play_record import Claim


def claim_of(table: TableState) -> Claim | None:
    """The board's claim or concession, if one was made and stands (not objected to).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> claim_of(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    claim = table.claim
    assert claim is None or isinstance(claim, Claim)
    return claim


def claimed_winners(table: TableState) -> list[Seat]:
    """The tricks a settled claim gave each side, as winners of the tricks not played.

    Law 64 counts them with the tricks won in play: a revoke established before the
    claim transfers tricks from them too (64A, 69, 70). The trick in progress goes to
    the player its cards surely give it to (:func:`sure_winner`), when the claim gives
    his side a trick; then the claimer's side's tricks come, credited to the claimer,
    and the other side's, credited to his left-hand opponent. Empty while no claim is
    settled.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.apply(ClaimEvent(Seat.NORTH, 12))
    >>> claimed_winners(table)
    []
    >>> table.decide("E", "accept")
    >>> [str(seat) for seat in claimed_winners(table)].count("N"), claimed_winners(table)[-1]
    (12, Seat.EAST)
    """
    made = claim_of(table)
    if made is None or made.awarded is None:
        return []
    ours, theirs = made.awarded, made.remaining - made.awarded
    first: list[Seat] = []
    sure = sure_winner(table)
    # The trick in progress goes to the player its cards already give it to, if his
    # side has a trick left to credit: a revoke in it is then won or not by the
    # offender as the cards say (64A1 or 64A2).
    if sure is not None and sure.side is made.seat.side and ours:
        first, ours = [sure], ours - 1
    elif sure is not None and sure.side is not made.seat.side and theirs:
        first, theirs = [sure], theirs - 1
    return first + [made.seat] * ours + [made.seat.lho] * theirs


def sure_winner(table: TableState) -> Seat | None:
    """The player who wins the trick in progress whatever the others still to play do.

    None when no trick is in progress, or a player still to play holds a legal card that
    would beat the card winning it now (following suit, Law 44C, or ruffing when void).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> sure_winner(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    played = table.current_trick
    contract = table.contract
    if not played or contract is None:
        return None
    cards = [card.index for _, card in played]
    seated = {seat for seat, _ in played}
    for seat in Seat:
        if seat in seated or seat == table.skipped:
            continue
        legal = table.playable(seat)
        for index in range(52):
            if legal >> index & 1 and trick_winner([*cards, index], contract.strain) == len(cards):
                return None
    return played[trick_winner(cards, contract.strain)][0]
