"""Law 78B with a Butler datum on numpy columns, against the general path as specification.

:func:`score_columns` scores a session of plain results held as arrays
(:class:`SessionColumns`); ``score_session_by_path(..., columnar=False)``, which scores every
board through weighted views and fractions, is what it must equal: the boards' lines,
the datums and every pair's standing (total, boards, rank and tie, pairs tied in
natural order).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import Authority, authority
from arbitro.scoring import session_columns, teams
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Result
from arbitro.scoring.session import (
    InvalidSessionError,
    SessionScore,
    TableResult,
    score_session,
    score_session_by_path,
)
from arbitro.scoring.session_columns import SessionColumns, score_columns
from arbitro.scoring.teams import butler_datum, ordered_datum
from test_law78a_columnar_session import assert_same
from test_law78b_butler_session import butler_profiles


@st.composite
def plain_sessions(draw: st.DrawFn) -> list[TableResult]:
    """Plain results: a Mitchell or a Howell, tables missing on some boards, any order.

    Scores come from a few values, so totals tie; names like ``2`` and ``10`` test the
    natural order of the ties; now and then a pair sits twice on a board.
    """
    tables = draw(st.integers(min_value=1, max_value=12))
    mitchell = draw(st.booleans())
    pairs = (
        [f"{n}NS" for n in range(1, tables + 1)] + [f"{n}EW" for n in range(1, tables + 1)]
        if mitchell
        else [str(n) for n in range(1, 2 * tables + 1)]
    )
    scores = st.sampled_from([-1430, -620, -100, 0, 110, 140, 420, 450, 1430, 7600])
    results: list[TableResult] = []
    for board in draw(st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=6)):
        if mitchell:
            seats = list(zip(pairs[:tables], draw(st.permutations(pairs[tables:])), strict=True))
        else:
            order = draw(st.permutations(pairs))
            seats = list(zip(order[:tables], order[tables:], strict=True))
        played = draw(st.integers(min_value=1, max_value=tables))
        results.extend(
            TableResult(board, ns, ew, Result.played(draw(scores))) for ns, ew in seats[:played]
        )
    if draw(st.integers(min_value=0, max_value=9)) == 0:  # a pair twice on a board
        first = results[0]
        results.append(TableResult(first.board, first.ns, f"{first.ew}x", Result.played(0)))
    if draw(st.booleans()):  # any order: a board may come in several runs
        results = list(draw(st.permutations(results)))
    return results


def general(results: list[TableResult], profile: Authority) -> SessionScore | Exception:
    """The specification: every board by the general path (or the error it raises)."""
    try:
        return score_session_by_path(list(results), "imp-butler", profile, [], columnar=False)
    except InvalidSessionError as error:
        return error


def assert_butler_same(
    scored: SessionScore | Exception, expected: SessionScore | Exception
) -> None:
    if isinstance(expected, Exception):
        assert isinstance(scored, InvalidSessionError)
        assert str(scored) == str(expected)
        return
    assert isinstance(scored, SessionScore)
    assert_same(scored, expected)
    assert scored.datums == expected.datums
    assert list(scored.datums) == list(expected.datums)


def plain_rows(results: list[TableResult]) -> list[tuple[int, str, str, int]]:
    """(board, NS, EW, NS's score) of plain results, as a reader gives them to ``from_rows``."""
    return [(table.board, table.ns, table.ew, table.plain_score or 0) for table in results]


def columns_scored(columns: SessionColumns, profile: Authority) -> SessionScore | Exception:
    try:
        return score_columns(columns, "imp-butler", profile)
    except InvalidSessionError as error:
        return error


@given(plain_sessions(), butler_profiles())
def test_law78b_butler_on_columns_equals_general_path(
    results: list[TableResult], profile: Authority
) -> None:
    columns = SessionColumns.from_results(results)
    assert columns is not None
    assert_butler_same(columns_scored(columns, profile), general(results, profile))


@given(plain_sessions(), butler_profiles())
def test_law78b_butler_on_columns_from_rows_equals_general_path(
    results: list[TableResult], profile: Authority
) -> None:
    columns = SessionColumns.from_rows(plain_rows(results))
    assert columns.results() == results
    assert_butler_same(columns_scored(columns, profile), general(results, profile))


def mitchell(tables: int, boards: int) -> list[TableResult]:
    """A Mitchell whose totals tie by the dozen: four scores, a cycle of them."""
    return [
        TableResult(
            board,
            f"{table + 1}NS",
            f"{(table + board) % tables + 1}EW",
            Result.played([420, 450, -50, 420][(table * board) % 4]),
        )
        for board in range(1, boards + 1)
        for table in range(tables)
    ]


def test_law78b_butler_of_a_mitchell_is_scored_on_the_arrays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = mitchell(60, 9)
    expected = general(results, authority("wbf"))

    def general_path(*args: object) -> SessionScore:
        raise AssertionError("the general path was taken")

    monkeypatch.setattr(session_columns, "score_session", general_path)
    columns = SessionColumns.from_results(results)
    assert columns is not None
    scored = score_columns(columns, "imp-butler")
    assert_butler_same(scored, expected)
    assert isinstance(expected, SessionScore)
    assert sum(pair.tied for pair in expected.pairs) > 20  # ties ranked in natural order


@pytest.mark.parametrize(
    ("change", "penalties"),
    [
        ("penalty", [("1NS", Penalty(Fraction(3), unit="imps"))]),
        ("howell", []),
        ("missing table, factoring", []),
        ("pair twice", []),
    ],
)
def test_law78b_butler_columns_leave_to_the_general_path_what_it_alone_scores(
    change: str, penalties: list[tuple[str, Penalty]]
) -> None:
    results = mitchell(4, 3)
    profile = authority("wbf")
    if change == "howell":
        results.append(TableResult(4, "1EW", "1NS", Result.played(100)))
    if change == "missing table, factoring":
        results.pop()
        profile = replace(profile, factoring=True)
    if change == "pair twice":
        results.append(TableResult(1, "1NS", "9EW", Result.played(100)))
    columns = SessionColumns.from_results(results)
    assert columns is not None
    try:
        expected: SessionScore | Exception = score_session(
            results, "imp-butler", profile, penalties
        )
    except InvalidSessionError as error:
        expected = error
    try:
        scored: SessionScore | Exception = score_columns(columns, "imp-butler", profile, penalties)
    except InvalidSessionError as error:
        scored = error
    if isinstance(expected, Exception):
        assert change == "pair twice"
        assert str(scored) == str(expected)
    else:
        assert isinstance(scored, SessionScore)
        assert_same(scored, expected)
        assert scored.penalties == expected.penalties


def test_session_columns_are_not_made_of_results_that_are_not_plain() -> None:
    results = [
        TableResult(1, "1NS", "1EW", Result.played(100)),
        TableResult(1, "2NS", "2EW", Result.split(100, -200)),
    ]
    assert SessionColumns.from_results(results) is None
    grouped = [TableResult(1, "1NS", "1EW", Result.played(100), group="a")]
    assert SessionColumns.from_results(grouped) is None


def test_session_columns_score_other_methods_by_the_general_path() -> None:
    results = mitchell(5, 4)
    columns = SessionColumns.from_results(results)
    assert columns is not None
    for method in ("mp", "cross-imp", "total"):
        assert_same(score_columns(columns, method), score_session(results, method))


def test_session_scoring_of_records_does_not_load_numpy() -> None:
    # numpy is imported by session_columns alone: a command scoring records goes without it.
    code = "import sys, arbitro.scoring.session; print('numpy' in sys.modules)"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "False"


@st.composite
def boards_of_scores(draw: st.DrawFn) -> list[list[int]]:
    """Boards of whole scores over a few close values, a wide range, or a range too wide for one key.

    The three make the columns count each board's distinct scores by a tally, by a sort
    of (board, score) keys, and by a sort of the two columns.
    """
    values = draw(
        st.sampled_from(
            [
                st.sampled_from([-3, -1, 0, 2, 5]),
                st.integers(min_value=-7600, max_value=7600),
                st.integers(min_value=-(2**60), max_value=2**60),
            ]
        )
    )
    return draw(st.lists(st.lists(values, min_size=1, max_size=30), min_size=1, max_size=6))


@given(
    boards_of_scores(),
    st.integers(min_value=0, max_value=4),
    st.sampled_from([1, 10, 50]),
)
def test_law78b_each_boards_datum_on_columns_is_the_butler_datum_of_its_scores(
    boards: list[list[int]], drop: int, step: int
) -> None:
    profile = replace(authority("wbf"), butler_drop=drop, butler_round_to=step)
    scores = np.array([score for board in boards for score in board], dtype=np.int64)
    board_of = np.repeat(np.arange(len(boards)), [len(board) for board in boards])
    datums = session_columns.board_datums(scores, board_of, len(boards), profile)
    assert datums.tolist() == [butler_datum(board, drop, step) for board in boards]


def test_law78b_the_datum_is_taken_in_one_place_by_records_and_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both paths take each board's datum from ``teams.ordered_datum``, the one copy of the rule."""
    results = mitchell(7, 5)
    taken: list[tuple[list[int], list[int]]] = []

    def recorded(scores: list[int], counts: list[int], drop: int = 1, round_to: int = 10) -> int:
        taken.append((list(scores), list(counts)))
        return ordered_datum(scores, counts, drop, round_to)

    monkeypatch.setattr(teams, "ordered_datum", recorded)
    monkeypatch.setattr(session_columns, "ordered_datum", recorded)
    paths: list[tuple[bool, Callable[[], SessionScore]]] = [
        (True, lambda: score_session_by_path(list(results), "imp-butler", wbf, [], columnar=False)),
        (False, lambda: score_session(results, "imp-butler")),
        (False, lambda: score_columns(SessionColumns.from_rows(plain_rows(results)), "imp-butler")),
    ]
    wbf = authority("wbf")
    for general_path, scoring in paths:
        scored = scoring()
        expected = [
            (sorted(set(board)), [board.count(score) for score in sorted(set(board))])
            for board in (
                [score for board, _, _, score in plain_rows(results) if board == number]
                for number in scored.datums
            )
        ]
        if general_path:  # each direction's datum, in fractions, for its IMPs
            assert all(call in taken for call in expected)
        else:
            assert taken == expected
        taken.clear()
