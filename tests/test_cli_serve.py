"""``arbitro serve`` run for real: a server process on loopback, its answers read over HTTP."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from browser_support import free_port


@contextmanager
def served(database: Path, *options: str) -> Iterator[str]:
    """``arbitro serve`` with ``options`` on a free port, until the block ends; its base URL."""
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
        yield url
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
