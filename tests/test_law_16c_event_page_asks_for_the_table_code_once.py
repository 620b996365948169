"""Before the session is over the event's page asks once for the table card's code (Law 16C).

Until then a pair's score card opens only to the table where it sits (docs/web-tables.md).
The event's page says so once, with the code's field, rather than listing every pair's
card for each to refuse; the code typed there lists the cards of the pairs at that
table, and the device remembers it. A director sees every card; once the session is
over (or the results are published) every reader does, and the page asks for no code.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store and the signed-in director

NOTE = "Until the session is over, your score card opens with the code on your table card"


@pytest.fixture
def playing(store: Store) -> int:
    """A 3-table Mitchell playing its round 1."""
    pairs = [Participant(f"{number}{side}") for number in range(1, 4) for side in ("NS", "EW")]
    event = store.create_event(EventSpec("Martes", boards=6), pairs, mitchell(3, 2))
    store.open_round(event, 1)
    return event


def cards(page: str) -> list[str]:
    """The score cards the page lists (the pairs' numbers of their links)."""
    return re.findall(r'<li><a href="/results/[0-9]+/pairs/([^"]+)">', page)


def test_law_16c_event_page_asks_once_for_the_code_and_lists_the_tables_cards(
    store: Store, playing: int
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{playing}?lang=en").text
        assert page.count(NOTE) == 1
        assert 'id="table-code"' in page
        assert cards(page) == []  # no card to tap and be refused
        typed = client.get(f"/results/{playing}?lang=en&code={table_code(SECRET, playing, 2)}")
        assert typed.status_code == 200
        assert cards(typed.text) == ["2NS", "2EW"]
        # The device remembers the code: the page lists the table's cards, and they open.
        again = client.get(f"/results/{playing}?lang=en").text
        assert cards(again) == ["2NS", "2EW"]
        assert client.get(f"/results/{playing}/pairs/2EW?lang=en").status_code == 200
        wrong = client.get(f"/results/{playing}?lang=en&code=WRONG1")
    assert wrong.status_code == 401
    assert 'id="table-code"' in wrong.text


def test_law_16c_director_and_a_session_over_list_every_card_without_asking(
    store: Store, playing: int, director: tuple[TestClient, str]
) -> None:
    client, _ = director
    everyone = ["1NS", "1EW", "2NS", "2EW", "3NS", "3EW"]
    page = client.get(f"/results/{playing}?lang=en").text
    assert cards(page) == everyone
    assert NOTE not in page
    store.publish(playing)
    with TestClient(create_app(store, secret=SECRET)) as reader:
        published = reader.get(f"/results/{playing}?lang=en").text
    assert cards(published) == everyone
    assert NOTE not in published
    assert 'id="table-code"' not in published
