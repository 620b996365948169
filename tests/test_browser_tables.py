"""A table enters a result on a phone-sized page in a real headless Chromium (issue 9)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.core.board import law2_vulnerability
from arbitro.core.contract import Contract
from arbitro.core.seat import Seat
from arbitro.scoring.law77 import score
from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "p" * 64
PHONE: ViewportSize = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A server with a 3-table Mitchell whose first round is open."""
    store = support.club_store(tmp_path_factory.mktemp("tables"))
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, store, event


def shot(page: Page, name: str) -> None:
    support.save_screenshot(page, f"tables-{name}")


def test_law77_a_table_enters_and_confirms_on_a_phone(
    club: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = club
    movement = store.movement(event)
    assert movement is not None
    seat = next(s for s in movement.schedule if s.round == 1 and s.table == 2)
    board = seat.boards[0]
    phone = support.phone_page(browser, "es-ES", PHONE)
    phone.goto(server + "/tables")
    assert phone.locator("h1").inner_text() == "Entrada de la mesa"
    support.sign_in_at_table(phone, server, event, 2, table_code(SECRET, event, 2).lower())
    assert phone.locator("h1").first.inner_text() == "Mesa 2, ronda 1"
    support.assert_fits(phone, "the round's page on a 360px phone", in_boxes=True)

    form = phone.locator(f"#board-{board} form").last
    button = form.locator("button[type=submit]").first.bounding_box()
    assert button is not None
    assert button["height"] >= 44, "the button is too small to tap"
    # A Spanish page: P is for picas, spades.
    support.enter_at_table(phone, board, "4 H E 9", double="X", lead="P4")
    declared = score(
        Contract.from_str("4HX"), 9, law2_vulnerability(board).is_vulnerable(Seat.EAST)
    )
    shown = phone.locator(f"#board-{board} .pending .score").inner_text()
    assert shown == f"{-declared:+d}"  # North-South's score: East-West went down doubled
    shot(phone, "1-score-to-confirm")
    assert store.results(event) == []

    support.confirm_at_table(phone, board, str(seat.ew))  # and it shows confirmed
    shot(phone, "2-confirmed")
    [stored] = store.results(event)
    assert (stored.table, stored.board, stored.entry.to_str()) == (2, board, "4HX E 9 lead S4")

    phone.context.close()


def test_law79a_an_entry_after_its_round_closed_says_it_was_not_saved_and_keeps_it(
    club: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, _ = club
    event = store.create_event(EventSpec("Jueves", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    board = next(s for s in movement.schedule if s.round == 1 and s.table == 3).boards[0]
    phone = support.phone_page(browser, "en-GB", PHONE)
    support.sign_in_at_table(phone, server, event, 3, table_code(SECRET, event, 3))
    store.close_round(event, 1)  # the director closes the round while the table types
    support.enter_at_table(phone, board, "4 S N 10", refused=True)
    alert = phone.locator("p.error[role=alert]").inner_text()
    assert alert == (
        f"your result of board {board} was not saved: the round is closed; call the director"
    )
    kept = phone.locator(f"#unsaved-{board}").inner_text()
    assert kept == f"What you entered for board {board}: 4♠ N 10"
    shot(phone, "3-entry-after-the-round-closed")
    assert store.results(event) == []
    phone.context.close()
