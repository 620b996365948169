"""Laws 51A and 52 at the table: which of several penalty cards is played, and one not played.

With two or more major penalty cards that may be played, declarer names the one
(51A); a defender who plays another card when a penalty card had to be played has it
accepted (52B1) or replaced by the penalty card (52B2).
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import CardData, PenaltyCardsData, Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.penalty_cards import add_penalty_cards, obligation_mask, penalty_cards
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase


def start_52(table: TableState, seat: Seat, card: Card) -> None:
    """A defender plays another card when a penalty card had to be played (Law 52).

    Declarer may accept the card played (52B1a) — he must if he has played after it
    (52B1b) — or require the penalty card, the card played becoming a major penalty
    card (52B2).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> start_52(table, Seat.EAST, Card.from_str("S8"))
    >>> [option.choice for option in table.pending.options]
    ['accept', 'refuse']
    """
    declarer = table.declarer
    assert declarer is not None
    ask(
        table,
        "52",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_("{declarer} (declarer): {seat} played {card} instead of a penalty card; accept it?"),
            {"declarer": declarer, "seat": seat, "card": card},
        ),
        (
            Option("accept", "52B1a", N_("accept the card played; the penalty cards stay")),
            Option(
                "refuse",
                "52B2",
                N_(
                    "the penalty card is played instead; the card played "
                    "becomes a major penalty card"
                ),
            ),
        ),
        CardData(card.index),
    )


def take_play_52(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """Declarer playing after the card accepts it (52B1b)."""
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side:
        return False
    _accept_52(table, procedure, "52B1b", str(declarer))
    table.on_play(seat, card)
    return True


def _accept_52(table: TableState, procedure: Procedure, law: str, by: str) -> None:
    index = procedure.data_as(CardData).card
    table.procedure = None
    table.rule(
        law,
        by,
        "accept",
        Message(N_("the card played is accepted; the penalty cards stay penalty cards")),
    )
    table.put_card(procedure.offender, index)


def _decide_52(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    declarer = table.declarer
    assert declarer is not None
    if option.choice == "accept":
        _accept_52(table, procedure, "52B1a", str(declarer))
        return
    index = procedure.data_as(CardData).card
    table.procedure = None
    offender = procedure.offender
    # 52B2: the defender substitutes the penalty card he had to play; when only one
    # could be, it goes to the trick now.
    led = table.trick[0] // 13 if table.trick else None
    obliged = obligation_mask(table, offender, led) or 0
    owed = [
        r.card
        for r in penalty_cards(table, offender)
        if r.card is not None and obliged >> r.card.index & 1
    ]
    add_penalty_cards(table, offender, (Card.from_index(index),), "52B2", deliberate=True)
    if len(owed) == 1:
        table.rule(
            "52B2",
            str(declarer),
            "refuse",
            Message(
                N_("{seat} plays the penalty card {penalty}; {card} becomes a major penalty card"),
                {"seat": offender, "penalty": owed[0], "card": Card.from_index(index)},
            ),
        )
        table.put_card(offender, owed[0].index)
        return
    table.rule(
        "52B2",
        str(declarer),
        "refuse",
        Message(
            N_("{seat} must play the penalty card; {card} becomes a major penalty card"),
            {"seat": offender, "card": Card.from_index(index)},
        ),
    )


def offer_choice_of_penalty_card(table: TableState, seat: Seat) -> None:
    """Ask declarer which penalty card ``seat`` plays, when it must play one of several.

    Law 51A: two or more major penalty cards that may legally be played.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> offer_choice_of_penalty_card(Table(EXAMPLE_DEAL, number=1), Seat.EAST)
    """
    declarer = table.declarer
    if (
        declarer is None
        or table.procedure is not None
        or table.phase is not Phase.PLAY
        or seat.side == declarer.side
        or table.to_play != seat
        or any(r.seat == seat and r.kind is RestrictionKind.CARD_STANDS for r in table.in_force)
    ):
        return  # a card that stands after partner's revoke is played first (62C2)
    held = [r.card for r in penalty_cards(table, seat) if r.major and r.card is not None]
    if len(held) < 2:
        return
    # The penalty cards he may play now: following suit and the lead or play
    # restrictions in force come first (50D1b), so a card of a forbidden suit is none.
    allowed = table.playable(seat)
    majors = [card for card in held if allowed >> card.index & 1]
    if len(majors) < 2:
        return
    ask(
        table,
        "51",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_(
                "{declarer} (declarer): {seat} must play one of the penalty cards {cards}; "
                "which one (Law 51A)?"
            ),
            {
                "declarer": declarer,
                "seat": seat,
                "cards": ", ".join(card.localized() for card in majors),
            },
        ),
        (
            Option(
                "card",
                "51A",
                N_("the penalty card to play"),
                "card",
                cards=tuple(majors),
            ),
        ),
        PenaltyCardsData(tuple(card.index for card in majors)),
    )


def _decide_51(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    allowed = procedure.data_as(PenaltyCardsData).cards
    card = event.card
    if card is None or card.index not in allowed:
        raise IllegalActionError(
            Message(
                N_("choose one of the penalty cards {seat} may play"),
                {"seat": procedure.offender},
            )
        )
    table.procedure = None
    declarer = table.declarer
    table.rule(
        "51A",
        str(declarer),
        "card",
        Message(
            N_("{seat} plays the penalty card {card}, as declarer chose"),
            {"seat": procedure.offender, "card": card},
        ),
    )
    table.put_card(procedure.offender, card.index)


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "51": _decide_51,
    "52": _decide_52,
}
"""The decisions this module answers, by procedure."""
