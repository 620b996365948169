"""Matchpoints (Law 78A): each result against every other result of the board.

On the usual scale a result earns 2 matchpoints for each result it beats and 1 for
each it equals, so with ``n`` results the top is ``2(n - 1)`` and the board's
matchpoints, one direction, add up to ``n(n - 1)``. On the 1 / ½ scale (ACBL style)
every number is halved. North-South's matchpoints and East-West's on the same table
add up to the top.

The computation sorts and counts (O(n log n)): a result's matchpoints are twice the
number of results below it plus the number of other results equal to it.

>>> matchpoints([420, 420, 400, 170, -50])
[7, 7, 4, 2, 0]
>>> matchpoints([420, 420, 400, 170, -50], unit=1)
[Fraction(7, 2), Fraction(7, 2), Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import accumulate

from arbitro.scoring.results import Weighted


def top(results: int, unit: int | Fraction = 2) -> int | Fraction:
    """The top of a board with ``results`` results: ``unit`` per other result.

    >>> top(13), top(13, unit=1)
    (24, 12)
    """
    value = unit * (results - 1) if results > 0 else 0
    return int(value) if Fraction(value).denominator == 1 else value


def matchpoints_2(scores: Sequence[int]) -> list[int]:
    """North-South matchpoints on the 2 / 1 scale, whole numbers, in the order given.

    >>> matchpoints_2([100, 100, -100])
    [3, 3, 0]
    """
    counts = Counter(scores)
    levels = sorted(counts)
    frequencies = [counts[level] for level in levels]
    below = accumulate(frequencies, initial=0)
    value = {
        level: 2 * lower + frequency - 1
        for level, lower, frequency in zip(levels, below, frequencies, strict=False)
    }
    return list(map(value.__getitem__, scores))


def matchpoints(scores: Sequence[int], unit: int | Fraction = 2) -> list[int] | list[Fraction]:
    """North-South matchpoints of each score against the others (Law 78A).

    ``unit`` is what a result beaten is worth: 2 (a tie 1) or 1 (a tie ½).

    >>> matchpoints([620, 170, 620, 650])
    [3, 0, 3, 6]
    """
    values = matchpoints_2(scores)
    if unit == 2:
        return values
    factor = Fraction(unit) / 2
    return [value * factor for value in values]


def matchpoint_totals(
    boards: Iterable[tuple[Sequence[str], Sequence[str], Sequence[int]]],
) -> dict[str, int]:
    """Each pair's total matchpoints (2 / 1 scale) over boards of played results only.

    Each board is (North-South pairs, East-West pairs, North-South scores), one entry
    per table. The quick path for a big field with no adjusted scores; use
    :func:`arbitro.scoring.session.score_session` for everything else.

    >>> matchpoint_totals([(["1", "3"], ["2", "4"], [420, 400]), (["1", "3"], ["2", "4"], [-50, 100])])
    {'1': 2, '3': 2, '2': 2, '4': 2}
    """
    totals: dict[str, int] = {}
    get = totals.get
    for ns, ew, scores in boards:
        raw = matchpoints_2(scores)
        top2 = 2 * (len(scores) - 1)
        for pair, value in zip(ns, raw, strict=True):
            totals[pair] = get(pair, 0) + value
        for pair, value in zip(ew, raw, strict=True):
            totals[pair] = get(pair, 0) + top2 - value
    return totals


def weighted_matchpoints(views: Sequence[Weighted], unit: int | Fraction = 2) -> list[Fraction]:
    """Matchpoints when some results are weighted scores (Law 12C1c with Law 78A).

    The weights join the board's frequencies: a score given with weight ⅓ counts as
    ⅓ of a result. Each score's matchpoints are twice the weight below it plus the
    weight equal to it, less 1 (the result itself); a weighted result gets the
    weighted sum of its scores' matchpoints. The top stays ``2(n - 1)``.

    >>> third, sixth = Fraction(1, 3), Fraction(1, 6)
    >>> mp = weighted_matchpoints([Weighted(((third, 400), (third, -50), (sixth, 420), (sixth, -50))),
    ...                            Weighted.single(420), Weighted.single(-50)])
    >>> mp
    [Fraction(5, 3), Fraction(23, 6), Fraction(1, 2)]
    """
    frequency: dict[int, Fraction] = {}
    for view in views:
        for weight, score in view.parts:
            frequency[score] = frequency.get(score, Fraction(0)) + weight
    levels = sorted(frequency)
    value: dict[int, Fraction] = {}
    lower = Fraction(0)
    for level in levels:
        value[level] = 2 * lower + frequency[level] - 1
        lower += frequency[level]
    factor = Fraction(unit) / 2
    return [
        factor * sum((weight * value[score] for weight, score in view.parts), Fraction(0))
        for view in views
    ]


def score_matchpoints(views: Sequence[Weighted], unit: int | Fraction = 2) -> dict[int, Fraction]:
    """The matchpoints a single result of each score on the board would get (the frequency table).

    >>> table = score_matchpoints([Weighted.single(s) for s in (420, 420, 400)])
    >>> {score: int(mp) for score, mp in table.items()}
    {400: 0, 420: 3}
    """
    frequency: dict[int, Fraction] = {}
    for view in views:
        for weight, score in view.parts:
            frequency[score] = frequency.get(score, Fraction(0)) + weight
    value: dict[int, Fraction] = {}
    lower = Fraction(0)
    factor = Fraction(unit) / 2
    for level in sorted(frequency):
        value[level] = factor * (2 * lower + frequency[level] - 1)
        lower += frequency[level]
    return value


def percentage(points: int | Fraction, maximum: int | Fraction) -> Fraction:
    """``points`` as a percentage of ``maximum`` (a board's top or a session's), exact.

    >>> percentage(7, 8)
    Fraction(175, 2)
    """
    if maximum == 0:
        return Fraction(50)
    if type(points) is int and type(maximum) is int:
        return Fraction(100 * points, maximum)  # one Fraction, not three
    return Fraction(points) * 100 / Fraction(maximum)
