"""A claim statement typed in Spanish notation names the suits a Spanish director means.

In Spanish ``C`` is hearts (corazones) and ``T`` clubs (tréboles): a statement typed
on the Spanish command line or page, "3: C", is about hearts, never read as clubs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.analysis.claims import ClaimStatement
from arbitro.cli import main
from arbitro.core import Suit

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-end-position.jsonl"


@pytest.mark.parametrize(
    ("typed", "lang", "suit"),
    [("3: C", "es", Suit.HEARTS), ("3: T", "es", Suit.CLUBS), ("3: C", "en", Suit.CLUBS)],
)
def test_law70_a_statements_suit_is_read_in_the_notation_it_is_typed_in(
    typed: str, lang: str, suit: Suit
) -> None:
    [step] = ClaimStatement.from_str(typed, lang).steps
    assert step.suit is suit


def test_law70_a_finesse_typed_in_spanish_names_the_spanish_card() -> None:
    [step] = ClaimStatement.from_str("all: finesse CR", "es").steps
    assert step.card is not None
    assert (step.card.suit, step.card.rank.to_str()) == (Suit.HEARTS, "K")


def test_law70_claim_check_reads_the_statement_in_the_language_of_lang(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for lang, read in (("es", "all: H"), ("en", "all: C")):
        arguments = ["--lang", lang, "claim", "check", str(EXAMPLE), "--seat", "S"]
        with pytest.raises(SystemExit) as exited:
            main([*arguments, "--claim", "all: C", "--json"])
        assert exited.value.code in (0, None)
        assert json.loads(capsys.readouterr().out)["statement"] == read


def test_law70_the_claim_page_reads_the_statement_in_the_pages_notation() -> None:
    from arbitro.web.claims import claim_verdict

    log = EXAMPLE.read_text()
    for notation, read in (("es", "all: H"), ("en", "all: C")):
        verdict = claim_verdict(log, "S", "all: C", double_dummy=False, notation=notation)
        assert str(verdict.statement) == read
