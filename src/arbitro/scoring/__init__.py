"""Numbers from results: Law 77 scores and the Law 78B IMP scale (more to come).

>>> from arbitro.core import Contract
>>> imps(score(Contract.from_str("4H"), 10, True) - score(Contract.from_str("4H"), 9, True))
12
"""

from arbitro.scoring.imps import IMP_SCALE, imps
from arbitro.scoring.law77 import score

__all__ = ["IMP_SCALE", "imps", "score"]
