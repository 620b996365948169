"""A result a file recorded with its score shows the score once, in the score column.

An imported traveller line keeps the score the other program wrote beside the contract
(``4H N 9 score -100``). The pages that show the score in a column of their own (the
traveller, the score card, the printed results, the desk's results) write the contract
alone in the result column, so a passed-out board reads «Paso» at every table, not
«Paso marca 0» at some; a score given alone stays a score.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app

SECRET = "r" * 64


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(str(tmp_path / "arbitro.sqlite3"))
    yield opened
    opened.close()


def cells(page: str) -> list[str]:
    """The text of the page's table cells, tags taken out."""
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", page, re.S)
    ]


def test_law77_a_recorded_score_shows_in_the_score_column_not_beside_the_contract(
    store: Store,
) -> None:
    event = store.create_event(EventSpec("Martes", boards=6), movement=mitchell(3, 2))
    movement = store.movement(event)
    assert movement is not None
    tables = sorted(s.table for s in movement.schedule if 1 in s.boards)
    played = ["4H N 9 score -100", "Pass score 0", "score 420"]
    for table, line in zip(tables, played, strict=True):
        store.enter_result(event, 1, table, Entry.from_str(line))
    store.publish(event)
    client = TestClient(create_app(store, secret=SECRET))
    traveller = cells(client.get(f"/results/{event}/boards/1?lang=es").text)
    assert "4♥ N 9" in traveller
    assert "Paso" in traveller
    assert not any("marca -100" in cell or "Paso marca" in cell for cell in traveller)
    # A score the file gave alone is all there is to show: it stays.
    assert "marca 420" in traveller
    assert "-100" in traveller  # in the score column
