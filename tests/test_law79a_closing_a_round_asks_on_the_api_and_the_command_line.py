"""Law 79A: closing a round with boards still without a result asks first, everywhere.

The desk lists them and closes only when the director confirms; the JSON API refuses
with a 409 naming each board and its table unless the request confirms
(``?confirm=true``); ``arbitro event round close`` lists them and asks, ``--yes``
closes without asking. A round never opened is refused by all three.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from cli_support import run_cli
from web_director import PASSWORD

pytest_plugins = ("web_director",)  # the store with director ana


@pytest.fixture
def api(store: Store) -> Iterator[TestClient]:
    """A client of the JSON API signed in as director 'ana', sending its CSRF token."""
    with TestClient(create_app(store, secret="s" * 64)) as client:
        signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert signed.status_code == 200
        client.headers["X-CSRF-Token"] = signed.json()["csrf"]
        yield client


def _round_one_half_entered(store: Store) -> int:
    """A 3-table Mitchell's round 1 open, with only table 1's boards (1 and 2) entered."""
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    for board in (1, 2):
        store.enter_result(event, board, 1, Entry.from_str("4S N 10"))
    return event


def test_law79a_the_api_refuses_to_close_a_round_with_boards_missing_and_names_them(
    api: TestClient, store: Store
) -> None:
    event = _round_one_half_entered(store)
    asked = api.post(f"/api/events/{event}/rounds/1/close")
    assert asked.status_code == 409
    detail = asked.json()["detail"]
    for board, table in ((3, 2), (4, 2), (5, 3), (6, 3)):
        assert f"Table {table} · Board {board}" in detail
    assert "Table 1" not in detail  # table 1 has entered its boards
    assert "?confirm=true" in detail
    assert store.is_round_open(event, 1)  # nothing closed without the confirmation
    spanish = api.post(f"/api/events/{event}/rounds/1/close?lang=es")
    assert spanish.status_code == 409
    assert "Mesa 3 · Estuche 5" in spanish.json()["detail"]
    confirmed = api.post(f"/api/events/{event}/rounds/1/close?confirm=true")
    assert confirmed.status_code == 200
    assert confirmed.json() == {"closed": 1}
    assert not store.is_round_open(event, 1)


def test_law79a_the_api_closes_a_complete_round_without_asking_and_refuses_one_never_opened(
    api: TestClient, store: Store
) -> None:
    event = _round_one_half_entered(store)
    for board, table in ((3, 2), (4, 2), (5, 3), (6, 3)):
        store.enter_result(event, board, table, Entry.from_str("3NT S 9"))
    assert api.post(f"/api/events/{event}/rounds/1/close").json() == {"closed": 1}
    never = api.post(f"/api/events/{event}/rounds/2/close?confirm=true")
    assert never.status_code == 422
    assert never.json()["detail"] == "round 2 was never opened"


def _cli_round_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[str, str]:
    """The same evening on the command line: round 1 opened, table 1's boards entered."""
    db = str(tmp_path / "club.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Martes noche", "--movement", "mitchell", "--tables", "3",
        "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    code, out, err = run_cli(capsys, "event", "round", "open", "1", "1", "--by", "TD", "--db", db)
    assert (code, out) == (0, "Round 1 is open.\n"), err
    for board in ("1", "2"):
        code, _, err = run_cli(
            capsys, "result", "enter", "1", "--board", board, "--table", "1", "--contract",
            "4S", "--declarer", "N", "--tricks", "10", "--db", db,
        )  # fmt: skip
        assert code == 0, err
    return "--db", db


def _is_open(db: tuple[str, str]) -> bool:
    """Whether the command line's event has its round 1 open, as the database keeps it."""
    store = open_store(f"sqlite:///{db[1]}")
    try:
        return store.is_round_open(1, 1)
    finally:
        store.close()


def test_law79a_the_command_line_lists_the_boards_missing_and_closes_only_when_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = _cli_round_one(capsys, tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    code, out, err = run_cli(capsys, "event", "round", "close", "1", "1", *db)
    assert code == 1
    assert out == ""
    assert (
        "Round 1 still has boards without a result: Table 2 · Board 3, Table 2 · Board 4, "
        "Table 3 · Board 5, Table 3 · Board 6" in err
    )
    assert "round 1 stays open: nothing was closed" in err
    assert _is_open(db)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no answer at all: declined
    code, _, err = run_cli(capsys, "event", "round", "close", "1", "1", *db)
    assert code == 1
    assert "stays open" in err
    assert _is_open(db)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    code, out, err = run_cli(capsys, "event", "round", "close", "1", "1", "--by", "TD", *db)
    assert (code, out) == (0, "Round 1 is closed.\n"), err
    assert not _is_open(db)


def test_law79a_the_command_line_closes_with_yes_and_answers_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _cli_round_one(capsys, tmp_path)
    code, out, err = run_cli(capsys, "event", "round", "close", "1", "1", "--yes", "--json", *db)
    assert code == 0, err
    assert json.loads(out) == {
        "event": 1,
        "session": 1,
        "round": 1,
        "open": False,
        "without_result": [
            {"table": 2, "board": 3},
            {"table": 2, "board": 4},
            {"table": 3, "board": 5},
            {"table": 3, "board": 6},
        ],
    }
    assert err == ""  # nothing asked
    assert not _is_open(db)


def test_law79a_the_command_line_refuses_a_round_never_opened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = _cli_round_one(capsys, tmp_path)
    code, out, err = run_cli(capsys, "event", "round", "close", "1", "2", "--yes", *db)
    assert (code, out) == (1, "")
    assert err == "arbitro: round 2 was never opened\n"
    code, _, err = run_cli(capsys, "event", "round", "open", "1", "9", *db)
    assert code == 1
    assert "round 9 is not in the movement" in err
