"""The director's JSON API and desk with httpx: every endpoint, and every refusal.

Refusals: no sign-in (401, or the sign-in page), a bad CSRF token (403), a malformed
request (422 naming the field), too many failed sign-ins (429), a closed round, and
results locked after the correction period (Law 79C).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.core.board import Board
from arbitro.core.vulnerability import Vulnerability
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import howell
from arbitro.web import create_app
from arbitro.web.security import (
    check_table_code,
    table_code,
    verify_password,
)
from web_director import PASSWORD

pytest_plugins = ("web_director",)  # the store with director ana


@pytest.fixture
def anonymous(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, secret="s" * 64)) as client:
        yield client


@pytest.fixture
def director(anonymous: TestClient) -> TestClient:
    """A client signed in as director 'ana', sending the CSRF token on every write."""
    response = anonymous.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert response.status_code == 200
    anonymous.headers["X-CSRF-Token"] = response.json()["csrf"]
    return anonymous


def new_event(client: TestClient, tables: int = 4, profile: str = "aeb") -> int:
    response = client.post(
        "/api/events",
        json={
            "name": "Tuesday Howell",
            "movement": "howell",
            "tables": tables,
            "boards_per_round": 2,
            "participants": ["1: Ana García, Luis Pérez"],
            "profile": profile,
        },
    )
    assert response.status_code == 201, response.text
    event: int = response.json()["id"]
    return event


def seating(store: Store, event: int, round_number: int, table: int) -> tuple[str, str, int]:
    movement = store.movement(event)
    assert movement is not None
    seat = next(s for s in movement.schedule if s.round == round_number and s.table == table)
    assert seat.ns is not None
    assert seat.ew is not None
    return seat.ns, seat.ew, seat.boards[0]


# Security -------------------------------------------------------------------------------


def test_passwords_are_stored_only_as_argon2_hashes(store: Store) -> None:
    stored = store.password_hash("ana")
    assert stored is not None
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored
    assert verify_password(stored, PASSWORD)
    assert not verify_password(stored, PASSWORD + "x")


def test_api_refuses_everything_without_a_director(anonymous: TestClient) -> None:
    for method, path in [
        ("get", "/api/events"),
        ("get", "/api/directors"),
        ("get", "/api/events/1"),
        ("get", "/api/events/1/results"),
        ("get", "/api/events/1/ranking"),
        ("post", "/api/events/1/publish"),
    ]:
        response = getattr(anonymous, method)(path)
        assert response.status_code == 401, path
        assert "sign in as a director" in response.json()["detail"]


def test_wrong_password_is_refused_and_sign_ins_are_rate_limited(anonymous: TestClient) -> None:
    for _ in range(5):
        wrong = anonymous.post("/api/session", json={"name": "ana", "password": "guess"})
        assert wrong.status_code == 401
        assert wrong.json()["detail"] == "wrong name or password"
    # Even the right password waits now: the limit is per client and name.
    limited = anonymous.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert limited.status_code == 429
    assert "too many failed sign-ins" in limited.json()["detail"]


def test_writes_without_the_csrf_token_are_refused(director: TestClient) -> None:
    token = director.headers.pop("X-CSRF-Token")
    body = {"name": "x", "movement": "howell", "tables": 4, "boards_per_round": 2}
    missing = director.post("/api/events", json=body)
    assert missing.status_code == 403
    assert "CSRF" in missing.json()["detail"]
    forged = director.post("/api/events", json=body, headers={"X-CSRF-Token": token + "x"})
    assert forged.status_code == 403
    assert director.get("/api/events").json() == []  # nothing was created


def test_the_session_cookie_is_signed(director: TestClient) -> None:
    cookie = director.cookies.get("arbitro_session")
    assert cookie is not None
    director.cookies.clear()
    director.cookies.set(
        "arbitro_session", cookie[:-4] + ("AAAA" if cookie[-4:] != "AAAA" else "BBBB")
    )
    assert director.get("/api/events").status_code == 401


def test_sign_out_ends_the_session(director: TestClient) -> None:
    assert director.delete("/api/session").json() == {"signed_out": True}
    assert director.get("/api/events").status_code == 401


@settings(max_examples=40, deadline=None)
@given(
    secret=st.text(min_size=16, max_size=64),
    event=st.integers(1, 10_000),
    table=st.integers(1, 40),
)
def test_table_codes_are_short_readable_and_per_table(secret: str, event: int, table: int) -> None:
    code = table_code(secret, event, table)
    assert len(code) == 6
    assert not set(code) & set("0O1IL2Z5S8B")
    assert check_table_code(secret, event, table, code.lower())
    assert not check_table_code(secret, event, table + 1, code) or (
        table_code(secret, event, table + 1) == code
    )


# Events, rounds, results ----------------------------------------------------------------


def test_law_8_event_with_its_howell_and_table_cards(director: TestClient, store: Store) -> None:
    event = new_event(director)
    info = director.get(f"/api/events/{event}").json()
    assert info["movement"] == "howell"
    assert info["tables"] == 4
    assert info["rounds"] == howell(4, 2).rounds
    assert info["boards"] == howell(4, 2).boards
    participants = director.get(f"/api/events/{event}/participants").json()
    assert participants[0] == "1: Ana García, Luis Pérez"
    named = director.put(
        f"/api/events/{event}/participants/2", json={"players": "Eva Ruiz #123, Juan Gil"}
    )
    assert named.json() == {"participant": "2: Eva Ruiz #123, Juan Gil"}
    assert (
        director.get(f"/api/events/{event}/participants").json()[1] == named.json()["participant"]
    )
    nobody = director.put(f"/api/events/{event}/participants/99", json={"players": "Eva"})
    assert nobody.status_code == 422
    assert "'99' is not a participant" in nobody.json()["detail"]
    assert len(participants) == len(howell(4, 2).participants)
    cards = director.get(f"/api/events/{event}/table-cards").json()
    assert [card["table"] for card in cards] == [1, 2, 3, 4]
    assert len({card["code"] for card in cards}) == 4
    for card in cards:
        assert check_table_code("s" * 64, event, card["table"], card["code"])
        expected = [s for s in howell(4, 2).schedule if s.table == card["table"]]
        assert [(r["round"], r["ns"], r["ew"]) for r in card["rounds"]] == sorted(
            (s.round, s.ns, s.ew) for s in expected
        )
    assert [e["id"] for e in director.get("/api/events").json()] == [event]
    assert director.get("/api/directors").json() == ["ana"]


def test_malformed_event_and_results_are_refused_naming_the_field(director: TestClient) -> None:
    bad = director.post("/api/events", json={"name": "x", "movement": "spiral", "tables": 4})
    assert bad.status_code == 422
    fields = {error["loc"][-1] for error in bad.json()["errors"]}
    assert "movement" in bad.json()["detail"]  # the one shape: the fields in words too
    assert {"movement", "boards_per_round"} <= fields
    event = new_event(director)
    nonsense = director.post(
        f"/api/events/{event}/results", json={"board": 1, "table": 1, "contract": "9Q"}
    )
    assert nonsense.status_code == 422
    assert "9Q" in nonsense.json()["detail"]
    missing_tricks = director.post(
        f"/api/events/{event}/results",
        json={"board": 1, "table": 1, "contract": "4S", "declarer": "N"},
    )
    assert missing_tricks.status_code == 422
    assert "tricks" in missing_tricks.json()["detail"]
    assert director.get(f"/api/events/{event}/results").json() == []
    unknown = director.get("/api/events/99")
    assert unknown.status_code == 404  # a missing thing is 404 on every route
    assert unknown.json()["detail"] == "there is no event 99"


def test_rounds_open_and_close(director: TestClient, store: Store) -> None:
    event = new_event(director)
    assert director.get(f"/api/events/{event}/rounds").json() == []
    opened = director.post(f"/api/events/{event}/rounds/1/open").json()
    assert opened["round"] == 1
    assert opened["closed"] is None
    assert store.is_round_open(event, 1)
    asked = director.post(f"/api/events/{event}/rounds/1/close")  # nothing entered yet
    assert asked.status_code == 409
    assert store.is_round_open(event, 1)
    closed = director.post(f"/api/events/{event}/rounds/1/close?confirm=true")
    assert closed.json() == {"closed": 1}
    assert not store.is_round_open(event, 1)
    states = director.get(f"/api/events/{event}/rounds").json()
    assert states[0]["closed"] is not None
    beyond = director.post(f"/api/events/{event}/rounds/99/open")
    assert beyond.status_code == 422
    assert "round 99 is not in the movement" in beyond.json()["detail"]
    never = director.post(f"/api/events/{event}/rounds/3/close")
    assert never.status_code == 422
    log = director.get(f"/api/events/{event}/log").json()
    assert [(entry["by"], entry["action"], entry["detail"]) for entry in log] == [
        ("ana", "open-round", "1"),
        ("ana", "close-round", "1"),
    ]


def test_law_77_result_scored_and_progress_shows_which_boards_are_in(
    director: TestClient, store: Store
) -> None:
    event = new_event(director)
    ns, ew, board = seating(store, event, 1, 1)
    response = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "contract": "4S", "declarer": "N", "tricks": "10"},
    )
    assert response.status_code == 201, response.text
    stored = response.json()
    assert (stored["ns"], stored["ew"], stored["round"]) == (ns, ew, 1)
    expected = Entry.from_str("4S N 10").result(Board(board))
    assert expected is not None
    assert stored["score"] == expected.to_str()
    line = next(
        p
        for p in director.get(f"/api/events/{event}/progress").json()
        if p["round"] == 1 and p["table"] == 1
    )
    assert line["entered"] == [board]
    assert len(line["boards"]) == 2
    twice = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "contract": "4S", "declarer": "N", "tricks": "9"},
    )
    assert twice.status_code == 409  # a conflict with what is stored
    assert "already has a result" in twice.json()["detail"]


def test_board_outside_the_event_is_refused(director: TestClient, store: Store) -> None:
    event = new_event(director)
    movement = store.movement(event)
    assert movement is not None
    board = movement.boards + 1
    response = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "contract": "3NT", "declarer": "S", "tricks": "9"},
    )
    assert response.status_code == 422
    assert response.json()["detail"] == (
        f"board {board} is not in the event (expected 1 to {movement.boards})"
    )


def test_correction_needs_a_reason_and_is_in_the_audit_trail(
    director: TestClient, store: Store
) -> None:
    event = new_event(director)
    _, _, board = seating(store, event, 1, 2)
    first = {"board": board, "table": 2, "contract": "3NT", "declarer": "S", "tricks": "9"}
    assert director.post(f"/api/events/{event}/results", json=first).status_code == 201
    no_reason = director.put(f"/api/events/{event}/results", json=first | {"tricks": "10"})
    assert no_reason.status_code == 422
    corrected = director.put(
        f"/api/events/{event}/results",
        json=first | {"tricks": "10", "reason": "wrong tricks on the slip"},
    )
    assert corrected.status_code == 200, corrected.text
    assert corrected.json()["version"] == 2
    assert corrected.json()["entry"] == "3NT S 10"
    audit = director.get(f"/api/events/{event}/audit").json()
    assert [(a["action"], a["old"], a["new"]) for a in audit][-1] == (
        "correct",
        "3NT S 9",
        "3NT S 10",
    )
    assert audit[-1]["by"] == "ana"
    assert audit[-1]["reason"] == "wrong tricks on the slip"


def test_law_12c_artificial_adjusted_score(director: TestClient, store: Store) -> None:
    event = new_event(director)
    _, _, board = seating(store, event, 1, 3)
    response = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 3, "adjusted": "A60/A40"},
    )
    assert response.status_code == 201, response.text
    assert response.json()["entry"] == "adjusted A60/A40"
    assert store.results(event)[0].result == Result.artificial(
        Average.from_str("A60"), Average.from_str("A40")
    )
    wrong = director.post(
        f"/api/events/{event}/results",
        json={"board": board + 1, "table": 3, "adjusted": "A70/A70/A70"},
    )
    assert wrong.status_code == 422


def test_law_12c1c_weighted_and_split_adjusted_scores(director: TestClient, store: Store) -> None:
    event = new_event(director, profile="wbf")  # the WBF allows weighted scores
    _, _, board = seating(store, event, 2, 1)
    weighted = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "adjusted": "1/3 4S= N; 2/3 4S-1 N"},
    )
    assert weighted.status_code == 201, weighted.text
    _, _, other = seating(store, event, 2, 2)
    split = director.post(
        f"/api/events/{event}/results",
        json={"board": other, "table": 2, "adjusted": "4S= N/4S+1 N"},
    )
    assert split.status_code == 201, split.text
    stored = {r.board: r.result for r in store.results(event)}
    # Law 77 by hand: 4S made is 420 (620 vulnerable); one down is -50 (-100 vulnerable).
    vulnerable = Board(board).vulnerability in (Vulnerability.NS, Vulnerability.ALL)
    made, down = (620, -100) if vulnerable else (420, -50)
    assert stored[board] == Result.weighted(
        Weighted(((Fraction(1, 3), made), (Fraction(2, 3), down)))
    )
    # East-West's half is their own score: minus North-South's 4S+1 (Law 12C1f).
    other_made = 620 if Board(other).vulnerability in (Vulnerability.NS, Vulnerability.ALL) else 420
    assert stored[other] == Result.split(other_made, -(other_made + 30))


def test_law_12c1c_12c1e_aeb_weighted_score_refused_where_it_is_typed(
    director: TestClient, store: Store
) -> None:
    event = new_event(director)  # the AEB applies 12C1e: no weighted scores
    _, _, board = seating(store, event, 2, 1)
    weighted = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "adjusted": "1/3 4S= N; 2/3 4S-1 N"},
    )
    assert weighted.status_code == 422
    detail = weighted.json()["detail"]
    assert f"board {board} at table 1" in detail
    assert "(aeb) does not allow weighted scores" in detail
    assert store.results(event) == []
    # The split score of 12C1e is taken, and the event still ranks.
    split = director.post(
        f"/api/events/{event}/results",
        json={"board": board, "table": 1, "adjusted": "4S= N/4S+1 N"},
    )
    assert split.status_code == 201, split.text
    assert director.get(f"/api/events/{event}/ranking").status_code == 200


def test_law_90_penalty_and_law_92_93_appeal(director: TestClient) -> None:
    event = new_event(director)
    penalty = director.post(
        f"/api/events/{event}/penalties",
        json={"participant": "3", "amount": "1/4", "unit": "top", "law": "90B8", "reason": "slow"},
    )
    assert penalty.status_code == 201, penalty.text
    listed = director.get(f"/api/events/{event}/penalties").json()
    assert [(p["participant"], p["amount"], p["law"]) for p in listed] == [("3", "1/4", "90B8")]
    bad_amount = director.post(
        f"/api/events/{event}/penalties",
        json={"participant": "3", "amount": "a lot", "law": "90"},
    )
    assert bad_amount.status_code == 422
    assert "a lot" in bad_amount.json()["detail"]
    wrong_law = director.post(
        f"/api/events/{event}/penalties",
        json={"participant": "3", "amount": "1", "kind": "disciplinary", "law": "90"},
    )
    assert wrong_law.status_code == 422
    appeal = director.post(
        f"/api/events/{event}/appeals",
        json={"appellant": "5", "reason": "the 12C ruling", "signed_by": ["Eva", "Juan"]},
    )
    assert appeal.status_code == 201
    appeal_id = appeal.json()["id"]
    decided = director.post(
        f"/api/events/{event}/appeals/{appeal_id}/decision", json={"decision": "dismissed"}
    )
    assert decided.json() == {"decision": "dismissed"}
    assert director.get(f"/api/events/{event}/appeals").json()[0]["decision"] == "dismissed"
    unknown = director.post(
        f"/api/events/{event}/appeals/999/decision", json={"decision": "upheld"}
    )
    assert unknown.status_code == 404


def test_law_79c_publish_then_locked_then_reopened(director: TestClient, store: Store) -> None:
    event = new_event(director)
    _, _, board = seating(store, event, 1, 1)
    entry = {"board": board, "table": 1, "contract": "2H", "declarer": "E", "tricks": "8"}
    director.post(f"/api/events/{event}/results", json=entry)
    published = director.post(f"/api/events/{event}/publish").json()
    assert published["published"] is not None
    assert published["locked"] is False
    # Official results are not published again without a reopening (Law 79C2): that
    # would start a new correction period and a new time to appeal.
    again = director.post(f"/api/events/{event}/publish")
    assert again.status_code == 409
    assert "reopen them first (Law 79C2)" in again.json()["detail"]
    # After the correction period the results are locked: move the publication back.
    published_hours_ago(store, event, 2)
    assert director.get(f"/api/events/{event}").json()["locked"] is True
    assert director.post(f"/api/events/{event}/publish").status_code == 409
    locked = director.put(f"/api/events/{event}/results", json=entry | {"reason": "late"})
    assert locked.status_code == 422
    no_reason = director.post(f"/api/events/{event}/reopen", json={"reason": "", "boards": [board]})
    assert no_reason.status_code == 422
    # Law 79C2: the director and the organiser.
    alone = director.post(
        f"/api/events/{event}/reopen", json={"reason": "scoring error", "boards": [board]}
    )
    assert alone.status_code == 422
    assert "the organiser" in alone.json()["detail"]
    reopened = director.post(
        f"/api/events/{event}/reopen",
        json={"reason": "scoring error", "organiser": "Club", "boards": [board]},
    )
    assert reopened.json()["locked"] is False
    assert reopened.json()["reopened_boards"] == [board]
    fixed = director.put(f"/api/events/{event}/results", json=entry | {"reason": "scoring error"})
    assert fixed.status_code == 200
    # Reopen, correct, publish again: locked at once, the first publication's correction
    # period and time to appeal kept (no new period for every score and ruling).
    first = director.get(f"/api/events/{event}").json()["published"]
    republished = director.post(f"/api/events/{event}/publish")
    assert republished.status_code == 200
    assert republished.json()["locked"] is True
    assert republished.json()["published"] == first
    other = director.put(f"/api/events/{event}/results", json=entry | {"reason": "another"})
    assert other.status_code == 422
    assert [e.action for e in store.event_log(event)][-3:] == ["publish", "reopen", "publish"]


def published_hours_ago(store: Store, event: int, hours: int) -> None:
    """Move the event's publication ``hours`` back, as if its correction period had run."""
    from sqlalchemy import update
    from sqlalchemy.orm import Session

    from arbitro.store.models import EventRow

    with Session(store.engine) as db, db.begin():
        db.execute(
            update(EventRow)
            .where(EventRow.id == event)
            .values(published_at=datetime.now(UTC) - timedelta(hours=hours))
        )


