"""An SQLite file's writers queue on a lock of the system's (``<file>-writer``), across processes.

Two server processes (``arbitro serve --workers 2``) write one file: the second writer
waits in the kernel for the first one's ``flock`` and wakes when it lets go, instead
of sleeping in SQLite's busy handler; it waits no longer than the busy timeout. The lock is taken by every
:meth:`~arbitro.store.transactions.TransactionStore.transaction` of a file database, before
SQLite's own write lock, and let go after the commit. On PostgreSQL the writers queue on
Árbitro's advisory lock, taken with its lock timeout in one statement.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event as sqlalchemy_event
from sqlalchemy import text

from arbitro.store import database as database_module
from arbitro.store import open_store
from arbitro.store.database import DatabaseBusyError
from arbitro.store.store import Store
from arbitro.tournament.event import EventSpec
from postgresql_cluster import fresh_postgresql_database

pytest_plugins = ("postgresql_cluster",)  # the throwaway PostgreSQL cluster

HOLDER = """
import sys
from arbitro.store import open_store
store = open_store(sys.argv[1])
with store.transaction():
    print("holding", flush=True)
    sys.stdin.readline()
store.close()
"""
"""Another server process: opens the file, holds a write transaction until told to end."""


@contextmanager
def another_process_writing(path: Path) -> Iterator[Callable[[], None]]:
    """Another process holding a write transaction on ``path``; the value ends it.

    On leaving, the process is ended (killed if it has not ended by then) and waited for.
    """
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None
    assert holder.stdout is not None
    stdin = holder.stdin

    def end() -> None:
        stdin.write("done\n")
        stdin.flush()
        assert holder.wait(timeout=30) == 0

    try:
        assert holder.stdout.readline().strip() == "holding"
        yield end
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=30)


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The database file; SQLite's own busy wait cut to a tenth of a second."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.1)
    return tmp_path / "arbitro.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    opened = open_store(str(path))
    yield opened
    opened.close()


def taken_by_another(lock_file: Path) -> bool:
    """Whether someone holds the writers' lock now (tried without waiting)."""
    descriptor = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


def test_a_write_transaction_holds_the_writers_lock_until_it_commits(
    store: Store, path: Path
) -> None:
    lock_file = Path(f"{path}-writer")
    with store.transaction():
        assert taken_by_another(lock_file)
    assert not taken_by_another(lock_file)
    with store.reading():  # a read takes no lock
        assert not taken_by_another(lock_file)


def test_a_second_process_writer_waits_for_the_first_and_then_writes(
    store: Store, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds a write for longer than SQLite's busy timeout: this one queues, then writes.

    Before the queue, the second writer gave up with "the database is busy" after the
    busy timeout (here 0.1 s) although the holder was Árbitro itself. The queue's own
    wait is bounded by the busy timeout read when it starts waiting: 30 s here.
    """
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 30.0)
    with another_process_writing(path) as end:
        assert taken_by_another(Path(f"{path}-writer"))
        made: list[int] = []
        writer = threading.Thread(
            target=lambda: made.append(store.create_event(EventSpec("Club", boards=2)))
        )
        writer.start()
        writer.join(1.0)  # ten busy timeouts: it is still waiting in the queue, not refused
        assert writer.is_alive()
        assert made == []
        end()
        writer.join(30)
        assert not writer.is_alive()
        assert [event.id for event in store.events()] == made


def test_a_write_waiting_past_the_busy_timeout_is_refused_as_busy_and_writes_nothing(
    store: Store, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hung writer of Árbitro's costs the others "busy, try again", never an endless wait.

    The abandoned wait lets the lock go as soon as it gets it: once the holder ends, the
    file's writers' lock is free and the store writes again.
    """
    with another_process_writing(path) as end:
        monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.3)
        with pytest.raises(DatabaseBusyError):
            store.create_event(EventSpec("Club", boards=2))
        assert store.events() == []
        end()
    lock_file = Path(f"{path}-writer")
    for _ in range(100):  # the abandoned wait takes the lock and lets it go at once
        if not taken_by_another(lock_file):
            break
        threading.Event().wait(0.05)
    assert not taken_by_another(lock_file)
    made = store.create_event(EventSpec("Club", boards=2))
    assert [event.id for event in store.events()] == [made]


def test_two_stores_on_one_file_take_turns_in_order(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two stores (two processes' worth of state) on one file: the second writes after the first commits."""
    first, second = open_store(str(path)), open_store(str(path))
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 30.0)  # the queue's wait
    try:
        order: list[str] = []
        started = threading.Event()

        def later() -> None:
            started.set()
            with second.transaction():
                order.append("second")

        with first.transaction():
            other = threading.Thread(target=later)
            other.start()
            assert started.wait(10)
            other.join(0.3)
            order.append("first")
        other.join(30)
        assert order == ["first", "second"]
    finally:
        first.close()
        second.close()


def test_a_postgresql_write_takes_its_lock_and_lock_timeout_in_one_statement(
    postgresql_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL a writing transaction costs one statement for its lock (the lock
    timeout and the advisory lock together), and the timeout is in force inside it."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.25)
    store = open_store(fresh_postgresql_database(postgresql_server))
    seen: list[str] = []

    def record(*arguments: object) -> None:
        seen.append(str(arguments[2]))

    try:
        sqlalchemy_event.listen(store.engine, "before_cursor_execute", record)
        with store.transaction() as db:
            lock_statements = list(seen)
            timeout = db.execute(text("SHOW lock_timeout")).scalar_one()
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", record)
        store.close()
    assert len(lock_statements) == 1, lock_statements
    assert "pg_advisory_xact_lock" in lock_statements[0]
    assert timeout == "250ms"
