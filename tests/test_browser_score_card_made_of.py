"""A two-session score card with a carry-over on a 390 px phone, in a real Chromium.

The public score card of a pair of a two-session event shows, beside its total, each
session's score and the carry-over (as the rankings do), and the whole card fits a
390 px screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A published two-session Mitchell of three tables, pair 1NS carrying 3 over."""
    store = support.club_store(tmp_path_factory.mktemp("card"))
    pairs = [
        Participant.from_str(f"{n}{side}: José Ruiz de Alarcón, Pilar Ortiz")
        for n in range(1, 4)
        for side in ("NS", "EW")
    ]
    two = store.create_event(
        EventSpec("Campeonato de otoño", boards=6, sessions=2),
        pairs,
        mitchell(3, 2),
        carry_over={"1NS": Fraction(3)},
    )
    movement = store.movement(two)
    assert movement is not None
    for session in (1, 2):
        for seating in movement.schedule:
            for board in seating.boards:
                played = "4S N 11" if (session, seating.table) == (1, 1) else "4S N 10"
                store.enter_result(
                    two, board, seating.table, Entry.from_str(played), session=session
                )
    store.publish(two)
    with support.serve_store(store) as url:
        yield url, two


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    page = support.phone_page(browser, viewport={"width": 390, "height": 740})
    yield page
    page.context.close()


def test_a_two_session_card_shows_its_sessions_and_carry_over_and_fits_390px(
    phone: Page, event: tuple[str, int]
) -> None:
    url, two = event
    phone.goto(f"{url}/results/{two}/pairs/1NS")
    made_of = phone.locator("#made-of")
    assert made_of.is_visible()
    cells = [support.flat(text) for text in made_of.locator("td").all_inner_texts()]
    assert len(cells) == 4  # session 1, session 2, carry-over, total
    assert cells[2] == "3,00"
    assert all("," in cell for cell in cells)  # written the Spanish way
    support.assert_fits(phone, "the two-session score card")
