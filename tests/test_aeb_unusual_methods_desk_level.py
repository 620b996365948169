"""The desk's methods check takes a level of its own, as the command line's ``--level`` does.

The AEB's highly unusual methods depend on the event's level (Law 40B2a): the desk's
check of a card, and of a table log's calls (Law 40B5), is made at the level the form
names, the event's kept level when it names none; the kept level does not change.
"""

from __future__ import annotations

import html
import json

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.table.agreements import ConventionCard
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("web_director",)  # the store and director fixtures

CARD = "system: Standard\n2D: multi, a weak two in a major (special defence) (alert)\n"
"""A multi 2D: a method that requires a special defence, allowed by the AEB only at national."""


@pytest.fixture
def event(store: Store) -> int:
    """An AEB pairs event (level club, the default) with pair 1's multi card kept."""
    pairs = [Participant.from_str("1: Ana, Luis"), Participant.from_str("2: Rosa, Pablo")]
    number = store.create_event(EventSpec("Club", boards=4), pairs)
    store.keep_convention_card(number, ConventionCard.from_text("1", CARD))
    return number


def test_aeb_unusual_methods_the_desk_checks_a_card_at_the_level_the_form_names(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, _csrf = director
    at_event = html.unescape(client.get(f"/director/events/{event}/aeb?pair=1").text)
    assert "not allowed at this event's level" in at_event
    assert 'id="check-level"' in at_event
    national = html.unescape(client.get(f"/director/events/{event}/aeb?pair=1&level=national").text)
    assert "The card's methods are allowed at level national (AEB)." in national
    assert store.kept_level(event) is None  # a check's level is not the event's
    wrong = client.get(f"/director/events/{event}/aeb?pair=1&level=world")
    assert wrong.status_code == 422
    assert "invalid event level 'world': expected one of club, regional, national" in (
        html.unescape(wrong.text)
    )


def test_aeb_unusual_methods_the_desk_checks_a_log_at_the_level_the_form_names(
    director: tuple[TestClient, str], store: Store, event: int
) -> None:
    client, csrf = director
    lines = [{"event": "board", "board": 1, "deal": str(EXAMPLE_DEAL)}]
    lines += [
        {"event": "call", "seat": "N", "call": "2D"},
        {"event": "call", "seat": "E", "call": "Pass"},
    ]
    log = "\n".join(json.dumps(line) for line in lines) + "\n"
    form = {"csrf_token": csrf, "pair": "1", "side": "NS", "log": log}
    url = f"/director/events/{event}/aeb/log"
    at_event = html.unescape(client.post(url, data=form).text)
    assert "Call 1 by North is illegal for this event" in at_event
    national = html.unescape(client.post(url, data=form | {"level": "national"}).text)
    assert "No call at this table is illegal at level national (Law 40B5)." in national
    wrong = html.unescape(client.post(url, data=form | {"level": "world"}).text)
    assert "invalid event level 'world'" in wrong
    assert store.kept_level(event) is None
