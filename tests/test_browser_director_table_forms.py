"""The director's table's forms on a 390x844 phone in Chromium, as a Spanish director uses them.

A defender's exposed card through its own form (Laws 49-50) in the page's notation, a
free event that is not JSON answered in the page's words, a bid above seven tapped in
the bidding box (Law 38), and the desk's correction form taking the adjusted score
typed over the result it comes filled with (Law 12).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.core.card import Card
from arbitro.i18n import gettext, use_language
from arbitro.store import Store
from arbitro.table import event_from_json
from arbitro.table.log import loads
from arbitro.table.report import report_json
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "the director's phone"
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
PHONE: ViewportSize = {"width": 390, "height": 844}
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    """The console over a club's store with one event of three tables; its URL, store, event."""
    store = support.club_store(tmp_path_factory.mktemp("forms"), "marta", PASSWORD)
    event = support.three_tables_of_pairs(
        store, EventSpec("Martes", boards=2), [("2S N 8", "1", "2"), ("3S N 9", "3", "4")]
    )
    with support.serve_store(store) as url:
        yield url, store, event


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def signed_in(browser: Browser, server: str) -> Page:
    """A Spanish phone of 390x844 signed in at the desk."""
    phone = support.phone_page(browser, "es-ES", viewport=PHONE)
    support.sign_in_at_desk(phone, server, "marta", PASSWORD)
    return phone


def open_board(phone: Page, server: str, board: dict[str, Any]) -> None:
    """Open the bare board with its deal, started afresh."""
    phone.goto(f"{server}/director/table?board={board['board']}")
    if phone.locator("form.dt-restart").count():  # a board left by an earlier test
        phone.locator("form.dt-restart button").click()
        phone.wait_for_load_state()
    phone.fill("#dt-open input[name=board]", str(board["board"]))
    phone.fill("#dt-open input[name=deal]", board["deal"])
    phone.locator("#dt-open button[type=submit]").click()
    phone.wait_for_selector("#director-table")


def logged(phone: Page) -> int:
    return len((phone.locator("#dt-log").text_content() or "").splitlines())


def wait_for_lines(phone: Page, count: int) -> None:
    phone.wait_for_function(
        "n => document.getElementById('dt-log').textContent.trim().split('\\n').length === n",
        arg=count,
    )


def tap(phone: Page, event: dict[str, Any]) -> None:
    """A call, a card or the faced lead tapped on the drawn table; wait for the redraw."""
    before = logged(phone)
    if event["event"] == "call":
        phone.locator(f"#dt-box [data-who={event['seat']}]").click()
        phone.locator(f"#dt-box [data-call='{event['call']}']").click()
    elif event["event"] == "play":
        phone.locator(f"#hand-{event['seat']} [data-card={event['card']}]").click()
    else:
        assert event["event"] == "face_lead", event
        phone.locator("#dt-face").click()
    wait_for_lines(phone, before + 1)


def open_menu(phone: Page, item: str) -> None:
    phone.locator("#dt-more > summary").click()
    phone.locator(f"#dt-more details[data-item={item}] > summary").click()


def test_law_50_a_defenders_exposed_card_through_its_form_in_the_pages_notation(
    browser: Browser, served: tuple[str, Store, int]
) -> None:
    """West drops the ♦2 (a minor penalty card, 50C), then exposes a card on purpose (50B)."""
    server = served[0]
    for scenario, how in (
        ("law_50c_minor_penalty_card", ""),
        ("law_52b1b_lead_instead_of_penalty_card", "deliberate"),
    ):
        written = (SCENARIOS / f"{scenario}.jsonl").read_text(encoding="utf-8")
        board, *events = lines_of(written)
        phone = signed_in(browser, server)
        open_board(phone, server, board)
        exposed = next(n for n, event in enumerate(events) if event["event"] == "exposed")
        for event in events[:exposed]:
            tap(phone, event)
        open_menu(phone, "exposed")
        form = phone.locator("form[data-event=exposed]")
        (card,) = events[exposed]["cards"]
        label = form.locator(f"select[name='cards.0'] option[value={card}]").inner_text()
        assert label == Card.from_str(card).to_str("es", symbols=True)  # ♦2, ♣D: Spanish
        support.assert_fits(phone, "the exposed card's form on a 390px phone", in_boxes=True)
        form.locator("select[name=seat]").select_option(events[exposed]["seat"])
        form.locator("select[name='cards.0']").select_option(card)
        form.locator("select[name=how]").select_option(how)
        form.locator("button[type=submit]").click()
        wait_for_lines(phone, exposed + 2)
        assert phone.locator("#dt-error").is_hidden()
        assert phone.locator("#dt-restrictions").count() == 1  # the penalty card in force
        for event in events[exposed + 1 :]:
            tap(phone, event)
        shown = phone.locator("#dt-log").text_content() or ""
        assert [event_from_json(line) for line in lines_of(shown)] == [
            event_from_json(line) for line in lines_of(written)
        ]
        assert report_json(loads(shown)) == report_json(loads(written))
        phone.context.close()


