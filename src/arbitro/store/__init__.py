"""Persistence: the database Árbitro keeps its events in (SQLite by default, PostgreSQL too).

:func:`open_store` opens it, brings its tables up to date (Alembic migrations) and
gives the :class:`Store` of events, results with their audit trail, and the director's
records.

>>> from arbitro.store import database_url
>>> database_url("/tmp/club.sqlite3")
'sqlite:////tmp/club.sqlite3'
"""

from arbitro.store.database import (
    DatabaseError,
    database_url,
    default_database_path,
    open_database,
)
from arbitro.store.repository import StoreError
from arbitro.store.store import Store, open_store

__all__ = [
    "DatabaseError",
    "Store",
    "StoreError",
    "database_url",
    "default_database_path",
    "open_database",
    "open_store",
]
