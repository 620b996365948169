"""Alerts and explanations (Law 20F) through ``arbitro convert`` between LIN and PBN.

LIN writes them on the call (``mb|2H!|an|Michaels|``); PBN in the call's note
(``2H =1=`` and ``[Note "1:Alert: Michaels"]``; a note without ``Alert`` is an
explanation of a call that was not alerted, as BBO's robots explain theirs). A call
with rulings too has one note: the alert or explanation first, then the rulings.

A PBN line holds 255 characters (PBN 2.1 2.3): a note too long for its line is cut,
ending ``...``, and the conversion says so on the standard error, naming the board and
the call. LIN and the table log have no such limit: they keep the whole text.

PBN numbers 32 notes a section (=1= to =32=): an explained call after the 32nd is
written without its note, the rest of the file converted, and the conversion tells
each one on the standard error, naming the file read, the board's line, the board and
the call.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli.main import cli
from arbitro.core import Seat
from arbitro.core.call import Call
from arbitro.formats import lin, pbn
from arbitro.formats.lin.games import read_games, write_games
from arbitro.formats.lin.model import LinBoard, LinCall
from arbitro.formats.pbn.export_lines import CONTROL
from arbitro.formats.pbn.table_notes import read_explanation_note
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, ExplanationEvent
from arbitro.table.log import dumps as log_dumps

DATA = Path(__file__).resolve().parent / "data"
ENDPLAY_LIN = DATA / "lin" / "endplay" / "example1.lin"
REALBRIDGE = DATA / "pbn" / "endplay" / "example2.pbn"


def _convert(source: Path, target: Path) -> str:
    result = CliRunner().invoke(cli, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    return result.stderr


def test_law20f_endplay_lin_alerts_and_explanations_survive_pbn(tmp_path: Path) -> None:
    original = lin.load(ENDPLAY_LIN).boards
    calls = [call for board in original for call in board.calls]
    explained = [call for call in calls if call.explanation]
    alerted = [call for call in calls if call.alert]
    assert len(explained) > 10
    assert alerted
    as_pbn, back = tmp_path / "a.pbn", tmp_path / "b.lin"
    _convert(ENDPLAY_LIN, as_pbn)
    written = as_pbn.read_text(encoding="utf-8")
    # One note a call explained or alerted, each in the standard's form (check: no problems).
    assert written.count("[Note ") == len({id(c) for c in explained} | {id(c) for c in alerted})
    assert '[Note "2:Alert: Michaels -- 5+ !S; 9+ total points; forcing "]' in written
    assert '[Note "1:Major suit opening -- 5+ !H; 11-21 HCP; 12-22 total points"]' in written
    checked = CliRunner().invoke(cli, ["check", str(as_pbn)])
    assert checked.exit_code == 0, checked.output
    _convert(as_pbn, back)
    assert [board.calls for board in lin.load(back).boards] == [board.calls for board in original]


EXPLANATION = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs"), exclude_characters="|"),
    min_size=1,
    max_size=120,
).filter(lambda text: read_explanation_note(text) == (False, text))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.one_of(st.none(), EXPLANATION)), min_size=4, max_size=4)
)
def test_law20f_any_alerts_and_explanations_read_back_equal(
    marks: list[tuple[bool, str | None]],
) -> None:
    calls = tuple(
        LinCall(Call.from_str(call), alert, text)
        for call, (alert, text) in zip(("1NT", "2C", "2H", "Pass"), marks, strict=True)
    ) + tuple(LinCall(Call.from_str("Pass")) for _ in range(2))
    board = LinBoard(deal=EXAMPLE_DEAL, title="Board 1", calls=calls)
    text = lin.dumps(lin.LinFile(boards=(board,)))
    games = read_games(text)
    again = pbn.loads(pbn.dumps(games))  # through the PBN text
    assert lin.loads(write_games(again)).boards[0].calls == calls


def test_law20f_and_27a1_one_note_holds_the_explanation_then_the_ruling() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESWNE", ("1NT", "Pass", "1C", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
        if table.pending is not None:
            table.decide("W", "accept")
            table.apply(ExplanationEvent(Seat.NORTH, 3, "puppet / relay"))
    game = game_of(table)
    assert game.tag("Auction").rows == ("1NT Pass ^I 1C =1= Pass", "Pass Pass")  # type: ignore[union-attr]
    assert game["Note"] == (
        "1:puppet / relay / Law 27A1 (West: accept): the insufficient bid 1♣ is accepted"
    )
    replayed = table_of(pbn.loads(pbn.dumps([game]))[0])
    assert [(e.seat, e.call_number, e.alert, e.text) for e in replayed.explanations] == [
        (Seat.NORTH, 3, False, "puppet / relay")
    ]
    assert [str(ruling) for ruling in replayed.rulings] == [str(r) for r in table.rulings]
    assert game_of(replayed) == game


def test_realbridge_notes_become_lin_explanations() -> None:
    # endplay's example2.pbn (RealBridge): board 11, Romania v Israel, 1C =1= ... 1NT =2=.
    games = pbn.loads(REALBRIDGE.read_text(encoding="utf-8"), str(REALBRIDGE), strict=False)
    game = next(g for g in games if g.known("Board") == "11" and g.known("HomeTeam") == "ROMANIA")
    [board] = lin.loads(write_games([game])).boards
    explained = [(str(call.call), call.alert, call.explanation) for call in board.calls]
    assert explained[:4] == [
        ("1C", False, " 11-13,17-19 or clubs"),
        ("Pass", False, None),
        ("1NT", False, " 9-11, no 4cM"),
        ("Pass", False, None),
    ]


LONG = "Two-suited: hearts and a minor, " + "five-five or better, 8 to 12 points, " * 8


def _lin_board(explanation: str) -> str:
    return (
        "pn|S,W,N,E|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|ah|Board 7|"
        f"sv|o|mb|p|mb|p|mb|2H!|an|{explanation}|mb|p|mb|4H|mb|p|mb|p|mb|p|\n"
    )


def test_law20f_explanation_longer_than_a_pbn_line_is_cut_and_the_user_told(
    tmp_path: Path,
) -> None:
    source, target = tmp_path / "long.lin", tmp_path / "long.pbn"
    source.write_text(_lin_board(LONG), encoding="utf-8")
    told = _convert(source, target)
    assert told == (
        f"{target}: board 7, call 2H by South: its note is longer than a PBN line holds "
        "(255 characters): it is written cut to 241 characters, ending in '...'\n"
    )
    lines = target.read_text(encoding="latin-1").split("\n")
    assert max(len(line) for line in lines) <= 253  # 255 with the line end, CR LF
    [note] = [line for line in lines if line.startswith("[Note ")]
    assert note.startswith('[Note "1:Alert: Two-suited: hearts and a minor,')
    assert note.endswith('..."]')
    checked = CliRunner().invoke(cli, ["check", str(target)])
    assert checked.exit_code == 0, checked.output
    # LIN and the table log hold the whole explanation.
    again = tmp_path / "again.lin"
    assert _convert(source, again) == ""
    assert lin.load(again).boards[0].calls[2].explanation == LONG


@settings(max_examples=40, deadline=None)
@given(st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="|"),
               min_size=1, max_size=600))  # fmt: skip
def test_law20f_any_explanation_keeps_each_pbn_line_within_255_characters(
    explanation: str,
) -> None:
    games = read_games(_lin_board(explanation))
    text = pbn.dumps(games)
    assert max(len(line) for line in text.split("\n")) <= 253
    cut = pbn.cuts(games, "out.pbn")
    [note] = [tag.value for tag in pbn.loads(text, strict=False)[0].tags if tag.name == "Note"]
    if cut:
        assert note.endswith("...")
        assert len(note) < len(games[0]["Note"])
    else:  # DEL and the characters 128 to 159 are written as spaces (PBN 2.2)
        assert note == CONTROL.sub(" ", games[0]["Note"])


BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "N")]
"""Every bid, 1C to 7NT: 35 calls, each explained as BBO's robots explain theirs."""


