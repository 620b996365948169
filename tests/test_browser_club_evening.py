"""A whole club night in a real headless Chromium, from an empty database to the published results.

The evening runs twice, each on its own empty database: in Spanish on 375x740 phones
(the director's desk included) and in English on a desktop screen. At each step the
test reads what the person sees, in the page's language (the catalog's own message), and
on the phone that nothing is wider than the screen.

1. The first director is created on the first-run page.
2. The desk creates a 7-table Mitchell of 14 boards for 13 pairs with its sit-out option:
   pair 7 East-West is absent (``7EO`` in Spanish), so whoever it would meet sits out
   that round, and that table's phone says so.
3. The table cards give each table its code and a QR code (made by segno) of its link at
   the public address; the session's deals are uploaded (PBN).
4. Round 1: table 1's phone enters its boards; a mistyped entry comes back as typed,
   with its message; East-West confirm on one phone while a second phone at the same
   table confirms too, and is told the board is already confirmed. Once the round is in,
   the phone says where each pair and the boards go (Law 8A). The other tables enter
   theirs (the same code, without a browser).
5. A procedural penalty (Law 90) on pair 7 North-South, which has not played yet
   (it sits out round 1); the event still ranks; the director withdraws it.
6. Rounds 2 to 7; an assigned score typed in the page's notation (`4P= E` in Spanish,
   Law 12C1e), after a weighted one refused under the AEB's profile (Law 12C1c); in the
   last round an entry still waits for East-West when the director closes the round:
   the desk lists it and the director enters it.
7. A correction with its reason in the audit trail; a ruling from the assistant on the
   board's real deal (Law 54), shown on the desk and, after publication, on the traveller.
8. Publication (Law 79C); the public ranking, a traveller (points and percentages, best
   first), a score card and the hand records.

With ``ARBITRO_SCREENSHOTS=dir`` set, the test saves the screenshots the documentation
uses (docs/web-console.md and docs/web-tables.md) into ``dir``; otherwise it writes no file.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
import segno
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

import browser_support as support
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.formats.pbn import PBNGame, PBNTag, dumps
from arbitro.i18n import Language, gettext, ngettext, use_language
from arbitro.store import Store
from arbitro.tournament.movements.model import Seating
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "e" * 64
PASSWORD = "una contraseña larga del club"
PUBLIC_URL = "http://192.168.1.20:8000"
"""The address the club's phones reach the console at (``serve --public-url``): the cards'."""
TABLES = 7
BOARDS_PER_ROUND = 2
ABSENT = "7EW"
"""The Mitchell's absent fourteenth pair (the desk's sit-out option): its opponents sit out."""


@dataclass(frozen=True)
class Run:
    """One evening: the language, the screen, and whether it is a phone."""

    lang: Language
    locale: str
    viewport: ViewportSize
    phone: bool


DOCUMENTED = {"en": ("console-",), "es": ("tables-", "results-", "console-3-event")}
"""The screenshots the documentation shows: the desk on a desktop, the players' phones."""

RUNS = {
    "spanish-phone": Run("es", "es-ES", {"width": 375, "height": 740}, phone=True),
    "english-desktop": Run("en", "en-GB", {"width": 1280, "height": 800}, phone=False),
}


def t(lang: Language, message: str, **values: object) -> str:
    """``message`` as the catalog puts it in ``lang``, its placeholders filled in."""
    with use_language(lang):
        text = gettext(message)
    if "%(" in text:
        return text % values
    return text.format(**values) if values else text


def nt(lang: Language, singular: str, plural: str, count: int, **values: object) -> str:
    with use_language(lang):
        return ngettext(singular, plural, count) % {"num": count, **values}


T = TypeVar("T")


