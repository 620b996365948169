"""The players' pages on a 375x740 phone, in Spanish, in a real headless Chromium.

The ranking (its Total column), a traveller and a score card of a 7-table Mitchell fit
the screen: no element reaches past the viewport's right edge. The table's entry form
keeps *Pasado* apart from the entry's button, and its tricks field opens a keyboard
with ``=``, ``+`` and ``-``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from browser_support import save_screenshot, serve

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "q" * 64
PHONE: ViewportSize = {"width": 375, "height": 740}
CONTRACTS = ("3NT S 9 lead HQ", "4S N 10 lead C2", "2HX E 8 lead DA", "5DXX W 11 lead SK")

WIDER_THAN_THE_SCREEN = """(width) => {
  // The phone's own width: a phone shows a wider page zoomed out (its layout viewport,
  // window.innerWidth, grows to the page), so that is no measure of fitting.
  const wide = [];
  for (const element of document.querySelectorAll("body *")) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 0.5) {
      wide.push(`${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.right)}px`);
    }
  }
  return [document.documentElement.scrollWidth - width, wide.slice(0, 5)];
}"""


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A 7-table Mitchell with long names, rounds 1 and 2 played, published."""
    store = open_store(str(tmp_path_factory.mktemp("phone") / "arbitro.sqlite3"))
    pairs = [
        Participant.from_str(
            f"{number}{side}: María Fernández-Castellanos #1{number}00, José Ruiz de Alarcón"
        )
        for number in range(1, 8)
        for side in ("NS", "EW")
    ]
    event = store.create_event(EventSpec("Martes noche", boards=14), pairs, mitchell(7, 2))
    movement = store.movement(event)
    assert movement is not None
    for index, seating in enumerate(s for s in movement.schedule if s.round <= 2):
        for offset, board in enumerate(seating.boards):
            text = CONTRACTS[(index + offset) % len(CONTRACTS)]
            store.enter_result(event, board, seating.table, Entry.from_str(text))
    store.publish(event)
    store.open_round(event, 3)
    with serve(create_app(store, secret=SECRET)) as url:
        yield url, store, event
    store.close()


def _signed_in_table(phone: Page, server: str, event: int, table: int) -> Page:
    """``phone`` signed in at ``table`` with its card's code, on the round's page."""
    phone.goto(f"{server}/tables?lang=es")
    phone.fill("input[name=event]", str(event))
    phone.fill("input[name=code]", table_code(SECRET, event, table))
    phone.locator("form.entry button[type=submit]").click()
    phone.wait_for_url(f"**/tables/{event}/{table}")
    return phone


def _fits(page: Page, name: str) -> None:
    save_screenshot(page, f"phone-{name}")
    overflow, wide = page.evaluate(WIDER_THAN_THE_SCREEN, PHONE["width"])
    assert overflow <= 0, f"{name}: the page is {overflow}px wider than the phone: {wide}"
    assert wide == [], f"{name}: elements past the right edge: {wide}"


def test_ranking_traveller_and_score_card_fit_a_375px_phone(
    evening: tuple[str, Store, int], browser: Browser
) -> None:
    server, _, event = evening
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    phone = context.new_page()
    phone.goto(f"{server}/results/{event}?lang=es")
    assert phone.locator("table.results").first.is_visible()
    _fits(phone, "ranking")
    phone.goto(f"{server}/results/{event}/boards/1")
    _fits(phone, "traveller")
    phone.goto(f"{server}/results/{event}/pairs/1NS")
    _fits(phone, "score-card")
    context.close()


def test_passed_out_stands_apart_and_the_tricks_keyboard_has_signs(
    evening: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = evening
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    phone = _signed_in_table(context.new_page(), server, event, 1)
    form = phone.locator("section.board form.entry").last
    assert form.locator("input[name=tricks]").get_attribute("inputmode") == "text"
    enter = form.locator("button[type=submit]:not([name=passed])").bounding_box()
    passed = form.locator("button[name=passed]").bounding_box()
    assert enter is not None
    assert passed is not None
    # Not under the entry's button, within a thumb's slip: a clear gap between them.
    assert passed["y"] - (enter["y"] + enter["height"]) >= 24
    before = len(store.results(event))
    form.locator("select[name=level]").select_option("4")
    form.locator("button[name=passed]").click()
    phone.wait_for_load_state()
    assert "contrato" in phone.locator(".error").first.inner_text()
    assert len(store.results(event)) == before
    _fits(phone, "table-round")
    context.close()


IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def test_a_refused_entry_on_a_later_board_shows_its_message_on_the_phone_screen(
    evening: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = evening
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    phone = _signed_in_table(context.new_page(), server, event, 2)
    boards = phone.locator("section.board")
    last = boards.last
    board = (last.get_attribute("id") or "").removeprefix("board-")
    assert boards.count() >= 2  # the board refused is not the first on the page
    before = len(store.results(event))
    form = last.locator("form.entry").last
    form.locator("select[name=level]").select_option("3")
    form.locator("select[name=strain]").select_option("NT")
    form.locator("select[name=declarer]").select_option("S")
    form.locator("input[name=tricks]").fill("15")
    form.locator("button[type=submit]:not([name=passed])").click()
    phone.wait_for_load_state()
    problem = f"#board-{board}-problem"
    assert "15" in phone.locator(problem).inner_text()
    save_screenshot(phone, "phone-refused-entry")
    assert phone.evaluate(IN_VIEW, problem), "the refused board's message is off the screen"
    assert len(store.results(event)) == before  # nothing recorded
    context.close()


def test_a_score_cards_board_links_are_targets_a_finger_hits(
    evening: tuple[str, Store, int], browser: Browser
) -> None:
    server, _, event = evening
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    phone = context.new_page()
    phone.goto(f"{server}/results/{event}/pairs/1NS")
    links = phone.locator("table.results td > a")
    assert links.count() >= 2
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None
        assert box["height"] >= 40  # about the 44 px a finger needs
        assert box["width"] >= 24
    _fits(phone, "score-card-links")
    context.close()
