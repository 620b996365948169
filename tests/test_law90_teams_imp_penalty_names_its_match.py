"""Law 90 in a teams event of several matches: a penalty in IMPs names the board of its match.

Four teams play a round robin of two rounds, a match a round. Team 1 beats team 4 by 10
IMPs in round 1 and draws with team 2 in round 2. A penalty in IMPs comes off the
team's margin in the match of the board named: 3 IMPs in round 2 turn its draw into a
3-IMP loss, in round 1 its 10-IMP win into a 7-IMP one. Without the board the desk, the
API and the command line refuse it, naming the field or the option, and store nothing:
the IMPs are never taken from a match picked for them.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitro.scoring.vp import victory_points
from arbitro.store import Store
from arbitro.tournament.entry import Entry
from arbitro.tournament.event import EventSpec, Participant
from arbitro.tournament.movements import round_robin, two_rooms
from arbitro.tournament.penalties import PenaltyBoardMissingError
from arbitro.tournament.records import PenaltyKind, PenaltyRecord
from cli_support import run_cli

pytest_plugins = ("web_director",)  # ana's store and her signed-in client

WIN = 10
"""Team 1's IMPs against team 4 in round 1 (board 1: 3NT made at one table, down at the other)."""


def league(store: Store) -> int:
    """The round robin, both rounds played: 1 beats 4 by 10 IMPs, then draws with 2."""
    movement = two_rooms(round_robin(4, 2, rounds=2))
    event = store.create_event(
        EventSpec("Liga", boards=movement.boards, kind="teams"),
        [Participant(str(team)) for team in range(1, 5)],
        movement=movement,
    )
    for round_ in (1, 2):
        store.open_round(event, round_)
        for seating in movement.seatings(round_):
            for board in seating.boards:
                # Only team 4, at table 2 North-South, goes down on board 1.
                down = board == 1 and seating.ns == "4"
                store.enter_result(event, board, seating.table, Entry.from_str(
                    "3NT S 8" if down else "3NT S 9"))  # fmt: skip
    return event


def total(store: Store, event: int, team: str) -> Fraction:
    """``team``'s victory points in the ranking."""
    (standing,) = [s for s in store.ranking(event) if s.participant == team]
    return standing.total


def penalty(board: int | None) -> PenaltyRecord:
    """3 IMPs on team 1 for slow play (Law 90B2), on ``board``."""
    return PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90B2", "slow", board)


def test_law90_a_teams_imp_penalty_comes_off_the_match_of_the_board_named(store: Store) -> None:
    event = league(store)
    played = victory_points(WIN, 2)[0] + victory_points(0, 2)[0]
    assert total(store, event, "1") == played
    given = store.add_penalty(event, penalty(board=3))  # round 2's board: the draw
    assert total(store, event, "1") == victory_points(WIN, 2)[0] + victory_points(-3, 2)[0]
    store.change_penalty(event, given, penalty(board=1), "it was in round 1")
    assert total(store, event, "1") == victory_points(WIN - 3, 2)[0] + victory_points(0, 2)[0]
    # The opponents keep their victory points either way.
    assert total(store, event, "2") == victory_points(0, 2)[0] * 2


def test_law90_a_teams_imp_penalty_without_its_board_is_refused_by_the_store(
    store: Store,
) -> None:
    event = league(store)
    with pytest.raises(PenaltyBoardMissingError, match="needs the board it was given on"):
        store.add_penalty(event, penalty(board=None))
    assert store.penalties(event) == []
    # A penalty in victory points comes off the total: it needs no board.
    store.add_penalty(
        event, PenaltyRecord("1", PenaltyKind.PROCEDURAL, Fraction(1), "vp", "90B2", "slow")
    )
    assert len(store.penalties(event)) == 1


def test_law90_a_teams_event_of_one_match_takes_an_imp_penalty_without_its_board(
    store: Store,
) -> None:
    event = store.create_event(
        EventSpec("Encuentro", boards=2, kind="teams"), [Participant("A"), Participant("B")]
    )
    store.add_penalty(
        event, PenaltyRecord("A", PenaltyKind.PROCEDURAL, Fraction(3), "imps", "90", "")
    )
    assert len(store.penalties(event)) == 1


def test_law90_the_desk_refuses_a_teams_imp_penalty_without_its_board_naming_the_field(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = league(store)
    page = client.get(f"/director/events/{event}?view=rulings&lang=en").text
    form = page.split('id="penalty-form"')[1].split("</form>")[0]
    assert 'name="board"' in form
    assert "the IMPs come off the match of that board" in form
    typed = {
        "csrf_token": csrf, "participant": "1", "amount": "3", "unit": "imps",
        "law": "90B2", "reason": "slow play",
    }  # fmt: skip
    answer = client.post(f"/director/events/{event}/penalties?lang=en", data=typed)
    assert store.penalties(event) == []
    flash = re.search(r'class="flash"[^>]*>([^<]*)<', answer.text)
    assert flash is not None
    assert "“Board”: team 1&#39;s penalty in IMPs needs the board" in flash.group(1)
    kept = answer.text.split('id="penalty-form"')[1].split("</form>")[0]
    assert 'value="slow play"' in kept
    assert 'value="90B2"' in kept
    client.post(f"/director/events/{event}/penalties", data=typed | {"board": "x"})
    assert store.penalties(event) == []
    client.post(f"/director/events/{event}/penalties", data=typed | {"board": "3"})
    (stored,) = store.penalties(event)
    assert stored.record.board == 3
    shown = client.get(f"/director/events/{event}?view=rulings&lang=en").text
    assert f'id="penalty-{stored.id}"' in shown
    assert "Board 3" in shown.split(f'id="penalty-{stored.id}"')[1].split("</p>")[0]


def test_law90_the_api_refuses_a_teams_imp_penalty_without_its_board(
    director: tuple[TestClient, str], store: Store
) -> None:
    client, csrf = director
    event = league(store)
    given = {"participant": "1", "amount": "3", "unit": "imps", "law": "90B2"}
    answer = client.post(
        f"/api/events/{event}/penalties", json=given, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 422
    assert "needs the board it was given on" in answer.json()["detail"]
    assert store.penalties(event) == []
    answer = client.post(
        f"/api/events/{event}/penalties", json=given | {"board": 3}, headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 201, answer.text


def test_law90_the_command_line_refuses_a_teams_imp_penalty_without_board_naming_the_option(
    capsys: pytest.CaptureFixture[str], store: Store, tmp_path: Path
) -> None:
    event = league(store)
    db = str(tmp_path / "arbitro.sqlite3")
    code, _, err = run_cli(
        capsys, "event", "penalty", str(event), "1", "3IMP", "--reason", "slow", "--db", db
    )
    assert code != 0
    assert "--board: team 1's penalty in IMPs needs the board it was given on" in err
    assert store.penalties(event) == []
    code, _, err = run_cli(capsys, "event", "penalty", str(event), "1", "3IMP", "--reason",
                           "slow", "--board", "3", "--db", db)  # fmt: skip
    assert (code, err) == (0, "")
    assert total(store, event, "1") == victory_points(WIN, 2)[0] + victory_points(-3, 2)[0]
