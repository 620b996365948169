"""What a server reads of an SQLite file before it opens the store, with the standard library.

``arbitro serve``'s first page (the director's sign-in, or the first-run page) needs
three facts of the database: whether it has a director, the signing key of the session
cookie (a setting), and, for a director whose browser still holds a session, that
director's session token (a setting too). Loading SQLAlchemy and the store's models
costs about half of the server's start (issue 26), so for an SQLite file already at
the newest schema revision (:func:`newest_revision`) :class:`FirstReads` reads those
facts with :mod:`sqlite3`, and :class:`~arbitro.store.on_first_use.StoreOnFirstUse`
opens the full store the first time anything else is asked of it. Anything else (PostgreSQL, a file that does not
exist yet, an older revision) opens the store at once, as before.

These reads are a second way of reading what :class:`~arbitro.store.Store` reads;
``tests/test_serve_startup.py`` holds them to the store's own on real databases. The
schema they read is the newest revision's, the only one they are used on.

>>> sqlite_file("sqlite:////srv/club.sqlite3")
PosixPath('/srv/club.sqlite3')
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic migrations of the store's schema."""

BUSY_TIMEOUT = 30.0
"""Seconds a read waits for a lock it meets (as the store's ``database.BUSY_TIMEOUT``)."""

SECRET_SETTING = "web.secret"
"""The setting that holds the installation's signing key (cookies, table codes)."""

SESSIONS_SETTING = "web.sessions:{name}"
"""The setting that holds the token of a director's valid sessions."""


def newest_revision() -> str:
    """The newest migration's revision: the number its file's name starts with.

    Every migration in ``migrations/versions`` is ``NNNN_what.py`` with revision
    ``"NNNN"``, each revising the one before (``tests/test_serve_startup.py``).

    >>> newest_revision() >= "0011"
    True
    """
    names = (path.name for path in (MIGRATIONS / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))
    return max(names)[:4]


def sqlite_file(url: str) -> Path | None:
    """The file of an SQLite URL (``sqlite:///path``), or None for another database or memory.

    What the server's first reads open and what the commands check before they open
    the store (a folder, a file missing): one reading of the URL for both. A URL with a
    query or an escape is None too: SQLAlchemy reads those, and the store opens them.

    >>> sqlite_file("sqlite:////srv/club.sqlite3"), sqlite_file("sqlite:///:memory:")
    (PosixPath('/srv/club.sqlite3'), None)
    >>> sqlite_file("postgresql+psycopg://director@db/arbitro") is None
    True
    """
    scheme, _, rest = url.partition(":///")
    if scheme != "sqlite" or rest in ("", ":memory:") or any(c in rest for c in "?%#"):
        return None  # a query or an escape: the store reads those URLs, and opens them at once
    return Path(rest)


class FirstReads:
    """The few facts of an SQLite file at the newest schema a server's first page reads.

    Each read is one statement on a connection of its own (opened and closed), so it
    sees what other processes committed since, as the store would.

    >>> from arbitro.store import open_store
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.sqlite3"
    >>> store = open_store(f"sqlite:///{path}"); store.add_director("ana", "h")
    >>> reads = FirstReads(path)
    >>> reads.revision() == newest_revision(), reads.has_director(), reads.secret_key()
    (True, True, None)
    >>> key = store.secret_key()   # the store makes it on first use
    >>> reads.secret_key() == key
    True
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    def _one(self, statement: str, *parameters: str) -> tuple[object, ...] | None:
        # Read-only, and never created: a file that went away is an error, not a new database.
        address = self.path.resolve().as_uri() + "?mode=ro"
        connection = sqlite3.connect(address, uri=True, timeout=BUSY_TIMEOUT)
        try:
            row: tuple[object, ...] | None = connection.execute(statement, parameters).fetchone()
            return row
        finally:
            connection.close()

    def revision(self) -> str | None:
        """The schema's revision (Alembic's ``alembic_version``), None if never migrated."""
        try:
            row = self._one("SELECT version_num FROM alembic_version")
        except sqlite3.OperationalError:  # no such table: a file the store never opened
            return None
        return None if row is None else str(row[0])

    def has_director(self) -> bool:
        """Whether the database has a director account (else the first-run page)."""
        return self._one("SELECT 1 FROM directors LIMIT 1") is not None

    def setting(self, name: str) -> str | None:
        """The value of the installation's setting ``name``, if it was made."""
        row = self._one("SELECT value FROM settings WHERE name = ?", name)
        return None if row is None else str(row[0])

    def secret_key(self) -> str | None:
        """The signing key, if it was made (the store makes it on first use)."""
        return self.setting(SECRET_SETTING)

    def session_epoch(self, name: str) -> str | None:
        """The token of director ``name``'s valid sessions, if one was made."""
        return self.setting(SESSIONS_SETTING.format(name=name))
