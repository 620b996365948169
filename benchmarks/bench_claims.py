"""The claim checker on end positions, beside endplay's ``solve_board`` (issue 10).

End positions of 5 to 8 cards a hand, cut from random deals (each hand keeps that many
of its thirteen cards, a random trump or no trump, a random seat on lead). Árbitro runs
the whole check of an ``all`` claim by the player on lead, as ``arbitro claim check``
does: the double-dummy result (which bounds the search), the line as stated against
every defence, the fewest tricks over every normal line and a losing line; the anchor
is DDS's ``solve_board`` alone (through endplay) on the same positions. The goal: a median check under 100 ms at 8
cards a hand.
"""

from __future__ import annotations

import random
import statistics
import time

from arbitro.analysis.claims import ClaimStatement, Position, check_claim
from arbitro.analysis.solver import position_tricks
from arbitro.core import Hand, Seat, Strain, Suit
from benchmarks.harness import Measurement

POSITIONS = 20
ALL = ClaimStatement.from_str("all")


def end_positions(cards: int, count: int, seed: int) -> list[Position]:
    """``count`` end positions of ``cards`` cards a hand, cut from random deals."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        pack = list(range(52))
        rng.shuffle(pack)
        hands = [
            Hand(sum(1 << index for index in rng.sample(pack[13 * seat : 13 * seat + 13], cards)))
            for seat in range(4)
        ]
        trump = rng.choice([None, *Suit])
        leader = Seat(rng.randrange(4))
        positions.append(Position((hands[0], hands[1], hands[2], hands[3]), trump, leader))
    return positions


def _solve(position: Position) -> int:
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks([hand.to_str() for hand in position.hands], trump, position.leader)


def _times(work: list[Position], function: object) -> list[float]:
    times = []
    for position in work:
        start = time.perf_counter()
        function(position)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def run() -> list[Measurement]:
    """Checks per second and the median check time, 5 to 8 cards a hand."""
    measurements = []
    for cards in (5, 6, 7, 8):
        work = end_positions(cards, POSITIONS, seed=cards)
        ours = _times(
            work, lambda position: check_claim(position, position.leader, ALL, double_dummy=_solve)
        )
        theirs = _times(work, _solve)
        measurements.append(
            Measurement(
                f"claim checks, {cards} cards a hand",
                "/s",
                len(work) / sum(ours),
                len(work) / sum(theirs),
                "endplay solve_board",
            )
        )
        measurements.append(
            Measurement(
                f"median check, {cards} cards a hand",
                "ms",
                1000 * statistics.median(ours),
                1000 * statistics.median(theirs),
                "endplay solve_board",
                higher_is_better=False,
            )
        )
    return measurements
