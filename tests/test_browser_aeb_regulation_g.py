"""The AEB's regulation G on the desk, end to end in a real headless Chromium.

Under the AEB profile (the default) East-West (pair 3) misexplained 2D at table 1 of
board 2; North would have bid 2S anyway, so the director's misinformation worksheet
ends "score stands" (2S= N, +110). Regulation G ("como mínimo una penalización de un
20 % del top", whether or not there was damage) still costs the offending pair: the
desk records the ruling with the penalty, which shows on pair 3's score card with its
code (AEB-G) and comes off its total in the public ranking. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "a long club password"


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    store = support.club_store(tmp_path_factory.mktemp("regulation_g"), "marta", PASSWORD)
    # Board 2 (N/S vulnerable): 2S= +110 (1 v 3), 2S+1 +140 (2 v 4), 3S-1 -100 (5 v 6).
    # Board 1: 4S= +420 at every table.
    event = support.three_tables_of_pairs(
        store,
        EventSpec("Thursday pairs", boards=2),  # AEB
        (("2S N 8", "1", "3"), ("2S N 9", "2", "4"), ("3S N 8", "5", "6")),
    )
    store.publish(event, by="marta")
    with support.serve_store(store) as url:
        yield url, store, event


def public_totals(page: Page, server: str, event: int) -> dict[str, float]:
    """Each pair's total in the public ranking, as a number (55.00% -> 55.0)."""
    page.goto(f"{server}/results/{event}")
    totals = {}
    for row in page.locator("table.results tbody tr").all():
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        totals[cells[1]] = float(cells[2].rstrip("%").replace(",", "."))
    return totals


def test_aeb_regulation_g_score_stands_and_the_penalty_shows_on_the_card_and_the_ranking(
    club: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = club
    reader = browser.new_context(locale="en-GB").new_page()
    before = public_totals(reader, server, event)
    assert set(before) == {str(n) for n in range(1, 7)}

    desk = browser.new_context(locale="en-GB").new_page()
    support.sign_in_on_the_way(desk, f"{server}/director/events/{event}", "marta", PASSWORD)
    desk.goto(f"{server}/director/cases/new?event={event}&kind=MI&board=2")
    form = desk.locator("#case-form")
    support.fill_form(
        form,
        table="1",
        offenders="EW",
        facts="75B: East explained 2D as weak; their card: multi",
    )
    # Regulation G is offered with its least amount under the AEB.
    assert "20% of a top" in form.inner_text()
    form.locator("li[data-step=irregularity] input[value=yes]").check()
    form.locator("input[name=note_irregularity]").fill("2D explained as weak; card: multi")
    form.locator("li[data-step=suggested] input[value=no]").check()
    form.locator("input[name=note_suggested]").fill("North bids 2S whatever 2D means")
    desk.get_by_role("button", name="Preview the ruling").click()
    preview = desk.locator("body").inner_text()
    assert "regulation G" in preview
    support.save_screenshot(desk, "regulation-g-1-preview")
    desk.get_by_role("button", name="Record the ruling").click()
    desk.wait_for_url("**/director/cases/*")
    support.save_screenshot(desk, "regulation-g-2-recorded")

    # The score stands: the table's result is unchanged; the penalty is on pair 3.
    (stored,) = [one for one in store.results(event) if (one.board, one.table) == (2, 1)]
    assert stored.entry == Entry.from_str("2S N 8")
    (fine,) = store.penalties(event)
    assert (fine.record.participant, fine.record.law, fine.record.board) == ("3", "AEB-G", 2)

    # Pair 3's score card shows the penalty with its code; the public ranking takes it.
    reader.goto(f"{server}/results/{event}/pairs/3")
    penalties = reader.locator("#penalties").inner_text()
    assert "AEB-G" in penalties
    assert "Board 2" in penalties
    support.save_screenshot(reader, "regulation-g-3-score-card")
    after = public_totals(reader, server, event)
    # 20 % of a top off pair 3's two boards: 10 points of its percentage.
    assert after["3"] == pytest.approx(before["3"] - 10, abs=0.01)
    assert {pair: total for pair, total in after.items() if pair != "3"} == {
        pair: total for pair, total in before.items() if pair != "3"
    }
    support.save_screenshot(reader, "regulation-g-4-ranking")
