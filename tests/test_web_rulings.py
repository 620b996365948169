"""The ruling assistant (issue 9): replay to the irregularity, the Law and options, the choice, the save."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL
from arbitro.table.log import loads
from arbitro.table.report import report_lines
from arbitro.tournament.event import EventSpec
from arbitro.web import create_app
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

INSUFFICIENT = "N 1NT\nE 1H"


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found is not None
    return html.unescape(found.group(1))


def test_law27_insufficient_bid_shows_the_law_who_chooses_and_the_options(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), "steps": INSUFFICIENT},
    )
    assert page.status_code == 200, page.text
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    table.call("E", "1H")
    pending = table.pending
    assert pending is not None
    assert f"Law {pending.law}" in page.text
    assert f'class="decider">{pending.decider}<' in page.text
    for option in pending.options:
        assert f'name="choice" value="{option.choice}"' in page.text
        assert html.escape(f"Law {option.law}") in page.text


def test_law27_the_state_after_the_choice(director: tuple[TestClient, str]) -> None:
    client, csrf = director
    first = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), "steps": INSUFFICIENT},
    )
    log = hidden(first.text, "log")
    table = loads(log)
    assert table.pending is not None
    chosen = table.pending.options[0]
    after = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "log": log, "by": table.pending.decider, "choice": chosen.choice},
    )
    assert after.status_code == 200, after.text
    table.decide(table.pending.decider, chosen.choice)
    for line in report_lines(table):
        assert html.escape(line.strip()) in after.text


def test_a_pasted_log_and_the_ruling_saved_to_the_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=4))
    log = (
        '{"event": "board", "board": 3, "deal": "' + str(EXAMPLE_DEAL) + '"}\n'
        '{"event": "call", "seat": "S", "call": "1C"}\n'
        '{"event": "call", "seat": "N", "call": "1D"}\n'
    )
    shown = client.post("/director/rulings", data={"csrf_token": csrf, "log": log})
    assert shown.status_code == 200, shown.text
    pending = loads(log).pending
    assert pending is not None
    assert f"Law {pending.law}" in shown.text
    saved = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "log": hidden(shown.text, "log"),
            "save": "1",
            "event": str(event),
            "table_number": "2",
            "law": pending.law,
            "text": "call out of rotation: West chose to accept it",
        },
    )
    assert saved.status_code == 200, saved.text
    [(number, ruling)] = store.rulings(event)
    assert f"Ruling {number} saved" in saved.text
    assert (ruling.board, ruling.table, ruling.law, ruling.director) == (3, 2, pending.law, "ana")
    assert ruling.log is not None
    assert loads(ruling.log).calls == loads(log).calls


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"steps": "N"}, "line 1: expected a seat and a call or card"),
        ({"steps": "N 1NT\nN 2NT\nZ 3NT"}, "line 3: 'Z' is not a seat"),
        ({"steps": "N 1NT\nE 1Z"}, "line 2: '1Z' is neither a call nor a card"),
        ({"log": "not json"}, "line 1: not JSON"),
    ],
)
def test_bad_input_is_named(
    director: tuple[TestClient, str], data: dict[str, str], needle: str
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "board": "1", "deal": str(EXAMPLE_DEAL), **data},
    )
    assert page.status_code == 422
    assert needle in html.unescape(page.text)


def test_assistant_needs_a_director_and_a_csrf_token(store: Store) -> None:
    with TestClient(create_app(store, secret=SECRET)) as anonymous:
        page = anonymous.get("/director/rulings", follow_redirects=False)
        assert page.status_code == 303
        assert page.headers["location"].startswith("/director/sign-in")
    with TestClient(create_app(store, secret=SECRET)) as client:
        client.post("/api/session", json={"name": "ana", "password": PASSWORD})
        forged = client.post("/director/rulings", data={"csrf_token": "forged", "steps": "N 1NT"})
        assert forged.status_code == 403


def test_assistant_page_in_spanish(director: tuple[TestClient, str]) -> None:
    client, _ = director
    page = client.get("/director/rulings?lang=es")
    assert page.status_code == 200
    assert "Asistente de arbitraje" in page.text


def test_a_board_picked_from_the_events_deals(
    director: tuple[TestClient, str], store: Store
) -> None:
    from arbitro.core.deal import Deal
    from arbitro.web.public_results import set_deals

    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))
    deal = Deal.from_number(777)
    set_deals(store, event, {2: str(deal)})
    assert str(deal) in html.unescape(client.get(f"/director/rulings?event={event}&board=2").text)
    page = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "event": str(event), "board": "2", "deal": "", "steps": "E 1S"},
    )
    assert page.status_code == 200, page.text
    assert loads(hidden(page.text, "log")).deal == deal
    missing = client.post(
        "/director/rulings",
        data={"csrf_token": csrf, "event": str(event), "board": "1", "deal": "", "steps": "N 1S"},
    )
    assert missing.status_code == 422
    assert f"event {event} has no deal for board 1" in missing.text


def test_law27_actions_typed_in_spanish_notation_give_the_same_table(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings?lang=es",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": str(EXAMPLE_DEAL),
            "steps": "N 1SA\nE 1C",  # 1NT, then an insufficient 1H (corazones)
            "notation": "es",
        },
    )
    assert page.status_code == 200, page.text
    table = Table(EXAMPLE_DEAL, number=1)
    table.call("N", "1NT")
    table.call("E", "1H")
    pending = table.pending
    assert pending is not None
    assert f"Artículo {pending.law}" in page.text
    assert '{"event": "call", "seat": "E", "call": "1H"}' in html.unescape(page.text)
    assert '<option value="es" selected>' in page.text


def test_actions_are_read_in_the_chosen_notation_only(director: tuple[TestClient, str]) -> None:
    client, csrf = director
    page = client.post(
        "/director/rulings",
        data={
            "csrf_token": csrf,
            "board": "1",
            "deal": str(EXAMPLE_DEAL),
            "steps": "N 1NT\nE 1S",  # English 1S (spades) is no Spanish call: picas is P
            "notation": "es",
        },
    )
    assert page.status_code == 422
    assert "line 2: '1S' is neither a call nor a card" in html.unescape(page.text)
