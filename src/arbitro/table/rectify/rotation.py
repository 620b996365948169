"""Laws 28-32: calls out of rotation, accepted (29A) or cancelled and rectified (30-32)."""

from __future__ import annotations

from arbitro.core import Double, Pass, Redouble, Seat
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import Procedure, TableState, TurnData, Watcher, options
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.changes import change
from arbitro.table.rectify.common import (
    CallHandler,
    DecisionHandler,
    accept_irregular_call,
    ask,
    law23,
    must_pass,
    must_pass_now,
)
from arbitro.table.rectify.inadmissible import start_37
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase

# -- Laws 28-32: calls out of rotation ----------------------------------------------------


def _relation(table: TableState, seat: Seat) -> str:
    turn = table.summary.turn
    if turn == seat.rho:
        return "rho"
    if turn == seat.partner:
        return "partner"
    return "lho"


def start_out_of_rotation(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call out of rotation: its left-hand opponent may accept it (29A), else 29B.

    A second call of a player at the turn of his left-hand opponent is a change of
    call (Laws 25, 30B3, 31B).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> from arbitro.core import PASS
    >>> start_out_of_rotation(table, Seat.SOUTH, PASS)
    >>> table.pending.decider
    'W'
    """
    relation = _relation(table, seat)
    if (
        relation == "lho"
        and any(entry.seat == seat and entry.counts for entry in table.entries)
        # 30A: a pass out of rotation before anyone has bid, whatever the turn; 30B3 is
        # for a pass after a bid.
        and not (isinstance(call, Pass) and table.summary.last_bid is None)
    ):
        # A second call at the left-hand opponent's turn is a change of call (30B3, 31B, 25).
        change(table, seat, call, False)
        return
    if not isinstance(call, Pass) and must_pass_now(table, seat):
        # 35.2: a bid, double or redouble by a player obliged to pass is inadmissible
        # wherever it is made; Law 37 applies, not 29-32 (which could bid him repeat a
        # call he may not make, 31A1, 32B1).
        start_37(table, seat, call, "37", in_turn=False)
        return
    number = table.record(seat, call, CallStatus.PENDING, "29")
    ask(
        table,
        "29",
        "accept",
        seat,
        number,
        seat.lho,
        Message(
            N_("{seat}: accept the call {call} that {offender} made out of rotation?"),
            {"seat": seat.lho, "call": call, "offender": seat},
        ),
        options(
            ("accept", "29A", N_("accept it: the auction goes on from it")),
            ("refuse", "29B", N_("do not accept it: it is cancelled and rectified")),
        ),
        TurnData(table.summary.turn, relation),
    )


def _call_29(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if procedure.stage != "accept":
        return False
    turn = procedure.data_as(TurnData).turn
    if seat == procedure.offender.lho:
        _accept_29(table, procedure)
        if table.phase is Phase.AUCTION and table.procedure is None and table.summary.turn != seat:
            _accepting_call_after_skipped_turn(table, procedure, seat, call)
            return True
        table.on_call(seat, call)
        return True
    if seat == turn and seat.side != procedure.offender.side:
        # 28B: only an opponent in turn forfeits the rectification; the offender's partner
        # calling in turn waits for the ruling (the call out of rotation is still to judge).
        table.set_status(procedure.entry, CallStatus.CANCELLED, "28B", procedure.offender.side)
        table.procedure = None
        table.rule(
            "28B",
            str(seat),
            "call",
            Message(
                N_(
                    "{seat}, in turn, called before the rectification: the call out of rotation "
                    "is cancelled with no rectification (information from it is unauthorised "
                    "for {side}, Law 16D2)"
                ),
                {"seat": seat, "side": procedure.offender.side},
            ),
        )
        table.on_call(seat, call)
        return True
    return False


def _accepting_call_after_skipped_turn(
    table: TableState, procedure: Procedure, seat: Seat, call: AnyCall
) -> None:
    """29A with 17E2: the pass ``seat`` accepted by calling skipped a player.

    The left-hand opponent's call is the acceptance, made in turn (29A): never a call
    out of rotation of his own. The accepted pass was the third after a call (or made
    the four passes without a player), so 17E2 sent the auction back to the player it
    skipped; the accepting call was made after that player's turn and goes with the
    passes 17E2 cancels, its information unauthorised for the side that passed out of
    turn (17E2, 16D). ``seat`` calls again in rotation, with no rectification.
    """
    offender = procedure.offender
    table.record(seat, call, CallStatus.CANCELLED, "17E2", unauthorized_for=offender.side)
    table.rule(
        "17E2",
        DIRECTOR,
        "17E2",
        Message(
            N_(
                "{seat} called to accept the pass of {offender} (29A), after {skipped}'s "
                "turn: the call is cancelled with the passes, and {seat} calls again in "
                "rotation with no rectification"
            ),
            {"seat": seat, "offender": offender, "skipped": table.summary.turn},
        ),
    )


def _accept_29(table: TableState, procedure: Procedure) -> None:
    accept_irregular_call(
        table, procedure, "29A", N_("the call out of rotation {call} is accepted")
    )


def _decide_29(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    extra = procedure.data_as(TurnData)
    entry = table.find_entry(procedure.entry)
    assert entry is not None
    call = entry.call
    if procedure.stage == "accept":
        if option.choice == "accept":
            _accept_29(table, procedure)
            return
        table.set_status(procedure.entry, CallStatus.CANCELLED, "29B", offender.side)
        table.rule(
            "29B",
            str(offender.lho),
            "refuse",
            Message(
                N_("the call out of rotation is cancelled; the auction reverts to {seat}"),
                {"seat": table.summary.turn},
            ),
        )
        if isinstance(call, Double | Redouble):
            table.procedure = None
            _rectify_32(table, offender, call, extra.relation)
            return
        if isinstance(call, Pass):
            choices = options(
                ("natural", "30", N_("a natural pass, not over partner's artificial call")),
                (
                    "artificial",
                    "30C",
                    N_(
                        "an artificial pass, or a pass over partner's "
                        "artificial call: Law 31 applies"
                    ),
                ),
            )
        else:
            choices = (
                Option("natural", "31", N_("a natural bid: its strain is the suit it shows")),
                Option(
                    "artificial", "29C", N_("an artificial bid: give the suits it shows"), "suits"
                ),
            )
        ask(
            table,
            "29",
            "kind",
            offender,
            procedure.entry,
            None,
            Message(N_("Director: is the call out of rotation {call} artificial?"), {"call": call}),
            choices,
            extra,
        )
        return
    table.procedure = None
    artificial = option.choice == "artificial"
    relation = extra.relation
    if isinstance(call, Pass) and not artificial:
        _rectify_30(table, offender, relation)
        return
    suits = tuple(event.suits or ()) if artificial else None
    if relation == "rho":
        table.watchers.append(
            Watcher("31A", offender.rho, offender, call, suits, (isinstance(call, Pass),))
        )
        table.rule(
            "31A",
            DIRECTOR,
            option.choice,
            Message(
                N_(
                    "the bid out of rotation was at the turn of {seat}, right-hand opponent: "
                    "what follows depends on {seat}'s call (Law 31A)"
                ),
                {"seat": offender.rho},
            ),
        )
        return
    must_pass(table, offender.partner, "31B")
    table.watchers.append(Watcher("26", offender, offender, call, suits))
    table.rule(
        "31B",
        DIRECTOR,
        option.choice,
        Message(
            N_("{partner} must pass for the rest of the auction; Law 26 may restrict the lead"),
            {"partner": offender.partner},
        ),
    )
    law23(table, offender.partner, "31B")


def _rectify_30(table: TableState, offender: Seat, relation: str) -> None:
    if table.summary.last_bid is None:
        must_pass(table, offender, "30A", rest=False)
        law = "30A"
        text = N_("{seat} must pass at the next turn")
    elif relation == "rho":
        must_pass(table, offender, "30B1", rest=False)
        law = "30B1"
        text = N_("{seat} must pass at the next turn")
    else:
        must_pass(table, offender, "30B2a")
        table.restrict(Restriction(RestrictionKind.NO_DOUBLE_NEXT_TURN, offender.partner, "30B2b"))
        law = "30B2a"
        text = N_(
            "{seat} must pass for the rest of the auction; partner may pass or bid "
            "but not double or redouble at this turn (30B2b)"
        )
    table.rule(law, DIRECTOR, "natural", Message(text, {"seat": offender}))
    if law != "30B1":  # 30A and 30B2 refer to Law 23; 30B1 does not
        law23(table, offender, law)


def _rectify_32(table: TableState, offender: Seat, call: Double | Redouble, relation: str) -> None:
    if relation == "partner":
        must_pass(table, offender.partner, "32A")
        table.watchers.append(Watcher("26", offender, offender, call, ()))
        table.rule(
            "32A",
            DIRECTOR,
            "32A",
            Message(
                N_(
                    "{partner} must pass for the rest of the auction; Law 26B may restrict the lead"
                ),
                {"partner": offender.partner},
            ),
        )
        law23(table, offender.partner, "32A")
        return
    table.watchers.append(Watcher("32B", offender.rho, offender, call, ()))
    table.rule(
        "32B",
        DIRECTOR,
        "32B",
        Message(
            N_(
                "the double or redouble was at the turn of {seat}: what follows depends on "
                "{seat}'s call (Law 32B)"
            ),
            {"seat": offender.rho},
        ),
    )


CALL_HANDLERS: dict[str, CallHandler] = {"29": _call_29}
"""The calls this module takes while its rectification is in progress, by procedure."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {"29": _decide_29}
"""The decisions this module answers, by procedure."""
