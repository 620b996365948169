"""``result import`` reads a results file as a club's spreadsheet saves it.

A Spanish Excel saves "CSV (delimitado por comas)" in Windows-1252 with ``;`` between
fields and Spanish headers; its "Unicode text" in UTF-16. A named file is read as
``session score`` reads a travellers file (``formats.travellers.spreadsheet``); the
standard input, fed line by line by a scoring program, stays UTF-8 and is refused at
the first line that is not.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cli_support import run_cli


@pytest.fixture
def database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A database with a 3-table Mitchell (event 1), set as ``ARBITRO_DB``."""
    path = tmp_path / "club.sqlite3"
    monkeypatch.setenv("ARBITRO_DB", str(path))
    code, _, err = run_cli(
        capsys, "event", "new", "Club", "--movement", "mitchell", "--tables", "3"
    )
    assert code == 0, err
    return path


def _entries(capsys: pytest.CaptureFixture[str]) -> list[tuple[int, int, str]]:
    code, out, err = run_cli(capsys, "result", "list", "1", "--json")
    assert code == 0, err
    return [(line["board"], line["table"], line["entry"]) for line in json.loads(out)]


def test_a_spanish_excel_csv_is_imported_in_spanish_notation(
    capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path
) -> None:
    """Windows-1252, ``;``, CRLF, headers in Spanish with an accent: the contracts and
    seats are read in Spanish notation (4C is four hearts, O is West) because the headers
    are Spanish, whatever the command's language."""
    path = tmp_path / "resultados.csv"
    text = "Estuche;Mesa;Contrato;Declarante;Bazas;Puntuación\r\n1;1;4C;O;10;\r\n2;1;3SA;N;9;\r\n"
    path.write_bytes(text.encode("cp1252"))
    code, out, err = run_cli(capsys, "--lang", "en", "result", "import", "1", str(path))
    assert code == 0, err
    assert "2 results stored" in out
    assert _entries(capsys) == [(1, 1, "4H W 10"), (2, 1, "3NT N 9")]


def test_a_utf16_file_is_imported(
    capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path
) -> None:
    path = tmp_path / "results.csv"
    path.write_bytes("board,table,contract,declarer,tricks\n1,1,3NT,S,8\n".encode("utf-16"))
    code, out, err = run_cli(capsys, "--lang", "en", "result", "import", "1", str(path))
    assert code == 0, err
    assert "1 result stored" in out
    assert _entries(capsys) == [(1, 1, "3NT S 8")]


def test_a_spreadsheets_bad_cell_is_named_by_its_line_and_nothing_after_it_is_stored(
    capsys: pytest.CaptureFixture[str], database: Path, tmp_path: Path
) -> None:
    path = tmp_path / "resultados.csv"
    text = "Estuche;Mesa;Contrato;Declarante;Bazas\n1;1;4C;O;10\n2;1;3SA;N;catorce\n3;2;2P;S;8\n"
    path.write_bytes(text.encode("cp1252"))
    code, _, err = run_cli(capsys, "--lang", "en", "result", "import", "1", str(path))
    assert code != 0
    assert "resultados.csv, line 3:" in err
    assert "catorce" in err
    assert _entries(capsys) == [(1, 1, "4H W 10")]


def test_the_standard_input_is_still_read_line_by_line_in_utf8(
    capsys: pytest.CaptureFixture[str], database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line that is not UTF-8 on the standard input is refused where it is reached, the
    lines before it stored: what a scoring program feeding the command expects."""
    data = b"board,table,contract,declarer,tricks\n1,1,3NT,S,9\n2,1,3NT,S,9\xe9\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, _, err = run_cli(capsys, "--lang", "en", "result", "import", "1", "-")
    assert code != 0
    assert "<stdin>, line 3:" in err
    assert "not UTF-8" in err
    assert _entries(capsys) == [(1, 1, "3NT S 9")]
