"""Law 17: a call made with another board's cards (17D), and passes that skipped a player.

Also 17E2 and 34, and the artificial adjusted score that ends a board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler
from arbitro.table.state import (
    DIRECTOR,
    CallStatus,
    IllegalActionError,
    Message,
    Option,
    Phase,
)
from arbitro.table.table import Procedure, Watcher

if TYPE_CHECKING:
    from arbitro.table.table import Table


# -- Law 17: wrong board, skipped players -----------------------------------------------------


def wrong_board(table: Table, seat: Seat) -> None:
    """The Director finds ``seat``'s last call was made with another board's cards (17D).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S")
    >>> wrong_board(table, Seat.NORTH)
    >>> table.turn, table.auction[0].law
    (Seat.NORTH, '17D1')
    """
    if table._procedure is not None:
        raise IllegalActionError(Message(N_("finish the ruling in progress first")))
    # The auction period (22B): until the opening lead is faced (a face-down lead goes
    # back to the hand), or until the hands go back to the board after four passes.
    if table._phase not in (
        Phase.AUCTION,
        Phase.OPENING_LEAD,
        Phase.LEAD_FACE_DOWN,
        Phase.PASSED_OUT,
    ):
        raise IllegalActionError(
            Message(N_("a call can be cancelled under Law 17D only during the auction"))
        )
    own = [entry for entry in table._entries if entry.seat == seat and entry.counts]
    if not own:
        raise IllegalActionError(Message(N_("{seat} has no call to cancel"), {"seat": seat}))
    cancelled = own[-1]
    later = [
        entry for entry in table._entries[table._position(cancelled.number) + 1 :] if entry.counts
    ]
    for entry in (cancelled, *later):
        table._set(entry.number, CallStatus.CANCELLED, "17D1", seat.side)
    if table._phase is not Phase.AUCTION:
        table._reopen_auction()
    lho_called = any(entry.seat == seat.lho for entry in later)
    partner_called = any(entry.seat == seat.partner for entry in later)
    table._watchers.append(
        Watcher("17D", seat, seat, cancelled.call, None, (lho_called, partner_called))
    )
    table._rule(
        "17D1",
        DIRECTOR,
        "17D1",
        Message(
            N_(
                "{call} of {seat}, made with the cards of another board, is cancelled with "
                "the calls after it; {seat} calls again with the right cards"
            ),
            {"call": cancelled.call, "seat": seat},
        ),
    )
    table._note(
        "17D3",
        Message(
            N_(
                "when {seat} plays the board whose cards were taken, the Director awards an "
                "artificial adjusted score if {call} is not repeated; a procedural penalty "
                "may be added (17D4)"
            ),
            {"seat": seat, "call": cancelled.call},
        ),
    )


def skipped_player(table: Table, position: int, seat: Seat) -> None:
    """Three passes that skipped a player do not end the auction (17E2, 34).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NE", ["1S", "Pass"]):
    ...     table.call(seat, call)
    >>> table.call("W", "Pass")  # out of rotation, at South's turn
    >>> table.call("N", "Pass")  # North calls: the pass is accepted (29A)
    >>> table.turn, table.rulings[-1].law
    (Seat.SOUTH, '17E2')
    """
    counting = [entry for entry in table._entries if entry.counts]
    cancelled = counting[position:]
    offenders = {entry.seat for entry in cancelled if entry.law == "29A"} or {cancelled[0].seat}
    for entry in cancelled:
        table._set(entry.number, CallStatus.CANCELLED, "17E2", next(iter(offenders)).side)
    table._rule(
        "17E2",
        DIRECTOR,
        "17E2",
        Message(
            N_(
                "a pass out of rotation skipped {seat}: the auction does not end, the "
                "passes after {seat}'s turn are cancelled and {seat} calls"
            ),
            {"seat": seat},
        ),
    )


def _decide_17d(table: Table, procedure: Procedure, option: Option, event: DecisionEvent) -> None:
    table._procedure = None
    if option.choice == "different":
        artificial_score(
            table,
            "17D2",
            Message(
                N_("the new call of {seat} differs from the cancelled one"),
                {"seat": procedure.offender},
            ),
        )
        return
    table._rule(
        "17D2",
        DIRECTOR,
        "same",
        Message(N_("the new call is the same as the cancelled one: the auction goes on")),
    )
    table._check_end()


def artificial_score(table: Table, law: str, why: Message) -> None:
    """End the board: the Director awards an artificial adjusted score (12C2), for ``why``.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> artificial_score(table, "17D2", Message(N_("an example")))
    >>> table.phase.value
    'adjusted'
    """
    table._phase = Phase.ADJUSTED
    table._procedure = None
    table._watchers = []
    table._rule(
        law,
        DIRECTOR,
        "adjusted",
        Message(
            N_("{why}: the Director awards an artificial adjusted score (Law 12C2)"), {"why": why}
        ),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {"17D": _decide_17d}
"""The decisions this module answers, by procedure."""
