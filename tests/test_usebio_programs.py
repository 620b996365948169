"""USEBIO as other programs write it: Compscore3's files read, their published figures
reproduced to the hundredth, and every difference reported per board and per pair.

The files are Árbitro's own (``tests/data/programs/usebio/``), in Compscore3's shape.
Their published figures were worked out by hand, as below; the tests check that
Árbitro, scoring the same travellers, gets each one (``differences`` is empty) and
check some of them again by name.

The six-pair Howell (``compscore3-mp-howell.xml``, ``compscore3-cross-imp-howell.xml``),
North-South's scores:

    board 1: 1 v 2 +420, 3 v 4 -50, 5 v 6 +140
    board 2: 1 v 3 +600, 4 v 2 +630, 6 v 5 +600
    board 3: 1 v 4 -110, 2 v 3 +100, 5 v 6 -140

Matchpoints (2 for each result beaten, 1 for each equal; top 4):
    board 1: NS 1 4, NS 3 0, NS 5 2; board 2: NS 4 4, NS 1 and NS 6 1 each (equal);
    board 3: NS 2 4, NS 1 2, NS 5 0; East-West gets 4 less North-South's.
    Totals of 12: 1: 4+1+2 = 7 (58.33 %), 2: 0+0+4 = 4 (33.33 %), 3: 0+3+0 = 3 (25.00 %),
    4: 4+4+2 = 10 (83.33 %), 5: 2+3+0 = 5 (41.67 %), 6: 2+1+4 = 7 (58.33 %).

With board 3's ``2 v 3`` an artificial A5050 (``compscore3-mp-howell-a5050.xml``): the
two real results make a field of 2 (NS 1 2, NS 5 0 of a top of 2), brought to the top of
3 results by Neuberg, (m + 1) x 3 / 2 - 1: NS 1 3.5, NS 5 0.5, EW 4 0.5, EW 6 3.5;
A5050 is 50 % of 4 to each side, 2 and 2. Totals: 1: 8.5 (70.83 %), 2: 2 (16.67 %),
3: 5 (41.67 %), 4: 8.5 (70.83 %), 5: 5.5 (45.83 %), 6: 6.5 (54.17 %).

Cross-IMPs (the mean of the IMPs against each other result at the board, Law 78B):
    board 1: NS 1: 470 -> 10, 280 -> 7: 8.50; NS 3: -470 -> -10, -190 -> -5: -7.50;
             NS 5: -280 -> -7, 190 -> 5: -1.00
    board 2: NS 1: -30 -> -1, 0: -0.50; NS 4: +1, +1: 1.00; NS 6: 0, -1: -0.50
    board 3: NS 1: -210 -> -5, 30 -> 1: -2.00; NS 2: 5, 240 -> 6: 5.50;
             NS 5: -1, -6: -3.50
    Totals: 1: 6.00, 2: -4.00, 3: -12.50, 4: 10.50, 5: -4.00, 6: 4.00 (they add to 0).

Butler (``compscore3-butler-mitchell.xml``; datum: the mean without the highest and the
lowest score, rounded to 10):
    board 1: 420, 420, 170, -50: (420 + 170) / 2 = 295 -> 300; IMPs 120 -> 3, 3,
             -130 -> -4, -350 -> -8
    board 2: -100, 110, 140, -650: (-100 + 110) / 2 = 5 -> 10; -110 -> -3, 100 -> 3,
             130 -> 4, -660 -> -12
    Totals: 1NS 3-3 = 0, 2NS 3+3 = 6, 3NS -4+4 = 0, 4NS -8-12 = -20; 1EW -3+12 = 9,
    2EW -3+3 = 0, 3EW 4-3 = 1, 4EW 8-4 = 4.

The 13-pair Mitchell with a sit-out (``compscore3-mp-mitchell-sit-out.xml``) is the one
of ``tests/test_law78a_mitchell_sit_out.py``: North-South pair k has 20 (k - 1) of 120,
factored within its own direction (it is not factored at all).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli.main import cli
from arbitro.core import Card
from arbitro.formats import usebio
from arbitro.formats.usebio.published import differences
from arbitro.scoring.results import Average, AverageKind
from arbitro.scoring.session import score_session, show

DATA = Path(__file__).resolve().parent / "data" / "programs" / "usebio"
FILES = sorted(DATA.glob("compscore3-*.xml"))


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_compscore3_published_figures_are_reproduced_to_the_hundredth(path: Path) -> None:
    read = usebio.loads(path.read_text(encoding="utf-8"), path.name)
    assert read.program == "Compscore3"
    assert differences(read) == []


def _standings(name: str) -> dict[str, tuple[str, str | None]]:
    read = usebio.loads((DATA / name).read_text(encoding="utf-8"), name)
    session = read.event.sessions[0]
    scored = score_session(usebio.table_results(session), usebio.method_of(read.event))
    return {
        pair.pair: (show(pair.factored), None if pair.percentage is None else show(pair.percentage))
        for pair in scored.pairs
    }


def test_compscore3_matchpoint_howell_by_hand() -> None:
    assert _standings("compscore3-mp-howell.xml") == {
        "1": ("7.00", "58.33"), "2": ("4.00", "33.33"), "3": ("3.00", "25.00"),
        "4": ("10.00", "83.33"), "5": ("5.00", "41.67"), "6": ("7.00", "58.33"),
    }  # fmt: skip


def test_compscore3_a5050_gives_each_side_half_the_top() -> None:
    read = usebio.loads((DATA / "compscore3-mp-howell-a5050.xml").read_text(encoding="utf-8"))
    [line] = [line for line in read.event.sessions[0].boards[2].lines if line.ns == "2"]
    assert line.result is not None
    assert line.result.ns == Average(AverageKind.AVERAGE, Fraction(50))
    assert line.result.ew == Average(AverageKind.AVERAGE, Fraction(50))
    assert _standings("compscore3-mp-howell-a5050.xml") == {
        "1": ("8.50", "70.83"), "2": ("2.00", "16.67"), "3": ("5.00", "41.67"),
        "4": ("8.50", "70.83"), "5": ("5.50", "45.83"), "6": ("6.50", "54.17"),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("score", "ns", "ew"),
    [("A6040", 60, 40), ("A4060", 40, 60), ("A6060", 60, 60), ("A4040", 40, 40)],
)
def test_compscore3_artificial_scores_of_both_sides(score: str, ns: int, ew: int) -> None:
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>'
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    [line] = usebio.loads(text).event.sessions[0].boards[0].lines
    assert line.result is not None
    assert isinstance(line.result.ns, Average)
    assert isinstance(line.result.ew, Average)
    assert (line.result.ns.percent, line.result.ew.percent) == (Fraction(ns), Fraction(ew))


def test_compscore3_cross_imps_by_hand() -> None:
    assert {pair: total for pair, (total, _) in _standings("compscore3-cross-imp-howell.xml").items()} == {
        "1": "6.00", "2": "-4.00", "3": "-12.50", "4": "10.50", "5": "-4.00", "6": "4.00",
    }  # fmt: skip


def test_compscore3_butler_by_hand() -> None:
    assert {pair: total for pair, (total, _) in _standings("compscore3-butler-mitchell.xml").items()} == {
        "1NS": "0.00", "2NS": "6.00", "3NS": "0.00", "4NS": "-20.00",
        "1EW": "9.00", "2EW": "0.00", "3EW": "1.00", "4EW": "4.00",
    }  # fmt: skip


def test_compscore3_event_type_decides_the_method() -> None:
    methods = {
        path.name: usebio.method_of(usebio.loads(path.read_text(encoding="utf-8")).event)
        for path in FILES
    }
    assert methods == {
        "compscore3-butler-mitchell.xml": "imp-butler",
        "compscore3-cross-imp-howell.xml": "cross-imp",
        "compscore3-mp-howell-a5050.xml": "mp",
        "compscore3-mp-howell.xml": "mp",
        "compscore3-mp-mitchell-sit-out.xml": "mp",
    }


def test_compscore3_leads_rank_first_are_read() -> None:
    read = usebio.loads((DATA / "compscore3-butler-mitchell.xml").read_text(encoding="utf-8"))
    leads = [line.lead for board in read.event.sessions[0].boards for line in board.lines]
    assert leads[0] == Card.from_str("DT")  # written TD
    assert Card.from_str("HA") in leads  # written AH


def test_differences_are_reported_per_board_and_per_pair(tmp_path: Path) -> None:
    text = (DATA / "compscore3-butler-mitchell.xml").read_text(encoding="utf-8")
    # Alter two published figures: 2NS's total (6.00 -> 7.00) and board 2's 3NS v 4EW
    # line (4 -> 5 IMPs to North-South, -4 -> -5 to East-West).
    altered = text.replace("<TOTAL_SCORE>6.00</TOTAL_SCORE>", "<TOTAL_SCORE>7.00</TOTAL_SCORE>")
    altered = altered.replace(
        "<NS_BUTLER_POINTS>4</NS_BUTLER_POINTS>\n    <EW_BUTLER_POINTS>-4</EW_BUTLER_POINTS>",
        "<NS_BUTLER_POINTS>5</NS_BUTLER_POINTS>\n    <EW_BUTLER_POINTS>-5</EW_BUTLER_POINTS>",
    )
    assert altered.count("<NS_BUTLER_POINTS>5<") == 1
    path = tmp_path / "altered.xml"
    path.write_text(altered, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}: board 2, 3NS v 4EW: North-South points: published 5.00, computed 4.00",
        f"{path}: board 2, 3NS v 4EW: East-West points: published -5.00, computed -4.00",
        f"{path}: pair 2NS: total: published 7.00, computed 6.00",
    ]


OTHERS = {
    "ebuscore-mp-howell.xml": "EBUScore",
    "scorebridge-mp-howell.xml": "ScoreBridge",
    "bridgemate-mp-howell.xml": "Bridgemate Control Software",
}


@pytest.mark.parametrize(("name", "program"), OTHERS.items(), ids=list(OTHERS))
def test_other_programs_usebio_is_read_and_agrees(name: str, program: str) -> None:
    # The six-pair matchpoint Howell above, in each program's shape: EBUScore's and
    # Bridgemate's in SESSION / SECTION with BOARD_SCORING_METHOD, ScoreBridge's straight
    # under EVENT with empty PERCENTAGE elements and matchpoints on the 1 / 0.5 scale
    # (top 2 instead of 4: half the figures of the docstring).
    read = usebio.loads((DATA / name).read_text(encoding="utf-8"), name)
    assert read.program == program
    assert usebio.method_of(read.event) == "mp"
    assert [len(board.lines) for board in read.event.sessions[0].boards] == [3, 3, 3]
    assert differences(read) == []
    assert _standings(name)["4"] == ("10.00", "83.33")


def test_matchpoints_are_compared_on_the_file_own_scale() -> None:
    name = "scorebridge-mp-howell.xml"
    text = (DATA / name).read_text(encoding="utf-8")
    # Pair 4's total of 10 on Árbitro's scale is 5.00 on ScoreBridge's; 6.00 is wrong.
    assert text.count("<TOTAL_SCORE>5.00</TOTAL_SCORE>") == 1
    altered = usebio.loads(text.replace("<TOTAL_SCORE>5.00<", "<TOTAL_SCORE>6.00<"), name)
    assert [str(found) for found in differences(altered)] == [
        "pair 4: total: published 6.00, computed 5.00"
    ]
