"""A table enters a result of an event's second session on a phone, in a real headless Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from browser_support import save_screenshot, serve

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "q" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


def test_a_phone_enters_and_confirms_a_board_of_session_2(tmp_path: Path, browser: Browser) -> None:
    store = open_store(str(tmp_path / "arbitro.sqlite3"))
    event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
    store.enter_result(event, 3, 2, Entry.from_str("3NT S 9"), ns="2NS", ew="2EW")
    store.open_round(event, 1, session=2)
    try:
        with serve(create_app(store, secret=SECRET)) as server:
            context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
            phone = context.new_page()
            phone.goto(server + "/tables")
            phone.fill("input[name=event]", str(event))
            phone.fill("input[name=code]", table_code(SECRET, event, 2))
            phone.locator("form.entry button[type=submit]").click()
            phone.wait_for_url(f"**/tables/{event}/2")
            assert phone.locator("h1").first.inner_text() == "Mesa 2 · Sesión 2 · Ronda 1"
            form = phone.locator("#board-3 form").last
            form.locator("select[name=level]").select_option("4")
            form.locator("select[name=strain]").select_option("S")
            form.locator("select[name=declarer]").select_option("N")
            form.locator("input[name=tricks]").fill("10")
            form.locator("button[type=submit]").first.click()
            phone.wait_for_url(f"**/tables/{event}/2*")
            confirm = phone.locator("#board-3 form").first
            confirm.locator("input[name=pair]").fill("2")
            confirm.locator("button[type=submit]").click()
            phone.wait_for_url(f"**/tables/{event}/2*")
            assert phone.locator("#board-3 .confirmed").count() == 1
            save_screenshot(phone, "tables-session-2-confirmed")
            context.close()
        found = sorted(
            (r.session, r.table, r.board, r.entry.to_str()) for r in store.results(event)
        )
        assert found == [(1, 2, 3, "3NT S 9"), (2, 2, 3, "4S N 10")]
    finally:
        store.close()
