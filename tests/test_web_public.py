"""Results for the players (issue 9): rankings after publication (79C), travellers, score cards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store.repository import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell where board 1 was played at tables 1 and 3 (round 1 and 3)."""
    number = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    movement = store.movement(number)
    assert movement is not None
    for seating in movement.schedule:
        if 1 in seating.boards and seating.table != 2:
            store.enter_result(number, 1, seating.table, Entry.from_str("4S N 10"))
    return number


def players_of_board(store: Store, event: int, board: int) -> tuple[set[str], set[str]]:
    """The pairs that have a result on ``board`` and those that do not."""
    played = {p for r in store.results(event) if r.board == board for p in (r.ns, r.ew)}
    everyone = {participant.number for participant in store.participants(event)}
    return played, everyone - played


@pytest.fixture
def client(store: Store) -> TestClient:
    return TestClient(create_app(store, secret="k" * 64))


def test_law79c_ranking_hidden_until_published(
    client: TestClient, store: Store, event: int
) -> None:
    refused = client.get(f"/api/results/{event}")
    assert refused.status_code == 403
    assert "not published" in refused.json()["detail"]
    assert "Ranking" not in client.get(f"/results/{event}").text
    store.publish(event)
    ranking = client.get(f"/api/results/{event}").json()["ranking"]
    assert [line["participant"] for line in ranking] == [
        s.participant for s in store.ranking(event)
    ]
    page = client.get(f"/results/{event}?lang=es")
    assert "Clasificación" in page.text


def test_traveller_opens_once_the_pairs_table_played_the_board(
    client: TestClient, store: Store, event: int
) -> None:
    played, not_yet = players_of_board(store, event, 1)
    for pair in sorted(not_yet):
        answer = client.get(f"/api/results/{event}/boards/1", params={"pair": pair})
        assert answer.status_code == 403
        assert f"pair {pair} has not played board 1" in answer.json()["detail"]
    assert client.get(f"/api/results/{event}/boards/1").status_code == 403
    for pair in sorted(played):
        lines = client.get(f"/api/results/{event}/boards/1", params={"pair": pair}).json()["lines"]
        assert sorted(line["table"] for line in lines) == sorted(
            r.table for r in store.results(event)
        )
        assert {line["entry"] for line in lines} == {"4S N 10"}
    store.publish(event)
    assert client.get(f"/api/results/{event}/boards/1").status_code == 200


def test_traveller_of_a_board_outside_the_event(client: TestClient, event: int) -> None:
    answer = client.get(f"/api/results/{event}/boards/7")
    assert answer.status_code == 404
    assert "expected 1 to 6" in answer.json()["detail"]


def test_score_card_from_the_pairs_side(client: TestClient, store: Store, event: int) -> None:
    played, _ = players_of_board(store, event, 1)
    results = store.results(event)
    for pair in played:
        [mine] = [r for r in results if pair in (r.ns, r.ew)]
        card = client.get(f"/api/results/{event}/pairs/{pair}").json()["boards"]
        assert [line["board"] for line in card] == [1]
        assert card[0]["direction"] == ("NS" if pair == mine.ns else "EW")
        assert card[0]["opponents"] == (mine.ew if pair == mine.ns else mine.ns)
    # Two tables scored the same: each side gets half the top (one matchpoint of two).
    assert {
        line["points"]
        for p in played
        for line in client.get(f"/api/results/{event}/pairs/{p}").json()["boards"]
    } == {"1.00"}


def test_unknown_pair_and_event(client: TestClient, event: int) -> None:
    assert client.get(f"/api/results/{event}/pairs/99").status_code == 404
    assert client.get("/api/results/99").status_code == 404
    page = client.get(f"/results/{event}/pairs/99?lang=es")
    assert page.status_code == 404
    assert "no hay" in page.text.lower()


def test_pages_in_both_languages(client: TestClient, store: Store, event: int) -> None:
    played, _ = players_of_board(store, event, 1)
    pair = sorted(played)[0]
    english = client.get(f"/results/{event}/boards/1?pair={pair}&lang=en")
    assert english.status_code == 200
    assert "Board 1" in english.text
    spanish = client.get(f"/results/{event}/pairs/{pair}?lang=es")
    assert "Pareja" in spanish.text
    assert "4S N 10" in spanish.text
    assert "Martes" in client.get("/results").text


PASSWORD = "club night 2026"


def test_hand_records_with_double_dummy_and_par_after_publication(store: Store, event: int) -> None:
    from arbitro.analysis.solver import double_dummy_tables
    from arbitro.core.deal import Deal
    from arbitro.store.console import add_director
    from arbitro.web.security import hash_password

    add_director(store, "ana", hash_password(PASSWORD))
    deal = Deal.from_number(12345)
    with TestClient(create_app(store, secret="k" * 64)) as client:
        body = {"deals": {"1": deal.to_str()}}
        assert client.put(f"/api/results/{event}/deals", json=body).status_code in (401, 403)
        csrf = client.post("/api/session", json={"name": "ana", "password": PASSWORD}).json()[
            "csrf"
        ]
        headers = {"X-CSRF-Token": csrf}
        bad = client.put(
            f"/api/results/{event}/deals", json={"deals": {"9": deal.to_str()}}, headers=headers
        )
        assert bad.status_code == 422
        assert "board 9 is not in the event" in bad.json()["detail"]
        assert (
            client.put(f"/api/results/{event}/deals", json=body, headers=headers).status_code == 200
        )
        refused = client.get(f"/api/results/{event}/hands")
        assert refused.status_code == 403
        store.publish(event)
        [board] = client.get(f"/api/results/{event}/hands").json()["boards"]
        assert board["board"] == 1
        assert board["tricks"] == double_dummy_tables([deal])[0].to_str()
        page = client.get(f"/results/{event}/hands?lang=es")
        assert page.status_code == 200
        assert "Hoja de manos" in page.text
