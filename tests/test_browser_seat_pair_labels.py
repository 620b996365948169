"""A side's name never breaks at its hyphen on a 390x844 phone, in Spanish.

On a table's round page, «Puntuación de Norte-Sur» (beside an entry waiting and one
confirmed), «Norte-Sur: pareja 1. Este-Oeste: pareja 4.», «Confirma Este-Oeste: …» and
the moves at the end of the round («en Norte-Sur») keep each side's name on one line:
its box has one line box (one client rect), where a phone would break it after
«Norte-» (``.nowrap`` in the stylesheet; ``templates/sides.html``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

import browser_support as support
from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web.security import table_code

pytest_plugins = ("browser_support",)  # the `browser` fixture: a headless Chromium
pytestmark = pytest.mark.browser

SECRET = "s" * 64
PHONE: ViewportSize = {"width": 390, "height": 844}

LINES = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  // How many lines the element's text takes: one client rect per line box of an inline.
  const style = getComputedStyle(element);
  return [element.textContent.replace(/\\s+/g, " ").trim(), element.getClientRects().length,
          style.whiteSpace];
})"""

NARROW = """([text, kept]) => {
  // The label alone in a box narrower than it: it wraps unless it is kept on one line.
  const box = document.createElement("div");
  box.style.width = "4em";
  const label = document.createElement("span");
  if (kept) label.className = "nowrap";
  label.textContent = text;
  box.append(label);
  document.body.append(box);
  const lines = label.getClientRects().length;
  box.remove();
  return lines;
}"""


@pytest.fixture
def table_one(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    """Table 1 of a 3-table Mitchell on a Spanish 390x844 phone, round 1 open."""
    store: Store = support.club_store(tmp_path_factory.mktemp("sides"))
    pairs = [Participant(f"{number}{side}") for number in range(1, 4) for side in ("NS", "EW")]
    event = store.create_event(EventSpec("Martes", boards=6), pairs, mitchell(3, 2))
    store.open_round(event, 1)
    with support.serve_store(store, secret=SECRET) as server:
        phone = support.phone_page(browser, "es-ES", PHONE)
        support.sign_in_at_table(phone, server, event, 1, table_code(SECRET, event, 1), "es")
        yield phone
        phone.context.close()


def lines_of(phone: Page, selector: str) -> list[tuple[str, int, str]]:
    """Each element of ``selector``: its text, how many lines it takes, its white-space."""
    found = [
        (str(text), int(lines), str(space))
        for text, lines, space in phone.evaluate(LINES, selector)
    ]
    assert found, f"nothing matches {selector}"
    return found


def test_the_north_south_score_label_keeps_one_line_on_a_390px_phone(table_one: Page) -> None:
    phone = table_one
    first, second = (
        int(section.get_attribute("id").removeprefix("board-"))  # type: ignore[union-attr]
        for section in phone.locator("section.board").all()
    )
    support.enter_at_table(phone, first, "4 S N 10")
    support.confirm_at_table(phone, first)
    support.enter_at_table(phone, second, "3 NT S 9")
    labels = lines_of(phone, ".side-score")
    assert labels == [
        ("Puntuación de Norte-Sur", 1, "nowrap"),
        ("Puntuación de Norte-Sur", 1, "nowrap"),
    ]
    # The sides named in the seating and in East-West's confirmation: one line each.
    sides = lines_of(phone, "main p .nowrap:not(.side-score), main label .nowrap")
    assert {text for text, _, _ in sides} == {"Norte-Sur", "Este-Oeste"}
    assert [lines for _, lines, _ in sides] == [1] * len(sides)
    # The check can fail: in a box narrower than the label it wraps, unless kept whole.
    assert phone.evaluate(NARROW, ["Puntuación de Norte-Sur", False]) > 1
    assert phone.evaluate(NARROW, ["Puntuación de Norte-Sur", True]) == 1


def test_the_sides_in_the_moves_keep_one_line_on_a_390px_phone(table_one: Page) -> None:
    phone = table_one
    for section in phone.locator("section.board").all():
        board = int(section.get_attribute("id").removeprefix("board-"))  # type: ignore[union-attr]
        support.enter_at_table(phone, board, "4 S N 10")
        support.confirm_at_table(phone, board)
    places = lines_of(phone, "section.moves .nowrap")
    assert {text for text, _, _ in places} <= {"Norte-Sur", "Este-Oeste"}
    assert [lines for _, lines, _ in places] == [1] * len(places)
    support.assert_fits(phone, "the round's page", PHONE["width"])
