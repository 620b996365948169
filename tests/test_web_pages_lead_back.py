"""The players' and tables' pages never leave a phone at a dead end.

An address the console has no page at, or a form's address opened by itself, answers a
browser with a page in its language and the way back (a program still gets JSON); the
language switch of a page that answers a form goes to the page the form was on, and on a
page read with its query (a traveller's session, the pair it marks) keeps it; the hand
records before the results are published offer no table card's code (none opens them)
and lead back to the event, and are offered only once the director gave the deals; a
round whose boards are all confirmed reloads itself, so the table sees the next round
without a reload.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.public_results import set_deals
from arbitro.web.security import table_code

SECRET = "b" * 64
BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "club.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell of 2-board rounds, round 1 open."""
    number = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    return number


def table_client(store: Store, event: int, table: int, lang: str = "en") -> tuple[TestClient, str]:
    """A browser's client signed in at ``table`` through the pages, and its CSRF token."""
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    page = client.get(f"/tables?lang={lang}").text
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    signed = client.post(
        "/tables/sign-in",
        data={"event": str(event), "code": table_code(SECRET, event, table), "csrf_token": token},
    )
    assert signed.status_code == 200, signed.text
    return client, token


def switch(page: str, lang: str) -> str:
    """The address the page's language switch links to for ``lang``."""
    link = page.split(f'hreflang="{lang}"')[0].rsplit("<a href=", 1)[1]
    return link.strip().strip('"').replace("&amp;", "&")


def test_an_unknown_address_answers_a_browser_with_a_page_and_the_way_home(
    store: Store,
) -> None:
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    english = client.get("/results/1/boardz/3?lang=en")
    assert english.status_code == 404
    assert english.headers["content-type"].startswith("text/html")
    assert "There is no page at this address" in english.text
    assert '<a class="button secondary" href="/">Home</a>' in english.text
    assert "<h1>Page not found</h1>" in english.text
    assert "Refused" not in english.text
    spanish = client.get("/resultados?lang=es")
    assert spanish.status_code == 404
    assert '<html lang="es">' in spanish.text
    assert 'href="/">Inicio</a>' in spanish.text


def test_a_refusal_that_is_no_missing_page_is_headed_refused(store: Store) -> None:
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    answer = client.get("/tables/sign-in?lang=en")  # a form's address opened by itself
    assert answer.status_code == 405
    assert "<h1>Refused</h1>" in answer.text
    assert "Page not found" not in answer.text


def test_a_missing_page_is_headed_page_not_found_in_spanish(store: Store) -> None:
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    spanish = client.get("/resultados?lang=es")
    assert "<h1>Página no encontrada</h1>" in spanish.text
    assert "Rechazado" not in spanish.text


def test_an_unknown_address_answers_a_program_with_json(store: Store) -> None:
    client = TestClient(create_app(store, secret=SECRET))
    assert client.get("/nothing-here").json() == {"detail": "Not Found"}
    api = client.get("/api/nothing-here", headers=BROWSER)
    assert api.status_code == 404
    assert api.json() == {"detail": "Not Found"}


def test_a_forms_address_opened_by_itself_leads_back_to_the_round(store: Store, event: int) -> None:
    client, _ = table_client(store, event, 1)
    answer = client.get(f"/tables/{event}/1/boards/1")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "POST"
    assert "This address only answers a form sent from its page" in answer.text
    assert f'<a class="button" href="/tables/{event}/1">' in answer.text
    program = TestClient(create_app(store, secret=SECRET)).get(f"/tables/{event}/1/boards/1")
    assert program.json() == {"detail": "Method Not Allowed"}


def test_the_language_switch_after_a_refused_entry_goes_to_the_round_page(
    store: Store, event: int
) -> None:
    client, token = table_client(store, event, 1, lang="es")
    refused = client.post(
        f"/tables/{event}/1/boards/1",
        data={"csrf_token": token, "level": "4", "strain": "S", "declarer": "N", "tricks": "15"},
    )
    assert refused.status_code == 422
    assert switch(refused.text, "en") == f"/tables/{event}/1?lang=en"
    english = client.get(switch(refused.text, "en"))
    assert english.status_code == 200
    assert "Table 1, round 1" in english.text


def test_the_language_switch_after_a_wrong_code_goes_to_the_sign_in_page(
    store: Store, event: int
) -> None:
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    token = client.get("/tables?lang=es").text.split('name="csrf_token" value="')[1].split('"')[0]
    wrong = client.post(
        "/tables/sign-in", data={"event": str(event), "code": "XXXXXX", "csrf_token": token}
    )
    assert switch(wrong.text, "en") == "/tables?lang=en"
    assert client.get(switch(wrong.text, "en")).status_code == 200


def test_the_language_switch_keeps_the_travellers_query_but_not_the_tables_code(
    store: Store, event: int
) -> None:
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    code = table_code(SECRET, event, 1)
    page = client.get(f"/results/{event}/boards/1?pair=1NS&code={code}&lang=es")
    assert page.status_code == 200, page.text
    assert switch(page.text, "en") == f"/results/{event}/boards/1?pair=1NS&lang=en"


def test_the_hand_records_before_publication_offer_no_code_and_lead_back_to_the_event(
    store: Store, event: int
) -> None:
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    hands = client.get(f"/results/{event}/hands?lang=en")
    assert hands.status_code == 403
    assert "are not published yet" in hands.text
    assert 'id="table-code"' not in hands.text
    assert f'href="/results/{event}" id="back">Back to the results of Martes noche' in hands.text
    # A score card before the session is over still asks for the code, and leads back too.
    card = client.get(f"/results/{event}/pairs/1NS?lang=en")
    assert card.status_code == 403
    assert 'id="table-code"' in card.text
    assert f'href="/results/{event}" id="back"' in card.text
    # No event, no way back to it.
    assert 'id="back"' not in client.get("/results/99/hands").text


def test_the_round_page_reloads_itself_once_every_board_is_confirmed(
    store: Store, event: int
) -> None:
    client, _ = table_client(store, event, 1)
    assert "Refresh" not in client.get(f"/tables/{event}/1").headers
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    assert "Refresh" not in client.get(f"/tables/{event}/1").headers
    store.enter_result(event, 2, 1, Entry.from_str("3NT S 9"))
    done = client.get(f"/tables/{event}/1")
    assert "Confirmed:" in done.text
    seconds, _, address = done.headers["Refresh"].partition("; url=")
    assert int(seconds) > 0
    assert address == f"/tables/{event}/1"


def test_the_hand_records_are_offered_only_once_the_director_gave_the_deals(
    store: Store, event: int
) -> None:
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"))
    store.publish(event)
    client = TestClient(create_app(store, secret=SECRET), headers=BROWSER)
    page = client.get(f"/results/{event}?lang=en").text
    assert f'href="/results/{event}/hands"' not in page
    hands = client.get(f"/results/{event}/hands?lang=en")
    assert hands.status_code == 200
    assert "The director has not given this event's deals" in hands.text
    assert f'href="/results/{event}"' in hands.text  # the way back
    set_deals(store, event, {1: str(Deal.from_number(38))})
    assert f'href="/results/{event}/hands"' in client.get(f"/results/{event}").text
