"""BBO vugraph LIN files: each room's players and each board's number.

A vugraph file (``tests/data/programs/lin/bbo-vugraph.lin``) names the match in its
header (``vg``, ``rs``, ``mn``) and the eight players in one ``pn``: the open room's
South, West, North and East, then the closed room's. Each board is marked ``qx|o1|``
(open room, board 1) or ``qx|c1|``, with no title: the marker gives the board its
number and its room, and the room its four players; a later ``pn`` of eight (a
substitution) seats the boards after it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.formats import lin, pbn

VUGRAPH = Path(__file__).resolve().parent / "data" / "programs" / "lin" / "bbo-vugraph.lin"
OPEN = ("Sáez", "Ibáñez", "Muñoz", "Peñalver")  # North, East, South, West
CLOSED = ("Gómez", "Núñez", "García", "López")
CLOSED_AFTER_SUBSTITUTION = ("Peña", "Núñez", "García", "López")


def test_vugraph_boards_have_their_numbers_rooms_and_players() -> None:
    record = lin.load(VUGRAPH)
    boards = [board for board in record.boards if board.deal is not None]
    assert [(board.number, board.room) for board in boards] == [
        (1, "Open"),
        (1, "Closed"),
        (2, "Open"),
        (2, "Closed"),
    ]
    assert [board.players for board in boards] == [OPEN, CLOSED, OPEN, CLOSED_AFTER_SUBSTITUTION]
    assert [tag for tag, _ in record.header] == ["vg", "rs", "mn", "pn"]
    assert record.event == "Copa de Primavera"
    assert [board.claim for board in boards] == [9, 10, 8, 9]


def test_vugraph_converted_to_pbn_keeps_each_rooms_names_and_the_board_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "match.pbn"
    with pytest.raises(SystemExit) as exited:
        main(["convert", str(VUGRAPH), str(target)])
    assert exited.value.code in (0, None), capsys.readouterr().err
    games = pbn.load(target)
    seats = ("North", "East", "South", "West")
    assert [
        (game["Board"], game["Room"], tuple(game[seat] for seat in seats)) for game in games
    ] == [
        ("1", "Open", OPEN),
        ("1", "Closed", CLOSED),
        ("2", "Open", OPEN),
        ("2", "Closed", CLOSED_AFTER_SUBSTITUTION),
    ]
    assert {game["Event"] for game in games} == {"Copa de Primavera"}
    assert [game["Result"] for game in games] == ["9", "10", "8", "9"]
    # And back to LIN: each board keeps its room's marker, its number and its players.
    back = tmp_path / "match.lin"
    with pytest.raises(SystemExit):
        main(["convert", str(target), str(back)])
    again = lin.load(back).boards
    assert [(b.number, b.room, b.players) for b in again] == [
        (1, "Open", OPEN),
        (1, "Closed", CLOSED),
        (2, "Open", OPEN),
        (2, "Closed", CLOSED_AFTER_SUBSTITUTION),
    ]


def test_vugraph_header_of_eight_names_is_kept_and_written_back() -> None:
    text = (
        "vg|Cup,Final,I,1,1,A,0,B,0|mn|Final|pn|s,w,n,e,S,W,N,E|\n"
        "qx|c1|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|o|\n"
    )
    record = lin.loads(text)
    assert record.header == (
        ("vg", "Cup,Final,I,1,1,A,0,B,0"),
        ("mn", "Final"),
        ("pn", "s,w,n,e,S,W,N,E"),
    )
    [board] = record.boards
    assert (board.number, board.room, board.players) == (1, "Closed", ("N", "E", "S", "W"))
    assert lin.loads(lin.dumps(record)) == record