def test_ranking_follows_the_results(director: TestClient, store: Store) -> None:
    event = new_event(director)
    assert director.get(f"/api/events/{event}/ranking").json() == []
    movement = store.movement(event)
    assert movement is not None
    board = 1
    tables = [s for s in movement.schedule if board in s.boards]
    for index, seat in enumerate(tables):
        director.post(
            f"/api/events/{event}/results",
            json={
                "board": board,
                "table": seat.table,
                "contract": "4S",
                "declarer": "N",
                "tricks": str(10 - index),
            },
        )
    ranking = director.get(f"/api/events/{event}/ranking").json()
    best = next(line for line in ranking if line["participant"] == tables[0].ns)
    assert best["place"] in {"1", "1="}
    assert best["score"].endswith("%")


def test_openapi_documents_the_director_api(anonymous: TestClient) -> None:
    paths = anonymous.get("/openapi.json").json()["paths"]
    for path in (
        "/api/session",
        "/api/events",
        "/api/events/{event_id}/results",
        "/api/events/{event_id}/rounds/{round_number}/open",
        "/api/events/{event_id}/publish",
        "/api/events/{event_id}/penalties",
        "/api/events/{event_id}/appeals",
    ):
        assert path in paths
    assert not any(path.startswith("/director") for path in paths)


