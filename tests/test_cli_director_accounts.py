"""``arbitro director``: a password piped in, and the messages that name a director.

A director who pipes the password in (``printf ... | arbitro director add marta``) is
not warned that it cannot be hidden: standard input that is not a terminal is read as
``--password-stdin`` reads it, its first line. The name is quoted in house style.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arbitro.store import open_store
from arbitro.web.passwords import verify_password
from cli_support import run_cli


def stored_hash(db: str, name: str) -> str | None:
    store = open_store(db)
    try:
        return store.password_hash(name)
    finally:
        store.close()


def test_a_password_piped_in_is_read_without_warnings_about_echo(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("clave-secreta-1\nclave-secreta-1\n"))
    status, out, err = run_cli(capsys, "director", "add", "marta", "--db", db, "--lang", "en")
    assert (status, err) == (0, "")
    assert out == "Director 'marta' added.\n"
    hashed = stored_hash(db, "marta")
    assert hashed is not None
    assert verify_password(hashed, "clave-secreta-1")


def test_a_password_piped_in_has_the_same_limits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("corta\n"))
    status, out, err = run_cli(capsys, "director", "add", "marta", "--db", db, "--lang", "en")
    assert (status, out) == (2, "")
    assert "at least 8 characters" in err
    assert "echo" not in err
    assert stored_hash(db, "marta") is None


def test_the_director_messages_quote_the_name_in_spanish_house_style(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("clave-secreta-1\n"))
    assert run_cli(capsys, "director", "add", "marta", "--db", db, "--lang", "es") == (
        0,
        "Árbitro «marta» añadido.\n",
        "",
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("clave-secreta-1\n"))
    status, _, err = run_cli(capsys, "director", "add", "marta", "--db", db, "--lang", "es")
    assert (status, err) == (1, "arbitro: ya hay un árbitro llamado «marta»\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("clave-secreta-2\n"))
    assert run_cli(capsys, "director", "password", "marta", "--db", db, "--lang", "es") == (
        0,
        "Árbitro «marta»: contraseña nueva; sus sesiones han terminado.\n",
        "",
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("clave-secreta-2\n"))
    status, _, err = run_cli(capsys, "director", "password", "luis", "--db", db, "--lang", "es")
    assert (status, err) == (1, "arbitro: no hay ningún árbitro llamado «luis»\n")
