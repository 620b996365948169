"""A teams event stored with its round robin: each match at two tables (Laws 8, 78B).

``arbitro event new --kind teams --movement round-robin`` and the desk's form store the
Berger round robin at the tables the players sit at: match ``m`` at tables ``2m - 1``
(the home team North-South) and ``2m``. A pairs movement stays refused for teams, and a
round robin for pairs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.store import Store, open_store
from arbitro.tournament.movements import (
    check,
    guide_card,
    matches,
    movement_from_data,
    movement_to_data,
    round_robin,
    table_card,
    two_rooms,
)
from cli_support import run_cli

pytest_plugins = ("web_director",)  # ana's store and her signed-in client


def test_law8_cli_stores_a_teams_round_robin_with_each_match_at_two_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "liga.sqlite3")
    code, out, err = run_cli(
        capsys,
        "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin",
        "--tables", "5", "--boards-per-round", "4", "--db", db,
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert out.strip() == "Event 1 created: Liga, 20 boards, 5 participants"
    store = open_store(db)
    try:
        movement = store.movement(1)
        assert movement is not None
        assert (movement.kind, movement.rooms, movement.tables) == ("round-robin", 2, 4)
        assert movement.participants == ("1", "2", "3", "4", "5")
        assert matches(movement) == round_robin(5, 4)
        assert check(movement) == []
        # Round 1: team 1 has the bye; match 1 is 2 (home) v 5 at tables 1 and 2.
        assert [(s.table, s.ns, s.ew) for s in movement.seatings(1)] == [
            (1, "2", "5"), (2, "5", "2"), (3, "3", "4"), (4, "4", "3"),
        ]  # fmt: skip
        assert movement.sitting_out(1) == ("1",)
    finally:
        store.close()


def test_law8_cli_plays_the_first_rounds_of_a_round_robin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_cli(
        capsys,
        "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin",
        "--tables", "6", "--boards-per-round", "8", "--rounds", "2",
        "--db", str(tmp_path / "liga.sqlite3"),
    )  # fmt: skip
    assert (code, out.strip()) == (0, "Event 1 created: Liga, 16 boards, 6 participants")
    code, _, err = run_cli(
        capsys,
        "event", "new", "Liga", "--kind", "teams", "--movement", "round-robin",
        "--tables", "6", "--rounds", "6", "--db", str(tmp_path / "liga.sqlite3"),
    )  # fmt: skip
    assert code == 2
    assert "expected 1 to 5 rounds, not 6" in err


@pytest.mark.parametrize(
    ("kind", "movement", "message"),
    [
        ("teams", "mitchell", "not with a pairs movement (mitchell); create it with --movement round-robin"),
        ("teams", "howell", "not with a pairs movement (howell)"),
        ("pairs", "round-robin", "a round robin is a movement of teams"),
    ],
)  # fmt: skip
def test_law78b_a_movement_of_the_other_kind_of_event_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, movement: str, message: str
) -> None:
    db = str(tmp_path / "club.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "new", "Club", "--kind", kind, "--movement", movement,
        "--tables", "4", "--db", db, "--lang", "en",
    )  # fmt: skip
    assert code != 0
    assert message in err
    assert "Law" not in err
    _, out, _ = run_cli(capsys, "event", "list", "--db", db)
    assert "Club" not in out


def test_law8_the_closed_room_of_a_match_must_seat_its_teams_the_other_way_round() -> None:
    rooms = two_rooms(round_robin(4, 2))
    broken = movement_from_data(
        movement_to_data(rooms)
        | {
            "rounds": [
                {"round": 1, "tables": [
                    {"table": 1, "ns": "1", "ew": "4", "board_set": 1, "boards": [1, 2]},
                    {"table": 2, "ns": "1", "ew": "4", "board_set": 1, "boards": [1, 2]},
                ]},
            ],
        }
    )  # fmt: skip
    assert broken.rooms == 2
    codes = [problem.code for problem in check(broken)]
    assert "rooms" in codes
    assert movement_from_data(movement_to_data(rooms)) == rooms


def test_law8a_a_teams_guide_card_gives_both_tables_and_a_table_card_its_match() -> None:
    rooms = two_rooms(round_robin(4, 8))
    card = guide_card(rooms, "1")
    assert re.search(r"^1\s+1\s+N-S\s+4\s+1-8$", card, re.M)
    assert re.search(r"^1\s+2\s+E-W\s+4\s+1-8$", card, re.M)
    table = table_card(rooms, 4)
    assert "Tables 3 and 4 play match 2: the home team sits North-South at table 3" in table
    assert "North hands the boards to the director" in table


def test_law8_the_desk_creates_a_teams_round_robin_and_prints_its_match_on_the_cards(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    answer = client.post(
        "/director/events?lang=es",
        data={
            "csrf_token": csrf,
            "name": "Liga",
            "kind": "teams",
            "movement": "round-robin",
            "tables": "4",
            "boards_per_round": "12",
            "method": "vp",
            "profile": "aeb",
            "correction_minutes": "30",
            "appeal_minutes": "30",
        },
    )
    assert answer.status_code == 200, answer.text
    [info] = store.events()
    assert (info.spec.kind, info.movement, info.tables, info.spec.boards) == (
        "teams", "round-robin", 4, 36,
    )  # fmt: skip
    cards = client.get(f"/director/events/{info.id}/cards?lang=es").text
    assert "Las mesas 3 y 4 juegan el encuentro 2" in cards
    assert "Norte entrega los estuches al árbitro" in cards
    refused = client.post(
        "/director/events?lang=en",
        data={"csrf_token": csrf, "name": "Parejas", "kind": "pairs", "movement": "round-robin",
              "tables": "4", "boards_per_round": "2"},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "a round robin is a movement of teams" in refused.text
