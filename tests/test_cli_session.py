"""``arbitro session score``: travellers CSV in, board and pair tables out; errors name line and column."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.core import Board
from arbitro.scoring.adjusted_notation import read_adjusted
from arbitro.scoring.results import Average, Result
from arbitro.scoring.traveller_errors import InvalidTravellerError
from arbitro.scoring.travellers import read_travellers

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    captured = capsys.readouterr()
    code = exited.value.code
    return (code if isinstance(code, int) else 0), captured.out, captured.err


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "travellers.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


HOWELL = """board,ns,ew,contract,declarer,tricks
1,1,2,4S,N,10
1,3,4,4S,N,10
1,5,6,4S,N,9
"""


def test_session_score_prints_boards_and_ranking_with_ties(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "session", "score", write(tmp_path, HOWELL))
    assert (code, err) == (0, "")
    # 420, 420, -50 on a top of 4: 3, 3, 0 for North-South.
    assert "  1   2   +420    3.00  1.00" in out
    assert "  5   6   -50     0.00  4.00" in out
    assert "  1=     1          1   3.00  75.00\n  1=     3          1   3.00  75.00\n" in out
    assert "  3      5          1   0.00   0.00" in out
    assert "  2=     2          1   1.00   25.00" in out


def test_session_score_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "session", "score", write(tmp_path, HOWELL), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["scoring"] == "mp"
    assert data["profile"] == "aeb"  # the default profile, the AEB's
    assert data["boards"][0]["top"] == 4
    assert [r["ns_points"] for r in data["boards"][0]["results"]] == [3, 3, 0]
    ns = [p for p in data["pairs"] if p["direction"] == "NS"]
    assert [(p["pair"], p["rank"], p["tied"], p["percentage"]) for p in ns] == [
        ("1", 1, True, 75.0),
        ("3", 1, True, 75.0),
        ("5", 3, False, 0.0),
    ]


def test_session_score_butler_shows_the_datum(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys, "session", "score", write(tmp_path, HOWELL), "--scoring", "imp-butler"
    )
    # 420 420 -50: one dropped at each end leaves 420: datum 420.
    assert code == 0
    assert "Board 1 (datum 420)" in out


def test_session_score_the_documented_example_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "session", "score", str(ROOT / "docs" / "examples" / "club.csv"))
    assert code == 0
    assert err == ""
    assert "A60/A40" in out
    assert "12C2a" in out
    assert "12C1f" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "board,ns,ew,tricks\n1,1,2,14\n",
            "line 2: expected contract, declarer and tricks, or score, or adjusted",
        ),
        (
            "board,ns,ew,contract,declarer,tricks\n1,1,2,4Z,N,10\n",
            "line 2, column 'contract': invalid contract '4Z'",
        ),
        (
            "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,14\n",
            "line 2, column 'tricks': invalid number of tricks '14'",
        ),
        (
            "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,,10\n",
            "line 2, column 'declarer': the declarer is missing",
        ),
        (
            "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,\n",
            "line 2, column 'tricks': the number of tricks is missing",
        ),
        ("board,ns,ew,score\n0,1,2,100\n", "line 2, column 'board': invalid board number '0'"),
        ("board,ns,ew,score\n1,1,2,lots\n", "line 2, column 'score': invalid score 'lots'"),
        (
            "board,ns,ew,score\n1,1,2,100\n1,1,3,100\n",
            "line 3, column 'ns': pair 1 already has a result on board 1 (line 2)",
        ),
        (
            "board,ns,ew,score\n1,1,1,100\n",
            "line 2, column 'ew': pair 1 cannot play against itself",
        ),
        (
            "board,ns,ew,adjusted\n1,1,2,A70/\n",
            "line 2, column 'adjusted': invalid adjusted score 'A70/'",
        ),
        ("board,ns,ew,adjusted\n1,1,2,1/3 +400; 1/3 -50\n", "the weights must add up to 1"),
        ("board,ns,ew,score,foo\n1,1,2,100,3\n", "line 1: unknown column 'foo'"),
        ("board,ns,score\n1,1,100\n", "line 1: the header lacks the column 'ew'"),
        ("board,ns,ew,score\n1,2,,100\n", "line 2, column 'ew': the pair is missing"),
    ],
)
def test_session_score_errors_name_the_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    code, out, err = run(capsys, "session", "score", path)
    assert code == 2
    assert out == ""
    assert err.startswith(f"arbitro session score: {path}, ")
    assert message in err
    assert err.count("\n") == 1


def test_session_score_aeb_refuses_weighted_scores_naming_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = "board,ns,ew,score,adjusted\n1,1,2,100,\n1,3,4,,1/2 4S= N; 1/2 4S-1 N\n"
    code, _, err = run(capsys, "session", "score", write(tmp_path, text), "--profile", "aeb")
    assert code == 1  # a refusal by the authority's rule, as in every command (docs/cli.md)
    assert (
        "line 3, column 'adjusted': the regulating authority (aeb) does not allow weighted scores"
        in err
    )
    code, out, _ = run(capsys, "session", "score", write(tmp_path, text), "--profile", "wbf")
    assert code == 0
    assert "12C1c" in out


def test_session_score_incongruent_entry_warns_and_the_number_stands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = "board,ns,ew,contract,declarer,tricks,score\n1,1,2,4SX,N,9,50\n1,3,4,4S,N,10,\n"
    code, out, err = run(capsys, "session", "score", write(tmp_path, text))
    assert code == 0
    assert "the contract gives -100 but the score is 50; the score stands (AEB rule A)" in err
    assert "+50" in out


def test_session_score_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "session", "score", str(tmp_path / "nothing.csv"))
    assert code == 2
    assert "cannot read" in err


def test_session_score_penalty_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "session", "score", write(tmp_path, HOWELL), "--penalty", "1,25%,90", "--json"
    )
    pairs = {p["pair"]: p for p in json.loads(out)["pairs"]}
    assert code == 0
    assert pairs["1"]["total"] == 2.0
    assert pairs["1"]["penalties"] == 1.0
    assert json.loads(out)["penalties"] == [
        {"pair": "1", "amount": 0.25, "unit": "top", "law": "90", "reason": ""}
    ]
    code, out, _ = run(capsys, "session", "score", write(tmp_path, HOWELL), "--penalty", "1,25%,90")
    assert out.endswith("Penalty: pair 1, 25% of a top (Law 90)\n")
    code, _, err = run(capsys, "session", "score", write(tmp_path, HOWELL), "--penalty", "1;lots")
    assert code == 2
    assert "invalid penalty '1;lots'" in err
    code, _, err = run(capsys, "session", "score", write(tmp_path, HOWELL), "--penalty", "1,1/0")
    assert code == 2  # a zero denominator is refused by name, not an internal error
    assert "invalid penalty '1,1/0'" in err


def test_law90_session_score_penalty_in_an_imp_session_is_in_imps(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, HOWELL)
    code, out, _ = run(
        capsys, "session", "score", path, "--scoring", "cross-imp", "--penalty", "1,3", "--json"
    )
    data = json.loads(out)
    assert code == 0
    assert data["penalties"] == [
        {"pair": "1", "amount": 3.0, "unit": "imps", "law": "90", "reason": ""}
    ]
    pairs = {p["pair"]: p for p in data["pairs"]}
    # Pair 1's +420 against 420 and -50: (0 + imps(470) = 10) / 2 = 5 IMPs, less 3.
    assert (pairs["1"]["total"], pairs["1"]["penalties"]) == (2.0, 3.0)
    code, _, err = run(capsys, "session", "score", path, "--penalty", "99,25%")
    assert code == 2
    assert "invalid penalty '99,25%': pair 99 did not play in the session" in err


@pytest.mark.parametrize(
    ("scoring", "penalty", "problem"),
    [
        ("mp", "99,12.5%", "pair 99 did not play in the session"),
        ("mp", "99 , 1.5MP , law 90b", "pair 99 did not play in the session"),
        ("cross-imp", "1,3MP,90", "a penalty in matchpoints needs matchpoint scoring"),
        ("mp", "1,1.5IMP,90", "a penalty in IMPs needs IMP scoring"),
    ],
)
def test_law90_session_score_penalty_refused_by_the_session_is_quoted_as_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, scoring: str, penalty: str, problem: str
) -> None:
    """A penalty the session refuses is quoted as the director typed it, never rewritten."""
    path = write(tmp_path, HOWELL)
    code, _, err = run(
        capsys,
        "session",
        "score",
        path,
        "--scoring",
        scoring,
        "--penalty",
        "1,1",
        "--penalty",
        penalty,
    )
    assert code == 2
    assert f"invalid penalty '{penalty}': {problem}" in err


@pytest.mark.parametrize(
    ("penalty", "problem"),
    [
        ("1,125%", "a share of a top is at most 1 (a whole top)"),
        ("1,1VP", "a session is scored in matchpoints or IMPs, not victory points"),
        ("1,lots", "expected a number, alone or with its unit"),
        ("1,25%,", "expected PAIR,AMOUNT[,LAW]"),
        ("1,3,99Z", "the Laws of the 2007 code are numbered 1 to 93"),
        ("1,25%,12C1c", "a procedural penalty applies Law 90"),
        ("1,2,5", "a decimal is written with a point here, as in 1,0.5"),
        ("1,0", "a penalty must take more than 0"),
    ],
)
def test_law90_session_score_penalty_amount_is_read_as_every_penalty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, penalty: str, problem: str
) -> None:
    """``--penalty``'s amount is read as ``event penalty``'s and the desk's: one top at most."""
    code, _, err = run(capsys, "session", "score", write(tmp_path, HOWELL), "--penalty", penalty)
    assert code == 2
    assert f"invalid penalty '{penalty}'" in err
    assert problem in err


