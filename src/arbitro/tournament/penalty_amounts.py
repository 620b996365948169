"""A penalty's amount (Laws 90, 91) as the director types it and as people read it.

The one reader, :func:`read_penalty_amount`, of every surface: the command line's
``event penalty`` and ``session score --penalty``, the desk and the API, and the AEB's
regulation G amount of a ruling case. What it reads,
:func:`~arbitro.scoring.penalty_figures.write_penalty_amount` writes (the one writer,
beside the scoring, whose own refusals write amounts too).

An amount is a number (``3``, ``2.5``, or with the decimal comma of Spanish, ``2,5``,
taken in either language as the desk always took it; a fraction ``1/4``), alone or
followed by its unit: ``%`` (a percentage of a top), ``MP`` (matchpoints), ``IMP`` or
``IMPs``, ``VP`` (or the Spanish ``PV``), in capitals or not. A unit typed with the
number is the unit; a bare number is in the unit chosen beside it (the desk's list,
the case's scoring), or, where none is chosen, in the one its caller then gives it
(the command line: the event's points, with a warning). No sign and no exponent.

The limits, the same everywhere:

- a share of a top is at most one whole top (``25`` alone would take 25 tops: it is
  refused, saying how to write a quarter of one);
- matchpoints, IMPs and victory points have no maximum: Law 90 sets none, Law 91A's
  disciplinary penalty "in points" none either, and the AEB's regulation G (a
  misexplained call) only a least amount ("como mínimo"), checked where the penalty
  is recorded (:func:`~arbitro.tournament.penalties.check_regulation_g`); the reader
  does not know the board's top, and a disciplinary penalty may rightly exceed it;
- an amount is kept exactly, as a fraction, and a number too large to keep (more
  than :data:`LARGEST` in its numerator or denominator) is refused;
- an amount of 0 is refused by the record itself (:class:`~arbitro.tournament.penalties.PenaltyRecord`).

>>> read_penalty_amount("25%"), read_penalty_amount("3 IMP"), read_penalty_amount("3")
(TypedAmount(amount=Fraction(1, 4), unit='top'), TypedAmount(amount=Fraction(3, 1), unit='imps'), TypedAmount(amount=Fraction(3, 1), unit=None))
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from arbitro.core.errors import NotationError
from arbitro.i18n import N_

if TYPE_CHECKING:  # the records' module is not needed to read or write an amount
    from arbitro.tournament.penalties import RecordUnit

LARGEST = 2**63 - 1
"""The largest numerator or denominator an amount may have: the store keeps no larger."""

EXAMPLES = "1/4, 25%, 3, 3IMP, 1VP"
"""The amounts an error shows as examples."""

_UNIT_WORDS: dict[str, RecordUnit] = {
    "%": "top",
    "mp": "mp",
    "imp": "imps",
    "imps": "imps",
    "vp": "vp",
    "pv": "vp",
}
_AMOUNT = re.compile(
    r"(?P<number>(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)(?:/[0-9]+)?)\s*(?P<unit>%|mp|imps?|vp|pv)?",
    re.IGNORECASE,
)
_MOST_DIGITS = 40  # no amount the store keeps has more; a longer number is not even built


class PenaltyAmountError(NotationError):
    """A penalty's amount that cannot be read, or that no penalty can be.

    >>> print(PenaltyAmountError("lots", N_("expected a number, alone or with its unit, such as {examples}"), examples=EXAMPLES))
    invalid penalty amount 'lots': expected a number, alone or with its unit, such as 1/4, 25%, 3, 3IMP, 1VP
    """

    what = N_("penalty amount")


class TypedAmount(NamedTuple):
    """An amount as read: exact, with its unit (``None``: typed bare, and no unit chosen).

    >>> TypedAmount(Fraction(1, 4), "top").amount
    Fraction(1, 4)
    """

    amount: Fraction
    unit: RecordUnit | None


def read_penalty_amount(text: str, unit: RecordUnit | None = None) -> TypedAmount:
    """Read a penalty's amount as the director types it; ``unit``: the one chosen for a bare number.

    A percentage is a share of a top (``25%`` is 1/4); a unit typed with the number
    is the unit, whatever ``unit`` says. A text that is no amount, a number too large
    to keep, or more than one whole top is refused, naming the text.

    >>> read_penalty_amount("0,25", "top"), read_penalty_amount("1.5mp", "top")
    (TypedAmount(amount=Fraction(1, 4), unit='top'), TypedAmount(amount=Fraction(3, 2), unit='mp'))
    >>> read_penalty_amount("25", "top")
    Traceback (most recent call last):
    ...
    arbitro.tournament.penalty_amounts.PenaltyAmountError: invalid penalty amount '25': a share of a top is at most 1 (a whole top); for a quarter of a top write 1/4 or 25%
    >>> read_penalty_amount("1e5000")
    Traceback (most recent call last):
    ...
    arbitro.tournament.penalty_amounts.PenaltyAmountError: invalid penalty amount '1e5000': expected a number, alone or with its unit, such as 1/4, 25%, 3, 3IMP, 1VP
    """
    found = _AMOUNT.fullmatch(text.strip())
    if found is None or _zero_denominator(found["number"]):
        raise PenaltyAmountError(
            text,
            N_("expected a number, alone or with its unit, such as {examples}"),
            examples=EXAMPLES,
        )
    number = found["number"].replace(",", ".")
    if sum(character.isdigit() for character in number) > _MOST_DIGITS:
        raise _too_large(text)
    above, _, below = number.partition("/")
    amount = Fraction(Decimal(above)) / int(below or 1)
    if max(amount.numerator.bit_length(), amount.denominator.bit_length()) > 63:
        raise _too_large(text)
    written = found["unit"]
    if written is not None:
        unit = _UNIT_WORDS[written.lower()]
        if unit == "top":
            amount /= 100
    if unit == "top":
        check_share_of_top(amount, text)
    return TypedAmount(amount, unit)


def check_share_of_top(amount: Fraction, text: str) -> None:
    """Refuse a share of a top of more than one whole top, naming it as typed (``text``).

    >>> check_share_of_top(Fraction(1), "100%")
    >>> check_share_of_top(Fraction(25), "25")
    Traceback (most recent call last):
    ...
    arbitro.tournament.penalty_amounts.PenaltyAmountError: invalid penalty amount '25': a share of a top is at most 1 (a whole top); for a quarter of a top write 1/4 or 25%
    """
    if amount > 1:
        raise PenaltyAmountError(
            text,
            N_(
                "a share of a top is at most 1 (a whole top); for a quarter of a top "
                "write 1/4 or 25%"
            ),
        )


def _zero_denominator(number: str) -> bool:
    """Whether a fraction's denominator is zero (``1/0``, ``1/00``)."""
    _, slash, below = number.partition("/")
    return bool(slash) and not below.strip("0")


def _too_large(text: str) -> PenaltyAmountError:
    return PenaltyAmountError(
        text, N_("expected numbers up to {largest}, such as 1/4 or 3"), largest=LARGEST
    )
