"""Opening the database: an embedded SQLite file by default, any SQLAlchemy URL otherwise.

The location comes from ``ARBITRO_DB`` when it is set (a file path, or a URL such as
``postgresql+psycopg://user@host/arbitro``), else from :func:`default_database_path`.
SQLite files are opened in WAL mode with foreign keys enforced, so committed data
survives a crash of the server.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> engine = open_database(database_url(str(folder / "club" / "arbitro.sqlite3")))
>>> (folder / "club" / "arbitro.sqlite3").exists()
True
>>> engine.dispose()
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.engine.url import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from arbitro.core.errors import ArbitroError
from arbitro.i18n import N_, gettext


class DatabaseError(ArbitroError):
    """The database could not be opened; the message names where it was looked for."""

    def __init__(self, location: str, reason: str) -> None:
        self.location = location
        self.reason = reason
        super().__init__(location, reason)

    def __str__(self) -> str:
        return gettext("cannot open the database at '{location}': {reason}").format(
            location=self.location, reason=self.reason
        )


def default_database_path() -> Path:
    """Where the database lives when ``ARBITRO_DB`` is not set: the user's data folder.

    On Linux that is ``~/.local/share/arbitro/arbitro.sqlite3``.

    >>> default_database_path().name
    'arbitro.sqlite3'
    """
    return platformdirs.user_data_path("arbitro") / "arbitro.sqlite3"


def database_url(location: str | None = None) -> str:
    """The SQLAlchemy URL for ``location`` (a path or a URL), ``ARBITRO_DB``, or the default.

    A plain ``postgresql://`` URL is given the driver Árbitro installs (psycopg 3).

    >>> database_url("sqlite:///:memory:")
    'sqlite:///:memory:'
    >>> database_url("postgresql://director@db.club/arbitro")
    'postgresql+psycopg://director@db.club/arbitro'
    """
    chosen = location or os.environ.get("ARBITRO_DB") or str(default_database_path())
    if chosen.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + chosen.partition("://")[2]
    if "://" in chosen:
        return chosen
    return f"sqlite:///{Path(chosen).expanduser().resolve()}"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def open_database(url: str) -> Engine:
    """Open (creating it if needed) the database at ``url`` and check it answers.

    >>> open_database("nosuchdialect://x")
    Traceback (most recent call last):
    ...
    arbitro.store.database.DatabaseError: cannot open the database at 'nosuchdialect://x': ...
    """
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
            # One connection for the whole in-memory database, or each would see its own.
            engine = create_engine(
                parsed, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
        else:
            engine = create_engine(parsed)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError, ImportError) as error:  # ImportError: driver missing
        raise DatabaseError(url, _first_line(error)) from None
    return engine


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else gettext(_UNKNOWN)


_UNKNOWN = N_("unknown error")
