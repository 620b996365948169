"""Running the ``arbitro`` command line inside a test, as a shell would see it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """Run ``arbitro ARGUMENTS``: its exit status, standard output and standard error."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    code = exited.value.code
    captured = capsys.readouterr()
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def club_mitchell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """A club's Mitchell of 3 tables and 2 boards a round, board 1 entered at table 1.

    The entry is typed in Spanish by the scorer (``4P N 10``, ``--by anotador``); the
    database's URL is returned for the test's own commands.
    """
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run_cli(
        capsys, "event", "new", "Martes", "--movement", "mitchell", "--tables", "3",
        "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert status == 0, err
    status, _, err = run_cli(
        capsys, "result", "enter", "1", "--board", "1", "--table", "1", "--contract", "4P",
        "--declarer", "N", "--tricks", "10", "--by", "anotador", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    return db
