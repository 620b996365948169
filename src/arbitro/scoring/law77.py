"""The duplicate bridge scoring table (Law 77), for the scorer: written once, in :mod:`arbitro.core.law77`.

The contract's own score lives beside it in ``core`` (:meth:`Contract.score`); this
module re-exports the table's named parts and adds the score of a final contract (a
pass-out scores 0) and every score a board can have.

>>> from arbitro.core import Contract
>>> score(Contract.from_str("4S"), tricks=10, vulnerable=True)
620
>>> score(Contract.from_str("3NTX"), tricks=6, vulnerable=False)
-500
"""

from __future__ import annotations

from functools import cache

from arbitro.core.board import Board
from arbitro.core.contract import Contract, FinalContract, PassedOut
from arbitro.core.law77 import (
    GAME_THRESHOLD,
    Doubling,
    check_tricks,
    contract_points,
    contract_score,
    game_bonus,
    insult_bonus,
    made_score,
    overtrick_points,
    slam_bonus,
    trick_value,
    undertrick_points,
)
from arbitro.core.seat import Side
from arbitro.core.suit import Strain
from arbitro.i18n import N_

__all__ = [
    "GAME_THRESHOLD",
    "Doubling",
    "check_tricks",
    "contract_points",
    "contract_score",
    "game_bonus",
    "insult_bonus",
    "made_contract_score",
    "made_score",
    "overtrick_points",
    "possible_scores",
    "score",
    "slam_bonus",
    "trick_value",
    "undertrick_points",
    "unscored",
]


def made_contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score for a contract made with ``tricks`` tricks.

    >>> made_contract_score(Contract.from_str("1NTX"), tricks=8, vulnerable=False)
    280
    """
    return made_score(contract.level, contract.strain, contract.doubling, tricks, vulnerable)


def score(contract: FinalContract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score by Law 77: positive if made, negative if defeated.

    ``tricks`` is how many of the 13 tricks the declaring side took. A passed-out
    board scores 0.

    >>> score(Contract.from_str("4SX"), tricks=8, vulnerable=True)
    -500
    >>> score(PassedOut(), tricks=0, vulnerable=True)
    0
    """
    if isinstance(contract, PassedOut):
        check_tricks(tricks)
        return 0
    return contract.score(tricks, vulnerable)


@cache
def possible_scores(ns_vulnerable: bool, ew_vulnerable: bool) -> frozenset[int]:
    """Every North-South score Law 77 can give on a board of this vulnerability.

    Each contract, doubled or not, by either side, with each number of tricks, and the
    pass-out's 0: a typed score outside it (``425``) is no duplicate score at all.

    >>> scores = possible_scores(False, False)
    >>> 420 in scores, -420 in scores, 425 in scores, 620 in scores, 7600 in scores
    (True, True, False, False, False)
    >>> min(possible_scores(True, True)), max(possible_scores(True, True))
    (-7600, 7600)
    """
    found = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for tricks in range(14):
                    found.add(score(contract, tricks, ns_vulnerable))
                    found.add(-score(contract, tricks, ew_vulnerable))
    return frozenset(found)


def unscored(ns_score: int, board: Board) -> tuple[str, dict[str, int]] | None:
    """Why Law 77 gives no result North-South's ``ns_score`` on ``board``, or None when one does.

    The reason is a message and its fields, the nearest scores Law 77 gives at the
    board's vulnerability among them: a director typing the score is refused with it
    (:meth:`~arbitro.tournament.entry.Entry.check_score`), a file's score is scored as
    written and warned with it (:func:`~arbitro.scoring.traveller_lines.read_line`).

    >>> unscored(425, Board(1))
    ('no contract scores that on board {board}; the nearest are {low} and {high}', {'board': 1, 'low': 420, 'high': 430})
    >>> unscored(420, Board(1)) is None
    True
    """
    vulnerability = board.vulnerability
    possible = possible_scores(
        vulnerability.is_vulnerable(Side.NS), vulnerability.is_vulnerable(Side.EW)
    )
    if ns_score in possible:
        return None
    below = max((value for value in possible if value < ns_score), default=None)
    above = min((value for value in possible if value > ns_score), default=None)
    if below is not None and above is not None:
        return (
            N_("no contract scores that on board {board}; the nearest are {low} and {high}"),
            {"board": board.number, "low": below, "high": above},
        )
    nearest = below if below is not None else above
    assert nearest is not None, "Law 77 gives scores on every board"
    return (
        N_("no contract scores that on board {board}; the nearest is {score}"),
        {"board": board.number, "score": nearest},
    )
