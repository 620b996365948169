"""The tables' JSON writes answered by the direct handler (:func:`arbitro.web.routes.direct_handler`).

The direct handler answers a well-formed score entry and confirmation without FastAPI's
general solving of dependencies and parameters (issue 26: less processor time a
request), and hands anything else to FastAPI's own handler. These tests hold its
answers, refusals included, to FastAPI's: the same requests on two new servers, one
answering through FastAPI's handler alone (the routes' ``direct`` turned off), give the
same statuses, bodies and headers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.responses import JSONResponse, Response

from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.routes import LazyRoute, LazyRouter, every_route
from arbitro.web.security import table_code

SECRET = "d" * 64
CHANGING = {"date", "set-cookie", "content-length"}
"""Headers that differ between two servers for reasons of their own (time, session)."""


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[Store, Store, int]]:
    """Two stores with the same 3-table Mitchell of 2-board rounds, round 1 open."""
    opened = []
    for name in ("direct", "fastapi"):
        store = open_store(str(tmp_path / f"{name}.sqlite3"))
        event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
        store.open_round(event, 1)
        opened.append(store)
    yield opened[0], opened[1], event
    for store in opened:
        store.close()


def tables_writes() -> list[LazyRoute]:
    """The routes of the tables' score entry and confirmation (built)."""
    routes = every_route(create_app(secret=SECRET).router.routes)
    found = [r for r in routes if isinstance(r, LazyRoute) and r.name in WRITES]
    assert len(found) == len(WRITES)
    return found


WRITES = {"api_enter", "api_confirm"}


def signed_in(store: Store, event: int, table: int) -> tuple[TestClient, str]:
    """A client signed in as ``table`` through the API, and its CSRF token."""
    app = create_app(store, secret=SECRET)
    client = TestClient(app)
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    return client, answer.json()["csrf"]


def answers(client: TestClient, token: str, event: int) -> list[tuple[int, object, object]]:
    """Table 1's way through its first board, with the mistakes a phone may make on the way."""
    movement_board = 1
    entry = f"/api/tables/{event}/1/boards/{movement_board}"
    good = {"contract": "4S", "declarer": "N", "tricks": "10"}
    header = {"X-CSRF-Token": token}
    requests: list[tuple[str, dict[str, object]]] = [
        (entry, {"json": good}),  # no CSRF token
        (entry, {"json": {"declarer": "N"}}),  # no CSRF token, no contract: still 403
        (entry, {"json": good, "headers": {"X-CSRF-Token": "forged"}}),
        (entry, {"json": {"declarer": "N"}, "headers": header}),  # 422, no contract
        (entry, {"json": {**good, "contract": "x" * 9}, "headers": header}),
        (entry, {"json": [1, 2], "headers": header}),
        (entry, {"content": b"{not json", "headers": {**header, "Content-Type": JSON}}),
        (entry, {"content": b"", "headers": {**header, "Content-Type": JSON}}),
        (entry, {"content": b"null", "headers": {**header, "Content-Type": JSON}}),
        (entry, {"content": json.dumps(good), "headers": {**header, "Content-Type": "text/plain"}}),
        (entry, {"content": json.dumps(good), "headers": header}),  # no content type
        (entry, {"json": good, "headers": {**header, "Content-Type": f"{JSON}; charset=utf-8"}}),
        (f"/api/tables/{event}/1/boards/x", {"json": good, "headers": header}),
        (f"/api/tables/{event}/1/boards/0", {"json": good, "headers": header}),
        ("/api/tables/0/1/boards/1", {"json": good, "headers": header}),
        (f"/api/tables/{event}/2/boards/3", {"json": good, "headers": header}),  # not this table
        (f"/api/tables/{event}/1/boards/5", {"json": good, "headers": header}),  # not its board
        (f"{entry}/confirm", {"json": {"pair": "1"}, "headers": header}),  # nothing entered yet
        (entry, {"json": good, "headers": header}),
        (f"{entry}/confirm", {"json": {"pair": "1"}}),  # no CSRF token
        (f"{entry}/confirm", {"json": {"pair": ""}, "headers": header}),
        (f"{entry}/confirm", {"json": {"pair": "99"}, "headers": header}),  # not East-West
        (f"{entry}/confirm", {"json": {"pair": "1", "entry": "3NT N 9"}, "headers": header}),
        (f"{entry}/confirm", {"json": {"pair": "1"}, "headers": header}),
        (f"{entry}/confirm", {"json": {"pair": "1"}, "headers": header}),  # a retry
        (entry, {"json": good, "headers": header}),  # already confirmed
    ]
    seen: list[tuple[int, object, object]] = []
    for path, options in requests:
        answer = client.post(path, **options)  # type: ignore[arg-type]
        headers = sorted((k, v) for k, v in answer.headers.items() if k not in CHANGING)
        seen.append((answer.status_code, answer.content, headers))
    return seen