def _run(work: Coroutine[object, object, T]) -> T:
    """Await ``work`` on a thread of its own: Playwright's sync API keeps this thread's loop running."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, work).result()


class Evening:
    """The evening's browser pages, its run, and what every step checks."""

    def __init__(self, browser: Browser, server: str, store: Store, run: Run) -> None:
        self.browser = browser
        self.server = server
        self.store = store
        self.run = run
        self.contexts: list[BrowserContext] = []

    def page(self) -> Page:
        context = self.browser.new_context(
            locale=self.run.locale, viewport=self.run.viewport, is_mobile=self.run.phone
        )
        self.contexts.append(context)
        return context.new_page()

    def t(self, message: str, **values: object) -> str:
        return t(self.run.lang, message, **values)

    def seen(self, page: Page, name: str, focus: str = "") -> None:
        """Check ``page`` fits the phone; save its screenshot when asked (``focus`` in sight)."""
        if self.run.phone:
            support.assert_fits(page, name, self.run.viewport["width"], in_boxes=True)
        if name.startswith(DOCUMENTED[self.run.lang]):
            support.save_docs_screenshot(page, f"{name}-{self.run.lang}", focus)

    def click(self, page: Page, scope: str, name: str) -> None:
        page.locator(scope).get_by_role("button", name=name, exact=True).first.click()
        page.wait_for_load_state()

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture(params=sorted(RUNS), ids=sorted(RUNS))
def evening(request: pytest.FixtureRequest, browser: Browser, tmp_path: Path) -> Iterator[Evening]:
    """An empty database behind a real server, and the run's language and screen."""
    store = support.club_store(tmp_path)
    with support.serve_store(store, secret=SECRET, public_url=PUBLIC_URL) as url:
        night = Evening(browser, url, store, RUNS[request.param])
        yield night
        night.close()


def _pairs(lang: str) -> str:
    """13 pairs' lines as the director types them (EO in Spanish); 7EW is absent."""
    east_west = "EO" if lang == "es" else "EW"
    lines = []
    for number in range(1, TABLES + 1):
        lines.append(f"{number}NS: Ana García {number}, Luis Pérez {number}")
        if f"{number}EW" != ABSENT:
            lines.append(f"{number}{east_west}: Eva Martín {number}, Juan Gil {number}")
    return "\n".join(lines)


def _result(table: int, board: int) -> tuple[str, str, str]:
    """A plausible contract, declarer and tricks for each table and board."""
    return ("4S", "N", str(8 + (table + board) % 5)) if board % 2 else ("3NT", "S", "9")


def _create_director_and_event(night: Evening, desk: Page) -> int:
    server, t = night.server, night.t
    desk.goto(server + "/director/")
    assert desk.url.startswith(server + "/director/setup")
    desk.fill("input[name=name]", "marta")
    desk.fill("input[name=password]", PASSWORD)
    desk.fill("input[name=repeat]", PASSWORD)
    night.seen(desk, "console-1-first-director")
    night.click(desk, "main", t("Create director"))
    assert desk.url == server + "/director/"
    assert desk.get_by_role("heading", name=t("Director's desk")).count() == 1
    desk.fill("#new-event input[name=name]", "Martes noche")
    desk.select_option("#new-event select[name=movement]", "mitchell")
    desk.fill("#new-event input[name=tables]", str(TABLES))
    desk.fill("#new-event input[name=boards_per_round]", str(BOARDS_PER_ROUND))
    desk.fill("#new-event textarea[name=participants]", _pairs(night.run.lang))
    absent = ABSENT.replace("EW", "EO") if night.run.lang == "es" else ABSENT
    desk.fill("#new-event input[name=sit_out]", absent)
    night.seen(desk, "console-2-new-event", "#new-event button")
    night.click(desk, "#new-event", t("Create event"))
    desk.wait_for_url("**/director/events/*")
    event = int(desk.url.rsplit("/", 1)[1])
    assert desk.locator(".flash").inner_text() == t("Event {event} created.", event=event)
    shown = support.flat(desk.locator("#participants").inner_text())
    ew = "EO" if night.run.lang == "es" else "EW"
    assert f"1{ew}: Eva Martín 1, Juan Gil 1" in shown
    assert "Eva Martín 7" not in shown  # pair 7 East-West is absent
    # The absent pair is no participant: the movement seats 13 pairs, one a round sitting out.
    movement = night.store.movement(event)
    assert movement is not None
    assert ABSENT not in movement.participants
    assert len(movement.participants) == 2 * TABLES - 1
    assert [len(movement.sitting_out(number)) for number in range(1, TABLES + 1)] == [1] * TABLES
    night.seen(desk, "console-3-event")
    return event


