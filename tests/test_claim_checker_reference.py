"""The claim checker awards what its specification awards (Laws 70-71).

``claims_reference`` is the checker as it was before its search was rebuilt (shared
memory of positions, move ordering, a budget). The awards, the tricks as stated and
the Laws cited must be the same on the positions of the claim tests and on seeded
random claims small enough to check in a few seconds. The one allowed difference is
the Law 70E1 exceptions the reference lacked (a finesse made normal when an opponent
would show out on a normal line, or when not taking it would be irrational): they only
take normal lines away from the claimer's side, so the award can only rise, and the
check then cites 70E1.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import claims_reference as reference
from arbitro.analysis.claims import ClaimStatement, Position, check_claim, checker
from arbitro.analysis.claims.compiled import source_module
from arbitro.core import Seat, Side, Suit
from claim_support import double_dummy, random_position, random_statement
from test_claim_checker_laws_69_71 import BLOCKED, FINESSE, PARTNER_LEADS, TRUMP_OUT

POSITIONS = {
    "blocked": BLOCKED,
    "finesse": FINESSE,
    "partner leads": PARTNER_LEADS,
    "trump out": TRUMP_OUT,
    "trump stays": Position.from_str("N:32... .Q.2. .AK.. ..43.", Suit.HEARTS, Seat.SOUTH),
    "defenders": Position.from_str("N:..AK. A.2.. .K.Q. .A..2", None, Seat.EAST),
    "trick won": Position.from_str("N:.2.A. .3.2. .4.K. ..Q.", None, Seat.WEST, trick=["HA"]),
    "trick led": Position.from_str("N:3...2 4..4. ..2. 2..3.", None, Seat.SOUTH, trick=["SA"]),
    "no spade out": Position.from_str("N:32... ..32. AK... ..54.", None, Seat.SOUTH),
}

STATEMENTS = (
    "all",
    "concede 1",
    "1",
    "all: draw trumps",
    "all: S, H",
    "all: H",
    "all: D, C",
    "all: ruff C",
    "all: ruff S",
    "all: finesse SQ",
    "all: finesse HJ",
)


def _same(
    position: Position,
    claimer: Seat,
    text: str,
    *,
    from_top: bool = True,
    shown_out: tuple[tuple[Seat, Suit], ...] = (),
    declarer: Seat | None = None,
) -> None:
    statement = ClaimStatement.from_str(text)
    new = check_claim(
        position, claimer, statement, from_top=from_top, shown_out=shown_out, declarer=declarer
    )
    old = reference.check_claim(
        reference.Position(position.hands, position.trump, position.leader, position.trick),
        claimer,
        statement,
        from_top=from_top,
        shown_out=shown_out,
        declarer=declarer,
    )
    where = f"{position.to_str()} {position.trump} {position.leader} {claimer} {text!r}"
    assert new.determined, where
    if "70E1" in new.laws and "70E1" not in old.laws:
        assert new.award >= old.award, where
    else:
        assert (new.award, new.law, new.as_stated) == (old.award, old.law, old.as_stated), where
    assert set(old.laws) <= set(new.laws), where
    assert new.laws.count("70E1") <= 1
    _replays(position, new.line, new.award, claimer, text)


def _replays(
    position: Position, line: tuple[tuple[Seat, object], ...], award: int, claimer: Seat, text: str
) -> None:
    """The losing line is legal card by card and makes the award."""
    hands = [hand.mask for hand in position.hands]
    trick = [(position.leader, card.index) for card in position.trick]
    seat = position.to_play
    won = 0
    trump = -1 if position.trump is None else int(position.trump)
    for played_by, card in line:
        index = card.index  # type: ignore[attr-defined]
        assert played_by == seat, text
        assert hands[seat] >> index & 1, text
        if trick:
            lead = trick[0][1] // 13
            follows = hands[seat] & (0x1FFF << 13 * lead)
            assert not follows or index // 13 == lead, text
        hands[seat] &= ~(1 << index)
        trick.append((seat, index))
        seat = Seat((seat + 1) % 4)
        if len(trick) == 4:
            led = trick[0][1] // 13
            seat = max(
                trick,
                key=lambda entry: (entry[1] // 13 == trump, entry[1] // 13 == led, entry[1]),
            )[0]
            won += seat.side is claimer.side
            trick = []
    assert not any(hands), text
    assert won == award, text


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_claim_awards_equal_the_specification_on_the_test_positions(name: str) -> None:
    position = POSITIONS[name]
    for claimer in Seat:
        for text in STATEMENTS:
            _same(position, claimer, text)
            _same(position, claimer, text, declarer=claimer.lho)
        _same(position, claimer, "all", from_top=False)
        _same(position, claimer, "all", shown_out=((claimer.lho, Suit.SPADES),))


@pytest.mark.parametrize("seed", range(12))
def test_claim_awards_equal_the_specification_on_random_claims(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        position = random_position(rng, rng.randint(2, 5))
        claimer = Seat(rng.randrange(4))
        shown = tuple(
            (seat, suit)
            for seat in (claimer.lho, claimer.rho)
            for suit in Suit
            if not position.hands[seat].mask & (0x1FFF << 13 * int(suit)) and rng.random() < 0.5
        )
        _same(
            position,
            claimer,
            random_statement(rng, position, claimer),
            from_top=rng.random() < 0.8,
            shown_out=shown,
            declarer=rng.choice([None, *Seat]),
        )


@pytest.mark.parametrize("seed", range(8))
def test_claim_awards_equal_the_specification_on_larger_random_claims(seed: int) -> None:
    """At six to eight cards a hand, where the normal line found first often makes the
    fewest and ends that search early: the same awards as the specification."""
    rng = random.Random(1000 + seed)
    for _ in range(4):
        position = random_position(rng, rng.randint(6, 8))
        claimer = Seat(rng.randrange(4))
        _same(position, claimer, random_statement(rng, position, claimer))


@pytest.mark.parametrize("seed", range(3))
def test_the_normal_line_found_first_leaves_the_award_unchanged(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line the beam finds bounds the search for the fewest from above (Law 70: the
    award is the fewest on a normal line); with it or without it (``WIDTH = 0``), the
    same award, tricks as stated and Laws (70E1 apart: it is cited when a 70E1 case
    decided a choice in the positions searched, and the bound searches fewer), and
    each line makes the award."""
    rng = random.Random(2000 + seed)
    for _ in range(3):
        position = random_position(rng, rng.randint(6, 8))
        claimer = Seat(rng.randrange(4))
        statement = ClaimStatement.from_str(random_statement(rng, position, claimer))
        bounded = check_claim(position, claimer, statement)
        monkeypatch.setattr(checker, "WIDTH", 0)
        searched = check_claim(position, claimer, statement)
        monkeypatch.undo()
        assert bounded.determined
        assert searched.determined
        assert (bounded.award, bounded.as_stated) == (searched.award, searched.as_stated)
        assert set(bounded.laws) - {"70E1"} == set(searched.laws) - {"70E1"}
        _replays(position, bounded.line, bounded.award, claimer, str(statement))
        _replays(position, searched.line, searched.award, claimer, str(statement))


