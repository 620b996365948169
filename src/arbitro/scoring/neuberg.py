"""Neuberg's formula and factoring: comparing boards and pairs with fewer results.

**Neuberg.** A board played ``A`` times when the most any board was played is ``E``
has a smaller top. Neuberg's formula scales each result's matchpoints ``m`` as if the
missing results had been spread like the ones there: on the 2 / 1 scale

    M = (m + 1) × E / A − 1

and on the 1 / ½ scale ``M = (m + ½) × E / A − ½``. A full board (``A = E``) is
unchanged; the scaled board's matchpoints add up to ``E(E − 1)`` per direction
(2 / 1 scale) less the share of the results it lacks.

**Factoring.** A pair that played fewer boards than the most is compared on the
same footing by multiplying its total by (the most boards' tops) / (its boards' tops);
its percentage does not change.

>>> neuberg(7, results=5, expected=6)
Fraction(43, 5)
>>> neuberg(7, results=6, expected=6)
Fraction(7, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

_P = TypeVar("_P", int, Fraction)


def neuberg(
    points: int | Fraction, results: int, expected: int, unit: int | Fraction = 2
) -> Fraction:
    """Scale matchpoints from a board with ``results`` results to ``expected`` (Neuberg).

    >>> neuberg(0, results=1, expected=4)   # the only result gets an average
    Fraction(3, 1)
    >>> neuberg(Fraction(3, 2), results=3, expected=4, unit=1)
    Fraction(13, 6)
    """
    if results <= 0:
        raise ValueError(f"Neuberg needs at least one result, got {results}")
    half = Fraction(unit) / 2
    # On the 1 / ½ scale the points are halves of the 2 / 1 scale's: scaled there.
    return (
        half * Fraction(neuberg_times_results(Fraction(points) / half, results, expected)) / results
    )


def neuberg_times_results(points: _P, results: int, expected: int) -> _P:
    """Neuberg's formula on the 2 / 1 scale, times ``results``: ``(m + 1) × E − A``.

    Whole matchpoints give a whole number: a big field's boards are scaled in ints and
    divided once (:func:`arbitro.scoring.columnar.plain_units`); :func:`neuberg` is
    this divided by ``results``.

    >>> neuberg_times_results(7, results=5, expected=6), neuberg(7, results=5, expected=6) * 5
    (43, Fraction(43, 1))
    """
    return (points + 1) * expected - results


def factored(
    total: int | Fraction, played_top: int | Fraction, full_top: int | Fraction
) -> Fraction:
    """A total scaled from the tops of the boards played to the tops of a full session.

    >>> factored(100, played_top=200, full_top=240)
    Fraction(120, 1)
    """
    if played_top == 0:
        return Fraction(0)
    return Fraction(total) * Fraction(full_top) / Fraction(played_top)
