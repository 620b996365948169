"""A teams evening for the tests: four teams, a round robin of two rounds, a match a round.

Team 1 beats team 4 by :data:`WIN` IMPs in round 1 (boards 1 and 2) and draws with
team 2 in round 2 (boards 3 and 4); every other match is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin, two_rooms

WIN = 10
"""Team 1's IMPs against team 4 in round 1 (board 1: 3NT made at one table, down at the other)."""


LEAGUE_RESULTS = {(1, "4"): "3NT S 8"}
"""The league's results other than 3NT made, by (board, North-South team): team 4 goes down on board 1."""


def league(store: Store, results: Mapping[tuple[int, str], str] = LEAGUE_RESULTS) -> int:
    """The round robin, both rounds played, all in one session.

    ``results`` gives the result at a table by (board, North-South team); every other
    table makes 3NT (+400, or +600 vulnerable). By default 1 beats 4 by 10 IMPs, then
    draws with 2.
    """
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
                played = results.get((board, str(seating.ns)), "3NT S 9")
                store.enter_result(event, board, seating.table, Entry.from_str(played))
    return event