def _table_cards(night: Evening, desk: Page, event: int) -> dict[int, str]:
    desk.goto(f"{night.server}/director/events/{event}/cards")
    codes = {
        int(element.get_attribute("data-table") or 0): element.inner_text()
        for element in desk.locator(".code").all()
    }
    assert sorted(codes) == list(range(1, TABLES + 1))
    # The public address the tables use (serve --public-url), not the desk's 127.0.0.1.
    assert desk.locator(".tables-url").all_inner_texts() == [PUBLIC_URL + "/tables"] * TABLES
    assert desk.locator("#loopback-warning").count() == 0
    for table, code in codes.items():
        qr = desk.locator(f"#card-{table} .card-qr")
        link = qr.get_attribute("data-link") or ""
        assert link == f"{PUBLIC_URL}/tables/card?event={event}&code={code}"
        # segno's QR code, inline: an <svg> whose modules are those of the link's QR code.
        svg = qr.locator("svg")
        assert svg.count() == 1
        assert "segno" in (svg.get_attribute("class") or "")
        box = svg.bounding_box()
        assert box is not None
        assert box["width"] > 0
        modules = io.BytesIO()
        segno.make(link, error="m").save(modules, kind="svg", xmldecl=False, svgns=False)
        expected = re.search(r' d="([^"]+)"', modules.getvalue().decode())
        assert expected is not None
        assert svg.locator("path").get_attribute("d") == expected[1]
    night.seen(desk, "console-4-table-cards")
    return codes


def _upload_deals(night: Evening, desk: Page, event: int, folder: Path) -> dict[int, Deal]:
    dealt = {board: Deal.from_number(31 * board + 7) for board in range(1, 15)}
    pbn = folder / "martes.pbn"
    games = [
        PBNGame((PBNTag("Board", str(board)), PBNTag("Deal", deal.to_str())))
        for board, deal in dealt.items()
    ]
    pbn.write_text(dumps(games), encoding="utf-8")
    desk.goto(f"{night.server}/director/events/{event}")
    desk.get_by_role("link", name=night.t("Deals"), exact=True).click()
    desk.set_input_files("#deals-form input[name=pbn]", str(pbn))
    night.click(desk, "#deals-form", night.t("Upload"))
    expected = nt(
        night.run.lang, "Deal of %(num)s board kept.", "Deals of %(num)s boards kept.", 14
    )
    assert desk.locator("#saved").inner_text() == expected
    night.seen(desk, "console-5-deals", "#saved")
    return dealt


def _round(night: Evening, desk: Page, event: int, number: int, action: str) -> None:
    desk.goto(f"{night.server}/director/events/{event}?view=rounds")
    night.click(desk, f"#round-{number}", night.t(action))


LINES_OF = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}"""
"""How many lines an element's text takes (a word broken letter by letter takes several)."""


def _rounds_grid(night: Evening, desk: Page, event: int) -> None:
    """The rounds grid: its headings on one line each; on the phone it scrolls sideways."""
    desk.goto(f"{night.server}/director/events/{event}?view=rounds")
    grid = desk.locator("#progress")
    assert grid.locator("thead th").first.inner_text() == night.t("Round")
    headings = (
        grid.locator("thead th").all() if night.run.phone else [grid.locator("thead th").first]
    )
    for heading in headings:
        assert heading.evaluate(LINES_OF) <= 1, heading.inner_text()
    assert grid.locator("tbody th").first.evaluate(LINES_OF) == 1
    wrapper = desk.locator(".scroll:has(> #progress)")
    if night.run.phone:
        # Seven tables do not fit 375 px: the wrapper scrolls, the page does not.
        inner, outer = wrapper.evaluate("(box) => [box.scrollWidth, box.clientWidth]")
        assert inner > outer
        assert wrapper.evaluate("(box) => getComputedStyle(box).overflowX") == "auto"
    night.seen(desk, "rounds-grid")


