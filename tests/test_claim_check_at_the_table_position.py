"""The claim checker reads the table as it is when play stops (Laws 63A3, 68C, 70).

A revoke in the trick in progress that the claim established stays played; a line is
printed trick by trick from the cards already in the trick; a statement recorded as
the claimer said it is checked as no line stated when the checker cannot read it; and
a lead restriction the search does not follow (declarer's Law 50D2 choice among them)
is named, never left out in silence.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import run_cli

DATA = Path(__file__).resolve().parent / "table_logs"


def test_law63a3_claim_after_a_revoke_in_the_trick_in_progress_is_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, printed, error = run_cli(
        capsys, "claim", "check", str(DATA / "revoke-in-trick-claimed.jsonl"), "--no-double-dummy"
    )
    assert (code, error) == (0, "")
    assert "Award:" in printed


def test_law68c_line_printed_from_the_cards_already_in_the_trick(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # North led ♠A and East played: the line's first trick is South's and West's cards.
    code, printed, _ = run_cli(
        capsys, "claim", "check", str(DATA / "claim-during-a-trick.jsonl"), "--claim", "10",
        "--no-double-dummy",
    )  # fmt: skip
    assert code == 0
    first = next(line for line in printed.splitlines() if line.startswith("  1. "))
    assert len(first.split()) == 5  # "1." and two seats with their cards
    second = next(line for line in printed.splitlines() if line.startswith("  2. "))
    assert len(second.split()) == 9


def test_law68c_statement_as_spoken_is_checked_as_no_line_stated_and_said_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, printed, error = run_cli(
        capsys, "claim", "check", str(DATA / "major-penalty-card.jsonl"), "--no-double-dummy"
    )
    assert (code, error) == (0, "")
    assert printed.startswith("The claimer's statement as recorded, “all: SA first")
    assert "checked with no line stated (Law 70D)" in printed
    assert "Following the statement" not in printed  # no line read: no figure following it
    assert "Fewest on a normal line" in printed


def test_law50d2_declarer_choice_at_partner_lead_is_named_as_not_weighed_by_the_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, printed, _ = run_cli(
        capsys, "claim", "check", str(DATA / "major-penalty-card.jsonl"), "--claim", "all",
        "--no-double-dummy", "--json",
    )  # fmt: skip
    assert code == 0
    warnings = json.loads(printed)["warnings"]
    assert warnings == [
        "♠K is a major penalty card of East (Law 50B): the checker's lines play it at the "
        "first legal opportunity (Law 50D1), but at each lead of West they take it that "
        "declarer neither requires nor forbids the lead of its suit (Law 50D2b), and the "
        "double-dummy count leaves it out: the Director weighs declarer's other choices "
        "(Law 70A)"
    ]
    code, printed, _ = run_cli(
        capsys, "claim", "check", str(DATA / "major-penalty-card.jsonl"), "--claim", "all",
        "--no-double-dummy", "--lang", "es",
    )  # fmt: skip
    assert "en cada salida de Oeste" in printed


def test_law50_the_claim_page_names_the_penalty_card_and_cuts_the_line_by_trick() -> None:
    from arbitro.web.claims import claim_verdict

    log = (DATA / "major-penalty-card.jsonl").read_text(encoding="utf-8")
    verdict = claim_verdict(log, "", "", double_dummy=False)
    assert verdict.warnings[0].startswith("The claimer's statement as recorded")
    assert verdict.warnings[1].startswith("♠K is a major penalty card of East (Law 50B): ")
    assert "(Law 50D2b)" in verdict.warnings[1]
    during = (DATA / "claim-during-a-trick.jsonl").read_text(encoding="utf-8")
    line = claim_verdict(during, "", "10", double_dummy=False).line
    assert [len(trick) for trick in line[:2]] == [2, 4]
