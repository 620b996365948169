"""The table's phone says where everyone goes when the round ends (Law 8A), and a
traveller gives each line's points with its percentage of the board's top (Law 78A).
"""

from __future__ import annotations

import asyncio
import html
import re
from fractions import Fraction

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.scoring.matchpoints import percentage
from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import Move, howell, mitchell, round_moves
from arbitro.web import create_app
from arbitro.web.security import table_code
from arbitro.web.table_desk import TableDesk
from arbitro.web.table_entries import TypedEntry
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _table_client(store: Store, event: int, table: int) -> TestClient:
    client = TestClient(create_app(store, secret=SECRET))
    sign_in = client.get("/tables")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', sign_in.text)
    assert csrf is not None
    answer = client.post(
        "/tables/sign-in",
        data={"event": event, "code": table_code(SECRET, event, table), "csrf_token": csrf[1]},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return client


def test_law8a_round_moves_of_a_mitchell_follow_the_movement() -> None:
    movement = mitchell(3, 2)
    assert round_moves(movement, 2, 1) == (
        Move("stay", "2NS", tables=(2,), place="NS"),
        Move("go", "2EW", tables=(3,), place="EW"),
        Move("go", boards=(3, 4), tables=(1,)),
    )
    assert round_moves(movement, 2, movement.rounds) == ()


def test_law8a_round_moves_name_the_sit_out_the_relay_and_the_bye_stand() -> None:
    movement = howell(2, 3, half_table=True)
    told = {
        move.who
        for table in (1, 2)
        for move in round_moves(movement, table, 1)
        if move.kind == "sits out"
    }
    assert told == set(movement.sitting_out(2)) == {"2"}
    relay = mitchell(4, 2, sharing="relay")
    boards = {
        table: next(move for move in round_moves(relay, table, 1) if not move.who)
        for table in range(1, 5)
    }
    assert boards[2] == Move("go", boards=(3, 4), tables=(1, 4))  # the relayed set
    assert boards[3] == Move("bye stand", boards=(5, 6))


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 9), st.integers(1, 3), st.data())
def test_law8a_every_move_is_where_the_movement_seats_them_next(
    tables: int, boards: int, data: st.DataObject
) -> None:
    movement = mitchell(tables, boards)
    round_ = data.draw(st.integers(1, movement.rounds - 1))
    table = data.draw(st.integers(1, tables))
    for move in round_moves(movement, table, round_):
        following = movement.seatings(round_ + 1)
        if move.who:
            seat = next(s for s in following if move.who in s.participants)
            assert move.tables == (seat.table,)
            assert move.kind == ("stay" if seat.table == table else "go")
        else:
            assert move.tables == tuple(s.table for s in following if s.boards == move.boards)


def test_law8a_the_tables_phone_says_where_everyone_goes_once_the_round_is_in(
    store: Store,
) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    store.open_round(event, 1)
    client = _table_client(store, event, 2)
    page = client.get(f"/tables/{event}/2?lang=es").text
    assert 'class="moves"' not in page  # nothing before the round's boards are in
    desk = TableDesk(store, SECRET)
    for board in (3, 4):
        asyncio.run(desk.enter(event, 2, board, TypedEntry("3NT", "S", "9", ns="2NS")))
        asyncio.run(desk.confirm(event, 2, board, "2EW", "3NT S 9"))
    page = _text(client.get(f"/tables/{event}/2?lang=es").text)
    assert "Al cambiar de ronda" in page
    assert "2NS : os quedáis en esta mesa, en Norte-Sur" in page
    assert "2EO : a la mesa 3, en Este-Oeste" in page
    assert "Estuches 3, 4 : Norte los lleva a la mesa 1" in page
    # Once the director closes the round the waiting page still shows them, in English too.
    store.close_round(event, 1)
    waiting = _text(client.get(f"/tables/{event}/2?lang=en").text)
    assert "Waiting for round 2" in waiting
    assert "2EW : to table 3, East-West" in waiting
    assert "Boards 3, 4 : North takes them to table 1" in waiting


def _field(store: Store) -> int:
    pairs = [Participant(str(number)) for number in range(1, 9)]
    event = store.create_event(EventSpec("Martes", boards=1), pairs)
    for table, text in enumerate(("4S N 9", "4S N 11", "4S N 10", "4S N 10"), start=1):
        store.enter_result(
            event, 1, table, Entry.from_str(text), ns=str(2 * table - 1), ew=str(2 * table)
        )
    return event


def test_law78a_traveller_lines_carry_points_and_percentages_best_first(store: Store) -> None:
    event = _field(store)
    store.publish(event)
    with TestClient(create_app(store, secret=SECRET)) as client:
        pages = {
            lang: client.get(f"/results/{event}/boards/1?lang={lang}").text for lang in ("es", "en")
        }
    cells = {}
    for lang, page in pages.items():
        body = page.split("<tbody>")[1].split("</tbody>")[0]
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
        cells[lang] = [
            [_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows
        ]
    # Table, NS, EW, contract, score, NS points (percentage), EW points (percentage): in
    # Spanish with a decimal comma and the percent sign apart ("55,23 %"), in English with a point.
    assert [row[4] for row in cells["es"]] == ["+450", "+420", "+420", "-50"]
    assert [row[5] for row in cells["es"]] == [
        "6,00 100,00 %",
        "3,00 50,00 %",
        "3,00 50,00 %",
        "0,00 0,00 %",
    ]
    assert [row[6] for row in cells["es"]] == [
        "0,00 0,00 %",
        "3,00 50,00 %",
        "3,00 50,00 %",
        "6,00 100,00 %",
    ]
    assert "50,00\xa0%" in pages["es"]  # the sign kept with its number on a narrow screen
    assert [row[5] for row in cells["en"]] == [
        "6.00 100.00%",
        "3.00 50.00%",
        "3.00 50.00%",
        "0.00 0.00%",
    ]


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(7, 13), min_size=2, max_size=6))
def test_law78a_percentages_are_the_points_over_the_boards_top(tricks: list[int]) -> None:
    store = open_store("sqlite:///:memory:")
    pairs = [Participant(str(number)) for number in range(1, 2 * len(tricks) + 1)]
    event = store.create_event(EventSpec("Club", boards=1), pairs)
    for table, taken in enumerate(tricks, start=1):
        store.enter_result(
            event,
            1,
            table,
            Entry.from_str(f"4H S {taken}"),
            ns=str(2 * table - 1),
            ew=str(2 * table),
        )
    figures = store.board_percentages(store.event(event), store.results(event))
    top = 2 * (len(tricks) - 1)
    for ns_points, ew_points, ns_percent, ew_percent in figures.values():
        assert Fraction(ns_points) + Fraction(ew_points) == top
        assert ns_percent == f"{float(percentage(Fraction(ns_points), top)):.2f}"
        assert Fraction(ns_percent) + Fraction(ew_percent) == 100
    store.close()


def test_law78b_imps_have_no_percentage(store: Store) -> None:
    pairs = [Participant(str(number)) for number in range(1, 7)]
    event = store.create_event(EventSpec("Butler", boards=1, method="imp-butler"), pairs)
    for table, text in enumerate(("4S N 9", "4S N 11", "4S N 10"), start=1):
        store.enter_result(
            event, 1, table, Entry.from_str(text), ns=str(2 * table - 1), ew=str(2 * table)
        )
    figures = store.board_percentages(store.event(event), store.results(event))
    assert {(ns_percent, ew_percent) for _, _, ns_percent, ew_percent in figures.values()} == {
        ("", "")
    }
    assert all(ns_points for ns_points, *_ in figures.values())
