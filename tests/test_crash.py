"""Crash test: a child process entering results is killed with SIGKILL mid-stream.

Every result the child acknowledged before the kill must be in the database
afterwards, nothing it was not sent may be there, and the database passes its
integrity check (``PRAGMA integrity_check`` on SQLite).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy import text

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code
from browser_support import free_port

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture

BOARDS = 400
ACKNOWLEDGED_BEFORE_KILL = 60


def test_results_acknowledged_before_sigkill_survive_it(database: str) -> None:
    store = open_store(database)
    event = store.create_event(
        EventSpec("Crash", boards=BOARDS), [Participant("1"), Participant("2")]
    )
    store.close()
    child = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-c",
            "from arbitro.cli import main; main()",
            "result",
            "import",
            str(event),
            "-",
            "--db",
            database,
            "--by",
            "crash-test",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "ARBITRO_LANG": "en"},
    )
    assert child.stdin is not None
    assert child.stdout is not None
    acknowledged: list[int] = []
    sent: list[int] = []
    try:
        child.stdin.write("board,table,ns,ew,contract,declarer,tricks\n")
        for board in range(1, BOARDS + 1):
            child.stdin.write(f"{board},1,1,2,4S,N,{board % 14}\n")
            child.stdin.flush()
            sent.append(board)
            if len(acknowledged) == ACKNOWLEDGED_BEFORE_KILL:
                break  # the last line is in flight: kill now, mid-stream
            line = child.stdout.readline()
            assert line.startswith(f"Stored: board {board}, table 1: "), line
            acknowledged.append(board)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert len(acknowledged) == ACKNOWLEDGED_BEFORE_KILL

    reopened = open_store(database)
    try:
        results = reopened.results(event)
        stored = [result.board for result in results]
        assert set(acknowledged) <= set(stored) <= set(sent)
        for result in results:
            assert result.entry == Entry.from_fields(
                contract="4S", declarer="N", tricks=str(result.board % 14)
            )
        assert len(reopened.audit(event)) == len(stored)  # each result with its audit line
        with reopened.engine.connect() as connection:
            if reopened.engine.dialect.name == "sqlite":
                assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
                assert connection.execute(text("PRAGMA foreign_key_check")).all() == []
            else:
                assert connection.execute(text("SELECT count(*) FROM results")).scalar() == len(
                    stored
                )
    finally:
        reopened.close()


TABLES = 3
SECRET = "c" * 64


def _phone(url: str, event: int, table: int, opener: urllib.request.OpenerDirector) -> str:
    """Sign ``opener`` in as ``table``; its CSRF token."""
    request = urllib.request.Request(
        url + "/api/tables/sign-in",
        data=json.dumps({"event": event, "code": table_code(SECRET, event, table)}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with opener.open(request, timeout=30) as answer:
        token: str = json.loads(answer.read())["csrf"]
    return token


def test_results_confirmed_at_the_tables_survive_a_sigkill_of_the_server(database: str) -> None:
    # Three tables enter and confirm boards as fast as they can; the server is killed
    # with SIGKILL mid-stream. Every confirmation answered 201 is in the database.
    store = open_store(database)
    movement = mitchell(TABLES, 40)
    event = store.create_event(EventSpec("Crash", boards=movement.boards), movement=movement)
    store.open_round(event, 1)
    store.close()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "arbitro"),
            "serve",
            "--port",
            str(port),
            "--db",
            database,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "ARBITRO_SECRET": SECRET, "ARBITRO_LANG": "en"},
    )
    acknowledged: list[tuple[int, int]] = []
    lock = threading.Lock()
    enough = threading.Event()

    def table_loop(table: int) -> None:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        csrf = {"X-CSRF-Token": _phone(url, event, table, opener)}
        seating = next(s for s in movement.schedule if s.table == table and s.round == 1)
        for board in seating.boards:
            path = f"/api/tables/{event}/{table}/boards/{board}"
            entry = {"contract": "3NT", "declarer": "N", "tricks": "9"}
            if _open(opener, url + path, entry, csrf) != 200:
                return
            if _open(opener, url + path + "/confirm", {"pair": seating.ew}, csrf) != 201:
                return
            with lock:
                acknowledged.append((board, table))
                if len(acknowledged) >= 30:
                    enough.set()

    try:
        _wait_until_up(url, server)
        threads = [threading.Thread(target=table_loop, args=(n,)) for n in range(1, TABLES + 1)]
        for thread in threads:
            thread.start()
        assert enough.wait(timeout=120)
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
    for thread in threads:
        thread.join(timeout=60)
    assert server.returncode == -signal.SIGKILL

    reopened = open_store(database)
    try:
        stored = {(result.board, result.table) for result in reopened.results(event)}
        with lock:
            assert set(acknowledged) <= stored
        assert len(reopened.audit(event)) == len(stored)
    finally:
        reopened.close()


def _open(
    opener: urllib.request.OpenerDirector,
    url: str,
    body: Mapping[str, object],
    headers: dict[str, str],
) -> int:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **headers},
        method="POST",
    )
    try:
        with opener.open(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0  # the server died with the request in flight


def _wait_until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("arbitro serve did not start") from None
            time.sleep(0.1)
