"""The ``--db`` option: a mistyped database is refused, never made empty and read.

A command that only reads (a list, a ranking, a score card) refuses an SQLite file that
is not there; the commands that make an event make the database too. A blank ``--db``,
or a folder, is refused by every command (exit status 2, a mistake in the input).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import run_cli


def _run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    return run_cli(capsys, "--lang", "en", *arguments)


@pytest.mark.parametrize(
    "command",
    [
        ("event", "list"),
        ("event", "show", "1"),
        ("event", "ranking", "1"),
        ("event", "card", "1", "1NS"),
        ("result", "list", "1"),
        ("ruling", "list", "1"),
        ("director", "list"),
    ],
)
def test_a_command_that_reads_refuses_a_database_that_is_not_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    typo = tmp_path / "clbu" / "arbitro.sqlite3"
    code, out, err = _run(capsys, *command, "--db", str(typo))
    assert code == 2
    assert out == ""
    assert f"there is no database at '{typo}'" in err
    assert not typo.parent.exists()  # nothing made


def test_the_command_that_makes_an_event_makes_its_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    new = tmp_path / "club" / "arbitro.sqlite3"
    code, _, err = _run(capsys, "event", "new", "Martes", "--boards", "2", "--db", str(new))
    assert code == 0, err
    code, out, err = _run(capsys, "event", "list", "--db", str(new))
    assert code == 0, err
    assert "Martes" in out


@pytest.mark.parametrize(("given", "reason"), [("", "--db is blank"), ("folder", "is a folder")])
def test_a_blank_or_folder_database_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, reason: str
) -> None:
    database = str(tmp_path) if given == "folder" else given
    code, _, err = _run(capsys, "event", "new", "Martes", "--boards", "2", "--db", database)
    assert code == 2
    assert reason in err


def test_a_database_below_a_file_names_it_and_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("not a folder\n")
    database = tmp_path / "notes.txt" / "arbitro.sqlite3"
    code, out, err = _run(capsys, "event", "new", "Martes", "--boards", "2", "--db", str(database))
    assert code == 1
    assert out == ""
    assert f"cannot open the database at 'sqlite:///{database}'" in err
    assert "a part of its path is not a folder" in err
    assert "Errno" not in err


def test_a_database_that_opens_but_cannot_be_set_up_is_refused_not_an_internal_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a device such as /dev/null does: it answers SELECT 1, then refuses every write.
    from sqlalchemy.exc import OperationalError

    def refuse(_engine: object) -> None:
        raise OperationalError("CREATE TABLE alembic_version", {}, Exception("disk I/O error"))

    monkeypatch.setattr("arbitro.store.store.migrate", refuse)
    database = tmp_path / "arbitro.sqlite3"
    code, out, err = _run(capsys, "event", "new", "Martes", "--boards", "2", "--db", str(database))
    assert code == 1
    assert out == ""
    assert f"cannot open the database at 'sqlite:///{database}'" in err
    assert "disk I/O error" in err
    assert "internal error" not in err


@pytest.mark.parametrize("url", ["mysql://director@club/arbitro", "oracle://club/arbitro"])
def test_a_database_of_another_kind_is_refused_naming_the_two_kept(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    """A URL of a kind of database Árbitro does not keep its data in is refused before any
    driver is looked for: the director reads which two it takes, not a missing module."""
    code, out, err = _run(capsys, "event", "new", "Martes", "--boards", "2", "--db", url)
    assert code == 1
    assert out == ""
    assert f"cannot open the database at '{url}'" in err
    assert "expected an SQLite file or a postgresql:// URL" in err
    assert "module" not in err


def test_a_database_of_another_kind_is_refused_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run_cli(capsys, "--lang", "es", "event", "list", "--db", "mysql://x@y/z")
    assert code == 1
    assert "se esperaba un fichero SQLite o una URL postgresql://" in err
