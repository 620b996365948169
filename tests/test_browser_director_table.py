"""The director's table on a phone (issue 27): real incidents tapped in Chromium at 375x740.

Each test opens a board, taps its incident from a table log written by hand
(``tests/scenarios``, ``docs/examples``) one event at a time, as the director would,
and ends in the state ``arbitro table replay`` gives for the same log. The irregularities
that are not a card or a call are entered through their short menus, each with its Law.

With ``ARBITRO_SCREENSHOTS=dir`` set, the tests save the screenshots docs/web-tables.md
uses into ``dir``; otherwise they write no such file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

import browser_support as support
from arbitro.i18n import gettext, use_language
from arbitro.table import IllegalActionError, event_from_json
from arbitro.table.log import loads
from arbitro.table.report import report_json
from arbitro.web.claims import claim_verdict
from arbitro.web.decision_values import DecisionValueError, option_value

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "the director's phone"
ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with support.serve_store(
        support.club_store(tmp_path_factory.mktemp("table"), "marta", PASSWORD)
    ) as url:
        yield url


def shot(phone: Page, name: str, focus: str = "") -> None:
    """With ARBITRO_SCREENSHOTS=dir, save the phone's screen (``focus`` in sight) for the docs."""
    lang = "es" if phone.evaluate("document.documentElement.lang").startswith("es") else "en"
    support.save_docs_screenshot(phone, f"director-table-{name}-{lang}", focus)


def fields_of(data: object, prefix: str = "") -> dict[str, str]:
    """An event's fields as its menu form names them: the first play's seat is ``plays.0.seat``."""
    pairs: list[tuple[str, object]]
    if isinstance(data, dict):
        pairs = [(str(key), value) for key, value in data.items()]
    elif isinstance(data, list):
        pairs = [(str(index), value) for index, value in enumerate(data)]
    else:
        return {prefix: str(data)}
    found: dict[str, str] = {}
    for key, value in pairs:
        found.update(fields_of(value, f"{prefix}.{key}" if prefix else key))
    return found


def open_menu(phone: Page, kind: str) -> Locator:
    """Open the short menu of ``kind`` events under "Other irregularities"; its form."""
    more = phone.locator("#dt-more")
    if more.get_attribute("open") is None:
        more.locator("> summary").click()
    item = phone.locator(f"#dt-more details.dt-item:has(form[data-event={kind}])")
    if item.get_attribute("open") is None:
        item.locator("> summary").click()
    return item.locator(f"form[data-event={kind}]")


def lines_of(text: str) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def open_board(browser: Browser, server: str, locale: str, board: dict[str, Any]) -> Page:
    """Sign in on a phone and open the board (a bare board and its deal), started afresh."""
    phone = support.phone_page(browser, locale)
    support.sign_in_at_desk(phone, server, "marta", PASSWORD)
    phone.goto(f"{server}/director/table?board={board['board']}")
    if phone.locator("form.dt-restart").count():  # a board left by an earlier test
        phone.locator("form.dt-restart button").click()
        phone.wait_for_load_state()
    phone.fill("#dt-open input[name=board]", str(board["board"]))
    phone.fill("#dt-open input[name=deal]", board["deal"])
    phone.locator("#dt-open button[type=submit]").click()
    phone.wait_for_selector("#director-table")
    return phone


def logged(phone: Page) -> int:
    """How many lines the table log shown on the page has."""
    return len(phone.locator("#dt-log").text_content().splitlines())  # type: ignore[union-attr]


def wait_for_lines(phone: Page, count: int) -> None:
    phone.wait_for_function(
        "n => document.getElementById('dt-log').textContent.trim().split('\\n').length === n",
        arg=count,
    )


