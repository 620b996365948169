"""The tables' phones in any session: a pairs event's second session, a knockout's later segment.

The director opens the rounds of one session at a time (the desk's *Session* choice);
the tables then enter, confirm and read the results of that session, and the results of
the other sessions at the same table and board stay as they were.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.store.repository import StoreConflictError, StoreError
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import mitchell, round_robin, swiss_start
from arbitro.web import create_app
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import AlreadyConfirmedError, TableEntryError, TypedEntry
from web_director import SECRET, table_page

pytest_plugins = ("web_director",)


def two_sessions(store: Store) -> int:
    """A 3-table Mitchell of 2-board rounds played twice (two sessions); session 1 entered at table 1."""
    event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
    store.enter_result(event, 1, 1, Entry.from_str("3NT S 9"), ns="1NS", ew="1EW")
    return event


def signed_in(store: Store, event: int, table: int) -> tuple[TestClient, dict[str, str]]:
    """A client signed in as ``table`` and the header carrying its CSRF token."""
    client = TestClient(create_app(store, secret=SECRET))
    answer = client.post(
        "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, table)}
    )
    assert answer.status_code == 200, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def results_of(store: Store, event: int) -> list[tuple[int, int, int, str]]:
    """The event's results as (session, table, board, entry), in that order."""
    return sorted((r.session, r.table, r.board, r.entry.to_str()) for r in store.results(event))


def text_of(page: str) -> str:
    """A page's words, without its tags, its spaces run together."""
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_a_result_entered_from_a_table_in_session_2_lands_in_session_2(store: Store) -> None:
    event = two_sessions(store)
    store.open_round(event, 1, session=2)
    desk = TableDesk(store, SECRET)
    playing = desk.playing(event, 1)
    assert playing.session == 2
    entered = asyncio.run(desk.enter(event, 1, 1, TypedEntry("4S", "N", "10", ns="1NS")))
    assert [board for board, *_ in store.waiting_entries(event, 1, session=2)] == [1]
    assert store.waiting_entries(event, 1) == []  # session 1's entries: none
    assert desk.entered(event, 1, session=2)[1].entry == entered.entry
    stored = asyncio.run(desk.confirm(event, 1, 1, pair="1EW"))
    assert (stored.session, stored.board, stored.entry.to_str()) == (2, 1, "4S N 10")
    assert results_of(store, event) == [(1, 1, 1, "3NT S 9"), (2, 1, 1, "4S N 10")]
    assert [(r.session, r.board) for r in desk.results(event, 1)] == [(2, 1)]


def test_a_confirmation_retried_in_session_2_is_answered_with_session_2s_result(
    store: Store,
) -> None:
    event = two_sessions(store)
    store.open_round(event, 1, session=2)
    desk = TableDesk(store, SECRET)
    asyncio.run(desk.enter(event, 1, 1, TypedEntry("4S", "N", "10", ns="1NS")))
    first = asyncio.run(desk.confirm(event, 1, 1, pair="1EW"))
    with pytest.raises(AlreadyConfirmedError) as again:
        asyncio.run(desk.confirm(event, 1, 1, pair="1EW", seen="4S N 10"))
    stored = again.value.stored
    assert (stored.session, stored.entry.to_str(), stored.version) == (2, "4S N 10", first.version)


def test_a_board_stored_in_session_1_is_no_reason_to_refuse_its_entry_in_session_2(
    store: Store,
) -> None:
    event = two_sessions(store)
    store.open_round(event, 1)
    desk = TableDesk(store, SECRET)
    free = asyncio.run(desk.enter(event, 1, 2, TypedEntry("2H", "E", "8", ns="1NS")))
    assert free.board == 2  # session 1's board 2 has no result: entered
    with pytest.raises(TableEntryError, match="already has a result"):
        asyncio.run(desk.enter(event, 1, 1, TypedEntry("4S", "N", "10", ns="1NS")))
    store.close_round(event, 1)
    store.open_round(event, 1, session=2)
    assert asyncio.run(desk.enter(event, 1, 1, TypedEntry("4S", "N", "10", ns="1NS"))).board == 1


