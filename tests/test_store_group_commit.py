"""The group-commit writer: the tables' writes that wait together are committed together.

A batch's writes share one transaction: one that fails is rolled back alone (the batch
runs again, each write in its savepoint) and its caller gets its own error; a failed commit fails the whole batch;
a write is acknowledged only once its batch is on disk (checked by killing a process
mid-stream). SQLite and PostgreSQL both.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, event, text

from arbitro.store import Store, open_store
from arbitro.store.group_commit import GroupCommitWriter
from writer_queue import held

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    with opened.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    yield opened
    opened.close()


def _note(number: int, fail: bool = False) -> Any:
    def write(connection: Connection) -> int:
        connection.execute(
            text("INSERT INTO notes (id, body) VALUES (:id, :body)"), {"id": number, "body": "x"}
        )
        if fail:
            raise ValueError(f"note {number} refused")
        return number

    return write


def _notes(store: Store) -> list[int]:
    with store.engine.connect() as connection:
        return list(connection.execute(text("SELECT id FROM notes ORDER BY id")).scalars())


def test_writes_waiting_together_are_committed_in_one_transaction(store: Store) -> None:
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _connection: commits.append(1))
    writer = GroupCommitWriter(store)
    release = held(writer)
    futures = [writer.submit(_note(number)) for number in range(1, 11)]
    assert not any(future.done() for future in futures)  # nothing answered before its commit
    commits.clear()
    release.set()
    assert [future.result(10) for future in futures] == list(range(1, 11))
    assert _notes(store) == list(range(1, 11))
    assert len(commits) == 2  # the held write's batch, then one for the ten that waited


def test_a_failing_write_is_rolled_back_alone_and_its_caller_gets_its_error(
    store: Store,
) -> None:
    writer = GroupCommitWriter(store)
    release = held(writer)
    futures = [writer.submit(_note(number, fail=number == 2)) for number in (1, 2, 3)]
    release.set()
    assert futures[0].result(10) == 1
    assert futures[2].result(10) == 3
    with pytest.raises(ValueError, match="note 2 refused"):
        futures[1].result(10)
    assert _notes(store) == [1, 3]  # its insert is gone, the others' are kept


def test_a_failed_commit_answers_every_write_of_the_batch_with_the_error(store: Store) -> None:
    def refuse(_connection: object) -> None:
        raise RuntimeError("disk full")

    writer = GroupCommitWriter(store)
    release = held(writer)
    futures = [writer.submit(_note(number)) for number in (1, 2)]
    event.listen(store.engine, "commit", refuse)
    release.set()
    for future in futures:
        with pytest.raises(RuntimeError, match="disk full"):
            future.result(10)
    event.remove(store.engine, "commit", refuse)
    assert _notes(store) == []  # nothing of the batch was written
    assert writer.run(_note(4)) == 4  # and the writer goes on
    assert _notes(store) == [4]


def test_a_write_whose_caller_has_gone_is_not_written(store: Store) -> None:
    writer = GroupCommitWriter(store)
    release = held(writer)
    gone = writer.submit(_note(1))
    kept = writer.submit(_note(2))
    assert gone.cancel()
    release.set()
    assert kept.result(10) == 2
    assert _notes(store) == [2]


def test_the_writer_thread_ends_when_idle_and_starts_again_with_the_next_write(
    store: Store,
) -> None:
    writer = GroupCommitWriter(store, idle=0.05)
    assert writer.run(_note(1)) == 1
    deadline = time.monotonic() + 10
    while writer.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not writer.running
    assert writer.run(_note(2)) == 2
    assert _notes(store) == [1, 2]


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_exactly_the_writes_that_succeed_are_stored_whatever_the_batch(
    store: Store, failures: list[bool]
) -> None:
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM notes"))
    writer = GroupCommitWriter(store)
    release = held(writer)
    futures: list[Future[int]] = [
        writer.submit(_note(number, fail)) for number, fail in enumerate(failures, start=1)
    ]
    release.set()
    succeeded = []
    for number, future in enumerate(futures, start=1):
        if future.exception(10) is None:
            succeeded.append(number)
    assert succeeded == [n for n, fail in enumerate(failures, start=1) if not fail]
    assert _notes(store) == succeeded


CHILD = """
import sys, threading
from sqlalchemy import text
from arbitro.store.group_commit import GroupCommitWriter
from arbitro.store import open_store

writer = GroupCommitWriter(open_store(sys.argv[1]))
lock = threading.Lock()

def note(number):
    def write(connection):
        connection.execute(text("INSERT INTO notes (id, body) VALUES (:id, 'x')"), {"id": number})
    return write

def table(first):
    for number in range(first, first + 10_000, 8):
        writer.run(note(number))
        with lock:
            print(number, flush=True)

for first in range(8):
    threading.Thread(target=table, args=(first,)).start()
"""


def test_writes_acknowledged_before_sigkill_survive_it(database: str) -> None:
    # Eight threads write through one writer (so in batches); the process is killed
    # once 200 writes are acknowledged: every acknowledged one is in the database.
    store = open_store(database)
    with store.engine.begin() as connection:
        connection.execute(text("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"))
    store.close()
    child = subprocess.Popen(
        [sys.executable, "-u", "-c", CHILD, database], stdout=subprocess.PIPE, text=True
    )
    acknowledged = []
    assert child.stdout is not None
    for line in child.stdout:
        acknowledged.append(int(line))
        if len(acknowledged) == 200:
            os.kill(child.pid, signal.SIGKILL)
            break
    child.wait(30)
    store = open_store(database)
    try:
        stored = set(_notes(store))
        assert set(acknowledged) <= stored
        if store.engine.dialect.name == "sqlite":
            with store.engine.connect() as connection:
                assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    finally:
        store.close()
