"""An SQLite file's store opened the first time it is needed, a few facts read before.

``arbitro serve`` gives the web console a :class:`StoreOnFirstUse` for an SQLite file
already at the newest schema: its first page reads what it needs with
:class:`~arbitro.store.first_reads.FirstReads` (the standard library's ``sqlite3``),
and the store (SQLAlchemy, the models: about half of the server's start, issue 26) is
opened after the first answer, or by the first request that needs it.

>>> import tempfile, pathlib
>>> url = f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'club.sqlite3'}"
>>> StoreOnFirstUse.ready(url) is None   # no file yet: the store creates it at once
True
"""

from __future__ import annotations

import sqlite3
from threading import Lock
from typing import TYPE_CHECKING

from arbitro.store.first_reads import FirstReads, newest_revision, sqlite_file

if TYPE_CHECKING:
    from arbitro.store.store import Store


class StoreOnFirstUse:
    """An SQLite file's store, opened the first time it is needed; a few facts read before.

    :meth:`store` opens the store (SQLAlchemy, the models; the schema is already the
    newest) once, in whichever thread asks first; the other threads wait for it.
    :meth:`has_director`, :meth:`secret_key` and :meth:`session_epoch` answer from the
    store once it is open, and with :class:`FirstReads` before.

    >>> from arbitro.store import open_store
    >>> import tempfile, pathlib
    >>> url = f"sqlite:///{pathlib.Path(tempfile.mkdtemp()) / 'club.sqlite3'}"
    >>> open_store(url).close()                   # made and migrated by an earlier start
    >>> later = StoreOnFirstUse.ready(url)
    >>> later.opened, later.has_director()
    (None, False)
    >>> later.store().director_names(), later.opened is later.store()
    ([], True)
    """

    def __init__(self, url: str, reads: FirstReads) -> None:
        self.url = url
        self.reads = reads
        self.opened: Store | None = None
        self._lock = Lock()

    @classmethod
    def ready(cls, url: str) -> StoreOnFirstUse | None:
        """The store of ``url`` to open on first use, if it is an SQLite file at the newest revision.

        None for any other database (PostgreSQL, memory), a file not made yet or a
        schema to migrate: :func:`~arbitro.store.open_store` opens those at once.
        """
        path = sqlite_file(url)
        if path is None or not path.is_file():
            return None
        reads = FirstReads(path)
        try:
            if reads.revision() != newest_revision():
                return None
        except sqlite3.Error:  # not a database, unreadable: the store says what is wrong
            return None
        return cls(url, reads)

    def store(self) -> Store:
        """The store, opened now if it was not yet (the other threads asking wait for it)."""
        opened = self.opened
        if opened is None:
            with self._lock:
                opened = self.opened
                if opened is None:
                    from arbitro.store.store import open_store  # SQLAlchemy: only now

                    opened = self.opened = open_store(self.url)
        return opened

    def has_director(self) -> bool:
        """Whether there is a director account (:meth:`~arbitro.store.Store.director_names`)."""
        if self.opened is not None:
            return bool(self.opened.director_names())
        return self.reads.has_director()

    def secret_key(self) -> str:
        """The signing key (:meth:`~arbitro.store.Store.secret_key`: made by the store if missing)."""
        if self.opened is None:
            kept = self.reads.secret_key()
            if kept is not None:
                return kept
        return self.store().secret_key()

    def session_epoch(self, name: str) -> str | None:
        """The token of ``name``'s sessions (:meth:`~arbitro.store.Store.session_epoch`)."""
        if self.opened is not None:
            return self.opened.session_epoch(name)
        return self.reads.session_epoch(name)
