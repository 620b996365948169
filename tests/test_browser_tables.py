"""A table enters a result on a phone-sized page in a real headless Chromium (issue 9)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from arbitro.core.board import law2_vulnerability
from arbitro.core.contract import Contract
from arbitro.core.seat import Seat
from arbitro.scoring.law77 import score
from arbitro.store import Store, open_store
from arbitro.store.console import open_round
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code

pytestmark = pytest.mark.browser

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
SECRET = "p" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A server with a 3-table Mitchell whose first round is open."""
    store = open_store(str(tmp_path_factory.mktemp("tables") / "arbitro.sqlite3"))
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    open_round(store, event, 1)
    port = free_port()
    config = uvicorn.Config(
        create_app(store, secret=SECRET), host="127.0.0.1", port=port, log_level="warning"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", store, event
    running.should_exit = True
    thread.join(timeout=10)
    store.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not at {CHROMIUM}: run 'make browser'")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tables-{name}.png"), full_page=True)


def test_law77_a_table_enters_and_confirms_on_a_phone(
    club: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = club
    movement = store.movement(event)
    assert movement is not None
    seat = next(s for s in movement.schedule if s.round == 1 and s.table == 2)
    board = seat.boards[0]
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    phone = context.new_page()
    phone.goto(server + "/tables")
    assert phone.locator("h1").inner_text() == "Entrada de la mesa"
    phone.fill("input[name=event]", str(event))
    phone.fill("input[name=code]", table_code(SECRET, event, 2).lower())
    phone.locator("form.entry button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/2")
    assert phone.locator("h1").first.inner_text() == "Mesa 2, ronda 1"
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a 360px phone"

    form = phone.locator(f"#board-{board} form").last
    button = form.locator("button[type=submit]").bounding_box()
    assert button is not None
    assert button["height"] >= 44, "the button is too small to tap"
    form.locator("select[name=level]").select_option("4")
    form.locator("select[name=strain]").select_option("H")
    form.locator("select[name=double]").select_option("X")
    form.locator("select[name=declarer]").select_option("E")
    form.locator("input[name=lead]").fill("S4")
    form.locator("input[name=tricks]").fill("9")
    form.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/2*")
    declared = score(
        Contract.from_str("4HX"), 9, law2_vulnerability(board).is_vulnerable(Seat.EAST)
    )
    shown = phone.locator(f"#board-{board} .pending .score").inner_text()
    assert shown == f"{-declared:+d}"  # North-South's score: East-West went down doubled
    shot(phone, "1-score-to-confirm")
    assert store.results(event) == []

    confirm = phone.locator(f"#board-{board} form").first
    confirm.locator("input[name=pair]").fill(str(seat.ew))
    confirm.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/2*")
    assert phone.locator(f"#board-{board} .confirmed").count() == 1
    shot(phone, "2-confirmed")
    [stored] = store.results(event)
    assert (stored.table, stored.board, stored.entry.to_str()) == (2, board, "4HX E 9 lead S4")

    context.close()
