"""The claim page's command for a thorough search, run as printed, in either language.

The page prints the command a director copies for a ruling after the session; the
command line reads the seat and the statement in the language of ``--lang`` (in
Spanish ``C`` is hearts, ``T`` clubs), so the command carries the page's language and
writes both in it: run as printed, it checks the same claim in either language.
"""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest

from arbitro.i18n import Language, use_language
from arbitro.web.claims import claim_verdict, thorough_command
from cli_support import run_cli

LOG = Path(__file__).parent.parent / "docs" / "examples" / "claim-end-position.jsonl"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_law_70_the_thorough_command_checks_the_same_claim_in_the_pages_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: Language
) -> None:
    log = tmp_path / "board-1.jsonl"
    shutil.copyfile(LOG, log)
    verdict = claim_verdict(LOG.read_text(encoding="utf-8"), "", "", double_dummy=False)
    with use_language(lang):
        command = thorough_command(verdict, str(log), from_top=True)
    words = shlex.split(command)
    assert words[:3] == ["arbitro", "claim", "check"]
    assert words[words.index("--lang") + 1] == lang
    status, out, err = run_cli(capsys, *words[1:], "--json")
    assert status == 0, err
    checked = json.loads(out)
    # The same claim as the page's: its tricks claimed, and the award the page found.
    assert (checked["claimed"], checked["award"]) == (verdict.check.claimed, verdict.check.award)
    assert checked["statement"] == verdict.statement
