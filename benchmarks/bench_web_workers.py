"""Score entry with one and two server processes, on SQLite and PostgreSQL (issue 26).

The load of :mod:`benchmarks.bench_web` all at once (each table signs in, then enters
and confirms its round's boards, the next request as soon as the last is answered),
for 10, 50 and 200 tables, served by ``arbitro serve`` and by ``arbitro serve --workers
2``, on an SQLite file (WAL, ``synchronous=FULL``, as ``arbitro serve`` opens it) and on
a PostgreSQL database of a throwaway cluster started on loopback for the run with
PostgreSQL's own defaults, as a federation's server runs: ``fsync=on`` and
``synchronous_commit=on``, so every commit waits for the disk as SQLite's do
(:func:`tests.postgresql_cluster.durable_cluster`; the test suite's cluster runs with
``fsync=off`` instead). Anchors, in the same run on the same disk: a bare commit loop on
each database (one ``INSERT`` and one commit a result, the standard library's
``sqlite3``, and ``psycopg`` on the same cluster); each worker count's confirmed
results a second are printed beside it with the ratio. The 99th percentile latency of
each is printed beside the issue's goal (250 ms on SQLite, 500 ms on PostgreSQL, at 200
tables with two workers). Every acknowledged result is looked for in the database
afterwards.

``python -m benchmarks.bench_web_workers [SQLite] [PostgreSQL]`` runs the table above;
``--against COMMIT [--rounds N]`` instead alternates, in the same minutes, bursts of 200
tables with two server processes of this tree's code and of ``COMMIT``'s (its ``src``
unpacked into a temporary folder and imported ahead of the installed package), each burst
with its own new events, and prints each burst's results a second, p99 and the load
average at its end, then the median of each side: the way to compare a change on a
shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbitro.store import open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from benchmarks.bench_web import (
    BOARDS_PER_ROUND,
    Table,
    _anchor,
    _check,
    _free_port,
    _load,
    _serve,
)
from benchmarks.harness import Measurement
from benchmarks.processes import unpack_commit

SIZES = {10: (10,), 50: (25, 25), 200: (40, 40, 40, 40, 40)}
"""Tables at once, as the Mitchell events they play in (a Mitchell has at most 40)."""
GOAL_P99 = {"SQLite": 250.0, "PostgreSQL": 500.0}
"""The issue's goal for the 99th percentile at 200 tables with two workers, in ms."""
ANCHOR_RESULTS = 600


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


