"""The desk's event page says how the event is scored, in the director's language.

A director opening an event on the desk sees its scoring beside its boards and movement:
matchpoints or IMPs for a pairs event, IMPs turned into victory points for a teams event
(Law 78B), or the knockout's segments. The names are those ``arbitro event show`` writes.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("web_director",)  # the store with director ana


def _scoring(page: str) -> str:
    found = re.search(r'<span id="scoring">([^<]*)</span>', page)
    assert found is not None, "the event page names no scoring"
    return found.group(1)


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (EventSpec("Martes", boards=8), "matchpoints", "puntos de match"),
        (
            EventSpec.scored("Jueves", 8, "imp-butler"),
            "IMPs against a Butler datum",
            "IMP contra un dato Butler",
        ),
        (
            EventSpec("Liga", boards=8, kind="teams"),
            "IMPs and victory points",
            "IMP y puntos de victoria",
        ),
    ],
)
def test_law78_the_desk_names_the_events_scoring(
    director: tuple[TestClient, str], store: Store, spec: EventSpec, english: str, spanish: str
) -> None:
    client, _ = director
    event = store.create_event(spec, [Participant("1"), Participant("2")])
    assert _scoring(client.get(f"/director/events/{event}?lang=en").text) == english
    assert _scoring(client.get(f"/director/events/{event}?lang=es").text) == spanish


def test_law86b_a_knockout_names_its_segments_not_a_scoring(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    spec = EventSpec("Copa", boards=8, kind="teams", knockout=True, sessions=2)
    event = store.create_event(spec, [Participant("A"), Participant("B")])
    page = client.get(f"/director/events/{event}?lang=en").text
    assert "Knockout, 2 segments" in page
    assert 'id="scoring"' not in page
