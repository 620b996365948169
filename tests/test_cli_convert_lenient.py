"""``arbitro convert --lenient`` tells what it could not read, as ``check --lenient`` does.

A lenient reading forgives what the docs list (a repeated tag starts a game, a game
takes the board's tags from the one before); a malformed tag or one never closed is
no such thing: the file still converts, and each of them is told on the standard error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli

BROKEN = '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Deal N:AKQJ]\n[Contract "4S"\n'


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    return run_cli(capsys, "--lang", "en", *arguments)


def test_convert_lenient_tells_each_tag_it_could_not_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text(BROKEN)
    code, out, err = _run(capsys, "convert", "--lenient", str(source), str(target))
    assert code == 0
    assert "1 game written" in out
    assert f"{source}, line 4: [Deal N:AKQJ]" in err
    assert "line 5" in err
    assert "a tag that is never closed" in err
    assert "2 problems above, not mended" in err
    assert 'Dealer "N"' in target.read_text()  # the rest converted


def test_convert_lenient_of_a_sound_file_says_nothing_more(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, target = tmp_path / "club.pbn", tmp_path / "out.pbn"
    source.write_text('[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n')
    code, _, err = _run(capsys, "convert", "--lenient", str(source), str(target))
    assert code == 0
    assert err == ""
