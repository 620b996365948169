"""Schemathesis against the console's own ``/openapi.json``: no request makes a server error.

Every operation the OpenAPI document declares is called with examples generated from
its schema (a bounded number each), once anonymous and once signed in as a director
with the session's CSRF token. No answer may be a 5xx, and every answer's status must
be one its route declares (each route lists its own refusals, in ``ErrorAnswer``'s
shape); a JSON answer must match the schema the document gives it for its status.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password

SECRET = "s" * 64
PASSWORD = "club night 2026"
EXAMPLES = 4
"""Examples a declared operation gets in each of the two runs."""


def _console(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The console on a database with director ``ana`` and a 3-table Mitchell."""
    store = open_store(str(tmp_path_factory.mktemp("schema") / "arbitro.sqlite3"))
    store.add_director("ana", hash_password(PASSWORD))
    store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    yield create_app(store, secret=SECRET)
    store.close()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The console the generated requests share (they may publish its event)."""
    yield from _console(tmp_path_factory)


@pytest.fixture
def untouched_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A console of its own, its event unpublished whatever the generated requests did."""
    yield from _console(tmp_path_factory)


@pytest.fixture(scope="module")
def api_schema(app: Any) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", app)


@pytest.fixture(scope="module")
def director(app: Any) -> dict[str, Any]:
    """The cookie and header of a director's session."""
    with TestClient(app) as client:
        answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        return {
            "cookies": {"arbitro_session": client.cookies["arbitro_session"]},
            "headers": {"X-CSRF-Token": answer.json()["csrf"]},
        }


def check(case: Any, response: Any) -> None:
    """No server error; a status the route declares; a JSON answer as the document describes it."""
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance])
    json_answer = "json" in response.headers.get("content-type", [""])[0]
    if json_answer:
        case.validate_response(response, checks=[response_schema_conformance])


def operations(api_schema: Any) -> list[Any]:
    return [result.ok() for result in api_schema.get_all_operations()]


def run(api_schema: Any, call: Callable[[Any], Any]) -> list[str]:
    """Call every operation with :data:`EXAMPLES` generated requests; the failures, as text."""
    failures = []
    for operation in operations(api_schema):

        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
        @given(operation.as_strategy())
        def one(case: Any) -> None:
            check(case, call(case))

        try:
            one()
        except Exception as error:  # every operation is tried; the report lists them all
            failures.append(f"{operation.method.upper()} {operation.path}: {error}"[:600])
    return failures


def test_api_anonymous_requests_make_no_server_error(api_schema: Any) -> None:
    assert run(api_schema, lambda case: case.call()) == []


def test_api_director_requests_make_no_server_error(
    api_schema: Any, director: dict[str, Any]
) -> None:
    def call(case: Any) -> Any:
        if case.path == "/api/session" and case.method.upper() == "DELETE":
            # Signing out would end the session the other requests use: sent anonymous.
            return case.call()
        return case.call(cookies=director["cookies"], headers=director["headers"])

    assert run(api_schema, call) == []


def test_the_schema_declares_the_apis_operations(api_schema: Any) -> None:
    paths = set(api_schema.raw_schema["paths"])
    assert "/api/session" in paths
    assert any(path.startswith("/api/tables/") for path in paths)


def declared(app: Any, method: str, path: str) -> set[int]:
    """The statuses the document declares for one operation."""
    return {int(status) for status in app.openapi()["paths"][path][method]["responses"]}


def test_each_route_declares_its_own_refusals_in_one_shape(app: Any) -> None:
    """Statuses per route, not per router: routes of one router differ, each refusal is an ErrorAnswer."""
    paths = app.openapi()["paths"]
    refusals = {
        (method, path): {int(status) for status in operation["responses"] if status >= "400"}
        for path, operations in paths.items()
        if path.startswith("/api/")
        for method, operation in operations.items()
    }
    assert all(refusals.values())
    assert refusals["get", "/api/events"] == {401, 503}
    assert refusals["post", "/api/events/{event_id}/publish"] == {401, 403, 404, 409, 422, 503, 507}
    assert refusals["post", "/api/tables/sign-in"] == {401, 422, 429, 503}
    for path, operations in paths.items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                if path.startswith("/api/") and status >= "400":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/ErrorAnswer"}, (method, path)


def test_refusals_answer_only_statuses_their_route_declares(untouched_app: Any) -> None:
    """Each refusal provoked here has its status among those of its route (and its shape)."""
    app = untouched_app
    answered: list[tuple[str, str, int]] = []
    with TestClient(app) as client:
        answer = client.get("/api/events")
        answered.append(("get", "/api/events", answer.status_code))
        answer = client.post("/api/tables/sign-in", json={"event": 1, "code": "XXXXXX"})
        answered.append(("post", "/api/tables/sign-in", answer.status_code))
        answer = client.post("/api/tables/1/1/boards/1", json={"contract": "4S"})
        answered.append(("post", "/api/tables/{event}/{table}/boards/{board}", answer.status_code))
        answer = client.get("/api/results/1")
        answered.append(("get", "/api/results/{event}", answer.status_code))
        signed = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        csrf = {"X-CSRF-Token": signed.json()["csrf"]}
        answer = client.get("/api/events/99")
        answered.append(("get", "/api/events/{event_id}", answer.status_code))
        answer = client.post("/api/events/1/publish", headers={"X-CSRF-Token": "forged"})
        answered.append(("post", "/api/events/{event_id}/publish", answer.status_code))
        event = client.post(
            "/api/events",
            json={"name": "Twice", "movement": "mitchell", "tables": 3, "boards_per_round": 2},
            headers=csrf,
        ).json()["id"]
        client.post(f"/api/events/{event}/publish", headers=csrf)
        answer = client.post(f"/api/events/{event}/publish", headers=csrf)
        answered.append(("post", "/api/events/{event_id}/publish", answer.status_code))
        assert answer.json().keys() == {"detail"}
    assert [status for *_, status in answered] == [401, 401, 403, 403, 404, 403, 409]
    undeclared = [
        (method, path, status)
        for method, path, status in answered
        if status not in declared(app, method, path)
    ]
    assert undeclared == []
