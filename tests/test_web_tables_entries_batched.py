"""North-South's entries kept a batch at a time: a fixed number of statements, the same as one at a time.

The group-commit writer hands the entries of a batch (each of another table) to one
read of their boards' entries, one clearing of the tables' confirmed entries and one
sending of the entries. What each table is answered (the entry it replaced, a board
already stored refused) and what waits in the database must be what entering them
one after another gives, with confirmations (Law 79A's agreement of the opponents,
recorded through the same desk) between them; on SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event

from arbitro.core.errors import ArbitroError
from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import Entered, TypedEntry
from writer_queue import held

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

TABLES = 4
BOARDS_PER_ROUND = 2
TYPED = (("4S", "N", "10"), ("3NT", "S", "9"), ("2H", "E", "-1"), ("PASS", "", ""))

Step = tuple[str, int, int, int]
"""("enter", table, which of its boards, which entry) or ("confirm", table, board, 0)."""


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    yield opened
    opened.close()


def _night(
    store: Store, tables: int = TABLES
) -> tuple[int, dict[int, tuple[str, str, tuple[int, ...]]]]:
    """A Mitchell with round 1 open; each table's pairs and boards."""
    movement = mitchell(tables, BOARDS_PER_ROUND)
    number = store.create_event(EventSpec("Club", boards=movement.boards), movement=movement)
    store.open_round(number, 1)
    return number, {s.table: (s.ns or "", s.ew or "", s.boards) for s in movement.seatings(1)}


def _call(
    desk: TableDesk, number: int, seated: dict[int, tuple[str, str, tuple[int, ...]]], step: Step
) -> Awaitable[Any]:
    kind, table, which, typed = step
    ns, ew, boards = seated[table]
    board = boards[which % len(boards)]
    if kind == "enter":
        contract, declarer, tricks = TYPED[typed]
        return desk.enter(
            number, table, board, TypedEntry(contract, declarer, tricks, ns=ns, ew=ew)
        )
    return desk.confirm(number, table, board, pair=ew)


def _answer(outcome: object) -> object:
    """What a table is told, without the store's ids and times."""
    if isinstance(outcome, Entered):
        return ("entered", outcome.board, outcome.entry.to_str(), outcome.replaced)
    if isinstance(outcome, ArbitroError):
        return ("refused", type(outcome).__name__, str(outcome))
    if isinstance(outcome, BaseException):
        raise outcome
    return ("stored", outcome.board, outcome.entry.to_str())  # type: ignore[attr-defined]


def _kept(store: Store, number: int) -> list[object]:
    waiting = [(table, store.waiting_entries(number, table)) for table in range(1, TABLES + 1)]
    stored = [(r.table, r.board, r.entry.to_str()) for r in store.results(number)]
    return [waiting, sorted(stored)]


def _one_at_a_time(store: Store, steps: list[Step]) -> tuple[list[object], list[object]]:
    desk = TableDesk(store, "s")
    number, seated = _night(store)

    async def each() -> list[object]:
        answers: list[object] = []
        for step in steps:
            try:
                answers.append(await _call(desk, number, seated, step))
            except ArbitroError as refused:
                answers.append(refused)
        return answers

    return [_answer(a) for a in asyncio.run(each())], _kept(store, number)


def _in_one_batch(store: Store, steps: list[Step]) -> tuple[list[object], list[object]]:
    desk = TableDesk(store, "s")
    number, seated = _night(store)
    asyncio.run(_warm(desk, number))

    async def together() -> list[object]:
        release = held(desk.writer)
        calls = [asyncio.ensure_future(_call(desk, number, seated, step)) for step in steps]
        await asyncio.sleep(0.05)  # every call queued behind the held write
        release.set()
        return list(await asyncio.gather(*calls, return_exceptions=True))

    return [_answer(a) for a in asyncio.run(together())], _kept(store, number)


async def _warm(desk: TableDesk, number: int) -> None:
    """The event's movement read once, so no call waits for it on a thread."""
    await asyncio.to_thread(desk.next_round, number, 1)


