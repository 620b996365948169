"""The tables entering results over the web, against the bare database (issue 9's load test).

Árbitro: ``arbitro serve`` started as ``make run`` starts it (its own process, on a free
loopback port, an SQLite file in WAL mode with ``synchronous=FULL``), with five 40-table
Mitchell events of 3-board rounds, round 1 of each open. 200 tables at once, each its own client
with its own session: sign in with the table card's code, then for each of its 3
boards North-South enter the result (``POST /api/tables/E/T/boards/B``) and East-West
confirm it (``.../confirm``), which stores it. Results per second (confirmed results
over the wall time of the entry phase), and the 50th and 99th percentile latency of
every entry and confirmation request (printed also for the entries and the
confirmations apart). Anchor: a plain loop writing the same 600
results into the same kind of SQLite file (same pragmas) with the standard library's
``sqlite3``, one ``INSERT`` and one commit each.

Afterwards every acknowledged (201) result is looked for in the database. Requests go
only to 127.0.0.1; their number is fixed (1 sign-in and 6 writes per table) and every
request and the whole run have time limits.
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2

from arbitro.store.console import open_round
from arbitro.store.repository import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code
from benchmarks.harness import Measurement

SECTIONS = 5
TABLES = 40
"""Five 40-table Mitchell events (a Mitchell has at most 40 tables): 200 tables in all."""
BOARDS_PER_ROUND = 3
SECRET = "bench-" + "k" * 58
REQUEST_TIMEOUT = 30.0
RUN_TIMEOUT = 300.0
PACE = 6.0
"""Paced run: each table waits up to this many seconds (uniformly) before each board."""
ENTRY = {"contract": "4S", "declarer": "N", "tricks": "10"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


Table = tuple[int, int, str, tuple[int, ...]]
"""A table of the load: its event, number, East-West pair and boards."""


def _prepare(database: Path, first: int = 0) -> list[Table]:
    """The events, round 1 of each open, and every table with its East-West pair and boards."""
    store = open_store(str(database))
    movement = mitchell(TABLES, BOARDS_PER_ROUND)
    tables = []
    for section in range(first, first + SECTIONS):
        event = store.create_event(
            EventSpec(f"Load {section + 1}", boards=movement.boards), movement=movement
        )
        open_round(store, event, 1)
        tables += [(event, s.table, s.ew or "", s.boards) for s in movement.seatings(1)]
    store.close()
    return tables


def _serve(database: Path, port: int) -> subprocess.Popen[bytes]:
    """``arbitro serve`` as ``make run`` runs it, on loopback."""
    arbitro = Path(sys.executable).with_name("arbitro")
    environment = dict(os.environ, ARBITRO_SECRET=SECRET)
    server = subprocess.Popen(
        [str(arbitro), "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(database)],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return server
        except httpx2.HTTPError:
            time.sleep(0.1)
        if server.poll() is not None:
            break
    server.kill()
    raise RuntimeError("the server did not start: " + (server.stderr or b"").__repr__())


async def _sign_in(client: httpx2.AsyncClient, table: Table) -> dict[str, str]:
    event, number = table[0], table[1]
    code = table_code(SECRET, event, number)
    signed = await client.post("/api/tables/sign-in", json={"event": event, "code": code})
    signed.raise_for_status()
    return {"X-CSRF-Token": signed.json()["csrf"]}


async def _enter(
    client: httpx2.AsyncClient,
    headers: dict[str, str],
    table: Table,
    latencies: list[tuple[str, float]],
    acknowledged: list[tuple[int, int, int]],
    pace: random.Random | None = None,
) -> None:
    event, number, ew, boards = table
    for board in boards:
        if pace is not None:  # the players take their time between boards
            await asyncio.sleep(pace.uniform(0, PACE))
        path = f"/api/tables/{event}/{number}/boards/{board}"
        began = time.perf_counter()
        entered = await client.post(path, json=ENTRY, headers=headers)
        latencies.append(("enter", time.perf_counter() - began))
        entered.raise_for_status()
        began = time.perf_counter()
        confirmed = await client.post(f"{path}/confirm", json={"pair": ew}, headers=headers)
        latencies.append(("confirm", time.perf_counter() - began))
        if confirmed.status_code == 201:
            acknowledged.append((event, board, number))


async def _load(
    base: str, tables: list[Table], paced: bool = False
) -> tuple[float, list[tuple[str, float]], list[tuple[int, int, int]]]:
    """Every table signs in, then all enter and confirm at once; the clock runs over the latter."""
    latencies: list[tuple[str, float]] = []
    acknowledged: list[tuple[int, int, int]] = []
    clients = [httpx2.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT) for _ in tables]
    try:
        headers = await asyncio.wait_for(
            asyncio.gather(
                *(_sign_in(client, table) for client, table in zip(clients, tables, strict=True))
            ),
            RUN_TIMEOUT,
        )
        began = time.perf_counter()
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    _enter(
                        client,
                        header,
                        table,
                        latencies,
                        acknowledged,
                        random.Random(table[1]) if paced else None,
                    )
                    for client, header, table in zip(clients, headers, tables, strict=True)
                )
            ),
            RUN_TIMEOUT,
        )
        elapsed = time.perf_counter() - began
    finally:
        for client in clients:
            await client.aclose()
    return elapsed, latencies, acknowledged


def _anchor(folder: Path, count: int) -> float:
    connection = sqlite3.connect(folder / "anchor.sqlite3")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute(
        "CREATE TABLE results (id INTEGER PRIMARY KEY, event INTEGER, board INTEGER, "
        "table_number INTEGER, ns TEXT, ew TEXT, entry TEXT, UNIQUE (event, board, table_number))"
    )
    connection.commit()
    start = time.perf_counter()
    for number in range(count):
        connection.execute(
            "INSERT INTO results (event, board, table_number, ns, ew, entry) "
            "VALUES (1, ?, ?, '1NS', '1EW', '4S N 10')",
            (number % 120 + 1, number // 120 + 1),
        )
        connection.commit()
    elapsed = time.perf_counter() - start
    connection.close()
    return count / elapsed


def _check(database: Path, tables: list[Table], acknowledged: list[tuple[int, int, int]]) -> int:
    """How many acknowledged results are missing from the database (there must be none)."""
    store = open_store(str(database))
    stored = {
        (event, result.board, result.table)
        for event in {table[0] for table in tables}
        for result in store.results(event)
    }
    store.close()
    return len([found for found in acknowledged if found not in stored])


def _percentiles(latencies: list[tuple[str, float]], kind: str = "") -> tuple[float, float]:
    """The 50th and 99th percentile in ms of the requests of ``kind`` (all when empty)."""
    chosen = [seconds for name, seconds in latencies if kind in ("", name)]
    cut = statistics.quantiles(chosen, n=100)
    return cut[49] * 1000, cut[98] * 1000


def _breakdown(latencies: list[tuple[str, float]]) -> str:
    """The percentiles of the entries and of the confirmations apart."""
    parts = []
    for kind in ("enter", "confirm"):
        p50, p99 = _percentiles(latencies, kind)
        parts.append(f"{kind} p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    return "; ".join(parts)


def run() -> list[Measurement]:
    """Run the load test (all at once, then at the players' pace) and its anchor."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        database = folder / "arbitro.sqlite3"
        burst_tables = _prepare(database)
        paced_tables = _prepare(database, first=SECTIONS)
        port = _free_port()
        server = _serve(database, port)
        base = f"http://127.0.0.1:{port}"
        try:
            elapsed, latencies, acknowledged = asyncio.run(_load(base, burst_tables))
            _, paced_latencies, paced_acknowledged = asyncio.run(
                _load(base, paced_tables, paced=True)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
        missing = _check(database, burst_tables, acknowledged)
        missing += _check(database, paced_tables, paced_acknowledged)
        served = len(acknowledged) / elapsed
        anchor = _anchor(folder, len(acknowledged))
    p50, p99 = _percentiles(latencies)
    paced50, paced99 = _percentiles(paced_latencies)
    print(
        f"web load: {len(burst_tables)} tables all at once: {len(acknowledged)} results "
        f"acknowledged in {elapsed:.2f} s, {served:.1f}/s against the bare database's "
        f"{anchor:.1f}/s (ratio {served / anchor:.2f}); latency p50 {p50:.1f} ms, "
        f"p99 {p99:.1f} ms over {len(latencies)} requests"
    )
    print(
        f"web load: {len(paced_tables)} tables at the players' pace (0-{PACE:.0f} s between "
        f"boards): {len(paced_acknowledged)} results; latency p50 {paced50:.1f} ms, "
        f"p99 {paced99:.1f} ms over {len(paced_latencies)} requests"
    )
    print(f"web load: all at once, by request: {_breakdown(latencies)}")
    print(f"web load: at the players' pace, by request: {_breakdown(paced_latencies)}")
    print(f"web load: acknowledged results missing from the database: {missing}")
    if missing:
        raise AssertionError(f"{missing} acknowledged results are missing from the database")
    return [
        Measurement(
            "200 tables enter+confirm at once (HTTP)",
            "r/s",
            served,
            anchor,
            "sqlite3 INSERT+commit loop",
        ),
        Measurement(
            "p99 latency, 200 tables at once",
            "ms",
            p99,
            50.0,
            "the issue's goal, 50 ms",
            higher_is_better=False,
        ),
        Measurement(
            "p99 latency, 200 tables at players' pace",
            "ms",
            paced99,
            50.0,
            "the issue's goal, 50 ms",
            higher_is_better=False,
        ),
    ]