def _burst(
    database: str, workers: int, tables: list[Table], source: Path | None = None
) -> tuple[float, float]:
    """Results a second and the 99th percentile latency (ms) of ``tables`` all at once."""
    port = _free_port()
    server = _serve(database, port, workers=workers, source=source)
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
    """A fresh database on a throwaway PostgreSQL cluster that flushes to disk, and the cluster."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import postgresql_cluster

    cluster = postgresql_cluster.durable_cluster()
    return postgresql_cluster.fresh_postgresql_database(cluster.url), cluster


def _postgresql_anchor(database: str, count: int) -> float:
    """The bare PostgreSQL commit loop: ``count`` results, one ``INSERT`` and commit each."""
    import psycopg

    address = database.removeprefix("postgresql+psycopg://")
    user_host, name = address.rsplit("/", 1)
    user, host = user_host.split("@")
    hostname, port = host.split(":")
    with psycopg.connect(host=hostname, port=int(port), user=user, dbname=name) as connection:
        connection.execute(
            "CREATE TABLE anchor_results (id SERIAL PRIMARY KEY, event INTEGER, board INTEGER, "
            "table_number INTEGER, ns TEXT, ew TEXT, entry TEXT, "
            "UNIQUE (event, board, table_number))"
        )
        connection.commit()
        start = time.perf_counter()
        for number in range(count):
            connection.execute(
                "INSERT INTO anchor_results (event, board, table_number, ns, ew, entry) "
                "VALUES (1, %s, %s, '1NS', '1EW', '4S N 10')",
                (number % 120 + 1, number // 120 + 1),
            )
            connection.commit()
        elapsed = time.perf_counter() - start
    return count / elapsed


def run(backends: tuple[str, ...] = ("SQLite", "PostgreSQL")) -> list[Measurement]:
    """One and two processes, on both databases, at 10, 50 and 200 tables, beside the bare loops."""
    measurements: list[Measurement] = []
    with tempfile.TemporaryDirectory() as folder:
        postgresql, cluster = _postgresql()
        try:
            databases = {
                "SQLite": (
                    str(Path(folder) / "arbitro.sqlite3"),
                    _anchor(Path(folder), ANCHOR_RESULTS),
                ),
                "PostgreSQL": (postgresql, _postgresql_anchor(postgresql, ANCHOR_RESULTS)),
            }
            for backend in backends:
                database, anchor = databases[backend]
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
                        f"{two_rate:.0f} results/s, p99 {two_p99:.0f} ms; bare commit loop "
                        f"{anchor:.0f}/s (ratios {one_rate / anchor:.2f}, {two_rate / anchor:.2f})",
                        flush=True,
                    )
                    for workers, (rate, p99) in found.items():
                        label = f"{backend} {count} tables, {workers} worker{'s' * (workers > 1)}"
                        measurements.append(
                            Measurement(f"{label}, rate", "r/s", rate, anchor, "bare commit loop")
                        )
                        measurements.append(
                            Measurement(
                                f"{label}, p99",
                                "ms",
                                p99,
                                GOAL_P99[backend],
                                "the issue's goal",
                                False,
                            )
                        )
        finally:
            cluster.stop()  # type: ignore[attr-defined]
    return measurements


def _imported_from(source: Path) -> bool:
    """Whether a server process started with ``source`` ahead of the path imports Árbitro from it."""
    found = subprocess.run(
        [sys.executable, "-c", "import arbitro; print(arbitro.__file__)"],
        env=dict(os.environ, PYTHONPATH=str(source)),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return found.startswith(str(source))


def alternate(
    commit: str, rounds: int, backends: tuple[str, ...] = ("SQLite", "PostgreSQL")
) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Bursts of 200 tables, two processes, this tree and ``commit`` in turns: (results/s, p99) each.

    Each round runs ``commit`` first on one database and this tree first on the other,
    so neither side always follows the other.
    """
    found: dict[str, dict[str, list[tuple[float, float]]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        if not unpack_commit(commit, before):
            raise SystemExit(f"commit {commit} is not in this clone")
        if not _imported_from(before / "src"):
            raise SystemExit("the installed arbitro shadows the unpacked revision")
        postgresql, cluster = _postgresql()
        try:
            databases = {"SQLite": str(Path(folder) / "arbitro.sqlite3"), "PostgreSQL": postgresql}
            first = 0
            for round_ in range(rounds):
                for at, backend in enumerate(backends):
                    sides: list[tuple[str, Path | None]] = [
                        (commit[:7], before / "src"),
                        ("this", None),
                    ]
                    if (round_ + at) % 2:
                        sides.reverse()
                    for name, source in sides:
                        tables = _prepare(databases[backend], SIZES[200], first)
                        first += len(SIZES[200])
                        rate, p99 = _burst(databases[backend], 2, tables, source)
                        found.setdefault(backend, {}).setdefault(name, []).append((rate, p99))
                        load = Path("/proc/loadavg").read_text().split()[0]
                        print(
                            f"web workers: round {round_ + 1}, {backend}, {name}: {rate:.0f} "
                            f"results/s, p99 {p99:.0f} ms (load average {load})",
                            flush=True,
                        )
        finally:
            cluster.stop()  # type: ignore[attr-defined]
    for backend, sides_found in found.items():
        for name, runs in sides_found.items():
            print(
                f"web workers: {backend}, {name}, median of {len(runs)}: "
                f"{statistics.median(rate for rate, _ in runs):.0f} results/s, p99 "
                f"{statistics.median(p99 for _, p99 in runs):.0f} ms "
                f"(p99 each: {', '.join(f'{p99:.0f}' for _, p99 in runs)})",
                flush=True,
            )
    return found


if __name__ == "__main__":
    from benchmarks.harness import report

    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_web_workers", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "backends", nargs="*", metavar="DATABASE", help="SQLite, PostgreSQL or both (the default)"
    )
    parser.add_argument(
        "--against", metavar="COMMIT", help="alternate 200-table bursts with COMMIT's code"
    )
    parser.add_argument("--rounds", type=int, default=5, help="bursts of each side (--against)")
    chosen = parser.parse_args()
    backends = tuple(chosen.backends) or ("SQLite", "PostgreSQL")
    for wrong in set(backends) - {"SQLite", "PostgreSQL"}:
        parser.error(f"unknown database {wrong!r}: expected SQLite or PostgreSQL")
    if chosen.against:
        alternate(chosen.against, chosen.rounds, backends)
    else:
        print(report(run(backends)), file=sys.stderr)
