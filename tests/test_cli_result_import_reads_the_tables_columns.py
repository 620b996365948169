"""``result import`` reads every column of a results file by table, the group of a
fouled board among them, so a teams event's results CSV (the desk's export) is read back.

The columns are the travellers' with the table after the board
(:data:`arbitro.scoring.traveller_columns.TABLE_COLUMNS`), one tuple for the export that writes
them and the import that reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.store import open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import round_robin
from cli_support import run_cli


def test_law_87_result_import_keeps_a_fouled_boards_group(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = ("--db", f"sqlite:///{tmp_path / 'club.sqlite3'}")
    pairs = ["--pair", "1", "--pair", "2", "--pair", "3", "--pair", "4"]
    code, _, err = run_cli(capsys, "event", "new", "Club", "--boards", "2", *pairs, *db)
    assert code == 0, err
    travellers = tmp_path / "day.csv"
    lines = [
        "board,table,ns,ew,contract,declarer,tricks,group",
        "1,1,1,2,4S,N,10,A",
        "1,2,3,4,3NT,S,9,B",
    ]
    travellers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "--lang", "en", "result", "import", "1", str(travellers), *db)
    assert code == 0, err
    assert "(group A, Law 87)" in out
    code, out, err = run_cli(capsys, "result", "list", "1", "--json", *db)
    assert code == 0, err
    assert [(line["table"], line["entry"]) for line in json.loads(out)] == [
        (1, "4S N 10 group A"),
        (2, "3NT S 9 group B"),
    ]


def test_teams_results_csv_export_is_read_back_by_result_import(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The open and closed rooms of a round robin's round, one board fouled (Law 87B):
    exported from one event and imported into its twin, the same results at the same
    tables, groups and all."""
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    movement = round_robin(4, 1, 1)
    spec = EventSpec("Liga", boards=movement.boards, kind="teams")
    store = open_store(url)
    try:
        event = store.create_event(spec, movement=movement)
        twin = store.create_event(spec, movement=movement)
        seatings = store.movement(event).seatings(1)  # type: ignore[union-attr]
        texts = ("4S N 10 group A", "4S N 9 group B", "3NT S 9", "Pass")
        for seating, text in zip(seatings, texts, strict=True):
            store.enter_result(event, seating.boards[0], seating.table, Entry.from_str(text))
        exported, count = store.csv_text(event)
    finally:
        store.close()
    assert count == 4
    results = tmp_path / "liga.csv"
    results.write_text(exported, encoding="utf-8")
    code, _, err = run_cli(capsys, "result", "import", str(twin), str(results), "--db", url)
    assert code == 0, err
    store = open_store(url)
    try:
        original, imported = (
            [(r.board, r.table, r.ns, r.ew, r.entry) for r in store.results(number)]
            for number in (event, twin)
        )
    finally:
        store.close()
    assert imported == original
    assert [entry.to_str() for *_, entry in imported] == list(texts)
