"""Law 24: cards exposed during the auction period, and what becomes of them (Law 50)."""

from __future__ import annotations

from arbitro.core import Card, Rank, Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.rectify.common import law23, must_pass, must_pass_now
from arbitro.table.rectify.leads import retract_face_down_lead
from arbitro.table.rectify.penalty_cards import (
    defenders_exposed_cards_become_penalty_cards,
    penalty_cards,
)
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

# -- Law 24: cards exposed during the auction -------------------------------------------------


def exposed(table: TableState, seat: Seat, cards: tuple[Card, ...], premature_lead: bool) -> None:
    """Cards of ``seat``'s exposed during the auction period (Law 24).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> exposed(table, Seat.EAST, (Card.from_str("CK"),), False)
    >>> table.rulings[-1].law, [r.kind.value for r in table.restrictions]
    ('24B', ['card exposed during the auction', 'must pass at next turn'])
    """
    if table.phase not in (Phase.AUCTION, Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN):
        raise IllegalActionError(
            Message(N_("Law 24 is for cards exposed during the auction period"))
        )
    for card in cards:
        if card not in table.hand(seat):
            raise IllegalActionError(
                Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
            )
    # Cards exposed earlier in the auction period count, also once a defender's have
    # become penalty cards at the end of the auction (24C: two or more cards).
    already = [
        r.card
        for r in table.in_force
        if r.seat == seat
        and (
            r.kind is RestrictionKind.EXPOSED_CARD
            or (r.kind is RestrictionKind.PENALTY_CARD and r.law == "24")
        )
    ]
    for card in cards:
        if card not in already:
            table.restrict(
                Restriction(
                    RestrictionKind.EXPOSED_CARD, seat, "24", card=card, major=premature_lead
                )
            )
    total = len(already) + len(cards)
    honour = any(card.rank >= Rank.TEN for card in cards)
    if total >= 2:
        law = "24C"
    elif honour or premature_lead:
        law = "24B"
    else:
        law = "24A"
    text = N_(
        "the cards stay face up until the end of the auction period; if {seat} defends "
        "they become penalty cards"
    )
    if law != "24A" and table.phase is Phase.AUCTION:
        table.drop(
            lambda r: r.seat == seat.partner and r.kind is RestrictionKind.MUST_PASS_NEXT_TURN
        )
        if not must_pass_now(table, seat.partner):
            must_pass(table, seat.partner, law, rest=False)
        text = N_(
            "the cards stay face up until the end of the auction period; {partner} must "
            "pass at the next turn; if {seat} defends they become penalty cards"
        )
        law23(table, seat.partner, law)
    table.rule(law, DIRECTOR, law, Message(text, {"seat": seat, "partner": seat.partner}))
    table.note(
        "24",
        Message(
            N_(
                "information from the exposed cards is authorised for "
                "{innocent} and unauthorised for {side}"
            ),
            {"innocent": seat.side.opponents, "side": seat.side},
        ),
    )
    if table.phase is not Phase.AUCTION:
        defenders_exposed_cards_become_penalty_cards(table)
        if (
            table.phase in (Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN)
            and table.leader == seat.partner
        ):
            # Exposed in the clarification period by the opening leader's partner: the
            # lead waits for declarer's Law 50D2 choice (asked afresh); a face-down lead,
            # not yet made, goes back to the hand first (41A).
            if any(r.major for r in penalty_cards(table, seat)):
                retract_face_down_lead(table, "50D2")
            table.asked_50d2 = None
            offer_lead_choice(table, table.leader)


def auction_period_ended(table: TableState) -> None:
    """At the face of the opening lead, declarer's side's Law 24 cards go back to the hand.

    A defender's became penalty cards when the auction ended.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> auction_period_ended(Table(EXAMPLE_DEAL, number=1))
    """
    table.drop(lambda r: r.kind is RestrictionKind.EXPOSED_CARD)
