"""A results file a club got wrong: refused naming the file and the place, nothing stored.

``arbitro session score`` and ``arbitro event import`` read a PBN file with score tables
or a USEBIO file another program wrote; ``arbitro check`` lists its problems. A file cut
short in a tag or a comment, a board number no database keeps, a USEBIO file that is not
well-formed, declares entities or gives a pair two results on a board: each is one line
naming the file and the line (or the board), with exit status 2 (1 for ``check``'s
list), no traceback, and no event in the database after a refused import.
"""

from __future__ import annotations

import io
import re
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.bounded import MAX_NUMBER
from arbitro.formats import pbn
from arbitro.formats.pbn import PBNCutShortError, PBNFileError
from arbitro.store import open_store
from cli_support import run_cli

PROGRAMS = Path(__file__).resolve().parent / "data" / "programs"
HOWELL_PBN = (PROGRAMS / "session" / "howell.pbn").read_text(encoding="latin-1")
HOWELL_XML = (PROGRAMS / "usebio" / "bridgemate-mp-howell.xml").read_bytes()


def _refused_import(
    capsys: pytest.CaptureFixture[str], path: Path, database: Path
) -> tuple[int, str]:
    """``arbitro event import`` of ``path``: its exit status and error, the store left empty."""
    code, _, err = run_cli(capsys, "event", "import", str(path), "--db", str(database))
    if database.exists():
        assert open_store(f"sqlite:///{database}").events() == []
    return code, err


def _one_clear_line(err: str, path: Path) -> None:
    assert "Traceback" not in err
    assert "internal error" not in err
    assert str(path) in err
    assert len(err.strip().splitlines()) == 1


def test_board_number_no_database_keeps_is_refused_naming_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "huge.pbn"
    path.write_text(HOWELL_PBN.replace('[Board "1"]', '[Board "99999999999"]'), "latin-1")
    for command in (["session", "score", str(path)], ["check", str(path)]):
        code, _, err = run_cli(capsys, *command)
        assert code != 0
    code, err = _refused_import(capsys, path, tmp_path / "club.sqlite3")
    assert code == 2
    _one_clear_line(err, path)
    assert "line 9" in err
    assert "99999999999" in err
    assert str(MAX_NUMBER) in err


def test_board_number_the_database_keeps_is_imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "large.pbn"
    path.write_text(HOWELL_PBN.replace('[Board "3"]', f'[Board "{MAX_NUMBER}"]'), "latin-1")
    code, out, err = run_cli(capsys, "event", "import", str(path), "--db", str(tmp_path / "a.db"))
    assert code == 0, err
    assert "Event 1 imported" in out


@pytest.mark.parametrize(
    ("cut", "line"),
    [
        ('[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Scoring "MP"]\n[ScoreTable "Pair', 18),
        ("\n{ a comment the program never finished\n 1  2 4S", 14),
    ],
    ids=["inside-a-tag", "inside-a-comment"],
)
def test_results_file_cut_short_is_refused_not_scored_in_part(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, cut: str, line: int
) -> None:
    board_1 = HOWELL_PBN[: HOWELL_PBN.index('[Event "Howell de prueba"]\n[Board "2"]')]
    path = tmp_path / "cut.pbn"
    path.write_text(board_1 + ('[Event "Howell de prueba"]\n' if "Board" in cut else "") + cut)
    code, out, err = run_cli(capsys, "session", "score", str(path))
    assert code == 2
    assert out == ""
    _one_clear_line(err, path)
    assert f"line {line}:" in err
    assert "never closed" in err
    code, err = _refused_import(capsys, path, tmp_path / "club.sqlite3")
    assert code == 2
    _one_clear_line(err, path)


def test_lenient_pbn_reading_refuses_only_a_file_that_ends_inside_a_tag_or_comment() -> None:
    # A tag never closed in the middle of a file bends the standard: lenient mode reads on.
    middle = '[Board "1"]\n[Dealer "N\n[Vulnerable "None"]\n'
    assert [game.known("Board") for game in pbn.loads(middle, "a.pbn", strict=False)] == ["1"]
    for end in ('[Board "1"]\n[Deal "N:AKQ', '[Board "1"]\n{ a note'):
        with pytest.raises(PBNFileError) as raised:
            pbn.loads(end, "cut.pbn", strict=False)
        assert all(isinstance(error, PBNCutShortError) for error in raised.value.errors)
        assert str(raised.value).startswith("cut.pbn, line 2: ")