def test_claim_check_out_of_budget_answers_undetermined() -> None:
    """A search that cannot finish in its budget says so, with what it found: a normal
    line that makes ``worst`` (legal card by card), the fewest every normal line was
    shown to make, and a note for the Director (Law 70); never a long wait."""
    position = Position.from_str(
        "N:J76.T864.9.AKQT4 T3.KQ5.QJ53.8652 KQ9854.9.T8764.7 A2.AJ732.AK2.J93",
        Suit.CLUBS,
        Seat.EAST,
    )
    check = check_claim(position, Seat.NORTH, ClaimStatement.from_str("all: C"), budget=0)
    assert not check.determined
    assert check.least is not None
    assert 0 <= check.least <= check.worst <= check.remaining
    assert check.note is not None
    assert "undetermined" in check.note
    assert check.to_json()["determined"] is False
    _replays(position, check.line, check.worst, Seat.NORTH, "all: C")


def test_claim_check_out_of_budget_line_starts_from_the_trick_in_progress() -> None:
    """The normal line an undetermined check gives, when the claim is made in the middle
    of a trick, goes on from the seat to play: legal card by card (Law 70)."""
    position = Position.from_str("N:3...2 4..4. ..2. 2..3.", None, Seat.SOUTH, trick=["SA"])
    check = check_claim(position, Seat.NORTH, ClaimStatement.from_str("all"), budget=0)
    assert not check.determined
    _replays(position, check.line, check.worst, Seat.NORTH, "all")


