"""Victory points: the WBF 2013 continuous 20-VP scale, and discrete scales as data.

**WBF 2013.** For a match of ``N`` boards the *blitz* margin is ``B = 15 √N`` IMPs.
With τ = (√5 − 1) / 2, a margin of ``I`` IMPs (0 ≤ I ≤ B) gives the winner

    VP = 10 + 10 × (1 − τ^(3I / B)) / (1 − τ³)

capped at 20, and the loser ``20 − VP``. Results are shown with two decimals. The
scale is concave: each extra IMP is worth no more than the one before. Rounding to
two decimals can break that by a hundredth, so Árbitro's table for whole margins
takes the rounded values and, where an increment is larger than the one before,
pools the neighbouring increments and shares them out again in whole hundredths,
larger first (each pool keeps its sum, so the values at its ends do not move). The
table stays within a hundredth of the rounded formula up to 33 boards and within
three hundredths up to 64 boards. A fractional margin is
interpolated linearly between the whole margins around it, then rounded.

**Discrete scales** (a VP table a federation publishes) are data: rows of the lowest
margin and the winner's VPs, read by :meth:`DiscreteScale.from_str`.

>>> wbf2013_table(16)[:4]
[Fraction(10, 1), Fraction(1031, 100), Fraction(1061, 100), Fraction(1091, 100)]
>>> victory_points(11, boards=16)
(Fraction(326, 25), Fraction(174, 25))
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from itertools import pairwise

from arbitro.core.bounded import parse_fraction, parse_int
from arbitro.core.errors import NotationError
from arbitro.i18n import N_

TAU = (math.sqrt(5) - 1) / 2
"""τ, the golden ratio's reciprocal, of the WBF 2013 formula."""


class InvalidVictoryPointScaleError(NotationError):
    """Text that is not a discrete victory-point scale."""

    what = N_("victory-point scale")


def blitz(boards: int) -> float:
    """The margin that gives 20 VPs in a match of ``boards`` boards: 15 √N.

    >>> round(blitz(16), 6)
    60.0
    """
    if boards < 1:
        raise ValueError(f"a match has at least one board, got {boards}")
    return 15 * math.sqrt(boards)


def wbf2013_exact(margin: float, boards: int) -> float:
    """The winner's VPs by the formula, before rounding (margin in IMPs, 0 or more).

    >>> round(wbf2013_exact(0, 16), 9), wbf2013_exact(60, 16)
    (10.0, 20.0)
    """
    limit = blitz(boards)
    if margin >= limit:
        return 20.0
    return float(min(20.0, 10 + 10 * (1 - TAU ** (3 * margin / limit)) / (1 - TAU**3)))


