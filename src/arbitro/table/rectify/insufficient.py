"""Law 27: the insufficient bid, accepted (27A) or replaced (27B1-B4, 27C), with 27D noted."""

from __future__ import annotations

from dataclasses import replace

from arbitro.core import Bid, Call, Double, Redouble, Seat, Strain, Suit  # noqa: F401
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid, call_problem
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import InsufficientData, LeadSource, Procedure, TableState, options
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import (
    CallHandler,
    DecisionHandler,
    accept_irregular_call,
    ask,
    await_call,
    law23,
    must_pass,
)
from arbitro.table.rectify.inadmissible import ask_38, start_38
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message

# -- Law 27: insufficient bid ------------------------------------------------------------


def start_27(table: TableState, seat: Seat, call: Bid) -> None:
    """An insufficient bid in turn: its left-hand opponent may accept it (27A) or not (27B).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S")
    >>> start_27(table, Seat.EAST, Bid(1, Strain.HEARTS))
    >>> table.pending.decider, table.auction[-1].status.value
    ('S', 'pending')
    """
    number = table.record(seat, call, CallStatus.PENDING, "27")
    ask(
        table,
        "27",
        "accept",
        seat,
        number,
        seat.lho,
        Message(
            N_("{seat}: accept the insufficient bid {call} of {offender}?"),
            {"seat": seat.lho, "call": call, "offender": seat},
        ),
        options(
            ("accept", "27A1", N_("accept it: it stands as a legal bid")),
            ("refuse", "27B", N_("do not accept it: the offender replaces it")),
        ),
    )


