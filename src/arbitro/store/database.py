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

import errno
import os
import re
import stat
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import platformdirs

from arbitro.core.errors import ArbitroError, BusyError, FileReason
from arbitro.i18n import N_, gettext

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine, ExceptionContext


BACKENDS: Final = ("sqlite", "postgresql")
"""The kinds of database Árbitro keeps its data in (a URL's backend, whatever its driver)."""


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


class DatabaseBusyError(BusyError):
    """Another program held the database's write lock longer than :data:`BUSY_TIMEOUT`.

    Nothing was written; the same request can simply be sent again.

    >>> print(DatabaseBusyError())
    the database is busy, try again
    """

    status = 503

    def __str__(self) -> str:
        return gettext("the database is busy, try again")


class DiskFullError(ArbitroError):
    """The disk (or the database's quota) is full: the write was rolled back, nothing is lost.

    >>> print(DiskFullError())
    the disk is full: nothing was saved; free some space and try again
    """

    status = 507

    def __str__(self) -> str:
        return gettext("the disk is full: nothing was saved; free some space and try again")


BUSY_TIMEOUT = 30.0
"""Seconds a write waits for another program's write lock before it gives up (SQLite)."""

_BUSY_STATES = frozenset({"55P03", "40P01", "57014"})  # lock not available, deadlock, timeout
_FULL_STATES = frozenset({"53100", "53200"})  # disk full, out of memory


def _translate_error(context: ExceptionContext) -> None:
    """Raise the error a director can act on for a busy database or a full disk."""
    original = context.original_exception
    text = str(original).lower()
    state = getattr(original, "sqlstate", None)
    if "database is locked" in text or "database is busy" in text or state in _BUSY_STATES:
        raise DatabaseBusyError from original
    if (
        "disk is full" in text
        or "no space left" in text
        or state in _FULL_STATES
        or (isinstance(original, OSError) and original.errno in (errno.ENOSPC, errno.EDQUOT))
    ):
        raise DiskFullError from original


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

    Árbitro keeps its data in SQLite or PostgreSQL (:data:`BACKENDS`); a URL of another
    kind of database is refused, naming the two:

    >>> open_database("mysql://director@club/arbitro")
    Traceback (most recent call last):
    ...
    arbitro.store.database.DatabaseError: cannot open the database at 'mysql://director@club/arbitro': expected an SQLite file or a postgresql:// URL
    """
    # SQLAlchemy is imported here, not with the module: ``arbitro serve`` reads what its
    # first page needs of an SQLite file before (:mod:`arbitro.store.first_reads`).
    from sqlalchemy import create_engine, event, text
    from sqlalchemy.engine.url import make_url
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.pool import StaticPool

    try:
        parsed = make_url(url)
        if parsed.get_backend_name() not in BACKENDS:
            raise DatabaseError(
                without_password(url), gettext("expected an SQLite file or a postgresql:// URL")
            )
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            _make_folder(Path(parsed.database).parent)
        if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
            # One connection for the whole in-memory database, or each would see its own.
            engine = create_engine(
                parsed, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
        elif parsed.get_backend_name() == "sqlite":
            _create_private(Path(str(parsed.database)))
            engine = create_engine(parsed, connect_args={"timeout": BUSY_TIMEOUT})
        else:
            engine = create_engine(parsed)
        event.listen(engine, "handle_error", _translate_error)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    # ImportError: a driver missing; ValueError: a URL SQLAlchemy cannot read (a port not a number)
    except (SQLAlchemyError, OSError, ImportError, ValueError) as error:
        raise refused_database(url, error) from None
    return engine


def _make_folder(folder: Path) -> None:
    """Make ``folder`` and those above it; a file in the way is a path that is not a folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # mkdir's answer when a part of the path is a file
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder)) from None


def refused_database(url: str, error: BaseException) -> DatabaseError:
    """The error for the database at ``url`` that could not be opened or set up.

    A refusal by the system (a folder that cannot be made, a device such as /dev/null
    that takes no writes) gives its reason in the active language; a password in the
    URL is not shown.

    >>> print(refused_database("/proc/x/a.db", FileNotFoundError(2, "No such file", "/proc/x")))
    cannot open the database at '/proc/x/a.db': no such file or folder
    """
    reason = str(FileReason.of(error)) if isinstance(error, OSError) else _first_line(error)
    return DatabaseError(without_password(url), _hide_password(url, reason))


_PASSWORD = re.compile(r"^(?P<before>[A-Za-z0-9+.-]+://[^:/@?#]*):(?P<password>[^@/?#]*)@")


def without_password(url: str) -> str:
    """``url`` as it may be shown: a password in it replaced with ``***``.

    An error names the database it could not open, on a screen or in a log; a
    PostgreSQL URL may carry the password of its user.

    >>> without_password("postgresql+psycopg://club:secret@db.example/arbitro")
    'postgresql+psycopg://club:***@db.example/arbitro'
    >>> without_password("sqlite:////srv/club/arbitro.sqlite3")
    'sqlite:////srv/club/arbitro.sqlite3'
    """
    return _PASSWORD.sub(r"\g<before>:***@", url, count=1)


def _hide_password(url: str, text: str) -> str:
    """``text`` with the password of ``url`` in it replaced with ``***`` (a driver may quote the URL)."""
    found = _PASSWORD.match(url)
    if found is None or not found["password"]:
        return text
    return text.replace(url, without_password(url)).replace(found["password"], "***")


class ReadableDatabaseWarning(UserWarning):
    """The database file can be read by other users of the machine."""


def _create_private(path: Path) -> None:
    """Create the SQLite file ``path`` readable by its owner only; warn when an old one is not.

    The file holds the signing key of the console's sessions and the directors'
    password hashes, so it is created with mode 0600 (and its ``-wal`` and ``-shm``
    files, which SQLite makes with the same mode).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.sqlite3"
    >>> _create_private(path); oct(path.stat().st_mode & 0o777)
    '0o600'
    """
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        mode = path.stat().st_mode
        if mode & (stat.S_IRGRP | stat.S_IROTH):
            warnings.warn(
                gettext(
                    "the database '{path}' can be read by other users of this machine and holds "
                    "the directors' password hashes and the console's signing key; "
                    "make it private with: chmod 600 '{path}'"
                ).format(path=path),
                ReadableDatabaseWarning,
                stacklevel=4,
            )
        return
    os.close(descriptor)


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else gettext(_UNKNOWN)


_UNKNOWN = N_("unknown error")
