"""A movement where pairs change direction is one field from its first round (Law 78A).

After round 1 of a Howell (or before the switched round of an arrow-switched Mitchell)
no pair has yet changed direction, so the results alone look like a Mitchell; the
ranking must still compare every pair with every other, as the movement says.
"""

from __future__ import annotations

import pytest

from arbitro.core.seat import Side
from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import Movement, howell, mitchell

_RESULTS = ("4S N 10", "3NT S 8", "2H E 8", "4S N 11", "1NT W 7", "3C N 9")


def _ranking_after_round_1(movement: Movement) -> list[tuple[str, Side | None]]:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Club", boards=movement.boards), movement=movement)
    results = iter(_RESULTS * 10)
    for seating in movement.seatings(1):
        for board in seating.boards:
            entry = Entry.from_str(next(results))
            store.enter_result(event, board, seating.table, entry, ns=seating.ns, ew=seating.ew)
    return [(standing.participant, standing.direction) for standing in store.ranking(event)]


def test_law_78a_a_howell_is_ranked_as_one_field_after_its_first_round() -> None:
    movement = howell(3, 2)
    assert movement.one_field
    ranked = _ranking_after_round_1(movement)
    assert len(ranked) == len(movement.participants)
    assert {direction for _, direction in ranked} == {None}


@pytest.mark.parametrize("tables", [3, 4])
def test_law_78a_a_mitchell_keeps_one_ranking_per_direction(tables: int) -> None:
    movement = mitchell(tables, 2)
    assert not movement.one_field
    ranked = _ranking_after_round_1(movement)
    assert {direction.name for _, direction in ranked if direction is not None} == {"NS", "EW"}
    assert all(direction is not None for _, direction in ranked)
