"""A club night's players' and tables' pages on 360x740 and 390x844 phones, in a real Chromium.

Every link and button a player or a table taps is at least 44 px high and wide: the
language switch, the lists of events and pairs, the ranking's and the score card's links,
a traveller's boards around it, the way back under a page, the table's link to a
confirmed board's traveller and its *Reload*. East-West's confirmation label reads as one
sentence, not a line per piece. The language switch of a refused entry opens the round's
page in the other language, never a page that only takes a form. A traveller whose
marked line holds an adjusted score (``ajustado A60/A40``) fits a 360 px screen.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.core.deal import Deal
from arbitro.i18n import gettext, use_language
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web.public_results import set_deals
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "t" * 64
TAP = 44
"""The smallest target a finger hits, in CSS pixels."""
PHONES: dict[str, ViewportSize] = {
    "360x740": {"width": 360, "height": 740},
    "390x844": {"width": 390, "height": 844},
}
SMALL_TARGETS = """(least) => {
  const small = [];
  for (const element of document.querySelectorAll("a, button, summary")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.width < least - 0.5 || box.height < least - 0.5) {
      const text = (element.innerText || "").trim().slice(0, 30);
      small.push(`${element.tagName.toLowerCase()} "${text}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, int]]:
    """Two events of a 3-table Mitchell: one published, one playing round 2 (round 1 in)."""
    store = support.club_store(tmp_path_factory.mktemp("tap"))
    pairs = [
        Participant.from_str(f"{number}{side}: María Fernández-Castellanos, José Ruiz de Alarcón")
        for number in range(1, 4)
        for side in ("NS", "EW")
    ]
    events = []
    for name in ("Lunes noche", "Martes noche"):
        event = store.create_event(EventSpec(name, boards=6), pairs, mitchell(3, 2))
        _play(store, event, rounds=3 if name == "Lunes noche" else 1)
        events.append(event)
    published, playing = events
    set_deals(store, published, {1: str(Deal.from_number(38))})
    store.publish(published)
    store.open_round(playing, 2)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, published, playing


def _play(store: Store, event: int, rounds: int) -> None:
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        if seating.round <= rounds:
            for board in seating.boards:
                entry = Entry.from_str("4S N 10 lead HK")
                if (board, seating.table) == (1, 1):
                    entry = Entry.from_fields(adjusted="A60/A40")  # Law 12C2
                store.enter_result(event, board, seating.table, entry)


@pytest.fixture(params=sorted(PHONES), ids=sorted(PHONES))
def phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    page = support.phone_page(browser, viewport=PHONES[request.param])
    yield page
    page.context.close()


def _all_tappable(phone: Page, what: str) -> None:
    viewport = phone.viewport_size
    assert viewport is not None
    support.assert_fits(phone, what, viewport["width"], in_boxes=True)
    small = phone.evaluate(SMALL_TARGETS, TAP)
    assert small == [], f"{what} at {viewport['width']}px: targets under {TAP}px: {small}"


def test_the_players_pages_have_targets_a_finger_hits(
    night: tuple[str, int, int], phone: Page
) -> None:
    server, published, playing = night
    phone.goto(f"{server}/results?lang=es")
    _all_tappable(phone, "the events")
    for event in (published, playing):
        phone.goto(f"{server}/results/{event}")
        _all_tappable(phone, f"event {event}")
    phone.goto(f"{server}/results/{published}/pairs/1NS")
    _all_tappable(phone, "a score card")
    phone.goto(f"{server}/results/{published}/boards/3?pair=1NS")
    assert phone.locator("nav.boards a[rel=prev]").count() == 1
    _all_tappable(phone, "a traveller")
    phone.goto(f"{server}/results/{published}/hands")
    phone.wait_for_selector(".hand-record", timeout=120_000)
    _all_tappable(phone, "the hand records")
    phone.goto(f"{server}/results/{playing}/boards/1")
    _all_tappable(phone, "a traveller refused before the session is over")
    phone.goto(f"{server}/nothing-here")
    _all_tappable(phone, "an address with no page")


def test_the_tables_pages_have_targets_a_finger_hits(
    night: tuple[str, int, int], phone: Page
) -> None:
    server, _, playing = night
    viewport = phone.viewport_size
    assert viewport is not None
    table = 1 if viewport["width"] == 360 else 3  # each phone a table of its own
    support.sign_in_at_table(
        phone, server, playing, table, table_code(SECRET, playing, table), "es"
    )
    _all_tappable(phone, "the round's page")
    board = int(phone.locator("section.board").first.get_attribute("id").split("-")[1])  # type: ignore[union-attr]
    support.enter_at_table(phone, board, "4 P N 10")
    # East-West's label is one sentence: its words take one grid row, the field under it.
    label = phone.locator(f"#board-{board} form").first.locator("label")
    words = label.locator("> span").first.bounding_box()
    field = label.locator("input[name=pair]").bounding_box()
    assert words is not None
    assert field is not None
    assert words["height"] < 2.5 * 24, f"the label takes {words['height']}px: a line per piece"
    with use_language("es"):
        sentence = gettext("East-West confirm: your pair number")
    assert support.flat(label.locator("> span").first.inner_text()) == sentence
    support.confirm_at_table(phone, board)
    _all_tappable(phone, "the round's page with a board confirmed")


def test_the_language_switch_of_a_refused_entry_opens_the_round_in_the_other_language(
    night: tuple[str, int, int], phone: Page
) -> None:
    server, _, playing = night
    support.sign_in_at_table(phone, server, playing, 2, table_code(SECRET, playing, 2), "es")
    board = int(phone.locator("section.board").first.get_attribute("id").split("-")[1])  # type: ignore[union-attr]
    support.enter_at_table(phone, board, "4 P N 15", refused=True)
    assert phone.locator(f"#board-{board}-problem").is_visible()
    phone.locator(".languages a[hreflang=en]").click()
    phone.wait_for_load_state()
    assert phone.url.endswith(f"/tables/{playing}/2?lang=en")
    assert phone.get_by_role("heading", name="Table 2, round 2").count() == 1


def test_a_travellers_line_with_an_adjusted_score_fits_the_phone(
    night: tuple[str, int, int], phone: Page
) -> None:
    server, published, _ = night
    phone.goto(f"{server}/results/{published}/boards/1?pair=1NS&lang=es")
    mine = phone.locator("table.results tr.mine")
    assert "A60/A40" in support.flat(mine.inner_text())
    viewport = phone.viewport_size
    assert viewport is not None
    support.assert_fits(phone, "a traveller with an adjusted score", viewport["width"])
