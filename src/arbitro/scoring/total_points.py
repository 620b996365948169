"""Total points (Law 78C): each side scores the sum of its scores over the session.

A weighted assigned score counts with its weighted mean. An artificial adjusted score
has no score of its own, so Árbitro gives it the mean of the board's other results
seen from that side (average), plus or minus the authority's ``total_points_margin``
(average-plus, average-minus).

>>> total_points([Weighted.single(420), Weighted.single(-50)])
[Fraction(420, 1), Fraction(-50, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbitro.laws.authority import Authority
from arbitro.scoring.results import Average, AverageKind, Weighted


def total_points(views: Sequence[Weighted]) -> list[Fraction]:
    """North-South's total points for each result: its score, or its weighted mean.

    >>> total_points([Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))])
    [Fraction(185, 1)]
    """
    return [view.mean for view in views]


def artificial_total_points(
    average: Average, field: Sequence[Weighted], profile: Authority
) -> Fraction:
    """North-South's total points for an artificial score: the field's mean, plus or minus the margin.

    For East-West, call it with the field's views negated.

    >>> from arbitro.laws.authority import authority
    >>> artificial_total_points(Average.from_str("A60"), [Weighted.single(400), Weighted.single(100)], authority("wbf"))
    Fraction(350, 1)
    """
    mean = sum((view.mean for view in field), Fraction(0)) / len(field) if field else Fraction(0)
    margin = {
        AverageKind.PLUS: profile.total_points_margin,
        AverageKind.AVERAGE: Fraction(0),
        AverageKind.MINUS: -profile.total_points_margin,
    }[average.kind]
    return mean + margin