def test_claim_check_budget_is_a_count_of_positions_so_the_answer_repeats() -> None:
    """The budget counts positions searched, not seconds: a check stopped by it gives
    the same answer every time, on an idle machine or a loaded one (Law 70: the
    Director must be able to rely on what the checker says)."""
    position = Position.from_str(
        "N:J76.T864.9.AKQT4 T3.KQ5.QJ53.8652 KQ9854.9.T8764.7 A2.AJ732.AK2.J93",
        Suit.CLUBS,
        Seat.EAST,
    )
    statement = ClaimStatement.from_str("all: C")
    checks = [check_claim(position, Seat.NORTH, statement, budget=3000) for _ in range(3)]
    assert not checks[0].determined
    assert all(check == checks[0] for check in checks[1:])
    _replays(position, checks[0].line, checks[0].worst, Seat.NORTH, "all: C")


@pytest.mark.parametrize("seed", range(3))
def test_double_dummy_bounds_leave_the_check_unchanged(seed: int) -> None:
    """The solver bounds positions of the line as stated from above (never more than
    double dummy): with it or without it, the same tricks as stated and the same award."""
    rng = random.Random(seed)
    position = random_position(rng, 8)
    claimer = Seat(rng.randrange(4))
    statement = ClaimStatement.from_str("all")
    bounded = check_claim(position, claimer, statement, double_dummy=double_dummy)
    searched = check_claim(position, claimer, statement)
    assert bounded.determined
    assert searched.determined
    assert (bounded.award, bounded.as_stated) == (searched.award, searched.as_stated)
    assert bounded.double_dummy is not None
    assert bounded.as_stated <= bounded.double_dummy


