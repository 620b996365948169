"""The director's table shown to the players (issue 27), in Chromium at 375x740.

The director reproduces an incident and lets the event's players see it; a table signs
in with its table card's code and sees the board read-only, only its own hand.

With ``ARBITRO_SCREENSHOTS=dir`` set, the test saves the screenshot docs/web-tables.md
uses into ``dir``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import browser_support as support
from arbitro.core.deal import Deal
from arbitro.store import Store
from arbitro.table.log import loads
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.table_desk import TableDesk
from test_browser_director_table import shot

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "the director's phone"
SECRET = "p" * 64
INCIDENT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "board-27b2.jsonl"


@pytest.fixture
def club(tmp_path: Path) -> Iterator[tuple[str, Store, int]]:
    """A server, its store with director marta, and an event whose round 1 is open."""
    store = support.club_store(tmp_path, "marta", PASSWORD)
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, store, event


@pytest.mark.parametrize("locale", ["es-ES", "en-GB"])
def test_director_table_players_see_their_own_hand_read_only(
    browser: Browser, club: tuple[str, Store, int], locale: str
) -> None:
    url, store, event = club
    written = INCIDENT.read_text(encoding="utf-8")
    table = loads(written)
    store.keep_deals(event, {1: Deal.from_str(str(table.deal))})
    store.keep_table_log("marta", event, 1, written)
    director = support.phone_page(browser, "en-GB")
    support.sign_in_at_desk(director, url, "marta", PASSWORD)
    director.goto(f"{url}/director/table?event={event}&board=1")
    director.locator("#dt-share button").click()
    director.wait_for_selector("#dt-players-link")
    player = support.phone_page(browser, locale)
    support.sign_in_at_table(player, url, event, 2, TableDesk(store, SECRET).code(event, 2))
    player.goto(f"{url}/director/table/players?event={event}&board=1")
    player.locator("#dt-seats a").nth(3).click()  # West, on lead
    player.wait_for_url("**seat=W")
    assert player.locator("#hand-W [data-card]").count() == 13
    for seat in "NES":
        assert player.locator(f"#hand-{seat} [data-card]").count() == 0
    assert player.locator("button[data-tap], #dt-box, #dt-more, #dt-log").count() == 0
    assert player.locator("#dt-restrictions li").count() == len(table.restrictions)
    support.assert_fits(player, "the players' board on a 375px phone", in_boxes=True)
    shot(player, "players", "#hand-W")