def test_law90_session_score_penalty_in_imps_typed_with_its_unit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, HOWELL)
    code, out, err = run(
        capsys, "session", "score", path, "--scoring", "cross-imp", "--penalty", "1,1.5IMP,90"
    )
    assert code == 0, err
    assert out.endswith("Penalty: pair 1, 1.50 IMPs (Law 90)\n")
    # The Law as a director types it, kept in the code's form (Laws 90, 91).
    code, out, err = run(
        capsys, "session", "score", path, "--scoring", "cross-imp", "--penalty", "1,1IMP,Law 91a"
    )
    assert code == 0, err
    assert out.endswith("Penalty: pair 1, 1 IMP (Law 91A)\n")
    # A share of a top has no place in a session scored in IMPs: refused, not turned.
    code, _, err = run(
        capsys, "session", "score", path, "--scoring", "cross-imp", "--penalty", "1,3MP"
    )
    assert code == 2, err
    assert "a penalty in matchpoints needs matchpoint scoring" in err


def test_session_score_help_is_all_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "session", "score", "--help", "--lang", "es")
    # Every option's help, --scoring and --profile included, in Spanish.
    assert "mp: puntos de match (Artículo 78A)" in out
    assert "El perfil de la Autoridad Reguladora" in out
    assert "matchpoints" not in out
    assert "regulating authority" not in out


