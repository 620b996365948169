"""Law 78B: the international match point scale, checked band by band.

``BANDS`` is the Law 78B table written out as (lowest difference, highest difference,
IMPs); the last band has no upper edge. Every band is checked at both of its edges and
just below its lower edge (which belongs to the band before), for positive and negative
differences. A difference that is not a multiple of ten falls in the band whose lower
edge it reaches, so ``oracle_imps`` counts the lower edges a difference reaches, without
looking at the upper edges at all. Hypothesis checks the shape of the scale: odd,
non-decreasing, bounded by 0 and 24, and 24 from 4000 on.
"""

from __future__ import annotations

from itertools import pairwise
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro import imps
from arbitro.scoring.imps import imps_of

# (lowest difference, highest difference, IMPs) for every band of Law 78B.
BANDS: list[tuple[int, int | None, int]] = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
]

LOWER_EDGES = [low for low, _, _ in BANDS]


def oracle_imps(difference: int) -> int:
    """IMPs for ``difference``: how many lower edges above zero its size reaches, signed."""
    size = abs(difference)
    reached = sum(1 for low in LOWER_EDGES[1:] if size >= low)
    return reached if difference >= 0 else -reached


def test_law78b_table_is_contiguous() -> None:
    assert [imps_ for _, _, imps_ in BANDS] == list(range(25))
    for (_, high, _), (next_low, _, _) in pairwise(BANDS):
        assert high is not None
        assert next_low == high + 10


def _edge_cases() -> list[tuple[int, int]]:
    cases: list[tuple[int, int]] = []
    for low, high, value in BANDS:
        cases.append((low, value))
        if high is not None:
            cases.append((high, value))
        if low > 0:
            cases.append((low - 10, value - 1))  # one band lower
    cases += [(4010, 24), (5000, 24), (10_000, 24), (1_000_000, 24)]
    signed = [(points, value) for points, value in cases]
    signed += [(-points, -value) for points, value in cases if points != 0]
    return signed


EDGE_CASES = [
    pytest.param(points, expected, id=f"{points:+d}->{expected:+d}")
    for points, expected in _edge_cases()
]


@pytest.mark.parametrize(("points", "expected"), EDGE_CASES)
def test_law78b_bracket_edges(points: int, expected: int) -> None:
    assert imps(points) == expected


def _between_tens() -> list[tuple[int, int]]:
    # The issue's own examples, then for every band a difference just above its upper edge
    # that does not reach the next band's lower edge.
    cases = [(15, 0), (19, 0), (45, 1), (49, 1)]
    for _, high, value in BANDS:
        if high is not None:
            cases += [(high + 1, value), (high + 5, value), (high + 9, value)]
    cases += [(4001, 24), (4009, 24), (3999, 23)]
    return cases + [(-points, -value) for points, value in cases]


BETWEEN_TENS = [
    pytest.param(points, expected, id=f"{points:+d}->{expected:+d}")
    for points, expected in _between_tens()
]


@pytest.mark.parametrize(("points", "expected"), BETWEEN_TENS)
def test_law78b_differences_between_multiples_of_ten(points: int, expected: int) -> None:
    assert imps(points) == expected


@pytest.mark.parametrize(
    "points", [0, 10, 620, -620, 420, 1430, -3160, 7600], ids=lambda points: f"{points:+d}"
)
def test_law78b_examples(points: int) -> None:
    # 0 and 10 are a push; 620 (4S= vulnerable against a pass-out) is 12; 420 is 9;
    # 1430 (6S= vulnerable against 0) is 16; 3160 is 22; 7600 is 24.
    expected = {0: 0, 10: 0, 620: 12, -620: -12, 420: 9, 1430: 16, -3160: -22, 7600: 24}
    assert imps(points) == expected[points]


@given(st.integers(min_value=-20_000, max_value=20_000))
def test_law78b_matches_the_table(points: int) -> None:
    assert imps(points) == oracle_imps(points)


@given(st.integers())
def test_law78b_is_odd(points: int) -> None:
    assert imps(-points) == -imps(points)


@given(st.integers(), st.integers(min_value=0, max_value=5000))
def test_law78b_is_non_decreasing(points: int, step: int) -> None:
    assert imps(points) <= imps(points + step)


@given(st.integers(min_value=0))
def test_law78b_is_bounded(points: int) -> None:
    assert 0 <= imps(points) <= 24


@given(st.integers(min_value=4000))
def test_law78b_is_24_from_4000(points: int) -> None:
    assert imps(points) == 24
    assert imps(-points) == -24


NOT_INTS: list[object] = [True, False, 1.5, 10.0, 0.0, "10", None]


@pytest.mark.parametrize("value", NOT_INTS, ids=repr)
def test_law78b_rejects_non_integers(value: object) -> None:
    with pytest.raises(TypeError):
        imps(cast(int, value))


@given(st.lists(st.integers(min_value=-10_000, max_value=10_000)))
def test_law78b_imps_of_many_differences_equals_imps_of_each(differences: list[int]) -> None:
    assert imps_of(differences) == [imps(points) for points in differences]


@pytest.mark.parametrize("value", NOT_INTS, ids=repr)
def test_law78b_imps_of_many_rejects_non_integers(value: object) -> None:
    with pytest.raises(TypeError, match="whole number of points"):
        imps_of([420, cast(int, value)])


def test_law78b_imps_of_every_difference_up_to_the_last_band() -> None:
    differences = list(range(-4000, 4001))
    assert imps_of(differences) == [imps(points) for points in differences]
    beyond = [*differences[::7], 4001, -4001, 12_345, -99_999]
    assert imps_of(beyond) == [imps(points) for points in beyond]
