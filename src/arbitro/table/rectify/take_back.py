"""Cards that go back from the trick (Laws 45C4b, 45D, 47D, 47E2a, 58B3).

What the rectifications of a card played and taken back share: where a player's card
lies in the trick (in progress, or just completed before the next lead), reopening the
trick just completed, returning cards to their hands, and the choice of the first
opponent who played after a card that went back to take his card back too (47D, 58B3).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> last_trick_pairs(table)
[]
"""

from __future__ import annotations

from collections.abc import Callable

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import ChangedCardData, Procedure, TableState, waiting
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import ask
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase


def position_in_trick(table: TableState, seat: Seat) -> tuple[int, bool]:
    """Where ``seat``'s card lies in the trick in progress, or in the trick just completed.

    The second value says the trick is the one just completed: nobody has played to the
    next trick yet, so it is reopened (:func:`reopen_last_trick`) before the card goes
    back.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> position_in_trick(Table(EXAMPLE_DEAL, number=1), Seat.NORTH)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a card can be changed only during the play
    """
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(Message(N_("a card can be changed only during the play")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    for position, (played_by, _) in enumerate(table.current_trick):
        if played_by == seat:
            return position, False
    if not table.trick and table.tricks_played:
        last = table.tricks_played[-1]
        if seat in last.seats:  # not when the trick passed ``seat`` by (Law 67)
            return last.seats.index(seat), True
    raise IllegalActionError(Message(N_("{seat} has played no card to this trick"), {"seat": seat}))


def last_trick_pairs(table: TableState) -> list[tuple[Seat, Card]]:
    """The trick in progress, or (none begun) the trick just completed, as (seat, card).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.play("E", "CA"); table.face_lead()
    >>> last_trick_pairs(table)
    [(Seat.EAST, Card(Suit.CLUBS, Rank.ACE))]
    """
    if table.trick or not table.tricks_played:
        return list(table.current_trick)
    last = table.tricks_played[-1]
    return list(zip(last.seats, last.cards, strict=True))


def reopen_last_trick(table: TableState) -> None:
    """Put the trick just completed back in progress, before anyone leads to the next.

    Laws 45C4b, 45D and 47E2a let a card that completed a trick go back until the next
    trick's play: the trick is taken off the winner's count, its cards lie in the trick
    again, and its leader leads it. A lead prohibition dropped because the lead changed
    hands (26A2b, 26B) is restored; the trick closes again on its fourth card.
    """
    trick = table.tricks_played.pop()
    table.won[trick.winner & 1] -= 1
    table.trick = [card.index for card in trick.cards]
    table.leader = trick.leader
    table.to_play = trick.leader
    saved = table.closed_restrictions
    if saved is not None and saved[0] == len(table.tricks_played) + 1:
        current = table.in_force
        table.in_force = current + [
            r for r in saved[1] if r.kind is RestrictionKind.LEAD_FORBIDDEN and r not in current
        ]
        table.restricted = frozenset(r.seat for r in table.in_force)
        table.closed_restrictions = None


def take_back_from(table: TableState, position: int) -> list[tuple[Seat, Card]]:
    """Return the cards from ``position`` on in the trick to their hands.

    The turn goes back to the player at ``position``. A revoke made with a card taken
    back was never a revoke.
    """
    taken = list(table.current_trick)[position:]
    for seat, card in taken:
        table.hands[seat] |= 1 << card.index
    table.trick = table.trick[:position]
    table.to_play = taken[0][0]
    if table.skipped is not None and (table.skipped - table.leader) % 4 > position:
        table.skipped = None  # the play goes back to before the turn it missed
    trick = len(table.tricks_played)
    back = {card for _, card in taken}
    table.revokes_made = [
        r for r in table.revokes_made if not (r.trick == trick and r.card in back)
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)
    return taken


def offer_take_back(
    table: TableState,
    seat: Seat,
    taken: list[tuple[Seat, Card]],
    position: int,
    law: str,
    question: Callable[[Seat], Message],
) -> None:
    """The first opponent who played after ``seat``'s card that went back may take his back.

    ``taken`` are the cards taken back from ``position`` on, ``seat``'s first; they have
    been played again. The opponent (declarer for dummy, 45B, 43A1c) is asked
    ``question(decider)`` under ``law`` (47D, 58B3), unless no opponent played after
    the card or a rectification of the cards played again comes first.
    """
    opponents = [
        (where, other)
        for where, (other, _) in enumerate(taken[1:], start=position + 1)
        if other.side != seat.side
    ]
    if not opponents or table.procedure is not None:
        return
    where, opponent = opponents[0]
    declarer = table.declarer
    # Dummy's card is declarer's to take back (45B, 43A1c).
    decider = declarer if declarer is not None and opponent == declarer.partner else opponent
    ask(
        table,
        "45",
        "withdraw",
        opponent,
        0,
        decider,
        question(decider),
        (
            Option("withdraw", law, N_("take it back and play again")),
            Option("keep", law, N_("keep it")),
        ),
        ChangedCardData(where, not table.trick),
    )


def answer_take_back(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    """The opponent's answer to :func:`offer_take_back`: his card goes back, or stands.

    Taken back, he plays again; the information from his card is authorised for his
    side only (16D1).
    """
    if option.choice != "withdraw":
        table.rule(option.law, event.by, "keep", Message(N_("the card played stands")))
        return
    data = procedure.data_as(ChangedCardData)
    if data.reopen:
        reopen_last_trick(table)
    taken = take_back_from(table, data.position)
    table.rule(
        option.law,
        event.by,
        "withdraw",
        Message(
            N_(
                "{seat} takes back {card} and plays again (information from it is "
                "authorised for his side only, Law 16D1)"
            ),
            {"seat": taken[0][0], "card": taken[0][1]},
        ),
    )
