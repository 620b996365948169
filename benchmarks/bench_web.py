"""The tables entering results over the web, against the bare database (issue 9's load test).

Árbitro: ``arbitro serve`` started as ``make run`` starts it (its own process, on a free
loopback port, an SQLite file in WAL mode with ``synchronous=FULL``), with five 40-table
Mitchell events of 3-board rounds for each of three runs, round 1 of each open. 200
tables, each with its own connection and session: sign in with the table card's code,
then for each of its 3 boards North-South enter the result (``POST
/api/tables/E/T/boards/B``) and East-West confirm it (``.../confirm``), which stores it.
The three runs: all at once (closed loop: each table's next request when its last is
answered), at the players' pace (0 to ``PACE`` seconds before each board), and at the
issue's goal rate (open loop: a quarter of the anchor's rate offered in all, each
entry's latency counted from its scheduled time). Results per second (confirmed
results over the wall time of the entry phase) all at once, the 50th and 99th
percentile latency of every entry and confirmation request in each run (printed also
for the entries and the confirmations apart), and the processor time per request of
the server and of this load generator all at once. Anchor: a plain loop writing the
same 600 results into the same kind of SQLite file (same pragmas) with the standard
library's ``sqlite3``, one ``INSERT`` and one commit each. Beside them, the web stack's
ceiling: the same 200 tables all at once against the same application on the same
server with a desk that does everything but the database (:mod:`benchmarks.web_floor`).

Every answer's status is checked, and afterwards every acknowledged (201) result is
looked for in the database. Requests go only to 127.0.0.1; their number is fixed (1
sign-in and 6 writes per table and run) and every request and every run have time limits.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

import httpx2

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code
from benchmarks.harness import Measurement

SECTIONS = 5
TABLES = 40
"""Five 40-table Mitchell events a run (a Mitchell has at most 40 tables): 200 tables."""
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
        store.open_round(event, 1)
        tables += [(event, s.table, s.ew or "", s.boards) for s in movement.seatings(1)]
    store.close()
    return tables


def _serve(
    database: Path | str,
    port: int,
    floor: bool = False,
    workers: int = 1,
    source: Path | None = None,
) -> subprocess.Popen[bytes]:
    """``arbitro serve`` as ``make run`` runs it, on loopback (with ``floor``, its ceiling).

    The ceiling (:mod:`benchmarks.web_floor`) is the same application on the same
    server with a table desk that does everything but the database. ``workers``:
    server processes (``--workers``). ``source``: a folder of Árbitro's ``src`` (an
    older revision's) that the server imports instead of the installed one.
    """
    arbitro = Path(sys.executable).with_name("arbitro")
    environment = dict(os.environ, ARBITRO_SECRET=SECRET)
    if source is not None:
        environment["PYTHONPATH"] = str(source)  # ahead of the installed (editable) package
    command = [str(arbitro), "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", str(database), "--workers", str(workers)]
    if floor:
        command = [sys.executable, "-m", "benchmarks.web_floor", str(database), str(port)]
    server = subprocess.Popen(
        command,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 90
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


class _Connection:
    """One table's keep-alive HTTP/1.1 connection to the server, spoken by hand.

    A lean client: the load generator runs on the same two cores as the server, and
    an HTTP client library (httpx2) spent about 1.5-2.5 ms of processor time per request,
    most of what the server spent. Still real HTTP/1.1 over TCP, one connection per
    table (opened again, as any client does, when the server has closed it after its
    keep-alive time while the players were busy); the session cookie the server sets is
    sent back, and every answer's status is returned to be checked.
    """

    def __init__(
        self, port: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.port = port
        self.reader = reader
        self.writer = writer
        self.cookies: dict[str, str] = {}

    @classmethod
    async def open(cls, port: int) -> _Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(port, reader, writer)

    async def post(
        self, path: str, body: Mapping[str, str | int], headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        """Send a JSON ``POST`` and read its answer: the status and the body."""
        payload = json.dumps(body).encode()
        lines = [
            f"POST {path} HTTP/1.1",
            "Host: 127.0.0.1",
            "Content-Type: application/json",
            f"Content-Length: {len(payload)}",
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        async with asyncio.timeout(REQUEST_TIMEOUT):
            if self.reader.at_eof():  # the server closed it while the table was idle
                self.writer.close()
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
            head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            status = int(head[0].split(" ", 2)[1])
            length = None
            for line in head[1:]:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "set-cookie":
                    cookie, _, _ = value.strip().partition(";")
                    key, _, content = cookie.partition("=")
                    self.cookies[key] = content
            if length is None:
                raise RuntimeError(f"POST {path}: an answer without Content-Length: {head}")
            return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()


async def _sign_in(connection: _Connection, table: Table) -> dict[str, str]:
    event, number = table[0], table[1]
    code = table_code(SECRET, event, number)
    status, body = await connection.post("/api/tables/sign-in", {"event": event, "code": code})
    if status != 200:
        raise RuntimeError(f"table {number} of event {event} could not sign in: {status} {body!r}")
    return {"X-CSRF-Token": json.loads(body)["csrf"]}


async def _enter(
    connection: _Connection,
    headers: dict[str, str],
    table: Table,
    latencies: list[tuple[str, float]],
    acknowledged: list[tuple[int, int, int]],
    pace: random.Random | None = None,
    times: list[float] | None = None,
) -> None:
    """Enter and confirm the table's boards: at once, after ``pace``'s pauses, or at ``times``.

    With ``times`` (open loop) each entry's latency runs from its scheduled time, so a
    request that had to wait for the table's previous one counts that wait too.
    """
    event, number, ew, boards = table
    for index, board in enumerate(boards):
        if pace is not None:  # the players take their time between boards
            await asyncio.sleep(pace.uniform(0, PACE))
        began = time.perf_counter()
        if times is not None:
            if times[index] > began:
                await asyncio.sleep(times[index] - began)
            began = times[index]
        path = f"/api/tables/{event}/{number}/boards/{board}"
        status, body = await connection.post(path, ENTRY, headers)
        latencies.append(("enter", time.perf_counter() - began))
        if status != 200:
            raise RuntimeError(f"{path}: {status} {body!r}")
        began = time.perf_counter()
        status, body = await connection.post(f"{path}/confirm", {"pair": ew}, headers)
        latencies.append(("confirm", time.perf_counter() - began))
        if status != 201:
            raise RuntimeError(f"{path}/confirm: {status} {body!r}")
        acknowledged.append((event, board, number))


async def _load(
    port: int, tables: list[Table], paced: bool = False, rate: float | None = None
) -> tuple[float, list[tuple[str, float]], list[tuple[int, int, int]]]:
    """Every table signs in, then all enter and confirm; the clock runs over the latter.

    All at once (closed loop: each table's next request when its last is answered),
    at the players' pace (``paced``), or offering ``rate`` results a second in all
    (open loop: the tables' results scheduled one after another, each table's boards
    ``len(tables) / rate`` seconds apart).
    """
    latencies: list[tuple[str, float]] = []
    acknowledged: list[tuple[int, int, int]] = []
    connections = await asyncio.wait_for(
        asyncio.gather(*(_Connection.open(port) for _ in tables)), RUN_TIMEOUT
    )
    try:
        headers = await asyncio.wait_for(
            asyncio.gather(
                *(_sign_in(one, table) for one, table in zip(connections, tables, strict=True))
            ),
            RUN_TIMEOUT,
        )
        began = time.perf_counter()
        schedules: list[list[float] | None] = [None] * len(tables)
        if rate is not None:
            start = began + 0.1
            schedules = [
                [start + (board * len(tables) + index) / rate for board in range(len(table[3]))]
                for index, table in enumerate(tables)
            ]
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    _enter(
                        one,
                        header,
                        table,
                        latencies,
                        acknowledged,
                        # Each table its own pace: seeded by event and table, so the five
                        # sections' tables of one number do not move in step.
                        random.Random(table[0] * 1000 + table[1]) if paced else None,
                        schedule,
                    )
                    for one, header, table, schedule in zip(
                        connections, headers, tables, schedules, strict=True
                    )
                )
            ),
            RUN_TIMEOUT,
        )
        elapsed = time.perf_counter() - began
    finally:
        for one in connections:
            await one.close()
    return elapsed, latencies, acknowledged


def _processor_seconds(pid: int) -> float:
    """The processor time process ``pid`` has used so far (Linux's ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def _check(
    database: Path | str, tables: list[Table], acknowledged: list[tuple[int, int, int]]
) -> int:
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
    """Run the load test (all at once, at the players' pace, at the goal's rate) and its anchor."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        database = folder / "arbitro.sqlite3"
        burst_tables = _prepare(database)
        paced_tables = _prepare(database, first=SECTIONS)
        open_tables = _prepare(database, first=2 * SECTIONS)
        floor_tables = _prepare(database, first=3 * SECTIONS)
        results = sum(len(table[3]) for table in burst_tables)
        anchor = _anchor(folder, results)
        goal = anchor / 4
        port = _free_port()
        server = _serve(database, port)
        try:
            server_before, client_before = _processor_seconds(server.pid), time.process_time()
            elapsed, latencies, acknowledged = asyncio.run(_load(port, burst_tables))
            server_cpu = _processor_seconds(server.pid) - server_before
            client_cpu = time.process_time() - client_before
            _, paced_latencies, paced_acknowledged = asyncio.run(
                _load(port, paced_tables, paced=True)
            )
            open_elapsed, open_latencies, open_acknowledged = asyncio.run(
                _load(port, open_tables, rate=goal)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
        port = _free_port()
        server = _serve(database, port, floor=True)
        try:
            floor_before = _processor_seconds(server.pid)
            floor_elapsed, floor_latencies, floor_acknowledged = asyncio.run(
                _load(port, floor_tables)
            )
            floor_cpu = _processor_seconds(server.pid) - floor_before
        finally:
            server.terminate()
            server.wait(timeout=30)
        missing = _check(database, burst_tables, acknowledged)
        missing += _check(database, paced_tables, paced_acknowledged)
        missing += _check(database, open_tables, open_acknowledged)
        served = len(acknowledged) / elapsed
        ceiling = len(floor_acknowledged) / floor_elapsed
    p50, p99 = _percentiles(latencies)
    paced50, paced99 = _percentiles(paced_latencies)
    open50, open99 = _percentiles(open_latencies)
    print(
        f"web load: {len(burst_tables)} tables all at once: {len(acknowledged)} results "
        f"acknowledged in {elapsed:.2f} s, {served:.1f}/s against the bare database's "
        f"{anchor:.1f}/s (ratio {served / anchor:.2f}); latency p50 {p50:.1f} ms, "
        f"p99 {p99:.1f} ms over {len(latencies)} requests"
    )
    per_request = 1000 / len(latencies)
    print(
        f"web load: processor time per request all at once: server "
        f"{server_cpu * per_request:.2f} ms, load generator {client_cpu * per_request:.2f} ms"
    )
    print(
        f"web load: {len(paced_tables)} tables at the players' pace (0-{PACE:.0f} s between "
        f"boards): {len(paced_acknowledged)} results; latency p50 {paced50:.1f} ms, "
        f"p99 {paced99:.1f} ms over {len(paced_latencies)} requests"
    )
    print(
        f"web load: {len(open_tables)} tables offered the goal's rate (a quarter of the bare "
        f"database's, {goal:.1f} results/s): {len(open_acknowledged)} results in "
        f"{open_elapsed:.2f} s; latency p50 {open50:.1f} ms, p99 {open99:.1f} ms over "
        f"{len(open_latencies)} requests (from each request's scheduled time)"
    )
    floor50, floor99 = _percentiles(floor_latencies)
    print(
        f"web load: the same server with a desk that writes nothing (the web stack's "
        f"ceiling), {len(floor_tables)} tables all at once: {ceiling:.1f} results/s (ratio "
        f"{ceiling / anchor:.2f} to the bare database); latency p50 {floor50:.1f} ms, p99 "
        f"{floor99:.1f} ms; server processor time per request "
        f"{floor_cpu * 1000 / len(floor_latencies):.2f} ms"
    )
    print(f"web load: all at once, by request: {_breakdown(latencies)}")
    print(f"web load: at the players' pace, by request: {_breakdown(paced_latencies)}")
    print(f"web load: at the goal's rate, by request: {_breakdown(open_latencies)}")
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
            "the same, the desk writing nothing",
            "r/s",
            ceiling,
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
        Measurement(
            "p99 latency, 200 tables at goal's rate",
            "ms",
            open99,
            50.0,
            "the issue's goal, 50 ms",
            higher_is_better=False,
        ),
    ]
