"""Law 78A: every team and every player of the event is in its ranking, one with no result yet too.

As a pair is: listed after the others with «—» for place and total and a note saying it
has no result yet, on the desk, the printed ranking, the public page and ``arbitro
event ranking``; the JSON keeps it with null figures and ``played: false``.

A round robin of four teams whose match 2 (teams 2 and 3) has entered nothing, and an
individual of twelve players whose table 3 (players 6, 8, 10 and 11) has entered nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec
from arbitro.tournament.movements.options import build
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store with director ana

ABSENT_TEAMS = ["2", "3"]
ABSENT_PLAYERS = ["6", "8", "10", "11"]


def _teams_match_2_missing(store: Store) -> int:
    """A round robin of four teams, round 1: match 1 (teams 1 and 4) in at both its tables."""
    movement = build("round-robin", 4, 2, None, False, False, False, teams=True)
    spec = EventSpec.scored("Liga", movement.boards, None, kind="teams")
    event = store.create_event(spec, movement=movement)
    for table in (1, 2):  # match 1's two tables
        for board in (1, 2):
            store.enter_result(event, board, table, Entry.from_str("4S N 10"))
    store.publish(event)
    return event


def _individual_table_3_missing(store: Store) -> int:
    """An individual of three tables, round 1 entered at tables 1 and 2 only."""
    movement = build("individual", 3, 2, None, False, False, False)
    spec = EventSpec.scored("Individual", movement.boards, None, kind="individual")
    event = store.create_event(spec, movement=movement)
    for table, entry in ((1, "4S N 10"), (2, "4S N 9")):
        for board in (1, 2):
            store.enter_result(event, board, table, Entry.from_str(entry))
    store.publish(event)
    return event


@pytest.mark.parametrize(
    ("make", "absent", "count"),
    [(_teams_match_2_missing, ABSENT_TEAMS, 4), (_individual_table_3_missing, ABSENT_PLAYERS, 12)],
    ids=["teams", "individual"],
)
def test_law78a_a_team_or_player_with_no_result_is_listed_last_without_figures(
    store: Store, make: object, absent: list[str], count: int
) -> None:
    assert callable(make)
    event = make(store)
    standings = store.ranking(event)
    assert sorted(s.participant for s in standings) == sorted(str(n) for n in range(1, count + 1))
    last = standings[-len(absent) :]
    assert [(s.participant, s.played, s.compared) for s in last] == [
        (participant, False, False) for participant in absent
    ]
    assert all(s.played and s.compared for s in standings[: -len(absent)])


@pytest.mark.parametrize(
    ("make", "absent", "english"),
    [
        (_teams_match_2_missing, ABSENT_TEAMS, "—: teams 2, 3 have no result yet."),
        (
            _individual_table_3_missing,
            ABSENT_PLAYERS,
            "—: players 6, 8, 10, 11 have no result yet.",
        ),
    ],
    ids=["teams", "individual"],
)
def test_law78a_every_page_lists_a_team_or_player_with_no_result_and_says_so(
    director: tuple[TestClient, str],
    store: Store,
    make: object,
    absent: list[str],
    english: str,
) -> None:
    client, _ = director
    assert callable(make)
    event = make(store)
    ranked = len(store.ranking(event))
    pages = (
        f"/results/{event}",
        f"/director/events/{event}",
        f"/director/events/{event}/print/ranking",
    )
    for path in pages:
        page = client.get(f"{path}?lang=en").text
        ranking = page.split('<table class="results ranking">')[1].split("</table>")[0]
        assert ranking.count("<tr>") == ranked + 1, path  # the heading and every participant
        assert ranking.count("—</abbr>") == 2 * len(absent), path  # no place, no total
        note = page.split('id="no-result">')[1].split("</p>")[0]
        assert note == english, path
    public = client.get(f"/api/results/{event}").json()["ranking"]
    assert [(line["participant"], line["rank"], line["total"], line["played"]) for line in public][
        -len(absent) :
    ] == [(participant, None, None, False) for participant in absent]
    desk = client.get(f"/api/events/{event}/ranking").json()
    assert [(line["participant"], line["place"], line["score"]) for line in desk][
        -len(absent) :
    ] == [(participant, None, None) for participant in absent]


def test_law78a_the_spanish_pages_name_the_teams_and_players_with_no_result(
    director: tuple[TestClient, str], store: Store
) -> None:
    """Runs once the catalog has the Spanish of the teams' and the players' notes."""
    client, _ = director
    for event, spanish in (
        (_teams_match_2_missing(store), "—: los equipos 2, 3 aún no tienen resultado."),
        (
            _individual_table_3_missing(store),
            "—: los jugadores 6, 8, 10, 11 aún no tienen resultado.",
        ),
    ):
        page = client.get(f"/results/{event}?lang=es").text
        assert page.split('id="no-result">')[1].split("</p>")[0] == spanish


@pytest.mark.parametrize(
    ("make", "absent", "english"),
    [
        (_teams_match_2_missing, ABSENT_TEAMS, "—: teams 2, 3 have no result yet."),
        (
            _individual_table_3_missing,
            ABSENT_PLAYERS,
            "—: players 6, 8, 10, 11 have no result yet.",
        ),
    ],
    ids=["teams", "individual"],
)
def test_law78a_the_command_line_lists_a_team_or_player_with_no_result(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make: object,
    absent: list[str],
    english: str,
) -> None:
    assert callable(make)
    path = tmp_path / "club.sqlite3"
    store = open_store(f"sqlite:///{path}")
    try:
        event = make(store)
        ranked = len(store.ranking(event))
    finally:
        store.close()
    db = ("--db", str(path))
    code, out, err = run_cli(capsys, "event", "ranking", str(event), "--lang", "en", *db)
    assert code == 0, err
    rows = [line.split() for line in out.splitlines() if line.startswith("  ")]
    ranking = rows[1 : ranked + 1]  # after the heading; a teams event's matches follow
    assert [row[1] for row in ranking[-len(absent) :]] == absent
    assert all(row[0] == row[2] == "—" for row in ranking[-len(absent) :])
    assert english in out.splitlines()
    code, out, _ = run_cli(capsys, "event", "ranking", str(event), "--json", *db)
    lines = json.loads(out)
    assert len(lines) == ranked
    assert [(s["participant"], s["rank"], s["total"], s["played"]) for s in lines][
        -len(absent) :
    ] == [(participant, None, None, False) for participant in absent]
