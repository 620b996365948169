"""Laws 68-71: claims and concessions at the table.

A claim (or concession) stops the play (68D) and waits on the claimer's opponents:
they accept it (69A) and the board is scored as claimed, or any player, dummy included,
disputes it and the Director awards the tricks (68D, 70; :mod:`arbitro.analysis.claims`
helps him find the award). A defender's concession that partner objects to at once is
none (68B2): play goes on. Within the correction period, an acquiescence may be
withdrawn (69B) and a concession cancelled (71); the Director then awards the tricks
again, and until he does the board keeps the result agreed at the table.

This module takes the claim (68A-C) and a partner's objection to a concession (68B2),
and routes the claim's decisions; the answer lives in :mod:`.claim_answers`, the award
in :mod:`.claim_awards`, the review in :mod:`.claim_reviews`, a revoke corrected under
the claim in :mod:`.claim_corrections`, and the tricks it credits in
:mod:`.claimed_tricks`.

>>> from arbitro.core import Side
>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
...     table.call(seat, call)
>>> table.apply(ClaimEvent(Seat.NORTH, 13, "all spades then the rest"))
>>> table.pending.decider, [option.choice for option in table.pending.options]
('E', ['accept', 'dispute'])
>>> table.decide("E", "accept")
>>> table.phase, table.tricks_credited(Side.NS), table.score()
(<Phase.COMPLETE: 'complete'>, 13, 260)
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState, waiting
from arbitro.table.events import ClaimEvent, ClaimReviewEvent, DecisionEvent, ObjectionEvent
from arbitro.table.play_record import Claim
from arbitro.table.rectify.claim_answers import ask_answer, decide_answer, may_answer
from arbitro.table.rectify.claim_awards import decide_award, establish_by_claim
from arbitro.table.rectify.claim_reviews import review
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.rectify.common import DecisionHandler
from arbitro.table.state import IllegalActionError, Message, Phase

_PLAY_PERIOD = (Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN, Phase.PLAY)
"""When a claim may be made: from the end of the auction (a claim before the opening
lead, or after it is made face down, 41A, is one of all thirteen tricks) to the end of
the play."""


def handle(table: TableState, event: ClaimEvent | ObjectionEvent | ClaimReviewEvent) -> None:
    """Apply a claim, an objection to a concession, or a request to review a claim.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> handle(Table(EXAMPLE_DEAL, number=1), ClaimEvent(Seat.NORTH, 13))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: a claim or concession is made during the play (Law 68)
    """
    if isinstance(event, ClaimEvent):
        claim(table, event.seat, event.tricks, event.statement)
    elif isinstance(event, ObjectionEvent):
        objection(table, event.seat)
    else:
        review(table, event.seat)


def claim(table: TableState, seat: Seat, tricks: int, statement: str) -> None:
    """``seat`` claims ``tricks`` of the tricks left and concedes the rest (68A-C).

    The play stops (68D). The decision is addressed to the claimer's next opponent
    (declarer, for a defender's claim): his side accepts it (69A; for declarer's claim
    either defender may, see :func:`may_answer`) or any other player disputes it (68D,
    70).
    """
    if table.phase not in _PLAY_PERIOD or table.contract is None:
        raise IllegalActionError(
            Message(N_("a claim or concession is made during the play (Law 68)"))
        )
    if table.procedure is not None:
        raise waiting(table.procedure)
    if seat == table.dummy:
        raise IllegalActionError(Message(N_("dummy may not claim or concede tricks (Law 43A1)")))
    remaining = 13 - len(table.tricks_played)
    if remaining == 1 and table.trick:
        # 68: a claim or concession refers to tricks after the one in progress; about the
        # trick in progress alone, the play goes on regularly.
        raise IllegalActionError(
            Message(
                N_(
                    "only the trick in progress is left: winning or losing it is not a claim "
                    "or concession, and the play goes on (Law 68)"
                )
            )
        )
    if tricks > remaining:
        raise IllegalActionError(
            Message(
                N_("{seat} claims {tricks} tricks but only {remaining} are left to play"),
                {"seat": seat, "tricks": tricks, "remaining": remaining},
            )
        )
    made = Claim(seat, tricks, remaining, statement)
    table.claim = made
    declarer = table.declarer
    assert declarer is not None
    if seat.side == declarer.side or made.concedes == 0:
        # 63A3; a defender's concession waits: partner may object to it (68B2).
        establish_by_claim(table, seat.side, seat)
    law = "68A" if tricks == remaining else "68B1"
    table.rule(
        law,
        str(seat),
        "claim",
        Message(
            N_("{seat} claims {tricks} of the {remaining} tricks left; play stops (Law 68D)"),
            {"seat": seat, "tricks": tricks, "remaining": remaining},
        ),
    )
    ask_answer(table, made)


def objection(table: TableState, seat: Seat) -> None:
    """A defender's partner objects at once to his concession: it is none (68B2).

    "Sin tener en cuenta el punto 1": declarer's acceptance, made just before the
    objection (nothing else since), does not stand in its way; the board goes back to
    before it, and nothing the acceptance did (the tricks credited, the revokes it
    established, 63A3) remains.
    """
    if _just_accepted(table):
        _undo_last_event(table)
    made = claim_of(table)
    procedure = table.procedure
    declarer = table.declarer
    if (
        made is None
        or made.awarded is not None
        or procedure is None
        or procedure.law != "69"
        or declarer is None
        or made.side == declarer.side
        or made.concedes == 0
        or seat != made.seat.partner
    ):
        raise IllegalActionError(
            Message(
                N_(
                    "only the partner of a defender who has just conceded tricks can object "
                    "to the concession (Law 68B2)"
                )
            )
        )
    table.claim = None
    table.procedure = None
    table.rule(
        "68B2",
        str(seat),
        "object",
        Message(
            N_("{seat} objects at once to partner's concession: there is none; play goes on"),
            {"seat": seat},
        ),
    )
    table.note(
        "16D",
        Message(
            N_(
                "{seat}'s attempted concession is unauthorised information for his partner; "
                "cards he exposed are not penalty cards (Law 68B2)"
            ),
            {"seat": made.seat},
        ),
    )


def _just_accepted(table: TableState) -> bool:
    """Whether the last event is the acceptance of the claim or concession in force."""
    made = claim_of(table)
    last = table.log[-1] if table.log else None
    return (
        made is not None
        and made.awarded is not None
        and isinstance(last, DecisionEvent)
        and last.choice == "accept"
    )


def _undo_last_event(table: TableState) -> None:
    """The table as its events but the last made it; the log keeps them all."""
    events = table.events
    fresh = type(table).from_event(table.board)
    for event in events[1:-1]:
        fresh.apply(event)
    table.restore(fresh.snapshot()._replace(log=table.log))


OTHER_ANSWERS = {"69": may_answer}
"""The decisions seats other than the one named may answer, and who may (Law 68D)."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "69": decide_answer,
    "70": decide_award,
    "69B": decide_award,
    "71": decide_award,
}
