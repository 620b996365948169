"""The desk at a laptop's and a tablet's size: the deals page and the forms a refusal sends back.

In a real headless Chromium, as a director at the desk sees it:

1. The deals page shows the PBN download and the boards marked otherwise than Law 2
   (their form) on the page, and its title is the page's name alone; once deals are
   kept, dealing again asks for a tick first.
2. A penalty (Law 90) of ``25`` of a top, meant as 25%, is refused and the form comes
   back as typed; ``25%`` then gives a quarter of a top, and the flash names the pair
   as the page's language writes it.
3. An appeal with one signature (Law 92D, AEB criterion 7) is refused naming the
   signature field, and the form comes back as typed: the second signature is enough.
4. The rounds' grid marks a table's result as it comes in, without reloading the page
   (what the director is typing stays), and says the results below are older.
5. The deals page shows the double-dummy analysis of the hand records as it goes and
   when it ends, the same way, without a reload.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.analysis.solver import analyse
from arbitro.core.board import Board
from arbitro.core.deal import Deal
from arbitro.dealing.dealer import DealtBoard
from arbitro.i18n import Language, gettext, ngettext, use_language
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "una contraseña larga del club"
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
TABLET: ViewportSize = {"width": 768, "height": 1024}
SCREENS = {
    "es-laptop": ("es", "es-ES", LAPTOP),
    "es-tablet": ("es", "es-ES", TABLET),
    "en-tablet": ("en", "en-GB", TABLET),
}


def plural(lang: Language, singular: str, many: str, count: int) -> str:
    """``singular`` or ``many``, for ``count``, in ``lang``, as the page writes it."""
    with use_language(lang):
        return ngettext(singular, many, count)


def t(lang: Language, message: str) -> str:
    """``message`` as the catalog puts it in ``lang``."""
    with use_language(lang):
        return gettext(message)


@pytest.fixture
def night(tmp_path: Path) -> tuple[Store, int]:
    """A 3-table Mitchell of 6 boards with its six pairs named; director marta."""
    store = support.club_store(tmp_path, "marta", PASSWORD)
    pairs = [
        Participant.from_str(line)
        for line in (
            "1NS: Ana García, Luis Pérez",
            "1EW: Marta Ruiz, Pedro Gil",
            "2NS: Eva Sanz, Juan Mora",
            "2EW: Rosa Lema, Iván Toro",
            "3NS: Sara Gil, Tomás Rey",
            "3EW: Lucía Paz, Raúl Cid",
        )
    ]
    event = store.create_event(EventSpec("Martes noche", boards=6), pairs, movement=mitchell(3, 2))
    return store, event


def _desk(browser: Browser, server: str, screen: str) -> tuple[Page, Language]:
    lang, locale, viewport = SCREENS[screen]
    page = browser.new_context(locale=locale, viewport=viewport).new_page()
    support.sign_in_at_desk(page, server, "marta", PASSWORD)
    return page, cast("Language", lang)


@pytest.mark.parametrize("screen", ["es-laptop", "es-tablet"])
def test_law2_the_deals_page_shows_the_pbn_download_and_the_marking_form(
    browser: Browser, night: tuple[Store, int], screen: str
) -> None:
    store, event = night
    with support.serve_store(store) as server:
        desk, lang = _desk(browser, server, screen)
        desk.goto(f"{server}/director/events/{event}/deals")
        # The title is the page's name: no form nor link inside it.
        assert desk.title() == f"{t(lang, 'Deals')} · Martes noche"
        marking = desk.locator("#marking-form")
        assert marking.is_visible()
        assert marking.locator("input[name=board]").is_visible()
        desk.locator("#deal-form button").click()
        desk.wait_for_load_state()
        assert desk.locator("#deals-pbn").is_visible()
        assert desk.locator("#deals-pbn-utf8").is_visible()
        # Dealing again asks for the tick first: the deals kept cannot come back.
        seed = desk.locator("#seed").inner_text()
        desk.locator("#deal-form button").click()
        assert desk.locator("#deal-form input[name=replace]:invalid").count() == 1
        assert desk.locator("#seed").inner_text() == seed
        # The marking form works from the page: board 2 dealt by West, all vulnerable.
        marking = desk.locator("#marking-form")
        support.fill_form(marking, board="2", dealer="O" if lang == "es" else "W")
        marking.locator("input[name=vulnerability]").fill("Todos" if lang == "es" else "All")
        marking.locator("button").click()
        desk.wait_for_load_state()
        assert desk.locator("#marked-boards li").count() == 1
        support.assert_fits(desk, "the deals page")
        desk.context.close()


@pytest.mark.parametrize("screen", ["es-laptop", "en-tablet"])
def test_law90_law92d_refused_penalty_and_appeal_forms_come_back_as_typed(
    browser: Browser, night: tuple[Store, int], screen: str
) -> None:
    store, event = night
    with support.serve_store(store) as server:
        desk, lang = _desk(browser, server, screen)
        desk.goto(f"{server}/director/events/{event}?view=rulings")
        penalty = desk.locator("#penalty-form")
        support.fill_form(penalty, participant="2EW", amount="25", law="90B2", reason="juego lento")
        penalty.locator("button[type=submit]").click()
        desk.wait_for_load_state()
        assert desk.locator(".flash").inner_text().startswith(t(lang, "Refused: {reason}")[:5])
        assert store.penalties(event) == []
        penalty = desk.locator("#penalty-form")
        typed = {
            name: penalty.locator(f"[name={name}]").input_value()
            for name in ("participant", "amount", "unit", "law", "reason")
        }
        assert typed == {
            "participant": "2EW", "amount": "25", "unit": "top", "law": "90B2",
            "reason": "juego lento",
        }  # fmt: skip
        penalty.locator("input[name=amount]").fill("25%")
        penalty.locator("button[type=submit]").click()
        desk.wait_for_load_state()
        (given,) = store.penalties(event)
        assert (given.record.participant, given.record.amount) == ("2EW", Fraction(1, 4))
        east_west = "2EO" if lang == "es" else "2EW"
        assert east_west in desk.locator(".flash").inner_text()

        appeal = desk.locator("#appeal-form")
        appeal.locator("select[name=appellant]").select_option("3EW")
        appeal.locator("input[name=reason]").fill("la explicación era correcta")
        appeal.locator("input[name=signed_by]").first.fill("Lucía Paz")
        appeal.locator("button[type=submit]").click()
        desk.wait_for_load_state()
        assert store.appeals(event) == []
        assert "--signed-by" not in desk.locator(".flash").inner_text()
        appeal = desk.locator("#appeal-form")
        assert appeal.locator("select[name=appellant]").input_value() == "3EW"
        assert appeal.locator("input[name=reason]").input_value() == "la explicación era correcta"
        assert appeal.locator("input[name=signed_by]").first.input_value() == "Lucía Paz"
        appeal.locator("input[name=signed_by]").nth(1).fill("Raúl Cid")
        appeal.locator("button[type=submit]").click()
        desk.wait_for_load_state()
        (lodged,) = store.appeals(event)
        assert lodged.appeal.appellant == "3EW"
        shown = support.flat(desk.locator(".appeal").first.inner_text())
        assert shown.startswith(f"1. {'3EO' if lang == 'es' else '3EW'}: ")
        support.assert_fits(desk, "the event's rulings", in_boxes=True)
        desk.context.close()


@pytest.mark.parametrize("screen", ["es-laptop", "en-tablet"])
def test_law8_the_rounds_grid_marks_the_tables_results_as_they_come_in_without_a_reload(
    browser: Browser, night: tuple[Store, int], screen: str
) -> None:
    store, event = night
    store.open_round(event, 1)
    with support.serve_store(store) as server:
        desk, lang = _desk(browser, server, screen)
        desk.goto(f"{server}/director/events/{event}")
        board = desk.locator("#progress a[data-cell='1-2-3']")
        assert board.inner_text() == "3"
        assert desk.locator("#progress-news").is_hidden()
        # The director is typing a penalty when table 2's result comes in.
        desk.locator("#penalty-form input[name=reason]").fill("juego lento")
        store.enter_result(event, 3, 2, Entry.from_str("3NT S 9"))
        desk.evaluate("window.dispatchEvent(new Event('focus'))")  # back to the window
        desk.wait_for_selector("#progress a[data-cell='1-2-3'].done")
        assert board.inner_text() == "3✓"
        assert board.get_attribute("title") == t(lang, "entered")
        assert desk.locator("#progress-news").is_visible()
        # Nothing was reloaded: what the director typed is still there.
        assert desk.locator("#penalty-form input[name=reason]").input_value() == "juego lento"
        assert desk.locator("#progress a[data-cell='1-1-1']").inner_text() == "1"
        desk.context.close()


@pytest.mark.parametrize("screen", ["es-laptop", "en-tablet"])
def test_the_deals_page_follows_the_double_dummy_analysis_without_a_reload(
    browser: Browser, night: tuple[Store, int], screen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, event = night
    deals = {board: Deal.from_number(board) for board in range(1, 7)}
    store.keep_deals(event, deals)
    # The test does the analysis itself, a step at a time, instead of the background thread.
    monkeypatch.setattr(store, "analyse_in_background", lambda event_id: False)
    with support.serve_store(store) as server:
        desk, lang = _desk(browser, server, screen)
        desk.goto(f"{server}/director/events/{event}/deals")
        line = desk.locator("#analysis-progress")
        running = plural(
            lang,
            "Double-dummy analysis for the hand records: analysed %(done)s of %(num)s board.",
            "Double-dummy analysis for the hand records: analysed %(done)s of %(num)s boards.",
            6,
        )
        assert line.inner_text() == running % {"done": 0, "num": 6}
        # The director is typing a board's marking while the analysis goes on.
        desk.locator("#marking-form input[name=board]").fill("4")
        store.keep_analyses(event, analyse([DealtBoard(Board(n), deals[n]) for n in (1, 2)]))
        desk.evaluate("window.dispatchEvent(new Event('focus'))")  # back to the window
        desk.wait_for_function("document.querySelector('progress').value == 2")
        assert line.inner_text() == running % {"done": 2, "num": 6}
        store.analyse_event(event)
        # Its every-3-seconds question finds the end without the window's focus.
        desk.wait_for_selector("#analysis[data-finished]", state="attached", timeout=10000)
        finished = plural(
            lang,
            "Double-dummy table and par of the event's %(num)s board kept for the hand records.",
            "Double-dummy tables and par of all %(num)s boards kept for the hand records.",
            6,
        )
        assert line.inner_text() == finished % {"num": 6}
        assert desk.locator("#analysis progress").get_attribute("value") == "6"
        # Nothing was reloaded: what the director typed is still there.
        assert desk.locator("#marking-form input[name=board]").input_value() == "4"
        desk.context.close()
