"""Procedural penalties (Law 90) and disciplinary penalties (Law 91), recorded with their Law.

A penalty takes matchpoints (a fraction of a board's top) or IMPs from one side
only; the opponents' score does not change. Each carries its reason and the Law or
regulation it applies, for the record. The AEB adds a minimum for a misexplained
artificial call (regulation G): at least 20 % of a top in pairs and 3 IMPs in teams;
:func:`misexplanation_penalty` gives the profile's minimum.

>>> from arbitro.laws.authority import authority
>>> misexplanation_penalty(authority("aeb"), top=24)
Penalty(Fraction(24, 5), unit='mp', law='AEB-G', reason='misexplained artificial call')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbitro.laws.authority import Authority

Unit = Literal["mp", "imps", "top"]


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
        return Penalty(profile.misexplanation_imps, "imps", "AEB-G", "misexplained artificial call")
    return Penalty(
        profile.misexplanation_top_fraction * Fraction(top),
        "mp",
        "AEB-G",
        "misexplained artificial call",
    )
