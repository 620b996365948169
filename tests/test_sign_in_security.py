"""Sign-in under attack: forwarded addresses, floods of names, Argon2's cost, revoked cookies.

- ``arbitro serve`` believes ``X-Forwarded-For`` only with ``--proxy`` or
  ``--forwarded-allow-ips``: a client that rotates the header is still one address.
- The sign-in limit counts an address over all names: made-up names are throttled too.
- At most one password is hashed at a time, so a burst of sign-ins cannot take every
  core from the tables.
- Signing out, and a new password, end the director's sessions on the server: a copy of
  the old cookie no longer opens anything.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from click.testing import CliRunner
from fastapi.testclient import TestClient

from arbitro.cli.director import director_group
from arbitro.store import Store, open_store
from arbitro.web import create_app, passwords
from arbitro.web.security import DIRECTOR_ATTEMPTS_PER_ADDRESS, hash_password
from test_cli_serve import served

SECRET = "s" * 64
PASSWORD = "club night 2026"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    opened.add_director("ana", hash_password(PASSWORD))
    yield opened
    opened.close()


def sign_in_status(url: str, name: str, forwarded: str) -> int:
    request = urllib.request.Request(
        f"{url}/api/session",
        data=json.dumps({"name": name, "password": "wrong password"}).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_serve_ignores_a_forwarded_address_it_was_not_told_to_believe(tmp_path: Path) -> None:
    with served(tmp_path / "arbitro.sqlite3") as url:
        statuses = [sign_in_status(url, "ana", f"10.0.0.{n}") for n in range(1, 8)]
    assert statuses[:5] == [401] * 5
    assert statuses[5:] == [429, 429]


def test_serve_with_proxy_counts_the_address_the_proxy_names(tmp_path: Path) -> None:
    with served(tmp_path / "arbitro.sqlite3", "--proxy") as url:
        rotated = [sign_in_status(url, "ana", f"10.0.0.{n}") for n in range(1, 8)]
        same = [sign_in_status(url, "ana", "10.0.1.1") for _ in range(6)]
    assert rotated == [401] * 7  # seven clients behind the proxy, one failure each
    assert same[-1] == 429


def test_sign_in_limit_counts_an_address_over_all_names(store: Store) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        statuses = [
            client.post("/api/session", json={"name": f"nobody{n}", "password": "x"}).status_code
            for n in range(DIRECTOR_ATTEMPTS_PER_ADDRESS + 1)
        ]
        right = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert statuses[:-1] == [401] * DIRECTOR_ATTEMPTS_PER_ADDRESS
    assert statuses[-1] == 429
    assert right.status_code == 429  # the address waits, whatever the name


def test_one_password_is_hashed_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    running = 0
    most = 0
    lock = threading.Lock()
    verify = PasswordHasher.verify

    def counted(self: PasswordHasher, hashed: str, password: str) -> bool:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        try:
            return verify(self, hashed, password)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(PasswordHasher, "verify", counted)
    hashed = hash_password("right")
    threads = [
        threading.Thread(target=passwords.verify_password, args=(hashed, "wrong")) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == passwords.HASHING_AT_ONCE == 1


def test_hashing_busy_is_a_clear_503(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "HASHING_WAIT", 0.01)
    with TestClient(create_app(store, secret=SECRET)) as client, passwords.hashing_turn():
        answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert answer.status_code == 503
    assert answer.json()["detail"] == "too many sign-ins at once; try again in a moment"


def signed_in_cookie(client: TestClient) -> tuple[str, str]:
    answer = client.post("/api/session", json={"name": "ana", "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    cookie = client.cookies.get("arbitro_session")
    assert cookie is not None
    return cookie, answer.json()["csrf"]


def test_sign_out_revokes_the_session_on_the_server(store: Store) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        cookie, csrf = signed_in_cookie(client)
        assert client.get("/api/events").status_code == 200
        out = client.delete("/api/session", headers={"X-CSRF-Token": csrf})
        assert out.status_code == 200
    with TestClient(create_app(store, secret=SECRET)) as stolen:
        stolen.cookies.set("arbitro_session", cookie)
        assert stolen.get("/api/events").status_code == 401
        assert stolen.get("/director/", follow_redirects=False).status_code == 303


def test_a_new_password_revokes_the_sessions(store: Store, tmp_path: Path) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        cookie, _ = signed_in_cookie(client)
    changed = CliRunner().invoke(
        director_group,
        ["password", "ana", "--password-stdin", "--db", str(tmp_path / "arbitro.sqlite3")],
        input="a brand new password\n",
    )
    assert changed.exit_code == 0, changed.output
    with TestClient(create_app(store, secret=SECRET)) as old:
        old.cookies.set("arbitro_session", cookie)
        assert old.get("/api/events").status_code == 401
    with TestClient(create_app(store, secret=SECRET)) as client:
        answer = client.post(
            "/api/session", json={"name": "ana", "password": "a brand new password"}
        )
        assert answer.status_code == 200


def test_a_session_survives_a_server_restart(store: Store) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        cookie, _ = signed_in_cookie(client)
    # A new application on the same database: the cookie still holds.
    with TestClient(create_app(store, secret=SECRET)) as later:
        later.cookies.set("arbitro_session", cookie)
        assert later.get("/api/events").status_code == 200
