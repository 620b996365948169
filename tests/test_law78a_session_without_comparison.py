"""A session where nothing was compared (Law 78A: no board played by two tables) ranks no one.

Its ranking on the players' pages shows «—» and the note for each pair, not ``0.00%``;
``arbitro event ranking --json`` gives the session's score as null; a session with a
comparison keeps its percentages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements import mitchell
from arbitro.web import create_app
from arbitro.web.standings import ranking_groups
from cli_support import run_cli
from web_director import SECRET

pytest_plugins = ("web_director",)  # the store fixture

NOTE = "no percentage yet: none of the boards this pair played"


def two_sessions(store: Store) -> int:
    """A Mitchell of two sessions: board 1 compared in session 1, played once in session 2."""
    event = store.create_event(EventSpec("Club", boards=6, sessions=2), movement=mitchell(3, 2))
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), session=1)
    store.enter_result(event, 1, 2, Entry.from_str("4S N 9"), session=1)
    store.enter_result(event, 1, 1, Entry.from_str("4S N 10"), session=2)
    return event


def two_sessions_stored(tmp_path: Path) -> tuple[str, int]:
    """:func:`two_sessions` in a database file, for the command line: its URL and event."""
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    opened = open_store(db)
    try:
        return db, two_sessions(opened)
    finally:
        opened.close()


def test_law_78a_session_ranking_without_comparison_has_no_percentage(store: Store) -> None:
    event = two_sessions(store)
    second = [line for _, lines in ranking_groups(store, event, session=2) for line in lines]
    assert second
    assert not any(line.compared for line in second)
    first = [line for _, lines in ranking_groups(store, event, session=1) for line in lines]
    assert all(line.compared for line in first if line.played)
    # The two pairs that played neither board 1 are listed too, marked as having no result.
    assert sorted(line.participant for line in first if not line.played) == ["2EW", "3NS"]
    assert {line.score for line in first} == {"100.00%", "0.00%"}


def test_law_78a_players_page_shows_a_dash_and_the_note_for_the_session(store: Store) -> None:
    event = two_sessions(store)
    store.publish(event, by="ana")
    with TestClient(create_app(store, secret=SECRET)) as player:
        page = player.get(f"/results/{event}", params={"session": 2})
        assert page.status_code == 200
        ranking = page.text.split('id="ranking-sessions"', 1)[1]
        assert "0.00%" not in ranking
        assert 'class="no-percentage"' in ranking
        assert NOTE in ranking
        first = player.get(f"/results/{event}", params={"session": 1}).text
        assert "100.00%" in first
        assert NOTE not in first


def test_cli_event_ranking_json_gives_null_for_a_session_without_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, event = two_sessions_stored(tmp_path)
    status, out, err = run_cli(capsys, "event", "ranking", str(event), "--json", "--db", db)
    assert status == 0, err
    sessions = {line["participant"]: line["sessions"] for line in json.loads(out)}
    assert sessions["1NS"] == [100.0, None]
    assert sessions["1EW"] == [0.0, None]
    assert sessions["2NS"] == [0.0, 0.0]  # did not play session 2: 0 in the event's mean


def test_cli_event_card_shows_no_score_for_a_session_without_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, event = two_sessions_stored(tmp_path)
    status, out, err = run_cli(capsys, "event", "card", str(event), "1NS", "--db", db)
    assert status == 0, err
    assert "Session 1: 2.00 (100.00%), place 1" in out
    assert "Session 2: —, nothing compared yet" in out
    assert "Session 2: 0" not in out
    status, out, err = run_cli(capsys, "event", "card", str(event), "1NS", "--json", "--db", db)
    assert status == 0, err
    totals = json.loads(out)["sessions"]
    assert [(t["session"], t["place"]) for t in totals] == [(1, "1"), (2, None)]
    assert totals[1]["total"] is None