def test_director_table_a_free_event_that_is_not_json_is_refused_in_the_pages_words(
    browser: Browser, served: tuple[str, Store, int]
) -> None:
    server = served[0]
    phone = signed_in(browser, server)
    open_board(phone, server, {"board": 3, "deal": DEAL})
    open_menu(phone, "json")
    form = phone.locator("form[data-kind=json]")
    form.locator("input[name=json]").fill("not json")
    form.locator("button[type=submit]").click()
    phone.wait_for_selector("#dt-error:not([hidden])")
    example = '{"event": "inspect", "seat": "E", "trick": 1}'
    with use_language("es"):
        expected = gettext(
            "The event is not valid JSON: expected one line of the table log, as in %(example)s"
        ) % {"example": example}
    shown = phone.locator("#dt-error").inner_text()
    assert shown == expected
    assert "SyntaxError" not in shown
    assert logged(phone) == 1
    form.locator("input[name=json]").fill("3")  # JSON, but no event: the server says what a tap is
    form.locator("button[type=submit]").click()
    phone.wait_for_function(  # the server's answer, in place of the page's own message
        "shown => { const now = document.getElementById('dt-error').textContent; "
        "return now !== shown && now.includes('{'); }",
        arg=shown,
    )
    with use_language("es"):
        assert phone.locator("#dt-error").inner_text() == gettext(
            "a tap must be one table event other than the board, as in {example}"
        ).format(example='{"event": "call", "seat": "N", "call": "1NT"}')
    phone.context.close()


def test_law_38_a_bid_above_seven_is_tapped_in_the_bidding_box(
    browser: Browser, served: tuple[str, Store, int]
) -> None:
    server = served[0]
    phone = signed_in(browser, server)
    open_board(phone, server, {"board": 4, "deal": DEAL})
    tap(phone, {"event": "call", "seat": "W", "call": "1NT"})  # dealer: West on board 4
    phone.locator("#dt-box [data-who=N]").click()
    phone.locator("#dt-above > summary").click()
    support.assert_fits(phone, "the bidding box's bids above seven on a 390px phone")
    phone.locator("#dt-above [data-call='8NT']").click()
    wait_for_lines(phone, 3)
    last = json.loads((phone.locator("#dt-log").text_content() or "").splitlines()[-1])
    assert last == {"event": "call", "seat": "N", "call": "8NT"}
    assert phone.locator("#dt-decision").get_attribute("data-law") == "38"
    assert "8ST" in phone.locator("#dt-auction").inner_text()
    phone.context.close()


def test_law_12_the_correction_form_takes_the_adjusted_score_typed_over_the_stored_result(
    browser: Browser, served: tuple[str, Store, int]
) -> None:
    server, store, event = served
    phone = signed_in(browser, server)
    phone.goto(f"{server}/director/events/{event}/result?board=2&table=1")
    form = phone.locator("#result-form")
    assert form.locator("input[name=contract]").input_value() == "2P"  # filled as stored
    support.assert_fits(phone, "the result's correction form on a 390px phone")
    form.locator("input[name=adjusted]").fill("A60/A40")
    form.locator("input[name=reason]").fill("Artículo 12C2")
    form.locator("button[type=submit]").click()
    phone.wait_for_load_state()
    kept = next(r for r in store.results(event) if (r.board, r.table) == (2, 1))
    assert kept.entry == Entry.from_fields(adjusted="A60/A40")
    assert "/result" not in phone.url  # back to the event, not the refused form
    phone.context.close()
