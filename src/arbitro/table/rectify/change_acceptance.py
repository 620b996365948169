"""Law 25B: an intended change of call, offered to the left-hand opponent.

The left-hand opponent accepts the change (25B1: the first call is withdrawn, and its
information is a source of lead restrictions, Law 26), by a call of his own or in
words, or refuses it (25B2: the first call stands). A change is cancelled when he has
called since, or when the new call is inadmissible (35-38). The change asked and the
ruling routed are :mod:`~arbitro.table.rectify.changes`.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1C"); table.change("N", "1D")
>>> table.decide("director", "25B")
>>> table.pending.decider, table.pending.law
('E', '25')
"""

from __future__ import annotations

from arbitro.core import Double, Redouble, Seat
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid, call_problem, summarize
from arbitro.table.auction_record import AuctionEntry, CallStatus
from arbitro.table.base import ChangeData, LeadSource, Procedure, TableState, options
from arbitro.table.rectify.common import CallHandler, ask, breached_obligation
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase


def offer_to_lho(
    table: TableState,
    procedure: Procedure,
    original: AuctionEntry,
    replacement: AuctionEntry,
    after: list[AuctionEntry],
) -> None:
    """The Director finds the change intended (25B): the left-hand opponent may accept it.

    ``replacement`` is the new call, ``original`` the call it would replace. Cancelled
    instead when a call has been made since (``after``), or when the new call is
    inadmissible (25B2).
    """
    offender = procedure.offender
    original_number = procedure.data_as(ChangeData).original
    if after:
        _cancel_25b(
            table,
            procedure,
            DIRECTOR,
            "25B",
            Message(
                N_(
                    "the left-hand opponent has called since: the change is cancelled "
                    "and {call} stands"
                ),
                {"call": original.call},
            ),
        )
        return
    inadmissible = _inadmissible_substitute(table, original, replacement.call)
    if inadmissible is not None:
        # 25B1 lets the left-hand opponent accept a substitute "not permitted in A",
        # never an inadmissible call (35; 36, 37, 38): the change is cancelled (25B2).
        law, obligation = inadmissible
        if obligation is None:
            text = Message(
                N_(
                    "{new} is inadmissible (Law {law}) and cannot be accepted: the "
                    "change is cancelled and {call} stands"
                ),
                {"new": replacement.call, "law": law, "call": original.call},
            )
        else:
            text = Message(
                N_(
                    "{new} is inadmissible and cannot be accepted: {obligation}, and a "
                    "call in breach of it comes under Law 37; the change is cancelled "
                    "and {call} stands"
                ),
                {"new": replacement.call, "obligation": obligation, "call": original.call},
            )
        _cancel_25b(table, procedure, DIRECTOR, "25B", text)
        return
    ask(
        table,
        "25",
        "accept",
        offender,
        procedure.entry,
        offender.lho,
        Message(
            N_("{seat}: accept {offender}'s change from {call} to {new}?"),
            {
                "seat": offender.lho,
                "offender": offender,
                "call": original.call,
                "new": replacement.call,
            },
        ),
        options(
            ("accept", "25B1", N_("accept the change: the first call is withdrawn")),
            ("refuse", "25B2", N_("do not accept it: the first call stands")),
        ),
        ChangeData(original_number),
    )


def decide_acceptance(
    table: TableState, procedure: Procedure, option: Option, original: AuctionEntry
) -> None:
    """The left-hand opponent accepts the intended change (25B1) or does not (25B2).

    ``original`` is the call changed, which stands if the change is not accepted.
    """
    offender = procedure.offender
    table.procedure = None
    if option.choice == "accept":
        _accept_25b(table, procedure)
    else:
        _cancel_25b(
            table,
            procedure,
            str(offender.lho),
            "refuse",
            Message(N_("the change is cancelled: {call} stands"), {"call": original.call}),
        )


def _call_25(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if procedure.stage == "accept" and seat == procedure.offender.lho:
        _accept_25b(table, procedure)
        table.on_call(seat, call)
        return True
    return False


def _cancel_25b(
    table: TableState, procedure: Procedure, by: str, choice: str, message: Message
) -> None:
    """Law 25B2: the changed call is cancelled and the first one stands; ``by`` ruled it."""
    table.set_status(procedure.entry, CallStatus.CANCELLED, "25B2", procedure.offender.side)
    table.rule("25B2", by, choice, message)


def _accept_25b(table: TableState, procedure: Procedure) -> None:
    offender = procedure.offender
    original_number = procedure.data_as(ChangeData).original
    table.procedure = None
    original = table.set_status(original_number, CallStatus.WITHDRAWN, "25B1", offender.side)
    entry = table.set_status(procedure.entry, CallStatus.ACCEPTED, "25B1")
    if table.phase is not Phase.AUCTION:
        table.reopen_auction()
    table.lead_sources.append(LeadSource(offender, original.call, None))
    table.rule(
        "25B1",
        str(offender.lho),
        "accept",
        Message(
            N_("the change is accepted: {new} replaces {call}"),
            {"new": entry.call, "call": original.call},
        ),
    )
    table.after_standing(offender, entry.call)


def _inadmissible_substitute(
    table: TableState, original: AuctionEntry, call: AnyCall
) -> tuple[str, Message | None] | None:
    """The Law that makes ``call``, substituted for ``original``, inadmissible, if any.

    Judged where the original call stands: a double or redouble Law 19 does not allow
    (36), a bid above the level of seven (38), a call in breach of an obligation of the
    player (37, with the obligation's text): to pass for the rest of the auction, or at
    the turn of the original call, which the original met (24B, 24C, 30A, 30B1, 31A2a;
    a double where 30B2b forbids it, by analogy).
    """
    if isinstance(call, ImpossibleBid):
        return "38", None
    counting = [entry.number for entry in table.entries if entry.counts]
    summary = summarize(table.standing[: counting.index(original.number)], table.dealer)
    if isinstance(call, Double | Redouble) and call_problem(summary, original.seat, call):
        return "36", None
    # In the clarification period, the obligations the ended auction left (22B, 25A3).
    breached = breached_obligation(
        (
            *table.in_force,
            *table.closed_auction,
            *(r for number, r in table.met if number == original.number),
        ),
        original.seat,
        call,
    )
    return None if breached is None else ("37", breached.message)


CALL_HANDLERS: dict[str, CallHandler] = {"25": _call_25}
"""The calls this module takes while its rectification is in progress, by procedure."""
