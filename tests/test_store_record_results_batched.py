"""Results recorded as a batch: a fixed number of statements, and the same as one at a time.

The group-commit writer hands the results confirmed together to
:meth:`~arbitro.store.results.ResultRecords.record_results`, which reads what they are
checked against once and writes them with one ``INSERT``. What it stores, and what each
caller is answered, must be what entering them one after another gives (Law 15B's pair
playing a board twice, a second result of a table, an unknown pair, a board out of the
event are each refused where they come), on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, event, text

from arbitro.core.errors import ArbitroError
from arbitro.store import Store, open_store
from arbitro.store.group_commit import Gathered, GroupCommitWriter
from arbitro.store.stored import NewResult, StoredResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from writer_queue import held

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

NIGHT = datetime(2026, 11, 26, 21, 0, tzinfo=UTC)
PAIRS = 8
BOARDS = 3
ENTRIES = ("3NT S 9", "4S N 10", "PASS", "2H E 7", "1NT W 8 X")


def _event(store: Store, pairs: int = PAIRS, boards: int = BOARDS) -> int:
    people = [Participant(str(number)) for number in range(1, pairs + 1)]
    return store.create_event(EventSpec("Club", boards=boards), people)


def _recorded(store: Store, request: NewResult) -> Callable[[Connection], Gathered[StoredResult]]:
    """The writer's job that records ``request`` with the batch's others (as the desk's does)."""

    def write(_connection: Connection) -> Gathered[StoredResult]:
        return Gathered(request, store.record_results)

    return write


def _in_one_batch(store: Store, requests: list[NewResult]) -> list[Future[StoredResult]]:
    """``requests`` confirmed together: queued behind a held write, then one batch."""
    writer = GroupCommitWriter(store)
    release = held(writer)
    futures: list[Future[StoredResult]] = [
        writer.submit(_recorded(store, request), key=(request.event_id, request.table))
        for request in requests
    ]
    release.set()
    for future in futures:
        future.exception(10)
    return futures


def _statements_of_a_batch(store: Store, size: int) -> int:
    event_id = _event(store, pairs=2 * size, boards=1)
    requests = [
        NewResult(event_id, 1, table, Entry.from_str("3NT S 9"), str(2 * table - 1), str(2 * table))
        for table in range(1, size + 1)
    ]
    writer = GroupCommitWriter(store)
    release = held(writer)
    futures: list[Future[StoredResult]] = [
        writer.submit(_recorded(store, request), key=request.table) for request in requests
    ]
    counted: list[str] = []

    def count(*arguments: Any) -> None:
        counted.append(arguments[2])

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        release.set()
        assert all(isinstance(future.result(10), StoredResult) for future in futures)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    return len(counted)


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    yield opened
    opened.close()


def test_a_batch_of_results_costs_statements_per_batch_not_per_result(store: Store) -> None:
    few, many = _statements_of_a_batch(store, 2), _statements_of_a_batch(store, 20)
    # One at a time each result took about ten statements; recorded together, the
    # reads and the writes are one statement each for the whole batch.
    assert many - few <= 2, (few, many)


def _stored(store: Store, event_id: int) -> list[tuple[Any, ...]]:
    with store.engine.connect() as connection:
        results = connection.execute(
            text(
                "SELECT session, round, table_number, board, ns, ew, entry, version, entered_by"
                " FROM results WHERE event_id = :event ORDER BY table_number, board"
            ),
            {"event": event_id},
        ).all()
    audit = [
        (line.board, line.table, line.action, line.old, line.new, line.by)
        for line in store.audit(event_id)
    ]
    return [tuple(row) for row in results] + [tuple(line) for line in sorted(audit)]


def _outcome(future: Future[StoredResult]) -> object:
    error = future.exception(0)
    if error is not None:
        assert isinstance(error, ArbitroError), repr(error)  # a refusal, never a crash
        return (type(error).__name__, str(error))
    return future.result(0)


def _one_at_a_time(store: Store, requests: list[NewResult]) -> list[object]:
    outcomes: list[object] = []
    for request in requests:
        try:
            with store.transaction() as db:
                outcomes.append(
                    store.record_result(
                        db.connection(),
                        request.event_id,
                        request.board,
                        request.table,
                        request.entry,
                        request.ns,
                        request.ew,
                        request.session,
                        request.by,
                        request.now,
                    )
                )
        except ArbitroError as refused:
            outcomes.append((type(refused).__name__, str(refused)))
    return outcomes


_requests = st.lists(
    st.tuples(
        st.integers(1, BOARDS + 1),  # board BOARDS + 1 is not in the event
        st.integers(1, 4),  # table
        st.integers(1, PAIRS + 1),  # pair PAIRS + 1 is not in the event
        st.integers(1, PAIRS),
        st.sampled_from(ENTRIES),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(drawn=_requests)
@example(drawn=[(1, 1, 1, 2, "3NT S 9"), (1, 2, 1, 3, "PASS")])  # 15B inside the batch alone
@example(drawn=[(2, 1, 1, 2, "3NT S 9"), (2, 1, 3, 4, "PASS")])  # a table's second result
def test_law_15b_a_batch_stores_and_answers_what_one_at_a_time_does(
    tmp_path_factory: pytest.TempPathFactory, drawn: list[tuple[int, int, int, int, str]]
) -> None:
    folder: Path = tmp_path_factory.mktemp("batch")
    stores = [open_store(f"sqlite:///{folder / name}.db") for name in ("alone", "batch")]
    try:
        events = [_event(one) for one in stores]
        requests = [
            [
                NewResult(
                    event_id,
                    board,
                    table,
                    Entry.from_str(entry),
                    str(ns),
                    str(ew),
                    by="t",
                    now=NIGHT,
                )
                for board, table, ns, ew, entry in drawn
            ]
            for event_id in events
        ]
        alone = _one_at_a_time(stores[0], requests[0])
        together = [_outcome(future) for future in _in_one_batch(stores[1], requests[1])]
        assert together == alone
        assert _stored(stores[1], events[1]) == _stored(stores[0], events[0])
    finally:
        for one in stores:
            one.close()


def test_law_15b_a_refusal_in_the_middle_of_a_batch_is_its_own_on_both_databases(
    store: Store,
) -> None:
    event_id = _event(store)
    requests = [
        NewResult(event_id, 1, 1, Entry.from_str("3NT S 9"), "1", "2", now=NIGHT),
        NewResult(event_id, 1, 2, Entry.from_str("4S N 10"), "3", "4", now=NIGHT),
        NewResult(event_id, 1, 3, Entry.from_str("PASS"), "1", "5", now=NIGHT),  # 15B: pair 1 again
        NewResult(event_id, 1, 2, Entry.from_str("PASS"), "3", "4", now=NIGHT),  # table 2 again
        NewResult(event_id, 2, 1, Entry.from_str("2H E 7"), "1", "2", now=NIGHT),
    ]
    outcomes = [_outcome(future) for future in _in_one_batch(store, requests)]
    assert [type(outcome).__name__ for outcome in outcomes] == [
        "StoredResult",
        "StoredResult",
        "tuple",
        "tuple",
        "StoredResult",
    ]
    assert "15B" in str(outcomes[2])
    assert "already has a result (4S N 10)" in str(outcomes[3])
    assert [(line.board, line.table, line.new) for line in store.audit(event_id)] == [
        (1, 1, "3NT S 9"),
        (1, 2, "4S N 10"),
        (2, 1, "2H E 7"),
    ]


def test_law_15b_two_results_of_one_batch_are_checked_against_each_other(store: Store) -> None:
    event_id = _event(store)
    requests = [
        NewResult(event_id, 1, 1, Entry.from_str("3NT S 9"), "1", "2", now=NIGHT),
        NewResult(event_id, 1, 2, Entry.from_str("4S N 10"), "3", "4", now=NIGHT),
        NewResult(event_id, 1, 3, Entry.from_str("PASS"), "5", "2", now=NIGHT),  # pair 2 again
    ]
    outcomes = [_outcome(future) for future in _in_one_batch(store, requests)]
    assert isinstance(outcomes[0], StoredResult)
    assert isinstance(outcomes[1], StoredResult)
    assert "pair 2 already played board 1 (at table 1)" in str(outcomes[2])
    assert [line.table for line in store.audit(event_id)] == [1, 2]


def test_a_write_of_the_same_table_reads_the_results_gathered_before_it(store: Store) -> None:
    event_id = _event(store)
    count = text("SELECT count(*) FROM results WHERE event_id = :event")

    def counted(connection: Connection) -> int:
        found: int = connection.execute(count, {"event": event_id}).scalar_one()
        return found

    request = NewResult(event_id, 1, 1, Entry.from_str("3NT S 9"), "1", "2", now=NIGHT)
    writer = GroupCommitWriter(store)
    release = held(writer)
    recorded: Future[StoredResult] = writer.submit(_recorded(store, request), key=(event_id, 1))
    other_table = writer.submit(counted, key=(event_id, 2))
    same_table = writer.submit(counted, key=(event_id, 1))
    unnamed = writer.submit(counted)
    release.set()
    assert isinstance(recorded.result(10), StoredResult)
    # Another table's write runs while the result waits to be written with the batch's
    # others; the same table's next write, and a write naming no table, see it written.
    assert other_table.result(10) == 0
    assert same_table.result(10) == 1
    assert unnamed.result(10) == 1
