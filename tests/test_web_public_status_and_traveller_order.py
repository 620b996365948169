"""The public pages say whether the results are provisional or official (Law 79C), and
a traveller lists North-South's scores best first."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

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


def test_law79c_results_are_provisional_until_the_correction_period_ends(store: Store) -> None:
    event = _event(store)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=en").text
    status = page.split('id="results-status"')[1].split("</p>")[0]
    assert "Provisional" in status
    assert "UTC" in status


def test_law79c_results_are_official_once_the_correction_period_is_over(store: Store) -> None:
    event = _event(store)
    store.publish(event, now=datetime.now(UTC) - timedelta(hours=2))
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=es").text
    status = page.split('id="results-status"')[1].split("</p>")[0]
    assert "oficiales" in status


def test_traveller_lists_north_souths_scores_best_first(store: Store) -> None:
    event = _event(store)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}/boards/1?lang=en").text
    scores = re.findall(r"<td>([+-]\d+)</td>", page.split("<tbody>")[1].split("</tbody>")[0])
    assert scores == ["+450", "+420", "-50"]
