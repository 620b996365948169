"""Laws 25 and 21B: a call changed, unintended (25A) or intended (25B), or after misinformation (21B)."""

from __future__ import annotations

from collections.abc import Iterable

from arbitro.core import PASS, Double, Pass, Redouble, Seat, Side  # noqa: F401  (PASS: the examples)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid, call_problem, summarize
from arbitro.table.auction_record import AuctionEntry, CallStatus
from arbitro.table.base import (
    BeforeInsufficientData,
    ChangeData,
    LeadSource,
    Procedure,
    TableState,
    options,
)
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.common import CallHandler, DecisionHandler, ask
from arbitro.table.rectify.insufficient import judge_replacement
from arbitro.table.restrictions import Restriction, RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase

# -- Laws 25 and 21B: changes of call ------------------------------------------------------


def change(table: TableState, seat: Seat, call: AnyCall, misinformation: bool) -> None:
    """``seat`` replaces its last call (Law 25; 21B when after misinformation).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> change(table, Seat.NORTH, PASS, False)
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: North has no call to change
    """
    if table.procedure is not None:
        raise IllegalActionError(Message(N_("finish the ruling in progress first")))
    # The auction period (22B): until the opening lead is faced, or after four passes
    # until the hands go back to the board (22B2); the table ends it at the next board.
    if table.phase not in (
        Phase.AUCTION,
        Phase.OPENING_LEAD,
        Phase.LEAD_FACE_DOWN,
        Phase.PASSED_OUT,
    ):
        raise IllegalActionError(
            Message(
                N_("a call cannot be changed after the auction period (Law {law})"),
                {"law": "21B1" if misinformation else "25A3"},
            )
        )
    own = [entry for entry in table.entries if entry.seat == seat and entry.counts]
    if not own:
        raise IllegalActionError(Message(N_("{seat} has no call to change"), {"seat": seat}))
    original = own[-1]
    after = table.entries[table.position_of(original.number) + 1 :]
    law = "21B1" if misinformation else "25A2"
    if any(entry.seat == seat.partner and entry.counts for entry in after):
        table.record(seat, call, CallStatus.CANCELLED, law, original.number, seat.side)
        table.rule(
            law,
            DIRECTOR,
            law,
            Message(
                N_(
                    "{seat}'s partner has called since: the call cannot be changed and "
                    "{call} stands"
                ),
                {"seat": seat, "call": original.call},
            ),
        )
        if misinformation:
            table.note(
                "21B3",
                Message(
                    N_(
                        "too late to change {call} of {seat}, made after misinformation: if "
                        "the offending side gained, the Director adjusts the score (Law 21B3)"
                    ),
                    {"seat": seat, "call": original.call},
                ),
            )
        return
    number = table.record(seat, call, CallStatus.PENDING, "25", original.number)
    if misinformation:
        choices = options(
            (
                "21B1",
                "21B1",
                N_(
                    "the call may have been based on misinformation from an "
                    "opponent: the change is allowed"
                ),
            ),
            ("refuse", "21B1", N_("the change is not allowed: the first call stands")),
        )
        question = N_("Director: may {seat} change {call}, made after misinformation?")
    else:
        choices = options(
            (
                "25A",
                "25A",
                N_(
                    "the call was unintended and changed without pause for thought: "
                    "the intended call replaces it"
                ),
            ),
            ("25B", "25B", N_("the change is intended: the left-hand opponent may accept it")),
        )
        question = N_(
            "Director: was {call} of {seat} unintended (25A) or is the change intended (25B)?"
        )
    ask(
        table,
        "25",
        "ruling",
        seat,
        number,
        None,
        Message(question, {"seat": seat, "call": original.call}),
        choices,
        ChangeData(original.number),
    )


def unintended_insufficient_bid(table: TableState, insufficient: Procedure, call: AnyCall) -> None:
    """The offender changes his insufficient bid before the ruling: the Director judges.

    Law 25A comes first: a slip corrected without pause for thought is replaced by the
    intended call, judged by its own Law, with no Law 27 rectification; otherwise the
    new call is a premature replacement of the insufficient bid (27C).

    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> table = Table(EXAMPLE_DEAL, number=1)
    >>> table.call("N", "1NT"); table.call("E", "1D")
    >>> table.change("E", "2S")
    >>> table.decide("director", "25A")
    >>> [(str(e.call), e.status.value, e.law) for e in table.auction[1:]]
    [('1D', 'withdrawn', '25A'), ('2S', 'standing', '25A')]
    """
    offender = insufficient.offender
    entry = table.find_entry(insufficient.entry)
    assert entry is not None
    ask(
        table,
        "25",
        "before 27",
        offender,
        insufficient.entry,
        None,
        Message(
            N_(
                "Director: was {call} of {seat} unintended and changed to {new} without "
                "pause for thought (25A), or is {new} a replacement of the insufficient bid "
                "(27C)?"
            ),
            {"seat": offender, "call": entry.call, "new": call},
        ),
        options(
            (
                "25A",
                "25A",
                N_(
                    "unintended: the intended call replaces the insufficient bid, with no "
                    "Law 27 rectification"
                ),
            ),
            (
                "27C",
                "27C",
                N_("a premature replacement: Law 27 applies to the insufficient bid"),
            ),
        ),
        BeforeInsufficientData(call, insufficient),
    )


