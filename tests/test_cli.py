"""The ``arbitro`` command line: results, --json, --lang, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arbitro.cli import main

ARBITRO = Path(sys.executable).parent / "arbitro"


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """Run ``arbitro`` in this process; return the exit status, stdout and stderr."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["score", "3NT", "9"], "400"),
        (["score", "4SX", "8", "--vulnerable"], "-500"),
        (["score", "6HXX", "13", "--vulnerable"], "2470"),
        (["score", "Pass"], "0"),
        (["score", "4S N", "10", "--board", "2"], "620"),  # board 2: North-South vulnerable
        (["score", "4S E", "10", "--board", "2"], "420"),
        (["score", "4PX", "8", "--vulnerable", "--lang", "es"], "-500"),
        (["score", "4CX", "10", "--lang", "es"], "590"),  # C is hearts in Spanish
        (["imps", "720"], "12"),
        (["imps", "-620"], "-12"),
        (["imps", "+4000"], "24"),
        (["board", "7"], "Board 7: dealer South, both sides vulnerable"),
        (["board", "7", "--lang", "es"], "Estuche 7: da Sur, todos vulnerables"),
        (["board", "64"], "Board 64: dealer West, East-West vulnerable"),
    ],
)
def test_cli_prints_the_result(
    capsys: pytest.CaptureFixture[str], arguments: list[str], expected: str
) -> None:
    code, out, err = run(capsys, *arguments)
    assert (code, out, err) == (0, expected + "\n", "")


def test_cli_json_is_data_in_english_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "4PX O", "8", "--board", "3", "--json", "--lang", "es")
    assert code == 0
    assert json.loads(out) == {
        "contract": "4SX",
        "declarer": "W",
        "tricks": 8,
        "vulnerable": True,
        "score": -500,
        "law": "77",
    }
    assert json.loads(run(capsys, "board", "12", "--json")[1]) == {
        "board": 12,
        "dealer": "W",
        "vulnerability": "NS",
        "law": "2",
    }
    assert json.loads(run(capsys, "imps", "-50", "--json")[1]) == {
        "points": -50,
        "imps": -2,
        "law": "78B",
    }


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["score", "8NT", "9"], "arbitro score: invalid contract '8NT': the level must be 1 to 7"),
        (
            ["score", "4SX", "14"],
            "arbitro score: invalid number of tricks '14': expected a whole number from 0 to 13",
        ),
        (
            ["board", "0"],
            "arbitro board: invalid board number '0': expected a whole number from 1 up",
        ),
        (
            ["imps", "lots"],
            "arbitro imps: invalid point difference 'lots': "
            "expected a whole number of points, such as 720, -170",
        ),
        (
            ["score", "3NT"],
            "arbitro score: missing TRICKS: how many tricks declarer took (0 to 13)",
        ),
        (["score"], "arbitro score: missing CONTRACT"),
        (
            ["score", "3NT", "9", "--loud"],
            "arbitro score: no such option: --loud; did you mean --board?",
        ),
        (
            ["score", "3NT", "9", "--board", "1"],
            "arbitro score: --board needs the declarer after the contract, as in '4S N'",
        ),
        (
            ["score", "3NT N", "9", "--board", "1", "--vulnerable"],
            "arbitro score: give --vulnerable or --board, not both",
        ),
        (["--lang", "fr", "board", "1"], "arbitro: unknown language 'fr': expected one of en, es"),
    ],
)
def test_cli_bad_input_is_one_line_naming_the_input(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code, out, err = run(capsys, *arguments)
    assert code == 2
    assert out == ""
    assert err == message + "\n"


def test_cli_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "8ST", "9", "--lang", "es")
    assert code == 2
    assert err == "arbitro score: «8ST» no es válido como contrato: el nivel debe ser de 1 a 7\n"


def test_cli_language_from_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITRO_LANG", "es")
    assert run(capsys, "board", "1")[1] == "Estuche 1: da Norte, nadie vulnerable\n"
    # --lang wins over the environment.
    assert (
        run(capsys, "board", "1", "--lang", "en")[1] == "Board 1: dealer North, nobody vulnerable\n"
    )


def test_cli_reads_the_locale_again_for_each_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The environment's language is kept between messages, but each command reads it."""
    monkeypatch.delenv("ARBITRO_LANG")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert run(capsys, "board", "1")[1] == "Estuche 1: da Norte, nadie vulnerable\n"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(capsys, "board", "1")[1] == "Board 1: dealer North, nobody vulnerable\n"


@pytest.mark.parametrize("command", ["score", "board", "imps", "serve"])
def test_cli_every_command_has_help_lang_and_json_where_data(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert "--lang" in out
    assert ("--json" in out) == (command != "serve")
    code, spanish, _ = run(capsys, command, "--help", "--lang", "es")
    assert code == 0
    assert spanish.startswith("Uso: arbitro")
    assert "Opciones:" in spanish
    assert "Muestra este mensaje y termina." in spanish


def test_cli_group_help_lists_commands_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "es", "--help")
    assert code == 0
    assert "Órdenes:" in out
    assert "Puntúa un contrato según el Artículo 77." in out


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    import arbitro

    assert run(capsys, "--version")[1] == f"arbitro {arbitro.__version__}\n"


def test_cli_internal_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitro.core import Contract

    def broken(self: Contract, tricks: int, vulnerable: bool) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Contract, "score", broken)
    code, _, err = run(capsys, "score", "3NT", "9")
    assert code == 70
    assert err.count("\n") == 1
    assert "internal error (RuntimeError: disk on fire)" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("arguments", "culprit"),
    [(["score", "8NT", "9"], "'8NT'"), (["score", "4SX", "14"], "'14'"), (["board", "0"], "'0'")],
)
def test_cli_installed_script_bad_input_has_no_traceback(
    arguments: list[str], culprit: str
) -> None:
    """The issue's bad inputs, through the installed console script, as a user types them."""
    result = subprocess.run(
        [str(ARBITRO), *arguments],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "ARBITRO_LANG": "en"},
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert culprit in result.stderr
    assert "Traceback" not in result.stderr