def test_a_round_of_another_session_still_open_is_refused_without_citing_a_law(
    store: Store,
) -> None:
    event = two_sessions(store)
    store.open_round(event, 1)
    store.open_round(event, 2)  # rounds of one session may be open together
    with pytest.raises(StoreConflictError) as refused:
        store.open_round(event, 1, session=2)
    assert str(refused.value) == (
        "round 1 of session 1 is still open: close it before opening a round of session 2"
    )
    assert "Law" not in str(refused.value)
    with pytest.raises(StoreError, match=r"session 3 is not in the event \(expected 1 to 2\)"):
        store.open_round(event, 1, session=3)
    store.close_round(event, 1)
    store.close_round(event, 2)
    assert store.open_round(event, 1, session=2).session == 2
    assert [(entry.action, entry.detail) for entry in store.event_log(event)][-1] == (
        "open-round",
        "2.1",
    )


def test_the_tables_api_enters_a_two_session_pairs_events_second_session(store: Store) -> None:
    event = two_sessions(store)
    store.open_round(event, 1, session=2)
    client, csrf = signed_in(store, event, 1)
    round_ = client.get(f"/api/tables/{event}/1/round").json()
    assert (round_["session"], round_["rounds"][0]["boards"]) == (2, [1, 2])
    path = f"/api/tables/{event}/1/boards/1"
    entered = client.post(
        path, json={"contract": "4S", "declarer": "N", "tricks": "10"}, headers=csrf
    )
    assert entered.status_code == 200, entered.text
    pending = client.get(f"/api/tables/{event}/1/round").json()["pending"]
    assert [(one["board"], one["entry"]) for one in pending] == [(1, "4S N 10")]
    confirmed = client.post(f"{path}/confirm", json={"pair": "1EW"}, headers=csrf)
    assert confirmed.status_code == 201, confirmed.text
    mine = client.get(f"/api/tables/{event}/1/results").json()["results"]
    assert [(one["board"], one["entry"]) for one in mine] == [(1, "4S N 10")]
    assert results_of(store, event) == [(1, 1, 1, "3NT S 9"), (2, 1, 1, "4S N 10")]


def test_the_phone_page_names_the_session_of_an_event_of_several(store: Store) -> None:
    event = two_sessions(store)
    store.open_round(event, 3, session=2)
    assert "Mesa 1 · Sesión 2 · Ronda 3" in text_of(table_page(store, event, 1, "es"))
    assert "Table 1 · Session 2 · Round 3" in text_of(table_page(store, event, 1, "en"))
    single = store.create_event(EventSpec("Club", boards=6), movement=mitchell(3, 2))
    store.open_round(single, 1)
    page = text_of(table_page(store, single, 1, "en"))
    assert "Table 1, round 1" in page
    assert "Session" not in page


def test_the_phone_form_confirms_a_session_2_board_and_links_its_traveller(store: Store) -> None:
    event = two_sessions(store)
    store.open_round(event, 1, session=2)
    client, _ = signed_in(store, event, 1)
    page = client.get(f"/tables/{event}/1?lang=en").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    form = {"csrf_token": token.group(1), "level": "4", "strain": "S", "declarer": "N"}
    answer = client.post(f"/tables/{event}/1/boards/1", data=form | {"tricks": "10"})
    assert answer.status_code == 200, answer.text  # the redirect followed: the round again
    confirm = {"csrf_token": token.group(1), "pair": "1EW", "entry": "4S N 10"}
    confirmed = client.post(f"/tables/{event}/1/boards/1/confirm", data=confirm)
    assert confirmed.status_code == 200
    assert f"/results/{event}/boards/1?pair=1NS&amp;session=2" in confirmed.text
    assert results_of(store, event) == [(1, 1, 1, "3NT S 9"), (2, 1, 1, "4S N 10")]


