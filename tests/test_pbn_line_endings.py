"""A PBN file whose lines end in CR alone, as old Mac programs write them, reads as lines.

PBN's import format leaves a file much freedom; its export format ends each line in CR
LF. Every reader of a PBN file turns its bytes into text in one place
(:func:`arbitro.formats.pbn.decode`), so ``check``, ``convert``, ``analyze``,
``session score``, ``event import`` and the desk's upload read such a file as they read
the same file with LF or CR LF; ``arbitro check`` still tells of the line ends, as a
warning naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli.dealing import read_games
from arbitro.formats import read_text
from arbitro.formats.pbn import decode, line_end_warnings, loads
from cli_support import run_cli

HOWELL = Path(__file__).resolve().parent / "data" / "programs" / "session" / "howell.pbn"
WARNING = (
    "the lines end in CR alone, as old Mac programs wrote them "
    "(PBN's export format ends them in CR LF): read as lines"
)


def _lf() -> bytes:
    return HOWELL.read_bytes().replace(b"\r\n", b"\n")


def _files(tmp_path: Path, data: bytes | None = None) -> tuple[str, str]:
    """The same PBN file twice: its lines ending in LF, then in CR alone."""
    lf = data if data is not None else _lf()
    (tmp_path / "lf").mkdir()
    (tmp_path / "mac").mkdir()
    unix, mac = tmp_path / "lf" / "night.pbn", tmp_path / "mac" / "night.pbn"
    unix.write_bytes(lf)
    mac.write_bytes(lf.replace(b"\n", b"\r"))
    return str(unix), str(mac)


def test_decode_reads_lines_ending_in_cr_alone_as_lines() -> None:
    assert decode(b'[Board "1"]\r[Dealer "N"]\r') == '[Board "1"]\n[Dealer "N"]\n'
    assert decode(b'[Board "1"]\r\n[Dealer "N"]\r\n') == '[Board "1"]\r\n[Dealer "N"]\r\n'
    assert decode('[North "Muñoz"]\r'.encode("utf-16")) == '[North "Muñoz"]\n'
    # A stray CR in a file whose lines end in LF is no line end: the reader names it.
    assert decode(b'[Board "1\r"]\n') == '[Board "1\r"]\n'


def test_the_games_of_a_cr_only_file_are_those_of_the_same_file_with_lf() -> None:
    lf = _lf()
    assert loads(decode(lf.replace(b"\n", b"\r"))) == loads(decode(lf))


def test_check_lists_the_line_ends_as_a_warning_naming_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unix, mac = _files(tmp_path, b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
    status, out, _ = run_cli(capsys, "check", unix)
    assert (status, out) == (0, f"{unix}: no problems\n")
    status, out, _ = run_cli(capsys, "check", mac)
    assert status == 1
    assert out == f"{mac}: {WARNING}\n"  # nothing else: its tags read, line by line
    status, out, _ = run_cli(capsys, "check", mac, "--json")
    assert [problem["problem"] for problem in json.loads(out)["problems"]] == [WARNING]


def test_line_end_warnings_only_for_cr_alone() -> None:
    assert [str(w) for w in line_end_warnings(b'[Board "1"]\r', "a.pbn")] == [f"a.pbn: {WARNING}"]
    assert line_end_warnings(b'[Board "1"]\r\n') == line_end_warnings(b'[Board "1"]\n') == []


def test_session_score_of_a_cr_only_file_scores_as_the_lf_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unix, mac = _files(tmp_path)
    status, scored, err = run_cli(capsys, "session", "score", unix)
    assert status == 0, err
    assert "Ranking" in scored
    assert run_cli(capsys, "session", "score", mac)[:2] == (0, scored)


def test_convert_and_analyze_read_a_cr_only_file_as_the_lf_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unix, mac = _files(tmp_path)
    assert read_text(mac) == read_text(unix)
    assert read_games(mac) == read_games(unix)  # arbitro analyze and deal's reader
    status, _, err = run_cli(capsys, "convert", mac, str(tmp_path / "mac-out.pbn"), "--lenient")
    assert status == 0, err
    run_cli(capsys, "convert", unix, str(tmp_path / "lf-out.pbn"), "--lenient")
    assert (tmp_path / "mac-out.pbn").read_bytes() == (tmp_path / "lf-out.pbn").read_bytes()


def test_event_import_of_a_cr_only_file_imports_as_the_lf_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    unix, mac = _files(tmp_path)
    status, imported, err = run_cli(
        capsys, "event", "import", unix, "--db", str(tmp_path / "lf.db"), "--json"
    )
    assert status == 0, err
    again = run_cli(capsys, "event", "import", mac, "--db", str(tmp_path / "mac.db"), "--json")
    assert again[:2] == (0, imported)
    assert json.loads(imported)
