"""Laws 61B and 42B1 at the table: asking a player who failed to follow suit about a revoke.

Declarer may ask a defender (61B1), a defender declarer or his partner (61B3), and dummy
declarer only (42B1, 61B2); the revoke the answer brings to light is ruled on by
:func:`~arbitro.table.rectify.revokes.noticed`.
"""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.rectify.common import dummy_in_play
from arbitro.table.rectify.revokes import noticed
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


def _failed_to_follow(table: TableState, seat: Seat) -> bool:
    """Whether ``seat`` has played a card of another suit than the one led."""
    for trick in table.tricks_played:
        for played_by, card in zip(trick.seats, trick.cards, strict=False):
            if played_by == seat and card.suit != trick.cards[0].suit:
                return True
    current = table.current_trick
    return any(played_by == seat and card.suit != current[0][1].suit for played_by, card in current)


def asks_about_revoke(table: TableState) -> None:
    """Dummy asks declarer, who failed to follow suit, whether he has a card of it.

    Dummy's right (42B1). After a forfeit (43B2b): if declarer did revoke, he must play
    a correct card and Law 64 applies as if the revoke were established.
    """
    dummy = dummy_in_play(table)
    declarer = dummy.partner
    revoke = next(
        (
            r
            for r in table.revokes_made
            if r.seat == declarer and not r.established and not r.noticed
        ),
        None,
    )
    if revoke is None:
        table.rule(
            "42B1",
            DIRECTOR,
            "42B1",
            Message(N_("dummy asks declarer whether he has a card of the suit led: he has none")),
        )
        return
    noticed(table, declarer, None, revoke)
    if table.dummy_forfeited:
        kept = replace(revoke, established=True, noticed=True)
        table.revokes_made.append(kept)
        table.rule(
            "43B2b",
            DIRECTOR,
            "43B2b",
            Message(
                N_(
                    "dummy, who has forfeited his rights, asked first: declarer corrects the revoke "
                    "and Law 64 applies as if it were established"
                )
            ),
        )
    else:
        table.rule(
            "42B1",
            DIRECTOR,
            "42B1",
            Message(
                N_(
                    "dummy's question brings the revoke to light before it is established: it is "
                    "corrected (Law 62)"
                )
            ),
        )


def revoke_question(table: TableState, seat: Seat, asked: Seat) -> None:
    """``seat`` asks ``asked``, who failed to follow suit, whether he has a card of it (61B).

    Declarer may ask a defender (61B1), a defender declarer or his partner (61B3, a
    note recalls the risk of unauthorised information); dummy may ask declarer only
    (61B2, the ``dummy`` event's ``asks_revoke``). A revoke the answer brings to light
    is corrected if not yet established (62), and stands if established (63B).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> revoke_question(Table(EXAMPLE_DEAL, number=1), Seat.NORTH, Seat.EAST)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: questions about a revoke are asked during the play
    """
    declarer = table.declarer
    if table.phase is not Phase.PLAY or declarer is None:
        raise IllegalActionError(Message(N_("questions about a revoke are asked during the play")))
    dummy = declarer.partner
    if seat == dummy:
        if asked != declarer:
            raise IllegalActionError(Message(N_("dummy may not ask a defender (Law 61B2b)")))
        asks_about_revoke(table)
        return
    if asked in (seat, dummy):
        raise IllegalActionError(
            Message(
                N_("{seat} may not ask {asked} (Law 61B)"),
                {"seat": seat, "asked": asked},
            )
        )
    if not _failed_to_follow(table, asked):
        raise IllegalActionError(
            Message(N_("{asked} has followed suit to every trick"), {"asked": asked})
        )
    law = "61B1" if seat == declarer else "61B3"
    # The question is about his latest failure to follow: a revoke not yet established
    # comes to light and is corrected (62A), not an earlier one already established.
    revoke = next(
        (r for r in reversed(table.revokes_made) if r.seat == asked and not r.noticed),
        None,
    )
    table.rule(
        law,
        str(seat),
        "ask",
        Message(
            N_("{seat} asks {asked} whether he has a card of the suit he did not follow"),
            {"seat": seat, "asked": asked},
        ),
    )
    if seat.side == asked.side:
        table.note(
            "61B3",
            Message(
                N_(
                    "a defender asked his partner about a revoke: it may give unauthorised "
                    "information (Law 16B)"
                )
            ),
        )
    if revoke is not None:
        noticed(table, asked, None, revoke)
