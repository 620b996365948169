"""``result import`` refuses a line with more fields than its header, as ``session score`` does.

The extra fields used to be dropped without a word and the line stored. The line is
refused with its file and number and is not stored; the lines before it stay stored
(each line is its own transaction, docs/cli.md), so the mended file can be run again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import run_cli

HEADER = "board,table,ns,ew,contract,declarer,tricks\n"


def _event(capsys: pytest.CaptureFixture[str], db: tuple[str, str]) -> None:
    pairs = ["--pair", "1", "--pair", "2", "--pair", "3", "--pair", "4"]
    code, _, err = run_cli(capsys, "event", "new", "Club", "--boards", "6", *pairs, *db)
    assert code == 0, err


def _stored(capsys: pytest.CaptureFixture[str], db: tuple[str, str]) -> list[int]:
    code, out, err = run_cli(capsys, "result", "list", "1", "--json", *db)
    assert code == 0, err
    return [result["board"] for result in json.loads(out)]


def test_cli_result_import_refuses_a_line_with_more_fields_than_the_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    _event(capsys, db)
    travellers = tmp_path / "day.csv"
    travellers.write_text(HEADER + "5,3,3,4,4S,N,10,extra\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "--lang", "en", "result", "import", "1", str(travellers), *db)
    assert code == 1
    assert err == f"arbitro: {travellers}, line 2: more fields than the header has\n"
    assert "Stored" not in out
    assert _stored(capsys, db) == []


def test_cli_result_import_stops_at_a_line_with_extra_fields_keeping_the_lines_before(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    _event(capsys, db)
    travellers = tmp_path / "day.csv"
    lines = ["1,1,1,2,4S,N,10", "5,3,3,4,4S,N,10,extra", "6,1,1,2,3NT,S,9"]
    travellers.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    arguments = ["result", "import", "1", str(travellers), "--notation", "en"]
    code, _, err = run_cli(capsys, "--lang", "es", *arguments, *db)
    assert code == 1
    assert err == f"arbitro: {travellers}, línea 3: más campos de los que tiene la cabecera\n"
    assert _stored(capsys, db) == [1]
