"""``arbitro convert`` between USEBIO and PBN score tables (``formats/usebio/games.py``).

USEBIO -> PBN: the ``Scoring`` is the method Árbitro scores the USEBIO file by
(``usebio.method_of``), so the PBN file scores to the figures the USEBIO file published;
a name with a quote is a PBN string with ``\\"``. PBN -> USEBIO: the columns of a table
are read without their sort order (PBN 2.1, 5.2: ``+`` highest first, ``-`` lowest
first), a row must name its table's pairs, and a standings table repeated with ``#``
lists each pair once.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats import convert, pbn
from arbitro.formats.published import compare_file
from arbitro.formats.travellers import read_session
from arbitro.formats.usebio import loads
from arbitro.formats.usebio.games import read_games, write_games
from arbitro.scoring.results import Result

PROGRAMS = Path(__file__).parent / "data" / "programs" / "usebio"
VERIFIER = Path(__file__).parent / "data" / "pbn" / "verifier"


@pytest.mark.parametrize(
    ("name", "scoring", "method"),
    [
        ("compscore3-butler-mitchell.xml", "Butler", "imp-butler"),
        ("compscore3-cross-imp-howell.xml", "IMP", "cross-imp"),
        ("compscore3-mp-howell.xml", "MP", "mp"),
    ],
)
def test_usebio_to_pbn_keeps_the_scoring_method_of_a_compscore3_file(
    name: str, scoring: str, method: str, tmp_path: Path
) -> None:
    """Compscore3 writes no BOARD_SCORING_METHOD: the method is its EVENT_TYPE's."""
    target = tmp_path / "session.pbn"
    convert(PROGRAMS / name, target)
    data = target.read_bytes()
    games = pbn.loads(data.decode())
    assert {game["Scoring"] for game in games} == {scoring}
    points = "MP_NS" if scoring == "MP" else "IMP_NS"
    assert all(points in game.tag("ScoreTable").value for game in games)  # type: ignore[union-attr]
    assert read_session(data, "session.pbn").method == method
    found = compare_file(data, "session.pbn")
    assert found.compared > 0
    assert found.differences == ()
    # The file written passes Árbitro's own check (a shared place "2=" is Rank 2).
    assert pbn.check(data.decode(), "session.pbn") == []


def test_usebio_to_pbn_and_back_keeps_a_shared_place() -> None:
    text = (PROGRAMS / "compscore3-butler-mitchell.xml").read_text()
    places = {p.number: p.place for p in loads(text).event.sessions[0].participants}
    back = loads(write_games(read_games(text))).event.sessions[0].participants
    assert {p.number: p.place for p in back} == places
    assert places["1NS"] == "2="


QUOTED_NAME = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE>
<PLAYER><PLAYER_NAME>María "Maru" Gómez</PLAYER_NAME></PLAYER>
<PLAYER><PLAYER_NAME>Ana</PLAYER_NAME></PLAYER></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE>
<PLAYER><PLAYER_NAME>O"Neil</PLAYER_NAME></PLAYER></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE></BOARD>
</EVENT></USEBIO>
"""


def test_usebio_to_pbn_escapes_a_quote_in_a_players_name() -> None:
    games = read_games(QUOTED_NAME, "club.xml")
    rows = games[0].tag("TotalScoreTable").rows  # type: ignore[union-attr]
    assert rows[0].endswith(r'"María \"Maru\" Gómez - Ana"')
    assert rows[1].endswith(r'"O\"Neil"')
    # Through the PBN text, read strictly (its table reader reads the \" escape), and
    # back, the names are whole.
    text = pbn.dumps(games)
    assert pbn.check(text, "club.pbn") == []
    back = loads(write_games(pbn.loads(text))).event.sessions[0].participants
    assert [[player.name for player in p.players] for p in back] == [
        ['María "Maru" Gómez', "Ana"],
        ['O"Neil'],
    ]


SORTED = r"""[Event "Club"]
[Board "1"]
[Scoring "MP"]
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;+Score_NS\5R;-MP_NS\4R;MP_EW\4R"]
 1  2 4S   N 10   420  2.0  0.0
 3  4 4S   N  9  -100  0.0  2.0
[TotalScoreTable "-Rank\2R;PairId\2R;TotalScore\4R;+Percentage\5R;Names\20L"]
{ the two best pairs }
 1  1  2.0 100.0 "Ana;Luis"
 2  3  0.0   0.0 "Eva;Pau"

[Event "Club"]
[Board "2"]
[Scoring "MP"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS"]
1 2 -50
3 4 -100
[TotalScoreTable "#"]
 1  1  2.0 100.0 "Ana;Luis"
 2  3  0.0   0.0 "Eva;Pau"
"""


def test_pbn_to_usebio_reads_columns_without_their_sort_order() -> None:
    session = loads(write_games(pbn.loads(SORTED), "club.pbn")).event.sessions[0]
    first = session.boards[0].lines
    assert [line.result for line in first] == [Result.played(420), Result.played(-100)]
    assert [line.ns_points for line in first] == [2, 0]
    # -Rank and +Percentage are Rank and Percentage; "#" repeats the standings once.
    assert [(p.number, p.place, p.percentage) for p in session.participants] == [
        ("1", "1", Fraction(100)),
        ("3", "2", Fraction(0)),
    ]
    assert [player.name for player in session.participants[0].players] == ["Ana", "Luis"]
    assert [board.number for board in session.boards] == [1, 2]


def test_pbn_to_usebio_refuses_a_score_table_without_the_pairs(tmp_path: Path) -> None:
    """The verifier's ScoreTable of frequencies (-Rank, +Score_NS, Multiplicity) is no traveller."""
    source = VERIFIER / "correct_20.pbn"
    target = tmp_path / "out.xml"
    with pytest.raises(PBNSyntaxError) as caught:
        convert(source, target)
    assert caught.value.line == 639
    message = str(caught.value)
    assert message.startswith(f"{source}, line 639: [ScoreTable")
    assert "PairId_NS, PairId_EW" in message
    assert not target.exists()


def test_pbn_to_usebio_refuses_a_row_without_its_pairs() -> None:
    text = '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n- 4 -50\n'
    with pytest.raises(PBNSyntaxError) as caught:
        write_games(pbn.loads(text), "club.pbn")
    assert str(caught.value).startswith("club.pbn, line 4: - 4 -50: ")
    assert "PairId_NS, PairId_EW" in str(caught.value)
