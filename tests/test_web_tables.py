"""Score entry at the tables (issue 9): sign-in by code, entry, confirmation, and every refusal."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event as sqlalchemy_event

from arbitro.core.board import law2_vulnerability
from arbitro.core.contract import Contract
from arbitro.core.seat import Seat
from arbitro.scoring.law77 import score
from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import individual, mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TableEntryError, TypedEntry

SECRET = "k" * 64

pytest_plugins = ("postgresql_cluster",)  # the `database` fixture: SQLite and PostgreSQL


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell of 2-board rounds, round 1 open."""
    number = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    return number


def client_for(store: Store) -> TestClient:
    return TestClient(create_app(store, secret=SECRET))


def signed_in(store: Store, event: int, table: int) -> tuple[TestClient, dict[str, str]]:
    """A client signed in as ``table`` and the header carrying its CSRF token."""
    client = client_for(store)
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["table"] == table
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def seating(
    store: Store, event: int, table: int, round: int = 1
) -> tuple[str, str, tuple[int, ...]]:
    movement = store.movement(event)
    assert movement is not None
    found = next(s for s in movement.schedule if s.table == table and s.round == round)
    assert found.ns is not None
    assert found.ew is not None
    return found.ns, found.ew, found.boards


def test_law77_table_enters_and_opponents_confirm(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    ns, ew, boards = seating(store, event, 1)
    board = boards[0]
    round_ = client.get(f"/api/tables/{event}/1/round").json()
    assert round_["rounds"][0]["boards"] == list(boards)
    entered = client.post(
        f"/api/tables/{event}/1/boards/{board}",
        json={"contract": "4S", "declarer": "N", "tricks": "10", "lead": "H4", "ns": ns, "ew": ew},
        headers=csrf,
    )
    assert entered.status_code == 200, entered.text
    expected = score(
        Contract.from_str("4S"), 10, law2_vulnerability(board).is_vulnerable(Seat.NORTH)
    )
    assert entered.json()["score"] == f"{expected:+d}"
    assert store.results(event) == []  # nothing stored before the opponents confirm
    confirmed = client.post(
        f"/api/tables/{event}/1/boards/{board}/confirm", json={"pair": ew}, headers=csrf
    )
    assert confirmed.status_code == 201, confirmed.text
    [stored] = store.results(event)
    assert (stored.board, stored.table, stored.ns, stored.ew) == (board, 1, ns, ew)
    assert stored.entry.to_str() == "4S N 10 lead H4"
    assert [line.by for line in store.audit(event)] == ["table 1"]
    mine = client.get(f"/api/tables/{event}/1/results").json()["results"]
    assert [line["board"] for line in mine] == [board]


def test_law8_individual_table_enters_and_east_or_west_confirms(store: Store) -> None:
    # In an individual the four players change partners every round: the table page
    # names them, the result is the partnerships' (North&South against East&West), and
    # East or West confirms with a player number of their own; North cannot.
    movement = individual(2, 1, rounds=2)
    event = store.create_event(
        EventSpec("Individual", boards=movement.boards, kind="individual"), movement=movement
    )
    store.open_round(event, 1)
    [sitting] = [s for s in movement.schedule if s.table == 1 and s.round == 1]
    north, east, south, west = (sitting.north, sitting.east, sitting.south, sitting.west)
    client, csrf = signed_in(store, event, 1)
    page = client.get(f"/tables/{event}/1?lang=en").text
    assert f"North {north} and South {south} against East {east} and West {west}." in page
    board = sitting.boards[0]
    path = f"/api/tables/{event}/1/boards/{board}"
    entered = client.post(
        path, json={"contract": "3NT", "declarer": "S", "tricks": "9"}, headers=csrf
    )
    assert entered.status_code == 200, entered.text
    assert (entered.json()["ns"], entered.json()["ew"]) == (f"{north}&{south}", f"{east}&{west}")
    refused = client.post(f"{path}/confirm", json={"pair": north}, headers=csrf)
    assert refused.status_code == 403
    confirmed = client.post(f"{path}/confirm", json={"pair": west}, headers=csrf)
    assert confirmed.status_code == 201, confirmed.text
    [stored] = store.results(event)
    assert (stored.ns, stored.ew) == (f"{north}&{south}", f"{east}&{west}")
    # Each of the four players is credited with the board in the ranking.
    ranked = store.ranking(event)  # every player is listed, one with no result too (78A)
    assert {s.participant for s in ranked if s.played} == {north, east, south, west}


def test_law77_wrong_board_is_refused_naming_the_boards_to_play(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    _ns, _ew, boards = seating(store, event, 1)
    wrong = max(boards) + 1
    answer = client.post(
        f"/api/tables/{event}/1/boards/{wrong}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers=csrf,
    )
    assert answer.status_code == 409
    message = answer.json()["detail"]
    assert f"board {wrong} is not played at table 1" in message
    assert ", ".join(str(board) for board in boards) in message
    assert store.results(event) == []


def test_law15_wrong_pair_is_refused_naming_who_sits_there(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    ns, ew, boards = seating(store, event, 1)
    other_ns, _, _ = seating(store, event, 2)
    answer = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9", "ns": other_ns, "ew": ew},
        headers=csrf,
    )
    assert answer.status_code == 409
    assert f"board {boards[0]} is for {ns} (North-South) against {ew}" in answer.json()["detail"]


def test_a_table_cannot_write_or_read_another_tables_results(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    _, _, boards = seating(store, event, 2)
    writing = client.post(
        f"/api/tables/{event}/2/boards/{boards[0]}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers=csrf,
    )
    assert writing.status_code == 403
    assert "signed in as table 1, not table 2" in writing.json()["detail"]
    assert client.get(f"/api/tables/{event}/2/results").status_code == 403
    assert client.get(f"/api/tables/{event}/2/round").status_code == 403


def test_own_results_only(store: Store, event: int) -> None:
    for table in (1, 2):
        client, csrf = signed_in(store, event, table)
        _ns, ew, boards = seating(store, event, table)
        client.post(
            f"/api/tables/{event}/{table}/boards/{boards[0]}",
            json={"contract": "2H", "declarer": "E", "tricks": "8"},
            headers=csrf,
        )
        assert (
            client.post(
                f"/api/tables/{event}/{table}/boards/{boards[0]}/confirm",
                json={"pair": ew},
                headers=csrf,
            ).status_code
            == 201
        )
    assert len(store.results(event)) == 2
    mine = client.get(f"/api/tables/{event}/2/results").json()["results"]
    assert [line["table"] for line in mine] == [2]


def test_no_sign_in_is_refused(store: Store, event: int) -> None:
    client = client_for(store)
    assert client.get(f"/api/tables/{event}/1/round").status_code == 403
    answer = client.post(
        f"/api/tables/{event}/1/boards/1",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers={"X-CSRF-Token": "anything"},
    )
    assert answer.status_code == 403
    assert store.results(event) == []


def test_wrong_code_is_refused_and_repeated_failures_are_limited(store: Store, event: int) -> None:
    client = client_for(store)
    statuses = [
        client.post("/api/tables/sign-in", json={"event": event, "code": "AAAAAA"}).status_code
        for _ in range(7)
    ]
    assert statuses[0] == 401
    assert statuses[-1] == 429
    # Even the right code waits once the limit is reached.
    right = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    assert right.status_code == 429


def test_table_sign_in_page_with_a_wrong_code_keeps_what_was_typed(
    store: Store, event: int
) -> None:
    """A mistyped code shows the sign-in form again, as typed, with the refusal above it."""
    client = client_for(store)
    form = client.get("/tables?lang=es").text
    token = form.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    answer = client.post(
        "/tables/sign-in?lang=es",
        data={"event": str(event), "code": "zzzzzz", "csrf_token": token},
    )
    assert answer.status_code == 401
    assert "no es un código de mesa del torneo" in answer.text
    assert f'name="event" type="number" min="1" inputmode="numeric" required value="{event}"' in (
        answer.text
    )
    assert 'value="zzzzzz"' in answer.text


def test_table_sign_in_page_after_five_wrong_codes_tells_the_players_to_wait(
    store: Store, event: int
) -> None:
    """The tables' page speaks to the players (vosotros), the desk's to the director (usted)."""
    client = client_for(store)
    form = client.get("/tables?lang=es").text
    token = form.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    wrong = {"event": str(event), "code": "zzzzzz", "csrf_token": token}
    for _ in range(5):
        assert client.post("/tables/sign-in?lang=es", data=wrong).status_code == 401
    english = client.post("/tables/sign-in?lang=en", data=wrong)
    assert english.status_code == 429
    assert "too many wrong table codes; wait 5 minutes and try again" in english.text
    spanish = client.post("/tables/sign-in?lang=es", data=wrong)
    assert spanish.status_code == 429
    assert "esperad 5 minutos y volved a intentarlo" in spanish.text
    assert "espere" not in spanish.text


def test_a_browser_that_mistyped_its_code_does_not_lock_out_the_other_tables_at_its_address(
    store: Store, event: int
) -> None:
    """The club's phones share one address (TestClient's): each browser has its own limit."""
    app = create_app(store, secret=SECRET)
    fumbler = TestClient(app)
    for _ in range(5):
        wrong = fumbler.post("/api/tables/sign-in", json={"event": event, "code": "AAAAAA"})
        assert wrong.status_code == 401
    right = {"event": event, "code": table_code(SECRET, event, 1)}
    assert fumbler.post("/api/tables/sign-in", json=right).status_code == 429
    neighbour = TestClient(app)
    answer = neighbour.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 2)}
    )
    assert answer.status_code == 200
    assert answer.json()["table"] == 2