def _seatings(store: Store, event: int, round_number: int) -> list[Seating]:
    movement = store.movement(event)
    assert movement is not None
    return [s for s in movement.schedule if s.round == round_number]


def _enter_on_the_phone(
    night: Evening, phone: Page, board: int, played: str, refused: bool = False
) -> None:
    """Enter ``played`` (``4 S N 10``) with the entry's button as the page names it."""
    support.enter_at_table(phone, board, played, night.t("Enter and show the score"), refused)


def _round_one_at_table_one(
    night: Evening, event: int, codes: dict[int, str]
) -> tuple[Page, Seating]:
    """Table 1's two phones: a mistyped entry, its confirmation twice, the next-table moves."""
    server, lang, t = night.server, night.run.lang, night.t
    seat = next(s for s in _seatings(night.store, event, 1) if s.table == 1)
    ew = "1EO" if lang == "es" else "1EW"
    phones = []
    for _ in range(2):
        phones.append(support.sign_in_at_table(night.page(), server, event, 1, codes[1].lower()))
    first, second = phones
    heading = t("Table %(table)s, round %(round)s", table=1, round=1)
    assert first.get_by_role("heading", name=heading).count() == 1
    night.seen(first, "tables-1-round")
    board = seat.boards[0]
    # Fourteen tricks: refused, and the form comes back as typed with the message beside it.
    _enter_on_the_phone(night, first, board, "4 S N 14", refused=True)
    assert first.locator(f"#board-{board} .error").count() == 1
    form = first.locator(f"#board-{board} form.entry").last
    assert form.locator("input[name=tricks]").input_value() == "14"
    assert form.locator("select[name=level]").input_value() == "4"
    night.seen(first, "tables-2-mistyped")
    _enter_on_the_phone(night, first, board, "4 S N 10")
    pending = support.flat(first.locator(f"#board-{board} .pending").inner_text())
    assert pending.startswith(t("Entered:"))
    assert "4♠ N 10" in pending
    assert "+420" in pending
    night.seen(first, "tables-3-entered", f"#board-{board} .pending")
    # The second phone shows the same entry; East-West confirm on the first.
    second.reload()
    support.confirm_at_table(first, board, ew.lower())  # and it shows confirmed
    support.confirm_at_table(second, board, ew, refused=True)  # confirmed already: it shows so
    said = support.flat(second.locator(f"#board-{board}").inner_text())
    assert t("board {board} is already confirmed: {entry}", board=board, entry="").strip() in said
    assert t("Confirmed:") in said
    night.seen(second, "tables-4-second-phone", f"#board-{board}")
    # The round's other board; then the phone says where everyone goes.
    other = seat.boards[1]
    assert second.locator("section.moves").count() == 0
    _enter_on_the_phone(night, first, other, "3 NT S 9")
    support.confirm_at_table(first, other, ew)
    moves = support.flat(first.locator("section.moves").inner_text())
    assert moves.startswith(t("When the round is called"))
    north_south = t("North-South")
    # Table 1 is where the absent pair would come next: pair 1 North-South sits out round 2.
    assert f"1NS: {t('sit out the next round')}" in moves
    assert t("stay at this table, %(place)s", place=north_south) not in moves
    east_west = t("East-West")
    assert f"{ew}: {t('to table %(table)s, %(place)s', table=2, place=east_west)}" in moves
    night.seen(first, "tables-5-next-table", "section.moves")
    second.close()
    return first, seat


