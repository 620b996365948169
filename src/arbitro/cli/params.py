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
from arbitro.core.bounded import MAX_DIGITS
from arbitro.dealing.boards import MAX_BOARDS
from arbitro.i18n import N_, get_language
from arbitro.scoring.law77 import check_tricks

MAX_COUNT = MAX_BOARDS
"""The most boards or sessions (and tables, rounds, boards a round) the command line takes for an event.

Far above any event and low enough to catch a typo: the most boards of a dealt set
(``arbitro.dealing.boards.MAX_BOARDS``, 10,000). A ranking goes through every session,
so an event of a billion sessions would keep it busy for minutes.
"""


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
