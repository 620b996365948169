"""A claim check that runs out of its budget says so before the award (Law 70).

The checker stops a search still running after its budget (``checker.BUDGET`` positions)
and answers "undetermined" with what it found; the command line and the ruling
assistant's claim page must show that note, or the director would read a provisional
award as a final one. The budget is set to nothing here so that a real search of a
13-card claim stops at its first position.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from arbitro.analysis.claims import checker
from arbitro.cli.main import cli
from arbitro.i18n import Language, use_language

pytest_plugins = ("web_director",)  # the store and director fixtures

LOG = (
    '{"event": "board", "board": 1, "deal": "N:AK32.KQ4.A53.K72 QJ9.J52.KQ4.AQ93 '
    'T85.AT983.J7.J64 764.76.T9862.T85", "dealer": "N", "vulnerable": "None"}\n'
    '{"event": "call", "seat": "N", "call": "1NT"}\n'
    '{"event": "call", "seat": "E", "call": "Pass"}\n'
    '{"event": "call", "seat": "S", "call": "Pass"}\n'
    '{"event": "call", "seat": "W", "call": "Pass"}\n'
)


def test_law_70_an_undetermined_check_says_so_before_the_award_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "thirteen.jsonl"
    log.write_text(LOG, encoding="utf-8")
    arguments = ["claim", "check", str(log), "--claim", "all", "--seat", "N", "--no-double-dummy"]
    monkeypatch.setattr(checker, "BUDGET", 0)
    printed = CliRunner().invoke(cli, arguments).output
    assert "undetermined" in printed
    assert printed.index("undetermined") < printed.index("Award:")


def test_law_70_a_check_within_its_budget_prints_no_note(tmp_path: Path) -> None:
    log = tmp_path / "end.jsonl"
    end = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-end-position.jsonl"
    log.write_text(end.read_text(encoding="utf-8"), encoding="utf-8")
    printed = CliRunner().invoke(cli, ["claim", "check", str(log), "--no-double-dummy"]).output
    assert "Award:" in printed
    assert "undetermined" not in printed


def test_law_70_an_undetermined_check_says_so_on_the_claim_page(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", 0)
    answer = client.post(
        "/director/rulings/claim",
        data={
            "csrf_token": csrf,
            "log": LOG,
            "claimer": "N",
            "statement": "all",
        },
    )
    assert answer.status_code == 200, answer.text
    assert 'id="undetermined"' in answer.text
    assert answer.text.index('id="undetermined"') < answer.text.index('id="award"')


@pytest.mark.parametrize(
    ("language", "says", "not_said"),
    [("en", "budget of cards tried", "positions"), ("es", "cartas probadas", "posiciones")],
)
@pytest.mark.parametrize("least", [2, 3])
def test_law_70_the_undetermined_note_names_the_budget_as_cards_tried(
    language: Language, says: str, not_said: str, least: int
) -> None:
    """The budget counts every card either search tries (``checker.BUDGET``), not
    positions: the note says so in both catalogs, for an award left as a range (``least``
    below ``worst``) and for a line as stated left unfinished."""
    check = checker.ClaimCheck(5, 5, 4, 3, (), determined=False, least=least)
    with use_language(language):
        note = check.note
    assert note is not None
    assert says in note
    assert not_said not in note
