"""``arbitro session score`` of a travellers CSV: the file's notation is the file's, told by
its headers; its messages name the file's columns; a pair typed on the command line is
read in the command's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli

ENGLISH = "board,ns,ew,contract,declarer,tricks\n1,1NS,1EW,4S,N,10\n1,2NS,2EW,4S,N,9\n"


def test_an_english_headed_csv_is_read_in_english_whatever_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "export.csv"
    path.write_text(ENGLISH, encoding="utf-8")
    for lang in ("en", "es"):
        status, out, err = run_cli(capsys, "session", "score", str(path), "--lang", lang)
        assert status == 0, err
        assert "+420" in out
        assert "-50" in out


def test_an_error_in_a_spanish_headed_csv_names_the_files_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "noche.csv"
    path.write_text("Estuche;NS;EO;Contrato;Declarante;Bazas\n1;1;2;4P;N;diez\n", "utf-8")
    status, out, err = run_cli(capsys, "session", "score", str(path), "--lang", "en")
    assert (status, out) == (2, "")
    assert "line 2, column 'Bazas': invalid number of tricks 'diez'" in err
    assert "'tricks'" not in err
    status, _, err = run_cli(capsys, "session", "score", str(path), "--lang", "es")
    assert status == 2
    assert "línea 2, columna «Bazas»" in err


def test_a_spanish_headed_csv_is_read_in_spanish_on_an_english_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "noche.csv"
    path.write_text("estuche;ns;eo;contrato;declarante;bazas\n1;1;2;4S;N;10\n", "utf-8")
    status, _, err = run_cli(capsys, "session", "score", str(path), "--lang", "en")
    assert status == 2
    assert "column 'contrato'" in err
    assert err.strip().endswith("'4S' is in English notation: write 4P, or add --notation en")


def test_law_90_a_penalised_pair_is_read_in_the_commands_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The file names pair 2EW; the Spanish director types it as 2EO, and reads it so.
    path = tmp_path / "export.csv"
    path.write_text(ENGLISH, encoding="utf-8")
    status, out, err = run_cli(
        capsys, "session", "score", str(path), "--lang", "es", "--notation", "en",
        "--penalty", "2EO,25%",
    )  # fmt: skip
    assert status == 0, err
    assert "pareja 2EO, 25" in out
    status, _, err = run_cli(
        capsys, "session", "score", str(path), "--lang", "es", "--penalty", "9EO,25%"
    )
    assert status == 2
    assert "9EO" in err
