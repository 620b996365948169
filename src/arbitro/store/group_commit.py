"""One writer for many requests: the writes that arrive together are committed together.

The tables of an evening send their results at once: at the end of a round, two
hundred tables may enter and confirm within a second. SQLite has one writer at a
time, and each commit waits for the disk; a transaction per request spends most of
its time waiting for the lock and then for its own flush. :class:`GroupCommitWriter`
runs every write in one thread: it takes the writes waiting when it is free, runs
them in one transaction (when a write fails, that transaction is rolled back and the
batch is run again in a new one with a savepoint for each write, so that one is rolled
back alone and its caller gets its error; the others go on), commits once, and only
then answers each caller. So a write is acknowledged only once it is on disk, as before, and the
disk is flushed once for a batch instead of once for each of its writes (what
databases call a group commit). With one write waiting, it is a transaction of its
own, as before.

A write the store can do for many at once (recording the confirmed results) is
returned by its job as :class:`Gathered` and done once for the whole batch: one read
of what the results are checked against, one ``INSERT`` for all of them.

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
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection

from arbitro.store.repository import EventStore

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Gathered(Generic[R]):
    """A job's answer that one call for the whole batch completes: ``gather`` of its ``request``.

    A job that ends in a write the store can do for many at once (recording results,
    :meth:`~arbitro.store.results.ResultRecords.record_results`) returns this instead of
    doing it: the writer calls ``gather`` once with the requests of every job of the
    batch that returned it, in order, and each job's answer is its item of the list
    ``gather`` returns. When ``gather`` raises, the batch is run again one write at a
    time (``gather`` called with each request alone, in its job's savepoint), so a
    refusal reaches its own caller.

    >>> from arbitro.store import open_store
    >>> writer = GroupCommitWriter(open_store("sqlite:///:memory:"))
    >>> writer.run(lambda connection: Gathered(6, lambda _, asked: [n * 7 for n in asked]))
    42
    """

    request: Any
    gather: Callable[[Connection, list[Any]], list[R]]


Job = Callable[[Connection], Any]
"""A write: Core statements on the connection of the open transaction; it must not commit.

The writer runs a batch's writes in one transaction; when one raises, it rolls that
transaction back and runs every write again in a new one, each in a savepoint of its
own. So a job may run twice: it must change nothing but the database (what it caches
for the batch goes in :attr:`GroupCommitWriter.batch`, emptied before each run)."""


class _BatchRefusedError(Exception):
    """A write of the batch raised: its transaction is rolled back, to be run one write at a time."""


class GroupCommitWriter:
    """Runs writes on ``store`` in one thread, committing those that wait together at once.

    ``limit`` bounds a batch (the writes of one commit): the default takes every write
    of an evening's 200 tables at once in one batch, one flush of the disk and one set
    of the batch's statements for all of them (with 64, a server process with 100
    tables waiting committed them in two). The thread ends after ``idle`` seconds
    without work and starts again with the next write.

    >>> from arbitro.store import open_store
    >>> writer = GroupCommitWriter(open_store("sqlite:///:memory:"), idle=0.1)
    >>> future = writer.submit(lambda connection: connection.exec_driver_sql("SELECT 1").scalar())
    >>> future.result(timeout=5)
    1
    """

    def __init__(self, store: EventStore, *, limit: int = 256, idle: float = 2.0) -> None:
        self.store = store
        self.limit = limit
        self.idle = idle
        self._waiting: queue.SimpleQueue[tuple[Job, Future[Any], Hashable]] = queue.SimpleQueue()
        self._guard = threading.Lock()
        self._running = False
        self.batch: dict[object, Any] = {}
        """What the writes of the batch running now read once and share (the open rounds of
        an event, say), emptied before each run of a batch. It is read under the batch's
        write lock, so no other writer, in this process or another, changes it meanwhile;
        only the writer's thread uses it."""
        self.keys: tuple[Hashable, ...] = ()
        """The keys (``submit``'s ``key``) of the writes of the batch running now, in order:
        what a write may read once for all of them (the open rounds of every event the
        batch writes to, say). Only the writer's thread uses it."""

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

    def submit(
        self, job: Callable[[Connection], T | Gathered[T]], key: Hashable = None
    ) -> Future[T]:
        """Queue ``job``; its future is settled once its batch has committed (or failed).

        ``key`` names what the job reads that a :class:`Gathered` write of the same key
        would change (a table's results, say): before such a job runs, the gathered
        writes of its key waiting in the batch are done, so it reads them. A job without
        a key has every gathered write done before it runs.

        >>> from arbitro.store import open_store
        >>> writer = GroupCommitWriter(open_store("sqlite:///:memory:"))
        >>> writer.submit(lambda connection: 1 / 0).exception(timeout=5)
        ZeroDivisionError('division by zero')
        """
        future: Future[T] = Future()
        self._waiting.put((job, future, key))
        with self._guard:
            if not self._running:
                self._running = True
                threading.Thread(target=self._work, name="arbitro-writer", daemon=True).start()
        return future

    def run(self, job: Callable[[Connection], T | Gathered[T]], key: Hashable = None) -> T:
        """Run ``job`` and wait for its commit: its result, or its error raised here.

        >>> from arbitro.store import open_store
        >>> GroupCommitWriter(open_store("sqlite:///:memory:")).run(lambda connection: "done")
        'done'
        """
        return self.submit(job, key).result()

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
                self._commit(first)
        finally:
            if not idle:  # stopped by the unforeseen: the next write starts a thread
                with self._guard:
                    self._running = False

    def _commit(self, first: tuple[Job, Future[Any], Hashable]) -> None:
        """Run ``first`` and the writes waiting in one transaction; settle them once it has committed.

        The batch is taken once the transaction holds the write lock: the writes queued
        while it waited for the lock (another process's batch, with several server
        processes) join it, instead of waiting for the next batch and the next turn of
        the lock. The writes run one after another in the transaction, without a
        savepoint: no statement of the batch's own but its lock and its commit. When one
        raises, the transaction is rolled back whole and the batch runs again in a new
        one with a savepoint for each write (:meth:`_each`), so a refused write is
        rolled back alone and the others are written, as before. Between the two, the
        write lock is let go: the second run reads everything again under its own.
        """
        batch = [first]
        live: list[tuple[Job, Future[Any], Hashable]] = []
        taken = False

        def take() -> None:
            """The batch: ``first`` and the writes waiting now (up to ``limit``), those not cancelled."""
            nonlocal taken
            taken = True
            while len(batch) < self.limit:
                try:
                    batch.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            live.extend(one for one in batch if one[1].set_running_or_notify_cancel())
            self.keys = tuple(key for _, _, key in live)

        outcomes: dict[Future[Any], tuple[Any, BaseException | None]] = {}
        try:
            try:
                with self.store.transaction() as db:
                    take()
                    if not self._together(db.connection(), live, outcomes):
                        raise _BatchRefusedError
            except _BatchRefusedError:
                with self.store.transaction() as db:
                    self._each(db.connection(), live, outcomes)
        except Exception as failed:  # the transaction failed: none of the batch is written
            if not taken:  # failed before the lock was had (busy): so do the writes waiting
                take()  # as when the batch was taken first; none waits a timeout after another
            for _, future, _ in live:
                outcomes[future] = (None, outcomes.get(future, (None, None))[1] or failed)
        for future, (value, error) in outcomes.items():
            if error is None:
                future.set_result(value)
            else:
                future.set_exception(error)

    def _together(
        self,
        connection: Connection,
        live: list[tuple[Job, Future[Any], Hashable]],
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]],
    ) -> bool:
        """Run every write of ``live`` on ``connection``; ``False`` when one raised (to be rolled back).

        The :class:`Gathered` answers wait, and are done together: at the end, or before
        a job whose key one of them has (or a job without a key).
        """
        self.batch = {}
        waiting: list[tuple[Future[Any], Gathered[Any]]] = []
        keys: set[Hashable] = set()
        try:
            for job, future, key in live:
                if waiting and (key is None or key in keys):
                    self._gather(connection, waiting, outcomes)
                    waiting, keys = [], set()
                value = job(connection)
                if isinstance(value, Gathered):
                    waiting.append((future, value))
                    keys.add(key)
                else:
                    outcomes[future] = (value, None)
            self._gather(connection, waiting, outcomes)
        except Exception:
            outcomes.clear()
            return False
        return True

    @staticmethod
    def _gather(
        connection: Connection,
        waiting: list[tuple[Future[Any], Gathered[Any]]],
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]],
    ) -> None:
        """Do the :class:`Gathered` writes ``waiting``: one call of each ``gather`` for its requests."""
        by_gather: dict[Callable[[Connection, list[Any]], list[Any]], list[Any]] = {}
        for future, value in waiting:
            by_gather.setdefault(value.gather, []).append((future, value.request))
        for gather, asked in by_gather.items():
            answers = gather(connection, [request for _, request in asked])
            for (future, _), answer in zip(asked, answers, strict=True):
                outcomes[future] = (answer, None)

    def _each(
        self,
        connection: Connection,
        live: list[tuple[Job, Future[Any], Hashable]],
        outcomes: dict[Future[Any], tuple[Any, BaseException | None]],
    ) -> None:
        """Run the writes of ``live`` again, each in its own savepoint (a refused one alone undone)."""
        self.batch = {}
        for job, future, _ in live:
            # Written by hand: SQLAlchemy's begin_nested() cost four times as much (about
            # 130 µs against 30 a write), and a job is only Core statements on this
            # connection, so nothing else tracks it.
            connection.exec_driver_sql("SAVEPOINT arbitro_write")
            try:
                value = job(connection)
                if isinstance(value, Gathered):
                    value = value.gather(connection, [value.request])[0]
                outcomes[future] = (value, None)
            except Exception as refused:
                connection.exec_driver_sql("ROLLBACK TO SAVEPOINT arbitro_write")
                outcomes[future] = (None, refused)
            connection.exec_driver_sql("RELEASE SAVEPOINT arbitro_write")
