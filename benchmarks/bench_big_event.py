"""A 2,000-board event's public pages: one board's traveller and a pair's score card (issue 26).

The event: 2,000 boards, each played at 3 tables by the same 6 pairs (6,000 results),
every result a contract with its tricks drawn from a seeded generator, imported into
an SQLite file in one transaction and published. The pages are the players' own
(``/results/N/boards/1999``, ``/results/N/pairs/1``, and the ranking ``/results/N``),
asked of the console's application in process (FastAPI's test client, no socket), once
first to warm it, then the best of 5. Each page scores the event from its stored
results: a board's matchpoints are against its field, and Law 12C2c may weigh a pair's
other boards. The anchor is the floor of that: the standard library's ``sqlite3``
reading the event's 6,000 rows from the same file (``SELECT`` of the columns a result
has). Milliseconds; lower is better.

``python -m benchmarks big_event``.
"""

from __future__ import annotations

import random
import sqlite3
import tempfile
from functools import partial
from pathlib import Path

from fastapi.testclient import TestClient

from arbitro.store import open_store
from arbitro.store.imports import ImportedResult
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from benchmarks.harness import Measurement, best_time

BOARDS = 2000
TABLES = 3
CONTRACTS = ("3NT N", "4S S", "4H E", "2S W", "3NT S", "5D N", "1NT E")


def results(seed: int = 26) -> list[ImportedResult]:
    """The event's results: each board at each table, a contract and the tricks it took.

    >>> len(results()), results()[0].ns, results()[0].ew
    (6000, '1', '2')
    """
    generator = random.Random(seed)
    out = []
    for board in range(1, BOARDS + 1):
        for table in range(1, TABLES + 1):
            contract = generator.choice(CONTRACTS)
            level = int(contract[0])
            tricks = min(13, max(0, 6 + level + generator.randint(-2, 1)))
            out.append(
                ImportedResult(
                    1,
                    board,
                    table,
                    str(2 * table - 1),
                    str(2 * table),
                    Entry.from_str(f"{contract} {tricks}"),
                )
            )
    return out


def _anchor(path: Path, event: int) -> float:
    """The best time of reading the event's rows with ``sqlite3``, in seconds."""
    connection = sqlite3.connect(path)
    try:
        query = (
            "SELECT session, round, table_number, board, ns, ew, entry, version "
            "FROM results WHERE event_id = ? ORDER BY session, board, table_number"
        )
        return best_time(lambda: connection.execute(query, (event,)).fetchall())
    finally:
        connection.close()


def run() -> list[Measurement]:
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "big.sqlite3"
        store = open_store(str(path))
        event = store.import_event(
            EventSpec("Big", boards=BOARDS),
            [Participant(str(number)) for number in range(1, 2 * TABLES + 1)],
            results(),
            "big.pbn",
        )
        store.publish(event)
        pages = {
            "one board's traveller, 2,000 boards": f"/results/{event}/boards/1999",
            "a pair's score card, 2,000 boards": f"/results/{event}/pairs/1",
            "the ranking, 2,000 boards": f"/results/{event}",
        }
        times: dict[str, float] = {}
        with TestClient(create_app(store)) as client:
            for label, page in pages.items():
                answer = client.get(page)  # the first request warms the application
                if answer.status_code != 200:
                    raise RuntimeError(f"{page} answered {answer.status_code}")
                times[label] = best_time(partial(client.get, page))
        anchor = _anchor(path, event)
        store.close()
    return [
        Measurement(
            label,
            "ms",
            seconds * 1000,
            anchor * 1000,
            "sqlite3 SELECT of the 6,000 rows",
            higher_is_better=False,
        )
        for label, seconds in times.items()
    ]