def _other_tables(night: Evening, event: int, round_number: int, *, skip: set[int]) -> None:
    """The tables without a browser in this test enter and confirm through the same desk."""
    desk = TableDesk(night.store, SECRET)
    for seat in _seatings(night.store, event, round_number):
        if seat.table in skip:
            continue
        assert seat.ns is not None
        assert seat.ew is not None
        for board in seat.boards:
            contract, declarer, tricks = _result(seat.table, board)
            entered = _run(
                desk.enter(
                    event, seat.table, board, TypedEntry(contract, declarer, tricks, ns=seat.ns)
                )
            )
            _run(desk.confirm(event, seat.table, board, seat.ew, entered.entry.to_str()))


def _penalty_on_a_pair_yet_to_play(night: Evening, desk: Page, event: int) -> None:
    server, t = night.server, night.t
    desk.goto(f"{server}/director/events/{event}?view=rulings")
    support.fill_form(
        desk.locator("form[action$='/penalties']"),
        participant="7NS",
        kind="procedural",
        amount="1/10",
        unit="top",
        law="90B2",
        reason="llegada tarde",
    )
    night.click(desk, "form[action$='/penalties']", t("Give the penalty"))
    penalty = desk.locator(".penalty")
    assert penalty.count() == 1
    assert "7NS" in penalty.inner_text()
    assert t("Law %(law)s", law="90B2") in penalty.inner_text()
    # Noted, not an error: it comes off the pair's score once the pair has a result.
    note = t("Penalty %(penalty)s is not taken off the scores: %(reason)s", penalty=1, reason="")
    assert [text.startswith(note) for text in desk.locator(".problem").all_inner_texts()] == [True]
    night.seen(desk, "console-6-penalty", "#penalties")
    # Every view of the event still answers, and the ranking is made.
    desk.goto(f"{server}/director/events/{event}?view=ranking")
    assert desk.locator("#ranking").count() == 1
    assert desk.locator(".problem").all_inner_texts() == []
    desk.goto(f"{server}/director/events/{event}?view=rulings")
    desk.locator(".penalty summary").click()
    desk.locator(".penalty input[name=why]").last.fill("llegó a su hora")
    night.click(desk, ".penalty", t("Withdraw the penalty"))
    desk.goto(f"{server}/director/events/{event}?view=rulings")
    assert desk.locator(".penalty").count() == 0


def _assigned_score(night: Evening, desk: Page, event: int, seat: Seating) -> None:
    """A weighted score refused under the AEB (12C1c); then `4P= E` (`4S= E`) assigned."""
    server, lang, t = night.server, night.run.lang, night.t
    board = seat.boards[0]
    spades = "P" if lang == "es" else "S"
    desk.goto(f"{server}/director/events/{event}/result?board={board}&table={seat.table}")
    desk.fill("input[name=adjusted]", f"1/2 4{spades}= E; 1/2 4{spades}-1 E")
    night.click(desk, "#result-form", t("Enter"))
    refused = support.flat(desk.locator(".flash, .error").first.inner_text())
    assert "aeb" in refused.lower()
    assert ("ponderadas" if lang == "es" else "weighted") in refused
    assert not any(r.board == board and r.table == seat.table for r in night.store.results(event))
    desk.goto(f"{server}/director/events/{event}/result?board={board}&table={seat.table}")
    desk.fill("input[name=adjusted]", f"4{spades}= E")
    night.click(desk, "#result-form", t("Enter"))
    assert desk.locator(".flash").inner_text() == t(
        "Board {board} at table {table} entered.", board=board, table=seat.table
    )
    desk.goto(f"{server}/director/events/{event}?view=results")
    adjusted = "ajustado" if lang == "es" else "adjusted"
    assert f"{adjusted} 4♠= E" in desk.locator("#results").inner_text()
    night.seen(desk, "console-7-assigned-score", "#results tr:has-text('4♠= E')")


