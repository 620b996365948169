"""One writer for many requests: the writes that arrive together are committed together.

The tables of an evening send their results at once: at the end of a round, two
hundred tables may enter and confirm within a second. SQLite has one writer at a
time, and each commit waits for the disk; a transaction per request spends most of
its time waiting for the lock and then for its own flush. :class:`GroupCommitWriter`
runs every write in one thread: it takes the writes waiting when it is free, runs
each in a savepoint of one transaction (a write that fails is rolled back alone and
its caller gets its error; the others go on), commits once, and only then answers
each caller. So a write is acknowledged only once it is on disk, as before, and the
disk is flushed once for a batch instead of once for each of its writes (what
databases call a group commit). With one write waiting, it is a transaction of its
own, as before.

The thread starts with the first write and ends after ``idle`` seconds without one.

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> writer = GroupCommitWriter(store)
>>> writer.run(lambda connection: connection.exec_driver_sql("SELECT 6 * 7").scalar())
42
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy import Connection

from arbitro.store.repository import EventStore

T = TypeVar("T")

Job = Callable[[Connection], Any]
"""A write: Core statements on the connection of the open transaction; it must not commit.

The writer opens a savepoint before it and releases it after (rolled back to it first
when the write raises)."""


class GroupCommitWriter:
    """Runs writes on ``store`` in one thread, committing those that wait together at once.

    ``limit`` bounds a batch (the writes of one commit); the thread ends after ``idle``
    seconds without work and starts again with the next write.

    >>> from arbitro.store import open_store
    >>> writer = GroupCommitWriter(open_store("sqlite:///:memory:"), idle=0.1)
    >>> future = writer.submit(lambda connection: connection.exec_driver_sql("SELECT 1").scalar())
    >>> future.result(timeout=5)
    1
    """

    def __init__(self, store: EventStore, *, limit: int = 64, idle: float = 2.0) -> None:
        self.store = store
        self.limit = limit
        self.idle = idle
        self._waiting: queue.SimpleQueue[tuple[Job, Future[Any]]] = queue.SimpleQueue()
        self._guard = threading.Lock()
        self._running = False

    @property
    def running(self) -> bool:
        """Whether the writer's thread is alive (it ends after ``idle`` seconds without work).

        >>> from arbitro.store import open_store
        >>> GroupCommitWriter(open_store("sqlite:///:memory:")).running
        False
        """
        with self._guard:
            return self._running

    def submit(self, job: Callable[[Connection], T]) -> Future[T]:
        """Queue ``job``; its future is settled once its batch has committed (or failed).

        >>> from arbitro.store import open_store
        >>> writer = GroupCommitWriter(open_store("sqlite:///:memory:"))
        >>> writer.submit(lambda connection: 1 / 0).exception(timeout=5)
        ZeroDivisionError('division by zero')
        """
        future: Future[T] = Future()
        self._waiting.put((job, future))
        with self._guard:
            if not self._running:
                self._running = True
                threading.Thread(target=self._work, name="arbitro-writer", daemon=True).start()
        return future

    def run(self, job: Callable[[Connection], T]) -> T:
        """Run ``job`` and wait for its commit: its result, or its error raised here.

        >>> from arbitro.store import open_store
        >>> GroupCommitWriter(open_store("sqlite:///:memory:")).run(lambda connection: "done")
        'done'
        """
        return self.submit(job).result()

    def _work(self) -> None:
        """The writer thread: a batch at a time, until ``idle`` seconds pass without work."""
        idle = False
        try:
            while not idle:
                try:
                    first = self._waiting.get(timeout=self.idle)
                except queue.Empty:
                    with self._guard:  # a write queued from now on starts a new thread
                        idle = self._waiting.empty()
                        self._running = not idle
                    continue
                batch = [first]
                while len(batch) < self.limit:
                    try:
                        batch.append(self._waiting.get_nowait())
                    except queue.Empty:
                        break
                self._commit(batch)
        finally:
            if not idle:  # stopped by the unforeseen: the next write starts a thread
                with self._guard:
                    self._running = False

    def _commit(self, batch: list[tuple[Job, Future[Any]]]) -> None:
        """Run ``batch`` in one transaction, each write in a savepoint; then settle them all."""
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]] = {}
        try:
            with self.store.transaction() as db:
                connection = db.connection()
                for job, future in batch:
                    if not future.set_running_or_notify_cancel():
                        continue  # its caller has gone: it is not written
                    # Written by hand: SQLAlchemy's begin_nested() cost four times as
                    # much (about 130 µs against 30 a write), and a job is only Core
                    # statements on this connection, so nothing else tracks it.
                    connection.exec_driver_sql("SAVEPOINT arbitro_write")
                    try:
                        value = job(connection)
                    except Exception as refused:
                        connection.exec_driver_sql("ROLLBACK TO SAVEPOINT arbitro_write")
                        outcomes[future] = (None, refused)
                    else:
                        outcomes[future] = (value, None)
                    connection.exec_driver_sql("RELEASE SAVEPOINT arbitro_write")
        except Exception as failed:  # the transaction failed: none of the batch is written
            for _, future in batch:
                if future in outcomes:
                    outcomes[future] = (None, outcomes[future][1] or failed)
                elif future.running() or future.set_running_or_notify_cancel():
                    outcomes[future] = (None, failed)
        for future, (value, error) in outcomes.items():
            if error is None:
                future.set_result(value)
            else:
                future.set_exception(error)
