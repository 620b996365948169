"""Law 79A: closing a round lists every board of it still without a result, before it closes.

Entries North-South made that East-West have not confirmed, and boards with no entry at
all (a table that entered nothing): the desk asks first and names each, with the way to
enter it; it closes only when the director confirms.
"""

from __future__ import annotations

import asyncio

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana


def _round_one(store: Store) -> tuple[int, dict[int, list[int]]]:
    """A 3-table Mitchell's round 1 open: table 1 entered, table 2 one board waiting, table 3 nothing."""
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    seatings = {s.table: s for s in movement.schedule if s.round == 1}
    boards = {table: list(seating.boards) for table, seating in seatings.items()}
    for board in boards[1]:
        store.enter_result(event, board, 1, Entry.from_str("4S N 10"))
    store.enter_result(event, boards[2][0], 2, Entry.from_str("3NT S 9"))
    ns = seatings[2].sides[0]
    asyncio.run(
        TableDesk(store, SECRET).enter(event, 2, boards[2][1], TypedEntry("2H", "E", "8", ns=ns))
    )
    return event, boards


def test_law79a_boards_to_come_names_each_board_of_the_round_without_a_result(
    store: Store,
) -> None:
    event, boards = _round_one(store)
    assert [(b.table, b.board) for b in store.boards_to_come(event, 1)] == [
        (2, boards[2][1]),
        (3, boards[3][0]),
        (3, boards[3][1]),
    ]
    assert store.boards_to_come(event, 2)  # round 2: nothing entered yet


def test_law79a_closing_a_round_lists_the_boards_with_no_entry_too(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, boards = _round_one(store)
    asked = client.post(f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf})
    assert store.is_round_open(event, 1)  # nothing closed without a word
    box = asked.text.split('id="closing"')[1].split("</div>")[0]
    waiting = box.split('id="closing-entries"')[1].split("</ul>")[0]
    assert f"Table 2 · Board {boards[2][1]}: <strong>2♥ E 8</strong>" in waiting
    missing = box.split('id="closing-missing"')[1].split("</ul>")[0]
    for board in boards[3]:
        assert f"Table 3 · Board {board}" in missing
        assert f"result?board={board}&amp;table=3" in missing
    assert "Table 1" not in missing
    assert "Round 1 still has boards with no result entered:" in box
    closed = client.post(
        f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf, "anyway": "true"}
    )
    assert closed.status_code == 200
    assert not store.is_round_open(event, 1)


def test_law79a_a_round_with_only_boards_not_entered_asks_first_in_both_languages(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    for lang, said, listed in (
        ("en", "Round 1 still has boards without a result", "Table 3 · Board"),
        ("es", "La ronda 1 aún tiene estuches sin resultado", "Mesa 3 · Estuche"),
    ):
        asked = client.post(
            f"/director/events/{event}/rounds/1/close",
            data={"csrf_token": csrf},
            headers={"Accept-Language": lang},
        )
        assert store.is_round_open(event, 1)
        assert said in asked.text
        missing = asked.text.split('id="closing-missing"')[1].split("</ul>")[0]
        assert listed in missing