def _last_round_with_an_entry_waiting(night: Evening, desk: Page, event: int, phone: Page) -> None:
    """Table 1 enters a board but East-West do not confirm: closing the round lists it."""
    server, t = night.server, night.t
    last = TABLES
    seat = next(s for s in _seatings(night.store, event, last) if s.table == 1)
    _other_tables(night, event, last, skip={1})
    phone.goto(f"{server}/tables/{event}/1")
    for board in seat.boards:
        _enter_on_the_phone(night, phone, board, "4 H S 10")
    support.confirm_at_table(phone, seat.boards[0], seat.ew or "")
    waiting = seat.boards[1]
    _round(night, desk, event, last, "Close")
    closing = support.flat(desk.locator("#closing").inner_text())
    assert t(
        "Round %(round)s still has entries awaiting East-West's confirmation:", round=last
    ) in (closing)
    assert f"{t('Board %(board)s', board=waiting)}: 4♥ S 10" in closing
    night.seen(desk, "console-8-closing-with-an-entry-waiting", "#closing")
    desk.locator("#closing-entries").get_by_role("link", name=t("Enter it yourself")).click()
    desk.wait_for_load_state()
    assert "4♥ S 10" in desk.locator("#waiting-entry").inner_text()
    heart = "C" if night.run.lang == "es" else "H"
    desk.fill("input[name=contract]", f"4{heart}")
    desk.fill("input[name=declarer]", "S")
    desk.fill("input[name=tricks]", "10")
    night.click(desk, "#result-form", t("Enter"))
    assert desk.locator(".flash").inner_text() == t(
        "Board {board} at table {table} entered.", board=waiting, table=1
    )
    _round(night, desk, event, last, "Close")
    assert desk.locator("#closing").count() == 0
    assert t("closed") in desk.locator(f"#round-{last}").inner_text()
    phone.goto(f"{server}/tables/{event}/1")
    assert t("The last round of this table is closed: thank you for playing.") in (
        phone.locator("main").inner_text()
    )


def _correction(night: Evening, desk: Page, event: int, board: int) -> None:
    server, t = night.server, night.t
    desk.goto(f"{server}/director/events/{event}/result?board={board}&table=1")
    spades = "P" if night.run.lang == "es" else "S"
    desk.fill("input[name=contract]", f"4{spades}")
    desk.fill("input[name=declarer]", "N")
    desk.fill("input[name=tricks]", "11")
    desk.fill("input[name=reason]", "la planilla decía 11 bazas")
    night.click(desk, "#result-form", t("Correct"))
    assert desk.locator(".flash").inner_text() == t(
        "Board {board} at table {table} corrected.", board=board, table=1
    )
    desk.goto(f"{server}/director/events/{event}?view=audit")
    audit = desk.locator("#audit tbody tr").last.inner_text()
    assert "marta" in audit
    assert "la planilla decía 11 bazas" in audit
    assert "4♠ N 10" in audit
    assert "4♠ N 11" in audit
    night.seen(desk, "console-9-audit", "#audit tbody tr:last-child")


