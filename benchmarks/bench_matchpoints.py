"""Matchpointing a national simultaneous event (Law 78A), against a plain numpy sort-and-count.

Workloads: one board with 20,000 results (``arbitro.scoring.matchpoints``); a session
of 2,000 pairs (1,000 tables, a Mitchell) x 26 boards, first as the pairs' totals only
(``matchpoint_totals``), then in full by ``score_session`` (every board's lines with
their notes, every pair's total, percentage and rank). The anchor does the arithmetic
with numpy: ``np.unique`` with counts and a cumulative sum for the results below,
each board added into the pairs' totals, then percentages and the ranking order. Times are
seconds (lower is better); the ratio is anchor / Árbitro (above 1.0: Árbitro faster).
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from arbitro.scoring.matchpoints import matchpoint_totals, matchpoints
from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session
from benchmarks.harness import Measurement, best_time

SCORES = [-800, -500, -200, -100, -50, 0, 50, 100, 110, 140, 170, 200, 400, 420, 430, 450,
          460, 480, 600, 620, 650, 660, 680, 980, 990, 1010, 1430, 1440]  # fmt: skip
TABLES = 1_000
BOARDS = 26


def numpy_matchpoints(scores: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """2 per result beaten, 1 per other result equalled: sort and count with numpy."""
    _, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts
    result: npt.NDArray[np.int64] = 2 * below[inverse] + counts[inverse] - 1
    return result


def numpy_session(boards: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
    """Every pair's total and the ranking order: NS pairs 0..T-1, EW pairs T..2T-1."""
    tables = len(boards[0])
    totals = np.zeros(2 * tables, dtype=np.int64)
    top = 2 * (tables - 1)
    for scores in boards:
        ns = numpy_matchpoints(scores)
        totals[:tables] += ns
        totals[tables:] += top - ns
    percentages = totals * 100 / (top * len(boards))
    order: npt.NDArray[np.int64] = np.argsort(-percentages, kind="stable")
    return order


def run() -> list[Measurement]:
    rng = random.Random(2026)
    one_board = [rng.choice(SCORES) for _ in range(20_000)]
    one_board_array = np.array(one_board, dtype=np.int64)
    assert numpy_matchpoints(one_board_array).tolist() == matchpoints(one_board)

    session_scores = [[rng.choice(SCORES) for _ in range(TABLES)] for _ in range(BOARDS)]
    results = [
        TableResult(board + 1, f"{table + 1}NS", f"{table + 1}EW", Result.played(score))
        for board, scores in enumerate(session_scores)
        for table, score in enumerate(scores)
    ]
    arrays = [np.array(scores, dtype=np.int64) for scores in session_scores]

    ours_board = best_time(lambda: matchpoints(one_board))
    anchor_board = best_time(lambda: numpy_matchpoints(one_board_array))
    boards = [
        ([f"{t + 1}NS" for t in range(TABLES)], [f"{t + 1}EW" for t in range(TABLES)], scores)
        for scores in session_scores
    ]
    ours_totals = best_time(lambda: matchpoint_totals(boards), repeat=3)
    ours_session = best_time(lambda: score_session(results), repeat=3)
    anchor_session = best_time(lambda: numpy_session(arrays), repeat=3)
    anchor = "numpy unique + cumsum"
    return [
        Measurement(
            "matchpoints, 1 board x 20,000 results", "s", ours_board, anchor_board, anchor, False
        ),
        Measurement(
            "session totals, 2,000 pairs x 26 bds", "s", ours_totals, anchor_session, anchor, False
        ),
        Measurement(
            "session in full, 2,000 pairs x 26 bds",
            "s",
            ours_session,
            anchor_session,
            anchor,
            False,
        ),
    ]