def test_a_guesser_without_cookies_is_held_to_the_addresss_limit(store: Store, event: int) -> None:
    from arbitro.web.security import CODE_ATTEMPTS_PER_ADDRESS

    app = create_app(store, secret=SECRET)
    statuses = []
    for _ in range(CODE_ATTEMPTS_PER_ADDRESS + 1):
        fresh = TestClient(app)  # no cookie kept: a new browser each time
        statuses.append(
            fresh.post("/api/tables/sign-in", json={"event": event, "code": "AAAAAA"}).status_code
        )
    assert statuses[:CODE_ATTEMPTS_PER_ADDRESS] == [401] * CODE_ATTEMPTS_PER_ADDRESS
    assert statuses[-1] == 429
    # A right code from the same address waits too, and signing in with one's own code
    # does not clear the address's count for guessing the others'.
    right = {"event": event, "code": table_code(SECRET, event, 1)}
    assert TestClient(app).post("/api/tables/sign-in", json=right).status_code == 429


@pytest.mark.parametrize("token", [None, "", "forged"])
def test_bad_csrf_token_is_refused(store: Store, event: int, token: str | None) -> None:
    client, _ = signed_in(store, event, 1)
    _, _ew, boards = seating(store, event, 1)
    headers = {} if token is None else {"X-CSRF-Token": token}
    answer = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers=headers,
    )
    assert answer.status_code == 403
    assert "CSRF" in answer.json()["detail"]