def test_session_score_reads_spanish_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # English headers are English notation: Spanish contracts beneath them need --notation.
    text = "board,ns,ew,contract,declarer,tricks\n1,1,2,4P,O,10\n1,3,4,3ST,S,9\n"
    code, out, _ = run(
        capsys, "session", "score", write(tmp_path, text), "--lang", "es", "--notation", "es"
    )
    assert code == 0
    assert "-420" in out
    assert "+400" in out


def test_travellers_relative_tricks_and_passed_out_board() -> None:
    text = "board,ns,ew,contract,declarer,tricks\n2,1,2,4H,S,+1\n2,3,4,4H,S,-2\n2,5,6,Pass,,\n"
    results = read_travellers(text).results
    # Board 2: North-South vulnerable. 4H+1 = 650, 4H-2 = -200, passed out 0.
    assert [r.result for r in results] == [
        Result.played(650),
        Result.played(-200),
        Result.played(0),
    ]
    assert Board(2).vulnerability.to_str() == "NS"


def test_travellers_adjusted_forms() -> None:
    board = Board(1)
    assert read_adjusted("A50", board) == Result(Average.from_str("A50"), Average.from_str("A50"))
    assert read_adjusted("+420/-450", board) == Result.split(420, -450)
    assert read_adjusted("4S= N/4S+1 N", board) == Result.split(420, -450)
    assert read_adjusted("3NT-1 E", board) == Result.played(50)
    with pytest.raises(ValueError, match="weight and a score"):
        read_adjusted("1/2 +420; half -50", board)


def test_travellers_error_message_is_one_line() -> None:
    with pytest.raises(InvalidTravellerError) as error:
        read_travellers("board,ns,ew,score\n1,1,2,\n", "t.csv")
    assert (
        str(error.value)
        == "t.csv, line 2: expected contract, declarer and tricks, or score, or adjusted"
    )


@pytest.mark.parametrize("cell", ["1/0 +420", "1/2 +420; 1/0 -50", "1/0 4S= N; 1/2 4S-1 N"])
def test_law_12c1c_weighted_score_with_a_zero_denominator_names_the_line(cell: str) -> None:
    with pytest.raises(InvalidTravellerError) as error:
        read_travellers(f"board,ns,ew,adjusted\n1,1,2,{cell}\n", "t.csv")
    assert "t.csv, line 2, column 'adjusted'" in str(error.value)
    assert "denominator" in str(error.value)
