"""The director's table (issue 27): the log built tap by tap through the page's endpoints.

Each incident is a table log written by hand (``tests/scenarios``, ``docs/examples``);
the test posts its events one tap at a time, as the page does, and checks that the log
the server keeps equals the hand-written one, event for event, and that ``arbitro table
replay`` prints the same state for both.
"""

from __future__ import annotations

import html
import itertools
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cli import main
from arbitro.core.deal import Deal
from arbitro.core.errors import ArbitroError
from arbitro.core.seat import Seat
from arbitro.store import Store
from arbitro.table import Event, IllegalActionError, RestrictionKind, Table, event_from_json
from arbitro.table.events import EXAMPLE_DEAL, BoardEvent
from arbitro.table.log import dumps, loads
from arbitro.tournament.event import EventSpec
from arbitro.web import create_app
from arbitro.web.director_table import start_log, tapped, undone
from web_director import PASSWORD, SECRET

pytest_plugins = ("web_director",)  # the store and director fixtures

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
EXAMPLES = ROOT / "docs" / "examples"


def events_of(text: str) -> list[Event]:
    """The events of a table log, its comment and blank lines skipped."""
    return [
        event_from_json(json.loads(line))
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def tap_through(client: TestClient, csrf: str, written: str) -> str:
    """Open the board of the log ``written`` and post its events one tap each; the kept log."""
    board, *taps = [
        json.loads(line)
        for line in written.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    opened = client.get("/director/table", params={"board": board["board"], "deal": board["deal"]})
    assert opened.status_code == 200, opened.text
    log = ""
    for number, tap in enumerate(taps, start=2):
        answer = client.post(
            "/director/table/tap",
            params={"board": board["board"]},
            json=tap,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, f"line {number}: {answer.text}"
        log = answer.json()["log"]
    downloaded = client.get("/director/table/log", params={"board": board["board"]})
    assert downloaded.status_code == 200
    assert downloaded.text == log
    return log


def replayed(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """What ``arbitro table replay --json`` prints for the log at ``path``."""
    with pytest.raises(SystemExit) as exited:
        main(["table", "replay", "--json", str(path)])
    assert exited.value.code in (0, None)
    return capsys.readouterr().out


INCIDENTS = [
    SCENARIOS / "law_54b_declarer_accepts_and_plays_second.jsonl",
    SCENARIOS / "law_54d_refused_lead_becomes_major_penalty_card.jsonl",
    SCENARIOS / "law_54a_declarer_spreads_and_becomes_dummy.jsonl",
    EXAMPLES / "board-27b2.jsonl",
    SCENARIOS / "law_64a1_two_tricks_transferred.jsonl",
    EXAMPLES / "claim-disputed.jsonl",
    SCENARIOS / "law_25a_unintended_call_replaced.jsonl",
]


@pytest.mark.parametrize("incident", INCIDENTS, ids=lambda path: path.stem)
def test_director_table_log_tapped_equals_the_log_written_by_hand_and_its_replay(
    director: tuple[TestClient, str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    incident: Path,
) -> None:
    client, csrf = director
    written = incident.read_text(encoding="utf-8")
    built = tap_through(client, csrf, written)
    assert events_of(built) == events_of(written)
    (tmp_path / "tapped.jsonl").write_text(built, encoding="utf-8")
    assert replayed(capsys, tmp_path / "tapped.jsonl") == replayed(capsys, incident)


def test_director_table_law_27b2_leaves_the_lead_restriction_in_force(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    built = tap_through(client, csrf, (EXAMPLES / "board-27b2.jsonl").read_text())
    table = loads(built)
    kinds = [(r.kind, r.seat, r.law) for r in table.restrictions]
    assert (RestrictionKind.LEAD_OPTION, Seat.WEST, "26A2") in kinds
    page = client.get("/director/table", params={"board": 1})
    for restriction in table.restrictions:
        assert html.escape(str(restriction.message)) in page.text


def test_director_table_law_64a_shows_the_tricks_transferred(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    built = tap_through(
        client, csrf, (SCENARIOS / "law_64a1_two_tricks_transferred.jsonl").read_text()
    )
    table = loads(built)
    assert table.transfers, "the incident transfers tricks"
    assert str(table.score()) in client.get("/director/table", params={"board": 1}).text


def test_director_table_undo_drops_the_last_event_and_the_reload_keeps_the_log(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    tap_through(client, csrf, (SCENARIOS / "law_25a_unintended_call_replaced.jsonl").read_text())
    headers = {"X-CSRF-Token": csrf}
    before = client.get("/director/table/log", params={"board": 5}).text
    mistaken = client.post(
        "/director/table/tap",
        params={"board": 5},
        json={"event": "call", "seat": "W", "call": "Pass"},
        headers=headers,
    )
    assert mistaken.status_code == 200
    assert events_of(mistaken.json()["log"])[-1] != events_of(before)[-1]
    undone = client.post("/director/table/undo", params={"board": 5}, headers=headers)
    assert undone.status_code == 200
    assert undone.json()["log"] == before
    assert store.kept_table_log("ana", 0, 5) == before
    with TestClient(create_app(store, secret=SECRET)) as reloaded:
        signed = reloaded.post("/api/session", json={"name": "ana", "password": PASSWORD})
        assert signed.status_code == 200
        assert reloaded.get("/director/table/log", params={"board": 5}).text == before


def test_director_table_refuses_a_tap_the_table_cannot_take_with_the_reason(
    director: tuple[TestClient, str],
) -> None:
    client, csrf = director
    client.get("/director/table", params={"board": 1, "deal": str(EXAMPLE_DEAL)})
    headers = {"X-CSRF-Token": csrf}
    answer = client.post(
        "/director/table/tap",
        params={"board": 1},
        json={"event": "play", "seat": "W", "card": "SA"},
        headers=headers,
    )
    assert answer.status_code == 422
    with pytest.raises(IllegalActionError) as refused:
        Table(EXAMPLE_DEAL, number=1).play("W", "SA")
    assert answer.json()["detail"] == str(refused.value)
    board = client.post(
        "/director/table/tap",
        params={"board": 1},
        json={"event": "board", "board": 2, "deal": str(EXAMPLE_DEAL)},
        headers=headers,
    )
    assert board.status_code == 422
    assert "other than the board" in board.json()["detail"]
    unsigned = client.post("/director/table/tap", params={"board": 1}, json={"event": "face_lead"})
    assert unsigned.status_code in (400, 403)
    assert len(events_of(client.get("/director/table/log", params={"board": 1}).text)) == 1


def test_director_table_takes_the_deal_kept_for_the_events_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, _ = director
    event = store.create_event(EventSpec("Club", boards=2))
    desk = client.get(f"/director/events/{event}")
    assert f'href="/director/table?event={event}"' in desk.text
    missing = client.get("/director/table", params={"event": event, "board": 2})
    assert missing.status_code == 422
    assert "give the deal of board 2" in missing.text
    store.keep_deals(event, {2: EXAMPLE_DEAL})
    opened = client.get("/director/table", params={"event": event, "board": 2})
    assert opened.status_code == 200
    kept = store.kept_table_log("ana", event, 2)
    assert kept is not None
    board = events_of(kept)[0]
    assert isinstance(board, BoardEvent)
    assert board.deal == EXAMPLE_DEAL
    assert client.get("/director/table", params={"board": 2}).status_code == 422


def test_director_table_saves_the_ruling_with_its_log_on_the_events_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=2))
    written = (EXAMPLES / "board-27b2.jsonl").read_text(encoding="utf-8")
    board, *taps = [json.loads(line) for line in written.splitlines() if line.strip()]
    store.keep_deals(event, {1: Deal.from_str(board["deal"])})
    assert client.get("/director/table", params={"event": event, "board": 1}).status_code == 200
    for tap in taps:
        answer = client.post(
            "/director/table/tap",
            params={"event": event, "board": 1},
            json=tap,
            headers={"X-CSRF-Token": csrf},
        )
        assert answer.status_code == 200, answer.text
    saved = client.post(
        "/director/table/save",
        params={"event": event, "board": 1},
        data={"csrf_token": csrf, "law": "27B2", "text": "2C replaces 1H", "table_number": "3"},
    )
    assert saved.status_code == 200  # followed the redirect back to the table
    assert "saved to the board" in saved.text
    [(_, ruling)] = store.rulings(event)
    assert (ruling.board, ruling.table, ruling.law, ruling.director) == (1, 3, "27B2", "ana")
    assert ruling.log is not None
    assert events_of(ruling.log) == events_of(written)
    bare = client.post(
        "/director/table/save",
        params={"board": 1},
        data={"csrf_token": csrf, "law": "27B2", "text": "x"},
    )
    assert bare.status_code == 422
    assert "open the board from its event" in bare.text


CALLS = ("Pass", "X", "XX", "1C", "1H", "1NT", "2S", "3NT", "7NT")


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("NESW"), st.sampled_from(CALLS)), min_size=1, max_size=10)
)
def test_director_table_undo_is_the_fold_of_the_log_without_its_last_event(
    taps: list[tuple[str, str]],
) -> None:
    """Any seat calls anything: each tap the table takes adds one event; undo gives back the log before it."""
    logs = [start_log(1, str(EXAMPLE_DEAL))]
    for seat, call in taps:
        try:
            logs.append(tapped(logs[-1], {"event": "call", "seat": seat, "call": call}))
        except ArbitroError:
            continue  # refused (the table waits on a decision): the log is unchanged
        assert len(events_of(logs[-1])) == len(events_of(logs[-2])) + 1
    for before, after in itertools.pairwise(logs):
        assert undone(after) == before
        assert events_of(dumps(loads(after))) == events_of(after)
