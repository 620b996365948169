"""What the browser tests share: a real uvicorn server, Debian's headless Chromium, screenshots.

Test modules load it as a plugin: ``pytest_plugins = ("browser_support",)``, which gives
them the module-scoped ``browser`` fixture; they start their own server, on the
application they need, with :func:`serve`. The doctest collection imports it first, so
pytest is told not to rewrite it: PYTEST_DONT_REWRITE.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright
from starlette.types import ASGIApp

CHROMIUM = os.environ.get("ARBITRO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on right now.

    >>> 0 < free_port() < 65536
    True
    """
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serve(app: ASGIApp) -> Iterator[str]:
    """Run ``app`` in a real uvicorn server on a free loopback port; yield its base URL.

    The server runs in a daemon thread and is stopped when the block ends.

    >>> from starlette.applications import Starlette
    >>> with serve(Starlette()) as url:
    ...     url.startswith("http://127.0.0.1:")
    True
    """
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)


def sign_in_at_desk(page: Page, server: str, name: str, password: str) -> None:
    """Sign ``page`` in to the director's desk at ``server`` as ``name`` with ``password``."""
    page.goto(f"{server}/director/sign-in")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.locator("form button[type=submit]").click()
    page.wait_for_load_state()


def save_screenshot(page: Page, name: str) -> None:
    """Save a full-page screenshot of ``page`` as ``test-artifacts/<name>.png``."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (the test fails if it is missing)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: run 'make browser' (scripts/ensure-system-packages.sh)"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
