"""USEBIO values read strictly: a contract, a traveller line's pairs and a board number.

Each wrong value is an error naming the file, the line, the element and what was
expected, from ``usebio.loads``, ``arbitro check`` and ``arbitro session score`` alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.formats import usebio
from arbitro.formats.travellers import read_session
from arbitro.formats.usebio import UsebioSyntaxError
from arbitro.formats.usebio.games import check

PROGRAMS = Path(__file__).parent / "data" / "programs" / "usebio"


def _file(line: str, board: str = "1") -> str:
    """A one-board USEBIO file whose traveller line holds ``line`` (the line is line 5)."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n"
        "\n"
        f"<TRAVELLER_LINE>{line}<SCORE>420</SCORE></TRAVELLER_LINE>\n"
        "</BOARD></EVENT></USEBIO>\n"
    )


PAIRS = "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        (
            _file(PAIRS + "<CONTRACT>8Z</CONTRACT>"),
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE/CONTRACT",
            "'8Z': expected a contract such as 4HX, or Pass",
        ),
        (
            _file(PAIRS + "<CONTRACT>4S by N</CONTRACT>"),
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE/CONTRACT",
            "'4S by N': expected a contract such as 4HX, or Pass",
        ),
        (
            _file("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"),
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE",
            "expected an element NS_PAIR_NUMBER",
        ),
        (
            _file("<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"),
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE",
            "expected an element EW_PAIR_NUMBER",
        ),
        (
            _file(PAIRS + "<TRICKS>1_0</TRICKS>"),
            "USEBIO/EVENT/BOARD/TRAVELLER_LINE/TRICKS",
            "'1_0': expected the tricks taken, 0 to 13",
        ),
    ],
)
def test_usebio_traveller_line_values_are_errors_naming_line_and_element(
    text: str, path: str, expected: str
) -> None:
    with pytest.raises(UsebioSyntaxError) as caught:
        usebio.loads(text, "club.xml")
    assert str(caught.value) == f"club.xml, line 5, {path}: {expected}"
    assert [error.line for error in check(text, "club.xml")] == [5]


def test_usebio_board_number_with_an_underscore_is_an_error() -> None:
    """Python's int() reads 1_0 as 10; a board number is digits only."""
    with pytest.raises(UsebioSyntaxError) as caught:
        usebio.loads(_file(PAIRS, board="1_0"), "club.xml")
    assert str(caught.value) == (
        "club.xml, line 3, USEBIO/EVENT/BOARD/BOARD_NUMBER: '1_0': "
        "expected a whole number from 1 up"
    )


def test_usebio_session_score_names_the_traveller_line_without_its_pairs() -> None:
    data = _file("<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>").encode()
    with pytest.raises(UsebioSyntaxError, match=r"line 5, .*: expected an element NS_PAIR_NUMBER"):
        read_session(data, "club.xml")


def test_usebio_lines_of_an_individual_or_a_match_need_no_pair_numbers() -> None:
    individual = _file(
        "<NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>2</EAST_PLAYER_NUMBER>"
        "<SOUTH_PLAYER_NUMBER>3</SOUTH_PLAYER_NUMBER><WEST_PLAYER_NUMBER>4</WEST_PLAYER_NUMBER>"
        "<CONTRACT>3NTX</CONTRACT>"
    )
    assert usebio.loads(individual).event.sessions[0].boards[0].lines[0].contract == "3NTX"
    match = (
        "<USEBIO><EVENT><SESSION><MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><DIRECTION>NS</DIRECTION>"
        "<CONTRACT>Pass</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE></BOARD>"
        "</MATCH></SESSION></EVENT></USEBIO>"
    )
    assert usebio.loads(match).event.sessions[0].matches[0].boards[0].lines[0].contract == "Pass"


@pytest.mark.parametrize("path", sorted(PROGRAMS.glob("*.xml")), ids=lambda path: path.name)
def test_usebio_program_files_still_read(path: Path) -> None:
    assert usebio.load(path).event.sessions
