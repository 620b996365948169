"""A participant names no more players than its kind has (Law 4): a pair two, a team six.

Refused once, in the tournament layer (``event.check_players``), wherever players are
named: ``arbitro event new --pair``, the desk's and the API's new event (the store's
``create_event``) and ``set_players`` (the desk and the JSON API). A participant naming
no players passes: its names are not kept. An import keeps the lists the other
program's file gives, whatever their length: the file is what was played.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.event import (
    EventSpec,
    InvalidParticipantError,
    Participant,
    check_players,
)
from arbitro.tournament.movements import howell
from cli_support import run_cli

pytest_plugins = ("web_director",)  # the store and director fixtures


@pytest.mark.parametrize(
    ("kind", "names", "accepted"),
    [
        ("pairs", "Ana, Luis", True),
        ("pairs", "", True),
        ("pairs", "Ana", True),  # a partner's name still to come
        ("pairs", "Ana, Luis, Eva", False),
        ("teams", "A, B, C, D", True),
        ("teams", "A, B, C, D, E, F", True),
        ("teams", "Equipo Sol", True),  # a team named by its name or its captain
        ("teams", "A, B, C, D, E, F, G", False),
        ("individual", "Ana", True),
        ("individual", "Ana, Luis", False),
    ],
)
def test_law_4_participant_names_as_many_players_as_its_kind(
    kind: str, names: str, accepted: bool
) -> None:
    participant = Participant.from_str(f"3: {names}")
    if accepted:
        assert check_players(participant, kind) == participant
        return
    with pytest.raises(InvalidParticipantError) as refused:
        check_players(participant, kind)
    assert f"invalid participant '{participant.to_str()}'" in str(refused.value)
    assert f"not {len(participant.players)}" in str(refused.value)
    assert refused.value.status == 422


def test_cli_event_new_refuses_a_pair_of_three_players_and_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    status, out, err = run_cli(
        capsys, "event", "new", "Martes", "--boards", "2", "--pair", "1: Ana, Luis",
        "--pair", "2: Eva, Pablo, Rosa", "--db", db,
    )  # fmt: skip
    assert status != 0
    assert "2: Eva, Pablo, Rosa" in err
    assert "a pair is two players, not 3" in err
    assert "Traceback" not in out + err
    opened = open_store(db)
    try:
        assert opened.events() == []
    finally:
        opened.close()


def test_store_create_event_refuses_a_team_of_seven(store: Store) -> None:
    teams = [Participant.from_str("A: 1, 2, 3, 4"), Participant.from_str("B: 1, 2, 3, 4, 5, 6, 7")]
    with pytest.raises(InvalidParticipantError, match="a team has at most six players, not 7"):
        store.create_event(EventSpec("Cup", boards=8, kind="teams"), teams)
    assert store.events() == []


def test_law_4_an_import_keeps_the_files_players_as_listed(store: Store) -> None:
    teams = [Participant.from_str("A: 1, 2, 3, 4"), Participant.from_str("B: 1, 2, 3, 4, 5, 6, 7")]
    event = store.import_event(EventSpec("Cup", boards=8, kind="teams"), teams, [], "cup.xml")
    assert [p.names for p in store.participants(event)] == ["1, 2, 3, 4", "1, 2, 3, 4, 5, 6, 7"]


def test_api_set_players_refuses_three_players_for_a_pair(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = store.create_event(EventSpec("Club", boards=14), movement=howell(4, 2))
    answer = client.put(
        f"/api/events/{event}/participants/3",
        json={"players": "Ana, Luis, Eva"},
        headers={"X-CSRF-Token": csrf},
    )
    assert answer.status_code == 422
    assert "a pair is two players, not 3" in answer.text
    assert [p.names for p in store.participants(event) if p.number == "3"] == [""]
    named = client.put(
        f"/api/events/{event}/participants/3",
        json={"players": "Ana, Luis"},
        headers={"X-CSRF-Token": csrf},
    )
    assert named.status_code == 200