def test_closed_round_is_refused(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    _, ew, boards = seating(store, event, 1)
    client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "1NT", "declarer": "N", "tricks": "7"},
        headers=csrf,
    )
    store.close_round(event, 1)
    confirm = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}/confirm", json={"pair": ew}, headers=csrf
    )
    assert confirm.status_code == 409
    assert "no round of event" in confirm.json()["detail"]
    assert client.get(f"/api/tables/{event}/1/results").status_code == 409
    assert store.results(event) == []


def test_next_round_moves_the_table_to_its_next_boards(store: Store, event: int) -> None:
    client, _csrf = signed_in(store, event, 1)
    store.close_round(event, 1)
    store.open_round(event, 2)
    _, _, boards = seating(store, event, 1, round=2)
    assert client.get(f"/api/tables/{event}/1/round").json()["rounds"][0]["boards"] == list(boards)


def test_an_entry_left_unconfirmed_in_a_closed_round_is_not_listed_in_the_next_one(
    store: Store, event: int
) -> None:
    client, csrf = signed_in(store, event, 1)
    _, _, boards = seating(store, event, 1)
    entered = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "1NT", "declarer": "N", "tricks": "7"},
        headers=csrf,
    )
    assert entered.status_code == 200
    assert [
        one["board"] for one in client.get(f"/api/tables/{event}/1/round").json()["pending"]
    ] == [boards[0]]
    store.close_round(event, 1)
    store.open_round(event, 2)
    _, _, later = seating(store, event, 1, round=2)
    assert boards[0] not in later
    answer = client.get(f"/api/tables/{event}/1/round").json()
    assert answer["rounds"][0]["boards"] == list(later)
    assert answer["pending"] == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"contract": "8S", "declarer": "N", "tricks": "10"}, "8S"),
        ({"contract": "4S", "declarer": "N"}, "tricks"),
        ({"contract": "4S", "declarer": "Q", "tricks": "10"}, "Q"),
        ({"contract": "4S", "declarer": "N", "tricks": "14"}, "14"),
        ({"contract": "4S", "declarer": "N", "tricks": "10", "lead": "Z9"}, "Z9"),
    ],
)
def test_malformed_entries_are_refused_naming_the_field(
    store: Store, event: int, body: dict[str, str], needle: str
) -> None:
    client, csrf = signed_in(store, event, 1)
    _, _, boards = seating(store, event, 1)
    answer = client.post(f"/api/tables/{event}/1/boards/{boards[0]}", json=body, headers=csrf)
    assert answer.status_code == 422, answer.text
    assert needle in str(answer.json()["detail"])


