"""Laws 53, 55, 56 and 60B at the table: a lead out of turn in the play.

The defender next to play may accept declarer's lead out of turn, from either hand
(53A), or have it withdrawn (55); declarer may accept a defender's (53A) or refuse it,
the card becoming a major penalty card (56). A card played while the ruling waits may
accept the lead, or replace it (53B-C); a defender's card played before declarer leads
from the right hand is a major penalty card (60B). The opening lead out of turn is in
:mod:`~arbitro.table.rectify.wrong_opening_lead` (54), premature plays in
:mod:`~arbitro.table.rectify.premature_plays` (57).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.play("E", "CA")
>>> table.face_lead()
>>> for seat, card in zip("SWN", ["C8", "C5", "C2"]):
...     table.play(seat, card)
>>> table.play("W", "HA")  # East won the first trick and was on lead
>>> table.pending.by, [(option.choice, option.law) for option in table.pending.options]
(Seat.NORTH, [('accept', '53A'), ('refuse', '56')])
"""

from __future__ import annotations

from arbitro.core import Card, Seat
from arbitro.i18n import N_
from arbitro.table.base import CardData, Procedure, TableState
from arbitro.table.events import DecisionEvent, PlayEvent
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rectify.penalty_cards import add_penalty_cards
from arbitro.table.rectify.penalty_lead import offer_lead_choice
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message


def lead_out_of_turn(table: TableState, seat: Seat, card: Card) -> None:
    """A lead out of turn in the play (Laws 53, 55, 56).

    Declarer's lead out of turn (from either hand): the defender who would play next
    may accept it (53A) or have it withdrawn (55B). A defender's: declarer may accept
    it (53A) or refuse it, and the card becomes a major penalty card (56, 54D).
    """
    declarer = table.declarer
    assert declarer is not None
    if seat.side != declarer.side and _lead_withdrawn_under_55b2(table):
        add_penalty_cards(table, seat, (card,), "60B", deliberate=True)
        table.rule(
            "60B",
            DIRECTOR,
            "60B",
            Message(
                N_(
                    "{seat} played before declarer led from the right hand: {card} becomes a "
                    "major penalty card; {leader} leads"
                ),
                {"seat": seat, "card": card, "leader": table.to_play},
            ),
        )
        return
    if seat.side == declarer.side:
        by = seat.lho
        refuse = Option(
            "refuse", "55B", N_("have it withdrawn: the lead is made from the right hand")
        )
    else:
        by = declarer
        refuse = Option(
            "refuse",
            "56",
            N_("refuse it: the card becomes a major penalty card and the right hand leads"),
        )
    ask(
        table,
        "53",
        "ruling",
        seat,
        0,
        by,
        Message(
            N_("{by}: {seat} led {card} out of turn; {leader} was to lead. Accept the lead?"),
            {"by": by, "seat": seat, "card": card, "leader": table.to_play},
        ),
        (Option("accept", "53A", N_("accept it: it stands as the lead")), refuse),
        CardData(card.index),
    )


def take_play_53(table: TableState, procedure: Procedure, seat: Seat, card: Card) -> bool:
    """A card played while a lead out of turn awaits its ruling.

    From the hand on the offender's left: the lead is accepted (53A, 60A1). A lead by
    the player whose turn it was, an opponent of the offender: that lead stands and the
    lead out of turn is withdrawn (53C). A card from the defender on the right of the
    hand declarer led from: the lead stands and that card is a premature play (53B, 57).
    """
    offender = procedure.offender
    index = procedure.data_as(CardData).card
    if seat == offender.lho:
        _accept_53(table, procedure, index, str(seat))
        table.on_play(seat, card)
        return True
    if seat == table.to_play and seat.side != offender.side:
        table.procedure = None
        table.rule(
            "53C",
            str(seat),
            "lead",
            Message(
                N_(
                    "{seat}, whose turn it was, led: the lead out of turn is withdrawn with no "
                    "further rectification (Law 16D)"
                ),
                {"seat": seat},
            ),
        )
        table.on_play(seat, card)
        return True
    declarer = table.declarer
    if declarer is not None and offender.side == declarer.side and seat == offender.rho:
        table.procedure = None
        table.rule(
            "53B",
            str(seat),
            "play",
            Message(
                N_(
                    "{seat} played after declarer's lead out of turn {card}: the lead stands "
                    "and {seat}'s card is a premature play (Law 57)"
                ),
                {"seat": seat, "card": Card.from_index(index)},
            ),
        )
        table.leader = table.to_play = offender
        table.put_card(offender, index)
        table.on_play(seat, card)
        return True
    return False


def _lead_withdrawn_under_55b2(table: TableState) -> bool:
    """Whether declarer's lead out of turn was just withdrawn (55B2) and nothing played since.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> _lead_withdrawn_under_55b2(Table(EXAMPLE_DEAL, number=1))
    False
    """
    if not table.rulings_made or table.rulings_made[-1].law != "55B2" or table.trick:
        return False
    for event in reversed(table.log):
        if isinstance(event, PlayEvent | tuple):  # a tuple is a card or call in turn
            return False
        if isinstance(event, DecisionEvent):
            return True
    return False


def _accept_53(table: TableState, procedure: Procedure, index: int, by: str) -> None:
    table.procedure = None
    table.rule(
        "53A",
        by,
        "accept",
        Message(N_("the lead out of turn {card} is accepted"), {"card": Card.from_index(index)}),
    )
    table.leader = table.to_play = procedure.offender
    table.put_card(procedure.offender, index)


def accept_lead(table: TableState, procedure: Procedure) -> None:
    """The lead out of turn awaiting its ruling stands as the lead, no one choosing (43B3)."""
    index = procedure.data_as(CardData).card
    table.procedure = None
    table.leader = table.to_play = procedure.offender
    table.put_card(procedure.offender, index)


def _decide_53(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    index = procedure.data_as(CardData).card
    if option.choice == "accept":
        _accept_53(table, procedure, index, event.by)
        return
    table.procedure = None
    offender = procedure.offender
    declarer = table.declarer
    assert declarer is not None
    card = Card.from_index(index)
    if offender.side == declarer.side:
        law = "55B2" if table.to_play.side == declarer.side else "55B1"
        table.rule(
            law,
            event.by,
            "refuse",
            Message(
                N_("{card} goes back to its hand; {leader} leads"),
                {"card": card, "leader": table.to_play},
            ),
        )
        table.note(
            "55C",
            Message(
                N_(
                    "if declarer's play could have been based on what the lead out of turn told "
                    "him, the Director may adjust the score"
                )
            ),
        )
        return
    add_penalty_cards(table, offender, (card,), "56", deliberate=True)
    table.rule(
        "56",
        event.by,
        "refuse",
        Message(
            N_("{card} becomes a major penalty card of {seat}; {leader} leads"),
            {"card": card, "seat": offender, "leader": table.to_play},
        ),
    )
    offer_lead_choice(table, table.to_play)


DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "53": _decide_53,
}
"""The decisions this module answers, by procedure."""
