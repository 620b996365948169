"""A board passed out (Law 22A1) scores nothing (Law 77), and the pages write it ``0``.

A Spanish club director read «+0» beside «Paso» on every traveller: a score sheet writes
a passed-out board's score as 0, without a sign. The contract column already says the
board was passed out, so the score column stays a number. The stored text and the JSON
(the APIs' ``score`` and ``--json``) keep ``+0``, the text read back as an adjusted score.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.board import Board
from arbitro.scoring.results import Result
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from cli_support import run_cli
from web_director import SECRET, table_page

pytest_plugins = ("web_director",)  # the store


def _event(store: Store) -> int:
    """Board 1 passed out at table 1, 4S making at table 2; the results published."""
    pairs = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(EventSpec("Martes", boards=1), pairs)
    store.enter_result(event, 1, 1, Entry.from_str("Pass"), ns="1", ew="2")
    store.enter_result(event, 1, 2, Entry.from_str("4S N 10"), ns="3", ew="4")
    store.publish(event)
    return event


def _row(page: str, contract: str) -> list[str]:
    """The cells of the table's row whose contract is ``contract``."""
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    row = next(row for row in body.split("<tr") if f"<td>{contract}</td>" in row)
    return re.findall(r"<td[^>]*>([^<]*)</td>", row)


def test_law22a1_the_public_traveller_shows_a_passed_out_board_as_0(store: Store) -> None:
    event = _event(store)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}/boards/1?lang=es").text
    cells = _row(page, "Paso")
    assert "0" in cells
    assert "+0" not in cells


def test_law22a1_the_public_score_card_shows_a_passed_out_board_as_0(store: Store) -> None:
    event = _event(store)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}/pairs/2?lang=en").text
    cells = _row(page, "Pass")
    assert "0" in cells
    assert "+0" not in cells


def test_law22a1_the_results_api_keeps_the_stored_score_of_a_passed_out_board(
    store: Store,
) -> None:
    event = _event(store)
    with TestClient(create_app(store, secret=SECRET)) as client:
        lines = client.get(f"/api/results/{event}/boards/1").json()["lines"]
    passed = next(line for line in lines if line["table"] == 1)
    assert passed["score"] == "+0"


def test_law22a1_the_tables_page_shows_a_passed_out_board_as_0(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    store.enter_result(event, 1, 1, Entry.from_str("Pass"))
    page = table_page(store, event, 1, "es")
    score = page.split('class="score">')[1].split("</strong>")[0]
    assert score == "0"


def test_law22a1_the_desk_lists_a_passed_out_board_as_0(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = _event(store)
    page = client.get(f"/director/events/{event}?view=results&lang=es").text
    listed = page.split('id="results"')[1]
    cells = _row(listed, "Paso")
    assert "0" in cells
    assert "+0" not in cells


def test_law22a1_a_passed_out_result_keeps_its_text_and_reads_back() -> None:
    passed = Result.played(0)
    assert passed.shown() == "0"
    assert passed.to_str() == "+0"
    assert Entry.from_fields(adjusted=passed.to_str()).result(Board(1)) == passed


def _cli_event(tmp_path: Path) -> str:
    database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    store = open_store(database)
    try:
        _event(store)
    finally:
        store.close()
    return database


def test_law22a1_the_command_lines_traveller_shows_a_passed_out_board_as_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = _cli_event(tmp_path)
    code, out, _ = run_cli(capsys, "event", "traveller", "1", "1", "--db", database)
    assert code == 0
    passed = next(line.split() for line in out.splitlines() if "Pass" in line)
    assert "0" in passed
    assert "+0" not in passed
    code, out, _ = run_cli(capsys, "event", "traveller", "1", "1", "--json", "--db", database)
    assert next(line["score"] for line in json.loads(out) if line["table"] == 1) == "+0"


def test_law22a1_the_command_lines_score_card_shows_a_passed_out_board_as_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = _cli_event(tmp_path)
    code, out, _ = run_cli(capsys, "event", "card", "1", "1", "--db", database)
    assert code == 0
    passed = next(line.split() for line in out.splitlines() if "Pass" in line)
    assert "0" in passed
    assert "+0" not in passed
