"""The tables' writes read the open rounds once a batch, and see the director's every change.

The desk's group-commit writer reads an event's open rounds once for the writes it
commits together (under the database's write lock, which opening or closing a round
takes too), and a batch's writes share one savepoint. What a round needs is not kept in
one process's memory across batches: a round opened or closed by the director through
another process (another worker of ``arbitro serve --workers N``, another machine, the
command line) holds for the very next write. Each test runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from sqlalchemy import Connection
from sqlalchemy import event as sqlalchemy_event

from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import NoOpenRoundError, TypedEntry
from test_cli_serve import serving

pytest_plugins = ("postgresql_cluster",)  # the `database` fixture: SQLite and PostgreSQL

SECRET = "w" * 64


@pytest.fixture
def event_store(database: str) -> Iterator[tuple[Store, int]]:
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    yield store, event
    store.close()


def _entry(ns: str, ew: str) -> TypedEntry:
    return TypedEntry("4S", "N", "10", ns=ns, ew=ew)


def test_a_round_closed_through_another_process_refuses_the_next_entry(
    event_store: tuple[Store, int], database: str
) -> None:
    """Law 8B: once the director closes the round, no table enters in it, whichever
    process served the table before."""
    director, event = event_store
    tables = open_store(database)  # the tables' process: its own store and desk
    try:
        desk = TableDesk(tables, SECRET)
        entered = asyncio.run(desk.enter(event, 1, 1, _entry("1NS", "1EW")))
        assert entered.board == 1
        director.close_round(event, 1)
        with pytest.raises(NoOpenRoundError):
            asyncio.run(desk.enter(event, 1, 2, _entry("1NS", "1EW")))
        with pytest.raises(NoOpenRoundError):
            asyncio.run(desk.confirm(event, 1, 1, pair="1EW"))
        director.open_round(event, 2)  # round 2: table 1 plays boards 3 and 4 (Mitchell)
        assert asyncio.run(desk.enter(event, 1, 3, _entry("1NS", "3EW"))).board == 3
        assert asyncio.run(desk.confirm(event, 1, 3, pair="3EW")).version == 1
    finally:
        tables.close()


def _statements(store: Store) -> tuple[list[str], Any]:
    seen: list[str] = []

    def record(_connection: object, _cursor: object, statement: str, *_: object) -> None:
        seen.append(" ".join(statement.split()).upper())

    sqlalchemy_event.listen(store.engine, "before_cursor_execute", record)
    return seen, record


def _held_until(desk: TableDesk, queued: int) -> None:
    """Keep the desk's writer busy until ``queued`` writes wait, so they make one batch."""
    started = threading.Event()

    def hold(_connection: Connection) -> None:
        started.set()
        deadline = time.monotonic() + 10
        while desk.writer.waiting < queued and time.monotonic() < deadline:
            time.sleep(0.01)

    desk.writer.submit(hold)
    assert started.wait(10)


async def _enter_together(
    desk: TableDesk, event: int, entries: list[tuple[int, int, TypedEntry]]
) -> list[Any]:
    tasks = [desk.enter(event, table, board, typed) for table, board, typed in entries]
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def test_a_batch_of_entries_reads_the_open_rounds_once_and_takes_no_savepoint(
    event_store: tuple[Store, int],
) -> None:
    """Three tables' entries committed together: one read of the rounds, no savepoint
    (the batch is rolled back whole, and run again a write at a time, only when one is
    refused)."""
    store, event = event_store
    desk = TableDesk(store, SECRET)
    entries = [(table, table * 2 - 1, _entry(f"{table}NS", f"{table}EW")) for table in (1, 2, 3)]
    asyncio.run(_enter_together(desk, event, entries[:1]))  # the schedule read beforehand
    _held_until(desk, 3)
    seen, record = _statements(store)
    try:
        answers = asyncio.run(_enter_together(desk, event, entries))
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", record)
    assert [answer.board for answer in answers] == [1, 3, 5]
    rounds = [one for one in seen if one.startswith("SELECT ROUNDS.")]
    savepoints = [one for one in seen if "SAVEPOINT" in one]
    assert len(rounds) == 1, seen
    assert savepoints == [], seen
    assert [board for board, *_ in store.waiting_entries(event, 2)] == [3]


def _events(store: Store, count: int) -> list[int]:
    """``count`` more events like the fixture's (a 3-table Mitchell), round 1 open."""
    made = []
    for number in range(count):
        event = store.create_event(
            EventSpec(f"Section {number}", boards=6), movement=mitchell(3, 2)
        )
        store.open_round(event, 1)
        made.append(event)
    return made


