"""Law 77 scoring speed: every contract, doubling, vulnerability and trick count.

The anchor is a precomputed lookup table (the fastest possible answer), so the ratio
says how far the readable composed functions are from a table lookup.
"""

from __future__ import annotations

import itertools

from arbitro.core import BIDS, Contract, Doubling
from benchmarks.harness import Measurement, best_time

CASES = [
    (Contract(bid.level, bid.strain, doubling), tricks, vulnerable)
    for bid, doubling, vulnerable, tricks in itertools.product(
        BIDS, Doubling, (False, True), range(14)
    )
]


def run() -> list[Measurement]:
    table = {case: case[0].score(case[1], case[2]) for case in CASES}

    def composed() -> None:
        for contract, tricks, vulnerable in CASES:
            contract.score(tricks, vulnerable)

    def lookup() -> None:
        for case in CASES:
            table[case]

    ours = len(CASES) / best_time(composed)
    anchor = len(CASES) / best_time(lookup)
    return [Measurement("law 77 scores", "/s", ours, anchor, "dict lookup of precomputed scores")]
