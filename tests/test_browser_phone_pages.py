"""The players' pages on a 375x740 phone, in Spanish, in a real headless Chromium.

The ranking (its Total column), a traveller and a score card of a 7-table Mitchell fit
the screen: no element reaches past the viewport's right edge. In Spanish and English,
no heading (nor a cell, but the players' names) breaks inside a word: on a phone the
headings take their short forms, abbreviations that name the whole words. The table's entry form
keeps *Todos pasan* apart from the entry's button, and its tricks field opens a keyboard
with ``=``, ``+`` and ``-``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.core.deal import Deal
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from arbitro.web.public_results import set_deals
from arbitro.web.security import hash_password, table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "q" * 64
CONTRACTS = ("3NT S 9 lead HQ", "4S N 10 lead C2", "2HX E 8 lead DA", "5DXX W 11 lead SK")


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """A 7-table Mitchell with long names, rounds 1 and 2 played, published."""
    store = support.club_store(tmp_path_factory.mktemp("phone"))
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
    # The deals of boards 1 to 3, analysed in the background for the hand records:
    # board 1 with four thirteen-card suits, the longest a suit can be written.
    ordinary = (Deal.from_number(n) for n in (7_316_025_004_518_213, 9_123_456_789_012_345))
    dealt = [Deal.from_number(38), *ordinary]
    set_deals(store, event, {board: str(deal) for board, deal in enumerate(dealt, start=1)})
    store.publish(event)
    store.open_round(event, 3)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, store, event


def _signed_in_table(phone: Page, server: str, event: int, table: int, lang: str = "es") -> Page:
    """``phone`` signed in at ``table`` with its card's code, on the round's page."""
    return support.sign_in_at_table(
        phone, server, event, table, table_code(SECRET, event, table), lang
    )


def _hand_records(phone: Page, server: str, _: Store, event: int) -> None:
    """``phone`` on the event's hand records, once the analysis has made them."""
    phone.goto(f"{server}/results/{event}/hands?lang=es")
    # The analysis runs in the background since the deals were kept; the page reloads itself.
    phone.wait_for_selector(".hand-record", timeout=120_000)


def _fits(page: Page, name: str) -> None:
    """No element of ``page`` reaches past the phone's edge, not even in a box that scrolls."""
    support.save_screenshot(page, f"phone-{name}")
    support.assert_fits(page, name, support.PHONE["width"])


