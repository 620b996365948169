"""The base of the store, gathered: the transaction, the schema's migrations and the events.

:func:`~arbitro.store.store.open_store` opens the database
(:func:`~arbitro.store.database.open_database`) and brings its schema up to date with
the Alembic migrations (:func:`migrate`, ``schema.py``). Every method of
:class:`~arbitro.store.store.Store` is one transaction
(:meth:`~arbitro.store.transactions.TransactionStore.transaction`,
``transactions.py``): it either commits whole or changes nothing, so a result whose
entry returned is on disk, and a refused one leaves no trace
(:meth:`~arbitro.store.store.Store.record_result` is the one that joins its caller's
transaction, opened with ``Store.transaction``, for checks of the caller made in the
same transaction). A writing transaction holds the database's write lock from its
first statement, so every check the store makes before a write holds when the write
commits.

:class:`EventStore` (``events.py``) adds the events themselves (created, read,
deleted) and their participants, checked first (``event_checks.py``) and read back
as an :class:`EventInfo` (``event_rows.py``); the store's refusals are in
``errors.py``. The records kept about an event are the mixins of their own modules,
each an ``EventStore`` too: the boards' markings (``boards.py``), the results and
their audit trail (``results.py``), the publication and reopening of the results
(``publishing.py``), rulings and appeals (``rulings.py``), penalties
(``penalties.py``), the director's acts on participants and the carry-overs
(``participants.py``), scores and rankings (``scores.py``), the rounds still unplayed
and a Swiss's pairing (``pairing.py``); the values they answer with are in
``stored.py``. This module names what they import from the base.

>>> from arbitro.tournament.entry import Entry
>>> from arbitro.tournament.event import EventSpec, Participant
>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> event = store.create_event(EventSpec("Tuesday", boards=2), [Participant("1"), Participant("2")])
>>> stored = store.enter_result(event, board=1, table=1, entry=Entry.from_str("4S N 10"), ns="1", ew="2")
>>> stored.result.to_str(), stored.version
('+420', 1)
>>> store.close()
"""

from __future__ import annotations

from arbitro.store.errors import StoreConflictError, StoreError, StoreNotFoundError
from arbitro.store.event_checks import (
    check_board,
    check_carry_over,
    check_participant,
    seated_opponent,
)
from arbitro.store.event_rows import (
    EventInfo,
    as_utc,
    event_info,
    reopened_board_numbers,
    stored_movement,
    time_of,
)
from arbitro.store.events import EventStore
from arbitro.store.first_reads import MIGRATIONS, newest_revision
from arbitro.store.schema import migrate, schema_revision
from arbitro.store.transactions import WRITE_LOCK

__all__ = [
    "MIGRATIONS",
    "WRITE_LOCK",
    "EventInfo",
    "EventStore",
    "StoreConflictError",
    "StoreError",
    "StoreNotFoundError",
    "as_utc",
    "check_board",
    "check_carry_over",
    "check_participant",
    "event_info",
    "migrate",
    "newest_revision",
    "reopened_board_numbers",
    "schema_revision",
    "seated_opponent",
    "stored_movement",
    "time_of",
]