# The desk's pages -----------------------------------------------------------------------


def csrf_of(page: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert match is not None
    return match.group(1)


def test_pages_forbid_framing_and_sniffing(anonymous: TestClient) -> None:
    headers = anonymous.get("/director/sign-in").headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"


def test_desk_pages_send_strangers_to_sign_in(anonymous: TestClient) -> None:
    response = anonymous.get("/director/events/1", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/director/sign-in?next=/director/events/1"


def test_first_run_page_creates_the_first_director(tmp_path: Path) -> None:
    empty = open_store(str(tmp_path / "empty.sqlite3"))
    with TestClient(create_app(empty)) as client:
        setup = client.get("/director/sign-in")
        assert setup.url.path == "/director/setup"
        token = csrf_of(setup.text)
        short = client.post(
            "/director/setup",
            data={"csrf_token": token, "name": "luis", "password": "short", "repeat": "short"},
        )
        assert "at least 8 characters" in short.text
        created = client.post(
            "/director/setup",
            data={"csrf_token": token, "name": "luis", "password": PASSWORD, "repeat": PASSWORD},
        )
        assert created.url.path == "/director/"
        assert "Director's desk" in created.text
        # Once there is a director, the set-up page is closed.
        assert client.get("/director/setup").url.path == "/director/sign-in"
    empty.close()


def sign_in_page(client: TestClient) -> None:
    page = client.get("/director/sign-in")
    client.post(
        "/director/sign-in",
        data={"csrf_token": csrf_of(page.text), "name": "ana", "password": PASSWORD},
    )


def test_desk_forms_need_the_csrf_token(anonymous: TestClient) -> None:
    sign_in_page(anonymous)
    forged = anonymous.post(
        "/director/events",
        data={
            "csrf_token": "forged",
            "name": "x",
            "movement": "howell",
            "tables": "4",
            "boards_per_round": "2",
        },
    )
    assert forged.status_code == 403
    assert "CSRF" in forged.text


def test_desk_creates_an_event_enters_and_corrects_in_spanish(
    anonymous: TestClient, store: Store
) -> None:
    sign_in_page(anonymous)
    desk = anonymous.get("/director/?lang=es")
    assert "Mesa del árbitro" in desk.text
    token = csrf_of(desk.text)
    created = anonymous.post(
        "/director/events",
        data={
            "csrf_token": token,
            "name": "Martes",
            "movement": "howell",
            "tables": "4",
            "boards_per_round": "2",
        },
    )
    event = int(created.url.path.rsplit("/", 1)[1])
    assert "Torneo 1 creado." in created.text
    _, _, board = seating(store, event, 1, 1)
    entered = anonymous.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": token,
            "board": str(board),
            "table": "1",
            "contract": "4P",
            "declarer": "N",
            "tricks": "10",
        },
    )
    assert f"Estuche {board} de la mesa 1 anotado." in entered.text
    refused = anonymous.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": token,
            "board": str(board),
            "table": "1",
            "contract": "4P",
            "declarer": "N",
            "tricks": "11",
        },
    )
    assert "Rechazado" in refused.text  # a correction needs its reason
    assert refused.status_code == 422
    # The form comes back as typed: the 11 tricks are there to correct, not the 10 stored.
    form = refused.text.split('id="result-form"')[1].split("</form>")[0]
    assert 'name="tricks" value="11"' in form
    assert [r.entry.to_str() for r in store.results(event)] == ["4S N 10"]
    corrected = anonymous.post(
        f"/director/events/{event}/result",
        data={
            "csrf_token": token,
            "board": str(board),
            "table": "1",
            "contract": "4P",
            "declarer": "N",
            "tricks": "11",
            "reason": "error de la hoja",
        },
    )
    assert f"Estuche {board} de la mesa 1 corregido." in corrected.text
    assert [a.reason for a in store.audit(event)][-1] == "error de la hoja"
    cards = anonymous.get(f"/director/events/{event}/cards")
    assert table_code("s" * 64, event, 1) in cards.text