def test_malformed_json_is_refused(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    assert (
        client.post(
            f"/api/tables/{event}/1/boards/1", json={"declarer": "N"}, headers=csrf
        ).status_code
        == 422
    )
    assert (
        client.post(f"/api/tables/{event}/1/boards/1/confirm", json={}, headers=csrf).status_code
        == 422
    )
    assert client.post("/api/tables/sign-in", json={"event": 0, "code": "x"}).status_code == 422


def test_confirmation_by_the_opponents_only(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    ns, ew, boards = seating(store, event, 1)
    nothing = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}/confirm", json={"pair": ew}, headers=csrf
    )
    assert nothing.status_code == 409
    client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "2S", "declarer": "N", "tricks": "8"},
        headers=csrf,
    )
    by_declarers = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}/confirm", json={"pair": ns}, headers=csrf
    )
    assert by_declarers.status_code == 403
    assert f"East-West pair {ew}" in by_declarers.json()["detail"]
    assert store.results(event) == []


def test_a_confirmed_board_cannot_be_entered_again_by_the_table(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    _, ew, boards = seating(store, event, 1)
    entered = []
    for tricks in ("8", "9"):
        entered.append(
            client.post(
                f"/api/tables/{event}/1/boards/{boards[0]}",
                json={"contract": "2S", "declarer": "N", "tricks": tricks},
                headers=csrf,
            )
        )
        last = client.post(
            f"/api/tables/{event}/1/boards/{boards[0]}/confirm", json={"pair": ew}, headers=csrf
        )
    assert entered[0].status_code == 200
    # The second entry is refused at once, naming the result that stands.
    assert entered[1].status_code == 409
    assert "already has a result (2♠ N 8)" in entered[1].json()["detail"]
    # The second confirmation repeats the first: answered as confirmed, with the result
    # that stands (a retry whose answer was lost), and nothing changes.
    assert last.status_code == 201
    assert [stored.entry.tricks for stored in store.results(event)] == [8]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(["C", "D", "H", "S", "NT"]),
    double=st.sampled_from(["", "X", "XX"]),
    declarer=st.sampled_from(list(Seat)),
    tricks=st.integers(0, 13),
)
def test_law77_the_score_shown_is_the_law77_score(
    store: Store, event: int, level: int, strain: str, double: str, declarer: Seat, tricks: int
) -> None:
    client, csrf = signed_in(store, event, 1)
    _, _, boards = seating(store, event, 1)
    contract = f"{level}{strain}{double}"
    answer = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": contract, "declarer": declarer.to_str(), "tricks": str(tricks)},
        headers=csrf,
    )
    assert answer.status_code == 200, answer.text
    declared = score(
        Contract.from_str(contract), tricks, law2_vulnerability(boards[0]).is_vulnerable(declarer)
    )
    north_south = declared if declarer.side.name == "NS" else -declared
    assert answer.json()["score"] == (f"{north_south:+d}" if north_south else "0")


def test_pages_sign_in_enter_and_confirm_in_spanish(store: Store, event: int) -> None:
    client = client_for(store)
    page = client.get("/tables?lang=es")
    assert page.status_code == 200
    assert "Entrada de la mesa" in page.text
    token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
    signed = client.post(
        "/tables/sign-in",
        data={
            "event": str(event),
            "code": table_code(SECRET, event, 1).lower(),
            "csrf_token": token,
        },
    )
    assert signed.status_code == 200  # followed the redirect to the table's page
    assert "Mesa 1, ronda 1" in signed.text
    ns, ew, boards = seating(store, event, 1)
    entered = client.post(
        f"/tables/{event}/1/boards/{boards[0]}",
        data={
            "csrf_token": token,
            "level": "3",
            "strain": "NT",
            "double": "",
            "declarer": "S",
            "tricks": "9",
            "ns": ns,
            "ew": ew,
        },
    )
    assert "Anotado:" in entered.text
    confirmed = client.post(
        f"/tables/{event}/1/boards/{boards[0]}/confirm", data={"csrf_token": token, "pair": ew}
    )
    assert "Confirmado:" in confirmed.text
    assert [stored.entry.to_str() for stored in store.results(event)] == ["3NT S 9"]


