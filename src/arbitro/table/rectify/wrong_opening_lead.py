"""Law 54 at the table: the opening lead faced out of turn (and 41A, one led face down).

Declarer may accept the lead faced by the wrong defender (54B), spread his hand and
become dummy (54A), or refuse it, the card becoming a major penalty card (54D); a lead
faced by the declaring side is Law 24's (54E). A lead out of turn made face down is
withdrawn, never faced (41A); a lead faced over partner's face-down lead retracts it.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("W", "HA")  # West faces the opening lead; East was on lead (Law 54)
>>> [option.choice for option in table.pending.options]
['accept', 'spread', 'refuse']
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import CardData, Procedure, TableState, waiting
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.exposed import auction_period_ended, exposed
from arbitro.table.rectify.leads import offer_lead_choice as offer_26_choice
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def opening_lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """The opening lead faced by the wrong defender (54), or by declarer's side (54E).

    Declarer may accept it (54B: dummy spreads, declarer plays second), spread his own
    hand and become dummy (54A), or refuse it: the card becomes a major penalty card
    (54D) and the right defender leads, with declarer's Law 50D2 options.
    """
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.rule(
            "54E",
            "director",
            "54E",
            Message(
                N_("a player of the declaring side tried to make the opening lead: Law 24 applies")
            ),
        )
        exposed(table, seat, (card,), True)
        return
    ask(
        table,
        "54",
        "ruling",
        seat,
        0,
        declarer,
        Message(
            N_("{declarer} (declarer): {seat} faced the opening lead {card} out of turn"),
            {"declarer": declarer, "seat": seat, "card": card},
        ),
        (
            Option(
                "accept",
                "54B",
                N_("accept it: dummy spreads and declarer plays second from his own hand"),
            ),
            Option(
                "spread", "54A", N_("spread your own hand: you become dummy and partner declares")
            ),
            Option(
                "refuse",
                "54D",
                N_("refuse it: the card becomes a major penalty card and the right defender leads"),
            ),
        ),
        CardData(card.index),
    )


def face_down_lead_retracted(table: TableState, seat: Seat) -> None:
    """``seat`` faces a lead while partner's opening lead lies face down: it is retracted.

    Law 54 (its opening words): the face-down lead goes back to the leader's hand, and
    Law 54 applies to the card faced out of turn.
    """
    card = table.face_down
    assert card is not None
    leader = table.leader
    table.lead_back_to_hand()
    table.rule(
        "54",
        DIRECTOR,
        "54",
        Message(
            N_(
                "{seat} faced a lead out of turn while {leader}'s opening lead lay face down: "
                "the face-down {card} is retracted"
            ),
            {"seat": seat, "leader": leader, "card": card},
        ),
    )


def face_down_lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """``seat``, not the opening leader, leads ``card`` face down; it is never faced (41A).

    Law 54 is about a lead faced out of turn. This one nobody saw: on the Director's
    instruction it is withdrawn and goes back to the hand (41A), with no penalty card,
    and the opening leader leads.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> face_down_lead_out_of_turn(table, Seat.WEST, Card.from_str("HA"))
    >>> table.rulings[-1].law, table.turn
    ('41A', Seat.EAST)
    """
    if table.phase is not Phase.OPENING_LEAD or seat != table.leader.partner:
        raise IllegalActionError(
            Message(
                N_(
                    "a face-down lead out of turn is the opening leader's partner's, before the "
                    "opening lead (Law 41A), not {seat}'s"
                ),
                {"seat": seat},
            )
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if not table.hands[seat] >> card.index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    table.rule(
        "41A",
        DIRECTOR,
        "41A",
        Message(
            N_(
                "{seat} led face down out of turn; the card, never faced, is withdrawn and "
                "goes back to his hand, and {leader} leads"
            ),
            {"seat": seat, "leader": table.leader},
        ),
    )


def _decide_54(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    index = procedure.data_as(CardData).card
    card = Card.from_index(index)
    declarer = table.declarer
    contract = table.contract
    assert declarer is not None
    assert contract is not None
    table.procedure = None
    if option.choice == "refuse":
        add_penalty_cards(table, offender, (card,), "54D", deliberate=True)
        table.rule(
            "54D",
            str(declarer),
            "refuse",
            Message(
                N_(
                    "{card} becomes a major penalty card of {seat}; {leader} makes the opening lead"
                ),
                {"card": card, "seat": offender, "leader": table.leader},
            ),
        )
        offer_26_choice(table, table.leader)  # a Law 26 choice put aside
        offer_lead_choice(table, table.leader)
        return
    if option.choice == "spread":
        table.contract = replace(contract, declarer=declarer.partner)
        table.rule(
            "54A",
            str(declarer),
            "spread",
            Message(
                N_("{seat} spreads his hand and becomes dummy; {partner} is declarer"),
                {"seat": declarer, "partner": declarer.partner},
            ),
        )
    else:
        table.rule(
            "54B",
            str(declarer),
            "accept",
            Message(
                N_("the opening lead out of turn is accepted; declarer plays second from his hand")
            ),
        )
    table.phase = Phase.PLAY
    auction_period_ended(table)
    table.leader = table.to_play = offender
    table.drop(lambda r: r.kind is RestrictionKind.LEAD_OPTION and r.seat == offender.partner)
    table.put_card(offender, index)


def take_play_54(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """Declarer plays a card to the opening lead faced out of turn: he accepts it (54B, 53A).

    A card from the hand next in rotation to the lead accepts it: dummy spreads, and
    declarer's card is the second to the trick.
    """
    declarer = table.declarer
    decision = procedure.decision
    if declarer is None or decision is None or seat != declarer or seat != procedure.offender.lho:
        return False
    accept = decision.option("accept")
    assert accept is not None
    _decide_54(table, procedure, accept, DecisionEvent(str(declarer), "accept"))
    table.on_play(seat, card)
    return True


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "54": _decide_54,
}
"""The decisions this module answers, by procedure."""
