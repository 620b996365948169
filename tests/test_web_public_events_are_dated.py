"""The public list of events dates each event, so two Tuesdays' events of one name differ.

An event created without its day (the command line, the API, an import) is dated by the
day its first result was entered, the night it was played; before any result, by the
day it was created; an event given its day on the desk's new-event form by that day.
The date is written in the reader's language.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store

PAIRS = [Participant("1"), Participant("2")]


def _played(store: Store, on: datetime, held_on: date | None = None) -> int:
    """An event called Martes whose one result was entered at ``on``."""
    event = store.create_event(EventSpec("Martes", boards=1), PAIRS, held_on=held_on)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2", now=on)
    return event


def _listed(store: Store, lang: str) -> dict[str, str]:
    """The public list of events: each event's link to the text of its line."""
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results?lang={lang}").text
    items = page.split("<ul>")[1].split("</ul>")[0].split("<li>")[1:]
    return {re.findall(r'href="([^"]+)"', item)[0]: re.sub(r"<[^>]+>", "", item) for item in items}


def test_two_tuesdays_events_of_one_name_are_told_apart_by_the_night_they_were_played(
    store: Store,
) -> None:
    first = _played(store, datetime(2026, 11, 17, 20, 30, tzinfo=UTC))
    second = _played(store, datetime(2026, 11, 24, 20, 45, tzinfo=UTC))
    listed = _listed(store, "es")
    assert "martes, 17 de noviembre de 2026" in listed[f"/results/{first}"]
    assert "martes, 24 de noviembre de 2026" in listed[f"/results/{second}"]


def test_an_events_date_is_written_in_the_readers_language(store: Store) -> None:
    event = _played(store, datetime(2026, 11, 17, 20, 30, tzinfo=UTC))
    assert "Tuesday, November 17, 2026" in _listed(store, "en")[f"/results/{event}"]


def test_an_event_given_its_day_is_dated_by_that_day(store: Store) -> None:
    event = _played(store, datetime(2026, 11, 24, 20, 0, tzinfo=UTC), held_on=date(2026, 11, 3))
    assert "martes, 3 de noviembre de 2026" in _listed(store, "es")[f"/results/{event}"]


def test_an_event_without_results_is_dated_by_the_day_it_was_created(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=1), PAIRS)
    created = store.event(event).created
    assert created is not None
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get("/results?lang=es").text
    assert f'<time datetime="{created.date().isoformat()}">' in page


def test_a_nights_date_is_the_clubs_own_day(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRO_TIMEZONE", "America/Havana")
    # 02:00 UTC on the 25th is still Tuesday the 24th in Havana (UTC-5 in November).
    event = _played(store, datetime(2026, 11, 25, 2, 0, tzinfo=UTC))
    assert "Tuesday, November 24, 2026" in _listed(store, "en")[f"/results/{event}"]


def test_an_events_own_results_page_is_dated_as_the_list_dates_it(store: Store) -> None:
    event = _played(store, datetime(2026, 11, 17, 20, 30, tzinfo=UTC))
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}?lang=es").text
    assert '<time datetime="2026-11-17">martes, 17 de noviembre de 2026</time>' in page


def test_the_desks_list_of_events_dates_an_event_made_without_its_day(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = _played(store, datetime(2026, 11, 17, 20, 30, tzinfo=UTC))
    client, _ = director
    page = client.get("/director/?lang=es").text
    line = page.split(f'href="/director/events/{event}"')[1].split("</li>")[0]
    assert '<time datetime="2026-11-17">martes, 17 de noviembre de 2026</time>' in line


def test_the_printed_ranking_names_the_night_it_was_played(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = _played(store, datetime(2026, 11, 24, 20, 0, tzinfo=UTC), held_on=date(2026, 11, 3))
    client, _ = director
    heading = client.get(f"/director/events/{event}/print/ranking?lang=es").text
    assert "Martes · martes, 3 de noviembre de 2026 · Clasificación" in heading


def test_the_desk_heading_dates_an_event_made_without_its_day_as_the_public_page_does(
    store: Store, director: tuple[TestClient, str]
) -> None:
    event = _played(store, datetime(2026, 11, 17, 20, 30, tzinfo=UTC))
    client, _ = director
    desk = client.get(f"/director/events/{event}?lang=en").text
    heading = desk.split("<h1>")[1].split("</p>")[0]
    assert '<time datetime="2026-11-17">Tuesday, November 17, 2026</time>' in heading
    assert "Tuesday, November 17, 2026" in _listed(store, "en")[f"/results/{event}"]