def _ruling(night: Evening, desk: Page, event: int, board: int, deal: Deal) -> None:
    """East leads out of turn against South's 1♠ (Law 54); declarer refuses it (54D)."""
    server, lang, t = night.server, night.run.lang, night.t
    desk.goto(f"{server}/director/events/{event}?view=rulings")
    desk.locator("#assistant-link").click()
    desk.wait_for_load_state()
    lead = next(iter(deal[Seat.EAST])).to_str(lang)
    # The auction from the board's dealer (Law 2): South opens 1♠, and three passes.
    seats = ("N", "E", "S", "O") if lang == "es" else ("N", "E", "S", "W")
    passed, spades = ("paso", "1P") if lang == "es" else ("Pass", "1S")
    turn = (board - 1) % 4
    calls = []
    while seats[turn] != "S":
        calls.append(f"{seats[turn]} {passed}")
        turn = (turn + 1) % 4
    calls.append(f"S {spades}")
    calls += [f"{seats[(turn + step) % 4]} {passed}" for step in (1, 2, 3)]
    steps = "\n".join([*calls, f"E {lead}"])
    start = desk.locator("#start")
    start.locator("select[name=event]").select_option(str(event))
    start.locator("input[name=board]").fill(str(board))
    assert start.locator("input[name=deal]").input_value() == ""
    start.locator("textarea[name=steps]").fill(steps)
    night.click(desk, "#start", t("Show what the Laws say"))
    # The one irregularity is the lead, on the board's real deal: East's own card.
    assert desk.locator("#decision h2").inner_text() == t("Law %(law)s", law="54")
    card = next(iter(deal[Seat.EAST])).to_str(lang, symbols=True)
    assert card in desk.locator("#decision .question").inner_text()
    assert "29" not in desk.locator("#state pre").inner_text()
    night.seen(desk, "console-10-ruling-assistant", "#decision")
    law = t("Law %(law)s", law="54D")
    option = desk.locator("#decision li").filter(has_text=f"({law})").first
    option.get_by_role("button", name=t("Choose")).click()
    desk.wait_for_load_state()
    save = desk.locator("#save")
    assert save.locator("input[name=law]").input_value() == "54D"
    save.locator("input[name=table_number]").fill("2")
    save.locator("textarea[name=text]").fill("salida fuera de turno: el declarante la rechaza")
    night.click(desk, "#save", t("Save the ruling"))
    assert desk.locator(".flash").inner_text() == t(
        "Ruling %(ruling)s saved to the board.", ruling=1
    )
    desk.goto(f"{server}/director/events/{event}?view=rulings")
    rulings = desk.locator("#ruling-list").inner_text()
    assert t("Law %(law)s", law="54D") in rulings
    assert "salida fuera de turno" in rulings


def _publish(night: Evening, desk: Page, event: int) -> None:
    desk.goto(f"{night.server}/director/events/{event}?view=ranking")
    night.click(desk, "main", night.t("Publish the results"))
    official = night.t(
        "Official results: a scoring error can be corrected until {time} on {day} (Law 79C1)."
    )
    start, end = official.split("{time}")[0], official.split("{day}")[-1]
    status = desk.locator("#status").inner_text().strip()
    appeal = desk.locator("#appeal-period").inner_text().strip()  # Law 92B, after the state
    assert status.startswith(start)
    assert status.removesuffix(appeal).strip().endswith(end)
    appealable = night.t("A ruling can be appealed until {time} on {day} (Law 92B).")
    assert appeal.startswith(appealable.split("{time}")[0])
    assert appeal.endswith(appealable.split("{day}")[-1])
    night.seen(desk, "console-11-published")


def _public_pages(night: Evening, event: int, ruled: int) -> None:
    server, t = night.server, night.t
    reader = night.page()
    reader.goto(f"{server}/results/{event}")
    assert reader.get_by_role("heading", name=t("Ranking")).count() >= 1
    # A Mitchell ranks North-South and East-West apart, each in its own table.
    written = "EO" if night.run.lang == "es" else "EW"
    expected = [
        (s.rank_label, s.participant.replace("EW", written)) for s in night.store.ranking(event)
    ]
    assert ABSENT.replace("EW", written) not in [participant for _, participant in expected]
    assert len(expected) == 2 * TABLES - 1
    shown = [
        (row.locator("td").nth(0).inner_text(), row.locator("td").nth(1).inner_text())
        for row in reader.locator("table.results tbody tr").all()
    ]
    assert sorted(shown) == sorted(expected)
    assert shown[0][0] == "1"
    night.seen(reader, "results-1-ranking")
    reader.goto(f"{server}/results/{event}/boards/1")
    lines = reader.locator("table.results tbody tr")
    assert lines.count() == TABLES - 1  # the sit-out table has no line
    scores = [int(line.locator("td").nth(4).inner_text()) for line in lines.all()]
    assert scores == sorted(scores, reverse=True)
    assert reader.locator("table.results .percent").first.inner_text().endswith("%")
    night.seen(reader, "results-2-traveller")
    reader.goto(f"{server}/results/{event}/boards/{ruled}")
    assert "salida fuera de turno" in reader.locator("#board-rulings").inner_text()
    reader.goto(f"{server}/results/{event}/pairs/1NS")
    # Pair 1 North-South sits out the round it would meet the absent pair.
    assert reader.locator("table.results tbody tr").count() == (TABLES - 1) * BOARDS_PER_ROUND
    night.seen(reader, "results-3-score-card")
    reader.goto(f"{server}/results/{event}/hands")
    # The analysis runs in the background since the upload; the page reloads itself.
    reader.wait_for_selector(".hand-record", timeout=120_000)
    assert reader.locator("#back").count() == 1
    night.seen(reader, "results-4-hand-records")


