"""A teams event's round robin on the tables' pages: each match at two tables (Law 78B)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import round_robin
from arbitro.web import create_app
from arbitro.web.security import table_code

SECRET = "k" * 64


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """Five teams, two boards a match (a bye each round), round 1 open."""
    number = store.create_event(
        EventSpec("Liga", boards=10, kind="teams"), movement=round_robin(5, 2)
    )
    store.open_round(number, 1)
    return number


def signed_in(store: Store, event: int, table: int) -> tuple[TestClient, dict[str, str]]:
    """A client signed in as ``table`` and the header carrying its CSRF token."""
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def enter(
    client: TestClient,
    csrf: dict[str, str],
    event: int,
    table: int,
    board: int,
    typed: dict[str, str],
) -> None:
    """Enter ``typed`` on ``board`` at ``table`` and have East-West confirm it."""
    path = f"/api/tables/{event}/{table}/boards/{board}"
    entered = client.post(path, json=typed, headers=csrf)
    assert entered.status_code == 200, entered.text
    confirmed = client.post(f"{path}/confirm", json={"pair": entered.json()["ew"]}, headers=csrf)
    assert confirmed.status_code == 201, confirmed.text


def test_law78b_two_tables_of_a_match_enter_a_board_and_the_match_is_scored_in_imps(
    store: Store, event: int
) -> None:
    # Round 1 of five teams: team 1 sits out, match 1 is 2 (home) v 5 at tables 1 and 2.
    open_room, open_csrf = signed_in(store, event, 1)
    closed_room, closed_csrf = signed_in(store, event, 2)
    one = open_room.get(f"/api/tables/{event}/1/round").json()["rounds"][0]
    two = closed_room.get(f"/api/tables/{event}/2/round").json()["rounds"][0]
    assert (one["ns"], one["ew"], one["boards"]) == ("2", "5", [1, 2])
    assert (two["ns"], two["ew"], two["boards"]) == ("5", "2", [1, 2])
    # Board 1 (nobody vulnerable): 4S made at the open room, 2S made at the closed room.
    enter(open_room, open_csrf, event, 1, 1, {"contract": "4S", "declarer": "N", "tricks": "10"})
    assert store.matches(event) == {1: []}  # one table only: the board waits for the other
    enter(closed_room, closed_csrf, event, 2, 1, {"contract": "2S", "declarer": "E", "tricks": "8"})
    [stored_open, stored_closed] = sorted(store.results(event), key=lambda r: r.table)
    assert (stored_open.ns, stored_open.ew) == ("2", "5")
    assert (stored_closed.ns, stored_closed.ew) == ("5", "2")
    [match] = store.matches(event)[1]
    # Team 2 scores 420 North-South and 110 East-West: 530, 11 IMPs.
    assert (match.home, match.away, match.boards) == ("2", "5", 1)
    assert (match.home_imps, match.away_imps) == (Fraction(11), Fraction(-11))
    ranking = {standing.participant: standing.total for standing in store.ranking(event)}
    assert ranking["2"] > ranking["5"]


def test_law8a_a_tables_page_names_its_match_its_room_and_the_team_with_the_bye(
    store: Store, event: int
) -> None:
    closed_room, csrf = signed_in(store, event, 2)
    page = closed_room.get(f"/tables/{event}/2?lang=es").text
    assert (
        "Encuentro 1, sala cerrada: equipo 2 (local) contra equipo 5. La sala abierta es la mesa 1."
        in page
    )
    # Each side's name is kept on one line (a span of its own); the sentence reads whole.
    assert "Norte-Sur: equipo 5. Este-Oeste: equipo 2." in re.sub(r"<[^>]+>", "", page)
    assert "Descansa en esta ronda: el equipo 1." in page
    typed = {"contract": "3NT", "declarer": "S", "tricks": "9"}
    entered = closed_room.post(f"/api/tables/{event}/2/boards/1", json=typed, headers=csrf)
    assert entered.status_code == 200, entered.text
    waiting = re.sub(r"<[^>]+>", "", closed_room.get(f"/tables/{event}/2?lang=es").text)
    assert "Confirma Este-Oeste: vuestro número de equipo" in waiting
    # The home team sits North-South at the other table: it does not confirm here.
    refused = closed_room.post(
        f"/api/tables/{event}/2/boards/1/confirm", json={"pair": "5"}, headers=csrf
    )
    assert refused.status_code == 403
    enter(closed_room, csrf, event, 2, 1, typed)
    enter(closed_room, csrf, event, 2, 2, typed)
    page = closed_room.get(f"/tables/{event}/2?lang=es").text
    # Round 2: team 5's North-South pair goes to table 1, team 2's East-West pair to table 3.
    assert 'Equipo 5</strong>: a la mesa 1, en <span class="nowrap">Norte-Sur</span>' in page
    assert 'Equipo 2</strong>: a la mesa 3, en <span class="nowrap">Este-Oeste</span>' in page
    # The match's boards were played at both its tables, not passed on: to the director.
    assert "los juegan las dos mesas del encuentro: Norte se los entrega al árbitro" in page
    round_ = closed_room.get(f"/api/tables/{event}/2/round").json()["rounds"][0]
    assert round_["match"] == {
        "number": 1, "room": "closed", "other_table": 1, "home": "2", "away": "5",
    }  # fmt: skip
    assert round_["sitting_out"] == ["1"]


def test_a_tables_pages_read_the_events_movement_from_the_store_once(
    store: Store, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The movement is fixed when the event is created: the round page's match, room and
    # moves come from the copy the desk read first, not from a new read per seating.
    reads: list[int] = []
    read = store.movement

    def counted(event_id: int) -> object:
        reads.append(event_id)
        return read(event_id)

    monkeypatch.setattr(store, "movement", counted)
    client, csrf = signed_in(store, event, 1)
    typed = {"contract": "3NT", "declarer": "S", "tricks": "9"}
    for board in (1, 2):
        enter(client, csrf, event, 1, board, typed)
    for _ in range(3):
        page = client.get(f"/tables/{event}/1?lang=es").text
        assert "Encuentro 1, sala abierta" in page
        assert "a la mesa 2" in page  # the round's end: where the pairs go
    assert reads == [event]
