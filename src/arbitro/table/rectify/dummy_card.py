"""Law 45D: dummy places a card declarer did not name.

The card goes back to dummy, and so do the cards played after it: their players may
play them again or not (16D). Declarer's card played after it stands unless his
right-hand opponent changes his; a lead to the next trick by one side alone goes back
too.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> dummy_misplayed(Table(EXAMPLE_DEAL, number=1), Card.from_str("C8"))
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: there is no dummy yet
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import HeldCardData, Procedure, TableState
from arbitro.table.rectify.take_back import (
    last_trick_pairs,
    position_in_trick,
    reopen_last_trick,
    take_back_from,
)
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def dummy_misplayed(table: TableState, card: Card) -> None:
    """Dummy placed ``card``, which declarer did not name: it goes back (45D).

    The cards played after it go back too, so that the defender who played after it
    may take his card back (he may play it again). Attention may be drawn until each
    side has played to the next trick: a lead to it alone goes back as well.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.play("E", "CA"); table.face_lead(); table.play("S", "C8")
    >>> dummy_misplayed(table, Card.from_str("C8"))
    >>> table.turn, Card.from_str("C8") in table.hand("S")
    (Seat.SOUTH, True)
    """
    dummy = table.dummy
    if dummy is None:
        raise IllegalActionError(Message(N_("there is no dummy yet")))
    in_progress = [seat for seat, _ in table.current_trick]
    if table.phase is Phase.PLAY and table.tricks_played and dummy not in in_progress:
        if len(in_progress) > 1:
            raise IllegalActionError(
                Message(N_("each side has played to the next trick: dummy's card stands (Law 45D)"))
            )
        if in_progress and table.procedure is None:
            # Only one side has played to the next trick: its lead, played after the
            # error, goes back to the hand too (45D, 16D).
            take_back_from(table, 0)
    position, reopen = position_in_trick(table, dummy)
    played = last_trick_pairs(table)[position][1]
    if played != card:
        raise IllegalActionError(
            Message(
                N_("dummy's card in this trick is {played}, not {card}"),
                {"played": played, "card": card},
            )
        )
    if reopen:
        reopen_last_trick(table)
    taken = take_back_from(table, position)
    declarer = table.declarer
    assert declarer is not None
    later = dict(taken[1:])
    if declarer in later and declarer.rho in later:
        # Declarer's later card stands unless his right-hand opponent changes his (45D).
        table.procedure = Procedure(
            "45D",
            "hold",
            declarer,
            len(table.tricks_played),
            None,
            None,
            HeldCardData(later[declarer].index, later[declarer.rho].index),
        )
    table.rule(
        "45D",
        DIRECTOR,
        "45D",
        Message(
            N_(
                "{card}, which declarer did not name, goes back to dummy, and so do the cards "
                "played after it, which their players may play again (Law 16D); declarer names "
                "dummy's card"
            ),
            {"card": card},
        ),
    )
    del taken


def take_play_45d(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A card played in turn while declarer's card played after dummy's misplaced one waits.

    45D: it stands if his right-hand opponent plays the same card again; declarer must
    then play it again; if the opponent plays another card, declarer may
    take his back and play any card.
    """
    if seat != table.to_play:
        return False
    declarer = procedure.offender
    data = procedure.data_as(HeldCardData)
    held = data.card
    if len(table.tricks_played) != procedure.entry or table.phase is not Phase.PLAY:
        table.procedure = None
        table.on_play(seat, card)
        return True
    if seat == declarer:
        if card.index != held:
            raise IllegalActionError(
                Message(
                    N_(
                        "{card} of {seat} stands: his right-hand opponent did not change his "
                        "card (Law 45D)"
                    ),
                    {"card": Card.from_index(held), "seat": seat},
                )
            )
        table.procedure = None
        table.on_play(seat, card)
        return True
    table.procedure = None
    table.on_play(seat, card)
    if seat == declarer.rho and card.index != data.rho_card:
        table.rule(
            "45D",
            DIRECTOR,
            "45D",
            Message(
                N_("{seat} changed his card: declarer may take back his and play another"),
                {"seat": seat},
            ),
        )
        return True
    if table.procedure is None and len(table.tricks_played) == procedure.entry:
        table.procedure = procedure
    return True
