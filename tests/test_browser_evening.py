"""A whole club evening in a real headless Chromium (Debian's package, driven by Playwright).

The director creates a 4-table Howell on the desk, prints the table cards, and opens
the rounds one by one; tables 1 to 3 sign in with their cards' codes and enter every
result on their own phones, the opponents confirming each; the director enters table
4's boards on the desk, corrects one result (the audit trail keeps it) and gives an
artificial adjusted score (Law 12C1d), then publishes (Law 79C); the ranking is read on
the public page in English and in Spanish. The director also uploads the session's deals
as a PBN file. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.core.deal import Deal
from arbitro.formats.pbn import PBNGame, PBNTag, dumps
from arbitro.store import Store
from arbitro.tournament.movements import howell
from arbitro.web.public_results import deals

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "a long club password"
PHONE: ViewportSize = {"width": 390, "height": 844}
TABLES = 4
BOARDS_PER_ROUND = 2


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store]]:
    store = support.club_store(tmp_path_factory.mktemp("evening"), "marta", PASSWORD)
    with support.serve_store(store) as url:
        yield url, store


def shot(page: Page, name: str) -> None:
    support.save_screenshot(page, f"evening-{name}")


def tricks_for(table: int, board: int) -> int:
    """A different but plausible number of tricks for each table and board."""
    return 8 + (table + board) % 4


def post_button(page: Page, row: str, name: str) -> None:
    page.locator(row).get_by_role("button", name=name, exact=True).click()
    page.wait_for_load_state()


def test_a_club_evening_from_set_up_to_published_ranking(
    evening: tuple[str, Store], browser: Browser, tmp_path: Path
) -> None:
    server, store = evening
    movement = howell(TABLES, BOARDS_PER_ROUND)

    # The director signs in and creates the event.
    desk_context = browser.new_context(locale="en-GB")
    desk = desk_context.new_page()
    support.sign_in_on_the_way(desk, server + "/director/", "marta", PASSWORD)
    desk.fill("#new-event input[name=name]", "Tuesday pairs")
    desk.select_option("#new-event select[name=movement]", "howell")
    desk.fill("#new-event input[name=tables]", str(TABLES))
    desk.fill("#new-event input[name=boards_per_round]", str(BOARDS_PER_ROUND))
    desk.get_by_role("button", name="Create event").click()
    desk.wait_for_url("**/director/events/*")
    event = int(desk.url.rsplit("/", 1)[1])
    assert desk.locator(".flash").inner_text() == f"Event {event} created."
    shot(desk, "1-event-created")

    # The table cards carry the codes the tables sign in with.
    desk.goto(f"{server}/director/events/{event}/cards")
    codes = {
        int(element.get_attribute("data-table") or 0): element.inner_text()
        for element in desk.locator(".code").all()
    }
    assert sorted(codes) == [1, 2, 3, 4]
    shot(desk, "2-table-cards")

    # The director uploads the session's deals as a PBN file, for the hand records.
    boards = store.event(event).spec.boards
    dealt = {board: Deal.from_number(31 * board + 7) for board in range(1, boards + 1)}
    pbn = tmp_path / "tuesday.pbn"
    pbn.write_text(
        dumps(
            [
                PBNGame((PBNTag("Board", str(board)), PBNTag("Deal", deal.to_str())))
                for board, deal in dealt.items()
            ]
        ),
        encoding="utf-8",
    )
    desk.goto(f"{server}/director/events/{event}")
    desk.get_by_role("link", name="Deals").click()
    desk.set_input_files("#deals-form input[name=pbn]", str(pbn))
    desk.locator("#deals-form button[type=submit]").click()
    desk.wait_for_load_state()
    assert desk.locator("#saved").inner_text() == f"Deals of {boards} boards kept."
    assert deals(store, event) == dealt
    shot(desk, "2-deals-uploaded")

    # Three tables sign in on their phones.
    phones: dict[int, Page] = {}
    for table in (1, 2, 3):
        phone = support.phone_page(browser, "es-ES" if table == 2 else "en-GB", PHONE)
        phones[table] = support.sign_in_at_table(phone, server, event, table, codes[table].lower())

    adjusted_at = next(
        s for s in movement.schedule if s.table == TABLES and s.round == movement.rounds
    )
    for round_number in range(1, movement.rounds + 1):
        desk.goto(f"{server}/director/events/{event}")
        post_button(desk, f"#round-{round_number}", "Open")
        for table, phone in phones.items():
            seat = next(
                s for s in movement.schedule if s.round == round_number and s.table == table
            )
            phone.goto(f"{server}/tables/{event}/{table}")
            for board in seat.boards:
                support.enter_at_table(phone, board, f"4 S N {tricks_for(table, board)}")
                support.confirm_at_table(phone, board, str(seat.ew))  # and it shows confirmed
            if round_number == 1:
                shot(phone, f"3-table-{table}-round-1")
        # Table 4 has no phone: the director enters its boards on the desk.
        seat = next(s for s in movement.schedule if s.round == round_number and s.table == TABLES)
        for board in seat.boards:
            desk.goto(f"{server}/director/events/{event}/result?board={board}&table={TABLES}")
            if seat is adjusted_at and board == seat.boards[0]:
                # An artificial adjusted score (Law 12C1d): average plus / average minus.
                desk.fill("input[name=adjusted]", "A60/A40")
            else:
                desk.fill("input[name=contract]", "4S")
                desk.fill("input[name=declarer]", "N")
                desk.fill("input[name=tricks]", str(tricks_for(TABLES, board)))
            desk.get_by_role("button", name="Enter", exact=True).click()
            desk.wait_for_url(f"**/director/events/{event}")
            assert desk.locator(".flash").inner_text() == (
                f"Board {board} at table {TABLES} entered."
            )
        post_button(desk, f"#round-{round_number}", "Close")

    for phone in phones.values():
        phone.context.close()
    results = store.results(event)
    assert len(results) == movement.tables * movement.rounds * BOARDS_PER_ROUND
    assert {r.entry.to_str() for r in results if r.table == TABLES and r.entry.adjusted} == {
        "adjusted A60/A40"
    }
    desk.goto(f"{server}/director/events/{event}")
    assert desk.locator("#progress .missing").count() == 0
    shot(desk, "4-all-entered")

    # One correction by the director, with its reason in the audit trail.
    first = next(s for s in movement.schedule if s.round == 1 and s.table == 1)
    board = first.boards[0]
    desk.goto(f"{server}/director/events/{event}/result?board={board}&table=1")
    desk.fill("input[name=contract]", "4S")
    desk.fill("input[name=declarer]", "N")
    desk.fill("input[name=tricks]", "13")
    desk.fill("input[name=reason]", "the slip said 13 tricks")
    desk.get_by_role("button", name="Correct", exact=True).click()
    desk.wait_for_url(f"**/director/events/{event}")
    audit = desk.locator("#audit tbody tr").last.inner_text()
    assert "marta" in audit
    assert "the slip said 13 tricks" in audit
    assert f"4♠ N {tricks_for(1, board)}" in audit
    assert "4♠ N 13" in audit

    # Publish, then everyone reads the ranking.
    desk.get_by_role("button", name="Publish the results").click()
    # Back on the view the button is on, the ranking; the director's log is the audit's.
    desk.wait_for_url(f"**/director/events/{event}?view=ranking")
    assert "Official results" in desk.locator("#status").inner_text()
    shot(desk, "5-published")
    desk.goto(f"{server}/director/events/{event}?view=audit")
    assert "results published" in desk.locator("#log").inner_text()
    desk_context.close()

    # The desk works on a phone too: nothing wider than the screen but the scrolled tables.
    small = support.phone_page(browser, "es-ES", PHONE)
    support.sign_in_on_the_way(
        small, f"{server}/director/events/{event}", "marta", PASSWORD, "Entrar"
    )
    assert small.get_by_role("heading", name="Rondas y mesas").count() == 1
    support.assert_fits(small, "the desk on a 390px phone", in_boxes=True)
    shot(small, "5-desk-on-a-phone-es")
    small.context.close()

    expected = [(s.rank_label, s.participant) for s in store.ranking(event)]
    assert sorted(p for _, p in expected) == sorted(movement.participants)
    for locale, heading in (("en-GB", "Ranking"), ("es-ES", "Clasificación")):
        context = browser.new_context(locale=locale, viewport=PHONE)
        reader = context.new_page()
        reader.goto(f"{server}/results/{event}")
        assert reader.get_by_role("heading", name=heading).count() == 1
        rows = reader.locator("table.results tbody tr").all()
        shown = [
            (row.locator("td").nth(0).inner_text(), row.locator("td").nth(1).inner_text())
            for row in rows
        ]
        assert shown == expected
        support.assert_fits(reader, f"the ranking in {locale} on a 390px screen", in_boxes=True)
        shot(reader, f"6-ranking-{locale[:2]}")
        context.close()
