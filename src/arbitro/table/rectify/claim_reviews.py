"""Laws 69B and 71: a settled claim reviewed within the correction period.

Its opponents may withdraw an acquiescence in a claim accepted at the table (69B), the
claimer's side ask that a concession be cancelled (71); the Director then awards the
tricks again (:func:`arbitro.table.rectify.claim_awards.decide_award`), and until he
does the board keeps the result agreed at the table.
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState, waiting
from arbitro.table.rectify.claim_awards import award_options
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.rectify.common import ask
from arbitro.table.state import IllegalActionError, Message, Phase


def review(table: TableState, seat: Seat) -> None:
    """Ask the Director to review a settled claim: 69B (its opponents) or 71 (its side).

    The request is recorded as a ruling of its player (``review``), so that the board's
    record says who asked. Until the Director awards the tricks again, the board keeps
    the result agreed at the table: the tricks credited, the score and the claim's award
    stay as they were.
    """
    made = claim_of(table)
    if made is None or made.awarded is None or table.phase is not Phase.COMPLETE:
        raise IllegalActionError(Message(N_("there is no settled claim or concession to review")))
    if table.procedure is not None:
        raise waiting(table.procedure)
    if seat.side != made.side:
        if made.law != "69A" or made.awarded == 0:
            raise IllegalActionError(
                Message(
                    N_(
                        "an acquiescence can be withdrawn only from a claim accepted at the "
                        "table that gave the claimer tricks (Law 69B)"
                    )
                )
            )
        law = "69B"
        choices = range(made.awarded + 1)
        asked = N_("{seat} withdraws his side's acquiescence in the claim: the Director is called")
        question = N_(
            "{seat} withdraws his side's acquiescence: how many of the {remaining} tricks "
            "does the claimer's side keep? (a trick his side had won, 69B1, or would likely "
            "have won, 69B2, goes to it)"
        )
    else:
        if made.awarded == made.remaining:
            raise IllegalActionError(
                Message(N_("the claimer's side conceded no trick: nothing to cancel (Law 71)"))
            )
        law = "71"
        choices = range(made.awarded, made.remaining + 1)
        asked = N_("{seat} asks that the concession be cancelled: the Director is called")
        question = N_(
            "{seat} asks that the concession be cancelled: how many of the {remaining} tricks "
            "go to the claimer's side? (a trick won in fact, 71-1, or that no normal play "
            "could lose, 71-2, goes to it)"
        )
    # Who asked, and under which Law, is a fact of the board's record (69B, 71).
    table.rule(law, str(seat), "review", Message(asked, {"seat": seat}))
    # The board keeps the result agreed at the table until the Director rescores it
    # (69B, 71): its tricks are taken back only when he awards them again.
    ask(
        table,
        law,
        "award",
        made.seat,
        0,
        None,
        Message(question, {"seat": seat, "remaining": made.remaining}),
        award_options(law, choices),
    )
