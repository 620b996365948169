"""The numbers in a traveller's cells: an entered score, the tricks taken, and North-South's score.

A score is a whole number of at most :data:`~arbitro.core.bounded.MAX_DIGITS` digits
(:data:`SCORE`); the tricks are a number from 0 to 13 or ``=``, ``+1``, ``-2`` against
the contract; a contract played gives North-South's score by Law 77 with the board's
vulnerability (Law 2).

>>> from arbitro.core.contract import Contract
>>> tricks = tricks_taken("+1", Contract.from_str("4S"))
>>> tricks, ns_score(Contract.from_str("4S"), Seat.WEST, tricks, Board(1))
(11, -450)
"""

from __future__ import annotations

import re

from arbitro.core.board import Board
from arbitro.core.bounded import MAX_DIGITS
from arbitro.core.contract import Contract
from arbitro.core.seat import Seat, Side
from arbitro.i18n import N_
from arbitro.scoring.law77 import check_tricks, score
from arbitro.scoring.results import InvalidScoreError

SCORE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
"""A score as a cell writes it: a whole number, signed or not, of bounded length."""


def ns_score(contract: Contract, declarer: Seat, tricks: int, board: Board) -> int:
    """North-South's score (Law 77) of ``contract`` by ``declarer`` taking ``tricks`` on ``board``.

    >>> from arbitro.core.contract import Contract
    >>> ns_score(Contract.from_str("3NT"), Seat.EAST, 8, Board(2))
    50
    """
    points = score(contract, tricks, board.vulnerability.is_vulnerable(declarer))
    return points if declarer.side is Side.NS else -points


def entered_score(text: str) -> int:
    """North-South's score as the ``score`` cell writes it.

    >>> entered_score("-50")
    -50
    >>> entered_score("4S")
    Traceback (most recent call last):
    ...
    arbitro.scoring.results.InvalidScoreError: invalid score '4S': expected North-South's score, a whole number such as 420, -50
    """
    if not SCORE.fullmatch(text):
        raise InvalidScoreError(
            text,
            N_("expected North-South's score, a whole number such as {examples}"),
            examples="420, -50",
        )
    return int(text)


def tricks_taken(text: str, contract: Contract) -> int:
    """The tricks declarer took, as the ``tricks`` cell writes them: ``10``, ``=``, ``+1``, ``-2``.

    >>> from arbitro.core.contract import Contract
    >>> tricks_taken("=", Contract.from_str("3NT")), tricks_taken("-2", Contract.from_str("3NT"))
    (9, 7)
    """
    if text == "=":
        return contract.tricks_needed
    if re.fullmatch(r"[+-][0-9]{1,2}", text):
        return check_tricks(contract.tricks_needed + int(text))
    return check_tricks(int(text) if re.fullmatch("[0-9]{1,2}", text) else text)
