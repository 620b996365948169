"""A record about a board the event does not have is refused by one check of the store.

A ruling, a penalty on a board, a poll and a case not decided yet each name a board;
``store.event_checks.check_board`` refuses one outside the event's boards, with the
same message and error class wherever it is named, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.core.seat import Seat
from arbitro.scoring.worksheet import Irregularity
from arbitro.store import Store, open_store
from arbitro.store.errors import StoreError
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.poll import Poll
from arbitro.tournament.records import PenaltyKind, PenaltyRecord, Ruling

STORE = Path(__file__).resolve().parent.parent / "src" / "arbitro" / "store"
REFUSAL = "board 9 is not in the event (expected 1 to 8)"


def ruling(store: Store, event: int) -> object:
    return store.add_ruling(event, Ruling(9, 1, "16B1a", "score adjusted to 3S= N"))


def penalty(store: Store, event: int) -> object:
    record = PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1, 4), "top", "90", "", board=9)
    return store.add_penalty(event, record)


def poll(store: Store, event: int) -> object:
    return store.open_poll(event, Poll(9, Seat.NORTH, "6C", "North's call after 5C"))


def open_case(store: Store, event: int) -> object:
    return store.save_open_case(event, 9, None, Irregularity.UNAUTHORISED, {})


def kept(store: Store, event: int) -> tuple[int, int, int]:
    return len(store.rulings(event)), len(store.penalties(event)), len(store.open_cases(event))


@pytest.mark.parametrize("record", [ruling, penalty, poll, open_case])
def test_a_record_on_a_board_outside_the_event_is_refused(
    record: Callable[[Store, int], object],
) -> None:
    store = open_store("sqlite:///:memory:")
    event = store.create_event(EventSpec("Club", boards=8), [Participant("1"), Participant("2")])
    with pytest.raises(StoreError) as refused:
        record(store, event)
    assert type(refused.value) is StoreError
    assert str(refused.value) == REFUSAL
    assert kept(store, event) == (0, 0, 0)


def test_the_board_refusal_is_written_once_in_the_store() -> None:
    message = '"board {board} is not in the event (expected 1 to {boards})"'
    places = [
        path.name for path in sorted(STORE.rglob("*.py")) if message in path.read_text("utf-8")
    ]
    assert places == ["event_checks.py"]
