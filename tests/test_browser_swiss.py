"""A Swiss of teams created and paired on the director's desk, in a real headless Chromium (Law 8).

The director creates the Swiss on the new-event form (round 1 drawn), the tables' results
come in, and the event page's "Pair round 2" button pairs the next round from the
ranking: the page says the pairings and the bye, and the rounds' grid shows round 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.entry import Entry

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "swiss teams night"


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[tuple[str, Store]]:
    store = support.club_store(tmp_path, "marta", PASSWORD)
    with support.serve_store(store) as url:
        yield url, store


def test_law8_the_director_creates_a_swiss_and_pairs_round_2_with_the_desks_button(
    browser: Browser, desk: tuple[str, Store]
) -> None:
    server, store = desk
    context = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    support.sign_in_at_desk(page, server, "marta", PASSWORD)
    page.goto(f"{server}/director/?lang=es")
    form = page.locator("#new-event")
    support.fill_form(
        form,
        name="Suizo de otoño",
        kind="teams",
        movement="swiss",
        tables="5",
        boards_per_round="2",
        rounds="3",
    )
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/director/events/*")
    [info] = store.events()
    assert (info.spec.kind, info.movement, info.spec.boards) == ("teams", "swiss", 6)
    button = page.locator("#pair-round button")
    assert button.inner_text() == "Emparejar la ronda 2"
    movement = store.movement(info.id)
    assert movement is not None
    for seating in movement.seatings(1):
        for board in seating.boards:
            tricks = 10 if seating.table % 2 else 9
            store.enter_result(info.id, board, seating.table, Entry.from_str(f"4S N {tricks}"))
    button.click()
    page.wait_for_url(f"**/director/events/{info.id}*")
    assert (
        "Ronda 2 emparejada: encuentro 1: 1 contra 3; encuentro 2: 5 contra 2; descansa: 4."
        in page.locator("main").inner_text()
    )
    assert page.locator("#round-2").count() == 1
    assert page.locator("#pair-round button").inner_text() == "Emparejar la ronda 3"
    context.close()
