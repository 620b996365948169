"""Table logs to and from PBN (issue 7): boards played through ``Table``, their
irregularities as the marks of PBN 2.1 section 3.9, and ``arbitro convert`` / ``check``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli.main import cli
from arbitro.core.errors import PBNSyntaxError
from arbitro.core.seat import Seat
from arbitro.formats import UnknownFormatError, convert, format_for
from arbitro.formats.pbn import PBNFileError, check, dumps, loads
from arbitro.formats.pbn.tables import game_of, table_of
from arbitro.table import CallStatus, Table
from arbitro.table.base import cards_of
from arbitro.table.events import EXAMPLE_DEAL, ClaimEvent, RevokeEvent
from arbitro.table.log import dumps as log_dumps
from arbitro.table.log import replay
from pbn_boards import played_table

DATA = Path(__file__).resolve().parent / "data" / "pbn"
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def _through_pbn(table: Table) -> Table:
    """Write the table as PBN text, read it back, and replay it into a new table."""
    return table_of(loads(dumps([game_of(table)]))[0])


def _same_board(first: Table, second: Table) -> None:
    def standing(table: Table) -> list[tuple[object, object, CallStatus]]:
        return [(entry.seat, entry.call, entry.status) for entry in table.auction]

    assert standing(second) == standing(first)
    assert second.contract == first.contract
    assert second.tricks == first.tricks
    assert second.current_trick == first.current_trick
    assert second.score() == first.score()


def test_law_27a1_insufficient_bid_accepted_is_marked_i_and_replayed() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    table.call("E", "1C")
    assert table.pending is not None
    assert table.pending.decider == "S"
    table.decide("S", "accept")
    for seat in "SWN":
        table.call(seat, "Pass")
    game = game_of(table)
    assert game.tag("Auction") is not None
    assert game.tag("Auction").rows[0].startswith("1NT ^I 1C")  # type: ignore[union-attr]
    assert "27A" in game["Note"]
    again = _through_pbn(table)
    _same_board(table, again)
    assert [ruling.law for ruling in again.rulings] == [ruling.law for ruling in table.rulings]


def test_law_29a_call_out_of_rotation_accepted_is_marked_s_and_replayed() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("E", "1H")
    assert table.pending is not None
    table.decide("S", "accept")
    for seat in "SWN":
        table.call(seat, "Pass")
    rows = game_of(table).tag("Auction").rows  # type: ignore[union-attr]
    assert rows[0].split()[:2] == ["^S", "1H"]
    _same_board(table, _through_pbn(table))


def test_law_54b_opening_lead_out_of_turn_accepted_is_marked_l_and_replayed() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    assert table.opening_leader is not None
    assert str(table.opening_leader) == "E"
    table.play("W", cards_of(table.hand("W").mask)[0])
    assert table.pending is not None
    table.decide("N", "accept")
    if table.face_down_lead is not None:
        table.face_lead()
    rng = random.Random(5)
    while table.turn is not None and table.legal_cards() and len(table.tricks) < 3:
        table.play(table.turn, rng.choice(table.legal_cards()))
    game = game_of(table)
    assert game.tag("Play").rows[0].split()[2] == "^L"  # type: ignore[union-attr]
    _same_board(table, _through_pbn(table))


def test_law_61a_revoke_is_marked_r_and_replayed() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.play("E", "H7")
    if table.face_down_lead is not None:
        table.face_lead()
    # South (dummy) holds hearts; declarer plays a spade from dummy instead: a revoke
    table.play("S", "S5")
    assert table.revokes
    while table.turn is not None and table.legal_cards() and len(table.tricks) < 2:
        table.play(table.turn, table.legal_cards()[0])
    game = game_of(table)
    assert "^R S5" in game.tag("Play").rows[0]  # type: ignore[union-attr]
    again = _through_pbn(table)
    _same_board(table, again)
    assert again.revokes == table.revokes


def test_law_27_unmarked_insufficient_bid_is_an_error_with_its_line() -> None:
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{EXAMPLE_DEAL}"]\n[Auction "N"]\n1NT 1C\n'
    )
    game = loads(text, strict=False)[0]
    with pytest.raises(PBNFileError) as raised:
        table_of(game)
    assert raised.value.line == 6


@settings(max_examples=25)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=52))
def test_law_22_random_legal_boards_survive_pbn(seed: int, cards: int) -> None:
    table = played_table(random.Random(seed), cards=cards)
    _same_board(table, _through_pbn(table))


def test_table_log_converts_to_pbn_and_back(tmp_path: Path) -> None:
    table = played_table(random.Random(11))
    log = tmp_path / "board.jsonl"
    log.write_text(log_dumps(table), encoding="utf-8")
    assert convert(log, tmp_path / "board.pbn") == 1
    assert convert(tmp_path / "board.pbn", tmp_path / "again.jsonl") == 1
    again = table_of(loads((tmp_path / "board.pbn").read_text(encoding="utf-8"))[0])
    _same_board(table, again)
    assert (tmp_path / "again.jsonl").read_text(encoding="utf-8") == log_dumps(again)


def test_registry_dispatches_by_extension() -> None:
    assert format_for("a.PBN").module == "arbitro.formats.pbn"
    assert format_for("b.jsonl").module == "arbitro.formats.pbn.tables"
    with pytest.raises(UnknownFormatError):
        format_for("c.docx")


def test_cli_check_lists_every_problem_with_its_line() -> None:
    path = DATA / "verifier" / "errors_21.pbn"
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert [line.split(", line ")[1].split(":")[0] for line in result.output.splitlines()] == [
        "7",
        "11",
    ]


def test_cli_check_a_correct_file_exits_0() -> None:
    result = CliRunner().invoke(cli, ["check", str(DATA / "verifier" / "correct_21.pbn")])
    assert result.exit_code == 0
    assert "no problems" in result.output


def test_cli_convert_writes_export_form(tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    source = DATA / "endplay" / "example1.pbn"
    result = CliRunner().invoke(cli, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    written = target.read_text(encoding="latin-1").split("\n")
    # Line by line the same, with the line that names the character set (ISO 8859-1).
    assert written.pop(2) == "%Content-type: text/x-pbn; charset=ISO-8859-1"
    assert written == source.read_text(encoding="utf-8").split("\n")


def test_cli_check_unreadable_file_is_a_parse_error() -> None:
    with pytest.raises(PBNSyntaxError):
        format_for("missing.pbn").check(
            __import__("arbitro.formats", fromlist=["read_text"]).read_text("missing.pbn"),
            "missing.pbn",
        )


def test_law_54a_declarer_spreads_and_the_declarer_is_marked_s() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.play("W", cards_of(table.hand("W").mask)[0])
    table.decide("N", "spread")
    if table.face_down_lead is not None:
        table.face_lead()
    rng = random.Random(9)
    while table.turn is not None and table.legal_cards() and len(table.tricks) < 4:
        table.play(table.turn, rng.choice(table.legal_cards()))
    game = game_of(table)
    assert game["Declarer"] == "^S"
    assert game["Play"] == "W"
    assert check(dumps([game])) == []
    _same_board(table, _through_pbn(table))


def test_law_69a_claim_accepted_is_a_cut_play_with_its_result() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1S", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    for seat, card in (("E", "H7"), ("S", "H2"), ("W", "HA"), ("N", "H8")):
        table.play(seat, card)
        if table.face_down_lead is not None:
            table.face_lead()
    table.apply(ClaimEvent(Seat.NORTH, 12, "all"))
    assert table.pending is not None
    table.decide("E", "accept")
    game = game_of(table)
    assert game.tag("Play").rows[-1] == "*"  # type: ignore[union-attr]
    assert game["Result"] == str(table.declarer_tricks)
    assert check(dumps([game])) == []
    again = _through_pbn(table)
    assert again.phase is table.phase
    assert again.declarer_tricks == table.declarer_tricks
    assert again.score() == table.score()


def test_law_67_defective_trick_not_yet_noticed_is_written_with_a_dash() -> None:
    scenario = Path(__file__).parent / "scenarios" / "law_67b1a_missing_card_placed_from_suit_led"
    lines = scenario.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
    # Up to the end of the next trick, before anyone draws attention to the defect.
    noticed = next(n for n, line in enumerate(lines) if '"defect_noticed"' in line)
    table = replay(lines[:noticed])
    assert len(table.tricks[0].cards) == 3
    text = dumps([game_of(table)])
    play = text.split('[Play "E"]')[1].splitlines()
    assert play[1].split() == ["H5", "H8", "H2", "-"]


def test_law_68a_claim_of_the_example_log_is_noted_on_the_last_card_and_made_again() -> None:
    lines = (EXAMPLES / "claim-end-position.jsonl").read_text(encoding="utf-8").splitlines()
    table = replay(lines)
    game = game_of(table)
    rows = game.tag("Play").rows  # type: ignore[union-attr]
    assert rows[-2:] == ("D2 D3 CA =1= D7", "*")  # East's ♣A, the last card before the claim
    assert not any("=" in row for row in game.tag("Auction").rows)  # type: ignore[union-attr]
    assert game["Note"].startswith("1:Law 68A (South: claim): South claims 3 of the 3")
    text = dumps([game])
    assert check(text, strict=True) == []
    again = table_of(loads(text)[0])
    assert [str(ruling) for ruling in again.rulings] == [str(ruling) for ruling in table.rulings]
    assert again.pending is not None  # the claim still waits for the defenders' answer
    claims = [line for line in log_dumps(again).splitlines() if '"claim"' in line]
    assert len(claims) == 1
    assert '"seat": "S", "tricks": 3' in claims[0]
    assert dumps([game_of(again)]) == text


def test_law_63b_revoke_ruling_is_noted_on_the_revoking_card_not_the_auction() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.play("E", "H7")
    if table.face_down_lead is not None:
        table.face_lead()
    table.play("S", "S5")  # dummy holds hearts: a revoke, noticed after the last trick
    while table.turn is not None and table.legal_cards():
        table.play(table.turn, table.legal_cards()[0])
    table.apply(RevokeEvent(Seat.SOUTH))
    assert [ruling.law for ruling in table.rulings] == ["63B"]
    game = game_of(table)
    assert game.tag("Play").rows[0] == "H7 ^R S5 =1= HA HT"  # type: ignore[union-attr]
    assert game.tag("Auction").rows == ("1NT Pass Pass Pass",)  # type: ignore[union-attr]
    assert game["Note"].startswith("1:Law 63B (Director: 63B): the revoke of South in trick 1")
    assert check(dumps([game]), strict=True) == []
    again = _through_pbn(table)
    _same_board(table, again)
    assert [ruling.law for ruling in again.rulings] == ["63B"]  # made again once, not twice


def test_law_68a_claim_before_the_opening_lead_stays_in_the_auction_notes() -> None:
    table = Table(EXAMPLE_DEAL, number=1)
    for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
        table.call(seat, call)
    table.apply(ClaimEvent(Seat.NORTH, 13, ""))
    table.decide("E", "accept")
    game = game_of(table)
    assert game.tag("Play") is None
    assert game.tag("Auction").rows == ("1NT Pass Pass Pass =1=",)  # type: ignore[union-attr]
    assert "Law 68A (North: claim)" in game["Note"]
    again = _through_pbn(table)
    assert again.phase is table.phase
    assert again.score() == table.score()
    assert [str(ruling) for ruling in again.rulings] == [str(ruling) for ruling in table.rulings]