steps = st.lists(
    st.one_of(
        st.tuples(
            st.just("enter"),
            st.integers(1, TABLES),
            st.integers(0, BOARDS_PER_ROUND - 1),
            st.integers(0, len(TYPED) - 1),
        ),
        st.tuples(
            st.just("confirm"),
            st.integers(1, TABLES),
            st.integers(0, BOARDS_PER_ROUND - 1),
            st.just(0),
        ),
    ),
    max_size=14,
)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps)
def test_entries_in_one_batch_are_answered_and_kept_as_one_at_a_time(
    store: Store, steps: list[Step]
) -> None:
    alone = _one_at_a_time(store, steps)
    together = _in_one_batch(store, steps)
    assert together == alone


def test_an_entry_of_a_stored_board_is_refused_in_a_batch_and_the_others_kept(
    store: Store,
) -> None:
    steps: list[Step] = [
        ("enter", 1, 0, 0),
        ("confirm", 1, 0, 0),
        ("enter", 2, 0, 1),
        ("enter", 1, 0, 1),  # board stored a moment ago in the same batch: refused
        ("enter", 3, 1, 3),
        ("enter", 2, 0, 2),  # replaces table 2's entry of the same batch
    ]
    answers, kept = _in_one_batch(store, steps)
    assert answers[3][0] == "refused"  # type: ignore[index]
    assert "already has a result" in answers[3][2]  # type: ignore[index]
    assert answers[5][3] is not None  # type: ignore[index]
    assert (answers, kept) == _one_at_a_time(store, steps)


def _statements_of_entries(store: Store, tables: int, kind: str = "enter") -> int:
    """The statements of one batch of ``tables`` entries (or confirmations, each entered before)."""
    desk = TableDesk(store, "s")
    number, seated = _night(store, tables)
    asyncio.run(_warm(desk, number))
    if kind == "confirm":
        for table in seated:
            asyncio.run(_call(desk, number, seated, ("enter", table, 0, 1)))  # type: ignore[arg-type]
    counted: list[str] = []

    def count(*arguments: Any) -> None:
        counted.append(arguments[2])

    async def together() -> None:
        release = held(desk.writer)
        calls = [
            asyncio.ensure_future(_call(desk, number, seated, (kind, table, 0, 1)))
            for table in seated
        ]
        await asyncio.sleep(0.05)
        event.listen(store.engine, "before_cursor_execute", count)
        release.set()
        answers = await asyncio.gather(*calls)
        assert all(_answer(answer)[0] in ("entered", "stored") for answer in answers)  # type: ignore[index]

    try:
        asyncio.run(together())
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    return len(counted)


def test_a_batch_of_entries_costs_statements_per_batch_not_per_entry(store: Store) -> None:
    few, many = _statements_of_entries(store, 3), _statements_of_entries(store, 12)
    # One at a time, each entry took three statements (its board's entries, clearing the
    # confirmed ones, the entry); together, each is one statement for the batch.
    assert many - few <= 1, (few, many)


def test_a_batch_of_confirmations_costs_statements_per_batch_not_per_confirmation(
    store: Store,
) -> None:
    few = _statements_of_entries(store, 3, "confirm")
    many = _statements_of_entries(store, 12, "confirm")
    # One at a time, each confirmation read its entry waiting; together, one read of the
    # batch's entries and Store.record_results' statements for the batch.
    assert many - few <= 2, (few, many)