def test_between_sessions_the_phone_waits_for_the_next_session(store: Store) -> None:
    event = two_sessions(store)
    for number in (1, 2, 3):
        store.open_round(event, number)
        store.close_round(event, number)
    page = text_of(table_page(store, event, 1, "en"))
    assert (
        "Session 1 is over for this table: this page shows the boards of session 2 as soon "
        "as the director opens its first round." in page
    )
    assert "thank you for playing" not in page
    for number in (1, 2, 3):
        store.open_round(event, number, session=2)
        store.close_round(event, number, session=2)
    assert "thank you for playing" in table_page(store, event, 1, "en")


def test_law86b_a_knockouts_second_segment_is_entered_from_both_tables(store: Store) -> None:
    event = store.create_event(
        EventSpec("Copa", boards=2, kind="teams", knockout=True, sessions=2),
        [Participant("1"), Participant("2")],
        movement=round_robin(2, 2, 1),
    )
    # Segment 1, entered at the desk: team 1 wins 10 IMPs on board 1.
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1", ew="2")
    store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), ns="2", ew="1")
    store.open_round(event, 1, session=2)
    for table, tricks in ((1, "9"), (2, "10")):
        client, csrf = signed_in(store, event, table)
        round_ = client.get(f"/api/tables/{event}/{table}/round").json()
        assert round_["session"] == 2
        ns, ew = round_["rounds"][0]["ns"], round_["rounds"][0]["ew"]
        path = f"/api/tables/{event}/{table}/boards/1"
        typed = {"contract": "4S", "declarer": "N", "tricks": tricks}
        assert client.post(path, json=typed, headers=csrf).json()["ns"] == ns
        confirmed = client.post(f"{path}/confirm", json={"pair": ew}, headers=csrf)
        assert confirmed.status_code == 201, confirmed.text
    assert [(s, t, b) for s, t, b, _ in results_of(store, event)] == [
        (1, 1, 1),
        (1, 2, 1),
        (2, 1, 1),
        (2, 2, 1),
    ]
    [match] = store.knockout_matches(event)
    assert [segment.session for segment in match.segments] == [1, 2]
    # Segment 2 is the mirror of segment 1: team 2 wins it by as much.
    first, second = match.segments
    assert (second.home_imps, second.away_imps) == (first.away_imps, first.home_imps)


def _csrf_of(page: str) -> str:
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    return token.group(1)


