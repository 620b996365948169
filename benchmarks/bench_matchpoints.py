"""Matchpointing a national simultaneous event (Law 78A), against a plain numpy sort-and-count.

The field: 26 boards, each played at 1,000 tables by 2,000 pairs (1,000 North-South
pairs ``1NS``..``1000NS`` who stay at their table, 1,000 East-West pairs ``1EW``..
``1000EW`` who move one table per board, a Mitchell); every result a plain score drawn
from 28 common scores, so ties are many. Each row times the same output on both sides,
best of N runs in one process, the two sides in turns, in CPU seconds (see
:func:`in_turns`); the ratio is anchor / Árbitro (above 1.0: Árbitro faster, 0.5:
Árbitro takes twice as long, the goal of the issue).

1. *One board, 20,000 results.* Árbitro: ``matchpoints(scores)`` on a list of ints
   (one count of equal scores, the distinct scores sorted, one look-up per result).
   Anchor: ``numpy_matchpoints`` on an int64 array (``np.unique`` with inverse and
   counts, a cumulative sum for the results below). Both give every result's
   North-South matchpoints (2 per result beaten, 1 per result equalled), in input order.
   The anchor's input is an array already; Árbitro reads and writes Python lists, which
   costs about as much as numpy's whole sort and count (so numpy inside Árbitro would
   not help here: the list would have to become an array and back).
2. *Session totals, from columns.* Árbitro: ``matchpoint_totals`` over 26 (NS pair
   names, EW pair names, NS scores) lists: each pair's total (2 / 1 scale). Anchor:
   ``numpy_totals`` over a (26, 1000) score array and (26, 1000) arrays of pair
   *indices* (the names already turned into numbers, untimed): each board's
   matchpoints, both directions added into the pairs' totals. Árbitro lines each
   direction's columns up pair by pair (the stationary pairs as they come, the moving
   ones by turning each board's column round to the first board's order — a Mitchell
   moves them on a table a round —, any other order through one dictionary per board)
   and adds them in C.
3. *Session in full, anchor from arrays.* Árbitro: ``score_session`` on the 26,000
   ``TableResult`` records (checks every pair once per board — here through the
   lined-up totals — and every result plain, scores each board by counting its equal
   scores with the Neuberg target and top, keeps each
   table's NS and EW matchpoints in columns — the ``BoardLine`` objects are made when a
   board is first read, see row 5 —, then each pair's total, boards, maximum, exact
   percentage (``Fraction``) and rank with ties, by direction). Anchor:
   ``numpy_session`` on the ready arrays of row 2: each table's NS and EW matchpoints
   (kept, as two (26, 1000) arrays), each pair's total and boards played, maximum,
   percentage (float64), rank with ties within its direction and the ranking order
   (ties by pair number). The anchor's input is already numbers; Árbitro's is objects,
   and reading 26,000 records alone takes Árbitro longer than the anchor's whole work,
   so this row shows the price of the objects, not of the scoring.
4. *Session in full, both from the records.* As row 3, but the anchor starts from the
   same ``TableResult`` list: it reads the scores (``plain_score``, the score each
   record keeps when it is made, as Árbitro reads it; ``None`` for a result that is not
   plain would stop the conversion) and the pairs (through a ready name-to-index dict,
   untimed) into arrays with Python comprehensions, relying on the records coming board
   by board with 1,000 tables each; then ``numpy_session``. This is the like-for-like
   row: same input, same output (Árbitro's percentages exact, the anchor's float64).
5. *Session in full, every line read.* Árbitro: as row 3, then every board's lines
   read (26,000 ``BoardLine`` objects made), as the text and JSON reports do. Anchor:
   as row 4 (its per-table points are arrays already).
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from arbitro.scoring.matchpoints import matchpoint_totals, matchpoints
from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from benchmarks.harness import Measurement

SCORES = [-800, -500, -200, -100, -50, 0, 50, 100, 110, 140, 170, 200, 400, 420, 430, 450,
          460, 480, 600, 620, 650, 660, 680, 980, 990, 1010, 1430, 1440]  # fmt: skip
TABLES = 1_000
BOARDS = 26

Ints = npt.NDArray[np.int64]


def numpy_matchpoints(scores: Ints) -> Ints:
    """2 per result beaten, 1 per other result equalled: sort and count with numpy."""
    _, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts
    result: Ints = 2 * below[inverse] + counts[inverse] - 1
    return result


def numpy_totals(ns: Ints, ew: Ints, scores: Ints, pairs: int) -> Ints:
    """Each pair's total: every board's matchpoints added in at the pairs' indices."""
    totals = np.zeros(pairs, dtype=np.int64)
    top = 2 * (scores.shape[1] - 1)
    for board in range(scores.shape[0]):
        points = numpy_matchpoints(scores[board])
        totals[ns[board]] += points  # a pair sits once per board: no repeated index
        totals[ew[board]] += top - points
    return totals


class NumpySession:
    """The anchor's scored session: per-table points, per-pair totals, percentages and ranks."""

    def __init__(self, ns: Ints, ew: Ints, scores: Ints, is_ns: npt.NDArray[np.bool_]) -> None:
        pairs = len(is_ns)
        top = 2 * (scores.shape[1] - 1)
        self.ns_points = np.empty_like(scores)
        for board in range(scores.shape[0]):
            self.ns_points[board] = numpy_matchpoints(scores[board])
        self.ew_points = top - self.ns_points
        self.totals = np.zeros(pairs, dtype=np.int64)
        for board in range(scores.shape[0]):
            self.totals[ns[board]] += self.ns_points[board]
            self.totals[ew[board]] += self.ew_points[board]
        self.boards = np.bincount(ns.ravel(), minlength=pairs) + np.bincount(
            ew.ravel(), minlength=pairs
        )
        self.maximum = self.boards * top
        self.percentage = 100 * self.totals / self.maximum
        self.rank = np.empty(pairs, dtype=np.int64)
        self.tied = np.empty(pairs, dtype=np.bool_)
        for side in (is_ns, ~is_ns):
            members = np.flatnonzero(side)
            keys = -self.percentage[members]
            ordered = np.sort(keys)
            first = np.searchsorted(ordered, keys, side="left")
            self.rank[members] = first + 1
            self.tied[members] = np.searchsorted(ordered, keys, side="right") - first > 1
        self.order = np.lexsort((np.arange(pairs), -self.percentage, ~is_ns))


