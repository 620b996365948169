"""The command line's reports write their figures as the command's language writes a number.

A Spanish club reads ``60,63 %`` on the desk, on the players' phones and from an
``arbitro`` printout alike; what a program reads back (``--json``, the USEBIO and PBN
files written) keeps the decimal point whatever the language, and the English reports
are as they were.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_support import run_cli

ROOT = Path(__file__).resolve().parent.parent
CLUB = str(ROOT / "docs" / "examples" / "club.csv")
POINT = re.compile(r"[0-9]\.[0-9]")
COMMA = re.compile(r"[0-9],[0-9]")


def scored_night(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """A Mitchell of 3 tables with board 1 played at each: 4S made by 1NS, down one twice."""
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, _, err = run_cli(
        capsys, "event", "new", "Martes", "--movement", "mitchell", "--tables", "3",
        "--boards-per-round", "2", "--db", db,
    )  # fmt: skip
    assert status == 0, err
    for table, tricks in ((1, "10"), (2, "9"), (3, "9")):
        status, _, err = run_cli(
            capsys, "result", "enter", "1", "--board", "1", "--table", str(table),
            "--contract", "4S", "--declarer", "N", "--tricks", tricks, "--db", db,
        )  # fmt: skip
        assert status == 0, err
    return db


def test_session_score_report_in_spanish_writes_decimal_commas(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, spanish, err = run_cli(
        capsys, "session", "score", CLUB, "--notation", "en", "--lang", "es"
    )
    assert status == 0, err
    ranking = spanish[spanish.index("Clasificación") :]
    assert "  1       3              3  13,00  72,22" in ranking.splitlines()
    assert not POINT.search(spanish)
    _, english, _ = run_cli(capsys, "session", "score", CLUB, "--notation", "en", "--lang", "en")
    assert "  1      3          3  13.00  72.22" in english.splitlines()
    assert not COMMA.search(english)


def test_session_score_json_keeps_the_point_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_cli(
        capsys, "session", "score", CLUB, "--notation", "en", "--json", "--lang", "es"
    )
    assert status == 0, err
    pairs = {pair["pair"]: pair for pair in json.loads(out)["pairs"]}
    assert (pairs["3"]["total"], pairs["3"]["percentage"]) == (13.0, 72.22)
    assert "72.22" in out
    assert not COMMA.search(out)


def test_law_90_session_score_penalty_in_the_commands_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, spanish, _ = run_cli(
        capsys, "session", "score", CLUB, "--notation", "en", "--penalty", "1,25%", "--lang", "es"
    )
    # A percentage as every other figure writes it (write_figure): a no-break space.
    assert spanish.endswith("Penalización: pareja 1, 25\xa0% de un top (Artículo 90)\n")
    _, english, _ = run_cli(
        capsys, "session", "score", CLUB, "--notation", "en", "--penalty", "1,25%", "--lang", "en"
    )
    assert english.endswith("Penalty: pair 1, 25% of a top (Law 90)\n")


def test_event_ranking_in_spanish_writes_percentages_as_the_desk_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``100,00 %`` with a no-break space, as ``write_number`` writes it on the pages."""
    db = scored_night(capsys, tmp_path)
    status, spanish, err = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "es")
    assert status == 0, err
    lines = spanish.splitlines()
    assert "  1       1NS     100,00\xa0%" in lines
    assert "  2=      2NS      25,00\xa0%" in lines  # aligned on the right, as in English
    _, english, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--lang", "en")
    assert "  1      1NS   100.00%" in english.splitlines()
    assert "  2=     2NS    25.00%" in english.splitlines()
    _, data, _ = run_cli(capsys, "event", "ranking", "1", "--db", db, "--json", "--lang", "es")
    assert json.loads(data)[0]["total"] == 100.0
    assert not COMMA.search(data)


def test_event_card_and_traveller_in_spanish_write_decimal_commas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = scored_night(capsys, tmp_path)
    _, card, _ = run_cli(capsys, "event", "card", "1", "1NS", "--db", db, "--lang", "es")
    assert card.splitlines()[-1] == "Sesión 1: 4,00 (100,00\xa0%), puesto 1"
    assert card.splitlines()[2].endswith("+420   4,00")
    _, traveller, _ = run_cli(capsys, "event", "traveller", "1", "1", "--db", db, "--lang", "es")
    assert traveller.splitlines()[3].endswith("-50    1,00  3,00")
    _, english, _ = run_cli(capsys, "event", "card", "1", "1NS", "--db", db, "--lang", "en")
    assert english.splitlines()[-1] == "Session 1: 4.00 (100.00%), place 1"
    _, data, _ = run_cli(
        capsys, "event", "traveller", "1", "1", "--db", db, "--json", "--lang", "es"
    )
    assert [line["ns_points"] for line in json.loads(data)] == [4.0, 1.0, 1.0]


def test_files_written_by_a_spanish_command_keep_the_point(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """USEBIO is for programs: ``100.00``, never ``100,00``, whatever ``--lang``."""
    db = scored_night(capsys, tmp_path)
    path = tmp_path / "martes.xml"
    status, _, err = run_cli(
        capsys, "event", "export", "1", str(path), "--usebio", "--db", db, "--lang", "es"
    )
    assert status == 0, err
    text = path.read_text(encoding="utf-8")
    assert "<PERCENTAGE>100.00</PERCENTAGE>" in text
    assert not COMMA.search(text)


def test_law_90_penalty_share_of_a_top_in_spanish_event_show(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = scored_night(capsys, tmp_path)
    run_cli(capsys, "event", "penalty", "1", "2NS", "3", "--reason", "lento", "--db", db)
    _, spanish, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "es")
    assert "2NS, 3 puntos de match; lento" in spanish
    _, english, _ = run_cli(capsys, "event", "show", "1", "--db", db, "--lang", "en")
    assert "2NS, 3 matchpoints; lento" in english