def _call_27(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if procedure.stage in ("accept", "accept again") and seat == procedure.offender.lho:
        _accept_27(table, procedure, "27A1")
        table.on_call(seat, call)
        return True
    if (
        procedure.stage == "accept"
        and seat == procedure.offender
        and replacement_made(procedure) is None
    ):
        number = table.record(seat, call, CallStatus.PENDING, "27C", after=procedure.entry)
        table.procedure = replace(procedure, data=InsufficientData(replacement=number))
        table.rule(
            "27C",
            DIRECTOR,
            "27C",
            Message(
                N_(
                    "{seat} replaced the insufficient bid before the ruling: {call} stands "
                    "unless the insufficient bid is accepted"
                ),
                {"seat": seat, "call": call},
            ),
        )
        return True
    if procedure.stage in ("replace", "replace legally") and seat == procedure.offender:
        if procedure.stage == "replace legally":
            if isinstance(call, ImpossibleBid):  # Law 38, wherever a bid above seven is made
                start_38(table, seat, call)
                return True
            if (
                isinstance(call, Double | Redouble)
                or call_problem(table.summary, seat, call) is not None
            ):
                raise IllegalActionError(
                    Message(
                        N_("{seat} must now make a sufficient bid or pass (Law 27B3)"),
                        {"seat": seat},
                    )
                )
            assert isinstance(call, Call)
            table.procedure = None
            table.record(seat, call, CallStatus.STANDING, "27B3")
            table.after_standing(seat, call)
            return True
        number = table.record(seat, call, CallStatus.PENDING, "27B", after=procedure.entry)
        judge_replacement(table, procedure, number)
        return True
    return False


def replacement_made(procedure: Procedure) -> int | None:
    """The number of the replacement call a Law 27 procedure holds for the ruling (27C).

    >>> replacement_made(Procedure("27", "accept", Seat.NORTH, 1))
    >>> replacement_made(Procedure("27", "accept", Seat.NORTH, 1, data=InsufficientData(replacement=2)))
    2
    """
    data = procedure.data
    return data.replacement if isinstance(data, InsufficientData) else None


def _first(procedure: Procedure) -> int:
    """The first insufficient bid's number, which a second one follows (27B4)."""
    first = procedure.data_as(InsufficientData).first
    assert first is not None
    return first


def _accept_27(table: TableState, procedure: Procedure, law: str) -> None:
    replacement = replacement_made(procedure)
    if replacement is not None:
        table.set_status(replacement, CallStatus.CANCELLED, "27C", procedure.offender.side)
    accept_irregular_call(table, procedure, law, N_("the insufficient bid {call} is accepted"))


def _decide_27(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    if procedure.stage in ("accept", "accept again"):
        if option.choice == "accept":
            if procedure.stage == "accept again":
                first = _first(procedure)
                table.set_status(first, CallStatus.WITHDRAWN, "27B4", offender.side)
            _accept_27(table, procedure, "27A1")
            return
        table.rule(
            "27B" if procedure.stage == "accept" else "27B4",
            str(offender.lho),
            "refuse",
            Message(N_("the insufficient bid is not accepted")),
        )
        if procedure.stage == "accept again":
            first = _first(procedure)
            _rectify_27b3(table, procedure, first, procedure.entry, "27B4", None)
            return
        made = replacement_made(procedure)
        if made is not None:
            judge_replacement(table, procedure, made)
        else:
            await_call(table, "27", "replace", offender, procedure.entry)
        return
    insufficient = procedure.data_as(InsufficientData).insufficient
    assert insufficient is not None
    replacement_number = procedure.entry
    replacement = table.find_entry(replacement_number)
    original = table.find_entry(insufficient)
    assert replacement is not None
    assert original is not None
    law = option.choice
    if law in ("27B1a", "27B1b"):
        table.set_status(insufficient, CallStatus.WITHDRAWN, law)
        table.set_status(replacement_number, CallStatus.STANDING, law)
        table.procedure = None
        table.rule(
            law,
            DIRECTOR,
            law,
            Message(
                N_(
                    "{call} replaces the insufficient bid; the auction goes on with no "
                    "rectification"
                ),
                {"call": replacement.call},
            ),
        )
        table.note(
            "27D",
            Message(
                N_(
                    "if the insufficient bid {call} helped the offending side to its result, "
                    "the Director adjusts the score"
                ),
                {"call": original.call},
            ),
        )
        table.after_standing(offender, replacement.call)
        return
    if law == "27B2":
        table.set_status(insufficient, CallStatus.WITHDRAWN, law, offender.side)
        table.set_status(replacement_number, CallStatus.STANDING, law)
        table.procedure = None
        must_pass(table, offender.partner, law)
        table.lead_sources.append(LeadSource(offender, original.call, event.suits))
        table.rule(
            law,
            DIRECTOR,
            law,
            Message(
                N_(
                    "{call} replaces the insufficient bid; {partner} must pass for the rest of "
                    "the auction, and Law 26 may restrict the opening lead"
                ),
                {"call": replacement.call, "partner": offender.partner},
            ),
        )
        law23(table, offender.partner, law)
        table.after_standing(offender, replacement.call)
        return
    _rectify_27b3(table, procedure, insufficient, replacement_number, "27B3", event.suits)


def _rectify_27b3(
    table: TableState,
    procedure: Procedure,
    insufficient: int,
    replacement: int,
    law: str,
    suits: tuple[Suit, ...] | None,
) -> None:
    offender = procedure.offender
    original = table.set_status(insufficient, CallStatus.WITHDRAWN, law, offender.side)
    table.set_status(replacement, CallStatus.CANCELLED, law, offender.side)
    must_pass(table, offender.partner, law)
    table.lead_sources.append(LeadSource(offender, original.call, suits))
    table.rule(
        law,
        DIRECTOR,
        law,
        Message(
            N_(
                "the replacement is cancelled; {offender} must make a sufficient bid or pass, "
                "{partner} must pass for the rest of the auction, and Law 26 may apply"
            ),
            {"offender": offender, "partner": offender.partner},
        ),
    )
    law23(table, offender.partner, law)
    await_call(table, "27", "replace legally", offender, insufficient)


def judge_replacement(table: TableState, procedure: Procedure, number: int) -> None:
    """The Director rules on the call that replaced an insufficient bid (27B1-4).

    ``procedure`` is the Law 27 procedure of the insufficient bid, ``number`` the entry of
    the replacement (pending). Also for an intended call that replaces, under 25A, an
    unintended replacement (25A1: "subject to the appropriate Law").

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("E", "1H"); table.decide("S", "refuse")
    >>> table.call("E", "2H")  # the Law 27 procedure judges it with judge_replacement
    >>> table.pending.law, [option.law for option in table.pending.options]
    ('27', ['27B1a', '27B1b', '27B2'])
    """
    offender = procedure.offender
    original = table.find_entry(procedure.entry)
    replacement = table.find_entry(number)
    assert original is not None
    assert replacement is not None
    insufficient = original.call
    call = replacement.call
    assert isinstance(insufficient, Bid)
    if isinstance(call, ImpossibleBid):
        # Law 38 wherever a bid above seven is made: the Director rules it as any other,
        # and 27B2 follows for the insufficient bid, corrected by the pass (38C).
        table.set_status(number, CallStatus.PENDING, "38")
        ask_38(table, offender, number, call, replaces=procedure.entry)
        return
    summary = table.summary
    if isinstance(call, Bid) and call_problem(summary, offender, call) is not None:
        ask(
            table,
            "27",
            "accept again",
            offender,
            number,
            offender.lho,
            Message(
                N_("{seat}: accept the second insufficient bid {call} of {offender}?"),
                {"seat": offender.lho, "call": call, "offender": offender},
            ),
            options(
                ("accept", "27A1", N_("accept it: it stands as a legal bid")),
                ("refuse", "27B4", N_("do not accept it: rectified as in Law 27B3")),
            ),
            InsufficientData(first=procedure.entry),
        )
        return
    choices: list[tuple[str, str, str]] = []
    lowest = (
        isinstance(call, Bid)
        and call.strain == insufficient.strain
        and (summary.last_bid is None or call.level == _lowest_level(summary.last_bid, call))
    )
    if lowest:
        choices.append(
            (
                "27B1a",
                "27B1a",
                N_(
                    "the lowest sufficient bid in the same strain, and neither "
                    "bid is artificial: no rectification"
                ),
            )
        )
    inadmissible = isinstance(call, Double | Redouble) and call_problem(summary, offender, call)
    if not inadmissible:
        choices.append(
            (
                "27B1b",
                "27B1b",
                N_(
                    "the replacement has the same or a more precise meaning, "
                    "contained in that of the insufficient bid: no rectification"
                ),
            )
        )
    if isinstance(call, Double | Redouble):
        choices.append(
            (
                "27B3",
                "27B3",
                N_(
                    "a double or redouble replacing it is cancelled; partner must "
                    "pass for the rest of the auction"
                ),
            )
        )
    else:
        choices.append(
            (
                "27B2",
                "27B2",
                N_(
                    "otherwise: partner must pass for the rest of the auction; "
                    "lead restrictions of Law 26"
                ),
            )
        )
    ask(
        table,
        "27",
        "ruling",
        offender,
        number,
        None,
        Message(
            N_("Director: how does {call} replacing the insufficient bid {insufficient} stand?"),
            {"call": call, "insufficient": insufficient},
        ),
        options(*choices),
        InsufficientData(insufficient=procedure.entry),
    )


def _lowest_level(last: Bid, call: Bid) -> int:
    return last.level if call.strain > last.strain else last.level + 1


CALL_HANDLERS: dict[str, CallHandler] = {"27": _call_27}
"""The calls this module takes while its rectification is in progress, by procedure."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {"27": _decide_27}
"""The decisions this module answers, by procedure."""
