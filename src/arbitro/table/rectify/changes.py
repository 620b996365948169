"""Laws 25 and 21B: a call changed, and the Director's ruling on the change routed.

A player replaces his last call (25; 21B after misinformation): the Director rules
whether the change is allowed. An unintended call (25A), or one made after
misinformation (21B1), is replaced by the new call
(:mod:`~arbitro.table.rectify.change_replacement`); an intended change (25B) is the
left-hand opponent's to accept (:mod:`~arbitro.table.rectify.change_acceptance`).

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1C"); table.change("N", "1D")
>>> table.pending.law, table.pending.decider
('25', 'director')
"""

from __future__ import annotations

from arbitro.core import PASS, Seat  # noqa: F401  (PASS: the examples)
from arbitro.i18n import N_
from arbitro.laws.auction import AnyCall
from arbitro.table.auction_record import CallStatus
from arbitro.table.base import ChangeData, Procedure, TableState, options
from arbitro.table.events import DecisionEvent
from arbitro.table.rectify.change_acceptance import decide_acceptance, offer_to_lho
from arbitro.table.rectify.change_replacement import (
    decide_before_27,
    decide_lho,
    replace_original,
)
from arbitro.table.rectify.common import DecisionHandler, ask
from arbitro.table.rulings import Option
from arbitro.table.state import DIRECTOR, IllegalActionError, Message, Phase


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


def _decide_25(
    table: TableState, procedure: Procedure, option: Option, event: DecisionEvent
) -> None:
    if procedure.stage == "before 27":
        decide_before_27(table, procedure, option)
        return
    offender = procedure.offender
    replacement = table.find_entry(procedure.entry)
    original = table.find_entry(procedure.data_as(ChangeData).original)
    assert replacement is not None
    assert original is not None
    if procedure.stage == "lho":
        decide_lho(table, procedure, option, replacement)
        return
    if procedure.stage == "accept":
        decide_acceptance(table, procedure, option, original)
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
        offer_to_lho(table, procedure, original, replacement, after)
    else:
        replace_original(table, procedure, option.choice, original, replacement, after)


DECISION_HANDLERS: dict[str, DecisionHandler] = {"25": _decide_25}
"""The decisions this module answers, by procedure."""
