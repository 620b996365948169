"""Laws 35-39: inadmissible calls.

Doubles and redoubles Law 19 does not allow (36), calls by a player who must pass (37),
bids above seven (38) and calls after the final pass (39).
"""

from __future__ import annotations

from arbitro.core import DOUBLE, PASS, Bid, Double, Pass, Redouble, Seat, Strain  # noqa: F401
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import LeadSource, Procedure, TableState, TurnData, options
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import (
    NEXT_KINDS,
    PASS_KINDS,
    CallHandler,
    DecisionHandler,
    ask,
    law23,
    must_pass,
)
from arbitro.table.rectify.leads import lead_options, offer_lead_choice, retract_face_down_lead
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase

# -- Laws 36, 37, 38: inadmissible calls -----------------------------------------------------


_CANCELLED_IN_TURN = N_(
    "{call} is cancelled and becomes a pass; {side} must pass for the rest of the auction; "
    "Law 26 may apply"
)
"""The ruling on a call cancelled in turn (37B, 38B): a pass takes its place."""
_CANCELLED_OUT_OF_ROTATION = N_(
    "{call}, made out of rotation, is cancelled with no pass in its place and the auction "
    "reverts to {turn}; {side} must pass for the rest of the auction; Law 26 may apply"
)
"""The same out of rotation: no pass takes its place, the player in turn calls."""


def start_36(table: TableState, seat: Seat, call: Double | Redouble, in_turn: bool) -> None:
    """A double or redouble Law 19 does not allow: 36A if the next player calls, else 36B.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> start_36(table, Seat.NORTH, DOUBLE, in_turn=True)
    >>> table.pending.options[0].law
    '36B'
    """
    number = table.record(seat, call, CallStatus.PENDING, "36")
    ask(
        table,
        "36",
        "ruling",
        seat,
        number,
        None,
        Message(
            N_("Director: {call} of {seat} is an inadmissible double or redouble (Law 19)"),
            {"call": call, "seat": seat},
        ),
        options(
            (
                "36B",
                "36B4" if not in_turn else "36B",
                N_(
                    "cancel it: the offender calls "
                    "again at his turn and partner must pass for the rest of the auction"
                ),
            )
        ),
        TurnData(table.summary.turn),
    )