def test_a_batch_over_several_events_reads_their_open_rounds_in_one_statement(
    event_store: tuple[Store, int],
) -> None:
    """Table 1 of four events (four sections of one evening) committed together: the
    four events' open rounds are read in one statement, not one an event."""
    store, first = event_store
    events = [first, *_events(store, 3)]
    desk = TableDesk(store, SECRET)
    for event in events:  # each event's schedule read beforehand
        asyncio.run(desk.enter(event, 2, 3, _entry("2NS", "2EW")))
    _held_until(desk, len(events))
    seen, record = _statements(store)

    async def together() -> list[Any]:
        tasks = [desk.enter(event, 1, 1, _entry("1NS", "1EW")) for event in events]
        return list(await asyncio.gather(*tasks, return_exceptions=True))

    try:
        answers = asyncio.run(together())
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", record)
    assert [answer.board for answer in answers] == [1] * len(events)
    rounds = [one for one in seen if one.startswith("SELECT ROUNDS.")]
    assert len(rounds) == 1, seen
    assert all(store.waiting_entries(event, 1) for event in events)


def test_a_round_closed_through_another_store_between_batches_refuses_that_events_entries(
    event_store: tuple[Store, int], database: str
) -> None:
    """Law 8B across processes: the director (another store on the same database, as
    another process or the command line) closes one event's round between two batches of
    the tables' process; the next batch, over both events, refuses that event's entries
    and keeps the other's, though the batch before read both rounds open."""
    director, first = event_store
    second = _events(director, 1)[0]
    tables = open_store(database)  # the tables' process: its own store and desk
    try:
        desk = TableDesk(tables, SECRET)
        _held_until(desk, 2)
        before = asyncio.run(
            _batch(
                desk, [(first, 1, 1, _entry("1NS", "1EW")), (second, 1, 1, _entry("1NS", "1EW"))]
            )
        )
        assert [answer.board for answer in before] == [1, 1]
        director.close_round(second, 1)
        _held_until(desk, 2)
        after = asyncio.run(
            _batch(
                desk, [(first, 2, 3, _entry("2NS", "2EW")), (second, 2, 3, _entry("2NS", "2EW"))]
            )
        )
        assert after[0].board == 3
        assert isinstance(after[1], NoOpenRoundError)
        assert tables.waiting_entries(second, 2) == []
        assert [board for board, *_ in tables.waiting_entries(first, 2)] == [3]
    finally:
        tables.close()


async def _batch(desk: TableDesk, entries: list[tuple[int, int, int, TypedEntry]]) -> list[Any]:
    tasks = [desk.enter(event, table, board, typed) for event, table, board, typed in entries]
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def test_a_refused_entry_in_a_batch_loses_none_of_the_others(
    event_store: tuple[Store, int],
) -> None:
    """One table's bad entry (a board it does not play) among others committed together:
    it alone is refused, the others are kept."""
    store, event = event_store
    desk = TableDesk(store, SECRET)
    entries = [
        (1, 1, _entry("1NS", "1EW")),
        (2, 1, _entry("2NS", "2EW")),  # table 2 plays boards 3 and 4
        (3, 5, _entry("3NS", "3EW")),
    ]
    asyncio.run(_enter_together(desk, event, entries[:1]))
    _held_until(desk, 3)
    good, bad, later = asyncio.run(_enter_together(desk, event, entries))
    assert good.board == 1
    assert "board 1 is not played at table 2" in str(bad)
    assert later.board == 5
    assert [board for board, *_ in store.waiting_entries(event, 1)] == [1]
    assert store.waiting_entries(event, 2) == []
    assert [board for board, *_ in store.waiting_entries(event, 3)] == [5]


def test_serve_with_two_workers_refuses_entries_once_the_round_is_closed(
    event_store: tuple[Store, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two real worker processes: the director closes the round from a third (the
    command line's store); every entry after it is refused (409), whichever worker
    answers; the next round, opened the same way, is accepted by both."""
    director, event = event_store
    monkeypatch.setenv("ARBITRO_SECRET", SECRET)  # the servers' key: the table's code
    database = director.engine.url.render_as_string(hide_password=False)
    with (
        serving(database, "--workers", "2") as (url, _),
        httpx2.Client(base_url=url, headers={"Connection": "close"}, timeout=30) as client,
    ):
        code = table_code(SECRET, event, 1)
        signed = client.post("/api/tables/sign-in", json={"event": event, "code": code})
        assert signed.status_code == 200, signed.text
        headers = {"X-CSRF-Token": signed.json()["csrf"]}
        body = {"contract": "4S", "declarer": "N", "tricks": "10"}
        first = client.post(f"/api/tables/{event}/1/boards/1", json=body, headers=headers)
        assert first.status_code == 200, first.text
        director.close_round(event, 1)
        closed = [
            client.post(f"/api/tables/{event}/1/boards/2", json=body, headers=headers)
            for _ in range(6)
        ]
        assert [answer.status_code for answer in closed] == [409] * 6
        director.open_round(event, 2)
        opened = [
            client.post(f"/api/tables/{event}/1/boards/{board}", json=body, headers=headers)
            for board in (3, 4, 3, 4)
        ]
        assert [answer.status_code for answer in opened] == [200] * 4
