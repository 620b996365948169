"""IMP scoring (Law 78B): teams against the other table, Butler and cross-IMPs.

**Teams.** A team's result on a board is its score at one table plus its score at the
other (each as the team itself scores it), turned into IMPs. A weighted assigned score
(12C1c) gives the weighted mean of the IMPs of its scores. An unbalanced adjustment in
a knockout match (86B) gives both teams the average of the two separately computed
results (:func:`knockout_unbalanced`, applied to a knockout event's matches by
:func:`arbitro.tournament.teams.score_matches`); a match scored in victory points keeps
an unbalanced adjustment unaveraged. When a score is adjusted and the same teams have a result at the
other table, the IMPs come from comparing with that result (86D).

**Butler.** Each North-South score is compared with a *datum*: the mean of the
board's North-South scores after dropping the highest and lowest (how many is the
authority's ``butler_drop``), rounded to the nearest 10, halves away from zero.

**Cross-IMPs.** Each result is compared with every other result of the board; the IMPs
are averaged over the other results.

>>> match_imps(620, -140), match_imps(-500, -50)
(10, -11)
>>> butler_datum([620, 620, 170, -100, 650], drop=1)
470
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from operator import mul, sub

from arbitro.scoring.imps import imps, imps_of
from arbitro.scoring.results import Weighted


def match_imps(here: int, there: int) -> int:
    """A team's IMPs on a board: its score at this table plus its score at the other.

    Both scores are the team's own (positive when the team scored).

    >>> match_imps(-420, 170)
    -6
    """
    return imps(here + there)


def weighted_match_imps(here: Weighted, there: int | Weighted) -> Fraction:
    """The weighted mean of the IMPs of each assigned score against the other table (12C1c).

    Both scores are the team's own. When the other table's score is weighted too, each
    pair of scores counts with the product of their weights: the IMPs are weighted, never
    the scores (a weighted mean of the scores turned into IMPs would differ).

    >>> w = Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))
    >>> weighted_match_imps(w, -140)
    Fraction(14, 3)
    >>> weighted_match_imps(w, Weighted(((Fraction(1, 3), -140), (Fraction(2, 3), 50))))
    Fraction(58, 9)
    """
    other = Weighted.single(there) if isinstance(there, int) else there
    return sum(
        (
            weight * other_weight * imps(score + other_score)
            for weight, score in here.parts
            for other_weight, other_score in other.parts
        ),
        Fraction(0),
    )


def knockout_unbalanced(
    innocent: int | Fraction, offenders: int | Fraction
) -> tuple[Fraction, Fraction]:
    """Law 86B (knockouts): each side's result computed apart, then their average to both.

    ``innocent`` and ``offenders`` are each side's IMPs as computed for it. Returns
    the IMPs of the innocent side and of the offenders, which now balance: a split score
    of 0 IMPs to the innocent team and -2 to the offenders gives +1 and -1 (the innocent
    team's own result, 0, and the one the offenders' result implies for it, +2,
    averaged). For a knockout match, decided on IMPs; a match in victory points keeps its
    unbalanced adjustments unaveraged (the WBF's reading of 86B; the AEB's text of 12C4
    is noted as a doubt in ``docs/aeb.md``). Balanced results are kept as they are.

    >>> knockout_unbalanced(5, -7)
    (Fraction(6, 1), Fraction(-6, 1))
    >>> knockout_unbalanced(0, -2), knockout_unbalanced(4, -4)
    ((Fraction(1, 1), Fraction(-1, 1)), (Fraction(4, 1), Fraction(-4, 1)))
    """
    value = (Fraction(innocent) - Fraction(offenders)) / 2
    return value, -value


def round_half_away(value: Fraction, step: int = 10) -> int:
    """``value`` rounded to a multiple of ``step``, halves away from zero.

    >>> round_half_away(Fraction(-45), 10), round_half_away(Fraction(44), 10), round_half_away(Fraction(45), 10)
    (-50, 40, 50)
    """
    return _round_ratio(value.numerator, value.denominator, step)


def _round_ratio(numerator: int, denominator: int, step: int) -> int:
    """:func:`round_half_away` of ``numerator / denominator`` (``denominator`` above 0), in ints."""
    # In whole numbers: |value| / step = |n| / (d × step), the half compared as 2 × rest.
    quotient, rest = divmod(abs(numerator), denominator * step)
    rounded = quotient + (1 if 2 * rest >= denominator * step else 0)
    return (rounded if numerator >= 0 else -rounded) * step


def butler_datum(scores: Sequence[int | Fraction], drop: int = 1, round_to: int = 10) -> int:
    """The Butler datum: the trimmed mean of North-South's scores, rounded (halves away from zero).

    ``drop`` results are left out at each end while at least one result remains.

    >>> butler_datum([420, 400, 170, 150, -50], drop=1)
    240
    >>> butler_datum([420, -50], drop=1)
    190
    """
    return counted_datum(Counter(scores), drop, round_to)


def counted_datum(
    counts: Mapping[int | Fraction, int] | Mapping[int, int], drop: int = 1, round_to: int = 10
) -> int:
    """:func:`butler_datum` of the scores given as how many results have each.

    A big field has thousands of results and a few dozen distinct scores: the ends are
    taken off the distinct scores in order, each as many times as it was scored
    (:func:`ordered_datum`).

    >>> counted_datum({420: 2, 170: 1, -50: 2}, drop=1)
    180
    """
    ordered = sorted(counts)
    return ordered_datum(ordered, [counts[score] for score in ordered], drop, round_to)  # type: ignore[index]


def ordered_datum(
    scores: Sequence[int | Fraction] | Sequence[int],
    counts: Sequence[int],
    drop: int = 1,
    round_to: int = 10,
) -> int:
    """The Butler datum (Law 78B) of a board's distinct ``scores``, in ascending order, each scored ``counts`` times.

    The one place the datum is taken: ``drop`` results are left out at each end while at
    least one result remains, the rest averaged and rounded to ``round_to``, halves away
    from zero (:func:`round_half_away`). The records' path (:func:`counted_datum`) and
    the numpy columns' (:mod:`arbitro.scoring.session_columns`) both come here.

    >>> ordered_datum([-50, 170, 420], [2, 1, 2], drop=1)
    180
    >>> ordered_datum([100, 200, 300, 400, 1000], [1, 1, 1, 1, 1], drop=2)
    300
    """
    count = sum(counts)
    if not count:
        raise ValueError("a Butler datum needs at least one score")
    cut = drop
    while cut > 0 and count - 2 * cut < 1:
        cut -= 1
    total = sum(map(mul, scores, counts))
    if cut:
        total -= _first(scores, counts, cut, 0, 1) + _first(scores, counts, cut, -1, -1)
    if type(total) is int:  # whole scores: the exact mean is total / kept, in ints
        return _round_ratio(total, count - 2 * cut, round_to)
    return round_half_away(Fraction(total) / (count - 2 * cut), round_to)


def _first(
    scores: Sequence[int | Fraction] | Sequence[int],
    counts: Sequence[int],
    results: int,
    at: int,
    step: int,
) -> int | Fraction:
    """The sum of ``results`` results from ``scores[at]`` on by ``step``, each score as often as scored."""
    total: int | Fraction = 0
    while results:
        taken = min(results, counts[at])
        total += scores[at] * taken
        results -= taken
        at += step
    return total


def butler_imps(
    views: Sequence[Weighted], drop: int = 1, round_to: int = 10
) -> tuple[int, list[Fraction]]:
    """The datum and North-South's IMPs of each result against it.

    A weighted result enters the datum with its mean and gets the weighted mean of
    its scores' IMPs.

    >>> datum, result = butler_imps([Weighted.single(s) for s in (620, 620, 170, -100, 650)])
    >>> datum, [int(value) for value in result]
    (470, [4, 4, -7, -11, 5])
    """
    datum = butler_datum([view.mean for view in views], drop, round_to)
    return datum, [
        sum((weight * imps(score - datum) for weight, score in view.parts), Fraction(0))
        for view in views
    ]


def butler_levels(
    scores: Sequence[int],
    drop: int = 1,
    round_to: int = 10,
    counts: Mapping[int, int] | None = None,
) -> tuple[int, dict[int, int]]:
    """:func:`butler_imps` for plain scores (one score of weight 1 each), in whole numbers.

    The datum, and the IMPs of each distinct score against it: a big field has
    thousands of results and a few dozen scores. ``counts``, how many of ``scores``
    are each score, when the caller has counted them already.

    >>> butler_levels([620, 620, 170, -100, 650])
    (470, {620: 4, 170: -7, -100: -11, 650: 5})
    """
    if counts is None:
        counts = Counter(scores)
    datum = counted_datum(counts, drop, round_to)
    differences = list(map(sub, counts, repeat(datum)))
    return datum, dict(zip(counts, imps_of(differences), strict=True))


def cross_imps(views: Sequence[Weighted]) -> list[Fraction]:
    """North-South's cross-IMPs: the mean of the IMPs against each other result.

    >>> cross_imps([Weighted.single(s) for s in (620, 170, -100)])
    [Fraction(11, 1), Fraction(-3, 2), Fraction(-19, 2)]
    """
    if len(views) < 2:
        return [Fraction(0) for _ in views]
    frequency: dict[int, Fraction] = {}
    for view in views:
        for weight, score in view.parts:
            frequency[score] = frequency.get(score, Fraction(0)) + weight
    against = {
        score: sum(
            (weight * imps(score - other) for other, weight in frequency.items()), Fraction(0)
        )
        for score in frequency
    }
    others = len(views) - 1
    results = []
    for view in views:
        total = Fraction(0)
        for weight, score in view.parts:
            own = sum((w * imps(score - s) for w, s in view.parts), Fraction(0))
            total += weight * (against[score] - own)
        results.append(total / others)
    return results
