"""The players' pages of an individual event and of an event of two sessions.

An individual's ranking heads its names column *Name* (one player a line, not
*Players*), a score card asked for a player the event has not names a player, not
a pair, and the table's confirmation offers East's own player number as its example
(what the label asks for), not the partnership ``1&4``; between rounds, the moves name
each player (*Player 8: stays at this table*), one person, not a pair. An event of pairs or players over several sessions offers each session's
ranking (``?session=1``) beside the event's: the session's scores, ranked as the event
ranks its totals; a session it has not is refused with a clear message.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import individual, mitchell
from arbitro.web import create_app
from arbitro.web.security import table_code
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


@pytest.fixture
def players(store: Store) -> int:
    """A published individual of two tables, every board 3NT by South making."""
    movement = individual(2, 2, rounds=3)
    people = [Participant.from_str(f"{number}: Ana Gil") for number in range(1, 9)]
    spec = EventSpec("Individual", boards=movement.boards, kind="individual")
    event = store.create_event(spec, people, movement)
    for seating in movement.schedule:
        for board in seating.boards:
            store.enter_result(event, board, seating.table, Entry.from_str("3NT S 9"))
    store.publish(event)
    return event


@pytest.fixture
def two_sessions(store: Store) -> int:
    """A published Mitchell of two sessions: 1NS wins session 1 alone, every table ties session 2."""
    pairs = [Participant(f"{number}{side}") for number in range(1, 4) for side in ("NS", "EW")]
    event = store.create_event(EventSpec("Otoño", boards=6, sessions=2), pairs, mitchell(3, 2))
    movement = store.movement(event)
    assert movement is not None
    for session in (1, 2):
        for seating in movement.schedule:
            for board in seating.boards:
                won = session == 1 and seating.table == 1
                entry = Entry.from_str("4S N 11" if won else "4S N 10")
                store.enter_result(event, board, seating.table, entry, session=session)
    store.publish(event)
    return event


def places(page: str, group: int = 0) -> list[tuple[str, str, str]]:
    """The place, participant and total of each line of the page's ranking ``group``."""
    table = page.split('class="results ranking')[group + 1].split("</table>")[0]
    return re.findall(
        r'<tr><td>([0-9]+=?)</td>\s*<td><a [^>]*>([^<]+)</a></td>.*?<td class="number">([^<]+)</td>',
        table,
        flags=re.DOTALL,
    )


def test_individual_ranking_heads_its_names_name_and_refuses_an_unknown_player(
    store: Store, players: int
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        ranking = client.get(f"/results/{players}?lang=en").text
        unknown = client.get(f"/results/{players}/pairs/9?lang=en")
    head = ranking.split('class="results ranking')[1].split("</thead>")[0]
    assert ">Name</th>" in head
    assert "Players" not in head
    assert unknown.status_code == 404
    assert "there is no player &#39;9&#39; in event" in unknown.text
    assert "no pair" not in unknown.text


def test_individual_tables_confirmation_offers_easts_player_number(store: Store) -> None:
    movement = individual(2, 2, rounds=3)
    spec = EventSpec("Individual", boards=movement.boards, kind="individual")
    event = store.create_event(spec, movement=movement)
    store.open_round(event, 1)
    [seating] = [s for s in movement.schedule if (s.round, s.table) == (1, 1)]
    board = seating.boards[0]
    with TestClient(create_app(store, secret=SECRET)) as client:
        signed = client.post(
            "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
        )
        csrf = {"X-CSRF-Token": signed.json()["csrf"]}
        entered = client.post(
            f"/api/tables/{event}/1/boards/{board}",
            json={"contract": "3NT", "declarer": "S", "tricks": "9"},
            headers=csrf,
        )
        assert entered.status_code == 200, entered.text
        page = client.get(f"/tables/{event}/1?lang=en").text
    field = re.search(r'<input name="pair"[^>]*placeholder="([^"]*)"', page)
    assert field is not None
    assert field[1] == seating.east
    assert "your player number" in page


def test_a_sessions_ranking_ranks_its_scores_beside_the_events(
    store: Store, two_sessions: int
) -> None:
    with TestClient(create_app(store, secret=SECRET)) as client:
        overall = client.get(f"/results/{two_sessions}?lang=en").text
        first = client.get(f"/results/{two_sessions}?session=1&lang=en").text
        second = client.get(f"/results/{two_sessions}?session=2&lang=en").text
        missing = client.get(f"/results/{two_sessions}?session=3&lang=en")
    links = overall.split('id="ranking-sessions"')[1].split("</p>")[0]
    assert f'href="/results/{two_sessions}?session=1"' in links
    assert f'href="/results/{two_sessions}?session=2"' in links
    assert "<strong>Overall</strong>" in links
    assert "<strong>Session 1</strong>" in first.split('id="ranking-sessions"')[1]
    # Session 1: 1NS alone on top (100 %); the others 25 %. Overall: the mean of both.
    assert places(first)[0] == ("1", "1NS", "100.00%")
    assert [place for place, _, _ in places(first)[1:]] == ["2=", "2="]
    assert {total for _, _, total in places(second)} == {"50.00%"}
    assert {place for place, _, _ in places(second)} == {"1="}
    assert places(overall)[0] == ("1", "1NS", "75.00%")
    assert missing.status_code == 404
    assert f"event {two_sessions} has no session 3 to rank (it has 2)" in missing.text


def test_individual_tables_moves_name_each_player(store: Store) -> None:
    movement = individual(2, 2, rounds=3)
    spec = EventSpec("Individual", boards=movement.boards, kind="individual")
    event = store.create_event(spec, movement=movement)
    store.open_round(event, 1)
    store.close_round(event, 1)
    [seating] = [s for s in movement.schedule if (s.round, s.table) == (1, 1)]
    [staying] = [s for s in movement.schedule if (s.round, s.table) == (2, 1)]
    with TestClient(create_app(store, secret=SECRET)) as client:
        client.post(
            "/api/tables/sign-in", json={"event": event, "code": table_code(SECRET, event, 1)}
        )
        page = client.get(f"/tables/{event}/1?lang=en").text
    moves = page.split('<ul class="moves">')[1].split("</ul>")[0]
    stays = [player for player in seating.participants if player in staying.participants]
    assert stays, "the movement keeps someone at table 1"
    for player in seating.participants:
        assert f"<strong>Player {player}</strong>: " in moves
    assert "stays at this table" in moves
    assert "stay at this table" not in moves.replace("stays at this table", "")
