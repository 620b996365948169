"""Law 78B on a phone: a teams evening's ranking and a team's card, with their matches, fit 390 px.

The public ranking lists every match under the places (round, teams, IMPs, VPs, a
penalty in IMPs marked and noted, Law 90) and the team's score card its own; both fit
a 390 px phone in Spanish and in English, with nothing past the screen's edge.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import browser_support as support
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from teams_support import league

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "matches"), [("es", "Encuentros"), ("en", "Matches")])
def test_law_78b_the_matches_of_a_teams_ranking_and_card_fit_a_390px_phone(
    browser: Browser, tmp_path: Path, lang: str, matches: str
) -> None:
    store = support.club_store(tmp_path)
    event = league(store)
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "", 3)
    )
    store.publish(event)
    with support.serve_store(store) as server:
        page = support.phone_page(browser, viewport={"width": 390, "height": 844})
        try:
            for path in (f"/results/{event}", f"/results/{event}/pairs/1"):
                page.goto(f"{server}{path}?lang={lang}")
                table = page.locator("#matches")
                assert table.is_visible()
                assert page.get_by_role("heading", name=matches).count() == 1
                assert page.locator("#match-penalties").is_visible()
                support.assert_fits(page, f"{path} in {lang} at 390px", width=390)
        finally:
            page.context.close()
