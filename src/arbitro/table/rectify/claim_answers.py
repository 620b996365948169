"""Laws 68D, 69A, 70: a claim's answer, accepted by its opponents or disputed.

The claim's decision is addressed to the claimer's next opponent; the claimer's
opponents accept it (69A) and the board is scored as claimed, or any player, dummy
included, disputes it and the Director is called (68D, 70). An acquiescence objected
to at once by a member of the side that gave it is a dispute (69A).
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Seat
from arbitro.core.claim_statement import SaidStatement
from arbitro.i18n import N_
from arbitro.table.base import Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.play_record import Claim
from arbitro.table.rectify.claim_awards import (
    ask_award,
    establish_by_claim,
    phase_stopped,
    settle,
    unsettle,
)
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.rectify.common import ask
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message


def ask_answer(table: TableState, made: Claim) -> None:
    """Ask the claimer's opponents to accept the claim, or any player to dispute it (69A, 68D)."""
    declarer = table.declarer
    assert declarer is not None
    seat = made.seat
    answerer = _answerer(declarer, seat)
    facts: dict[str, object] = {
        "by": answerer,
        "partner": answerer.partner,
        "seat": seat,
        "tricks": made.tricks,
        "remaining": made.remaining,
        "statement": SaidStatement(made.statement) if made.statement else "-",
    }
    if seat.side == declarer.side:
        question = N_(
            "{by} or {partner}: {seat} claims {tricks} of the {remaining} tricks left "
            "({statement}). Either defender may accept it; any player, dummy included, "
            "may dispute it (Law 68D)"
        )
    else:
        question = N_(
            "{by}: {seat} claims {tricks} of the {remaining} tricks left ({statement}). "
            "Declarer may accept it; any player, dummy included, may dispute it (Law 68D)"
        )
    ask(
        table,
        "69",
        "answer",
        seat,
        0,
        answerer,
        Message(question, facts),
        (
            Option("accept", "69A", N_("accept: the board is scored as claimed")),
            Option(
                "dispute",
                "70",
                N_("dispute it (any player, dummy included): the Director decides"),
            ),
        ),
    )


def _answerer(declarer: Seat, claimer: Seat) -> Seat:
    """The seat the claim's decision is addressed to: the claimer's next opponent."""
    return declarer if claimer.side != declarer.side else declarer.lho


def may_answer(table: TableState, procedure: Procedure, event: DecisionEvent) -> bool:
    """Whether ``event.by``, not the seat the claim's decision names, may give this answer.

    Law 68D: any player who doubts a claim, dummy included, disputes it and the Director
    is called. Law 69A: the claimer's opponents (the contestant) accept it: either
    defender a claim of declarer's side (as in Law 55A, either defender answers for the
    defence), declarer a defender's claim; dummy takes no part in the play (43A1c) and
    the claimer's partner is no opponent, so neither accepts. The claimer himself answers
    nothing. Refuses an acceptance by a seat that may only dispute, saying why.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.apply(ClaimEvent(Seat.NORTH, 13))
    >>> procedure = table.procedure
    >>> may_answer(table, procedure, DecisionEvent("S", "dispute"))  # dummy (68D)
    True
    >>> may_answer(table, procedure, DecisionEvent("W", "accept"))  # the other defender
    True
    >>> may_answer(table, procedure, DecisionEvent("S", "accept"))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: South may dispute North's claim but not accept it: either defender accepts it (Laws 68D, 69A)
    """
    made = claim_of(table)
    declarer = table.declarer
    if made is None or declarer is None or procedure.law != "69" or event.by == DIRECTOR:
        return False
    by = Seat.from_str(event.by)
    if by == made.seat:
        return False
    if event.choice != "accept" or (by.side != made.side and by != table.dummy):
        return True
    if made.side == declarer.side:
        text = N_(
            "{by} may dispute {seat}'s claim but not accept it: either defender accepts it "
            "(Laws 68D, 69A)"
        )
    else:
        text = N_(
            "{by} may dispute {seat}'s claim but not accept it: declarer ({declarer}) accepts "
            "it; dummy takes no part in the play (Laws 68D, 69A, 43A1)"
        )
    raise IllegalActionError(Message(text, {"by": by, "seat": made.seat, "declarer": declarer}))


def decide_answer(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    """The claim's answer: accepted (69A), the board is scored as claimed; or disputed (70).

    Either way the claim or concession stands unobjected (68B2), and a claim or an
    acceptance by the offending side establishes its revokes (63A3).
    """
    made = claim_of(table)
    assert made is not None
    establish_by_claim(table, made.side, made.seat)  # 63A3: the concession stands, unobjected
    if option.choice == "accept":
        table.procedure = None
        answerer = Seat.from_str(event.by)
        establish_by_claim(table, answerer.side, answerer)
        settle(table, made, made.tricks, "69A")
        table.rule(
            "69A",
            event.by,
            "accept",
            Message(
                N_(
                    "the claim is accepted: {tricks} of the {remaining} tricks left to {seat}'s side"
                ),
                {"tricks": made.tricks, "remaining": made.remaining, "seat": made.seat},
            ),
        )
        return
    _dispute(table, made, event)


def _dispute(table: TableState, made: Claim, event: DecisionEvent) -> None:
    """The claim is disputed: the Director is called and awards the tricks (68D, 70)."""
    table.rule(
        "70",
        event.by,
        "dispute",
        Message(N_("the claim is disputed: the Director is called (Laws 68D, 70)")),
    )
    ask_award(table, made)


def objects_to_acquiescence(table: TableState, event: DecisionEvent) -> bool:
    """A member of the contestant that acquiesced in a claim objects at once (69A).

    Acquiescence is an absence of objection before the side calls on the next board or
    the round ends: until then either member of the claimer's opponents may dispute
    the claim one of them accepted. The tricks go back, and the claim is disputed
    (68D, 70). False when this is not such an objection.
    """
    made = claim_of(table)
    if (
        made is None
        or made.law != "69A"
        or made.awarded is None
        or event.choice != "dispute"
        or event.by == DIRECTOR
    ):
        return False
    by = Seat.from_str(event.by)
    if by.side == made.side:
        return False
    unsettle(table, made)
    table.claim = replace(made, awarded=None, law=None)
    table.phase = phase_stopped(table)
    _dispute(table, made, event)
    return True
