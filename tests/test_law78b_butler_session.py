"""Law 78B with a Butler datum in a whole session: the columnar path against the general one.

A board of plain results (one score for both sides, no groups) is scored in whole
numbers: the datum from :func:`butler_datum` and each distinct score's IMPs once
(:func:`butler_levels`). Every other board, and every board with
``score_session_by_path(..., columnar=False)``, goes through the general path (weighted views
and fractions), which is the specification: the two agree on every number.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.seat import Side
from arbitro.laws.authority import Authority, authority
from arbitro.scoring.natural_order import natural_keys
from arbitro.scoring.penalties import Penalty
from arbitro.scoring.results import Result, Weighted
from arbitro.scoring.session import (
    Points,
    TableResult,
    score_session,
    score_session_by_path,
)
from arbitro.scoring.session_standings import ranking
from arbitro.scoring.teams import butler_datum, butler_imps, butler_levels, round_half_away
from test_law78a_columnar_session import assert_same, sessions

SCORES = st.lists(st.integers(min_value=-7600, max_value=7600).map(lambda s: s * 10), min_size=1)


@st.composite
def butler_profiles(draw: st.DrawFn) -> Authority:
    """WBF or AEB, with the datum's trimming, its rounding and 12C2c drawn at random."""
    profile = authority(draw(st.sampled_from(["wbf", "aeb"])))
    return replace(
        profile,
        butler_drop=draw(st.integers(min_value=0, max_value=3)),
        butler_round_to=draw(st.sampled_from([1, 10, 50])),
        session_percentage_rule=draw(st.booleans()),
        factoring=draw(st.booleans()),
        weighted_scores=True,
    )


@given(SCORES, st.integers(min_value=0, max_value=3), st.sampled_from([1, 10, 50]))
def test_law78b_butler_levels_equal_butler_imps(scores: list[int], drop: int, step: int) -> None:
    datum, levels = butler_levels(scores, drop, step)
    expected_datum, expected = butler_imps([Weighted.single(s) for s in scores], drop, step)
    assert datum == expected_datum
    assert [levels[score] for score in scores] == expected
    assert sorted(levels) == sorted(set(scores))


@given(SCORES)
def test_law78b_butler_datum_of_whole_numbers_equals_datum_of_fractions(scores: list[int]) -> None:
    assert butler_datum(scores) == butler_datum([Fraction(score) for score in scores])


def imp_penalties(
    penalties: list[tuple[str, Penalty]],
) -> list[tuple[str, Penalty]]:
    return [(pair, replace(penalty, unit="imps")) for pair, penalty in penalties]


@given(sessions(), butler_profiles())
def test_law78b_butler_columnar_path_equals_general_path(
    session: tuple[list[TableResult], list[tuple[str, Penalty]]], profile: Authority
) -> None:
    results, penalties = session
    imps = imp_penalties(penalties)
    columnar = score_session_by_path(
        list(results), "imp-butler", profile, list(imps), columnar=True
    )
    general = score_session_by_path(
        list(results), "imp-butler", profile, list(imps), columnar=False
    )
    assert_same(columnar, general)
    assert columnar.datums == general.datums


def test_law78b_plain_board_datum_and_imps() -> None:
    # Datum: (620 + 620 + 170) / 3 = 470 after dropping -100 and 650 (WBF: one at each end).
    scores = [620, 620, 170, -100, 650]
    results = [
        TableResult(1, f"{n}NS", f"{n}EW", Result.played(s)) for n, s in enumerate(scores, 1)
    ]
    scored = score_session(results, "imp-butler")
    assert scored.datums == {1: 470}
    lines = scored.boards[1]
    assert [(line.ns_points, line.ew_points) for line in lines] == [
        (4, -4),
        (4, -4),
        (-7, 7),
        (-11, 11),
        (5, -5),
    ]
    assert all(line.top is None and line.notes == () for line in lines)
    assert {pair.pair: pair.total for pair in scored.pairs}["4EW"] == 11


