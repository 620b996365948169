"""A file that cannot be read or written: the message names it and says why, in the user's language.

The readers and writers of PBN, LIN and USEBIO files, and the commands that use them,
name the file and the system's reason (a missing folder, a folder in the file's
place, a full disk), translated; never a "line 0" for a file that was never opened.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.core.errors import FileReason, FileWriteError, PBNSyntaxError
from arbitro.formats import lin, pbn, usebio
from arbitro.formats.lin.model import LINSyntaxError
from arbitro.formats.usebio.model import UsebioSyntaxError
from arbitro.i18n import use_language


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str]:
    """Run ``arbitro`` as a user does; return the exit status and stderr."""
    with pytest.raises(SystemExit) as exited:
        main(list(arguments))
    code = exited.value.code
    return (code if isinstance(code, int) else 0), capsys.readouterr().err


@pytest.mark.parametrize(
    ("number", "english", "spanish"),
    [
        (errno.ENOENT, "no such file or folder", "no existe ese fichero o carpeta"),
        (errno.EACCES, "permission denied", "permiso denegado"),
        (errno.EISDIR, "it is a folder, not a file", "es una carpeta, no un fichero"),
        (errno.ENOSPC, "the disk is full", "el disco está lleno"),
        (errno.EROFS, "the disk is read-only", "el disco es de solo lectura"),
    ],
)
def test_file_reason_of_a_common_refusal_is_translated(
    number: int, english: str, spanish: str
) -> None:
    reason = FileReason.of(OSError(number, "system words"))
    with use_language("en"):
        assert str(reason) == english
    with use_language("es"):
        assert str(reason) == spanish


def test_file_reason_of_another_refusal_keeps_the_system_words() -> None:
    reason = FileReason.of(OSError(errno.EIO, "Input/output error"))
    with use_language("es"):
        assert str(reason) == "Input/output error"


def test_pbn_read_of_a_missing_file_names_it_and_the_reason(tmp_path: Path) -> None:
    missing = tmp_path / "set.pbn"
    with pytest.raises(PBNSyntaxError) as raised:
        pbn.load(missing)
    assert str(raised.value) == f"{missing}: the file cannot be read: no such file or folder"


def test_pbn_write_into_a_missing_folder_names_it_and_the_reason(tmp_path: Path) -> None:
    target = tmp_path / "no-folder" / "out.pbn"
    with pytest.raises(FileWriteError) as raised, use_language("es"):
        pbn.write_file(target, "")
    with use_language("es"):
        message = str(raised.value)
    assert message == f"{target}: no se puede escribir el fichero: no existe ese fichero o carpeta"
    assert not (tmp_path / "no-folder").exists()


def test_pbn_write_over_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "out.pbn"
    target.mkdir()
    with pytest.raises(FileWriteError) as raised:
        pbn.write_file(target, "")
    assert str(raised.value) == f"{target}: the file cannot be written: it is a folder, not a file"
    assert target.is_dir()
    assert list(tmp_path.iterdir()) == [target]


def test_lin_and_usebio_read_of_a_missing_file_name_it_without_a_line(tmp_path: Path) -> None:
    with pytest.raises(LINSyntaxError) as lin_error:
        lin.load(tmp_path / "hands.lin")
    with pytest.raises(UsebioSyntaxError) as usebio_error:
        usebio.load(tmp_path / "club.xml")
    assert str(lin_error.value) == (
        f"{tmp_path / 'hands.lin'}: the file cannot be read: no such file or folder"
    )
    assert str(usebio_error.value) == (
        f"{tmp_path / 'club.xml'}: the file cannot be read: no such file or folder"
    )


def test_a_located_error_keeps_its_line_and_element() -> None:
    error = UsebioSyntaxError.at("club.xml", 3, "TRAVELLER_LINE", "7&", "expected a number")
    assert str(error) == "club.xml, line 3, TRAVELLER_LINE: '7&': expected a number"
    unplaced = UsebioSyntaxError.at("club.xml", 0, "TRAVELLER_LINE", "7&", "expected a number")
    assert str(unplaced) == "club.xml: TRAVELLER_LINE: '7&': expected a number"


def test_cli_convert_into_a_missing_folder_says_why_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.pbn"
    source.write_text('[Board "1"]\n', encoding="utf-8")
    target = tmp_path / "no-folder" / "out.pbn"
    code, err = _run(capsys, "--lang", "es", "convert", str(source), str(target))
    assert code == 1
    assert f"{target}: no se puede escribir el fichero: no existe ese fichero o carpeta" in err
    assert "line 0" not in err
    assert "línea 0" not in err
