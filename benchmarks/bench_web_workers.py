"""Score entry with one and two server processes, on SQLite and PostgreSQL (issue 26).

The load of :mod:`benchmarks.bench_web` all at once (each table signs in, then enters
and confirms its round's boards, the next request as soon as the last is answered),
for 10, 50 and 200 tables, served by ``arbitro serve`` and by ``arbitro serve --workers
2``, on an SQLite file and on a PostgreSQL database of a throwaway cluster started on
loopback for the run (``tests/postgresql_cluster.py``, the suite's; it runs with
``fsync=off``, so PostgreSQL's rows do not pay the disk's flush that SQLite's do). Each
row puts two processes beside one, in the same run on the same database: the confirmed
results a second (the ratio is two / one) and the 99th percentile latency (one / two).
Every acknowledged result is looked for in the database afterwards.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from benchmarks.bench_web import BOARDS_PER_ROUND, Table, _check, _free_port, _load, _serve
from benchmarks.harness import Measurement

SIZES = {10: (10,), 50: (25, 25), 200: (40, 40, 40, 40, 40)}
"""Tables at once, as the Mitchell events they play in (a Mitchell has at most 40)."""


def _prepare(database: str, sections: tuple[int, ...], first: int) -> list[Table]:
    """New events of ``sections`` tables, round 1 open; each table with its pair and boards."""
    store = open_store(database)
    tables: list[Table] = []
    for number, size in enumerate(sections, start=first):
        movement = mitchell(size, BOARDS_PER_ROUND)
        event = store.create_event(
            EventSpec(f"Workers {number}", boards=movement.boards), movement=movement
        )
        store.open_round(event, 1)
        tables += [(event, s.table, s.ew or "", s.boards) for s in movement.seatings(1)]
    store.close()
    return tables


def _burst(database: str, workers: int, tables: list[Table]) -> tuple[float, float]:
    """Results a second and the 99th percentile latency (ms) of ``tables`` all at once."""
    port = _free_port()
    server = _serve(database, port, workers=workers)
    try:
        elapsed, latencies, acknowledged = asyncio.run(_load(port, tables))
    finally:
        server.terminate()
        server.wait(timeout=30)
    missing = _check(database, tables, acknowledged)
    if missing:
        raise AssertionError(f"{missing} acknowledged results are missing from the database")
    p99 = statistics.quantiles([seconds for _, seconds in latencies], n=100)[98] * 1000
    return len(acknowledged) / elapsed, p99


def _postgresql() -> tuple[str, object]:
    """A fresh database on a throwaway PostgreSQL cluster, and the cluster (to stop)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import postgresql_cluster

    cluster = postgresql_cluster.shared_cluster()
    return postgresql_cluster.fresh_postgresql_database(cluster.url), cluster


def run() -> list[Measurement]:
    """One and two processes side by side, on both databases, at 10, 50 and 200 tables."""
    measurements: list[Measurement] = []
    with tempfile.TemporaryDirectory() as folder:
        postgresql, cluster = _postgresql()
        try:
            for backend, database in (
                ("SQLite", str(Path(folder) / "arbitro.sqlite3")),
                ("PostgreSQL", postgresql),
            ):
                first = 0
                for count, sections in SIZES.items():
                    found = {}
                    for workers in (1, 2):
                        tables = _prepare(database, sections, first)
                        first += len(sections)
                        found[workers] = _burst(database, workers, tables)
                    (one_rate, one_p99), (two_rate, two_p99) = found[1], found[2]
                    print(
                        f"web workers: {backend}, {count} tables at once: 1 process "
                        f"{one_rate:.0f} results/s, p99 {one_p99:.0f} ms; 2 processes "
                        f"{two_rate:.0f} results/s, p99 {two_p99:.0f} ms"
                    )
                    label = f"{backend} {count} tables, 2 workers"
                    measurements.append(
                        Measurement(f"{label}, rate", "r/s", two_rate, one_rate, "1 worker")
                    )
                    measurements.append(
                        Measurement(f"{label}, p99", "ms", two_p99, one_p99, "1 worker", False)
                    )
        finally:
            cluster.stop()  # type: ignore[attr-defined]
    return measurements


if __name__ == "__main__":
    from benchmarks.harness import report

    print(report(run()), file=sys.stderr)
