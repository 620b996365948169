"""Closing and opening rounds on the desk (Law 79A: both sides agree the result; 79C).

Closing a round with entries still awaiting East-West shows those entries themselves,
each with the way to enter it; the result form starts from what North-South entered.
Opening a round once the results are published warns first that the tables could
change published results.
"""

from __future__ import annotations

import asyncio
import re

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana


def _event(store: Store) -> tuple[int, str, list[int]]:
    event = store.create_event(EventSpec("Martes noche", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    seating = next(s for s in movement.schedule if s.round == 1 and s.table == 2)
    return event, seating.sides[0], list(seating.boards)


def test_law79a_closing_a_round_shows_each_entry_awaiting_east_west_and_how_to_enter_it(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, ns, boards = _event(store)
    asyncio.run(
        TableDesk(store, SECRET).enter(event, 2, boards[1], TypedEntry("4S", "N", "10", ns=ns))
    )
    asked = client.post(f"/director/events/{event}/rounds/1/close", data={"csrf_token": csrf}).text
    assert store.is_round_open(event, 1)
    listed = asked.split('id="closing-entries"')[1].split("</ul>")[0]
    assert "Table 2" in listed
    assert f"Board {boards[1]}" in listed
    assert "4♠ N 10" in listed
    link = re.search(r'href="([^"]*result\?board=\d+&amp;table=2(?:&amp;[^"]*)?)"', listed)
    assert link is not None
    form = client.get(link.group(1).replace("&amp;", "&")).text
    assert "4♠ N 10" in form.split('id="waiting-entry"')[1]
    assert re.search(r'name="contract" value="4S"', form)
    assert re.search(r'name="tricks" value="10"', form)


def test_law79c_opening_a_round_after_publication_warns_first(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, _ = _event(store)
    store.close_round(event, 1)
    store.publish(event)
    asked = client.post(f"/director/events/{event}/rounds/1/open", data={"csrf_token": csrf})
    assert not store.is_round_open(event, 1)
    warning = asked.text.split('id="reopening"')[1].split("</div>")[0]
    assert "published" in warning
    client.post(
        f"/director/events/{event}/rounds/1/open", data={"csrf_token": csrf, "anyway": "true"}
    )
    assert store.is_round_open(event, 1)


def test_opening_a_round_before_publication_asks_nothing(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, _ = _event(store)
    page = client.post(f"/director/events/{event}/rounds/2/open", data={"csrf_token": csrf})
    assert store.is_round_open(event, 2)
    assert 'id="reopening"' not in page.text


def test_event_page_splits_into_the_views_a_director_uses(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event, _, _ = _event(store)
    parts = {
        "rounds": 'id="progress"',
        "results": "<h2>Results</h2>",
        "ranking": "<h2>Ranking</h2>",
        "rulings": 'id="penalties"',
        "audit": "<h2>Audit trail</h2>",
    }
    whole = client.get(f"/director/events/{event}?lang=en").text
    assert all(marker in whole for marker in parts.values())
    for view, marker in parts.items():
        page = client.get(f"/director/events/{event}?view={view}&lang=en").text
        assert marker in page, view
        others = [other for name, other in parts.items() if name != view and other in page]
        assert others == [], view
        assert '<strong aria-current="page">' in page.split('id="views"')[1].split("</nav>")[0]


def test_law79c_publishing_with_a_round_open_and_results_missing_asks_first(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, _ = _event(store)  # round 1 open, nothing entered: 3 rounds of 3 tables, 2 boards
    asked = client.post(f"/director/events/{event}/publish", data={"csrf_token": csrf}).text
    assert store.event(event).published is None  # nothing published yet
    warning = asked.split('id="publishing"')[1].split("</div>")[0]
    assert "Rounds still open for entry at the tables: 1." in warning
    assert "Results still missing: 18 of 18." in warning
    assert "Publish anyway" in warning
    client.post(f"/director/events/{event}/publish", data={"csrf_token": csrf, "anyway": "true"})
    assert store.event(event).published is not None


def test_law79c_publishing_a_finished_session_asks_nothing(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, _ = _event(store)
    store.close_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.schedule:
        for board in seating.boards:
            ns, ew = seating.sides
            store.enter_result(event, board, seating.table, Entry.from_str("3NT S 9"), ns, ew)
    done = client.post(f"/director/events/{event}/publish", data={"csrf_token": csrf}).text
    assert "Results published." in done
    assert 'id="publishing"' not in done
    assert store.event(event).published is not None