def tap(phone: Page, event: dict[str, Any]) -> None:
    """Tap one event of the log on the drawn table, as the director would; wait for the redraw."""
    before = logged(phone)
    kind = event["event"]
    if kind == "call" or (kind == "change" and "reason" not in event):
        if kind == "change":
            phone.locator("#dt-change-mode").check()
        phone.locator(f"#dt-box [data-who={event['seat']}]").click()
        phone.locator(f"#dt-box [data-call='{event['call']}']").click()
    elif kind == "play":
        phone.locator(f"#hand-{event['seat']} [data-card={event['card']}]").click()
    elif kind == "face_lead":
        phone.locator("#dt-face").click()
    elif kind == "decision":
        buttons = phone.locator("#dt-decision button[data-tap]")
        chosen = [
            button
            for button in buttons.all()
            if json.loads(button.get_attribute("data-tap") or "{}") == event
        ]
        assert chosen, f"no button for {event} among the options shown"
        chosen[0].click()
    else:  # the irregularities that are not a card or a call: their short menus
        form = open_menu(phone, kind)
        for name, value in fields_of({k: v for k, v in event.items() if k != "event"}).items():
            field = form.locator(f"[name='{name}']")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        form.locator("button[type=submit]").click()
    wait_for_lines(phone, before + 1)


def tap_incident(browser: Browser, server: str, locale: str, path: Path) -> tuple[Page, str]:
    """Open the incident's board and tap all its events; the page and the log written by hand."""
    written = path.read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, locale, board)
    for event in events:
        tap(phone, event)
    return phone, written


def assert_same_as_replay(phone: Page, server: str, written: str) -> None:
    """The page's log equals the log written by hand, as events, and replays to its state."""
    board = lines_of(written)[0]["board"]
    downloaded = phone.request.get(f"{server}/director/table/log?board={board}").text()
    assert downloaded == phone.locator("#dt-log").text_content()
    assert [event_from_json(line) for line in lines_of(downloaded)] == [
        event_from_json(line) for line in lines_of(written)
    ]
    assert report_json(loads(downloaded)) == report_json(loads(written))
    support.assert_fits(phone, "the director's table on a 375px phone", in_boxes=True)


@pytest.mark.parametrize(
    ("scenario", "locale"),
    [
        ("law_54b_declarer_accepts_and_plays_second", "en-GB"),
        ("law_54a_declarer_spreads_and_becomes_dummy", "es-ES"),
        ("law_54d_refused_lead_becomes_major_penalty_card", "en-GB"),
    ],
)
def test_director_table_law_54_opening_lead_out_of_turn_each_of_declarers_options(
    browser: Browser, server: str, scenario: str, locale: str
) -> None:
    path = SCENARIOS / f"{scenario}.jsonl"
    written = path.read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, locale, board)
    lead = next(i for i, e in enumerate(events) if e["event"] == "play")
    for event in events[: lead + 1]:
        tap(phone, event)
    decision = phone.locator("#dt-decision")
    assert decision.get_attribute("data-law") == "54"
    assert decision.get_attribute("data-by") == "N"
    shown = {li.get_attribute("data-choice") for li in decision.locator("li").all()}
    assert {"accept", "spread", "refuse"} <= shown
    assert "54" in decision.locator("li[data-choice=accept]").inner_text()
    support.save_screenshot(phone, f"director-table-{scenario}")
    shot(phone, scenario.replace("_", "-"), "#dt-decision")
    for event in events[lead + 1 :]:
        tap(phone, event)
    assert_same_as_replay(phone, server, written)


def test_director_table_law_27b2_insufficient_bid_corrected_lead_restriction_in_spanish(
    browser: Browser, server: str
) -> None:
    phone, written = tap_incident(browser, server, "es-ES", EXAMPLES / "board-27b2.jsonl")
    assert phone.locator("h1").inner_text() == "La mesa del árbitro"
    restriction = phone.locator("#dt-restrictions li").first.inner_text()
    assert "26A2" in restriction
    table = loads(written)
    assert len(table.restrictions) == phone.locator("#dt-restrictions li").count()
    support.save_screenshot(phone, "director-table-law-27b2")
    shot(phone, "law-27b2", "#dt-restrictions")
    phone.locator("#dt-view").select_option("W")  # what West, on lead, could see
    hidden = {
        seat
        for seat in "NESW"
        if "dt-hidden" in (phone.locator(f"#hand-{seat}").get_attribute("class") or "")
    }
    assert hidden == {"N", "E", "S"}  # dummy is not faced before the opening lead
    phone.locator("#dt-view").select_option("")
    assert_same_as_replay(phone, server, written)


