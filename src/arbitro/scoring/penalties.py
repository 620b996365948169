"""Procedural penalties (Law 90) and disciplinary penalties (Law 91), recorded with their Law.

A penalty takes matchpoints (a fraction of a board's top) or IMPs from one side
only; the opponents' score does not change. Each carries its reason and the Law or
regulation it applies, for the record. The AEB adds a minimum for a misexplained
artificial call (regulation G): at least 20 % of a top in pairs and 3 IMPs in teams
(IMPs too in a pairs event scored in IMPs, which has no top), whether or not there
was damage; :func:`misexplanation_penalty` gives the profile's
minimum in matchpoints or IMPs, :func:`regulation_g` the penalty as the director gives
it (the minimum, or more), and :func:`regulation_g_shortfall` says why an amount
entered with the regulation's code does not reach it.

>>> from arbitro.laws.authority import authority
>>> misexplanation_penalty(authority("aeb"), top=24)
Penalty(Fraction(24, 5), unit='mp', law='AEB-G', reason='misexplained artificial call')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbitro.core.errors import NotationError
from arbitro.i18n import N_
from arbitro.laws.authority import Authority
from arbitro.scoring.penalty_figures import write_penalty_amount

Unit = Literal["mp", "imps", "top"]

REGULATION_G = "AEB-G"
"""The code a penalty under the AEB's regulation G is recorded with."""


class PenaltyBelowMinimumError(NotationError):
    """A penalty the authority's regulation does not allow: below its least amount, or not its own."""

    what = N_("penalty")


@dataclass(frozen=True)
class Penalty:
    """A penalty of ``amount`` (matchpoints, IMPs, or tops) with its Law and reason.

    >>> Penalty(Fraction(1, 4), unit="top", law="90B8").in_matchpoints(top=10)
    Fraction(5, 2)
    """

    amount: Fraction
    unit: Unit = "top"
    law: str = "90"
    reason: str = ""
    board: int | None = None

    def in_matchpoints(self, top: int | Fraction) -> Fraction:
        """The matchpoints taken, on a board whose top is ``top``.

        >>> Penalty(Fraction(3), unit="mp").in_matchpoints(top=24)
        Fraction(3, 1)
        """
        if self.unit == "top":
            return self.amount * Fraction(top)
        return self.amount

    def to_str(self) -> str:
        """The amount and Law as ``--penalty`` takes them: ``25%,90`` (a quarter of a top) or ``3,90``.

        >>> Penalty(Fraction(1, 4), unit="top", law="90B8").to_str(), Penalty(Fraction(3), unit="imps").to_str()
        ('25%,90B8', '3,90')
        """
        amount = f"{self.amount * 100}%" if self.unit == "top" else str(self.amount)
        return f"{amount},{self.law}"

    def __repr__(self) -> str:
        amount = f"Fraction({self.amount.numerator}, {self.amount.denominator})"
        extra = f", board={self.board}" if self.board is not None else ""
        return f"Penalty({amount}, unit={self.unit!r}, law={self.law!r}, reason={self.reason!r}{extra})"


def misexplanation_penalty(profile: Authority, top: int | Fraction | None = None) -> Penalty:
    """The authority's least penalty for a misexplained artificial call: in matchpoints for a top, else IMPs.

    >>> from arbitro.laws.authority import authority
    >>> misexplanation_penalty(authority("aeb"))
    Penalty(Fraction(3, 1), unit='imps', law='AEB-G', reason='misexplained artificial call')
    """
    if top is None:
        return Penalty(profile.misexplanation_imps, "imps", REGULATION_G, _REASON)
    return Penalty(profile.misexplanation_top_fraction * Fraction(top), "mp", REGULATION_G, _REASON)


_REASON = "misexplained artificial call"


def has_regulation_g(profile: Authority) -> bool:
    """Whether the authority has a least penalty for a misexplained call (the AEB's regulation G).

    >>> from arbitro.laws.authority import authority
    >>> has_regulation_g(authority("aeb")), has_regulation_g(authority("wbf"))
    (True, False)
    """
    return profile.misexplanation_top_fraction > 0 or profile.misexplanation_imps > 0


