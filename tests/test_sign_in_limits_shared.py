"""The sign-in limits are kept in the database: every server process counts the same failures.

With ``arbitro serve --workers N`` (or several machines on one PostgreSQL), a count kept
in each process's memory would let a client try N times as often, one process after
another. The failures are rows of ``sign_in_failures`` (migration 0014), so a second
application over the same database, or a second worker of the same server, refuses
what the first has refused. Each test runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx2
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code
from test_cli_serve import serving

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

SECRET = "t" * 64
PASSWORD = "club night 2026"
WRONG_CODE = "AAAAAA"


def _event(database: str) -> int:
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.add_director("ana", hash_password(PASSWORD))
    store.close()
    return event


def test_two_applications_over_one_database_share_a_browsers_table_code_limit(
    database: str,
) -> None:
    """Five wrong codes through one process: the other refuses even the right code (429)."""
    event = _event(database)
    one = create_app(open_store(database), secret=SECRET, resume=False)
    other = create_app(open_store(database), secret=SECRET, resume=False)
    with TestClient(one) as first, TestClient(other) as second:
        wrong = [
            first.post("/api/tables/sign-in", json={"event": event, "code": WRONG_CODE})
            for _ in range(5)
        ]
        assert [answer.status_code for answer in wrong] == [401] * 5
        second.cookies = first.cookies  # the same browser, its request served by the other
        right = {"event": event, "code": table_code(SECRET, event, 1)}
        assert second.post("/api/tables/sign-in", json=right).status_code == 429


def test_two_applications_over_one_database_share_a_directors_password_limit(
    database: str,
) -> None:
    """Five wrong passwords for a name through one process: the other refuses the sixth."""
    _event(database)
    one = create_app(open_store(database), secret=SECRET, resume=False)
    other = create_app(open_store(database), secret=SECRET, resume=False)
    wrong = {"name": "ana", "password": "not the password"}
    with TestClient(one) as first, TestClient(other) as second:
        assert [first.post("/api/session", json=wrong).status_code for _ in range(5)] == [401] * 5
        right = {"name": "ana", "password": PASSWORD}
        assert second.post("/api/session", json=right).status_code == 429


def test_serve_with_two_workers_allows_no_more_table_codes_than_one(
    database: str, tmp_path: Path
) -> None:
    """Two real worker processes on one port: after a browser's 5 wrong codes, every
    further attempt is refused, whichever process answers it (each request on a new
    connection, so both processes answer some)."""
    event = _event(database)
    with serving(database, "--workers", "2") as (url, _):
        headers = {"Connection": "close"}
        with httpx2.Client(base_url=url, headers=headers, timeout=30) as client:
            wrong = {"event": event, "code": WRONG_CODE}
            statuses = [
                client.post("/api/tables/sign-in", json=wrong).status_code for _ in range(5)
            ]
            assert statuses == [401] * 5
            later = [client.post("/api/tables/sign-in", json=wrong).status_code for _ in range(8)]
    assert later == [429] * 8


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=900), min_size=0, max_size=12),
    st.integers(min_value=1, max_value=6),
)
def test_a_failure_counts_only_within_its_window(ages: list[int], attempts: int) -> None:
    """The count is the failures younger than the window, however many older ones came first."""
    store = open_store("sqlite:///:memory:")
    now = datetime.now(UTC)
    for age in sorted(ages, reverse=True):  # in the order they happened
        store.record_sign_in_failure("name", "10.0.0.1 ana", 300, now=now - timedelta(seconds=age))
    expected = sum(1 for age in ages if age < 300)
    assert store.sign_in_failures("name", "10.0.0.1 ana", 300, now=now) == expected
    assert store.sign_in_failures("table address", "10.0.0.1 ana", 300, now=now) == 0
    store.clear_sign_in_failures("name", "10.0.0.1 ana")
    assert store.sign_in_failures("name", "10.0.0.1 ana", 300, now=now) == 0
    store.close()
