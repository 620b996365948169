"""Laws 62, 63A3, 68D, 70: a revoke corrected while play is stopped for a claim.

A revoke of a side that neither made nor accepted the claim is not established by it
(63A3), and no play follows to establish it (63A1): when attention is drawn to it, it
is corrected (62A), and the claim stands again over the corrected position.
"""

from __future__ import annotations

from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.play_record import Claim
from arbitro.table.rectify.claim_answers import ask_answer
from arbitro.table.rectify.claim_awards import ask_award, establish_revokes, phase_stopped
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.state import DIRECTOR, Message


def correctable_claim(table: TableState) -> tuple[Claim, bool] | None:
    """The claim a revoke not yet established is corrected under, and whether it is disputed.

    Play has stopped for a claim (68D) that waits on its answer (69A), or that was
    disputed and waits on the Director's award or has it (70). A revoke of a side that
    neither made nor accepted the claim is not established by it (63A3), and no play
    follows to establish it (63A1): when attention is drawn to it, it is corrected (62A),
    and the claim is ruled from the corrected position. None when no such claim stands.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> correctable_claim(Table(EXAMPLE_DEAL, number=1)) is None
    True
    """
    made = claim_of(table)
    if made is None:
        return None
    procedure = table.procedure
    if made.awarded is None and procedure is not None and procedure.law in ("69", "70"):
        return made, procedure.law == "70"
    if made.awarded is not None and made.law == "70":
        return made, True
    return None


def resume_after_correction(
    table: TableState, made: Claim, *, disputed: bool, tricks_back: int, won_back: int
) -> None:
    """The claim ``made`` stands again once a revoke was corrected under it (62, 68D, 70).

    The correction took back the cards played since the revoke: ``tricks_back`` tricks
    played, ``won_back`` of them won by the claimer's side, go back into the claim, which
    now covers the trick of the revoke too. The revoker's legal card and the rest of the
    play are part of it: its opponents answer it (69A), or the Director awards the tricks
    again from the corrected position (70), his award, if he gave one, withdrawn.
    """
    resumed = Claim(made.seat, made.tricks + won_back, made.remaining + tricks_back, made.statement)
    table.claim = resumed
    table.phase = phase_stopped(table)
    declarer = table.declarer
    assert declarer is not None
    if made.seat.side == declarer.side or resumed.concedes == 0 or disputed:
        # 63A3, as when the claim was made; a disputed claim stood unobjected (68B2).
        establish_revokes(table, made.side)
    table.rule(
        "70" if disputed else "68D",
        DIRECTOR,
        "claim",
        Message(
            N_(
                "{seat}'s claim stands with the revoke corrected: {tricks} of the {remaining} "
                "tricks left; the revoker's legal card and the rest of the play are part of it "
                "(Laws 62, 68D)"
            ),
            {"seat": made.seat, "tricks": resumed.tricks, "remaining": resumed.remaining},
        ),
    )
    if disputed:
        ask_award(table, resumed)
    else:
        ask_answer(table, resumed)
