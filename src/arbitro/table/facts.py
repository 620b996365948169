"""Facts the Director records at the table for a later judgement ruling (16B, 16C, 20F, 75).

A ``fact`` event changes nothing in the auction or the play: it keeps, with the phase
and the number of calls made when it happened, what the Director will need to judge
an unauthorised-information or misinformation case (the worksheet,
:mod:`arbitro.scoring.worksheet`). Each fact is given the Law it falls under:

- a break in tempo or other extraneous information from partner: 16B1, or 16B2 when
  the opponent who noticed it reserved the right to call the Director later;
- information about the board from another table or a wrong board: 16C2 before the
  first call (the Director may still move players, redeal, let it be played or assign
  an artificial score), 16C3 after it (play on, adjust later: 16C2c);
- a card of another player's seen by accident (16C1 names it with information from
  another table): the same, 16C2 before the first call and 16C3 after it. A card its
  holder exposed during the auction is not a fact but an ``exposed`` event, rectified
  by Law 24; a card seen while the cards were shuffled and dealt at the table means a
  redeal (6D1), before the board reaches the table engine;
- a correction of an explanation: 20F4 when a player corrects his own explanation of
  partner's call; when he corrects partner's explanation of his own call, 20F5a if
  during the auction (too early: it is unauthorised information for partner) and
  20F5b after it, at the first legal opportunity 20F5b names: for declarer or dummy
  after the final pass, for a defender at the end of the play. A defender who corrects
  it sooner (in the clarification period or during the play) gives partner
  extraneous information: 16B1.

>>> from arbitro.core import Seat
>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL, FactEvent
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1S")
>>> table.apply(FactEvent("tempo", Seat.NORTH, noticed_by=Seat.EAST, reserved=True))
>>> table.facts[0].law, table.facts[0].calls
('16B2', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.i18n import N_
from arbitro.table.events import FactEvent
from arbitro.table.state import IllegalActionError, Message, Phase

if TYPE_CHECKING:
    from arbitro.table.base import TableState

FACT_LABELS = {
    "tempo": N_("a break in tempo"),
    "extraneous": N_("extraneous information"),
    "correction": N_("a corrected explanation"),
    "other_table": N_("information from another table"),
    "card_seen": N_("a card seen by accident"),
}
"""How each kind of fact is named to the Director."""


@dataclass(frozen=True)
class Fact:
    """A recorded fact: the event, the Law it falls under, the phase and calls made then.

    >>> from arbitro.core import Seat
    >>> Fact(FactEvent("tempo", Seat.SOUTH), "16B1", Phase.AUCTION, 3).to_json()["law"]
    '16B1'
    """

    event: FactEvent
    law: str
    phase: Phase
    calls: int

    def to_json(self) -> dict[str, object]:
        """The fact as JSON data: the event's fields, the Law, the phase and calls made.

        >>> from arbitro.core import Seat
        >>> Fact(FactEvent("other_table", Seat.WEST), "16C2", Phase.AUCTION, 0).to_json()
        {'event': 'fact', 'kind': 'other_table', 'seat': 'W', 'law': '16C2', 'phase': 'auction', 'calls': 0}
        """
        return {
            **self.event.to_json(),
            "law": self.law,
            "phase": str(self.phase),
            "calls": self.calls,
        }


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
