"""Laws 25A and 21B1: the changed call replaces the original.

An unintended call changed without pause for thought (25A), or a call the Director
allows to be changed after misinformation (21B1), is withdrawn and the new call takes
its place, judged by its own Law; the left-hand opponent may withdraw a call made over
it (25A4, 21B2). An insufficient bid changed before the ruling is judged first by 25A
(else it is a replacement under 27C), and the intended call of an unintended 27B
replacement is judged again by 27B (25A1). The change asked and the ruling routed are
:mod:`~arbitro.table.rectify.changes`.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1C"); table.change("N", "1D")
>>> table.decide("director", "25A")
>>> [(str(e.call), e.status.value, e.law) for e in table.auction]
[('1C', 'withdrawn', '25A'), ('1D', 'standing', '25A')]
"""

from __future__ import annotations

from arbitro.core import Seat, Side
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall, ImpossibleBid, call_problem, summarize
from arbitro.table.auction_record import AuctionEntry, CallStatus
from arbitro.table.base import (
    BeforeInsufficientData,
    ChangeData,
    Procedure,
    TableState,
    options,
)
from arbitro.table.rectify.common import ask, breached_obligation
from arbitro.table.rectify.insufficient import judge_replacement
from arbitro.table.restrictions import RestrictionKind
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, Message, Phase


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


def decide_before_27(table: TableState, procedure: Procedure, option: Option) -> None:
    """The Director's answer on a change of an insufficient bid: 25A, or a 27C replacement."""
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


def decide_lho(
    table: TableState, procedure: Procedure, option: Option, replacement: AuctionEntry
) -> None:
    """The left-hand opponent withdraws the call made over the changed call, or keeps it (25A4, 21B2).

    ``replacement`` is the new call, which stands if he keeps his.
    """
    offender = procedure.offender
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


def replace_original(
    table: TableState,
    procedure: Procedure,
    law: str,
    original: AuctionEntry,
    replacement: AuctionEntry,
    after: list[AuctionEntry],
) -> None:
    """The changed call takes the original's place, under ``law`` (25A or 21B1).

    ``after`` are the calls made since the change; with none, the new call is made
    again under its own number and judged by its own Law. Otherwise it stands where
    it is unless the obligations the original met forbid it, and the left-hand
    opponent may withdraw the call made over it (25A4, 21B2).
    """
    offender = procedure.offender
    original_number = procedure.data_as(ChangeData).original
    # 25A or 21B1: the replacement takes the original's place.
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
    breached = breached_obligation(table.in_force, offender, replacement.call)
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
