"""The store's transaction: one database, one way to write, and reading beside it.

:class:`TransactionStore` is the base of every group of the store's records
(:class:`~arbitro.store.events.EventStore` and its mixins): :meth:`~TransactionStore.transaction`
is the one way to write. It holds the database's write lock from its first statement
(SQLite's ``BEGIN IMMEDIATE``; PostgreSQL's transaction-level advisory lock
:data:`WRITE_LOCK`), so every check the store makes before a write holds when the
write commits, and it commits whole or changes nothing: a refused write leaves no
trace. The store's methods called inside the block join it.
:meth:`~TransactionStore.reading` reads without a lock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar

from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session

from arbitro.store import database
from arbitro.store.write_lock import file_write_lock

WRITE_LOCK = 0x41524249  # "ARBI"
"""The key of the PostgreSQL advisory lock every writing transaction takes first."""


def _take_write_lock(connection: Connection) -> None:
    """Take the database's write lock for the transaction ``connection`` is in.

    SQLite's ``BEGIN IMMEDIATE`` (pysqlite would begin only at the first write, after
    the reads that decided it), which waits for another writer up to the busy timeout
    of the connection (:data:`~arbitro.store.database.BUSY_TIMEOUT`); PostgreSQL's
    transaction-level advisory lock, released at commit or rollback (its READ COMMITTED
    reads then see every earlier commit), waited for as long: the transaction's
    ``lock_timeout`` is set first, so a lock held by another program ends in
    PostgreSQL's "lock not available", which the store answers as
    :class:`~arbitro.store.database.DatabaseBusyError` (503), as on SQLite. Both in
    one statement (one round trip): the timeout set in a materialized ``WITH``, whose
    row the lock's ``SELECT`` reads, so it is set before the lock is waited for.
    """
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        waited = f"{max(1, round(database.BUSY_TIMEOUT * 1000))}ms"
        connection.execute(_POSTGRESQL_WRITE_LOCK, {"waited": waited, "key": WRITE_LOCK})


_POSTGRESQL_WRITE_LOCK = text(
    "WITH timeout AS MATERIALIZED (SELECT set_config('lock_timeout', :waited, true)) "
    "SELECT pg_advisory_xact_lock(:key) FROM timeout"
)
"""The transaction's lock timeout, then Árbitro's advisory lock (:data:`WRITE_LOCK`)."""


class TransactionStore:
    """The transaction on one database: the base of the store's groups of records.

    :class:`~arbitro.store.events.EventStore` adds the events to it, and the store's
    other records are mixins derived from that (see :mod:`arbitro.store.store`).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # An SQLite file's writers queue on a lock of the system's, which wakes the next
        # at once, before SQLite's BEGIN IMMEDIATE (whose busy handler sleeps up to 100 ms).
        self._writers = file_write_lock(engine)
        # The session of the transaction() block running in this context, if any: the
        # store's own methods called inside the block join it.
        self._joined: ContextVar[Session | None] = ContextVar(
            f"arbitro-store-{id(self)}", default=None
        )

    def close(self) -> None:
        """Release the database's connections.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").close()
        """
        self.engine.dispose()

    def check(self) -> str:
        """Ask the database to answer (a health check); its kind: ``sqlite`` or ``postgresql``.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").check()
        'sqlite'
        """
        with self.reading() as db:
            db.execute(text("SELECT 1"))
        return self.engine.dialect.name

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """The one way to write: a transaction that holds the database's write lock from its start.

        What the block reads is what its writes commit against, so a check and the write
        it guards (publish once, decide an appeal once, one version after another) hold
        however many requests, threads or processes write at the same time: on SQLite
        the block opens with ``BEGIN IMMEDIATE``; on PostgreSQL it takes Árbitro's
        transaction-level advisory lock (:data:`WRITE_LOCK`) before its first read. All
        its writes are committed, or none: the store's methods called inside the block
        join it, and an error anywhere rolls every write back. ``session.connection()``
        is the same transaction, for statements without the ORM.

        >>> from arbitro.tournament.event import EventSpec
        >>> from arbitro.tournament.records import Ruling
        >>> from arbitro.store import StoreError, open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> event = store.create_event(EventSpec("A", boards=3))
        >>> try:
        ...     with store.transaction():
        ...         _ = store.add_ruling(event, Ruling(1, 1, "16B1a", "score adjusted"))
        ...         _ = store.add_ruling(event, Ruling(9, 1, "16B1a", "no such board"))
        ... except StoreError as error:
        ...     print(error)
        board 9 is not in the event (expected 1 to 3)
        >>> store.rulings(event)
        []
        """
        joined = self._joined.get()
        if joined is not None:
            yield joined
            return
        queued = nullcontext() if self._writers is None else self._writers.held()
        with queued, Session(self.engine, expire_on_commit=False) as session, session.begin():
            _take_write_lock(session.connection())
            token = self._joined.set(session)
            try:
                yield session
            finally:
                self._joined.reset(token)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session that only reads: the enclosing :meth:`transaction`, if any, else its own.

        It takes no lock, so reading never waits for a writer (SQLite's WAL, PostgreSQL's
        snapshots); a check that guards a write belongs in :meth:`transaction` instead.

        >>> from arbitro.store import open_store
        >>> store = open_store("sqlite:///:memory:")
        >>> with store.reading() as db:
        ...     db.connection().exec_driver_sql("SELECT count(*) FROM results").scalar()
        0
        """
        joined = self._joined.get()
        if joined is not None:
            yield joined
            return
        with Session(self.engine, expire_on_commit=False) as session:
            yield session
