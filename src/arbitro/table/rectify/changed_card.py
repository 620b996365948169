"""Laws 45C4b, 47C and 47D: a card changed after an unintended designation.

A player changes an unintended designation without pause for thought, before partner
plays (45C4b, 47C): the new card is played, and so are the cards played after the old
one; an opponent who played after it may take his card back (47D). The answers to the
procedure of Law 45 are carried out here, a take-back offered under 58B3 too.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> change_card(table, Seat.NORTH, Card.from_str("SA"))
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: a card can be changed only during the play
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import ChangedCardData, Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.play import play_card
from arbitro.table.rectify.take_back import (
    answer_take_back,
    last_trick_pairs,
    offer_take_back,
    position_in_trick,
    reopen_last_trick,
    take_back_from,
)
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message


def change_card(table: TableState, seat: Seat, card: Card) -> None:
    """``seat`` replaces the card it played to this trick by ``card`` (45C4b, 47C).

    The Director judges whether the first designation was unintended and changed
    without pause for thought; partner must not have played since.
    """
    position, reopen = position_in_trick(table, seat)
    later = last_trick_pairs(table)[position + 1 :]
    if any(other == seat.partner for other, _ in later):
        raise IllegalActionError(
            Message(N_("partner has played since: the card stands (Law 45C4b)"))
        )
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    ask(
        table,
        "45",
        "ruling",
        seat,
        0,
        None,
        Message(
            N_(
                "Director: {seat} wants to play {card} instead; was the first designation "
                "unintended and changed without pause for thought?"
            ),
            {"seat": seat, "card": card},
        ),
        (
            Option(
                "45C4b",
                "45C4b",
                N_(
                    "yes: the card is changed; an opponent who played "
                    "after it may take his card back"
                ),
            ),
            Option("refuse", "47F2", N_("no: the card played stands")),
        ),
        ChangedCardData(position, reopen, card.index),
    )


def _decide_45(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    """The answer to a procedure of Law 45: the Director's ruling, or an opponent's take-back.

    The ruling (45C4b): the card is changed, the cards played after the old one are
    played again, and the first opponent among them may take his back (47D); or the
    card stands (47F2). The take-back (47D, 58B3): :func:`answer_take_back`.
    """
    table.procedure = None
    if procedure.stage == "withdraw":
        answer_take_back(table, procedure, option, event)
        return
    if option.choice == "refuse":
        table.rule("47F2", DIRECTOR, "refuse", Message(N_("the card played stands")))
        return
    data = procedure.data_as(ChangedCardData)
    seat = procedure.offender
    position = data.position
    index = data.card
    assert index is not None
    if data.reopen:
        reopen_last_trick(table)
    taken = take_back_from(table, position)
    table.rule(
        "45C4b",
        DIRECTOR,
        "45C4b",
        Message(
            N_("{seat} changes {old} for {new}"),
            {"seat": seat, "old": taken[0][1], "new": Card.from_index(index)},
        ),
    )
    # The new card, and the cards played after the old one, are played as any card: a
    # failure to follow suit is a revoke (61A), a penalty card's obligation is judged (52).
    play_card(table, seat, Card.from_index(index))
    for other, card in taken[1:]:
        if table.procedure is not None:
            break  # a rectification of the new card comes first; the rest play again
        play_card(table, other, card)
    offer_take_back(
        table,
        seat,
        taken,
        position,
        "47D",
        lambda decider: Message(
            N_("{seat}: you played after the changed card; take your card back (Law 47D)?"),
            {"seat": decider},
        ),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {"45": _decide_45}
"""The decisions this module answers, by procedure."""
