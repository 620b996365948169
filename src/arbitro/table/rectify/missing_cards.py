"""Law 67A1 and 67B1: the card missing from a defective trick, supplied or placed.

Noticed before a member of each side has played to the next trick (67A1), the offender
supplies a card he may legally play to the trick, whose winner is then found again from
its four cards. Noticed later (67B1), he places a card among his played cards, one of
the suit led if he has one (67B1a) or any card (67B1b): the trick stays with its
winner and he has revoked in it (Law 64A2 at the end of play). The defect and its
notice are :mod:`~arbitro.table.rectify.defective_tricks`.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, DefectiveTrickEvent, DefectNoticedEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "CA"); table.face_lead()
>>> table.play("S", "C8"); table.play("W", "C7")
>>> table.apply(DefectiveTrickEvent(Seat.NORTH))  # the trick passes North by
>>> table.apply(DefectNoticedEvent(Seat.NORTH))  # noticed at once: 67A1
>>> table.apply(DecisionEvent("N", "card", card=Card.from_str("C4")))
>>> [str(card) for card in table.tricks[0].cards], table.tricks[0].winner
(['CA', 'C8', 'C7', 'C4'], Seat.EAST)
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.laws.play import playable_mask, suit_mask, trick_winner
from arbitro.table.base import Procedure, TableState, cards_of
from arbitro.table.events import DecisionEvent
from arbitro.table.play_record import Defect, RevokeEntry, Trick
from arbitro.table.rectify.common import ask
from arbitro.table.rectify.revokes import add_revoke
from arbitro.table.rulings import Option
from arbitro.table.state import IllegalActionError, Message, Phase


def ask_card(table: TableState, defect: Defect, law: str) -> None:
    """Ask ``defect``'s offender for the card of his defective trick, by ``law``.

    ``law`` is 67A1 (a card he may legally play to the trick), 67B1a (one of his cards
    of the suit led) or 67B1b (any card).
    """
    seat = defect.seat
    trick = table.tricks_played[defect.trick]
    led = int(trick.cards[0].suit)
    hand = table.hands[seat]
    choices = hand & suit_mask(led) if law == "67B1a" else playable_mask(hand, led)
    question = {
        "67A1": N_(
            "{seat} played no card to trick {trick}: he supplies a card he may legally play "
            "to it (Law 67A1)"
        ),
        "67B1a": N_(
            "{seat} played no card to trick {trick}: he places one of his cards of the suit "
            "led among his played cards (Law 67B1a)"
        ),
        "67B1b": N_(
            "{seat} played no card to trick {trick}: he places any one of his cards among his "
            "played cards (Law 67B1b)"
        ),
    }[law]
    ask(
        table,
        "67",
        law,
        seat,
        defect.trick,
        seat,
        Message(question, {"seat": seat, "trick": defect.trick + 1}),
        (
            Option(
                "card",
                law,
                N_("the card for the defective trick"),
                "card",
                cards=tuple(cards_of(choices)),
            ),
        ),
    )


def supply_card(table: TableState, procedure: Procedure, event: DecisionEvent) -> None:
    """The offender gives the card of ``procedure``'s defective trick (67A1, 67B1).

    Supplied in time, it completes the trick, whose winner is found again (67A1);
    placed later, the trick stays with its winner and the offender has revoked in it
    (67B1, Law 64A2 at the end of play).
    """
    card = event.card
    assert card is not None
    seat = procedure.offender
    number = procedure.entry
    if not table.hands[seat] >> card.index & 1:
        raise IllegalActionError(
            Message(N_("{seat} does not hold {card}"), {"seat": seat, "card": card})
        )
    old = table.tricks_played[number]
    position = (seat - old.leader) % 4
    cards = list(old.cards)
    cards.insert(position, card)
    table.hands[seat] &= ~(1 << card.index)
    table.procedure = None
    if procedure.stage == "67A1":
        _complete_67a(table, number, old, tuple(cards), card)
        return
    table.tricks_played[number] = Trick(old.leader, tuple(cards), old.winner)
    led = old.cards[0].suit
    entry = RevokeEntry(
        number,
        seat,
        card,
        led,
        established=True,
        noticed=True,
        event=len(table.log),
    )
    add_revoke(table, entry)
    table.rule(
        procedure.stage,
        str(seat),
        "card",
        Message(
            N_(
                "{seat} places {card} in trick {trick}, which stays with {winner}; {seat} has "
                "revoked in it, and Law 64A2 applies at the end of play"
            ),
            {"seat": seat, "card": card, "trick": number + 1, "winner": old.winner},
        ),
    )


def _complete_67a(
    table: TableState, number: int, old: Trick, cards: tuple[Card, ...], card: Card
) -> None:
    """The trick is complete with the card supplied; its winner is found again (67A1).

    If that changes who won it, the cards already led or played to the next trick, all
    from one side, go back to their hands, and the new winner leads.
    """
    contract = table.contract
    assert contract is not None
    winner = Seat((old.leader + trick_winner([c.index for c in cards], contract.strain)) % 4)
    table.tricks_played[number] = Trick(old.leader, cards, winner)
    seat = Seat((old.leader + cards.index(card)) % 4)
    table.rule(
        "67A1",
        str(seat),
        "card",
        Message(
            N_("{seat} supplies {card} to trick {trick}, which {winner} wins"),
            {"seat": seat, "card": card, "trick": number + 1, "winner": winner},
        ),
    )
    if winner == old.winner:
        return
    table.won[old.winner.side] -= 1
    table.won[winner.side] += 1
    if table.phase is not Phase.PLAY:
        return
    for played_by, played in table.current_trick:
        table.hands[played_by] |= 1 << played.index
    if table.trick:
        table.note(
            "16D",
            Message(
                N_(
                    "the cards played to the next trick go back to their hands: {winner}, who "
                    "won trick {trick}, leads"
                ),
                {"winner": winner, "trick": number + 1},
            ),
        )
    table.trick = []
    table.leader = table.to_play = winner