def test_pages_refuse_the_wrong_board_on_an_error_page(store: Store, event: int) -> None:
    client = client_for(store)
    token = client.get("/tables").text.split('name="csrf_token" value="')[1].split('"')[0]
    client.post(
        "/tables/sign-in",
        data={"event": str(event), "code": table_code(SECRET, event, 1), "csrf_token": token},
    )
    _, _, boards = seating(store, event, 1)
    wrong = client.post(
        f"/tables/{event}/1/boards/{max(boards) + 1}",
        data={"csrf_token": token, "level": "3", "strain": "NT", "declarer": "S", "tricks": "9"},
    )
    assert wrong.status_code == 409
    assert 'role="alert"' in wrong.text
    forged = client.post(
        f"/tables/{event}/1/boards/{boards[0]}",
        data={"csrf_token": "forged", "level": "3", "strain": "NT", "declarer": "S", "tricks": "9"},
    )
    assert forged.status_code == 403


def test_confirmation_needs_the_csrf_token_too(store: Store, event: int) -> None:
    client, csrf = signed_in(store, event, 1)
    _, ew, boards = seating(store, event, 1)
    client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "2S", "declarer": "N", "tricks": "8"},
        headers=csrf,
    )
    forged = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}/confirm",
        json={"pair": ew},
        headers={"X-CSRF-Token": "forged"},
    )
    assert forged.status_code == 403
    assert store.results(event) == []
    # The round and results of a table are not readable without signing in.
    anonymous = client_for(store)
    assert anonymous.get(f"/api/tables/{event}/1/results").status_code == 403


def test_law77_a_pending_entry_survives_a_restart_and_the_opponents_confirm_it(
    database: str,
) -> None:
    store = open_store(database)
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    client, csrf = signed_in(store, event, 1)
    ns, ew, boards = seating(store, event, 1)
    board = boards[0]
    entered = client.post(
        f"/api/tables/{event}/1/boards/{board}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers=csrf,
    )
    assert entered.status_code == 200, entered.text
    assert store.results(event) == []
    store.close()
    # A restart: a new store and a new application over the same database file.
    reopened = open_store(database)
    try:
        client, csrf = signed_in(reopened, event, 1)
        waiting = client.get(f"/api/tables/{event}/1/round").json()["pending"]
        assert [(line["board"], line["entry"]) for line in waiting] == [(board, "3NT S 9")]
        assert waiting[0]["score"] == entered.json()["score"]
        confirmed = client.post(
            f"/api/tables/{event}/1/boards/{board}/confirm", json={"pair": ew}, headers=csrf
        )
        assert confirmed.status_code == 201, confirmed.text
        [stored] = reopened.results(event)
        assert (stored.board, stored.ns, stored.ew, stored.entry.to_str()) == (
            board,
            ns,
            ew,
            "3NT S 9",
        )
        # Confirmed, it waits no longer.
        assert client.get(f"/api/tables/{event}/1/round").json()["pending"] == []
    finally:
        reopened.close()


def test_law77_a_new_entry_of_a_pending_board_replaces_the_old_one(
    store: Store, event: int
) -> None:
    client, csrf = signed_in(store, event, 1)
    _ns, ew, boards = seating(store, event, 1)
    board = boards[0]
    for contract, tricks in (("2H", "8"), ("4H", "10")):
        answer = client.post(
            f"/api/tables/{event}/1/boards/{board}",
            json={"contract": contract, "declarer": "N", "tricks": tricks},
            headers=csrf,
        )
        assert answer.status_code == 200, answer.text
    # Another application over the same database sees the newer entry only.
    other, other_csrf = signed_in(store, event, 1)
    pending = other.get(f"/api/tables/{event}/1/round").json()["pending"]
    assert [line["entry"] for line in pending] == ["4H N 10"]
    confirmed = other.post(
        f"/api/tables/{event}/1/boards/{board}/confirm", json={"pair": ew}, headers=other_csrf
    )
    assert confirmed.status_code == 201, confirmed.text
    assert [stored.entry.to_str() for stored in store.results(event)] == ["4H N 10"]


