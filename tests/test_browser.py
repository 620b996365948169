"""The web console in a real headless Chromium (Debian's package, driven by Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.cli import cli
from arbitro.store import open_store
from arbitro.web import create_app

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn server on a free loopback port, with its own SQLite database."""
    store = open_store(str(tmp_path_factory.mktemp("db") / "arbitro.sqlite3"))
    with support.serve(create_app(store, commands=cli)) as url:
        yield url
    store.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="en-GB")
    opened = context.new_page()
    yield opened
    context.close()


def test_home_page_switches_to_spanish_and_remembers(server: str, page: Page) -> None:
    page.goto(server + "/")
    assert page.locator("h1").inner_text() == "The Laws of Duplicate Bridge, as software"
    page.get_by_role("link", name="ES", exact=True).click()
    page.wait_for_url("**/?lang=es")
    assert page.locator("h1").inner_text() == "El Reglamento del Bridge Duplicado, hecho programa"
    assert page.locator("html").get_attribute("lang") == "es"
    page.get_by_role("link", name="Referencia de la línea de órdenes").click()
    page.wait_for_url("**/help/cli")
    assert (
        page.locator("#score pre")
        .inner_text()
        .startswith("Uso: arbitro score [OPCIONES] CONTRATO [BAZAS]")
    )


def test_a_spanish_browser_gets_spanish(server: str, browser: Browser) -> None:
    context = browser.new_context(locale="es-ES")
    page = context.new_page()
    page.goto(server + "/")
    assert page.locator("footer").inner_text().startswith("Árbitro versión")
    context.close()


def test_home_page_fits_a_phone(server: str, browser: Browser, tmp_path: Path) -> None:
    page = support.phone_page(browser, None, {"width": 360, "height": 740})
    page.goto(server + "/help/cli")
    support.assert_fits(page, "the command line's reference on a 360px phone", in_boxes=True)
    link = page.get_by_role("link", name="ES", exact=True).bounding_box()
    assert link is not None
    assert link["height"] >= 24, "language links too small to tap"
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    page.context.close()
