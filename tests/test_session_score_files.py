"""``arbitro session score`` reads the file a scorer has, told by its content: USEBIO,
PBN with score tables, or CSV as spreadsheets save it (Spanish headers and notation,
``;`` and decimal comma, Latin-1). The same session ranks identically from each.

The session is the six-pair matchpoint Howell of ``tests/test_usebio_programs.py``
(Compscore3's USEBIO, a PBN file of score tables, a Spanish spreadsheet's CSV), whose
figures were worked out by hand there: pair 4 10 of 12 (83.33 %), pairs 1 and 6 7
(58.33 %), 5 5 (41.67 %), 2 4 (33.33 %), 3 3 (25.00 %).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli.main import cli
from arbitro.formats import usebio
from arbitro.formats.travellers import kind_of, read_session, spreadsheet
from arbitro.scoring.results import Average, Result, Weighted

DATA = Path(__file__).resolve().parent / "data" / "programs"
SAME_SESSION = [
    DATA / "usebio" / "compscore3-mp-howell.xml",
    DATA / "session" / "howell.pbn",
    DATA / "session" / "howell-es.csv",
]


def _score(path: Path, *extra: str) -> str:
    result = CliRunner().invoke(cli, ["session", "score", str(path), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_session_score_the_same_session_as_usebio_pbn_and_spanish_csv_is_identical() -> None:
    printed = [_score(path) for path in SAME_SESSION]
    assert printed[0] == printed[1] == printed[2]
    ranking = printed[0].split("Ranking")[1].splitlines()[2:]
    assert [line.split()[1:] for line in ranking] == [
        ["4", "3", "10.00", "83.33"],
        ["1", "3", "7.00", "58.33"],
        ["6", "3", "7.00", "58.33"],
        ["5", "3", "5.00", "41.67"],
        ["2", "3", "4.00", "33.33"],
        ["3", "3", "3.00", "25.00"],
    ]


def test_session_score_json_is_identical_from_each_file() -> None:
    # The scoring is identical; only the USEBIO file publishes figures to compare with.
    printed = [json.loads(_score(path, "--json")) for path in SAME_SESSION]
    published = [data.pop("published") for data in printed]
    assert printed[0] == printed[1] == printed[2]
    assert [found["compared"] > 0 for found in published] == [True, False, False]
    assert all(found["differences"] == [] for found in published)


def test_session_score_usebio_is_not_read_as_csv() -> None:
    output = _score(DATA / "usebio" / "compscore3-cross-imp-howell.xml")
    assert "unknown column" not in output
    assert "cross-IMPs" in output  # the file's EVENT_TYPE, not the default mp


def test_spanish_spreadsheet_is_latin1_with_semicolons_and_spanish_notation() -> None:
    data = (DATA / "session" / "howell-es.csv").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    found = read_session(data, "howell-es.csv")
    assert found.kind == "csv"
    # 4C is four hearts (corazones) in Spanish notation, O is West (oeste): 2C by West
    # making 8 tricks, East-West vulnerable on board 3, is -110 for North-South.
    board_three = [table for table in found.travellers.results if table.board == 3]
    assert [table.result for table in board_three] == [
        Result.played(-110),
        Result.played(100),
        Result.played(-140),
    ]


@pytest.mark.parametrize("declarer", ["carteador", "declarante"])
def test_spanish_headers_with_english_notation_when_told(declarer: str) -> None:
    """The declarer's column is headed as the AEB's Laws say it, or as a club may."""
    text = f"estuche;ns;eo;contrato;{declarer};bazas\n1;1;2;4H;W;10\n"
    found = read_session(text.encode("utf-8"), "t.csv", notation="en")
    assert [table.result for table in found.travellers.results] == [Result.played(-420)]


def test_decimal_comma_in_a_weighted_score() -> None:
    canonical, spanish = spreadsheet('estuche;ns;eo;ajustado\n1;1;2;"0,5 +420; 0,5 -50"\n')
    assert spanish
    assert canonical.splitlines()[1] == "1,1,2,0.5 +420; 0.5 -50"
    found = read_session(canonical.encode(), "t.csv")
    [table] = found.travellers.results
    assert isinstance(table.result.ns, Weighted)
    assert table.result.ns.parts == ((Fraction(1, 2), 420), (Fraction(1, 2), -50))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("<?xml version='1.0'?><USEBIO/>", "usebio"),
        ('\n[Board "1"]', "pbn"),
        ("board,ns,ew\n", "csv"),
        ("estuche;ns;eo\n", "csv"),
    ],
)
def test_the_kind_of_file_is_told_by_its_content(text: str, kind: str) -> None:
    assert kind_of(text) == kind


def test_pbn_games_of_one_result_each_name_their_pairs_by_players() -> None:
    # One game per table's result (Contract, Declarer, Result, Score), as programs that
    # record a board as played write it; the pairs are their players, North - South and
    # East - West. 4S by North making 10, not vulnerable: 420; 4S by North making 9: -50.
    text = "".join(
        f'[Board "1"]\n[North "{n}"]\n[South "{s}"]\n[East "{e}"]\n[West "{w}"]\n'
        f'[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "{r}"]\n\n'
        for n, s, e, w, r in (
            ("Ana", "Luis", "Eva", "Pau", 10),
            ("Rosa", "Juan", "Inés", "Tomás", 9),
        )
    )
    found = read_session(text.encode("utf-8"), "played.pbn")
    assert [(t.ns, t.ew, t.result) for t in found.travellers.results] == [
        ("Ana - Luis", "Eva - Pau", Result.played(420)),
        ("Rosa - Juan", "Inés - Tomás", Result.played(-50)),
    ]


def test_usebio_adjusted_scores_reach_the_session_as_written() -> None:
    # Weighted (12C1c), artificial (12C2) and split (12C1f) scores go through the CSV
    # reader that USEBIO rows share with spreadsheets and come out as USEBIO reads them.
    weighted = Weighted(((Fraction(2, 3), 620), (Fraction(1, 3), -100)))
    lines = (
        usebio.TravellerLine("1", "2", result=Result(weighted, weighted)),
        usebio.TravellerLine("3", "4", result=Result.played(420)),
        usebio.TravellerLine(
            "5", "6", result=Result.artificial(Average.from_str("A60"), Average.from_str("A40"))
        ),
        usebio.TravellerLine("7", "8", result=Result.split(420, -620)),
    )
    session = usebio.Session("1", boards=(usebio.Board(1, lines),))
    text = usebio.dumps(usebio.Usebio(usebio.Event("MP_PAIRS", sessions=(session,))))
    found = read_session(text.encode("utf-8"), "adjusted.xml")
    expected = usebio.table_results(usebio.loads(text).event.sessions[0])
    assert [table.result for table in found.travellers.results] == [t.result for t in expected]
    assert [table.result for table in expected] == [line.result for line in lines]
