"""Schemathesis against the console's own ``/openapi.json``: no request makes a server error.

Every operation the OpenAPI document declares is called with examples generated from
its schema (a bounded number each), once anonymous and once signed in as a director
with the session's CSRF token. No answer may be a 5xx. A successful JSON answer must
match the schema the document gives it; refusals are checked only for being refusals
(4xx), since their documented shape is being reworked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import hash_password

SECRET = "s" * 64
PASSWORD = "club night 2026"
EXAMPLES = 4
"""Examples a declared operation gets in each of the two runs."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The console on a database with director ``ana`` and a 3-table Mitchell."""
    store = open_store(str(tmp_path_factory.mktemp("schema") / "arbitro.sqlite3"))
    store.add_director("ana", hash_password(PASSWORD))
    store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    yield create_app(store, secret=SECRET)
    store.close()


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
    """No server error; a JSON success as the document describes it."""
    case.validate_response(response, checks=[not_a_server_error])
    json_answer = "json" in response.headers.get("content-type", [""])[0]
    if 200 <= response.status_code < 300 and json_answer:
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