def test_law_90_92_93_79c_desk_forms(anonymous: TestClient, store: Store) -> None:
    sign_in_page(anonymous)
    token = csrf_of(anonymous.get("/director/").text)
    event = store.create_event(EventSpec("Club", boards=14), movement=howell(4, 2))
    url = f"/director/events/{event}"
    named = anonymous.post(
        f"{url}/participants",
        data={"csrf_token": token, "participant": "4", "players": "Rosa Díaz, Pablo Sanz"},
    )
    assert "Players of 4 saved." in named.text
    assert "4: Rosa Díaz, Pablo Sanz" in named.text
    assert [(e.by, e.action, e.detail) for e in store.event_log(event)] == [
        ("ana", "players", "4: Rosa Díaz, Pablo Sanz")
    ]
    penalty = anonymous.post(
        f"{url}/penalties",
        data={
            "csrf_token": token,
            "participant": "2",
            "amount": "1/4",
            "law": "90B8",
            "unit": "top",
            "reason": "slow play",
        },
    )
    assert "Penalty on pair 2 recorded." in penalty.text
    assert [(p.record.participant, p.record.law) for p in store.penalties(event)] == [("2", "90B8")]
    wrong = anonymous.post(
        f"{url}/penalties",
        data={"csrf_token": token, "participant": "2", "amount": "-1", "law": "90"},
    )
    assert "Refused:" in wrong.text
    appeal = anonymous.post(
        f"{url}/appeals",
        data={
            "csrf_token": token,
            "appellant": "2",
            "reason": "penalty",
            "signed_by": ["Eva", "Juan"],
        },
    )
    assert "Appeal by 2 lodged." in appeal.text
    appeal_id = store.appeals(event)[0].id
    decided = anonymous.post(
        f"{url}/appeals/{appeal_id}/decision", data={"csrf_token": token, "decision": "upheld"}
    )
    assert f"Decision on appeal {appeal_id} recorded." in decided.text
    # Who gave the penalty, lodged the appeal and decided it is in the event's log.
    assert [(e.by, e.action, e.detail) for e in store.event_log(event)][1:] == [
        ("ana", "penalty", "2: -25% of a top (Law 90B8): slow play"),
        ("ana", "appeal", f"appeal {appeal_id}, pair 2: penalty (signed by Eva, Juan; Law 92D)"),
        ("ana", "decision", f"appeal {appeal_id}: upheld"),
    ]
    # The decision goes back to the rulings' view; the director's log is the audit's.
    assert "appeal decided" in anonymous.get(f"{url}?view=audit").text
    again = anonymous.post(
        f"{url}/appeals/{appeal_id}/decision", data={"csrf_token": token, "decision": "dismissed"}
    )
    assert "decided already (upheld, by ana)" in again.text
    published = anonymous.post(f"{url}/publish", data={"csrf_token": token, "anyway": "true"})
    assert "Results published." in published.text  # no result entered: published anyway
    assert f"{url}/publish" not in published.text  # official: reopen first (Law 79C2)
    published_hours_ago(store, event, 2)
    assert "Final results: the correction period ended on" in anonymous.get(url).text
    no_reason = anonymous.post(
        f"{url}/reopen", data={"csrf_token": token, "reason": " ", "boards": "1"}
    )
    assert "Refused:" in no_reason.text
    alone = anonymous.post(
        f"{url}/reopen", data={"csrf_token": token, "reason": "error", "boards": "1"}
    )
    assert "Refused:" in alone.text  # Law 79C2: the organiser too
    reopened = anonymous.post(
        f"{url}/reopen",
        data={"csrf_token": token, "reason": "error", "organiser": "Club", "boards": "1"},
    )
    assert "Results reopened for board 1." in reopened.text
    # The desk says why the results are open again and offers to publish them again.
    assert (
        "Reopened to correct a scoring error (Law 79C2): error (Law 79C2: director ana, "
        "organiser Club)." in reopened.text
    )
    assert "until the correction period ends" not in reopened.text
    assert f'action="{url}/publish"' in reopened.text
    assert "Board 1 is reopened; every other board stays locked." in reopened.text
    assert "Reopen more boards" in reopened.text  # a second reopening adds its boards
    closed = anonymous.post(f"{url}/rounds/1/close", data={"csrf_token": token})
    assert "round 1 was never opened" in closed.text
    spanish = anonymous.get(url + "?lang=es").text
    assert "resultados publicados" in spanish
    assert "resultados reabiertos" in spanish


