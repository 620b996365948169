"""An error about a file names the file, the line when there is one, and the real reason.

No ``line 0``, no empty quoted text: a table log asked to hold two boards, a USEBIO
file converted into LIN (USEBIO holds no deals), a game without a ``Deal`` tag, a LIN
deal with a card in two hands, a board number too large to deal (Law 6) or analyse.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.core.errors import PBNSyntaxError
from arbitro.formats import convert
from cli_support import run_cli

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DATA = Path(__file__).resolve().parent / "data" / "programs" / "usebio"


def test_file_error_without_a_line_or_a_text_names_neither() -> None:
    assert str(PBNSyntaxError.at("a.lin", 0, "", "a table needs a whole deal")) == (
        "a.lin: a table needs a whole deal"
    )
    assert str(PBNSyntaxError.at("a.pbn", 4, "", "a table needs a whole deal")) == (
        "a.pbn, line 4: a table needs a whole deal"
    )


def test_table_log_of_two_boards_is_refused_naming_the_file(tmp_path: Path) -> None:
    source = tmp_path / "two.pbn"
    source.write_text(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{DEAL}"]\n')
    with pytest.raises(PBNSyntaxError) as raised:
        convert(source, tmp_path / "one.jsonl")
    assert str(raised.value) == f"{source}: a table log holds exactly one board, not 2"


def test_usebio_into_lin_is_refused_because_usebio_holds_no_deals(tmp_path: Path) -> None:
    source = DATA / "compscore3-mp-howell.xml"
    with pytest.raises(PBNSyntaxError) as raised:
        convert(source, tmp_path / "res.lin")
    assert str(raised.value) == (
        f"{source}: USEBIO holds the results of boards, not their deals: "
        "each board of a LIN file needs its deal"
    )
    assert not (tmp_path / "res.lin").exists()


def test_game_without_a_deal_into_lin_names_its_board_and_line(tmp_path: Path) -> None:
    source = tmp_path / "nodeal.pbn"
    source.write_text(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Dealer "E"]\n')
    with pytest.raises(PBNSyntaxError) as raised:
        convert(source, tmp_path / "out.lin")
    assert str(raised.value) == (
        f'{source}, line 4: [Board "2"]: the game has no Deal tag: a table needs a whole deal'
    )


def test_lin_deal_with_a_card_in_two_hands_names_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dupcard.lin"
    path.write_text("md|3SKH4579QKAD69C58K,SK69QAH3D5TJQAC69,S47H8TD248KC347QA,|\n")
    code, out, _ = run_cli(capsys, "--lang", "en", "check", str(path))
    assert code == 1
    assert out.strip().endswith(": the card SK is dealt twice")


def test_usebio_not_utf8_without_a_declared_encoding_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.xml"
    path.write_bytes(
        "<USEBIO><EVENT><EVENT_DESCRIPTION>Peña</EVENT_DESCRIPTION></EVENT></USEBIO>".encode(
            "latin-1"
        )
    )
    code, _, err = run_cli(capsys, "--lang", "en", "check", str(path))
    assert code == 2
    assert "the file is not UTF-8 and declares no encoding" in err


@pytest.mark.parametrize("command", ["verify", "analyze"])
def test_board_number_too_large_is_refused_with_file_line_and_largest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "huge.pbn"
    path.write_text(f'[Event "A"]\n[Board "99999999999999999999"]\n[Deal "{DEAL}"]\n')
    seed = "0" * 64
    arguments = (
        ["deal", "verify", str(path), "--seed", seed, "--commitment", seed]
        if command == "verify"
        else ["analyze", str(path), "--out", str(tmp_path / "out.pbn")]
    )
    code, _, err = run_cli(capsys, "--lang", "en", *arguments)
    assert code == 2
    assert (
        'huge.pbn, line 2: [Board "99999999999999999999"]: '
        "expected a board number from 1 to 999999999"
    ) in err
    assert not (tmp_path / "out.pbn").exists()


def test_check_refuses_a_board_number_too_large_saying_the_largest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` gives the reason ``deal verify`` and ``analyze`` give: the number is too large."""
    path = tmp_path / "huge.pbn"
    path.write_text(f'[Event "A"]\n[Board "99999999999999999999"]\n[Deal "{DEAL}"]\n')
    code, out, err = run_cli(capsys, "--lang", "en", "check", str(path))
    assert code == 1
    assert "expected a board number from 1 to 999999999" in out + err
    assert "from 1 up" not in out + err
