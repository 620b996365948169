"""A teams match's two tables enter a board on phones in a real headless Chromium (Law 78B)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from arbitro.store import Store, open_store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import round_robin
from arbitro.web import create_app
from arbitro.web.security import table_code
from browser_support import serve

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "t" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A server with a round robin of four teams, two boards a match, round 1 open."""
    store = open_store(str(tmp_path_factory.mktemp("teams") / "arbitro.sqlite3"))
    event = store.create_event(
        EventSpec("Liga", boards=6, kind="teams"),
        movement=round_robin(4, 2),
    )
    store.open_round(event, 1)
    with serve(create_app(store, secret=SECRET)) as url:
        yield url, store, event
    store.close()


def enter_board(
    phone: Page, event: int, table: int, contract: tuple[str, str], declarer: str, tricks: str
) -> None:
    """Sign ``table`` in, enter board 1 and confirm it as East-West's team on the phone."""
    phone.goto("/tables?lang=es")
    phone.fill("input[name=event]", str(event))
    phone.fill("input[name=code]", table_code(SECRET, event, table))
    phone.locator("form.entry button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/{table}*")
    form = phone.locator("#board-1 form").last
    form.locator("select[name=level]").select_option(contract[0])
    form.locator("select[name=strain]").select_option(contract[1])
    form.locator("select[name=declarer]").select_option(declarer)
    form.locator("input[name=tricks]").fill(tricks)
    form.locator("button[type=submit]").first.click()
    phone.wait_for_url(f"**/tables/{event}/{table}*")
    confirm = phone.locator("#board-1 form").first
    confirm.locator("input[name=pair]").fill(
        confirm.locator("input[name=pair]").get_attribute("placeholder") or ""
    )
    confirm.locator("button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/{table}*")
    assert phone.locator("#board-1 .confirmed").count() == 1


def test_law78b_both_tables_of_a_match_enter_a_board_on_phones_and_the_match_is_scored(
    league: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = league
    open_room = browser.new_context(
        base_url=server, locale="es-ES", viewport=PHONE, is_mobile=True
    ).new_page()
    enter_board(open_room, event, 1, ("4", "S"), "N", "10")
    assert open_room.locator("p.match").inner_text() == (
        "Encuentro 1, sala abierta: equipo 1 (local) contra equipo 4. La sala cerrada es la mesa 2."
    )
    overflow = open_room.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page is {overflow}px wider than a 360px phone"
    assert store.matches(event) == {1: []}
    closed_room = browser.new_context(
        base_url=server, locale="es-ES", viewport=PHONE, is_mobile=True
    ).new_page()
    enter_board(closed_room, event, 2, ("4", "S"), "S", "9")
    [match] = store.matches(event)[1]
    # Board 1, nobody vulnerable: team 1 +420 North-South and +50 East-West: 10 IMPs.
    assert (match.home, match.away, match.home_imps) == ("1", "4", Fraction(10))
