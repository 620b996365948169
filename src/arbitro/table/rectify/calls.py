"""Recognising a call (Laws 17-39) and the calls held under Law 33.

A call made with no ruling pending is judged here: in turn or not, legal or not, by a
player under a restriction or not, and sent to the rectification of its Laws (27, 28,
29-32, 36-38, 39). A call made while a rectification waits goes to the handler its Law
registers (:data:`~arbitro.table.rectify.routes.CALLS`); a change of call goes to Law 25
(or 21B); of two calls made at once, the one in turn counts first (33), the other is
held until its ruling is made.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1S")
>>> classify_call(table, Seat.SOUTH, PASS)  # out of rotation: West's choice (Law 29)
>>> table.pending.law
'29'
"""

from __future__ import annotations

from arbitro.core import PASS, Bid, Double, Pass, Redouble, Seat, Strain  # noqa: F401  (Strain: the examples)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, AuctionSummary, ImpossibleBid, call_problem
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import TableState
from arbitro.table.events import SimultaneousEvent
from arbitro.table.rectify.change_replacement import unintended_insufficient_bid
from arbitro.table.rectify.changes import change as change_of_call
from arbitro.table.rectify.common import must_pass_now, no_double_now, repeat_required
from arbitro.table.rectify.consequences import repeat_given_way
from arbitro.table.rectify.inadmissible import (
    after_final_pass,
    rule_held_calls,
    start_36,
    start_37,
    start_38,
)
from arbitro.table.rectify.insufficient import replacement_made, start_27
from arbitro.table.rectify.rotation import start_out_of_rotation
from arbitro.table.rectify.routes import CALLS
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

# The phases, looked up once: an enum member read from its class costs ten times a
# global's on Python 3.11, and these are read for every call.
_AUCTION = Phase.AUCTION
_STANDING = CallStatus.STANDING
_DOUBLES = (Double, Redouble)  # a tuple: isinstance with a union costs more
_CALLS_TAKEN = (_AUCTION, Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN, Phase.PASSED_OUT)
"""The phases a call is taken in: the auction, or after its final pass (Law 39)."""


