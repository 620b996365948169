"""Adjusted scores (Law 12C): artificial (12C2) and assigned (12C1), by the authority's profile.

**Artificial (12C2).** When no result could be obtained, each side gets an average
by its responsibility: average-minus (at most 40 % of the top in pairs) if directly at
fault, average (50 %) if partly at fault, average-plus (at least 60 %) if not at
fault; in IMPs −3, 0 and +3 (12C2b, 86A). The percentages and IMPs come from the
authority's profile. Artificial scores are left out of the comparisons of the other
results of the board. **12C2c**: after the session, a side given average-plus whose
percentage on its *other* boards is above the average-plus percentage gets its own
percentage instead; a side given average-minus whose percentage is below the
average-minus percentage gets its own (the same in IMPs, with its IMPs per board).

**Assigned (12C1).** An assigned score replaces the table result and is compared with
the field like any other. The two sides' scores need not balance (12C1f): each side
is scored against the field on its own. Where the authority allows it (12C1c) a score
may be weighted; where it applies 12C1e instead, the innocent side gets the most
favourable result that was likely, the offenders the most unfavourable that was at
all probable.

>>> from arbitro.laws.authority import authority
>>> artificial_matchpoints(Average.from_str("A+"), top=24, profile=authority("aeb"))
Fraction(72, 5)
>>> artificial_imps(Average.from_str("A40"), authority("wbf"))
Fraction(-3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from arbitro.core.errors import NotationError
from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.results import Average, AverageKind, Result, Weighted


class AdjustedScoreNotAllowedError(NotationError):
    """An adjusted score the regulating authority does not allow (a weighted score under 12C1e)."""

    what = N_("adjusted score")


def average_percent(average: Average, profile: Authority) -> Fraction:
    """The percentage of the top an artificial score is worth (Law 12C2a).

    >>> from arbitro.laws.authority import authority
    >>> average_percent(Average.from_str("A-"), authority("wbf")), average_percent(Average.from_str("A65"), authority("wbf"))
    (Fraction(40, 1), Fraction(65, 1))
    """
    if average.percent is not None:
        return average.percent
    return {
        AverageKind.MINUS: profile.average_minus_percent,
        AverageKind.AVERAGE: profile.average_percent,
        AverageKind.PLUS: profile.average_plus_percent,
    }[average.kind]


def artificial_matchpoints(average: Average, top: int | Fraction, profile: Authority) -> Fraction:
    """The matchpoints of an artificial score on a board whose top is ``top`` (12C2a).

    >>> from arbitro.laws.authority import authority
    >>> artificial_matchpoints(Average.from_str("A50"), 10, authority("wbf"))
    Fraction(5, 1)
    """
    return average_percent(average, profile) * Fraction(top) / 100


def artificial_imps(average: Average, profile: Authority) -> Fraction:
    """The IMPs of an artificial score (12C2b, 86A): by its kind, from the profile.

    >>> from arbitro.laws.authority import authority
    >>> artificial_imps(Average.from_str("A+"), authority("aeb"))
    Fraction(3, 1)
    """
    return {
        AverageKind.MINUS: profile.average_minus_imps,
        AverageKind.AVERAGE: profile.average_imps,
        AverageKind.PLUS: profile.average_plus_imps,
    }[average.kind]


def law_12c2c(
    average: Average, given: Fraction, session: Fraction | None, profile: Authority
) -> Fraction:
    """The value after Law 12C2c of an artificial score worth ``given``.

    ``session`` is the side's own result on its other boards of the session, in the
    same unit as ``given`` (a percentage in pairs, IMPs per board in teams); ``None``
    when it has no other board. Average-plus becomes the session result when that is
    higher, average-minus when it is lower; average is never changed.

    >>> from arbitro.laws.authority import authority
    >>> plus, minus = Average.from_str("A60"), Average.from_str("A40")
    >>> law_12c2c(plus, Fraction(60), Fraction(64), authority("wbf"))
    Fraction(64, 1)
    >>> law_12c2c(plus, Fraction(60), Fraction(55), authority("wbf"))
    Fraction(60, 1)
    >>> law_12c2c(minus, Fraction(40), Fraction(31), authority("wbf"))
    Fraction(31, 1)
    """
    if session is None or not profile.session_percentage_rule:
        return given
    if average.kind is AverageKind.PLUS:
        return max(given, session)
    if average.kind is AverageKind.MINUS:
        return min(given, session)
    return given


def law_12c1c(weighted: Weighted, profile: Authority) -> Result:
    """A weighted assigned score for both sides, if the authority allows it (12C1c).

    >>> from arbitro.laws.authority import authority
    >>> w = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))
    >>> law_12c1c(w, authority("wbf")).is_balanced
    True
    >>> law_12c1c(w, authority("aeb"))
    Traceback (most recent call last):
    ...
    arbitro.scoring.adjusted.AdjustedScoreNotAllowedError: invalid adjusted score '1/2 +420; 1/2 -50': the regulating authority (aeb) does not allow weighted scores (Law 12C1c); it applies Law 12C1e
    """
    if not weighted.is_single and not profile.weighted_scores:
        raise AdjustedScoreNotAllowedError(
            weighted.to_str(),
            N_(
                "the regulating authority ({authority}) does not allow weighted scores "
                "(Law 12C1c); it applies Law 12C1e"
            ),
            authority=profile.code,
        )
    return Result.weighted(weighted)


def law_12c1e(likely: Iterable[int], probable: Iterable[int], innocent: Side) -> Result:
    """Law 12C1e: the innocent side's most favourable likely result, the offenders' most unfavourable probable one.

    Scores are North-South's. ``likely`` are the results that were likely without
    the irregularity, ``probable`` those that were at all probable (the likely ones
    are counted among them too). The result is split when the two differ (12C1f).

    >>> law_12c1e([420, 170], [420, 170, 450], innocent=Side.NS)
    Result.split(420, -450)
    >>> law_12c1e([420, -50], [420, -50, -100], innocent=Side.EW)
    Result.split(-100, 50)
    """
    likely_scores = list(likely)
    probable_scores = [*probable, *likely_scores]
    if not likely_scores:
        raise ValueError("Law 12C1e needs at least one likely result")
    if innocent is Side.NS:
        return Result(Weighted.single(max(likely_scores)), Weighted.single(max(probable_scores)))
    return Result(Weighted.single(min(probable_scores)), Weighted.single(min(likely_scores)))
