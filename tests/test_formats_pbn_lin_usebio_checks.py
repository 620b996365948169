"""PBN, LIN and USEBIO checked against PBN 2.1, the Laws
and the rule that bad input gets a located error, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli import main
from arbitro.cli.main import cli
from arbitro.core.errors import ArbitroError, PBNSyntaxError
from arbitro.formats import convert, format_for, lin, pbn, usebio
from arbitro.formats.pbn.tables import game_of, table_of
from table_support import load_scenario

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
LIN_DEAL = "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"
HUGE = "9" * 5000
"""Longer than the 4,300 digits Python's int() reads."""

# Boards of 4S by North, not vulnerable, with a Law 64 transfer after a revoke.
TRANSFERS = [
    "law_64a1_two_tricks_transferred",
    "law_64a1_one_trick_offenders_won_nothing_later",
    "law_64a2_declarer_revoke_trick_won_in_dummy",
    "law_64a2_revoke_trick_won_by_partner",
    "law_64b2_second_revoke_same_suit",
    "law_67b1b_missing_card_noticed_at_end",
    "law_67b2b_extra_card_back_makes_a_revoke",
]


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    """Run ``arbitro`` as a user does; return the exit status and stderr."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    code = exited.value.code
    return (code if isinstance(code, int) else 0), capsys.readouterr().err


def _law77_four_spades_not_vulnerable(tricks: int) -> int:
    """Law 77 by hand: 4S undoubled, not vulnerable (120 + 300, 30 an overtrick)."""
    return 420 + 30 * (tricks - 10) if tricks >= 10 else -50 * (10 - tricks)


# Finding 1: Law 64A's transfer survives PBN and LIN; Result agrees with Score.


@pytest.mark.parametrize("name", TRANSFERS)
def test_law_64a_revoke_transfer_survives_pbn(name: str) -> None:
    table = load_scenario(name)
    again = table_of(pbn.loads(pbn.dumps([game_of(table)]), "board.pbn", strict=False)[0])
    assert again.score() == table.score()
    assert again.score() != _law77_four_spades_not_vulnerable(again.tricks_won(again.declarer.side))  # type: ignore[union-attr]


@pytest.mark.parametrize("name", [*TRANSFERS, "law_67b1a_missing_card_placed_from_suit_led"])
def test_law_64a_pbn_result_is_the_tricks_after_the_transfer(name: str) -> None:
    """PBN 4.2 scores Contract and Result: Result must be the tricks Law 77 scores."""
    game = game_of(load_scenario(name))
    assert (game["Contract"], game["Declarer"], game["Vulnerable"]) == ("4S", "N", "None")
    assert game["Score"] == f"NS {_law77_four_spades_not_vulnerable(int(game['Result']))}"


@pytest.mark.parametrize("name", TRANSFERS[:2])
def test_law_64a_revoke_transfer_survives_lin_mc(name: str) -> None:
    table = load_scenario(name)
    board = lin.loads(format_for("board.lin").write_games([game_of(table)])).boards[0]
    assert board.claim is not None
    assert lin.to_table(board).score() == table.score()


# Finding 14: ^R only on a card that did not follow suit (PBN 3.9); Law 67B1a's deemed
# revoke is told by its note. Árbitro's replay cannot rebuild that transfer: it says so.


def test_law_67b1a_pbn_written_by_arbitro_passes_its_own_check() -> None:
    table = load_scenario("law_67b1a_missing_card_placed_from_suit_led")
    text = pbn.dumps([game_of(table)])
    assert pbn.check(text, "board.pbn") == []
    assert "Law 67B1a" in text
    with pytest.raises(PBNSyntaxError, match="the play gives declarer"):
        table_of(pbn.loads(text, "board.pbn")[0], "board.pbn")


# Finding 2: Law 68, a claim may be made during a trick.


def test_law_68_claim_during_a_trick_is_replayed_from_pbn() -> None:
    text = (
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\n1NT AP\n'
        '[Play "E"]\nST S7 S4 SA\n- - - SK\n*\n'
    )
    game = pbn.loads(text, "club.pbn")[0]
    # Law 77 by hand: 1NT not vulnerable, 7 tricks: 40 trick points + 50 part score.
    assert table_of(game, "club.pbn").score() == 90


# Finding 3: Law 2, another board has its own deal, dealer and vulnerability.


def test_law_2_lenient_game_of_another_board_does_not_take_the_previous_deal() -> None:
    text = (
        f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n\n'
        '[Board "2"]\n[Declarer "E"]\n[Contract "4S"]\n[Result "10"]\n\n'
        '[Board "2"]\n[Declarer "E"]\n[Contract "3S"]\n[Result "9"]\n'
    )
    _, second, third = pbn.loads(text, "club.pbn", strict=False)
    assert (second.get("Deal"), second.get("Dealer"), second.get("Vulnerable")) == (None,) * 3
    assert second["Event"] == "Club"  # the event is still the one before
    assert third["Board"] == second["Board"] == "2"


# Findings 4 and 5: digits outside 0-9 and numbers int() cannot read.


@pytest.mark.parametrize("annotation", ["=²=", "$²", f"={HUGE}="])
def test_pbn_3_5_note_reference_or_nag_not_in_0_to_9_is_a_located_problem(
    annotation: str,
) -> None:
    text = f'[Board "1"]\n[Dealer "N"]\n[Auction "N"]\nPass {annotation}\n'
    _, errors = pbn.read(text, "club.pbn")
    assert errors
    assert {error.line for error in errors} == {4}


@pytest.mark.parametrize(
    "text",
    [
        f'[Board "1"]\n[Auction "N"]\nPass\n[Note "{HUGE}:x"]\n',
        f'[Board "1"]\n[Declarer "N"]\n[Result "{HUGE}"]\n',
        f'[Board "1"]\n[ScoreTable "Rank\\\\2R"]\n{HUGE}\n',
        '[Board "٣"]\n',
        '[Declarer "N"]\n[Result "٩"]\n',
        '[Board "0"]\n',
    ],
    ids=["note-number", "result", "table-cell", "arabic-board", "arabic-result", "board-0"],
)
def test_pbn_2_1_numbers_are_0_to_9_digits_of_sensible_length(text: str) -> None:
    _, errors = pbn.read(text, "club.pbn")
    assert errors
    assert all(error.source == "club.pbn" for error in errors)


def test_cli_check_of_a_file_with_an_absurd_note_number_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "absurd.pbn"
    path.write_text(f'[Board "1"]\n[Auction "N"]\nPass\n[Note "{HUGE}:x"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert "absurd.pbn, line 4" in result.output
    assert "internal error" not in result.stderr


def test_cli_check_finds_the_score_table_line_session_score_refuses(tmp_path: Path) -> None:
    """A lead ``HZ`` in a score table: what ``session score`` stops at, ``check`` lists."""
    path = tmp_path / "club.pbn"
    header = "PairId_NS;PairId_EW;Contract;Declarer;Result;Lead"
    path.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
        f'[ScoreTable "{header}"]\n1 2 4S N 10 HK\n3 4 4S N 9 HZ\n',
        encoding="utf-8",
    )
    checked = CliRunner().invoke(cli, ["check", str(path)])
    assert checked.exit_code == 1, checked.output
    assert "club.pbn, line 7: 3 4 4S N 9 HZ: invalid card 'HZ'" in checked.output
    scored = CliRunner().invoke(cli, ["session", "score", str(path)])
    assert scored.exit_code == 2
    assert "club.pbn, line 7" in scored.output + scored.stderr


def test_lin_claim_with_a_superscript_digit_is_a_lin_syntax_error() -> None:
    with pytest.raises(lin.LINSyntaxError):
        lin.loads(LIN_DEAL + "mc|²|", "bbo.lin")


@pytest.mark.parametrize("board", ["0", HUGE])
def test_law_2_lin_board_number_the_table_refuses_names_the_file(board: str) -> None:
    with pytest.raises(ArbitroError, match=r"bbo\.lin"):
        format_for("bbo.lin").read_games(LIN_DEAL + f"ah|Board {board}|mb|7S|", "bbo.lin")


@pytest.mark.parametrize("target", [".lin", ".jsonl"])
def test_pbn_result_with_a_superscript_digit_is_not_a_value_error(target: str) -> None:
    text = (
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        '[Declarer "N"]\n[Contract "1NT"]\n[Result "²"]\n[Auction "N"]\n1NT AP\n'
        '[Play "E"]\nST S7 S4 SA\n*\n'
    )
    games = pbn.loads(text, "club.pbn", strict=False)
    try:
        written = format_for("out" + target).write_games(games)
    except ArbitroError:
        return
    assert "²" not in written


# Finding 6: USEBIO numbers out of range.


def _usebio(line: str = "<SCORE>420</SCORE>", extra: str = "") -> str:
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        f"<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>{extra}\n"
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\n"
        f"<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>{line}</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )


@pytest.mark.parametrize(
    "text",
    [
        _usebio("<SCORE>420</SCORE><NS_MATCH_POINTS>1e30</NS_MATCH_POINTS>"),
        _usebio(
            "<SCORE>420</SCORE>",
            "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
            "<TOTAL_SCORE>99999999999999999999999999999</TOTAL_SCORE></PAIR></PARTICIPANTS>",
        ),
    ],
    ids=["matchpoints-1e30", "total-29-digits"],
)
def test_usebio_absurd_number_is_a_located_error(text: str) -> None:
    with pytest.raises(ArbitroError, match=r"club\.xml, line"):
        format_for("club.xml").read_games(text, "club.xml")


# Finding 7: a target that cannot be written.


@pytest.mark.parametrize("where", ["missing-folder/out.pbn", "folder.pbn"])
def test_cli_convert_to_an_unwritable_target_is_a_clear_error(
    tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.pbn"
    source.write_text('[Board "1"]\n', encoding="utf-8")
    (tmp_path / "folder.pbn").mkdir()
    code, err = _run(capsys, "convert", str(source), str(tmp_path / where))
    assert code == 1, err
    assert str(tmp_path / where) in err
    assert "internal error" not in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["folder.pbn", "in.pbn"]


def test_convert_over_an_existing_file_replaces_it_whole(tmp_path: Path) -> None:
    source, target = tmp_path / "in.pbn", tmp_path / "out.pbn"
    source.write_text('[Board "7"]\n', encoding="utf-8")
    target.write_text("old\n", encoding="utf-8")
    assert convert(source, target) == 1
    assert pbn.load(target)[0]["Board"] == "7"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["in.pbn", "out.pbn"]


# Finding 9: a contract and result without their auction.


@pytest.mark.parametrize("target", [".lin", ".jsonl"])
def test_pbn_contract_and_result_without_auction_are_refused_not_dropped(target: str) -> None:
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKJT986.QJ3.4.Q6 32.K7654.T93.AJ5 ..AKQJ87652.K943 Q754.AT982..T872"]\n'
        '[Declarer "N"]\n[Contract "6S"]\n[Result "8"]\n'
    )
    game = pbn.loads(text, "club.pbn")[0]
    with pytest.raises(PBNSyntaxError, match=r"club\.pbn, line 6"):
        format_for("out" + target).write_games([game], "club.pbn")


# Finding 10: USEBIO files read in the encoding they declare.


@pytest.mark.parametrize("encoding", ["windows-1252", "UTF-16"])
def test_usebio_convert_reads_the_declared_encoding(tmp_path: Path, encoding: str) -> None:
    name = "Peña–Ibáñez"  # the en dash is 0x96 in windows-1252, a control in Latin-1
    source = tmp_path / "club.xml"
    source.write_bytes(
        (
            f'<?xml version="1.0" encoding="{encoding}"?>\n'
            '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><PARTICIPANTS><PAIR>'
            f"<PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>"
            "</PAIR></PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
            "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
            "<SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
        ).encode("cp1252" if encoding == "windows-1252" else "utf-16")
    )
    # The en dash is not in ISO 8859-1, PBN's character set: the PBN file is asked for in UTF-8.
    assert convert(source, tmp_path / "club.pbn", encoding="utf-8") == 1
    table = pbn.load(tmp_path / "club.pbn", strict=False)[0].tag("TotalScoreTable")
    assert table is not None
    assert table.rows[0].endswith(name)


# Finding 12: convert to USEBIO says what it writes.


@pytest.mark.parametrize("source", ["docs/examples/club-set.pbn", "docs/examples/bbo-board.lin"])
def test_convert_to_usebio_of_games_without_results_is_refused(tmp_path: Path, source: str) -> None:
    path = Path(__file__).parents[1] / source
    with pytest.raises(PBNSyntaxError, match="ScoreTable"):
        convert(path, tmp_path / "out.xml")
    assert not (tmp_path / "out.xml").exists()


# Finding 13: LIN cannot record an accepted irregularity (Laws 27A, 53A, 54A, 54B, 55A).


@pytest.mark.parametrize(
    ("name", "mark"),
    [
        ("law_27a_accepted_by_calling", "^I"),
        ("law_53a_defender_lead_accepted_by_declarer", "^L"),
        ("law_54a_declarer_spreads_and_becomes_dummy", "^S"),
        ("law_54b_declarer_accepts_and_plays_second", "^L"),
        ("law_55a_declarer_lead_accepted_by_defender", "^L"),
    ],
)
def test_lin_refuses_a_board_with_an_accepted_irregularity(name: str, mark: str) -> None:
    game = game_of(load_scenario(name))
    with pytest.raises(PBNSyntaxError, match=f"irregularity marked \\{mark}"):
        format_for("board.lin").write_games([game], "board.pbn")


# Finding 15: convert's errors name the file it reads.


@pytest.mark.parametrize("target", ["out.lin", "out.jsonl"])
def test_law_27_cli_convert_error_names_the_input_file(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unmarked insufficient bid (Law 27) cannot be replayed: the error names club.pbn."""
    source = tmp_path / "club.pbn"
    source.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT 1C\n',
        encoding="utf-8",
    )
    code, err = _run(capsys, "convert", str(source), str(tmp_path / target), "--lenient")
    assert code == 2
    assert "club.pbn, line 6" in err, err


def test_usebio_module_reads_what_convert_reads() -> None:
    text = _usebio()
    assert usebio.loads(text, "club.xml").event.sessions[0].boards[0].number == 1


# Finding 8: PBN 2.3, a line holds at most 255 characters with its end.


def test_pbn_2_3_written_lines_keep_within_255_characters() -> None:
    source = Path(__file__).resolve().parent / "data" / "pbn" / "verifier" / "correct_10.pbn"
    longest_read = max(len(line) + 1 for line in source.read_text(encoding="latin-1").splitlines())
    assert longest_read == 255  # the verifier's file goes to the limit, ending in LF
    written = pbn.dumps(pbn.load(source))
    assert max(len(line) + 2 for line in written.split("\n")) <= 255  # each ends in CR LF
    assert pbn.check(written, "again.pbn") == []
