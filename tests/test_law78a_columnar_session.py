"""Law 78A in a whole session: the columnar path for plain boards against the general path.

``score_session`` scores a board of plain results (one score for both sides, no groups)
by sorting and counting whole numbers, in columns, and makes the board's lines when
they are first read; every other board goes through the general path (weights,
artificial and split scores). ``score_session_by_path(..., columnar=False)`` sends every board
through the general path, so the two must agree on every number of random sessions.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbitro.laws.authority import Authority, authority
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Average, Result, Weighted
from arbitro.scoring.session import (
    PairStanding,
    SessionScore,
    TableResult,
    score_session,
    score_session_by_path,
)

# Few scores, so that ties are common.
PLAIN = st.sampled_from([-200, -100, 0, 110, 140, 420, 450]).map(Result.played)
ADJUSTED = st.one_of(
    st.sampled_from(["A60/A40", "A40/A60", "A50/A50", "A60/A60", "A+/A-", "A40/A40"]).map(
        lambda text: Result.artificial(*(Average.from_str(part) for part in text.split("/")))
    ),
    st.tuples(st.sampled_from([420, 140, -100]), st.sampled_from([-420, -110, 100])).map(
        lambda pair: Result.split(*pair)
    ),
    st.sampled_from([(420, -50), (140, 110), (0, 450)]).map(
        lambda pair: Result.weighted(
            Weighted(((Fraction(2, 3), pair[0]), (Fraction(1, 3), pair[1])))
        )
    ),
)


@st.composite
def profiles(draw: st.DrawFn) -> Authority:
    """WBF or AEB, with Neuberg, factoring, the 1 / ½ scale and 12C2c switched at random."""
    profile = authority(draw(st.sampled_from(["wbf", "aeb"])))
    return replace(
        profile,
        neuberg=draw(st.booleans()),
        factoring=draw(st.booleans()),
        matchpoint_unit=Fraction(draw(st.sampled_from([1, 2]))),
        session_percentage_rule=draw(st.booleans()),
        weighted_scores=True,
    )


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[TableResult], list[tuple[str, Penalty]]]:
    """A Mitchell (pairs keep their direction) or a Howell, some tables missing on some boards.

    Most boards are plain; some hold adjusted scores, and some are fouled (Law 87).
    """
    tables = draw(st.integers(min_value=2, max_value=6))
    mitchell = draw(st.booleans())
    pairs = (
        [f"{n}NS" for n in range(1, tables + 1)] + [f"{n}EW" for n in range(1, tables + 1)]
        if mitchell
        else [str(n) for n in range(1, 2 * tables + 1)]
    )
    results: list[TableResult] = []
    for board in range(1, draw(st.integers(min_value=1, max_value=5)) + 1):
        if mitchell:
            ew = draw(st.permutations(pairs[tables:]))
            seats = list(zip(pairs[:tables], ew, strict=True))
        else:
            order = draw(st.permutations(pairs))
            seats = list(zip(order[:tables], order[tables:], strict=True))
        played = draw(st.integers(min_value=1, max_value=tables))
        kind = draw(st.sampled_from(["plain", "plain", "adjusted", "fouled"]))
        for table, (ns, ew_pair) in enumerate(seats[:played]):
            adjusted = kind == "adjusted" and draw(st.booleans())
            result = draw(ADJUSTED if adjusted else PLAIN)
            group = str(table % 2) if kind == "fouled" and played > 1 else None
            results.append(TableResult(board, ns, ew_pair, result, group=group))
    if draw(st.booleans()):  # the records in any order: a board may come in several runs
        results = list(draw(st.permutations(results)))
    penalties = draw(
        st.lists(
            st.tuples(
                st.sampled_from(sorted({table.ns for table in results})),
                st.sampled_from([Fraction(1, 4), Fraction(1, 10)]).map(Penalty),
            ),
            max_size=2,
        )
    )
    return results, penalties


def assert_same(columnar: SessionScore, general: SessionScore) -> None:
    assert list(columnar.boards) == list(general.boards)
    for number, lines in general.boards.items():
        assert columnar.boards[number] == lines
    assert columnar.pairs == general.pairs
    assert columnar.by_direction == general.by_direction


@given(sessions(), profiles())
def test_law78a_columnar_path_equals_general_path(
    session: tuple[list[TableResult], list[tuple[str, Penalty]]], profile: Authority
) -> None:
    results, penalties = session
    columnar = score_session_by_path(list(results), "mp", profile, list(penalties), columnar=True)
    general = score_session_by_path(list(results), "mp", profile, list(penalties), columnar=False)
    assert_same(columnar, general)


@given(sessions(), profiles())
def test_law78a_pair_totals_add_up_their_lines(
    session: tuple[list[TableResult], list[tuple[str, Penalty]]], profile: Authority
) -> None:
    results, penalties = session
    scored = score_session(results, profile=profile, penalties=penalties)
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    for lines in scored.boards.values():
        for line in lines:
            assert line.top is not None
            for name, value in ((line.ns, line.ns_points), (line.ew, line.ew_points)):
                points[name] = points.get(name, Fraction(0)) + value
                tops[name] = tops.get(name, Fraction(0)) + line.top
                boards[name] = boards.get(name, 0) + 1
    assert {pair.pair for pair in scored.pairs} == set(points)
    for pair in scored.pairs:
        name = pair.pair
        assert pair.total + pair.penalties == points[name]
        assert (pair.boards, pair.maximum) == (boards[name], tops[name])
        # A board played once, without Neuberg, has a top of 0: no percentage.
        assert pair.percentage == (pair.total * 100 / tops[name] if tops[name] else None)


@given(sessions(), profiles())
def test_law78a_ranks_count_the_pairs_ahead(
    session: tuple[list[TableResult], list[tuple[str, Penalty]]], profile: Authority
) -> None:
    results, penalties = session
    scored = score_session(results, profile=profile, penalties=penalties)

    def key(pair: PairStanding) -> Fraction:
        # The percentage; a pair with no top to its boards, by its (factored) total.
        return Fraction(pair.factored if pair.percentage is None else pair.percentage)

    for pair in scored.pairs:
        field = [other for other in scored.pairs if other.direction is pair.direction]
        ahead = [other for other in field if key(other) > key(pair)]
        level = [other for other in field if key(other) == key(pair)]
        assert pair.rank == len(ahead) + 1
        assert pair.tied == (len(level) > 1)


def test_law78a_plain_board_lines_are_made_when_read() -> None:
    results = [
        TableResult(1, "1", "2", Result.played(420)),
        TableResult(1, "3", "4", Result.played(400)),
        TableResult(1, "5", "6", Result.played(420)),
    ]
    scored = score_session(results)
    first = scored.boards[1]
    assert [(line.ns, line.ns_points, line.ew_points) for line in first] == [
        ("1", 3, 1),
        ("3", 0, 4),
        ("5", 3, 1),
    ]
    assert scored.boards[1] is first  # made once, then kept
