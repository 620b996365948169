"""A judgement ruling end to end in a real headless Chromium (issue 11).

Ejemplo 2 of the WBF commentary on Law 12 (`004_*`, "Error grave") at a club: on board
2 (all vulnerable, Law 2) South asked with a break in tempo before 5C and North bid 6C;
East's serious error let 6C make, +1370. The session is published. The director opens
an unauthorised-information case on the desk, keeps it open, polls three players (each
on a phone, one in Spanish), decides with the poll's answer to the logical-alternative
question, and records the ruling: N/S get the likely 5C= (+600, Law 12C1a); E/W keep
their -1370 (12C1b). The public ranking changes with it. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.event import EventSpec

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

PASSWORD = "a long club password"
POLL = (
    ("Luis Pérez", "Pass", "6C", "en-GB"),
    ("Eva Martín", "6T", "paso, 6SA", "es-ES"),  # Spanish notation: six clubs (tréboles)
    ("Juan Gil", "Pass", "", "en-GB"),
)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Store, int]]:
    store = support.club_store(tmp_path_factory.mktemp("judgement"), "marta", PASSWORD)
    # Board 2, all vulnerable: 6C= 120 + 500 + 750 = +1370 (pairs 1-2), 5C= 100 + 500 =
    # +600 (3-4), 6C-1 = -100 (5-6). Board 1 (none vulnerable): 4S= +420 at every table.
    event = support.three_tables_of_pairs(
        store,
        EventSpec("Thursday pairs", boards=2, profile="wbf"),
        (("6C N 12", "1", "2"), ("5C N 11", "3", "4"), ("6C N 11", "5", "6")),
    )
    store.publish(event, by="marta")
    with support.serve_store(store) as url:
        yield url, store, event


def shot(page: Page, name: str) -> None:
    support.save_screenshot(page, f"judgement-{name}")


def public_ranking(page: Page, server: str, event: int) -> list[tuple[str, str, str]]:
    page.goto(f"{server}/results/{event}")
    return [
        tuple(cell.inner_text() for cell in row.locator("td").all()[:3])  # type: ignore[misc]
        for row in page.locator("table.results tbody tr").all()
    ]


def test_law_16b1_director_opens_a_case_polls_three_players_decides_and_the_ranking_changes(
    club: tuple[str, Store, int], browser: Browser
) -> None:
    server, store, event = club
    reader = browser.new_context(locale="en-GB").new_page()
    before = public_ranking(reader, server, event)
    assert [participant for _, participant, _ in before][:1] == ["1"]  # top on board 2

    # The director signs in and opens an unauthorised-information case at table 1.
    desk_context = browser.new_context(locale="en-GB")
    desk = desk_context.new_page()
    support.sign_in_on_the_way(desk, f"{server}/director/events/{event}", "marta", PASSWORD)
    desk.locator("#judgement-link").click()
    desk.wait_for_url(f"**/director/cases?event={event}")
    desk.locator("#new-ui-case").click()
    desk.wait_for_url("**/director/cases/new*")
    form = desk.locator("#case-form")
    support.fill_form(
        form,
        board="2",
        table="1",
        offenders="NS",
        facts="16B1: South asked with a break in tempo before 5C\n16B2: East reserved the right",
    )
    form.locator("li[data-step=irregularity] input[value=yes]").check()
    form.locator("input[name=note_irregularity]").fill("South's slow 5C, agreed by N/S")
    form.locator("li[data-step=suggested] input[value=yes]").check()
    form.locator("input[name=note_suggested]").fill("the slowness suggests bidding on")
    desk.get_by_role("button", name="Keep the case open").click()
    desk.wait_for_url("**/director/cases/open/*")
    case_page = desk.url
    assert desk.locator("textarea[name=facts]").input_value().startswith("16B1: South asked")
    shot(desk, "1-case-opened")

    # The director opens a poll of the board and sends its link to three players.
    desk.goto(f"{server}/director/polls?event={event}")
    support.fill_form(
        desk.locator("#new-poll"),
        board="2",
        seat="N",
        taken="6C",
        alternatives="Pass",
        hand="S A2 H KQ3 D A9876 C KJ4",
        auction="1D (1S) 2C (4S) 5C (Pass) ?",
        question="What do you call?",
    )
    desk.get_by_role("button", name="Open the poll").click()
    desk.wait_for_url("**/director/polls/*")
    link = desk.locator("#player-link").get_attribute("href")
    assert link is not None
    for name, chosen, considered, locale in POLL:
        phone = support.phone_page(browser, locale, {"width": 390, "height": 844})
        phone.goto(link)
        assert "1D (1S) 2C (4S) 5C (Pass) ?" in phone.locator("pre.problem").inner_text()
        assert "Luis" not in phone.content()  # no player sees another's name
        phone.fill("input[name=name]", name)
        phone.fill("input[name=chosen]", chosen)
        phone.fill("input[name=considered]", considered)
        phone.locator("#poll-answer button[type=submit]").click()
        phone.wait_for_load_state()
        assert phone.locator(".done").count() == 1
        shot(phone, f"2-poll-answered-{name.split()[0].lower()}")
        phone.context.close()
    desk.reload()
    assert desk.locator("#respondents li").count() == 3
    assert desk.locator("tr[data-action=Pass] .chosen").inner_text() == "2"
    assert desk.locator("tr[data-action='6C'] .chosen").inner_text() == "1"  # Eva's 6T
    shot(desk, "3-poll-shares")

    # Back to the case: the poll answers 16B1b; the director decides and previews.
    desk.goto(case_page)
    form = desk.locator("#case-form")
    form.locator("select[name=poll]").select_option(index=1)
    form.locator("li[data-step=alternatives] input[value=poll]").check()
    form.locator("li[data-step=chosen] input[value=yes]").check()
    form.locator("li[data-step=damage] input[value=yes]").check()
    form.locator("input[name=likely]").fill("5C= N")
    form.locator("input[name=after]").fill("6C-1 N")
    desk.get_by_role("button", name="Preview the ruling").click()
    desk.wait_for_load_state()
    preview = desk.locator("#preview").inner_text()
    assert "logical alternatives: Pass" in preview
    assert "North-South: +600; East-West: -1370" in preview
    shot(desk, "4-preview")
    assert store.rulings(event) == []  # the preview stores nothing

    desk.get_by_role("button", name="Record the ruling").click()
    desk.wait_for_url("**/director/cases/*?event=*")
    report = desk.locator("#report").inner_text()
    assert "Laws 16B1, 12C1a, 12C1b" in report
    assert "(Law 83)" in report
    shot(desk, "5-ruling-report")
    [stored] = store.stored_cases(event)
    assert stored.case.table == 1
    assert stored.case.poll is not None
    assert len(stored.case.poll.answers) == 3
    desk.goto(f"{server}/director/cases?event={event}")
    assert desk.locator("#open-cases").count() == 0
    assert desk.locator("#recorded li").count() == 1
    desk_context.close()

    # The published ranking follows the assigned score: pair 1 loses its top on board 2
    # (now +600, level with pair 3); E/W pair 2 keeps its -1370 (a split score).
    after = public_ranking(reader, server, event)
    expected = [(s.rank_label, s.participant) for s in store.ranking(event)]
    assert [(place, participant) for place, participant, _ in after] == expected
    assert after != before
    scores_before = {participant: score for _, participant, score in before}
    scores_after = {participant: score for _, participant, score in after}
    assert scores_after["1"] != scores_before["1"]
    assert scores_after["1"] == scores_after["3"]
    assert scores_after["2"] == scores_before["2"]
    assert "board 2, table 1" in reader.locator("#adjustments").inner_text()
    shot(reader, "6-ranking-after")

    # The ruling report goes out with the results: on the board's traveller.
    reader.locator("#adjustments a").first.click()
    reader.wait_for_url(f"**/results/{event}/boards/2#rulings")
    published = reader.locator(".ruling-report").inner_text()
    assert "North-South: +600; East-West: -1370" in published
    assert "(Law 83)" in published
    assert "Luis" not in reader.content()  # the poll shows counts, never names
    shot(reader, "7-ruling-on-the-traveller")
