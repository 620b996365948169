"""Score entry from the command line.

An import cut short can be run again: what is already stored as the file gives it is
skipped (a line that says something else than what is stored is still refused: that is
a correction, Law 79C). A score no contract can give is refused even beside a contract.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_support import run_cli

_HEADER = "board,table,ns,ew,contract,declarer,tricks\n"


def _event(capsys: pytest.CaptureFixture[str], db: tuple[str, str]) -> None:
    code, _, err = run_cli(
        capsys, "event", "new", "Club", "--boards", "3", "--pair", "1", "--pair", "2", *db
    )
    assert code == 0, err


def test_import_run_again_after_a_bad_line_stores_only_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    travellers = tmp_path / "day.csv"
    travellers.write_text(
        _HEADER + "1,1,1,2,4S,N,10\n2,1,1,2,4S,N,14\n3,1,1,2,3NT,S,9\n", encoding="utf-8"
    )
    code, _, _ = run_cli(capsys, "result", "import", "1", str(travellers), *db)
    assert code == 1
    travellers.write_text(
        _HEADER + "1,1,1,2,4S,N,10\n2,1,1,2,4S,N,11\n3,1,1,2,3NT,S,9\n", encoding="utf-8"
    )
    code, out, err = run_cli(capsys, "result", "import", "1", str(travellers), *db)
    assert code == 0, err
    assert out.splitlines() == [
        "Already stored: board 1, table 1: 1 v 2, 4S N 10 (+420)",
        "Stored: board 2, table 1: 1 v 2, 4S N 11 (+650)",
        "Stored: board 3, table 1: 1 v 2, 3NT S 9 (+400)",
        "2 results stored",
        "1 result was already stored as the file gives it",
    ]
    code, out, _ = run_cli(capsys, "result", "list", "1", "--json", *db)
    assert [(r["board"], r["version"]) for r in json.loads(out)] == [(1, 1), (2, 1), (3, 1)]


def test_import_of_a_line_that_differs_from_the_stored_result_is_still_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    travellers = tmp_path / "day.csv"
    travellers.write_text(_HEADER + "1,1,1,2,4S,N,10\n", encoding="utf-8")
    assert run_cli(capsys, "result", "import", "1", str(travellers), *db)[0] == 0
    travellers.write_text(_HEADER + "1,1,1,2,4S,N,9\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "result", "import", "1", str(travellers), *db)
    assert code == 1
    assert f"{travellers}, line 2: board 1 at table 1 already has a result (4S N 10)" in err


def test_law77_a_score_no_contract_gives_is_refused_even_beside_a_contract(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # AEB rule A lets an incongruent number prevail; a number no contract scores cannot.
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    where = ("--board", "1", "--table", "1", "--ns", "1", "--ew", "2")
    entry = ("--contract", "4S", "--declarer", "N", "--tricks", "10")
    code, _, err = run_cli(capsys, "result", "enter", "1", *where, *entry, "--score", "999", *db)
    assert code == 2
    assert "'999': no contract scores that on board 1; the nearest are 990 and 1000" in err
    code, out, err = run_cli(capsys, "result", "enter", "1", *where, *entry, "--score", "450", *db)
    assert code == 0, err
    assert "(+450)" in out
    assert "450" in err  # the incongruent number stands, with a warning


def test_law90_a_penalty_without_a_unit_warns_what_it_was_taken_as(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # "25" meant as 25 % of a top would be about two tops in matchpoints: say so.
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    code, _, err = run_cli(capsys, "event", "penalty", "1", "1", "25", "--reason", "slow", *db)
    assert code == 0
    assert err == (
        "warning: no unit given, so 25 is taken as matchpoints of the event "
        "(write 25% for a share of a top)\n"
    )
    code, _, err = run_cli(capsys, "event", "penalty", "1", "2", "25%", "--reason", "slow", *db)
    assert code == 0
    assert err == ""
    # A fraction alone is matchpoints too; "1/4%" would be a four-hundredth of a top.
    code, _, err = run_cli(capsys, "event", "penalty", "1", "1", "1/4", "--reason", "slow", *db)
    assert code == 0
    assert err == (
        "warning: no unit given, so 1/4 is taken as matchpoints of the event "
        "(a share of a top is written as a percentage: 25%)\n"
    )


def test_a_result_entered_twice_is_named_in_the_readers_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The refusal shows the stored result as the reader writes it (ST and P in Spanish)."""
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    where = ("--board", "1", "--table", "1", "--ns", "1", "--ew", "2")
    entry = ("--contract", "3NT", "--declarer", "S", "--tricks", "9")
    assert run_cli(capsys, "result", "enter", "1", *where, *entry, *db)[0] == 0
    code, _, err = run_cli(capsys, "--lang", "es", "result", "enter", "1", *where, *entry, *db)
    assert code == 1
    assert "ya tiene resultado (3ST S 9); cámbielo con arbitro result correct" in err


@pytest.mark.parametrize(
    ("entry", "shown"),
    [
        (("--adjusted", "A60/A40"), "Stored: board 1, table 1: 1 v 2, adjusted A60/A40"),
        (("--not-played",), "Stored: board 1, table 1: 1 v 2, not played"),
        (("--adjusted", "4S= N"), "Stored: board 1, table 1: 1 v 2, adjusted 4S= N (+420)"),
    ],
)
def test_law12_a_stored_adjusted_score_is_shown_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, entry: tuple[str, ...], shown: str
) -> None:
    """The score follows in brackets only where the entry does not already show it."""
    db = ("--db", str(tmp_path / "club.sqlite3"))
    _event(capsys, db)
    where = ("--board", "1", "--table", "1", "--ns", "1", "--ew", "2")
    code, out, err = run_cli(capsys, "result", "enter", "1", *where, *entry, *db)
    assert code == 0, err
    assert out.splitlines() == [shown]
