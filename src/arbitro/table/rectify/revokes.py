"""Laws 61A and 63 at the table: a revoke recorded, established, and attention drawn to it.

A revoke is recorded as it happens (61A), established by the next trick (63A1),
corrected before that (62, :mod:`~arbitro.table.rectify.revoke_correction`), and paid
for at the end of play (64, :mod:`~arbitro.table.rectify.revoke_transfers`).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> noticed(table, Seat.EAST, None)
Traceback (most recent call last):
...
arbitro.table.state.IllegalActionError: East has not revoked on this board
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Card, Seat, Suit
from arbitro.i18n import N_
from arbitro.laws.play import suit_mask
from arbitro.table.base import TableState
from arbitro.table.play_record import RevokeEntry
from arbitro.table.rectify.claim_corrections import correctable_claim
from arbitro.table.rectify.revoke_correction import (
    correct_in_trick,
    correct_under_claim,
    made_by_a_play,
    rewind_to,
)
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def record(table: TableState, seat: Seat, card: Card, led: Suit) -> None:
    """Record that ``seat`` revoked with ``card`` in the trick in progress (61A).

    A revoke that consists in failing to play a card face up on the table brings no
    transfer (64B3): one by dummy, whose hand is spread, or by a defender whose only
    cards of the suit ``led`` (the suit he failed to follow, or was required to lead or
    play) are penalty cards lying face up.
    """
    dummy = table.dummy
    penalties = [
        r for r in table.in_force if r.kind is RestrictionKind.PENALTY_CARD and r.seat == seat
    ]
    faced = next((r for r in penalties if r.card == card), None)
    owed = table.hands[seat] & suit_mask(led)
    face_up = 0
    for restriction in penalties:
        if restriction.card is not None:
            face_up |= 1 << restriction.card.index
    table.revokes_made.append(
        RevokeEntry(
            len(table.tricks_played),
            seat,
            card,
            led,
            exposed_card=seat == dummy or (owed != 0 and owed & ~face_up == 0),
            event=len(table.log),
            penalty_card=faced,
        )
    )
    table.unestablished = True


def establish(table: TableState, seat: Seat) -> None:
    """A card played by ``seat`` establishes its side's revokes of earlier tricks (63A1)."""
    trick = len(table.tricks_played)
    table.revokes_made = [
        replace(r, established=True)
        if not r.established and r.seat.side == seat.side and r.trick < trick
        else r
        for r in table.revokes_made
    ]
    table.unestablished = any(not r.established for r in table.revokes_made)


def noticed(
    table: TableState,
    seat: Seat,
    late: str | None,
    revoke: RevokeEntry | None = None,
    *,
    trick: int | None = None,
) -> None:
    """Attention is drawn to a revoke by ``seat``: ``revoke``, or the one of ``trick``.

    Without either, the revoke attention is drawn to now: his revoke in the trick in
    progress, if any, else his first not yet ruled on.

    Not yet established: it must be corrected (62A-B): the card goes back, a defender's
    as a major penalty card (62B1); the cards played after it are taken back (62C, 16D)
    and ``seat`` plays a legal card. Established: the trick stands (63B), and Law 64
    transfers tricks at the end of play.
    """
    candidates = [r for r in table.revokes_made if r.seat == seat and not r.noticed]
    if not candidates:
        raise IllegalActionError(
            Message(N_("{seat} has not revoked on this board"), {"seat": seat})
        )
    if trick is not None:
        named = [r for r in candidates if r.trick == trick - 1]
        if not named:
            raise IllegalActionError(
                Message(
                    N_("{seat} made no revoke in trick {trick} not yet ruled on"),
                    {"seat": seat, "trick": trick},
                )
            )
        revoke = named[0]
    if revoke is None or revoke not in candidates:
        in_progress = len(table.tricks_played)
        revoke = next(
            (r for r in candidates if r.trick == in_progress and not r.established),
            candidates[0],
        )
    if revoke.established and revoke.trick == 11 and late is None:
        # 62D1: a revoke in the twelfth trick is corrected even when established, while
        # the hands are still out of the board; no trick is transferred for it (64B6).
        rewind_to(table, revoke, twelfth=True)
        return
    if revoke.established:
        position = table.revokes_made.index(revoke)
        table.revokes_made[position] = replace(revoke, noticed=True, late=late)
        table.rule(
            "63B",
            DIRECTOR,
            "63B",
            Message(
                N_(
                    "the revoke of {seat} in trick {trick} is established: the trick stands, and "
                    "Law 64 applies at the end of play"
                ),
                {"seat": seat, "trick": revoke.trick + 1},
            ),
        )
        table.note(
            "64C",
            Message(
                N_(
                    "if the transfer does not make up for the damage of the revoke, the Director "
                    "adjusts the score"
                )
            ),
        )
        return
    under = correctable_claim(table)
    if under is not None:
        correct_under_claim(table, revoke, *under)
        return
    if table.phase is not Phase.PLAY:
        raise IllegalActionError(
            Message(N_("a revoke not yet established is corrected during the play (Law 62A)"))
        )
    if revoke.trick != len(table.tricks_played) or made_by_a_play(table, revoke):
        rewind_to(table, revoke)
        return
    correct_in_trick(table, revoke)


def add_revoke(table: TableState, entry: RevokeEntry) -> None:
    """Record a revoke found afterwards in the order of the tricks, so Law 64B2 sees the first first.

    Law 67 finds revokes in tricks already quitted (67B1, 67B2b).
    """
    position = next(
        (i for i, r in enumerate(table.revokes_made) if r.trick > entry.trick),
        len(table.revokes_made),
    )
    table.revokes_made.insert(position, entry)
