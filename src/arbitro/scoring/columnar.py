"""A board of plain results scored in columns: whole numbers, each distinct score once.

A national simultaneous event has thousands of tables on each board, nearly all plain
results: every result one score for both sides, in no group (Law 87). Such a board
needs neither weights nor fractions. Its equal scores are counted once, each distinct
score gets its points once (matchpoints, Law 78A, with Neuberg's formula for a board
with fewer results; IMPs against a Butler datum, Law 78B), and each table's points are
looked up, in whole numbers: matchpoints in units of 1 / ``scale`` of a matchpoint
(:func:`tally_scale`), IMPs as they are.

:func:`arbitro.scoring.session.score_session` sends a plain board here and every other
board through its general path (weighted views and fractions), which is this path's
specification: ``score_session_by_path(..., columnar=False)`` scores every board the general
way, and ``tests/test_law78a_columnar_session.py`` and
``tests/test_law78b_butler_session.py`` hold the two to the same numbers.

>>> plain_butler([620, 620, 170, -100, 650])
(470, [4, 4, -7, -11, 5])
>>> plain_units({420: 2, 400: 1}, 3, Fraction(2), 3, 1)
{400: 0, 420: 3}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from math import lcm

from arbitro.scoring.matchpoints import count_levels, look_up
from arbitro.scoring.neuberg import neuberg, neuberg_times_results
from arbitro.scoring.teams import butler_levels

Points = Fraction | int
"""Matchpoints, IMPs or total points: exact, a whole number where they are whole."""


def plain_butler(
    scores: Sequence[int],
    drop: int = 1,
    round_to: int = 10,
    counts: Mapping[int, int] | None = None,
) -> tuple[int, list[int]]:
    """The Butler datum of a board of plain results, and each table's North-South IMPs.

    :func:`~arbitro.scoring.teams.butler_levels`: the datum, each distinct score's IMPs
    once (``counts``: how many tables have each score, if counted); then looked up
    per table.

    >>> plain_butler([420, -50], drop=1)
    (190, [6, -6])
    """
    datum, by_score = butler_levels(scores, drop, round_to, counts)
    return datum, look_up(by_score, scores)


def plain_levels(
    counts: Mapping[int, int], count: int, unit: Fraction, target: int
) -> dict[int, Points]:
    """North-South's matchpoints for each distinct score of a board (or group) of ``count`` plain results.

    ``counts`` holds how many results have each score. Counted in whole numbers on the
    2 / 1 scale; a full board on that scale stays in whole numbers, Neuberg's formula
    and the 1 / ½ scale make fractions, once per distinct score. East-West's points on
    a table are the top less North-South's (Neuberg's formula keeps that: the two
    scaled values add up to the full top).
    """
    levels: dict[int, Points] = dict(count_levels(counts))
    if unit == 2 and count == target:
        return levels
    half = unit / 2
    if count == target:
        return {level: value * half for level, value in levels.items()}
    return {level: neuberg(value, count, target) * half for level, value in levels.items()}


def plain_units(
    counts: Mapping[int, int], count: int, unit: Fraction, target: int, scale: int
) -> dict[int, int]:
    """:func:`plain_levels` in units of 1 / ``scale`` of a matchpoint, whole numbers throughout.

    ``scale`` makes every value whole (:func:`tally_scale`): on the 2 / 1 scale a
    result's ``m`` becomes ``m × unit / 2 × scale``, and with Neuberg's formula
    ``((m + 1) × target − count) × unit / 2 × scale / count``.

    >>> plain_units({420: 2, 400: 1}, 3, Fraction(1), 3, 2)  # halves: 3 / 2 and 0
    {400: 0, 420: 3}
    >>> plain_units({420: 1, 400: 1}, 2, Fraction(2), 3, 2)  # Neuberg: (m + 1) × 3 / 2 - 1
    {400: 1, 420: 7}
    """
    levels = count_levels(counts)
    half = unit / 2
    if count == target:
        factor = whole(half * scale)
        return levels if factor == 1 else {level: m * factor for level, m in levels.items()}
    factor = whole(half * scale / count)
    return {level: neuberg_times_results(m, count, target) * factor for level, m in levels.items()}


def plain_points(
    scores: list[int], unit: Fraction, target: int
) -> tuple[Sequence[Points], Sequence[Points]]:
    """North-South's and East-West's matchpoints on a board (or group) of plain results."""
    levels = plain_levels(Counter(scores), len(scores), unit, target)
    top: Points = 2 * (target - 1) if unit == 2 else unit * (target - 1)
    return look_up(levels, scores), look_up(
        {level: top - value for level, value in levels.items()}, scores
    )


def whole(value: Points) -> int:
    """``value`` as an int: it must be a whole number (a value in the tally's units)."""
    if type(value) is int:
        return value
    assert value.denominator == 1, value
    return value.numerator


def tally_scale(sizes: Iterable[int], unit: Fraction, neuberg: bool, most: int) -> int:
    """The session tally's unit, as a fraction of a matchpoint: 1 / the number returned.

    ``sizes`` are the numbers of results of the boards scored in columns; ``unit`` what
    a result beaten is worth; ``neuberg`` whether a board with fewer results than
    ``most`` is brought to the full top (Neuberg's formula). Whole matchpoints (1) on the
    2 / 1 scale with every board full; else a multiple of the denominators that the
    1 / ½ scale and Neuberg's formula give the boards, so that their points are whole
    numbers of units, added as ints and divided once per pair.

    >>> tally_scale([2], Fraction(2), neuberg=True, most=3)  # Neuberg: halves of a matchpoint
    2
    >>> tally_scale([2], Fraction(2), neuberg=True, most=2), tally_scale([3, 2], Fraction(1), False, 3)
    (1, 2)
    """
    half = unit / 2
    scale = 1
    for size in sizes:
        short = neuberg and size != most
        scale = lcm(scale, half.denominator * (size if short else 1))
    return scale


def unscaled(value: Points, scale: int) -> Points:
    """``value`` in the tally's units of 1 / ``scale``, in matchpoints (exact).

    >>> unscaled(7, 2), unscaled(Fraction(7, 3), 2), unscaled(8, 1)
    (Fraction(7, 2), Fraction(7, 6), 8)
    """
    if scale == 1:
        return value
    if isinstance(value, Fraction):
        return value / scale
    return Fraction(value, scale)