def test_law77_a_pending_entry_leaves_the_database_flushing_fully(store: Store, event: int) -> None:
    # The entry is written in the desk writer's batch, with the same full flush as a result.
    client, csrf = signed_in(store, event, 1)
    _, _, boards = seating(store, event, 1)
    answer = client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "1NT", "declarer": "S", "tricks": "7"},
        headers=csrf,
    )
    assert answer.status_code == 200
    for _ in range(3):  # every pooled connection
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_law77_a_confirmed_result_is_written_with_the_full_flush(store: Store, event: int) -> None:
    # The result and its audit line are written in one transaction that waits for the disk.
    flushes: list[tuple[str, int]] = []

    def seen(_connection: object, cursor: Any, statement: str, *_: object) -> None:
        table = statement.split()[2] if statement.upper().startswith("INSERT INTO") else ""
        if table in ("results", "audit"):
            level = cursor.connection.execute("PRAGMA synchronous").fetchone()[0]
            flushes.append((table, level))

    client, csrf = signed_in(store, event, 1)
    _, ew, boards = seating(store, event, 1)
    client.post(
        f"/api/tables/{event}/1/boards/{boards[0]}",
        json={"contract": "3NT", "declarer": "S", "tricks": "9"},
        headers=csrf,
    )
    sqlalchemy_event.listen(store.engine, "before_cursor_execute", seen)
    try:
        confirmed = client.post(
            f"/api/tables/{event}/1/boards/{boards[0]}/confirm", json={"pair": ew}, headers=csrf
        )
    finally:
        sqlalchemy_event.remove(store.engine, "before_cursor_execute", seen)
    assert confirmed.status_code == 201, confirmed.text
    assert flushes == [("results", 2), ("audit", 2)]  # 2: FULL
    assert [line.action for line in store.audit(event)] == ["enter"]


def test_law8_a_round_closed_by_another_server_refuses_the_confirmation(database: str) -> None:
    # No cache of the open rounds: the round is read where the result is written.
    here, there = open_store(database), open_store(database)
    try:
        event = here.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        here.open_round(event, 1)
        desk = TableDesk(here, SECRET)
        _, ew, boards = seating(here, event, 1)
        asyncio.run(desk.enter(event, 1, boards[0], TypedEntry("4S", "N", "10")))
        there.close_round(event, 1)
        with pytest.raises(TableEntryError, match="no round of event"):
            asyncio.run(desk.confirm(event, 1, boards[0], ew))
        with pytest.raises(TableEntryError, match="no round of event"):
            asyncio.run(desk.enter(event, 1, boards[1], TypedEntry("4S", "N", "10")))
        assert here.results(event) == []
        there.open_round(event, 1)
        assert asyncio.run(desk.confirm(event, 1, boards[0], ew)).version == 1
        assert [(stored.board, stored.table) for stored in there.results(event)] == [(boards[0], 1)]
    finally:
        here.close()
        there.close()


def test_law15b_two_servers_confirming_at_once_store_every_result_once(database: str) -> None:
    # Two applications over one database, each table's boards confirmed from threads.
    stores = [open_store(database), open_store(database)]
    try:
        movement = mitchell(3, 2)
        event = stores[0].create_event(EventSpec("Club", boards=6), movement=movement)
        stores[0].open_round(event, 1)
        desks = [TableDesk(store, SECRET) for store in stores]
        work = [
            (desks[(seat.table + board) % 2], seat.table, board, seat.ew or "")
            for seat in movement.seatings(1)
            for board in seat.boards
        ]

        def confirm(job: tuple[TableDesk, int, int, str]) -> int:
            desk, table, board, ew = job
            asyncio.run(desk.enter(event, table, board, TypedEntry("3NT", "S", "9")))
            return asyncio.run(desk.confirm(event, table, board, ew)).version

        with ThreadPoolExecutor(max_workers=len(work)) as pool:
            versions = list(pool.map(confirm, work))
        assert versions == [1] * len(work)
        stored = stores[1].results(event)
        assert sorted((one.table, one.board) for one in stored) == sorted(
            (table, board) for _, table, board, _ in work
        )
        audit = stores[0].audit(event)
        assert sorted((line.table, line.board) for line in audit) == sorted(
            (table, board) for _, table, board, _ in work
        )
        assert {line.action for line in audit} == {"enter"}
    finally:
        for store in stores:
            store.close()


def test_the_server_keeps_what_lives_all_evening_out_of_the_collectors_passes(
    store: Store,
) -> None:
    assert gc.get_freeze_count() == 0
    with TestClient(create_app(store, secret=SECRET)) as client:
        assert gc.get_freeze_count() > 0
        assert client.get("/health").status_code == 200
    assert gc.get_freeze_count() == 0
