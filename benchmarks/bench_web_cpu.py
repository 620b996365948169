"""Processor time of one request of the tables' score entry, in process (issue 26).

With two server processes on two cores the processes are busy with the processor, so
what a request costs it bounds how many tables they answer in time. Here the console's
application (its middleware, session, CSRF and table checks, routing, request and
answer) is called directly as an ASGI application, without a server or a socket, for a
signed-in table's entry and confirmation, over and over, with the desk of
:mod:`benchmarks.web_floor` (everything but the database): the processor time a
request, the best of 5 runs. The anchor is FastAPI alone: one ``async`` endpoint with
three path parameters and a pydantic body answering a ``JSONResponse``, called the
same way.

``python -m benchmarks web_cpu``.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from benchmarks.bench_web import ENTRY, SECRET
from benchmarks.harness import Measurement
from benchmarks.web_floor import NoDatabaseDesk

REQUESTS = 1000
"""Entries and as many confirmations a run."""

App = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
    Awaitable[None],
]


async def _post(app: App, path: str, body: object, headers: dict[str, str]) -> dict[str, Any]:
    """One JSON ``POST`` to ``app``, as uvicorn would hand it over: the answer's parts."""
    payload = json.dumps(body).encode()
    raw = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]
    raw += [(b"content-length", str(len(payload)).encode())]
    raw += [(name.lower().encode(), value.encode()) for name, value in headers.items()]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": raw,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }
    messages = [{"type": "http.request", "body": payload, "more_body": False}]
    answer: dict[str, Any] = {"body": b""}

    async def receive() -> dict[str, Any]:
        return messages.pop() if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"], answer["headers"] = message["status"], message["headers"]
        else:
            answer["body"] += message.get("body", b"")

    await app(scope, receive, send)
    return answer


async def _per_request(
    app: App, requests: list[tuple[str, object, int]], headers: dict[str, str]
) -> float:
    """The best of 5 runs' processor time a request, in µs, each answer checked."""
    best = float("inf")
    for _ in range(5):
        began = time.process_time()
        for path, body, status in requests:
            answer = await _post(app, path, body, headers)
            if answer["status"] != status:
                raise RuntimeError(f"{path}: {answer['status']} {answer['body']!r}")
        best = min(best, (time.process_time() - began) / len(requests) * 1e6)
    return best


def _console(folder: str) -> tuple[App, list[tuple[str, object, int]], dict[str, str]]:
    """The console signed in as a table, and its entries and confirmations of one board."""
    store = open_store(str(Path(folder) / "cpu.sqlite3"))
    movement = mitchell(10, 3)
    event = store.create_event(EventSpec("CPU", boards=movement.boards), movement=movement)
    store.open_round(event, 1)
    seating = next(iter(movement.seatings(1)))
    app = create_app(store, secret=SECRET)
    app.state.table_desk = NoDatabaseDesk(store, SECRET)
    code = table_code(SECRET, event, seating.table)
    signed = asyncio.run(_post(app, "/api/tables/sign-in", {"event": event, "code": code}, {}))
    cookie = next(value for name, value in signed["headers"] if name == b"set-cookie")
    headers = {
        "Cookie": cookie.decode().split(";")[0],
        "X-CSRF-Token": json.loads(signed["body"])["csrf"],
    }
    path = f"/api/tables/{event}/{seating.table}/boards/{seating.boards[0]}"
    confirm = (f"{path}/confirm", {"pair": seating.ew or ""}, 201)
    return app, [(path, ENTRY, 200), confirm] * REQUESTS, headers


class _Entry(BaseModel):
    contract: str
    declarer: str = ""
    tricks: str = ""


def _bare_fastapi() -> App:
    """FastAPI alone: one endpoint of three path parameters and a body model."""
    bare = FastAPI()

    @bare.post("/api/tables/{event}/{table}/boards/{board}")
    async def enter(event: int, table: int, board: int, body: _Entry) -> JSONResponse:
        return JSONResponse({"event": event, "table": table, "board": board, **body.model_dump()})

    return bare


def run() -> list[Measurement]:
    """The console's processor time a request against bare FastAPI's."""
    with tempfile.TemporaryDirectory() as folder:
        app, requests, headers = _console(folder)
        arbitro = asyncio.run(_per_request(app, requests, headers))
    bare: list[tuple[str, object, int]] = [("/api/tables/1/1/boards/1", ENTRY, 200)] * (
        2 * REQUESTS
    )
    anchor = asyncio.run(_per_request(_bare_fastapi(), bare, {}))
    return [
        Measurement(
            "tables' entry and confirmation, CPU a request",
            "µs",
            arbitro,
            anchor,
            "bare FastAPI endpoint",
            higher_is_better=False,
        )
    ]
