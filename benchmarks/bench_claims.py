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

"Before" is the checker of :data:`BEFORE_COMMIT` (main before the normal line's floor,
``bounds.floor``), read from the repository's history with ``git show``
and run in this process on the first :data:`BEFORE` claims of each size; a clone without
that commit (or without git) has no "before" rows.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from arbitro.analysis.claims import ClaimStatement, Position, check_claim, checker
from arbitro.analysis.solver import position_tricks
from arbitro.core import Hand, Seat, Strain, Suit
from benchmarks.harness import Measurement

CLAIMS = 30
"""Claims checked at each size."""

BEFORE = CLAIMS
"""Of those, the claims checked by the search as it was (the "before" rows): all, so that
before and after are the same claims."""

SIZES = (13, 12, 10)

BEFORE_COMMIT = "8a6f5dc5dc936a8e6a1e903498289321b2b15650"
"""Main before this change: the normal-line search bounded by the sure trump tricks only
(issue 26)."""

ROOT = Path(__file__).resolve().parents[1]

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


def _solve(position: Position) -> int:
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    return position_tricks(
        [hand.to_str() for hand in position.hands],
        trump,
        position.leader,
        [str(card) for card in position.trick],
    )


def _times(work: list[Claim], function: Callable[[Claim], object]) -> list[float]:
    times = []
    for claim in work:
        start = time.perf_counter()
        function(claim)
        times.append(time.perf_counter() - start)
    return times


def _p90(times: list[float]) -> float:
    return statistics.quantiles(times, n=10, method="inclusive")[-1]


def before_checker() -> ModuleType | None:
    """The checker module of :data:`BEFORE_COMMIT`, loaded beside today's; None without it."""
    try:
        source = subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "show",
                f"{BEFORE_COMMIT}:src/arbitro/analysis/claims/checker.py",
            ],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "claims_checker_before.py"
        path.write_bytes(source)
        spec = importlib.util.spec_from_file_location("claims_checker_before", path)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return module


def _checks(
    work: list[Claim], check_claim: Callable[..., checker.ClaimCheck]
) -> tuple[list[float], int, int]:
    """Times of the checks by ``check_claim``, the checks undetermined, and those whose
    award is undetermined."""
    undetermined = [0, 0]

    def check(claim: Claim) -> object:
        position, claimer, statement = claim
        result = check_claim(position, claimer, statement, double_dummy=_solve)
        if not result.determined:
            undetermined[0] += 1
            undetermined[1] += result.least is not None and result.least < result.worst
        return result

    return _times(work, check), undetermined[0], undetermined[1]


def run() -> list[Measurement]:
    """Median, p90 and slowest check at 13, 12 and 10 cards a hand, in milliseconds,
    before and after, each beside endplay's ``solve_board`` on the same claims."""
    measurements = []
    before = before_checker()
    for cards in SIZES:
        work = random_claims(cards, CLAIMS, seed=cards)
        theirs = _times(work, lambda claim: _solve(claim[0]))
        runs: list[tuple[str, list[Claim], Callable[..., checker.ClaimCheck]]] = []
        if before is not None:
            runs.append(("before", work[:BEFORE], before.check_claim))
        runs.append(("after", work, check_claim))
        for when, claims, function in runs:
            ours, undetermined, open_awards = _checks(claims, function)
            anchor = theirs[: len(claims)]
            for name, measure in (("median", statistics.median), ("p90", _p90), ("max", max)):
                label = f"claim {when} {name}, {cards} cards"
                if name == "max":
                    label += f" ({undetermined}/{len(claims)} undet., {open_awards} award)"
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
    return measurements