def test_director_table_law_64a_revoke_established_tricks_transferred(
    browser: Browser, server: str
) -> None:
    path = SCENARIOS / "law_64a1_two_tricks_transferred.jsonl"
    phone, written = tap_incident(browser, server, "en-GB", path)
    table = loads(written)
    assert table.transfers
    assert table.score() is not None
    assert str(table.score()) in phone.locator("#dt-result").inner_text()
    assert_same_as_replay(phone, server, written)


def test_director_table_law_70_claim_disputed_then_checked(browser: Browser, server: str) -> None:
    written = (EXAMPLES / "claim-disputed.jsonl").read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, "en-GB", board)
    claim = next(i for i, e in enumerate(events) if e["event"] == "claim")
    for event in events[: claim + 2]:  # the claim, and West disputes it
        tap(phone, event)
    assert phone.locator("#dt-decision").get_attribute("data-by") == "director"
    support.save_screenshot(phone, "director-table-law-70")
    shot(phone, "law-70", "#dt-decision")
    for event in events[claim + 2 :]:
        tap(phone, event)
    assert_same_as_replay(phone, server, written)
    phone.locator("#dt-claim-check button").click()
    phone.wait_for_url("**/director/rulings/claim")
    verdict = claim_verdict(written, "", "", double_dummy=False)  # the log's claim
    award = phone.locator("#award").inner_text()
    assert f"{verdict.check.award} " in award
    assert f"(Law {verdict.check.law})" in award


def test_director_table_law_25a_change_of_call(browser: Browser, server: str) -> None:
    path = SCENARIOS / "law_25a_unintended_call_replaced.jsonl"
    phone, written = tap_incident(browser, server, "en-GB", path)
    assert phone.locator("#dt-auction .dt-withdrawn").count() >= 1
    assert_same_as_replay(phone, server, written)


def test_director_table_undo_after_a_mistaken_tap(browser: Browser, server: str) -> None:
    path = SCENARIOS / "law_25a_unintended_call_replaced.jsonl"
    written = path.read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, "es-ES", board)
    tap(phone, events[0])
    tap(phone, {"event": "call", "seat": "S", "call": "7NT"})  # the wrong seat's card tapped
    assert phone.locator("#dt-decision").count() == 1  # a call out of turn, the engine says
    phone.locator("#dt-undo").click()
    wait_for_lines(phone, 2)
    assert phone.locator("#dt-decision").count() == 0
    phone.reload()
    assert logged(phone) == 2  # the reload lost nothing and kept the undo
    phone.locator("#hand-W [data-card=S3]").click()  # a card during the auction: refused
    phone.wait_for_selector("#dt-error:not([hidden])")
    with pytest.raises(IllegalActionError) as refused:
        loads(written).play("W", "S3")
    with use_language("es"):
        assert phone.locator("#dt-error").inner_text() == str(refused.value)
    assert logged(phone) == 2
    for event in events[1:]:
        tap(phone, event)
    assert_same_as_replay(phone, server, written)


@pytest.mark.parametrize(
    ("scenario", "locale", "kind"),
    [
        ("law_41b_review_and_questions", "es-ES", "question"),
        ("law_20f_alert_and_explanation", "en-GB", "explanation"),
        ("law_21b1_change_in_clarification_period", "en-GB", "change"),
        ("law_33_simultaneous_calls", "es-ES", "simultaneous"),
        ("law_58a_simultaneous_lead_and_play", "en-GB", "simultaneous_plays"),
        ("law_67a1_missing_card_supplied", "es-ES", "defect_noticed"),
        ("law_43a2_dummy_forfeits_then_warns", "en-GB", "dummy"),
    ],
)
def test_director_table_law_menus_tap_the_incident_as_written(
    browser: Browser, server: str, scenario: str, locale: str, kind: str
) -> None:
    """Each irregularity that is not a card or a call is tapped through its short menu."""
    path = SCENARIOS / f"{scenario}.jsonl"
    written = path.read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, locale, board)
    last = max(i for i, e in enumerate(events) if e["event"] == kind)
    for event in events[: last + 1]:
        tap(phone, event)
    open_menu(phone, kind)
    support.assert_fits(phone, f"the open {kind} menu on a 375px phone", in_boxes=True)
    shot(phone, scenario.replace("_", "-"), f"#dt-more form[data-event={kind}]")
    for event in events[last + 1 :]:
        tap(phone, event)
    assert_same_as_replay(phone, server, written)