def _decide_before_27(table: TableState, procedure: Procedure, option: Option) -> None:
    data = procedure.data_as(BeforeInsufficientData)
    call = data.call
    insufficient = data.insufficient
    offender = procedure.offender
    if option.choice == "27C":
        table.procedure = insufficient
        table.procedure_takes_call(offender, call)
        return
    table.procedure = None
    entry = table.set_status(procedure.entry, CallStatus.WITHDRAWN, "25A", offender.side)
    table.rule(
        "25A",
        DIRECTOR,
        "25A",
        Message(N_("{new} replaces {call}"), {"new": call, "call": entry.call}),
    )
    made = table.made
    table.on_call(offender, call)
    remade = table.find_entry(made + 1)
    if remade is not None and remade.status is CallStatus.STANDING and remade.law is None:
        table.set_status(remade.number, CallStatus.STANDING, "25A")


def _call_25(table: TableState, procedure: Procedure, seat: Seat, call: AnyCall) -> bool:
    if procedure.stage == "accept" and seat == procedure.offender.lho:
        _accept_25b(table, procedure)
        table.on_call(seat, call)
        return True
    return False


def _decide_25(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    if procedure.stage == "before 27":
        _decide_before_27(table, procedure, option)
        return
    offender = procedure.offender
    original_number = procedure.data_as(ChangeData).original
    replacement = table.find_entry(procedure.entry)
    original = table.find_entry(original_number)
    assert replacement is not None
    assert original is not None
    if procedure.stage == "lho":
        table.procedure = None
        lho_calls = procedure.data_as(ChangeData).lho_calls
        if option.choice == "withdraw":
            law = procedure.data_as(ChangeData).lho_law
            for number in lho_calls:
                table.set_status(number, CallStatus.WITHDRAWN, law, _offending_side(offender, law))
            table.rule(
                law,
                str(offender.lho),
                "withdraw",
                Message(
                    N_("{seat} withdraws the call made over the changed call and calls again"),
                    {"seat": offender.lho},
                ),
            )
        else:
            table.rule(
                option.law,
                str(offender.lho),
                "keep",
                Message(N_("{seat} keeps the call made over it"), {"seat": offender.lho}),
            )
            table.after_standing(replacement.seat, replacement.call)
        return
    if procedure.stage == "accept":
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
        return
    table.procedure = None
    if option.choice == "refuse":
        table.set_status(procedure.entry, CallStatus.CANCELLED, "21B1", offender.side)
        table.rule(
            "21B1",
            DIRECTOR,
            "refuse",
            Message(N_("the change is not allowed: {call} stands"), {"call": original.call}),
        )
        return
    after = [
        entry for entry in table.entries[table.position_of(procedure.entry) + 1 :] if entry.counts
    ]
    if option.choice == "25B":
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
        return
    # 25A or 21B1: the replacement takes the original's place.
    law = option.choice
    table.set_status(original_number, CallStatus.WITHDRAWN, law, _offending_side(offender, law))
    if table.phase is not Phase.AUCTION:
        table.reopen_auction()
    table.rule(
        law,
        DIRECTOR,
        law,
        Message(N_("{new} replaces {call}"), {"new": replacement.call, "call": original.call}),
    )
    if law == "21B1":
        table.note(
            "21B2",
            Message(
                N_(
                    "if the withdrawn call {call} conveyed information that damaged the "
                    "non-offending side, Law 16D applies"
                ),
                {"call": original.call},
            ),
        )
    lho_law = "25A4" if law == "25A" else "21B2"
    if law == "25A" and not after and _replace_insufficient_again(table, original, procedure.entry):
        return
    if not after:
        # The replacement is made again as a call, under its own number, and judged by
        # its own Law (an insufficient replacement goes to Law 27, and so on).
        table.entries.pop(table.position_of(procedure.entry))
        if procedure.entry == table.made:
            table.made -= 1
        table.rebuild()
        table.on_call(offender, replacement.call)
        remade = table.find_entry(procedure.entry)
        if remade is not None and remade.status is CallStatus.STANDING and remade.law is None:
            table.set_status(procedure.entry, CallStatus.STANDING, law)
        return
    lho_numbers = tuple(entry.number for entry in after)
    above_seven = isinstance(replacement.call, ImpossibleBid)  # never stands (Law 38)
    # The obligations the original call met bind the call that replaces it (35.2, 37).
    breached = _breached(table.in_force, offender, replacement.call)
    if not above_seven and breached is None:
        table.set_status(procedure.entry, CallStatus.STANDING, law)
    if above_seven or breached is not None or not _auction_is_legal(table):
        for number in lho_numbers:
            table.set_status(
                number, CallStatus.WITHDRAWN, lho_law, _offending_side(offender, lho_law)
            )
        table.entries.pop(table.position_of(procedure.entry))
        table.rebuild()
        if breached is None:
            text = Message(
                N_("the call made over the changed call is no longer legal and is withdrawn")
            )
        else:
            text = Message(
                N_(
                    "{new} is inadmissible ({obligation}): the call made over the changed "
                    "call is withdrawn, and Law 37 applies to {new}"
                ),
                {"new": replacement.call, "obligation": breached.message},
            )
        table.rule(lho_law, DIRECTOR, lho_law, text)
        table.on_call(offender, replacement.call)
        return
    table.meet_turn(offender, procedure.entry)  # the replacement meets them, as the original did
    ask(
        table,
        "25",
        "lho",
        offender,
        procedure.entry,
        offender.lho,
        Message(
            N_("{seat}: withdraw the call made over {call}, which {offender} changed?"),
            {"seat": offender.lho, "call": original.call, "offender": offender},
        ),
        options(
            ("withdraw", lho_law, N_("withdraw it and call again")),
            ("keep", lho_law, N_("keep it")),
        ),
        ChangeData(original_number, lho_numbers, lho_law),
    )


def _replace_insufficient_again(
    table: TableState, original: AuctionEntry, replacement: int
) -> bool:
    """25A1 after 27B: the intended call is judged again as the insufficient bid's replacement.

    ``original`` replaced an insufficient bid under 27B1a, 27B1b or 27B2; the intended call
    "is subject to the appropriate Law", that is 27B again: the ruling on the unintended
    call is undone (partner's 27B2 obligation, its Law 26 source) and the Director rules
    on the intended one. False, nothing changed, if ``original`` was no such replacement.
    """
    if original.law not in ("27B1a", "27B1b", "27B2"):
        return False
    position = table.position_of(original.number)
    insufficient = next(
        (
            entry
            for entry in reversed(table.entries[:position])
            if entry.seat == original.seat
            and entry.status is CallStatus.WITHDRAWN
            and entry.law == original.law
        ),
        None,
    )
    if insufficient is None:
        return False
    offender = original.seat
    if original.law == "27B2":
        table.drop(
            lambda r: (
                r.seat == offender.partner
                and r.kind is RestrictionKind.MUST_PASS_REST
                and r.law == "27B2"
            )
        )
        sources = [
            index
            for index, source in enumerate(table.lead_sources)
            if source.offender == offender and source.call == insufficient.call
        ]
        if sources:
            table.lead_sources.pop(sources[-1])
    table.set_status(insufficient.number, CallStatus.PENDING, "27")
    table.set_status(replacement, CallStatus.PENDING, "27B")
    judge_replacement(table, Procedure("27", "replace", offender, insufficient.number), replacement)
    return True


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
    breached = _breached(
        (
            *table.in_force,
            *table.closed_auction,
            *(r for number, r in table.met if number == original.number),
        ),
        original.seat,
        call,
    )
    return None if breached is None else ("37", breached.message)


def _breached(restrictions: Iterable[Restriction], seat: Seat, call: AnyCall) -> Restriction | None:
    """The obligation of ``seat``, among ``restrictions``, that ``call`` would break, if any.

    A bid, double or redouble by a player obliged to pass (35.2, 37); a double or
    redouble where Law 30B2b forbids it (treated as Law 37).
    """
    if isinstance(call, Pass):
        return None
    doubles = isinstance(call, Double | Redouble)
    return next(
        (
            r
            for r in restrictions
            if r.seat == seat
            and (
                r.kind in (RestrictionKind.MUST_PASS_NEXT_TURN, RestrictionKind.MUST_PASS_REST)
                or (doubles and r.kind is RestrictionKind.NO_DOUBLE_NEXT_TURN)
            )
        ),
        None,
    )


def _offending_side(changer: Seat, law: str) -> Side:
    """The side for which calls withdrawn under ``law`` are unauthorised (16D2).

    The side of the player who changed an unintended call (25A, 25A4); after
    misinformation, the side that misinformed (21B1, 21B2), whoever withdrew the call.
    """
    return changer.side if law.startswith("25") else changer.side.opponents


def _auction_is_legal(table: TableState) -> bool:
    standing = table.standing
    for position in range(len(standing)):
        seat, call = standing[position]
        summary = summarize(standing[:position], table.dealer)
        if call_problem(summary, seat, call) is not None:
            return False
    return True


CALL_HANDLERS: dict[str, CallHandler] = {"25": _call_25}
"""The calls this module takes while its rectification is in progress, by procedure."""

DECISION_HANDLERS: dict[str, DecisionHandler] = {"25": _decide_25}
"""The decisions this module answers, by procedure."""
