"""A PBN file read once by a command's several steps, and deals as export format writes them.

``arbitro check`` and ``arbitro session score`` read a file in several steps (the check,
the travellers, the published figures): within :func:`arbitro.formats.pbn.reading_once`
a text read again the same way is not parsed again, and gives the same games and
problems. A ``Deal`` already written as export format writes it is kept as it is; in
import format (lower case, ranks in any order, PBN 3.4.11 and 3.11) it comes back in
that form.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arbitro.formats import pbn
from arbitro.formats.pbn.reader import iter_games
from arbitro.formats.pbn.tag_values import canonical

FILE = (
    '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n[Board "x"]\n\n'
    '[Board "2"]\n[Dealer "E"]\n[Contract "4S"]\n[Declarer "S"]\n[Result "10"]\n'
)
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the parses of a text: each call of the reader the package reads with."""
    calls: list[int] = []
    reader = iter_games

    def counting(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append(1)
        return reader(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("arbitro.formats.pbn.iter_games", counting)
    return calls


def test_a_text_read_again_in_reading_once_is_parsed_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = pbn.read_all(FILE, "a.pbn", strict=True)
    calls = _counted(monkeypatch)
    with pbn.reading_once():
        first = pbn.read_all(FILE, "a.pbn", strict=True)
        again = pbn.read_all(FILE, "a.pbn", strict=True)
        assert len(calls) == 1
        assert first[0] == again[0] == alone[0]
        for problems in (1, 2):  # the errors, the notes
            assert [str(error) for error in first[problems]] == [
                str(error) for error in alone[problems]
            ]
            assert first[problems] == again[problems]  # the same problems, not read again
        first[0].clear()  # each caller's lists are its own
        assert len(pbn.read_all(FILE, "a.pbn", strict=True)[0]) == 2
        # Another mode, source or text is another reading.
        pbn.read_all(FILE, "a.pbn", strict=False)
        pbn.read_all(FILE, "b.pbn", strict=True)
        assert len(calls) == 3
    pbn.read_all(FILE, "a.pbn", strict=True)
    assert len(calls) == 4  # nothing kept once the block ends


def test_check_reads_a_pbn_file_once_a_mode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cli_support import run_cli

    path = tmp_path / "club.pbn"
    path.write_text(FILE.replace('[Board "x"]\n', ""), encoding="utf-8")
    before = run_cli(capsys, "check", str(path))
    calls = _counted(monkeypatch)
    assert run_cli(capsys, "check", str(path)) == before
    # The check (strict), then the travellers and the published figures (lenient): twice.
    assert len(calls) == 2


@pytest.mark.parametrize("seed", range(20))
def test_a_deal_in_import_format_comes_back_as_export_format_writes_it(seed: int) -> None:
    generator = random.Random(seed)
    hands = []
    for hand in DEAL[2:].split(" "):
        suits = []
        for suit in hand.split("."):
            ranks = list(suit)
            generator.shuffle(ranks)
            written = "".join(ranks)
            suits.append(written.lower() if generator.random() < 0.5 else written)
        hands.append(".".join(suits))
    assert canonical("Deal", "n:" + " ".join(hands)) == DEAL


def test_a_deal_as_export_format_writes_it_is_kept() -> None:
    assert canonical("Deal", DEAL) == DEAL
    partial = "E:AK2.Q.. - - -"
    assert canonical("Deal", partial) == partial


@pytest.mark.parametrize(
    "value", ["N:AAKQ.T98.765.432 - - -", "N:AKQ.T98.765 - - -", "N:AKQX.T98.765.432 - - -"]
)
def test_a_deal_that_is_no_deal_is_kept_as_written_for_the_check(value: str) -> None:
    assert canonical("Deal", value.lower()) == value.lower()
