"""Assigned scores must be scores of Law 77 (Law 12C1); ``60/40`` is an artificial score's slip (12C2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.core.board import Board
from arbitro.i18n import use_language
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.results import InvalidAdjustedScoreError, Result
from arbitro.scoring.travellers import read_travellers
from arbitro.tournament.entry import Entry
from cli_support import club_mitchell, run_cli

HINT_EN = "for an artificial score (Law 12C2) type A60/A40"
HINT_ES = "para una puntuación artificial (Artículo 12C2) escriba A60/A40"


@pytest.mark.parametrize("text", ["60/40", "+60/+40", "1/2 +425; 1/2 -50", "425"])
def test_law_12c1_law_77_assigned_score_no_result_gives_is_refused(text: str) -> None:
    with pytest.raises(InvalidAdjustedScoreError) as refused:
        read_adjusted(text, Board(2))
    assert "on board 2 (Law 77)" in str(refused.value)
    assert HINT_EN in str(refused.value)


def test_law_77_split_score_checked_at_the_boards_vulnerability() -> None:
    # 4S= N vulnerable is +620: a score on board 2 (North-South vulnerable), none on board 1.
    assert read_adjusted("+620/-620", Board(2)) == Result.played(620)
    with pytest.raises(InvalidAdjustedScoreError, match=r"'\+620': .* on board 1 "):
        read_adjusted("+620/-620", Board(1))
    # East-West's half is their own score: -650 is 4S+1 by North vulnerable (12C1b).
    assert read_adjusted("+620/-650", Board(2)) == Result.split(620, -650)
    with pytest.raises(InvalidAdjustedScoreError, match="'-620'"):
        read_adjusted("+420/-620", Board(1))


@pytest.mark.parametrize("text", ["60%/40%", "M+/M-"])
def test_law_12c2_percentages_and_m_plus_are_refused_with_the_artificial_hint(text: str) -> None:
    with pytest.raises(InvalidAdjustedScoreError) as refused:
        read_adjusted(text, Board(1))
    assert HINT_EN in str(refused.value)
    assert "+420, 4S= N, 3NT-1 E" in str(refused.value)


def test_law_12c2_artificial_scores_still_read() -> None:
    assert read_adjusted("A60/A40", Board(2)).to_str() == "A60/A40"


def test_law_12c1_score_stored_before_the_check_still_scores() -> None:
    # A database written before the check keeps its entry: it is read, not refused.
    assert Entry.from_str("adjusted 60/40").result(Board(2)) == Result.split(60, 40)
    with pytest.raises(InvalidAdjustedScoreError):
        Entry.from_str("adjusted 60/40").check_score(Board(2))


def test_law_12c1_cli_refuses_60_40_naming_the_board_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)
    status, _, err = run_cli(
        capsys, "result", "enter", "1", "--board", "2", "--table", "1",
        "--adjusted", "60/40", "--db", db, "--lang", "en",
    )  # fmt: skip
    assert status != 0
    assert "'60'" in err
    assert "on board 2 (Law 77)" in err
    assert HINT_EN in err
    assert "Traceback" not in err
    _, _, err = run_cli(capsys, "event", "traveller", "1", "2", "--json", "--db", db)
    assert "board 2 of session 1 has no results" in err
    status, _, err = run_cli(
        capsys, "result", "enter", "1", "--board", "2", "--table", "1",
        "--adjusted", "A60/A40", "--db", db,
    )  # fmt: skip
    assert status == 0, err


def test_law_12c2_spanish_cli_hint_for_60_40(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Passes once the Spanish catalog has the message's translation (listed in the report).
    db = club_mitchell(capsys, tmp_path)
    status, _, err = run_cli(
        capsys, "--lang", "es", "result", "enter", "1", "--board", "2", "--table", "1",
        "--adjusted", "60/40", "--db", db,
    )  # fmt: skip
    assert status != 0
    assert "estuche 2" in err
    assert "Artículo 77" in err
    assert HINT_ES in err


def test_law_12c2_spanish_hint_for_percentages() -> None:
    # Passes once the Spanish catalog has the message's translation (listed in the report).
    with use_language("es"):
        with pytest.raises(InvalidAdjustedScoreError) as refused:
            read_adjusted("60%/40%", Board(1), "es")
        message = str(refused.value)
    assert "se esperaba una marca como" in message
    assert HINT_ES in message


def test_law_79c_correct_the_tricks_alone_keeps_contract_and_declarer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = club_mitchell(capsys, tmp_path)  # board 1, table 1: 4P N 10 (+420)
    status, out, err = run_cli(
        capsys, "result", "correct", "1", "--board", "1", "--table", "1",
        "--tricks", "11", "--reason", "79C", "--db", db, "--lang", "es",
    )  # fmt: skip
    assert status == 0, err
    assert "4P" in out
    assert "11" in out


def test_law_77_a_file_keeps_a_score_no_result_gives_and_says_so() -> None:
    """A travellers file is what it was given (another program's, a score kept before
    the check, a board marked otherwise than its number): an assigned score no result
    gives at the board's vulnerability is scored as written, with a warning naming the
    line, where a director typing it is refused."""
    text = "board,ns,ew,adjusted\n1,1,2,+620\n1,3,4,+420/-450\n"
    read = read_travellers(text, "t.csv")
    assert [table.result for table in read.results] == [
        Result.played(620),
        Result.split(420, -450),
    ]
    [warning] = read.warnings
    assert warning.line == 2
    assert str(warning) == (
        "t.csv, line 2: adjusted score '+620': no contract and result give +620 on board 1"
        " (Law 77); for an artificial score (Law 12C2) type A60/A40; scored as written"
    )
