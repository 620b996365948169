"""North-South correcting an entry before East-West confirm it start from what they entered.

The board's form on the phone is filled with the entry waiting for confirmation (the
contract's selects, the declarer, the lead in the page's notation, the tricks), so that
a wrong trick count is mended without typing the contract again.
"""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana


def _board_form(page: str, board: int) -> str:
    """The entry form of ``board`` (the last form of its section: after any confirmation)."""
    section = page.split(f'id="board-{board}"')[1].split("</section>")[0]
    return section.rsplit('<form class="entry"', 1)[1]


def test_a_waiting_entry_fills_its_boards_form_for_a_correction(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    assert signed.status_code == 200, signed.text
    page = client.get(f"/tables/{event}/1?lang=es").text
    assert "selected>3<" not in _board_form(page, 1)  # an empty form before any entry
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert csrf is not None
    typed = {"level": "3", "strain": "NT", "double": "X", "declarer": "W", "lead": "PD"}
    entered = client.post(
        f"/tables/{event}/1/boards/1?lang=es",
        data={"csrf_token": csrf.group(1), **typed, "tricks": "7", "ns": "1NS", "ew": "1EW"},
    )
    assert entered.status_code == 200, entered.text
    form = html.unescape(_board_form(entered.text, 1))
    assert "<option selected>3</option>" in form
    assert '<option value="NT" selected>' in form
    assert '<option value="X" selected>' in form
    assert '<option value="W" selected>' in form
    assert 'name="lead"' in form
    assert 'value="PD"' in form  # the ♠Q in Spanish, as the player typed it
    assert 'value="7"' in form
    # Board 2, with nothing entered, keeps an empty form.
    assert "selected>3<" not in _board_form(entered.text, 2)
