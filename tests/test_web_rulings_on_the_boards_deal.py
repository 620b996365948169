"""The ruling assistant rules on the board's real deal, and the rulings it saves are seen.

An empty deal field takes the event's deal of the board (never an example's cards); with
no deal kept for the board the director is asked for one. A ruling saved from the
assistant carries the Law applied (the option chosen, not the next step pending) and
shows on the desk, on the judgement-rulings page, and on the board's traveller (for the
players, once the results are published).
"""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.store import Store
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.table.log import loads
from arbitro.tournament.event import EventSpec
from arbitro.web import create_app
from arbitro.web.public_results import set_deals
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

OPENING_LEAD_OUT_OF_TURN = "S 1S\nW Pass\nN Pass\nE Pass\nE S8"
"""South declares 1♠ on board 3; East leads out of turn (Law 54)."""


def _field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page)
    assert found is not None, name
    return html.unescape(found.group(1))


def test_assistant_deal_field_is_empty_and_an_empty_field_takes_the_boards_deal(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=20))
    deal = Deal.from_number(2026)
    set_deals(store, event, {20: str(deal)})
    page = client.get("/director/rulings").text
    # No example deal stands in the field for the director to rule on by mistake.
    assert re.search(r'name="deal" value=""', page)
    ruled = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "event": str(event), "board": "20", "deal": "", "steps": "W 1S"},
    )
    assert ruled.status_code == 200, ruled.text
    table = loads(_field(ruled.text, "log"))
    assert table.deal == deal
    assert table.deal != EXAMPLE_DEAL


def test_assistant_with_no_deal_and_no_event_asks_for_the_deal(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings", data={"csrf_token": csrf, "board": "3", "deal": "", "steps": "S 1C"}
    )
    assert page.status_code == 422
    assert "type the deal" in html.unescape(page.text)


def test_law54_ruling_saved_from_the_assistant_carries_the_law_applied_and_shows_everywhere(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4))
    set_deals(store, event, {3: str(EXAMPLE_DEAL)})
    first = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "event": str(event),
            "board": "3",
            "steps": OPENING_LEAD_OUT_OF_TURN,
        },
    )
    assert first.status_code == 200, first.text
    pending = loads(_field(first.text, "log")).pending
    assert pending is not None
    # Declarer refuses the lead (54D): the ruling's Law, whatever the table waits on next.
    option = next(option for option in pending.options if option.law == "54D")
    chosen = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "log": _field(first.text, "log"),
            "event": str(event),
            "by": pending.decider,
            "choice": option.choice,
        },
    )
    assert chosen.status_code == 200, chosen.text
    applied = option.law or pending.law
    save_form = chosen.text.split('id="save"')[1]
    assert _field(save_form, "law") == applied
    after = loads(_field(chosen.text, "log")).pending
    if after is not None and after.law != applied:
        assert _field(save_form, "law") != after.law
    saved = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "log": _field(chosen.text, "log"),
            "save": "1",
            "event": str(event),
            "table_number": "2",
            "law": applied,
            "text": "dummy's lead out of turn",
        },
    )
    assert saved.status_code == 200, saved.text
    desk = client.get(f"/director/events/{event}").text
    rulings = desk.split('id="ruling-list"')[1].split("</ul>")[0]
    assert f"Law {applied}" in rulings
    assert "dummy&#39;s lead out of turn" in rulings
    cases = client.get(f"/director/cases?event={event}&lang=es").text
    assert f"Artículo {applied}" in cases.split('id="assistant-rulings"')[1]
    # The players see it on the traveller once the results are published, not before.
    with TestClient(create_app(store, secret=SECRET)) as player:
        store.publish(event)
        traveller = player.get(f"/results/{event}/boards/3").text
        assert "dummy&#39;s lead out of turn" in traveller.split('id="board-rulings"')[1]