def _hundredths(value: float) -> Fraction:
    return Fraction(Decimal(repr(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@cache
def _table(boards: int) -> tuple[Fraction, ...]:
    top = math.ceil(blitz(boards))
    rounded = [_hundredths(wbf2013_exact(margin, boards)) for margin in range(top + 1)]
    cents = [int((b - a) * 100) for a, b in pairwise(rounded)]
    values = [rounded[0]]
    for step in _non_increasing(cents):
        values.append(values[-1] + Fraction(step, 100))
    return tuple(values)


def _non_increasing(steps: list[int]) -> list[int]:
    """Whole steps made non-increasing by pooling neighbours that break the order.

    Each run of steps that would go up is pooled (pool-adjacent-violators) and shared
    out again in whole hundredths, the larger shares first (pools whose shares would
    overlap are shared out together), so each pool keeps its sum and the values at its
    ends do not move.

    >>> _non_increasing([31, 31, 29, 30, 28])
    [31, 31, 30, 29, 28]
    """
    pools: list[list[int]] = []  # [sum, count]
    for step in steps:
        pools.append([step, 1])
        while len(pools) > 1 and pools[-2][0] * pools[-1][1] < pools[-1][0] * pools[-2][1]:
            total, count = pools.pop()
            pools[-1][0] += total
            pools[-1][1] += count
    merged: list[list[int]] = []  # pools whose shares would overlap are shared out together
    for total, count in pools:
        if merged and merged[-1][0] // merged[-1][1] == total // count:
            merged[-1][0] += total
            merged[-1][1] += count
        else:
            merged.append([total, count])
    out: list[int] = []
    for total, count in merged:
        share, extra = divmod(total, count)
        out.extend([share + 1] * extra + [share] * (count - extra))
    return out


def wbf2013_table(boards: int) -> list[Fraction]:
    """The winner's VPs for each whole margin 0, 1, 2, ... up to the blitz (20.00).

    >>> table = wbf2013_table(8)
    >>> table[0], table[-1], len(table)
    (Fraction(10, 1), Fraction(20, 1), 44)
    """
    return list(_table(boards))


def wbf2013(margin: int | Fraction, boards: int) -> Fraction:
    """The winner's VPs (10 to 20, two decimals) for a margin of ``margin`` IMPs.

    >>> wbf2013(0, 10), wbf2013(100, 10)
    (Fraction(10, 1), Fraction(20, 1))
    >>> wbf2013(Fraction(1, 2), 16)   # halfway between 10.00 and 10.31
    Fraction(254, 25)
    >>> wbf2013(Fraction(85, 2), 8)   # beyond the blitz of 8 boards (42.43 IMPs)
    Fraction(20, 1)
    """
    margin = abs(Fraction(margin))
    limit = Fraction(blitz(boards))
    if margin >= limit:  # at or beyond the blitz: 20, also for a fractional margin
        return Fraction(20)
    table = _table(boards)
    whole = int(margin)
    part = margin - whole
    if whole + 1 > limit:
        # The last whole margin below the blitz: towards 20 at the blitz itself.
        value = table[whole] + part / (limit - whole) * (20 - table[whole])
    else:
        value = table[whole] + part * (table[whole + 1] - table[whole])
    return _hundredths_fraction(value)


def _hundredths_fraction(value: Fraction) -> Fraction:
    hundredths = value * 100
    whole, rest = divmod(hundredths, 1)
    return Fraction(int(whole) + (1 if rest >= Fraction(1, 2) else 0), 100)


def victory_points(imps: int | Fraction, boards: int) -> tuple[Fraction, Fraction]:
    """Both teams' VPs by the WBF 2013 scale: the team with ``imps`` (its margin) first.

    >>> victory_points(-11, boards=16)
    (Fraction(174, 25), Fraction(326, 25))
    """
    winner = wbf2013(imps, boards)
    if Fraction(imps) < 0:
        return 20 - winner, winner
    return winner, 20 - winner


@dataclass(frozen=True)
class DiscreteScale:
    r"""A VP table: for each lowest margin (IMPs), the winner's VPs; the loser gets ``total`` minus that.

    >>> scale = DiscreteScale.from_str("0 10\n1 11\n4 12\n8 13\n13 14\n19 15")
    >>> scale(5), scale(-20)
    (Fraction(12, 1), Fraction(5, 1))
    """

    rows: tuple[tuple[int, Fraction], ...]
    total: Fraction = Fraction(20)

    @classmethod
    def from_str(cls, text: str, total: int | Fraction = 20) -> DiscreteScale:
        r"""Read one row per line: the lowest margin and the winner's VPs (``4 12``, ``#`` comments).

        >>> DiscreteScale.from_str("0 15\n3 16", total=30).rows
        ((0, Fraction(15, 1)), (3, Fraction(16, 1)))
        >>> DiscreteScale.from_str("0 15\n3")
        Traceback (most recent call last):
        ...
        arbitro.scoring.vp.InvalidVictoryPointScaleError: invalid victory-point scale '3': line 2: expected the lowest margin and the VPs, as in 4 12
        """
        rows: list[tuple[int, Fraction]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            content = line.partition("#")[0].split()
            if not content:
                continue
            try:
                if len(content) != 2:
                    raise ValueError
                rows.append((parse_int(content[0]), parse_fraction(content[1])))
            except ValueError:
                raise InvalidVictoryPointScaleError(
                    line.strip(),
                    N_("line {line}: expected the lowest margin and the VPs, as in {example}"),
                    line=number,
                    example="4 12",
                ) from None
        if not rows or rows[0][0] != 0 or any(a[0] >= b[0] for a, b in pairwise(rows)):
            raise InvalidVictoryPointScaleError(
                text.strip()[:40], N_("the margins must start at 0 and go up")
            )
        return cls(tuple(rows), Fraction(total))

    def __call__(self, imps: int | Fraction) -> Fraction:
        r"""The VPs of the team whose margin is ``imps`` (negative when it lost).

        >>> DiscreteScale.from_str("0 10\n3 12")(-4)
        Fraction(8, 1)
        """
        margin = abs(Fraction(imps))
        index = bisect_right([low for low, _ in self.rows], margin) - 1
        winner = self.rows[index][1]
        return winner if Fraction(imps) >= 0 else self.total - winner
