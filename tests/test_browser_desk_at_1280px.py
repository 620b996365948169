"""The director's desk on a club's laptop (1280 px wide), in Spanish, in a real headless Chromium.

The new-event form's players box reads as the fields around it (their type and size,
not the browser's small monospace) and shows a club night's pairs, one a line, without
scrolling. The rounds grid of a 7-table Mitchell never breaks a round's state from its
button, a table's pairs (``1NS–1EO:``) nor its boards, and the page is no wider than
the window. A 13-table Mitchell (26 pairs, a big club night) fits the laptop whole; a
wider grid scrolls inside its wrapper with each round's button kept in view.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "l" * 64
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PASSWORD = "the club's laptop"

BROKEN_CELLS = """() => {
  // The rounds grid's cells whose parts do not stay whole: a pairing's text on two lines,
  // a table's boards on two lines, a round's state on another line than its button.
  const broken = [];
  const onOneLine = (boxes) => boxes.every((a) => boxes.every((b) =>
    a.top < b.bottom - 1 && b.top < a.bottom - 1));
  for (const cell of document.querySelectorAll("#progress tbody td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (!text.textContent.includes("–")) continue;
      const range = document.createRange();
      const start = text.textContent.search(/\\S/);
      const end = text.textContent.search(/\\s*$/);
      range.setStart(text, start);
      range.setEnd(text, end);
      if (range.getClientRects().length > 1) broken.push(`pairs: ${text.textContent.trim()}`);
    }
    const boards = [...cell.querySelectorAll("a")].map((a) => a.getBoundingClientRect());
    if (!onOneLine(boards)) broken.push(`boards: ${cell.textContent.replace(/\\s+/g, " ").trim()}`);
    const state = cell.querySelector(".round-state");
    const button = cell.querySelector("button");
    if (state && button && !onOneLine([state.getBoundingClientRect(), button.getBoundingClientRect()])) {
      broken.push(`round: ${cell.textContent.replace(/\\s+/g, " ").trim()}`);
    }
  }
  return broken;
}"""


def mitchell_at_round_2(store: Store, tables: int) -> int:
    """A Mitchell of ``tables`` tables and 2 boards a round, round 1 played and closed, round 2 open."""
    event = store.create_event(
        EventSpec(f"Martes noche, {tables} mesas", boards=2 * tables), movement=mitchell(tables, 2)
    )
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    for seating in (s for s in movement.schedule if s.round == 1):
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("4S N 10"))
    store.close_round(event, 1)
    store.open_round(event, 2)
    return event


@pytest.fixture(scope="module")
def club(
    tmp_path_factory: pytest.TempPathFactory, browser: Browser
) -> Iterator[tuple[Page, str, Store]]:
    """The desk signed in on a laptop, over a store the tests add their events to."""
    store = support.club_store(tmp_path_factory.mktemp("laptop"), "ana", PASSWORD)
    with support.serve_store(store, secret=SECRET) as server:
        context = browser.new_context(locale="es-ES", viewport=LAPTOP)
        page = context.new_page()
        support.sign_in_at_desk(page, server, "ana", PASSWORD)
        yield page, server, store
        context.close()


@pytest.fixture(scope="module")
def desk(club: tuple[Page, str, Store]) -> tuple[Page, str, int]:
    """A 7-table Mitchell of 2 boards a round, round 1 played and closed, round 2 open."""
    page, server, store = club
    return page, server, mitchell_at_round_2(store, 7)


def test_the_new_event_forms_players_box_reads_as_its_fields_and_shows_the_pairs(
    desk: tuple[Page, str, int],
) -> None:
    page, server, _ = desk
    page.goto(f"{server}/director?lang=es")
    pairs = [f"{n}NS: María Fernández-Castellanos #1{n}00, José Ruiz de Alarcón" for n in (1, 2)]
    pairs += [f"{n}: Ana García, Luis Pérez" for n in range(3, 9)]
    page.fill("#participants", "\n".join(pairs))
    support.save_screenshot(page, "laptop-new-event-players")
    box = page.evaluate(
        """() => {
          const box = getComputedStyle(document.getElementById("participants"));
          const field = getComputedStyle(document.querySelector("input[name=name]"));
          const text = getComputedStyle(document.body);
          const hidden = document.getElementById("participants");
          return {size: [box.fontSize, field.fontSize], family: [box.fontFamily, text.fontFamily],
                  hidden: hidden.scrollHeight - hidden.clientHeight};
        }"""
    )
    # The size of the fields around it, in the page's type (not the browser's monospace).
    assert box["size"][0] == box["size"][1]
    assert box["family"][0] == box["family"][1]
    # Eight pairs, one a line: every line shows, none scrolled out of the box.
    assert box["hidden"] <= 0


def test_the_rounds_grid_keeps_rounds_pairs_and_boards_whole_at_1280px(
    desk: tuple[Page, str, int],
) -> None:
    page, server, event = desk
    page.goto(f"{server}/director/events/{event}?view=rounds&lang=es")
    support.save_screenshot(page, "laptop-rounds-grid")
    assert page.locator("#progress tbody td a").count() == 7 * 7 * 2
    assert page.evaluate(BROKEN_CELLS) == []
    support.assert_fits(page, "the 7-table rounds grid", in_boxes=True)


ROUNDS_CUT_OR_SPLIT = """() => {
  // A round's state on two lines, or its number, state or button out of the grid's view
  // (scrolled out of it to the left or right).
  const outer = document.querySelector(".scroll:has(> #progress)").getBoundingClientRect();
  const inner = document.getElementById("progress").getBoundingClientRect();
  const view = {left: Math.max(outer.left, inner.left), right: Math.min(outer.right, inner.right)};
  const faults = [];
  const heading = document.querySelector("#progress thead th").getBoundingClientRect();
  if (heading.left < view.left - 1) faults.push("out of view: the rounds' heading");
  for (const row of document.querySelectorAll("#progress tbody tr")) {
    const state = row.querySelector(".round-state");
    const parts = [row.querySelector("th"), state, row.querySelector("td.round-cell button")];
    for (const part of parts) {
      const box = part.getBoundingClientRect();
      if (box.left < view.left - 1 || box.right > view.right + 1) {
        faults.push(`out of view: ${row.id} ${part.textContent.trim()}`);
      }
    }
    const range = document.createRange();
    range.selectNodeContents(state);
    if (range.getClientRects().length > 1) faults.push(`state: ${state.textContent.trim()}`);
  }
  return faults;
}"""

SCROLLED = """() => {
  // How far the grid scrolls sideways, in its wrapper or in itself.
  const grid = document.getElementById("progress");
  return Math.max(...[grid.parentElement, grid].map((e) => e.scrollWidth - e.clientWidth));
}"""

SCROLL_TO_THE_LAST_TABLE = """() => {
  const grid = document.getElementById("progress");
  for (const scroller of [grid.parentElement, grid]) scroller.scrollLeft = scroller.scrollWidth;
}"""


def test_the_rounds_grid_of_a_13_table_mitchell_fits_a_1280px_laptop_whole(
    club: tuple[Page, str, Store],
) -> None:
    page, server, store = club
    event = mitchell_at_round_2(store, 13)
    page.goto(f"{server}/director/events/{event}?view=rounds&lang=es")
    support.save_screenshot(page, "laptop-rounds-grid-13-tables")
    assert page.locator("#progress tbody td a").count() == 13 * 13 * 2
    # Pairs and boards whole; a round's state over its button, never split itself.
    assert [fault for fault in page.evaluate(BROKEN_CELLS) if not fault.startswith("round:")] == []
    assert page.evaluate(ROUNDS_CUT_OR_SPLIT) == []
    # Every table in view: neither the page nor the grid scrolls sideways.
    assert page.evaluate(SCROLLED) <= 0
    support.assert_fits(page, "the 13-table rounds grid", in_boxes=True)


def test_a_grid_wider_than_the_laptop_keeps_each_rounds_button_in_view_as_it_scrolls(
    club: tuple[Page, str, Store],
) -> None:
    page, server, store = club
    event = mitchell_at_round_2(store, 17)
    page.goto(f"{server}/director/events/{event}?view=rounds&lang=es")
    assert page.evaluate(SCROLLED) > 0
    support.assert_fits(page, "the 17-table rounds grid", in_boxes=True)
    page.evaluate(SCROLL_TO_THE_LAST_TABLE)
    support.save_screenshot(page, "laptop-rounds-grid-17-tables-scrolled")
    # Scrolled to the last table, each round's number, state and button are still there.
    assert page.locator("#progress th", has_text="Mesa 17").is_visible()
    assert page.evaluate(ROUNDS_CUT_OR_SPLIT) == []
