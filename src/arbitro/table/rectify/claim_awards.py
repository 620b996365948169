"""Laws 63A3, 69B, 70, 71: a claim settled, and the Director's award of its tricks.

A claim is settled when its opponents accept it (69A) or the Director awards the
tricks (70, or again under 69B and 71): the tricks left are credited, the board is
complete. A claim or its acceptance by the offending side establishes its revokes.
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Seat, Side
from arbitro.core.claim_statement import SaidStatement
from arbitro.i18n import N_, NP_
from arbitro.table.base import Procedure, TableState
from arbitro.table.events import DecisionEvent
from arbitro.table.play_record import Claim
from arbitro.table.rectify.claimed_tricks import claim_of
from arbitro.table.rectify.common import ask
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase


def establish_revokes(table: TableState, side: Side) -> bool:
    """Establish ``side``'s revokes, the trick in progress included (Law 63A3).

    A member of the offending side makes or agrees to a claim or concession. Whether
    ``side`` had a revoke not yet established.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> establish_revokes(Table(EXAMPLE_DEAL, number=1), Side.NS)
    False
    """
    if not any(r.seat.side == side and not r.established for r in table.revokes_made):
        return False
    table.revokes_made = [
        replace(r, established=True) if r.seat.side == side else r for r in table.revokes_made
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)
    return True


def establish_by_claim(table: TableState, side: Side, seat: Seat) -> None:
    """``seat``'s claim, concession or acceptance establishes ``side``'s revokes (63A3).

    The board's record notes it when there was one to establish.
    """
    if establish_revokes(table, side):
        table.note(
            "63A3",
            Message(
                N_("{seat}'s side revoked: the claim or its acceptance establishes the revoke"),
                {"seat": seat},
            ),
        )


def award_options(law: str, choices: range) -> tuple[Option, ...]:
    """The Director's options: each number of tricks in ``choices`` to the claimer's side.

    Each option says its number: ``2 tricks to the claimer's side``.

    >>> [(option.choice, option.localized()) for option in award_options("71", range(1, 3))]
    [('1', "1 trick to the claimer's side"), ('2', "2 tricks to the claimer's side")]
    """
    one, many = NP_("{count} trick to the claimer's side", "{count} tricks to the claimer's side")
    return tuple(Option(str(number), law, one, count=number, plural=many) for number in choices)


def settle(table: TableState, made: Claim, tricks: int, law: str) -> None:
    """Credit ``tricks`` of the tricks left to the claimer's side, the rest to the other.

    The claim records its award and the Law that settled it (``law``); the board is
    complete, and the restrictions in force lapse with the play.
    """
    side = made.side
    table.won[side] += tricks
    table.won[1 - side] += made.remaining - tricks
    table.claim = replace(made, awarded=tricks, law=law)
    table.phase = Phase.COMPLETE
    table.in_force = []
    table.restricted = frozenset()


def unsettle(table: TableState, made: Claim) -> None:
    """Take back the tricks the settled claim ``made`` credited each side (69A, 69B, 71)."""
    assert made.awarded is not None
    side = made.side
    table.won[side] -= made.awarded
    table.won[1 - side] -= made.remaining - made.awarded


def phase_stopped(table: TableState) -> Phase:
    """The phase the claim stopped: before the opening lead, with it face down, or the play."""
    if table.face_down_lead is not None:
        return Phase.LEAD_FACE_DOWN
    if not table.tricks_played and not table.trick:
        return Phase.OPENING_LEAD
    return Phase.PLAY


def ask_award(table: TableState, made: Claim) -> None:
    """Ask the Director how many of the tricks left go to the claimer's side (70)."""
    ask(
        table,
        "70",
        "award",
        made.seat,
        0,
        None,
        Message(
            N_(
                "Director: {seat} claimed {tricks} of the {remaining} tricks left ({statement}). "
                "How many go to the claimer's side? (doubtful points against the claimer, 70A)"
            ),
            {
                "seat": made.seat,
                "tricks": made.tricks,
                "remaining": made.remaining,
                "statement": SaidStatement(made.statement) if made.statement else "-",
            },
        ),
        award_options("70", range(made.remaining + 1)),
    )


def decide_award(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    """The Director awards the tricks left: of a disputed claim (70), or again (69B, 71).

    An award again first takes back the result agreed at the table.
    """
    made = claim_of(table)
    assert made is not None
    tricks = int(option.choice)
    table.procedure = None
    if made.awarded is not None:
        unsettle(table, made)  # 69B, 71: the Director rescores the agreed result
    settle(table, made, tricks, procedure.law)
    table.rule(
        procedure.law,
        DIRECTOR,
        option.choice,
        Message(
            N_("the Director awards {tricks} of the {remaining} tricks left to {seat}'s side"),
            {"tricks": tricks, "remaining": made.remaining, "seat": made.seat},
        ),
    )
