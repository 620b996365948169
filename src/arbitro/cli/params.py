"""Click parameter types for bridge values: they fail early, naming the input.

>>> ContractParam().convert("4SX", None, None)
Contract.from_str('4SX')
"""

from __future__ import annotations

import re

import click

from arbitro.core import (
    Board,
    Contract,
    FinalContract,
    InvalidPointsError,
    NotationError,
    PassedOut,
    final_contract_from_str,
)
from arbitro.core.bounded import MAX_DIGITS, MAX_NUMBER
from arbitro.core.errors import shown
from arbitro.dealing.boards import MAX_BOARDS
from arbitro.i18n import N_, get_language, gettext
from arbitro.scoring.law77 import check_tricks

MAX_COUNT = MAX_BOARDS
"""The most boards or sessions (and tables, rounds, boards a round) the command line takes for an event.

Far above any event and low enough to catch a typo: the most boards of a dealt set
(``arbitro.dealing.boards.MAX_BOARDS``, 10,000). A ranking goes through every session,
so an event of a billion sessions would keep it busy for minutes.
"""


class NumberParam(click.IntRange):
    """A whole number from ``low`` to ``high`` (1 to :data:`MAX_NUMBER` unless told).

    The number the command line takes for an event, a board, a table, a session or a
    record (and, with ``high=``:data:`MAX_COUNT`, how many boards or sessions an event
    has). A value out of range is a usage error that names the option or argument and
    the numbers expected, in the active language, before it reaches the store.

    >>> NumberParam().convert("42", None, None)
    42
    >>> NumberParam(high=MAX_COUNT).convert("10001", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: invalid number '10001': expected a whole number from 1 to 10000
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


class ContractParam(click.ParamType[FinalContract]):
    """A contract (``3NT``, ``4SX``, ``6HXX``) or ``Pass`` for a passed-out board.

    Values on the command line are read in the language of ``--lang``.
    """

    name = "contract"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> FinalContract:
        """Read the contract in the active language.

        >>> ContractParam().convert("Pass", None, None)
        PassedOut()
        """
        if isinstance(value, Contract | PassedOut):
            return value
        try:
            return final_contract_from_str(str(value), get_language())
        except NotationError as error:
            self.fail(str(error), param, ctx)


class TricksParam(click.ParamType[int]):
    """A number of tricks taken, 0 to 13."""

    name = "tricks"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        """Read a whole number of tricks from 0 to 13.

        >>> TricksParam().convert("9", None, None)
        9
        """
        if isinstance(value, int):
            return value
        text = str(value).strip()
        try:
            return check_tricks(int(text) if re.fullmatch(r"[+-]?[0-9]{1,3}", text) else text)
        except NotationError as error:
            self.fail(str(error), param, ctx)


class BoardParam(click.ParamType[Board]):
    """A board number, 1 and up."""

    name = "board"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> Board:
        """Read a board number.

        >>> BoardParam().convert("7", None, None)
        Board(7)
        """
        if isinstance(value, Board):
            return value
        try:
            return Board.from_str(str(value))
        except NotationError as error:
            self.fail(str(error), param, ctx)


class PointsParam(click.ParamType[int]):
    """A whole number of total points, positive or negative (``-620``)."""

    name = "points"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        """Read a whole number, with its sign.

        >>> PointsParam().convert("-620", None, None)
        -620
        """
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if re.fullmatch(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", text):
            return int(text)
        error = InvalidPointsError(
            text, N_("expected a whole number of points, such as {examples}"), examples="720, -170"
        )
        self.fail(str(error), param, ctx)
