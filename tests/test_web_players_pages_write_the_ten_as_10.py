"""The players' pages write the ten ``10`` in both languages, as it is printed on the card.

The hand records, a traveller's deal and the lead on a traveller's line write the ten
the same way in English and in Spanish (``♠10``, ``J1098``); what is typed or kept in
files keeps PBN's ``T`` as well (:meth:`arbitro.core.rank.Rank.to_str`).
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

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
TENS = {"N": "♥1098", "E": "♠1098", "S": "♣1098", "W": "♦1098"}


@pytest.fixture
def event(store: Store) -> int:
    """A published event of pairs 1 and 2 whose one board, led with the ten of spades, has its deal."""
    from arbitro.web.public_results import set_deals

    number = store.create_event(EventSpec("Martes", boards=1), [Participant("1"), Participant("2")])
    set_deals(store, number, {1: DEAL})
    store.enter_result(number, 1, 1, Entry.from_str("4H N 10 lead ST"), ns="1", ew="2")
    store.analyse_event(number)  # waits for the analysis the deals started
    store.publish(number)
    return number


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hand_records_and_traveller_write_the_ten_as_10(
    store: Store, event: int, lang: str
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        record = client.get(f"/results/{event}/hands?lang={lang}").text
        traveller = client.get(f"/results/{event}/boards/1?lang={lang}").text
    suits = [
        symbol + ranks.strip()
        for symbol, ranks in re.findall(
            r'<div class="suit"><span[^>]*>([♠♥♦♣])</span>([^<]*)</div>', record
        )
    ]
    assert sorted(suit for suit in suits if "10" in suit) == sorted(TENS.values())
    assert not [suit for suit in suits if "T" in suit]
    diagram = traveller.split('id="deal"')[1]
    cards = re.findall(r'<span class="deal-card">([^<]+)</span>', diagram)
    assert cards.count("10") == 4
    assert "T" not in cards
    lead = {"en": "lead ♠10", "es": "salida ♠10"}[lang]
    assert lead in traveller
