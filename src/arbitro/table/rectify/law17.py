"""Law 17: a call made with another board's cards (17D), and passes that skipped a player.

Also 17E2 and 34, and the artificial adjusted score that ends a board.
"""

from __future__ import annotations

from arbitro.core import Seat
from arbitro.i18n import N_
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import Procedure, TableState, Watcher
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import DecisionHandler
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

# -- Law 17: wrong board, skipped players -----------------------------------------------------


def wrong_board(table: TableState, seat: Seat) -> None:
    """The Director finds ``seat``'s last call was made with another board's cards (17D).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S")
    >>> wrong_board(table, Seat.NORTH)
    >>> table.turn, table.auction[0].law
    (Seat.NORTH, '17D1')
    """
    if table.procedure is not None:
        raise IllegalActionError(Message(N_("finish the ruling in progress first")))
    # The auction period (22B): until the opening lead is faced (a face-down lead goes
    # back to the hand), or until the hands go back to the board after four passes.
    if table.phase not in (
        Phase.AUCTION,
        Phase.OPENING_LEAD,
        Phase.LEAD_FACE_DOWN,
        Phase.PASSED_OUT,
    ):
        raise IllegalActionError(
            Message(N_("a call can be cancelled under Law 17D only during the auction"))
        )
    own = [entry for entry in table.entries if entry.seat == seat and entry.counts]
    if not own:
        raise IllegalActionError(Message(N_("{seat} has no call to cancel"), {"seat": seat}))
    cancelled = own[-1]
    later = [
        entry for entry in table.entries[table.position_of(cancelled.number) + 1 :] if entry.counts
    ]
    for entry in (cancelled, *later):
        table.set_status(entry.number, CallStatus.CANCELLED, "17D1", seat.side)
    if table.phase is not Phase.AUCTION:
        table.reopen_auction()
    lho_called = any(entry.seat == seat.lho for entry in later)
    partner_called = any(entry.seat == seat.partner for entry in later)
    table.watchers.append(
        Watcher("17D", seat, seat, cancelled.call, None, (lho_called, partner_called))
    )
    table.rule(
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
    table.note(
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


def skipped_player(table: TableState, position: int, seat: Seat) -> None:
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
    counting = [entry for entry in table.entries if entry.counts]
    cancelled = counting[position:]
    offenders = {entry.seat for entry in cancelled if entry.law == "29A"} or {cancelled[0].seat}
    for entry in cancelled:
        table.set_status(entry.number, CallStatus.CANCELLED, "17E2", next(iter(offenders)).side)
    table.rule(
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


def _decide_17d(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    table.procedure = None
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
    table.rule(
        "17D2",
        DIRECTOR,
        "same",
        Message(N_("the new call is the same as the cancelled one: the auction goes on")),
    )
    table.check_end()


def artificial_score(table: TableState, law: str, why: Message) -> None:
    """End the board: the Director awards an artificial adjusted score (12C2), for ``why``.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> artificial_score(table, "17D2", Message(N_("an example")))
    >>> table.phase.value
    'adjusted'
    """
    table.phase = Phase.ADJUSTED
    table.procedure = None
    table.watchers = []
    table.rule(
        law,
        DIRECTOR,
        "adjusted",
        Message(
            N_("{why}: the Director awards an artificial adjusted score (Law 12C2)"), {"why": why}
        ),
    )


DECISION_HANDLERS: dict[str, DecisionHandler] = {"17D": _decide_17d}
"""The decisions this module answers, by procedure."""
