"""Numbers from results: Law 77 scores, IMPs, matchpoints, adjusted scores, a session's ranking.

>>> from arbitro.core import Contract
>>> imps(score(Contract.from_str("4H"), 10, True) - score(Contract.from_str("4H"), 9, True))
12
>>> matchpoints([420, 420, 400, 170, -50])
[7, 7, 4, 2, 0]
"""

from arbitro.scoring.imps import IMP_SCALE, imps
from arbitro.scoring.law77 import score
from arbitro.scoring.matchpoints import matchpoints
from arbitro.scoring.results import Average, AverageKind, Result, Weighted
from arbitro.scoring.session import TableResult, score_session

__all__ = [
    "IMP_SCALE",
    "Average",
    "AverageKind",
    "Result",
    "TableResult",
    "Weighted",
    "imps",
    "matchpoints",
    "score",
    "score_session",
]
