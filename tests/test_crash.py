"""Crash test: a child process entering results is killed with SIGKILL mid-stream.

Every result the child acknowledged before the kill must be in the database
afterwards, nothing it was not sent may be there, and the database passes its
integrity check (``PRAGMA integrity_check`` on SQLite).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from sqlalchemy import text

from arbitro.store.repository import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

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
