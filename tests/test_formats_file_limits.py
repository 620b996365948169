"""Files as programs write them: a program's own PBN tags are notes, empty files and
absurd nesting are errors (``arbitro check`` and ``arbitro convert``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbitro.cli.main import cli
from arbitro.formats import pbn
from arbitro.formats.usebio.document import MAX_DEPTH, loads
from arbitro.formats.usebio.model import UsebioSyntaxError

DATA = Path(__file__).resolve().parent / "data"
PROGRAM_TAGS = '[Event "Club"]\n[Board "1"]\n[BCFlags "1f"]\n[DoubleDummyTricks "7766777557"]\n'


def test_pbn_a_program_own_tags_are_not_errors_but_notes_with_strict(tmp_path: Path) -> None:
    path = tmp_path / "composer.pbn"
    path.write_text(PROGRAM_TAGS, encoding="utf-8")
    plain = CliRunner().invoke(cli, ["check", str(path)])
    assert plain.exit_code == 0, plain.output
    assert "no problems" in plain.output
    strict = CliRunner().invoke(cli, ["check", "--strict", str(path)])
    assert strict.exit_code == 1
    assert [line.split(": ", 2)[1] for line in strict.output.splitlines()] == [
        '[BCFlags "1f"]',
        '[DoubleDummyTricks "7766777557"]',
    ]


def test_pbn_convert_keeps_a_program_own_tags_without_lenient(tmp_path: Path) -> None:
    source, target = tmp_path / "composer.pbn", tmp_path / "out.pbn"
    source.write_text(PROGRAM_TAGS, encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    written = target.read_text(encoding="utf-8").splitlines()
    assert '[BCFlags "1f"]' in written
    assert '[DoubleDummyTricks "7766777557"]' in written


def test_pbn_endplay_example2_own_tags_are_notes() -> None:
    path = DATA / "pbn" / "endplay" / "example2.pbn"
    text = pbn.read_file(path)
    notes = pbn.notes(text, path.name)
    assert {note.text.split('"')[0] for note in notes} == {"[DoubleDummyTricks "}
    assert not any("DoubleDummyTricks" in str(error) for error in pbn.check(text, path.name))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("empty.pbn", ""),
        ("blank.pbn", "\n\n  \n"),
        ("comments.pbn", "% PBN 2.1\n% EXPORT\n{ nothing else }\n"),
        ("empty.lin", ""),
        ("blank.lin", " \n"),
    ],
)
def test_an_empty_file_is_an_error(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert result.output == f"{path}: the file holds no games\n"
    converted = CliRunner().invoke(cli, ["convert", str(path), str(tmp_path / "out.pbn")])
    assert converted.exit_code != 0
    assert "the file holds no games" in str(converted.exception)


def test_usebio_absurd_nesting_is_refused_with_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "deep.xml"
    path.write_text(
        "<USEBIO>" + "<EVENT>" * 100_000 + "</EVENT>" * 100_000 + "</USEBIO>", encoding="utf-8"
    )
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert f"elements nested deeper than {MAX_DEPTH}" in result.output
    assert "no problems" not in result.output


def test_usebio_nesting_within_the_limit_is_read_on() -> None:
    # MAX_DEPTH elements deep is not refused for its depth: the reader goes on to the
    # next problem, the missing EVENT.
    text = "<USEBIO>" + "<X>" * (MAX_DEPTH - 1) + "</X>" * (MAX_DEPTH - 1) + "</USEBIO>"
    with pytest.raises(UsebioSyntaxError) as raised:
        loads(text)
    assert "expected an element EVENT" in str(raised.value)
