"""Law 78A at speed: the fast paths against simple reference implementations.

Matchpoints are counted from the frequencies of equal scores in whole numbers (2 per
result beaten, 1 per result equalled), a session's columns are lined up pair by pair
when every board has the same pairs in a direction, and the ranking is read from one
sort. Each test here compares one of them with Law 78A read literally: every result
compared with every other, every pair's points added one by one.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import authority
from arbitro.scoring.matchpoints import (
    column_sums,
    line_up,
    matchpoint_totals,
    matchpoints,
    score_levels,
)
from arbitro.scoring.results import Result
from arbitro.scoring.session import (
    InvalidSessionError,
    TableResult,
    _ranking,
    _score_session,
    score_session,
)

SCORES = st.lists(st.integers(min_value=-7600, max_value=7600), min_size=1, max_size=60)
FEW_SCORES = st.lists(st.sampled_from([-100, 0, 110, 420, 450]), min_size=1, max_size=60)


def pairwise(scores: list[int], unit: Fraction = Fraction(2)) -> list[Fraction]:
    """Law 78A read literally: ``unit`` per result beaten, half of it per other result equalled."""
    return [
        sum(
            (unit if score > other else unit / 2 if score == other else Fraction(0))
            for other in scores
        )
        - unit / 2  # the result itself
        for score in scores
    ]


@given(st.one_of(SCORES, FEW_SCORES))
def test_law78a_counted_matchpoints_equal_every_comparison(scores: list[int]) -> None:
    assert matchpoints(scores) == pairwise(scores)
    assert all(type(value) is int for value in matchpoints(scores))


@given(st.one_of(SCORES, FEW_SCORES))
def test_law78a_half_unit_scale_is_exact(scores: list[int]) -> None:
    half = matchpoints(scores, unit=1)
    assert half == pairwise(scores, Fraction(1))
    assert all(isinstance(value, Fraction) for value in half)


@given(st.one_of(SCORES, FEW_SCORES))
def test_law78a_board_sums_to_n_times_n_minus_one_in_half_units(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)
    assert sum(matchpoints(scores, unit=1)) * 2 == n * (n - 1)


@given(st.one_of(SCORES, FEW_SCORES))
def test_law78a_frequency_table_has_one_value_per_distinct_score(scores: list[int]) -> None:
    levels = score_levels(scores)
    assert list(levels) == sorted(set(scores))
    assert [levels[score] for score in scores] == pairwise(scores)


@st.composite
def mitchells(draw: st.DrawFn) -> list[tuple[list[str], list[str], list[int]]]:
    """Boards of a Mitchell: NS pairs stay (in order or not), EW pairs move; some tables may sit out."""
    tables = draw(st.integers(min_value=1, max_value=8))
    ns = [f"{n}NS" for n in range(1, tables + 1)]
    ew = [f"{n}EW" for n in range(1, tables + 1)]
    boards = []
    for _ in range(draw(st.integers(min_value=1, max_value=5))):
        seats_ns = ns if draw(st.booleans()) else draw(st.permutations(ns))
        seats_ew = draw(st.permutations(ew))
        played = tables if draw(st.booleans()) else draw(st.integers(1, tables))
        scores = draw(
            st.lists(st.sampled_from([-100, 0, 110, 420]), min_size=played, max_size=played)
        )
        boards.append((list(seats_ns[:played]), list(seats_ew[:played]), scores))
    return boards


@given(mitchells())
def test_law78a_session_totals_equal_adding_pair_by_pair(
    boards: list[tuple[list[str], list[str], list[int]]],
) -> None:
    expected: dict[str, Fraction] = {}
    for ns, ew, scores in boards:
        top = 2 * (len(scores) - 1)
        for pair_ns, pair_ew, points in zip(ns, ew, pairwise(scores), strict=True):
            expected[pair_ns] = expected.get(pair_ns, Fraction(0)) + points
            expected[pair_ew] = expected.get(pair_ew, Fraction(0)) + top - points
    assert matchpoint_totals(boards) == expected


@given(st.data())
def test_law78a_lined_up_columns_add_up_as_pair_by_pair(data: st.DataObject) -> None:
    names = [str(n) for n in range(data.draw(st.integers(min_value=2, max_value=8)))]
    columns = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=5))):
        order = data.draw(st.permutations(names))
        points = data.draw(st.lists(st.integers(0, 20), min_size=len(names), max_size=len(names)))
        columns.append((list(order), points))
    lined = line_up(columns)
    assert lined is not None
    order, rows = lined
    expected = dict.fromkeys(names, 0)
    for pairs, points in columns:
        for pair, value in zip(pairs, points, strict=True):
            expected[pair] += value
    assert dict(zip(order, column_sums(rows), strict=True)) == expected


def test_law78a_columns_with_other_pairs_do_not_line_up() -> None:
    # A pair sat out a board (another came instead), or a board named a pair twice.
    assert line_up([(["1", "2"], [1, 0]), (["1", "3"], [0, 1])]) is None
    assert line_up([(["1", "2"], [1, 0]), (["1", "1"], [0, 1])]) is None
    assert line_up([(["1", "2"], [1, 0]), (["1"], [0])]) is None


def reference_ranking(names: list[str], keys: list[int]) -> list[tuple[str, int, bool]]:
    """Rank = 1 + the pairs strictly ahead; tied when another has the same key; ties by number."""
    rows = [
        (name, 1 + sum(other > key for other in keys), keys.count(key) > 1)
        for name, key in zip(names, keys, strict=True)
    ]
    return sorted(rows, key=lambda row: (row[1], int(row[0])))


@given(st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=30))
def test_law78a_ranks_count_the_pairs_ahead_and_share_ties(keys: list[int]) -> None:
    names = [str(n) for n in random.Random(len(keys)).sample(range(1, 100), len(keys))]
    order, ranks, tied = _ranking(names, list(keys))
    got = [(names[index], rank, tie) for index, rank, tie in zip(order, ranks, tied, strict=True)]
    assert got == reference_ranking(names, keys)


@st.composite
def big_mitchells(draw: st.DrawFn) -> list[TableResult]:
    """Every pair plays every board (the lined-up path), NS stationary or not, EW moving."""
    tables = draw(st.integers(min_value=2, max_value=9))
    results = []
    for board in range(1, draw(st.integers(min_value=1, max_value=4)) + 1):
        ns = list(range(1, tables + 1))
        if draw(st.booleans()):
            ns = draw(st.permutations(ns))
        ew = draw(st.permutations(range(1, tables + 1)))
        for table in range(tables):
            score = draw(st.sampled_from([-100, 0, 110, 420, 450]))
            results.append(
                TableResult(board, f"{ns[table]}NS", f"{ew[table]}EW", Result.played(score))
            )
    return results


@given(big_mitchells(), st.sampled_from([1, 2]))
def test_law78a_lined_up_session_equals_general_path(results: list[TableResult], unit: int) -> None:
    profile = replace(authority("wbf"), matchpoint_unit=Fraction(unit))
    fast = _score_session(list(results), "mp", profile, [], columnar=True)
    general = _score_session(list(results), "mp", profile, [], columnar=False)
    assert fast.pairs == general.pairs
    for number, lines in general.boards.items():
        assert fast.boards[number] == lines
    for pair in fast.pairs:
        assert pair.maximum is not None
        assert pair.percentage == Fraction(pair.total) * 100 / pair.maximum
        assert isinstance(pair.percentage, Fraction)


@pytest.mark.parametrize(
    ("tables", "problem"),
    [
        # A pair twice on board 1 (in both directions): the tally does not line up.
        ([("1", "2"), ("3", "1")], "1"),
        # A pair against itself.
        ([("1", "1"), ("3", "4")], "1"),
        # A pair twice North-South on one board.
        ([("1", "2"), ("1", "4")], "1"),
    ],
)
def test_law78a_plain_session_still_refuses_a_pair_twice_on_a_board(
    tables: list[tuple[str, str]], problem: str
) -> None:
    results = [TableResult(1, ns, ew, Result.played(100 * n)) for n, (ns, ew) in enumerate(tables)]
    results += [TableResult(2, ns, ew, Result.played(50)) for ns, ew in (("1", "2"), ("3", "4"))]
    with pytest.raises(InvalidSessionError, match=f"'{problem}'"):
        score_session(results)


def test_law78a_pairs_in_both_directions_on_a_board_are_refused_when_boards_line_up() -> None:
    # Each direction has the same pairs on every board, but pairs 1 and 2 sit both ways.
    seating = (("1", "2"), ("2", "1"))
    results = [
        TableResult(board, ns, ew, Result.played(10 * board))
        for board in (1, 2)
        for ns, ew in seating
    ]
    with pytest.raises(InvalidSessionError, match="board 1: the pair has two results"):
        score_session(results)


def test_law78a_plain_score_is_read_once_per_record() -> None:
    assert TableResult(1, "1", "2", Result.played(420)).plain_score == 420
    assert TableResult(1, "1", "2", Result.played(420), group="a").plain_score is None
    assert TableResult(1, "1", "2", Result.split(420, -620)).plain_score is None
    # Two equal views make a plain result too.
    assert TableResult(1, "1", "2", Result.split(420, -420)).plain_score == 420
