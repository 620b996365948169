"""Persistence: the database Árbitro keeps its events in (SQLite by default, PostgreSQL too).

:func:`open_store` opens it, brings its tables up to date (Alembic migrations) and
gives the :class:`Store` of events, results with their audit trail, and the director's
records.

The names load their modules when first asked for (PEP 562): ``arbitro serve`` reads
what its first page needs of an SQLite file (:mod:`arbitro.store.first_reads`) before
SQLAlchemy is imported.

>>> from arbitro.store import database_url
>>> database_url("/tmp/club.sqlite3")
'sqlite:////tmp/club.sqlite3'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.core.lazy import names_on_first_use

if TYPE_CHECKING:
    from arbitro.store.database import (
        DatabaseError,
        database_url,
        default_database_path,
        open_database,
    )
    from arbitro.store.errors import StoreError
    from arbitro.store.store import Store, open_store

_HOMES = {
    "DatabaseError": "database",
    "database_url": "database",
    "default_database_path": "database",
    "open_database": "database",
    "StoreError": "errors",
    "Store": "store",
    "open_store": "store",
}
"""Where each name lives: :mod:`arbitro.store.database` and :mod:`arbitro.store.errors`
come without SQLAlchemy, the others with it."""


__getattr__ = names_on_first_use(__name__, _HOMES)


__all__ = [
    "DatabaseError",
    "Store",
    "StoreError",
    "database_url",
    "default_database_path",
    "open_database",
    "open_store",
]
