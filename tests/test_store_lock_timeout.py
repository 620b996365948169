"""PostgreSQL's write lock is waited for as long as SQLite's, then the answer is "busy".

Every writing transaction takes Árbitro's advisory lock first
(:data:`~arbitro.store.transactions.WRITE_LOCK`). When another program holds it (a
long import, a stuck session), a write waits up to the busy timeout
(:data:`~arbitro.store.database.BUSY_TIMEOUT`), then gives up with
:class:`~arbitro.store.database.DatabaseBusyError`: the director's API answers 503
"the database is busy, try again", as it does on SQLite, and nothing is written.
Without a lock timeout the write waited for ever.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from arbitro.store import Store, open_store
from arbitro.store import database as database_module
from arbitro.store.database import DatabaseBusyError, open_database
from arbitro.store.repository import WRITE_LOCK
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password
from postgresql_cluster import fresh_postgresql_database

pytest_plugins = ("postgresql_cluster",)  # the throwaway PostgreSQL cluster

SECRET = "k" * 64
PASSWORD = "club night"
LAST_RESORT = 60.0
"""Seconds after which the other program lets go in any case: a store without a lock
timeout then writes late, and the test fails on what was written (it does not hang)."""


@pytest.fixture
def url(postgresql_server: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """An empty PostgreSQL database; writes wait a fifth of a second for the lock, not 30 s."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.2)
    return fresh_postgresql_database(postgresql_server)


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = open_store(url)
    opened.add_director("ana", hash_password(PASSWORD))
    yield opened
    opened.close()


@contextmanager
def write_lock_held(url: str) -> Iterator[None]:
    """Another program holding Árbitro's write lock (in a thread of its own)."""
    holding = threading.Event()
    done = threading.Event()

    def hold() -> None:
        engine = open_database(url)
        try:
            with engine.connect() as connection, connection.begin():
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK})
                holding.set()
                done.wait(LAST_RESORT)
        finally:
            engine.dispose()

    other = threading.Thread(target=hold)
    other.start()
    holding.wait()
    try:
        yield
    finally:
        done.set()
        other.join()


def test_a_write_while_another_program_holds_the_lock_is_refused_as_busy(
    store: Store, url: str
) -> None:
    with write_lock_held(url), pytest.raises(DatabaseBusyError):
        store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    assert store.events() == []
    # The lock gone, the same write goes through.
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    assert [info.id for info in store.events()] == [event]


def test_the_directors_api_says_the_database_is_busy_and_writes_nothing(
    store: Store, url: str
) -> None:
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    csrf = {"X-CSRF-Token": signed.json()["csrf"]}
    result = {"board": 1, "table": 1, "contract": "3NT", "declarer": "N", "tricks": "9"}
    with write_lock_held(url):
        answer = client.post(f"/api/events/{event}/results", json=result, headers=csrf)
    assert answer.status_code == 503, answer.text
    assert answer.json()["detail"] == "the database is busy, try again"
    assert store.results(event) == []
    again = client.post(f"/api/events/{event}/results", json=result, headers=csrf)
    assert again.status_code == 201, again.text


def test_the_lock_timeout_is_the_writing_transactions_only(store: Store) -> None:
    """Set for the transaction (``SET LOCAL``): a reading session after it waits as PostgreSQL's default."""
    with store.transaction() as db:
        inside = db.execute(text("SHOW lock_timeout")).scalar_one()
    with store.reading() as db:
        after = db.execute(text("SHOW lock_timeout")).scalar_one()
    assert (inside, after) == ("200ms", "0")
