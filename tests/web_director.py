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
