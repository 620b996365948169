"""Numbers from results: Law 77 scores, IMPs, matchpoints, adjusted scores, a session's ranking.

>>> from arbitro.core import Contract
>>> from arbitro.scoring import imps, matchpoints, score
>>> imps(score(Contract.from_str("4H"), 10, True) - score(Contract.from_str("4H"), 9, True))
12
>>> matchpoints([420, 420, 400, 170, -50])
[7, 7, 4, 2, 0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.core.lazy import names_on_first_use

# Imported now: a submodule of the same name would otherwise stand for the function.
from arbitro.scoring.imps import IMP_SCALE, imps
from arbitro.scoring.matchpoints import matchpoints

if TYPE_CHECKING:
    from arbitro.scoring.law77 import score
    from arbitro.scoring.results import Average, AverageKind, Result, Weighted
    from arbitro.scoring.session import TableResult, score_session

_HOMES = {
    "score": "law77",
    "Average": "results",
    "AverageKind": "results",
    "Result": "results",
    "Weighted": "results",
    "TableResult": "session",
    "score_session": "session",
}
"""Where each name lives: imported when first asked for, so that ``arbitro score 3NT 9``
(Law 77) does not load the session scorer and the authorities' profiles."""


__getattr__ = names_on_first_use(__name__, _HOMES)


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
