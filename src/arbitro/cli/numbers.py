"""The whole numbers the command line takes: an event, a board, a table, a port.

A module of its own, light to import, so that ``arbitro serve`` reads its port without
the bridge values of :mod:`arbitro.cli.params`.

>>> NumberParam(1, 65535).convert("8000", None, None)
8000
"""

from __future__ import annotations

import re

import click

from arbitro.core.bounded import MAX_NUMBER
from arbitro.core.errors import shown
from arbitro.i18n import gettext


class NumberParam(click.IntRange):
    """A whole number from ``low`` to ``high`` (1 to :data:`MAX_NUMBER` unless told).

    The number the command line takes for an event, a board, a table, a session or a
    record (and, with ``high=``:data:`arbitro.cli.params.MAX_COUNT`, how many boards or
    sessions an event has; with ``1, 65535``, a port). A value out of range is a usage error that names the option or argument and
    the numbers expected, in the active language, before it reaches the store.

    >>> NumberParam().convert("42", None, None)
    42
    >>> NumberParam(1, 65535).convert("99999", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: invalid number '99999': expected a whole number from 1 to 65535
    """

    def __init__(self, low: int = 1, high: int = MAX_NUMBER) -> None:
        super().__init__(min=low, max=high)
        self.low, self.high = low, high

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        """Read the number, refusing one out of range with the parameter's name.

        >>> import click
        >>> option = click.Option(["--board"])
        >>> NumberParam().convert("99999999999999999999999", option, None)
        Traceback (most recent call last):
        ...
        click.exceptions.BadParameter: invalid --board '99999999999999999999999': expected a whole number from 1 to 2147483647
        """
        text = str(value).strip()
        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value
        elif re.fullmatch(r"[+-]?[0-9]+", text) and len(text.lstrip("+-0")) <= len(str(self.high)):
            number = int(text)
        else:
            number = None
        if number is not None and self.low <= number <= self.high:
            return number
        self.fail(
            gettext("invalid {what} '{text}': {reason}").format(
                what=_parameter_name(param),
                text=shown(text),
                reason=gettext("expected a whole number from {low} to {high}").format(
                    low=self.low, high=self.high
                ),
            ),
            param,
            ctx,
        )


def _parameter_name(param: click.Parameter | None) -> str:
    """How a message names ``param``: its option (``--board``) or its translated metavar (``EVENT``).

    >>> _parameter_name(click.Option(["-b", "--board"])), _parameter_name(None)
    ('--board', 'number')
    """
    if isinstance(param, click.Option) and param.opts:
        return max(param.opts, key=len)
    if param is not None:
        return gettext(param.human_readable_name).strip("[]")  # an optional one: [BOARD]
    return gettext("number")
