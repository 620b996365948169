"""The table: a board played by the Laws, with its irregularities (Laws 9-11, 16D, 17-44).

A :class:`Table` takes events (calls, cards, decisions, ...) from any seat at any time
and keeps its state as the fold of them; :mod:`arbitro.table.log` reads and writes the
table log (JSON Lines) and replays it.

>>> from arbitro.table import Table
>>> from arbitro.table.events import EXAMPLE_DEAL
>>> table = Table(EXAMPLE_DEAL, number=1)
>>> table.call("N", "1NT")
>>> table.turn
Seat.EAST
"""

from arbitro.table.events import Event, InvalidEventError, event_from_json
from arbitro.table.state import (
    AuctionEntry,
    CallStatus,
    Decision,
    IllegalActionError,
    Note,
    Option,
    Phase,
    Restriction,
    RestrictionKind,
    Ruling,
    Trick,
)
from arbitro.table.table import Table

__all__ = [
    "AuctionEntry",
    "CallStatus",
    "Decision",
    "Event",
    "IllegalActionError",
    "InvalidEventError",
    "Note",
    "Option",
    "Phase",
    "Restriction",
    "RestrictionKind",
    "Ruling",
    "Table",
    "Trick",
    "event_from_json",
]
