"""The director's table shown to the players (issue 27): read-only, each seat's own view.

While the director reproduces an incident he lets the event's players see it: a table
signed in with its table card's code opens the board read-only and sees only its own
hand (and dummy once the opening lead is faced); nothing can be tapped.
"""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from arbitro.core.deal import Deal
from arbitro.store import Store
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.table_desk import TableDesk
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def cards_drawn(page: str, seat: str) -> int:
    """How many cards the page draws in ``seat``'s hand."""
    hand = page.split(f'id="hand-{seat}"', 1)[1].split("</section>", 1)[0]
    return hand.count("data-card=")


def test_director_table_players_see_their_own_hand_read_only_when_allowed(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    written = (EXAMPLES / "board-27b2.jsonl").read_text(encoding="utf-8")
    board, *taps = [json.loads(line) for line in written.splitlines() if line.strip()]
    store.keep_deals(event, {1: Deal.from_str(board["deal"])})
    client.get("/director/table", params={"event": event, "board": 1})
    for tap in taps:
        answer = client.post(
            "/director/table/tap",
            params={"event": event, "board": 1},
            json=tap,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, answer.text
    players = "/director/table/players"
    with TestClient(create_app(store, secret=SECRET)) as table:
        code = TableDesk(store, SECRET).code(event, 2)
        assert table.get(players, params={"event": event, "board": 1}).status_code == 403
        signed = table.post("/api/tables/sign-in", json={"event": event, "code": code})
        assert signed.status_code == 200, signed.text
        hidden = table.get(players, params={"event": event, "board": 1})
        assert hidden.status_code == 404  # the director has not allowed it
        assert "is not showing board 1" in hidden.text
        shared = client.post(
            "/director/table/share",
            params={"event": event, "board": 1},
            data={"csrf_token": csrf, "allow": "yes"},
        )
        assert shared.status_code == 200
        assert 'id="dt-players-link"' in shared.text
        west = table.get(players, params={"event": event, "board": 1, "seat": "W"})
        assert west.status_code == 200, west.text
        assert cards_drawn(west.text, "W") == 13
        assert [cards_drawn(west.text, seat) for seat in "NES"] == [0, 0, 0]
        assert "data-tap" not in west.text  # read-only: nothing to tap
        assert 'id="dt-box"' not in west.text
        assert 'id="dt-restrictions"' in west.text
        client.post(
            "/director/table/share", params={"event": event, "board": 1}, data={"csrf_token": csrf}
        )
        stopped = table.get(players, params={"event": event, "board": 1, "seat": "W"})
        assert stopped.status_code == 404


def test_director_table_players_see_dummy_once_the_opening_lead_is_faced(
    director: tuple[TestClient, str], store: Store
) -> None:
    """West sees dummy (South, 4S by North) only once East's opening lead is faced (Law 41)."""
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    scenario = (
        Path(__file__).resolve().parent / "scenarios" / "law_64a1_two_tricks_transferred.jsonl"
    )
    board, *taps = [json.loads(line) for line in scenario.read_text().splitlines() if line.strip()]
    store.keep_deals(event, {1: Deal.from_str(board["deal"])})
    client.get("/director/table", params={"event": event, "board": 1})
    client.post(
        "/director/table/share",
        params={"event": event, "board": 1},
        data={"csrf_token": csrf, "allow": "yes"},
    )
    face = next(i for i, tap in enumerate(taps) if tap["event"] == "face_lead")
    seen: list[list[int]] = []
    with TestClient(create_app(store, secret=SECRET)) as table:
        code = TableDesk(store, SECRET).code(event, 1)
        assert table.post("/api/tables/sign-in", json={"event": event, "code": code}).is_success
        for tap in taps[: face + 1]:
            answer = client.post(
                "/director/table/tap",
                params={"event": event, "board": 1},
                json=tap,
                headers={"X-CSRF-Token": csrf},
            )
            assert answer.status_code == 200, answer.text
            if tap["event"] in ("play", "face_lead"):
                page = table.get(
                    "/director/table/players", params={"event": event, "board": 1, "seat": "W"}
                ).text
                seen.append([cards_drawn(page, seat) for seat in "NESW"])
    # North declares 4S: South is dummy. West sees his own hand, South only once faced.
    assert seen[0] == [0, 0, 0, 13]  # East's lead, face down
    assert seen[-1] == [0, 0, 13, 13]
