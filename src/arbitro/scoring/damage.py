"""Consequent and subsequent damage (Law 12C1b): a calculator for the director.

When the innocent side adds to its own damage by a serious error unrelated to the
infraction, or by a wild or gambling action, it is not compensated for that part
(*subsequent* damage). The director separates it from the damage the infraction
caused (*consequent* damage) with three results, each scored as the innocent side
scores it:

- ``without``: the result expected had the infraction not happened;
- ``after``: the result expected after the infraction with normal play;
- ``actual``: the result obtained.

The innocent side was damaged only if its actual score is worse than the one expected
without the infraction (Law 12B1); if it is not, nothing is adjusted and both sides
keep the table result. Otherwise the *consequent* damage is ``value(without) −
value(after)`` (0 when the infraction itself did not harm the innocent side), but
never more than the whole loss ``value(without) − value(actual)``: the innocent side
gets its actual score plus the consequent damage, so at most the score expected
without the infraction, and the offenders get the score expected without the
infraction (Law 12C1b: the score they would have been given had the infraction alone
been considered). The values are in whatever unit the contest uses (IMPs against the
other table, matchpoints); :func:`teams_damage` does it in IMPs.

>>> ruling = teams_damage(without=-100, after=-420, actual=-500, other_table=170)
>>> ruling.innocent, ruling.offenders, ruling.consequent
(Fraction(0, 1), Fraction(-2, 1), Fraction(8, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from arbitro.scoring.imps import imps


@dataclass(frozen=True)
class DamageRuling:
    """What each side gets after separating consequent from subsequent damage (12C1b).

    ``innocent`` and ``offenders`` are each side's own value (IMPs or matchpoints);
    ``consequent`` the damage the infraction caused, ``subsequent`` the part the
    innocent side caused itself.

    >>> DamageRuling(Fraction(-11), Fraction(4), Fraction(0), Fraction(-13)).law
    '12C1b'
    """

    innocent: Fraction
    offenders: Fraction
    consequent: Fraction
    subsequent: Fraction
    law: str = "12C1b"


def separate_damage(
    without: Fraction | int,
    after: Fraction | int,
    actual: Fraction | int,
    offenders_without: Fraction | int,
    offenders_actual: Fraction | int | None = None,
) -> DamageRuling:
    """Separate the damage when each result is already a value for the innocent side.

    ``offenders_without`` is the offenders' own value of the result expected without
    the infraction (in teams, the negative of the innocent side's; in pairs, the
    offenders' matchpoints for it); ``offenders_actual`` their value of the actual
    result, which they keep when the innocent side was not damaged (if it is not
    given, ``offenders_without`` is used).

    >>> separate_damage(without=2, after=-6, actual=-8, offenders_without=-2).innocent
    Fraction(0, 1)
    >>> separate_damage(without=2, after=-6, actual=-3, offenders_without=-2).innocent   # no more than 2
    Fraction(2, 1)
    >>> separate_damage(without=2, after=-6, actual=3, offenders_without=-2, offenders_actual=-3)
    DamageRuling(innocent=Fraction(3, 1), offenders=Fraction(-3, 1), consequent=Fraction(0, 1), subsequent=Fraction(0, 1), law='12C1b')
    """
    without, after, actual = Fraction(without), Fraction(after), Fraction(actual)
    subsequent = min(actual - after, Fraction(0))
    if actual >= without:  # not damaged (Law 12B1): the table result stands for both
        offenders = offenders_without if offenders_actual is None else offenders_actual
        return DamageRuling(actual, Fraction(offenders), Fraction(0), subsequent)
    consequent = max(Fraction(0), min(without - after, without - actual))
    return DamageRuling(actual + consequent, Fraction(offenders_without), consequent, subsequent)


def damage(
    without: int,
    after: int,
    actual: int,
    value: Callable[[int], Fraction | int],
    offenders_value: Callable[[int], Fraction | int],
) -> DamageRuling:
    """Separate the damage with scoring functions: ``value`` for the innocent side, ``offenders_value`` for the offenders.

    Scores are the innocent side's own.

    >>> from arbitro.scoring.imps import imps
    >>> damage(-100, 100, -500, value=lambda s: imps(s - 50), offenders_value=lambda s: -imps(s - 50)).innocent
    Fraction(-11, 1)
    """
    return separate_damage(
        value(without),
        value(after),
        value(actual),
        offenders_value(without),
        offenders_value(actual),
    )


def teams_damage(without: int, after: int, actual: int, other_table: int) -> DamageRuling:
    """Law 12C1b in a team match: each result against the innocent team's score at the other table.

    All four scores are the innocent team's own (positive when it scored).

    >>> teams_damage(without=-100, after=100, actual=-500, other_table=-50).innocent
    Fraction(-11, 1)
    """
    return damage(
        without,
        after,
        actual,
        value=lambda score: imps(score + other_table),
        offenders_value=lambda score: -imps(score + other_table),
    )