def test_the_desk_opens_and_closes_a_round_of_session_2(
    store: Store, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    event = two_sessions(store)
    page = client.get(f"/director/events/{event}?lang=en").text
    assert "Rounds and tables · Session 1" in text_of(page)
    assert f'href="/director/events/{event}?session=2"' in page
    opened = client.post(
        f"/director/events/{event}/rounds/2/open", data={"csrf_token": csrf, "session": "2"}
    )
    assert opened.status_code == 200
    assert store.is_round_open(event, 2, session=2)
    assert not store.is_round_open(event, 2)
    assert "Round 2 of session 2 is open." in text_of(opened.text)
    # The desk shows the session whose round is open, its round open and its buttons for it.
    shown = client.get(f"/director/events/{event}?lang=en").text
    assert "Rounds and tables · Session 2" in text_of(shown)
    assert '<input type="hidden" name="session" value="2">' in shown
    refused = client.post(
        f"/director/events/{event}/rounds/1/open", data={"csrf_token": csrf, "session": "1"}
    )
    assert "round 2 of session 2 is still open" in text_of(refused.text)
    assert not store.is_round_open(event, 1)
    asked = client.post(
        f"/director/events/{event}/rounds/2/close", data={"csrf_token": csrf, "session": "2"}
    )
    assert "Round 2 still has boards without a result" in text_of(asked.text)  # none entered
    assert store.is_round_open(event, 2, session=2)
    closed = client.post(
        f"/director/events/{event}/rounds/2/close",
        data={"csrf_token": csrf, "session": "2", "anyway": "true"},
    )
    assert "Round 2 of session 2 is closed." in text_of(closed.text)
    assert not store.is_round_open(event, 2, session=2)


def test_the_desk_asks_before_closing_a_session_2_round_with_an_entry_waiting(
    store: Store, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    event = two_sessions(store)
    store.open_round(event, 1, session=2)
    desk = TableDesk(store, SECRET)
    asyncio.run(desk.enter(event, 1, 2, TypedEntry("2H", "E", "8", ns="1NS")))
    grid = client.get(f"/director/events/{event}?lang=en").text
    assert "result?board=2&amp;table=1&amp;session=2" in grid
    assert 'title="awaiting East-West">2…' in grid
    asked = client.post(
        f"/director/events/{event}/rounds/1/close",
        data={"csrf_token": csrf, "session": "2"},
        follow_redirects=False,
    )
    assert asked.headers["location"] == f"/director/events/{event}?session=2&close=1#closing"
    assert store.is_round_open(event, 1, session=2)
    listed = client.get(asked.headers["location"].split("#")[0] + "&lang=en").text
    assert "2♥ E 8" in text_of(listed.split('id="closing-entries"')[1].split("</ul>")[0])
    form = client.get(f"/director/events/{event}/result?board=2&table=1&session=2&lang=en").text
    assert 'value="8"' in form  # the desk's form starts from what North-South entered


def test_law8_a_swiss_table_without_a_match_is_told_so_and_to_ask_the_director(
    store: Store,
) -> None:
    event = store.create_event(EventSpec("Suizo", boards=6), movement=swiss_start(4, 3, 2))
    store.open_round(event, 1)
    desk = TableDesk(store, SECRET)
    movement = store.movement(event)
    assert movement is not None
    for seating in movement.seatings(1):
        for board in seating.boards:
            tricks = "10" if seating.table == 1 else "9"
            typed = TypedEntry("4S", "N", tricks, ns=seating.ns or "", ew=seating.ew or "")
            asyncio.run(desk.enter(event, seating.table, board, typed))
            asyncio.run(desk.confirm(event, seating.table, board, pair=seating.ew or ""))
    store.close_round(event, 1)
    store.log_act(event, "disqualify", "4: cheating (Law 91B, by Ana)", by="Ana")
    paired = store.pair_next_round(event)
    assert [seating.table for seating in paired.seatings] == [1]  # table 2 is left free
    store.open_round(event, 2)
    page = text_of(table_page(store, event, 2, "en"))
    assert (
        "Round 2: this table has no match this round (a bye). Ask the director where you play."
        in page
    )
    assert "sit out" not in page
    assert "pair round 3" not in page
    spanish = text_of(table_page(store, event, 2, "es"))
    assert "Ronda 2: esta mesa no tiene encuentro en esta ronda (descanso)." in spanish
    assert "Preguntad al árbitro dónde jugáis." in spanish


def test_law_16c_a_second_sessions_travellers_stay_closed_while_it_is_played(
    store: Store,
) -> None:
    event = two_sessions(store)
    for number in (1, 2, 3):
        store.open_round(event, number)
        store.close_round(event, number)
    client = TestClient(create_app(store, secret=SECRET))
    # Session 1 over: its traveller opens to a typed pair number.
    assert client.get(f"/api/results/{event}/boards/1", params={"pair": "1NS"}).status_code == 200
    store.open_round(event, 1, session=2)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), ns="1NS", ew="1EW", session=2)
    asked = {"pair": "1NS", "session": "2"}
    refused = client.get(f"/api/results/{event}/boards/1", params=asked)
    assert refused.status_code == 403
    assert "code on your table card" in refused.json()["detail"]
    store.close_round(event, 1, session=2)  # rounds 2 and 3 of session 2 still to play
    assert client.get(f"/api/results/{event}/boards/1", params=asked).status_code == 403
    for number in (2, 3):
        store.open_round(event, number, session=2)
        store.close_round(event, number, session=2)
    assert client.get(f"/api/results/{event}/boards/1", params=asked).status_code == 200
