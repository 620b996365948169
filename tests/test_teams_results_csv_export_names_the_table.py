"""A teams event's results CSV names each line's table: a match's two rooms told apart.

A match is played at two tables with the same boards, the home team North-South at one
and East-West at the other; the desk's CSV export writes the table after the board for
a teams event, and keeps a pairs event's columns as ``arbitro session score`` reads them.
"""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from arbitro.scoring.traveller_columns import COLUMNS, TABLE_COLUMNS
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin

pytest_plugins = ("web_director",)


def test_law78b_teams_csv_export_writes_each_results_table(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    movement = round_robin(4, 1, 1)
    event = store.create_event(
        EventSpec("Liga", boards=movement.boards, kind="teams"), movement=movement
    )
    seatings = store.movement(event).seatings(1)  # type: ignore[union-attr]
    played = {}
    for seating, text in zip(seatings, ("4S N 10", "4S N 9", "3NT S 9", "PASS"), strict=True):
        board = seating.boards[0]
        store.enter_result(event, board, seating.table, Entry.from_str(text), by="ana")
        played[seating.table] = (str(board), seating.ns, seating.ew)
    answer = client.get(f"/director/events/{event}/export/csv")
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.text)))
    assert tuple(rows[0]) == TABLE_COLUMNS == ("board", "table", *COLUMNS[1:])
    written = {int(row[1]): (row[0], row[2], row[3]) for row in rows[1:]}
    assert written == played
    assert sorted(written) == [1, 2, 3, 4]
    # The open and the closed room of match 1: the same boards, the teams swapped.
    assert (written[1][1], written[1][2]) == (written[2][2], written[2][1])


def test_pairs_csv_export_keeps_the_travellers_columns(store: Store) -> None:
    event = store.create_event(EventSpec("Martes", boards=1), [Participant("1"), Participant("2")])
    store.enter_result(event, 1, 3, Entry.from_str("4S N 10"), ns="1", ew="2")
    text, count = store.csv_text(event)
    assert count == 1
    assert text.splitlines() == [",".join(COLUMNS), "1,1,2,4S,N,10,,,,"]
