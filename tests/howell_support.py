"""A Thursday's Howell for the tests: five tables, round 1 entered at every table but table 3."""

from __future__ import annotations

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import howell


def round_one_but_table_3(store: Store) -> int:
    """A 5-table Howell (9 rounds of 2 boards): 4S N 10 at round 1's tables but table 3.

    Table 3 seats pairs 4 and 7 in round 1, so they have no result yet.
    """
    event = store.create_event(EventSpec("Howell del jueves", boards=18), movement=howell(5, 2))
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round == 1 and seating.table != 3:
            for board in seating.boards:
                store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    return event
