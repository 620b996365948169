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

from typing import TYPE_CHECKING

from arbitro.core.lazy import names_on_first_use

if TYPE_CHECKING:
    from arbitro.table.auction_record import AuctionEntry, CallStatus
    from arbitro.table.events import Event, InvalidEventError, event_from_json
    from arbitro.table.play_record import Trick
    from arbitro.table.restrictions import Restriction, RestrictionKind
    from arbitro.table.rulings import Decision, Note, Option, Ruling
    from arbitro.table.state import IllegalActionError, Phase
    from arbitro.table.table import Table

_HOMES = {
    "Event": "events",
    "InvalidEventError": "events",
    "event_from_json": "events",
    "AuctionEntry": "auction_record",
    "CallStatus": "auction_record",
    "Decision": "rulings",
    "IllegalActionError": "state",
    "Note": "rulings",
    "Option": "rulings",
    "Phase": "state",
    "Restriction": "restrictions",
    "RestrictionKind": "restrictions",
    "Ruling": "rulings",
    "Trick": "play_record",
    "Table": "table",
}
"""Where each name lives: imported when first asked for, so that a submodule such as
``arbitro.table.agreements`` (which the store reads) comes without the whole engine
(:class:`Table` and the Laws' rectifications, issue 26)."""


__getattr__ = names_on_first_use(__name__, _HOMES)


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
