"""Running the ``arbitro`` command line inside a test, as a shell would see it."""

from __future__ import annotations

import pytest

from arbitro.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """Run ``arbitro ARGUMENTS``: its exit status, standard output and standard error."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    code = exited.value.code
    captured = capsys.readouterr()
    return (code if isinstance(code, int) else 0), captured.out, captured.err
