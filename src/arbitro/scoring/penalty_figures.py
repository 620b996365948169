"""A penalty's amount as people read it, in their language (Laws 90, 91), and any count of points.

The one writer of a penalty's amount: the command line's reports, the desk's and the
players' pages, the rulings' cases, and the scoring's own refusals (the AEB's
regulation G) write it here; :mod:`arbitro.tournament.penalty_amounts` reads it back.
A count of matchpoints, IMPs or victory points takes its unit's word in the form its
figure needs (:func:`write_points`): one point singular, a fraction of one a part of a
point, any other count plural, a decimal too.

>>> write_penalty_amount(Fraction(1, 8), "top"), write_penalty_amount(Fraction(5, 2), "mp")
('12.50% of a top', '2.50 matchpoints')
>>> write_penalty_amount(Fraction(1, 3), "mp"), write_penalty_amount(Fraction(1, 2), "mp")
('1/3 of a matchpoint', '0.50 matchpoints')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from arbitro.i18n import N_, NP_, gettext, ngettext, write_number

POINT_UNITS = {
    "mp": NP_("%(num)s matchpoint", "%(num)s matchpoints"),
    "imps": NP_("%(num)s IMP", "%(num)s IMPs"),
    "vp": NP_("%(num)s victory point", "%(num)s victory points"),
}
"""A count of points in each unit but a share of a top, singular and plural."""

PART_OF_A_POINT = {
    "mp": N_("%(num)s of a matchpoint"),
    "imps": N_("%(num)s of an IMP"),
    "vp": N_("%(num)s of a victory point"),
}
"""A fraction of one point written as a fraction (``1/3``), in each unit but a share of a top."""


def write_points(value: Fraction | int, unit: str, written: str) -> str:
    """``written``, the figure of ``value``, with the word of ``unit`` (``mp``, ``imps``, ``vp``).

    The word takes the form the figure needs, in the active language: one point
    singular (``1 IMP``), a fraction of one written as a fraction a part of a point
    (``1/3 of a matchpoint``, in Spanish ``1/3 de punto de match``), any other count
    plural, a decimal too (``0.50 matchpoints``, ``1.00 IMPs``); a count below zero as
    the same count above it.

    >>> write_points(Fraction(1), "imps", "1"), write_points(Fraction(-2, 3), "imps", "-2/3")
    ('1 IMP', '-2/3 of an IMP')
    >>> write_points(Fraction(14, 3), "imps", "4 2/3"), write_points(Fraction(1, 2), "vp", "0.50")
    ('4 2/3 IMPs', '0.50 victory points')
    """
    size = abs(Fraction(value))
    if 0 < size < 1 and "/" in written:
        return gettext(PART_OF_A_POINT[unit]) % {"num": written}
    singular, plural = POINT_UNITS[unit]
    return ngettext(singular, plural, 1 if size == 1 and written.lstrip("-") == "1" else 2) % {
        "num": written
    }


def write_penalty_amount(amount: Fraction, unit: str) -> str:
    r"""A penalty's amount with its unit, in the active language: ``25% of a top``, ``2,50 IMPs``.

    What was decided, never rounded: a whole amount whole, one exact in hundredths
    with its two decimals (the way every figure is shown), any other as its fraction
    (``1/3 of a top``, ``7/3 IMPs``), which :func:`read_penalty_amount` reads back. A
    share of a top is written as a percentage of it when that is exact in hundredths,
    as the director types it; the number is written as the language writes one. The
    unit's word is :func:`write_points`'s (``1/3 of a matchpoint``).

    >>> from arbitro.i18n import use_language
    >>> with use_language("es"):
    ...     write_penalty_amount(Fraction(1, 4), "top"), write_penalty_amount(Fraction(1), "vp")
    ('25\xa0% de un top', '1 punto de victoria')
    >>> write_penalty_amount(Fraction(1, 3), "top"), write_penalty_amount(Fraction(25, 8), "imps")
    ('1/3 of a top', '25/8 IMPs')
    """
    if unit == "top":
        written = _figure(amount * 100, percent=True) or _fraction(amount)
        return f"{written} {gettext('of a top')}"
    written = _figure(amount) or _fraction(amount)
    if unit not in POINT_UNITS:
        return f"{written} {unit}"
    return write_points(amount, unit, written)


def _figure(value: Fraction, *, percent: bool = False) -> str:
    """``value`` whole, or with two decimals if exact in hundredths; else empty."""
    if value.denominator == 1:
        return write_number(Decimal(value.numerator), percent=percent)
    hundredths = value * 100
    if hundredths.denominator != 1:
        return ""
    return write_number(Decimal(hundredths.numerator).scaleb(-2), percent=percent)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"