def _robots_lin() -> str:
    """Two boards: board 1 with one explained call, board 7 (line 2) with 35."""
    explained = "".join(f"mb|{bid}|an|robot {number}|" for number, bid in enumerate(BIDS, 1))
    return (
        _lin_board("Michaels").replace("Board 7", "Board 1")
        + "pn|S,W,N,E|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|ah|Board 7|"
        + f"sv|o|{explained}mb|p|mb|p|mb|p|\n"
    )


def test_law20f_a_33rd_explained_call_keeps_no_pbn_note_and_the_user_is_told(
    tmp_path: Path,
) -> None:
    source, target = tmp_path / "robots.lin", tmp_path / "robots.pbn"
    source.write_text(_robots_lin(), encoding="utf-8")
    told = _convert(source, target).splitlines()
    # PBN numbers =1= to =32= a section: the 33rd to 35th explained calls of board 7 (7H,
    # 7S, 7NT, by North, East and South) are told, naming the file, the line and the board.
    assert told == [
        f"{source}, line 2: board 7, call {call} by {seat}: PBN numbers at most 32 notes in "
        f"the auction (=1= to =32=), so this call is written without its note: robot {number}"
        for call, seat, number in (("7H", "North", 33), ("7S", "East", 34), ("7NT", "South", 35))
    ]
    # The rest is written: both boards, board 7's whole auction and its first 32 notes.
    games = pbn.loads(target.read_text(encoding="latin-1"))
    assert [game["Board"] for game in games] == ["1", "7"]
    assert games[0]["Note"] == "1:Alert: Michaels"
    auction = " ".join(games[1].tag("Auction").rows)  # type: ignore[union-attr]
    assert auction.endswith("7S 7NT Pass Pass Pass")
    assert "7D =32= 7H 7S 7NT" in auction
    notes = [tag.value for tag in games[1].tags if tag.name == "Note"]
    assert notes == [f"{number}:robot {number}" for number in range(1, 33)]
    checked = CliRunner().invoke(cli, ["check", str(target)])
    assert checked.exit_code == 0, checked.output


