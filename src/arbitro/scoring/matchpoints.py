"""Matchpoints (Law 78A): each result against every other result of the board.

On the usual scale a result earns 2 matchpoints for each result it beats and 1 for
each it equals, so with ``n`` results the top is ``2(n - 1)`` and the board's
matchpoints, one direction, add up to ``n(n - 1)``. On the 1 / ½ scale (ACBL style)
every number is halved. North-South's matchpoints and East-West's on the same table
add up to the top.

The computation counts equal scores and sorts only the distinct ones (O(n + k log k)
for ``k`` distinct scores): a result's matchpoints are twice the number of results
below it plus the number of other results equal to it, in whole numbers; the 1 / ½
scale, Neuberg's formula and percentages make fractions only once per distinct score
or per pair.

>>> matchpoints([420, 420, 400, 170, -50])
[7, 7, 4, 2, 0]
>>> matchpoints([420, 420, 400, 170, -50], unit=1)
[Fraction(7, 2), Fraction(7, 2), Fraction(2, 1), Fraction(1, 1), Fraction(0, 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import TypeVar

from arbitro.scoring.results import Weighted

_K = TypeVar("_K")
_V = TypeVar("_V")
_P = TypeVar("_P", bound=int | Fraction)


def top(results: int, unit: int | Fraction = 2) -> int | Fraction:
    """The top of a board with ``results`` results: ``unit`` per other result.

    >>> top(13), top(13, unit=1)
    (24, 12)
    """
    value = unit * (results - 1) if results > 0 else 0
    return int(value) if Fraction(value).denominator == 1 else value


def score_levels(scores: Iterable[int]) -> dict[int, int]:
    """Each distinct score's North-South matchpoints on the 2 / 1 scale: the board's frequency table.

    One count of equal scores (``Counter``, in C) and one pass over the distinct scores,
    lowest first: a score's matchpoints are twice the results below it plus the other
    results equal to it. Whole numbers throughout.

    >>> score_levels([420, 420, 400, 170, -50])
    {-50: 0, 170: 2, 400: 4, 420: 7}
    """
    return count_levels(Counter(scores))


def count_levels(counts: Mapping[int, int]) -> dict[int, int]:
    """:func:`score_levels` from the board's counts: how many results have each score.

    >>> count_levels({420: 2, 400: 1, 170: 1, -50: 1})
    {-50: 0, 170: 2, 400: 4, 420: 7}
    """
    value: dict[int, int] = {}
    below2 = -1  # twice the results below, less the result itself
    for level in sorted(counts):
        frequency = counts[level]
        value[level] = below2 + frequency
        below2 += 2 * frequency
    return value


def look_up(table: Mapping[_K, _V], keys: Sequence[_K]) -> list[_V]:
    """``table[key]`` for every key, in order (one pass, in C).

    >>> look_up({1: "a", 2: "b"}, [2, 2, 1])
    ['b', 'b', 'a']
    """
    if len(keys) > 1:
        return list(itemgetter(*keys)(table))
    return [table[key] for key in keys]


def matchpoints_2(scores: Sequence[int]) -> list[int]:
    """North-South matchpoints on the 2 / 1 scale, whole numbers, in the order given.

    >>> matchpoints_2([100, 100, -100])
    [3, 3, 0]
    """
    return look_up(score_levels(scores), scores)


def matchpoints(scores: Sequence[int], unit: int | Fraction = 2) -> list[int] | list[Fraction]:
    """North-South matchpoints of each score against the others (Law 78A).

    ``unit`` is what a result beaten is worth: 2 (a tie 1) or 1 (a tie ½). Exact:
    whole numbers on the 2 / 1 scale, fractions on any other (each distinct score's
    value is scaled once, then looked up).

    >>> matchpoints([620, 170, 620, 650])
    [3, 0, 3, 6]
    """
    levels = score_levels(scores)
    if unit == 2:
        return look_up(levels, scores)
    factor = Fraction(unit) / 2
    return look_up({level: value * factor for level, value in levels.items()}, scores)


def line_up(
    columns: Sequence[tuple[Sequence[str], Sequence[_P]]],
) -> tuple[list[str], list[Sequence[_P]]] | None:
    """Every column's points in one order of pairs, if every column names the same pairs once.

    A column is one board's pairs in one direction and their points. In a Mitchell the
    stationary pairs come in the same order on every board (kept as they are) and the
    moving ones move round: each board's order is the first board's turned round (its
    points are turned back by two slices); any other order is put in the first board's
    through one dictionary per board. ``None`` when the columns do not all name the same
    pairs.

    >>> line_up([(["1", "2", "3"], [3, 1, 0]), (["3", "1", "2"], [0, 4, 2])])
    (['1', '2', '3'], [[3, 1, 0], [4, 2, 0]])
    >>> line_up([(["1", "2", "3"], [3, 1, 0]), (["2", "1", "3"], [0, 4, 2])])
    (['1', '2', '3'], [[3, 1, 0], (4, 0, 2)])
    >>> line_up([(["1", "2"], [3, 1]), (["1", "3"], [0, 4])]) is None
    True
    """
    if not columns:
        return None
    names = list(columns[0][0])
    count = len(names)
    if count < 2 or len(set(names)) != count:
        return None
    first = names[0]
    in_order = itemgetter(*names)
    rows: list[Sequence[_P]] = []
    for pairs, points in columns:
        if len(points) != count or len(pairs) != count:
            return None
        if type(pairs) is not list:
            pairs = list(pairs)
        if pairs == names:
            rows.append(points)
            continue
        try:
            at = pairs.index(first)
        except ValueError:  # the first board's first pair is not here
            return None
        if pairs[at:] + pairs[:at] == names:
            # Turned round: the first board's order from where its first pair sits.
            if isinstance(points, list):
                rows.append(points[at:] + points[:at])
            else:
                rows.append([*points[at:], *points[:at]])
            continue
        by_pair = dict(zip(pairs, points, strict=True))
        if len(by_pair) != count:  # a pair twice
            return None
        try:
            rows.append(in_order(by_pair))
        except KeyError:
            return None
    return names, rows


def column_sums(rows: Sequence[Sequence[_P]]) -> list[_P | int]:
    """The sum of each position over the rows (rows of equal length).

    >>> column_sums([[3, 1], (4, 0)])
    [7, 1]
    """
    return list(map(sum, zip(*rows, strict=False)))  # strict=True is slower here


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
    ns_columns: list[tuple[Sequence[str], list[int]]] = []
    ew_columns: list[tuple[Sequence[str], list[int]]] = []
    tops: list[int] = []
    for ns, ew, scores in boards:
        raw = matchpoints_2(scores)
        ns_columns.append((ns, raw))
        ew_columns.append((ew, raw))  # East-West get the top less North-South's points
        tops.append(2 * (len(scores) - 1))
    totals: dict[str, int] = {}
    get = totals.get
    for columns, sign, base in ((ns_columns, 1, 0), (ew_columns, -1, sum(tops))):
        lined = line_up(columns)
        if lined is not None:
            names, rows = lined
            for pair, value in zip(names, column_sums(rows), strict=True):
                totals[pair] = get(pair, 0) + base + sign * value
            continue
        for (pairs, points), top2 in zip(columns, tops, strict=True):
            for pair, value in zip(pairs, points, strict=True):
                totals[pair] = get(pair, 0) + (value if sign == 1 else top2 - value)
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
    >>> percentage(Fraction(7, 2), Fraction(9, 2))
    Fraction(700, 9)
    """
    if maximum == 0:
        return Fraction(50)
    # (a / b) / (c / d) = a d / (b c): one Fraction, not three (ints have the same parts).
    return Fraction(
        100 * points.numerator * maximum.denominator, points.denominator * maximum.numerator
    )
