"""A teams match's two tables enter a board on phones in a real headless Chromium (Law 78B)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import round_robin
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "t" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A server with a round robin of four teams, two boards a match, round 1 open."""
    store = support.club_store(tmp_path_factory.mktemp("teams"))
    event = store.create_event(
        EventSpec("Liga", boards=6, kind="teams"),
        movement=round_robin(4, 2),
    )
    store.open_round(event, 1)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, store, event


def enter_board(phone: Page, event: int, table: int, played: str) -> None:
    """Sign ``table`` in, enter board 1 and confirm it as East-West's team on the phone."""
    support.sign_in_at_table(phone, "", event, table, table_code(SECRET, event, table), "es")
    support.enter_at_table(phone, 1, played)
    support.confirm_at_table(phone, 1)  # the team the form suggests; and it shows confirmed


def test_law78b_both_tables_of_a_match_enter_a_board_on_phones_and_the_match_is_scored(
    league: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = league
    open_room = support.phone_page(browser, "es-ES", PHONE, base_url=server)
    enter_board(open_room, event, 1, "4 S N 10")
    assert open_room.locator("p.match").inner_text() == (
        "Encuentro 1, sala abierta: equipo 1 (local) contra equipo 4. La sala cerrada es la mesa 2."
    )
    support.assert_fits(open_room, "the open room's page on a 360px phone", in_boxes=True)
    assert store.matches(event) == {1: []}
    closed_room = support.phone_page(browser, "es-ES", PHONE, base_url=server)
    enter_board(closed_room, event, 2, "4 S S 9")
    [match] = store.matches(event)[1]
    # Board 1, nobody vulnerable: team 1 +420 North-South and +50 East-West: 10 IMPs.
    assert (match.home, match.away, match.home_imps) == ("1", "4", Fraction(10))
