"""Law 68: a claim or a concession is of some of the tricks that remain. One of more
tricks than remain is a slip in writing the statement down; the checker refuses it,
naming both numbers, rather than checking another claim (all of them, or none).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.analysis.claims import ClaimStatement, InvalidClaimError, check_claim
from arbitro.cli.claims import position_of
from arbitro.core.seat import Seat
from arbitro.i18n import use_language
from arbitro.table.log import loads
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store and director fixtures

END_POSITION = Path(__file__).parents[1] / "docs" / "examples" / "claim-end-position.jsonl"
"""A table log with three tricks left."""


@pytest.mark.parametrize(
    ("statement", "named"), [("4", 4), ("13: finesse SQ", 13), ("concede 4", 4)]
)
def test_law68_a_claim_or_concession_of_more_tricks_than_remain_is_refused(
    statement: str, named: int
) -> None:
    position = position_of(loads(END_POSITION.read_text()))
    assert position.remaining == 3
    with pytest.raises(InvalidClaimError) as refused:
        check_claim(position, Seat.SOUTH, ClaimStatement.from_str(statement))
    assert str(refused.value).endswith(f"3 tricks are left, fewer than the {named} it names")
    with use_language("es"):
        assert str(refused.value).endswith(f"quedan 3 bazas, menos que las {named} que nombra")


@pytest.mark.parametrize(("statement", "claimed"), [("3", 3), ("concede 3", 0), ("all", 3)])
def test_law68_a_claim_of_the_tricks_that_remain_is_checked(statement: str, claimed: int) -> None:
    position = position_of(loads(END_POSITION.read_text()))
    check = check_claim(position, Seat.SOUTH, ClaimStatement.from_str(statement))
    assert check.claimed == claimed


def test_law68_claim_check_refuses_a_claim_of_more_tricks_than_remain_as_a_mistake(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ("claim", "check", str(END_POSITION), "--claim", "5", "--seat", "S")
    code, out, err = run_cli(capsys, *arguments, "--no-double-dummy")
    assert (code, out) == (2, "")
    assert err == (
        "arbitro claim check: invalid claim statement '5': "
        "3 tricks are left, fewer than the 5 it names\n"
    )


def test_law68_the_claim_page_refuses_a_claim_of_more_tricks_than_remain(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    refused = client.post(
        "/director/rulings/claim",
        data={
            "csrf_token": csrf,
            "log": END_POSITION.read_text(),
            "claimer": "S",
            "statement": "5",
        },
    )
    assert refused.status_code == 422
    assert "3 tricks are left, fewer than the 5 it names" in refused.text


@pytest.mark.parametrize("statement", ["²", "concede ²", "³: cash the spades"])
def test_claim_statement_reads_only_the_digits_0_to_9_as_tricks(statement: str) -> None:
    """``"²".isdigit()`` is true, but it is no number of tricks: refused, not a crash."""
    with pytest.raises(InvalidClaimError, match="expected all, concede N or a number of tricks"):
        ClaimStatement.from_str(statement)
