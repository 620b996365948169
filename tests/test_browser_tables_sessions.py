"""A table enters a result of an event's second session on a phone, in a real headless Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

import browser_support as support
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "q" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


def test_a_phone_enters_and_confirms_a_board_of_session_2(tmp_path: Path, browser: Browser) -> None:
    store = support.club_store(tmp_path)
    event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
    store.enter_result(event, 3, 2, Entry.from_str("3NT S 9"), ns="2NS", ew="2EW")
    store.open_round(event, 1, session=2)
    with support.serve_store(store, secret=SECRET) as server:
        phone = support.phone_page(browser, "es-ES", PHONE)
        support.sign_in_at_table(phone, server, event, 2, table_code(SECRET, event, 2))
        assert phone.locator("h1").first.inner_text() == "Mesa 2 · Sesión 2 · Ronda 1"
        support.enter_at_table(phone, 3, "4 S N 10")
        support.confirm_at_table(phone, 3, "2")  # and it shows confirmed
        support.save_screenshot(phone, "tables-session-2-confirmed")
        phone.context.close()
        found = sorted(
            (r.session, r.table, r.board, r.entry.to_str()) for r in store.results(event)
        )
        assert found == [(1, 2, 3, "3NT S 9"), (2, 2, 3, "4S N 10")]
