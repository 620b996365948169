"""The AEB's alert norms in the web worksheet: the first misinformation question answered
from the alert of a call in the table log (a late alert is misinformation, 21B1a)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from arbitro.core.seat import Seat
from arbitro.store import Store
from arbitro.table import Table
from arbitro.table.events import EXAMPLE_DEAL, AlertEvent
from arbitro.table.log import dumps
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.fixture
def event(store: Store) -> int:
    number = store.create_event(
        EventSpec("Club", boards=2), [Participant(str(n)) for n in range(1, 3)]
    )
    store.enter_result(number, 2, 1, Entry.from_str("2H W 8"), ns="1", ew="2")
    return number


def test_aeb_alert_web_worksheet_answers_from_a_late_alert_in_the_log(
    store: Store, event: int, director: tuple[TestClient, str]
) -> None:
    client, csrf = director
    # East-West (pair 2) play transfers; East alerts West's 2D only after North called.
    card = "system: Acol\n1NT Pass 2D: transfer to hearts (artificial)"
    answer = client.post(
        "/director/agreements",
        data={"csrf_token": csrf, "event": str(event), "pair": "2", "text": card},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    played = Table(EXAMPLE_DEAL, number=2)  # board 2: East deals
    for seat, call in (("E", "1NT"), ("S", "Pass"), ("W", "2D"), ("N", "Pass")):
        played.call(seat, call)
    played.apply(AlertEvent(Seat.EAST, 3))
    fields = {
        "csrf_token": csrf,
        "event": str(event),
        "kind": "MI",
        "board": "2",
        "table": "1",
        "offenders": "EW",
        "log": dumps(played),
        "call": "3",
        "answer_irregularity": "alert",
        "answer_suggested": "no",
        "action": "record",
    }
    answer = client.post("/director/cases", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    [stored] = store.stored_cases(event)
    first = stored.case.sheet.answers[0]
    assert first.yes
    assert "alerted late, after the next opponent called" in first.note
    assert "(Law 21B1a)" in first.note
    # Without the log the alert cannot be checked: the form says what is missing.
    answer = client.post("/director/cases", data={**fields, "log": ""})
    assert answer.status_code == 422
    assert "the alert is checked on the table log" in answer.text
