"""The worksheet's outcome once every question is answered "yes": the score assigned (Law 12).

What would have happened otherwise (:class:`Otherwise`) gives one result (12C1a), a
weighted score where the authority allows it (12C1c), or under Law 12C1e (the AEB
profile) the most favourable likely result to the innocent side and the most
unfavourable probable one to the offenders. When the innocent side then made a serious
error of its own, the result expected after the infraction with normal play separates
the consequent from the subsequent damage (12C1b, :mod:`arbitro.scoring.damage`). When
no result can be assigned (12C2a), the score is artificial: average-plus to the
innocent side and average-minus to the offenders (average to inexperienced ones, the
AEB's note to 12C2). A director's error (82C) treats both sides as non-offending.
Scores are North-South's; the ruling is a :class:`Ruling`.

>>> from arbitro.laws.authority import authority
>>> assigned_ruling(Irregularity.UNAUTHORISED, Side.NS, -100, authority("wbf"), Otherwise(Weighted.single(110)))
Ruling(result=Result.played(110), laws=('16B1', '12C1a'), stands=False, damage=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbitro.core.seat import Side
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.adjusted import law_12c1c, law_12c1e
from arbitro.scoring.damage import DamageRuling, separate_damage
from arbitro.scoring.results import Average, AverageKind, Result, Weighted
from arbitro.scoring.worksheet_questions import Irregularity, Step, WorksheetError


@dataclass(frozen=True)
class Otherwise:
    """The answer to the last question: what would have happened without the infraction.

    ``likely`` are the results that were likely, with their weights (one result with
    weight 1 for Law 12C1a), or ``None`` when no result can be assigned and the score
    is artificial (Law 12C2a, see :meth:`artificial`); ``probable`` the further results
    that were at all probable (Law 12C1e); ``after`` the result expected after the
    infraction had the innocent side played normally, when the actual result is worse
    because of its own serious error (Law 12C1b), else ``None``. All are North-South
    scores.

    >>> Otherwise(Weighted.single(1390)).after is None
    True
    """

    likely: Weighted | None
    probable: tuple[int, ...] = ()
    after: int | None = None

    @classmethod
    def artificial(cls) -> Otherwise:
        """No result can be assigned: the score is artificial (Law 12C2a).

        >>> Otherwise.artificial().likely is None
        True
        """
        return cls(None)


@dataclass(frozen=True)
class Ruling:
    """The ruling the worksheet leads to: the result and the Laws applied.

    >>> Ruling(Result.played(420), ("16B1",), stands=True).result.to_str()
    '+420'
    """

    result: Result
    laws: tuple[str, ...]
    stands: bool
    damage: DamageRuling | None = None


def own_score(side: Side, ns_score: Fraction | int) -> Fraction:
    """A North-South score as ``side`` counts it.

    >>> own_score(Side.EW, 420)
    Fraction(-420, 1)
    """
    return Fraction(ns_score) if side is Side.NS else -Fraction(ns_score)


def side_view(result: Result, side: Side) -> Weighted:
    """The view of an assigned result that scores ``side``, in North-South's terms (weighted, never an average).

    >>> side_view(Result.split(140, -170), Side.EW)
    Weighted.single(170)
    """
    view = result.ns if side is Side.NS else result.ew
    assert isinstance(view, Weighted), "an assigned score is a weighted view"
    return view


def assigned_ruling(
    irregularity: Irregularity,
    innocent: Side,
    actual: int,
    profile: Authority,
    otherwise: Otherwise,
    inexperienced: bool = False,
) -> Ruling:
    """The ruling after five "yes": the score assigned to a case of ``irregularity``.

    ``actual`` is the North-South score at the table; an assigned score no better for
    the ``innocent`` side than it means no damage after all (12B1) and the score stands.
    ``inexperienced``: the offenders' inexperience as mitigation (the AEB's note to 12C2),
    which changes only an artificial score, under an authority that has that note.

    >>> from arbitro.laws.authority import authority
    >>> assigned_ruling(Irregularity.UNAUTHORISED, Side.NS, -620, authority("aeb"), Otherwise(Weighted.single(140), probable=(170,))).result
    Result.split(140, -170)
    """
    if irregularity is Irregularity.DIRECTOR_ERROR:
        return _director_error(profile, otherwise)
    if inexperienced and not profile.inexperience_mitigation:
        raise WorksheetError(
            Step.OTHERWISE.value,
            N_(
                "the regulating authority ({profile}) has no note to Law 12C2: an "
                "offender directly at fault gets average-minus, however inexperienced"
            ),
            profile=profile.code,
        )
    if otherwise.likely is None:
        return _artificial(irregularity, innocent, otherwise, inexperienced)
    if inexperienced:
        raise WorksheetError(
            Step.OTHERWISE.value,
            N_(
                "the offenders' inexperience changes only an artificial score (Law 12C2, "
                "the AEB's note): here a result is likely"
            ),
        )
    assigned, law = _assigned(profile, otherwise.likely, otherwise.probable, innocent)
    view = side_view(assigned, innocent)
    if own_score(innocent, view.mean) <= own_score(innocent, actual):
        # Without the infraction the innocent side would not have done better: no
        # damage after all (Law 12B1), whatever the answer to question 5.
        return Ruling(Result.played(actual), ("12B1",), stands=True)
    laws: tuple[str, ...] = (irregularity.law, law)
    if otherwise.after is None:
        return Ruling(assigned, laws, stands=False)
    return _separate(assigned, innocent, actual, otherwise.after, (*laws, "12C1b"))


def _only_likely(otherwise: Otherwise, problem: str) -> None:
    """Refuse, with ``problem``, an answer that gives more than the likely results (the probable, the result after)."""
    if otherwise.probable or otherwise.after is not None:
        raise WorksheetError(Step.OTHERWISE.value, problem)


def _artificial(
    irregularity: Irregularity, innocent: Side, otherwise: Otherwise, inexperienced: bool
) -> Ruling:
    """Average-plus to the innocent side, average-minus to the offenders (Law 12C2a).

    Inexperienced offenders get average (the AEB's note to 12C2).
    """
    _only_likely(
        otherwise,
        N_(
            "an artificial score (no result likely) takes no probable result and "
            "no result after the infraction"
        ),
    )
    plus = Average(AverageKind.PLUS)
    minus = Average(AverageKind.AVERAGE if inexperienced else AverageKind.MINUS)
    if innocent is Side.NS:
        result = Result.artificial(plus, minus)
    else:
        result = Result.artificial(minus, plus)
    return Ruling(result, (irregularity.law, "12C2a"), stands=False)


def _director_error(profile: Authority, otherwise: Otherwise) -> Ruling:
    """Law 82C: both sides are treated as non-offending.

    No result likely: average-plus to both (12C2a). One likely result: it is
    assigned to both (12C1a). Several: a weighted score for both where the authority
    allows it (12C1c); under 12C1e each side gets the likely result most favourable
    to it.
    """
    _only_likely(
        otherwise,
        N_(
            "a director's error (Law 82C) takes only the likely results: both "
            "sides are non-offending"
        ),
    )
    likely = otherwise.likely
    if likely is None:
        plus = Average(AverageKind.PLUS)
        return Ruling(Result.artificial(plus, plus), ("82C", "12C2a"), stands=False)
    if likely.is_single:
        return Ruling(Result.weighted(likely), ("82C", "12C1a"), stands=False)
    if not profile.law_12c1e:
        return Ruling(law_12c1c(likely, profile), ("82C", "12C1c"), stands=False)
    scores = [score for _, score in likely.parts]
    result = Result(Weighted.single(max(scores)), Weighted.single(min(scores)))
    return Ruling(result, ("82C", "12C1e"), stands=False)


def _assigned(
    profile: Authority, likely: Weighted, probable: tuple[int, ...], innocent: Side
) -> tuple[Result, str]:
    """The score assigned from the likely and probable results, and the Law that gives it."""
    if profile.law_12c1e:
        scores = [score for _, score in likely.parts]
        return law_12c1e(scores, probable, innocent), "12C1e"
    if likely.is_single:
        return Result.weighted(likely), "12C1a"
    return law_12c1c(likely, profile), "12C1c"


def _separate(
    assigned: Result, innocent: Side, actual: int, after: int, laws: tuple[str, ...]
) -> Ruling:
    """The innocent side's consequent damage only, after its own serious error (Law 12C1b)."""
    view = side_view(assigned, innocent)
    ruling = separate_damage(
        without=own_score(innocent, view.mean),
        after=own_score(innocent, after),
        actual=own_score(innocent, actual),
        offenders_without=0,
    )
    table = Weighted.single(actual)
    if ruling.consequent == 0:
        innocent_view = table
    elif ruling.innocent == own_score(innocent, view.mean):
        innocent_view = view
    else:
        raise WorksheetError(
            Step.OTHERWISE.value,
            N_(
                "the consequent damage is only part of the loss (Law 12C1b): in a team "
                "match, work out each team's IMPs on the board with 'arbitro ruling "
                "damage' and enter them as the adjusted score (such as 0/-2 IMP); in "
                "pairs, the compensation is in matchpoints, which cannot be entered as "
                "a score"
            ),
        )
    offenders_view = assigned.ew if innocent is Side.NS else assigned.ns
    if innocent is Side.NS:
        result = Result(innocent_view, offenders_view)
    else:
        result = Result(offenders_view, innocent_view)
    return Ruling(result, laws, stands=False, damage=ruling)
