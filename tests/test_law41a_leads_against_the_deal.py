"""An opening lead (Law 41A) is checked against the deal the director uploaded.

The player on declarer's left leads: a card not in that hand is refused where the
result is entered (the tables, the desk, a correction), naming the card and the hand.
Without a deal kept for the board, any card stands.
"""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.card import Card
from arbitro.core.deal import Deal
from arbitro.core.seat import Seat
from arbitro.store import Store
from arbitro.tournament.entry import Entry, InvalidEntryError
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.public_results import set_deals
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store with director ana

DEAL = Deal.from_str("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def _event(store: Store) -> tuple[int, str, int]:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    set_deals(store, event, {board: str(DEAL) for board in range(1, 7)})
    store.open_round(event, 1)
    movement = store.movement(event)
    assert movement is not None
    seating = next(s for s in movement.schedule if s.round == 1 and s.table == 1)
    return event, seating.sides[0], seating.boards[0]


def test_law41a_a_lead_the_leader_does_not_hold_is_refused_at_the_table(store: Store) -> None:
    event, ns, board = _event(store)
    desk = TableDesk(store, SECRET)
    # West declares: North leads, and North holds no ♥A (West does).
    with pytest.raises(InvalidEntryError, match="not in North's hand"):
        asyncio.run(desk.enter(event, 1, board, TypedEntry("4S", "W", "10", "HA", ns=ns)))
    assert desk.entered(event, 1) == {}
    asyncio.run(
        desk.enter(event, 1, board, TypedEntry("4S", "S", "10", "HA", ns=ns))
    )  # West leads ♥A
    assert board in desk.entered(event, 1)


def test_law41a_a_lead_not_in_the_leaders_hand_is_refused_on_the_desk_and_in_a_correction(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, board = _event(store)
    fields = {"csrf_token": csrf, "board": str(board), "table": "1", "contract": "4S"}
    client.post(
        f"/director/events/{event}/result",
        data={**fields, "declarer": "W", "tricks": "10", "lead": "HA"},
    )
    assert store.results(event) == []
    store.enter_result(event, board, 1, Entry.from_str("4S S 10 lead HA"))
    with pytest.raises(InvalidEntryError, match="not in North's hand"):
        store.correct_result(event, board, 1, Entry.from_str("4S W 10 lead HA"), reason="x")
    assert store.results(event)[0].entry == Entry.from_str("4S S 10 lead HA")


def test_law41a_without_a_deal_any_lead_stands(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    store.enter_result(event, 1, 1, Entry.from_str("4S W 10 lead HA"))
    assert len(store.results(event)) == 1


@given(
    declarer=st.sampled_from(list(Seat)),
    card=st.integers(0, 51).map(lambda index: Card.from_index(index)),
)
def test_law41a_a_lead_stands_exactly_when_the_lho_holds_it(declarer: Seat, card: Card) -> None:
    entry = Entry.from_str(f"3NT {declarer.to_str()} 9 lead {card.to_str()}")
    if card in DEAL[declarer.lho]:
        entry.check_lead(DEAL, 1)
    else:
        with pytest.raises(InvalidEntryError):
            entry.check_lead(DEAL, 1)


def test_law41a_the_tables_spanish_page_quotes_a_refused_lead_in_its_own_notation(
    store: Store,
) -> None:
    event, _, board = _event(store)
    phone = TestClient(create_app(store, secret=SECRET))
    signed = phone.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    assert signed.status_code == 200
    page = phone.get(f"/tables/{event}/1?lang=es").text
    csrf = page.split('name="csrf_token" value="')[1].split('"')[0]
    fields = {"level": "3", "strain": "NT", "double": "X", "declarer": "W", "tricks": "-2"}
    # West declares, North leads, and North holds no ♥A (West does).
    refused = phone.post(
        f"/tables/{event}/1/boards/{board}?lang=es",
        data={"csrf_token": csrf, **fields, "lead": "CA"},  # ♥A as a Spanish table types it
    )
    assert refused.status_code == 422
    message = refused.text.split(f'id="board-{board}-problem">')[1].split("</p>")[0]
    assert message.startswith("«3STX O 7 salida ♥A»")
    assert "lead" not in message


def test_law41a_the_spanish_desk_quotes_a_refused_lead_in_its_own_notation(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event, _, board = _event(store)
    refused = client.post(
        f"/director/events/{event}/result?lang=es",
        data={
            "csrf_token": csrf, "board": str(board), "table": "1",
            "contract": "4P", "declarer": "O", "tricks": "10", "lead": "CA",
        },
    )  # fmt: skip
    assert refused.status_code == 422
    assert "«4♠ O 10 salida ♥A»" in refused.text
    assert "4S W 10 lead HA" not in refused.text