def classify_call(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call made with no ruling pending: in turn or not, legal or not (17-39).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> classify_call(table, Seat.NORTH, ImpossibleBid(8, Strain.SPADES))
    >>> table.pending.law
    '38'
    """
    if table.held_33 and _held_call_first(table, seat, call):
        return
    summary = table.summary
    turn = summary.turn
    if seat != turn and must_pass_now(table, turn) and seat == turn.lho:
        table.record(turn, PASS, CallStatus.DEEMED, "28A")
        table.rule(
            "28A",
            DIRECTOR,
            "28A",
            Message(
                N_("{seat} had to pass: the call of {caller} is in turn"),
                {"seat": turn, "caller": seat},
            ),
        )
        table.after_standing(turn, PASS)
        if table.phase is not _AUCTION:
            after_final_pass(table, seat, call)
            return
        summary = table.summary
        turn = summary.turn
    if isinstance(call, ImpossibleBid):
        start_38(table, seat, call)
        return
    problem = call_problem(summary, seat, call)
    if problem is not None and isinstance(call, _DOUBLES):
        start_36(table, seat, call, in_turn=seat == turn)
        return
    if seat != turn:
        start_out_of_rotation(table, seat, call)
        return
    if seat in table.restricted and _restricted_call(table, seat, call, summary):
        return
    if problem is not None and isinstance(call, Bid):
        start_27(table, seat, call)
        return
    table.record(seat, call, _STANDING)
    table.after_standing(seat, call)


def _held_call_first(table: TableState, seat: Seat, call: AnyCall) -> bool:
    """Take the call held under Law 33 before ``seat``'s call, which was made after it.

    True if the held call set off a ruling or ended the auction: ``seat``'s call has
    then gone to the flow of the Laws from there.
    """
    take_held_calls(table)
    if table.procedure is None and table.phase is _AUCTION:
        return False
    table.on_call(seat, call)
    return True


def take_held_calls(table: TableState) -> None:
    """Once no ruling is pending, take the calls held under Law 33, as made now.

    A call made at the same time as an irregular call in turn counts after it (33): it
    is taken once the ruling on that call is made, or before the next call, whichever
    comes first, and judged then like any call (in turn, out of rotation, 28B...).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> take_held_calls(table); table.pending is None
    True
    """
    while table.held_33 and table.procedure is None:
        if table.phase not in _CALLS_TAKEN:  # the board has ended (17D2, 12C2)
            table.held_33.clear()
            return
        seat, call = table.held_33.pop(0)
        table.on_call(seat, call)


def _restricted_call(table: TableState, seat: Seat, call: AnyCall, summary: AuctionSummary) -> bool:
    """A call in turn by a player under a restriction: True if Law 37 (or 30B2b) takes it.

    A call other than the one to repeat (31A1, 32B1) is refused. An obligation to pass
    prevails over a call to repeat: the repeated call must be legal (31A1), and a bid,
    double or redouble by a player obliged to pass is not (35.2); the pass is then a
    different call, and Law 26 applies to the call not repeated.
    """
    if must_pass_now(table, seat):
        if isinstance(call, Pass):
            repeat_given_way(table, seat)  # a call to repeat not repeated: Law 26
            return False
        start_37(table, seat, call, "37")
        return True
    if isinstance(call, _DOUBLES) and no_double_now(table, seat):
        start_37(table, seat, call, "30B2b")
        return True
    repeat = repeat_required(table, seat, summary)
    if repeat is None:
        return False
    if call != repeat[0]:
        raise IllegalActionError(
            Message(
                N_("{seat} must repeat {call} (Law {law})"),
                {"seat": seat, "call": repeat[0], "law": repeat[1]},
            )
        )
    # Repeated, the obligation is met, even when the call goes on to Law 27 (27A2): a
    # replacement of it is then judged by Law 27 alone.
    table.drop(lambda r: r.seat == seat and r.kind is RestrictionKind.MUST_REPEAT)
    return False


def change(table: TableState, seat: Seat, call: AnyCall, misinformation: bool) -> None:
    """``seat`` replaces its last call (Laws 25, 21B).

    Right after an insufficient bid, before the ruling, the Director first judges
    whether it was unintended (25A: the intended call replaces it, Law 27 does not
    apply) or a premature replacement (27C).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("E", "1H")
    >>> change(table, Seat.EAST, Bid(2, Strain.HEARTS), False)
    >>> [option.law for option in table.pending.options]
    ['25A', '27C']
    """
    procedure = table.procedure
    if (
        procedure is not None
        and procedure.law == "27"
        and procedure.stage == "accept"
        and seat == procedure.offender
        and replacement_made(procedure) is None
    ):
        if misinformation:
            procedure_takes_call(table, seat, call)
        else:
            unintended_insufficient_bid(table, procedure, call)
        return
    change_of_call(table, seat, call, misinformation)


def procedure_takes_call(table: TableState, seat: Seat, call: AnyCall) -> bool:
    """Whether the rectification in progress takes this call (and then it has).

    The calls the Laws foresee before a rectification is applied: the left-hand
    opponent calling (acceptance, 27A1, 29A; or 36A, 37A, 38D, 39B), the player in turn
    calling (28B), the offender's premature replacement (27C), or the call awaited.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("S", "1H")
    >>> procedure_takes_call(table, Seat.EAST, PASS)
    False
    """
    procedure = table.procedure
    assert procedure is not None
    handler = CALLS.get(procedure.law)
    if handler is None or not handler(table, procedure, seat, call):
        return False
    take_held_calls(table)
    rule_held_calls(table)
    return True


def simultaneous_calls(table: TableState, event: SimultaneousEvent) -> None:
    """Two calls made at once: the one in turn counts first (Law 33).

    The other comes after it: if the call in turn is irregular and its ruling does not
    take the other (as its left-hand opponent's call accepting it would), the other is
    held and taken once that ruling is made (:func:`take_held_calls`).
    """
    first, second = event.calls
    if table.phase is not _AUCTION or table.procedure is not None:
        raise IllegalActionError(
            Message(N_("simultaneous calls are for the auction, with no ruling pending"))
        )
    if second.seat == table.summary.turn:
        first, second = second, first
    elif first.seat != table.summary.turn:
        raise IllegalActionError(
            Message(N_("of two simultaneous calls, one must be by the player in turn (Law 33)"))
        )
    table.rule(
        "33",
        DIRECTOR,
        "33",
        Message(
            N_("the call of {first} counts first; that of {second} after it"),
            {"first": first.seat, "second": second.seat},
        ),
    )
    table.on_call(first.seat, first.call)
    if table.phase is not _AUCTION or table.procedure is None:
        table.on_call(second.seat, second.call)
        return
    if not table.procedure_takes_call(second.seat, second.call):
        table.held_33.append((second.seat, second.call))
        table.rule(
            "33",
            DIRECTOR,
            "33",
            Message(
                N_(
                    "{call} of {seat} comes after the irregular call of {first}: it is "
                    "taken once the ruling on that call is made"
                ),
                {"call": second.call, "seat": second.seat, "first": first.seat},
            ),
        )
