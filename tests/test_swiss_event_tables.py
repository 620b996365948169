"""The tables of a Swiss event: each round's match or opponents as soon as it is paired (Law 8).

A Swiss event's movement grows a round at a time. The tables' desk keeps each event's
movement once read, and reads a Swiss's again when a round its copy lacks is opened: in
the same process, or after the director paired it through another store (another
process, another worker, the command line). Between rounds the phone says the director
is pairing the next round, not that the event is over.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import swiss_start
from arbitro.web import create_app
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from test_cli_serve import serving

SECRET = "s" * 64


def _teams_swiss(store: Store) -> int:
    """Four teams, two rounds of one board: round 1 is 1 v 2 (tables 1-2), 3 v 4 (3-4)."""
    event = store.create_event(
        EventSpec("Suizo", boards=2, kind="teams"), movement=swiss_start(4, 2, 1, teams=True)
    )
    store.open_round(event, 1)
    return event


def _finish_round_1(desk: TableDesk, event: int) -> None:
    """Every table of round 1 enters and confirms board 1: teams 1 and 3 win their matches."""
    movement = desk.store.movement(event)
    assert movement is not None
    for seating in movement.seatings(1):
        tricks = "10" if seating.table % 2 else "9"
        typed = TypedEntry("4S", "N", tricks, ns=seating.ns or "", ew=seating.ew or "")
        asyncio.run(desk.enter(event, seating.table, 1, typed))
        asyncio.run(desk.confirm(event, seating.table, 1, pair=seating.ew or ""))


def test_law8_the_desk_sees_a_swiss_round_paired_through_another_store(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'suizo.sqlite3'}"
    director = open_store(database)
    tables = open_store(database)  # the tables' process: its own store and desk
    try:
        event = _teams_swiss(director)
        desk = TableDesk(tables, SECRET)
        assert [s.round for s in desk.seatings(event, 1)] == [1]  # the movement read once
        _finish_round_1(desk, event)
        assert desk.round_to_pair(event) == 2
        director.close_round(event, 1)
        assert desk.next_round(event, 1) is None
        director.pair_next_round(event)
        director.open_round(event, 2)
        assert desk.round_to_pair(event) is None
        seating = desk.seatings(event, 2)[0]
        assert (seating.round, seating.ns, seating.ew) == (2, "3", "1")
        match = desk.match(event, seating)
        assert match is not None
        assert (match.number, match.open_room, match.home, match.away) == (1, False, "1", "3")
        typed = TypedEntry("3NT", "S", "9", ns="3", ew="1")
        assert asyncio.run(desk.enter(event, 2, 2, typed)).board == 2
    finally:
        tables.close()
        director.close()


def test_law8_a_swiss_tables_phone_waits_for_the_next_round_to_be_paired(
    tmp_path: Path,
) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'suizo.sqlite3'}")
    try:
        event = _teams_swiss(store)
        client = TestClient(create_app(store, secret=SECRET))
        answer = client.post(
            "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 2)}
        )
        assert answer.status_code == 200, answer.text
        assert (
            "Match 1, closed room: team 1 (home) against team 2"
            in client.get(f"/tables/{event}/2").text
        )
        _finish_round_1(TableDesk(store, SECRET), event)
        page = client.get(f"/tables/{event}/2")
        assert "Round 2 is paired by the director from the ranking" in page.text
        store.close_round(event, 1)
        page = client.get(f"/tables/{event}/2")
        assert "Waiting for the director to pair round 2 from the ranking" in page.text
        assert "thank you for playing" not in page.text
        store.pair_next_round(event)
        # Paired, not opened yet: the table waits for it, the night is not over.
        page = client.get(f"/tables/{event}/2")
        assert "Waiting for round 2: this page shows its boards" in page.text
        assert "thank you for playing" not in page.text
        store.open_round(event, 2)
        page = client.get(f"/tables/{event}/2")
        assert "Match 1, closed room: team 1 (home) against team 3" in page.text
    finally:
        store.close()


def test_law8_two_server_processes_show_a_swiss_round_paired_from_a_third(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two real worker processes have each read the movement in round 1; the director
    pairs and opens round 2 from a third (the command line's store); every answer after
    it, whichever worker gives it, shows table 1's round 2."""
    database = str(tmp_path / "suizo.sqlite3")
    director = open_store(database)
    monkeypatch.setenv("ARBITRO_SECRET", SECRET)  # the servers' key: the table's code
    try:
        event = _teams_swiss(director)
        with (
            serving(database, "--workers", "2") as (url, _),
            httpx2.Client(base_url=url, headers={"Connection": "close"}, timeout=30) as client,
        ):
            code = table_code(SECRET, event, 1)
            signed = client.post("/api/tables/sign-in", json={"event": event, "code": code})
            assert signed.status_code == 200, signed.text
            before = [client.get(f"/api/tables/{event}/1/round") for _ in range(6)]
            assert {answer.json()["rounds"][0]["ew"] for answer in before} == {"2"}
            for table in (1, 2, 3, 4):
                tricks = 10 if table % 2 else 9
                director.enter_result(event, 1, table, Entry.from_str(f"4S N {tricks}"))
            director.close_round(event, 1)
            director.pair_next_round(event)
            director.open_round(event, 2)
            after = [client.get(f"/api/tables/{event}/1/round") for _ in range(6)]
            assert [answer.status_code for answer in after] == [200] * 6
            assert {
                (line["round"], line["ns"], line["ew"])
                for answer in after
                for line in answer.json()["rounds"]
            } == {(2, "1", "3")}
    finally:
        director.close()
