"""Numbers as the pages write them: figures with decimals, percentages, IMPs.

The files and the JSON API keep the point; only the pages speak the reader's language
(:func:`number_label`, the templates' ``number`` filter).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import jinja2

from arbitro.i18n import get_language, parse_language, write_figure


def number_label(
    value: object, lang: str | None = None, *, percent: bool = False, whole: bool = False
) -> str:
    r"""A number as a reader of ``lang`` (default: the page's) writes it: ``55,23 %`` in Spanish.

    The one way the pages write a number with decimals (the ``number`` filter): points,
    percentages, totals, IMPs and VPs. ``value`` is a figure as the scorer shows it
    (:func:`~arbitro.scoring.session.show`: rounded once, with its places), alone or with
    its unit, or an exact number, shown by that same rule first; it is written by
    :func:`arbitro.i18n.write_figure`, as the command line's reports write it. The files
    and the JSON API keep the point: only the pages speak the reader's language.

    >>> from fractions import Fraction
    >>> number_label("55.23%", "es"), number_label("12.50 VP", "es"), number_label("-3.00", "es")
    ('55,23\xa0%', '12,50 PV', '-3,00')
    >>> number_label("55.23%", "en"), number_label(Fraction(37, 3), "es"), number_label("", "es")
    ('55.23%', '12,33', '')
    >>> number_label("A60", "es"), number_label(None), number_label("75.00", "es", percent=True)
    ('A60', '', '75,00\xa0%')

    ``whole`` writes IMPs, whole numbers, without decimals, and a fraction of one
    (Butler, a weighted score) with them:

    >>> number_label("-13.00", "es", whole=True), number_label("2.50", "es", whole=True)
    ('-13', '2,50')
    """
    if value is None:
        return ""
    if isinstance(value, int | Fraction | Decimal) and not isinstance(value, bool):
        from arbitro.scoring.session import show  # the scorer's rounding, not at the start

        value = show(Fraction(value))
    language = parse_language(lang) if lang else get_language()
    return write_figure(str(value), language, percent=percent, whole=whole)


def imps_label(value: object) -> str:
    """IMPs as the page writes them: :func:`number_label` with ``whole`` (``13``, ``2,50``).

    >>> imps_label("7.00"), imps_label("3.50")
    ('7', '3.50')
    """
    return number_label(value, whole=True)


@jinja2.pass_context
def number_filter(
    _context: jinja2.runtime.Context, value: object, percent: bool = False, whole: bool = False
) -> str:
    """:func:`number_label` as the ``number`` filter: in the language of the page rendered.

    It takes the template's context so that Jinja never works it out once, when the
    template is compiled (as it does with a plain filter of a constant), in the language
    of the first page. ``number(whole=True)`` writes IMPs (:func:`number_label`).
    """
    return number_label(value, percent=percent, whole=whole)
