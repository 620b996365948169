"""A ranking with each session, the carry-over and the players' names fits a 390 px phone.

The public ranking of a two-session pairs event with a carry-over, in Spanish and
English, in a real headless Chromium: the short headings (S1, S2, Arr./C/o) keep it
within the screen.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import browser_support as support
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("browser_support",)
pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_ranking_with_sessions_and_carry_over_fits_a_390px_phone(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    store = support.club_store(tmp_path)
    pairs = [
        Participant.from_str(f"{n}: María Fernández-Castellanos, José Ruiz de Alarcón")
        for n in range(1, 5)
    ]
    event = store.create_event(
        EventSpec("Dos sesiones", boards=2, sessions=2), pairs, carry_over={"1": Fraction(3)}
    )
    for session in (1, 2):
        for board in (1, 2):
            store.enter_result(event, board, 1, Entry.from_str("4S N 10"), "1", "2", session)
            store.enter_result(event, board, 2, Entry.from_str("4S N 9"), "3", "4", session)
    store.publish(event)
    with support.serve_store(store) as server:
        phone = support.phone_page(browser, f"{lang}-ES", {"width": 390, "height": 740})
        phone.goto(f"{server}/results/{event}?lang={lang}")
        assert phone.locator("td.carry-over").first.is_visible()
        assert phone.locator("td.session").count() == 8
        support.save_screenshot(phone, f"ranking-made-of-{lang}")
        support.assert_fits(phone, f"ranking with sessions ({lang})")
        phone.context.close()