def test_claim_check_budget_counts_every_card_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget counts each card the searches try, not each trick they start, so the
    work of a check, and its time at the table, follow the budget: a 10-card claim whose
    line as stated takes a long search, with a budget of 20,000, tries no more cards
    than that and answers undetermined (Law 70:
    the Director judges, never a long wait). Each call of a search step is one card
    tried (or the start of a trick searched, which follows a card tried)."""
    # The calls are counted in the Python source: a compiled search's calls to its own
    # methods cannot be intercepted (tests/test_claims_compiled.py holds the two equal,
    # cards tried included).
    source = source_module("arbitro.analysis.claims.checker")
    tried = [0]
    plays: Callable[..., bool] = source._Search._plays
    tricks: Callable[..., None] = source._Search._tricks

    def counted_plays(self: checker._Search, *args: object) -> bool:
        tried[0] += 1
        return plays(self, *args)

    def counted_tricks(self: checker._Search, *args: object) -> None:
        tried[0] += 1
        tricks(self, *args)

    monkeypatch.setattr(source._Search, "_plays", counted_plays)
    monkeypatch.setattr(source._Search, "_tricks", counted_tricks)
    position = source.Position.from_str(
        "N:.JT43.Q872.93 975.AK95.K95. QT862.Q.A.KQ7 KJ4.8762.J63.", Suit.CLUBS, Seat.SOUTH
    )
    statement = ClaimStatement.from_str("8")
    check: checker.ClaimCheck = source.check_claim(position, Seat.NORTH, statement, budget=20_000)
    assert not check.determined
    assert 0 < tried[0] <= 20_000
    _replays(position, check.line, check.worst, Seat.NORTH, str(statement))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), budget=st.integers(0, 20_000))
def test_law_70_a_budget_stops_a_check_but_never_changes_its_award(seed: int, budget: int) -> None:
    """Whatever the budget, a determined check gives the award and tricks as stated of
    the unbounded check, and an undetermined one a range holding that award: ``least``
    at most it, and a normal line that makes ``worst`` at least it (Law 70: the
    Director judges within the range); the tricks it says the line as stated makes are
    at most what it makes and at least that least."""
    rng = random.Random(seed)
    position = random_position(rng, rng.randint(3, 7))
    claimer = Seat(rng.randrange(4))
    statement = ClaimStatement.from_str(random_statement(rng, position, claimer))
    full = check_claim(position, claimer, statement, budget=10**9)
    cut = check_claim(position, claimer, statement, budget=budget)
    assert full.determined
    if cut.determined:
        assert (cut.award, cut.as_stated) == (full.award, full.as_stated)
    else:
        assert cut.least is not None
        assert cut.least <= full.award <= cut.worst
        assert cut.least <= cut.as_stated <= full.as_stated
        _replays(position, cut.line, cut.worst, claimer, str(statement))


def test_law_70_double_dummy_bounds_a_ten_card_line_as_stated_once_at_the_claim() -> None:
    """At ten cards a hand the double-dummy solver is asked once, for the position
    claimed: the line as stated never makes more than best play by all (Law 70 awards no
    more than the claimer's side can make), and the positions searched are not solved
    (below ``checker.SOLVED_CLAIMS_FROM`` cards a solve cost more than the defence it
    pruned). The solver here gives the claimer's side every trick, a bound
    that prunes nothing, so the tricks found are the search's own."""
    position = Position.from_str(
        "N:J95.6.A2.AT87 K43.8432.T5.J Q.KQ9.Q984.KQ A7.T5.KJ3.542", None, Seat.NORTH
    )
    asked: list[Position] = []

    def every_trick_to_the_claimer(asked_at: Position) -> int:
        asked.append(asked_at)
        return asked_at.remaining if asked_at.to_play.side is Side.EW else 0

    statement = ClaimStatement.from_str("all: C, H")
    check = check_claim(position, Seat.WEST, statement, double_dummy=every_trick_to_the_claimer)
    unbounded = check_claim(position, Seat.WEST, statement)
    assert check.determined
    assert (check.award, check.as_stated, check.double_dummy) == (
        unbounded.award,
        unbounded.as_stated,
        10,
    )
    assert asked == [position]


@pytest.mark.parametrize("seed", [5, 10])
def test_law_70_double_dummy_bounds_the_positions_searched_in_a_claim_of_eleven_cards(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From ``checker.SOLVED_CLAIMS_FROM`` cards a hand (set to eleven here; by default
    no hand is that long) the search of the line as stated asks double dummy at the
    positions it reaches too, not only at the claim. The solver gives the claimer's side
    every trick, a bound that prunes nothing: the award is the search's own either way,
    and with the rule raised past eleven cards only the claim is solved."""
    rng = random.Random(seed)
    position = random_position(rng, 11)
    claimer = Seat(rng.randrange(4))
    statement = ClaimStatement.from_str(random_statement(rng, position, claimer))

    def solved_at(asked: list[Position]) -> Callable[[Position], int]:
        def every_trick_to_the_claimer(asked_at: Position) -> int:
            asked.append(asked_at)
            return asked_at.remaining if asked_at.to_play.side is claimer.side else 0

        return every_trick_to_the_claimer

    searched: list[Position] = []
    monkeypatch.setattr(checker, "SOLVED_CLAIMS_FROM", 11)
    check = check_claim(position, claimer, statement, double_dummy=solved_at(searched))
    monkeypatch.setattr(checker, "SOLVED_CLAIMS_FROM", 12)
    at_the_claim: list[Position] = []
    once = check_claim(position, claimer, statement, double_dummy=solved_at(at_the_claim))
    assert checker.SOLVED_CLAIMS_FROM == 12
    assert check.determined
    assert once.determined
    assert (check.award, check.as_stated) == (once.award, once.as_stated)
    assert searched[0] == position
    assert len(searched) > 1
    assert at_the_claim == [position]
