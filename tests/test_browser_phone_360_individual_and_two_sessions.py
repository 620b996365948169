"""An individual event and an event of two sessions on a 360x740 phone in Spanish, in a real Chromium.

What the players' pages of a pairs night were checked for (tests/test_browser_phones_360_and_390.py),
on the events it did not walk: an individual's traveller whose line holds a top
(``100,00 %``) fits the screen, its ranking and score card too; an event of two
sessions offers each session's ranking beside the event's, each fitting the screen, its
links targets a finger hits. Every number is written the Spanish way (a comma). A
table's phone refused another table's page offers its ways on as buttons a finger hits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import individual, mitchell
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "i" * 64
TAP = 44
SMALL_TARGETS = """(least) => [...document.querySelectorAll("main a, main button, main summary")]
  .map((element) => [element, element.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && box.height > 0
    && (box.width < least - 0.5 || box.height < least - 0.5))
  .map(([element, box]) => `${element.innerText.trim().slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, int, int]]:
    """A published individual (table 1 makes an overtrick on board 1: a top) and a published two-session Mitchell."""
    store = support.club_store(tmp_path_factory.mktemp("walk"))
    movement = individual(2, 2, rounds=3)
    people = [Participant.from_str(f"{n}: Ana María Fernández-Castellanos") for n in range(1, 9)]
    spec = EventSpec("Individual del jueves", boards=movement.boards, kind="individual")
    players = store.create_event(spec, people, movement)
    for seating in movement.schedule:
        for board in seating.boards:
            top = (board, seating.table) == (1, 1)
            store.enter_result(
                players, board, seating.table, Entry.from_str("4S N 11" if top else "4S N 10")
            )
    store.publish(players)
    pairs = [
        Participant.from_str(f"{n}{side}: José Ruiz de Alarcón, Pilar Ortiz")
        for n in range(1, 4)
        for side in ("NS", "EW")
    ]
    two = store.create_event(
        EventSpec("Campeonato de otoño", boards=6, sessions=2), pairs, mitchell(3, 2)
    )
    mitchell_movement = store.movement(two)
    assert mitchell_movement is not None
    for session in (1, 2):
        for seating in mitchell_movement.schedule:
            for board in seating.boards:
                played = "4S N 11" if (session, seating.table) == (1, 1) else "4S N 10"
                store.enter_result(
                    two, board, seating.table, Entry.from_str(played), session=session
                )
    store.publish(two)
    playing = store.create_event(EventSpec("Viernes", boards=6), pairs, mitchell(3, 2))
    store.open_round(playing, 1)
    with support.serve_store(store, secret=SECRET) as url:
        yield url, players, two, playing


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    page = support.phone_page(browser, viewport={"width": 360, "height": 740})
    yield page
    page.context.close()


def _fits_and_taps(phone: Page, what: str) -> str:
    """The page fits 360 px, its links are at least 44 px, its numbers have commas; its text."""
    support.assert_fits(phone, what, 360, in_boxes=True)
    assert phone.evaluate(SMALL_TARGETS, TAP) == [], f"{what}: targets under {TAP}px"
    text = phone.locator("main").inner_text()
    assert re.findall(r"\b[0-9]+\.[0-9]+\b", text) == [], f"{what}: a point in a Spanish number"
    return text


def test_an_individuals_pages_fit_a_360_px_phone(
    events: tuple[str, int, int, int], phone: Page
) -> None:
    server, players, _, _ = events
    phone.goto(f"{server}/results/{players}/boards/1?pair=1&lang=es")
    assert "100,00" in _fits_and_taps(phone, "a traveller with a top")
    phone.goto(f"{server}/results/{players}?lang=es")
    assert "Nombre" in _fits_and_taps(phone, "the individual's ranking")
    phone.goto(f"{server}/results/{players}/pairs/1?lang=es")
    _fits_and_taps(phone, "a player's score card")


def test_a_two_session_events_rankings_fit_a_360_px_phone(
    events: tuple[str, int, int, int], phone: Page
) -> None:
    server, _, two, _ = events
    phone.goto(f"{server}/results/{two}?lang=es")
    _fits_and_taps(phone, "the event's ranking")
    phone.locator("#ranking-sessions a", has_text="Sesión 1").click()
    phone.wait_for_url(f"**/results/{two}?session=1")
    assert "100,00" in _fits_and_taps(phone, "session 1's ranking")
    phone.goto(f"{server}/results/{two}/boards/1?session=1&pair=1NS&lang=es")
    _fits_and_taps(phone, "a traveller of session 1")


def test_a_table_refused_another_tables_page_has_targets_a_finger_hits(
    events: tuple[str, int, int, int], phone: Page
) -> None:
    server, _, _, playing = events
    support.sign_in_at_table(phone, server, playing, 1, table_code(SECRET, playing, 1), "es")
    phone.goto(f"{server}/tables/{playing}/2?lang=es")
    assert phone.locator("p.error").count() == 1
    _fits_and_taps(phone, "another table's page, refused")
