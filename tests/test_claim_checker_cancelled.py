"""A claim check the one who asked stops: its ``cancelled``, Ctrl-C, and other threads.

The compiled search runs no Python code of its own, and Python acts on a signal and
lets another thread take the interpreter lock only while running Python code. So every
``checker.HEARTBEAT`` of work the search asks its ``cancelled`` (a Python function)
whether it is still wanted: a Director who leaves the claim page stops his check, a
Ctrl-C stops ``arbitro claim check --further`` at once, and the server's other requests
go on while one thread checks a claim, and while it frees its positions at the end
(``compiled.release``, Python code). The claim is North's claim of all thirteen
tricks at :data:`claim_support.UNDETERMINED_LOG`, searched with ten times the small
budget (about half a second).
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from itertools import pairwise
from types import FrameType
from typing import Any

import pytest

from arbitro.analysis.claims import ClaimCheck, ClaimCheckCancelledError, ClaimStatement, checker
from arbitro.analysis.claims.compiled import is_compiled, never_cancelled, release
from arbitro.core import Seat
from arbitro.table.log import loads
from arbitro.tournament.claims import position_of
from claim_support import SMALL_BUDGET, UNDETERMINED_LOG

BUDGET = checker.FURTHER * SMALL_BUDGET
"""A search of about half a second, compiled: long enough to be stopped on its way."""

POSITION = position_of(loads(UNDETERMINED_LOG))


def check(budget: int = BUDGET, **options: Any) -> ClaimCheck:
    """North's claim of all at :data:`POSITION`, checked with ``budget`` and ``options``."""
    return checker.check_claim(
        POSITION, Seat.NORTH, ClaimStatement.from_str("all"), budget=budget, **options
    )


def in_the_search(frame: FrameType | None) -> bool:
    """Whether Python code ran at ``frame`` during the search, not after it.

    Compiled, the search's only Python code is the function it asks; from its source
    (``ARBITRO_PURE_PYTHON=1``), any of its methods.
    """
    if frame is None:
        return False
    if is_compiled(checker):
        return frame.f_code is never_cancelled.__code__
    return frame.f_code.co_filename == checker.__file__ and frame.f_code.co_name != "check_claim"


class InterruptError(Exception):
    """What the test's signal handler raises, as Python's raises ``KeyboardInterrupt``."""


def test_a_check_asks_whether_it_is_still_wanted_and_stops_when_it_is_not() -> None:
    told: list[int] = []

    def cancelled(done: int) -> bool:
        told.append(done)
        return len(told) == 3

    with pytest.raises(ClaimCheckCancelledError):
        check(cancelled=cancelled)
    assert len(told) == 3  # it stopped at once, asking no more
    # Each time it tells the work done so far, a heartbeat or more apart.
    assert all(later - before >= checker.HEARTBEAT for before, later in pairwise(told))
    assert told[-1] < BUDGET


def test_a_check_its_memory_stops_tells_how_near_that_guard_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that fills the memory it may hold (``checker.POSITIONS``) long before its
    budget tells its progress towards that guard, not the work done: a progress bar
    then fills towards where the search stops instead of jumping at the end."""
    told: list[int] = []

    def cancelled(done: int) -> bool:
        told.append(done)
        return False

    monkeypatch.setattr(checker, "POSITIONS", 10_000)
    stopped = check(cancelled=cancelled)
    assert stopped.memory_full
    nearest = told.index(max(told))
    assert max(told) >= BUDGET // 2  # the work done was about a sixteenth of the budget
    assert told[: nearest + 1] == sorted(told[: nearest + 1])  # the search for the fewest
    assert max(told) <= BUDGET


def test_a_check_still_wanted_finds_what_it_finds_unasked() -> None:
    asked = 0

    def cancelled(done: int) -> bool:
        nonlocal asked
        asked += 1
        return False

    wanted = check(SMALL_BUDGET, cancelled=cancelled)
    unasked = check(SMALL_BUDGET)
    assert asked >= SMALL_BUDGET // checker.HEARTBEAT // 2
    assert wanted == unasked


def test_ctrl_c_stops_a_check_inside_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The signal comes a twentieth of a second after the search for the fewest has
    freed its positions, in the question it asks past its budget (depth first, about a
    second here). A fixed delay from the start could fall on that freeing (Python code,
    but not the function the search asks) on a faster or slower machine."""
    handled_in: list[FrameType | None] = []

    def interrupt(signum: int, frame: FrameType | None) -> None:
        handled_in.append(frame)
        raise InterruptError

    def release_then_interrupt(tables: list[dict[Any, Any] | list[Any]]) -> None:
        release(tables)
        signal.setitimer(signal.ITIMER_REAL, 0.05)

    monkeypatch.setattr(checker, "release", release_then_interrupt)
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with pytest.raises(InterruptError):
            check()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # Handled during the search, in the function it asks, not once it had ended (then
    # in the check's last lines or in this test).
    assert len(handled_in) == 1
    assert in_the_search(handled_in[0])


def test_another_thread_runs_while_a_check_searches() -> None:
    main = threading.get_ident()
    seen: list[FrameType] = []

    def beside() -> None:
        time.sleep(0.05)  # the check under way; then this thread waits for the lock
        # Where the main thread is now: no public function tells another thread's frame.
        seen.append(sys._current_frames()[main])  # noqa: SLF001

    thread = threading.Thread(target=beside)
    thread.start()
    check()
    thread.join()
    # The other thread ran while the main one was inside the search, not after it.
    assert in_the_search(seen[0])


def test_a_check_frees_its_positions_through_python_code(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[list[dict[Any, Any] | list[Any]]] = []

    def recording(tables: list[dict[Any, Any] | list[Any]]) -> None:
        given.append(tables)
        release(tables)

    monkeypatch.setattr(checker, "release", recording)
    check()
    # The search for the fewest's positions and queue, then the memory both searches
    # shared, each emptied there and not dropped at once by the compiled code.
    assert len(given) == 2
    searched, (memory,) = given
    assert isinstance(searched[0], dict)
    assert isinstance(memory, dict)
    assert len(searched) == 2 + 15  # its positions, the line to each, its 15 buckets
    assert all(not table for tables in given for table in tables)


def test_another_thread_runs_while_a_search_s_positions_are_freed() -> None:
    size = 1_000_000
    positions = {index << 20: (index, (index, index + 1)) for index in range(size)}
    left: list[int] = []
    started = threading.Event()

    def beside() -> None:
        started.set()
        while positions:
            left.append(len(positions))
            time.sleep(0.001)

    thread = threading.Thread(target=beside)
    thread.start()
    started.wait()
    release([positions])
    thread.join()
    assert not positions
    # The other thread ran while the table was being emptied, not only before or after
    # (a clear() empties it with the lock held: the thread would see all or nothing).
    assert any(0 < entries < size for entries in left)
