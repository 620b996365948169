"""Law 78A at speed: the fast paths against simple reference implementations.

Matchpoints are counted from the frequencies of equal scores in whole numbers (2 per
result beaten, 1 per result equalled), a session's columns are lined up pair by pair
when every board has the same pairs in a direction, and the ranking is read from one
sort. Each test here compares one of them with Law 78A read literally: every result
compared with every other, every pair's points added one by one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Side
from arbitro.laws.authority import authority
from arbitro.scoring.columnar import plain_units, tally_scale
from arbitro.scoring.matchpoints import (
    column_sums,
    count_levels,
    line_up,
    matchpoint_totals,
    matchpoints,
    percentage,
    score_levels,
)
from arbitro.scoring.neuberg import neuberg
from arbitro.scoring.results import Result
from arbitro.scoring.session import (
    InvalidSessionError,
    TableResult,
    score_session,
    score_session_by_path,
)
from arbitro.scoring.session_standings import ranking

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
    order, ranks, tied = ranking(names, list(keys))
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
    fast = score_session_by_path(list(results), "mp", profile, [], columnar=True)
    general = score_session_by_path(list(results), "mp", profile, [], columnar=False)
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


# -- A Mitchell's moving pairs, boards in any order, levels from counts -------------------


def turned(names: list[str], turn: int) -> list[str]:
    """The order of ``names`` starting from position ``turn`` (a Mitchell round moves them on)."""
    return names[turn:] + names[:turn]


@given(st.data())
def test_law78a_moving_pairs_line_up_as_pair_by_pair(data: st.DataObject) -> None:
    # Boards whose pairs are the first board's turned round (a Mitchell), or shuffled.
    names = [f"{n}EW" for n in range(1, data.draw(st.integers(min_value=2, max_value=12)) + 1)]
    columns: list[tuple[Sequence[str], Sequence[int]]] = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=6))):
        if data.draw(st.booleans()):
            order = turned(names, data.draw(st.integers(min_value=0, max_value=len(names) - 1)))
        else:
            order = data.draw(st.permutations(names))
        size = len(names)
        points = data.draw(st.lists(st.integers(0, 30), min_size=size, max_size=size))
        as_tuples = data.draw(st.booleans())
        columns.append((tuple(order), tuple(points)) if as_tuples else (list(order), points))
    lined = line_up(columns)
    assert lined is not None
    lined_names, rows = lined
    for (pairs, values), row in zip(columns, rows, strict=True):
        assert dict(zip(lined_names, row, strict=True)) == dict(zip(pairs, values, strict=True))
    expected = dict.fromkeys(names, 0)
    for pairs, values in columns:
        for pair, value in zip(pairs, values, strict=True):
            expected[pair] += value
    assert dict(zip(lined_names, column_sums(rows), strict=True)) == expected


def test_law78a_a_board_without_the_first_pair_does_not_line_up() -> None:
    # Turned round from another pair set, or a pair twice where the turn would be.
    assert line_up([(["1", "2", "3"], [0, 2, 4]), (["2", "3", "4"], [0, 2, 4])]) is None
    assert line_up([(["1", "2", "3"], [0, 2, 4]), (["2", "1", "1"], [0, 2, 4])]) is None
    assert line_up([(["1", "2", "3"], [0, 2, 4]), (["3", "1", "2"], [0, 2, 4])]) == (
        ["1", "2", "3"],
        [[0, 2, 4], [2, 4, 0]],
    )


@given(st.one_of(SCORES, FEW_SCORES))
def test_law78a_levels_from_counts_equal_every_comparison(scores: list[int]) -> None:
    levels = count_levels(Counter(scores))
    assert [levels[score] for score in scores] == pairwise(scores)
    # One direction's matchpoints on a board add up to n(n - 1).
    assert sum(levels[score] for score in scores) == len(scores) * (len(scores) - 1)


@st.composite
def mitchell_sessions(draw: st.DrawFn) -> list[TableResult]:
    """A Mitchell: North-South stay, East-West move on one table a round (some skip a table).

    Every result plain; a table may miss a board (Neuberg, and the columns no longer
    line up); the records come board by board or in any order.
    """
    tables = draw(st.integers(min_value=2, max_value=9))
    skip = draw(st.integers(min_value=0, max_value=tables - 1))
    results = []
    for board in range(1, draw(st.integers(min_value=1, max_value=6)) + 1):
        turn = board - 1 + (skip if board > tables // 2 else 0)
        for table in range(tables):
            moving = (table + turn) % tables + 1
            score = draw(st.sampled_from([-100, 0, 110, 420, 450]))
            results.append(
                TableResult(board, f"{table + 1}NS", f"{moving}EW", Result.played(score))
            )
    if len(results) > tables and draw(st.booleans()):  # a full board keeps the top
        del results[draw(st.integers(min_value=0, max_value=len(results) - 1))]
    if draw(st.booleans()):
        results = [results[index] for index in draw(st.permutations(range(len(results))))]
    return results


@given(mitchell_sessions(), st.sampled_from([1, 2]))
def test_law78a_mitchell_session_equals_law_78a_read_literally(
    results: list[TableResult], unit: int
) -> None:
    # On the 2 / 1 scale and the 1 / ½ one (each number halved).
    profile = replace(authority("wbf"), matchpoint_unit=Fraction(unit))
    half = Fraction(unit, 2)
    records = list(results)
    scored = score_session(results, profile=profile)
    assert results == records  # the records are read, never changed
    # Law 78A by hand: each board's results compared pairwise, Neuberg to the most results.
    by_board: dict[int, list[TableResult]] = {}
    for table in results:
        by_board.setdefault(table.board, []).append(table)
    most = max(len(tables) for tables in by_board.values())
    top = unit * (most - 1)
    totals: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    for number, tables in by_board.items():
        scores = [table.result.ns.parts[0][1] for table in tables]  # type: ignore[union-attr]
        count = len(tables)
        lines = {line.ns: line for line in scored.boards[number]}
        assert len(lines) == count
        for table, points in zip(tables, pairwise(scores), strict=True):
            ns = ((points + 1) * most / count - 1 if profile.neuberg else points) * half
            line = lines[table.ns]
            assert (line.ew, line.ns_points, line.ew_points, line.top) == (
                table.ew,
                ns,
                top - ns,
                top,
            )
            for name, value in ((table.ns, ns), (table.ew, top - ns)):
                totals[name] = totals.get(name, Fraction(0)) + value
                boards[name] = boards.get(name, 0) + 1
        if count == most:
            total = sum(line.ns_points for line in lines.values())
            assert total == count * (count - 1) * half
    assert scored.by_direction
    assert {pair.pair: pair.total for pair in scored.pairs} == totals
    for pair in scored.pairs:
        assert (pair.boards, pair.maximum) == (boards[pair.pair], boards[pair.pair] * top)
        assert pair.percentage == Fraction(100) * totals[pair.pair] / (boards[pair.pair] * top)
        assert isinstance(pair.percentage, Fraction)
        assert pair.direction is (Side.NS if pair.pair.endswith("NS") else Side.EW)
        field = [other.percentage for other in scored.pairs if other.direction is pair.direction]
        ahead = sum(1 for other in field if other is not None and other > pair.percentage)
        level = field.count(pair.percentage)
        assert (pair.rank, pair.tied) == (ahead + 1, level > 1)


@given(mitchell_sessions(), st.randoms(use_true_random=False))
def test_law78a_records_in_any_order_score_the_same(
    results: list[TableResult], random_order: random.Random
) -> None:
    # Boards in several runs (records interleaved) against each board in one run.
    by_board = sorted(results, key=lambda table: table.board)
    shuffled = list(results)
    random_order.shuffle(shuffled)
    once, again = score_session(by_board), score_session(shuffled)
    assert once.pairs == again.pairs
    assert list(once.boards) == list(again.boards)
    for number, lines in once.boards.items():
        assert sorted(lines, key=lambda line: line.ns) == sorted(
            again.boards[number], key=lambda line: line.ns
        )


@given(
    st.lists(st.integers(min_value=-3, max_value=3), min_size=1, max_size=20),
    st.integers(min_value=0, max_value=3),
    st.sampled_from([1, 2]),
)
def test_law78a_neuberg_in_whole_units_equals_the_formula(
    scores: list[int], missing: int, unit: int
) -> None:
    # A board of plain results in the tally's whole units: the units over the scale are
    # Neuberg's formula (or the plain matchpoints) on the board's scale.
    count, target = len(scores), len(scores) + missing
    counts = Counter(scores)
    scale = tally_scale([count], Fraction(unit), neuberg=True, most=target)
    units = plain_units(counts, count, Fraction(unit), target, scale)
    half = Fraction(unit, 2)
    for score, points in zip(scores, pairwise(scores), strict=True):
        expected = neuberg(points * half, count, target, unit) if missing else points * half
        assert isinstance(units[score], int)
        assert Fraction(units[score], scale) == expected


@given(
    st.lists(
        st.fractions(min_value=0, max_value=100, max_denominator=10**9), min_size=1, max_size=30
    )
)
def test_law78a_ranking_by_float_then_exact_value_equals_ranking_by_value(
    keys: list[Fraction],
) -> None:
    # Close fractions (denominators up to 10^9) and equal ones: the float never reorders.
    names = [str(n) for n in range(1, len(keys) + 1)]
    exact = ranking(names, list(keys))
    assert ranking(names, [(float(key), key) for key in keys]) == exact
    got = [(names[index], rank, tie) for index, rank, tie in zip(*exact, strict=True)]
    expected = [
        (name, 1 + sum(other > key for other in keys), keys.count(key) > 1)
        for name, key in zip(names, keys, strict=True)
    ]
    assert got == sorted(expected, key=lambda row: (row[1], int(row[0])))


@given(
    st.fractions(min_value=-500, max_value=500, max_denominator=1000),
    st.fractions(min_value=1, max_value=500, max_denominator=1000),
)
def test_law78a_percentage_is_points_over_maximum(points: Fraction, maximum: Fraction) -> None:
    assert percentage(points, maximum) == points * 100 / maximum
    if points.denominator == maximum.denominator == 1:
        assert percentage(points.numerator, maximum.numerator) == points * 100 / maximum


def test_law78a_lines_made_later_do_not_follow_changes_to_the_input_list() -> None:
    # The lines of a plain board are made when first read, from the session's own copy.
    results = [TableResult(1, f"{n}NS", f"{n}EW", Result.played(10 * n)) for n in range(1, 5)]
    scored = score_session(results)
    results.reverse()
    results.pop()
    assert [(line.ns, line.result, line.ns_points) for line in scored.boards[1]] == [
        ("1NS", Result.played(10), 0),
        ("2NS", Result.played(20), 2),
        ("3NS", Result.played(30), 4),
        ("4NS", Result.played(40), 6),
    ]
