"""``arbitro event ruling --log``: the Law cited is compared with what the table's log holds.

A ruling recorded with its table's log should cite a Law the log applied or the one it
waits on. The director may rule under another (Laws 12, 16, 70, 90 are his), so the
ruling is recorded, and a note on standard error says what the log holds: the Law it
stops undecided on, and a Law cited that it neither applied nor waits on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli

LOGS = Path(__file__).resolve().parent / "table_logs"
LEAD_54 = LOGS / "lead-out-of-turn-undecided.jsonl"  # Law 54 pending: 54A, 54B, 54D
CLAIM = Path(__file__).resolve().parent.parent / "docs" / "examples" / "claim-disputed.jsonl"


def _ruling(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, law: str, log: Path
) -> tuple[int, str, str]:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run_cli(capsys, "event", "new", "Martes", "--boards", "2", "--db", db)
    assert status == 0, err
    return run_cli(
        capsys, "event", "ruling", "1", "--board", "1", "--table", "1", "--law", law,
        "--text", "ruled", "--log", str(log), "--db", db,
    )  # fmt: skip


def test_law_54_a_log_stopping_undecided_is_noted_and_the_ruling_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = _ruling(capsys, tmp_path, "54D", LEAD_54)
    assert status == 0
    assert out.startswith("Ruling 1 recorded at board 1")
    assert "The table's log stops with Law 54 still to be decided (54B, 54A, 54D)" in err
    assert "neither" not in err  # 54D is one of the options the log waits on


def test_a_law_the_claims_log_neither_applied_nor_waits_on_is_noted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = _ruling(capsys, tmp_path, "54D", CLAIM)
    assert status == 0
    assert "Ruling 1 recorded" in out
    assert "Law 54D is neither a Law the table's log applied nor the one it waits on" in err


def test_law_70_under_the_claims_log_gets_no_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = _ruling(capsys, tmp_path, "70D1", CLAIM)
    assert (status, err) == (0, "")
