"""Laws 42-43: dummy's rights, and what follows when dummy has forfeited them.

Dummy may try to prevent an irregularity by declarer (42B2) and may ask declarer who
fails to follow suit whether he has a card of it (42B1). Once dummy has broken a
limitation of 43A2 (exchanging hands with declarer, leaving the seat to watch
declarer's play, looking at a defender's cards), those rights cost declarer: a warning
against leading from the wrong hand lets a defender choose the hand declarer leads from
(43B2a); a question about a revoke makes declarer correct it and the revoke counts as
established for Law 64 (43B2b); and dummy drawing attention first to a defender's
irregularity leaves it unrectified (43B3, a note for Law 12B1). Dummy indicating one of
his cards without declarer's instruction is noted for the Director (45F).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> forfeits(Table(EXAMPLE_DEAL, number=1))
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: dummy's rights and limitations are for the play
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState, waiting
from arbitro.table.events import DecisionEvent, ExposedEvent, PlayEvent
from arbitro.table.rectify.common import DecisionHandler, any_defender, ask, dummy_in_play
from arbitro.table.rectify.out_of_turn import accept_lead
from arbitro.table.rectify.premature_plays import hold_early_card
from arbitro.table.rectify.wrong_opening_lead import DECISION_HANDLERS as WRONG_OPENING_LEAD
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def forfeits(table: TableState) -> None:
    """The Director finds dummy broke a limitation of 43A2: dummy's rights are forfeited."""
    dummy = dummy_in_play(table)
    table.dummy_forfeited = True
    table.rule(
        "43A2",
        DIRECTOR,
        "43A2",
        Message(
            N_(
                "{seat} (dummy) broke a limitation of Law 43A2: Law 43B applies from now on, and "
                "a procedural penalty may be given (43B1, 90)"
            ),
            {"seat": dummy},
        ),
    )


def warns_wrong_hand(table: TableState) -> None:
    """Dummy warns declarer against leading from the wrong hand.

    Dummy's right (42B2); after a forfeit, a defender chooses the hand declarer leads
    from (43B2a).
    """
    dummy = dummy_in_play(table)
    declarer = dummy.partner
    if table.trick or table.to_play.side != declarer.side:
        raise IllegalActionError(
            Message(N_("declarer's side is not on lead: there is no wrong hand to warn of"))
        )
    if not table.dummy_forfeited:
        table.rule(
            "42B2",
            DIRECTOR,
            "42B2",
            Message(N_("dummy tries to prevent an irregularity by declarer, as is dummy's right")),
        )
        return
    defender = declarer.lho
    ask(
        table,
        "43",
        "hand",
        dummy,
        0,
        defender,
        Message(
            N_(
                "{seat}: dummy, who has forfeited his rights, warned declarer about the "
                "hand to lead from; choose the hand declarer leads from (Law 43B2a)"
            ),
            {"seat": defender},
        ),
        (
            Option("declarer", "43B2a", N_("declarer's own hand")),
            Option("dummy", "43B2a", N_("dummy's hand")),
        ),
    )


def spreads(table: TableState) -> None:
    """Dummy spreads or shows his cards before declarer's choice on an opening lead out of turn.

    Declarer could then have seen dummy's cards: he must accept the lead (54C), and
    plays second from his own hand (54B1).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> spreads(Table(EXAMPLE_DEAL, number=1))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: dummy spreads his hand when the opening lead is faced (Law 41D)
    """
    procedure = table.procedure
    if procedure is None or procedure.law != "54" or procedure.decision is None:
        raise IllegalActionError(
            Message(N_("dummy spreads his hand when the opening lead is faced (Law 41D)"))
        )
    option = procedure.decision.option("accept")
    assert option is not None
    table.procedure = replace(procedure, decision=None)
    table.rule(
        "54C",
        DIRECTOR,
        "54C",
        Message(
            N_(
                "declarer could have seen dummy's cards: he must accept the opening lead out "
                "of turn"
            )
        ),
    )
    WRONG_OPENING_LEAD["54"](table, procedure, option, DecisionEvent(DIRECTOR, "accept"))


def _breach_43a1b(table: TableState) -> None:
    """Dummy, with his rights, draws attention to an irregularity during the play (43A1b).

    It happens, so it is recorded: the breach is dummy's (43B1: a procedural penalty
    under Law 90 may follow; the AEB has it given to a player of a high level who points
    out a revoke); the irregularity itself is for the Director, who rules on it as the
    Laws say once it is recorded.
    """
    table.rule(
        "43A1b",
        DIRECTOR,
        "43A1b",
        Message(
            N_(
                "dummy draws attention to an irregularity during the play, which he may not "
                "do (Law 43A1b)"
            )
        ),
    )
    table.note(
        "43B1",
        Message(
            N_(
                "dummy broke a limitation of Law 43A1: he is subject to a procedural penalty "
                "(Laws 43B1, 90)"
            )
        ),
    )