def test_an_entry_is_read_and_scored_before_the_writer_not_under_the_write_lock(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading what North-South typed and scoring it (Law 77) needs nothing of the
    database: it is done on the caller's thread, so the writer holds the write lock,
    which every process's writes wait for, only for the database's work."""
    readers: list[str] = []
    read = TypedEntry.entry

    def recorded(self: TypedEntry, lang: str = "en") -> Any:
        readers.append(threading.current_thread().name)
        return read(self, lang)

    monkeypatch.setattr(TypedEntry, "entry", recorded)
    desk = TableDesk(store, "s")
    number, seated = _night(store)
    ns, ew, boards = seated[1]
    typed = TypedEntry("4S", "N", "10", ns=ns, ew=ew)
    entered = asyncio.run(desk.enter(number, 1, boards[0], typed))
    assert entered.result is not None
    assert entered.result.to_str() == "+420"
    assert readers, "the entry was not read"
    assert desk.writer.running  # the write went through the writer's thread
    assert "arbitro-writer" not in readers, readers


def test_a_mistyped_entry_is_refused_only_after_the_round_the_board_and_the_pairs(
    store: Store,
) -> None:
    """The refusals keep their order: a round not open (Law 8B), a board not played at the
    table, pairs that do not sit there come before what is wrong in the entry itself."""
    desk = TableDesk(store, "s")
    number, seated = _night(store)
    ns, ew, boards = seated[1]
    other = next(board for board in range(1, 2 * TABLES + 1) if board not in boards)

    def refusal(board: int, typed: TypedEntry) -> str:
        try:
            asyncio.run(desk.enter(number, 1, board, typed))
        except ArbitroError as refused:
            return str(refused)
        raise AssertionError("the entry was accepted")

    mistyped = TypedEntry("4S", "N", "", ns=ns, ew=ew)  # no tricks
    assert "the number of tricks is missing" in refusal(boards[0], mistyped)
    assert f"board {other} is not played at table 1" in refusal(other, mistyped)
    wrong_pairs = TypedEntry("4S", "N", "", ns="9NS", ew=ew)
    assert "do not sit at table 1" in refusal(boards[0], wrong_pairs)
    store.close_round(number, 1)
    assert "no round of event" in refusal(boards[0], mistyped)


def test_a_hundred_tables_entries_waiting_are_committed_together(store: Store) -> None:
    """A server process with a hundred tables entering at once (an evening of 200 tables
    over two processes) commits their entries in one transaction: one flush of the disk
    and one set of a batch's statements for all of them, not one every 64."""
    desk = TableDesk(store, "s")
    nights = [_night(store, 34) for _ in range(3)]  # three sections: 102 tables
    for number, _ in nights:
        asyncio.run(_warm(desk, number))
    steps = [(number, seated, table) for number, seated in nights for table in seated][:100]
    sent: list[str] = []  # each batch sends its entries in one statement

    def count(*arguments: Any) -> None:
        if str(arguments[2]).startswith("INSERT INTO pending_entries"):
            sent.append(arguments[2])

    async def together() -> list[Any]:
        release = held(desk.writer)
        calls = [
            asyncio.ensure_future(_call(desk, number, seated, ("enter", table, 0, 1)))
            for number, seated, table in steps
        ]
        await asyncio.sleep(0.05)
        event.listen(store.engine, "before_cursor_execute", count)
        release.set()
        return list(await asyncio.gather(*calls))

    try:
        answers = asyncio.run(together())
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert [_answer(answer)[0] for answer in answers] == ["entered"] * 100  # type: ignore[index]
    assert len(sent) == 1, len(sent)


def test_entries_queued_while_the_writer_waits_for_the_write_lock_join_its_batch(
    store: Store, database: str
) -> None:
    """With two server processes the writer often waits for the other's batch to let go
    of the write lock; the entries queued meanwhile are committed in the batch that was
    waiting, not in the next one after another turn of the lock."""
    desk = TableDesk(store, "s")
    number, seated = _night(store)
    asyncio.run(_warm(desk, number))
    other = open_store(database)  # the other process: holds the write lock
    holding, done = threading.Event(), threading.Event()

    def hold() -> None:
        with other.transaction():
            holding.set()
            done.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(10)
    sent: list[str] = []

    def count(*arguments: Any) -> None:
        if str(arguments[2]).startswith("INSERT INTO pending_entries"):
            sent.append(arguments[2])

    async def together() -> list[Any]:
        first = asyncio.ensure_future(_call(desk, number, seated, ("enter", 1, 0, 1)))
        while not desk.writer.running or desk.writer.waiting:  # the first taken, waiting
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        later = [
            asyncio.ensure_future(_call(desk, number, seated, ("enter", table, 0, 1)))
            for table in range(2, TABLES + 1)
        ]
        while desk.writer.waiting < TABLES - 1:
            await asyncio.sleep(0.01)
        done.set()  # the other process commits: the lock is free
        return list(await asyncio.gather(first, *later))

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        answers = asyncio.run(together())
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
        done.set()
        holder.join()
        other.close()
    assert [_answer(answer)[0] for answer in answers] == ["entered"] * TABLES  # type: ignore[index]
    assert len(sent) == 1, sent