def test_ranking_traveller_and_score_card_fit_a_375px_phone(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    server, _, event = evening
    phone.goto(f"{server}/results/{event}?lang=es")
    assert phone.locator("table.results").first.is_visible()
    _fits(phone, "ranking")
    phone.goto(f"{server}/results/{event}/boards/1")
    _fits(phone, "traveller")
    phone.goto(f"{server}/results/{event}/pairs/1NS")
    _fits(phone, "score-card")


def test_the_hand_records_fit_a_375px_phone_even_with_a_thirteen_card_suit(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    _hand_records(phone, *evening)
    assert phone.locator(".hand-record section.board").count() == 3
    _fits(phone, "hand-records")


SYMBOLS_ALONE = """() => [...document.querySelectorAll(".hand-record .hand .suit")].filter((suit) => {
  // A suit whose first card is not on its symbol's line: the symbol left alone on a line.
  const symbol = suit.querySelector("span").getBoundingClientRect();
  const text = [...suit.childNodes].find((node) => node.nodeType === Node.TEXT_NODE
    && node.textContent.trim());
  const start = text.textContent.search(/\\S/);
  const first = document.createRange();
  first.setStart(text, start);
  first.setEnd(text, start + 1);
  const card = first.getBoundingClientRect();
  return card.top >= symbol.bottom - 1 || card.bottom <= symbol.top + 1;
}).map((suit) => suit.textContent.replace(/\\s+/g, " ").trim())"""


def test_a_thirteen_card_suit_keeps_its_symbol_with_its_cards_on_a_375px_phone(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    """Board 1 has four thirteen-card suits: each wraps among its cards, its symbol with them."""
    _hand_records(phone, *evening)
    support.save_screenshot(phone, "phone-hand-records-long-suits")
    assert phone.locator(".hand-record .hand .suit").count() == 3 * 4 * 4
    assert phone.evaluate(SYMBOLS_ALONE) == []


def test_passed_out_stands_apart_and_the_tricks_keyboard_has_signs(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    server, store, event = evening
    _signed_in_table(phone, server, event, 1)
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


IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def test_a_refused_entry_on_a_later_board_shows_its_message_on_the_phone_screen(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    server, store, event = evening
    _signed_in_table(phone, server, event, 2)
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
    support.save_screenshot(phone, "phone-refused-entry")
    assert phone.evaluate(IN_VIEW, problem), "the refused board's message is off the screen"
    assert len(store.results(event)) == before  # nothing recorded


def test_a_score_cards_board_links_are_targets_a_finger_hits(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    server, _, event = evening
    phone.goto(f"{server}/results/{event}/pairs/1NS")
    links = phone.locator("table.results td > a")
    assert links.count() >= 2
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None
        assert box["height"] >= 40  # about the 44 px a finger needs
        assert box["width"] >= 24
    _fits(phone, "score-card-links")


BROKEN_WORDS = """() => {
  // The words of the tables' headings and cells (the players' names apart) that a line
  // break cuts in two: a word is what lies between spaces or hyphens ("Norte-Sur" may
  // wrap after its hyphen), and one cut shows as two boxes on different lines.
  const broken = [];
  for (const cell of document.querySelectorAll("table.results th, table.results td:not(.names)")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
        if (lines.size > 1) broken.push(`${cell.tagName.toLowerCase()}: ${word[0]}`);
      }
    }
  }
  return broken;
}"""

PAST_THE_PAGE = """() => {
  // The tables wider than the page's column (the screen less the page's margins).
  const main = document.querySelector("main");
  const style = getComputedStyle(main);
  const right = main.getBoundingClientRect().right - parseFloat(style.paddingRight);
  return [...document.querySelectorAll("table.results")]
    .map((table) => table.getBoundingClientRect().right - right)
    .filter((past) => past > 0.5);
}"""

SHOWN_HEADINGS = """() => [...document.querySelectorAll("table.results th")]
  .map((th) => th.innerText.trim())"""


def _between_rounds_with_the_ranking(store: Store) -> int:
    """A 7-table Mitchell with long names between rounds 2 and 3, its ranking at the tables."""
    pairs = [
        Participant.from_str(f"{number}{side}: Inmaculada Concepción Villanueva-Echeverría, Ana")
        for number in range(1, 8)
        for side in ("NS", "EW")
    ]
    event = store.create_event(
        EventSpec("Torneo de dos sesiones", boards=14, sessions=2), pairs, mitchell(7, 2)
    )
    movement = store.movement(event)
    assert movement is not None
    for session in (1, 2):
        for index, seating in enumerate(s for s in movement.schedule if s.round <= 2):
            for offset, board in enumerate(seating.boards):
                text = CONTRACTS[(index + offset + session) % len(CONTRACTS)]
                store.enter_result(
                    event, board, seating.table, Entry.from_str(text), session=session
                )
    store.show_ranking_at_tables(event, True)
    store.publish(event)
    return event


@pytest.mark.parametrize("lang", ["es", "en"])
def test_headings_break_only_between_words_and_the_tables_fit_a_375px_phone(
    evening: tuple[str, Store, int], browser: Browser, lang: str
) -> None:
    server, store, event = evening
    two_sessions = _between_rounds_with_the_ranking(store)
    phone = support.phone_page(browser, f"{lang}-ES")
    pages = {
        "ranking": f"/results/{event}",
        "traveller": f"/results/{event}/boards/1",
        "score-card": f"/results/{event}/pairs/1NS",
        "traveller-sessions": f"/results/{two_sessions}/boards/3?session=1",
        "score-card-sessions": f"/results/{two_sessions}/pairs/1EW",  # with a session column
    }
    for name, path in pages.items():
        phone.goto(
            f"{server}{path}?lang={lang}" if "?" not in path else f"{server}{path}&lang={lang}"
        )
        assert phone.locator("table.results").first.is_visible()
        _fits(phone, f"{name}-{lang}")
        assert phone.evaluate(BROKEN_WORDS) == [], name
        assert phone.evaluate(PAST_THE_PAGE) == [], name
    # The short headings on the phone, each an abbreviation that names the whole words.
    assert phone.evaluate(SHOWN_HEADINGS)[-1] == ("Ptos." if lang == "es" else "Pts")
    # (the boards' table: the one of how the total is made heads its sessions S1, S2)
    assert phone.locator("table.results:not(#made-of) th abbr.short").first.get_attribute(
        "title"
    ) == ("Sesión" if lang == "es" else "Session")
    table = _signed_in_table(phone.context.new_page(), server, two_sessions, 1, lang)
    assert table.locator("#provisional-ranking table.results").first.is_visible()
    _fits(table, f"table-ranking-{lang}")
    assert table.evaluate(BROKEN_WORDS) == []
    assert table.evaluate(PAST_THE_PAGE) == []
    phone.context.close()
    # On a wider screen, the whole words.
    wide = browser.new_context(locale=f"{lang}-ES", viewport={"width": 1024, "height": 740})
    page = wide.new_page()
    page.goto(f"{server}/results/{event}/boards/1?lang={lang}")
    assert page.evaluate(SHOWN_HEADINGS)[4] == (
        "Puntuación de Norte-Sur" if lang == "es" else "North-South score"
    )
    wide.close()


def test_the_directors_desk_fits_a_375px_phone(
    evening: tuple[str, Store, int], phone: Page
) -> None:
    """A director walking the room reads the desk on a phone: no page is wider than it.

    The new-event form's selects hold long options, and the appeals committee's select
    a long one too: a field never widens the page past the phone's edge. The desk's
    rounds grid scrolls sideways inside its own frame.
    """
    server, store, event = evening
    store.add_director("lola", hash_password("lola's phone password"))
    support.sign_in_at_desk(phone, server, "lola", "lola's phone password", "lang=es")
    for name, path in (
        ("desk", "/director"),
        ("desk-event", f"/director/events/{event}"),
        ("desk-deals", f"/director/events/{event}/deals"),
        ("desk-members", "/director/members"),
        ("desk-new-case", "/director/cases/new"),
    ):
        phone.goto(f"{server}{path}")
        assert phone.locator("main h1").first.is_visible(), name
        _fits_outside_scrolling_frames(phone, name)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_law_86b_a_knockouts_scoreboard_fits_a_375px_phone(
    evening: tuple[str, Store, int], browser: Browser, lang: str
) -> None:
    """Three segments, a carry-over and a penalty: a row a team, one figure a cell."""
    server, store, _ = evening
    teams = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(
        EventSpec("Copa, cuartos", 1, kind="teams", knockout=True, sessions=3),
        teams,
        carry_over={"4": Fraction(30)},
    )
    for session in (1, 2, 3):
        for table, (ns, ew, score) in enumerate(
            (("1", "4", 420), ("4", "1", -50), ("2", "3", -100), ("3", "2", 630)), start=1
        ):
            store.enter_result(event, 1, table, Entry.from_str(f"score {score}"), ns, ew, session)
    store.add_penalty(
        event, PenaltyRecord("3", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "slow")
    )
    store.publish(event)
    phone = support.phone_page(browser, f"{lang}-ES")
    phone.goto(f"{server}/results/{event}?lang={lang}")
    assert phone.locator("#knockout").is_visible()
    _fits(phone, f"knockout-{lang}")
    assert phone.evaluate(BROKEN_WORDS) == []
    phone.context.close()


def _fits_outside_scrolling_frames(page: Page, name: str) -> None:
    """Like :func:`_fits`, but an element inside a frame that scrolls sideways (and fits) may reach past."""
    support.save_screenshot(page, f"phone-{name}")
    support.assert_fits(page, name, support.PHONE["width"], in_boxes=True)


WIDE_PAGE = """<meta name="viewport" content="width=device-width, initial-scale=1">
<main><p>Mesa 1</p><div style="{style}"><div id="board" style="width: 500px">Norte-Sur</div>
</div></main>"""


def test_a_page_wider_than_the_phone_fails_the_check_naming_what_reaches_past_its_edge(
    phone: Page,
) -> None:
    """The check every phone page is held to: what reaches past the screen's edge is named;
    in a box that scrolls sideways and fits, only where boxes may scroll."""
    phone.set_content(WIDE_PAGE.format(style=""))
    past, wide = support.overflow(phone)
    assert past > 0
    assert [element.split(":")[0] for element in wide] == ["div#board"]
    with pytest.raises(AssertionError, match=r"a wide board: the page is \d+px wider .*div#board"):
        support.assert_fits(phone, "a wide board")
    phone.set_content(WIDE_PAGE.format(style="overflow-x: auto"))
    assert support.overflow(phone, in_boxes=True) == (0, [])
    support.assert_fits(phone, "a board that scrolls in its box", in_boxes=True)
    with pytest.raises(AssertionError, match=r"a scrolled board: elements past .*div#board"):
        support.assert_fits(phone, "a scrolled board")
