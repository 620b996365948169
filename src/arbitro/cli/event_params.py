"""The values ``arbitro event`` reads from its command line: a participant, a carry-over, a score.

``event new`` takes all three (``--pair``, ``--carry-over``, ``--bye-vp``), ``event
carry-over`` the second; each fails early, naming what it expected. The director's acts
on a participant (``penalty``, ``appeal``, ``substitute``, ``suspend``, ``disqualify``)
name it by its number (:class:`PairNumberParam`: a Spanish director's ``3EO`` is pair
``3EW``).

>>> CarryOverParam().convert("B,15/2", None, None), PointsParam().convert("12", None, None)
(('B', Fraction(15, 2)), Fraction(12, 1))
"""

from __future__ import annotations

import re
from fractions import Fraction

import click

from arbitro.i18n import gettext
from arbitro.tournament.event import Participant, pair_number


class ParticipantParam(click.ParamType[Participant]):
    """A participant: ``NUMBER[: NAME #FEDERATION, NAME]``."""

    name = "participant"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Participant:
        """Read ``1: Ana #123, Luis``.

        >>> ParticipantParam().convert("1: Ana #123, Luis", None, None)
        Participant.from_str('1: Ana #123, Luis')
        """
        if isinstance(value, Participant):
            return value
        try:
            return Participant.from_str(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)


class PairNumberParam(click.ParamType[str]):
    """A participant's number as the event keeps it, in either language's spelling.

    A Mitchell pair's side may be written ``EO`` (Este-Oeste) or ``EW``, in any case:
    the store is asked for the number it keeps (:func:`~arbitro.tournament.event.pair_number`).
    """

    name = "participant"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> str:
        """Read ``3eo`` as ``3EW``; a team's or a Howell pair's number as written.

        >>> PairNumberParam().convert("3eo", None, None), PairNumberParam().convert("B", None, None)
        ('3EW', 'B')
        """
        return pair_number(str(value))


_CARRY = re.compile(
    r"(?P<pair>[^,]+),(?P<amount>-?[0-9]{1,100}(?:\.[0-9]{1,100}|/0{0,100}[1-9][0-9]{0,100})?)"
)


class CarryOverParam(click.ParamType[tuple[str, Fraction]]):
    """A carry-over: ``TEAM,AMOUNT`` in the event's unit (IMPs in a knockout, VP, percentage points).

    The carry-over is a teams thing (a knockout's IMPs into a match); in a pairs event
    TEAM is the pair's number. The sign is the store's to check: in a teams event a
    carry-over is never negative.
    """

    name = "carry-over"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Fraction]:
        """Read ``B,7.5``.

        >>> CarryOverParam().convert("B,7.5", None, None)
        ('B', Fraction(15, 2))
        >>> CarryOverParam().convert("B", None, None)
        Traceback (most recent call last):
        ...
        click.exceptions.BadParameter: invalid carry-over 'B': expected TEAM,AMOUNT, as in B,7.5
        """
        if isinstance(value, tuple):
            return value
        match = _CARRY.fullmatch(str(value).strip())
        if match is None:
            self.fail(
                gettext(
                    "invalid carry-over '{text}': expected TEAM,AMOUNT, as in {example}"
                ).format(text=value, example="B,7.5"),
                param,
                ctx,
            )
        return pair_number(match["pair"]), Fraction(match["amount"])


_POINTS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6}|/0{0,6}[1-9][0-9]{0,5})?")


class PointsParam(click.ParamType[Fraction]):
    """A score of 0 or more: ``12``, ``12.5`` or ``25/2``."""

    name = "points"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Fraction:
        """Read ``12.5``.

        >>> PointsParam().convert("12.5", None, None)
        Fraction(25, 2)
        """
        if isinstance(value, Fraction):
            return value
        text = str(value).strip()
        if _POINTS.fullmatch(text) is None:
            self.fail(
                gettext(
                    "invalid score '{text}': expected a number of 0 or more, as in {example}"
                ).format(text=value, example="12, 12.5"),
                param,
                ctx,
            )
        return Fraction(text)
