"""A teams evening for the tests: four teams, a round robin of two rounds, a match a round.

Team 1 beats team 4 by :data:`WIN` IMPs in round 1 (boards 1 and 2) and draws with
team 2 in round 2 (boards 3 and 4); every other match is drawn.
"""

from __future__ import annotations

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin, two_rooms

WIN = 10
"""Team 1's IMPs against team 4 in round 1 (board 1: 3NT made at one table, down at the other)."""


def league(store: Store) -> int:
    """The round robin, both rounds played: 1 beats 4 by 10 IMPs, then draws with 2."""
    movement = two_rooms(round_robin(4, 2, rounds=2))
    event = store.create_event(
        EventSpec("Liga", boards=movement.boards, kind="teams"),
        [Participant(str(team)) for team in range(1, 5)],
        movement=movement,
    )
    for round_ in (1, 2):
        store.open_round(event, round_)
        for seating in movement.seatings(round_):
            for board in seating.boards:
                # Only team 4, at table 2 North-South, goes down on board 1.
                down = board == 1 and seating.ns == "4"
                store.enter_result(event, board, seating.table, Entry.from_str(
                    "3NT S 8" if down else "3NT S 9"))  # fmt: skip
    return event