def regulation_g(profile: Authority, in_imps: bool, amount: Fraction | None = None) -> Penalty:
    """The regulation G penalty: the profile's least one, or ``amount`` when the director raises it.

    At pairs it is a share of a top (unit ``top``); ``in_imps`` where the event is scored
    in IMPs (teams, or pairs scored in IMPs: Butler, cross-IMPs, total points), IMPs. An
    ``amount`` below the least one is refused ("como mínimo").

    >>> from arbitro.laws.authority import authority
    >>> regulation_g(authority("aeb"), in_imps=False)
    Penalty(Fraction(1, 5), unit='top', law='AEB-G', reason='misexplained artificial call')
    >>> regulation_g(authority("aeb"), in_imps=True, amount=Fraction(5)).amount
    Fraction(5, 1)
    >>> regulation_g(authority("aeb"), in_imps=False, amount=Fraction(1, 10))
    Traceback (most recent call last):
    ...
    arbitro.scoring.penalties.PenaltyBelowMinimumError: invalid penalty '10% of a top': AEB regulation G takes at least 20% of a top at matchpoints and 3 IMPs where the scores are IMPs
    """
    minimum = _minimum(profile, in_imps)
    if amount is None:
        return minimum
    problem = regulation_g_shortfall(profile, in_imps, amount, minimum.unit)
    if problem is not None:
        raise problem
    return Penalty(amount, minimum.unit, REGULATION_G, _REASON)


def regulation_g_shortfall(
    profile: Authority, in_imps: bool, amount: Fraction, unit: str, top: Fraction | None = None
) -> PenaltyBelowMinimumError | None:
    """Why a penalty of ``amount`` ``unit`` entered under regulation G is refused; ``None`` if it stands.

    At pairs the amount is a share of a top (``top``), or matchpoints when the
    board's ``top`` is known; ``in_imps`` (teams, or pairs scored in IMPs) IMPs. An
    authority without the regulation refuses it altogether.

    >>> from arbitro.laws.authority import authority
    >>> print(regulation_g_shortfall(authority("aeb"), False, Fraction(1, 4), "top"))
    None
    >>> print(regulation_g_shortfall(authority("aeb"), True, Fraction(2), "imps"))
    invalid penalty '2 IMPs': AEB regulation G takes at least 20% of a top at matchpoints and 3 IMPs where the scores are IMPs
    >>> print(regulation_g_shortfall(authority("wbf"), False, Fraction(1, 4), "top"))
    invalid penalty 'AEB-G': the regulating authority (wbf) has no regulation G of the AEB
    """
    if not has_regulation_g(profile):
        return PenaltyBelowMinimumError(
            REGULATION_G,
            N_("the regulating authority ({authority}) has no regulation G of the AEB"),
            authority=profile.code,
        )
    if in_imps:
        least, given = profile.misexplanation_imps, write_penalty_amount(amount, "imps")
        if unit != "imps":
            return PenaltyBelowMinimumError(
                REGULATION_G,
                N_("where the scores are IMPs regulation G is given in IMPs (as in 3IMP)"),
            )
    elif unit == "top":
        least, given = profile.misexplanation_top_fraction, write_penalty_amount(amount, "top")
    elif unit == "mp" and top is not None:
        least, given = profile.misexplanation_top_fraction * top, write_penalty_amount(amount, "mp")
    else:
        return PenaltyBelowMinimumError(
            REGULATION_G,
            N_(
                "at matchpoints regulation G is a share of a top: write it as a percentage (as in 20%)"
            ),
        )
    if amount >= least:
        return None
    return PenaltyBelowMinimumError(
        given,
        N_(
            "AEB regulation G takes at least {percent}% of a top at matchpoints and {imps} IMPs where the scores are IMPs"
        ),
        percent=profile.misexplanation_top_fraction * 100,
        imps=profile.misexplanation_imps,
    )


def _minimum(profile: Authority, in_imps: bool) -> Penalty:
    if not has_regulation_g(profile):
        problem = regulation_g_shortfall(profile, in_imps, Fraction(0), "")
        assert problem is not None, "an authority without regulation G refuses it"
        raise problem
    if in_imps:
        return Penalty(profile.misexplanation_imps, "imps", REGULATION_G, _REASON)
    return Penalty(profile.misexplanation_top_fraction, "top", REGULATION_G, _REASON)
