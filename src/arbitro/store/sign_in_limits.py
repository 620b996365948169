"""The failed sign-ins, counted in the database so every server process sees the same count.

A director's password or a table's code tried wrongly too often from one client is
refused for a while (:mod:`arbitro.web.security`). With several server processes over
one database (``arbitro serve --workers N``, or several machines on one PostgreSQL), a
count kept in one process's memory would let a client try N times as often, one
process after another. So each failure is a row of ``sign_in_failures``: its limit
(``scope``), a digest of its key (the client's address and the name or table tried;
the address itself is not kept) and its time. A row older than the limit's window no
longer counts, and goes with the next failure recorded.

>>> from arbitro.store import open_store
>>> store = open_store("sqlite:///:memory:")
>>> store.record_sign_in_failure("name", "10.0.0.1 ana", window=300)
>>> store.sign_in_failures("name", "10.0.0.1 ana", window=300)
1
>>> store.clear_sign_in_failures("name", "10.0.0.1 ana")
>>> store.sign_in_failures("name", "10.0.0.1 ana", window=300)
0
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, insert, select

from arbitro.store.models import SignInFailureRow
from arbitro.store.repository import EventStore

__all__ = ["SignInFailureRecords", "failure_key"]


def failure_key(key: str) -> str:
    """The digest a key is kept under (64 hexadecimal digits): the address is not stored as such.

    >>> failure_key("10.0.0.1 ana") == failure_key("10.0.0.1 ana"), len(failure_key("x"))
    (True, 64)
    """
    return hashlib.sha256(key.encode()).hexdigest()


def _since(window: float, now: datetime | None) -> datetime:
    """The start of the window that ends ``now`` (the store's clock, UTC)."""
    return (now or datetime.now(UTC)) - timedelta(seconds=window)


class SignInFailureRecords(EventStore):
    """The failed sign-ins of every server process over this database, by limit and key."""

    def sign_in_failures(
        self, scope: str, key: str, window: float, now: datetime | None = None
    ) -> int:
        """How many sign-ins failed under ``scope`` for ``key`` in the last ``window`` seconds.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").sign_in_failures("name", "1.2.3.4 ana", 300)
        0
        """
        with self.reading() as db:
            found = db.execute(
                select(func.count()).where(
                    SignInFailureRow.scope == scope,
                    SignInFailureRow.key == failure_key(key),
                    SignInFailureRow.failed_at > _since(window, now),
                )
            ).scalar_one()
        return int(found)

    def record_sign_in_failure(
        self, scope: str, key: str, window: float, now: datetime | None = None
    ) -> None:
        """Count a failed sign-in under ``scope`` for ``key``; forget failures past ``window``.

        >>> from arbitro.store import open_store
        >>> from datetime import UTC, datetime, timedelta
        >>> store = open_store("sqlite:///:memory:")
        >>> long_ago = datetime.now(UTC) - timedelta(hours=1)
        >>> store.record_sign_in_failure("name", "1.2.3.4 ana", 300, now=long_ago)
        >>> store.record_sign_in_failure("name", "1.2.3.4 ana", 300)
        >>> store.sign_in_failures("name", "1.2.3.4 ana", window=7200)  # the first is gone
        1
        """
        moment = now or datetime.now(UTC)
        with self.transaction() as db:
            connection = db.connection()
            # Within the same limit, rows whose window has passed count no more: a flood
            # of made-up names leaves nothing behind for long.
            connection.execute(
                delete(SignInFailureRow).where(
                    SignInFailureRow.scope == scope,
                    SignInFailureRow.failed_at <= _since(window, moment),
                )
            )
            connection.execute(
                insert(SignInFailureRow).values(scope=scope, key=failure_key(key), failed_at=moment)
            )

    def clear_sign_in_failures(self, scope: str, key: str) -> None:
        """Forget the failed sign-ins under ``scope`` for ``key`` (after a successful one).

        It writes only when there is something to forget, so a sign-in that succeeds
        at once costs one read.

        >>> from arbitro.store import open_store
        >>> open_store("sqlite:///:memory:").clear_sign_in_failures("name", "1.2.3.4 ana")
        """
        digest = failure_key(key)
        where = (SignInFailureRow.scope == scope, SignInFailureRow.key == digest)
        with self.reading() as db:
            kept = db.execute(select(SignInFailureRow.id).where(*where).limit(1)).first()
        if kept is None:
            return
        with self.transaction() as db:
            db.connection().execute(delete(SignInFailureRow).where(*where))
