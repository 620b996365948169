"""Persistence: the database Árbitro keeps its events in (SQLite by default).

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

__all__ = ["DatabaseError", "database_url", "default_database_path", "open_database"]
