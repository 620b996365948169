"""The hand-record page sits in the console's frame: its header, language switch, a way back."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.store import Store
from arbitro.tournament.event import EventSpec, Participant
from arbitro.web import create_app
from arbitro.web.public_results import set_deals
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


def test_hand_records_page_has_the_header_the_language_switch_and_the_way_back(
    store: Store,
) -> None:
    event = store.create_event(EventSpec("Martes", boards=1), [Participant("1"), Participant("2")])
    set_deals(store, event, {1: str(Deal.from_number(5))})
    store.analyse_event(event)  # waits for the analysis the deals started
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        page = client.get(f"/results/{event}/hands?lang=es").text
    assert '<header class="bar">' in page
    assert "Hoja de manos" in page
    assert re.search(rf'href="/results/{event}/hands\?lang=en"', page)
    back = page.split('id="back"')[1].split("</p>")[0]
    assert f'href="/results/{event}"' in back
    assert "Martes" in back
    # The boards themselves are still there, one section each.
    assert page.count('class="board"') == 1