JSON = "application/json"


def test_tables_writes_take_the_direct_handler() -> None:
    app = create_app(secret=SECRET)
    direct = {
        route.name
        for route in every_route(app.router.routes)
        if isinstance(route, LazyRoute) and route.path.startswith("/api/tables") and route.direct
    }
    assert direct == WRITES


def test_direct_answers_are_fastapis(
    stores: tuple[Store, Store, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    direct_store, fastapi_store, event = stores
    direct = answers(*signed_in(direct_store, event, 1), event)
    for route in tables_writes():
        monkeypatch.setattr(route, "direct", False)
    fastapi = answers(*signed_in(fastapi_store, event, 1), event)
    assert direct == fastapi
    assert {status for status, _, _ in direct} >= {200, 201, 403, 409, 422}


TEXT = st.text(alphabet="0123456789NSEWXCDHTnsew- ", max_size=10)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.dictionaries(
        st.sampled_from(["contract", "declarer", "tricks", "lead", "ns", "ew", "other"]),
        TEXT | st.integers(-2, 20) | st.none(),
    )
)
def test_any_entry_body_answers_as_fastapi(
    stores: tuple[Store, Store, int], body: dict[str, object]
) -> None:
    direct_store, fastapi_store, event = stores
    seen = []
    try:
        for store, direct in ((direct_store, True), (fastapi_store, False)):
            for route in tables_writes():
                route.direct = direct
            client, token = signed_in(store, event, 2)
            answer = client.post(
                f"/api/tables/{event}/2/boards/3", json=body, headers={"X-CSRF-Token": token}
            )
            seen.append((answer.status_code, answer.json()))
    finally:
        for route in tables_writes():
            route.direct = True
    assert seen[0] == seen[1]


def test_routes_of_other_kinds_keep_fastapis_handler() -> None:
    router = APIRouter(route_class=LazyRoute)

    async def named(request: Request) -> str:
        return "x"

    @router.post("/sync")
    def sync() -> Response:
        return Response()

    @router.post("/model")
    async def model() -> dict[str, int]:
        return {}

    @router.post("/query")
    async def query(q: int) -> Response:
        return Response()

    @router.post("/twice", dependencies=[Depends(named)])
    async def twice(value: str = Depends(named)) -> Response:
        return Response(value)

    @router.post("/plain/{n}", dependencies=[Depends(named)])
    async def plain(n: int) -> JSONResponse:
        return JSONResponse(n)

    kinds = {route.name: route.direct for route in router.routes if isinstance(route, LazyRoute)}
    assert kinds == {"sync": False, "model": False, "query": False, "twice": False, "plain": True}


def test_a_router_included_with_dependencies_runs_them() -> None:
    router = APIRouter(route_class=LazyRoute)

    @router.post("/plain/{n}")
    async def plain(n: int) -> JSONResponse:
        return JSONResponse(n)

    async def refuse() -> None:
        raise HTTPException(403, "included with a check")

    app = FastAPI()
    app.include_router(router, dependencies=[Depends(refuse)])
    client = TestClient(app)
    assert client.post("/plain/3").json() == {"detail": "included with a check"}
    assert TestClient(FastAPI(routes=router.routes)).post("/plain/3").json() == 3


def test_tables_routers_are_matched_before_the_applications_own_routes() -> None:
    app = create_app(secret=SECRET)
    first = app.router.routes[:2]
    assert [route.prefixes for route in first if isinstance(route, LazyRouter)] == [
        ("/api/tables/",),
        ("/tables",),
    ]
    client = TestClient(app)
    assert client.get("/health").json()["status"] == "ok"
    assert client.get("/").status_code == 200
    assert client.get("/static/no-such-file.css").status_code == 404


def test_schema_lists_the_applications_own_paths_first() -> None:
    paths = list(create_app(secret=SECRET).openapi()["paths"])
    own = ["/", "/help/cli", "/health"]
    assert paths[: len(own)] == own
    assert any(path.startswith("/api/tables/") for path in paths[len(own) :])
