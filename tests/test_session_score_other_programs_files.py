"""``arbitro session score`` and ``arbitro check`` on other programs' results files.

- a PBN ``Score`` that names no side is the declarer's side's (PBN 2.1, 3.4.12);
- a fault of a PBN score table names the file's line and the PBN column, as ``check``
  names it; a ``Result`` outside 0-13 is refused by both;
- a score table's row without its two pairs (a sit-out, a bye, as Ruter writes it) is
  left out with a warning naming its line;
- a USEBIO traveller line whose score contradicts its contract is warned of (AEB rule
  A), naming its line, as the same line of a CSV or PBN file is, and ``check`` lists it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.formats.travellers import read_session
from arbitro.scoring.results import Result
from arbitro.scoring.traveller_errors import InvalidTravellerError
from cli_support import run_cli

HEADER = '[Event "Club"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'


def _game(board: int, north: str, declarer: str, score: str) -> str:
    return (
        f'{HEADER}[Board "{board}"]\n[North "{north}N"]\n[South "{north}S"]\n'
        f'[East "{north}E"]\n[West "{north}W"]\n[Declarer "{declarer}"]\n'
        f'[Contract "4S"]\n[Result "10"]\n[Score "{score}"]\n\n'
    )


def test_pbn_score_naming_no_side_is_the_declarers_sides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 4S making 10, not vulnerable, [Score "420"]: North-South's 420 when North declares,
    # East-West's (North-South -420) when East does; the scores agree with the contracts.
    path = tmp_path / "noside.pbn"
    path.write_text(_game(1, "A", "N", "420") + _game(1, "B", "E", "420"), encoding="utf-8")
    found = read_session(path.read_bytes(), str(path))
    assert [table.result for table in found.travellers.results] == [
        Result.played(420),
        Result.played(-420),
    ]
    assert found.travellers.warnings == []
    code, _, err = run_cli(capsys, "--lang", "en", "session", "score", str(path))
    assert code == 0
    assert "warning" not in err
    assert run_cli(capsys, "--lang", "en", "check", str(path))[0] == 0


def test_pbn_score_contradicting_its_contract_is_listed_by_check_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # East declares 4S making 10, and the Score gives North-South +420: rule A.
    path = tmp_path / "rule-a.pbn"
    path.write_text(_game(1, "A", "N", "420") + _game(1, "B", "E", "NS 420"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--lang", "en", "check", str(path))
    assert code == 1
    assert out.splitlines()[0] == (
        f'{path}, line 25: [Contract "4S"]: the contract gives -420 but the score is 420; '
        "the score stands (AEB rule A)"
    )


SCORE_TABLES = (
    "% PBN 2.1\n% a comment\n"
    '[Event "Club"]\n[Board "1"]\n[Scoring "MP"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    "1 2 4S N 10\n3 4 4S N 9\n\n"
    '[Event "Club"]\n[Board "2"]\n[Scoring "MP"]\n'
    '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
    "1 2 3NT S 9\n3 4 3NT S {tricks}\n"
)


def test_score_table_fault_names_the_pbn_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "badrow.pbn"
    path.write_text(SCORE_TABLES.format(tricks="15"), encoding="utf-8")
    with pytest.raises(InvalidTravellerError) as raised:
        read_session(path.read_bytes(), "badrow.pbn")
    assert (raised.value.line, raised.value.column) == (15, "Result")
    code, _, err = run_cli(capsys, "--lang", "en", "session", "score", str(path))
    assert code == 2
    assert f"{path}, line 15, column 'Result': invalid number of tricks '15'" in err
    code, out, _ = run_cli(capsys, "--lang", "en", "check", str(path))
    assert (code, out.splitlines()) == (
        1,
        [f"{path}, line 15: 15: expected a number of tricks from 0 to 13 in the column Result"],
    )


def test_score_table_rule_a_warning_names_the_pbn_line() -> None:
    # 3NT by South taking 8 tricks gives -50 (board 2, North-South vulnerable: -100).
    text = (
        '[Event "Club"]\n[Board "2"]\n[Scoring "MP"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "1 2 3NT S 9 600\n3 4 3NT S 8 -400\n"
    )
    found = read_session(text.encode(), "rule-a.pbn")
    assert [str(warning) for warning in found.travellers.warnings] == [
        "rule-a.pbn, line 6: the contract gives -100 but the score is -400; "
        "the score stands (AEB rule A)"
    ]
    assert [table.line for table in found.travellers.results] == [5, 6]


RUTER = (
    "% PBN 2.0\n% EXPORT\n"
    '[Event "2021-09-01"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Scoring "MatchPoints;MP1"]\n[Application "Ruter - Read more at www.brenning.se"]\n'
    '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;'
    "Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R;"
    'Percentage_NS\\3R;Percentage_EW\\3R"]\n'
    '4 2 6 5 5HX E 7 SA "800" - 2.0 0.0 100 0\n'
    '2 5 7 3 4S S 11 CA "450" - 0.0 2.0 0 100\n'
    '3 3 - 2 - - - - "Bye" "Bye" - 1.9 - 47\n'
)


def test_score_table_sit_out_row_is_left_out_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Ruter's bye row: no North-South pair, no contract; the session is the two tables.
    path = tmp_path / "ruter.pbn"
    path.write_text(RUTER, encoding="utf-8")
    found = read_session(path.read_bytes(), str(path))
    assert [(table.ns, table.ew) for table in found.travellers.results] == [("6", "5"), ("7", "3")]
    assert [str(warning) for warning in found.travellers.warnings] == [
        f"{path}, line 12: a row without its two pairs (a sit-out or a bye): left out, "
        "no result was played"
    ]
    code, out, err = run_cli(capsys, "--lang", "en", "session", "score", str(path))
    assert code == 0
    assert "Ranking" in out
    assert err.startswith(f"warning: {path}, line 12: a row without its two pairs")
    # A sit-out is not a fault of the file.
    assert run_cli(capsys, "--lang", "en", "check", str(path))[0] == 0


USEBIO = """<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="MP_PAIRS">
  <SESSION>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
      <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT>
      <PLAYED_BY>N</PLAYED_BY>
      <TRICKS>{tricks}</TRICKS>
      <SCORE>420</SCORE>
    </TRAVELLER_LINE>
    <TRAVELLER_LINE>
      <NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>
      <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <CONTRACT>PASS</CONTRACT>
      <SCORE>0</SCORE>
    </TRAVELLER_LINE>
  </BOARD>
  </SESSION>
