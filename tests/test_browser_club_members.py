"""The new-event form searches the club's member list as the director types (Chromium).

Typing part of a name lists the members that match; a tap adds the member to the
participants' lines (``1: NAME #NUMBER``, then the partner on the same line).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import browser_support as support

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "members of the club"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    store = support.club_store(tmp_path, "marta", PASSWORD)
    store.add_member("Ana García", "12345")
    store.add_member("Luis Pérez", "67890")
    store.add_member("Mariana Gil")
    with support.serve_store(store) as url:
        yield url


def test_members_found_as_the_director_types_fill_the_participants(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(locale="es-ES", viewport={"width": 375, "height": 740})
    page = context.new_page()
    support.sign_in_at_desk(page, server, "marta", PASSWORD)
    page.goto(f"{server}/director/?lang=es")
    search = page.locator("#member-search")
    search.press_sequentially("ana")
    found = page.locator("#member-results button")
    found.first.wait_for()
    assert found.all_text_contents() == ["Ana García #12345", "Mariana Gil"]
    found.first.click()
    search.fill("")
    search.press_sequentially("pér")
    page.locator("#member-results button", has_text="Luis").click()
    assert page.locator("#participants").input_value() == "1: Ana García #12345, Luis Pérez #67890"
    context.close()


def test_members_found_as_the_director_types_fill_a_pairs_players(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    support.sign_in_at_desk(page, server, "marta", PASSWORD)
    page.goto(f"{server}/director/")
    page.fill("#new-event input[name=name]", "Jueves")
    page.locator("#new-event button[type=submit]").click()
    page.wait_for_url("**/director/events/*")
    search = page.locator("#member-search")
    for typed, chosen in (("gil", "Mariana"), ("678", "Luis")):
        search.fill("")
        search.press_sequentially(typed)
        page.locator("#member-results button", has_text=chosen).click()
    assert page.locator("#players-input").input_value() == "Mariana Gil, Luis Pérez #67890"
    page.locator("#players-input").locator("xpath=ancestor::form").locator(
        "button[type=submit]"
    ).click()
    page.wait_for_load_state()
    assert "Mariana Gil, Luis Pérez #67890" in page.locator("#participants").inner_text()
    context.close()
