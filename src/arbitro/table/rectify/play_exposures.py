"""Laws 48-49 and 50E at the table: cards exposed during the play.

A defender's become penalty cards (49), declarer's never do (48A); a defender who leads
before declarer's 50D2 choice exposes his card (49). What follows a new penalty card:
the 50E note, and declarer's choice, 50D2 or 51A.
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState
from arbitro.table.rectify.penalty_card_play import offer_choice_of_penalty_card
from arbitro.table.rectify.penalty_cards import add_penalty_cards, penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def take_play_50d2(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """The leader leads before declarer's Law 50D2 choice: Law 49, and the choice waits.

    "Si el defensor sale prematuramente, está sujeto a la rectificación del Artículo 49":
    the card, face up, becomes his penalty card, major since a lead exposes it
    intentionally (50B); no card is led, and once declarer has chosen it binds the
    leader as any penalty card (50D1). The opening lead, made face down (41A), shows
    partner nothing: it is refused, as before, and the leader leads once declarer has
    chosen.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> procedure = Procedure("50D2", "ruling", Seat.WEST, 0)
    >>> take_play_50d2(Table(EXAMPLE_DEAL, number=1), procedure, Seat.NORTH, Card.from_str("S2"))
    False
    """
    if seat != procedure.offender.partner or table.phase is not Phase.PLAY or table.trick:
        return False
    if card not in table.hand(seat):
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    if not any(r.card == card for r in penalty_cards(table, seat)):
        add_penalty_cards(table, seat, (card,), "49", deliberate=True)
    table.rule(
        "49",
        DIRECTOR,
        "49",
        Message(
            N_(
                "{seat} led {card} before declarer's choice (Law 50D2): it is not led but is "
                "a major penalty card (Laws 49, 50B); declarer chooses, then {seat} leads"
            ),
            {"seat": seat, "card": card},
        ),
    )
    after_new_penalty_cards(table, seat)
    return True


def exposed_in_play(
    table: TableState, seat: Seat, cards: tuple[Card, ...], deliberate: bool
) -> None:
    """Cards exposed during the play.

    A defender's become penalty cards (49); declarer's never do (48A); dummy's are on
    the table already.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> exposed_in_play(Table(EXAMPLE_DEAL, number=1), Seat.NORTH, (), False)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: no card was named
    """
    if not cards:
        raise IllegalActionError(Message(N_("no card was named")))
    for card in cards:
        if card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    declarer = table.declarer
    assert declarer is not None
    if seat == declarer or seat == declarer.partner:
        table.rule(
            "48A",
            DIRECTOR,
            "48A",
            Message(
                N_("cards of declarer's side are never penalty cards: {seat} takes them back"),
                {"seat": seat},
            ),
        )
        return
    add_penalty_cards(table, seat, cards, "49", deliberate=deliberate)
    table.rule(
        "49",
        DIRECTOR,
        "49",
        Message(N_("the cards {seat} exposed are penalty cards (Law 50)"), {"seat": seat}),
    )
    after_new_penalty_cards(table, seat)


def after_new_penalty_cards(table: TableState, seat: Seat) -> None:
    """What follows when defender ``seat`` has just been given penalty cards in the play.

    A note recalls 50E; partner about to lead waits for declarer's 50D2 choice, or the
    holder due to play with two or more major penalty cards for declarer's 51A choice.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> after_new_penalty_cards(table, Seat.EAST); [note.law for note in table.notes]
    ['50E']
    """
    table.note(
        "50E",
        Message(
            N_(
                "what {partner} learns from seeing the penalty cards is unauthorised, beyond the "
                "obligation to play them (Law 50E)"
            ),
            {"partner": seat.partner},
        ),
    )
    # Partner about to lead waits for declarer's Law 50D2 choice (asked afresh: the
    # penalty cards have changed); the holder due to play with two or more major
    # penalty cards waits for declarer's 51A choice.
    if table.to_play == seat.partner:
        table.asked_50d2 = None
        offer_lead_choice(table, seat.partner)
    else:
        offer_choice_of_penalty_card(table, seat)
