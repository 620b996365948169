"""Files are written whole or not at all (``arbitro.core.files.replace_file``).

A full disk or a crash while a command writes a hand record, an export or a table log
leaves the file as it was before, and no stray file beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from arbitro.cli.output import FileProblem, write_bytes, write_text
from arbitro.core.errors import FileWriteError
from arbitro.formats import lin, pbn, usebio
from arbitro.table import Table, log
from arbitro.table.events import EXAMPLE_DEAL


def _disk_full(*_: object) -> None:
    raise OSError(28, "No space left on device")


def _usebio(path: Path) -> None:
    usebio.dump(usebio.Usebio(usebio.Event("MP_PAIRS")), path)


def _lin(path: Path) -> None:
    lin.dump(lin.LinBoard(title="Board 2"), path)


def _table_log(path: Path) -> None:
    log.dump(Table(EXAMPLE_DEAL, number=1), path)


def _command_text(path: Path) -> None:
    write_text(str(path), '[Board "2"]\n' * 1000)


def _command_bytes(path: Path) -> None:
    write_bytes(str(path), b"%PDF-1.4\n" * 1000)


def _pbn(path: Path) -> None:
    pbn.dump([pbn.PBNGame((pbn.PBNTag("Board", "2"),))], path)


@pytest.mark.parametrize("write", [_command_text, _command_bytes, _usebio, _lin, _table_log, _pbn])
def test_a_file_not_written_whole_leaves_the_old_one_as_it_was(
    write: Callable[[Path], None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "record.out"
    kept.write_text("the file as it was\n")
    monkeypatch.setattr("os.fsync", _disk_full)
    with pytest.raises((OSError, FileProblem, FileWriteError)):
        write(kept)
    assert kept.read_text() == "the file as it was\n"
    assert [file.name for file in tmp_path.iterdir()] == ["record.out"]  # nothing left beside it


@pytest.mark.parametrize("write", [_command_text, _usebio, _lin, _table_log, _pbn])
def test_a_file_written_whole_replaces_the_old_one(
    write: Callable[[Path], None], tmp_path: Path
) -> None:
    kept = tmp_path / "record.out"
    kept.write_text("the file as it was\n")
    write(kept)
    assert kept.read_text() != "the file as it was\n"
    assert [file.name for file in tmp_path.iterdir()] == ["record.out"]


def test_a_file_written_through_a_link_replaces_the_file_and_keeps_the_link(
    tmp_path: Path,
) -> None:
    target = tmp_path / "records" / "record.pbn"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "latest.pbn"
    link.symlink_to(target)
    _command_text(link)
    assert link.is_symlink()
    assert target.read_text().startswith('[Board "2"]')


@pytest.mark.parametrize("write", [_command_text, _command_bytes, _pbn])
def test_a_file_replaced_keeps_its_permissions(
    write: Callable[[Path], None], tmp_path: Path
) -> None:
    """A results file only its owner may read stays so when a command writes it again."""
    private = tmp_path / "record.out"
    private.write_text("the file as it was\n")
    private.chmod(0o600)
    write(private)
    assert private.stat().st_mode & 0o777 == 0o600
