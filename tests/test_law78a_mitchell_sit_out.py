"""Law 78A factoring in a Mitchell with a sit-out: within each direction, never across.

Thirteen pairs at seven tables: North-South pairs 1-7 sit still at tables 1-7, East-West
pairs 8-13 move, and the fourteenth pair (East-West) is missing, so each round one table
has no East-West pair and every North-South pair sits out one round. Two boards a round,
seven rounds: 14 boards, each played at 6 tables (top 10 on the 2 / 1 scale).

Movement (tables, rounds and board sets counted from 0): in round ``r`` table ``t`` plays
set ``(t - r) mod 7`` against East-West pair ``8 + (t + r) mod 7`` (pair 14 when that is
6). So East-West pair 14 (index 6) is "at" table ``(6 - r) mod 7``: set ``s`` is missing
the North-South pair of table ``4 (s + 6) mod 7``:

    set   0  1  2  3  4  5  6
    NS    4  1  5  2  6  3  7     (the North-South pair that does not play it)

Each North-South pair ``k`` scores ``10 k`` on every board, so on a board it beats exactly
the North-South pairs present with a smaller number: ``2 x (k - 1 - [missing < k])``
matchpoints. Over the six sets it plays, the missing pairs are the other six numbers,
``k - 1`` of them smaller than ``k``: ``2 x (6 (k - 1) - (k - 1)) = 10 (k - 1)`` a board,
20 (k - 1) for its 12 boards, out of 120:

    pair      1    2    3    4    5    6    7
    total     0   20   40   60   80  100  120
    per cent  0  16.67 33.33 50  66.67 83.33 100

Every North-South pair played 12 boards, the most any of its direction played, so Law
78A factors nothing: the factored total is the total (the fault this guards against:
factoring North-South to the 14 boards East-West played gives 23.33, 46.67, …).
East-West pairs played all 14 boards and are not factored either.
"""

from __future__ import annotations

from fractions import Fraction

from arbitro.core.seat import Side
from arbitro.scoring.results import Result
from arbitro.scoring.session import TableResult, score_session, show

TABLES = 7
MISSING = 6  # East-West pair index 6 (pair 14) is missing


def _mitchell() -> list[TableResult]:
    results: list[TableResult] = []
    for round_ in range(TABLES):
        for table in range(TABLES):
            ew = (table + round_) % TABLES
            if ew == MISSING:
                continue
            board_set = (table - round_) % TABLES
            for board in (2 * board_set + 1, 2 * board_set + 2):
                ns_pair = table + 1
                results.append(
                    TableResult(board, str(ns_pair), str(8 + ew), Result.played(10 * ns_pair))
                )
    return results


def test_law78a_mitchell_sit_out_factors_each_direction_to_its_own_boards() -> None:
    session = score_session(_mitchell())
    north_south = {pair.pair: pair for pair in session.pairs if pair.direction is Side.NS}
    # The table of the docstring, worked out by hand.
    expected_totals = {"1": 0, "2": 20, "3": 40, "4": 60, "5": 80, "6": 100, "7": 120}
    expected_percent = {"1": "0.00", "2": "16.67", "3": "33.33", "4": "50.00",
                        "5": "66.67", "6": "83.33", "7": "100.00"}  # fmt: skip
    assert {name: pair.boards for name, pair in north_south.items()} == dict.fromkeys(
        expected_totals, 12
    )
    assert {name: pair.total for name, pair in north_south.items()} == expected_totals
    assert {name: pair.factored for name, pair in north_south.items()} == expected_totals
    assert {name: show(pair.percentage) for name, pair in north_south.items()} == expected_percent


def test_law78a_mitchell_sit_out_east_west_totals_checked_by_hand() -> None:
    # A separate count, from the boards as dealt out above: on a board East-West at
    # table t gets 10 less North-South's 2 x (the North-South pairs present below t).
    missing_of_set = {s: (4 * (s + 6)) % TABLES for s in range(TABLES)}
    by_hand: dict[str, int] = {}
    for ew in range(TABLES):
        if ew == MISSING:
            continue
        total = 0
        for round_ in range(TABLES):
            table = (ew - round_) % TABLES
            board_set = (table - round_) % TABLES
            below = table - (1 if missing_of_set[board_set] < table else 0)
            total += 2 * (10 - 2 * below)
        by_hand[str(8 + ew)] = total
    session = score_session(_mitchell())
    east_west = {pair.pair: pair for pair in session.pairs if pair.direction is Side.EW}
    assert {name: pair.boards for name, pair in east_west.items()} == dict.fromkeys(by_hand, 14)
    assert {name: pair.total for name, pair in east_west.items()} == by_hand
    assert {name: pair.factored for name, pair in east_west.items()} == by_hand
    assert sum(by_hand.values()) + 420 == 14 * 6 * 10  # every board's top shared out


def test_law78a_factoring_within_a_direction_scales_to_that_direction_most() -> None:
    # The same Mitchell with board 1 not played by North-South pair 7 (it has 11 boards):
    # its total is factored to 12 boards, its direction's most, not to East-West's 14.
    results = [line for line in _mitchell() if not (line.board == 1 and line.ns == "7")]
    session = score_session(results)
    seven = next(pair for pair in session.pairs if pair.pair == "7")
    assert seven.boards == 11
    assert seven.factored == Fraction(seven.total) * 12 / 11