def test_director_table_law_64_revoke_on_the_trick_chosen(browser: Browser, server: str) -> None:
    """East revoked on trick 2: the director picks the trick among those played (Laws 61-64)."""
    hand_written = (SCENARIOS / "law_64a1_two_tricks_transferred.jsonl").read_text()
    before, revoke = hand_written.rstrip("\n").rsplit("\n", 1)
    assert json.loads(revoke) == {"event": "revoke", "seat": "E"}
    written = before + '\n{"event": "revoke", "seat": "E", "trick": 2}\n'
    board, *events = lines_of(written)
    phone = open_board(browser, server, "es-ES", board)
    for event in events[:-1]:
        tap(phone, event)
    form = open_menu(phone, "revoke")
    offered = form.locator("select[name=trick] option").all_inner_texts()
    assert offered[1:] == [str(n) for n in range(1, 14)]
    form.locator("select[name=seat]").select_option("E")
    form.locator("select[name=trick]").select_option("2")
    shot(phone, "law-64-revoke-trick", "#dt-more form[data-event=revoke]")
    form.locator("button[type=submit]").click()
    wait_for_lines(phone, len(events) + 1)
    assert_same_as_replay(phone, server, written)
    assert loads(written).transfers == loads(hand_written).transfers


def test_director_table_law_29c_a_spanish_director_types_the_suits_shown(
    browser: Browser, server: str
) -> None:
    """West's 2NT out of rotation is refused; the director types the suits it showed (29C).

    In Spanish notation: ``S`` is no suit (refused, naming the option, the value kept as
    typed), ``D, T`` are diamonds and clubs (*tréboles*), logged in English notation.
    """
    written = (SCENARIOS / "law_29c_artificial_suits_shown.jsonl").read_text(encoding="utf-8")
    board, *events = lines_of(written)
    phone = open_board(browser, server, "es-ES", board)
    for event in events[:2]:
        tap(phone, event)
    decision = phone.locator("#dt-decision")
    assert decision.get_attribute("data-by") == "director"
    with use_language("es"):
        assert decision.locator(".decider").inner_text() == gettext("the director")
        hint = gettext("suits ({examples})").format(examples="P, C, D, T")
    artificial = decision.locator("li[data-choice=artificial] form.dt-needs")
    suits = artificial.locator("input[name=value]")
    assert suits.get_attribute("placeholder") == hint
    assert suits.get_attribute("aria-label") == hint
    before = logged(phone)
    suits.fill("S")  # an English habit: no suit in Spanish notation
    artificial.locator("button[type=submit]").click()
    phone.wait_for_selector("#dt-error:not([hidden])")
    asked = loads("".join(json.dumps(line) + "\n" for line in [board, *events[:2]])).pending
    option = asked.option("artificial") if asked is not None else None
    assert option is not None
    with pytest.raises(DecisionValueError) as refused:
        option_value(option, "S", "es")
    with use_language("es"):
        assert phone.locator("#dt-error").inner_text() == str(refused.value)
    assert suits.input_value() == "S"  # as typed
    assert logged(phone) == before
    suits.fill("D, T")  # diamantes, tréboles
    artificial.locator("button[type=submit]").click()
    wait_for_lines(phone, before + 1)
    assert phone.locator("#dt-error").is_hidden()
    for event in events[3:]:
        tap(phone, event)
    assert_same_as_replay(phone, server, written)
