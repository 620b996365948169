"""The pages write bridge in the notation of their language (issue 9): ``Paso``, ``ST``, ``O``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.card import Card
from arbitro.core.contract import Contract, PassedOut
from arbitro.core.notation import NOTRUMP_WRITTEN, SEAT_LETTERS
from arbitro.core.seat import Seat
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password, table_code

SECRET = "k" * 64


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell; board 1 played at tables 1 and 3: 3NTX by South, and passed out."""
    number = store.create_event(EventSpec("Jueves", boards=6), movement=mitchell(3, 2))
    store.enter_result(number, 1, 1, Entry.from_str("3NTX S 8 lead HQ"))
    store.enter_result(number, 1, 3, Entry.from_str("Pass"))
    return number


def test_law22a1_spanish_traveller_writes_paso_st_and_the_spanish_lead(
    store: Store, event: int
) -> None:
    store.publish(event)
    client = TestClient(create_app(store, secret=SECRET))
    spanish = client.get(f"/results/{event}/boards/1?lang=es").text
    # As the core's Spanish notation writes them: Paso, ST (sin triunfo), C for hearts.
    assert PassedOut().to_str("es") == "Paso"
    assert NOTRUMP_WRITTEN["es"] == "ST"
    assert "<td>Paso</td>" in spanish
    assert "3STX S 8 salida ♥D" in spanish
    assert f"3{NOTRUMP_WRITTEN['es']}X" == Contract.from_str("3NTX").to_str("es")
    assert Card.from_str("HQ").to_str("es") == "CD"
    assert "Pass" not in spanish
    assert "3NTX" not in spanish
    english = client.get(f"/results/{event}/boards/1?lang=en").text
    assert "<td>Pass</td>" in english
    assert "3NTX S 8 lead ♥Q" in english
    # The API speaks English notation whatever the language.
    lines = client.get(f"/api/results/{event}/boards/1?lang=es").json()["lines"]
    assert {line["entry"] for line in lines} == {"3NTX S 8 lead HQ", "Pass"}


def test_law77_spanish_score_card_and_directors_desk_write_spanish(
    store: Store, event: int
) -> None:
    store.publish(event)
    client = TestClient(create_app(store, secret=SECRET))
    [ns] = [r.ns for r in store.results(event) if r.table == 1]
    card = client.get(f"/results/{event}/pairs/{ns}?lang=es").text
    assert "3STX S 8 salida ♥D" in card
    store.add_director("ana", hash_password("club night 2026"))
    signed = client.post("/api/session", json={"name": "ana", "password": "club night 2026"})
    assert signed.status_code == 200
    desk = client.get(f"/director/events/{event}?lang=es").text
    assert "<td>3STX S 8 salida ♥D</td>" in desk
    assert "<td>Paso</td>" in desk
    # The audit trail too.
    assert "<td>3STX S 8 salida ♥D</td><td></td>" in desk.split('id="audit"')[1]
    correcting = client.get(f"/director/events/{event}/result?board=1&table=1&lang=es").text
    assert "<strong>3STX S 8 salida ♥D</strong>" in correcting
    assert 'placeholder="4P, 3STX, paso"' in correcting


def test_law77_spanish_table_page_reads_and_writes_spanish_notation(
    store: Store, event: int
) -> None:
    store.open_round(event, 1)
    client = TestClient(create_app(store, secret=SECRET))
    page = client.get("/tables?lang=es")
    token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
    signed = client.post(
        "/tables/sign-in",
        data={"event": str(event), "code": table_code(SECRET, event, 2), "csrf_token": token},
    )
    assert signed.status_code == 200
    # The strain and seat choices are labelled in Spanish (P for spades, ST, O for West).
    assert '<option value="S">P</option>' in signed.text
    assert '<option value="NT">ST</option>' in signed.text
    assert f'<option value="W">{SEAT_LETTERS["es"][3]}</option>' in signed.text
    assert 'placeholder="C4"' in signed.text
    movement = store.movement(event)
    assert movement is not None
    [seating] = [s for s in movement.schedule if s.table == 2 and s.round == 1]
    board = seating.boards[0]
    # The lead is typed as a Spanish player writes it: C4 is the four of hearts.
    entered = client.post(
        f"/tables/{event}/2/boards/{board}",
        data={
            "csrf_token": token,
            "level": "4",
            "strain": "S",
            "double": "X",
            "declarer": "W",
            "tricks": "10",
            "lead": "C4",
        },
    )
    assert entered.status_code == 200, entered.text
    assert "4♠X O 10 salida ♥4" in entered.text
    confirmed = client.post(
        f"/tables/{event}/2/boards/{board}/confirm",
        data={"csrf_token": token, "pair": seating.ew},
    )
    assert confirmed.status_code == 200
    [stored] = [r for r in store.results(event) if r.table == 2]
    assert stored.entry == Entry(
        contract=Contract.from_str("4SX"), declarer=Seat.WEST, tricks=10, lead=Card.from_str("H4")
    )
    passed = client.post(
        f"/tables/{event}/2/boards/{seating.boards[1]}",
        data={"csrf_token": token, "passed": "1"},
    )
    assert "Anotado: <strong>Paso</strong>" in passed.text


def test_an_unknown_pair_is_quoted_as_typed_and_the_pairs_offered_in_the_pages_notation(
    store: Store, event: int
) -> None:
    store.publish(event)
    client = TestClient(create_app(store, secret=SECRET))
    english = client.get(f"/results/{event}/pairs/9eo?lang=en")
    assert english.status_code == 404
    assert f"there is no pair &#39;9eo&#39; in event {event} (expected 1NS, 1EW," in english.text
    spanish = client.get(f"/results/{event}/pairs/9EO?lang=es")
    assert spanish.status_code == 404
    assert f"no hay pareja «9EO» en el torneo {event} (se esperaba 1NS, 1EO, 2NS" in spanish.text
    assert "9EW" not in spanish.text
    assert "1EW" not in spanish.text
