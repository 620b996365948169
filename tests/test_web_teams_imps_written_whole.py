"""IMPs on the players' pages are whole numbers, written without decimals (``12``, not ``12,00``).

A board's IMPs (Law 78B) are whole; a fraction of one comes only from a weighted score
(Law 12C1c) or a mean (Butler), and is written with its decimals (``6,67``). The one
figure-writing function writes both (``number(whole=True)``): the traveller's IMPs, a
team's IMPs won and lost on its score card and over its matches. Victory points keep
their decimals.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


@pytest.fixture
def match(store: Store) -> int:
    """Teams 1 and 2 on two boards: board 1 a weighted score at table 2, board 2 played."""
    spec = EventSpec("Liga", boards=2, kind="teams", profile="wbf")  # weighted scores allowed
    event = store.create_event(spec, [Participant("1"), Participant("2")])
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    weighted = Entry.from_fields(adjusted="1/3 4S= N; 2/3 4S-1 N")  # Law 12C1c
    store.enter_result(event, 1, 2, weighted, ns="2", ew="1")
    store.enter_result(event, 2, 1, Entry.from_str("3NT N 9"), ns="1", ew="2")
    store.enter_result(event, 2, 2, Entry.from_str("3NT N 8"), ns="2", ew="1")
    store.publish(event)
    return event


def cells(page: str, kind: str) -> list[str]:
    return re.findall(rf'<td class="{kind}[^"]*"[^>]*>([^<]*)</td>', page)


def test_traveller_writes_whole_imps_whole_and_a_weighted_boards_with_decimals(
    store: Store, match: int
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        played = client.get(f"/results/{match}/boards/2?lang=es").text
        weighted = client.get(f"/results/{match}/boards/1?lang=es").text
    assert cells(played, "points") == ["12", "-12", "-12", "12"]  # 600 + 150 = 750: 12 IMPs
    assert cells(weighted, "points") == ["6,67", "-6,67", "-6,67", "6,67"]  # 2/3 of 10 IMPs


def test_score_card_writes_a_teams_imps_whole_and_its_victory_points_with_decimals(
    store: Store, match: int
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        card = client.get(f"/results/{match}/pairs/1?lang=es").text
    assert cells(card, "number imps-won") == ["6,67", "12"]
    assert cells(card, "number imps-lost") == ["", ""]
    matches = card.split('id="matches"')[1]
    assert "18,67 – 0</td>" in matches
    assert re.search(r"<td class=\"number\">[0-9]+,[0-9]{2} – [0-9]+,[0-9]{2}</td>", matches)
