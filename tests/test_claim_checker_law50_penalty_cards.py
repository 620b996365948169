"""The claim checker plays the defenders' penalty cards as Law 50 requires (50B-D, 51A).

End positions small enough to work out by hand, written North first, each hand
spades.hearts.diamonds.clubs, no trumps; and the table log of a 6NT in which East
holds the ♠K as a major penalty card when North claims.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from arbitro.analysis.claims import (
    ClaimStatement,
    InvalidPositionError,
    Position,
    check_claim,
    worst_line_brute_force,
)
from arbitro.core import Hand, Seat, Side
from cli_support import run_cli

DATA = Path(__file__).resolve().parent / "table_logs"

FOLLOW = Position.from_str("N:A3... K2... .32.. ...32", None, Seat.NORTH)
"""North cashes the ♠A; East keeps the ♠K over the ♠3 unless he must play it."""

DISCARD = Position.from_str("N:3.A.. K..2. .32.. ...32", None, Seat.NORTH)
"""North cashes the ♥A (as he says); East, void, discards the ♦2 and keeps the ♠K unless
bound."""

LEAD = Position.from_str("N:AK... Q..A. .32.. ...32", None, Seat.EAST)
"""East on lead cashes the ♦A, North discarding a spade, unless he must lead the ♠Q."""

MINOR = Position.from_str("N:A3... 42... .32.. ...32", None, Seat.NORTH)
"""North cashes the ♠A; East plays the ♠2 and keeps the ♠4 over the ♠3 unless bound."""


def _with(position: Position, major: str = "", minor: str = "") -> Position:
    return replace(
        position,
        penalty_cards=Hand.from_str(major or "..."),
        minor_penalty_cards=Hand.from_str(minor or "..."),
    )


def _award(position: Position, statement: str = "all") -> int:
    return check_claim(position, Seat.NORTH, ClaimStatement.from_str(statement)).award


@pytest.mark.parametrize(
    ("position", "card", "statement"),
    [(FOLLOW, "K...", "all"), (DISCARD, "K...", "all: H, S"), (LEAD, "Q...", "all")],
)
def test_law50d1_major_penalty_card_played_at_first_opportunity_in_claim_check(
    position: Position, card: str, statement: str
) -> None:
    """Following suit, discarding or leading, East must play his penalty card."""
    assert _award(position, statement) == 1
    assert _award(_with(position, major=card), statement) == 2


def test_law50d1_every_legal_line_leads_the_major_penalty_card() -> None:
    """The yardstick of the property tests binds East too: he leads the ♠Q."""
    assert worst_line_brute_force(LEAD, Side.NS) == 1
    assert worst_line_brute_force(_with(LEAD, major="Q..."), Side.NS) == 2


def test_law50d1_double_dummy_without_the_penalty_card_bounds_no_search() -> None:
    """Double dummy (1 trick, East keeping the ♠K) is no ceiling once East must play it."""
    check = check_claim(
        _with(FOLLOW, major="K..."),
        Seat.NORTH,
        ClaimStatement.from_str("all"),
        double_dummy=lambda position: 1,
    )
    assert (check.as_stated, check.award, check.double_dummy) == (2, 2, 1)
    assert next(str(card) for seat, card in check.line if seat is Seat.EAST) == "SK"


def test_law50c_minor_penalty_card_before_smaller_cards_of_its_suit_in_claim_check() -> None:
    """The ♠4 a minor penalty card, East may not play the ♠2 before it (50C)."""
    assert _award(MINOR) == 1
    assert _award(_with(MINOR, minor="4...")) == 2


def test_law50c_an_honour_may_be_played_before_the_minor_penalty_card() -> None:
    """East's ♠2 a minor penalty card does not make him give up the ♠K over the ♠3."""
    position = Position.from_str("N:A3... K2... .32.. ...32", None, Seat.NORTH)
    assert _award(_with(position, minor="2...")) == 1


def test_law50b_penalty_cards_are_defenders_only_in_claim_check() -> None:
    with pytest.raises(InvalidPositionError, match="defender's"):
        check_claim(
            _with(FOLLOW, major="A..."),
            Seat.NORTH,
            ClaimStatement.from_str("all"),
            declarer=Seat.NORTH,
        )
    with pytest.raises(InvalidPositionError, match="minor penalty card"):
        _with(FOLLOW, minor="K...")  # an honour is never a minor penalty card
    with pytest.raises(InvalidPositionError, match="not held"):
        _with(FOLLOW, major="Q...")


def test_law50d1_penalty_card_at_the_table_reaches_the_claim_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """6NT: North cashes the red suits; East, out of hearts, must discard the ♠K (50D1)."""
    code, printed, _ = run_cli(
        capsys, "claim", "check", str(DATA / "major-penalty-card.jsonl"),
        "--claim", "all: H, D, C, S", "--no-double-dummy", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(printed)
    assert (data["as_stated"], data["award"]) == (11, 11)
    assert "at each lead of West" in data["warnings"][0]
    assert "Law 50D2b" in data["warnings"][0]
