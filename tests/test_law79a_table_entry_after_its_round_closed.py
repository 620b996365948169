"""Law 79A: a table's entry sent after the director closed its round is not lost without a word.

The page says the board's result was not saved, the round being closed, and to call
the director; it keeps what the table typed in view, for the director to enter.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store fixture


def test_law79a_an_entry_after_the_round_closed_is_refused_and_kept_in_view(
    store: Store,
) -> None:
    event = store.create_event(EventSpec("Jueves", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    seat = next(s for s in movement.schedule if s.round == 1 and s.table == 3)
    board = seat.boards[0]
    for lang, said, kept in (
        (
            "en",
            f"your result of board {board} was not saved: the round is closed; call the director",
            f"What you entered for board {board}: 3NT S 9",
        ),
        (
            "es",
            f"vuestro resultado del estuche {board} no se ha guardado: la ronda está cerrada; "
            "llamad al árbitro",
            f"Lo que anotasteis en el estuche {board}: 3ST S 9",
        ),
    ):
        client = TestClient(create_app(store, secret=SECRET))
        page = client.get(f"/tables?lang={lang}")
        token = page.text.split('name="csrf_token" value="')[1].split('"')[0]
        client.post(
            "/tables/sign-in",
            data={"event": str(event), "code": table_code(SECRET, event, 3), "csrf_token": token},
        )
        store.close_round(event, 1)  # the director closes the round as the table types
        refused = client.post(
            f"/tables/{event}/3/boards/{board}?lang={lang}",
            data={"csrf_token": token, "level": "3", "strain": "NT", "declarer": "S",
                  "tricks": "9", "ns": seat.sides[0], "ew": seat.sides[1]},
        )  # fmt: skip
        assert refused.status_code == 409
        assert said in refused.text
        assert kept in refused.text
        assert store.results(event) == []
        store.open_round(event, 1)  # for the next language
