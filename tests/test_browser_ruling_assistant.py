"""A Spanish director rules with the ruling assistant in a real headless Chromium.

Law 50D2: West has shown the ♠4 on purpose (a major penalty card) and East is to lead;
declarer (North) chooses whether to require or forbid a spade lead. The director, on
the assistant's page in Spanish, pastes the table log, reads who chooses by name and
types the suit in Spanish notation: ``C`` (corazones, hearts) is refused by the table,
the form keeping what was typed, and ``P`` (picas) is spades. A screenshot goes to
``test-artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

import browser_support as support
from arbitro.i18n import gettext, use_language
from arbitro.table import RestrictionKind
from arbitro.table.log import loads
from table_support import law_50d2_spade_log

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "the club's ruling desk"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with support.serve_store(
        support.club_store(tmp_path_factory.mktemp("assistant"), "marta", PASSWORD)
    ) as url:
        yield url


def t(message: str) -> str:
    """``message`` in Spanish, as the page says it."""
    with use_language("es"):
        return gettext(message)


def test_law_50d2a_a_spanish_director_requires_a_spade_lead_typed_p(
    server: str, browser: Browser
) -> None:
    page = browser.new_context(locale="es-ES").new_page()
    url = f"{server}/director/rulings"
    support.sign_in_on_the_way(page, url, "marta", PASSWORD, button=t("Sign in"))
    log = law_50d2_spade_log()
    start = page.locator("#start")
    start.locator("textarea[name=log]").fill(log)
    start.get_by_role("button", name=t("Show what the Laws say")).click()
    page.wait_for_load_state()

    decision = page.locator("#decision")
    assert decision.locator("h2").inner_text() == t("Law %(law)s") % {"law": "50D2"}
    assert decision.locator(".decider").inner_text() == "Norte"  # declarer, by name
    law = t("Law %(law)s") % {"law": "50D2a"}
    require = decision.locator("li").filter(has_text=f"({law})").first
    suit = require.locator("input[name=extra]")
    assert suit.get_attribute("placeholder") == t("suit ({examples})").format(examples="P")
    assert suit.get_attribute("aria-label") == suit.get_attribute("placeholder")

    suit.fill("C")  # corazones: hearts, not the penalty card's suit
    require.get_by_role("button", name=t("Choose")).click()
    page.wait_for_load_state()
    alert = page.get_by_role("alert").inner_text()
    assert t("'{choice}' needs a suit, one of {suits}").format(choice="exigir", suits="♠") in alert
    require = page.locator("#decision li").filter(has_text=f"({law})").first
    assert require.locator("input[name=extra]").input_value() == "C"  # as typed

    require.locator("input[name=extra]").fill("P")  # picas
    require.get_by_role("button", name=t("Choose")).click()
    page.wait_for_load_state()
    assert page.get_by_role("alert").count() == 0
    assert page.locator("#decision").count() == 0  # nothing waits: East leads a spade
    kept = page.locator("#save input[name=log]").input_value()
    decided = json.loads(kept.splitlines()[-1])
    assert decided == {"event": "decision", "by": "N", "choice": "require", "suit": "S"}
    required = [r for r in loads(kept).restrictions if r.kind is RestrictionKind.LEAD_REQUIRED]
    assert [(str(r.seat), [s.to_str() for s in r.suits]) for r in required] == [("E", ["S"])]
    with use_language("es"):
        in_force = str(required[0].message)  # «Este debe salir de picas (Artículo 50D2a)»
    assert in_force in page.locator("#state pre").inner_text()
    support.save_screenshot(page, "ruling-assistant-50d2a-es")
    page.context.close()
