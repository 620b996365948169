"""The director's side of the web tests: a store with director ``ana``, and her signed-in client.

Test modules load it as a plugin, ``pytest_plugins = ("web_director",)``, and take the
``store`` and ``director`` fixtures (a module may still define its own, which wins).
PYTEST_DONT_REWRITE: the doctest collection may import it first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code

PASSWORD = "club night 2026"
"""Director ``ana``'s password."""
SECRET = "s" * 64
"""The application's secret (session cookies, table codes, poll links)."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An SQLite store in the test's folder, with director ``ana``."""
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    opened.add_director("ana", hash_password(PASSWORD))
    yield opened
    opened.close()


@pytest.fixture
def director(store: Store) -> Iterator[tuple[TestClient, str]]:
    """A client signed in as director ``ana``, and its CSRF token."""
    with TestClient(create_app(store, secret=SECRET)) as client:
        answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert answer.status_code == 200
        yield client, answer.json()["csrf"]


def table_page(store: Store, event: int, table: int, lang: str) -> str:
    """Table ``table``'s page, signed in through the table-card code, in ``lang``."""
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert signed.status_code == 200, signed.text
    page = client.get(f"/tables/{event}/{table}?lang={lang}")
    assert page.status_code == 200
    return page.text


def ranking_shown_at_tables(store: Store) -> tuple[int, str]:
    """A three-table Mitchell whose tables 1 and 2 played round 1, its ranking shown at the tables.

    Returns the event and a pair of table 2, one a test may disqualify.
    """
    from arbitro.tournament.entry import Entry
    from arbitro.tournament.event import EventSpec
    from arbitro.tournament.movements import mitchell

    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    first = [s for s in movement.schedule if s.round == 1 and s.table in (1, 2)]
    for seating in first:
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    store.show_ranking_at_tables(event, True)
    return event, next(s.sides[0] for s in first if s.table == 2)
