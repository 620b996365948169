"""Law 45E: a fifth card contributed to a trick.

A defender's fifth card becomes a penalty card (45E1, Law 50); declarer's, from his
hand or dummy, goes back with no rectification (45E2). A fifth card the Director judges
a lead is a play out of turn instead (53, 55, 56).
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState, waiting
from arbitro.table.rectify.penalty_cards import add_penalty_cards, penalty_cards
from arbitro.table.rectify.play_exposures import after_new_penalty_cards
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def fifth_card(table: TableState, seat: Seat, card: Card, deliberate: bool = False) -> None:
    """``seat`` contributed ``card`` to a trick he has played to, as a fifth card (45E).

    The trick is the one in progress, or the one just completed before the next lead.
    The Director has judged it no lead (a lead is a ``play``: 53, 55, 56). A defender's
    card becomes a penalty card (45E1) and Law 50 applies: minor if a card below an
    honour contributed inadvertently, major if an honour, if ``deliberate`` (the
    Director finds it played on purpose), or if the defender has another penalty card
    (50B); declarer's, from his hand or dummy, goes back to the hand with no
    rectification (45E2).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> fifth_card(Table(EXAMPLE_DEAL, number=1), Seat.EAST, Card.from_str("C8"))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a fifth card is one more card to a trick its player has played to: this trick, or the one just completed before the next lead (Law 45E)
    """
    in_trick = any(played_by == seat for played_by, _ in table.current_trick)
    if table.phase is not Phase.PLAY or not (in_trick or (table.tricks_played and not table.trick)):
        raise IllegalActionError(
            Message(
                N_(
                    "a fifth card is one more card to a trick its player has played to: this "
                    "trick, or the one just completed before the next lead (Law 45E)"
                )
            )
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.rule(
            "45E2",
            DIRECTOR,
            "45E2",
            Message(
                N_(
                    "{card}, a fifth card played to the trick by declarer, goes back with no rectification"
                ),
                {"card": card},
            ),
        )
        return
    add_penalty_cards(table, seat, (card,), "45E1", deliberate=deliberate)
    major = any(r.major for r in penalty_cards(table, seat) if r.card == card)
    table.rule(
        "45E1",
        DIRECTOR,
        "45E1",
        Message(
            N_(
                "{card}, a fifth card {seat} played to the trick, becomes a major penalty card "
                "(Law 50B)"
            )
            if major
            else N_(
                "{card}, a fifth card {seat} played to the trick inadvertently, becomes a "
                "minor penalty card (Law 50B)"
            ),
            {"card": card, "seat": seat},
        ),
    )
    after_new_penalty_cards(table, seat)