def test_law20f_the_left_out_note_is_told_in_the_readers_language(tmp_path: Path) -> None:
    source, target = tmp_path / "robots.lin", tmp_path / "robots.pbn"
    source.write_text(_robots_lin(), encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), str(target), "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert (
        f"{source}, línea 2: estuche 7, voz 7NT de Sur: PBN numera como mucho 32 notas en la "
        "subasta (=1= a =32=), así que esta voz se escribe sin su nota: robot 35"
    ) in result.stderr.splitlines()


def test_law20f_a_table_logs_33rd_explained_call_is_told_with_the_logs_line(
    tmp_path: Path,
) -> None:
    table = Table(EXAMPLE_DEAL, number=5)
    for number, bid in enumerate(BIDS, 1):
        bidder = table.turn
        assert bidder is not None
        table.call(bidder, bid)
        table.apply(ExplanationEvent(bidder.partner, number, f"log {bid}"))
    for _ in range(3):
        bidder = table.turn
        assert bidder is not None
        table.call(bidder, "Pass")
    source, target = tmp_path / "board5.jsonl", tmp_path / "board5.pbn"
    source.write_text('# [North "Muñoz, Luis"]\n' + log_dumps(table), encoding="utf-8")
    told = _convert(source, target).splitlines()
    assert [line.split(": ")[0] for line in told] == [f"{source}, line 2"] * 3
    assert [line.rsplit(": ", 1)[1] for line in told] == ["log 7H", "log 7S", "log 7N"]
    assert "board 5, call 7H by" in told[0]
