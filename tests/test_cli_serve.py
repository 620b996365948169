"""``arbitro serve`` run for real: a server process on loopback, its answers read over HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from arbitro.store import open_store
from arbitro.web.security import hash_password
from browser_support import free_port

pytest_plugins = ("postgresql_cluster",)  # the PostgreSQL cluster and the `database` fixture


@contextmanager
def served(database: Path, *options: str) -> Iterator[str]:
    """``arbitro serve`` with ``options`` on a free port, until the block ends; its base URL."""
    with serving(database, *options) as (url, _):
        yield url


@contextmanager
def serving(database: Path | str, *options: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """:func:`served`, with the server's process."""
    port = free_port()
    program = str(Path(sys.executable).parent / "arbitro")  # the installed command
    command = [program, "serve", "--port", str(port), "--db", str(database)]
    child = subprocess.Popen([*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                if child.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"arbitro serve did not start: {child.communicate()}"
                    ) from None
                time.sleep(0.1)
        yield url, child
    finally:
        child.terminate()
        child.communicate(timeout=20)  # waits, and closes its pipes


def session_cookie(url: str) -> str:
    """The ``Set-Cookie`` of the session the sign-in page starts (its form's CSRF token)."""
    with urllib.request.urlopen(f"{url}/director/sign-in", timeout=10) as answer:
        cookies: list[str] = answer.headers.get_all("set-cookie") or []
    [cookie] = [one for one in cookies if "arbitro_session" in one]
    return cookie


@pytest.mark.parametrize("https", [True, False])
def test_serve_https_marks_the_session_cookie_secure(tmp_path: Path, https: bool) -> None:
    with served(tmp_path / "arbitro.sqlite3", *(["--https"] if https else [])) as url:
        cookie = session_cookie(url).lower()
    assert ("; secure" in cookie) is https
    assert "httponly" in cookie
    assert "samesite=lax" in cookie


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text(encoding="ascii").rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_serve_with_two_workers_shares_a_director_sign_in_between_them(
    database: str, tmp_path: Path
) -> None:
    """``--workers 2``: two server processes on one port, on SQLite or PostgreSQL; a
    director signed in through one is signed in on the other (the session lives in the
    cookie, signed with the key kept in the database, not in a process's memory)."""
    store = open_store(database)
    store.add_director("ana", hash_password("a long secret"))
    store.close()
    with serving(database, "--workers", "2") as (url, server):
        assert len(_children(server.pid)) >= 2
        # A new connection for each request, so that both processes answer some.
        with httpx2.Client(base_url=url, headers={"Connection": "close"}, timeout=30) as client:
            page = client.get("/director/sign-in").text
            token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
            form = {"csrf_token": token, "name": "ana", "password": "a long secret"}
            signed_in = client.post("/director/sign-in", data=form)
            assert signed_in.status_code == 303, signed_in.text
            assert signed_in.headers["location"] == "/director/"
            desks = [client.get("/director/") for _ in range(16)]
    assert [answer.status_code for answer in desks] == [200] * 16


def serve_on_a_taken_port(database: str) -> subprocess.CompletedProcess[str]:
    """``arbitro serve --db database`` on a port a socket of this test listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        program = str(Path(sys.executable).parent / "arbitro")  # the installed command
        return subprocess.run(
            [program, "serve", "--port", str(port), "--db", database],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )


def test_serve_on_a_port_in_use_says_so_before_it_starts(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite3"
    answer = serve_on_a_taken_port(str(database))
    assert answer.returncode == 1
    assert answer.stdout == ""  # never "Árbitro is serving"
    assert "cannot serve on 127.0.0.1 port " in answer.stderr
    assert "perhaps Árbitro, already serving" in answer.stderr
    assert "Traceback" not in answer.stderr
    assert database.exists()  # the database was opened first, and closed


def test_serve_names_a_database_it_cannot_open_whatever_holds_the_port() -> None:
    answer = serve_on_a_taken_port("nosuch://db")
    assert answer.returncode == 1
    assert answer.stdout == ""
    assert answer.stderr.startswith("arbitro: cannot open the database at 'nosuch://db'")
    assert "cannot serve" not in answer.stderr
    assert "Traceback" not in answer.stderr
