"""A claim searched further (issue 26): the Director's longer search, and the server beside it.

When a check answers "undetermined", the Director may search further
(``arbitro claim check --further``, the claim page's button): the same check with
``checker.FURTHER`` times its budget. This benchmark checks the 13-card claims of
``bench_claims`` that way: median, p90 and slowest beside endplay's ``solve_board`` on
the same positions, and in the rows' names how many awards are found, searching further
and with the usual budget. The claim page runs the check in the server's process, so
the last rows time a request-like task (JSON work, an I/O wait, JSON work), its p99
and its slowest, while a further search runs in another thread to its end, against the
same task alone: the tables' score entry must not wait on the Director's search (the
slowest shows a stall, such as the search's positions freed at once when it ends).
"""

from __future__ import annotations

import json
import statistics
import threading
import time

from arbitro.analysis.claims import checker
from benchmarks.bench_claims import CLAIMS, Claim, p90, random_claims, solve
from benchmarks.harness import Measurement

CARDS = 13
"""Cards a hand of the claims searched further: where most checks are undetermined."""


def _further(work: list[Claim]) -> tuple[list[float], int, int]:
    """Wall-clock seconds of each check searched further, and the awards found (the fewest
    proved) searching further and with the usual budget."""
    times: list[float] = []
    found = [0, 0]
    for position, claimer, statement in work:
        usual = checker.check_claim(position, claimer, statement, double_dummy=solve)
        found[1] += usual.least is None or usual.least == usual.worst
        start = time.perf_counter()
        further = checker.check_claim(
            position,
            claimer,
            statement,
            double_dummy=solve,
            budget=checker.further_budget(),
        )
        times.append(time.perf_counter() - start)
        found[0] += further.least is None or further.least == further.worst
    return times, found[0], found[1]


def _task() -> float:
    """A request-like task: some JSON, an I/O wait (the GIL let go), some JSON; seconds."""
    start = time.perf_counter()
    body = {"board": 1, "entries": list(range(150))}
    for _ in range(20):
        json.loads(json.dumps(body))
    time.sleep(0.002)
    for _ in range(20):
        json.loads(json.dumps(body))
    return time.perf_counter() - start


def _tasks(seconds: float, running: threading.Event | None = None) -> list[float]:
    """The times of request-like tasks run for ``seconds``, or while ``running`` is set
    (one at least: a task that waited for the whole search counts), sorted."""
    times: list[float] = []
    end = time.perf_counter() + seconds
    while True:
        times.append(_task())
        if running is not None:
            if not running.is_set():
                break
        elif time.perf_counter() >= end:
            break
    times.sort()
    return times


def _p99(times: list[float]) -> float:
    """The 99th percentile of sorted ``times``."""
    return times[int(0.99 * (len(times) - 1))]


def run() -> list[Measurement]:
    """The further search's median, p90 and slowest at 13 cards beside ``solve_board``,
    and a request-like task's p99 beside a further search against the task alone."""
    work = random_claims(CARDS, CLAIMS, seed=CARDS)
    theirs = []
    for position, _, _ in work:
        start = time.perf_counter()
        solve(position)
        theirs.append(time.perf_counter() - start)
    ours, found, usual = _further(work)
    tag = f"{found}/{len(work)} awards, {usual} usual"
    measurements = [
        Measurement(
            f"claim further {name}, {CARDS} cards" + (f" ({tag})" if name == "max" else ""),
            "ms",
            1000 * measure(ours),
            1000 * measure(theirs),
            "endplay solve_board",
            higher_is_better=False,
        )
        for name, measure in (("median", statistics.median), ("p90", p90), ("max", max))
    ]
    alone = _tasks(3.0)
    running = threading.Event()
    running.set()
    position, claimer, statement = max(zip(ours, work, strict=True), key=lambda pair: pair[0])[1]

    def search() -> None:
        checker.check_claim(position, claimer, statement, budget=checker.further_budget())
        running.clear()

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.2)  # the search under way
    beside = _tasks(0.0, running)  # to the search's end, its positions freed
    thread.join()
    for name, measure in (("p99", _p99), ("slowest", max)):
        measurements.append(
            Measurement(
                f"request {name} beside a further search",
                "ms",
                1000 * measure(beside),
                1000 * measure(alone),
                "the same task alone",
                higher_is_better=False,
            )
        )
    return measurements