def test_desk_sign_in_refuses_a_wrong_password_then_rate_limits(anonymous: TestClient) -> None:
    token = csrf_of(anonymous.get("/director/sign-in").text)
    for _ in range(5):
        wrong = anonymous.post(
            "/director/sign-in", data={"csrf_token": token, "name": "ana", "password": "x"}
        )
        assert "wrong name or password" in wrong.text
    limited = anonymous.post(
        "/director/sign-in", data={"csrf_token": token, "name": "ana", "password": PASSWORD}
    )
    assert "too many failed sign-ins" in limited.text
    assert limited.url.path == "/director/sign-in"


def test_sign_in_never_redirects_to_another_site(anonymous: TestClient) -> None:
    token = csrf_of(anonymous.get("/director/sign-in").text)
    response = anonymous.post(
        "/director/sign-in",
        data={"csrf_token": token, "name": "ana", "password": PASSWORD, "next": "//evil.example/"},
        follow_redirects=False,
    )
    assert response.headers["location"] == "/director/"


def test_director_cli_adds_the_first_director(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from arbitro.cli.main import cli

    database = str(tmp_path / "cli.sqlite3")
    runner = CliRunner()
    added = runner.invoke(
        cli,
        ["director", "add", "luis", "--password-stdin", "--db", database],
        input=PASSWORD + "\n",
    )
    assert added.exit_code == 0, added.output
    assert added.output == "Director 'luis' added.\n"
    again = runner.invoke(
        cli,
        ["director", "add", "luis", "--password-stdin", "--db", database],
        input=PASSWORD + "\n",
    )
    assert again.exit_code != 0
    short = runner.invoke(
        cli, ["director", "add", "eva", "--password-stdin", "--db", database], input="abc\n"
    )
    assert short.exit_code != 0
    assert "at least 8 characters" in short.output
    listed = runner.invoke(cli, ["director", "list", "--db", database])
    assert listed.output == "luis\n"
    opened = open_store(database)
    with TestClient(create_app(opened)) as client:
        signed = client.post("/api/session", json={"name": "luis", "password": PASSWORD})
        assert signed.status_code == 200
    opened.close()


def test_law_90_teams_penalty_in_victory_points_through_the_api(
    director: TestClient, store: Store
) -> None:
    spec = EventSpec("Teams", boards=3, kind="teams")
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    for board, here, there in ((1, 420, -100), (2, -100, 110), (3, 600, 600)):
        store.enter_result(event, board, 1, Entry.from_str(f"score {here}"), ns="A", ew="B")
        store.enter_result(event, board, 2, Entry.from_str(f"score {there}"), ns="B", ew="A")
    before = {standing.participant: standing.total for standing in store.ranking(event)}
    answer = director.post(
        f"/api/events/{event}/penalties",
        json={"participant": "A", "amount": "1", "unit": "vp", "law": "90B2", "reason": "slow"},
    )
    assert answer.status_code == 201, answer.text
    after = {standing.participant: standing.total for standing in store.ranking(event)}
    assert after == {"A": before["A"] - 1, "B": before["B"]}
    page = director.get(f"/director/events/{event}")
    assert '<option value="vp">' in page.text
    pairs = new_event(director)
    refused = director.post(
        f"/api/events/{pairs}/penalties",
        json={"participant": "3", "amount": "1", "unit": "vp", "law": "90"},
    )
    assert refused.status_code == 422
    assert "a penalty in victory points cannot be taken off" in refused.json()["detail"]


BIG = 10**20  # a number pasted twice: beyond what the databases keep as an integer


@pytest.mark.parametrize(
    "path",
    [
        "/api/results/{big}",
        "/results/{big}",
        "/results/{event}/boards/{big}",
        "/api/results/{event}/boards/{big}",
        "/api/tables/{big}/1/round",
        "/tables/{event}/{big}",
        "/director/events/{big}",
        "/director/events/{big}/cards",
        "/director/events/{big}/result",
        "/director/events/{big}/deals",
        "/director/events/{event}/result?board={big}",
        "/api/events/{big}",
        "/api/events/{big}/log",
        "/director/cases?event={big}",
        "/director/cases/{big}?event={event}",
        "/director/cases/new?event={event}&board={big}",
        "/director/polls?event={big}",
        "/director/polls/{big}?event={event}",
        "/director/agreements?event={big}",
        "/director/rulings?event={big}",
        "/director/claims?event={big}",
    ],
)
def test_a_number_out_of_the_databases_range_in_an_address_is_refused_not_a_crash(
    director: TestClient, store: Store, path: str
) -> None:
    event = store.create_event(EventSpec("Club", boards=14), movement=howell(4, 2))
    answer = director.get(path.format(big=BIG, event=event))
    assert 400 <= answer.status_code < 500, answer.text


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/tables/sign-in", {"event": BIG, "code": "ACDEFG"}),
        ("/api/events/{event}/appeals/{big}/decision", {"decision": "upheld"}),
        ("/api/events/{event}/appeals", {"appellant": "1", "reason": "x", "ruling": BIG}),
        ("/api/events/{event}/results", {"board": BIG, "table": 1, "score": "420"}),
        ("/api/events/{event}/results", {"board": 1, "table": BIG, "score": "420"}),
        ("/api/events/{event}/rounds/{big}/open", None),
        ("/api/events/{event}/penalties", {"participant": "1", "amount": "1/4", "board": BIG}),
    ],
)
def test_law_90_92_93_a_number_out_of_range_in_a_body_is_refused_not_a_crash(
    director: TestClient, store: Store, path: str, body: dict[str, object] | None
) -> None:
    event = store.create_event(EventSpec("Club", boards=14), movement=howell(4, 2))
    given = body | {"law": "90B8"} if body and "amount" in body else body
    answer = director.post(path.format(big=BIG, event=event), json=given)
    assert 400 <= answer.status_code < 500, answer.text