def _call_36(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if seat != procedure.offender.lho:
        return False
    table.set_status(procedure.entry, CallStatus.CANCELLED, "36A", procedure.offender.side)
    table.record(seat, call, CallStatus.CANCELLED, "36A", unauthorized_for=procedure.offender.side)
    table.procedure = None
    table.rule(
        "36A",
        str(seat),
        "call",
        Message(
            N_(
                "{seat} called before the rectification: the inadmissible call and the calls "
                "after it are cancelled, and the auction goes on from {turn} with no "
                "rectification"
            ),
            {"seat": seat, "turn": table.summary.turn},
        ),
    )
    return True


def _decide_36(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    entry = table.set_status(procedure.entry, CallStatus.CANCELLED, option.law, offender.side)
    table.procedure = None
    must_pass(table, offender.partner, option.law)
    table.lead_sources.append(LeadSource(offender, entry.call, ()))
    table.rule(
        option.law,
        DIRECTOR,
        "36B",
        Message(
            N_(
                "the inadmissible call is cancelled; {seat} calls at his turn and {partner} "
                "must pass for the rest of the auction; Law 26 may apply"
            ),
            {"seat": offender, "partner": offender.partner},
        ),
    )
    law23(table, offender.partner, option.law)


def start_37(table: TableState, seat: Seat, call: AnyCall, law: str, in_turn: bool = True) -> None:
    """A bid, double or redouble by a player obliged to pass (37; 30B2b by analogy).

    Made in turn or out of rotation (``in_turn`` False): the call is inadmissible
    wherever it is made (35.2).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> start_37(table, Seat.NORTH, Bid(1, Strain.CLUBS), "37")
    >>> table.pending.options[0].choice
    '37B'
    """
    number = table.record(seat, call, CallStatus.PENDING, law)
    if in_turn:
        text = N_(
            "cancel it: it becomes a pass and both players of the side "
            "must pass for the rest of the auction"
        )
    else:
        text = N_(
            "cancel it, with no pass in its place (it was made out of rotation): both "
            "players of the side must pass for the rest of the auction"
        )
    ask(
        table,
        "37",
        "ruling",
        seat,
        number,
        None,
        Message(
            N_("Director: {seat} made {call} when obliged to pass (Law {law})"),
            {"seat": seat, "call": call, "law": law},
        ),
        options(("37B", "37B", text)),
        TurnData(table.summary.turn, in_turn=in_turn),
    )


def _call_37(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if seat != procedure.offender.lho:
        return False
    entry = table.set_status(procedure.entry, CallStatus.STANDING, "37A")
    table.procedure = None
    table.rule(
        "37A",
        str(seat),
        "call",
        Message(
            N_(
                "{seat} called before the rectification: the call and those after it "
                "stand, with no lead restriction"
            ),
            {"seat": seat},
        ),
    )
    # The call stands: it meets the offender's obligations for that turn (after_standing);
    # one for the rest of the auction stays, and so do his cards exposed (Law 24).
    table.after_standing(entry.seat, entry.call)
    table.on_call(seat, call)
    return True


def _decide_37(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    offender = procedure.offender
    in_turn = procedure.data_as(TurnData).in_turn
    entry = table.set_status(procedure.entry, CallStatus.CANCELLED, "37B", offender.side)
    table.procedure = None
    if in_turn:  # out of rotation, a pass in its place would be out of rotation too
        table.record(offender, PASS, CallStatus.STANDING, "37B", procedure.entry)
    table.drop(
        lambda r: (
            r.seat in offender.side.seats
            and r.kind in (RestrictionKind.MUST_PASS_NEXT_TURN, RestrictionKind.NO_DOUBLE_NEXT_TURN)
        )
    )
    for seat in offender.side.seats:
        if not any(
            r.seat == seat and r.kind is RestrictionKind.MUST_PASS_REST for r in table.in_force
        ):
            must_pass(table, seat, "37B")
    table.lead_sources.append(LeadSource(offender, entry.call, None))
    text = _CANCELLED_IN_TURN if in_turn else _CANCELLED_OUT_OF_ROTATION
    table.rule(
        "37B",
        DIRECTOR,
        "37B",
        Message(text, {"call": entry.call, "side": offender.side, "turn": table.summary.turn}),
    )
    law23(table, offender.partner, "37B")
    if in_turn:
        table.after_standing(offender, PASS)


def start_38(table: TableState, seat: Seat, call: ImpossibleBid) -> None:
    """A bid above the level of seven (Law 38).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> start_38(table, Seat.NORTH, ImpossibleBid(8, Strain.CLUBS))
    >>> table.pending.law
    '38'
    """
    number = table.record(seat, call, CallStatus.PENDING, "38")
    ask_38(table, seat, number, call)


def ask_38(
    table: TableState, seat: Seat, number: int, call: ImpossibleBid, replaces: int | None = None
) -> None:
    """Ask the Director to rule on call ``number``, ``seat``'s bid above seven (Law 38).

    ``replaces`` is the number of the insufficient bid the bid was to replace (27B, 27C):
    a call above seven is Law 38 wherever it is made, a replacement included.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1S"); table.call("E", "1H"); table.decide("S", "refuse")
    >>> table.call("E", "8H")  # the replacement of the insufficient bid is above seven
    >>> table.pending.law, table.auction[-1].law
    ('38', '38')
    """
    in_turn = seat == table.summary.turn
    if in_turn:
        text = N_(
            "cancel it: it becomes a pass and both players of the side "
            "must pass for the rest of the auction"
        )
    else:  # a pass in its place would be out of rotation too
        text = N_(
            "cancel it, with no pass in its place (it was made out of rotation): both "
            "players of the side must pass for the rest of the auction"
        )
    ask(
        table,
        "38",
        "ruling",
        seat,
        number,
        None,
        Message(
            N_("Director: {seat} bid {call}, above the level of seven"),
            {"seat": seat, "call": call},
        ),
        options(("38", "38B", text)),
        TurnData(in_turn=in_turn, replaces=replaces),
    )


def _call_38(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if seat != procedure.offender.lho:
        return False
    table.record(seat, call, CallStatus.CANCELLED, "38B", unauthorized_for=procedure.offender.side)
    _rectify_38(table, procedure, lho_called=True)
    return True


def _decide_38(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    _rectify_38(table, procedure, lho_called=False)


def _rectify_38(table: TableState, procedure: Procedure, lho_called: bool) -> None:
    offender = procedure.offender
    entry = table.set_status(procedure.entry, CallStatus.CANCELLED, "38B", offender.side)
    table.procedure = None
    data = procedure.data_as(TurnData)
    in_turn = data.in_turn
    for seat in offender.side.seats:
        table.drop(lambda r, seat=seat: r.seat == seat and r.kind in PASS_KINDS)
        must_pass(table, seat, "38C")
    if lho_called:
        text = N_(
            "{call} and the call after it are cancelled; {side} must pass for the rest "
            "of the auction; the left-hand opponent called, so Laws 23 and 26 do not "
            "apply (38D)"
        )
    else:
        text = _CANCELLED_IN_TURN if in_turn else _CANCELLED_OUT_OF_ROTATION
        table.lead_sources.append(LeadSource(offender, entry.call, None))
        law23(table, offender.partner, "38C")
    table.rule(
        "38",
        DIRECTOR if not lho_called else str(offender.lho),
        "38",
        Message(text, {"call": entry.call, "side": offender.side, "turn": table.summary.turn}),
    )
    if data.replaces is not None:
        _insufficient_corrected_by_a_pass(table, offender, data.replaces, entry.call, lho_called)
    if in_turn:
        table.record(offender, PASS, CallStatus.STANDING, "38C", procedure.entry)
        table.drop(lambda r: r.seat == offender and r.kind in NEXT_KINDS)
        table.after_standing(offender, PASS)


def _insufficient_corrected_by_a_pass(
    table: TableState, offender: Seat, insufficient: int, call: AnyCall, lho_called: bool
) -> None:
    """27B2 with 38C: the bid above seven that replaced an insufficient bid becomes a pass.

    The insufficient bid is then corrected by a pass (27C: the Director rules by the
    second call): it is withdrawn, and Laws 26 and 23 may apply to it whatever Law 38D
    says of the bid above seven; partner must pass, as 38C has it already (the Law 23
    note is 38C's unless the left-hand opponent called).
    """
    original = table.set_status(insufficient, CallStatus.WITHDRAWN, "27B2", offender.side)
    table.lead_sources.append(LeadSource(offender, original.call, None))
    table.rule(
        "27B2",
        DIRECTOR,
        "27B2",
        Message(
            N_(
                "{call} replaced the insufficient bid {insufficient}: the insufficient bid "
                "is corrected by a pass; {partner} must pass for the rest of the auction, "
                "and Law 26 may apply to {insufficient}"
            ),
            {"call": call, "insufficient": original.call, "partner": offender.partner},
        ),
    )
    if lho_called:
        law23(table, offender.partner, "27B2")


# -- Law 39: calls after the final pass -------------------------------------------------------


def after_final_pass(table: TableState, seat: Seat, call: AnyCall) -> None:
    """A call after the final pass is cancelled (39A).

    A defender's bid, double or redouble may restrict partner's lead (39C), unless 39B
    says otherwise.

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"]):
    ...     table.call(seat, call)
    >>> table.call("S", "2S")
    >>> table.auction[-1].status, table.rulings[-1].law
    (<CallStatus.CANCELLED: 'cancelled'>, '39B')
    """
    declarer = table.declarer
    defender = declarer is not None and seat.side != declarer.side
    table.record(seat, call, CallStatus.CANCELLED, "39A", unauthorized_for=seat.side)
    if not defender or isinstance(call, Pass):
        table.rule(
            "39B",
            DIRECTOR,
            "39B",
            Message(
                N_(
                    "{call} of {seat} after the final pass is cancelled, with no further "
                    "rectification"
                ),
                {"call": call, "seat": seat},
            ),
        )
        return
    if table.procedure is not None:
        # A ruling is pending (54, 50D2, 26...): the call is cancelled now (39A) and the
        # Director rules on it under 39C once that ruling is finished, not in its place.
        table.held_39.append(table.made)
        table.note(
            "39A",
            Message(
                N_(
                    "{call} of {seat} after the final pass is cancelled; the Director rules "
                    "on it (Law 39C) once the ruling in progress is finished"
                ),
                {"call": call, "seat": seat},
            ),
        )
        return
    _ask_39(table, seat, table.made)


def _ask_39(table: TableState, seat: Seat, number: int) -> None:
    entry = table.find_entry(number)
    assert entry is not None
    ask(
        table,
        "39",
        "ruling",
        seat,
        number,
        None,
        Message(
            N_("Director: {seat}, a defender, made {call} after the final pass"),
            {"seat": seat, "call": entry.call},
        ),
        options(("39C", "39C", N_("it is cancelled and Law 26 may restrict partner's lead"))),
    )


def rule_held_calls(table: TableState) -> None:
    """Once no ruling is pending, ask for the 39C ruling on a call held meanwhile (39A).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> rule_held_calls(table); table.pending is None
    True
    """
    if table.procedure is not None or not table.held_39:
        return
    number = table.held_39.pop(0)
    entry = table.find_entry(number)
    if entry is None or table.phase is Phase.AUCTION:
        # The auction reopened meanwhile: no final pass, nothing to rule under 39.
        table.held_39.clear()
        return
    _ask_39(table, entry.seat, number)


def _call_39(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if seat != procedure.offender.lho:
        return False
    table.record(seat, call, CallStatus.CANCELLED, "39A", unauthorized_for=seat.side)
    table.procedure = None
    table.rule(
        "39B",
        str(seat),
        "call",
        Message(
            N_("{seat} called before the rectification: no further rectification"), {"seat": seat}
        ),
    )
    return True


def _decide_39(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    entry = table.find_entry(procedure.entry)
    assert entry is not None
    table.procedure = None
    table.lead_sources.append(LeadSource(procedure.offender, entry.call, event.suits))
    table.rule(
        "39C",
        DIRECTOR,
        "39C",
        Message(
            N_("{call} is cancelled; Law 26 may restrict the lead of {partner}"),
            {"call": entry.call, "partner": procedure.offender.partner},
        ),
    )
    lead_options(table)
    if any(
        r.kind is RestrictionKind.LEAD_OPTION and r.seat == table.leader for r in table.in_force
    ):
        retract_face_down_lead(table, "39C")
    offer_lead_choice(table, table.leader)


CALL_HANDLERS: dict[str, CallHandler] = {
    "36": _call_36,
    "37": _call_37,
    "38": _call_38,
    "39": _call_39,
}
"""The calls this module takes while its rectification is in progress, by procedure."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {
    "36": _decide_36,
    "37": _decide_37,
    "38": _decide_38,
    "39": _decide_39,
}
"""The decisions this module answers, by procedure."""