def test_usebio_check_of_a_pair_with_two_results_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "twice.xml"
    line = re.compile(rb"(<TRAVELLER_LINE>.*?</TRAVELLER_LINE>)", re.S)
    path.write_bytes(line.sub(rb"\1\1", HOWELL_XML, count=1))
    code, out, _ = run_cli(capsys, "check", str(path))
    assert code == 1
    assert out.startswith(f"{path}: ")
    assert "board 1: the pair has two results" in out
    code, err = _refused_import(capsys, path, tmp_path / "club.sqlite3")
    assert code in (1, 2)
    _one_clear_line(err, path)
    assert "board 1" in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (HOWELL_XML[:5000], "line 179, column 22: the file ends inside a tag or a comment"),
        (
            b'<?xml version="1.0"?><!DOCTYPE U [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b"<USEBIO><EVENT>&x;</EVENT></USEBIO>",
            "'x': entity declarations and external references are refused",
        ),
        (
            b'<?xml version="1.0"?><!DOCTYPE U [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><USEBIO><EVENT>&b;</EVENT></USEBIO>',
            "'a': entity declarations and external references are refused",
        ),
        (b"<USEBIO>\n</USEBIO>", "line 1, USEBIO: expected an element EVENT"),
    ],
    ids=["truncated", "external-entity", "entity-expansion", "no-event"],
)
def test_usebio_refusal_names_the_file_and_line_without_empty_places(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, expected: str
) -> None:
    path = tmp_path / "club.xml"
    path.write_bytes(content)
    code, _, err = run_cli(capsys, "session", "score", str(path))
    assert code == 2
    _one_clear_line(err, path)
    assert f"{path}{'' if expected.startswith('line') else ':'}" in err
    assert expected in err
    assert ", :" not in err
    assert "line 0" not in err
    assert "Forbidden(" not in err
    code, err = _refused_import(capsys, path, tmp_path / "club.sqlite3")
    assert code == 2
    assert expected in err


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["howell.pbn", "howell.xml"]),
    st.floats(min_value=0.0, max_value=1.0),
)
def test_results_file_cut_anywhere_is_imported_or_refused_with_nothing_stored(
    name: str, where: float
) -> None:
    whole = HOWELL_PBN.encode("latin-1") if name.endswith(".pbn") else HOWELL_XML
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        cut = whole[: int(len(whole) * where)]
        path.write_bytes(cut)
        database = Path(folder) / "club.sqlite3"
        err = io.StringIO()
        with (
            pytest.raises(SystemExit) as exited,
            redirect_stdout(io.StringIO()),
            redirect_stderr(err),
        ):
            main(["event", "import", str(path), "--db", str(database)])
        assert exited.value.code in (0, 2), err.getvalue()
        assert "Traceback" not in err.getvalue()
        if exited.value.code == 0:  # the file may end between games, never inside a tag
            assert cut.count(b"[") == cut.count(b"]")
        else:
            assert str(path) in err.getvalue()
            if database.exists():
                store = open_store(f"sqlite:///{database}")
                assert store.events() == []
                store.close()


@pytest.mark.parametrize(
    "sample", ["session/howell.pbn", "session/howell-es.csv", "usebio/bridgemate-mp-howell.xml"]
)
def test_results_file_saved_as_windows_unicode_is_scored_as_the_original(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, sample: str
) -> None:
    # Excel's "Unicode text" and Notepad's "Unicode" are UTF-16 with a byte-order mark.
    original = PROGRAMS / sample
    text = pbn.decode(original.read_bytes())
    path = tmp_path / original.name
    path.write_bytes(text.encode("utf-16"))
    code, scored, err = run_cli(capsys, "session", "score", str(path))
    assert code == 0, err
    assert scored == run_cli(capsys, "session", "score", str(original))[1]


@pytest.mark.parametrize(
    "content", [b"", b"\r\n\r\n", b"\xef\xbb\xbf"], ids=["empty", "blank", "bom"]
)
def test_empty_results_file_is_said_to_be_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "export.csv"
    path.write_bytes(content)
    code, out, err = run_cli(capsys, "session", "score", str(path))
    assert code == 2
    assert out == ""
    assert err == f"arbitro session score: {path}, line 1: the file is empty\n"
