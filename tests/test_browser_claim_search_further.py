"""Searching an undetermined claim further from the claim page, in a real headless Chromium.

Law 70 (issue 26): a claim check that runs out of its budget shows a range, not the
award; the director, when the table can wait, asks the page to search further
(``checker.FURTHER`` times the budget) and gets the award. The claim is North's claim
of all thirteen tricks in 1NT before the opening lead, checked under a small budget (the
server runs in this process) so that the test takes seconds. A screenshot goes to
``test-artifacts/``. A director who leaves the page while the server searches stops
the search: the browser closes the request's connection, and the server sees it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.analysis.claims import checker
from arbitro.web.claims import claim_verdict
from claim_support import SMALL_BUDGET, UNDETERMINED_LOG, wait_for

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "a long club password"


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with support.serve_store(
        support.club_store(tmp_path_factory.mktemp("claims"), "marta", PASSWORD)
    ) as url:
        yield url


def claim_checked(page: Page, desk: str, statement: str) -> Page:
    """``page`` signed in as ``marta``, with North's claim ``statement`` at
    :data:`UNDETERMINED_LOG` checked on the claim page (undetermined, with the button to
    search further)."""
    support.sign_in_on_the_way(page, f"{desk}/director/rulings/claim", "marta", PASSWORD)
    form = page.locator("#claim-form")
    form.locator("textarea[name=log]").fill(UNDETERMINED_LOG)
    form.locator("select[name=claimer]").select_option("N")
    form.locator("input[name=statement]").fill(statement)
    form.get_by_role("button", name="Check the claim").click()
    page.wait_for_selector("#search-further")
    return page


def test_law_70_the_director_searches_an_undetermined_claim_further(
    desk: str, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET)
    page = claim_checked(browser.new_context(locale="en-GB").new_page(), desk, "all")
    first = claim_verdict(UNDETERMINED_LOG, "N", "all").check  # what the checker finds
    assert first.least is not None
    assert first.least < first.worst
    note = page.locator("#undetermined").inner_text()
    tricks = "trick" if first.least == 1 else "tricks"
    assert f"at least {first.least} {tricks} and one makes {first.worst}" in note
    # A range, for the Director to judge: never its upper end alone as the award.
    assert f"Award: {first.least} to {first.worst} " in page.locator("#award").inner_text()

    with page.expect_navigation(timeout=120_000):  # a search ten times as long
        # Clicked in the page itself, so that the button is read before the answer comes:
        # while the server searches, it says so and cannot be pressed again.
        disabled, text = page.evaluate(
            """() => {
                const button = document.querySelector("#search-further button");
                button.click();
                return [button.disabled, button.textContent];
            }"""
        )
    assert (disabled, text) == (True, "Searching further…")
    further = claim_verdict(
        UNDETERMINED_LOG, "N", "all", budget=checker.FURTHER * SMALL_BUDGET
    ).check
    assert further.least == further.worst  # the fewest proved
    assert f"Award: {further.worst} " in page.locator("#award").inner_text()
    assert page.locator("#search-further").count() == 0
    note = page.locator("#undetermined").inner_text()  # only the line as stated is left open
    assert "the award stands" in note
    # The claim form still holds the claim, for another look.
    assert page.locator("#claim-form textarea[name=log]").input_value().strip() == (
        UNDETERMINED_LOG.strip()
    )
    assert page.locator("#claim-form input[name=statement]").input_value() == "all"
    support.save_screenshot(page, "claim-searched-further")


@pytest.mark.parametrize("leave", ["goes to another page", "closes the page"])
def test_law_70_a_director_who_leaves_the_page_stops_the_search_further(
    desk: str,
    browser: Browser,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    leave: str,
) -> None:
    """The search further would take minutes here (a thousand times the small budget, the
    line as stated still open); the director goes to another page, or closes this one,
    while the server searches. The browser closes the post's connection and the server,
    which looks at it every quarter of a second, stops the search: it does not search on
    for nobody, holding the one turn a server process gives a search further."""
    caplog.set_level(logging.DEBUG, logger="arbitro.web.claims")
    monkeypatch.setattr(checker, "BUDGET", SMALL_BUDGET)
    monkeypatch.setattr(checker, "FURTHER", 1000)
    context = browser.new_context(locale="en-GB")
    page = claim_checked(context.new_page(), desk, "all: finesse SQ")
    caplog.clear()
    page.evaluate("() => document.querySelector('#search-further button').click()")
    wait_for("checking a claim", caplog)  # the server has read the form: it searches
    assert f"budget {1000 * SMALL_BUDGET}" in caplog.text
    if leave == "goes to another page":
        page.goto(f"{desk}/director/")
    else:
        page.close()
    wait_for("claim check stopped", caplog)
    assert "claim check stopped: the browser left (board 1, claimer 'N')" in caplog.text
    context.close()
