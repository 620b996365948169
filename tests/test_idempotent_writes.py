"""Writes that repeat themselves: a confirmation sent twice, a correction that changes nothing.

A phone whose confirmation's answer was lost sends it again; a second phone of the same
East-West pair confirms a board the first already confirmed. Both are answered as
confirmed (the API's 201 with the result, the page saying the board is confirmed), and
the result is stored once. A correction to the entry already stored (API ``PUT``, the
CLI's ``result correct``) makes no new version and no audit line (Law 79C's trail records
changes, not repetitions).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.cli import main
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code

SECRET = "k" * 64
PASSWORD = "club night"


@pytest.fixture
def path(tmp_path: Path) -> Path:
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


def phone(store: Store, event: int, table: int) -> tuple[TestClient, dict[str, str]]:
    """A phone signed in as ``table``, and the header with its CSRF token."""
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def entered(store: Store, event: int) -> tuple[TestClient, dict[str, str], str, int]:
    """Table 1's phone with 3NT N 9 entered on its first board: the phone, CSRF, EW, board."""
    movement = store.movement(event)
    assert movement is not None
    seating = next(s for s in movement.schedule if s.table == 1 and s.round == 1)
    assert seating.ns is not None
    assert seating.ew is not None
    client, csrf = phone(store, event, 1)
    board = seating.boards[0]
    answer = client.post(
        f"/api/tables/{event}/1/boards/{board}",
        json={
            "contract": "3NT",
            "declarer": "N",
            "tricks": "9",
            "ns": seating.ns,
            "ew": seating.ew,
        },
        headers=csrf,
    )
    assert answer.status_code == 200, answer.text
    return client, csrf, seating.ew, board


def test_law79_a_confirmation_retried_after_its_answer_was_lost_is_answered_as_confirmed(
    store: Store, event: int
) -> None:
    client, csrf, ew, board = entered(store, event)
    path = f"/api/tables/{event}/1/boards/{board}/confirm"
    first = client.post(path, json={"pair": ew, "entry": "3NT N 9"}, headers=csrf)
    assert first.status_code == 201, first.text
    again = client.post(path, json={"pair": ew, "entry": "3NT N 9"}, headers=csrf)
    assert again.status_code == 201, again.text
    assert again.json() == first.json()
    assert len(store.results(event)) == 1
    assert [line.action for line in store.audit(event)] == ["enter"]


def test_law79_a_second_phone_confirming_a_confirmed_board_is_told_it_is_confirmed(
    store: Store, event: int
) -> None:
    client, csrf, ew, board = entered(store, event)
    confirmed = client.post(
        f"/api/tables/{event}/1/boards/{board}/confirm", json={"pair": ew}, headers=csrf
    )
    assert confirmed.status_code == 201, confirmed.text
    second, _ = phone(store, event, 1)
    page = second.get(f"/tables/{event}/1?lang=es")
    token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
    answer = second.post(
        f"/tables/{event}/1/boards/{board}/confirm?lang=es",
        data={"csrf_token": token, "pair": ew, "entry": "3NT N 9"},
    )
    assert answer.status_code == 200, answer.text
    assert f"el estuche {board} ya está confirmado: 3ST N 9" in answer.text
    assert "anotadlo antes" not in answer.text


def test_law79_another_pair_cannot_confirm_a_confirmed_board(store: Store, event: int) -> None:
    client, csrf, ew, board = entered(store, event)
    path = f"/api/tables/{event}/1/boards/{board}/confirm"
    assert client.post(path, json={"pair": ew}, headers=csrf).status_code == 201
    other = client.post(path, json={"pair": "3EW"}, headers=csrf)
    assert other.status_code == 409


def test_law79c_an_api_correction_that_changes_nothing_is_not_recorded(
    store: Store, event: int
) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    client.headers["X-CSRF-Token"] = signed.json()["csrf"]
    line = {"board": 1, "table": 1, "contract": "3NT", "declarer": "N", "tricks": "9"}
    assert client.post(f"/api/events/{event}/results", json=line).status_code == 201
    same = client.put(f"/api/events/{event}/results", json=line | {"reason": "checked"})
    assert same.status_code == 200, same.text
    assert same.json()["version"] == 1
    assert [a["action"] for a in client.get(f"/api/events/{event}/audit").json()] == ["enter"]


def test_law79c_a_cli_correction_that_changes_nothing_is_not_recorded(
    store: Store, event: int, path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store.enter_result(event, 1, 1, Entry.from_str("3NT N 9"))
    with pytest.raises(SystemExit) as exited:
        main(
            [
                *("result", "correct", str(event), "--board", "1", "--table", "1"),
                *("--db", str(path), "--contract", "3NT", "--declarer", "N", "--tricks", "="),
                *("--reason", "slip"),
            ]
        )
    out = capsys.readouterr().out
    assert exited.value.code == 0
    assert out.startswith("Nothing to correct: the result is already")
    [stored] = store.results(event)
    assert stored.version == 1
    assert [line.action for line in store.audit(event)] == ["enter"]
