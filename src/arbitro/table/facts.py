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

from arbitro.i18n import N_
from arbitro.table.events import FactEvent
from arbitro.table.state import Phase

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
