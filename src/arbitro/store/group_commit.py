"""One writer for many requests: the writes that arrive together are committed together.

The tables of an evening send their results at once: at the end of a round, two
hundred tables may enter and confirm within a second. SQLite has one writer at a
time, and each commit waits for the disk; a transaction per request spends most of
its time waiting for the lock and then for its own flush. :class:`GroupCommitWriter`
runs every write in one thread: it takes the writes waiting when it is free, runs
them in one savepoint of one transaction (when a write fails, the batch is run again
with a savepoint for each write, so that one is rolled back alone and its caller gets
its error; the others go on), commits once, and only then answers each caller. So a write is acknowledged only once it is on disk, as before, and the
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

The writer runs a batch's writes in one savepoint; when one raises, it rolls the batch
back to it and runs every write again, each in a savepoint of its own. So a job may run
twice: it must change nothing but the database (what it caches for the batch goes in
:attr:`GroupCommitWriter.batch`, emptied before each run)."""


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
        self.batch: dict[object, Any] = {}
        """What the writes of the batch running now read once and share (the open rounds of
        an event, say), emptied before each run of a batch. It is read under the batch's
        write lock, so no other writer, in this process or another, changes it meanwhile;
        only the writer's thread uses it."""

    @property
    def running(self) -> bool:
        """Whether the writer's thread is alive (it ends after ``idle`` seconds without work).

        >>> from arbitro.store import open_store
        >>> GroupCommitWriter(open_store("sqlite:///:memory:")).running
        False
        """
        with self._guard:
            return self._running

    @property
    def waiting(self) -> int:
        """How many writes are queued and not yet taken into a batch.

        >>> from arbitro.store import open_store
        >>> GroupCommitWriter(open_store("sqlite:///:memory:")).waiting
        0
        """
        return self._waiting.qsize()

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
        """Run ``batch`` in one transaction and settle its writes once it has committed.

        The writes run one after another inside one savepoint for the whole batch: two
        statements a batch instead of two a write. When one raises, the batch goes back
        to that savepoint and runs again with a savepoint for each write (:meth:`_each`),
        so a refused write is rolled back alone and the others are written, as before.
        """
        live = [(job, future) for job, future in batch if future.set_running_or_notify_cancel()]
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]] = {}
        try:
            with self.store.transaction() as db:
                connection = db.connection()
                if not self._together(connection, live, outcomes):
                    self._each(connection, live, outcomes)
        except Exception as failed:  # the transaction failed: none of the batch is written
            for _, future in live:
                outcomes[future] = (None, outcomes.get(future, (None, None))[1] or failed)
        for future, (value, error) in outcomes.items():
            if error is None:
                future.set_result(value)
            else:
                future.set_exception(error)

    def _together(
        self,
        connection: Connection,
        live: list[tuple[Job, Future[Any]]],
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]],
    ) -> bool:
        """Run every write of ``live`` in one savepoint; ``False`` (rolled back) when one raised."""
        self.batch = {}
        connection.exec_driver_sql("SAVEPOINT arbitro_batch")
        for job, future in live:
            try:
                outcomes[future] = (job(connection), None)
            except Exception:
                connection.exec_driver_sql("ROLLBACK TO SAVEPOINT arbitro_batch")
                connection.exec_driver_sql("RELEASE SAVEPOINT arbitro_batch")
                outcomes.clear()
                return False
        connection.exec_driver_sql("RELEASE SAVEPOINT arbitro_batch")
        return True

    def _each(
        self,
        connection: Connection,
        live: list[tuple[Job, Future[Any]]],
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]],
    ) -> None:
        """Run the writes of ``live`` again, each in its own savepoint (a refused one alone undone)."""
        self.batch = {}
        for job, future in live:
            # Written by hand: SQLAlchemy's begin_nested() cost four times as much (about
            # 130 µs against 30 a write), and a job is only Core statements on this
            # connection, so nothing else tracks it.
            connection.exec_driver_sql("SAVEPOINT arbitro_write")
            try:
                outcomes[future] = (job(connection), None)
            except Exception as refused:
                connection.exec_driver_sql("ROLLBACK TO SAVEPOINT arbitro_write")
                outcomes[future] = (None, refused)
            connection.exec_driver_sql("RELEASE SAVEPOINT arbitro_write")
