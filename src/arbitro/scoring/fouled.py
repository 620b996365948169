"""Fouled boards (Law 87): results in groups, each scored apart and scaled to the full top.

A board is fouled when the copies that should have been compared were not the same
(a card misplaced, dealer or vulnerability different). The director puts the results
obtained with each form of the board into a group; each group is matchpointed on its
own (Law 78A) and then scaled by Neuberg's formula to the top of the full board, so
every group's results are worth the same as the board's.

>>> fouled_matchpoints([[420, 420, 170], [-100, 100]], expected=5)
[[Fraction(17, 3), Fraction(17, 3), Fraction(2, 3)], [Fraction(3, 2), Fraction(13, 2)]]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbitro.scoring.matchpoints import matchpoints_2
from arbitro.scoring.neuberg import neuberg


def fouled_matchpoints(
    groups: Sequence[Sequence[int]], expected: int | None = None, unit: int | Fraction = 2
) -> list[list[Fraction]]:
    """North-South matchpoints of each group, each scaled to ``expected`` results (default: all).

    >>> fouled_matchpoints([[100, 50]], expected=2)
    [[Fraction(2, 1), Fraction(0, 1)]]
    """
    full = expected if expected is not None else sum(len(group) for group in groups)
    factor = Fraction(unit) / 2
    return [
        [neuberg(factor * points, len(group), full, unit) for points in matchpoints_2(list(group))]
        for group in groups
    ]
