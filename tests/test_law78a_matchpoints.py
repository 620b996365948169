"""Law 78A matchpoints, Neuberg and factoring: hand-computed boards and invariants."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import authority
from arbitro.scoring.fouled import fouled_matchpoints
from arbitro.scoring.matchpoints import matchpoints, percentage, top, weighted_matchpoints
from arbitro.scoring.neuberg import factored, neuberg
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session import TableResult, score_session

SCORES = st.lists(
    st.sampled_from([-200, -100, -50, 0, 110, 140, 170, 400, 420, 450, 620]),
    min_size=1,
    max_size=40,
)


def pairwise(scores: list[int]) -> list[int]:
    """Law 78A read literally: 2 for each result beaten, 1 for each other result equalled."""
    return [
        sum(2 if score > other else 1 if score == other else 0 for other in scores) - 1
        for score in scores
    ]


def test_law78a_two_per_result_beaten_one_per_tie() -> None:
    # 420 beats 400, 170, -50 (6) and ties the other 420 (1): 7.
    assert matchpoints([420, 420, 400, 170, -50]) == [7, 7, 4, 2, 0]


def test_law78a_half_units_halve_every_number() -> None:
    assert matchpoints([420, 420, 400, 170, -50], unit=1) == [
        Fraction(7, 2),
        Fraction(7, 2),
        2,
        1,
        0,
    ]


def test_law78a_top_is_two_per_other_result() -> None:
    assert (top(13), top(13, unit=1), top(1)) == (24, 12, 0)


@given(SCORES)
def test_law78a_sort_and_count_equals_pairwise_comparison(scores: list[int]) -> None:
    assert matchpoints(scores) == pairwise(scores)


@given(SCORES)
def test_law78a_board_matchpoints_sum_to_n_times_n_minus_one(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(SCORES)
def test_law78a_north_south_and_east_west_add_up_to_the_top(scores: list[int]) -> None:
    results = [TableResult(1, f"N{i}", f"E{i}", Result.played(s)) for i, s in enumerate(scores)]
    board = score_session(results).boards[1]
    assert all(line.ns_points + line.ew_points == 2 * (len(scores) - 1) for line in board)


@given(SCORES)
def test_law78a_weighted_path_agrees_with_whole_numbers(scores: list[int]) -> None:
    views = [Weighted.single(s) for s in scores]
    assert weighted_matchpoints(views) == matchpoints(scores)


def test_law78a_percentage_of_the_top() -> None:
    assert percentage(7, 8) == Fraction(175, 2)


def test_neuberg_formula_by_hand() -> None:
    # 5 results where 6 were expected; 7 matchpoints become (7 + 1) * 6 / 5 - 1 = 8.6.
    assert neuberg(7, results=5, expected=6) == Fraction(43, 5)
    # On the 1 / 1/2 scale: (m + 1/2) * E / A - 1/2.
    assert neuberg(Fraction(7, 2), results=5, expected=6, unit=1) == Fraction(43, 10)


@given(SCORES)
def test_neuberg_keeps_a_full_board_unchanged(scores: list[int]) -> None:
    n = len(scores)
    assert [neuberg(m, n, n) for m in matchpoints(scores)] == matchpoints(scores)


@given(SCORES, st.integers(min_value=0, max_value=10))
def test_neuberg_scaled_board_sums_as_if_full(scores: list[int], missing: int) -> None:
    n, expected = len(scores), len(scores) + missing
    scaled = [neuberg(m, n, expected) for m in matchpoints(scores)]
    # Each result behaves as E/A results: the sum is n * ((E/A)(n) - 1) ... i.e. n*E - n.
    assert sum(scaled) == n * expected - n
    assert all(0 <= m <= 2 * (expected - 1) for m in scaled)


def test_neuberg_in_a_session_scales_the_short_board() -> None:
    # Board 1 played 3 times, board 2 twice: board 2 is scaled to 3 results.
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(200)),
        TableResult(1, "5", "6", Result.played(300)),
        TableResult(2, "1", "2", Result.played(100)),
        TableResult(2, "3", "4", Result.played(50)),
    ]
    board = score_session(results).boards[2]
    # top 2 on two results: 2 and 0; scaled to 3: (2 + 1) * 3/2 - 1 = 3.5 and 0.5.
    assert [(line.ns_points, line.ew_points) for line in board] == [
        (Fraction(7, 2), Fraction(1, 2)),
        (Fraction(1, 2), Fraction(7, 2)),
    ]
    assert all("Neuberg" in line.notes for line in board)


def test_neuberg_off_keeps_the_board_own_top() -> None:
    from dataclasses import replace

    profile = replace(authority("wbf"), neuberg=False)
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(200)),
        TableResult(1, "5", "6", Result.played(300)),
        TableResult(2, "1", "2", Result.played(100)),
        TableResult(2, "3", "4", Result.played(50)),
    ]
    board = score_session(results, profile=profile).boards[2]
    assert [line.ns_points for line in board] == [2, 0]
    assert board[0].top == 2


def test_factoring_scales_the_total_of_a_pair_with_fewer_boards() -> None:
    assert factored(100, played_top=200, full_top=240) == 120
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(200)),
        TableResult(2, "1", "2", Result.played(100)),
        TableResult(2, "5", "6", Result.played(50)),
        TableResult(3, "1", "2", Result.played(0)),
        TableResult(3, "3", "4", Result.played(10)),
    ]
    pairs = {pair.pair: pair for pair in score_session(results).pairs}
    # Pair 3 played 2 of the 3 boards: 4 matchpoints of 4 possible, factored by 3/2.
    assert pairs["3"].total == 4
    assert pairs["3"].factored == 6
    assert pairs["3"].percentage == 100


def test_law78a_ties_share_a_rank() -> None:
    results = [
        TableResult(1, "A", "B", Result.played(100)),
        TableResult(1, "C", "D", Result.played(100)),
        TableResult(1, "E", "F", Result.played(-100)),
    ]
    ns = [p for p in score_session(results).pairs if p.pair in "ACE"]
    assert [(p.pair, p.rank_label) for p in ns] == [("A", "1="), ("C", "1="), ("E", "3")]


def test_law78a_howell_pairs_have_one_ranking() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(100)),
        TableResult(1, "3", "4", Result.played(-100)),
        TableResult(2, "2", "3", Result.played(100)),
        TableResult(2, "4", "1", Result.played(-100)),
    ]
    session = score_session(results)
    assert not session.by_direction
    # Pair 1: 2 + 2; pair 2: 0 + 2; pair 4: 2 + 0; pair 3: 0 + 0.
    assert [(p.pair, p.rank_label) for p in session.pairs] == [
        ("1", "1"),
        ("2", "2="),
        ("4", "2="),
        ("3", "4"),
    ]


def test_law87_fouled_board_groups_are_scaled_to_the_full_top() -> None:
    # Group 1: 420 420 170 -> 3 3 0 on top 4; group 2: -100 100 -> 0 2 on top 2.
    # Scaled to 5 results: (3+1)*5/3-1 = 17/3, (0+1)*5/3-1 = 2/3; (0+1)*5/2-1 = 3/2, (2+1)*5/2-1 = 13/2.
    assert fouled_matchpoints([[420, 420, 170], [-100, 100]], expected=5) == [
        [Fraction(17, 3), Fraction(17, 3), Fraction(2, 3)],
        [Fraction(3, 2), Fraction(13, 2)],
    ]


def test_law87_fouled_board_in_a_session() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(420), group="a"),
        TableResult(1, "3", "4", Result.played(420), group="a"),
        TableResult(1, "5", "6", Result.played(170), group="a"),
        TableResult(1, "7", "8", Result.played(-100), group="b"),
        TableResult(1, "9", "10", Result.played(100), group="b"),
    ]
    board = score_session(results).boards[1]
    assert [line.ns_points for line in board] == [
        Fraction(17, 3),
        Fraction(17, 3),
        Fraction(2, 3),
        Fraction(3, 2),
        Fraction(13, 2),
    ]
    assert all("87" in line.notes for line in board)
