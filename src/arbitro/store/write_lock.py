"""The writers of one SQLite file queued by the operating system, not by SQLite's busy sleeps.

SQLite lets one transaction write a file at a time. A second writer's ``BEGIN
IMMEDIATE`` does not wait for the first to finish: SQLite's busy handler sleeps and
tries again, sleeping longer each time (1, 2, 5, 10, … up to 100 ms). With two server
processes each writing a batch after another, the one that just committed takes the
lock again at once while the other sleeps, so the other's tables wait hundreds of
milliseconds for a lock that was free most of that time.

:class:`FileWriteLock` queues Árbitro's writers of a file on an exclusive ``flock`` of
a file beside it (the database's name and ``-writer``): a writer waiting for it sleeps
in the kernel and wakes as soon as the one before lets go, in this process or another. It is taken before ``BEGIN IMMEDIATE`` and let go after the
commit, so the writers of Árbitro meet SQLite's lock free. A wait is bounded as
SQLite's is, by :data:`~arbitro.store.database.BUSY_TIMEOUT`: a writer that holds the
lock longer (a hung transaction) costs the others "the database is busy, try again",
never an endless wait. A process that dies lets go of its lock with it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> lock = FileWriteLock(folder / "club.sqlite3")
>>> with lock.held():
...     (folder / "club.sqlite3-writer").exists()
True
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine

__all__ = ["FileWriteLock", "file_write_lock"]


class FileWriteLock:
    """An exclusive lock on ``<database>-writer``, held by :meth:`held`; the file opened anew each time.

    Each hold opens the file anew, so two threads of one process exclude each other as
    two processes do (a ``flock`` belongs to the open file, not to the process).

    >>> import tempfile, pathlib, threading
    >>> lock = FileWriteLock(pathlib.Path(tempfile.mkdtemp()) / "a.sqlite3")
    >>> order = []
    >>> def second() -> None:
    ...     with lock.held():
    ...         order.append("second")
    >>> with lock.held():
    ...     other = threading.Thread(target=second)
    ...     other.start(); other.join(0.2); order.append("first")
    >>> other.join(); order
    ['first', 'second']
    """

    def __init__(self, database: Path) -> None:
        self.path = Path(f"{database}-writer")

    @contextmanager
    def held(self) -> Iterator[None]:
        """Wait for the lock, hold it for the block, let it go.

        Taken at once when it is free. Otherwise a thread of its own waits for it in the
        kernel (which wakes it when the holder lets go) while this one waits up to
        :data:`~arbitro.store.database.BUSY_TIMEOUT`; past that,
        :class:`~arbitro.store.database.DatabaseBusyError`, nothing written (the waiting
        thread lets the lock go as soon as it gets it).
        """
        import fcntl  # POSIX only: file_write_lock gives no lock where it is missing

        from arbitro.store import database

        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not _wait_for(descriptor, database.BUSY_TIMEOUT):
                    descriptor = -1  # the waiting thread closes it
                    raise database.DatabaseBusyError from None
            yield
        finally:
            if descriptor >= 0:
                os.close(descriptor)  # closing the file lets go of its lock


def _wait_for(descriptor: int, timeout: float) -> bool:
    """Whether the lock on ``descriptor`` was taken within ``timeout`` seconds.

    A daemon thread waits in ``flock``; if this side gives up first, that thread closes
    ``descriptor`` once it has the lock (or at once, if it already had it), so the lock
    is never kept by a writer that has gone.
    """
    import fcntl

    taken = threading.Event()
    guard = threading.Lock()
    abandoned = False

    def wait() -> None:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        with guard:
            if abandoned:
                os.close(descriptor)
            else:
                taken.set()

    threading.Thread(target=wait, name="arbitro-write-lock", daemon=True).start()
    taken.wait(timeout)
    with guard:
        if taken.is_set():
            return True
        abandoned = True
        return False


def file_write_lock(engine: Engine) -> FileWriteLock | None:
    """The writers' lock of ``engine``'s SQLite file; ``None`` for other databases.

    PostgreSQL queues its writers on its advisory lock (which wakes the next at once);
    an in-memory SQLite database has one connection; where ``flock`` is missing
    (Windows), SQLite's busy handler alone orders the writers.

    >>> from sqlalchemy import create_engine
    >>> file_write_lock(create_engine("sqlite://")) is None
    True
    >>> file_write_lock(create_engine("sqlite:////tmp/club.sqlite3")).path.name
    'club.sqlite3-writer'
    """
    database = engine.url.database
    if engine.dialect.name != "sqlite" or database in (None, "", ":memory:"):
        return None
    if sys.platform == "win32":
        return None
    return FileWriteLock(Path(str(database)))