def numpy_from_records(
    results: Sequence[TableResult], index: dict[str, int], is_ns: npt.NDArray[np.bool_]
) -> NumpySession:
    """The anchor from the same records as Árbitro: columns read with comprehensions, then numpy."""
    shape = (BOARDS, len(results) // BOARDS)
    scores = np.array([table.plain_score for table in results], dtype=np.int64)
    ns = np.array([index[table.ns] for table in results], dtype=np.int64)
    ew = np.array([index[table.ew] for table in results], dtype=np.int64)
    return NumpySession(ns.reshape(shape), ew.reshape(shape), scores.reshape(shape), is_ns)


def in_turns(works: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """Each work's best CPU time (seconds), the works run in turns so that all meet the same load.

    CPU time of this process (``time.process_time``, every thread counted), not the
    wall clock: on a shared machine a longer run is pre-empted more often, and the
    wall clock would charge it for the other processes' time. Garbage left by the
    previous run is collected before each run (outside the time), so that no work pays
    for another's; the collector stays on while timing.
    """
    best = [float("inf")] * len(works)
    for _ in range(repeat):
        for at, work in enumerate(works):
            gc.collect()
            start = time.process_time()
            work()
            best[at] = min(best[at], time.process_time() - start)
    return best


def run() -> list[Measurement]:
    rng = random.Random(2026)
    one_board = [rng.choice(SCORES) for _ in range(20_000)]
    one_board_array = np.array(one_board, dtype=np.int64)
    assert numpy_matchpoints(one_board_array).tolist() == matchpoints(one_board)

    ns_names = [f"{table + 1}NS" for table in range(TABLES)]
    ew_names = [f"{table + 1}EW" for table in range(TABLES)]
    seating = [[(table + board) % TABLES for table in range(TABLES)] for board in range(BOARDS)]
    session_scores = [[rng.choice(SCORES) for _ in range(TABLES)] for _ in range(BOARDS)]
    results = [
        TableResult(board + 1, ns_names[table], ew_names[seating[board][table]], Result.played(score))
        for board, scores in enumerate(session_scores)
        for table, score in enumerate(scores)
    ]  # fmt: skip
    columns = [
        ([table.ns for table in results[start : start + TABLES]],
         [table.ew for table in results[start : start + TABLES]],
         session_scores[board])
        for board, start in enumerate(range(0, len(results), TABLES))
    ]  # fmt: skip
    index = {name: number for number, name in enumerate(ns_names + ew_names)}
    is_ns = np.arange(2 * TABLES) < TABLES
    scores_array = np.array(session_scores, dtype=np.int64)
    ns_array = np.array([[index[name] for name in ns] for ns, _, _ in columns], dtype=np.int64)
    ew_array = np.array([[index[name] for name in ew] for _, ew, _ in columns], dtype=np.int64)

    # The two sides agree before they are timed.
    anchor = NumpySession(ns_array, ew_array, scores_array, is_ns)
    ours = score_session(results)
    totals = matchpoint_totals(columns)
    assert [totals[name] for name in index] == anchor.totals.tolist()
    for pair in ours.pairs:
        at = index[pair.pair]
        assert (pair.total, pair.rank, pair.tied) == (
            anchor.totals[at],
            anchor.rank[at],
            anchor.tied[at],
        )
        assert abs(float(pair.percentage or 0) - anchor.percentage[at]) < 1e-9
    assert [index[pair.pair] for pair in ours.pairs] == anchor.order.tolist()
    assert numpy_from_records(results, index, is_ns).totals.tolist() == anchor.totals.tolist()

    def read_every_line() -> None:
        for lines in score_session(results).boards.values():
            assert lines

    ours_board, anchor_board = in_turns(
        [lambda: matchpoints(one_board), lambda: numpy_matchpoints(one_board_array)], 30
    )
    ours_totals, anchor_totals = in_turns(
        [
            lambda: matchpoint_totals(columns),
            lambda: numpy_totals(ns_array, ew_array, scores_array, 2 * TABLES),
        ],
        15,
    )
    ours_session, anchor_arrays, anchor_records, ours_lines = in_turns(
        [
            lambda: score_session(results),
            lambda: NumpySession(ns_array, ew_array, scores_array, is_ns),
            lambda: numpy_from_records(results, index, is_ns),
            read_every_line,
        ],
        15,
    )
    sort_count = "numpy unique + cumsum"
    return [
        Measurement("1 board x 20,000 results", "s", ours_board, anchor_board, sort_count, False),
        Measurement("session totals, columns", "s", ours_totals, anchor_totals, sort_count, False),
        Measurement(
            "session, anchor from arrays", "s", ours_session, anchor_arrays, sort_count, False
        ),
        Measurement(
            "session, both from records",
            "s",
            ours_session,
            anchor_records,
            "numpy, read from records",
            False,
        ),
        Measurement(
            "session, every line read",
            "s",
            ours_lines,
            anchor_records,
            "numpy, read from records",
            False,
        ),
    ]
