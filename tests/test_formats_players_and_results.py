"""The players' names and the result go wherever the target format can hold them.

- PBN to LIN: the ``North``, ``East``, ``South`` and ``West`` tags become ``pn`` (in LIN's
  order, South, West, North, East; a name PBN gives as ``?``, unknown, is left empty),
  and the ``Result`` of a play cut short (a claim), in any of PBN's forms (``10``,
  ``NS 10``, ``EW 3``, ``NS 10 EW 3``; PBN 2.1 3.4.15), becomes ``mc``.
- PBN to a table log (``.jsonl``): the names are kept in comment lines holding their
  PBN tags (``# [North "Muñoz, Luis"]``), which the table skips, and come back to PBN.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.formats import lin, pbn
from arbitro.formats.lin.games import read_games, write_games
from arbitro.formats.pbn.tables import read_games as read_log
from arbitro.formats.pbn.tables import write_games as write_log
from arbitro.table.log import replay

DATA = Path(__file__).resolve().parent / "data"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(result: str, names: str = "") -> pbn.PBNGame:
    """Board 1: South's 3NT after North and East pass, West's lead of a heart, a claim."""
    text = (
        f'[Board "1"]\n{names}[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        f'[Declarer "S"]\n[Contract "3NT"]\n[Result "{result}"]\n'
        '[Auction "N"]\nPass Pass 1NT Pass\n3NT Pass Pass Pass\n'
        '[Play "W"]\nHA H8 H5 H2\n*\n'
    )
    return pbn.loads(text)[0]


@pytest.mark.parametrize("result", ["10", "NS 10", "EW 3", "NS 10 EW 3", "EW 3 NS 10", "^10"])
def test_pbn_result_in_any_of_its_forms_becomes_the_lin_claim(result: str) -> None:
    [board] = lin.loads(write_games([game(result)])).boards
    assert board.claim == 10
    assert "mc|10|" in write_games([game(result)])


def test_pbn_result_of_a_real_file_becomes_the_lin_claim() -> None:
    # The PBN verifier's correct_21.pbn, board 16: 5CX by North, the play stops after
    # four tricks (*), [Result "NS 11"].
    path = DATA / "pbn" / "verifier" / "correct_21.pbn"
    games = pbn.loads(pbn.read_file(path), path.name)
    [board] = lin.loads(write_games([g for g in games if g["Board"] == "16"])).boards
    assert (board.claim, len(board.cards)) == (11, 16)


def test_pbn_players_become_lin_names_and_unknown_ones_are_left_empty() -> None:
    names = '[West "Peñalver, Ana"]\n[North "Muñoz, Luis"]\n[East "?"]\n[South "García, Juan"]\n'
    text = write_games([game("10", names)])
    # LIN separates names with commas: "Muñoz, Luis" is written "Muñoz Luis".
    assert "pn|García Juan,Peñalver Ana,Muñoz Luis,|" in text
    [board] = lin.loads(text).boards
    assert board.players == ("Muñoz Luis", "", "García Juan", "Peñalver Ana")
    # Back in PBN, the name LIN left empty is unknown again ("?" once written).
    [back] = read_games(text)
    assert (back["North"], back.get("East")) == ("Muñoz Luis", None)
    assert '[East "?"]' in pbn.dumps([back])
    assert "pn|" not in write_games([game("10")])  # no names at all: no pn


def test_pbn_without_names_gives_lin_without_question_marks() -> None:
    path = DATA / "programs" / "pbn" / "bridge-composer.pbn"  # [North "?"] and so on
    text = write_games(pbn.loads(pbn.read_file(path), path.name))
    assert "?" not in text


def test_pbn_players_go_into_the_table_log_and_come_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    names = (
        '[West "Peñalver, Ana"]\n[North "Muñoz, Luis"]\n[East "Sáez \\"la\\" Eva"]\n'
        '[South "García, Juan"]\n'
    )
    source, log, back = tmp_path / "board.pbn", tmp_path / "board.jsonl", tmp_path / "back.pbn"
    source.write_text(pbn.dumps([game("10", names)]), encoding="utf-8")
    for command in (["convert", str(source), str(log)], ["convert", str(log), str(back)]):
        with pytest.raises(SystemExit) as exited:
            main(command)
        assert exited.value.code in (0, None), capsys.readouterr().err
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[:4] == [
        '# [North "Muñoz, Luis"]',
        '# [East "Sáez \\"la\\" Eva"]',
        '# [South "García, Juan"]',
        '# [West "Peñalver, Ana"]',
    ]
    assert replay(lines, "board.jsonl").number == 1  # the table skips the comment lines
    [written] = pbn.load(back)
    assert [written[seat] for seat in ("North", "East", "South", "West")] == [
        "Muñoz, Luis",
        'Sáez "la" Eva',
        "García, Juan",
        "Peñalver, Ana",
    ]
    assert written["Result"] == "10"
    # A game without names gives a log without name lines, and unknown players back.
    text = write_log([game("10")])
    assert text.startswith('{"event": "board"')
    assert read_log(text)[0].get("North") is None