def draws_attention(table: TableState) -> None:
    """Dummy draws attention to an irregularity: 43A1b, or 43B3 after a forfeit.

    Dummy who has not forfeited his rights breaks 43A1b: recorded, with the penalty
    note of 43B1. Having forfeited them, he is first to draw attention to a defender's
    irregularity:

    There is no rectification and play goes on as if it had not happened (43B3): a
    defender's lead out of turn awaiting declarer's choice stands as the lead; a
    defender's revoke is not corrected and brings no transfer. A note recalls Law 12B1.
    """
    dummy = table.dummy
    if table.phase is not Phase.PLAY or dummy is None:
        raise IllegalActionError(Message(N_("dummy's rights and limitations are for the play")))
    if not table.dummy_forfeited:
        _breach_43a1b(table)
        return
    procedure = table.procedure
    if procedure is not None:
        if procedure.law not in ("53", "57") or procedure.offender.side == dummy.side:
            raise waiting(procedure)
        if procedure.law == "53":
            accept_lead(table, procedure)
        else:
            _premature_play_unrectified(table, procedure)
    else:
        revoke = next(
            (r for r in table.revokes_made if r.seat.side != dummy.side and not r.noticed), None
        )
        if revoke is not None:
            position = table.revokes_made.index(revoke)
            table.revokes_made[position] = replace(revoke, noticed=True, late="43B3")
        elif not _exposed_cards_unrectified(table, dummy):
            raise IllegalActionError(Message(N_("no irregularity of a defender awaits attention")))
    table.rule(
        "43B3",
        DIRECTOR,
        "43B3",
        Message(
            N_(
                "dummy, who has forfeited his rights, drew attention first to a defender's "
                "irregularity: no rectification, play goes on as if it had not happened"
            )
        ),
    )
    table.note(
        "12B1",
        Message(
            N_(
                "at the end of play the Director may adjust the score if the defenders' "
                "irregularity damaged declarer's side (Law 43B3)"
            )
        ),
    )


def indicates(table: TableState) -> None:
    """Dummy touched or indicated one of his cards without declarer's instruction (45F).

    Play goes on; a note tells the Director, who adjusts the score at the end of play if
    dummy suggested a play to declarer and the defenders were damaged by it.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> indicates(Table(EXAMPLE_DEAL, number=1))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: dummy's rights and limitations are for the play
    """
    dummy = table.dummy
    if table.phase is not Phase.PLAY or dummy is None:
        raise IllegalActionError(Message(N_("dummy's rights and limitations are for the play")))
    table.rule(
        "45F",
        DIRECTOR,
        "45F",
        Message(
            N_(
                "{seat} (dummy) indicated a card without declarer's instruction: the Director "
                "is called and play goes on"
            ),
            {"seat": dummy},
        ),
    )
    table.note(
        "45F",
        Message(
            N_(
                "at the end of play the Director adjusts the score if dummy suggested a play "
                "to declarer and it damaged the defenders (Law 45F)"
            )
        ),
    )


def _premature_play_unrectified(table: TableState, procedure: Procedure) -> None:
    """43B3 on a defender's premature play (57A): no penalty card, no choice for declarer.

    The card counts when its hand's turn comes, as a card played early with no
    rectification does (57C1).
    """
    seat = procedure.offender
    made = [
        r
        for r in table.in_force
        if r.kind is RestrictionKind.PENALTY_CARD and r.seat == seat and r.law == "57A"
    ]
    card = made[-1].card if made else None
    if card is None:
        raise waiting(procedure)
    table.procedure = None
    table.drop(lambda r: r in made)
    hold_early_card(table, seat, card)


def _exposed_cards_unrectified(table: TableState, dummy: Seat) -> bool:
    """43B3 on the cards a defender exposed last (49): they are not penalty cards.

    The penalty cards of the defender's latest exposure (the last ones made, of one seat
    and one Law) go back to being ordinary cards; False when there are none, or when a
    card has been played since that exposure: dummy was then not the first to draw
    attention to it, as its ruling shows.
    """
    penalties = [
        r
        for r in table.in_force
        if r.kind is RestrictionKind.PENALTY_CARD and r.seat.side != dummy.side
    ]
    if not penalties:
        return False
    last = penalties[-1]
    if not _exposed_just_now(table, last.seat):
        return False
    latest: list[Restriction] = []
    for restriction in reversed(penalties):
        if restriction.seat != last.seat or restriction.law != last.law:
            break
        latest.append(restriction)
    table.drop(lambda r: r in latest)
    return True


def _exposed_just_now(table: TableState, seat: Seat) -> bool:
    """Whether ``seat`` exposed cards with no card played since (the log read backwards)."""
    for event in reversed(table.log):
        if isinstance(event, ExposedEvent):
            return event.seat == seat
        if isinstance(event, PlayEvent) or (isinstance(event, tuple) and event[0] is PlayEvent):
            return False  # a card played (the tuple: its compact form)
    return False


def _decide_43(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    dummy = procedure.offender
    table.procedure = None
    hand = dummy if option.choice == "dummy" else dummy.partner
    table.leader = table.to_play = hand
    table.rule(
        "43B2a",
        event.by,
        option.choice,
        Message(N_("declarer leads from {seat}'s hand"), {"seat": hand}),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {"43": _decide_43}
"""The decisions this module answers, by procedure."""
OTHER_ANSWERS = {"43": any_defender}
"""43B2a: any defender chooses the hand declarer leads from."""
