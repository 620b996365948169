"""The claim checker at the table, beside endplay's ``solve_board`` (issue 26).

Random claims at 13, 12 and 10 cards a hand: a random deal (each hand keeps that many
of its thirteen cards), a random trump or no trump, a random seat on lead, a random
claimer and a random statement (``all``, a concession, a number of tricks, suits in
order, drawing trumps, a ruff, a finesse). Árbitro runs the whole check as
``arbitro claim check`` does: the double-dummy result (which bounds the search), the
line as stated against every defence, the fewest tricks over every normal line and a
losing line. The anchor is DDS's ``solve_board`` alone (through endplay) on the same
positions. The goal: p90 under 1 s and the slowest under 3 s at each size; a check
that cannot finish in its budget answers "undetermined", counted in the row's name
(all of them, and those whose award itself is undetermined: the fewest on a normal
line not found, only a range).

"Before" is the same checker run from its Python source (``compiled.source_module``),
"after" the module the install compiled (mypyc; the source again on an install without
a compiler, said in the rows' names), each claim checked by both in turn so that both
meet the same load. The same search: the same answers and cards tried
(tests/test_claims_compiled.py). Besides wall-clock time, the processor time of each
check (``time.process_time``, the double-dummy solves included) says what a shared
machine's load hides; the last row is the compiled checker's speed-up on the processor
time of all the checks.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from types import ModuleType

from arbitro.analysis.claims import ClaimStatement, Position, checker, compiled
from arbitro.analysis.solver import position_tricks
from arbitro.core import Hand, Seat, Strain, Suit
from benchmarks.harness import Measurement

CLAIMS = 30
"""Claims checked at each size."""

SIZES = (13, 12, 10)

Claim = tuple[Position, Seat, ClaimStatement]


def random_claims(cards: int, count: int, seed: int) -> list[Claim]:
    """``count`` random claims at ``cards`` cards a hand (see the module's docstring).

    >>> [(position.remaining, str(statement)) for position, _, statement in random_claims(10, 2, 1)]
    [(10, 'all: D'), (10, 'concede 3')]
    """
    rng = random.Random(seed)
    claims = []
    for _ in range(count):
        pack = list(range(52))
        rng.shuffle(pack)
        hands = [
            Hand(sum(1 << index for index in rng.sample(pack[13 * seat : 13 * seat + 13], cards)))
            for seat in range(4)
        ]
        trump = rng.choice([None, *Suit])
        leader = Seat(rng.randrange(4))
        position = Position((hands[0], hands[1], hands[2], hands[3]), trump, leader)
        claimer = Seat(rng.randrange(4))
        claims.append((position, claimer, _statement(rng, position, claimer)))
    return claims


def _statement(rng: random.Random, position: Position, claimer: Seat) -> ClaimStatement:
    suits = [suit.to_str() for suit in Suit]
    kind = rng.randrange(8)
    if kind == 0:
        text = f"concede {rng.randint(1, 3)}"
    elif kind == 1:
        text = str(rng.randint(1, position.remaining))
    elif kind == 2:
        text = "all: " + rng.choice(suits)
    elif kind == 3:
        text = "all: " + ", ".join(rng.sample(suits, 2))
    elif kind == 4 and position.trump is not None:
        text = "all: draw trumps"
    elif kind == 5:
        text = "all: ruff " + rng.choice(suits)
    elif kind == 6:
        ours = position.hands[claimer].mask | position.hands[claimer.partner].mask
        held = [index for index in range(52) if ours >> index & 1]
        text = "all: finesse " + _card_text(rng.choice(held))
    else:
        text = "all"
    return ClaimStatement.from_str(text)


def _card_text(index: int) -> str:
    hand = Hand(1 << index).to_str().split(".")
    for letter, part in zip("SHDC", hand, strict=True):
        if part:
            return letter + part
    raise AssertionError(index)  # pragma: no cover


def solve(position: Position) -> int:
    """The tricks of the side to play at ``position`` with best play by all (DDS), the
    double-dummy solver the checks get and the anchor they are timed beside."""
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks(
        [hand.to_str() for hand in position.hands],
        trump,
        position.leader,
        [str(card) for card in position.trick],
    )


def p90(times: list[float]) -> float:
    """The 90th percentile of ``times``.

    >>> p90([float(second) for second in range(1, 11)])
    9.1
    """
    return statistics.quantiles(times, n=10, method="inclusive")[-1]


Times = tuple[list[float], list[float]]
"""Wall-clock and processor seconds of each check."""


def _checks(work: list[Claim], module: ModuleType) -> tuple[Times, int, int]:
    """Times of the checks by ``module``'s ``check_claim``, the checks undetermined, and
    those whose award is undetermined."""
    times: Times = ([], [])
    undetermined = [0, 0]
    for position, claimer, statement in work:
        ours = module.Position(position.hands, position.trump, position.leader, position.trick)
        wall, cpu = time.perf_counter(), time.process_time()
        result = module.check_claim(ours, claimer, statement, double_dummy=solve)
        times[0].append(time.perf_counter() - wall)
        times[1].append(time.process_time() - cpu)
        if not result.determined:
            undetermined[0] += 1
            undetermined[1] += result.least is not None and result.least < result.worst
    return times, undetermined[0], undetermined[1]


def _solves(work: list[Claim]) -> Times:
    times: Times = ([], [])
    for position, _, _ in work:
        wall, cpu = time.perf_counter(), time.process_time()
        solve(position)
        times[0].append(time.perf_counter() - wall)
        times[1].append(time.process_time() - cpu)
    return times


def run() -> list[Measurement]:
    """Median, p90 and slowest check at 13, 12 and 10 cards a hand, in milliseconds of
    wall clock and p90 and slowest in processor time, the checker run from its source
    (before) and compiled (after), each beside endplay's ``solve_board`` on the same
    claims; then the compiled checker's speed-up over its source."""
    measurements = []
    source = compiled.source_module("arbitro.analysis.claims.checker")
    after = "after" if compiled.is_compiled(checker) else "after (source: not compiled)"
    totals = [0.0, 0.0]
    for cards in SIZES:
        work = random_claims(cards, CLAIMS, seed=cards)
        theirs = _solves(work)
        runs: dict[str, list[tuple[Times, int, int]]] = {"before": [], after: []}
        for claim in work:
            # One claim by each in turn: both meet the same load.
            runs["before"].append(_checks([claim], source))
            runs[after].append(_checks([claim], checker))
        results: dict[str, tuple[Times, int, int]] = {}
        for when, each in runs.items():
            wall = [seconds for (walls, _), _, _ in each for seconds in walls]
            cpu = [seconds for (_, cpus), _, _ in each for seconds in cpus]
            undetermined = sum(entry[1] for entry in each)
            open_awards = sum(entry[2] for entry in each)
            results[when] = ((wall, cpu), undetermined, open_awards)
        totals[0] += sum(results["before"][0][1])
        totals[1] += sum(results[after][0][1])
        for when, ((wall, cpu), undetermined, open_awards) in results.items():
            rows: list[tuple[str, Callable[[list[float]], float], list[float], list[float]]] = [
                ("median", statistics.median, wall, theirs[0]),
                ("p90", p90, wall, theirs[0]),
                ("max", max, wall, theirs[0]),
                ("p90 cpu", p90, cpu, theirs[1]),
                ("max cpu", max, cpu, theirs[1]),
            ]
            for name, measure, ours, anchor in rows:
                label = f"claim {when} {name}, {cards} cards"
                if name == "max":
                    label += f" ({undetermined}/{len(work)} undet., {open_awards} award)"
                measurements.append(
                    Measurement(
                        label,
                        "ms",
                        1000 * measure(ours),
                        1000 * measure(anchor),
                        "endplay solve_board",
                        higher_is_better=False,
                    )
                )
    measurements.append(
        Measurement(
            f"claim {after}: cpu of all checks",
            "s",
            totals[1],
            totals[0],
            "the checker's source (before)",
            higher_is_better=False,
        )
    )
    return measurements
