"""The console's refusals: one shape, the status of their kind, one handler, documented.

A missing thing is 404 on every route (the director's API, the results, the pages), a
conflict with what is stored 409, bad input or a refusal by a rule 422; the JSON API
answers each in one shape (``{"detail": text}``, with ``errors`` for malformed fields),
in the caller's language, and ``/openapi.json`` documents each router's statuses in it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.web import create_app
from web_director import PASSWORD

pytest_plugins = ("web_director",)  # the store with director ana


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, secret="s" * 64)) as anonymous:
        yield anonymous


def new_event(client: TestClient) -> int:
    answer = client.post(
        "/api/events",
        json={"name": "Club", "movement": "howell", "tables": 2, "boards_per_round": 2},
    )
    assert answer.status_code == 201, answer.text
    event: int = answer.json()["id"]
    return event


@pytest.fixture
def signed_in(client: TestClient) -> TestClient:
    answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert answer.status_code == 200
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def test_a_missing_event_is_404_on_the_api_the_results_and_the_pages(signed_in: TestClient) -> None:
    for address in ("/api/events/99", "/api/events/99/results", "/api/results/99"):
        answer = signed_in.get(address)
        assert (address, answer.status_code) == (address, 404)
        assert answer.json() == {"detail": "there is no event 99"}
    for address in ("/director/events/99", "/results/99", "/director/events/99/deals"):
        page = signed_in.get(address)
        assert (address, page.status_code) == (address, 404)
        assert "there is no event 99" in page.text
        assert page.headers["content-type"].startswith("text/html")


def test_the_one_handler_answers_in_the_callers_language(signed_in: TestClient) -> None:
    answer = signed_in.get("/api/events/99", headers={"Accept-Language": "es"})
    assert answer.status_code == 404
    assert answer.json() == {"detail": "no hay ningún torneo 99"}


def test_law_79c2_publishing_twice_is_a_conflict_409(signed_in: TestClient) -> None:
    event = new_event(signed_in)
    assert signed_in.post(f"/api/events/{event}/publish").status_code == 200
    again = signed_in.post(f"/api/events/{event}/publish")
    assert again.status_code == 409
    assert "reopen them first (Law 79C2)" in again.json()["detail"]


def test_malformed_fields_answer_in_the_same_shape(signed_in: TestClient) -> None:
    answer = signed_in.post(
        "/api/events",
        json={"name": "x", "movement": "howell", "tables": "many", "boards_per_round": 2},
    )
    assert answer.status_code == 422
    body = answer.json()
    assert isinstance(body["detail"], str)
    assert "“tables” is “many”" in body["detail"]
    assert [error["loc"][-1] for error in body["errors"]] == ["tables"]


def test_openapi_documents_one_error_shape_for_each_routes_statuses(client: TestClient) -> None:
    """Each API route declares its own refusals (tests/test_api_schema.py), all in one shape."""
    document = client.get("/openapi.json").json()
    shape = document["components"]["schemas"]["ErrorAnswer"]
    assert shape["properties"]["detail"]["type"] == "string"
    assert "HTTPValidationError" not in document["components"]["schemas"]
    for path, operations in document["paths"].items():
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            refusals = {s: a for s, a in operation["responses"].items() if s >= "400"}
            assert "503" in refusals, (path, method)  # every route may find the database busy
            for answer in refusals.values():
                content = answer["content"]["application/json"]["schema"]
                assert content == {"$ref": "#/components/schemas/ErrorAnswer"}, (path, method)


def test_openapi_documents_the_home_and_the_cli_reference_as_html(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/", "/help/cli"):
        for status, answer in paths[path]["get"]["responses"].items():
            assert list(answer["content"]) == ["text/html"], (path, status)


def test_405_allows_every_method_of_the_path(signed_in: TestClient) -> None:
    event = new_event(signed_in)
    answer = signed_in.delete(f"/api/events/{event}/results")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, POST, PUT"
