"""Law 2: the dealer and vulnerability of each board number, repeating every 16 boards."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core import (
    Board,
    InvalidBoardError,
    Seat,
    Side,
    Vulnerability,
    law2_dealer,
    law2_vulnerability,
)
from arbitro.i18n import use_language

# Law 2, as the Law writes it for boards 1 to 16.
LAW2_DEALER = {
    Seat.NORTH: (1, 5, 9, 13),
    Seat.EAST: (2, 6, 10, 14),
    Seat.SOUTH: (3, 7, 11, 15),
    Seat.WEST: (4, 8, 12, 16),
}
LAW2_VULNERABILITY = {
    Vulnerability.NONE: (1, 8, 11, 14),
    Vulnerability.NS: (2, 5, 12, 15),
    Vulnerability.EW: (3, 6, 9, 16),
    Vulnerability.ALL: (4, 7, 10, 13),
}


def _law2(number: int) -> tuple[Seat, Vulnerability]:
    """The dealer and vulnerability Law 2's table gives board ``number``."""
    in_cycle = (number - 1) % 16 + 1
    (dealer,) = [seat for seat, boards in LAW2_DEALER.items() if in_cycle in boards]
    (vulnerability,) = [v for v, boards in LAW2_VULNERABILITY.items() if in_cycle in boards]
    return dealer, vulnerability


def test_law2_table_covers_each_board_of_the_cycle_once() -> None:
    for table in (LAW2_DEALER, LAW2_VULNERABILITY):
        numbers = sorted(n for boards in table.values() for n in boards)
        assert numbers == list(range(1, 17))


@pytest.mark.parametrize("number", range(1, 65), ids=lambda n: f"board-{n}")
def test_law2_board_dealer_and_vulnerability(number: int) -> None:
    dealer, vulnerability = _law2(number)
    board = Board(number)
    assert board.number == number
    assert board.dealer is dealer
    assert board.vulnerability is vulnerability
    assert board.follows_law2
    assert law2_dealer(number) is dealer
    assert law2_vulnerability(number) is vulnerability
    assert Board.from_str(str(number)) == board


@pytest.mark.parametrize("number", range(1, 17), ids=lambda n: f"board-{n}")
def test_law2_who_is_vulnerable(number: int) -> None:
    _, vulnerability = _law2(number)
    ns = vulnerability in (Vulnerability.NS, Vulnerability.ALL)
    ew = vulnerability in (Vulnerability.EW, Vulnerability.ALL)
    board = Board(number)
    assert board.vulnerability.is_vulnerable(Side.NS) is ns
    assert board.vulnerability.is_vulnerable(Side.EW) is ew
    for seat in (Seat.NORTH, Seat.SOUTH):
        assert board.vulnerability.is_vulnerable(seat) is ns
    for seat in (Seat.EAST, Seat.WEST):
        assert board.vulnerability.is_vulnerable(seat) is ew


@given(number=st.integers(min_value=1, max_value=10**6), cycles=st.integers(0, 10**4))
def test_law2_repeats_every_16_boards(number: int, cycles: int) -> None:
    board = Board(number)
    later = Board(number + 16 * cycles)
    assert later.dealer is board.dealer
    assert later.vulnerability is board.vulnerability
    assert (board.dealer, board.vulnerability) == _law2(number)


@given(number=st.integers(min_value=1, max_value=10**6))
def test_law2_dealer_rotates_clockwise(number: int) -> None:
    assert Board(number + 1).dealer is Board(number).dealer.lho


@pytest.mark.parametrize(
    "number",
    [0, -3, -16, True, False, 1.5, 2.0, "1", None],
    ids=repr,
)
def test_law2_board_number_must_be_a_whole_number_from_1(number: object) -> None:
    with pytest.raises(InvalidBoardError) as info:
        Board(cast(int, number))
    assert isinstance(info.value, ValueError)
    with use_language("en"):
        message = str(info.value)
    assert f"'{number}'" in message
    assert "expected a whole number from 1 up" in message


@pytest.mark.parametrize("number", [0, -3, True, 1.5])
def test_law2_functions_refuse_bad_board_numbers(number: object) -> None:
    with pytest.raises(InvalidBoardError):
        law2_dealer(cast(int, number))
    with pytest.raises(InvalidBoardError):
        law2_vulnerability(cast(int, number))


@pytest.mark.parametrize("text", ["x", "0", "-3", "", "1.5", "one", "3a"])
def test_law2_board_from_str_refuses_what_is_not_a_board_number(text: str) -> None:
    with pytest.raises(InvalidBoardError) as info:
        Board.from_str(text)
    assert info.value.text == text
    with use_language("en"):
        assert f"'{text}'" in str(info.value)


def test_law2_board_from_str_reads_a_number() -> None:
    assert Board.from_str(" 12 ") == Board(12)
    assert Board.from_str("12").vulnerability is Vulnerability.NS
    assert Board.from_str("12").dealer is Seat.WEST


def test_law2_board_marked_otherwise_keeps_its_markings() -> None:
    # Law 2: a board marked otherwise should not be used, but if it is, its markings
    # apply for that session.
    board = Board(1, dealer=Seat.WEST, vulnerability=Vulnerability.ALL)
    assert board.number == 1
    assert board.dealer is Seat.WEST
    assert board.vulnerability is Vulnerability.ALL
    assert not board.follows_law2
    assert board != Board(1)


@pytest.mark.parametrize(
    ("board", "dealer", "vulnerability"),
    [
        (Board(5, vulnerability=Vulnerability.NONE), Seat.NORTH, Vulnerability.NONE),
        (Board(5, dealer=Seat.SOUTH), Seat.SOUTH, Vulnerability.NS),
        (
            Board(16, dealer=Seat.NORTH, vulnerability=Vulnerability.NS),
            Seat.NORTH,
            Vulnerability.NS,
        ),
    ],
    ids=repr,
)
def test_law2_board_marked_in_part_keeps_the_rest_of_law2(
    board: Board, dealer: Seat, vulnerability: Vulnerability
) -> None:
    assert board.dealer is dealer
    assert board.vulnerability is vulnerability
    assert not board.follows_law2
    assert (
        eval(repr(board), {"Board": Board, "Seat": Seat, "Vulnerability": Vulnerability}) == board
    )


def test_law2_board_marked_as_law2_says_follows_law2() -> None:
    board = Board(7, dealer=Seat.SOUTH, vulnerability=Vulnerability.ALL)
    assert board.follows_law2
    assert board == Board(7)
    assert repr(board) == "Board(7)"


def test_law2_board_markings_cannot_change_during_the_session() -> None:
    board = Board(3)
    with pytest.raises(AttributeError):
        board.dealer = Seat.NORTH
    with pytest.raises(AttributeError):
        board.vulnerability = Vulnerability.NONE
    assert (board.dealer, board.vulnerability) == (Seat.SOUTH, Vulnerability.EW)
