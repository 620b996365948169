"""The International Match Point scale (Law 78B).

A difference in total points becomes IMPs by the scale below; the sign is kept, so
the side that lost the difference gets the same IMPs negative. Each band's lower edge
is its threshold: a difference below 20 is 0 IMPs, from 20 up to 49 it is 1, and so on.
Table results differ by multiples of ten; other differences (averages) fall in the band
whose lower edge they reach.

>>> imps(420 - 170), imps(-2500), imps(15)
(6, -21, 0)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import repeat
from operator import sub
from typing import cast

IMP_SCALE: tuple[tuple[int, int, int | None], ...] = (
    (0, 0, 10), (1, 20, 40), (2, 50, 80), (3, 90, 120), (4, 130, 160), (5, 170, 210),
    (6, 220, 260), (7, 270, 310), (8, 320, 360), (9, 370, 420), (10, 430, 490),
    (11, 500, 590), (12, 600, 740), (13, 750, 890), (14, 900, 1090), (15, 1100, 1290),
    (16, 1300, 1490), (17, 1500, 1740), (18, 1750, 1990), (19, 2000, 2240),
    (20, 2250, 2490), (21, 2500, 2990), (22, 3000, 3490), (23, 3500, 3990), (24, 4000, None),
)  # fmt: skip
"""Law 78B as printed: (IMPs, lowest difference, highest difference or None for no limit)."""

_THRESHOLDS = tuple(low for _, low, _ in IMP_SCALE[1:])
BANDS = len(_THRESHOLDS)
"""How many bands the scale has above 0 IMPs (24)."""
# The scale's edges for a signed whole difference d: imps(d) is the lower edges t with
# t <= d less those with d <= -t, and for whole numbers d <= -t is 1 - t <= d. So,
# counting the edges t and 1 - t (one sorted tuple) that are <= d and taking away the
# number of bands gives imps(d), sign included: one bisection, for one difference or many.
SIGNED_EDGES = tuple(sorted([1 - low for low in _THRESHOLDS] + list(_THRESHOLDS)))
"""The edges ``t`` and ``1 - t`` of each band, sorted: the IMPs of a whole difference ``d``
are how many of them are ``<= d``, less :data:`BANDS` (for numpy, ``searchsorted``)."""


def imps(points: int) -> int:
    """The IMPs for a difference of ``points`` total points, sign preserved (Law 78B).

    >>> imps(0), imps(20), imps(-40), imps(2990), imps(3000), imps(10_000)
    (0, 1, -1, 21, 22, 24)
    """
    if isinstance(points, bool) or not isinstance(points, int):
        raise TypeError(f"imps() takes a whole number of points, got {points!r}")
    return bisect_right(SIGNED_EDGES, points) - BANDS


def imps_of(differences: Sequence[int]) -> list[int]:
    """:func:`imps` of each difference, in order, looked up in one pass in C.

    What a board of plain scores asks for: the IMPs of each distinct score against a
    datum. The same scale as :func:`imps` (the table looked up is made from the same
    bisection, on first use); the differences must be whole numbers.

    >>> imps_of([250, -2500, 15, 0])
    [6, -21, 0, 0]
    >>> imps_of([1.5])
    Traceback (most recent call last):
    TypeError: imps() takes a whole number of points, got 1.5
    """
    if not set(map(type, differences)) <= {int}:
        wrong = next(value for value in differences if type(value) is not int)
        raise TypeError(f"imps() takes a whole number of points, got {wrong!r}")
    if not _BY_DIFFERENCE:  # made on first use: the imports of a command stay light
        _BY_DIFFERENCE.update(zip(_WITHIN, _bisected(_WITHIN), strict=True))
    values = list(map(_BY_DIFFERENCE.get, differences))
    if None in values:  # a difference beyond the last band's edge
        return _bisected(differences)
    return cast("list[int]", values)


def _bisected(differences: Sequence[int]) -> list[int]:
    """The IMPs of each whole difference: one bisection of the signed edges each."""
    return list(map(sub, map(bisect_right, repeat(SIGNED_EDGES), differences), repeat(BANDS)))


_WITHIN = range(-SIGNED_EDGES[-1], SIGNED_EDGES[-1] + 1)
"""The differences up to the last band's lower edge, each way."""
_BY_DIFFERENCE: dict[int, int] = {}
"""The IMPs of each difference in :data:`_WITHIN`, by :func:`_bisected`: a look-up in C."""
