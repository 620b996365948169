"""The public pages say whether the results are official or final (Law 79C), and
a traveller lists North-South's scores best first."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


def _event(store: Store) -> int:
    pairs = [Participant(str(number)) for number in range(1, 7)]
    event = store.create_event(EventSpec("Martes", boards=1), pairs)
    for table, text in enumerate(("4S N 9", "4S N 11", "4S N 10"), start=1):
        store.enter_result(
            event, 1, table, Entry.from_str(text), ns=str(2 * table - 1), ew=str(2 * table)
        )
    return event


def test_law79c_published_results_are_official_and_correctable_until_the_period_ends(
    store: Store,
) -> None:
    event = _event(store)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=en").text
    status = page.split('id="results-status"')[1].split("</p>")[0]
    assert "Official results: a scoring error can be corrected until " in status
    assert re.search(r"until \d\d:\d\d UTC on \d{4}-\d\d-\d\d \(Law 79C1\)\.", status)
    assert "Provisional" not in status


def test_law79c_results_are_final_once_the_correction_period_is_over(store: Store) -> None:
    event = _event(store)
    store.publish(event, now=datetime.now(UTC) - timedelta(hours=2))
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=en").text
    status = page.split('id="results-status"')[1].split("</p>")[0]
    assert "Final results: the correction period ended on " in status


def test_traveller_lists_north_souths_scores_best_first(store: Store) -> None:
    event = _event(store)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}/boards/1?lang=en").text
    scores = re.findall(r"<td>([+-]\d+)</td>", page.split("<tbody>")[1].split("</tbody>")[0])
    assert scores == ["+450", "+420", "-50"]


def test_law79c_the_correction_period_ends_in_the_clubs_own_time(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITRO_TIMEZONE", "Europe/Madrid")
    event = _event(store)
    published = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)
    store.publish(event, now=published)
    ends = published + timedelta(minutes=store.event(event).spec.correction_minutes)
    madrid = ends + timedelta(hours=1)  # CET in November
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=es").text
    status = page.split('id="results-status"')[1].split("</p>")[0]
    assert madrid.strftime("%d/%m/%Y") in status  # the day first in Spanish
    assert madrid.strftime("%H:%M CET") in status
    assert "UTC" not in status


def test_the_directors_log_shows_the_clubs_own_time(
    director: tuple[TestClient, str], store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITRO_TIMEZONE", "Europe/Madrid")
    client, _ = director
    event = _event(store)
    store.publish(event, by="ana", now=datetime(2026, 7, 1, 20, 15, 30, tzinfo=UTC))
    page = client.get(f"/director/events/{event}?view=audit&lang=en").text
    log = page.split('id="log"')[1].split("</ul>")[0]
    assert "22:15:30 · ana" in log  # CEST in July


def test_law79c2_the_public_page_names_the_boards_reopened(store: Store) -> None:
    event = _event(store)
    store.publish(event, now=datetime.now(UTC) - timedelta(hours=2))
    store.reopen(event, "board 1 misread at table 2", boards=(1,))
    with TestClient(create_app(store, secret=SECRET)) as client:
        english = client.get(f"/results/{event}?lang=en").text
        spanish = client.get(f"/results/{event}?lang=es").text
    status = english.split('id="results-status"')[1].split("</p>")[0]
    assert "the director has reopened board 1 to correct a scoring error" in status
    assert "estuche 1" in spanish.split('id="results-status"')[1].split("</p>")[0]


def test_a_published_traveller_links_the_boards_before_and_after_it_and_the_ranking(
    store: Store,
) -> None:
    """A player reads the travellers one after another on the phone, and back to the ranking."""
    pairs = [Participant(str(number)) for number in range(1, 5)]
    event = store.create_event(EventSpec("Martes", boards=3), pairs)
    for board in (1, 2, 3):
        store.enter_result(event, board, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
        store.enter_result(event, board, 2, Entry.from_str("4S N 9"), ns="3", ew="4")
    with TestClient(create_app(store, secret=SECRET)) as client:
        unpublished = client.get(f"/results/{event}/boards/2?lang=es").text
        store.publish(event)
        middle = client.get(f"/results/{event}/boards/2?pair=3&lang=es").text
        first = client.get(f"/results/{event}/boards/1?lang=es").text
    assert 'rel="next"' not in unpublished  # before publication a table reads its own boards

    def links(page: str) -> list[str]:
        nav = page.split('id="board-links"')[1].split("</nav>")[0]
        return re.findall(r'href="([^"]+)"', nav)

    assert links(middle) == [
        f"/results/{event}/boards/1?pair=3",
        f"/results/{event}",
        f"/results/{event}/pairs/3",
        f"/results/{event}/boards/3?pair=3",
    ]
    assert "← Estuche 1" in middle
    assert "Estuche 3 →" in middle
    assert links(first) == [f"/results/{event}", f"/results/{event}/boards/2"]
