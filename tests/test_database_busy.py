"""A database another program holds, or a full disk: a clear answer in the user's language.

Another process holding SQLite's write lock longer than the busy timeout, and a disk
with no room left, are no fault of the request: the tables' API and the director's API
answer 503 "the database is busy, try again" and 507 "the disk is full", the pages say
so in their language, and the command line prints one line (exit 1), never "internal
error". Nothing is written in either case.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event as sqlalchemy_event

from arbitro.cli import main
from arbitro.store import Store, open_store
from arbitro.store import database as database_module
from arbitro.store.database import BUSY_TIMEOUT, DatabaseBusyError, DiskFullError
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry

SECRET = "k" * 64
PASSWORD = "club night"


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The database file; writes wait a tenth of a second for a lock, not 30 seconds."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.1)
    return tmp_path / "arbitro.sqlite3"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    opened = open_store(str(path))
    opened.add_director("ana", hash_password(PASSWORD))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    number = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    return number


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """Another program holding the database's write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def table_client(store: Store, event: int, table: int) -> tuple[TestClient, dict[str, str]]:
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def seating(store: Store, event: int, table: int) -> tuple[str, str, int]:
    movement = store.movement(event)
    assert movement is not None
    found = next(s for s in movement.schedule if s.table == table and s.round == 1)
    assert found.ns is not None
    assert found.ew is not None
    return found.ns, found.ew, found.boards[0]


def test_the_busy_timeout_is_longer_than_sqlites_five_seconds() -> None:
    assert BUSY_TIMEOUT >= 30


def test_a_table_confirmation_while_another_program_writes_says_the_database_is_busy(
    store: Store, event: int, path: Path
) -> None:
    client, csrf = table_client(store, event, 1)
    ns, ew, board = seating(store, event, 1)
    entered = client.post(
        f"/api/tables/{event}/1/boards/{board}",
        json={"contract": "3NT", "declarer": "N", "tricks": "9", "ns": ns, "ew": ew},
        headers=csrf,
    )
    assert entered.status_code == 200, entered.text
    with write_lock_held(path):
        confirmed = client.post(
            f"/api/tables/{event}/1/boards/{board}/confirm?lang=es",
            json={"pair": ew},
            headers={**csrf, "Accept-Language": "es"},
        )
    assert confirmed.status_code == 503, confirmed.text
    assert "ocupada" in confirmed.json()["detail"]
    assert store.results(event) == []
    again = client.post(
        f"/api/tables/{event}/1/boards/{board}/confirm", json={"pair": ew}, headers=csrf
    )
    assert again.status_code == 201, again.text


def test_a_director_api_write_while_another_program_writes_says_the_database_is_busy(
    store: Store, event: int, path: Path
) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    csrf = {"X-CSRF-Token": signed.json()["csrf"]}
    _, _, board = seating(store, event, 1)
    with write_lock_held(path):
        answer = client.post(
            f"/api/events/{event}/results",
            json={"board": board, "table": 1, "contract": "3NT", "declarer": "N", "tricks": "9"},
            headers=csrf,
        )
    assert answer.status_code == 503, answer.text
    assert answer.json()["detail"] == "the database is busy, try again"


def test_the_command_line_says_the_database_is_busy(
    store: Store, event: int, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with write_lock_held(path), pytest.raises(SystemExit) as exited:
        main(
            [
                *("result", "enter", str(event), "--board", "1", "--table", "1"),
                *("--db", str(path), "--contract", "3NT", "--declarer", "N", "--tricks", "9"),
                *("--lang", "es"),
            ]
        )
    err = capsys.readouterr().err
    assert exited.value.code == 1, err
    assert err == "arbitro: la base de datos está ocupada; vuelva a intentarlo\n"


def test_a_full_disk_is_named_and_nothing_is_written(
    store: Store, event: int, capsys: pytest.CaptureFixture[str]
) -> None:
    def full(connection: object, cursor: object, statement: str, *_: object) -> None:
        if statement.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")

    sqlalchemy_event.listen(store.engine, "before_cursor_execute", full)
    try:
        client, csrf = table_client(store, event, 1)
        ns, ew, board = seating(store, event, 1)
        entered = client.post(
            f"/api/tables/{event}/1/boards/{board}",
            json={"contract": "3NT", "declarer": "N", "tricks": "9", "ns": ns, "ew": ew},
            headers=csrf,
        )
        assert entered.status_code == 507, entered.text
        assert entered.json()["detail"] == str(DiskFullError())
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", full)
    assert store.results(event) == []


def test_busy_and_full_errors_carry_their_http_status() -> None:
    assert (DatabaseBusyError.status, DiskFullError.status) == (503, 507)


def test_a_new_sqlite_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "club" / "arbitro.sqlite3"
    open_store(str(path)).close()
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_existing_database_readable_by_others_is_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "arbitro.sqlite3"
    open_store(str(path)).close()
    path.chmod(0o644)
    with pytest.raises(SystemExit):
        main(["event", "list", "--db", str(path)])
    err = capsys.readouterr().err
    assert err.startswith("warning: the database ")
    assert f"chmod 600 '{path}'" in err
    assert err.count("\n") == 1


def test_table_writes_queued_behind_a_write_refused_as_busy_are_refused_with_it(
    store: Store, event: int, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holds the write lock: the tables' writes waiting in the desk's
    writer are refused as busy together after one wait of the busy timeout, not one
    after another, each after a wait of its own."""
    desk = TableDesk(store, SECRET)
    desk.next_round(event, 1)  # the event's movement read beforehand
    attempts: list[None] = []
    transaction = store.transaction

    def counted() -> Any:
        attempts.append(None)
        return transaction()

    monkeypatch.setattr(store, "transaction", counted)
    seated = [seating(store, event, table) for table in (1, 2, 3)]

    async def together() -> list[Any]:
        calls = [
            desk.enter(event, table, board, TypedEntry("3NT", "N", "9", ns=ns, ew=ew))
            for table, (ns, ew, board) in enumerate(seated, start=1)
        ]
        return list(await asyncio.gather(*calls, return_exceptions=True))

    with write_lock_held(path):
        answers = asyncio.run(together())
    assert [type(answer) for answer in answers] == [DatabaseBusyError] * 3, answers
    assert len(attempts) == 1, len(attempts)
    assert all(store.waiting_entries(event, table) == [] for table in (1, 2, 3))
