"""What the claim checker's tests share: random claims, the double-dummy solver, a wait for the server's log.

The tests that hold the checker to its specification (``test_claim_checker_*``) check
random positions with random statements, some with double dummy bounding the line as
stated. Test modules import it: ``from claim_support import random_position``.
"""

from __future__ import annotations

import random
import time

import pytest

from arbitro.analysis.claims import Position
from arbitro.analysis.solver import position_tricks
from arbitro.core import Card, Hand, Seat, Strain, Suit

UNDETERMINED_LOG = (
    '{"event": "board", "board": 1, "deal": "N:AK32.KQ4.A53.K72 QJ9.J52.KQ4.AQ93 '
    'T85.AT983.J7.J64 764.76.T9862.T85", "dealer": "N", "vulnerable": "None"}\n'
    '{"event": "call", "seat": "N", "call": "1NT"}\n'
    '{"event": "call", "seat": "E", "call": "Pass"}\n'
    '{"event": "call", "seat": "S", "call": "Pass"}\n'
    '{"event": "call", "seat": "W", "call": "Pass"}\n'
)
"""A table log of 1NT by North before the opening lead: North claiming all 13 tricks is a
check that runs out of a small budget (see :data:`SMALL_BUDGET`)."""

SMALL_BUDGET = 150_000
"""A budget under which North's claim of all at :data:`UNDETERMINED_LOG` is undetermined
(every normal line makes at least 1 trick, one makes 3), while ``checker.FURTHER`` (10)
times it proves the fewest, 2 (the whole check takes 3,000,000 to 4,000,000). It was
200,000 until the search left uncompleted a trick the claimer's side surely takes
(``checker.TAKEN``): that budget now proves the fewest."""


def random_position(rng: random.Random, cards: int) -> Position:
    """A random deal cut to ``cards`` cards a hand, random trumps and leader.

    >>> random_position(random.Random(1), 2).remaining
    2
    """
    pack = list(range(52))
    rng.shuffle(pack)
    hands = [
        Hand(sum(1 << index for index in pack[13 * seat : 13 * seat + cards])) for seat in range(4)
    ]
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]), Seat(rng.randrange(4))
    )


def random_statement(rng: random.Random, position: Position, claimer: Seat) -> str:
    """A random statement of ``claimer`` at ``position``: all, a concession, a number of
    tricks, drawing trumps, suits in order, a ruff or a finesse of one of his side's cards.

    >>> position = random_position(random.Random(1), 3)
    >>> position.to_str(), random_statement(random.Random(2), position, Seat.NORTH)
    ('N:Q.K..J 9..Q4. .T9..Q ..K2.8', 'all: draw trumps')
    """
    ours = position.hands[claimer].mask | position.hands[claimer.partner].mask
    held = [index for index in range(52) if ours >> index & 1]
    finesse = "all: finesse " + str(Card.from_index(rng.choice(held))) if held else "all"
    suits = [suit.to_str() for suit in Suit]
    return rng.choice(
        [
            "all",
            "all",
            f"concede {rng.randint(1, 2)}",
            str(rng.randint(0, position.remaining)),
            "all: draw trumps",
            "all: " + ", ".join(rng.sample(suits, rng.randint(1, 3))),
            "all: ruff " + rng.choice(suits),
            finesse,
        ]
    )


def double_dummy(position: Position) -> int:
    """The tricks of the side to play at ``position`` with best play by all (DDS).

    >>> double_dummy(Position.from_str("N:A... K... Q... J...", None, Seat.NORTH))
    1
    """
    trump = Strain.NOTRUMP if position.trump is None else Strain(int(position.trump))
    hands = [hand.to_str() for hand in position.hands]
    return position_tricks(hands, trump, position.leader, [str(c) for c in position.trick])


def wait_for(text: str, caplog: pytest.LogCaptureFixture) -> None:
    """Wait until the server logs ``text``, for a minute at most (then the test's assertion fails)."""
    deadline = time.monotonic() + 60
    while text not in caplog.text and time.monotonic() < deadline:
        time.sleep(0.05)
