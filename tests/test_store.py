"""Opening the database: the SQLite default, ARBITRO_DB, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from arbitro.store import DatabaseError, database_url, default_database_path, open_database


def test_default_database_is_a_sqlite_file_in_the_data_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ARBITRO_DB", raising=False)
    assert database_url() == f"sqlite:///{default_database_path().resolve()}"
    assert default_database_path().parent.name == "arbitro"


def test_arbitro_db_overrides_with_a_path_or_a_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARBITRO_DB", str(tmp_path / "club.sqlite3"))
    assert database_url() == f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setenv("ARBITRO_DB", "postgresql+psycopg://director@localhost/arbitro")
    assert database_url() == "postgresql+psycopg://director@localhost/arbitro"
    # An explicit location wins over the environment.
    assert database_url(str(tmp_path / "x.sqlite3")).endswith("x.sqlite3")


def test_open_creates_the_file_and_its_folder_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "arbitro.sqlite3"
    engine = open_database(database_url(str(path)))
    try:
        assert path.exists()
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()


def test_committed_data_survives_reopening(tmp_path: Path) -> None:
    url = database_url(str(tmp_path / "arbitro.sqlite3"))
    engine = open_database(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE note (body TEXT)"))
        connection.execute(text("INSERT INTO note VALUES ('board 7 corrected')"))
    engine.dispose()
    reopened = open_database(url)
    with reopened.connect() as connection:
        assert connection.execute(text("SELECT body FROM note")).scalar() == "board 7 corrected"
    reopened.dispose()


def test_a_database_that_cannot_be_opened_names_its_location(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    url = database_url(str(blocker / "arbitro.sqlite3"))
    with pytest.raises(DatabaseError) as error:
        open_database(url)
    assert str(error.value).startswith(f"cannot open the database at '{url}': ")


def test_an_unknown_driver_is_a_database_error() -> None:
    with pytest.raises(DatabaseError, match="cannot open the database at 'nosuch://x'"):
        open_database("nosuch://x")


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://club:s3cr3t-word@127.0.0.1:1/arbitro",  # nobody answers
        "nosuch://club:s3cr3t-word@db.example/arbitro",  # no such driver
        "postgresql+psycopg://club:s3cr3t-word@db.example:notaport/arbitro",  # unreadable
    ],
)
def test_a_database_that_cannot_be_opened_never_shows_its_password(url: str) -> None:
    with pytest.raises(DatabaseError) as error:
        open_database(url)
    shown = str(error.value)
    assert "s3cr3t-word" not in shown
    assert "club:***@" in shown
