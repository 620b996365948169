"""A penalty's amount as people read it, in their language (Laws 90, 91).

The one writer of a penalty's amount: the command line's reports, the desk's and the
players' pages, the rulings' cases, and the scoring's own refusals (the AEB's
regulation G) write it here; :mod:`arbitro.tournament.penalty_amounts` reads it back.

>>> write_penalty_amount(Fraction(1, 8), "top"), write_penalty_amount(Fraction(5, 2), "mp")
('12.50% of a top', '2.50 matchpoints')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from arbitro.i18n import NP_, gettext, ngettext, write_number

POINT_UNITS = {
    "mp": NP_("%(num)s matchpoint", "%(num)s matchpoints"),
    "imps": NP_("%(num)s IMP", "%(num)s IMPs"),
    "vp": NP_("%(num)s victory point", "%(num)s victory points"),
}
"""A penalty's amount in each unit but a share of a top, singular and plural."""


def write_penalty_amount(amount: Fraction, unit: str) -> str:
    r"""A penalty's amount with its unit, in the active language: ``25% of a top``, ``2,50 IMPs``.

    What was decided, never rounded: a whole amount whole, one exact in hundredths
    with its two decimals (the way every figure is shown), any other as its fraction
    (``1/3 of a top``, ``7/3 IMPs``), which :func:`read_penalty_amount` reads back. A
    share of a top is written as a percentage of it when that is exact in hundredths,
    as the director types it; the number is written as the language writes one.

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
    singular, plural = POINT_UNITS[unit]
    return ngettext(singular, plural, 1 if amount == 1 else 2) % {"num": written}


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