</EVENT>
</USEBIO>
"""


def test_usebio_score_contradicting_its_contract_is_warned_of_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 4S by North taking 7 tricks gives -150; the file's SCORE 420 stands (AEB rule A).
    path = tmp_path / "inconsistent.xml"
    path.write_text(USEBIO.format(tricks=7), encoding="utf-8")
    found = read_session(path.read_bytes(), str(path))
    assert [table.result for table in found.travellers.results] == [
        Result.played(420),
        Result.played(0),
    ]
    assert [str(warning) for warning in found.travellers.warnings] == [
        f"{path}, line 7: the contract gives -150 but the score is 420; "
        "the score stands (AEB rule A)"
    ]
    code, _, err = run_cli(capsys, "--lang", "en", "session", "score", str(path))
    assert code == 0
    assert err.startswith(f"warning: {path}, line 7: the contract gives -150")
    code, out, _ = run_cli(capsys, "--lang", "en", "check", str(path))
    assert (code, out.splitlines()[0]) == (
        1,
        f"{path}, line 7: <TRAVELLER_LINE>: the contract gives -150 but the score is 420; "
        "the score stands (AEB rule A)",
    )


def test_usebio_score_agreeing_with_its_contract_gives_no_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "consistent.xml"
    path.write_text(USEBIO.format(tricks=10), encoding="utf-8")
    assert read_session(path.read_bytes(), str(path)).travellers.warnings == []
    assert run_cli(capsys, "--lang", "en", "check", str(path)) == (
        0,
        f"{path}: no problems\n",
        "",
    )