@given(
    st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1000),
    st.sampled_from([1, 5, 10, 50]),
)
def test_law78b_datum_rounding_is_to_the_nearest_step_halves_away_from_zero(
    value: Fraction, step: int
) -> None:
    rounded = round_half_away(value, step)
    assert rounded % step == 0
    distance = abs(value - rounded)
    assert distance <= Fraction(step, 2)
    if distance == Fraction(step, 2):  # a half: away from zero
        assert abs(rounded) > abs(value)


_NAME = st.text(alphabet="0123456789NSEWab ", min_size=1, max_size=6)


def _natural_reference(text: str) -> tuple[tuple[int, int, str], ...]:
    """Pair 2 before pair 10: the key as it was before its fast path for ``12NS``."""
    return tuple(
        (0, len(part), part) if part.isdigit() else (1, 0, part)
        for part in re.findall(r"[0-9]+|[^0-9]+", text)
    )


@given(st.lists(_NAME, min_size=4, max_size=12, unique=True))
def test_law_78b_pairs_tied_on_imps_are_listed_in_natural_order(names: list[str]) -> None:
    """Every table flat: every pair ties at 0 IMPs, listed pair 2 before pair 10 in each
    direction, whatever the names (numbers, letters, both, several numbers)."""
    half = len(names) // 2
    ns, ew = names[:half], names[half : 2 * half]
    results = [
        TableResult(1, north, east, Result.played(420)) for north, east in zip(ns, ew, strict=True)
    ]
    session = score_session(results, "imp-butler")
    for side, members in ((Side.NS, ns), (Side.EW, ew)):
        listed = [pair.pair for pair in session.pairs if pair.direction is side]
        assert listed == sorted(members, key=lambda name: (_natural_reference(name), name))
        assert all(pair.tied or len(members) == 1 for pair in session.pairs)


@given(
    st.lists(
        st.tuples(
            _NAME | st.from_regex(r"[0-9]{1,4}(NS|EW|a)?", fullmatch=True), st.integers(-3, 3)
        ),
        min_size=1,
        max_size=30,
        unique_by=lambda pair: pair[0],
    )
)
def test_law_78b_ranking_ties_in_natural_order_at_every_level(pairs: list[tuple[str, int]]) -> None:
    """Pairs with random totals, many equal: highest first, each tie in natural order
    (the names' keys read in one pass when they are all a number and letters)."""
    names = [name for name, _ in pairs]
    keys: list[Points] = [total for _, total in pairs]
    order, ranks, tied = ranking(names, keys)
    expected = sorted(
        range(len(names)), key=lambda at: (-keys[at], _natural_reference(names[at]), names[at])
    )
    assert order == expected
    for position, at in enumerate(order):
        assert ranks[position] == 1 + sum(1 for key in keys if key > keys[at])
        assert tied[position] == (keys.count(keys[at]) > 1)
    natural = natural_keys(names)
    assert sorted(range(len(names)), key=natural.__getitem__) == sorted(
        range(len(names)), key=lambda at: (_natural_reference(names[at]), names[at])
    )


def _datum_reference(scores: list[int | Fraction], drop: int, round_to: int) -> int:
    """The trimmed mean as it was computed before the counted one: sort, slice, mean."""
    ordered = sorted(scores)
    cut = drop
    while cut > 0 and len(ordered) - 2 * cut < 1:
        cut -= 1
    kept = ordered[cut : len(ordered) - cut] if cut else ordered
    return round_half_away(Fraction(sum(kept)) / len(kept), round_to)


_SCORE = st.sampled_from([-1100, -500, -100, -50, 0, 90, 110, 140, 420, 450, 620, 1430])


@given(
    st.lists(_SCORE | st.fractions(-2000, 2000), min_size=1, max_size=40),
    st.integers(0, 4),
    st.sampled_from([1, 10]),
)
def test_law_78b_the_counted_butler_datum_is_the_trimmed_mean(
    scores: list[int | Fraction], drop: int, round_to: int
) -> None:
    assert butler_datum(scores, drop, round_to) == _datum_reference(scores, drop, round_to)
