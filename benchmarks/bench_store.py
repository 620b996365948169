"""Entering results into the event store, each one durable when it returns, against raw sqlite3.

Árbitro: ``Store.enter_result`` for every board of a 3-table Mitchell (18 results) and
then for 300 more boards of a two-pair event, one transaction each, on an SQLite file
in WAL mode with ``synchronous=FULL`` (each result is on disk when the call returns):
the entry is parsed and scored (Law 77), the pairs are taken from the movement or
checked against the participants, Law 15B is checked, the result and its audit line
are written. Anchor: the standard library's ``sqlite3`` on a file with the same
pragmas, one ``INSERT`` of the same row and one of its audit line per result, each
committed, with no checks. Results per second; higher is better.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from pathlib import Path

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from benchmarks.harness import Measurement

BOARDS = 300


def _arbitro(folder: Path) -> float:
    store = open_store(str(folder / "arbitro.sqlite3"))
    movement = mitchell(3, 2)
    with_movement = store.create_event(EventSpec("Mitchell", boards=6), movement=movement)
    plain = store.create_event(
        EventSpec("Long", boards=BOARDS), [Participant("1"), Participant("2")]
    )
    entry = Entry.from_str("4S N 10")
    start = time.perf_counter()
    count = 0
    for seating in movement.schedule:
        for board in seating.boards:
            store.enter_result(with_movement, board, seating.table, entry)
            count += 1
    for board in range(1, BOARDS + 1):
        store.enter_result(plain, board, 1, entry, ns="1", ew="2")
        count += 1
    elapsed = time.perf_counter() - start
    store.close()
    return count / elapsed


def _anchor(folder: Path) -> float:
    connection = sqlite3.connect(folder / "anchor.sqlite3")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute(
        "CREATE TABLE results (id INTEGER PRIMARY KEY, event INTEGER, board INTEGER, "
        "table_number INTEGER, ns TEXT, ew TEXT, entry TEXT, UNIQUE (event, board, table_number))"
    )
    connection.execute(
        "CREATE TABLE audit (id INTEGER PRIMARY KEY, result INTEGER REFERENCES results(id), "
        "new TEXT)"
    )
    connection.commit()
    count = 18 + BOARDS
    start = time.perf_counter()
    for number in range(count):
        cursor = connection.execute(
            "INSERT INTO results (event, board, table_number, ns, ew, entry) "
            "VALUES (1, ?, 1, '1', '2', '4S N 10')",
            (number + 1,),
        )
        connection.execute(
            "INSERT INTO audit (result, new) VALUES (?, '4S N 10')", (cursor.lastrowid,)
        )
        connection.commit()
    elapsed = time.perf_counter() - start
    connection.close()
    return count / elapsed


def run() -> list[Measurement]:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        arbitro = _arbitro(folder)
        anchor = _anchor(folder)
    return [
        Measurement(
            "durable result entry (SQLite, WAL, FULL)",
            "r/s",
            arbitro,
            anchor,
            "sqlite3 INSERT+commit",
        )
    ]
