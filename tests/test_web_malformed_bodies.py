"""A request body the console cannot read is refused with 422 in its one shape, never a 500.

A form posted to a JSON route with bytes that are not UTF-8 (a phone's browser set to
Latin-1, a program's bug) comes back from FastAPI as the body's bytes: the refusal lists
them as text, and the director's sign-in, a table's sign-in and its score entry answer
422 with a ``detail`` in the reader's language. A desk form's field longer than it takes
is named, in the page's language, with the length it takes.
"""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from web_director import SECRET

pytest_plugins = ("web_director",)

FORM = {"content-type": "application/x-www-form-urlencoded"}
NOT_UTF8 = b"name=Pe\xf1a&board=\xff\xfe"


@pytest.mark.parametrize("path", ["/api/session", "/api/tables/sign-in"])
def test_sign_in_with_a_body_not_utf8_is_422(store: Store, path: str) -> None:
    client = TestClient(create_app(store, secret=SECRET), raise_server_exceptions=False)
    answer = client.post(path, content=NOT_UTF8, headers={**FORM, "Accept-Language": "es"})
    assert answer.status_code == 422
    assert answer.json()["detail"]
    assert "Pe\ufffda" in str(answer.json()["errors"])


def test_table_score_entry_with_a_body_not_utf8_is_422(store: Store) -> None:
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    client = TestClient(create_app(store, secret=SECRET), raise_server_exceptions=False)
    signed = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    assert signed.status_code == 200, signed.text
    client.headers["X-CSRF-Token"] = signed.json()["csrf"]
    answer = client.post(f"/api/tables/{event}/1/boards/1", content=NOT_UTF8, headers=FORM)
    assert answer.status_code == 422
    assert answer.json()["detail"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "“contract” is longer than 20 characters."),
        ("es", "«contrato» tiene más de 20 caracteres."),
    ],
)
def test_desk_result_with_an_overlong_field_names_it_and_its_length(
    store: Store, director: tuple[TestClient, str], lang: str, expected: str
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    form = {"board": "1", "table": "1", "contract": "3NT" * 100, "csrf_token": csrf}
    answer = client.post(f"/director/events/{event}/result?lang={lang}", data=form)
    assert answer.status_code == 422
    assert expected in html.unescape(answer.text)
    assert store.results(event) == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "The request's body could not be read: expected JSON or a form, in UTF-8."),
        (
            "es",
            "No se ha podido leer el cuerpo de la petición: se esperaba JSON o un formulario, en UTF-8.",
        ),
    ],
)
def test_json_body_not_utf8_is_400_in_the_readers_language(
    store: Store, lang: str, expected: str
) -> None:
    client = TestClient(create_app(store, secret=SECRET), raise_server_exceptions=False)
    answer = client.post(
        f"/api/session?lang={lang}",
        content=b'{"name": "Pe\xf1a", "password": "x"}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400
    assert answer.json() == {"detail": expected}


def test_form_body_not_utf8_is_named_as_text_not_as_bytes(store: Store) -> None:
    client = TestClient(create_app(store, secret=SECRET), raise_server_exceptions=False)
    answer = client.post("/api/session?lang=en", content=NOT_UTF8, headers=FORM)
    assert answer.status_code == 422
    assert "“body” is “name=Pe\ufffda&board=\ufffd\ufffd”" in answer.json()["detail"]