def test_law_90_a_penalty_amount_too_large_to_keep_is_refused(
    director: TestClient, store: Store
) -> None:
    # '1e5000' is a number to Fraction, but one with 5000 digits: no penalty is that large.
    event = store.create_event(EventSpec("Club", boards=1), [Participant("1"), Participant("2")])
    answer = director.post(
        f"/api/events/{event}/penalties",
        json={"participant": "1", "amount": "1e5000", "law": "90B8"},
    )
    assert answer.status_code == 422
    assert "invalid penalty amount '1e5000'" in answer.json()["detail"]
    assert store.penalties(event) == []


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"event": "²"}, "²"),  # "²".isdigit() is true, but it is no number
        ({"board": "²"}, "²"),
        ({"event": str(BIG)}, str(BIG)[:20]),  # the input named, cut to 20 characters
        ({"board": str(BIG)}, str(BIG)[:20]),
    ],
)
def test_worksheet_numbers_that_are_no_numbers_are_refused_by_name(
    director: TestClient, store: Store, fields: dict[str, str], said: str
) -> None:
    event = store.create_event(EventSpec("Club", boards=14), movement=howell(4, 2))
    token = csrf_of(director.get(f"/director/cases/new?event={event}").text)
    form = {"csrf_token": token, "event": str(event), "board": "1", "kind": "UI", **fields}
    answer = director.post("/director/cases", data=form | {"action": "preview"})
    assert 400 <= answer.status_code < 500
    assert "expected a whole number from 1 to 2147483647" in answer.text
    assert said in answer.text


