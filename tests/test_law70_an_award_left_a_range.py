"""A check left a range shows the range as the award, never its upper end (Law 70).

When the search runs out of its budget with the fewest proved below what a normal line
found makes, the award lies between the two and the Director judges it (Law 70A: a
doubtful point goes against the claimer). The upper end is only what one line found
makes: printed as "the award" it would read as final, and in the claimer's favour.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from arbitro.analysis.claims import checker
from arbitro.cli.main import cli
from arbitro.i18n import Language, use_language
from claim_support import UNDETERMINED_LOG

pytest_plugins = ("web_director",)  # the store and director fixtures


def _printed(tmp_path: Path, language: str) -> str:
    log = tmp_path / "thirteen.jsonl"
    log.write_text(UNDETERMINED_LOG, encoding="utf-8")
    arguments = ["--lang", language, "claim", "check", str(log), "--claim", "all", "--seat", "N"]
    return CliRunner().invoke(cli, [*arguments, "--no-double-dummy", "--json"]).output


@pytest.mark.parametrize(
    ("language", "award", "at_least", "fewest"),
    [
        ("en", "Award: {least} to {worst} of the tricks left", "at least {stated}", "{least} to"),
        ("es", "Se otorgan de {least} a {worst} de las bazas", "al menos {stated}", "de {least} a"),
    ],
)
def test_law_70_a_range_is_printed_as_the_award_on_the_command_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    award: str,
    at_least: str,
    fewest: str,
) -> None:
    monkeypatch.setattr(checker, "BUDGET", 0)
    found = json.loads(_printed(tmp_path, language))
    least, worst, stated = found["least"], found["worst_normal"], found["as_stated"]
    assert found["determined"] is False
    assert found["award_range"] == [least, worst]  # ``award`` is only its upper end
    assert found["law"] == "70"  # all claimed: more than the fewest, the Director judges
    assert least < worst
    log = tmp_path / "thirteen.jsonl"
    arguments = ["--lang", language, "claim", "check", str(log), "--claim", "all", "--seat", "N"]
    printed = CliRunner().invoke(cli, [*arguments, "--no-double-dummy"]).output
    assert award.format(least=least, worst=worst) in printed
    assert at_least.format(stated=stated) in printed
    assert fewest.format(least=least) in printed
    single = {"en": f"Award: {worst} of", "es": f"Se otorgan {worst} de"}[language]
    assert single not in printed


def test_law_70_a_range_is_shown_as_the_award_on_the_claim_page(
    director: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, csrf = director
    monkeypatch.setattr(checker, "BUDGET", 0)
    answer = client.post(
        "/director/rulings/claim",
        data={"csrf_token": csrf, "log": UNDETERMINED_LOG, "claimer": "N", "statement": "all"},
    )
    assert answer.status_code == 200, answer.text
    award = answer.text.split('id="award">', 1)[1].split("</strong>", 1)[0]
    assert " to " in award
    assert "as the Director judges (Law 70)" in award
    assert "at least" in answer.text.split('id="as-stated">', 1)[1].split("</dd>", 1)[0]


def test_law_70_a_known_award_is_printed_alone(tmp_path: Path) -> None:
    log = tmp_path / "end.jsonl"
    end = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-end-position.jsonl"
    log.write_text(end.read_text(encoding="utf-8"), encoding="utf-8")
    printed = CliRunner().invoke(cli, ["claim", "check", str(log), "--no-double-dummy"]).output
    assert "as the Director judges" not in printed
    assert "at least" not in printed
    assert "Award: " in printed


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "at least 1 trick and one makes 2"), ("es", "al menos 1 baza y una hace 2")],
)
def test_law_70_the_range_note_counts_one_trick_in_the_singular(
    language: Language, said: str
) -> None:
    check = checker.ClaimCheck(5, 5, 1, 2, (), determined=False, least=1)
    with use_language(language):
        assert said in (check.note or "")
