"""A fact the Director records: checked against the table and given its Law (16B, 16C, 20F).

The fact itself and its labels are :mod:`arbitro.table.facts`; this is the rule that
reads the table (the auction, the phase, declarer) to give it the Law it falls under.
"""

from __future__ import annotations

from arbitro.i18n import N_
from arbitro.table.base import TableState
from arbitro.table.events import FactEvent
from arbitro.table.facts import Fact
from arbitro.table.state import IllegalActionError, Message, Phase


def record(table: TableState, event: FactEvent) -> Fact:
    """Check ``event`` against the table and give the fact it records.

    >>> from arbitro.core import Seat
    >>> from arbitro.table import Table
    >>> from arbitro.table.events import EXAMPLE_DEAL
    >>> record(Table(EXAMPLE_DEAL, number=1), FactEvent("correction", Seat.SOUTH, call_number=1))
    Traceback (most recent call last):
    ...
    arbitro.table.state.IllegalActionError: there is no call number 1 in the auction
    """
    calls = len(table.auction)
    if event.reserved:
        if event.kind not in ("tempo", "extraneous"):
            raise IllegalActionError(
                Message(
                    N_(
                        "the right to call the Director later is reserved only for a break in tempo "
                        "or other extraneous information (Law 16B2)"
                    )
                )
            )
        if event.noticed_by is None or event.noticed_by.side == event.seat.side:
            raise IllegalActionError(
                Message(
                    N_("only an opponent of {seat} reserves the right to call the Director (16B2)"),
                    {"seat": event.seat},
                )
            )
    if event.kind in ("tempo", "extraneous"):
        law = "16B2" if event.reserved else "16B1"
    elif event.kind in ("other_table", "card_seen"):
        law = "16C2" if calls == 0 else "16C3"
    else:
        law = _correction_law(table, event)
    return Fact(event, law, table.phase, calls)


_BEFORE_THE_END_OF_PLAY = (Phase.OPENING_LEAD, Phase.LEAD_FACE_DOWN, Phase.PLAY)
"""After the auction, before the last trick: too early for a defender's correction (20F5b)."""


def _correction_law(table: TableState, event: FactEvent) -> str:
    number = event.call_number
    entry = next((entry for entry in table.auction if entry.number == number), None)
    if entry is None:
        raise IllegalActionError(
            Message(N_("there is no call number {number} in the auction"), {"number": number})
        )
    if entry.seat == event.seat.partner:
        return "20F4"
    if entry.seat == event.seat:
        if table.phase is Phase.AUCTION:
            return "20F5a"
        declarer = table.declarer
        defender = declarer is not None and event.seat.side != declarer.side
        if defender and table.phase in _BEFORE_THE_END_OF_PLAY:
            return "16B1"  # a defender's first legal opportunity is the end of the play (20F5b)
        return "20F5b"
    raise IllegalActionError(
        Message(
            N_("{seat} corrects explanations of his side's calls, not call {number} (Law 20F4-5)"),
            {"seat": event.seat, "number": number},
        )
    )