def test_law_90_92_93_the_api_logs_penalties_appeals_and_decisions_with_who(
    director: TestClient, store: Store
) -> None:
    event = store.create_event(EventSpec("Club", boards=1), [Participant("1"), Participant("2")])
    penalty = {"participant": "1", "amount": "1/4", "law": "90B8", "reason": "slow"}
    assert director.post(f"/api/events/{event}/penalties", json=penalty).status_code == 201
    lodged = director.post(
        f"/api/events/{event}/appeals",
        json={"appellant": "2", "reason": "x", "signed_by": ["Eva", "Juan"]},
    )
    appeal = lodged.json()["id"]
    decision = f"/api/events/{event}/appeals/{appeal}/decision"
    assert director.post(decision, json={"decision": "dismissed"}).status_code == 200
    again = director.post(decision, json={"decision": "upheld"})
    assert again.status_code == 409
    assert "decided already (dismissed, by ana)" in again.json()["detail"]
    log = director.get(f"/api/events/{event}/log").json()
    assert [(line["by"], line["action"], line["detail"]) for line in log] == [
        ("ana", "penalty", "1: -25% of a top (Law 90B8): slow"),
        ("ana", "appeal", f"appeal {appeal}, pair 2: x (signed by Eva, Juan; Law 92D)"),
        ("ana", "decision", f"appeal {appeal}: dismissed"),
    ]