def test_a_club_night_from_an_empty_database_to_the_published_results(
    evening: Evening, tmp_path: Path
) -> None:
    night, store = evening, evening.store
    desk = night.page()
    event = _create_director_and_event(night, desk)
    codes = _table_cards(night, desk, event)
    dealt = _upload_deals(night, desk, event, tmp_path)

    _round(night, desk, event, 1, "Open")
    _rounds_grid(night, desk, event)
    phone, first = _round_one_at_table_one(night, event, codes)
    _other_tables(night, event, 1, skip={1})
    _penalty_on_a_pair_yet_to_play(night, desk, event)
    _round(night, desk, event, 1, "Close")
    phone.reload()
    waiting = support.flat(phone.locator("main").inner_text())
    # Table 1 sits out round 2 (pair 7 East-West is absent): its next round is 3.
    assert night.t("You sit out round %(round)s.", round=2) in waiting
    assert (
        night.t(
            "Waiting for round %(round)s: this page shows its boards as soon as the director opens it.",
            round=3,
        )
        in waiting
    )
    assert night.t("When the round is called") in waiting
    night.seen(phone, "tables-6-waiting")

    assigned = next(s for s in _seatings(store, event, 4) if s.table > 1)
    tables = TableDesk(store, SECRET)
    for number in range(2, TABLES):
        _round(night, desk, event, number, "Open")
        if number == 2:
            # Round 2 is open and table 1 has no opponents in it: its phone says it sits out.
            phone.reload()
            sitting_out = support.flat(phone.locator("main").inner_text())
            assert night.t("Round %(round)s: you sit out this round.", round=2) in sitting_out
            assert phone.locator("form.entry").count() == 0
            night.seen(phone, "tables-7-sitting-out")
        here = {assigned.table} if number == assigned.round else set()
        _other_tables(night, event, number, skip=here)
        if here:
            _assigned_score(night, desk, event, assigned)
            board = assigned.boards[1]
            entry = TypedEntry("2H", "E", "8", ns=assigned.ns or "")
            entered = _run(tables.enter(event, assigned.table, board, entry))
            _run(
                tables.confirm(
                    event, assigned.table, board, assigned.ew or "", entered.entry.to_str()
                )
            )
        _round(night, desk, event, number, "Close")
    _round(night, desk, event, TABLES, "Open")
    _last_round_with_an_entry_waiting(night, desk, event, phone)

    desk.goto(f"{night.server}/director/events/{event}?view=rounds")
    # Every board played is in; the table sitting out each round has no boards to miss.
    assert desk.locator("#progress a.missing").all_inner_texts() == []
    assert desk.locator("#progress a.done").count() == (TABLES - 1) * TABLES * BOARDS_PER_ROUND
    _correction(night, desk, event, first.boards[0])
    ruled = first.boards[1]
    _ruling(night, desk, event, ruled, dealt[ruled])
    _publish(night, desk, event)
    _public_pages(night, event, ruled)

    results = store.results(event)
    assert len(results) == (TABLES - 1) * TABLES * BOARDS_PER_ROUND
    assert store.penalties(event) == []
    assert [ruling.law for _, ruling in store.rulings(event)] == ["54D"]
