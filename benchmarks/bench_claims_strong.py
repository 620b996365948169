"""Claims by a side that holds the tricks (issue 26): the claims a table meets more often.

``bench_claims`` draws its claimer at random, so in many of its claims the claimer's
side takes few tricks double dummy: a claim of all by a side that has two. At a table
the claimer's side usually holds most of what it claims. This benchmark keeps, from
random claims drawn as ``bench_claims`` draws them (other seeds), the first 30 at each
size whose claimer's side takes at least half the tricks left double dummy, and checks
them with the compiled checker and its usual budget: median, p90 and slowest beside
endplay's ``solve_board`` on the same positions, and in the rows' names the checks
undetermined and those whose award is only a range. On a normal line (Law 70) such a
side may still take far fewer tricks than double dummy (a card led carelessly, a
winner thrown), and the search for that fewest is what runs out of budget.
"""

from __future__ import annotations

import statistics
import time

from arbitro.analysis.claims import checker
from benchmarks.bench_claims import CLAIMS, SIZES, Claim, p90, random_claims, solve
from benchmarks.harness import Measurement

DRAWN = 300
"""Random claims drawn at each size to keep :data:`CLAIMS` of them."""


def strong_claims(cards: int, count: int, seed: int) -> list[Claim]:
    """The first ``count`` random claims (:func:`~benchmarks.bench_claims.random_claims`)
    whose claimer's side takes at least half of the ``cards`` tricks double dummy.

    >>> claims = strong_claims(5, 2, 1)
    >>> [2 * _claimers_tricks(claim) >= 5 for claim in claims]
    [True, True]
    """
    kept = []
    for claim in random_claims(cards, DRAWN, seed):
        if 2 * _claimers_tricks(claim) >= cards:
            kept.append(claim)
            if len(kept) == count:
                break
    return kept


def _claimers_tricks(claim: Claim) -> int:
    """The claimer's side's tricks double dummy."""
    position, claimer, _ = claim
    tricks = solve(position)
    return tricks if position.leader.side is claimer.side else position.remaining - tricks


def run() -> list[Measurement]:
    """Median, p90 and slowest compiled check at 13, 12 and 10 cards a hand of claims by a
    side holding half the tricks or more, beside endplay's ``solve_board``."""
    measurements = []
    for cards in SIZES:
        work = strong_claims(cards, CLAIMS, seed=1000 + cards)
        ours: list[float] = []
        theirs: list[float] = []
        undetermined = ranges = 0
        for position, claimer, statement in work:
            start = time.perf_counter()
            solve(position)
            theirs.append(time.perf_counter() - start)
            start = time.perf_counter()
            check = checker.check_claim(position, claimer, statement, double_dummy=solve)
            ours.append(time.perf_counter() - start)
            undetermined += not check.determined
            ranges += check.least is not None and check.least < check.worst
        for name, measure in (("median", statistics.median), ("p90", p90), ("max", max)):
            label = f"strong claim {name}, {cards} cards"
            if name == "max":
                label += f" ({undetermined}/{len(work)} undet., {ranges} award)"
            measurements.append(
                Measurement(
                    label,
                    "ms",
                    1000 * measure(ours),
                    1000 * measure(theirs),
                    "endplay solve_board",
                    higher_is_better=False,
                )
            )
    return measurements
