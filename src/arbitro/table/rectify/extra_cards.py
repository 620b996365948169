"""Law 67A2 and 67B2: an extra card played to a trick goes back to the hand.

Noticed before a member of each side has played to the next trick (67A2), it goes
back, a defender's as a penalty card when the Director finds Law 45E or 58B2 applies.
Noticed later (67B2), it goes back as if it had always been held: failing to play it to
a later trick of its suit is a revoke (67B2b), corrected if not yet established (62A,
63A1); a defender's, if the Director had to expose it, is a penalty card. The defect and
its notice are :mod:`~arbitro.table.rectify.defective_tricks`.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, DefectiveTrickEvent, DefectNoticedEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "CA"); table.face_lead()
>>> table.play("S", "C8"); table.play("W", "C7"); table.play("N", "C4")
>>> table.apply(DefectiveTrickEvent(Seat.NORTH, Card.from_str("C3")))  # an extra card
>>> table.apply(DefectNoticedEvent(Seat.NORTH))  # in time, declarer's: back, 67A2
>>> table.hands[Seat.NORTH] >> Card.from_str("C3").index & 1
1
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat  # noqa: F401  (Seat: the example)
from arbitro.i18n import N_
from arbitro.table.base import CardData, Procedure, TableState
from arbitro.table.events import DefectiveTrickEvent
from arbitro.table.play_record import Defect, RevokeEntry
from arbitro.table.rectify.common import ask
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.rectify.revoke_correction import correct_found_revoke
from arbitro.table.rectify.revokes import add_revoke
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase


def correct_unestablished_67b2b(table: TableState, defect: Defect) -> bool:
    """A 67B2b revoke not yet established is corrected (63A1, 62A); True if there was one.

    The extra card was in the hand all along: failing to play it in the trick in
    progress, or in the trick just completed before the offending side has played to
    the next one, is a revoke not yet established. The play goes back to it (62B-C),
    and the extra card, back in the hand, is then played as the Law requires.
    """
    card = defect.card
    seat = defect.seat
    assert card is not None
    current = list(table.current_trick)
    found: tuple[int, Card] | None = None
    if current and current[0][0] != seat and current[0][1].suit is card.suit:
        found = next(
            (
                (len(table.tricks_played), c)
                for s, c in current
                if s == seat and c.suit is not card.suit
            ),
            None,
        )
    number = len(table.tricks_played) - 1
    if found is None and number > defect.trick and seat.side not in {s.side for s, _ in current}:
        trick = table.tricks_played[number]
        if trick.leader != seat and trick.cards[0].suit is card.suit and seat in trick.seats:
            played = trick.cards[trick.seats.index(seat)]
            if played.suit is not card.suit:
                found = (number, played)
    if found is None or table.phase is not Phase.PLAY:
        return False
    # The revoke card was played after the extra card went with its trick.
    made = max(
        (
            position
            for position, event in enumerate(table.log)
            if isinstance(event, DefectiveTrickEvent) and (event.seat, event.card) == (seat, card)
        ),
        default=None,
    )
    if made is None or not correct_found_revoke(table, seat, found[1], found[0], card.suit, made):
        return False
    # The table is back before the revoke card, the defect not yet noticed there.
    position = next(
        i
        for i, d in enumerate(table.defects)
        if (d.trick, d.seat, d.card) == (defect.trick, seat, card)
    )
    table.defects[position] = replace(table.defects[position], noticed=True)
    return_extra_card_67b(table, table.defects[position])
    return True


def return_extra_card_67a(table: TableState, defect: Defect) -> None:
    """An extra card noticed in time goes back (67A2, by Law 45E or 58B)."""
    card = defect.card
    seat = defect.seat
    assert card is not None
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side:
        table.hands[seat] |= 1 << card.index
        table.rule(
            "67A2",
            DIRECTOR,
            "67A2",
            Message(
                N_(
                    "{card}, played by {seat} as an extra card to trick {trick}, goes back to "
                    "the hand with no rectification (Laws 45E2, 58B)"
                ),
                {"card": card, "seat": seat, "trick": defect.trick + 1},
            ),
        )
        return
    ask(
        table,
        "67",
        "67A2",
        seat,
        defect.trick,
        None,
        Message(
            N_(
                "{seat} played {card} as an extra card to trick {trick}; it goes back to his "
                "hand. How did it come to the trick? (Law 67A2)"
            ),
            {"seat": seat, "card": card, "trick": defect.trick + 1},
        ),
        (
            Option("45E", "45E1", N_("a fifth card contributed to the trick: a penalty card")),
            Option("58B1", "58B1", N_("played with another card, only one seen: no rectification")),
            Option("58B2", "58B2", N_("played with another card, both seen: a penalty card")),
        ),
        CardData(card.index),
    )


def return_extra_card_67b(table: TableState, defect: Defect) -> None:
    """An extra card noticed late goes back as if it had always been held (67B2)."""
    card = defect.card
    seat = defect.seat
    assert card is not None
    table.hands[seat] |= 1 << card.index
    revoked = []
    for number in range(defect.trick + 1, len(table.tricks_played)):
        trick = table.tricks_played[number]
        led = trick.cards[0].suit
        if led is not card.suit or trick.leader == seat or seat not in trick.seats:
            continue
        played = trick.cards[trick.seats.index(seat)]
        if played.suit is not led:
            revoked.append(number)
            add_revoke(
                table,
                RevokeEntry(
                    number,
                    seat,
                    played,
                    led,
                    established=True,
                    noticed=True,
                    event=len(table.log),
                ),
            )
    table.rule(
        "67B2a",
        DIRECTOR,
        "67B2a",
        Message(
            N_(
                "{card}, the extra card {seat} played to trick {trick}, goes back to his hand; "
                "the trick stays as it was won"
            ),
            {"card": card, "seat": seat, "trick": defect.trick + 1},
        ),
    )
    if revoked:
        table.rule(
            "67B2b",
            DIRECTOR,
            "67B2b",
            Message(
                N_(
                    "{seat} held {card} all along: failing to play it to trick {tricks} is a "
                    "revoke, and Law 64 applies at the end of play"
                ),
                {
                    "seat": seat,
                    "card": card,
                    "tricks": ", ".join(str(number + 1) for number in revoked),
                },
            ),
        )
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side and table.phase is Phase.PLAY:
        ask(
            table,
            "67",
            "67B2",
            seat,
            defect.trick,
            None,
            Message(
                N_(
                    "{card} goes back to {seat}'s hand: did the Director have to expose it? "
                    "(Law 67B2)"
                ),
                {"seat": seat, "card": card},
            ),
            (
                Option("concealed", "67B2", N_("no: it goes back unseen")),
                Option("exposed", "67B2", N_("yes: it becomes a penalty card (Law 50)")),
            ),
            CardData(card.index),
        )


def decide_exposed(table: TableState, procedure: Procedure, option: Option) -> None:
    """The Director's finding on a defender's extra card going back (67A2, 67B2)."""
    index = procedure.data_as(CardData).card
    card = Card.from_index(index)
    seat = procedure.offender
    table.procedure = None
    if option.choice in ("45E", "58B2", "exposed"):
        table.hands[seat] |= 1 << index
        add_penalty_cards(table, seat, (card,), option.law, deliberate=False)
        table.rule(
            procedure.stage,
            DIRECTOR,
            option.choice,
            Message(
                N_("{card} goes back to {seat}'s hand as a penalty card (Law {law})"),
                {"card": card, "seat": seat, "law": option.law},
            ),
        )
        # 50D2: partner, on lead, waits for declarer's choice.
        if table.to_play == seat.partner:
            offer_lead_choice(table, seat.partner)
        return
    if option.choice == "58B1":
        table.hands[seat] |= 1 << index
    table.rule(
        procedure.stage,
        DIRECTOR,
        option.choice,
        Message(
            N_("{card} goes back to {seat}'s hand with no rectification (Law {law})"),
            {"card": card, "seat": seat, "law": option.law},
        ),
    )
