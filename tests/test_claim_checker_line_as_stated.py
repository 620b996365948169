"""The search of the line as stated (Law 70: the tricks the statement makes against every
defence), in the order it tries its targets, with the double-dummy bound it asks for.

The search tries one target above the fewest on a normal line first, then the
double-dummy ceiling, then halves the range; positions it reaches are solved only in
the search for the ceiling (and by default not at all), each once. Whatever the order,
the tricks as stated must be the search's own: they are compared here with the
specification (``claims_reference``, the checker before its search was rebuilt, which
tried every target from the top down with no memory shared).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claims_reference as reference
from arbitro.analysis.claims import ClaimStatement, Position, check_claim, checker
from arbitro.core import Seat, Suit
from claim_support import double_dummy, random_position, random_statement


def _solve_old(position: reference.Position) -> int:
    return double_dummy(Position(position.hands, position.trump, position.leader, position.trick))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), solved=st.booleans())
def test_law_70_the_tricks_as_stated_are_the_specifications(seed: int, solved: bool) -> None:
    """Bounded by the fewest from below and double dummy from above, in the order the
    search tries its targets, the check makes as many tricks as stated as the
    specification, which searched every target from the top down; the award too (but
    where a Law 70E1 exception the specification lacked decided a choice: then the
    award can only rise)."""
    rng = random.Random(seed)
    position = random_position(rng, rng.randint(3, 7))
    claimer = Seat(rng.randrange(4))
    statement = ClaimStatement.from_str(random_statement(rng, position, claimer))
    solver = double_dummy if solved else None
    check = check_claim(position, claimer, statement, double_dummy=solver)
    old = reference.check_claim(
        reference.Position(position.hands, position.trump, position.leader, position.trick),
        claimer,
        statement,
        double_dummy=_solve_old if solved else None,
    )
    assert check.determined
    assert check.worst <= check.as_stated
    if "70E1" in check.laws and "70E1" not in old.laws:
        assert check.award >= old.award
    else:
        assert (check.award, check.as_stated) == (old.award, old.as_stated)
    if solved:
        assert check.double_dummy is not None
        assert check.as_stated <= check.double_dummy


# A claim whose line as stated makes 3 tricks of 8, the fewest on a normal line 0: the
# search for the line as stated meets 1 (one above the fewest) first, then runs out.
OUT_OF_BUDGET = Position.from_str(
    "N:AK2.K4.JT5. 83.A83..AQ4 Q.72.96.KT2 T.J6.7.J763", Suit.HEARTS, Seat.WEST
)


def test_law_70_an_undetermined_check_reports_the_tricks_as_stated_it_proved() -> None:
    """A check out of its budget in the line as stated reports the tricks that line was
    shown to make, the highest target met, not only the fewest (Law 70: the note tells
    the Director "makes at least so many")."""
    statement = ClaimStatement.from_str("all")
    full = check_claim(OUT_OF_BUDGET, Seat.SOUTH, statement)
    cut = check_claim(OUT_OF_BUDGET, Seat.SOUTH, statement, budget=8_000)
    assert full.determined
    assert (full.worst, full.as_stated) == (0, 3)
    assert not cut.determined
    assert cut.least == cut.worst == full.worst
    assert full.worst < cut.as_stated <= full.as_stated
    assert cut.note is not None
    tricks = "trick" if cut.as_stated == 1 else "tricks"
    assert f"at least {cut.as_stated} {tricks};" in cut.note


def _asking(asked: list[Position], claimer: Seat) -> Callable[[Position], int]:
    def every_trick_to_the_claimer(position: Position) -> int:
        asked.append(position)
        return position.remaining if position.to_play.side is claimer.side else 0

    return every_trick_to_the_claimer


@pytest.mark.parametrize("seed", range(6))
def test_law_70_a_position_is_solved_once_and_only_in_the_search_for_the_ceiling(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the positions reached solved (``SOLVED_CLAIMS_FROM`` eleven cards), no
    position is solved twice, the claim's own included; and a check whose line as stated
    makes only the fewest (the first target, one above it, missed) solves nothing but
    the claim: positions are solved only in the search for the ceiling. The tricks are
    the search's own (the solver bounds nothing here), as without the solves."""
    monkeypatch.setattr(checker, "SOLVED_CLAIMS_FROM", 11)
    rng = random.Random(300 + seed)
    position = random_position(rng, 11)
    claimer = Seat(rng.randrange(4))
    statement = ClaimStatement.from_str(rng.choice(["all", "concede 1", "all: D, C"]))
    asked: list[Position] = []
    check = check_claim(position, claimer, statement, double_dummy=_asking(asked, claimer))
    assert asked[0] == position
    assert len(set(asked)) == len(asked)
    assert check.double_dummy == 11
    if check.determined and check.as_stated == check.worst < position.remaining - 1:
        assert asked == [position]
    monkeypatch.setattr(checker, "SOLVED_CLAIMS_FROM", 14)
    once: list[Position] = []
    plain = check_claim(position, claimer, statement, double_dummy=_asking(once, claimer))
    assert once == [position]
    if check.determined and plain.determined:
        assert (check.award, check.as_stated) == (plain.award, plain.as_stated)


def test_a_solve_counts_against_the_budget_by_the_cards_of_the_position() -> None:
    """A double-dummy solve costs more the more cards are left, as its time does: every
    hand size has its cost, none smaller than a smaller position's."""
    costs = checker.SOLVE_COST
    assert len(costs) == 14
    assert all(before <= after for before, after in itertools.pairwise(costs))
    assert costs[8] < costs[13]