def test_law_12c1b_the_desks_result_form_shows_a_teams_event_the_adjusted_score_in_imps(
    director: TestClient, store: Store
) -> None:
    teams = store.create_event(EventSpec("Copa", boards=4, kind="teams"))
    pairs = store.create_event(EventSpec("Martes", boards=4))
    teams_form = director.get(f"/director/events/{teams}/result").text
    pairs_form = director.get(f"/director/events/{pairs}/result").text
    assert 'placeholder="A60/A40, +420/-450, 0/-2 IMP"' in teams_form
    assert "0/-2 IMP" not in pairs_form


def test_a_round_robin_of_teams_is_created_as_a_teams_event_each_match_at_two_tables(
    director: TestClient, store: Store
) -> None:
    body = {"name": "Liga", "movement": "round-robin", "tables": 5, "boards_per_round": 12}
    created = director.post("/api/events", json=body)
    assert created.status_code == 201, created.text
    event = created.json()["id"]
    assert store.event(event).spec.kind == "teams"
    movement = store.movement(event)
    assert movement is not None
    assert (movement.kind, movement.rooms, movement.boards_per_round) == ("round-robin", 2, 12)
    # Five teams: two matches a round at tables 1-4, the fifth team on a bye.
    assert [(s.table, s.ns, s.ew) for s in movement.seatings(1)] == [
        (1, "2", "5"),
        (2, "5", "2"),
        (3, "3", "4"),
        (4, "4", "3"),
    ]
    pairs = director.post("/api/events", json=body | {"movement": "howell", "tables": 4})
    assert pairs.status_code == 422
    assert {error["loc"][-1] for error in pairs.json()["errors"]} == {"boards_per_round"}
