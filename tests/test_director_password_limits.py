"""A director's password is 8 to 200 characters, on the command line and the console alike.

``arbitro director add --password-stdin`` reads no further than the longest password
and its line's end, and refuses a longer line; the first-run page and the JSON API
take the same limits (``arbitro.core.passwords``).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.core.passwords import MAX_PASSWORD, MIN_PASSWORD, PasswordLengthError, check_password
from arbitro.store import open_store
from arbitro.web import create_app
from arbitro.web.api_models import SignIn
from cli_support import run_cli


def add_director(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    db: str,
    stdin: io.StringIO,
) -> tuple[int, str]:
    """``arbitro director add ana --password-stdin`` reading ``stdin``: its status and stderr."""
    monkeypatch.setattr("sys.stdin", stdin)
    status, _, err = run_cli(capsys, "director", "add", "ana", "--password-stdin", "--db", db)
    return status, err


def directors(db: str) -> list[str]:
    opened = open_store(db)
    try:
        return opened.director_names()
    finally:
        opened.close()


def test_password_limits_are_8_to_200_characters() -> None:
    assert (MIN_PASSWORD, MAX_PASSWORD) == (8, 200)
    assert check_password("x" * 200) == "x" * 200
    with pytest.raises(PasswordLengthError, match="at most 200 characters"):
        check_password("x" * 201)
    with pytest.raises(PasswordLengthError, match="at least 8 characters"):
        check_password("x" * 7)


def test_cli_password_stdin_refuses_a_line_longer_than_200_characters_unread(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    endless = io.StringIO("x" * 1_000_000)  # a file without a line's end
    status, err = add_director(capsys, monkeypatch, db, endless)
    assert status == 2
    assert "the password must have at most 200 characters" in err
    assert endless.tell() <= MAX_PASSWORD + 2  # read no further than the limit
    status, err = add_director(capsys, monkeypatch, db, io.StringIO("y" * 201 + "\n"))
    assert status == 2
    assert "at most 200 characters" in err
    assert directors(db) == []


def test_cli_password_stdin_takes_200_characters_and_its_line_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, err = add_director(capsys, monkeypatch, db, io.StringIO("z" * 200 + "\r\nmore\n"))
    assert status == 0, err
    assert directors(db) == ["ana"]


def test_web_first_run_page_and_api_take_the_same_password_limits(tmp_path: Path) -> None:
    assert SignIn.model_fields["password"].metadata[-1].max_length == MAX_PASSWORD
    empty = open_store(str(tmp_path / "empty.sqlite3"))
    try:
        with TestClient(create_app(empty)) as client:
            page = client.get("/director/setup").text
            assert f'minlength="{MIN_PASSWORD}" maxlength="{MAX_PASSWORD}"' in page
            match = re.search(r'name="csrf_token" value="([^"]+)"', page)
            assert match is not None
            long = "x" * (MAX_PASSWORD + 1)
            refused = client.post(
                "/director/setup",
                data={"csrf_token": match[1], "name": "luis", "password": long, "repeat": long},
            )
            assert refused.status_code == 422
            assert empty.director_names() == []
            short = client.post(
                "/director/setup",
                data={"csrf_token": match[1], "name": "luis", "password": "short", "repeat": "x"},
            )
            assert "at least 8 characters" in short.text
            assert empty.director_names() == []
    finally:
        empty.close()
