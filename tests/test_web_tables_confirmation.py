"""The tables' score entry pages (confirming what was seen).

Law 77 scores the entry; the Laws leave the confirmation of a traveller to the regulations:
here East-West confirm only the entry their screen showed, as the page writes their pair.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from arbitro.core.board import Board
from arbitro.core.vulnerability import Vulnerability
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TableEntryError, TypedEntry, same_pair

SECRET = "n" * 64


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "night.sqlite3"))
    yield opened
    opened.close()


@pytest.fixture
def event(store: Store) -> int:
    """A 3-table Mitchell of 2-board rounds, round 1 open."""
    number = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(number, 1)
    return number


def seating(
    store: Store, event: int, table: int, round: int = 1
) -> tuple[str, str, tuple[int, ...]]:
    movement = store.movement(event)
    assert movement is not None
    found = next(s for s in movement.schedule if s.table == table and s.round == round)
    assert found.ns is not None
    assert found.ew is not None
    return found.ns, found.ew, found.boards


def page_client(store: Store, event: int, table: int, lang: str = "en") -> tuple[TestClient, str]:
    """A browser-like client signed in as ``table`` through the pages, and its CSRF token."""
    client = TestClient(create_app(store, secret=SECRET))
    page = client.get(f"/tables?lang={lang}").text
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    signed = client.post(
        "/tables/sign-in",
        data={"event": str(event), "code": table_code(SECRET, event, table), "csrf_token": token},
    )
    assert signed.status_code == 200, signed.text
    return client, token


def enter(client: TestClient, token: str, event: int, board: int, **fields: str) -> str:
    answer = client.post(f"/tables/{event}/1/boards/{board}", data={"csrf_token": token, **fields})
    return answer.text


def shown_entry(page: str) -> str:
    """The entry the confirmation form carries (what East-West were shown)."""
    return page.split('name="entry" value="')[1].split('"')[0]


FOUR_SPADES = {"level": "4", "strain": "S", "declarer": "N", "tricks": "10"}
FOUR_HEARTS = {"level": "4", "strain": "H", "declarer": "N", "tricks": "10"}


def test_law77_confirmation_is_of_the_entry_shown_and_refused_when_it_changed(
    store: Store, event: int
) -> None:
    _ns, ew, boards = seating(store, event, 1)
    phone_a, token_a = page_client(store, event, 1)
    phone_b, token_b = page_client(store, event, 1)
    seen = shown_entry(enter(phone_a, token_a, event, boards[0], **FOUR_HEARTS))
    assert seen == "4H N 10"
    enter(phone_b, token_b, event, boards[0], **FOUR_SPADES)  # North-South change it
    refused = phone_a.post(
        f"/tables/{event}/1/boards/{boards[0]}/confirm",
        data={"csrf_token": token_a, "pair": ew, "entry": seen},
    )
    assert refused.status_code == 409
    assert "has changed since you saw it" in refused.text
    assert store.results(event) == []
    # The page shown with the refusal carries the new entry: confirming it stores it.
    again = phone_a.post(
        f"/tables/{event}/1/boards/{boards[0]}/confirm",
        data={"csrf_token": token_a, "pair": ew, "entry": shown_entry(refused.text)},
    )
    assert again.status_code == 200
    assert [one.entry.to_str() for one in store.results(event)] == ["4S N 10"]


def test_law77_stale_confirmation_refused_in_spanish(store: Store, event: int) -> None:
    _, ew, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1, "es")
    enter(client, token, event, boards[0], **FOUR_HEARTS)
    enter(client, token, event, boards[0], **FOUR_SPADES)
    refused = client.post(
        f"/tables/{event}/1/boards/{boards[0]}/confirm",
        data={"csrf_token": token, "pair": ew, "entry": "4H N 10"},
    )
    assert refused.status_code == 409
    assert "ha cambiado" in refused.text


def test_law77_api_confirm_checks_the_entry_when_sent_and_stays_compatible(
    store: Store, event: int
) -> None:
    _ns, ew, boards = seating(store, event, 1)
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    csrf = {"X-CSRF-Token": signed.json()["csrf"]}
    path = f"/api/tables/{event}/1/boards/{boards[0]}"
    first = client.post(
        path, json={"contract": "4H", "declarer": "N", "tricks": "10"}, headers=csrf
    )
    assert first.json()["replaced"] is None
    second = client.post(
        path, json={"contract": "4S", "declarer": "N", "tricks": "10"}, headers=csrf
    )
    assert second.json()["replaced"] == "4H N 10"
    stale = client.post(f"{path}/confirm", json={"pair": ew, "entry": "4H N 10"}, headers=csrf)
    assert stale.status_code == 409
    assert "has changed since you saw it: it is now 4S N 10" in stale.json()["detail"]
    plain = client.post(f"{path}/confirm", json={"pair": ew}, headers=csrf)  # older clients
    assert plain.status_code == 201
    assert plain.json()["entry"] == "4S N 10"


def test_law77_second_entry_says_it_replaced_the_one_waiting(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    first = enter(client, token, event, boards[0], **FOUR_HEARTS)
    assert "replaced the one that was waiting" not in first
    second = enter(client, token, event, boards[0], **FOUR_SPADES)
    assert "replaced the one that was waiting (4♥ N 10)" in second
    same = enter(client, token, event, boards[0], **FOUR_SPADES)
    assert "replaced the one that was waiting" not in same


def test_entry_selects_start_empty_and_are_required(store: Store, event: int) -> None:
    client, _ = page_client(store, event, 1)
    page = client.get(f"/tables/{event}/1").text
    for name in ("level", "strain", "declarer"):
        select = page.split(f'<select name="{name}"')[1].split("</select>")[0]
        assert " required" in select
        assert select.split("<option")[1].startswith(' value="">—')
        assert " selected" not in select


@pytest.mark.parametrize("missing", ["level", "strain", "declarer"])
def test_entry_missing_field_refused_with_its_name(store: Store, event: int, missing: str) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    fields = {**FOUR_SPADES, missing: ""}
    answer = client.post(
        f"/tables/{event}/1/boards/{boards[0]}", data={"csrf_token": token, **fields}
    )
    assert answer.status_code == 422
    assert f"the {missing} of board {boards[0]} is missing" in answer.text
    assert TableDesk(store, SECRET).entered(event, 1) == {}


def test_passed_out_needs_no_contract(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    answer = client.post(
        f"/tables/{event}/1/boards/{boards[0]}", data={"csrf_token": token, "passed": "1"}
    )
    assert answer.status_code == 200
    assert TableDesk(store, SECRET).entered(event, 1)[boards[0]].entry.to_str() == "Pass"


@pytest.mark.parametrize("written", ["{n}EO", "{n}eo", "{n}ew", "{n}EW", "{n}", " {n} "])
def test_mitchell_confirm_accepts_the_pair_as_the_page_writes_it(
    store: Store, event: int, written: str
) -> None:
    _ns, ew, boards = seating(store, event, 1)
    assert ew.endswith("EW")
    desk = TableDesk(store, SECRET)
    asyncio.run(desk.enter(event, 1, boards[0], TypedEntry("4S", "N", "10")))
    typed = written.format(n=ew.removesuffix("EW"))
    assert asyncio.run(desk.confirm(event, 1, boards[0], typed)).entry.to_str() == "4S N 10"


def test_mitchell_confirm_refuses_north_south_number_written_eo(store: Store, event: int) -> None:
    ns, ew, boards = seating(store, event, 1)
    desk = TableDesk(store, SECRET)
    asyncio.run(desk.enter(event, 1, boards[0], TypedEntry("4S", "N", "10")))
    with pytest.raises(TableEntryError):
        asyncio.run(desk.confirm(event, 1, boards[0], ns))
    if ns.removesuffix("NS") != ew.removesuffix("EW"):
        with pytest.raises(TableEntryError):
            asyncio.run(desk.confirm(event, 1, boards[0], ns.removesuffix("NS") + "EO"))


@given(st.integers(1, 99), st.integers(1, 99))
def test_same_pair_bare_number_is_that_pair_only(typed: int, pair: int) -> None:
    assert same_pair(str(typed), f"{pair}EW") == (typed == pair)
    assert same_pair(f"{typed}eo", f"{pair}EW") == (typed == pair)
    assert not same_pair(f"{typed}NS", f"{pair}EW")


def test_confirm_field_fits_a_phone(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    page = enter(client, token, event, boards[0], **FOUR_SPADES)
    field = page.split('<input name="pair"')[1].split(">")[0]
    assert 'inputmode="text"' in field
    assert 'autocapitalize="characters"' in field


def test_between_rounds_table_waits_for_next_round_and_refreshes(store: Store, event: int) -> None:
    client, _ = page_client(store, event, 1)
    store.close_round(event, 1)
    waiting = client.get(f"/tables/{event}/1")
    assert waiting.status_code == 200
    assert "Waiting for round 2" in waiting.text
    assert 'role="alert"' not in waiting.text
    assert int(waiting.headers["Refresh"]) > 0
    store.open_round(event, 2)
    _, _, boards = seating(store, event, 1, round=2)
    opened = client.get(f"/tables/{event}/1")
    assert f'id="board-{boards[0]}"' in opened.text


def test_law77_mistyped_entry_keeps_what_was_typed(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    answer = client.post(
        f"/tables/{event}/1/boards/{boards[0]}",
        data={"csrf_token": token, **FOUR_SPADES, "tricks": "+4", "lead": "H4"},
    )
    assert answer.status_code == 422
    section = answer.text.split(f'id="board-{boards[0]}"')[1].split("</section>")[0]
    assert "&#39;+4&#39;" in section
    assert "&#39;14&#39;" not in section
    assert 'role="alert"' in section
    assert 'value="+4"' in section
    assert 'value="H4"' in section
    for name, value in (("level", "4"), ("strain", "S"), ("declarer", "N")):
        select = section.split(f'<select name="{name}"')[1].split("</select>")[0]
        chosen = [part for part in select.split("<option")[1:] if " selected" in part]
        assert len(chosen) == 1
        assert f'value="{value}"' in chosen[0] or f">{value}<" in chosen[0]


def test_law77_overtricks_reported_as_typed() -> None:
    for typed in ("+4", "-11"):
        with pytest.raises(ValueError, match=re.escape(f"'{typed}'")):
            TypedEntry("4S", "N", typed).entry()


def test_wrong_board_names_the_boards_in_the_plural(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    desk = TableDesk(store, SECRET)
    with pytest.raises(TableEntryError, match="this table plays boards "):
        asyncio.run(desk.enter(event, 1, max(boards) + 1, TypedEntry("4S", "N", "10")))


def test_entry_after_the_round_closed_says_so_on_the_waiting_page(store: Store, event: int) -> None:
    _, _, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1)
    store.close_round(event, 1)
    answer = client.post(
        f"/tables/{event}/1/boards/{boards[0]}", data={"csrf_token": token, **FOUR_SPADES}
    )
    assert answer.status_code == 409
    assert f"your result of board {boards[0]} was not saved: the round is closed" in answer.text
    assert "Waiting for round 2" in answer.text
    assert TableDesk(store, SECRET).entered(event, 1) == {}


def test_a_spanish_table_page_writes_east_west_as_eo_in_its_placeholder_and_messages(
    store: Store, event: int
) -> None:
    ns, ew, boards = seating(store, event, 1)
    assert ew.endswith("EW")
    spanish_ew = ew.removesuffix("EW") + "EO"
    client, token = page_client(store, event, 1, lang="es")
    page = enter(client, token, event, boards[0], **FOUR_SPADES)
    field = page.split('<input name="pair"')[1].split(">")[0]
    assert f'placeholder="{spanish_ew}"' in field
    entry = shown_entry(page)
    refused = client.post(
        f"/tables/{event}/1/boards/{boards[0]}/confirm",
        data={"csrf_token": token, "pair": ns, "entry": entry},
    ).text
    message = refused.split('class="error" role="alert"')[1].split("</p>")[0]
    assert spanish_ew in message
    assert ew not in message


def test_law79a_east_west_confirming_a_board_the_director_entered_meanwhile_are_told_its_result(
    store: Store, event: int
) -> None:
    ns, ew, boards = seating(store, event, 1)
    desk = TableDesk(store, SECRET)
    shown = asyncio.run(desk.enter(event, 1, boards[0], TypedEntry("2H", "W", "8")))
    # The director enters the board at the desk before East-West confirm what they saw.
    store.enter_result(event, boards[0], 1, Entry.from_str("3H W 9"), ns=ns, ew=ew)
    with pytest.raises(TableEntryError) as refused:
        asyncio.run(desk.confirm(event, 1, boards[0], ew, shown.entry.to_str()))
    message = str(refused.value)
    assert "has its result already" in message
    assert "3H W 9" in message
    assert "no entry to confirm" not in message
    assert [r.entry.to_str() for r in store.results(event)] == ["3H W 9"]


def test_law2_marked_board_east_west_confirm_the_score_that_is_stored(
    store: Store, event: int
) -> None:
    """A board marked otherwise than Law 2 is scored as marked at every step of the entry.

    Board 1 is Law 2's "none vulnerable"; marked all vulnerable, 4♠ made is +620 on the
    phone's answer, on the table's page, once confirmed, and when the confirmation is
    sent again.
    """
    _ns, ew, boards = seating(store, event, 1)
    assert boards[0] == 1
    store.mark_board(event, Board(1, vulnerability=Vulnerability.ALL))
    client = TestClient(create_app(store, secret=SECRET))
    signed = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
    )
    csrf = {"X-CSRF-Token": signed.json()["csrf"]}
    path = f"/api/tables/{event}/1/boards/1"
    entered = client.post(
        path, json={"contract": "4S", "declarer": "N", "tricks": "10"}, headers=csrf
    )
    assert entered.json()["score"] == "+620"
    assert "+620" in client.get(f"/tables/{event}/1?lang=en").text
    confirmed = client.post(f"{path}/confirm", json={"pair": ew}, headers=csrf)
    assert confirmed.status_code == 201
    assert confirmed.json()["score"] == "+620"
    assert [one.result.to_str() for one in store.results(event) if one.result] == ["+620"]
    again = client.post(f"{path}/confirm", json={"pair": ew}, headers=csrf)
    assert again.status_code == 201
    assert again.json()["score"] == "+620"


def test_a_spanish_table_page_names_missing_tricks_and_wrong_pairs_as_the_page_does(
    store: Store, event: int
) -> None:
    """No command-line option (--tricks) and no English pair (1EW) in a table's Spanish refusal."""
    ns, ew, boards = seating(store, event, 1)
    client, token = page_client(store, event, 1, lang="es")
    no_tricks = enter(client, token, event, boards[0], **{**FOUR_SPADES, "tricks": ""})
    message = no_tricks.split('class="error" role="alert"')[1].split("</p>")[0]
    assert "falta el número de bazas" in message
    assert "--" not in message
    wrong_ew = "3EO" if ew != "3EW" else "2EO"
    wrong = enter(client, token, event, boards[0], **FOUR_SPADES, ns=ns, ew=wrong_ew)
    message = wrong.split('class="error" role="alert"')[1].split("</p>")[0]
    assert wrong_ew in message
    assert ew.removesuffix("EW") + "EO" in message
    assert "EW" not in message
